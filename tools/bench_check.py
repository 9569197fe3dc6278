#!/usr/bin/env python3
"""`hotplate check` over the public corpus's templates vs one `hotplate eval` per template.

    tools/bench_check.py [--shared ../shared] [--hotplate target/release/hotplate] [--keep DIR]
    (or: make bench-check)

Extracts every request of ../shared/conformance/corpus into a folder (the template
at its repository path under a folder per request, its `files` where the
templates that name them have them (tools/corpus_tree.py), an
environment file with its inline environment and its parameters, and a
`.hotplate.yaml` entry naming that environment and the stack name), then, in one
run, wall time of:

- `hotplate check --format json .` (all cores), and with `-j 1`;
- `hotplate eval -t TEMPLATE -e ENV --stack-name NAME --format json` once per
  template, one after the other.

Each is run once: the figures are for comparing side by side on the same
(possibly busy) machine, whose load average is printed. Also checks that both
agree on every template (has errors or not, and Heat's error class).
"""

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from corpus_tree import extract


def cpu():
    """CPU seconds (user + system) of the children waited for so far."""
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def timed(cmd, cwd):
    """Wall and CPU seconds of one run, and its output."""
    start, start_cpu = time.perf_counter(), cpu()
    out = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    return time.perf_counter() - start, cpu() - start_cpu, out


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shared", default="../shared")
    ap.add_argument("--hotplate", default="target/release/hotplate")
    ap.add_argument("--keep", help="extract into this folder and keep it")
    args = ap.parse_args()
    corpus = Path(args.shared) / "conformance" / "corpus"
    if not corpus.is_dir():
        print(f"bench_check: {corpus} is absent", file=sys.stderr)
        return 2
    hotplate = str(Path(args.hotplate).resolve())
    root = Path(args.keep or tempfile.mkdtemp(prefix="hotplate-bench-check-"))
    root.mkdir(parents=True, exist_ok=True)
    try:
        jobs = extract(corpus, root)
        print(f"::: {len(jobs)} templates from {corpus}, in {root}")
        print(f"::: {os.cpu_count()} cores, load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")

        t_check, c_check, out = timed([hotplate, "check", "--format", "json", "."], root)
        if out.returncode not in (0, 1):
            print(out.stderr, file=sys.stderr)
            return 2
        report = json.loads(out.stdout)
        t_check1, c_check1, _ = timed([hotplate, "check", "-j", "1", "--format", "json", "."], root)

        start, start_cpu = time.perf_counter(), cpu()
        evals = {}
        for template, env, stack_name in jobs:
            cmd = [hotplate, "eval", "-t", template, "-e", env, "--stack-name", stack_name, "--format", "json"]
            o = subprocess.run(cmd, cwd=root, capture_output=True, text=True)
            result = json.loads(o.stdout) if o.returncode in (0, 1) else {}
            evals[template] = (o.returncode, (result.get("error") or {}).get("type"))
        t_eval, c_eval = time.perf_counter() - start, cpu() - start_cpu
        print(f"::: load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")

        agree = 0
        for t in report["templates"]:
            code, kind = evals.get(t["file"], (None, None))
            mine = (1 if t["status"] == "error" else 0, (t["error"] or {}).get("type"))
            if mine == (code, kind):
                agree += 1
            else:
                print(f"DIFFER {t['file']}: check {mine}, eval {(code, kind)}")
        n = len(jobs)
        print(f"{report['summary']['evaluations']} templates       wall s   CPU s (user+sys)")
        print(f"hotplate check (all cores): {t_check:7.3f} {c_check:7.3f}")
        print(f"hotplate check -j 1:        {t_check1:7.3f} {c_check1:7.3f}")
        print(f"hotplate eval per template: {t_eval:7.3f} {c_eval:7.3f}  ({n} processes)")
        print(
            f"eval per template / check: wall {t_eval / t_check:.1f}x (all cores), {t_eval / t_check1:.1f}x (-j 1); "
            f"CPU {c_eval / c_check:.1f}x"
        )
        print(f"agreement (has errors, Heat's error class): {agree}/{n}")
        return 0 if agree == n else 1
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
