#!/usr/bin/env python3
"""Record what Heat 27's service-free custom constraints say about many values.

Runs the real constraint classes of ``heat/engine/constraint/common_constraints.py``
(the oracle's venv) the way ``CustomConstraint`` does: a fresh instance per value,
``validate(value, None)``, and on ``False`` the text of
``BaseCustomConstraint.error(value)``. An exception escaping ``validate`` is
recorded as ``raises`` (its class and ``str()``). Output (one object per line
inside a JSON list) goes to ``core/tests/data/custom_constraints.json``:

    {"name": ..., "value": ..., "valid": bool, "message": str|null, "raises": null|[cls, str]}

Floats that JSON cannot carry are written as ``{"$float": "nan"|"inf"|"-inf"}``.
Python's set order (one croniter message prints a set) needs PYTHONHASHSEED=0,
the oracle's setting; the script re-executes itself with it.

    PY="$(../shared/oracle/setup.sh)"
    "$PY" tools/gen_constraint_vectors.py
"""
import json
import math
import os
import random
import sys
import warnings

if os.environ.get("PYTHONHASHSEED") != "0":
    os.environ["PYTHONHASHSEED"] = "0"
    os.execv(sys.executable, [sys.executable] + sys.argv)

warnings.simplefilter("ignore")

import zoneinfo  # noqa: E402

from heat.engine.constraint import common_constraints as cc  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "core", "tests", "data", "custom_constraints.json")

CLASSES = {
    "ip_addr": cc.IPConstraint,
    "mac_addr": cc.MACConstraint,
    "net_cidr": cc.CIDRConstraint,
    "ip_or_cidr": cc.IPCIDRConstraint,
    "dns_name": cc.DNSNameConstraint,
    "rel_dns_name": cc.RelativeDNSNameConstraint,
    "dns_domain": cc.DNSDomainConstraint,
    "iso_8601": cc.ISO8601Constraint,
    "cron_expression": cc.CRONExpressionConstraint,
    "timezone": cc.TimezoneConstraint,
    "json_string": cc.JsonStringConstraint,
}

NON_STRINGS = [
    None, True, False, 0, 1, 5, -1, 10, 127, 128, 191, 223, 239, 240, 255, 256, 300,
    167772160, 2**40, -(2**40), 1.5, 0.0, -0.5, 10.7, 300.0, float("nan"), float("inf"),
    float("-inf"), [], ["a"], ["/"], ["1.2.3.4"], [1, 2], {}, {"a": 1}, {"/": 1},
]

rng = random.Random(20240527)


def fuzz(alphabet, n, maxlen, minlen=0):
    return ["".join(rng.choice(alphabet) for _ in range(rng.randint(minlen, maxlen))) for _ in range(n)]


