// Unit tests of locate.ts: a parameter's value found in an environment file, a
// constraint error moved there, and the problems list's order.
import { test } from "node:test";
import assert from "node:assert/strict";
import { byFileThenLine, findParameterValue, placeUnlocated, relocate } from "../build-unit/locate.js";

const diag = (o) => ({ code: "x", severity: "error", message: "m", path: "", file: "template.yaml", from: 0, to: 0, line: 1, column: 1, ...o });

test("findParameterValue: the value under the right section, comments left out", () => {
  const text = "parameters:\n  size: wrong\nparameter_defaults:\n  other: 1\n  'size': huge  # why\n";
  const at = findParameterValue(text, "parameter_defaults", "size");
  assert.equal(text.slice(at.from, at.to), "huge");
  const p = findParameterValue(text, "parameters", "size");
  assert.equal(text.slice(p.from, p.to), "wrong");
  assert.equal(findParameterValue(text, "parameters", "other"), null);
  // A block value: the key is marked.
  const block = "parameter_defaults:\n  tags:\n    - a\n";
  const b = findParameterValue(block, "parameter_defaults", "tags");
  assert.equal(block.slice(b.from, b.to), "tags");
});

test("relocate: a constraint error whose value comes from an environment file moves there", () => {
  const d = diag({ code: "invalid-parameter", message: "Parameter 'size' is invalid: \"huge\" is not an allowed value", line: 4, from: 60 });
  const env = [{ name: "env1.yaml", text: "parameter_defaults:\n  other: 1\n  size: huge\n" }];
  const info = { name: "size", source: "user_default", file: "env1.yaml" };
  const moved = relocate(d, [info], env);
  assert.deepEqual([moved.file, moved.line, moved.column, env[0].text.slice(moved.from, moved.to)], ["env1.yaml", 3, 9, "huge"]);
  // A template default or a form value stays where the engine put it.
  assert.equal(relocate(d, [{ ...info, source: "default", file: null }], env), d);
  assert.equal(relocate(d, [{ ...info, source: "user", file: "parameters" }], env), d);
  const other = diag({ code: "property-error" });
  assert.equal(relocate(other, [info], env), other);
});

test("byFileThenLine: template, environment files in order, files, then unlocated", () => {
  const ds = [diag({ file: null, line: 0 }), diag({ file: "b.yaml", line: 1 }), diag({ line: 10 }), diag({ file: "a.yaml", line: 7 }), diag({ line: 6 })];
  const order = byFileThenLine(ds, ["template.yaml", "b.yaml", "a.yaml"]).map((d) => `${d.file}:${d.line}`);
  assert.deepEqual(order, ["template.yaml:6", "template.yaml:10", "b.yaml:1", "a.yaml:7", "null:0"]);
});

test("placeUnlocated: a dependency cycle at its first resource, a merge conflict at its strategy", () => {
  const template = { name: "template.yaml", text: "heat_template_version: 2021-04-16\nresources:\n  a: {type: OS::Heat::None, depends_on: b}\n  b: {type: OS::Heat::None, depends_on: a}\n" };
  const cycle = placeUnlocated(diag({ code: "dependency-cycle", file: null, line: 0, column: 0, message: 'Circular Dependency Found: {NoneResource "a": {NoneResource "b"}, NoneResource "b": {NoneResource "a"}}' }), template, []);
  assert.deepEqual([cycle.file, cycle.line, cycle.column, template.text.slice(cycle.from, cycle.to)], ["template.yaml", 3, 3, "a"]);
  const env = { name: "b.yaml", text: "parameter_merge_strategies:\n  p: overwrite\nparameters:\n  p: [2]\n" };
  const conflict = placeUnlocated(diag({ code: "conflicting-merge-strategy", file: null, line: 0, message: "Conflicting merge strategy 'overwrite' for parameter 'p' in file 'b.yaml'." }), template, [env]);
  assert.deepEqual([conflict.file, conflict.line, env.text.slice(conflict.from, conflict.to)], ["b.yaml", 2, "p"]);
  // Nothing to go on: left unlocated.
  const bad = diag({ code: "bad-merge", file: null, line: 0, message: "Invalid parameter in environment ." });
  assert.equal(placeUnlocated(bad, template, [env]), bad);
});

test("placeUnlocated: a parameter the template does not declare is marked in the last environment file that sets it", () => {
  const d = diag({ code: "unknown-parameter", message: "The Parameter (extra) was not defined in template.", file: null, line: 0, column: 0 });
  const envs = [{ name: "a.yaml", text: "parameters:\n  extra: 1\n" }, { name: "b.yaml", text: "parameter_defaults:\n  extra: 2\nparameters:\n  x: 1\n  extra: 3\n" }];
  const placed = placeUnlocated(d, { name: "template.yaml", text: "" }, envs);
  assert.deepEqual([placed.file, placed.line, placed.column, envs[1].text.slice(placed.from, placed.to)], ["b.yaml", 5, 3, "extra"]);
  // An explicit value (no file sets it) stays unlocated.
  assert.equal(placeUnlocated(d, { name: "template.yaml", text: "" }, [{ name: "c.yaml", text: "parameter_defaults:\n  extra: 1\n" }]), d);
});
