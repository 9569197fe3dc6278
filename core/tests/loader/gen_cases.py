"""Table of loader test inputs; writes cases.json with what Heat's loaders give for each.

    ~/.cache/hotplate-oracle/venv/bin/python core/tests/loader/gen_cases.py

Each case: {"name", "mode": "template"|"environment", "text", "expect": {...}} where
expect is heatload.load_template/load_environment's result (value encoding or error).
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import heatload  # noqa: E402

CASES = []


def case(name, text, mode="template"):
    CASES.append({"name": name, "mode": mode, "text": text})


def both(name, text):
    case(name + "/template", text, "template")
    case(name + "/environment", text, "environment")


# --- §1.2 scalar resolution table (plain scalars as map values) -------------------------
SCALARS = [
    # bools
    "yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false", "False", "FALSE",
    "on", "On", "ON", "off", "Off", "OFF", "y", "Y", "n", "N", "yEs", "tRue", "oN",
    # nulls
    "", "~", "null", "Null", "NULL", "nUll", "none", "None",
    # ints
    "0", "-0", "+0", "12", "+12", "-12", "1_000", "1__0", "012", "0_7", "-012", "08", "09", "0o12",
    "0x1A", "0x1a", "-0x1f", "+0x_1f", "0X1A", "0b101", "-0b1_01", "0B101", "1:30", "1:30:00", "-1:30",
    "+1:30", "1:60", "1:5", "1_0:30", "0:30", "1:030", "9223372036854775807", "-9223372036854775808",
    # floats
    "1.5", ".5", "5.", "-.5", "+.5", "1_000.5", "1.0e+3", "1.0e-3", "1.0E+3", "1e3", "1.0e3", "1E3", "1.e+3",
    ".5e+3", "-1.5", "+1.5", "0.1", "3.14159", "1.", "0.", "-0.0", "._5", "1._", "1_.5",
    ".inf", ".Inf", ".INF", "-.inf", "+.inf", "-.Inf", ".nan", ".NaN", ".NAN", "-.nan", "inf", "nan",
    ".iNf", "190:20:30.15", "-1:30.5", "1:30.", "1:3:0.5", "1e+3", "1.0e+", "123456789012345678901.5",
    "1.7976931348623157e+308", "1.8e+308", "4.9e-324", "0.30000000000000004",
    # timestamps
    "2013-05-23", "2016-10-14", "2013-5-23", "2013-05-3", "2001-12-14t21:59:43.10-05:00",
    "2001-12-14 21:59:43.10 -5", "2001-12-14T21:59:43Z", "2001-12-14 21:59:43.10 Z", "2001-12-14 21:59:43",
    "2001-12-14T21:59:43.1+05:30", "2001-1-1 1:59:43", "2001-13-45", "2001-12-14T21:59",
    # strings and oddities
    "abc", "a b", "<<x", "=x", "-", "--", "- a", "a-b", "1-2", "0x", "0b", "+", ".", "..", "-.", "1:", ":1",
    "1::2", "Yes please", "'quoted'", '"dq"', "a\tb", "é", "日本", "😀",
]
for i, s in enumerate(SCALARS):
    both("scalar-%03d" % i, "v: %s\n" % s)
    # Quoted forms are always strings.
    if s and "'" not in s:
        case("scalar-sq-%03d" % i, "v: '%s'\n" % s)

# --- tags -------------------------------------------------------------------------------
TAGGED = [
    "!!str 123", "!!str yes", "!!str", "!!int 012", "!!int 0o17", "!!int '12'", "!!int \" 12 \"", "!!int abc",
    "!!int 1.5", "!!int ''", "!!int -", "!!int 0x_", "!!float 1", "!!float 1e3", "!!float --1", "!!float inf",
    "!!float abc", "!!float 1:30", "!!bool yEs", "!!bool maybe", "!!bool 'on'", "!!null x", "!!null ''",
    "!!timestamp 2013-05-23", "!!timestamp x", "!!binary aGVsbG8=", "!!set {a, b}", "!!omap [a: 1, b: 2]",
    "!!pairs [a: 1, a: 2]", "!!omap [a: 1, {b: 2, c: 3}]", "!!omap {a: 1}", "!!seq [1]", "!!map {a: 1}",
    "!!seq {a: 1}", "!!map [1]", "!!str [1]", "!!str {a: 1}", "!!str {=: 5}", "!!int {=: 5}", "!foo x",
    "!foo [1]", "!!python/tuple [1, 2]", "!!python/object:os.system x", "!<tag:yaml.org,2002:str> 12",
    "!<tag:x> y", "! 12", "! '12'", "! yes", "! [1]", "! {a: 1}", "!!merge x", "!!value x", "!!str &a 12",
    "&a !!str 12", "!!int", "!!null", "!!bool", "!!seq", "!!map", "!!float",
]
for i, s in enumerate(TAGGED):
    both("tag-%03d" % i, "v: %s\n" % s)
case("tag-directive", "%TAG !e! tag:example.com,2000:\n---\nv: !e!foo x\n")
case("tag-directive-str", "%TAG !e! tag:yaml.org,2002:\n---\nv: !e!str 12\n")
case("tag-undeclared-handle", "v: !e!foo x\n")
case("tag-root-str", "!!str a")
case("tag-root-map", "!!map\na: 1\n")

# --- special keys/values ----------------------------------------------------------------
both("value-eq", "a: =\n")
both("value-eq-key", "=: 1\n")
both("value-eq-quoted", "a: '='\n")
both("value-eq-list", "- =\n")
both("value-eq-root", "=")
both("merge-as-value", "a: <<\n")
both("merge-as-item", "- <<\n")
both("merge-root", "<<")

# --- merge keys -------------------------------------------------------------------------
MERGES = [
    "base: &b {x: 1, y: 2}\nd:\n  <<: *b\n  y: 3\n",
    "d:\n  <<: [{x: 1}, {x: 2, z: 3}]\n",
    "d:\n  a: 0\n  <<: [{x: 1, a: 9}, {x: 2, z: 3}]\n  z: 4\n",
    "d: {<<: {a: 1}, <<: {b: 2}}\n",
    "d: {<<: {a: 1, b: 2}, a: 3, <<: {b: 4, c: 5}}\n",
    "d:\n  <<: {a: {<<: {x: 1}, y: 2}}\n",
    "d:\n  <<: 1\n",
    "d:\n  <<: [1]\n",
    "d:\n  <<: [[{a: 1}]]\n",
    "d:\n  <<: ~\n",
    "d:\n  <<: []\n",
    "d:\n  <<: {}\n",
    "d:\n  '<<': {a: 1}\n",
    "d:\n  !!merge x: {a: 1}\n",
    "a: &a {x: 1}\nb: &b {<<: *a, y: 2}\nc: {<<: [*b, *a], z: 3}\n",
    "d:\n  <<: {a: 1, a: 2}\n  b: 3\n",
    "d:\n  b: 1\n  <<: {b: 2, c: 3}\n",
    "d:\n  <<: {1: a, true: b}\n  1.0: c\n",
    "<<: {a: 1}\nb: 2\n",
    "d:\n  <<: {a: 1}\n  <<: {a: 2}\n",
    "d: {<<: [{a: 1}, {a: 2}, {a: 3, b: 4}], <<: {b: 5, c: 6}}\n",
]
for i, s in enumerate(MERGES):
    both("merge-%02d" % i, s)

# --- duplicates and key types -----------------------------------------------------------
DUPS = [
    "a: 1\na: 2\n", "a: 1\nb: 2\na: 3\n", "1: a\ntrue: b\n1.0: c\n", "0: a\nfalse: b\n", "~: a\nnull: b\n",
    "a: 1\n'a': 2\n", "yes: 1\n'yes': 2\n", ".nan: 1\n.nan: 2\n", "1: a\n'1': b\n", "{a: 1, a: 2, b: 3}",
    "? [a, b]\n: 1\n", "? {a: 1}\n: 1\n", "[a, b]: 1\n", "{[a]: 1}", "? a\n: 1\n", "? a\n", "{a, b: 2, c}",
    "[a: 1, b]", "2013-05-23: x\n", "1.5: a\n", "-: a\n", "? |\n  block key\n: v\n",
]
for i, s in enumerate(DUPS):
    both("keys-%02d" % i, s)

# --- aliases and anchors -----------------------------------------------------------------
ALIASES = [
    "a: &x 1\nb: *x\n", "a: &x [1, 2]\nb: *x\nc: *x\n", "a: *x\n", "a: &x 1\nb: &x 2\nc: *x\n",
    "a: &x [*x]\n", "&a [*a]", "a: &x.y 1\n", "a: &x 1\nb: *x.y\n", "a: &x\n  b: 1\nc: *x\n",
    "a: &x !!str 1\nb: *x\n", "a: !!str &x 1\nb: *x\n", "a: &x <<\nb: *x\n", "a: &x\nb: *x\n",
    "a: &1 one\nb: *1\n", "a: &a-b_c d\nb: *a-b_c\n", "[&a x, *a, &b y, *b]", "a: &x {b: 1}\n*x : 2\n",
    "a: &é 1\n", "a: & 1\n", "a: &x[1]\n", "a: &x {k: &y v}\nb: *y\n",
    "a: &x 1\n---\nb: *x\n",
]
for i, s in enumerate(ALIASES):
    both("alias-%02d" % i, s)

# --- syntax errors and whitespace ---------------------------------------------------------
SYNTAX = [
    "\ta: 1\n", "a:\tb\n", "a: b\tc\n", "a:\n\t- b\n", "a:\n  b: 1\n\tc: 2\n", "a: [1,\t2]\n", "a: 'x\ty'\n",
    "a: b: c\n", "a: 'unclosed\n", 'a: "unclosed\n', "a: [1, 2\n", "a: {b: 1\n", "a: ]\n", "a: }\n",
    "- a\nb: c\n", "a: 1\n b: 2\n", "a:\n  b: 1\n c: 2\n", "a: 1\n- b\n", "a: @x\n", "a: `x\n", "a: %x\n",
    "a: |\n  x\n y\n", "key: value # comment\n", "key: value#notcomment\n", "# only comment\n", "", "---\n",
    "--- \n...\n", "...\n", "---\n---\n", "a: 1\n---\nb: 2\n", "a: 1\n...\n---\nb: 2\n", "a: 1\n...\n",
    "--- a\n", "--- |\n  block\n", "%YAML 1.1\n--- a: 1\n", "%YAML 1.2\n---\na: 1\n", "%YAML 1.3\n---\na: 1\n",
    "%YAML 2.0\n---\na: 1\n", "%FOO bar\n---\na: 1\n", "%YAML 1.1\na: 1\n", "a: 1\r\nb: 2\r\n", "a: 1\rb: 2\r",
    "\ufeffa: 1\n", "a: \ufeff1\n", "a: \x01\n", "# \x07\na: 1\n", "a: \x85\n", "a: \u2028x\n", "a: \x7f\n",
    "a: \ud7ff\ue000\n", "a: \uffff\n", "a: \ufffe\n", "[1, 2]", "[1, 2,]", "[1, , 2]", "{a: 1,}", "{,}", "[,]",
    "a: - b\n", "- - a\n  - b\n- c\n", "-a\n", "- a\n-b\n", "a:\n- b\n- c\nd: e\n", "a:\n  - b\n  -c\n",
    "a: b\n  c\n", "a: b\n  c: d\n", "a:    \n  b\n", "'a' : 1\n", "a : 1\n", "a :1\n", "a:1\n", "a:b: c\n",
    "http://x: 1\n", "a: http://x\n", "a: {b: http://x}\n", "a: {b:c}\n", "a: [b:c]\n", "{a: b:c}", "[a:b]",
    "a: {'b':c}\n", '{"a":1}', '{"a":b}', "a: [b, {c: d}, [e]]\n", "a: !\n", "? \n: \n", ": a\n", "a: ? b\n",
    "- ? a\n  : b\n", "[? a : b]", "{? a : b}", "[a: b, c: d]", "a: *\n", "a: &\n", "a: !<\n", "a: !<>\n",
    "a:\n  - b\n  # c\n  - d\n", "a:\n\n\n  b: 1\n", "    a: 1\n", "  - a\n  - b\n", "a:\n    b: 1\n   c: 2\n",
    "x" * 1030 + ": 1\n", "a: " + "x" * 2000 + "\n", "'" + "x" * 1030 + "': 1\n", "a\nb: 1\n", "a: b\nc\n",
    "'a\nb': 1\n", "? a\n  b\n: 1\n", "a: 'b'c\n", "a: \"b\"c\n", "a: 'b' #c\n", "{a: 1} x", "[a] b", "- [a]\n  - b\n",
]
for i, s in enumerate(SYNTAX):
    both("syntax-%03d" % i, s)

# --- quoted and block scalars ------------------------------------------------------------
QUOTED = [
    'a: "\\x41\\u263A\\U0001F600"\n', 'a: "\\N\\_\\L\\P\\/\\ \\t\\e\\0\\a\\v\\b\\f\\r\\n\\"\\\\"\n', 'a: "\\q"\n',
    'a: "\\x4"\n', 'a: "\\uD800"\n', 'a: "\\ud83d\\ude00"\n', 'a: "\\\t"\n', "a: 'it''s'\n", 'a: "a\n  b"\n',
    'a: "a\n\n  b"\n', 'a: "a \\\n  b"\n', "a: 'a\n  b'\n", "a: 'a\n\n  b  \n  c'\n", 'a: "  x  "\n', 'a: "\tx"\n',
    "a: |\n  x\n  y\n", "a: |-\n  x\n\n", "a: |+\n  x\n\n", "a: >\n  x\n  y\n\n  z\n", "a: >-\n  x\n   y\n  z\n",
    "a: |2\n   x\n", "a: |1\n  x\n", "a: |\n\n  x\n", "a: |\n  x\n b: 1\n", "a: >\n\tx\n", "a: |\n  \tx\n",
    "a: | # c\n  x\n", "a: |x\n  y\n", "a: |\n", "a: >\n", "- |\n  x\n- >\n  y\n", "a: b\n  c\n  d\n",
    "a: b\n\n  c\n", "a: b  \n  c\n", "a: -1\n", "a: - 1\n", "a: :b\n", "a: b:\n", "a: b :c\n", "a: ?x\n",
    "a: -x\n", "a: ,x\n", "a: x,y\n", "a: [x,y]\n", "a: {x,y}\n", "a: 'x' \n", "a: \"é\\u00e9\"\n",
    'a: "\\u00e9"\n', "a: \"\\x\"\n", "a: \"\\U0011FFFF\"\n", "a: \"\\uDFFF\"\n", 'a: "\\uD83D\\u0041"\n',
]
for i, s in enumerate(QUOTED):
    both("quoted-%02d" % i, s)

# --- JSON first -------------------------------------------------------------------------
JSON = [
    '{"a": 1e3}', '{"a": 1E3}', '{"a": 1.5e-3}', '{"a": 1.}', '{"a": .5}', '{"a": NaN, "b": Infinity, "c": -Infinity}',
    '{"a": nan}', '{"a": -NaN}', '{"a": 1, "a": 2, "b": 3}', '{"a": 1,}', '[1, 2]', '"str"', '42', 'null',
    'true', '1.5', '-0', '-0.0', '01', '{"a": 01}', '{"a": 0x1}', '{"a": +1}', '{"a": 12345678901234567890}',
    '{"a": -9223372036854775808}', '{"a": 9223372036854775808}', '{"a": 1E400}', '{"a": -1e-400}',
    '{"a": "\\ud83d\\ude00"}', '{"a": "\\ud800"}', '{"a": "\\ud800x"}', '{"a": "\\udc00\\ud800"}',
    '{"a": "\\ud800\\u0041"}', '{"a": "\\u00e9\\/\\b\\f"}', '{"a": "\\x41"}', '{"a": "\\U0001F600"}',
    '{"a": "tab\there"}', '{"a": "nl\nhere"}', '{"a": "\x7f"}', '  {"a": 1}  \n', '\t\n{"a": 1}\r\n',
    '\ufeff{"a": 1}', '{"a": 1} x', '{"a": 1}\n---\n', "{'a': 1}", '{"a": True}', '{"a": undefined}',
    '{"a":[1,{"b":null}]}', '{"a": "\\u00"}', '{"a": "\\uZZZZ"}', '{1: 2}', '{"a" 1}', '[1 2]', '[',
    '{"a": "é😀"}', '{"a": [], "b": {}}', '{"": 1}', '{"a": 1}{"b": 2}', '{"a":1,"b":2,"a":3}',
    '{"heat_template_version": "2013-05-23", "x": 2013-05-23}', '{"a": 1e3, "b": yes}', '[1e3, 1.0e3, 1.0e+3]',
    '\u00a0{"a": 1}', '{"a":\u00a01}', '{"a": -}', '{"a": 1.5e}', '{"a": 1.5e+}', '{"a": -Infinity1}',
]
for i, s in enumerate(JSON):
    case("json-%02d" % i, s, "template")
    case("json-%02d/environment" % i, s, "environment")

# --- nesting ----------------------------------------------------------------------------
case("deep-flow-50", "[" * 50 + "]" * 50)
case("deep-block-30", "".join("  " * i + "k%d:\n" % i for i in range(30)) + "  " * 30 + "v\n")
case("deep-json-30", "{\"a\": " * 30 + "1" + "}" * 30)


def main():
    out = []
    for c in CASES:
        load = heatload.load_template if c["mode"] == "template" else heatload.load_environment
        c = dict(c)
        c["expect"] = load(c["text"])
        c["expect"].pop("c_message", None)  # libyaml's own text: Heat never shows it
        for k in ("problem", "line", "column", "class"):  # the full message is compared
            c["expect"].pop(k, None)
        out.append(c)
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "cases.json")
    with open(path, "w") as f:
        json.dump(out, f, indent=1, ensure_ascii=True)
        f.write("\n")
    print("%d cases written to %s" % (len(out), path))


main()
