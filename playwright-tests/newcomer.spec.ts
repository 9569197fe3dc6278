// Issue 27: the page as a demanding newcomer finds it. Each test reproduces one
// of the defects a hostile session found, and failed before its fix.
import { test, expect } from "@playwright/test";
import { contrast, HOT, open, quickFixesReady, runaway, setEditor, settled, wordAt } from "./helpers";

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
    expect(await settled(page)).toMatch(/^errors/);
    await quickFixesReady(page);
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
  await expect(verdict).toContainText("Heat would refuse this stack at template.yaml:4:1 — ");
  await expect(verdict).toContainText("expected the node content");
  await expect(verdict).not.toContainText("could not comply");
});

test("defect 9: quick fixes offer the parameter a misspelt get_param meant, and renaming a misspelt property first", async ({ page }) => {
  await open(page);
  const editor = page.getByTestId("editor-template");
  await setEditor(page, "editor-template", `${HOT}parameters:\n  image: {type: string, default: cirros}\nresources:\n  server:\n    type: OS::Nova::Server\n    properties:\n      flavor: m1.small\n      image: {get_param: imgae}\n`);
  expect(await settled(page)).toBe("errors: 1");
  await quickFixesReady(page);
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
  expect(await settled(page)).toBe("errors: 2");
  await quickFixesReady(page);
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

test("defect 1: choosing an example can be undone, bringing back the whole workspace", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}parameters:\n  p: {type: string}\n  q: {type: string}\noutputs:\n  o: {value: {list_join: ['+', [{get_param: p}, {get_param: q}]]}}\n`);
  await page.getByTestId("env-add").click();
  await setEditor(page, "editor-env-0", "parameters:\n  p: from-env\n");
  await page.getByTestId("param-q").fill("typed");
  await expect(page.getByTestId("output-o")).toHaveText('"from-env+typed"');
  await page.getByTestId("examples").selectOption({ index: 3 });
  await expect(page.getByTestId("output-o")).toHaveCount(0);
  await expect(page.getByTestId("load-report")).toContainText("replaced");
  await page.getByRole("button", { name: "Undo", exact: true }).click();
  await expect(page.getByTestId("output-o")).toHaveText('"from-env+typed"');
  await expect(page.getByTestId("env-name-0")).toHaveValue("env1.yaml");
  await expect(page.getByTestId("param-q")).toHaveValue("typed");
});

test("defect 2: while an evaluation runs the status says so and the results are aria-busy", async ({ page }) => {
  await open(page);
  await expect(page.locator("#results")).not.toHaveAttribute("aria-busy", "true");
  // What the page shows while the runaway evaluation runs, recorded in the page at
  // each change of the status (not sampled from here: how long the evaluation runs
  // before it is stopped depends on the machine).
  await page.evaluate(() => {
    const w = window as unknown as { seen: { status: string; busy: string | null; errors: string }[] };
    w.seen = [];
    const status = document.querySelector('[data-testid="status"]')!;
    const results = document.getElementById("results")!;
    const seen = new MutationObserver(() =>
      w.seen.push({
        status: status.textContent ?? "",
        busy: results.getAttribute("aria-busy"),
        errors: document.querySelector('[data-testid="result-errors"]')?.textContent ?? "",
      }),
    );
    for (const e of [status, results]) seen.observe(e, { childList: true, characterData: true, subtree: true, attributes: true });
  });
  await setEditor(page, "editor-template", runaway());
  await expect(page.getByTestId("status")).toHaveText(/^stopped/);
  const seen = await page.evaluate(() => (window as unknown as { seen: { status: string; busy: string | null; errors: string }[] }).seen);
  // At some moment: "evaluating…", the results aria-busy, and no "No problems" claimed.
  const evaluating = seen.filter((s) => s.status.startsWith("evaluating"));
  expect(evaluating.length, JSON.stringify(seen.slice(-5))).toBeGreaterThan(0);
  expect(evaluating.every((s) => s.busy === "true")).toBe(true);
  expect(evaluating.at(-1)!.errors).not.toContain("No problems");
  await expect(page.locator("#results")).not.toHaveAttribute("aria-busy", "true");
  await setEditor(page, "editor-template", `${HOT}outputs:\n  fine: {value: ok}\n`);
  await expect(page.getByTestId("output-fine")).toHaveText("ok");
  await expect(page.locator("#results")).not.toHaveAttribute("aria-busy", "true");
});

test("defect 10: a damaged or cut share link says the link is damaged, not a network error", async ({ page }) => {
  await open(page);
  await page.getByTestId("share").click();
  await expect(page).toHaveURL(/#w1\./);
  const link = new URL(page.url()).hash;
  for (const bad of [link.slice(0, 30), `${link.slice(0, 40)}x!y${link.slice(43)}`, "#w1.not-base64-at-all%%"]) {
    await page.goto(`/?fresh=${bad.length}${bad}`);
    const report = page.getByTestId("load-report");
    await expect(report).toContainText("This share link is damaged");
    await expect(report).not.toContainText("fetch");
  }
});

test("defect 12: invalid JSON in Settings › Mocked attributes marks the field", async ({ page }) => {
  await open(page);
  await page.locator("#settings summary").click();
  const field = page.locator("#attributes");
  await field.fill('{"server": {"first_address": 10.0.0.7}}');
  await expect(field).toHaveAttribute("aria-invalid", "true");
  const note = page.locator("#setting-error-attributes");
  await expect(note).toBeVisible();
  await expect(note).toContainText("not JSON");
  await expect(field).toHaveAttribute("aria-describedby", /setting-error-attributes/);
  await field.fill('{"server": {"first_address": "10.0.0.7"}}');
  await expect(field).not.toHaveAttribute("aria-invalid", "true");
  await expect(note).toBeHidden();
});

test("defect 5: the graph's edges pass no other resource's box", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}resources:
  net: {type: OS::Neutron::Net}
  sg: {type: OS::Neutron::SecurityGroup}
  subnet: {type: OS::Neutron::Subnet, properties: {network: {get_resource: net}, cidr: 10.0.0.0/24}}
  port:
    type: OS::Neutron::Port
    properties: {network: {get_resource: net}, fixed_ips: [{subnet: {get_resource: subnet}}], security_groups: [{get_resource: sg}]}
`);
  await expect(page.getByTestId("graph-hint")).toContainText("4 resources");
  const svg = page.getByTestId("graph-viewport").locator("svg");
  const boxes = await svg.locator("g.node").evaluateAll((nodes) =>
    nodes.map((n) => {
      const [x, y] = /translate\(([-\d.]+),([-\d.]+)\)/.exec(n.getAttribute("transform")!)!.slice(1).map(Number);
      return { name: n.querySelector("title")!.textContent!, x, y };
    }),
  );
  const edges = await svg.locator("polyline.edge").evaluateAll((lines) =>
    lines.map((l) => ({ title: l.querySelector("title")!.textContent!, points: l.getAttribute("points")!.split(" ").map((p) => p.split(",").map(Number)) })),
  );
  expect(edges.map((e) => e.title.replace(/ \(.*/, "")).sort()).toEqual(["port → net", "port → sg", "port → subnet", "subnet → net"]);
  const crossings: string[] = [];
  for (const e of edges) {
    const [from, to] = e.title.replace(/ \(.*/, "").split(" → ");
    for (let i = 1; i < e.points.length; i++) {
      const [[x0, y0], [x1, y1]] = [e.points[i - 1], e.points[i]];
      for (let t = 0; t <= 1; t += 0.01) {
        const [x, y] = [x0 + (x1 - x0) * t, y0 + (y1 - y0) * t];
        for (const b of boxes) {
          if (b.name === from || b.name === to) continue;
          if (x > b.x + 1 && x < b.x + 179 && y > b.y + 1 && y < b.y + 33) crossings.push(`${e.title} crosses ${b.name}`);
        }
      }
    }
  }
  expect([...new Set(crossings)]).toEqual([]);
});

test("defect 13: at 390 px the results are one step away; Esc reaches the Outline toggle; dark placeholders are readable", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: "dark" });
  await open(page);
  // The header does not stay over the content while scrolling.
  await page.mouse.wheel(0, 600);
  await expect.poll(async () => (await page.locator("header.bar").boundingBox())!.y).toBeLessThan(-50);
  // One step to the results, which start at the top of the screen, not under the header.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.getByRole("link", { name: "Results" }).click();
  await expect.poll(async () => (await page.locator("#results").boundingBox())!.y).toBeLessThan(60);
  const top = (await page.locator("#results").boundingBox())!;
  expect(top.y).toBeGreaterThanOrEqual(-1);
  expect(await page.evaluate(([x, y]) => !!document.elementFromPoint(x, y)?.closest("#results"), [top.x + 20, top.y + 10])).toBe(true);
  // Esc leaves the text for the editor's own Outline toggle, then Enter opens it.
  await page.getByTestId("editor-template").locator(".cm-content").click();
  await page.keyboard.press("Escape");
  const outline = page.getByTestId("editor-template").locator(".cm-hp-outline summary");
  await expect(outline).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("editor-template").locator(".cm-hp-outline details")).toHaveAttribute("open", "");
  // Placeholders in the dark theme at 4.5:1 or more.
  await setEditor(page, "editor-template", `${HOT}parameters:\n  p: {type: string, default: x}\n`);
  await expect(page.getByTestId("param-p")).toHaveAttribute("placeholder", /./);
  expect(await contrast(page.getByTestId("param-p"), "::placeholder")).toBeGreaterThanOrEqual(4.5);
});

