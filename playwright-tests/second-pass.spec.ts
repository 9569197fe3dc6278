// Issue 39: the page's second newcomer pass — folders of real repositories
// (Magnum- and TripleO-shaped, written by web/scripts/folder-shapes.mjs), compare
// mode and the plan, lint on the page. One test per numbered item, named by it;
// each failed before its change.
import { expect, test, type Page } from "@playwright/test";
import { HOT, open, setEditor } from "./helpers";
// @ts-expect-error: a plain ES module shared with the benchmark
import { MAGNUM_CHOICE, magnumShape, tripleoShape, writeShape } from "../web/scripts/folder-shapes.mjs";

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("fresh")) {
      localStorage.clear();
      sessionStorage.setItem("fresh", "1");
    }
  });
});

/** Write a shaped folder under the test's output directory and load it through the folder input. */
async function loadShape(page: Page, shape: { folder: string }, root: string): Promise<void> {
  const folder = writeShape(root, shape);
  await page.getByTestId("folder-input").setInputFiles(folder);
  await expect(page.getByTestId("load-report")).toContainText(`Loaded the folder ${shape.folder}`);
}

/** The env list's index of the environment file whose name ends with `file`. */
async function envIndex(page: Page, file: string): Promise<number> {
  const names = await page.getByTestId("env-list").locator("[data-testid^=env-name-]").evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  const i = names.findIndex((n) => n.endsWith(`/${file}`));
  expect(i, `${file} among ${names.join(", ")}`).toBeGreaterThanOrEqual(0);
  return i;
}

test("item 1: a folder's environment files are off until chosen, with hints, and the report is short", async ({ page }) => {
  await open(page);
  await loadShape(page, magnumShape(), test.info().outputPath("magnum"));
  const report = page.getByTestId("load-report").locator("p").first();
  await expect(report).toHaveText(
    "Loaded the folder drivers: the template k8s_fedora_coreos_v1/templates/kubecluster.yaml and 59 files. 13 environment files are off until you choose them (7 concern this template: see their hints).",
  );
  // No wall of paths: not one environment file is named in the report.
  await expect(page.getByTestId("load-report")).not.toContainText("floating_ip.yaml");
  const boxes = page.getByTestId("env-list").locator("[data-testid^=env-use-]");
  await expect(boxes).toHaveCount(13);
  for (const box of await boxes.all()) await expect(box).not.toBeChecked();
  // Hints: the ones that map a type the templates use or set their parameters.
  await expect(page.getByTestId(`env-hint-${await envIndex(page, "disable_floating_ip.yaml")}`)).toHaveText("maps OS::Magnum::Optional::FloatingIP");
  await expect(page.getByTestId(`env-hint-${await envIndex(page, "cluster_size.yaml")}`)).toHaveText("sets number_of_masters, number_of_minions");
  await expect(page.getByTestId(`env-hint-${await envIndex(page, "disable_metrics.yaml")}`)).toHaveCount(0);
  // Nothing chosen: the optional types are not mapped (Heat's error); choosing one of each pair makes the stack whole.
  await expect(page.getByTestId("status")).toHaveText(/^errors/);
  await expect(page.getByTestId("result-errors")).toContainText("OS::Magnum::Optional");
  for (const file of MAGNUM_CHOICE) await page.getByTestId(`env-use-${await envIndex(page, file)}`).check();
  await expect(page.getByTestId("status")).toHaveText("ok");
  await page.getByTestId(`env-use-${await envIndex(page, "cluster_size.yaml")}`).check();
  await expect(page.getByTestId("result-parameters")).toContainText("parameter_defaults in common/templates/environments/cluster_size.yaml");
  // Unchecked again: out of the request.
  await page.getByTestId(`env-use-${await envIndex(page, "no_volume.yaml")}`).uncheck();
  await expect(page.getByTestId("status")).toHaveText(/^errors/);
});

