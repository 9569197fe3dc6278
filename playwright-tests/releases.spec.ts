// The Heat release that answers, in the page (Settings' release choice) and on
// the embed (`<hot-playground heat-release="…">`): the choice lists the
// engine's own releases (the package's `releases()`), a case of
// core/tests/data/releases/checks (the oracle's answer under the release it
// names) given without its `x-heat-release` shows the oracle's result once the
// release is chosen, the status says which release answered, and the choice
// travels in the share link and the saved workspace.
import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { releases } from "../packages/hotplate/lib/node.js";
import { decodeWorkspace, encodeWorkspace } from "../web/src/share";
import { fromRequest } from "../web/src/state";
import { HOT, open, savedWorkspace, setEditor, settled, wordAt } from "./helpers";

type Json = Record<string, any>;

const here = dirname(fileURLToPath(import.meta.url));
const CHECKS = resolve(here, "../core/tests/data/releases/checks");

/** A case: its request without `x-heat-release`, the release it names, the oracle's result text. */
function golden(name: string): { request: Json; release: string; expected: string } {
  const request = JSON.parse(readFileSync(resolve(CHECKS, `${name}.json`), "utf8"));
  const release = request["x-heat-release"];
  delete request["x-heat-release"];
  return { request, release, expected: readFileSync(resolve(CHECKS, `${name}.expected.json`), "utf8").trimEnd() };
}

const shown = (page: Page) => async () => (await page.getByTestId("result-json").textContent())?.trimEnd();