# --- IP addresses and CIDRs -------------------------------------------------
IPS = [
    "1.2.3.4", "0.0.0.0", "255.255.255.255", "256.1.1.1", "10.0.0.300", "1.2.3", "1.2", "1",
    "1.2.3.4.5", "01.2.3.4", "1.02.3.4", "001.002.003.004", "0.0.0.00", "00.0.0.0", "0x1.2.3.4",
    "1.2.3.4 ", " 1.2.3.4", "1.2.3.4\n", "1.2.3.4\t", "1.2.3.4\xa0", "1.2.3.-4", "-1.2.3.4",
    "-0.1.2.3", "+1.2.3.4", "1.+2.3.4", "1_0.0.0.1", "1__0.0.0.1", "_1.2.3.4", "1_.2.3.4",
    "\u0661.\u0662.\u0663.\u0664", "\uff11.\uff12.\uff13.\uff14", "1.2.3.\u0664", "1.2.3.4\u0664",
    "1.2.3.4/24", "1.2.3.4/32", "1.2.3.0/24", "1.2.3.4/33", "1.2.3.4/0", "1.2.3.4/-1",
    "1.2.3.4/+24", "1.2.3.4/024", "1.2.3.4/2_4", "1.2.3.4/\u0662\u0664", "1.2.3.4/255.255.255.0",
    "1.2.3.4/0.0.0.255", "1.2.3.4/255.0.255.0", "1.2.3.4/255.255.255.255", "1.2.3.4/0.0.0.0",
    "1.2.3.4/255.255.255.254", "1.2.3.4/0.0.0.1", "1.2.3.4/255.255.255.00", "1.2.3.4/",
    "/24", "/", "1.2.3.4/24/1", "1.2.3.4//24", "1.2.3.4/24/255.0.0.0", "10/8", "10", "10/33",
    "10/32", "10/0", "192.168", "192.168/16", "192.168.1", "192.168.1/24", "128", "224", "240",
    "255", "256", "300.1", "300", "300/8", "10.1/8", "10.1.2/24", "1.2.3.4.5/8", "10/ 8",
    "10/08", "10/8 ", "10 /8", " 10/8", "10/x", "a/8", "0", "00", "-1", "-1/8", "10/-1", "10/+8",
    "10/8_0", "1_0/8", "1_0", "+10", " 10", "10 ", "\u0661\u0660", "\u0661\u0660/8",
    "10/\u0668", "999999999999999999999", "99999999999999999999/8", "1" * 5000,
    "0" * 4000, "0" * 5000, "10/" + "0" * 5000 + "8",
    "::", "::1", "::/0", "::/128", "::/129", "::1/64", "::/-0", "::/+64", "fe80::1",
    "fe80::1%eth0", "FE80::1", "2001:db8::", "2001:db8::/32", "2001:db8::1/32",
    "2001:db8:0:0:0:0:0:1", "2001:0db8:0000::1", "2001:db8::0001", "2001:db8::00001",
    "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7", "1::2:3:4:5:6:7",
    "1:2:3:4:5:6:7::", "::1:2:3:4:5:6:7", "1:2:3:4:5:6:7:8::", "::1:2:3:4:5:6:7:8",
    "1:2:3:4::5:6:7:8", ":1", "1:", "1::2::3", ":::", "1:::2", "::1:", ":1::", "12345::",
    "::ffff:1.2.3.4", "::ffff:01.2.3.4", "::1.2.3.4", "::ffff:1.2.3", "::ffff:1.2.3.4.5",
    "1.2.3.4::", "::ffff:256.1.1.1", "1:2:3:4:5:6:1.2.3.4", "1:2:3:4:5:6:7:1.2.3.4",
    "1:2:3:4:5:1.2.3.4", "1:2:3:4:5::1.2.3.4", "::1.2.3.4:5", "::a.2.3.4", "::1234.2.3.4",
    "::1.2.3.4/96", "::ffff:1.2.3.4/96", "g::1", "::g", "2001:db8::/64", "2001:db8::/ffff:ffff::",
    "2001:db8::/::ffff", "2001:db8::/ffff::ffff", "2001:db8::/+64", "2001:db8::/6_4",
    "2001:db8::/\u0666\u0664", "::/ 64", "::/64 ", "::/64/1", "::/1.2.3.4", "1.2.3.4/::",
    "1.2.3.4\x00", "1.2.3.4/\x00", "1.2.3.4/8\x00", "::1\x00", "::/\x00", "\x00", "",
    " ", "abc", "1.2.3.4/24 ", "10.0.0.0/8", "172.16.0.0/12", "1.2.3.4/8", "0.0.0.0/0",
    "10.0.0.0/8/8", "0/0", "10/0.0.0.255", "10/255.0.0.0", "10.0.0.0/255.0.0.0",
    "10.0.0.0/0.255.255.255", "1.2.3.4/1/2", "::/1/2", "1.2.3/1/2", "x/1/2", "10/1/2",
    "0xa.0.0.0", "1e1.0.0.0", "1.2.3.4.", ".1.2.3.4", "1..2.3", "1.2.3.4:80", "[::1]",
    "[::1]/64", "::FFFF:1.2.3.4", "0:0:0:0:0:ffff:102:304", "::ffff:0102:0304",
    "1.2.3.256/24", "10.0.0.1/24", "10.0.0.1/31", "0.0.0.0/33",
]
IPS += fuzz("0123456789.:/", 150, 16)
IPS += fuzz("0123456789abcdef:./-x _+", 100, 20)
IPS += [".".join(rng.choice(["0", "1", "01", "255", "256", "-0", "+1", "1_0", "00", "", "a", "300", "\u0661"])
                 for _ in range(rng.choice([3, 4, 4, 4, 5])))
        + rng.choice(["", "", "/8", "/24", "/33", "/255.255.0.0", "/0.0.255.255", "/x", "/ 8", "/08"])
        for _ in range(120)]