test("item 2: a Jinja2 file is never the template, the page says why, and any file can be made the template", async ({ page }) => {
  await open(page);
  await loadShape(page, tripleoShape(), test.info().outputPath("tripleo"));
  await expect(page.getByTestId("template-name")).toHaveText("deployment/nova/nova-api-container-puppet.yaml");
  const report = page.getByTestId("load-report");
  await expect(report).toContainText("are Jinja2 templates");
  await expect(report).toContainText("TripleO renders its *.j2.yaml files before Heat reads them (tools/process-templates.py");
  await expect(report).not.toContainText("another template no file names");
  await expect(page.getByTestId("status")).toHaveText("ok");
  // "Use as template" on a file: it is evaluated as the template; the template becomes a file.
  const names = await page.getByTestId("file-list").locator("[data-testid^=file-name-]").evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  const base = names.indexOf("nova-base-puppet.yaml");
  expect(base).toBeGreaterThanOrEqual(0);
  await page.getByTestId(`file-use-${base}`).click();
  await expect(page.getByTestId("template-name")).toHaveText("nova-base-puppet.yaml");
  await expect(page.getByTestId("editor-template")).toContainText("what every nova service shares");
  await expect(page.getByTestId("result-outputs")).toContainText("role_data");
  await expect(page.getByTestId("file-list").locator('[data-testid^=file-name-]').nth(base)).toHaveValue("deployment/nova/nova-api-container-puppet.yaml");
  await page.getByTestId("use-template-undo").click();
  await expect(page.getByTestId("template-name")).toHaveText("deployment/nova/nova-api-container-puppet.yaml");
  await expect(page.getByTestId("status")).toHaveText("ok");
  // The Jinja2 files are among the files (for "Use as template" once rendered).
  expect(names).toContain("common/services/role.role.j2.yaml");
});

