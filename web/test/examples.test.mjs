// The gallery's examples (web/examples/) are clean: the lint rules on by
// default find nothing in them (issue 39: the first example shipped a W2004
// warning, example 03 a W8001). An example that teaches a rule would name it here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { evaluate } from "../../packages/hotplate/lib/node.js";

const dir = fileURLToPath(new URL("../examples", import.meta.url));
/** Examples that teach a rule: the rules they show. */
const TEACHES = {};

test("the gallery's examples ship no lint finding unless they teach its rule", () => {
  const ids = readdirSync(dir).filter((f) => f.endsWith(".json") && !f.endsWith(".expected.json"));
  assert.ok(ids.length >= 8);
  for (const f of ids) {
    const request = JSON.parse(readFileSync(join(dir, f), "utf8"));
    const found = evaluate(request, { lint: {} }).lint.map((d) => d.code);
    assert.deepEqual(found, TEACHES[f] ?? [], `${f}: ${found.join(", ")}`);
  }
});
