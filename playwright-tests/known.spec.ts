// Issue 24 (acceptance 3): past Heat's first error the panes show what is
// known — the parameters, a failing resource's other properties, the outputs
// and conditions that resolve — while the banner still says Heat's verdict,
// and every independent problem is a diagnostic at its place (editor markers
// and the problems list) at once.
import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { open, setEditor } from "./helpers";

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("fresh")) {
      localStorage.clear();
      sessionStorage.setItem("fresh", "1");
    }
  });
});

const here = dirname(fileURLToPath(import.meta.url));

test("a server without flavor still shows its parameters, other properties, outputs and conditions", async ({ page }) => {
  await open(page);
  // The engine's own test of this case reads the same file (core/src/engine/display_tests.rs).
  await setEditor(page, "editor-template", readFileSync(join(here, "fixtures", "no-flavor.yaml"), "utf8"));
  // Heat's verdict, as before.
  await expect(page.getByTestId("verdict")).toContainText("Heat would refuse this stack");
  await expect(page.getByTestId("verdict")).toContainText("Property flavor not assigned");
  // What is known.
  await expect(page.getByTestId("result-parameters")).toContainText("image");
  await expect(page.getByTestId("result-parameters")).toContainText("cirros");
  await expect(page.getByTestId("resource-server")).toContainText("OS::Nova::Server");
  await expect(page.getByTestId("resource-server")).toContainText("cirros");
  await expect(page.getByTestId("resource-server")).toContainText("web");
  await expect(page.getByTestId("output-image")).toHaveText("cirros");
  await expect(page.getByTestId("output-name")).toContainText("get_attr server name");
  await expect(page.getByTestId("condition-big")).toContainText("false");
  // The failure, marked in place.
  // (The lint rules add a warning for the unused condition: errors only here.)
  const errors = page.locator("li.error[data-testid=error-item]");
  await expect(errors).toHaveCount(1);
  await expect(errors).toContainText("Property flavor not assigned");
  await expect(page.getByTestId("editor-template").locator(".cm-lintRange-error")).toHaveCount(1);
});

test("a template with two missing required parameters shows everything else, each missing value a placeholder", async ({ page }) => {
  await open(page);
  // The engine's own test of this case reads the same file (core/src/engine/display_tests.rs).
  await setEditor(page, "editor-template", readFileSync(join(here, "fixtures", "two-required.yaml"), "utf8"));
  await expect(page.getByTestId("verdict")).toContainText("Heat would refuse this stack");
  await expect(page.getByTestId("verdict")).toContainText("key_name");
  // Parameters: each missing one shown as what it stands for.
  await expect(page.getByTestId("result-parameters")).toContainText("⟨parameter key_name⟩");
  await expect(page.getByTestId("result-parameters")).toContainText("⟨parameter flavor⟩");
  // The resource's other properties; the missing ones as placeholders.
  await expect(page.getByTestId("resource-server")).toContainText("cirros");
  await expect(page.getByTestId("resource-server")).toContainText("⟨parameter flavor⟩");
  // Outputs and conditions that resolve show their values.
  await expect(page.getByTestId("output-fixed")).toHaveText("42");
  await expect(page.getByTestId("output-key")).toContainText("⟨parameter key_name⟩");
  await expect(page.getByTestId("condition-always")).toContainText("true");
  await expect(page.getByTestId("condition-small")).toContainText("⟨parameter flavor⟩");
  // Both missing values are errors at their declarations (Heat's verdict names the first).
  const errors = page.getByTestId("error-item").filter({ hasText: "was not provided" });
  await expect(errors).toHaveCount(2);
  await expect(page.getByTestId("editor-template").locator(".cm-lintRange-error")).toHaveCount(2);
});

test("example 09 lists its four mistakes at once, each marked in the editor", async ({ page }) => {
  const example = JSON.parse(readFileSync(join(here, "../web/examples/09-errors.json"), "utf8"));
  await open(page);
  await page.getByTestId("examples").selectOption({ label: example["x-title"] });
  await expect(page.getByTestId("verdict")).toContainText("Heat would refuse this stack");
  const errors = page.getByTestId("error-item");
  await expect(errors).toHaveCount(4);
  for (const mistake of ["'two'", "Invalid default x", "(flavour)", "missing_net"]) {
    await expect(errors.filter({ hasText: mistake })).toHaveCount(1);
  }
  // Each marked in the editor (a mark may be split across highlighted tokens).
  const marked = page.getByTestId("editor-template").locator(".cm-lintRange-error");
  for (const text of ["two", "flavour", "get_resource"]) {
    await expect.poll(async () => (await marked.allTextContents()).join("")).toContain(text);
  }
  // And what is known: the server's image, the port, the output's placeholder.
  await expect(page.getByTestId("resource-server")).toContainText("cirros");
  await expect(page.getByTestId("resource-port")).toContainText("OS::Neutron::Port");
  await expect(page.getByTestId("output-ip")).toContainText("get_attr server first_address");
});
