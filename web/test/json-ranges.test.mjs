// Unit tests of json-ranges.ts: the range of the value at a path in a JSON text.
import { test } from "node:test";
import assert from "node:assert/strict";
import { jsonRanges } from "../build-unit/json-ranges.js";

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
