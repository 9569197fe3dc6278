#!/usr/bin/env node
// `npx hotplate` (the CLI built for WASI, from the npm tarball installed in an
// empty folder) against the native CLI: byte-identical stdout, stderr and exit
// status on every case of ../shared's corpus-full (`eval`), validate
// (`validate`) and preview (`plan`) corpora, a `check` of corpus-full as a
// repository holds it (every format), `rules`, `yaql`, stdin, a `lsp` session
// and usage errors.
//
//   node --expose-gc test/cli-conformance.mjs --native BIN --tarball dist/hotplate-<version>.tgz
//
// The few `npx hotplate …` processes show the bin works as a user runs it; the
// corpora run in this process through the installed package's `hotplate/cli`
// export (one compile of the module, one instance per case, as each npx
// process makes one). Prints the time per case of each, native and WASI, then
// "N passed, M failed"; exits 1 on any difference. Skips (exit 0, with a
// message) when ../shared is absent, unless HOTPLATE_REQUIRE_SHARED=1.
import { execFileSync, spawnSync } from "node:child_process";
import { closeSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { here, opt } from "./script-args.mjs";

const native = resolve(opt("--native") ?? "target/release/hotplate");
const tarball = resolve(opt("--tarball") ?? "");
const repo = resolve(here, "../../..");
const shared = (name) => resolve(repo, "../shared/conformance", name);
const corpora = { eval: shared("corpus-full"), validate: shared("validate"), plan: shared("preview") };

const missing = Object.values(corpora).filter((d) => !existsSync(d));
if (missing.length) {
  const required = process.env.HOTPLATE_REQUIRE_SHARED === "1";
  console.log(`cli-conformance: ${required ? "FAIL" : "skipped"}, ${missing.join(", ")} absent`);
  process.exit(required ? 1 : 0);
}
if (!globalThis.gc) {
  // Each case is a fresh instance; `run` collects the last one's memory (V8 caps the
  // address space reserved by live wasm memories).
  console.log("cli-conformance: FAIL, run with node --expose-gc");
  process.exit(1);
}
if (!existsSync(tarball)) {
  console.log(`cli-conformance: FAIL, no tarball ${tarball} (make package)`);
  process.exit(1);
}

const work = mkdtempSync(join(tmpdir(), "hotplate-npx-"));
const app = join(work, "app");
mkdirSync(app);
writeFileSync(join(app, "package.json"), JSON.stringify({ name: "app", private: true }));
execFileSync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", tarball], { cwd: app, stdio: "pipe" });

let pass = 0;
let fail = 0;
const failures = [];
/** Compare two runs; `what` names the case. */
function same(what, a, b) {
  const diff = [];
  if (a.status !== b.status) diff.push(`exit ${a.status} (npx) vs ${b.status} (native)`);
  if (!a.stdout.equals(b.stdout)) diff.push(`stdout differs (${a.stdout.length} vs ${b.stdout.length} bytes)`);
  if (!a.stderr.equals(b.stderr)) diff.push(`stderr differs: ${JSON.stringify(a.stderr.toString().slice(0, 200))} vs ${JSON.stringify(b.stderr.toString().slice(0, 200))}`);
  if (diff.length) {
    fail++;
    failures.push(`FAIL ${what}: ${diff.join("; ")}`);
  } else {
    pass++;
  }
}

/** The native CLI (`input`: its stdin). */
function nativeRun(args, cwd, input = "") {
  const r = spawnSync(native, args, { cwd, input, maxBuffer: 1 << 30 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

// 1. The bin as a user runs it.
const npx = (args, cwd = app) => {
  const r = spawnSync("npx", ["--no-install", "hotplate", ...args], { cwd, input: "", maxBuffer: 1 << 30 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
};
// npx finds the bin in the folder's node_modules: the fixtures go beside it.
const fixture = join(app, "fixtures");
cpSync(join(repo, "cli/tests/fixtures"), fixture, { recursive: true });
const firstCase = readdirSync(corpora.eval).filter((f) => f.endsWith(".json") && !f.endsWith(".expected.json")).sort()[0];
for (const [args, cwd] of [
  [["--version"], app],
  [["eval", join(corpora.eval, firstCase)], app],
  [["eval", "-t", "fixtures/stack/template.yaml", "-e", "fixtures/stack/env1.yaml"], app],
  [["validate", "-t", "fixtures/validate/server.yaml", "-e", "fixtures/validate/env.yaml"], app],
  [["check", "--format", "json", "fixtures/stack"], app],
  [["nonsense"], app],
]) {
  same(`npx hotplate ${args.join(" ")}`, npx(args, cwd), nativeRun(args, cwd));
}

/** A language-server conversation as an editor writes it on stdin (lsp-server's framing). */
function lspSession(dir) {
  const uri = pathToFileURL(join(dir, "lsp.yaml")).href;
  const text = "heat_template_version: 2021-04-16\nresources:\n  s:\n    type: OS::Nova::Server\n    properties: {flavour: x}\n";
  const messages = [
    { id: 1, method: "initialize", params: { processId: null, rootUri: pathToFileURL(dir).href, capabilities: {} } },
    { method: "initialized", params: {} },
    { method: "textDocument/didOpen", params: { textDocument: { uri, languageId: "yaml", version: 1, text } } },
    { id: 2, method: "textDocument/hover", params: { textDocument: { uri }, position: { line: 3, character: 12 } } },
    { id: 3, method: "shutdown" },
    { method: "exit" },
  ];
  return Buffer.concat(
    messages.map((m) => {
      const body = Buffer.from(JSON.stringify({ jsonrpc: "2.0", ...m }));
      return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]);
    }),
  );
}

// 2. Every case, in this process, through the installed package's export.
const { run } = await import(pathToFileURL(createRequire(join(app, "index.js")).resolve("hotplate/cli")).href);
const outFile = join(work, "stdout");
const errFile = join(work, "stderr");
const inFile = join(work, "stdin");
async function wasiRun(args, cwd, input = "") {
  writeFileSync(inFile, input);
  const stdin = openSync(inFile, "r");
  const stdout = openSync(outFile, "w");
  const stderr = openSync(errFile, "w");
  let status;
  try {
    status = await run(args, { cwd, stdin, stdout, stderr });
  } finally {
    closeSync(stdin);
    closeSync(stdout);
    closeSync(stderr);
  }
  return { status, stdout: readFileSync(outFile), stderr: readFileSync(errFile) };
}

const timing = [];
async function compare(label, cases) {
  let wasiMs = 0;
  let nativeMs = 0;
  for (const { name, args, cwd, input } of cases) {
    let t = performance.now();
    const a = await wasiRun(args, cwd, input);
    wasiMs += performance.now() - t;
    t = performance.now();
    const b = nativeRun(args, cwd, input);
    nativeMs += performance.now() - t;
    same(`${label} ${name}`, a, b);
  }
  timing.push({ label, n: cases.length, wasiMs, nativeMs });
}

const requestCases = (sub, dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".json") && !f.endsWith(".expected.json"))
    .sort()
    .map((f) => ({ name: f, args: [sub, join(dir, f)], cwd: app }));

try {
  await compare("eval", requestCases("eval", corpora.eval));
  await compare("validate", requestCases("validate", corpora.validate));
  await compare("plan", requestCases("plan", corpora.plan));
  // corpus-full as a repository holds it, with a .hotplate.yaml naming each
  // template's environment and stack name (tools/corpus_tree.py).
  const tree = join(work, "tree");
  execFileSync("python3", [join(repo, "tools/corpus_tree.py"), corpora.eval, tree]);
  await compare(
    "check",
    ["text", "json", "sarif", "github", "junit"].map((f) => ({ name: `--format ${f} (corpus-full tree)`, args: ["check", "--format", f], cwd: tree })),
  );
  // What a template may read (cli/src/root.rs): a git work tree with symlinks
  // inside it and out of it, and files named past it.
  const fenced = join(work, "fenced");
  mkdirSync(join(fenced, "repo/.git"), { recursive: true });
  mkdirSync(join(fenced, "repo/b"));
  writeFileSync(join(fenced, "outside.txt"), "secret\n");
  writeFileSync(join(fenced, "repo/b/x.txt"), "inside\n");
  symlinkSync("b/x.txt", join(fenced, "repo/in.txt"));
  symlinkSync("../outside.txt", join(fenced, "repo/out.txt"));
  writeFileSync(
    join(fenced, "repo/t.yaml"),
    "heat_template_version: 2021-04-16\noutputs:\n" +
      ["in.txt", "out.txt", "../outside.txt", "b/x.txt", "missing.txt"].map((f, i) => `  o${i}: {value: {get_file: ${f}}}\n`).join(""),
  );
  await compare("fenced", [
    { name: "eval -t (outside-root notes)", args: ["eval", "-t", "repo/t.yaml"], cwd: fenced },
    { name: "eval -t --format json", args: ["eval", "-t", "repo/t.yaml", "--format", "json"], cwd: fenced },
    { name: "eval -t --allow-outside-root", args: ["eval", "-t", "t.yaml", "--allow-outside-root"], cwd: join(fenced, "repo") },
    { name: "check --format github", args: ["check", "--format", "github"], cwd: join(fenced, "repo") },
  ]);
  await compare("cli", [
    { name: "rules", args: ["rules"], cwd: app },
    { name: "rules --format json", args: ["rules", "--format", "json"], cwd: app },
    { name: "rules W1001", args: ["rules", "W1001"], cwd: app },
    { name: "yaql", args: ["yaql", "$.data.servers.select($.name)", "--data", '{"servers": [{"name": "a"}]}'], cwd: app },
    { name: "yaql error", args: ["yaql", "$.data.x(", "--data", "{}"], cwd: app },
    { name: "check of nothing", args: ["check", "no-such-dir"], cwd: app },
    { name: "eval of a missing file", args: ["eval", "missing.json"], cwd: app },
    { name: "eval -t a template with errors", args: ["eval", "-t", "stack/broken.yaml", "--format", "yaml"], cwd: fixture },
    { name: "eval stdin (empty)", args: ["eval", "-"], cwd: app },
    { name: "eval stdin (a request)", args: ["eval", "-"], cwd: app, input: readFileSync(join(corpora.eval, firstCase)) },
    { name: "lsp (initialize, a template with an error, hover, shutdown)", args: ["lsp"], cwd: fixture, input: lspSession(fixture) },
  ]);
} finally {
  rmSync(work, { recursive: true, force: true });
}

for (const f of failures.slice(0, 30)) console.log(f);
for (const { label, n, wasiMs, nativeMs } of timing) {
  console.log(
    `cli-conformance: ${label}: ${n} cases, npx (WASI) ${(wasiMs / n).toFixed(1)} ms/case, native ${(nativeMs / n).toFixed(1)} ms/case (process included)`,
  );
}
console.log(`${pass} passed, ${fail} failed`);
process.exit(fail ? 1 : 0);
