// Issue 12, the playground half: each test here reproduces a defect found by
// using the page as a new user would, and failed before its fix.
import { test, expect, type Page } from "@playwright/test";
import { HOT, open, runaway, savedWorkspace, setEditor } from "./helpers";

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("fresh")) {
      localStorage.clear();
      sessionStorage.setItem("fresh", "1");
    }
  });
});

/** No sideways scrolling of the page. */
async function noSidewaysScroll(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll).toBeLessThanOrEqual(client);
}

test("results of a stopped evaluation are marked stale, not shown as current", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}outputs:\n  fine: {value: ok}\n`);
  await expect(page.getByTestId("output-fine")).toHaveText("ok");
  await expect(page.getByTestId("stale-note")).toBeHidden();
  await setEditor(page, "editor-template", runaway());
  await expect(page.getByTestId("status")).toHaveText(/^stopped/);
  await expect(page.getByTestId("stale-note")).toBeVisible();
  await expect(page.getByTestId("stale-note")).toContainText("not of the current input");
  await expect(page.locator("section.results")).toHaveAttribute("data-stale", "true");
  // The next finished evaluation makes them current again.
  await setEditor(page, "editor-template", `${HOT}outputs:\n  fine: {value: again}\n`);
  await expect(page.getByTestId("output-fine")).toHaveText("again");
  await expect(page.getByTestId("stale-note")).toBeHidden();
  await expect(page.locator("section.results")).not.toHaveAttribute("data-stale", "true");
});

test("the parameters form keeps the template's parameters while the YAML has an error", async ({ page }) => {
  await open(page);
  const good = `${HOT}parameters:\n  who: {type: string, default: world}\noutputs:\n  o: {value: {get_param: who}}\n`;
  await setEditor(page, "editor-template", good);
  await page.getByTestId("param-who").fill("me");
  await expect(page.getByTestId("output-o")).toHaveText("me");
  // Half-typed YAML: the engine cannot read the template at all.
  await setEditor(page, "editor-template", `${good}  p: {value: [\n`);
  await expect(page.getByTestId("status")).toHaveText("errors: 1");
  await expect(page.getByTestId("param-who")).toHaveValue("me");
  await expect(page.getByTestId("param-remove-who")).toHaveCount(0);
  await expect(page.locator(".params")).toContainText("as last read");
  await setEditor(page, "editor-template", good);
  await expect(page.getByTestId("output-o")).toHaveText("me");
  await expect(page.locator(".params")).not.toContainText("as last read");
});

test("two environment files cannot have the same name", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}parameters:\n  n: {type: string, default: x}\noutputs:\n  n: {value: {get_param: n}}\n`);
  await page.getByTestId("env-add").click();
  await setEditor(page, "editor-env-0", "parameter_defaults: {n: first}\n");
  await page.getByTestId("env-add").click();
  await setEditor(page, "editor-env-1", "parameter_defaults: {n: second}\n");
  await expect(page.getByTestId("output-n")).toHaveText("second");
  await page.getByTestId("env-name-1").fill("env1.yaml");
  await page.getByTestId("env-name-1").press("Tab");
  await expect(page.getByTestId("name-error")).toContainText("env1.yaml is already the name of another file");
  await expect(page.getByTestId("env-name-1")).toHaveValue("env2.yaml");
  await expect(page.getByTestId("output-n")).toHaveText("second");
  // A file of the list cannot take an environment file's name either.
  await page.getByTestId("files-add").click();
  await page.getByTestId("file-name-0").fill("env2.yaml");
  await page.getByTestId("file-name-0").press("Tab");
  await expect(page.getByTestId("name-error")).toContainText("env2.yaml is already the name of another file");
  await expect(page.getByTestId("file-name-0")).not.toHaveValue("env2.yaml");
});

test("long names wrap instead of breaking the layout", async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 900 });
  await open(page);
  const long = "a_really_long_parameter_name_".repeat(6);
  const longRes = "resource_with_a_very_long_name_".repeat(6);
  await setEditor(page, "editor-template", `${HOT}parameters:\n  ${long}: {type: string, default: short value}\nresources:\n  ${longRes}: {type: OS::Heat::None}\noutputs:\n  ${long}: {value: {get_param: ${long}}}\n`);
  await expect(page.getByTestId("status")).toHaveText("ok");
  await noSidewaysScroll(page);
  // The value beside a long key keeps a readable width (not one character per line).
  const value = page.getByTestId("result-parameters").locator(".kv").filter({ hasText: long }).locator("pre.value").first();
  const box = await value.boundingBox();
  expect(box!.width).toBeGreaterThan(120);
  const resource = await page.getByTestId(`resource-${longRes}`).boundingBox();
  const pane = await page.getByTestId("result-resources").boundingBox();
  expect(resource!.x + resource!.width).toBeLessThanOrEqual(pane!.x + pane!.width + 1);
});

