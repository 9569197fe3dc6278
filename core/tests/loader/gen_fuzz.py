"""Random YAML-ish texts with what Heat's loaders give for each (differential testing).

    ~/.cache/hotplate-oracle/venv/bin/python core/tests/loader/gen_fuzz.py SEED COUNT OUT.json

The texts are built from fragments that exercise indentation, flow/block mixes, quoting,
tabs, comments, anchors, tags and scalar spellings. Output has the cases.json format.
"""
import json
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import heatload  # noqa: E402

SCALARS = ["a", "b c", "1", "0x1F", "1.5", "1e3", "yes", "~", "", "2013-05-23", "'q'", '"dq"', "'it''s'",
           '"\\x41"', "-1", ":x", "x:", "x:y", "x #c", "x#c", "@", "`", "%", "!t x", "!!str 1", "&a x", "*a",
           "[]", "{}", "[a, b]", "{a: 1}", "{a, b}", "[a: 1]", "|", ">", "- x", "? x", "=", "<<", "'", '"',
           "http://h:1/p", "a,b", "[a,]", "{a: [b, {c: d}]}", "\t", "x\ty", ".inf", "1:30", "010", "é", "\\"]
KEYS = ["a", "b", "k", "'k'", '"k"', "1", "true", "~", "<<", "? x", "[a]", "x y", "-", "a:b", "é", "&a k", "*a"]
WS = [" ", "  ", "\t", " \t", "\t ", ""]


def scalar(r):
    return r.choice(SCALARS)


def block(r, depth, indent):
    lines = []
    kind = r.random()
    n = r.randint(1, 3)
    pad = " " * indent
    for _ in range(n):
        if kind < 0.5:
            key = r.choice(KEYS)
            sep = ":" + r.choice(WS)
            if depth < 3 and r.random() < 0.4:
                lines.append(pad + key + ":" + r.choice(["", " #c", "\t", " &a", " !!map", " |"]))
                lines.extend(block(r, depth + 1, indent + r.choice([0, 1, 2, 2, 4])))
            else:
                lines.append(pad + key + sep + scalar(r))
        elif kind < 0.8:
            if depth < 3 and r.random() < 0.3:
                lines.append(pad + "-" + r.choice(["", " ", "\t"]))
                lines.extend(block(r, depth + 1, indent + r.choice([0, 1, 2])))
            else:
                lines.append(pad + "-" + r.choice(WS) + scalar(r))
        else:
            lines.append(pad + r.choice(["#c", "", "  ", "\t", "---", "...", "  - x", "x", "  k: v", "? k", ": v"]))
    return lines


def text(r):
    lines = block(r, 0, 0)
    if r.random() < 0.2:
        lines.insert(0, r.choice(["---", "--- |", "%YAML 1.1\n---", "# c", "--- !!map", "--- &a"]))
    t = "\n".join(lines)
    if r.random() < 0.8:
        t += "\n"
    if r.random() < 0.1:
        t = t.replace("\n", "\r\n")
    return t


FLOW_ATOMS = ["a", "b c", "1", "'q'", '"d\\"q"', "''", '""', "~", "", "x:y", "http://h", "-1", "? k", "k: v",
              "&a x", "*a", "!t x", "!!str", "!!str x", "!", "a#b", "a #b", ":x", "x:", "-", "- x", "@x", "=", "<<: {}"]
SEP = ["", " ", "  ", "\t", "\n", "\n  ", " #c\n", "\r\n", "\n\t", "\n ", "\u0085", "\u2028"]


def flow(r, depth=0):
    if depth > 3 or r.random() < 0.3:
        return r.choice(FLOW_ATOMS)
    n = r.randint(0, 3)
    if r.random() < 0.5:
        items = [flow(r, depth + 1) for _ in range(n)]
        body = ("," + r.choice(SEP)).join(items)
        return "[" + r.choice(SEP) + body + r.choice(["", ",", " ,", "\n"]) + r.choice(SEP) + "]"
    items = []
    for _ in range(n):
        k = r.choice(["a", "'k'", '"k"', "? a", "", "[a]", "{b: c}", "1", "a b"])
        sep = r.choice([": ", ":", " : ", ":\t", ":\n  ", ""])
        items.append(k + sep + flow(r, depth + 1))
    body = ("," + r.choice(SEP)).join(items)
    return "{" + r.choice(SEP) + body + r.choice(["", ",", "\n"]) + r.choice(SEP) + "}"


SCALAR_LINES = ["x", "  x", " x y ", "", "  ", "\t", "  \tz", "# c", "  # c", "--- ", "...", "  - a", "k: v", "  'q'",
                "  \"q\\\n r\"", "é", "  x\\", "\ufeffbom", "  \u2028", "x\u0085y"]


