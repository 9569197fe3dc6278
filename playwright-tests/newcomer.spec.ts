// Issue 27: the page as a demanding newcomer finds it. Each test reproduces one
// of the defects a hostile session found, and failed before its fix.
import { test, expect } from "@playwright/test";
import { HOT, open, setEditor } from "./helpers";

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
