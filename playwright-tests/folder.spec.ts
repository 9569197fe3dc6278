// Loading a whole folder (directory input and drag and drop), nested stacks in
// the resources pane, and lint markers in the provider template a problem is in.
import { test, expect, type Page } from "@playwright/test";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { open, setEditor } from "./helpers";

const here = dirname(fileURLToPath(import.meta.url));
/** A template, two environment files, two provider templates (one through the registry), a script and a hidden file. */
const FOLDER = join(here, "fixtures", "web-stack");

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("fresh")) {
      localStorage.clear();
      sessionStorage.setItem("fresh", "1");
    }
  });
});

/** Choose the fixture's two environment files (a folder's are off until chosen), in their order. */
async function chooseEnvironmentFiles(page: Page): Promise<void> {
  for (const i of [0, 1]) await page.getByTestId(`env-use-${i}`).check();
}

async function loadFixture(page: Page): Promise<void> {
  await open(page);
  await page.getByTestId("folder-input").setInputFiles(FOLDER);
  await expect(page.getByTestId("load-report")).toContainText("Loaded the folder web-stack");
  await chooseEnvironmentFiles(page);
}

test("a folder loads as template, environment files and files, and nested stacks open as a tree", async ({ page }) => {
  await loadFixture(page);
  const report = page.getByTestId("load-report");
  await expect(report.locator("p").first()).toHaveText(
    "Loaded the folder web-stack: the template stack.yaml and 3 files. 2 environment files are off until you choose them (2 concern this template: see their hints).",
  );
  await expect(report).toContainText("Left out hidden files and folders: .notes.");
  await expect(page.getByTestId("template-name")).toHaveText("stack.yaml");
  await expect(page.getByTestId("editor-template")).toContainText("type: lib/db.yaml");
  await expect(page.getByTestId("env-name-0")).toHaveValue("env-base.yaml");
  await expect(page.getByTestId("env-name-1")).toHaveValue("env-prod.yaml");
  for (const [i, name] of ["lib/db.yaml", "app-server.yaml", "scripts/boot.sh"].entries()) {
    await expect(page.getByTestId(`file-name-${i}`)).toHaveValue(name);
  }
  await expect(page.getByTestId("editor-file-2")).toContainText("echo booting");
  await expect(page.getByTestId("status")).toHaveText("ok");
  // env-prod.yaml is merged last: two servers, a 20 GB volume.
  await expect(page.getByTestId("result-parameters")).toContainText("parameter_defaults in env-prod.yaml");

  // The provider resource opens to its nested stack; bodies are built on opening.
  const db = page.getByTestId("resource-db");
  const dbStack = db.getByTestId("nested-db");
  await expect(dbStack.locator("summary").first()).toHaveText("nested stack 1 resource, 1 output");
  await expect(page.getByTestId("resource-db/volume")).toHaveCount(0);
  await dbStack.locator("summary").first().click();
  const volume = page.getByTestId("resource-db/volume");
  await expect(volume.locator("summary").first()).toHaveText("volume OS::Cinder::Volume");
  await expect(dbStack).toContainText("OS::stack_name");
  await expect(dbStack).toContainText("demo-db");
  await volume.locator("summary").first().click();
  await expect(volume.locator(".kv").first()).toContainText("size: 20");
  // Its output is a deploy-time value, marked as such.
  await expect(dbStack.locator(".deferred")).toHaveText("⟨get_resource volume⟩");

  // The group's members are its nested stack's resources, each with its own nested stack;
  // the keyboard opens them (summary elements are focusable).
  const servers = page.getByTestId("nested-servers");
  await servers.locator("summary").first().focus();
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("resource-servers/0")).toBeVisible();
  await expect(page.getByTestId("resource-servers/1").locator("summary").first()).toHaveText("1 App::Server nested stack");
  await page.getByTestId("resource-servers/1").locator("summary").first().focus();
  await page.keyboard.press("Enter");
  const member = page.getByTestId("nested-servers/1");
  await member.locator("summary").first().focus();
  await page.keyboard.press("Space");
  await expect(page.getByTestId("resource-servers/1/password").locator("summary").first()).toHaveText("password OS::Heat::RandomString");
  await expect(page.getByTestId("resource-servers/1/config")).toBeVisible();
  await expect(member).toContainText("web-1");

  // What was opened stays open when the result is redrawn.
  await setEditor(page, "editor-env-1", "parameter_defaults:\n  count: 3\n  db_size: 30\n");
  await expect(page.getByTestId("resource-servers/2")).toBeVisible();
  await expect(volume.locator(".kv").first()).toContainText("size: 30");
  await expect(page.getByTestId("resource-servers/1/password")).toBeVisible();
});

