// Unit tests of folder.ts (compiled to build-unit/ by `make test-web`; the package built):
// which file is the template, which are environment files, and the names the
// other files get in `files`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { classifyFolder as classifyWith, FolderError, resolveRef } from "../build-unit/folder.js";
// Each file's summary comes from the engine (core's api::summarize_file, tested there), as in the page.
import { summarizeFile } from "../../packages/hotplate/lib/node.js";

const HOT = "heat_template_version: 2021-04-16\n";
const files = (o) => Object.entries(o).map(([path, text]) => ({ path, text }));
const names = (docs) => docs.map((d) => d.name);
const classifyFolder = (fs, folder) => classifyWith(fs, folder, summarizeFile);

test("resolveRef: relative to the naming file's directory, never outside the folder", () => {
  assert.equal(resolveRef("", "a.yaml"), "a.yaml");
  assert.equal(resolveRef("lib", "./b/../c.yaml"), "lib/c.yaml");
  assert.equal(resolveRef("lib", "../top.yaml"), "top.yaml");
  assert.equal(resolveRef("", "../outside.yaml"), null);
  assert.equal(resolveRef("", "/etc/passwd"), null);
  assert.equal(resolveRef("", "http://example.com/a.yaml"), null);
});

test("the template is the one nobody names; environment files merge in name order", () => {
  const ws = classifyFolder(
    files({
      "lib/db.yaml": `${HOT}resources:\n  vol: {type: vol.yaml}\n`,
      "lib/vol.yaml": `${HOT}resources: {}\n`,
      "stack.yaml": `${HOT}resources:\n  db: {type: lib/db.yaml}\n  w: {type: My::Web}\noutputs:\n  s: {value: {get_file: files/boot.sh}}\n`,
      "web.yaml": `${HOT}parameters: {}\n`,
      "env-10.yaml": "parameter_defaults: {a: 10}\n",
      "env-2.yaml": "resource_registry:\n  My::Web: web.yaml\n",
      "files/boot.sh": "#!/bin/sh\n",
      "README.md": "# a stack\n",
    }),
    "mystack",
  );
  assert.equal(ws.templateName, "stack.yaml");
  assert.match(ws.template, /db: \{type: lib\/db.yaml\}/);
  assert.deepEqual(names(ws.envFiles), ["env-2.yaml", "env-10.yaml"]);
  // Off until chosen, each with a hint when it concerns the templates: env-2 maps a type stack.yaml uses.
  assert.ok(ws.envFiles.every((e) => e.off === true));
  assert.deepEqual(ws.envHints, { "env-2.yaml": "maps My::Web" });
  // Named files by the name as written (lib/db.yaml names its sibling "vol.yaml"),
  // in the order they are reached; then the rest by path.
  assert.deepEqual(names(ws.files), ["lib/db.yaml", "files/boot.sh", "web.yaml", "vol.yaml", "README.md"]);
  assert.equal(ws.files.find((f) => f.name === "vol.yaml").text, `${HOT}resources: {}\n`);
  assert.deepEqual(ws.notes, []);
});

test("among several unnamed templates, the folder's name wins, then main, template, stack, top", () => {
  const pick = (paths, folder = "") => classifyFolder(files(Object.fromEntries(paths.map((p) => [p, HOT]))), folder);
  assert.equal(pick(["a.yaml", "mystack.yaml", "main.yaml"], "mystack").templateName, "mystack.yaml");
  assert.equal(pick(["a.yaml", "top.yaml", "template.yaml", "main.yaml"]).templateName, "main.yaml");
  assert.equal(pick(["b.yaml", "a.yaml"]).templateName, "a.yaml");
  assert.equal(pick(["sub/a.yaml", "z.yaml"]).templateName, "z.yaml");
  const ws = pick(["b.yaml", "a.yaml", "c.yaml"]);
  assert.deepEqual(names(ws.files), ["b.yaml", "c.yaml"]);
  assert.deepEqual(ws.notes, ["The template is a.yaml. 2 other templates no file names are in Files (b.yaml, c.yaml): “Use as template” on one evaluates it instead."]);
  assert.deepEqual(pick(["b.yaml", "a.yaml"]).notes, ["The template is a.yaml. One other template no file names is in Files (b.yaml): “Use as template” on one evaluates it instead."]);
});

