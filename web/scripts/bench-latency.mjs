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
// "paste" (defect 15 of issue 27): a 3,000-line template of 500 resources in block
// style pasted as the browser delivers Ctrl+V (one paste event); the time to the
// result in the page and every main-thread task over 50 ms from the paste until
// the page is quiet, against the 50 ms threshold — reported, not enforced (a
// neighbour's load stretches tasks; `make test` asserts no time).
// With the shared corpus present, a last case: a whole TripleO overcloud
// (conformance/scale) written out as a folder and loaded through the folder input:
// the time from the input's change event to the first frame after the first
// result, then keystrokes in one service template as above.
// A Magnum-shaped drivers folder (folder-shapes.mjs) loaded the same way, with
// keystrokes in its root template.
// "floor": the same keystrokes in a 4-line template (one resource): what the
// page costs around an evaluation that takes no time — the keystroke's own
// handling, the trip to the worker and back, drawing the result and waiting
// for the next frame. No template's keystroke can be faster.
//   node web/scripts/bench-latency.mjs [--edits 50] [--dir web/dist] [--only 74kb|3000|floor|paste|magnum|overcloud]
//     [--scale ../shared/conformance/scale/overcloud-wallaby.json]
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const arg = (name, fallback) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : fallback);
const edits = Number(arg("--edits", 50));
const dir = arg("--dir", join(here, "../dist"));
const only = arg("--only", "");
const scale = arg("--scale", join(here, "../../../shared/conformance/scale/overcloud-wallaby.json"));
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

/** The floor's template: one resource, no parameters. */
export function tinyTemplate() {
  return "heat_template_version: 2021-04-16\ndescription: one value\nresources:\n  r: {type: OS::Heat::Value, properties: {value: 1}}\n";
}

/** Defect 15's template: 500 resources in block style, 3,000 lines. */
export function blockTemplate() {
  let t = "heat_template_version: 2021-04-16\nresources:\n";
  for (let i = 0; i < 500; i++) {
    t += `  r${i}:\n    type: OS::Heat::Value\n`;
    t += i % 10 ? `    depends_on: [r${i - 1}]\n` : `    metadata: {group: g${i / 10}}\n`;
    t += `    properties:\n      type: string\n      value: {list_join: ['-', [v${i}, {get_param: OS::stack_name}]]}\n`;
  }
  return t;
}

/** The longest main-thread task a paste may run (defect 15): reported against, not enforced. */
const PASTE_TASK_MS = 50;

/** Paste `text` over the template (a paste event, as Ctrl+V delivers it); the result's time and the long tasks. */
async function paste(page, text) {
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(() => document.querySelector("[data-testid=status]")?.dataset.evalMs);
  await page.evaluate(() => {
    window.__paste = { tasks: [], resultAt: 0 };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__paste.tasks.push({ start: e.startTime, ms: e.duration });
    }).observe({ type: "longtask" });
  });
  await page.locator("[data-testid=editor-template] .cm-content").click();
  await page.keyboard.press("ControlOrMeta+a");
  const run = Number(await page.getAttribute("[data-testid=status]", "data-run"));
  const t0 = await page.evaluate((t) => {
    const content = document.querySelector("[data-testid=editor-template] .cm-content");
    const data = new DataTransfer();
    data.setData("text/plain", t);
    new MutationObserver((_, o) => {
      window.__paste.resultAt = performance.now();
      o.disconnect();
    }).observe(document.querySelector("[data-testid=status]"), { attributeFilter: ["data-run"] });
    // In a task of its own, as the browser delivers a paste.
    return new Promise((resolve) => setTimeout(() => {
      const start = performance.now();
      content.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
      resolve(start);
    }));
  }, text);
  await page.waitForFunction((r) => Number(document.querySelector("[data-testid=status]").dataset.run) > r, run, { timeout: 120_000 });
  await page.waitForFunction(() => /500 resources/.test(document.querySelector("[data-testid=graph-hint]")?.textContent ?? ""), null, { timeout: 120_000 });
  await page.waitForTimeout(1000); // what follows the result (quick fixes, the outline, saving)
  const { tasks, resultAt } = await page.evaluate(() => window.__paste);
  const status = await page.textContent("[data-testid=status]");
  const evalMs = await page.getAttribute("[data-testid=status]", "data-eval-ms");
  const long = tasks.filter((e) => e.start >= t0 - 1).map((e) => Math.round(e.ms));
  console.log(`paste: 3000-line template (500 resources, block style), ${(text.length / 1024).toFixed(1)} KB; status: ${status}`);
  console.log(`  paste → result in the page ${(resultAt - t0).toFixed(0)} ms (engine ${evalMs} ms)`);
  console.log(`  main-thread tasks over ${PASTE_TASK_MS} ms from the paste: ${long.length ? `${long.length} (longest ${Math.max(...long)} ms: ${long.join(", ")})` : "none"}` +
    ` — threshold ${PASTE_TASK_MS} ms ${long.length ? "EXCEEDED" : "met"} (reported, not enforced)`);
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
  await observe(page);
  await page.evaluate(() => document.querySelector("[data-testid=editor-template] .cm-content").focus());
  await page.keyboard.press("ControlOrMeta+Home");
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("End");
  await keystrokes(page);
}

