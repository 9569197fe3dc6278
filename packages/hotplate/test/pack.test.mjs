// The package as a user installs it: `npm pack`, install the tarball into a fresh
// project, then import it from an ESM script in Node and from a page built with
// Vite (the bundler entry), loaded in headless Chromium.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync, readFileSync, existsSync, rmSync, mkdirSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const pkgDir = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const bin = (name) => join(pkgDir, "node_modules", ".bin", name);
const chromium = process.env.CHROMIUM ?? "/usr/bin/chromium";
const template = "heat_template_version: 2021-04-16\nparameters:\n  who: {type: string, default: world}\noutputs:\n  greeting: {value: {str_replace: {template: hello NAME, params: {NAME: {get_param: who}}}}}\n";

const work = mkdtempSync(join(tmpdir(), "hotplate-pack-"));
const app = join(work, "app");
test.after(() => rmSync(work, { recursive: true, force: true }));

test("npm pack, then install the tarball into a fresh project", () => {
  const name = execFileSync("npm", ["pack", "--silent", "--pack-destination", work], { cwd: pkgDir, encoding: "utf8" }).trim();
  const files = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--json"], { cwd: pkgDir, encoding: "utf8" }))[0].files.map((f) => f.path);
  for (const f of ["package.json", "README.md", "lib/node.js", "lib/web.js", "lib/bundler.d.ts", "glue/hotplate_wasm_bg.wasm", "embed/element.js"]) {
    assert.ok(files.includes(f), `${f} is not in the tarball`);
  }
  assert.ok(!files.some((f) => f.startsWith("src/") || f.startsWith("test/")), "sources or tests in the tarball");
  // One engine: the <hot-playground> element (embed/) loads the package's own glue.
  assert.deepEqual(files.filter((f) => f.endsWith(".wasm")), ["glue/hotplate_wasm_bg.wasm"]);
  for (const f of files.filter((f) => f.startsWith("embed/") && f.endsWith(".js"))) {
    assert.ok(!readFileSync(join(pkgDir, f), "utf8").includes("hotplate_wasm_bg"), `${f} bundles the engine's glue`);
  }
  mkdirSync(app);
  writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true, type: "module" }));
  execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", join(work, name)], { cwd: app, stdio: "pipe" });
  assert.ok(existsSync(join(app, "node_modules/hotplate/package.json")));
});

test("import { evaluate } from 'hotplate' in Node (ESM)", () => {
  writeFileSync(
    join(app, "index.mjs"),
    `import { evaluate } from "hotplate";\nconst r = evaluate({ stack_name: "s", template: ${JSON.stringify(template)}, parameters: { who: "node" } });\nconsole.log(r.result.outputs.greeting.value);\n`,
  );
  assert.equal(execFileSync("node", ["index.mjs"], { cwd: app, encoding: "utf8" }).trim(), "hello node");
});

test("a Vite-built page uses the package in Chromium", { skip: existsSync(chromium) ? false : `${chromium} is absent` }, async () => {
  writeFileSync(join(app, "index.html"), `<!doctype html><meta charset="utf-8"><title>t</title><p id="out">pending</p><script type="module" src="/main.js"></script>\n`);
  writeFileSync(
    join(app, "main.js"),
    `import { evaluate } from "hotplate";\nconst r = evaluate({ stack_name: "s", template: ${JSON.stringify(template)}, parameters: { who: "vite" } });\ndocument.getElementById("out").textContent = r.result.outputs.greeting.value;\n`,
  );
  execFileSync(bin("vite"), ["build", "--target", "es2022", "--logLevel", "warn"], { cwd: app, stdio: "pipe" });
  await inChromium(join(app, "dist"), "/", async (page, errors) => {
    await page
      .waitForFunction(() => document.getElementById("out").textContent !== "pending", null, { timeout: 120_000 } /* a hang guard, not a measure */)
      .catch((e) => assert.fail(`${e.message}; page errors: ${errors.join("; ")}`));
    assert.equal(await page.textContent("#out"), "hello vite");
  });
});

test("the <hot-playground> element from the tarball loads the package's one .wasm", { skip: existsSync(chromium) ? false : `${chromium} is absent` }, async () => {
  const markup = template.replace(/\n/g, "\n      ");
  writeFileSync(
    join(app, "element.html"),
    `<!doctype html><meta charset="utf-8"><title>t</title><script type="module" src="/node_modules/hotplate/embed/element.js"></script>\n` +
      `<hot-playground id="e" show="outputs,errors"><script type="text/yaml">\n      ${markup}</script></hot-playground>\n`,
  );
  const wasm = [];
  await inChromium(app, "/element.html", async (page, errors) => {
    const output = page.locator("hot-playground#e").getByTestId("output-greeting");
    await output.waitFor({ timeout: 120_000 } /* a hang guard, not a measure */).catch((e) => assert.fail(`${e.message}; page errors: ${errors.join("; ")}`));
    assert.match(await output.textContent(), /hello world/);
  }, (url) => url.endsWith(".wasm") && wasm.push(url));
  assert.deepEqual(wasm, ["/node_modules/hotplate/glue/hotplate_wasm_bg.wasm"]);
});

/** Serve `root` on loopback, open `path` in headless Chromium and run `check(page, errors)`;
 *  `onRequest(url)` sees every path the page asks for. Fails on any page error. */
async function inChromium(root, path, check, onRequest = () => {}) {
  const types = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm" };
  const server = createServer((req, res) => {
    if (req.url === "/favicon.ico") return res.writeHead(204).end();
    const url = decodeURIComponent(req.url.split("?")[0]);
    onRequest(url);
    const file = join(root, url === "/" ? "index.html" : url);
    if (!file.startsWith(root) || !existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, { "content-type": types[extname(file)] ?? "application/octet-stream" }).end(readFileSync(file));
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  const { chromium: browserType } = await import(join(pkgDir, "node_modules/playwright-core/index.mjs"));
  const browser = await browserType.launch({ executablePath: chromium });
  try {
    const page = await browser.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    page.on("requestfailed", (r) => errors.push(`${r.url()}: ${r.failure()?.errorText}`));
    await page.goto(`http://127.0.0.1:${server.address().port}${path}`);
    await check(page, errors);
    assert.deepEqual(errors, []);
  } finally {
    await browser.close();
    server.close();
  }
}
