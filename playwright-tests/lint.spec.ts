// The lint rules' findings on the page and in the element (issue 26): a
// mistake Heat accepts (`{get_parm: x}`) is a warning marker with its rule id,
// a problem linked to its rule's documentation and a count beside the status —
// never Heat's verdict or error count; its quick fix applies; a
// `# hotplate: disable=W1001` comment silences it; the Settings' lint select
// (kept in share links) and the element's `lint="off"` hide them.
import { expect, test, type Page } from "@playwright/test";
import { HOT, open, quickFixesReady, savedWorkspace, setEditor, settled, wordAt } from "./helpers";

/** Heat creates this stack: the misspelt function is a plain map to it. */
const MISSPELT = `${HOT}parameters:
  env: {type: string, default: staging}
resources:
  config:
    type: OS::Heat::Value
    properties:
      value: {get_parm: env}
outputs:
  out: {value: {get_attr: [config, value]}}
`;

const marks = (page: Page) => page.getByTestId("editor-template").locator(".cm-hp-lint");

test("a lint finding is a warning marker with its rule id, a linked problem and a count beside the status; its fix applies", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", MISSPELT);
  expect(await settled(page)).toBe("ok"); // Heat's answer: no error
  await expect(page.getByTestId("verdict")).toBeHidden();
  const count = page.getByTestId("lint-count");
  await expect(count).toHaveText("warnings: 1");
  await expect(count).toHaveAttribute("title", /W1001/);
  // The marker: a warning range with the rule id in its tooltip.
  await expect(marks(page)).toHaveCount(1);
  await expect(marks(page)).toHaveClass(/cm-lintRange-warning/);
  await expect(page.getByTestId("editor-template").locator(".cm-lint-marker-warning")).toHaveCount(1);
  await quickFixesReady(page);
  const at = await wordAt(page, "editor-template", "get_parm");
  await page.mouse.move(at.x, at.y);
  const tooltip = page.locator(".cm-tooltip-lint");
  await expect(tooltip).toContainText("`get_parm` is not a function (did you mean `get_param`?)");
  await expect(tooltip.locator(".cm-diagnosticSource")).toHaveText("W1001");
  // The problems list: placed, with the rule linked to its documentation.
  const item = page.getByTestId("result-errors").getByTestId("error-item");
  await expect(item).toHaveCount(1);
  await expect(item).toContainText("template.yaml:8:14: `get_parm` is not a function");
  await expect(item.getByTestId("lint-rule")).toHaveText("W1001");
  await expect(item.getByTestId("lint-rule")).toHaveAttribute("href", /\/docs\/rules\/W1001\.md$/);
  // The quick fix, from the held evaluation.
  const fix = tooltip.getByRole("button", { name: "Change to `get_param`" });
  await expect(fix).toBeVisible();
  await fix.click();
  await expect(page.getByTestId("editor-template").locator(".cm-content")).toContainText("value: {get_param: env}");
  await expect(count).toBeHidden();
  await expect(marks(page)).toHaveCount(0);
  await expect(page.getByTestId("status")).toHaveText("ok");
});

test("a lint finding never counts as Heat's error, beside a real one", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", MISSPELT.replace("type: OS::Heat::Value", "type: OS::Heat::Valu"));
  expect(await settled(page)).toBe("errors: 1");
  await expect(page.getByTestId("lint-count")).toHaveText("warnings: 1");
  await expect(page.getByTestId("verdict")).toContainText("Heat would refuse this stack");
  await expect(page.getByTestId("verdict")).not.toContainText("get_parm");
  await expect(page.getByTestId("result-errors").getByTestId("error-item")).toHaveCount(2);
});

test("a `# hotplate: disable=` comment silences its line, as in the CLI", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", MISSPELT.replace("{get_parm: env}", "{get_parm: env}  # hotplate: disable=W1001"));
  expect(await settled(page)).toBe("ok");
  await expect(page.getByTestId("lint-count")).toBeHidden();
  await expect(marks(page)).toHaveCount(0);
  await expect(page.getByTestId("result-errors")).toContainText("No problems");
  // Another rule's id silences nothing; the whole file's comment silences it anywhere.
  await setEditor(page, "editor-template", MISSPELT.replace("{get_parm: env}", "{get_parm: env}  # hotplate: disable=W3006"));
  await settled(page);
  await expect(page.getByTestId("lint-count")).toHaveText("warnings: 1");
  await setEditor(page, "editor-template", `# hotplate: disable-file=W1001\n${MISSPELT}`);
  await settled(page);
  await expect(page.getByTestId("lint-count")).toBeHidden();
});

