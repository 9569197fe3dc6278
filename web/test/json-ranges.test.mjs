// Unit tests of json-ranges.ts: the range of the value at a path in a JSON text.
import { test } from "node:test";
import assert from "node:assert/strict";
import { jsonRanges, topLevelValue } from "../build-unit/json-ranges.js";

const text = JSON.stringify({ a: { "k\"ey": [1, "x,]}", { deep: null }], b: true }, outputs: { o: { value: "pool", error: null } } }, null, 2);
const at = (path) => {
  const r = jsonRanges(text, [path]).get(JSON.stringify(path));
  return r && text.slice(r[0], r[1]);
};

test("jsonRanges: scalars, strings with JSON's punctuation, containers, nested lists", () => {
  assert.equal(at(["outputs", "o", "value"]), '"pool"');
  assert.equal(at(["a", 'k"ey', 1]), '"x,]}"');
  assert.equal(at(["a", 'k"ey', 2, "deep"]), "null");
  assert.equal(at(["a", 'k"ey', 2]), '{\n        "deep": null\n      }');
  assert.equal(at(["a", "b"]), "true");
  assert.equal(at(["outputs", "o", "error"]), "null");
});

test("jsonRanges: a path not in the text has no range; many at once", () => {
  assert.equal(at(["outputs", "p", "value"]), undefined);
  assert.equal(at(["a", 'k"ey', 7]), undefined);
  const all = jsonRanges(text, [["a", "b"], ["outputs", "o", "value"]]);
  assert.equal(all.size, 2);
});

test("topLevelValue: a top-level value of an indent-2 text without parsing the rest", () => {
  const result = { conditions: {}, error: null, nested: { a: { error: { message: 'x\n  "outputs": 1', path: null, type: "T" }, outputs: { deep: 1 } } }, outputs: { o: { error: "bad", value: null } }, template_version: "2021-04-16" };
  const text = JSON.stringify(result, null, 2);
  assert.equal(topLevelValue(text, "error"), null);
  assert.deepEqual(topLevelValue(text, "outputs"), result.outputs, "not a nested stack's, nor a string's text");
  assert.equal(topLevelValue(text, "template_version"), "2021-04-16", "the last key");
  assert.deepEqual(topLevelValue(text, "nested"), result.nested);
  assert.equal(topLevelValue(text, "absent"), undefined);
  const refused = JSON.stringify({ ...result, error: { message: "m", path: ["a"], type: "T" } }, null, 2);
  assert.deepEqual(topLevelValue(refused, "error"), { message: "m", path: ["a"], type: "T" });
});