test("at 375 px the page needs no sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await open(page);
  await noSidewaysScroll(page);
  const picker = await page.getByTestId("examples").boundingBox();
  expect(picker!.x + picker!.width).toBeLessThanOrEqual(375);
});

test("Reset can be undone", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}outputs:\n  kept: {value: mine}\n`);
  await expect(page.getByTestId("output-kept")).toHaveText("mine");
  await page.getByTestId("reset").click();
  await expect(page.getByTestId("output-kept")).toHaveCount(0);
  await page.getByTestId("reset-undo").click();
  await expect(page.getByTestId("output-kept")).toHaveText("mine");
  await expect(page.getByTestId("reset-undo")).toBeHidden();
  // Restored work is saved again (Reset forgot the saved workspace).
  await expect.poll(() => savedWorkspace(page)).toContain("kept: {value: mine}");
  await page.reload();
  await expect(page.getByTestId("output-kept")).toHaveText("mine");
});

test("a corrupt share link says so and Back/Forward restore share links", async ({ page }) => {
  await open(page);
  const links: string[] = [];
  for (const v of ["one", "two"]) {
    await setEditor(page, "editor-template", `${HOT}outputs:\n  v: {value: ${v}}\n`);
    await expect(page.getByTestId("output-v")).toHaveText(v);
    await page.getByTestId("share").click();
    await expect(page).toHaveURL(/#w1\./);
    links.push(new URL(page.url()).hash);
  }
  // Follow both links in this tab, then go back and forward.
  await page.evaluate((h) => (location.hash = h), links[0]);
  await expect(page.getByTestId("output-v")).toHaveText("one");
  await page.evaluate((h) => (location.hash = h), links[1]);
  await expect(page.getByTestId("output-v")).toHaveText("two");
  await page.goBack();
  await expect(page.getByTestId("output-v")).toHaveText("one");
  await page.goForward();
  await expect(page.getByTestId("output-v")).toHaveText("two");
  // A damaged link: an error, not a silent load of what was there before.
  await page.goto(`/${links[0].slice(0, 20)}`);
  await expect(page.getByTestId("load-report")).toBeVisible();
  await expect(page.getByTestId("load-report")).toContainText("This share link is damaged");
});

test("a constraint error caused by an environment file is marked in that file", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}parameters:\n  size:\n    type: string\n    constraints: [{allowed_values: [small, large]}]\n`);
  await page.getByTestId("env-add").click();
  await setEditor(page, "editor-env-0", "parameter_defaults:\n  other: 1\n  size: huge\n");
  await expect(page.getByTestId("status")).toHaveText("errors: 1");
  await expect(page.getByTestId("env-problems-0")).toHaveText("1 error");
  await expect(page.getByTestId("editor-env-0").locator(".cm-lintRange-error")).toHaveText("huge");
  await expect(page.getByTestId("error-item").first()).toContainText("env1.yaml:3:9");
});

test("dependency-cycle and merge-conflict errors are marked", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}resources:\n  a: {type: OS::Heat::None, depends_on: b}\n  b: {type: OS::Heat::None, depends_on: a}\n`);
  await expect(page.getByTestId("status")).toHaveText("errors: 1");
  // Marked at the first resource of Heat's message (Heat lists b first: its edges are added before it).
  await expect(page.getByTestId("editor-template").locator(".cm-lintRange-error")).toHaveText("b");
  await expect(page.getByTestId("error-item")).toHaveText(/^template\.yaml:4:3: Circular Dependency Found/);
  await setEditor(page, "editor-template", `${HOT}parameters:\n  p: {type: comma_delimited_list, default: x}\n`);
  await page.getByTestId("env-add").click();
  await setEditor(page, "editor-env-0", "parameter_merge_strategies:\n  p: merge\nparameters:\n  p: [1]\n");
  await page.getByTestId("env-add").click();
  await setEditor(page, "editor-env-1", "parameter_merge_strategies:\n  p: overwrite\nparameters:\n  p: [2]\n");
  await expect(page.getByTestId("status")).toHaveText("errors: 1");
  await expect(page.getByTestId("env-problems-1")).toHaveText("1 error");
  await expect(page.getByTestId("editor-env-1").locator(".cm-lintRange-error")).toHaveText("p");
});

test("a refused stack's conditions pane shows its conditions, not that it has none", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}parameters:\n  n: {type: number, default: x}\nconditions:\n  big: {equals: [{get_param: n}, 1]}\n`);
  await expect(page.getByTestId("status")).toHaveText("errors: 1");
  // Past Heat's first error (issue 24): the condition, as what it needs.
  await expect(page.getByTestId("condition-big")).toContainText("⟨parameter n⟩");
  await expect(page.getByTestId("result-conditions")).not.toContainText("No conditions");
});

