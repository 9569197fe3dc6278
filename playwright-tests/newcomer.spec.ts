// Issue 27: the page as a demanding newcomer finds it. Each test reproduces one
// of the defects a hostile session found, and failed before its fix.
import { test, expect } from "@playwright/test";
import { contrast, HOT, open, setEditor, wordAt } from "./helpers";

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("fresh")) {
      localStorage.clear();
      sessionStorage.setItem("fresh", "1");
    }
  });
});

test("defect 8: a parameter's input shows the value in use and where it comes from, as the engine writes it", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}parameters:\n  size: {type: string, default: m1.small}\n  ratio: {type: number, default: 1.0}\noutputs:\n  size: {value: {get_param: size}}\n`);
  await page.getByTestId("env-add").click();
  await setEditor(page, "editor-env-0", "parameter_defaults:\n  size: m1.large\n");
  await expect(page.getByTestId("output-size")).toHaveText("m1.large");
  // Not the template's default while the environment file supplies another value.
  await expect(page.getByTestId("param-size")).not.toHaveAttribute("placeholder", /m1\.small/);
  await expect(page.locator('.inputs [data-source="size"]')).toHaveText("parameter_defaults in env1.yaml: m1.large");
  // The engine's text: a float default stays 1.0.
  await expect(page.locator('.inputs [data-source="ratio"]')).toHaveText("template default: 1.0");
  await expect(page.getByTestId("param-ratio")).not.toHaveAttribute("placeholder", /default: 1$/);
  // Typed: the input has the value; the source says so.
  await page.getByTestId("param-size").fill("m1.tiny");
  await expect(page.getByTestId("output-size")).toHaveText("m1.tiny");
  await expect(page.locator('.inputs [data-source="size"]')).toHaveText("explicit value");
});

test("defect 3: hover answers while the template has an error", async ({ page }) => {
  await open(page);
  for (const server of ["server: {type: OS::Nova::Server}", "server:\n    type: OS::Nova::Server\n    properties:\n      image: cirros"]) {
    await setEditor(page, "editor-template", `${HOT}resources:\n  ${server}\n`);
    await expect(page.getByTestId("status")).toHaveText(/^errors/);
    await page.waitForTimeout(500); // the quick fixes' question has been asked
    const at = await wordAt(page, "editor-template", "OS::Nova::Server");
    await page.mouse.move(at.x, at.y);
    await expect(page.getByTestId("hover")).toContainText("OS::Nova::Server");
    await page.mouse.move(0, 0);
  }
});

test("defect 4: an undeclared parameter of an environment file is marked in that file; a problem without a place reads as text", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}parameters:\n  a: {type: string, default: x}\n`);
  await page.getByTestId("env-add").click();
  await setEditor(page, "editor-env-0", "parameters:\n  a: y\n  unknown_param: 1\n");
  await expect(page.getByTestId("status")).toHaveText("errors: 1");
  await expect(page.getByTestId("error-item")).toHaveText("env1.yaml:3:3: The Parameter (unknown_param) was not defined in template.");
  await expect(page.getByTestId("env-problems-0")).toHaveText("1 error");
  await expect(page.getByTestId("editor-env-0").locator(".cm-lintRange-error")).toHaveText("unknown_param");
  // An explicit value the template no longer declares has no place in a file.
  await setEditor(page, "editor-env-0", "parameters: {}\n");
  await page.getByTestId("param-a").fill("mine");
  await setEditor(page, "editor-template", `${HOT}parameters:\n  b: {type: string, default: x}\n`);
  const item = page.getByTestId("error-item");
  await expect(item).toHaveText("request: The Parameter (a) was not defined in template.");
  await expect(item.locator("button")).toHaveCount(0);
  expect(await contrast(item)).toBeGreaterThanOrEqual(4.5);
});