test("the Settings' lint select hides the findings or runs every rule, and travels in share links", async ({ page }) => {
  await open(page);
  // W2001 (an unused parameter) is off by default.
  await setEditor(page, "editor-template", MISSPELT.replace("parameters:\n", "parameters:\n  spare: {type: string, default: x}\n"));
  await settled(page);
  await expect(page.getByTestId("lint-count")).toHaveText("warnings: 1");
  await page.locator("#settings > summary").click();
  const select = page.getByTestId("setting-lint");
  await expect(select).toHaveValue("on");
  await select.selectOption("all");
  // `env` is unused too: `{get_parm: env}` is a plain map to Heat.
  await expect(page.getByTestId("lint-count")).toHaveText("warnings: 3");
  await expect(page.getByTestId("lint-count")).toHaveAttribute("title", /W1001, W2001 ×2/);
  await select.selectOption("off");
  await expect(page.getByTestId("lint-count")).toBeHidden();
  await expect(marks(page)).toHaveCount(0);
  await expect(page.getByTestId("result-errors")).toContainText("No problems");
  // A share link carries the setting; so does the page's saved workspace.
  await page.getByTestId("share").click();
  await expect.poll(() => page.url()).toContain("#w1.");
  const link = page.url();
  const again = await page.context().newPage();
  await again.goto(link);
  await expect(again.getByTestId("status")).toHaveText("ok");
  await expect(again.getByTestId("setting-lint")).toHaveValue("off");
  await expect(again.getByTestId("lint-count")).toBeHidden();
  // The first page's workspace, saved with the setting: what "/" opens.
  await expect.poll(async () => JSON.parse((await savedWorkspace(page)) || "{}").settings?.lint).toBe("off");
  await again.goto("/");
  await expect(again.getByTestId("status")).toHaveAttribute("data-eval-ms", /\d/);
  await expect(again.getByTestId("setting-lint")).toHaveValue("off");
});

test("the element shows the findings; lint=\"off\" hides them", async ({ page }) => {
  await page.goto("/docs-demo.html");
  for (const [id, lint] of [["lint-on", null], ["lint-off", "off"]] as const) {
    await page.evaluate(({ id, lint, template }) => {
      const el = document.createElement("hot-playground");
      el.id = id;
      el.setAttribute("show", "errors");
      if (lint) el.setAttribute("lint", lint);
      const s = document.createElement("script");
      s.type = "text/yaml";
      s.textContent = template;
      el.append(s);
      document.body.append(el);
    }, { id, lint, template: MISSPELT });
  }
  const on = page.locator("hot-playground#lint-on");
  await on.scrollIntoViewIfNeeded();
  await expect(on.getByTestId("status")).toHaveText("ok");
  await expect(on.getByTestId("lint-count")).toHaveText("warnings: 1");
  await expect(on.locator(".cm-hp-lint")).toHaveCount(1);
  await expect(on.getByTestId("error-item").getByTestId("lint-rule")).toHaveText("W1001");
  const off = page.locator("hot-playground#lint-off");
  await off.scrollIntoViewIfNeeded();
  await expect(off.getByTestId("status")).toHaveText("ok");
  await expect(off.getByTestId("lint-count")).toBeHidden();
  await expect(off.locator(".cm-hp-lint")).toHaveCount(0);
  await expect(off.getByTestId("result-errors")).toContainText("No problems");
  // "Open in playground" keeps the choice.
  await expect(off.getByTestId("open-in-playground")).toHaveAttribute("href", /#w1\./);
  const href = await off.getByTestId("open-in-playground").getAttribute("href");
  await page.goto(href!);
  await expect(page.getByTestId("status")).toHaveText("ok");
  await expect(page.getByTestId("setting-lint")).toHaveValue("off");
});
