#!/usr/bin/env python3
"""The hotplate GitHub Action's one step (action.yml): install hotplate from its
wheel, check the templates, plan the stacks on pull requests.

Inputs arrive as HOTPLATE_* environment variables (action.yml maps each input to
one); the runner's own are GITHUB_* and RUNNER_TEMP. What it does:

1. `pip install hotplate==VERSION` into a venv under RUNNER_TEMP (VERSION: the
   `version` input, else the one this repository's pyproject.toml pins, so
   `uses: …@v1` runs the hotplate of v1). pip's own settings apply
   (PIP_INDEX_URL, PIP_FIND_LINKS).
2. `hotplate check PATHS --format json` for the counts (outputs `errors`,
   `warnings`, `exit-code`; a table in the job summary), then each output of
   `format`: `github` annotations and `text` in the log, `sarif`, `json`,
   `junit` files.
3. On pull requests, each line of `plan`: `hotplate plan -t LINE --base BASE
   --format markdown` appended to `$GITHUB_STEP_SUMMARY` (BASE: `base`, else
   `origin/$GITHUB_BASE_REF`, fetched when missing), and its annotations.

Exit status 1 when `fail-on` says so (a template with errors: `error`; a plan
that replaces, deletes, stops at `restricted_actions` or changes anything:
`replace`, `delete`, `restricted`, `change`), or when hotplate could not run.
Only the standard library: it runs on the runner's python3.
"""

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
FORMATS = ("github", "sarif", "text", "json", "junit")
PLAN_FAIL_ON = ("replace", "delete", "restricted", "change")


def env(name, default=""):
    return os.environ.get(name, default).strip()


def words(value):
    """Items separated by commas, spaces or newlines."""
    return [w for w in re.split(r"[,\s]+", value) if w]


def log(line=""):
    print(line, flush=True)


def set_output(name, value):
    path = env("GITHUB_OUTPUT")
    if path:
        with open(path, "a", encoding="utf-8") as f:
            f.write(f"{name}={value}\n")


def summary(text):
    path = env("GITHUB_STEP_SUMMARY")
    if path:
        with open(path, "a", encoding="utf-8") as f:
            f.write(text if text.endswith("\n") else text + "\n")


def pinned_version():
    """The hotplate version this repository's pyproject.toml depends on."""
    text = (HERE.parent / "pyproject.toml").read_text(encoding="utf-8")
    m = re.search(r'"hotplate==([^"]+)"', text)
    return m.group(1) if m else ""


def install(version):
    """A venv with hotplate==version; the path of its `hotplate`."""
    venv = Path(env("RUNNER_TEMP") or "/tmp") / "hotplate-venv"
    scripts = venv / ("Scripts" if os.name == "nt" else "bin")
    exe = scripts / ("hotplate.exe" if os.name == "nt" else "hotplate")
    log(f"::group::Install hotplate {version} (pip)")
    try:
        if not (scripts / "python").exists() and not (scripts / "python.exe").exists():
            subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
        pip = [str(scripts / "python"), "-m", "pip", "install", "--disable-pip-version-check", "--quiet"]
        subprocess.run(pip + [f"hotplate=={version}" if version else "hotplate"], check=True)
        subprocess.run([str(exe), "--version"], check=True)
    finally:
        log("::endgroup::")
    return str(exe)


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, encoding="utf-8", **kw)


def check(hotplate, formats, fail_on):
    """Run the check in each format; return (status, failed)."""
    args = words(env("HOTPLATE_PATHS", ".")) or ["."]
    for setting in env("HOTPLATE_HEAT_CONFIG").splitlines():
        if setting.strip():
            args += ["--heat-config", setting.strip()]
    args += release_args()
    args += shlex.split(env("HOTPLATE_ARGS"))
    base = [hotplate, "check", *args]
    log(f"$ hotplate check {shlex.join(args)}")
    counted = run(base + ["--format", "json"])
    status = counted.returncode
    set_output("exit-code", status)
    if status not in (0, 1):
        sys.stderr.write(counted.stderr)
        log(f"::error title=hotplate::hotplate check could not run (exit status {status}): {counted.stderr.strip()}")
        summary(f"### hotplate check\n\nCould not run (exit status {status}):\n\n```\n{counted.stderr.strip()}\n```\n")
        return status, True
    report = json.loads(counted.stdout)
    totals = report.get("summary", {})
    errors, warnings = totals.get("errors", 0), totals.get("warnings", 0)
    set_output("errors", errors)
    set_output("warnings", warnings)
    lines = [
        "### hotplate check",
        "",
        f"{totals.get('templates', 0)} templates, {totals.get('evaluations', 0)} evaluations: "
        f"**{errors} errors**, {warnings} warnings.",
    ]
    failing = [t for t in report.get("templates", []) if t.get("status") != "ok"]
    if failing:
        lines += ["", "| template | check | Heat's error |", "|---|---|---|"]
        for t in failing:
            err = t.get("error") or {}
            message = f"{err.get('type', '')}: {err.get('message', '')}" if err else t.get("io_error") or ""
            cell = message.replace("|", "\\|").replace("\n", " ")
            lines.append(f"| `{t.get('file')}` | {t.get('check') or ''} | {cell[:300]} |")
    summary("\n".join(lines) + "\n")
    for fmt in formats:
        if fmt == "json":
            Path("hotplate.json").write_text(counted.stdout, encoding="utf-8")
            log("hotplate.json written")
            continue
        out = run(base + ["--format", fmt])
        if fmt in ("github", "text"):
            sys.stdout.write(out.stdout)
            sys.stdout.flush()
        elif fmt == "sarif":
            sarif = env("HOTPLATE_SARIF_FILE", "hotplate.sarif") or "hotplate.sarif"
            Path(sarif).write_text(out.stdout, encoding="utf-8")
            set_output("sarif-file", sarif)
            log(f"{sarif} written")
        elif fmt == "junit":
            Path("hotplate.junit.xml").write_text(out.stdout, encoding="utf-8")
            log("hotplate.junit.xml written")
    return status, status == 1 and "error" in fail_on


