"""action/run.py run as a GitHub runner runs the composite action's step: the
inputs as action.yml passes them (HOTPLATE_*), the runner's variables
(GITHUB_EVENT_NAME, GITHUB_BASE_REF, GITHUB_STEP_SUMMARY, GITHUB_OUTPUT,
RUNNER_TEMP), in a checkout of a pull request whose base branch is on `origin`.

    HOTPLATE_WHEEL_DIR=dist HOTPLATE_NATIVE=target/release/hotplate python3 -m unittest action/test_run.py
    (or: make test-action)

pip installs hotplate from HOTPLATE_WHEEL_DIR only (PIP_FIND_LINKS, PIP_NO_INDEX),
as it would from PyPI. The annotations must be the native CLI's, byte for byte.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

HERE = Path(__file__).resolve().parent
WHEELS = os.environ.get("HOTPLATE_WHEEL_DIR", "")
NATIVE = str(Path(os.environ["HOTPLATE_NATIVE"]).resolve()) if os.environ.get("HOTPLATE_NATIVE") else ""

APP_MAIN = """heat_template_version: 2021-04-16
parameters:
  image: {type: string, default: cirros}
resources:
  server:
    type: OS::Nova::Server
    properties: {image: {get_param: image}, flavor: m1.small, image_update_policy: REPLACE}
"""
BROKEN = """heat_template_version: 2021-04-16
resources:
  server:
    type: OS::Nova::Server
    properties: {image: cirros, flavour: m1.small}
"""
ENV = "parameter_defaults: {image: fedora}\n"


def git(cwd, *args):
    subprocess.run(["git", "-c", "user.email=t@example.invalid", "-c", "user.name=t", *args], cwd=cwd, check=True,
                   capture_output=True)


# core/tests/data/releases/checks/provider_net_flat_segmentation_16: Heat 16.1.0's answer.
FLAT_NET = """heat_template_version: 2021-04-16
resources:
  n:
    type: OS::Neutron::ProviderNet
    properties:
      network_type: flat
      physical_network: physnet1
      segmentation_id: '10'