test("defect 6: hotplate's own limits are worded as hotplate's, saying what Heat would do", async ({ page }) => {
  await open(page);
  const items = "[" + Array.from({ length: 400 }, (_, i) => `v${i}`).join(", ") + "]";
  await setEditor(page, "editor-template", `${HOT}outputs:\n  boom:\n    value:\n      repeat:\n        for_each: {A: ${items}, B: ${items}, C: ${items}}\n        template: A-B-C\n  fine: {value: 1}\n`);
  const verdict = page.getByTestId("verdict");
  await expect(verdict).toContainText("repeat would produce 64000000 copies");
  await expect(verdict).toContainText("hotplate's limit of 100000");
  await expect(verdict).toContainText("Heat has none and would build them all");
  await expect(verdict).not.toContainText("fails");
  // The 16 MiB string cap the same.
  const big = "a".repeat(17_000);
  const list = "[" + Array.from({ length: 1000 }, (_, i) => `x${i}`).join(", ") + "]";
  await setEditor(page, "editor-template", `${HOT}outputs:\n  long:\n    value:\n      list_join: ['', {repeat: {for_each: {X: ${list}}, template: X${big}}}]\n`);
  await expect(verdict).toContainText("over hotplate's limit of 16777216 bytes");
  await expect(verdict).toContainText("Heat has none");
  await expect(page.getByTestId("error-item")).toContainText("hotplate's limit");
});

test("defect 7: a YAML error's banner names the parse error and its line", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}outputs:\n  o: {value: [\n`);
  await expect(page.getByTestId("status")).toHaveText("errors: 1");
  const verdict = page.getByTestId("verdict");
  await expect(verdict).toContainText("template.yaml:4:1");
  await expect(verdict).toContainText("expected the node content");
  await expect(verdict).not.toContainText("could not comply");
});

test("defect 9: quick fixes offer the parameter a misspelt get_param meant, and renaming a misspelt property first", async ({ page }) => {
  await open(page);
  const editor = page.getByTestId("editor-template");
  await setEditor(page, "editor-template", `${HOT}parameters:\n  image: {type: string, default: cirros}\nresources:\n  server:\n    type: OS::Nova::Server\n    properties:\n      flavor: m1.small\n      image: {get_param: imgae}\n`);
  await expect(page.getByTestId("status")).toHaveText("errors: 1");
  let at = await wordAt(page, "editor-template", "imgae");
  await page.mouse.move(at.x, at.y);
  const change = page.locator(".cm-tooltip-lint").getByRole("button", { name: "Change to `image`" });
  await expect(change).toBeVisible();
  await change.click();
  await expect(editor.locator(".cm-content")).toContainText("image: {get_param: image}");
  await expect(page.getByTestId("status")).toHaveText("ok");
  // `flavour`: on the `properties` marker, the rename comes before adding an empty `flavor`.
  await page.mouse.move(0, 0);
  await setEditor(page, "editor-template", `${HOT}resources:\n  server:\n    type: OS::Nova::Server\n    properties:\n      flavour: m1.small\n      image: cirros\n`);
  await expect(page.getByTestId("status")).toHaveText("errors: 2");
  await page.waitForTimeout(500); // the quick fixes arrive after the markers
  at = await wordAt(page, "editor-template", "properties");
  await page.mouse.move(at.x, at.y);
  const actions = page.locator(".cm-tooltip-lint .cm-diagnostic").filter({ hasText: "flavor not assigned" }).getByRole("button");
  await expect(actions.first()).toHaveText("Rename `flavour` to `flavor`");
  await actions.first().click();
  await expect(editor.locator(".cm-content")).toContainText("flavor: m1.small");
  await expect(editor.locator(".cm-content")).not.toContainText("flavour");
  await expect(page.getByTestId("status")).toHaveText("ok");
});

test("defect 11: a clipped description ends at a word with an ellipsis", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}resources:\n  server:\n    type: OS::Nova::Server\n    properties: {flavor: m1.small, image: cirros}\noutputs:\n  ip: {value: {get_attr: [server, first_address]}}\n`);
  await expect(page.getByTestId("status")).toHaveText("ok");
  const at = await wordAt(page, "editor-template", "first_address");
  await page.mouse.move(at.x, at.y);
  const hover = page.getByTestId("hover");
  await expect(hover).toContainText("Convenience attribute");
  await expect(hover).toContainText("Result may not be predictable…");
  await expect(hover).not.toContainText("predictable i");
});