def base_revision():
    """The revision plans compare with, fetched when it is origin's and missing."""
    base = env("HOTPLATE_BASE") or (f"origin/{env('GITHUB_BASE_REF')}" if env("GITHUB_BASE_REF") else "")
    if not base:
        return ""
    known = run(["git", "rev-parse", "--verify", "--quiet", f"{base}^{{commit}}"]).returncode == 0
    if not known and base.startswith("origin/"):
        branch = base[len("origin/"):]
        log(f"$ git fetch --no-tags --depth=1 origin {branch}")
        run(["git", "fetch", "--no-tags", "--depth=1", "origin", f"+refs/heads/{branch}:refs/remotes/origin/{branch}"])
    return base


def release_args():
    """`--heat-release` of the `heat-release` input, if given."""
    release = env("HOTPLATE_HEAT_RELEASE").strip()
    return ["--heat-release", release] if release else []


def plan(hotplate, formats, fail_on):
    """Each stack of `plan` against the base; return whether one fails the step."""
    stacks = [line.strip() for line in env("HOTPLATE_PLAN").splitlines() if line.strip()]
    if not stacks:
        return False
    if not env("GITHUB_EVENT_NAME").startswith("pull_request"):
        log(f"plan: only on pull requests (this is a {env('GITHUB_EVENT_NAME') or 'run'} event)")
        return False
    base = base_revision()
    if not base:
        log("::warning title=hotplate::plan: no base revision (set the `base` input)")
        return False
    plan_fail = [f for f in fail_on if f in PLAN_FAIL_ON]
    extra = ["--fail-on", ",".join(plan_fail)] if plan_fail else []
    failed = False
    summary(f"### hotplate plan (against `{base}`)\n")
    for line in stacks:
        args = shlex.split(line)
        if not any(a in ("-t", "--to") or a.startswith("--to=") for a in args):
            args = ["-t", *args]
        extra_all = release_args() + extra
        cmd = [hotplate, "plan", *args, "--base", base, *extra_all]
        log(f"$ hotplate plan {shlex.join(args + ['--base', base] + extra_all)}")
        out = run(cmd + ["--format", "markdown"])
        if out.returncode not in (0, 1):
            message = out.stderr.strip()
            log(f"::warning title=hotplate plan::{message}")
            summary(f"`{line}`: not planned: {message}\n")
            continue
        summary(out.stdout)
        if "github" in formats:
            sys.stdout.write(run(cmd + ["--format", "github"]).stdout)
        if out.returncode == 1 and (plan_fail or "error" in fail_on):
            failed = True
    return failed


def main():
    formats = [f.lower() for f in words(env("HOTPLATE_FORMAT", "github"))] or ["github"]
    unknown = [f for f in formats if f not in FORMATS]
    fail_on = [f.lower() for f in words(env("HOTPLATE_FAIL_ON", "error"))]
    bad = [f for f in fail_on if f not in ("error", "never", *PLAN_FAIL_ON)]
    if unknown or bad:
        log(f"::error title=hotplate::unknown format {unknown} or fail-on {bad} "
            f"(format: {', '.join(FORMATS)}; fail-on: error, never, {', '.join(PLAN_FAIL_ON)})")
        return 2
    version = env("HOTPLATE_VERSION") or pinned_version()
    try:
        hotplate = install(version)
    except subprocess.CalledProcessError as e:
        log(f"::error title=hotplate::could not install hotplate {version}: {e}")
        return 2
    status, failed = check(hotplate, formats, fail_on)
    if status not in (0, 1):
        return status
    if plan(hotplate, formats, fail_on):
        failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
