#!/usr/bin/env python3
"""Import cycles between the folders of core/src.

    tools/import_cycles.py [--max N] [--edges]

A node is a folder of core/src (`engine/stages`, `plugins`); a file beside a folder
of its name is part of it (`api.rs` is `api`), files of core/src itself are not a
folder and are left out. An edge A -> B is a `crate::…` or `super::…` path (in a `use`
or inline) in a file of A naming an item of B (the longest module path that is a
folder or a file of one), test code left out (`#[cfg(test)]` modules, `tests.rs`,
`*_tests.rs`). A folder naming what lies below it (`engine` naming `engine/stages`,
however it is spelled: `stages::x`, `super::stages::x` from `engine/driver.rs`) is not
an edge: a parent calling its parts is the design; only the upward and sideways names
are edges.

Prints every elementary cycle with the files that make each edge, then their count.
`--max N` (`make lint` runs it): prints the count, and the cycles and exits 1 when
there are more than N. `--edges` prints the whole graph.
"""
import re
import sys
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "core" / "src"


def module_path(path: Path):
    parts = list(path.relative_to(SRC).parts)
    stem = parts[-1][: -len(".rs")]
    return parts[:-1] if stem in ("mod", "lib", "main") else parts[:-1] + [stem]


def folder_of(segments):
    """The folder a module path lies in: its longest prefix that is a folder (None: the root)."""
    best = None
    for i in range(1, len(segments) + 1):
        if SRC.joinpath(*segments[:i]).is_dir():
            best = "/".join(segments[:i])
        else:
            break
    return best


def strip_tests(text: str) -> str:
    while True:
        m = re.search(r"#\[cfg\(test\)\]\s*(pub(\([^)]*\))?\s+)?mod\s+\w+\s*\{", text)
        if not m:
            return text
        depth = 0
        for j in range(m.end() - 1, len(text)):
            if text[j] == "{":
                depth += 1
            elif text[j] == "}":
                depth -= 1
                if depth == 0:
                    break
        text = text[: m.start()] + text[j + 1 :]


def expand(tail, prefix):
    """`a::{b, c::{d, e}}` -> [a, b], [a, c, d], [a, c, e]."""
    if not tail.startswith("{"):
        head, _, rest = tail.partition("::")
        if rest:
            yield from expand(rest, prefix + [head])
        else:
            yield prefix + [head.split(" as ")[0]]
        return
    inner = tail[1:-1]
    depth, start = 0, 0
    for i, ch in enumerate(inner + ","):
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        elif ch == "," and depth == 0:
            part, start = inner[start:i], i + 1
            if part:
                yield from expand(part, prefix)


def named_paths(path: Path, text: str):
    """Every absolute module path the file names through `crate::` or `super::`."""
    text = re.sub(r"//[^\n]*", "", text)
    text = re.sub(r'"(\\.|[^"\\])*"', '""', text)
    here = module_path(path)

    def based(root_and_tail):
        base = []
        tail = root_and_tail
        if tail.startswith("crate::"):
            tail = tail[len("crate::") :]
        else:
            base = here[:-1]
            tail = tail[len("super::") :]
            while tail.startswith("super::"):
                base, tail = base[:-1], tail[len("super::") :]
        return base, tail

    for m in re.finditer(r"\buse\s+((?:crate|super)::[^;]*);", text):
        base, tail = based(m.group(1).replace("\n", "").replace(" ", ""))
        for segs in expand(tail, []):
            yield base + segs
    text = re.sub(r"\buse\s+((?:crate|super)::[^;]*);", "", text)
    for m in re.finditer(r"(?<![:\w])((?:crate|super)(?:::super)*::\w+(?:::\w+)*)", text):
        base, tail = based(m.group(1))
        yield base + tail.split("::")


def graph():
    edges = {}
    for path in sorted(SRC.rglob("*.rs")):
        if path.name == "tests.rs" or path.name.endswith("_tests.rs"):
            continue
        src = folder_of(module_path(path))
        for segs in named_paths(path, strip_tests(path.read_text())):
            dst = folder_of([s for s in segs if s != "self"])
            if src and dst and dst != src and not dst.startswith(src + "/"):
                edges.setdefault(src, {}).setdefault(dst, set()).add(str(path.relative_to(SRC)))
    return edges


def cycles(edges):
    """Elementary cycles (Johnson), each from its smallest folder."""
    nodes = sorted(set(edges) | {d for v in edges.values() for d in v})
    found = []
    for i, start in enumerate(nodes):
        allowed = set(nodes[i:])

        def succ(n):
            return iter(sorted(d for d in edges.get(n, {}) if d in allowed))

        stack, path, on_path = [(start, succ(start))], [start], {start}
        while stack:
            nxt = next(stack[-1][1], None)
            if nxt is None:
                stack.pop()
                on_path.discard(path.pop())
            elif nxt == start:
                found.append(list(path))
            elif nxt not in on_path:
                path.append(nxt)
                on_path.add(nxt)
                stack.append((nxt, succ(nxt)))
    return found


def main():
    edges = graph()
    if "--edges" in sys.argv:
        for a in sorted(edges):
            for b in sorted(edges[a]):
                print(f"{a} -> {b}: {', '.join(sorted(edges[a][b]))}")
    found = cycles(edges)
    limit = int(sys.argv[sys.argv.index("--max") + 1]) if "--max" in sys.argv else None
    if limit is not None and len(found) <= limit:
        print(f"{len(found)} import cycles between folders (at most {limit})")
        return
    for c in found:
        ring = c + [c[0]]
        print(" -> ".join(ring))
        for a, b in zip(ring, ring[1:]):
            files = sorted(edges[a][b])
            print(f"    {a} -> {b}: {', '.join(files[:4])}{' …' if len(files) > 4 else ''}")
    print(f"{len(found)} import cycles between folders")
    if limit is not None:
        print(f"more than {limit}: move the upward import to the folder it belongs to (ARCHITECTURE.md)")
        sys.exit(1)


if __name__ == "__main__":
    main()
