#!/usr/bin/env python3
"""`hotplate check` on the public corpus's templates written out without values.

    tools/check_without_values.py [--shared ../shared] [--hotplate target/release/hotplate]
                                  [--keep DIR] [--list] [--lint]

Writes every request of ../shared/conformance/corpus-full taken from a public
repository (not the hand-written ones) as files (the template at its
repository path under a folder per request, each of its `files` where the
template that names it has it) with no environment file, no parameters and no `.hotplate.yaml`, then runs
`hotplate check --format json .` on the folder, as CI would on a repository.

The templates that *must* pass are those Heat creates without error when given
the request's values (`corpus-full/NAME.expected.json` has no error, nor has
any output) and whose template validate passes with nothing given (`validate/va_*_NAME__A` has no
error): an evaluation of one of those (the request's own template, not the
files found beside it) that reports an error is listed. Prints the counts
(evaluations, failing, failing only because a value is missing, must-pass
templates and how many of them fail) and exits 1 when a must-pass template fails.
The lint rules are off (`--disable all`): what is measured is what Heat would
say; `--lint` keeps the rules `hotplate check` runs by default.
"""

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from corpus_tree import requests, write_request


def extract(corpus: Path, root: Path):
    """Write the corpus as a tree without values; return {template path: case name}."""
    out = {}
    for stem, req in requests(corpus):
        if req.get("x-source", "hand-written").startswith("hand-written"):
            continue
        out[str(write_request(root, stem, req))] = stem
    return out


def expected_ok(shared: Path, case: str):
    """(created without error with values, template validate passes without any)."""
    full = shared / "conformance" / "corpus-full" / f"{case}.expected.json"
    expected = json.loads(full.read_text()) if full.exists() else {"error": "absent"}
    outputs_ok = all(not (o or {}).get("error") for o in (expected.get("outputs") or {}).values())
    created = expected.get("error") is None and outputs_ok
    variants = list((shared / "conformance" / "validate").glob(f"va_*_{case}__A.expected.json"))
    validates = bool(variants) and all(json.loads(v.read_text()).get("error") is None for v in variants)
    return created, validates


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", default="../shared")
    ap.add_argument("--hotplate", default="target/release/hotplate")
    ap.add_argument("--keep", help="extract into this folder and keep it")
    ap.add_argument("--list", action="store_true", help="list every failing evaluation with its first error")
    ap.add_argument("--lint", action="store_true", help="keep the lint rules check runs by default")
    args = ap.parse_args()
    shared = Path(args.shared).resolve()
    hotplate = str(Path(args.hotplate).resolve())
    root = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="hotplate-novalues-"))
    if root.exists() and args.keep:
        shutil.rmtree(root)
    root.mkdir(parents=True, exist_ok=True)
    try:
        cases = extract(shared / "conformance" / "corpus-full", root)
        subprocess.run(["git", "init", "-q", "."], cwd=root, check=True)
        lint = [] if args.lint else ["--disable", "all"]
        run = subprocess.run([hotplate, "check", "--format", "json", *lint, "."], cwd=root, capture_output=True, text=True)
        if run.returncode > 1:
            sys.exit(f"hotplate check failed ({run.returncode}): {run.stderr}")
        report = json.loads(run.stdout)
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)
    evaluations = report["templates"]
    failing = [t for t in evaluations if t["status"] != "ok"]
    errors = lambda t: [d for d in t["diagnostics"] if d["severity"] == "error"]
    only_missing = [t for t in failing if errors(t) and all(d["code"] == "missing-parameter" for d in errors(t))]
    must, must_fail = [], []
    for t in evaluations:
        case = cases.get(t["file"])
        if case is None or not all(expected_ok(shared, case)):
            continue
        must.append(t)
        if t["status"] != "ok":
            must_fail.append(t)
    print(f"{len(evaluations)} evaluations, {len(failing)} with errors, {len(only_missing)} only for missing values")
    print(f"{len(must)} templates Heat creates with their values and validates without: {len(must_fail)} with errors")
    for t in (failing if args.list else must_fail):
        first = errors(t)[:1] or [{"code": "-", "message": (t.get("error") or {}).get("message", t["status"])}]
        mark = "MUST " if t in must_fail else ""
        print(f"  {mark}{t['file']}: {len(errors(t))} errors; {first[0]['code']}: {first[0]['message'][:160]}")
    sys.exit(1 if must_fail else 0)


if __name__ == "__main__":
    main()