test("the release choice lists the engine's releases, answers as the chosen one, and travels in links and storage", async ({ page }) => {
  const all = releases();
  const c = golden("provider_net_flat_segmentation_16");
  await open(page, `#${await encodeWorkspace(fromRequest(c.request as never))}`);
  await page.locator("#settings > summary").click();
  const choice = page.getByTestId("setting-heat-release");
  // Every release of the module, newest first, the default chosen.
  await expect(choice).toBeEnabled();
  await expect(choice.locator("option")).toHaveText([...all].reverse().map((r) => (r.default ? `${r.label} (default)` : r.label)));
  const latest = all.find((r) => r.default)!;
  await expect(choice).toHaveValue(latest.version);
  await expect(page.getByTestId("status-release")).toHaveAttribute("data-release", latest.version);
  const under27 = await shown(page)();
  expect(under27).not.toBe(c.expected);

  // Wallaby's answer, and the status names it.
  const wallaby = all.find((r) => r.version === c.release)!;
  expect(wallaby.label).toBe("2021.1 wallaby — Heat 16.1.0");
  await choice.selectOption(c.release);
  await expect.poll(shown(page)).toBe(c.expected);
  await expect(page.getByTestId("status-release")).toHaveText(`answered as ${wallaby.label}`);
  await expect(page.getByTestId("status-release")).toHaveAttribute("data-release", c.release);

  // Kept in the saved workspace and in the share link.
  await expect.poll(async () => JSON.parse((await savedWorkspace(page)) || "{}").settings?.heatRelease).toBe(c.release);
  await page.getByTestId("share").click();
  await expect(page).toHaveURL(/#w1\./);
  const link = new URL(page.url()).hash;
  expect((await decodeWorkspace(link)).settings.heatRelease).toBe(c.release);
  await page.goto("/");
  await settled(page);
  await expect(page.getByTestId("status-release")).toHaveAttribute("data-release", c.release);
  await expect(page.getByTestId("setting-heat-release")).toHaveValue(c.release);
  await expect.poll(shown(page)).toBe(c.expected);

  // The default again: no setting left (links and storage elide it), 27.0.1's answer.
  await page.locator("#settings > summary").click();
  await page.getByTestId("setting-heat-release").selectOption(latest.version);
  await expect.poll(shown(page)).toBe(under27);
  await expect.poll(async () => JSON.parse((await savedWorkspace(page)) || "{}").settings?.heatRelease).toBe("");

  // A link naming a release hotplate does not know: shown as such, and the result is the engine's error naming the known ones.
  const unknown = fromRequest({ ...c.request, "x-heat-release": "15.0.0" } as never);
  await page.goto(`/#${await encodeWorkspace(unknown)}`);
  await settled(page);
  await expect(page.getByTestId("setting-heat-release")).toHaveValue("15.0.0");
  await expect(page.getByTestId("result-json")).toContainText("unknown Heat release '15.0.0': the known openstack-heat releases are 16.1.0");
  await expect(page.getByTestId("status-release")).toBeHidden();
});

test("the embed's heat-release attribute answers as that release and says so", async ({ page }) => {
  const c = golden("senlin_profile_16");
  await page.goto("/docs-demo.html");
  for (const release of [c.release, null]) {
    await page.evaluate(({ request, release }) => {
      document.querySelector("hot-playground#rel")?.remove();
      const el = document.createElement("hot-playground");
      el.id = "rel";
      el.setAttribute("show", "result");
      el.setAttribute("stack-name", request.stack_name);
      if (release) el.setAttribute("heat-release", release);
      const s = document.createElement("script");
      s.type = "text/yaml";
      s.textContent = request.template;
      el.append(s);
      document.body.append(el);
    }, { request: c.request, release });
    const box = page.locator("hot-playground#rel");
    await box.scrollIntoViewIfNeeded();
    await expect(box.getByTestId("status")).toHaveAttribute("title", `answered as openstack-heat ${release ?? "27.0.1"}`);
    const text = async () => (await box.getByTestId("result-json").textContent())?.trimEnd();
    if (release) {
      await expect.poll(text).toBe(c.expected);
      await expect(box.getByTestId("status-release")).toHaveText(`Heat ${release}`);
      // "Open in playground" keeps the release.
      const href = await box.getByTestId("open-in-playground").getAttribute("href");
      expect((await decodeWorkspace(new URL(href!).hash)).settings.heatRelease).toBe(release);
    } else {
      // Under 27.0.1 Senlin's types are hidden placeholders: no property is checked.
      await expect.poll(async () => JSON.parse((await text()) ?? "{}").error).toBeNull();
      await expect(box.getByTestId("status-release")).toBeHidden();
    }
  }
});

test("completion and hover know the chosen release's types", async ({ page }) => {
  // Senlin's types: Senlin's own under 16.1.0, hidden placeholders under 27.0.1 (not offered).
  const ws = fromRequest({ stack_name: "s", template: HOT, "x-heat-release": "16.1.0" } as never);
  await open(page, `#${await encodeWorkspace(ws)}`);
  await setEditor(page, "editor-template", `${HOT}resources:\n  c:\n    type: OS::Senlin::Clu`);
  await page.keyboard.press("Control+Space");
  const list = page.locator(".cm-tooltip-autocomplete");
  await expect(list.getByRole("option", { name: /OS::Senlin::Cluster/ }).first()).toBeVisible();
  await page.keyboard.press("Escape");
  await setEditor(page, "editor-template", `${HOT}resources:\n  c:\n    type: OS::Senlin::Cluster\n    properties: {profile: p}\n`);
  await settled(page);
  const at = await wordAt(page, "editor-template", "Cluster");
  await page.mouse.move(at.x, at.y);
  const hover = page.getByTestId("hover");
  await expect(hover).toContainText("OS::Senlin::Cluster (supported)");
  await page.mouse.move(0, 0);
  await expect(hover).toBeHidden();
  await page.locator("#settings > summary").click();
  await page.getByTestId("setting-heat-release").selectOption("27.0.1");
  await expect(page.getByTestId("status-release")).toHaveAttribute("data-release", "27.0.1");
  await page.mouse.move(at.x, at.y);
  await expect(hover).toContainText("OS::Senlin::Cluster (hidden)");
});