test("item 3: removing an environment file (✕) can be undone", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}parameters:\n  size: {type: string, default: small}\noutputs:\n  size: {value: {get_param: size}}\n`);
  await page.getByTestId("env-add").click();
  await setEditor(page, "editor-env-0", "parameter_defaults:\n  size: large\n");
  await expect(page.getByTestId("output-size")).toHaveText("large");
  await page.getByRole("button", { name: "Remove (env1.yaml)" }).click();
  await expect(page.getByTestId("env-name-0")).toHaveCount(0);
  await expect(page.getByTestId("output-size")).toHaveText("small");
  await expect(page.getByTestId("load-report")).toContainText("Removed the environment file env1.yaml.");
  await page.getByTestId("remove-undo").click();
  await expect(page.getByTestId("env-name-0")).toHaveValue("env1.yaml");
  await expect(page.getByTestId("editor-env-0")).toContainText("size: large");
  await expect(page.getByTestId("output-size")).toHaveText("large");
});

test("item 4: a refused update is not a green ok: the verdict is the update's, the immutable parameter marked", async ({ page }) => {
  await open(page);
  const current = `${HOT}parameters:\n  net_name:\n    type: string\n    default: blue\n    immutable: true\nresources:\n  net:\n    type: OS::Neutron::Net\n    properties:\n      name: {get_param: net_name}\n`;
  await setEditor(page, "editor-template", current);
  await expect(page.getByTestId("status")).toHaveText("ok");
  await page.getByTestId("compare-use").click();
  await expect(page.getByTestId("result-plan").getByTestId("plan-summary")).toContainText("1 unchanged");
  await setEditor(page, "editor-template", current.replace("default: blue", "default: green"));
  await expect(page.getByTestId("result-plan").getByTestId("plan-error")).toContainText("immutable");
  await expect(page.getByTestId("status")).toHaveText("update refused");
  await expect(page.getByTestId("status")).not.toHaveClass(/\bok\b/);
  await expect(page.getByTestId("verdict")).toContainText("Heat would refuse this update at template.yaml:3:3 — ImmutableParameterModified");
  await expect(page.getByTestId("result-errors")).not.toContainText("No problems");
  await expect(page.getByTestId("result-errors")).toContainText("The following parameters are immutable and may not be updated: net_name");
  const mark = page.getByTestId("editor-template").locator(".cm-lintRange-error");
  await expect(mark.first()).toContainText("net_name");

  // restricted_actions: Heat's preview accepts it, the real update stops.
  await setEditor(page, "editor-template", current);
  await expect(page.getByTestId("status")).toHaveText("ok");
  await page.getByTestId("env-add").click();
  await setEditor(page, "editor-env-0", "resource_registry:\n  resources:\n    net:\n      restricted_actions: [update]\n");
  await setEditor(page, "editor-template", current.replace("name: {get_param: net_name}", "name: other"));
  await expect(page.getByTestId("result-plan").getByTestId("plan-restricted")).toBeVisible();
  await expect(page.getByTestId("status")).toHaveText("update refused");
  await expect(page.getByTestId("verdict")).toContainText("restricted_actions");
});

test("item 5: a server's image change reads as a rebuild (data at risk), a flavor change as a resize", async ({ page }) => {
  await open(page);
  const current = `${HOT}resources:\n  server:\n    type: OS::Nova::Server\n    properties:\n      image: cirros\n      flavor: m1.small\n`;
  await setEditor(page, "editor-template", current);
  await expect(page.getByTestId("status")).toHaveText("ok");
  await page.getByTestId("compare-use").click();
  await setEditor(page, "editor-template", current.replace("image: cirros", "image: fedora"));
  const server = page.getByTestId("result-plan").locator('[data-testid="plan-resource"][data-name="server"]');
  await expect(server).toHaveAttribute("data-action", "updated");
  await expect(server).toHaveAttribute("data-in-place", "rebuild");
  await expect(server).toContainText("will be rebuilt in place");
  await expect(server.locator('[data-testid="plan-reason"][data-kind="rebuild"]')).toHaveText(
    "image changed and image_update_policy is REBUILD: Heat rebuilds the server: its root disk is replaced by the image, and the data on it is lost",
  );
  await expect(server.getByTestId("plan-data-risk")).toContainText("root disk is replaced");
  await expect(page.getByTestId("plan-summary")).toContainText("1 to update (1 rebuilt)");
  await expect(page.getByTestId("plan-summary")).toContainText("1 losing data");

  await setEditor(page, "editor-template", current.replace("flavor: m1.small", "flavor: m1.large"));
  await expect(server).toHaveAttribute("data-in-place", "resize");
  await expect(server).toContainText("will be resized in place (downtime)");
  await expect(server.locator('[data-testid="plan-reason"][data-kind="resize"]')).toContainText("flavor changed and flavor_update_policy is RESIZE");
  await expect(server.getByTestId("plan-data-risk")).toHaveCount(0);
});

test("item 9: a rule's link opens its documentation, served by the site at /rules/<ID>", async ({ page, context }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}resources:\n  config:\n    type: OS::Heat::Value\n    properties:\n      value: {get_parm: env}\n`);
  const link = page.getByTestId("result-errors").getByTestId("lint-rule");
  await expect(link).toHaveText("W1001");
  const href = await link.getAttribute("href");
  expect(new URL(href!).pathname).toBe("/rules/W1001");
  expect(new URL(href!).origin).toBe(new URL(page.url()).origin);
  const [doc] = await Promise.all([context.waitForEvent("page"), link.click()]);
  await doc.waitForLoadState();
  await expect(doc.locator("h1")).toHaveText("W1001: misspelled-function");
  await expect(doc.getByTestId("rule-doc")).toContainText("## Silencing".slice(3));
  // The table of every rule links each page.
  await doc.getByRole("link", { name: "All lint rules" }).click();
  await expect(doc.locator("h1")).toHaveText("Lint rules");
  await doc.getByRole("link", { name: "W2004", exact: true }).click();
  await expect(doc.locator("h1")).toHaveText("W2004: hidden-parameter-default");
});

test("item 11: the problems pane is \"Problems\": errors first, then warnings", async ({ page }) => {
  await open(page);
  await expect(page.locator('[data-pane="errors"] h2')).toHaveText("Problems");
  await setEditor(page, "editor-template", `${HOT}resources:\n  config:\n    type: OS::Heat::Value\n    properties:\n      value: {get_parm: env}\n  later:\n    type: OS::Heat::Valu\n`);
  await expect(page.getByTestId("status")).toHaveText("errors: 1");
  const items = page.getByTestId("result-errors").getByTestId("error-item");
  await expect(items).toHaveCount(2);
  // The warning is written above the error; the error comes first.
  await expect(items.nth(0)).toHaveClass(/\berror\b/);
  await expect(items.nth(0)).toContainText("OS::Heat::Valu");
  await expect(items.nth(1)).toHaveClass(/\bwarning\b/);
  await expect(items.nth(1)).toContainText("get_parm");
});

