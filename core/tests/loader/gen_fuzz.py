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


def main():
    seed, count, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
    r = random.Random(seed)
    cases, seen = [], set()
    while len(cases) < count:
        t = text(r)
        if t in seen:
            continue
        seen.add(t)
        mode = "environment" if r.random() < 0.5 else "template"
        load = heatload.load_template if mode == "template" else heatload.load_environment
        cases.append({"name": "fuzz-%d-%d" % (seed, len(cases)), "mode": mode, "text": t, "expect": load(t)})
    with open(out, "w") as f:
        json.dump(cases, f, indent=1, ensure_ascii=True)
        f.write("\n")


main()
