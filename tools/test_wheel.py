#!/usr/bin/env python3
"""The wheel as a user installs it: a fresh venv, no Rust toolchain on PATH,
`pip install dist/hotplate-*.whl`, then `hotplate check` on a fixture tree.

    tools/test_wheel.py --wheel dist/hotplate-V-py3-none-PLATFORM.whl --native target/release/hotplate [--shared ../shared]
    (or: make test-wheel)

Checks, against the native binary built from the same sources:
- the wheel's tags and metadata (name, version, summary, license, classifiers,
  project URLs) and its size (at most 10 MB);
- install and first check (printed: seconds, one run; not a threshold);
- `hotplate eval` byte-identical (stdout, stderr, exit status) on every request of
  ../shared's public corpus, and `hotplate check --format sarif` on corpus-full as
  a repository holds it (tools/corpus_tree.py), when ../shared is there.
Prints "N passed, M failed"; exit 1 on a failure.
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
MAX_BYTES = 10 * 1000 * 1000


class Tally:
    def __init__(self):
        self.passed = 0
        self.failed = []

    def check(self, ok, what):
        if ok:
            self.passed += 1
        else:
            self.failed.append(what)


def metadata(wheel):
    with zipfile.ZipFile(wheel) as z:
        names = z.namelist()
        meta = next(n for n in names if n.endswith(".dist-info/METADATA"))
        return z.read(meta).decode(), names


def same(a, b):
    return (a.returncode, a.stdout, a.stderr) == (b.returncode, b.stdout, b.stderr)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--wheel", required=True)
    ap.add_argument("--native", required=True)
    ap.add_argument("--shared", default=str(HERE.parent.parent / "shared"))
    args = ap.parse_args()
    wheel, native = Path(args.wheel).resolve(), str(Path(args.native).resolve())
    t = Tally()

    size = wheel.stat().st_size
    print(f"test-wheel: {wheel.name}: {size / 1e6:.2f} MB")
    t.check(size <= MAX_BYTES, f"the wheel is {size} bytes, over {MAX_BYTES}")
    t.check(wheel.name.startswith("hotplate-") and "-py3-none-" in wheel.name, f"wheel name {wheel.name}")
    meta, names = metadata(wheel)
    for field in ("Name: hotplate", "Summary: Evaluate", "License-Expression: Apache-2.0",
                  "Classifier: Topic :: Software Development :: Quality Assurance", "Project-URL: Repository, ",
                  "Description-Content-Type: text/markdown"):
        t.check(field in meta, f"METADATA has no `{field}`")
    t.check(any(n.endswith(".data/scripts/hotplate") or n.endswith(".data/scripts/hotplate.exe") for n in names),
            "the wheel has no scripts/hotplate")

    work = Path(tempfile.mkdtemp(prefix="hotplate-wheel-"))
    try:
        # A venv and a PATH without cargo, rustc or the repository's target/.
        env = {k: v for k, v in os.environ.items() if k not in ("CARGO_HOME", "RUSTUP_HOME", "VIRTUAL_ENV")}
        env["PATH"] = os.pathsep.join(p for p in os.environ.get("PATH", "").split(os.pathsep)
                                      if p and not (Path(p) / "cargo").exists() and not (Path(p) / "rustc").exists())
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "venv", str(work / "venv")], check=True, env=env)
        venv_made = time.perf_counter()
        bindir = work / "venv" / "bin"
        env["PATH"] = f"{bindir}{os.pathsep}{env['PATH']}"
        t.check(shutil.which("cargo", path=env["PATH"]) is None, "cargo is on the test's PATH")
        fixture = HERE.parent / "cli/tests/fixtures"
        subprocess.run([str(bindir / "pip"), "install", "--quiet", "--disable-pip-version-check", "--no-index",
                        str(wheel)], check=True, env=env)
        installed = time.perf_counter()
        first = subprocess.run(["hotplate", "check", "--format", "json", "stack"], cwd=fixture, env=env,
                               capture_output=True)
        done = time.perf_counter()
        print(f"test-wheel: python -m venv {venv_made - start:.2f} s + pip install {installed - venv_made:.2f} s + "
              f"first check {done - installed:.2f} s = {done - start:.2f} s (one run, load {os.getloadavg()[0]:.2f})")
        t.check(shutil.which("hotplate", path=env["PATH"]) == str(bindir / "hotplate"), "hotplate is not the venv's")
        t.check(same(first, subprocess.run([native, "check", "--format", "json", "stack"], cwd=fixture,
                                           capture_output=True)), "check of the fixture tree differs from native")
        version = subprocess.run(["hotplate", "--version"], env=env, capture_output=True, text=True).stdout
        t.check(version == subprocess.run([native, "--version"], capture_output=True, text=True).stdout,
                f"--version {version!r}")

        shared = Path(args.shared) / "conformance"
        if not (shared / "corpus").is_dir() or not (shared / "corpus-full").is_dir():
            required = os.environ.get("HOTPLATE_REQUIRE_SHARED") == "1"
            print(f"test-wheel: {'FAIL' if required else 'skipped'}: {shared} is absent, no corpus comparison")
            t.check(not required, f"{shared} is absent")
        else:
            requests = sorted(p for p in (shared / "corpus").glob("*.json") if not p.name.endswith(".expected.json"))
            differ = [p.name for p in requests
                      if not same(subprocess.run(["hotplate", "eval", str(p)], env=env, capture_output=True),
                                  subprocess.run([native, "eval", str(p)], capture_output=True))]
            print(f"test-wheel: eval of the public corpus: {len(requests) - len(differ)} of {len(requests)} "
                  "byte-identical to native")
            t.check(requests and not differ, f"eval differs from native on {differ[:5]}")
            tree = work / "tree"
            subprocess.run([sys.executable, str(HERE / "corpus_tree.py"), str(shared / "corpus-full"), str(tree)],
                           check=True)
            a = subprocess.run(["hotplate", "check", "--format", "sarif"], cwd=tree, env=env, capture_output=True)
            b = subprocess.run([native, "check", "--format", "sarif"], cwd=tree, capture_output=True)
            print(f"test-wheel: check --format sarif of corpus-full: {len(a.stdout)} bytes, exit {a.returncode}, "
                  f"{'byte-identical' if same(a, b) else 'DIFFERENT'} to native")
            t.check(same(a, b) and a.stdout.startswith(b"{"), "check --format sarif of corpus-full differs")
    finally:
        shutil.rmtree(work, ignore_errors=True)

    for f in t.failed:
        print(f"FAIL {f}")
    print(f"{t.passed} passed, {len(t.failed)} failed")
    return 1 if t.failed else 0


if __name__ == "__main__":
    sys.exit(main())