test("item 12: the graph's edges are lines, never filled shapes, on the page and in the element", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}resources:\n  a: {type: OS::Heat::Value, properties: {value: 1}}\n  b: {type: OS::Heat::Value, properties: {value: {get_attr: [a, value]}}}\n  c: {type: OS::Heat::Value, depends_on: [a, b], properties: {value: {get_resource: b}}}\n`);
  await expect(page.getByTestId("graph-hint")).toContainText("3 resources");
  const edges = page.getByTestId("graph").locator("polyline.edge");
  await expect(edges).not.toHaveCount(0);
  expect(await edges.evaluateAll((es) => es.map((e) => getComputedStyle(e).fill))).toEqual(Array(await edges.count()).fill("none"));
  // The element draws the same graph in its shadow root, with its own styles.
  await page.goto("/docs-demo.html");
  await page.evaluate((template) => {
    const el = document.createElement("hot-playground");
    el.id = "graphed";
    el.setAttribute("show", "graph,errors");
    const s = Object.assign(document.createElement("script"), { type: "text/yaml", textContent: template });
    el.append(s);
    document.body.prepend(el);
  }, `${HOT}resources:\n  a: {type: OS::Heat::Value, properties: {value: 1}}\n  b: {type: OS::Heat::Value, properties: {value: {get_attr: [a, value]}}}\n  c: {type: OS::Heat::Value, depends_on: [a, b], properties: {value: {get_resource: b}}}\n`);
  const element = page.locator("hot-playground#graphed");
  await expect(element.getByTestId("status")).toHaveText("ok", { timeout: 10_000 });
  const inElement = element.locator("polyline.edge");
  await expect(inElement).not.toHaveCount(0);
  expect(await inElement.evaluateAll((es) => es.map((e) => getComputedStyle(e).fill))).toEqual(Array(await inElement.count()).fill("none"));
});

test("item 13: a default its type refuses is marked at the default's value, a missing parameter at its name", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}parameters:\n  count:\n    type: number\n    default: many\n`);
  await expect(page.getByTestId("status")).toHaveText("errors: 1");
  await expect(page.getByTestId("editor-template").locator(".cm-lintRange-error")).toHaveText("many");
  await expect(page.getByTestId("error-item")).toContainText("template.yaml:5:14:");
  await setEditor(page, "editor-template", `${HOT}parameters:\n  flavor:\n    type: string\n    description: the servers' flavor\n`);
  await expect(page.getByTestId("status")).toHaveText("errors: 1");
  await expect(page.getByTestId("editor-template").locator(".cm-lintRange-error")).toHaveText("flavor");
  await expect(page.getByTestId("error-item")).toContainText("template.yaml:3:3: The Parameter (flavor) was not provided.");
});

test("item 7: in compare mode the graph marks what the update does to each resource, with a legend", async ({ page }) => {
  await open(page);
  const current = `${HOT}resources:\n  net: {type: OS::Neutron::Net}\n  subnet:\n    type: OS::Neutron::Subnet\n    properties: {network: {get_resource: net}, cidr: 10.0.0.0/24}\n  old: {type: OS::Heat::Value, properties: {value: 1}}\n  server:\n    type: OS::Nova::Server\n    properties: {image: cirros, flavor: m1.small}\n`;
  await setEditor(page, "editor-template", current);
  await expect(page.getByTestId("graph-hint")).toContainText("4 resources");
  await page.getByTestId("compare-use").click();
  await expect(page.getByTestId("graph-legend")).toBeHidden();
  const edited = current.replace("cidr: 10.0.0.0/24", "cidr: 10.0.1.0/24").replace("  old: {type: OS::Heat::Value, properties: {value: 1}}\n", "  added: {type: OS::Heat::Value, properties: {value: 2}}\n").replace("image: cirros", "image: fedora");
  await setEditor(page, "editor-template", edited);
  const node = (name: string) => page.getByTestId("graph").locator(`g.node[data-name="${name}"]`);
  await expect(node("subnet")).toHaveAttribute("data-action", "replaced");
  await expect(node("added")).toHaveAttribute("data-action", "added");
  await expect(node("server")).toHaveAttribute("data-action", "rebuilt");
  await expect(node("net")).toHaveAttribute("data-action", "unchanged");
  // The deleted resource is drawn, dashed.
  await expect(node("old")).toHaveAttribute("data-action", "deleted");
  expect(await node("old").locator("rect").evaluate((r) => getComputedStyle(r).strokeDasharray)).not.toBe("none");
  const legend = page.getByTestId("graph-legend");
  await expect(legend).toBeVisible();
  await expect(legend).toHaveText(/1 added.*1 replaced.*1 rebuilt.*1 deleted/);
  await page.getByTestId("compare-leave").click();
  await expect(page.getByTestId("graph-legend")).toBeHidden();
  await expect(node("old")).toHaveCount(0);
});