# --- MAC addresses ------------------------------------------------------------
MACS = [
    "00:11:22:33:44:55", "00-11-22-33-44-55", "0:1:2:3:4:5", "00:11:22:33:44",
    "00:11:22:33:44:55:66", "00:11:22:33:44:55:66:77", "001122334455", "00112233445",
    "0011223344556", "0011223344", "0011.2233.4455", "0011:2233:4455", "0011-2233-4455",
    "001122-334455", "001122:334455", "00112-33445", "0011223-344556", "0011.2233",
    "00:11-22:33:44:55", "00-11:22-33-44-55", "0011:2233-4455", "aa:bb:cc:dd:ee:ff",
    "AA:BB:CC:DD:EE:FF", "Aa:bB:cC:Dd:eE:Ff", "gg:11:22:33:44:55", "00:11:22:33:44:55\n",
    "00:11:22:33:44:55\n\n", "\n00:11:22:33:44:55", " 00:11:22:33:44:55", "00:11:22:33:44:55 ",
    "00:11:22:33:44:555", "000:11:22:33:44:55", "00:11:22:33:44:55:", ":00:11:22:33:44:55",
    "00.11.22.33.44.55", "0.1.2", "1.2.3", "fff.fff.fff", "ffff.ffff.fffff", "ffff.ffff.ffff",
    "001122334455\n", "00112233445\n", "0011.2233.4455\n", "00-11-22-33-44-5g",
    "\uff10\uff10:11:22:33:44:55", "00:11:22:33:44:\u0665\u0665", "00::22:33:44:55", "::::::", "",
    "0-1-2-3-4-5", "abcdef", "abcdefabcdef", "ABCDEFABCDEF", "abcdefabcde", "abcdefabcd",
    "abcde:abcde", "abcde-abcde", "abcd-abcde", "abcdef-abcdefa", "00:11:22:33:44:55\r",
    "00_11_22_33_44_55", "00 11 22 33 44 55", "0x00:11:22:33:44:55", "1:2:3", "1-2-3", "1.2.3\n",
]
MACS += fuzz("0123456789abcdefABCDEFg:-.", 200, 18)
MACS += [rng.choice([":", "-"]).join(rng.choice(["0", "00", "a", "ff", "fff", "g", ""]) for _ in range(rng.choice([5, 6, 6, 7])))
         for _ in range(60)]

# --- DNS names ------------------------------------------------------------------
DNS = [
    "example.com", "example.com.", "a", "a.", ".", "..", "a..b", ".a", "a.b.", "-a.com", "a-.com",
    "a-b.com", "Example.com", "EXAMPLE.COM.", "ex_ample.com", "_srv.example.com", "a" * 63 + ".com",
    "a" * 64 + ".com", "a" * 63, "a" * 64, "a" * 63 + ".", "123.com", "com.123", "com.123.",
    "123.", "123", "a.123.", "a.b1.", "a.1b.", "a.0.", "0.0", "0.0.", "foo\n.com", "foo.com\n",
    "foo\n", "foo-\n.com", "foo.\n", "\u00e9.com", "xn--bcher-kva.com", "a b.com", "*.example.com",
    "a.b.c.d.e.", "1.2.3.4", "1.2.3.4.", "", " ", "  ", "foo.bar.", "-", "a-", "-.", "a.-",
    "a.b-.", "a.-b.", "foo..", "foo.bar..", "\t", "a\tb", "ab-cd-ef.gh-ij.", "a--b.c",
    "foo.com.\n", "foo.1\n.", "foo.12\n.", "\n", "a\n", "a\n\n",
]
for total in (250, 251, 252, 253, 254, 255, 256, 257):
    labels = []
    remaining = total
    while remaining > 0:
        take = min(63, remaining)
        labels.append("b" * take)
        remaining -= take + 1
    name = ".".join(labels)[:total]
    name = name.rstrip(".")
    DNS += [name, name + ".", name[:-1] + "-" if len(name) > 1 else name]
