// Unit tests of values.ts's deltas: the worker sends only the value texts that
// changed since its previous answer, and the runner rebuilds the whole set.
import { test } from "node:test";
import assert from "node:assert/strict";
import { applyValuesDelta, valuesDelta } from "../build-unit/values.js";

const v = (text, marks = []) => ({ text, marks });
const mark = (from, to, label) => ({ path: [], label, exact: true, from, to });

test("valuesDelta: everything first, then only what changed and what went", () => {
  const a = { x: v("1\n"), y: v("⟨r⟩\n", [mark(0, 3, "get_attr r")]), z: v("z\n") };
  assert.deepEqual(valuesDelta(null, a), { full: true, changed: a, removed: [] });
  const b = { x: v("1\n"), y: v("⟨r⟩\n", [mark(0, 3, "get_attr s")]), w: v("w\n") };
  // A mark alone differs: sent again; z is gone, w is new.
  assert.deepEqual(valuesDelta(a, b), { full: false, changed: { y: b.y, w: b.w }, removed: ["z"] });
  assert.deepEqual(valuesDelta(b, structuredClone(b)), { full: false, changed: {}, removed: [] });
});

test("applyValuesDelta: rebuilds the whole values without touching the previous ones", () => {
  const a = { x: v("1\n"), z: v("z\n") };
  const b = { x: v("2\n"), w: v("w\n") };
  const merged = applyValuesDelta(a, valuesDelta(a, b));
  assert.deepEqual(merged, b);
  assert.deepEqual(Object.keys(a), ["x", "z"]); // a result already shown keeps its values
  assert.equal(applyValuesDelta(b, valuesDelta(b, { ...b })), b); // nothing changed: the same object
  const full = valuesDelta(null, a);
  assert.equal(applyValuesDelta(b, full), a);
});