def scalar_text(r):
    head = r.choice(["a: ", "- ", "", "a:\n  ", "? ", "--- "])
    kind = r.random()
    if kind < 0.35:
        ind = r.choice(["|", ">", "|-", "|+", ">-", ">+", "|2", ">1", "|+2", "|2-", "| #c", "|\t", "| \t#c", "|0"])
        lines = [r.choice(["  ", " ", "   ", "    ", "", "\t"]) + r.choice(SCALAR_LINES) for _ in range(r.randint(0, 5))]
        t = head + ind + "\n" + "\n".join(lines)
    elif kind < 0.7:
        q = r.choice(["'", '"'])
        parts = [r.choice(SCALAR_LINES + ["\\x41", "\\u00e9", "\\N", "\\ud83d\\ude00", "\\", "''", "\\q", "\\\t"])
                 for _ in range(r.randint(1, 5))]
        t = head + q + r.choice(["\n", " ", "", "\n  ", "\n\n "]).join(parts) + q + r.choice(["", " #c", "\t", " x", ":"])
    else:
        parts = [r.choice(SCALAR_LINES) for _ in range(r.randint(1, 4))]
        t = head + r.choice(["\n", "\n ", "\n  ", " ", "\n\n  ", "\n\t"]).join(parts)
    return t + r.choice(["", "\n", "\nb: 1\n", "\n- z\n", "\r\n"])


PIECES = ["a", "b c", "1", "1.5", "0x1f", "1e3", "yes", "~", "null", "\u00e9", "\u65e5", "\U0001F600", "\ufeff",
          "\x85", "\u2028", " ", "  ", "\t", "\n", "\r\n", "\r", ":", ": ", "- ", "-", "? ", "?", "#", " #c", ",", "[",
          "]", "{", "}", "'", "''", '"', "\\", "\\x41", "\\u00e9", "\\ud83d", "\\q", "&a ", "*a", "&a", "!", "!!str ",
          "!!int ", "!t ", "!<x> ", "!e!x ", "!%41 ", "!!binary ", "!!set ", "!!omap ", "|", ">", "|-", ">+", "|2", "---",
          "...", "%YAML 1.1\n", "%TAG !e! x:\n", "%FOO\n", "<<", "<<: ", "=", "@", "`", "%", '"a": ', "NaN",
          "-Infinity", "12345678901234567890", '{"k": [1, 2.5e3]}', "\n  ", "\n    ", "\n- ", "\nk: "]


def mutate(r, t):
    alphabet = [" ", "\t", "\n", ":", "-", "?", "#", "'", '"', "[", "]", "{", "}", ",", "&", "*", "!", "|", ">", "%",
                "@", "x", "1", ".", "\\", "\r"]
    t = list(t)
    for _ in range(r.randint(1, 3)):
        op = r.random()
        i = r.randrange(len(t) + 1)
        if op < 0.4:
            t.insert(i, r.choice(alphabet))
        elif op < 0.7 and t:
            del t[min(i, len(t) - 1)]
        elif t:
            t[min(i, len(t) - 1)] = r.choice(alphabet)
    return "".join(t)


def main():
    seed, count, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    flavor = sys.argv[4] if len(sys.argv) > 4 else "block"
    seeds = []
    if flavor == "mutate":
        # Seed texts: files given after the flavor (e.g. real templates).
        for path in sys.argv[5:]:
            with open(path) as f:
                seeds.append(f.read())
    r = random.Random(seed)
    cases, seen = [], set()
    while len(cases) < count:
        if flavor == "flow":
            t = r.choice(["", "a: ", "- ", "--- "]) + flow(r) + r.choice(["", "\n", " #c\n", "\nb: 1\n"])
        elif flavor == "scalar":
            t = scalar_text(r)
        elif flavor == "pieces":
            t = "".join(r.choice(PIECES) for _ in range(r.randint(0, 30)))
        elif flavor == "mutate":
            t = mutate(r, r.choice(seeds))
        else:
            t = text(r)
        if t in seen:
            continue
        seen.add(t)
        mode = "environment" if r.random() < 0.5 else "template"
        load = heatload.load_template if mode == "template" else heatload.load_environment
        expect = load(t)
        expect.pop("c_message", None)  # libyaml's own text: Heat never shows it
        for k in ("problem", "line", "column", "class"):  # the full message is compared
            expect.pop(k, None)
        cases.append({"name": "fuzz-%d-%d" % (seed, len(cases)), "mode": mode, "text": t, "expect": expect})
    with open(out, "w") as f:
        json.dump(cases, f, indent=1, ensure_ascii=True)
        f.write("\n")


main()