test("a file named under several names is loaded once, its other names as aliases", () => {
  const ws = classifyFolder(
    files({
      "main.yaml": `${HOT}resources:\n  a: {type: lib/a.yaml}\n  b: {type: lib/common.yaml}\n  c: {type: other/b.yaml}\n`,
      "lib/a.yaml": `${HOT}resources:\n  c: {type: common.yaml}\n  d: {type: ./common.yaml}\n  e: {type: common.yaml}\n`,
      "other/b.yaml": `${HOT}resources:\n  c: {type: common.yaml}\n  d: {type: ../lib/common.yaml}\n`,
      "other/common.yaml": HOT,
      "lib/common.yaml": HOT,
    }),
    "",
  );
  // other/common.yaml is named by nobody (see below): under its path.
  assert.deepEqual(names(ws.files), ["lib/a.yaml", "lib/common.yaml", "other/b.yaml", "other/common.yaml"]);
  // heatclient resolves each to lib/common.yaml: the request carries it under every name.
  assert.deepEqual(ws.files[1].aliases, ["common.yaml", "./common.yaml", "../lib/common.yaml"]);
  assert.equal(ws.files[0].aliases, undefined);
  // A name stands for one file: other/b.yaml's `common.yaml` cannot be other/common.yaml too.
  assert.deepEqual(ws.notes, [
    'other/b.yaml names other/common.yaml as "common.yaml", but "common.yaml" is lib/common.yaml already: a name stands for one file, so that reference does not reach other/common.yaml.',
  ]);
});

test("a template in a subfolder: unnamed files by their path from its directory", () => {
  const ws = classifyFolder(files({ "templates/main.yaml": HOT, "templates/extra.sh": "x", "docs/a.txt": "y" }), "");
  assert.equal(ws.templateName, "templates/main.yaml");
  assert.deepEqual(names(ws.files), ["docs/a.txt", "extra.sh"]);
});

test("a file referenced by get_file is a file even when it looks like an environment", () => {
  const ws = classifyFolder(files({ "main.yaml": `${HOT}outputs:\n  o: {value: {get_file: data.yaml}}\n`, "data.yaml": "parameters: {a: 1}\n" }), "");
  assert.deepEqual(ws.envFiles, []);
  assert.deepEqual(names(ws.files), ["data.yaml"]);
});

test("no template: a clear error", () => {
  assert.throws(() => classifyFolder(files({ "env.yaml": "parameters: {}\n", "x.sh": "echo" }), "f"), (e) => e instanceof FolderError && /no template in it/.test(e.message));
});

test("templates that all name each other still load (Heat reports the recursion)", () => {
  const ws = classifyFolder(files({ "a.yaml": `${HOT}resources:\n  b: {type: b.yaml}\n`, "b.yaml": `${HOT}resources:\n  a: {type: a.yaml}\n` }), "");
  assert.equal(ws.templateName, "a.yaml");
  assert.deepEqual(names(ws.files), ["b.yaml"]);
  assert.deepEqual(ws.notes, ["b.yaml names the template a.yaml: the template is not among the files, so that reference is not found."]);
});

test("a Jinja2 file is neither the template nor an environment file (TripleO renders them first)", () => {
  const ws = classifyFolder(
    files({
      "common/role.role.j2.yaml": `${HOT}resources:\n  chain: {type: "OS::TripleO::{{role.name}}ServiceChain"}\n`,
      "overcloud.j2.yaml": `${HOT}{% for role in roles %}\n{% endfor %}\n`,
      "env.j2.yaml": "parameter_defaults:\n  {{role.name}}Count: 1\n",
      "deployment/nova-api.yaml": `${HOT}parameters:\n  Workers: {type: number, default: 1}\n`,
      "environments/workers.yaml": "parameter_defaults:\n  Workers: 4\n",
      "plain.j2.yaml": `${HOT}resources: {}\n`,
    }),
    "tht",
  );
  // plain.j2.yaml has no Jinja2 syntax: a template like any other (and "plain" ranks below "nova-api" only by depth).
  assert.equal(ws.templateName, "plain.j2.yaml");
  assert.deepEqual(names(ws.envFiles), ["environments/workers.yaml"]);
  assert.ok(names(ws.files).includes("common/role.role.j2.yaml"));
  assert.ok(names(ws.files).includes("env.j2.yaml"));
  assert.match(ws.notes[0], /^3 files are Jinja2 templates \(common\/role\.role\.j2\.yaml, …\), kept in Files: TripleO renders its \*\.j2\.yaml files/);
  // Only Jinja2 templates: nothing to evaluate, and the page says why.
  assert.throws(() => classifyFolder(files({ "a.j2.yaml": `${HOT}# {{x}}\n` }), "f"), (e) => e instanceof FolderError && /TripleO renders/.test(e.message));
});

test("a file named by a path climbing out of its directory goes by its path in the folder, the name written as an alias", () => {
  const ws = classifyFolder(
    files({
      "k8s/templates/kubecluster.yaml": `${HOT}resources:\n  network: {type: ../../common/templates/network.yaml}\n  node: {type: node.yaml}\n`,
      "k8s/templates/node.yaml": `${HOT}resources: {}\n`,
      "common/templates/network.yaml": `${HOT}resources: {}\n`,
    }),
    "drivers",
  );
  assert.equal(ws.templateName, "k8s/templates/kubecluster.yaml");
  assert.deepEqual(names(ws.files), ["common/templates/network.yaml", "node.yaml"]);
  assert.deepEqual(ws.files[0].aliases, ["../../common/templates/network.yaml"]);
});
