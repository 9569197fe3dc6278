import { test, expect } from "@playwright/test";
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
import { firstResult, HOT, open, runaway, savedWorkspace, setEditor, settled } from "./helpers";

test.beforeEach(async ({ page }) => {
  // A fresh workspace per test (once per tab: a reload keeps what was saved).
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("fresh")) {
      localStorage.clear();
      sessionStorage.setItem("fresh", "1");
    }
  });
});

test("the parameters form shows labels, defaults, hidden inputs and constraint hints", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}parameters:\n  size:\n    type: string\n    label: Flavor\n    default: m1.small\n    constraints: [{allowed_values: [m1.small, m1.large]}]\n  secret: {type: string, hidden: true, default: s3}\noutputs:\n  size: {value: {get_param: size}}\n`);
  await expect(page.locator(".params")).toContainText("Constraint: one of: m1.small, m1.large");
  await expect(page.locator('.inputs [data-source="size"]')).toHaveText("template default: m1.small");
  await expect(page.getByTestId("param-secret")).toHaveAttribute("type", "password");
  await expect(page.getByTestId("result-parameters")).toContainText("******");
  await expect(page.getByTestId("result-parameters")).not.toContainText("s3");
  await page.getByTestId("param-size").fill("m1.huge");
  await expect(page.getByTestId("status")).toHaveText("errors: 1");
  await expect(page.getByTestId("error-item").first()).toContainText("m1.huge");
});

test("type a template and see its outputs", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}parameters:\n  who: {type: string, default: world}\noutputs:\n  greeting:\n    value: {str_replace: {template: hello WHO, params: {WHO: {get_param: who}}}}\n`);
  await expect(page.getByTestId("output-greeting")).toHaveText('"hello world"'); // the engine's YAML quotes a string with a space
  await expect(page.getByTestId("status")).toHaveText("ok");
  expect(Number(await page.getByTestId("status").getAttribute("data-eval-ms"))).toBeGreaterThan(0);
});

test("changing a parameter in the form updates the outputs and its source", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}parameters:\n  count: {type: number, default: 2, label: How many}\n  flag: {type: boolean, default: false}\noutputs:\n  double: {value: {yaql: {expression: $.data * 2, data: {get_param: count}}}}\n  flag: {value: {get_param: flag}}\n`);
  await expect(page.getByTestId("output-double")).toHaveText("4");
  await page.getByTestId("param-count").fill("21");
  await expect(page.getByTestId("output-double")).toHaveText("42");
  await expect(page.getByTestId("result-parameters")).toContainText("explicit value");
  await expect(page.locator(".params")).toContainText("How many (count)");
  await page.getByTestId("param-flag").selectOption("true");
  await expect(page.getByTestId("output-flag")).toHaveText("true");
});

test("two environment files: the later one wins, and order matters", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}parameters:\n  region: {type: string, default: template}\noutputs:\n  region: {value: {get_param: region}}\n`);
  await expect(page.getByTestId("output-region")).toHaveText("template");
  await page.getByTestId("env-add").click();
  await setEditor(page, "editor-env-0", "parameter_defaults:\n  region: first\n");
  await expect(page.getByTestId("output-region")).toHaveText("first");
  await page.getByTestId("env-add").click();
  await setEditor(page, "editor-env-1", "parameter_defaults:\n  region: second\n");
  await expect(page.getByTestId("output-region")).toHaveText("second");
  await expect(page.getByTestId("result-parameters")).toContainText("parameter_defaults in env2.yaml");
  // Move the second file up: now the first one is merged last and wins.
  await page.getByTestId("env-list").getByRole("button", { name: "Move up (env2.yaml)" }).click();
  await expect(page.getByTestId("output-region")).toHaveText("first");
  await page.getByTestId("env-list").getByRole("button", { name: "Remove (env1.yaml)" }).click();
  await expect(page.getByTestId("output-region")).toHaveText("second");
});