DNS += ["c" * 252 + ".", "c" * 253, "c" * 255, "c" * 255 + ".", "c" * 256 + "."]
DNS += [".".join(["d" * 63] * 4), ".".join(["d" * 63] * 4) + "."]
DNS += fuzz("abc019-._A\n", 200, 14)

# --- ISO 8601 -------------------------------------------------------------------
ISO = [
    "2012-02-14T20:53:07", "2012-02-14T20:53:07Z", "2012-02-14T20:53:07+05:30",
    "2012-02-14T20:53:07-05:30", "2012-02-14T20:53:07+0530", "2012-02-14T20:53:07+05",
    "2012-02-14T20:53:07+5", "2012-02-14T20:53:07+05:3", "2012", "2012-02", "201202",
    "20120214", "2012-02-14", "2012-2-4", "2012-02-14 20:53", "2012-02-14T20", "2012-02-14T2053",
    "2012-02-14T205307", "2012-02-14T20:53:07.123", "2012-02-14T20:53:07,123",
    "2012-02-14T20:53:07.", "2012-02-14T20:53:07.1234567890123", "2012-02-30", "2012-02-29",
    "2011-02-29", "2000-02-29", "1900-02-29", "0000-01-01", "0001-01-01",
    "9999-12-31T23:59:59", "2012-13-01", "2012-00-01", "2012-01-00", "2012-01-32",
    "2012-04-31", "2012-01-01T24:00", "2012-01-01T25", "2012-01-01T23:60",
    "2012-01-01T23:59:60", "2012-01-01T23:59:59.9999999", "2012-01-01T00:00+24:00",
    "2012-01-01T00:00+23:59", "2012-01-01T00:00+23:60", "2012-01-01T00:00+12:99",
    "2012-01-01T00:00-23:99", "2012-01-01T00:00-24:00", "2012-01-01T00:00+00:00",
    "2012-01-01T00:00-00:00", "2012-01-01T10:00:00+", "2012-01-01T10:00:00z",
    "2012-01-01t10:00", "2012-01-01T10:00:00 Z", "2012-01-01T10:00:00\n", "2012-01-01\n",
    "2012\n", "2012\n\n", " 2012", "12-01-01", "20120101T1000", "2012-01-01T10:00:00.5Z",
    "2012-0101", "201201-01", "2012-01-01T10:00:00+05:30\n", "2012-1-1", "2012-01-1T1",
    "\uff12\uff10\uff11\uff12", "2012-01-01T10", "2012-01-01T1", "2012-01-01T10:0",
    "2012-01-01T10:00:0", "2012-01-01T10:00:00,5", "2012-01-01T10:00:00Z+01:00",
    "2012-01-01T10:00Z", "2012-01-01T10Z", "2012-01-01T10+01", "2012-01-01 10:00:00",
    "2012-01-01  10:00", "2012-01-01T", "2012-01-01T:00", "2012-01-01T10::00",
    "2012-01-01T1000:00", "2012-01-01T10:0000", "2012-01-01T10:00:001", "2012-01-01T10:00:1",
    "2012-01-01T10:00:1.5", "20121", "2012123", "201212", "2012-12-", "2012-", "2012--01",
    "-2012", "+2012", "12012-01-01", "2012-001", "2012-W01", "2012-01-01T10:00:00.000000001",
    "", "now", "2012-02-29T12:00:00-0000", "2004-02-29T23:59:59.999999+14:00",
    "2012-01-01T10:00:00." + "9" * 28 + "5", "2012-01-01T10:00:00." + "9" * 28 + "4",
    "2012-01-01T10:00:00." + "9" * 27 + "5", "2012-01-01T10:00:00." + "9" * 40,
    "2012-01-01T10:00:00." + "9" * 28 + "5Z", "2012-01-01T10:00:00." + "0" * 3000 + "1",
    "2012-01-01T10:00:00." + "9" * 28 + "50000", "2012-01-01T10:00:00.0" + "9" * 28,
]
ISO += fuzz("0123456789-:T+Z., ", 200, 24, 4)
ISO += ["%04d-%02d-%02dT%02d:%02d:%02d%s" % (
    rng.choice([0, 1, 1999, 2000, 2100, 2400, 9999]), rng.randint(0, 13), rng.randint(0, 32),
    rng.randint(0, 25), rng.randint(0, 61), rng.randint(0, 61),
    rng.choice(["", "Z", "+01:00", "-23:59", "+24:00", "+1030", "-99"]))
    for _ in range(100)]

