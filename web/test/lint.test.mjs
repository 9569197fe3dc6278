// Unit tests of lint.ts and the lint setting of state.ts (compiled to build-unit/
// by `make test-web`): which problems are lint findings, the count beside the
// error count, and which rules the setting runs.
import { test } from "node:test";
import assert from "node:assert/strict";
import { isLintFinding, lintCount, problems } from "../build-unit/lint.js";
import { asWorkspace, emptyWorkspace, evaluateOptions, fromRequest, lintMode } from "../build-unit/state.js";

const at = (code, severity, extra = {}) => ({ code, severity, message: code, path: "", file: "template.yaml", from: 0, to: 1, line: 1, column: 1, endLine: 1, endColumn: 2, ...extra });
const finding = (code, severity = "warning") => at(code, severity, { help: `https://example.invalid/hotplate/blob/main/docs/rules/${code}.md` });

test("a lint finding is a diagnostic that links to its rule; Heat's never do", () => {
  assert.equal(isLintFinding(finding("W1001")), true);
  assert.equal(isLintFinding(at("property-error", "error")), false);
  assert.equal(isLintFinding(at("duplicate-key", "warning")), false);
});

test("the count beside the errors counts lint findings only, the rules in its title", () => {
  assert.equal(lintCount([]), null);
  assert.equal(lintCount([at("property-error", "error"), at("duplicate-key", "warning")]), null);
  const c = lintCount([at("property-error", "error"), finding("W3006"), finding("W1001"), finding("W1001"), finding("I0001", "info")]);
  assert.equal(c.text, "warnings: 4");
  assert.match(c.title, /^hotplate's lint rules found I0001, W1001 ×2, W3006: /);
});

test("problems are Heat's diagnostics, then the lint findings, each placed", () => {
  const r = { diagnostics: [at("property-error", "error")], lint: [finding("W1001")] };
  const placed = problems(r, (d) => ({ ...d, line: d.line + 1 }));
  assert.deepEqual(placed.map((d) => [d.code, d.line]), [["property-error", 2], ["W1001", 2]]);
});

test("the lint setting: on (the default rules), all, off; anything else is the default", () => {
  const settings = (lint) => ({ ...emptyWorkspace().settings, lint });
  assert.deepEqual(evaluateOptions(settings("on")), { lint: {} });
  assert.deepEqual(evaluateOptions(settings("all")), { lint: { enable: ["all"] } });
  assert.deepEqual(evaluateOptions(settings("off")), {});
  assert.deepEqual(evaluateOptions(settings("loud")), { lint: {} });
  assert.equal(lintMode(null), "on");
  assert.equal(lintMode("toString"), "on", "only the modes themselves, not an object's properties");
  // It travels with the workspace (share links, localStorage): checked when read back.
  const ws = emptyWorkspace();
  assert.equal(ws.settings.lint, "on");
  assert.equal(asWorkspace({ ...ws, settings: { ...ws.settings, lint: "off" } }).settings.lint, "off");
  assert.equal(asWorkspace({ ...ws, settings: { ...ws.settings, lint: "nonsense" } }).settings.lint, "on");
  assert.equal(asWorkspace({ ...ws, settings: { stackName: "x" } }).settings.lint, "on", "a link from before the setting");
  assert.equal(fromRequest({ stack_name: "s", template: "x" }).settings.lint, "on");
});