test("item 10: a file-level comment and a per-rule switch in Settings silence a rule on the page", async ({ page }) => {
  await open(page);
  const template = `${HOT}parameters:\n  db_password: {type: string, hidden: true, default: hunter2}\nresources:\n  v:\n    type: OS::Heat::Value\n    properties:\n      value: {get_parm: db_password}\n`;
  await setEditor(page, "editor-template", template);
  await expect(page.getByTestId("lint-count")).toHaveText("warnings: 2");
  await setEditor(page, "editor-template", `# hotplate: disable-file=W2004\n${template}`);
  await expect(page.getByTestId("lint-count")).toHaveText("warnings: 1");
  await expect(page.getByTestId("lint-count")).toHaveAttribute("title", /W1001/);
  await setEditor(page, "editor-template", template);
  await expect(page.getByTestId("lint-count")).toHaveText("warnings: 2");
  await page.locator("#settings > summary").click();
  await page.getByTestId("setting-lint-disable").fill("W1001, hidden-parameter-default");
  await expect(page.getByTestId("lint-count")).toBeHidden();
  await expect(page.getByTestId("result-errors")).toContainText("No problems");
  // Kept with the workspace (saved once the edits pause).
  await expect.poll(() => page.evaluate(() => localStorage.getItem("hotplate.workspace.v1") ?? "")).toContain("hidden-parameter-default");
  await page.reload();
  await expect(page.getByTestId("setting-lint-disable")).toHaveValue("W1001, hidden-parameter-default");
  await expect(page.getByTestId("status")).toHaveText("ok");
  await expect(page.getByTestId("lint-count")).toBeHidden();
  // A duplicate key has a rule's code (W1010): linked, counted, and silenced like any rule.
  await page.locator("#settings").evaluate((d) => ((d as HTMLDetailsElement).open = true));
  await page.getByTestId("setting-lint-disable").fill("");
  const twice = `${HOT}resources:\n  v:\n    type: OS::Heat::Value\n    properties:\n      value: blue\n      value: green\n`;
  await setEditor(page, "editor-template", twice);
  await expect(page.getByTestId("lint-count")).toHaveText("warnings: 1");
  await expect(page.getByTestId("lint-count")).toHaveAttribute("title", /W1010/);
  await expect(page.getByTestId("result-errors").getByTestId("lint-rule")).toHaveText("W1010");
  await expect(page.getByTestId("result-errors")).toContainText('duplicate key "value" (the last value wins, as in Heat)');
  await setEditor(page, "editor-template", twice.replace("value: green", "value: green # hotplate: disable=W1010"));
  await expect(page.getByTestId("lint-count")).toBeHidden();
  await expect(page.getByTestId("result-errors")).toContainText("No problems");
});

