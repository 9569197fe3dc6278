// Unit tests of end-of-task.ts's Slices: a result's drawing goes on in a new
// task only once the current one has run past its budget.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Slices } from "../build-unit/end-of-task.js";

/** Whether `p` settles before the current task's microtasks run out. */
async function withinTask(p) {
  let settled = false;
  void p.then(() => (settled = true));
  for (let i = 0; i < 100; i++) await Promise.resolve();
  return settled;
}

test("Slices: within the budget next() goes on in the same task; past it, in a new one", async () => {
  const fresh = new Slices(performance.now(), 60_000);
  assert.equal(await withinTask(fresh.next()), true);
  // The task began long ago (a big answer's receipt): a new task, then a fresh budget.
  const late = new Slices(performance.now() - 1_000, 500);
  const p = late.next();
  assert.equal(await withinTask(p), false);
  await p;
  assert.equal(await withinTask(late.next()), true);
});
