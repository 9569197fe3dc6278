import { test, expect, type Locator, type Page } from "@playwright/test";

/** The shadow root of an embed on the docs demo page (Playwright pierces open shadow roots). */
const embed = (page: Page, id: string): Locator => page.locator(`hot-playground#${id}`);

async function setEmbedEditor(box: Locator, text: string, page: Page): Promise<void> {
  await box.getByTestId("editor-template").locator(".cm-content").click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(text);
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.goto("/docs-demo.html");
});

test("the demo page's embeds evaluate and show the expected outputs", async ({ page }) => {
  const repeat = embed(page, "repeat");
  await repeat.scrollIntoViewIfNeeded();
  const rules = repeat.getByTestId("output-rules");
  // The engine's YAML: a CIDR is a plain string, a port number given as a string is quoted.
  await expect(rules).toContainText("remote_ip_prefix: 192.168.0.0/16");
  await expect(rules).toContainText('port_range_min: "443"');
  expect((await rules.textContent())!.match(/port_range_min/g)).toHaveLength(4);

  const conditions = embed(page, "conditions");
  await conditions.scrollIntoViewIfNeeded();
  await expect(conditions.getByTestId("output-flavor")).toHaveText("m1.small");
  await expect(conditions.getByTestId("condition-is_prod")).toHaveText("is_prod: false");
  await expect(conditions.getByTestId("resource-backup_volume")).toContainText("removed by its condition");

  const script = embed(page, "script");
  await script.scrollIntoViewIfNeeded();
  await expect(script.getByTestId("output-user_data")).toContainText("python3 -m http.server 8080 --directory /srv");
});

test("a reader edits a parameter and only that embed changes", async ({ page }) => {
  const conditions = embed(page, "conditions");
  await conditions.scrollIntoViewIfNeeded();
  await expect(conditions.getByTestId("output-flavor")).toHaveText("m1.small");
  const script = embed(page, "script");
  await script.scrollIntoViewIfNeeded();
  await expect(script.getByTestId("output-user_data")).toContainText("8080");

  await conditions.scrollIntoViewIfNeeded();
  await conditions.getByTestId("param-env").fill("prod");
  await expect(conditions.getByTestId("output-flavor")).toHaveText("m1.large");
  await expect(conditions.getByTestId("condition-is_prod")).toHaveText("is_prod: true");
  // Editing one embed's template does not touch another.
  await setEmbedEditor(script, "heat_template_version: 2021-04-16\noutputs:\n  user_data: {value: changed}\n", page);
  await expect(script.getByTestId("output-user_data")).toHaveText("changed");
  await expect(conditions.getByTestId("output-flavor")).toHaveText("m1.large");
  await embed(page, "repeat").scrollIntoViewIfNeeded();
  await expect(embed(page, "repeat").getByTestId("output-rules")).toContainText("port_range_min");
});

