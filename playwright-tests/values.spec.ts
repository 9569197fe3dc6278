// Acceptance: every value the result panes show is the engine's text for that
// value. For each example of the page's picker and each corpus-full case whose
// expected result has no error, the page (worker, panes, DOM) shows the case;
// independently, this process evaluates the same request with the npm package
// in Node and asks its renderer (`renderValue`, the core's render.rs, as the
// CLI prints) for the YAML text of each value a pane must show. The paths are
// enumerated here from the result the panes show (the canonical one, or past
// Heat's first error the display evaluation's), not taken from the page, so a
// value the page leaves out, puts under the wrong path, re-formats or cuts is
// a failure. All cases run in one page, one after the other (share links).
import { expect, test } from "@playwright/test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { encodeWorkspace } from "../web/src/share";
import { fromRequest, toRequest } from "../web/src/state";
import { firstResult } from "./helpers";

type Step = string | number;
type Json = Record<string, any>;

const here = dirname(fileURLToPath(import.meta.url));
const SHARED = resolve(here, "../../shared");
const CORPUS = join(SHARED, "conformance/corpus-full");
const EXAMPLES = resolve(here, "../web/examples");

/** The cases: the examples, then corpus-full cases whose expected result has no error. */
function cases(): { name: string; request: Json }[] {
  const out: { name: string; request: Json }[] = [];
  const json = (f: string) => JSON.parse(readFileSync(f, "utf8"));
  for (const f of readdirSync(EXAMPLES).filter((f) => f.endsWith(".json") && !f.endsWith(".expected.json")).sort()) {
    out.push({ name: `example ${f}`, request: json(join(EXAMPLES, f)) });
  }
  for (const f of readdirSync(CORPUS).filter((f) => f.endsWith(".json") && !f.endsWith(".expected.json")).sort()) {
    const expected = json(join(CORPUS, f.replace(/\.json$/, ".expected.json")));
    if (expected.error === null) out.push({ name: `corpus ${f}`, request: json(join(CORPUS, f)) });
  }
  return out;
}

/** The values the panes show for a stack at `base`, nested stacks included (the page opens them all). */
function expectedPaths(stack: Json, base: Step[], hidden: Set<string>, out: Step[][]): Step[][] {
  for (const name of Object.keys(stack.parameters)) if (!(base.length === 0 && hidden.has(name))) out.push([...base, "parameters", name]);
  for (const name of Object.keys(stack.conditions)) out.push([...base, "conditions", name]);
  for (const [name, o] of Object.entries<Json>(stack.outputs)) if (o.error === null) out.push([...base, "outputs", name, "value"]);
  for (const [name, r] of Object.entries<Json>(stack.resources)) {
    if (!r.enabled) continue;
    const at = [...base, "resources", name];
    out.push([...at, "properties"]);
    if (base.length === 0) out.push([...at, "deletion_policy"]);
    if (r.depends_on.length) out.push([...at, "depends_on"]);
    if (base.length === 0 && r.requires.length) out.push([...at, "requires"]);
    if (r.metadata && Object.keys(r.metadata).length) out.push([...at, "metadata"]);
    if (r.update_policy && Object.keys(r.update_policy).length) out.push([...at, "update_policy"]);
  }
  for (const [name, child] of Object.entries<Json>(stack.nested ?? {})) expectedPaths(child, [...base, "nested", name], hidden, out);
  return out;
}

test("every value the panes show is the engine's text for it (examples and corpus-full)", async ({ page }) => {
  test.skip(!existsSync(CORPUS), `${CORPUS} is absent (../shared is not beside the repository): nothing to compare`);
  test.setTimeout(900_000); // a hang guard: ~2 min idle, each case waits on its own result
  const pkg = await import(pathToFileURL(resolve(here, "../packages/hotplate/lib/node.js")).href);
  const all = cases();
  const failures: string[] = [];
  let values = 0, marked = 0, compared = 0, stopped = 0;
  await page.goto("/");
  await firstResult(page);
  for (const { name, request } of all) {
    const run = await page.getByTestId("status").getAttribute("data-run");
    const hash = `#${await encodeWorkspace(fromRequest(request as never))}`;
    await page.evaluate((h) => (location.hash = h), hash);
    // While the page works: the engine's texts, here.
    const sent = toRequest(fromRequest(request as never)) as Json;
    const ev = pkg.evaluate(sent);
    const hidden = new Set<string>(ev.parameters.filter((p: Json) => p.hidden).map((p: Json) => p.name));
    const expected = new Map<string, string>();
    for (const path of expectedPaths(ev.shown, [], hidden, [])) {
      const r = pkg.renderValue(path, "yaml");
      if (!r) {
        failures.push(`${name}: the engine has no value at ${JSON.stringify(path)}`);
        continue;
      }
      expected.set(JSON.stringify(path), r.text);
      marked += r.marks.length;
    }
    // Settled on this case: a new run, and the canonical result is this case's.
    const shown = await page.waitForFunction(
      ([before, json]) => {
        const status = document.querySelector<HTMLElement>("[data-testid=status]")!;
        if (status.dataset.run === before) return false;
        if (status.textContent!.startsWith("stopped")) return "stopped";
        return document.querySelector("[data-testid=result-json]")!.textContent === json ? "shown" : false;
      },
      [run, ev.resultJson] as const,
      { timeout: 0, polling: 20 },
    ).then((h) => h.jsonValue(), () => "timeout");
    if (shown === "stopped") {
      // Over the page's time limit on this machine: nothing of this case is on screen.
      stopped++;
      continue;
    }
    if (shown !== "shown") {
      failures.push(`${name}: the page did not show this case's result`);
      continue;
    }
    // Open every nested stack and resource (their bodies are built when opened), then read each value.
    const onPage: Record<string, string> = await page.evaluate(() => {
      const results = document.getElementById("results")!;
      for (let round = 0; round < 50; round++) {
        const closed = results.querySelectorAll<HTMLDetailsElement>(".pane-resources details:not([open])");
        if (!closed.length) break;
        for (const d of closed) {
          d.open = true;
          d.dispatchEvent(new Event("toggle")); // built now, not at the next task
        }
      }
      const out: Record<string, string> = {};
      for (const e of results.querySelectorAll<HTMLElement>("[data-path]")) out[e.dataset.path!] = e.textContent!;
      return out;
    });
    for (const [key, text] of expected) {
      values++;
      if (!(key in onPage)) failures.push(`${name}: ${key} is not shown`);
      else if (onPage[key] !== text) failures.push(`${name}: ${key} shows ${JSON.stringify(onPage[key])}, the engine writes ${JSON.stringify(text)}`);
      else compared++;
    }
    for (const key of Object.keys(onPage)) if (!expected.has(key)) failures.push(`${name}: ${key} is shown but is not a value of the result`);
  }
  test.info().annotations.push({ type: "compared", description: `${all.length} cases, ${compared} of ${values} values equal (${marked} deploy-time marks), ${stopped} cases over the time limit` });
  console.log(`values.spec: ${all.length} cases, ${compared} of ${values} values equal the engine's text (${marked} deploy-time marks); ${stopped} stopped by the page's time limit`);
  expect(failures.slice(0, 30), `${failures.length} differences`).toEqual([]);
  expect(stopped, "cases stopped by the time limit").toBeLessThan(all.length / 10);
  expect(compared).toBeGreaterThan(1000);
});