# --- cron -------------------------------------------------------------------------
CRON = [
    "* * * * *", "0 0 * * *", "*/5 * * * *", "0-59/15 * * * *", "60 * * * *", "* 24 * * *",
    "* * 0 * *", "* * 32 * *", "* * * 0 *", "* * * 13 *", "* * * * 7", "* * * * 8",
    "* * * * sun", "* * * * SUN", "* * * * mon-fri", "* * * * fri-mon", "* * * jan *",
    "* * * jan-dec *", "* * * dec-jan *", "* * * JAN/3 *", "* * * dec/3 *", "* * * foo *",
    "* * * * foo", "@daily", "@DAILY", "@hourly", "@weekly", "@monthly", "@yearly",
    "@annually", "@midnight", "@reboot", "@daily ", " @daily", "* * * *", "* * * * * *",
    "* * * * * * *", "* * * * * * * *", "", "   ", "*", "* * * * * 60", "* * * * * 59",
    "* * * * * * 1969", "* * * * * * 2100", "* * * * * * 1970-2099", "* * * * * * 2099",
    "* * * * * * */10", "*/0 * * * *", "1-2-3 * * * *", "-1 * * * *", "5-1 * * * *",
    "1-5/2 * * * *", "1/2 * * * *", "59/15 * * * *", "a-b * * * *", "1-b * * * *",
    "* * l * *", "* * L * *", "* * 15w * *", "* * w15 * *", "* * 15W * *", "* * 0w * *",
    "* * 32w * *", "* * 1w,2 * *", "* * 1,2w * *", "* * 1-3,15w * *", "* * 15w,1-3 * *",
    "* * l-5 * *", "* * 1-l * *", "* * 5-l/2 * *", "* * * * 1#2", "* * * * 1#0",
    "* * * * 1#6", "* * * * 1#5", "* * * * mon#2", "* * * * mon-fri#2", "* * * * l5",
    "* * * * L5", "* * * * 5l", "* * * * 1#2,3", "* * * * 1#2,l1,3", "* * * * 1#2,1#3",
    "* * * * 1#2,1#3,4", "* * * * 2#1,l3,4,5", "* * * * foo#2", "* * * * jan#2",
    "* * * * 8#2", "* * * * 7#2", "* * * * 1#2,2#2,3#1", "* * * * 0-6#2", "* * * * 0-6#2,1",
    "* * * * l7", "* * * * l8", "* * * * l", "* * * * 1-l", "? * * * *", "* * ? * *",
    "* * * * ?", "* * ?1 * *", "* ? * * *", "h * * * *", "H * * * *", "H/5 * * * *",
    "h(0-10) * * * *", "R(0-99) * * * *", "R(10-0) * * * *", "R(5-5) * * * *", "R/0 * * * *",
    "R(0-10)/0 * * * *", "* * * * R(0-8)", "* * R(0-5) * *", "*/5,*/7 * * * *",
    "1,2,3 * * * *", ",1 * * * *", "1, * * * *", "1,,2 * * * *", "** * * * *", "*/ * * * *",
    "*/x * * * *", "/5 * * * *", "5/ * * * *", "1-/5 * * * *", "-5 * * * *", "1- * * * *",
    "0x1 * * * *", "1.5 * * * *", "  0   0  * * *  ", "0\t0 * * *\t*", "0\n0 * * * *",
    "0\xa00 * * * *", "0\u20030 * * * *", "\u0663 * * * *", "* * * * 0-7", "* * * * 7-7",
    "* * * * 5-7", "* * * * sat-sun", "* * * jan-jan *", "* * * * sun-sun", "0 0 31 2 *",
    "99999999999999999999 * * * *", "1-99999999999999999999 * * * *",
    "*/99999999999999999999 * * * *", "1" * 4301 + " * * * *", "1" * 4300 + " * * * *",
    "*/" + "1" * 4301 + " * * * *", "1-" + "2" * 4301 + " * * * *",
    "* * * * 1#" + "1" * 5000, "* * " + "1" * 5000 + "w * *", "0" * 5000 + " * * * *",
    "* * * * 1#" + "0" * 30 + "1", "* * 0" + "0" * 30 + "15w * *", "00 00 01 01 00",
    "0/5 * * * *", "*/5/5 * * * *", "1-5-7/2 * * * *", "1/2/3 * * * *", "a/b * * * *",
    "*-5 * * * *", "5-* * * * *", "*/5-10 * * * *", "* * * 1/2 *", "* * * 0/2 *",
    "* * * 0-3 *", "* * 0-3 * *", "* * * * 0-3/2", "0 0 0 0 0", "* * l,l * *",
    "* * lw * *", "* * wl * *", "* * 31w * *", "* * w0 * *", "* * 5w,l * *",
    "0 12 * * mon-wed,fri", "0 12 * * MON-WED,FRI", "0 12 * JAN,FEB,mar *", "0 12 * * mon,tue",
    "* * * * * * *", "0 0 1 1 * 0 2020", "0 0 1 1 * 0 2020-2030/2", "0 0 1 1 * 0 2020,2100",
    "0 0 1 1 * 0 1969-1970", "0 0 1 1 * 0 2099-1970", "* * * * * */0", "* * * * * 0-60",
    "0 0 29 2 *", "0 0 30 2 *", "0 0 31 4 *", "0 0 * * sun#5", "0 0 * * sat#6",
    "\u0130 * * * *", "\u00c9 * * * *", "* * * \u0130 *",
]
CRON_TOKENS = ["*", "1", "5", "59", "60", "0", "*/5", "*/0", "1-5", "5-1", "jan", "mon", "sun-sat",
               "l", "15w", "1#2", "l3", "?", "a", "1,2", "0-7", "7", "13", "32", "24", "1-5/2",
               "1/2", "-1", "jan-mar", "fri-mon", "dec-jan", "2#6", "l-5", "5-l", "x-y"]