test("item 6: a resource referencing a replaced one keeps Heat's \"unchanged\" with hotplate's note that it will change", async ({ page }) => {
  await open(page);
  const current = `${HOT}resources:\n  net: {type: OS::Neutron::Net}\n  subnet:\n    type: OS::Neutron::Subnet\n    properties: {network: {get_resource: net}, cidr: 10.0.0.0/24}\n  port:\n    type: OS::Neutron::Port\n    properties:\n      network: {get_resource: net}\n      fixed_ips: [{subnet: {get_resource: subnet}}]\n`;
  await setEditor(page, "editor-template", current);
  await expect(page.getByTestId("status")).toHaveText("ok");
  await page.getByTestId("compare-use").click();
  await setEditor(page, "editor-template", current.replace("cidr: 10.0.0.0/24", "cidr: 10.0.1.0/24"));
  const plan = page.getByTestId("result-plan");
  await expect(plan.locator('[data-testid="plan-resource"][data-name="subnet"]')).toHaveAttribute("data-action", "replaced");
  const port = plan.locator('[data-testid="plan-resource"][data-name="port"]');
  await expect(port).toHaveAttribute("data-action", "unchanged");
  await expect(port.getByTestId("plan-dependent-note")).toHaveText(
    "hotplate: will change: it references `subnet`, which is replaced (Heat's preview lists it as unchanged; the real update gives it the new resource's id and attributes)",
  );
  // The network is not replaced: no note.
  await expect(plan.locator('[data-testid="plan-resource"][data-name="net"]')).toHaveCount(0);
  await expect(plan.getByTestId("plan-summary")).toContainText("1 to replace · 0 to update · 0 to add · 0 to delete · 2 unchanged");
});

test("item 8: the current stack's template can be edited or pasted, a folder can be the current stack, a second folder keeps the parameter values", async ({ page }) => {
  await open(page);
  const current = `${HOT}resources:\n  volume:\n    type: OS::Cinder::Volume\n    properties:\n      size: 10\n`;
  await setEditor(page, "editor-template", current);
  await expect(page.getByTestId("status")).toHaveText("ok");
  await page.getByTestId("compare-use").click();
  await expect(page.getByTestId("result-plan").getByTestId("plan-summary")).toContainText("0 to update");
  // Pasting another current template: the plan follows it.
  await page.getByTestId("compare-bar").locator("summary").click();
  const block = page.getByTestId("compare-current-template");
  await block.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.insertText(current.replace("size: 10", "size: 5"));
  await expect(page.getByTestId("result-plan").getByTestId("plan-summary")).toContainText("1 to update");
  await expect(page.getByTestId("result-plan").locator('[data-testid="plan-change"][data-name="size"]')).toContainText("5");
  await expect(block).toContainText("size: 5", { useInnerText: false });

  // A folder as the working stack, a parameter typed; then the same folder, changed, as the current stack.
  const shape = { folder: "stack", files: { "stack/main.yaml": `${HOT}parameters:\n  size: {type: number, default: 1}\nresources:\n  volume:\n    type: OS::Cinder::Volume\n    properties:\n      size: {get_param: size}\n` } };
  await loadShape(page, shape, test.info().outputPath("working"));
  await page.getByTestId("param-size").fill("30");
  await expect(page.getByTestId("result-plan").locator('[data-testid="plan-change"][data-name="size"]')).toContainText("30");
  const older = { folder: "stack", files: { "stack/main.yaml": shape.files["stack/main.yaml"].replace("size: {get_param: size}", "size: {get_param: size}\n      name: old") } };
  const dir = writeShape(test.info().outputPath("current"), older);
  await page.getByTestId("compare-folder-input").setInputFiles(dir);
  await expect(page.getByTestId("load-report")).toContainText("Comparing with the folder stack as the current stack: the template main.yaml");
  await expect(block).toContainText("name: old", { useInnerText: false });
  // The current stack took the typed value too (same size on both sides): only the name changes.
  const volume = page.getByTestId("result-plan").locator('[data-testid="plan-resource"][data-name="volume"]');
  await expect(volume.locator('[data-testid="plan-change"][data-name="name"]')).toBeVisible();
  await expect(volume.locator('[data-testid="plan-change"][data-name="size"]')).toHaveCount(0);
  // Loading the working folder again keeps the value typed.
  await loadShape(page, shape, test.info().outputPath("again"));
  await expect(page.getByTestId("param-size")).toHaveValue("30");
});

