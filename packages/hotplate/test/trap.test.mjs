// A trap (a Rust panic is an `unreachable` in wasm) must not leave a dead engine:
// the wrapper re-creates the instance and answers that call with an error.
// Uses a glue built with the `test-panic` feature (HOTPLATE_TEST_GLUE, made by
// `make test-package`).
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { bind } from "../lib/api.js";

const dir = process.env.HOTPLATE_TEST_GLUE;
const skip = !dir || !existsSync(join(dir, "hotplate_wasm.js")) ? "HOTPLATE_TEST_GLUE is not set (make test-package sets it)" : false;

test("the engine survives a trap", { skip }, async () => {
  const glue = await import(pathToFileURL(join(dir, "hotplate_wasm.js")).href);
  glue.initSync({ module: readFileSync(join(dir, "hotplate_wasm_bg.wasm")) });
  const api = bind(glue);
  const ok = { stack_name: "s", template: "heat_template_version: 2021-04-16\noutputs:\n  o: {value: 1}\n" };
  assert.equal(api.evaluate(ok).result.outputs.o.value, 1);
  const crashed = api.evaluate({ ...ok, "x-test-panic": true });
  assert.equal(crashed.result.error.type, "InternalError");
  assert.match(crashed.result.error.message, /crashed on this input .* and was restarted/);
  assert.equal(crashed.diagnostics[0].code, "internal-error");
  // The next calls run on a fresh instance.
  assert.equal(api.evaluate(ok).result.outputs.o.value, 1);
  assert.deepEqual(api.yaql("$.data + 1", 1), { ok: true, value: 2, json: "2" });
  // An evaluation held across a crash lived in the old instance: it answers
  // empty, and freeing it touches nothing of the new one.
  const held = api.evaluation(ok);
  assert.ok(held.texts("yaml").length > 0);
  api.evaluate({ ...ok, "x-test-panic": true });
  assert.deepEqual(held.texts("yaml"), []);
  assert.deepEqual(held.textsSince("yaml", 1), { call: 0, full: true, changed: [], removed: [] });
  assert.deepEqual(held.resourceDigests("yaml"), {});
  assert.equal(held.render(["outputs", "o", "value"], "yaml"), null);
  assert.deepEqual(held.quickFixes("template.yaml"), []);
  held.free();
  assert.equal(api.evaluate(ok).result.outputs.o.value, 1);
});