"""


@unittest.skipUnless(WHEELS, "HOTPLATE_WHEEL_DIR is not set (make test-action builds the wheel and sets it)")
class ActionTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = Path(tempfile.mkdtemp(prefix="hotplate-action-"))
        cls.runner_temp = cls.tmp / "runner-temp"  # one venv for all the runs, as a job's steps share it
        cls.runner_temp.mkdir()

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp, ignore_errors=True)

    def pull_request(self, name, files):
        """A checkout of a pull request onto `main` (on `origin`) that changes `files`;
        origin/main is not fetched yet (a shallow pull-request checkout)."""
        root = self.tmp / name
        origin, work = root / "origin.git", root / "work"
        work.mkdir(parents=True)
        git(work, "init", "-q", "-b", "main")
        (work / "stacks").mkdir()
        (work / "stacks/app.yaml").write_text(APP_MAIN)
        (work / "stacks/env.yaml").write_text("parameter_defaults: {image: cirros}\n")
        git(work, "add", ".")
        git(work, "commit", "-q", "-m", "base")
        git(root, "clone", "-q", "--bare", str(work), str(origin))
        git(work, "remote", "add", "origin", str(origin))
        git(work, "checkout", "-q", "-b", "pr")
        for path, text in files.items():
            (work / path).write_text(text)
        git(work, "add", ".")
        git(work, "commit", "-q", "-m", "change")
        return work

    def run_action(self, cwd, **inputs):
        """Run the step; its exit status, log, summary and outputs."""
        summary, output = cwd / "step-summary.md", cwd / "github-output"
        for f in (summary, output):
            f.write_text("")
        environ = {k: v for k, v in os.environ.items() if not k.startswith(("GITHUB_", "HOTPLATE_", "PIP_"))}
        environ.update(
            GITHUB_ACTIONS="true",
            GITHUB_ACTION_PATH=str(HERE.parent),
            GITHUB_WORKSPACE=str(cwd),
            GITHUB_EVENT_NAME=inputs.pop("event", "pull_request"),
            GITHUB_BASE_REF="main",
            GITHUB_STEP_SUMMARY=str(summary),
            GITHUB_OUTPUT=str(output),
            RUNNER_TEMP=str(self.runner_temp),
            PIP_FIND_LINKS=str(Path(WHEELS).resolve()),
            PIP_NO_INDEX="1",
        )
        # action.yml's defaults, then the inputs given.
        defaults = {"paths": ".", "format": "github", "fail-on": "error", "heat-config": "", "heat-release": "", "plan": "", "base": "",
                    "sarif-file": "hotplate.sarif", "version": "", "args": ""}
        for key, value in {**defaults, **inputs}.items():
            environ["HOTPLATE_" + key.replace("-", "_").upper()] = value
        p = subprocess.run([sys.executable, str(HERE / "run.py")], cwd=cwd, env=environ, capture_output=True, text=True)
        outputs = dict(line.split("=", 1) for line in output.read_text().splitlines())
        return p.returncode, p.stdout + p.stderr, summary.read_text(), outputs

    def native(self, cwd, *args):
        if not NATIVE:
            self.skipTest("HOTPLATE_NATIVE is not set")
        return subprocess.run([NATIVE, *args], cwd=cwd, capture_output=True, text=True).stdout

    def test_a_pull_request_with_errors_is_annotated_planned_and_fails(self):
        work = self.pull_request("errors", {"stacks/env.yaml": ENV, "broken.yaml": BROKEN})
        status, log, summary, outputs = self.run_action(
            work, format="github,sarif", plan="stacks/app.yaml -e stacks/env.yaml\nstacks/missing.yaml")
        self.assertEqual(status, 1, log)
        # The annotations are the CLI's github format, as the native binary writes it.
        annotations = self.native(work, "check", "--format", "github")
        self.assertIn("::error file=broken.yaml", annotations)
        self.assertIn(annotations, log)
        sarif = json.loads((work / "hotplate.sarif").read_text())
        self.assertEqual(sarif["version"], "2.1.0")
        self.assertEqual(json.dumps(sarif), json.dumps(json.loads(self.native(work, "check", "--format", "sarif"))))
        self.assertEqual(outputs["exit-code"], "1")
        self.assertEqual(outputs["sarif-file"], "hotplate.sarif")
        self.assertGreaterEqual(int(outputs["errors"]), 1)
        self.assertIn("### hotplate check", summary)
        self.assertIn("| `broken.yaml` |", summary)
        # The plan against origin/main, fetched by the step: the image change replaces the server.
        self.assertIn("git fetch --no-tags --depth=1 origin main", log)
        self.assertIn("### hotplate plan (against `origin/main`)", summary)
        planned = self.native(work, "plan", "-t", "stacks/app.yaml", "-e", "stacks/env.yaml", "--base", "origin/main",
                              "--format", "markdown")
        self.assertIn("1 to replace", planned)
        self.assertIn(planned, summary)
        # A stack that is not in the base is reported, not a failure of the step.
        self.assertIn("`stacks/missing.yaml`: not planned:", summary)

    def test_fail_on_replace_fails_a_valid_pull_request_that_replaces(self):
        work = self.pull_request("replace", {"stacks/env.yaml": ENV})
        plan = "stacks/app.yaml -e stacks/env.yaml"
        status, log, summary, outputs = self.run_action(work, plan=plan)
        self.assertEqual((status, outputs["exit-code"], outputs["errors"]), (0, "0", "0"), log)
        self.assertIn("### hotplate plan", summary)
        status, log, _, _ = self.run_action(work, plan=plan, **{"fail-on": "error,replace"})
        self.assertEqual(status, 1, log)

    def test_outside_pull_requests_no_plan_and_fail_on_never(self):
        work = self.pull_request("push", {"broken.yaml": BROKEN})
        status, log, summary, outputs = self.run_action(
            work, event="push", plan="stacks/app.yaml", format="text,json,junit", **{"fail-on": "never"})
        self.assertEqual(status, 0, log)
        self.assertEqual(outputs["exit-code"], "1")
        self.assertIn("plan: only on pull requests", log)
        self.assertNotIn("hotplate plan", summary)
        self.assertIn(self.native(work, "check", "--format", "text"), log)
        self.assertEqual((work / "hotplate.json").read_text(), self.native(work, "check", "--format", "json"))
        self.assertIn("<testsuite", (work / "hotplate.junit.xml").read_text())

    def test_heat_config_paths_and_bad_inputs(self):
        work = self.pull_request("inputs", {"broken.yaml": BROKEN})
        status, log, _, outputs = self.run_action(work, paths="stacks", **{"heat-config": "max_resources_per_stack=0"})
        self.assertEqual(outputs["exit-code"], "1", log)
        self.assertIn(self.native(work, "check", "stacks", "--heat-config", "max_resources_per_stack=0", "--format",
                                  "github"), log)
        status, log, _, outputs = self.run_action(work, paths="stacks")
        self.assertEqual((status, outputs["exit-code"]), (0, "0"), log)
        status, log, _, _ = self.run_action(work, format="xml")
        self.assertEqual(status, 2, log)
        self.assertIn("unknown format ['xml']", log)
        status, log, summary, outputs = self.run_action(work, **{"heat-config": "no_such_setting=1"})
        self.assertEqual((status, outputs["exit-code"]), (2, "2"), log)
        self.assertIn("Could not run (exit status 2)", summary)

    def test_heat_release(self):
        # Heat 16.1.0 checks a flat provider network's segmentation_id; 27.0.1 refuses it by type alone.
        work = self.pull_request("release", {"net.yaml": FLAT_NET})
        status, log, _, outputs = self.run_action(work, **{"heat-release": "16.1.0"})
        self.assertEqual(outputs["exit-code"], "1", log)
        self.assertIn("segmentation_id not allowed for flat network type.", log)
        self.assertIn(self.native(work, "check", "--heat-release", "16.1.0", "--format", "github"), log)
        status, log, _, _ = self.run_action(work)
        self.assertNotIn("segmentation_id not allowed for flat network type.", log)
        status, log, summary, outputs = self.run_action(work, **{"heat-release": "15.0.0"})
        self.assertEqual((status, outputs["exit-code"]), (2, "2"), log)
        self.assertIn("unknown Heat release '15.0.0'", summary)


if __name__ == "__main__":
    unittest.main()
