#!/usr/bin/env python3
"""Differential vectors for `core/src/pyre` (our Python `re`): every case is run
through the `re` of the Python that runs Heat (3.11) and the outcome written to
core/tests/data/pyre-vectors.json, which `pyre::tests::python_vectors` checks.

    PY="$(../shared/oracle/setup.sh)"; "$PY" tools/gen_pyre_vectors.py > core/tests/data/pyre-vectors.json

A case is (pattern, flags, subjects[, template]). For each subject the vector
holds `search` and `match` (spans of group 0..n, null for a group that did not
take part), `finditer` (the spans of every match), `split`, and with a template
`sub`; a pattern that does not compile holds its exception class and text.
The cases are written below; the `allowed_pattern`s of ../shared's corpus are
added with generic subjects and the parameters' defaults.
"""
import glob
import json
import os
import re
import sys

import yaml

assert sys.version_info[:2] == (3, 11), sys.version

I, M, S = re.IGNORECASE, re.MULTILINE, re.DOTALL
SUBJECTS = ["", "a", "abc", "ABC", "a\n", "a\nb\n", "foo bar", "x1y2", "éÉ", "123-456", "a.b.c", "  x  "]

CASES = [
    # literals, classes, escapes
    ("abc", 0, ["abc", "xabcx", "ab", "ABC"]),
    ("a|ab", 0, ["ab", "b"]),
    ("ab|a", 0, ["ab", "a"]),
    ("[a-z]+", 0, ["abc", "abc1", "1abc", ""]),
    ("[^a-z]", 0, ["abc", "a1"]),
    ("[]a]", 0, ["]", "a", "b"]),
    ("[^]a]", 0, ["]", "a", "b"]),
    ("[a-]", 0, ["-", "a"]),
    ("[-a]", 0, ["-", "a"]),
    ("[\\d.]+", 0, ["1.5x", "٣.٤"]),
    ("[\\w-]+", 0, ["a-b_c d"]),
    ("[\\s\\S]", 0, ["\n", "x"]),
    ("[\\b]", 0, ["\b", "b"]),
    ("\\d+", 0, ["abc123", "١٢٣", "²"]),
    ("\\D+", 0, ["abc123"]),
    ("\\w+", 0, ["héllo wörld", "a_b", "x²y", "日本語"]),
    ("\\W+", 0, ["a, b"]),
    ("\\s+", 0, ["a \t\n b", "a\x1cb", "a\u00a0b", "a\u2028b"]),
    ("\\S+", 0, ["  ab  "]),
    ("\\x41\\u0042\\U00000043", 0, ["ABC"]),
    ("\\N{EM DASH}", 0, ["a—b"]),
    ("\\N{LATIN SMALL LETTER A}+", 0, ["aaa"]),
    ("\\0\\01\\012", 0, ["\x00\x01\n"]),
    ("\\101", 0, ["A"]),
    ("[\\101-\\132]+", 0, ["HELLO"]),
    ("\\t\\n\\r\\f\\v\\a", 0, ["\t\n\r\f\v\a"]),
    ("\\.\\*\\+\\?\\(\\)\\[\\]\\{\\}\\|\\^\\$\\\\", 0, [".*+?()[]{}|^$\\"]),
    ("\\-\\#\\ \\&\\~", 0, ["-# &~"]),
    ("é", 0, ["café"]),
    ("[é-ü]+", 0, ["café ñ"]),
    (".", 0, ["\n", "x"]),
    (".", S, ["\n"]),
    ("a.c", 0, ["abc", "a\nc"]),
    ("(?s)a.c", 0, ["a\nc"]),
    ("(?s:a.)c", 0, ["a\nc"]),
    # anchors
    ("^a", 0, ["a", "ba", "b\na"]),
    ("^a", M, ["b\na"]),
    ("a$", 0, ["a", "a\n", "a\n\n", "ab"]),
    ("a$", M, ["a\nb", "a\n\n"]),
    ("$", 0, ["", "a\n", "ab"]),
    ("^$", M, ["a\n\nb", ""]),
    ("a\\Z", 0, ["a", "a\n"]),
    ("\\Aa", 0, ["a", "ba"]),
    ("\\bfoo\\b", 0, ["foo", "a foo b", "foobar", "éfoo"]),
    ("\\Bo\\B", 0, ["foo", "boot"]),
    ("\\b", 0, ["", "ab cd"]),
    ("\\B", 0, ["", "ab cd"]),
    ("(?a)\\bé", 0, ["é", "aé"]),
    ("(?a)\\w+", 0, ["héllo"]),
    ("(?a:\\w)+", 0, ["héllo"]),
    ("(?a)\\d", 0, ["١1"]),
    ("(?a)\\s", 0, ["\u00a0 "]),
    # repeats
    ("a*", 0, ["", "aaa", "baaa"]),
    ("a*?", 0, ["aaa"]),
    ("a+?", 0, ["aaa"]),
    ("a??b", 0, ["ab", "b"]),
    ("a{2}", 0, ["aaa"]),
    ("a{2,}", 0, ["aaaaa", "a"]),
    ("a{,2}", 0, ["aaaa"]),
    ("a{2,3}", 0, ["aaaa"]),
    ("a{2,3}?", 0, ["aaaa"]),
    ("a{,}", 0, ["aaa"]),
    ("a{}", 0, ["a{}"]),
    ("a{1", 0, ["a{1"]),
    ("a{1,2", 0, ["a{1,2"]),
    ("a{x}", 0, ["a{x}"]),
    ("{", 0, ["{"]),
    ("x{2}{3}", 0, []),
    ("(ab)*", 0, ["ababab", "aba"]),
    ("(ab)*?c", 0, ["ababc"]),
    ("(a|b)*c", 0, ["abbac", "abba"]),
    ("(a*)*b", 0, ["aab", "b", "aa"]),
    ("(a*)+b", 0, ["aab"]),
    ("(a*)*", 0, ["aa", "b"]),
    ("(a?)*?b", 0, ["aab"]),
    ("(?:a|)*b", 0, ["aab"]),
    ("(a|ab)(c|bcd)(d*)", 0, ["abcd"]),
    ("(a+)+$", 0, ["aaaa", "aaab"]),
    ("(\\w+)\\s(\\w+)", 0, ["hello world"]),
    ("(\\d+)-(\\d+)?", 0, ["12-", "12-34"]),
    ("(a)|(b)", 0, ["b", "a"]),
    ("(?:(a)|b)*", 0, ["ab", "ba"]),
    ("(a)*", 0, ["aa", ""]),
    ("(a|b)*?b", 0, ["aab"]),
    ("([ab]*?)(b)?", 0, ["aab"]),
    ("a*+a", 0, ["aaa"]),
    ("a++b", 0, ["aab"]),
    ("(?:ab)++a", 0, ["ababa"]),
    ("a?+a", 0, ["a"]),
    ("a{1,2}+a", 0, ["aaa"]),
    ("(?>a*)a", 0, ["aaa"]),
    ("(?>a|ab)c", 0, ["abc", "ac"]),
    ("(?>(a+))b", 0, ["aab"]),
    # groups, names, backreferences
    ("(?P<first>\\w+) (?P<last>\\w+)", 0, ["Jane Doe"]),
    ("(?P<x>a)(?P=x)", 0, ["aa", "ab"]),
    ("(a)\\1", 0, ["aa", "ab"]),
    ("(a)(b)(c)(d)(e)(f)(g)(h)(i)(j)\\10", 0, ["abcdefghijj"]),
    ("(a)\\1", I, ["aA"]),
    ("(é)\\1", I, ["éÉ"]),
    ("(a)?\\1", 0, ["b", "aa"]),
    ("(a)|\\1b", 0, ["b"]),
    ("(?:(a)|b)\\1", 0, ["aa", "b"]),
    ("(?P<q>['\"]).*?(?P=q)", 0, ["say 'hi' \"x\""]),
    # conditionals
    ("(a)?(?(1)b|c)", 0, ["ab", "c", "ac"]),
    ("(?P<o><)?\\w+(?(o)>)", 0, ["<a>", "a", "<a"]),
    ("(a)?b(?(1)c)", 0, ["abc", "b", "ab"]),
    ("(?(1)a|b)(x)", 0, []),
    # lookaround
    ("a(?=b)", 0, ["ab", "ac"]),
    ("a(?!b)", 0, ["ab", "ac"]),
    ("(?<=a)b", 0, ["ab", "cb"]),
    ("(?<!a)b", 0, ["ab", "cb", "b"]),
    ("(?<=ab|cd)x", 0, ["abx", "cdx"]),
    ("(?<=a|bc)x", 0, []),
    ("(?<=a*)x", 0, []),
    ("(?<=(a))b", 0, ["ab"]),
    ("(?=(a))a", 0, ["a"]),
    ("(?!(a))b", 0, ["b"]),
    ("(?<=\\d{3})x", 0, ["123x", "12x"]),
    ("(a)(?<=\\1)", 0, ["a"]),
    ("(?<=(a))(?<=\\1)", 0, []),
    ("a(?=b)*", 0, ["a"]),
    ("a(?=b)+b", 0, ["ab"]),
    ("(?<=^)a", 0, ["a"]),
    ("\\w+(?<!\\.)$", 0, ["abc", "abc."]),
    # case-insensitive
    ("abc", I, ["ABC", "aBc"]),
    ("[a-z]+", I, ["HeLLo"]),
    ("[A-Z]+", I, ["hello"]),
    ("é", I, ["É"]),
    ("straße", I, ["STRASSE", "STRAßE"]),
    ("ß", I, ["ẞ"]),
    ("k", I, ["K", "\u212a"]),
    ("\u212a", I, ["k", "K"]),
    ("s", I, ["ſ", "S"]),
    ("ſ", I, ["s", "S"]),
    ("i", I, ["İ", "ı", "I"]),
    ("ı", I, ["i", "I"]),
    ("İ", I, ["i", "I", "İ"]),
    ("[i]", I, ["ı"]),
    ("[k-l]", I, ["\u212a"]),
    ("[^a]", I, ["A", "b"]),
    ("[\\w]", I, ["É"]),
    ("[\\W]", I, ["É"]),
    ("σ", I, ["Σ", "ς"]),
    ("[σ]+", I, ["Σς"]),
    ("µ", I, ["μ", "Μ"]),
    ("\U00010400", I, ["\U00010428"]),
    ("[\U00010400-\U00010410]", I, ["\U00010428"]),
    ("[\U00010428]x", I, ["\U00010400x"]),
    ("[\u0100-\u017f]+", I, ["ĀāĂăĄąĆćŁłŸÿſS", "ÿŸ"]),
    ("[\u0101-\u0105]+", I, ["ĀāĂăĄą"]),
    ("[À-ÿ]+", I, ["àÀÿŸßẞ"]),
    ("[Ͱ-Ͽ]+", I, ["ΣσςΐΪϐβϑθϴ"]),
    ("[\u1e00-\u1eff]+", I, ["ẞßḀḁ"]),
    ("[a-z]+", I, ["İK\u212aſı"]),
    ("[ǅ]", I, ["Ǆ", "ǆ", "ǅ"]),
    ("[\u10a0-\u10ff]+", I, ["ႠⴀᲐა"]),
    ("[Ａ-Ｚ]+", I, ["ａｚＡ"]),
    ("[\u0400-\u04ff]+", I, ["ЁёЯяѠѡ"]),
    ("[ſ-ſ]", I, ["s", "S"]),
    ("[\u212a]", I, ["k", "K"]),
    ("[^\u0100-\u017f]+", I, ["aĀb"]),
    ("[\x00-\uffff]+", I, ["aZ\U00010400"]),
    ("[\U00010400-\U0001044f]+", I, ["\U00010400\U00010428"]),
    ("[\U00010428-\U0001044f]+", I, ["\U00010400"]),
    ("(?i)abc", 0, ["ABC"]),
    ("(?i:a)b", 0, ["Ab", "AB"]),
    ("(?-i:a)b", I, ["aB", "AB"]),
    ("a(?i)b", 0, []),
    ("(?i)(?m)^a", 0, ["b\nA"]),
    ("[a-z]", I | re.ASCII, ["K", "\u212a"]),
    ("(?a)k", I, ["\u212a"]),
    # verbose
    ("(?x) a b  # comment\n c", 0, ["abc"]),
    ("(?x)[ ]a", 0, [" a"]),
    ("(?x)a\\ b", 0, ["a b"]),
    ("(?x:a b)c d", 0, ["abc d"]),
    ("a(?x: b )c", 0, ["abc"]),
    # heat-style allowed patterns
    ("^[a-zA-Z][a-zA-Z0-9_.-]*$", 0, ["my-key", "1key", "key\n"]),
    ("[A-Za-z0-9]+(?=[\\.\\-][a-zA-Z0-9])*\\.[a-zA-z09]+", 0, ["abc.def", "a-b.c"]),
    ("^(([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])\\.){3}([0-9]|[1-9][0-9]|1[0-9]{2}|2[0-4][0-9]|25[0-5])$", 0, ["10.0.0.1", "256.1.1.1", "1.2.3"]),
    ("[a-z0-9-]{1,63}", 0, ["valid-name", "Invalid"]),
    ("^(?!-)[A-Za-z0-9-]{1,63}(?<!-)$", 0, ["host", "-host", "host-"]),
    ("(?:(?:[0-9a-fA-F]{1,4}):){7}[0-9a-fA-F]{1,4}", 0, ["2001:0db8:85a3:0000:0000:8a2e:0370:7334"]),
    ("[^\\x00-\\x1f]*", 0, ["ok", "bad\x01"]),
    ("\\S+@\\S+\\.\\w{2,}", 0, ["a@b.com", "a@b"]),
    # empty matches in split/sub/finditer
    ("x*", 0, ["abxd", "", "xx"], "-"),
    ("", 0, ["abc", ""], "-"),
    ("\\b", 0, ["a b"], "|"),
    ("(?=b)", 0, ["abab"], "|"),
    ("a|", 0, ["abc", "aab"], "-"),
    ("|a", 0, ["abc"], "-"),
    ("(a)|b", 0, ["abc"], "[\\1]"),
    ("(?:https?://)?(.*?)/(.*)", 0, ["quay.io/ceph/daemon"], "\\1"),
    ("([a-z])([A-Z])", 0, ["fooBar"], "\\1_\\2"),
    ("(?P<a>\\w)", 0, ["ab"], "\\g<a>\\g<1>\\g<0>"),
    ("\\s*,\\s*", 0, ["a , b,c ,d"], ";"),
    ("(,)", 0, ["a,b,c"], "\\1\\1"),
    ("$", M, ["a\nb\n"], "!"),
    ("^", M, ["a\nb\n"], "> "),
    (".*", 0, ["abc", "a\nb"], "<\\g<0>>"),
    ("a*?", 0, ["baaa"], "-"),
    # errors
    ("(", 0, []), (")", 0, []), ("a)", 0, []), ("[", 0, []), ("[a", 0, []), ("[a-", 0, []),
    ("[z-a]", 0, []), ("[\\d-z]", 0, []), ("[a-\\d]", 0, []), ("[\\x5a-\\x41]", 0, []),
    ("*", 0, []), ("a**", 0, []), ("a*?*", 0, []), ("^*", 0, []), ("(?i)*", 0, []), ("\\b+", 0, []),
    ("a{3,2}", 0, []), ("a{4294967295}", 0, []), ("a{99999999999999999999}", 0, []),
    ("\\", 0, []), ("a\\", 0, []), ("(\\", 0, []), ("[\\", 0, []),
    ("\\q", 0, []), ("[\\q]", 0, []), ("\\8", 0, []), ("[\\8]", 0, []), ("\\1", 0, []), ("(a)\\2", 0, []),
    ("(a\\1)", 0, []), ("\\400", 0, []), ("[\\400]", 0, []), ("\\777", 0, []),
    ("\\x", 0, []), ("\\x1", 0, []), ("\\xg", 0, []), ("\\u12", 0, []), ("\\U0011ffff", 0, []), ("\\U0001", 0, []),
    ("[\\x1]", 0, []), ("[\\u12]", 0, []),
    ("\\N", 0, []), ("\\N{", 0, []), ("\\N{}", 0, []), ("\\N{NO SUCH NAME}", 0, []), ("\\N{EM DASH", 0, []),
    ("[\\N{NO SUCH}]", 0, []), ("\\A*", 0, []), ("[\\A]", 0, []), ("[\\Z]", 0, []), ("[\\B]", 0, []),
    ("(?", 0, []), ("(?P", 0, []), ("(?Px", 0, []), ("(?P<", 0, []), ("(?P<>a)", 0, []), ("(?P<1>a)", 0, []),
    ("(?P<a", 0, []), ("(?P<a>x)(?P<a>y)", 0, []), ("(?P=", 0, []), ("(?P=a)", 0, []), ("(?P<a>(?P=a))", 0, []),
    ("(?P=1)", 0, []), ("(?<", 0, []), ("(?<x)", 0, []), ("(?<=", 0, []), ("(?=a", 0, []), ("(?#abc", 0, []),
    ("(?#abc)x", 0, ["x"]), ("(?z)", 0, []), ("(?\\d)", 0, []), ("(?i", 0, []), ("(?iz)", 0, []), ("(?i1)", 0, []),
    ("(?-)", 0, []), ("(?-i)", 0, []), ("(?-z:a)", 0, []), ("(?-1:a)", 0, []), ("(?i-i:a)", 0, []),
    ("(?-a:a)", 0, []), ("(?au)", 0, []), ("(?L)", 0, []), ("(?a)", re.UNICODE, []), ("(?-i", 0, []),
    ("(?i-", 0, []), ("(?i-m", 0, []), ("(?t:a)", 0, []), ("(?-t:a)", 0, []),
    ("a|(?i)b", 0, []), ("(a(?i)b)", 0, []), ("(?x)(?i)a", 0, ["A"]),
    ("(?(", 0, []), ("(?()", 0, []), ("(?(a)", 0, []), ("(?(1)a", 0, []), ("(?(x)a)", 0, []),
    ("(?(0)a)", 0, []), ("(?(-1)a)", 0, []), ("(?(1a)a)", 0, []), ("(a)(?(1)a|b|c)", 0, []), ("(?(2)a)(b)", 0, []),
    ("(a)(?(1)x|y)z", 0, ["axz", "yz"]), ("(?( 1 )a)(b)", 0, []), ("(a)(?(+1)b)", 0, ["ab"]), ("(a)(?(1_0)b)", 0, []),
    ("(?<=a+)b", 0, []), ("(?<!a{1,2})b", 0, []), ("(?<=(?P<x>a))(?P=x)", 0, ["aa"]),
    ("(?<=(a)\\1)b", 0, []), ("(a)(?<=\\1)b", 0, []),
    ("a\n(", 0, []), ("ab\ncd\n[", 0, []), ("\n)", 0, []),
    ("(?P<a-b>x)", 0, []), ("(?P<é>x)(?P=é)", 0, ["xx"]),
    ("a{,3}?b", 0, ["aab"]), ("(?i)[^\\W\\d]+", 0, ["Héllo1"]),
]