test("Open in playground carries the embed's state, as edited", async ({ page, context }) => {
  const conditions = embed(page, "conditions");
  await conditions.scrollIntoViewIfNeeded();
  await conditions.getByTestId("param-env").fill("prod");
  await expect(conditions.getByTestId("output-flavor")).toHaveText("m1.large");
  const link = conditions.getByTestId("open-in-playground");
  await expect(link).toHaveAttribute("href", /#w1\./);
  const [full] = await Promise.all([context.waitForEvent("page"), link.click()]);
  await full.waitForLoadState();
  await expect(full.getByTestId("output-flavor")).toHaveText("m1.large");
  await expect(full.getByTestId("param-env")).toHaveValue("prod");
  await expect(full.getByTestId("editor-template")).toContainText("backup_volume");
});

test("the iframe embed works", async ({ page }) => {
  await page.locator("iframe#framed").scrollIntoViewIfNeeded();
  const frame = page.frameLocator("iframe#framed");
  await expect(frame.getByTestId("output-labels")).toContainText("managed_by: heat");
  await expect(frame.getByTestId("output-labels")).toContainText("tier: web");
});

test("the host page's CSS does not reach into the embed", async ({ page }) => {
  // docs.css hides every input and button and paints code yellow and crimson.
  const conditions = embed(page, "conditions");
  await conditions.scrollIntoViewIfNeeded();
  const input = conditions.getByTestId("param-env");
  await expect(input).toBeVisible();
  const value = conditions.getByTestId("output-flavor");
  await expect(value).toHaveText("m1.small");
  const style = await value.evaluate((el) => {
    const s = getComputedStyle(el);
    return { color: s.color, background: s.backgroundColor, size: s.fontSize, spacing: s.letterSpacing };
  });
  expect(style.background).not.toBe("rgb(255, 255, 0)");
  expect(style.color).not.toBe("rgb(220, 20, 60)");
  expect(style.size).toBe("13px");
  expect(style.spacing).toBe("normal");
  // And the embed's styles do not leak out: the page's own <pre>/<code> keep theirs.
  const hostCode = await page.locator("p code").first().evaluate((el) => getComputedStyle(el).backgroundColor);
  expect(hostCode).toBe("rgb(255, 255, 0)");
});

/** Add a `<hot-playground>` to the demo page: a template and its `data-file` scripts. */
async function addEmbed(page: Page, id: string, show: string, template: string, files: Record<string, string>): Promise<Locator> {
  await page.evaluate(
    ({ id, show, template, files }) => {
      const el = document.createElement("hot-playground");
      el.id = id;
      el.setAttribute("show", show);
      const script = (text: string, file?: string) => {
        const s = document.createElement("script");
        s.type = "text/yaml";
        if (file) s.dataset.file = file;
        s.textContent = text;
        return s;
      };
      el.append(script(template), ...Object.entries(files).map(([name, text]) => script(text, name)));
      document.body.prepend(el);
    },
    { id, show, template, files },
  );
  return embed(page, id);
}

test("an embed's resources pane opens nested stacks; problems in a provider name its file", async ({ page }) => {
  const db = "heat_template_version: 2021-04-16\nresources:\n  vol: {type: OS::Cinder::Volume, properties: {size: 1}}\noutputs:\n  id: {value: {get_resource: vol}}\n";
  const template = "heat_template_version: 2021-04-16\nresources:\n  db: {type: db.yaml}\n";
  const ok = await addEmbed(page, "nested", "resources,errors", template, { "db.yaml": db });
  await expect(ok.getByTestId("status")).toHaveText("ok");
  const stack = ok.getByTestId("nested-db");
  await expect(stack.locator("summary").first()).toHaveText("nested stack 1 resource, 1 output");
  await stack.locator("summary").first().click();
  await expect(ok.getByTestId("resource-db/vol").locator("summary").first()).toHaveText("vol OS::Cinder::Volume");
  // The nested output is a deploy-time value: marked, not shown as Heat's placeholder name.
  await expect(stack.locator(".deferred")).toHaveText("⟨get_resource vol⟩");
  await ok.getByTestId("resource-db/vol").locator("summary").first().click();
  await expect(ok.getByTestId("resource-db/vol")).toContainText("size: 1");

  const bad = await addEmbed(page, "nested-bad", "errors", template, { "db.yaml": db.replace("size: 1", "size: 1, flavour: x") });
  await expect(bad.getByTestId("status")).toHaveText("errors: 1");
  await expect(bad.getByTestId("result-errors")).toHaveText("db.yaml:3:57: Property error: resources.db<db.yaml>.resources.vol.properties: Unknown Property flavour");
  await expect(bad.getByTestId("editor-template").locator(".cm-lintRange-error")).toHaveCount(0);
});

test("Esc leaves an embed's editor", async ({ page }) => {
  const repeat = embed(page, "repeat");
  await repeat.scrollIntoViewIfNeeded();
  const content = repeat.getByTestId("editor-template").locator(".cm-content");
  await content.click();
  await page.keyboard.press("Escape");
  await expect(content).not.toBeFocused();
  await expect(content).toHaveAttribute("aria-label", "HOT template of this example");
});

test("the app refuses framing, the embed route allows it", async ({ request }) => {
  const app = await request.get("/");
  expect(app.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
  const route = await request.get("/embed.html");
  expect(route.headers()["content-security-policy"]).toContain("frame-ancestors *");
  expect(route.headers()["content-security-policy"]).not.toContain("frame-ancestors 'none'");
  const loader = await request.get("/embed.js");
  expect(loader.headers()["access-control-allow-origin"]).toBe("*");
});

test("screenshot of the docs demo", async ({ page }, info) => {
  await page.setViewportSize({ width: 1000, height: 2400 });
  for (const id of ["repeat", "conditions", "script"]) {
    await embed(page, id).scrollIntoViewIfNeeded();
    await expect(embed(page, id).getByTestId("status")).toHaveText("ok");
  }
  await page.locator("iframe#framed").scrollIntoViewIfNeeded();
  await expect(page.frameLocator("iframe#framed").getByTestId("output-labels")).toContainText("tier: web");
  const path = info.outputPath("docs-demo.png");
  await page.screenshot({ path, fullPage: true });
  await info.attach("docs-demo", { path, contentType: "image/png" });
  await page.screenshot({ path: "artifacts/docs-demo.png", fullPage: true });
});

test("the embed's panes are the page's: output-only failures get a verdict, hidden parameters are masked", async ({ page }) => {
  const template = "heat_template_version: 2021-04-16\nparameters:\n  secret: {type: string, hidden: true, default: s3cr3t}\noutputs:\n  parts: {value: {str_split: [',', 'a,b', 7]}}\n";
  const box = await addEmbed(page, "panes", "outputs,parameters,errors", template, {});
  await expect(box.getByTestId("status")).toHaveText("errors: 1");
  await expect(box.getByTestId("verdict")).toHaveText("Heat would create this stack, but its output parts fails: Incorrect index to \"str_split\" should be between 0 and 1");
  await expect(box.getByTestId("result-parameters")).toContainText("******");
  await expect(box.getByTestId("result-parameters")).not.toContainText("s3cr3t");
  await expect(box.getByTestId("result-parameters")).toContainText("template default");
});
