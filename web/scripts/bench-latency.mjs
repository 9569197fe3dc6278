#!/usr/bin/env node
// Browser benchmark (not a test): keystroke -> updated result latency in the
// production build, over 50 edits of a TripleO-size template (generated here:
// ~200 parameters, ~120 resources, conditions and ~60 outputs). Reports p50/p95
// of the engine time (`data-eval-ms`, measured in the worker) and of the wall
// time from the keystroke to the updated result (debounce included).
//   node web/scripts/bench-latency.mjs [--edits 50]
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const edits = Number(process.argv.includes("--edits") ? process.argv[process.argv.indexOf("--edits") + 1] : 50);
const port = 4199;
const { chromium } = await import(join(here, "../../playwright-tests/node_modules/playwright-core/index.mjs"));

function template() {
  const lines = ["heat_template_version: 2021-04-16", "description: generated TripleO-size service template", "parameters:"];
  for (let i = 0; i < 200; i++) {
    lines.push(`  Param${i}:`, `    type: ${["string", "number", "comma_delimited_list", "json", "boolean"][i % 5]}`,
      `    default: ${[`'value-${i}'`, i, `'a${i},b${i},c${i}'`, `{key${i}: [${i}, ${i + 1}]}`, i % 2 ? "true" : "false"][i % 5]}`,
      `    description: Parameter number ${i} of the service, as TripleO templates describe them at length`);
  }
  lines.push("conditions:");
  for (let i = 0; i < 30; i++) lines.push(`  cond${i}: {equals: [{get_param: Param${i * 5 + 4}}, true]}`);
  lines.push("resources:");
  for (let i = 0; i < 120; i++) {
    lines.push(`  Res${i}:`, `    type: ${i % 3 ? "OS::Heat::Value" : "OS::Heat::SoftwareConfig"}`);
    if (i % 4 === 0) lines.push(`    condition: cond${i % 30}`);
    if (i > 0 && i % 5 === 0) lines.push(`    depends_on: [Res${i - 1}]`);
    lines.push("    properties:");
    if (i % 3) {
      lines.push("      value:", `        name: {list_join: ['-', [svc, {get_param: Param${i % 200}}, '${i}']]}`,
        `        items: {get_param: Param${(i * 5 + 2) % 200}}`,
        `        config: {map_merge: [{get_param: Param${(i * 5 + 3) % 200}}, {index: ${i}}]}`,
        `        script: {str_replace: {template: 'run NAME --flag FLAG', params: {NAME: {get_param: Param${(i * 5) % 200}}, FLAG: {if: [cond${i % 30}, on, off]}}}}`);
    } else {
      lines.push("      group: script", `      config: {str_replace: {template: "#!/bin/sh\\necho VALUE", params: {VALUE: {get_param: Param${i % 200}}}}}`);
    }
  }
  lines.push("outputs:");
  for (let i = 0; i < 60; i++) {
    lines.push(`  out${i}:`, `    value: {yaql: {expression: '$.data.select($ * 2).sum()', data: [${i}, ${i + 1}, ${i + 2}]}}`);
  }
  return lines.join("\n") + "\n";
}

const pct = (v, p) => {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

const server = spawn("node", [join(here, "serve.mjs"), "--port", String(port)], { stdio: "ignore" });
await new Promise((r) => setTimeout(r, 500));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" });
try {
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(() => document.querySelector("[data-testid=status]")?.dataset.evalMs);
  const text = template();
  const content = page.locator("[data-testid=editor-template] .cm-content");
  await content.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(text);
  await page.waitForFunction(() => /^(ok|errors)/.test(document.querySelector("[data-testid=status]").textContent));
  console.log(`template: ${(text.length / 1024).toFixed(1)} KB, ${text.split("\n").length} lines; status: ${await page.textContent("[data-testid=status]")}`);
  // Edit the first description, one keystroke at a time.
  await page.evaluate(() => document.querySelector("[data-testid=editor-template] .cm-content").focus());
  await page.keyboard.press("ControlOrMeta+Home");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("End");
  const evalMs = [], wallMs = [];
  for (let i = 0; i < edits; i++) {
    const before = await page.getAttribute("[data-testid=status]", "data-run");
    const t0 = Date.now();
    await page.keyboard.type(String.fromCharCode(97 + (i % 26)));
    await page.waitForFunction((b) => document.querySelector("[data-testid=status]").dataset.run !== b, before, { polling: "raf" });
    wallMs.push(Date.now() - t0);
    evalMs.push(Number(await page.getAttribute("[data-testid=status]", "data-eval-ms")));
    await page.waitForTimeout(200); // no overlap between edits
  }
  const f = (v) => `p50 ${pct(v, 50).toFixed(1)} ms, p95 ${pct(v, 95).toFixed(1)} ms`;
  console.log(`${edits} edits — engine (data-eval-ms): ${f(evalMs)}; keystroke to result (wall, debounce included): ${f(wallMs)}`);
} finally {
  await browser.close();
  server.kill();
}