test("a misspelled property is marked at its key and listed", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}resources:\n  server:\n    type: OS::Nova::Server\n    properties:\n      flavour: m1.small\n      image: cirros\n`);
  await expect(page.getByTestId("status")).toHaveText("errors: 2");
  await expect(page.getByTestId("verdict")).toContainText("Unknown Property flavour");
  const editor = page.getByTestId("editor-template");
  // The key itself is underlined; the property it stands for is missing from `properties`.
  await expect(editor.locator(".cm-lintRange-error", { hasText: "flavour" })).toHaveText("flavour");
  await expect(editor.locator(".cm-lintRange-error", { hasText: "properties" })).toHaveText("properties");
  const items = page.getByTestId("error-item");
  await expect(items.filter({ hasText: "Unknown Property flavour" })).toHaveText("template.yaml:6:7: Property error: resources.server.properties: Unknown Property flavour");
  await expect(items.filter({ hasText: "Property flavor not assigned" })).toHaveCount(1);
});

test("property errors in two resources are both listed and marked", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}resources:\n  a:\n    type: OS::Heat::RandomString\n    properties:\n      length: twelve\n  b:\n    type: OS::Heat::RandomString\n    properties:\n      character_classes: [{class: letters, min: 0}]\n`);
  await expect(page.getByTestId("status")).toHaveText("errors: 2");
  // Heat refuses with one of them; the list has both, each at its value.
  await expect(page.getByTestId("verdict")).toContainText("Property error: resources.");
  const items = page.getByTestId("error-item");
  await expect(items.filter({ hasText: "resources.a.properties.length: Value 'twelve' is not an integer" })).toHaveText(/^template\.yaml:6:15: /);
  await expect(items.filter({ hasText: "resources.b.properties.character_classes[0].min: 0 is out of range" })).toHaveText(/^template\.yaml:10:49: /);
  const editor = page.getByTestId("editor-template");
  await expect(editor.locator(".cm-lintRange-error")).toHaveText(["twelve", "0"]);
  await expect(editor.locator(".cm-lint-marker-error")).toHaveCount(2);
});

test("a server with an image shows what needs a cloud in its resource", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}resources:\n  server:\n    type: OS::Nova::Server\n    properties:\n      flavor: m1.small\n      image: cirros\n      networks: [{network: private}]\n  config:\n    type: OS::Heat::SoftwareConfig\n    properties: {config: echo hi}\n`);
  await expect(page.getByTestId("status")).toHaveText("ok");
  const notes = page.getByTestId("resource-server").getByTestId("cloud-note");
  await expect(notes).toHaveText([
    "needs a cloud — property flavor: nova.flavor",
    "needs a cloud — property image: glance.image",
    "needs a cloud — property networks.0.network: neutron.network",
    "needs a cloud — the rest of Heat's checks of its properties ask the Image service (glance): not checked here",
  ]);
  await expect(notes.last()).toHaveAttribute("title", /everything before it was checked/);
  // A resource Heat checks completely has no note.
  await expect(page.getByTestId("resource-config").getByTestId("cloud-note")).toHaveCount(0);
});

test("an error is listed, marked on its line, and a click jumps there", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}resources:\n  a: {type: OS::Heat::None}\n  b:\n    type: OS::Nova::Servr\noutputs:\n  x: {value: 1}\n`);
  await expect(page.getByTestId("status")).toHaveText("errors: 1");
  const item = page.getByTestId("error-item").first();
  await expect(item).toHaveText("template.yaml:5:11: The Resource Type (OS::Nova::Servr) could not be found.");
  // The lint marker sits on line 5 (the gutter marker and the underlined range).
  const editor = page.getByTestId("editor-template");
  await expect(editor.locator(".cm-lintRange-error")).toHaveText("OS::Nova::Servr");
  await expect(editor.locator(".cm-lint-marker-error")).toHaveCount(1);
  // Move the cursor away, then click the error: the cursor goes to line 5, column 11.
  await editor.locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+Home");
  await item.getByRole("button").click();
  await expect(editor.locator(".cm-content")).toBeFocused();
  const pos = await page.evaluate(() => {
    const sel = getSelection();
    const line = sel?.anchorNode?.parentElement?.closest(".cm-line");
    const lines = [...document.querySelectorAll('[data-testid="editor-template"] .cm-line')];
    return lines.indexOf(line as Element) + 1;
  });
  expect(pos).toBe(5);
  await expect(page.getByTestId("result-errors")).toContainText("template.yaml:5:11");
});