CRON += [" ".join(rng.choice(CRON_TOKENS) for _ in range(rng.choice([4, 5, 5, 5, 6, 7, 8])))
         for _ in range(250)]
CRON += [",".join(rng.choice(CRON_TOKENS) for _ in range(rng.randint(1, 4))) + " * * * *"
         for _ in range(40)]
CRON += ["* * " + ",".join(rng.choice(CRON_TOKENS) for _ in range(rng.randint(1, 4))) + " * *"
         for _ in range(40)]
CRON += ["* * * * " + ",".join(rng.choice(CRON_TOKENS) for _ in range(rng.randint(1, 4)))
         for _ in range(60)]
# Field-aware expressions, to get past the first field (deeper checks, nth mixing).
CRON_FIELD_TOKENS = [
    ["*", "0", "5", "59", "60", "*/5", "*/7", "0-30/15", "10/5", "59/15", "45-15", "5-1", "1-5", "R", "r/10", "r(0-30)"],
    ["*", "0", "12", "23", "24", "*/6", "8-17", "22-2", "9/3", "23/2", "r"],
    ["*", "1", "15", "31", "32", "0", "l", "15w", "w1", "31w", "0w", "1-15", "l-5", "5-l", "25-l/2", "10/3", "31/2",
     "?", "lw", "r(1-31)", "1-31", "0-5"],
    ["*", "1", "12", "13", "0", "jan", "dec", "jan-jun", "nov-feb", "jan/3", "dec/3", "jan-jan", "0-3", "*/2", "r"],
    ["*", "0", "6", "7", "8", "sun", "sat", "mon-fri", "fri-mon", "sat-sun", "sun-sun", "0-7", "5-7", "1#2", "2#5",
     "3#6", "mon#1", "mon-wed#2", "l1", "l5", "l7", "?", "*/2", "1-5/2", "r(0-7)", "0-6#2", "7#1", "foo#2", "l"],
    ["*", "0", "59", "60", "*/15", "30-10", "r"],
    ["*", "1970", "2099", "2100", "1969", "2000-2010", "2099-1970", "*/10", "2050/20", "r"],
]
for _ in range(400):
    fields = [",".join(rng.choice(CRON_FIELD_TOKENS[i]) for _ in range(rng.randint(1, 3)))
              for i in range(rng.choice([5, 5, 5, 6, 7]))]
    if rng.random() < 0.5:
        fields[4] = ",".join(rng.choice(["1#2", "2#3", "l1", "l3", "3", "4", "5#1", "mon#2", "l2", "1-3#2", "*"])
                             for _ in range(rng.randint(1, 4)))
    if rng.random() < 0.5:
        fields[2] = "*"
    CRON.append(" ".join(fields))