def spans(m):
    if m is None:
        return None
    return [list(m.span(g)) if m.span(g) != (-1, -1) else None for g in range(len(m.groups()) + 1)]


def run(pattern, flags, subjects, template=None):
    out = {"pattern": pattern, "flags": flags}
    try:
        rx = re.compile(pattern, flags)
    except Exception as e:  # noqa: BLE001 - every exception class is part of the contract
        out["error"] = [type(e).__name__, str(e)]
        return out
    out["groups"] = rx.groups
    out["names"] = sorted(rx.groupindex.items(), key=lambda kv: kv[1])
    out["subjects"] = []
    for s in subjects:
        try:
            v = {"s": s, "search": spans(rx.search(s)), "match": spans(rx.match(s))}
            v["finditer"] = [spans(m) for m in rx.finditer(s)]
            v["split"] = rx.split(s)
            if template is not None:
                v["sub"] = [template, rx.sub(template, s)]
        except SystemError:
            # "The span of capturing group is wrong, please report a bug for the
            # re module": sre's own inconsistency, nothing to compare against
            continue
        out["subjects"].append(v)
    return out


def corpus_patterns():
    shared = os.environ.get("HOTPLATE_SHARED", os.path.join(os.path.dirname(__file__), "..", "..", "shared"))
    found = {}
    for path in sorted(glob.glob(os.path.join(shared, "conformance", "corpus-full", "*.json"))):
        req = json.load(open(path, encoding="utf-8"))
        texts = [req.get("template", "")] + list((req.get("files") or {}).values())
        for text in texts:
            if not isinstance(text, str) or "llowed" not in text:
                continue
            try:
                doc = yaml.safe_load(text)
            except Exception:  # noqa: BLE001 - not a template we can read: skip
                continue
            collect(doc, found)
    return found