test("a problem in a provider template is marked in that file's editor", async ({ page }) => {
  await loadFixture(page);
  await expect(page.getByTestId("status")).toHaveText("ok");
  await expect(page.getByTestId("file-name-0")).toHaveValue("lib/db.yaml");
  await setEditor(
    page,
    "editor-file-0",
    "heat_template_version: 2021-04-16\nparameters:\n  size: {type: number}\nresources:\n  volume:\n    type: OS::Cinder::Volume\n    properties:\n      size: {get_param: size}\n      flavour: fast\noutputs:\n  volume_id: {value: {get_resource: volume}}\n",
  );
  await expect(page.getByTestId("status")).toHaveText("errors: 1");
  const item = page.getByTestId("error-item");
  await expect(item).toHaveText("lib/db.yaml:9:7: Property error: resources.db<lib/db.yaml>.resources.volume.properties: Unknown Property flavour");
  const file = page.getByTestId("editor-file-0");
  await expect(file.locator(".cm-lintRange-error")).toHaveText("flavour");
  await expect(file.locator(".cm-lint-marker-error")).toHaveCount(1);
  await expect(page.getByTestId("file-problems-0")).toHaveText("1 error");
  await expect(page.getByTestId("file-problems-1")).toBeHidden();
  // Not in the template's editor, nor in another file's.
  await expect(page.getByTestId("editor-template").locator(".cm-lintRange-error")).toHaveCount(0);
  await expect(page.getByTestId("editor-file-1").locator(".cm-lintRange-error")).toHaveCount(0);
  // A collapsed file opens when its problem is clicked.
  await page.getByTestId("file-toggle-0").click();
  await expect(file).toBeHidden();
  await expect(page.getByTestId("file-problems-0")).toHaveText("1 error");
  await item.getByRole("button").click();
  await expect(file).toBeVisible();
  await expect(file.locator(".cm-content")).toBeFocused();
  // Fixed again: the marker goes.
  await setEditor(page, "editor-file-0", readFileSync(join(FOLDER, "lib", "db.yaml"), "utf8"));
  await expect(page.getByTestId("status")).toHaveText("ok");
  await expect(file.locator(".cm-lintRange-error")).toHaveCount(0);
  await expect(page.getByTestId("file-problems-0")).toBeHidden();
});

