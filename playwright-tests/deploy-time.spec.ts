// Deploy-time values (issue 34): a value that exists once the stack is
// deployed is a value, not None. The 13-line template (a
// ResourceGroup member's required flavor from another resource's attribute)
// shows ok, its flavor listed as checked at deploy time; compare mode plans
// a Magnum-shaped stack (group members and an output fed by get_attr)
// instead of refusing it as a stack that could not exist.
import { expect, test } from "@playwright/test";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { open, setEditor, settled } from "./helpers";

// The 13 lines, read by the engine's tests too.
const GROUP = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "fixtures", "deploy-time-group.yaml"), "utf8");

test("the 13-line group: ok, the flavor checked at deploy time with the value it waits for", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", GROUP);
  expect(await settled(page)).toContain("ok");
  const note = page.getByTestId("result-errors").getByTestId("error-item").filter({ hasText: "checked at deploy time" });
  await expect(note).toHaveCount(1);
  await expect(note).toContainText("⟨get_attr net name⟩");
  // A note, not an error.
  await expect(page.getByTestId("result-errors").locator("li.error")).toHaveCount(0);
});

const MAGNUM = `${GROUP}outputs:
  api_address:
    value: {make_url: {scheme: https, host: {get_attr: [group, first_address, 0]}, port: 6443, path: /}}
`;

test("compare mode plans a stack whose group members and outputs are fed by get_attr", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", MAGNUM);
  await settled(page);
  await page.getByTestId("compare-use").click();
  await expect(page.getByTestId("compare-bar")).toBeVisible();
  await settled(page);
  const plan = page.getByTestId("result-plan");
  // Planned, not refused: nothing changes but the group, a nested stack Heat always updates.
  await expect(plan.getByTestId("plan-error")).toHaveCount(0);
  await expect(plan.getByTestId("plan-summary")).toContainText("0 to replace · 1 to update · 0 to add · 0 to delete · 3 unchanged");
  // One more member: planned, not refused.
  await setEditor(page, "editor-template", MAGNUM.replace("count: 2", "count: 3"));
  await settled(page);
  await expect(plan.getByTestId("plan-error")).toHaveCount(0);
  await expect(plan.getByTestId("plan-summary")).toContainText("1 to add");
  await expect(plan.locator('[data-testid="plan-resource"][data-name="group/2"]')).toHaveAttribute("data-action", "added");
  await expect(plan.locator('[data-testid="plan-resource"][data-name="group"]')).toHaveAttribute("data-action", "updated");
});
