// Compare mode (issue 25): "Use as current stack" keeps the workspace as the
// stack as it is; an edit then shows what `openstack stack update` would do —
// the replacement named with the property that forces it, marked in the editor;
// localStorage and share links carry both sides; leaving compare mode.
import { expect, test, type Page } from "@playwright/test";
import { HOT, open, savedWorkspace, setEditor, settled } from "./helpers";

const CURRENT = `${HOT}resources:
  server:
    type: OS::Nova::Server
    properties:
      image: cirros
      flavor: m1.small
      availability_zone: zone-a
  volume:
    type: OS::Cinder::Volume
    properties:
      size: 10
`;
// availability_zone is not update_allowed on a server (Heat replaces it); a
// volume's size is (updated in place).
const EDITED = CURRENT.replace("zone-a", "zone-b").replace("size: 10", "size: 20");

/** The plan of EDITED against CURRENT, as the page shows it. */
async function expectPlan(page: Page): Promise<void> {
  const plan = page.getByTestId("result-plan");
  await expect(plan.getByTestId("plan-summary")).toContainText("1 to replace · 1 to update · 0 to add · 0 to delete");
  const server = plan.locator('[data-testid="plan-resource"][data-name="server"]');
  await expect(server).toHaveAttribute("data-action", "replaced");
  await expect(server).toContainText("will be replaced");
  await expect(server.getByTestId("plan-reason")).toHaveText("availability_zone cannot be updated in place (not update_allowed)");
  const zone = server.locator('[data-testid="plan-change"][data-name="availability_zone"]');
  await expect(zone).toContainText("forces replacement");
  await expect(zone).toContainText("zone-a");
  await expect(zone).toContainText("zone-b");
  await expect(server.getByTestId("plan-data-risk")).toContainText("deletion_policy is Delete");
  const volume = plan.locator('[data-testid="plan-resource"][data-name="volume"]');
  await expect(volume).toHaveAttribute("data-action", "updated");
  await expect(volume.locator('[data-testid="plan-change"][data-name="size"]')).toContainText("20");
  // The forcing property is marked in the template's editor.
  const mark = page.getByTestId("editor-template").locator(".cm-lintRange-warning");
  await expect(mark).toHaveCount(1);
  await expect(mark).toHaveText("availability_zone");
}

test("compare mode: snapshot, a non-updatable edit is a replacement named and marked, both sides kept and shared", async ({ page, context }) => {
  await open(page);
  await setEditor(page, "editor-template", CURRENT);
  await settled(page);
  await expect(page.getByTestId("compare-bar")).toBeHidden();
  await page.getByTestId("compare-use").click();
  await expect(page.getByTestId("compare-bar")).toBeVisible();
  await settled(page);
  // Nothing changed yet: the plan says so.
  await expect(page.getByTestId("result-plan").getByTestId("plan-summary")).toContainText("0 to replace · 0 to update · 0 to add · 0 to delete · 2 unchanged");

  await setEditor(page, "editor-template", EDITED);
  await settled(page);
  await expectPlan(page);

  // localStorage keeps both sides across a reload (the edit saved first).
  await expect.poll(() => savedWorkspace(page)).toContain("zone-b");
  await page.reload();
  await settled(page);
  await expect(page.getByTestId("compare-bar")).toBeVisible();
  await expectPlan(page);

  // A share link carries both sides to a page with nothing saved.
  await page.getByTestId("share").click();
  await expect(page).toHaveURL(/#w1\./);
  const other = await context.newPage();
  await other.addInitScript(() => localStorage.clear());
  await other.goto(page.url());
  await settled(other);
  await expect(other.getByTestId("compare-bar")).toBeVisible();
  await expect(other.getByTestId("compare-current-template")).toHaveText(CURRENT, { useInnerText: false });
  await expectPlan(other);

  // Leaving compare mode: no bar, no plan, no marks; a reload stays out of it.
  await other.getByTestId("compare-leave").click();
  await settled(other);
  await expect(other.getByTestId("compare-bar")).toBeHidden();
  await expect(other.getByTestId("result-plan")).toContainText("Not comparing");
  await expect(other.getByTestId("editor-template").locator(".cm-lintRange-warning")).toHaveCount(0);
  await other.reload();
  await settled(other);
  await expect(other.getByTestId("compare-bar")).toBeHidden();
});

test("compare mode: Heat's refusal of the update is the plan's answer", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", CURRENT);
  await settled(page);
  await page.getByTestId("compare-use").click();
  await setEditor(page, "editor-template", EDITED.replace("size: 20", "size: {get_param: missing}"));
  await settled(page);
  await expect(page.getByTestId("result-plan").getByTestId("plan-error")).toContainText("Heat would refuse this update");
  await expect(page.getByTestId("result-plan").getByTestId("plan-error")).toContainText("missing");
});

test("the element shows an update example's plan: the replacement named and marked in its editor", async ({ page, context }) => {
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.goto("/docs-demo.html");
  const update = page.locator("hot-playground#update");
  await update.scrollIntoViewIfNeeded();
  const server = update.locator('[data-testid="plan-resource"][data-name="server"]');
  await expect(server).toHaveAttribute("data-action", "replaced");
  await expect(server.getByTestId("plan-reason")).toHaveText("image changed and image_update_policy is REPLACE");
  await expect(server.locator('[data-testid="plan-change"][data-name="image"]')).toContainText("forces replacement");
  await expect(update.getByTestId("editor-template").locator(".cm-lintRange-warning")).toHaveText("image");
  // Open in playground: the page in compare mode with both sides.
  const link = update.getByTestId("open-in-playground");
  await expect(link).toHaveAttribute("href", /#w1\./);
  const [full] = await Promise.all([context.waitForEvent("page"), link.click()]);
  await full.waitForLoadState();
  await expect(full.getByTestId("compare-bar")).toBeVisible();
  await expect(full.getByTestId("compare-current-template")).toContainText("image: cirros", { useInnerText: false });
  await expect(full.locator('[data-testid="plan-resource"][data-name="server"]')).toHaveAttribute("data-action", "replaced");
  await full.close();
  // The template edited back to the stack as it is: nothing changes.
  await update.getByTestId("editor-template").locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(`${HOT}resources:\n  server:\n    type: OS::Nova::Server\n    properties: {image: cirros, flavor: m1.small, image_update_policy: REPLACE}\n`);
  await expect(update.getByTestId("plan-summary")).toContainText("0 to replace · 0 to update · 0 to add · 0 to delete · 1 unchanged");
  await expect(update.getByTestId("editor-template").locator(".cm-lintRange-warning")).toHaveCount(0);
});
