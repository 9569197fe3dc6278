"""The public corpus as a repository would hold it: a request's template at its
repository path (`x-source`) under a folder per request, each of its `files`
where the template that names it has it. Shared by the tools that run
`hotplate check` over a folder (bench_check.py, check_without_values.py, the
npm package's command-line test).

    python3 tools/corpus_tree.py CORPUS DEST   # extract(CORPUS, DEST)"""

import json
import os
import sys
from pathlib import Path


def requests(corpus: Path):
    """Each request of `corpus` (not the expected results), with its name."""
    for req_path in sorted(corpus.glob("*.json")):
        if req_path.name.endswith(".expected.json"):
            continue
        yield req_path.name[: -len(".json")], json.loads(req_path.read_text())


def write_request(root: Path, stem: str, req: dict) -> Path:
    """Write a request's template and files under `root/stem`; return the
    template's path relative to `root`."""
    source = req.get("x-source", "")
    rel = source.split(":", 1)[1].rsplit("@", 1)[0] if ":" in source else "template.yaml"
    template = Path(stem) / rel
    (root / template).parent.mkdir(parents=True, exist_ok=True)
    (root / template).write_text(req["template"])
    files = req.get("files") or {}
    for name, path in locate(template, req["template"], files).items():
        p = root / path
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(files[name] or "")
    return template


def locate(template: Path, text: str, files: dict):
    """Where each of a request's files is in the repository: a request names a
    file as the template that uses it wrote it (Heat looks it up by that
    name), relative to that template, which may be a nested one; a file no
    template names is beside the top-level one."""
    where, queue = {}, [(template, text)]
    while queue:
        at, body = queue.pop(0)
        for name, content in files.items():
            if name in where or name not in (body or ""):
                continue
            path = Path(os.path.normpath(at.parent / name))
            if path.parts and path.parts[0] == "..":
                continue
            where[name] = path
            queue.append((path, content))
    for name in files:
        where.setdefault(name, Path(os.path.normpath(template.parent / name)))
    return where


def extract(corpus: Path, root: Path):
    """Write the corpus as a tree; return [(template, env, stack_name)]."""
    jobs = []
    checks = []
    for stem, req in requests(corpus):
        template = write_request(root, stem, req)
        env = dict(req.get("environment") or {})
        env["parameters"] = {**env.get("parameters", {}), **req.get("parameters", {})}
        env_path = Path(stem) / "environment.yaml"
        (root / env_path).write_text(json.dumps(env))
        stack_name = req.get("stack_name", "test")
        checks.append({"files": str(template), "environments": [str(env_path)], "stack_name": stack_name})
        jobs.append((str(template), str(env_path), stack_name))
    (root / ".hotplate.yaml").write_text(json.dumps({"checks": checks}))
    return jobs


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: corpus_tree.py CORPUS DEST")
    extract(Path(sys.argv[1]), Path(sys.argv[2]))