test("the problems list is ordered by file, then line", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}resources:\n  a:\n    type: OS::Heat::RandomString\n    properties:\n      length: twelve\n  b:\n    type: OS::Heat::RandomString\n    properties:\n      character_classes: [{class: letters, min: 0}]\n`);
  await expect(page.getByTestId("status")).toHaveText("errors: 2");
  await expect(page.getByTestId("error-item")).toHaveText([/^template\.yaml:6:15: /, /^template\.yaml:10:49: /]);
});

test("an output-only failure gets a verdict banner", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}outputs:\n  good: {value: 1}\n  parts: {value: {str_split: [',', 'a,b', 7]}}\n`);
  await expect(page.getByTestId("status")).toHaveText("errors: 1");
  await expect(page.getByTestId("verdict")).toBeVisible();
  await expect(page.getByTestId("verdict")).toHaveText("Heat would create this stack, but its output parts fails: Incorrect index to \"str_split\" should be between 0 and 1");
});

test("the editor shows a focus ring and each Copy button has its own name", async ({ page }) => {
  await open(page);
  await page.getByTestId("editor-template").locator(".cm-content").click();
  const ring = await page.locator("#template").evaluate((el) => {
    const s = getComputedStyle(el);
    return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) };
  });
  expect(ring.style).toBe("solid");
  expect(ring.width).toBeGreaterThanOrEqual(2);
  for (const pane of ["outputs", "parameters", "resources"]) {
    await expect(page.getByRole("button", { name: `Copy ${pane}`, exact: true })).toHaveCount(1);
  }
});

test("the docs demo's iframe shows its outputs whole", async ({ page }) => {
  await page.goto("/docs-demo.html");
  await page.locator("iframe#framed").scrollIntoViewIfNeeded();
  const frame = page.frameLocator("iframe#framed");
  await expect(frame.getByTestId("output-labels")).toContainText("tier: web");
  // The frame takes its content's height once drawn: wait for that, then nothing is cut.
  await expect.poll(() => page.locator("iframe#framed").evaluate((f: HTMLIFrameElement) => {
    const doc = f.contentDocument!.documentElement;
    return doc.scrollHeight - doc.clientHeight;
  })).toBeLessThanOrEqual(0);
});


test("a stack of 500 resources: the resources pane filters and starts collapsed", async ({ page }) => {
  await open(page);
  let res = "resources:\n";
  for (let i = 0; i < 500; i++) res += `  r${i}: {type: ${i % 100 === 7 ? "OS::Heat::RandomString" : "OS::Heat::None"}}\n`;
  await setEditor(page, "editor-template", `${HOT}${res}`);
  await expect(page.getByTestId("status")).toHaveText("ok");
  const pane = page.getByTestId("result-resources");
  await expect(page.getByTestId("resource-count")).toHaveText("500 resources");
  // Collapsed: one line each, bodies built only when opened.
  await expect(pane.locator("details.resource[open]")).toHaveCount(0);
  await expect(pane.locator(".kv")).toHaveCount(0);
  await page.getByTestId("resource-filter").fill("r42");
  await expect(page.getByTestId("resource-count")).toHaveText("11 of 500 resources");
  await expect(pane.locator("details.resource:visible")).toHaveCount(11);
  await page.getByTestId("resource-filter").fill("randomstring");
  await expect(page.getByTestId("resource-count")).toHaveText("5 of 500 resources");
  await page.getByTestId("resource-r107").locator("summary").click();
  await expect(page.getByTestId("resource-r107")).toContainText("deletion_policy");
  // The filter and what is open survive the next evaluation.
  await page.getByTestId("editor-template").locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.insertText("outputs: {}\n");
  await expect(page.getByTestId("status")).toHaveText("ok");
  await expect(page.getByTestId("resource-filter")).toHaveValue("randomstring");
  await expect(page.getByTestId("resource-count")).toHaveText("5 of 500 resources");
  await expect(page.getByTestId("resource-r107")).toContainText("deletion_policy");
});