test("a folder's workspace survives a share link, template name included", async ({ page, context }) => {
  await loadFixture(page);
  await setEditor(page, "editor-file-0", "heat_template_version: 2021-04-16\nparameters: {size: {type: number}}\nresources:\n  volume: {type: OS::Cinder::Volume, properties: {size: 1, flavour: x}}\noutputs:\n  volume_id: {value: {get_resource: volume}}\n");
  await expect(page.getByTestId("error-item")).toContainText("lib/db.yaml:4:");
  await page.getByTestId("share").click();
  // The link is in the address bar once encoded (a moment after the click).
  await expect(page).toHaveURL(/#w1\./);
  const other = await context.newPage();
  await other.addInitScript(() => localStorage.clear());
  await other.goto(page.url());
  await expect(other.getByTestId("template-name")).toHaveText("stack.yaml");
  await expect(other.getByTestId("file-name-0")).toHaveValue("lib/db.yaml");
  await expect(other.getByTestId("editor-file-0").locator(".cm-lintRange-error")).toHaveText("flavour");
});

/**
 * Drop a folder made of in-page entries shaped like the browser's
 * (FileSystemDirectoryEntry.createReader().readEntries answers in batches).
 */
async function dropFolder(page: Page, files: Record<string, string>, batch = 2): Promise<void> {
  await page.evaluate(
    ({ files, batch }) => {
      type Node = { name: string; isFile: boolean; isDirectory: boolean; file?: (ok: (f: File) => void) => void; createReader?: () => unknown };
      const dir = (name: string, children: Node[]): Node => ({
        name,
        isFile: false,
        isDirectory: true,
        createReader: () => {
          let at = 0;
          return {
            readEntries: (ok: (e: Node[]) => void) => {
              const out = children.slice(at, at + batch);
              at += out.length;
              setTimeout(() => ok(out));
            },
          };
        },
      });
      const tree = new Map<string, Node[]>([["", []]]);
      const ensure = (path: string): Node[] => {
        if (tree.has(path)) return tree.get(path)!;
        const cut = path.lastIndexOf("/");
        const children: Node[] = [];
        tree.set(path, children);
        ensure(cut < 0 ? "" : path.slice(0, cut)).push(dir(path.slice(cut + 1), children));
        return children;
      };
      for (const [path, text] of Object.entries(files)) {
        const cut = path.lastIndexOf("/");
        const name = path.slice(cut + 1);
        ensure(cut < 0 ? "" : path.slice(0, cut)).push({
          name,
          isFile: true,
          isDirectory: false,
          file: (ok) => setTimeout(() => ok(new File([text], name))),
        });
      }
      const roots = tree.get("")!;
      const dt = {
        types: ["Files"],
        items: roots.map((entry) => ({ kind: "file", webkitGetAsEntry: () => entry })),
        files: [],
      };
      const drop = new Event("drop", { bubbles: true, cancelable: true });
      Object.defineProperty(drop, "dataTransfer", { value: dt });
      document.querySelector(".results")!.dispatchEvent(drop);
    },
    { files, batch },
  );
}

test("a folder dropped on the page is walked recursively", async ({ page }) => {
  await open(page);
  const db = readFileSync(join(FOLDER, "lib", "db.yaml"), "utf8");
  await dropFolder(page, {
    "drop/main.yaml": "heat_template_version: 2021-04-16\nresources:\n  db: {type: deep/er/db.yaml, properties: {size: 3}}\n",
    "drop/deep/er/db.yaml": db,
    "drop/env.yaml": "parameter_defaults: {}\n",
    "drop/a.txt": "a",
    "drop/b.txt": "b",
    "drop/.git/config": "x",
  });
  await expect(page.getByTestId("load-report").locator("p").first()).toHaveText(
    "Loaded the folder drop: the template main.yaml and 3 files. 1 environment file is off until you choose it.",
  );
  await expect(page.getByTestId("load-report")).toContainText("Left out hidden files and folders: .git.");
  await expect(page.getByTestId("file-name-0")).toHaveValue("deep/er/db.yaml");
  await expect(page.getByTestId("status")).toHaveText("ok");
  await page.getByTestId("nested-db").locator("summary").first().click();
  await expect(page.getByTestId("resource-db/volume")).toBeVisible();
});

test("a folder that is too big or has no template is refused with a message, the workspace kept", async ({ page }) => {
  await open(page);
  await setEditor(page, "editor-template", "heat_template_version: 2021-04-16\noutputs:\n  kept: {value: yes}\n");
  await expect(page.getByTestId("output-kept")).toHaveText("true");
  const many: Record<string, string> = {};
  for (let i = 0; i < 400; i++) many[`big/f${i}.txt`] = "x";
  await dropFolder(page, many, 100);
  await expect(page.getByTestId("load-report").locator("p")).toHaveText(/^Nothing was loaded: it has more than 300 files\./);
  await dropFolder(page, { "nothing/env.yaml": "parameters: {}\n", "nothing/x.sh": "echo" });
  await expect(page.getByTestId("load-report")).toContainText("Nothing was loaded: no template in it");
  await expect(page.getByTestId("output-kept")).toHaveText("true");
  await expect(page.getByTestId("template-name")).toHaveText("template.yaml");
  // The report can be dismissed.
  await page.getByRole("button", { name: "Dismiss this report" }).click();
  await expect(page.getByTestId("load-report")).toBeHidden();
});

test("many files start collapsed and show their problem counts", async ({ page }) => {
  await open(page);
  const files: Record<string, string> = { "f/main.yaml": "heat_template_version: 2021-04-16\nresources:\n" };
  for (let i = 0; i < 5; i++) {
    files["f/main.yaml"] += `  r${i}: {type: p${i}.yaml}\n`;
    files[`f/p${i}.yaml`] = `heat_template_version: 2021-04-16\nresources:\n  x: {type: ${i === 3 ? "OS::Nova::Servr" : "OS::Heat::None"}}\n`;
  }
  await dropFolder(page, files);
  await expect(page.getByTestId("load-report")).toContainText("5 files.");
  await expect(page.getByTestId("editor-file-0")).toBeHidden();
  await expect(page.getByTestId("file-toggle-0")).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByTestId("file-problems-3")).toHaveText("1 error");
  await expect(page.getByTestId("file-problems-2")).toBeHidden();
  await page.getByTestId("file-toggle-3").click();
  await expect(page.getByTestId("editor-file-3").locator(".cm-lintRange-error")).toHaveText("OS::Nova::Servr");
});