# --- time zones -----------------------------------------------------------------
TZS = [
    "UTC", "utc", "Utc", "Europe/Paris", "europe/paris", "EUROPE/PARIS", "Europe/../x",
    "Europe/../Europe/Paris", "", "Foo/Bar", "posix/Europe/Paris", "right/UTC", "posixrules",
    "localtime", "Factory", "zone.tab", "zone1970.tab", "iso3166.tab", "leapseconds",
    "tzdata.zi", "Europe", "America", "America/Argentina", "Europe/", "/etc/localtime", "/UTC",
    "./UTC", ".", "..", "../x", "../", "x\x00", "Europe/x\x00", "America/Argentina/x\x00",
    "Foo/x\x00", "a\x00b/c", "\x00", "Etc/GMT+5", "Etc/GMT-14", "Etc/GMT+13", "EST5EDT",
    "US/Pacific", "US/Pacific-New", "Asia/Kolkata", "Asia/Calcutta", "America/New_York",
    "America/New York", "Europe/Paris ", " Europe/Paris", "Europe/Kiev", "Europe/Kyiv",
    "GMT+0", "GMT-0", "GMT0", "Zulu", "__init__.py", "Europe/__init__.py",
    "Europe//Paris", "a/b/../c", "a/./b", "a/.", "Europe/Paris\n", "O'Brien", 'a"b',
    "a'b\"c", "\u00e9", "Europe/Z\u00fcrich", "a\\b", "Europe\\Paris", "...", ".../x",
    "a..b/c", "Europe.Paris/x", "Europe/Paris/x", "UTC/x", "posix", "right", "posix/Europe",
    "right/Europe/Paris", "posix/posixrules", "SECURITY", "leap-seconds.list", "Asia/Tokyo",
    "Australia/Sydney", "America/Argentina/Buenos_Aires", "America/Indiana/Indianapolis",
    "Antarctica/Troll", "CET", "EST", "HST", "MST", "WET", "ROK", "Navajo", "Cuba",
    "Etc/UTC", "Etc/Zulu", "Etc/Unknown", "Etc", "Etc/", "etc/utc", "zone.tab\n", "+00:00",
    "UTC+1", "GMT", "Z", "z", "1", "0", "\t", " ", "a" * 300, "Europe/" + "a" * 300,
    "a" * 255, "a" * 256, "Europe/" + "a" * 255, "Europe/" + "a" * 256, "Foo/" + "a" * 300,
    "a" * 300 + "/x", "\u00e9" * 127, "\u00e9" * 128, "America/Argentina/" + "b" * 256,
    "Europe/" + "a" * 300 + "\x00", "b/" * 150 + "c", "a" * 5000,
]
TZS += sorted(zoneinfo.available_timezones())[::7]

