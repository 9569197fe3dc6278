// Unit tests of values.ts's deltas: the worker sends only the value texts that
// changed since its previous answer (as the engine's session says), and the runner
// rebuilds the whole set.
import { test } from "node:test";
import assert from "node:assert/strict";
import { applyValuesDelta, pathKey, takeShownTexts } from "../build-unit/values.js";

const v = (text, marks = []) => ({ text, marks });
const mark = (from, to, label) => ({ path: [], label, exact: true, from, to });
const shown = (path, value) => ({ path, ...value });

test("takeShownTexts: the engine's full answer, then only what changed and what went", () => {
  const [x, y, z, w] = [["parameters", "x"], ["parameters", "y"], ["outputs", "z", "value"], ["parameters", "w"]];
  const a = { x: v("1\n"), y: v("⟨r⟩\n", [mark(0, 3, "get_attr r")]), z: v("z\n") };
  const first = takeShownTexts(null, { call: 1, full: true, changed: [shown(x, a.x), shown(y, a.y), shown(z, a.z)], removed: [] });
  const whole = { [pathKey(x)]: a.x, [pathKey(y)]: a.y, [pathKey(z)]: a.z };
  assert.deepEqual(first, { values: whole, delta: { full: true, changed: whole, removed: [] } });
  // y's mark changed, z is gone, w is new: the held values are updated in place.
  const y2 = v("⟨r⟩\n", [mark(0, 3, "get_attr s")]);
  const next = takeShownTexts(first.values, { call: 2, full: false, changed: [shown(y, y2), shown(w, v("w\n"))], removed: [z] });
  assert.equal(next.values, first.values);
  assert.deepEqual(next.values, { [pathKey(x)]: a.x, [pathKey(y)]: y2, [pathKey(w)]: v("w\n") });
  assert.deepEqual(next.delta, { full: false, changed: { [pathKey(y)]: y2, [pathKey(w)]: v("w\n") }, removed: [pathKey(z)] });
  // A full answer replaces what is held (another format, a fresh engine); nothing held: full too.
  const again = takeShownTexts(next.values, { call: 1, full: true, changed: [shown(x, a.x)], removed: [] });
  assert.notEqual(again.values, next.values);
  assert.deepEqual(again.values, { [pathKey(x)]: a.x });
  assert.equal(takeShownTexts(null, { call: 3, full: false, changed: [], removed: [x] }).delta.full, true);
});

test("applyValuesDelta: rebuilds the whole values without touching the previous ones", () => {
  const a = { x: v("1\n"), z: v("z\n") };
  const b = { x: v("2\n"), w: v("w\n") };
  const merged = applyValuesDelta(a, { full: false, changed: { x: b.x, w: b.w }, removed: ["z"] });
  assert.deepEqual(merged, b);
  assert.deepEqual(Object.keys(a), ["x", "z"]); // a result already shown keeps its values
  assert.equal(applyValuesDelta(b, { full: false, changed: {}, removed: [] }), b); // nothing changed: the same object
  assert.equal(applyValuesDelta(b, { full: true, changed: a, removed: [] }), a);
});