def collect(node, found, default=None):
    if isinstance(node, dict):
        d = node.get("default", node.get("Default"))
        for k, v in node.items():
            if k in ("allowed_pattern", "AllowedPattern") and isinstance(v, str):
                found.setdefault(v, set())
                if isinstance(d, str):
                    found[v].add(d)
            else:
                collect(v, found, d)
    elif isinstance(node, list):
        for v in node:
            collect(v, found)


ATOMS = ["a", "b", "c", ".", "[ab]", "[^a]", "\\w", "\\s", "\\d", "x", "A", "é", "\\b", "^", "$", "[a-cA]"]
QUANTS = ["", "", "", "*", "+", "?", "*?", "+?", "??", "{2}", "{1,2}", "{,2}?", "*+", "?+"]
RANDOM_SUBJECTS = ["", "a", "ab", "abc", "aab", "abab", "ba", "a b", "aAb", "abcabc", "a\n", "xé1", "bbaa", "cab a"]


def random_pattern(rng, depth=0):
    """A small pattern: atoms, groups (capturing, non-capturing, named,
    lookaround, atomic), alternations, quantifiers, backreferences."""
    out = []
    groups = 0
    for _ in range(rng.randint(1, 4)):
        r = rng.random()
        if r < 0.25 and depth < 3:
            inner, g = random_pattern(rng, depth + 1)
            kind = rng.choice(["(", "(", "(?:", "(?=", "(?!", "(?>", "(?<=a", "(?<!b"])
            if kind.startswith("(?<"):
                out.append(kind[:-1] + "(?:" + kind[-1] + "))")
                continue
            out.append(kind + inner + ")")
            groups += g + (kind == "(")
        elif r < 0.35 and depth < 3:
            a, g1 = random_pattern(rng, depth + 1)
            b, g2 = random_pattern(rng, depth + 1)
            out.append("(" + a + "|" + b + ")")
            groups += g1 + g2 + 1
        elif r < 0.4 and groups:
            out.append("\\%d" % rng.randint(1, groups))
            continue
        else:
            out.append(rng.choice(ATOMS))
            if out[-1] in ("^", "$", "\\b") and rng.random() < 0.9:
                continue
        out[-1] += rng.choice(QUANTS)
    return "".join(out), groups


def random_cases():
    import random
    rng = random.Random(int(os.environ.get("PYRE_SEED", "13")))
    cases = []
    for _ in range(int(os.environ.get("PYRE_RANDOM", "400"))):
        p, _ = random_pattern(rng)
        flags = rng.choice([0, 0, 0, I, M, S])
        cases.append((p, flags, rng.sample(RANDOM_SUBJECTS, 4), rng.choice([None, "-", "<\\g<0>>"])))
    return cases


def main():
    vectors = [run(*c) for c in CASES]
    vectors += [run(*c) for c in random_cases()]
    for pattern, defaults in sorted(corpus_patterns().items()):
        vectors.append(run(pattern, 0, sorted(defaults) + SUBJECTS))
    json.dump(vectors, sys.stdout, ensure_ascii=False, indent=0)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
