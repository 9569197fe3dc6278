#!/usr/bin/env python3
"""Compare two hotplate binaries over the conformance corpora (results unchanged?).

    tools/same_results.py BASE_BIN NEW_BIN [SHARED_DIR]

Runs `eval` over every request of corpus-full, plugin-checks, scale, deploy-time and
releases/*/ (each also with `x-deployed: true` where a `.deployed.expected.json` exists),
and `validate` over validate/; compares stdout, stderr and exit status byte for byte.
Prints the differing requests and exits 1 if any differ.
"""
import json
import os
import subprocess
import sys
from pathlib import Path


def requests(d: Path):
    for p in sorted(d.glob("*.json")):
        if not p.name.endswith(".expected.json"):
            yield p


def run(binary, args, stdin=None):
    r = subprocess.run([binary, *args], input=stdin, capture_output=True, timeout=300)
    return (r.returncode, r.stdout, r.stderr)


def main():
    base, new = sys.argv[1], sys.argv[2]
    shared = Path(sys.argv[3] if len(sys.argv) > 3 else Path(__file__).resolve().parent.parent.parent / "shared")
    conf = shared / "conformance"
    jobs = []
    dirs = ["corpus-full", "plugin-checks", "scale", "deploy-time"]
    dirs += [str(p.relative_to(conf)) for p in sorted(conf.glob("releases/*/*")) if p.is_dir()]
    for d in dirs:
        for req in requests(conf / d):
            jobs.append((f"eval {d}/{req.name}", ["eval", str(req)], None))
            if req.with_name(req.name[: -len(".json")] + ".deployed.expected.json").exists():
                body = json.loads(req.read_text())
                body["x-deployed"] = True
                jobs.append((f"eval {d}/{req.name} x-deployed", ["eval", "-"], json.dumps(body).encode()))
    for req in requests(conf / "validate"):
        jobs.append((f"validate validate/{req.name}", ["validate", str(req)], None))
    differ = []
    for name, args, stdin in jobs:
        if run(base, args, stdin) != run(new, args, stdin):
            differ.append(name)
            print("DIFFERS", name, flush=True)
    print(f"{len(jobs) - len(differ)}/{len(jobs)} identical")
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