/** In the page: the keystroke's timestamp, the frame after the status changes, long tasks. */
async function observe(page) {
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
}

/** `edits` keystrokes where the cursor is, one result each; prints the percentiles. */
async function keystrokes(page) {
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

/**
 * The overcloud request's files as a folder. A relative name (`./x.yaml`,
 * `../containers-common.yaml`) is relative to the file that names it: written at
 * the path it reaches from there (the request keeps names as written).
 */
function writeFolder(request) {
  const root = mkdtempSync(join(tmpdir(), "hotplate-overcloud-"));
  const folder = join(root, "overcloud");
  const paths = new Map([["overcloud.yaml", request.template]]);
  const texts = Object.entries(request.files).filter(([, text]) => typeof text === "string");
  for (const [name, text] of texts) if (!name.startsWith(".")) paths.set(name, text);
  let pending = texts.filter(([name]) => name.startsWith("."));
  while (pending.length) {
    const left = [];
    for (const [name, text] of pending) {
      const from = [...paths.entries()].filter(([, t]) => t.includes(name)).map(([p]) => normalize(join(dirname(p), name)));
      if (from.length) for (const p of from) if (!p.startsWith("..") && !paths.has(p)) paths.set(p, text);
      if (!from.length) left.push([name, text]);
    }
    if (left.length === pending.length) break;
    pending = left;
  }
  for (const [path, text] of paths) {
    mkdirSync(dirname(join(folder, path)), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  return { root, folder };
}

async function overcloud(page) {
  if (!existsSync(scale)) {
    console.log(`overcloud: skipped (${scale} is absent: the shared corpus is not beside the repository)`);
    return;
  }
  const request = JSON.parse(readFileSync(scale, "utf8"));
  const { root, folder } = writeFolder(request);
  try {
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction(() => document.querySelector("[data-testid=status]")?.dataset.evalMs);
    // The cloud's settings (TripleO's max_nested_stack_depth = 10), as a user sets them first.
    await page.locator("#settings > summary").click();
    await page.getByTestId("setting-heat-config").fill(JSON.stringify(request["x-heat-config"] ?? {}));
    await page.getByTestId("setting-heat-config").dispatchEvent("change");
    await page.waitForTimeout(1000);
    await page.evaluate(() => {
      const w = window;
      w.__load = { change: 0, loaded: 0, first: 0 };
      new MutationObserver(() => {
        if (!w.__load.loaded && /^.?Loaded/.test(document.querySelector("[data-testid=load-report]").textContent.trim())) w.__load.loaded = performance.now();
      }).observe(document.querySelector("[data-testid=load-report]"), { childList: true, subtree: true, characterData: true });
      document.querySelector("[data-testid=folder-input]").addEventListener("change", () => (w.__load.change = performance.now()), true);
      new MutationObserver(() => {
        if (!w.__load.change || w.__load.first) return;
        requestAnimationFrame(() => (w.__load.first ||= performance.now()));
      }).observe(document.querySelector("[data-testid=status]"), { attributes: true, attributeFilter: ["data-run"] });
    });
    await page.getByTestId("folder-input").setInputFiles(folder);
    await page.waitForFunction(() => window.__load.first > 0, null, { polling: 10, timeout: 120_000 });
    const [load, loaded] = await page.evaluate(() => [window.__load.first - window.__load.change, window.__load.loaded - window.__load.change]);
    const status = await page.textContent("[data-testid=status]");
    const evalMs = await page.getAttribute("[data-testid=status]", "data-eval-ms");
    const files = Object.keys(request.files).length;
    console.log(`overcloud (${scale.split("/").pop()}: ${files} files): folder input → first result ${load.toFixed(0)} ms (files read and classified after ${loaded.toFixed(0)} ms; engine ${evalMs} ms); status: ${status}`);
    console.log(`  ${(await page.textContent("[data-testid=load-report]")).replace(/\s+/g, " ").slice(0, process.env.BENCH_DEBUG ? 5000 : 600)}`);
    // The environment files of the request chosen (a folder's are off until chosen)
    // and in the request's order (the folder lists them in name order; a TripleO
    // user orders them with the ↑ buttons, as `-e` does), so that the edits below
    // are made on the overcloud Heat evaluates.
    const order = request.environment_files ?? [];
    for (const name of order) {
      const names = await page.evaluate(() => [...document.querySelectorAll("[data-testid^=env-name-]")].map((i) => i.value));
      if (names.includes(name)) await page.getByTestId(`env-use-${names.indexOf(name)}`).check();
    }
    for (const [want, name] of order.entries()) {
      const names = await page.evaluate(() => [...document.querySelectorAll("[data-testid^=env-name-]")].map((i) => i.value));
      for (let at = names.indexOf(name); at > want; at--) await page.getByRole("button", { name: `Move up (${name})` }).click();
    }
    await page.waitForFunction(() => /^(ok|errors)/.test(document.querySelector("[data-testid=status]").textContent), null, { timeout: 60_000 });
    await page.waitForTimeout(3000);
    console.log(`  environment files in the request's order: status ${await page.textContent("[data-testid=status]")}, engine ${await page.getAttribute("[data-testid=status]", "data-eval-ms")} ms`);
    if (process.env.BENCH_DEBUG) {
      console.log(await page.evaluate(() => [...document.querySelectorAll("[data-testid^=env-name-]")].map((i) => i.value).join(" ")));
      for (const t of await page.getByTestId("error-item").allTextContents()) console.log("   ", t.slice(0, 600));
    }
    // Keystrokes in one service template's first description.
    const service = "deployment/keystone/keystone-container-puppet.yaml";
    const index = await page.evaluate((name) => {
      const inputs = [...document.querySelectorAll("[data-testid^=file-name-]")];
      return inputs.findIndex((i) => i.value === name);
    }, service);
    if (index < 0) {
      console.log(`  ${service} is not among the loaded files: no keystrokes measured`);
      return;
    }
    await page.waitForTimeout(1500);
    const box = page.locator(`#file-editor-${index}`);
    if (await box.isHidden()) await page.getByTestId(`file-toggle-${index}`).click();
    await observe(page);
    const content = page.locator(`#file-editor-${index} .cm-content`);
    await content.click();
    await page.keyboard.press("ControlOrMeta+Home");
    const activeLine = () => page.evaluate((id) => document.querySelector(`#${id} .cm-activeLine`)?.textContent ?? "", `file-editor-${index}`);
    for (let i = 0; i < 40; i++) {
      if ((await activeLine()).startsWith("description:")) break;
      await page.keyboard.press("ArrowDown");
    }
    // `description: >` opens a block scalar: the words go into its first line of
    // text (typed after the `>` itself they would be a YAML error).
    if (/[>|]\s*$/.test(await activeLine())) await page.keyboard.press("ArrowDown");
    await page.keyboard.press("End");
    console.log(`  edits in ${service}:`);
    await keystrokes(page);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * A Magnum-shaped drivers folder (web/scripts/folder-shapes.mjs: 73 files, 13
 * environment files), one of each pair of environment files chosen, then
 * keystrokes in the root template's first description (issue 39: ≤ 100 ms p95).
 */
async function magnum(page) {
  const { MAGNUM_CHOICE, magnumShape, writeShape } = await import("./folder-shapes.mjs");
  const root = mkdtempSync(join(tmpdir(), "hotplate-bench-"));
  try {
    const folder = writeShape(root, magnumShape());
    await page.goto(`http://127.0.0.1:${port}/`);
    await page.waitForFunction(() => document.querySelector("[data-testid=status]")?.dataset.evalMs);
    await page.getByTestId("folder-input").setInputFiles(folder);
    await page.waitForFunction(() => /Loaded/.test(document.querySelector("[data-testid=load-report]").textContent));
    for (const file of MAGNUM_CHOICE) {
      const names = await page.evaluate(() => [...document.querySelectorAll("[data-testid^=env-name-]")].map((i) => i.value));
      await page.getByTestId(`env-use-${names.findIndex((n) => n.endsWith(`/${file}`))}`).check();
    }
    await page.waitForFunction(() => document.querySelector("[data-testid=status]").textContent === "ok", null, { timeout: 60_000 });
    await page.waitForTimeout(1500);
    console.log(`Magnum-shaped drivers folder (73 files, 6 of 13 environment files chosen): status ${await page.textContent("[data-testid=status]")}, engine ${await page.getAttribute("[data-testid=status]", "data-eval-ms")} ms`);
    await observe(page);
    const content = page.getByTestId("editor-template").locator(".cm-content");
    await content.click();
    await page.keyboard.press("ControlOrMeta+Home");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("End");
    console.log("  edits in the root template's description:");
    await keystrokes(page);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const server = spawn("node", [join(here, "serve.mjs"), "--port", String(port), "--dir", dir], { stdio: "ignore" });
await new Promise((r) => setTimeout(r, 500));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium" });
try {
  const page = await browser.newPage();
  if (!only || only === "74kb") await measure(page, "74 KB template (TripleO-size)", tripleoTemplate());
  if (!only || only === "3000") await measure(page, "3000-line template (500 resources)", bigTemplate());
  if (!only || only === "floor") await measure(page, "floor: 4-line template (one resource)", tinyTemplate());
  if (!only || only === "paste") await paste(page, blockTemplate());
  if (!only || only === "magnum") await magnum(page);
  if (!only || only === "overcloud") await overcloud(page);
} finally {
  await browser.close();
  server.kill();
}