test("defect 14: the example shown is named, evaluation reads as automatic, resources count like people, cloud notes in plain words, deploy-time values marked in Heat's result", async ({ page }) => {
  await open(page);
  // A first visit shows example 1, and the picker says so.
  await expect(page.getByTestId("examples")).not.toHaveValue("");
  await expect(page.getByTestId("examples").locator("option:checked")).not.toHaveText("Choose…");
  await expect(page.locator(".inputs")).toContainText("evaluated as you type");
  await expect(page.locator(".inputs")).not.toContainText("Ctrl/⌘+Enter evaluates");
  await setEditor(page, "editor-template", `${HOT}resources:
  subnet_79: {type: OS::Heat::None}
  subnet_8: {type: OS::Heat::None}
  subnet_10: {type: OS::Heat::None}
  pool: {type: OS::Heat::None}
  server: {type: OS::Nova::Server, properties: {flavor: m1.small, image: cirros}}
outputs:
  pool_id: {value: {get_resource: pool}}
  script: {value: "#!/bin/sh\\necho hi\\n"}
`);
  await expect(page.getByTestId("status")).toHaveText("ok");
  // Edited: no longer the example.
  await expect(page.getByTestId("examples")).toHaveValue("");
  const names = await page.getByTestId("result-resources").locator(".resource").evaluateAll((items) => items.map((i) => (i as HTMLElement).dataset.key));
  expect(names).toEqual(["pool", "server", "subnet_8", "subnet_10", "subnet_79"]);
  const note = page.getByTestId("resource-server").getByTestId("cloud-note").last();
  await expect(note).toHaveText("needs a cloud — the rest of Heat's checks of its properties ask the Image service (glance): not checked here");
  // A string of several lines reads as its lines (a YAML literal block), not one escaped line.
  expect(await page.getByTestId("output-script").evaluate((e) => e.textContent)).toBe("|\n  #!/bin/sh\n  echo hi\n");
  // Heat's result writes the reference id of a resource not yet created as its name: marked as deploy-time.
  await page.locator('details[data-pane="result"] > summary').click();
  const marked = page.getByTestId("result-json").locator(".deferred", { hasText: '"pool"' });
  await expect(marked).toHaveCount(1);
  await expect(marked).toHaveAttribute("title", /get_resource pool/);
});

