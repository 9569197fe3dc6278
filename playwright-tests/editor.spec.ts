// Issue 14, the playground half: completion, hover, go to definition (also into
// another document) and a quick fix, from the engine through the editor.
import { test, expect } from "@playwright/test";
import { HOT, open, quickFixesReady, setEditor, settled, wordAt } from "./helpers";

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("fresh")) {
      localStorage.clear();
      sessionStorage.setItem("fresh", "1");
    }
  });
});

const SERVER = `${HOT}parameters:\n  flavor: {type: string, default: m1.small, description: The size of the server}\nresources:\n  server:\n    type: OS::Nova::Server\n    properties:\n      flavor: {get_param: flavor}\n      image: cirros\noutputs:\n  ip: {value: {get_attr: [server, first_address]}}\n`;

test("completion lists the type's properties while the text does not parse", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}resources:\n  server:\n    type: OS::Nova::Server\n    properties:\n      image: cirros\n      fla`);
  await page.keyboard.press("Control+Space");
  const list = page.locator(".cm-tooltip-autocomplete");
  await expect(list).toBeVisible();
  await expect(list.getByRole("option", { name: /flavor/ }).first()).toContainText("string, required");
  await page.screenshot({ path: "artifacts/completion.png" });
  // Esc closes the list and stays in the editor; Ctrl+Space opens it again.
  await page.keyboard.press("Escape");
  await expect(list).toBeHidden();
  await expect(page.getByTestId("editor-template").locator(".cm-content")).toBeFocused();
  await page.keyboard.press("Control+Space");
  await expect(list.getByRole("option", { name: /flavor/ }).first()).toBeVisible();
  // CodeMirror ignores Enter for 75 ms after a list opens (its interactionDelay): a
  // wait of at least that long from when the list is seen, which load only lengthens.
  await page.waitForTimeout(150);
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("editor-template").locator(".cm-content")).toContainText("flavor:");
});

test("hover shows a parameter's description and final value", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", SERVER);
  await settled(page);
  const at = await wordAt(page, "editor-template", "flavor}");
  await page.mouse.move(at.x, at.y);
  const hover = page.getByTestId("hover");
  await expect(hover).toContainText("parameter flavor: string");
  await expect(hover).toContainText("The size of the server");
  await expect(hover).toContainText('value: "m1.small" (the template\'s default)');
  await page.screenshot({ path: "artifacts/hover.png" });
  // A function's documentation.
  await page.mouse.move(0, 0);
  const fn = await wordAt(page, "editor-template", "get_attr");
  await page.mouse.move(fn.x, fn.y);
  await expect(hover).toContainText("Example: {get_attr: [server, first_address]}");
});

test("Ctrl/Cmd-click goes to the definition, also in another document", async ({ page }) => {
  await open(page);
  await page.getByTestId("files-add").click();
  await page.locator("#file-list input").first().fill("box.yaml");
  await setEditor(page, "editor-file-0", `${HOT}outputs:\n  size: {value: 1}\n`);
  await setEditor(page, "editor-template", `${SERVER.replace("outputs:", "  box:\n    type: box.yaml\noutputs:")}`);
  await settled(page);
  const ref = await wordAt(page, "editor-template", "server,");
  await page.keyboard.down("ControlOrMeta");
  await page.mouse.click(ref.x, ref.y);
  await page.keyboard.up("ControlOrMeta");
  await expect(page.getByTestId("editor-template").locator(".cm-activeLine")).toHaveText("  server:");
  // A provider template: its own editor (a file of the request).
  const file = page.getByTestId("editor-file-0");
  const type = await wordAt(page, "editor-template", "box.yaml");
  await page.keyboard.down("ControlOrMeta");
  await page.mouse.click(type.x, type.y);
  await page.keyboard.up("ControlOrMeta");
  await expect(file.locator(".cm-content")).toBeFocused();
  await expect(file.locator(".cm-activeLine")).toHaveText("heat_template_version: 2021-04-16");
});

test("a quick fix on a lint marker replaces a misspelt property", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", SERVER.replace("      flavor:", "      flavour:"));
  await settled(page);
  await quickFixesReady(page);
  const at = await wordAt(page, "editor-template", "flavour");
  await page.mouse.move(at.x, at.y);
  const fix = page.locator(".cm-tooltip-lint").getByRole("button", { name: "Change to `flavor`" });
  await expect(fix).toBeVisible();
  await fix.click();
  await expect(page.getByTestId("editor-template").locator(".cm-content")).toContainText("      flavor: {get_param: flavor}");
  await expect(page.getByTestId("status")).toHaveText("ok");
});

test("Tab indents, Esc leaves the editor; Ctrl+F searches", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}outputs:\n`);
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("editor-template").locator(".cm-content")).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("editor-template").locator(".cm-content")).not.toBeFocused();
  await page.getByTestId("editor-template").locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+f");
  await expect(page.locator(".cm-search input[name=search]")).toBeFocused();
});
