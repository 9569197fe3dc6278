#!/usr/bin/env node
// Browser benchmark (not a test): keystroke -> updated result latency in the
// production build, for two generated templates:
//   - "74 KB": TripleO-size (~200 parameters, ~120 resources, conditions, ~60 outputs);
//   - "3000 lines": 500 resources (values, configs, random strings; depends_on
//     chains, get_attr/get_resource between them), ~60 parameters, ~40 outputs.
// For each: 50 edits of the first description, one keystroke at a time; p50/p95
// of the engine time (`data-eval-ms`, measured in the worker) and of the wall
// time from the keystroke (its event's timestamp) to the first animation frame
// after the result is in the page, measured in the page;
// and the longest main-thread task while editing (PerformanceObserver
// 'longtask': only tasks over 50 ms are reported, so "none" means all were shorter).
//   node web/scripts/bench-latency.mjs [--edits 50] [--dir web/dist] [--only 74kb|3000]
import { spawn } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const arg = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const edits = Number(arg("--edits", 50));
const dir = arg("--dir", join(here, "../dist"));
const only = arg("--only", "");
const port = 4199;
const { chromium } = await import(join(here, "../../playwright-tests/node_modules/playwright-core/index.mjs"));

/** The TripleO-size template (74 KB). */
export function tripleoTemplate() {
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

/** 500 resources in about 3000 lines. */
export function bigTemplate() {
  const lines = ["heat_template_version: 2021-04-16", "description: generated stack of 500 resources", "parameters:"];
  for (let i = 0; i < 60; i++) {
    lines.push(`  p${i}:`, `    type: ${["string", "number", "json"][i % 3]}`, `    default: ${[`'v${i}'`, i, `{k${i}: ${i}.5}`][i % 3]}`);
  }
  lines.push("conditions:");
  for (let i = 0; i < 10; i++) lines.push(`  c${i}: {equals: [{get_param: p${i * 3}}, 'v${i * 3}']}`);
  lines.push("resources:");
  for (let i = 0; i < 500; i++) {
    const kind = i % 5;
    lines.push(`  r${i}:`);
    if (kind === 0) {
      lines.push("    type: OS::Heat::RandomString", "    properties:", `      length: ${8 + (i % 20)}`);
    } else if (kind === 4) {
      lines.push("    type: OS::Heat::SoftwareConfig", "    properties:", "      group: script",
        `      config: {str_replace: {template: "#!/bin/sh\\necho NAME", params: {NAME: {get_attr: [r${i - 4}, value]}}}}`);
    } else {
      lines.push("    type: OS::Heat::Value");
      if (i % 7 === 0) lines.push(`    depends_on: [r${i - 1}]`);
      lines.push("    properties:", "      value:",
        `        name: {list_join: ['-', [app, {get_param: p${(i % 20) * 3}}, '${i}']]}`,
        `        ref: {get_resource: r${i - kind}}`);
    }
  }
  lines.push("outputs:");
  for (let i = 0; i < 40; i++) lines.push(`  o${i}:`, `    value: {get_attr: [r${i * 10 + 1}, value, name]}`);
  return lines.join("\n") + "\n";
}

const pct = (v, p) => {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

async function measure(page, name, text) {
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(() => document.querySelector("[data-testid=status]")?.dataset.evalMs);
  const content = page.locator("[data-testid=editor-template] .cm-content");
  await content.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(text);
  await page.waitForFunction(() => /^(ok|errors)/.test(document.querySelector("[data-testid=status]").textContent), null, { timeout: 60_000 });
  await page.waitForTimeout(1500); // the graph's layout, first paint of everything
  const status = await page.textContent("[data-testid=status]");
  console.log(`${name}: ${(text.length / 1024).toFixed(1)} KB, ${text.split("\n").length - 1} lines; status: ${status}`);
  // In the page: the keystroke's timestamp, the frame after the status changes, long tasks.
  await page.evaluate(() => {
    const w = window;
    w.__bench = { key: 0, walls: [], longest: 0, longCount: 0 };
    document.addEventListener("keydown", (e) => (w.__bench.key = e.timeStamp), true);
    new MutationObserver(() => {
      const key = w.__bench.key;
      requestAnimationFrame(() => w.__bench.walls.push(performance.now() - key));
    }).observe(document.querySelector("[data-testid=status]"), { attributes: true, attributeFilter: ["data-run"] });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        w.__bench.longest = Math.max(w.__bench.longest, e.duration);
        w.__bench.longCount++;
      }
    }).observe({ type: "longtask" });
  });
  await page.evaluate(() => document.querySelector("[data-testid=editor-template] .cm-content").focus());
  await page.keyboard.press("ControlOrMeta+Home");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("End");
  const evalMs = [];
  for (let i = 0; i < edits; i++) {
    const before = await page.evaluate(() => window.__bench.walls.length);
    await page.keyboard.type(String.fromCharCode(97 + (i % 26)));
    await page.waitForFunction((b) => window.__bench.walls.length > b, before, { polling: 10, timeout: 30_000 });
    evalMs.push(Number(await page.getAttribute("[data-testid=status]", "data-eval-ms")));
    await page.waitForTimeout(250); // no overlap between edits
  }
  const { walls, longest, longCount } = await page.evaluate(() => window.__bench);
  const f = (v) => `p50 ${pct(v, 50).toFixed(1)} ms, p95 ${pct(v, 95).toFixed(1)} ms`;
  console.log(`  ${edits} edits — engine (worker): ${f(evalMs)}; keystroke to result (wall): ${f(walls)}`);
  console.log(`  longest main-thread task while editing: ${longCount ? `${longest.toFixed(0)} ms (${longCount} tasks over 50 ms)` : "none over 50 ms"}`);
}

const server = spawn("node", [join(here, "serve.mjs"), "--port", String(port), "--dir", dir], { stdio: "ignore" });
await new Promise((r) => setTimeout(r, 500));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" });
try {
  const page = await browser.newPage();
  if (only !== "3000") await measure(page, "74 KB template (TripleO-size)", tripleoTemplate());
  if (only !== "74kb") await measure(page, "3000-line template (500 resources)", bigTemplate());
} finally {
  await browser.close();
  server.kill();
}