test("defect 14: the /embed frame keeps its content off the frame's edges", async ({ page }) => {
  await page.goto("/docs-demo.html");
  const iframe = page.locator("iframe#framed");
  await iframe.scrollIntoViewIfNeeded();
  const frame = page.frameLocator("iframe#framed");
  await expect(frame.getByTestId("output-labels")).toContainText("tier: web");
  const outer = (await iframe.boundingBox())!;
  for (const part of [frame.locator(".head"), frame.getByTestId("output-labels")]) {
    const box = (await part.boundingBox())!;
    expect(box.x - outer.x).toBeGreaterThanOrEqual(8);
    expect(outer.x + outer.width - (box.x + box.width)).toBeGreaterThanOrEqual(8);
  }
  expect((await frame.locator(".head").boundingBox())!.y - outer.y).toBeGreaterThanOrEqual(8);
});

/** The big template: 500 resources in block style, 3,000 lines. */
function bigBlockTemplate(): string {
  let t = `${HOT}resources:\n`;
  for (let i = 0; i < 500; i++) {
    t += `  r${i}:\n    type: OS::Heat::Value\n`;
    t += i % 10 ? `    depends_on: [r${i - 1}]\n` : `    metadata: {group: g${i / 10}}\n`;
    t += `    properties:\n      type: string\n      value: {list_join: ['-', [v${i}, {get_param: OS::stack_name}]]}\n`;
  }
  return t;
}

// Defect 15's time (no main-thread task over 50 ms while pasting it) is a wall-clock
// figure: `make bench-web` measures and reports it (web/scripts/bench-latency.mjs, the
// "paste" case), never `make test`. Here: the paste, as Ctrl+V delivers it, gives its result.
test("defect 15: a 3,000-line template of 500 resources pasted in one paste event gives its result", async ({ page }) => {
  await open(page);
  const text = bigBlockTemplate();
  expect(text.split("\n").length).toBeGreaterThanOrEqual(3000);
  await page.getByTestId("editor-template").locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.evaluate((t) => {
    const data = new DataTransfer();
    data.setData("text/plain", t);
    document.querySelector('[data-testid="editor-template"] .cm-content')!
      .dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
  expect(await settled(page)).toBe("ok");
  await expect(page.getByTestId("resource-count")).toHaveText("500 resources");
  await expect(page.getByTestId("graph-hint")).toContainText("500 resources");
});
