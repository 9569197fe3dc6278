// The editor functions in Node (lib/node.js): completion, hover, definition,
// references, outline and quick fixes at UTF-16 positions of a request's documents.
import { test } from "node:test";
import assert from "node:assert/strict";
import { complete, hover, definition, references, documentSymbols, quickFixes } from "../lib/node.js";

const template = `heat_template_version: 2021-04-16
parameters:
  size: {type: number, default: 1}
resources:
  vol:
    type: OS::Cinder::Volume
    properties:
      size: {get_param: size}
      nmae: é
  srv:
    type: OS::Nova::Server
    properties:
      fla
`;
const request = { stack_name: "s", template, environment_files: ["env.yaml"], files: { "env.yaml": "parameter_defaults:\n  size: 5\n" } };
const at = (needle, n = 0) => {
  let i = -1;
  for (let k = 0; k <= n; k++) i = template.indexOf(needle, i + 1);
  return i + 1;
};

test("completion on text that does not load: the type's properties", () => {
  const c = complete(request, "template.yaml", template.indexOf("fla") + 3);
  const flavor = c.items.find((i) => i.label === "flavor");
  assert.equal(flavor.kind, "property");
  assert.equal(flavor.detail, "string, required");
  assert.equal(flavor.insert, "flavor: ");
  assert.equal(template.slice(c.from, c.to), "fla");
});

test("hover, definition and references", () => {
  const h = hover(request, "template.yaml", at("size}"));
  assert.match(h.text, /value: `5` \(parameter_defaults of env.yaml\)/);
  assert.equal(template.slice(h.from, h.to), "size");
  const d = definition(request, "template.yaml", at("size}"));
  assert.deepEqual(d, [{ file: "template.yaml", from: template.indexOf("size:"), to: template.indexOf("size:") + 4 }]);
  const r = references(request, "template.yaml", at("size:"));
  assert.deepEqual(r.map((l) => l.file), ["template.yaml", "template.yaml", "env.yaml"]);
});

test("outline and quick fixes (offsets are string indexes past non-ASCII text)", () => {
  const s = documentSymbols(request, "template.yaml");
  assert.deepEqual(s.map((x) => x.name), ["heat_template_version", "parameters", "resources"]);
  assert.deepEqual(s[2].children.map((x) => [x.name, x.kind, x.detail]), [["vol", "resource", "OS::Cinder::Volume"], ["srv", "resource", "OS::Nova::Server"]]);
  const fixed = template.replace("      fla\n", "      flavor: m1\n      image: cirros\n");
  const fixes = quickFixes({ ...request, template: fixed }, "template.yaml");
  const fix = fixes.find((f) => f.title === "Change to `name`");
  assert.ok(fix, JSON.stringify(fixes));
  assert.equal(fixed.slice(fix.diagnosticFrom, fix.diagnosticTo), "nmae");
  assert.deepEqual(fix.edits, [{ file: "template.yaml", from: fixed.indexOf("nmae"), to: fixed.indexOf("nmae") + 4, text: "name" }]);
});

test("bad arguments throw; an unknown document answers nothing", () => {
  assert.throws(() => complete("x", "template.yaml", 0), TypeError);
  assert.throws(() => hover(request, "template.yaml", -1), TypeError);
  assert.deepEqual(complete(request, "nope.yaml", 0).items, []);
  assert.equal(hover(request, "nope.yaml", 0), null);
});