# --- JSON strings -----------------------------------------------------------------
JSONS = [
    "{}", "[]", "1", "1.5", '"s"', "null", "true", "false", "NaN", "Infinity", "-Infinity",
    "-NaN", "infinity", "{", "[1,]", "{'a':1}", '{"a":1,}', "\ufeff{}", " {} ", "{} x",
    '"\\x"', '"\\ud800"', '"\\ud800\\udc00"', '"a\nb"', '"a\tb"', "01", "-", "-0", "1e5",
    "1E+2", ".5", "5.", "1.e5", "tru", "nul", "[1 2]", '{"a" 1}', '{"a":}', "{1:2}", "\n\n[",
    '"unterminated', "[" * 100 + "]" * 100, "[" * 3000, '{"a":' * 3000, "x", "  ", "\n",
    '{"a":1}{"b":2}', '[1,2,3', '{"a":[1,2,{"b":null}]}', '"\\u00e9"', '"\\u12"', '"\\uXYZW"',
    '[1,2]\n', '\t[1]\t', "[1]\x0b", "\x0c[1]", "[\xa0]", "1 2", "[,]", "[1,,2]", '{"a":1 "b":2}',
    '{,}', '{"a"}', '{"a":1,"a":2}', "[-]", "[--1]", "[+1]", "[0x10]", "[1_000]", "[1e]", "[1e+]",
    "[.1]", "[1.]", "[00]", "[-01]", '"\x01"', '"\x7f"', "'a'", "\"a\"\"b\"", "[true false]",
    "[True]", "[None]", "123456789012345678901234567890", "1e400", "-1e400", '"\\"', '"\\/"',
]
JSONS += fuzz('{}[]":,0123456789aetrulsfnx -.\\\n', 150, 12)

STRINGS = {
    "ip_addr": IPS,
    "ip_or_cidr": IPS,
    "net_cidr": IPS,
    "mac_addr": MACS,
    "dns_name": DNS,
    "rel_dns_name": DNS,
    "dns_domain": DNS,
    "iso_8601": ISO,
    "cron_expression": CRON,
    "timezone": TZS,
    "json_string": JSONS,
}


def enc(value):
    if isinstance(value, float) and not math.isfinite(value):
        return {"$float": "nan" if math.isnan(value) else ("inf" if value > 0 else "-inf")}
    if isinstance(value, list):
        return [enc(v) for v in value]
    if isinstance(value, dict):
        return {k: enc(v) for k, v in value.items()}
    return value


def run(name, value):
    inst = CLASSES[name]()
    try:
        ok = inst.validate(value, None)
    except Exception as ex:  # noqa: BLE001 - escaping exceptions are data
        return {"name": name, "value": enc(value), "valid": False, "message": None,
                "raises": [type(ex).__name__, str(ex)]}
    return {"name": name, "value": enc(value), "valid": bool(ok),
            "message": None if ok else inst.error(value), "raises": None}


def main():
    sys.setrecursionlimit(1000)
    rows = []
    for name in CLASSES:
        seen = set()
        for value in STRINGS[name] + NON_STRINGS:
            key = (type(value).__name__, repr(value))
            if key in seen:
                continue
            seen.add(key)
            rows.append(run(name, value))
    with open(OUT, "w") as f:
        f.write("[\n")
        for i, row in enumerate(rows):
            f.write(json.dumps(row, ensure_ascii=True, allow_nan=False))
            f.write(",\n" if i + 1 < len(rows) else "\n")
        f.write("]\n")
    counts = {}
    for row in rows:
        counts[row["name"]] = counts.get(row["name"], 0) + 1
    print(len(rows), counts, file=sys.stderr)


if __name__ == "__main__":
    main()