test("item 14: a TripleO service's role_data shows its map with the unknowns inside, not null", async ({ page }) => {
  await open(page);
  await loadShape(page, tripleoShape(), test.info().outputPath("tripleo"));
  const out = page.getByTestId("output-role_data");
  await expect(out).toContainText("service_name: nova_api");
  await expect(out).toContainText('"nova::api::workers": 0');
  await expect(out.locator(".deferred").first()).toContainText("get_attr NovaBase role_data");
  await expect(out).not.toHaveText(/^null/);
  await expect(out).toContainText("global_config_settings:");
});

test("item 15: wording — a member's cloud note, a hidden property's replacement, unknowns marked in the JSON view, a nested file's name", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", `${HOT}resources:\n  group:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: 1\n      resource_def:\n        type: OS::Nova::Server\n        properties: {image: cirros, flavor: m1.small}\n  iface:\n    type: OS::Neutron::RouterInterface\n    properties: {router_id: r1, subnet: s1}\noutputs:\n  ip: {value: {get_attr: [group, refs]}}\n`);
  await expect(page.getByTestId("status")).toHaveText("ok");
  // "needs a cloud — 0: …" named nothing: the group's member.
  const notes = page.getByTestId("cloud-notes-group");
  await expect(notes).toContainText("needs a cloud — in member 0: ");
  await expect(notes).not.toContainText("— 0:");
  // A hidden property: deprecated and hidden, and its replacement.
  await expect(page.getByTestId("result-errors")).toContainText("`router_id` of OS::Neutron::RouterInterface is deprecated and hidden since Heat 6.0.0 — use `router`");
  // The JSON view: an unknown is marked, not a plain string.
  await page.locator("#format").click();
  const ip = page.getByTestId("output-ip");
  await expect(ip).toHaveText('"⟨get_attr group refs⟩"');
  // The whole literal, quotes included, is the unknown's mark: it does not read as a string.
  await expect(ip.locator(".deferred")).toHaveText('"⟨get_attr group refs⟩"');
  await expect(ip.locator(".deferred")).toHaveClass(/\bwhole\b/);
  await expect(ip.locator(".deferred")).toHaveAttribute("title", /only knows this value once the stack is created/);
  // A nested file is named from the folder as the root is (not ../../common/…).
  await page.locator("#format").click();
  await loadShape(page, magnumShape(), test.info().outputPath("magnum"));
  await expect(page.getByTestId("template-name")).toHaveText("k8s_fedora_coreos_v1/templates/kubecluster.yaml");
  const files = await page.getByTestId("file-list").locator("[data-testid^=file-name-]").evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  expect(files.filter((f) => f.startsWith("../"))).toEqual([]);
});

test("item 16: at 390 px a loaded folder does not scroll sideways, and the plan keeps 10.0.0.0/24 whole", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page);
  await loadShape(page, magnumShape(), test.info().outputPath("magnum"));
  await expect(page.getByTestId("param-dns_nameserver")).toBeVisible();
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await open(page);
  const current = `${HOT}resources:\n  net: {type: OS::Neutron::Net}\n  subnet:\n    type: OS::Neutron::Subnet\n    properties: {network: {get_resource: net}, cidr: 10.0.0.0/24, name: the-cluster-private-subnet}\n`;
  await setEditor(page, "editor-template", current);
  await expect(page.getByTestId("status")).toHaveText("ok");
  await page.getByTestId("compare-use").click();
  await setEditor(page, "editor-template", current.replace("cidr: 10.0.0.0/24", "cidr: 10.0.1.0/24"));
  const cidr = page.getByTestId("result-plan").locator('[data-testid="plan-change"][data-name="cidr"]');
  await expect(cidr).toContainText("10.0.1.0/24");
  await cidr.scrollIntoViewIfNeeded();
  // Each side of the change is one line: the value is not broken at its slash.
  const lines = await cidr.locator("pre.value").evaluateAll((pres) => pres.map((p) => { const r = document.createRange(); r.selectNodeContents(p); return new Set(Array.from(r.getClientRects()).map((x) => Math.round(x.top))).size; }));
  expect(lines).toEqual([1, 1]);
  expect(await overflow()).toBeLessThanOrEqual(0);
});