test("a share link restores the whole workspace", async ({ page, context }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}parameters:\n  p: {type: string}\noutputs:\n  o: {value: {list_join: ['+', [{get_param: p}, {get_file: note.txt}]]}}\n`);
  await page.getByTestId("files-add").click();
  await page.getByTestId("file-name-0").fill("note.txt");
  await page.getByTestId("file-name-0").press("Tab");
  await setEditor(page, "editor-file-0", "from a file");
  await page.getByTestId("env-add").click();
  await setEditor(page, "editor-env-0", "parameters:\n  p: shared\n");
  await expect(page.getByTestId("output-o")).toHaveText('"shared+from a file"');
  await page.getByTestId("share").click();
  await expect(page).toHaveURL(/#w1\./);
  const url = page.url();
  const other = await context.newPage();
  await other.addInitScript(() => localStorage.clear());
  await other.goto(url);
  await expect(other.getByTestId("output-o")).toHaveText('"shared+from a file"');
  await expect(other.getByTestId("env-name-0")).toHaveValue("env1.yaml");
  await expect(other.getByTestId("file-name-0")).toHaveValue("note.txt");
  await settled(other);
  expect(await other.getByTestId("result-json").textContent()).toBe(await page.getByTestId("result-json").textContent());
  // A link pasted into an open page loads as well, and the next edit drops the stale link.
  const third = await context.newPage();
  await open(third);
  await third.evaluate((hash) => (location.hash = hash), new URL(url).hash);
  await expect(third.getByTestId("output-o")).toHaveText('"shared+from a file"');
  await setEditor(third, "editor-env-0", "parameters:\n  p: edited\n");
  await expect(third.getByTestId("output-o")).toHaveText('"edited+from a file"');
  await expect(third).not.toHaveURL(/#w1\./);
});

test("a share link is of the workspace when the link is written: an edit made while it is encoded is in it", async ({ page, context }) => {
  // The page's compression held until the test lets it go: the edit deterministically
  // lands between the click and the link (on a busy machine it can by itself).
  await page.addInitScript(() => {
    const w = window as unknown as { letGo: () => void; CompressionStream: unknown };
    const held = new Promise<void>((resolve) => (w.letGo = resolve));
    const Real = CompressionStream;
    w.CompressionStream = function (format: CompressionFormat) {
      const real = new Real(format);
      const gate = new TransformStream({
        async transform(chunk, out) {
          await held;
          out.enqueue(chunk);
        },
      });
      return { writable: real.writable, readable: real.readable.pipeThrough(gate) };
    };
  });
  await open(page);
  await setEditor(page, "editor-template", `${HOT}outputs:\n  v: {value: before}\n`);
  await expect(page.getByTestId("output-v")).toHaveText("before");
  await page.getByTestId("share").click();
  await setEditor(page, "editor-template", `${HOT}outputs:\n  v: {value: after}\n`);
  await expect(page.getByTestId("output-v")).toHaveText("after");
  await page.evaluate(() => (window as unknown as { letGo: () => void }).letGo());
  await expect(page).toHaveURL(/#w1\./);
  const other = await context.newPage();
  await other.addInitScript(() => localStorage.clear());
  await other.goto(page.url());
  await settled(other);
  await expect(other.getByTestId("output-v")).toHaveText("after");
});

test("the workspace persists across reloads and Reset forgets it", async ({ page }) => {
  await page.goto("/");
  await firstResult(page);
  const first = await page.getByTestId("result-json").textContent();
  await setEditor(page, "editor-template", `${HOT}outputs:\n  kept: {value: yes}\n`);
  await expect(page.getByTestId("output-kept")).toHaveText("true");
  // Saved (a burst of edits is saved once, a moment later): wait for it.
  await expect.poll(() => savedWorkspace(page)).toContain("kept: {value: yes}");
  await page.reload();
  await expect(page.getByTestId("output-kept")).toHaveText("true");
  await page.getByTestId("reset").click();
  await expect(page.getByTestId("output-kept")).toHaveCount(0);
  await expect.poll(() => page.getByTestId("result-json").textContent()).toBe(first);
});

test("a runaway template is stopped and the page stays responsive", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", runaway());
  await expect(page.getByTestId("status")).toHaveText(/^stopped: evaluation took longer than 2 s/);
  await expect(page.getByTestId("result-errors")).toContainText("Stopped");
  // The page still answers, and the next evaluation runs on a fresh worker.
  await setEditor(page, "editor-template", `${HOT}outputs:\n  fine: {value: ok}\n`);
  await expect(page.getByTestId("output-fine")).toHaveText("ok");
  await expect(page.getByTestId("status")).toHaveText("ok");
});

test("values from the template are shown as text, never as HTML", async ({ page }) => {
  await open(page);
  let alerted = false;
  page.on("dialog", async (d) => {
    alerted = true;
    await d.dismiss();
  });
  await page.exposeFunction("__pwned", () => (alerted = true));
  const evil = `<img src=x onerror="window.__pwned()">`;
  await setEditor(page, "editor-template", `${HOT}resources:\n  '${evil}': {type: OS::Heat::None}\noutputs:\n  evil: {value: '${evil}'}\n`);
  await expect(page.getByTestId("output-evil")).toHaveText(JSON.stringify(evil));
  await settled(page); // every pane drawn
  expect(await page.locator("img[src=x]").count()).toBe(0);
  expect(alerted).toBe(false);
});

test("no network request after the page has loaded", async ({ page }) => {
  const requests: string[] = [];
  await open(page);
  await settled(page);
  page.on("request", (r) => requests.push(r.url()));
  await setEditor(page, "editor-template", `${HOT}outputs:\n  o: {value: {get_file: 'http://example.com/x'}}\n`);
  await settled(page);
  await page.getByTestId("examples").selectOption({ index: 3 });
  await settled(page);
  await page.getByTestId("share").click();
  await expect(page).toHaveURL(/#w1\./);
  expect(requests).toEqual([]);
});

test("Esc leaves the editor (no keyboard trap); Ctrl+Enter evaluates", async ({ page }) => {
  await open(page);
  await page.getByTestId("editor-template").locator(".cm-content").click();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("editor-template").locator(".cm-content")).not.toBeFocused();
  await page.getByTestId("editor-template").locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+Enter");
  await expect(page.getByTestId("status")).toHaveText(/ok|errors/);
});

const examplesDir = join(here, "../web/examples");
const exampleIds = readdirSync(examplesDir).filter((f) => f.endsWith(".json") && !f.endsWith(".expected.json")).map((f) => f.replace(/\.json$/, "")).sort();

test("there are at least 8 examples", () => {
  expect(exampleIds.length).toBeGreaterThanOrEqual(8);
});

for (const id of exampleIds) {
  test(`example ${id} evaluates to Heat's result`, async ({ page }) => {
    const expected = readFileSync(join(examplesDir, `${id}.expected.json`), "utf8").trimEnd();
    const title = JSON.parse(readFileSync(join(examplesDir, `${id}.json`), "utf8"))["x-title"];
    await open(page);
    await page.getByTestId("examples").selectOption({ label: title });
    // Nested stacks included (01 and 08 have some).
    await expect.poll(async () => (await page.getByTestId("result-json").textContent())?.trimEnd()).toBe(expected);
  });
}

for (const [scheme, width] of [["light", 1400], ["dark", 1400], ["light", 390], ["dark", 390]] as const) {
  const name = width === 1400 ? `main-${scheme}` : `main-${scheme}-${width}`;
  test(`screenshot of the main view (${scheme}, ${width} px)`, async ({ page }, info) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: width === 1400 ? 900 : 844 });
    await open(page);
    await page.getByTestId("examples").selectOption({ index: 3 });
    await settled(page);
    const path = info.outputPath(`${name}.png`);
    await page.screenshot({ path, fullPage: width < 900 });
    await info.attach(name, { path, contentType: "image/png" });
    await page.screenshot({ path: join(here, "artifacts", `${name}.png`), fullPage: width < 900 });
  });
}

test("narrow screens get a stacked layout", async ({ page }) => {
  await page.setViewportSize({ width: 600, height: 900 });
  await open(page);
  const inputs = await page.locator(".inputs").boundingBox();
  const results = await page.locator(".results").boundingBox();
  expect(results!.y).toBeGreaterThan(inputs!.y + inputs!.height - 1);
});