test("the cloud's Heat settings and the stack name stay when a folder is loaded", async ({ page }) => {
  await open(page);
  await page.locator("#settings > summary").click();
  await page.getByTestId("setting-heat-config").fill('{"max_nested_stack_depth": 1}');
  await page.getByTestId("setting-stack-name").fill("prod");
  await page.getByTestId("folder-input").setInputFiles(FOLDER);
  await expect(page.getByTestId("load-report")).toContainText("Loaded the folder web-stack");
  await expect(page.getByTestId("setting-heat-config")).toHaveValue('{"max_nested_stack_depth": 1}');
  await expect(page.getByTestId("setting-stack-name")).toHaveValue("prod");
  await chooseEnvironmentFiles(page);
  // The setting is in force: the group's members are nested two deep.
  await expect(page.getByTestId("status")).toHaveText(/^errors: /);
  await expect(page.getByTestId("error-item").first()).toContainText("Recursion depth exceeds 1");
});

test("a file templates name in two ways is loaded once and found under both names", async ({ page }, info) => {
  const dir = info.outputPath("aliased");
  const put = (path: string, text: string) => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  const hot = "heat_template_version: 2021-04-16\n";
  put("main.yaml", `${hot}resources:\n  a: {type: lib/a.yaml}\n  common: {type: lib/common.yaml}\n`);
  put("lib/a.yaml", `${hot}resources:\n  same: {type: ./common.yaml}\n`);
  put("lib/common.yaml", `${hot}resources:\n  v: {type: OS::Heat::Value, properties: {value: 1}}\n`);
  await open(page);
  await page.getByTestId("folder-input").setInputFiles(dir);
  await expect(page.getByTestId("load-report")).toContainText("Loaded the folder aliased");
  await expect(page.getByTestId("file-name-1")).toHaveValue("lib/common.yaml");
  await expect(page.getByTestId("file-aliases-1")).toHaveText("also ./common.yaml");
  await expect(page.getByTestId("status")).toHaveText("ok");
  // A problem found through the other name is marked in the one editor.
  await setEditor(page, "editor-file-1", `${hot}resources:\n  v: {type: OS::Heat::Value, properties: {valu: 1}}\n`);
  await expect(page.getByTestId("file-problems-1")).toContainText("error");
});
