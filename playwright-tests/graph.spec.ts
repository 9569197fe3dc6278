// The dependency graph: a layered layout (dagre, in a worker) that stays
// readable at 500 resources, in a viewport that pans and zooms.
import { expect, test, type Page } from "@playwright/test";
import { HOT, open, setEditor } from "./helpers";

/** 500 resources: chains (depends_on), references (get_resource, get_attr) and loose ones. */
function bigStack(): string {
  let t = `${HOT}resources:\n`;
  for (let i = 0; i < 500; i++) {
    const dep = i % 10 !== 0 ? `, depends_on: [r${i - 1}]` : "";
    const value = i % 3 === 0 && i > 20 ? `{get_attr: [r${i - 20}, value]}` : i % 4 === 0 && i > 0 ? `{get_resource: r${Math.floor(i / 2)}}` : `v${i}`;
    // One line each: pasting the block form of this template into CodeMirror takes over a minute (see the report).
    t += `  r${i}: {type: OS::Heat::Value${dep}, properties: {value: ${value}}}\n`;
  }
  return t;
}

const viewport = (page: Page) => page.getByTestId("graph-viewport");
const num = async (page: Page, attr: string) => Number(await viewport(page).getAttribute(attr));

test("500 resources are laid out in layers about as wide as tall, boxes apart", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", bigStack());
  await expect(page.getByTestId("status")).toHaveText("ok");
  await expect(page.getByTestId("graph-hint")).toContainText("500 resources");
  const svg = viewport(page).locator("svg");
  const width = Number(await svg.getAttribute("data-width"));
  const height = Number(await svg.getAttribute("data-height"));
  // One row per depth would be 500 boxes wide (~100,000 px): here about square.
  expect(width).toBeLessThan(15_000);
  expect(width / height).toBeLessThan(4);
  expect(height / width).toBeLessThan(4);
  const boxes = await svg.locator("g.node").evaluateAll((nodes) =>
    nodes.map((n) => /translate\(([-\d.]+),([-\d.]+)\)/.exec(n.getAttribute("transform")!)!.slice(1).map(Number)),
  );
  expect(boxes).toHaveLength(500);
  // No two boxes overlap (180 x 34 each).
  const overlaps = boxes.filter(([x, y], i) => boxes.some(([u, v], j) => j > i && Math.abs(x - u) < 180 && Math.abs(y - v) < 34));
  expect(overlaps).toEqual([]);
  await expect(svg.locator("polyline.edge")).not.toHaveCount(0);
  // Readable from the start: not shrunk to fit 500 boxes into the viewport.
  expect(await num(page, "data-scale")).toBeGreaterThanOrEqual(0.6);
});

test("the graph pans by dragging and with the arrow keys, zooms with the wheel and the buttons, and fits", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", bigStack());
  await expect(page.getByTestId("graph-hint")).toContainText("500 resources");
  const vp = viewport(page);
  await vp.scrollIntoViewIfNeeded();
  const box = (await vp.boundingBox())!;
  const [tx, ty] = [await num(page, "data-tx"), await num(page, "data-ty")];
  await page.mouse.move(box.x + 200, box.y + 200);
  await page.mouse.down();
  await page.mouse.move(box.x + 120, box.y + 150, { steps: 4 });
  await page.mouse.up();
  expect(await num(page, "data-tx")).toBeCloseTo(tx - 80, 0);
  expect(await num(page, "data-ty")).toBeCloseTo(ty - 50, 0);
  await vp.focus();
  await page.keyboard.press("ArrowLeft");
  expect(await num(page, "data-tx")).toBeCloseTo(tx - 80 + 60, 0);

  const scale = await num(page, "data-scale");
  await page.getByTestId("graph-zoom-in").click();
  expect(await num(page, "data-scale")).toBeCloseTo(scale * 1.25, 3);
  await page.getByTestId("graph-zoom-out").click();
  expect(await num(page, "data-scale")).toBeCloseTo(scale, 3);
  await page.mouse.move(box.x + 100, box.y + 100);
  await page.mouse.wheel(0, 400);
  await expect.poll(() => num(page, "data-scale")).toBeLessThan(scale);

  await page.getByTestId("graph-fit").click();
  const fit = await num(page, "data-scale");
  const width = Number(await vp.locator("svg").getAttribute("data-width"));
  expect(fit * width).toBeLessThanOrEqual(box.width + 1);
  // The view the user chose is kept when the result is redrawn.
  await page.getByTestId("editor-template").locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.insertText("outputs: {}\n");
  await expect(page.getByTestId("status")).toHaveText("ok");
  expect(await num(page, "data-scale")).toBeCloseTo(fit, 4);
});

test("a small graph is drawn whole, dependencies above their dependants", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}resources:\n  a: {type: OS::Heat::None}\n  b: {type: OS::Heat::None, depends_on: [a]}\n  c: {type: OS::Heat::Value, properties: {value: {get_attr: [b, show]}}}\n`);
  await expect(page.getByTestId("graph-hint")).toContainText("3 resources");
  const y = async (name: string) => {
    const t = await page.locator("g.node", { has: page.locator(`title:text-is("${name}")`) }).getAttribute("transform");
    return Number(/,([-\d.]+)\)/.exec(t!)![1]);
  };
  expect(await y("a")).toBeLessThan(await y("b"));
  expect(await y("b")).toBeLessThan(await y("c"));
  await expect(page.locator("polyline.edge.depends_on")).toHaveCount(1);
  await expect(page.locator("polyline.edge.get_attr")).toHaveCount(1);
});
