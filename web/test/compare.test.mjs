// Unit tests of compare.ts: the update request of a workspace against the
// current stack, positions of a plan's places, and the editors' markers.
import { test } from "node:test";
import assert from "node:assert/strict";
import { offsetOf, planMarks, planned, previewRequest, snapshot } from "../build-unit/compare.js";
import { emptyWorkspace, toRequest } from "../build-unit/state.js";

const TEMPLATE = "heat_template_version: 2021-04-16\nresources:\n  server:\n    type: OS::Nova::Server\n    properties: {image: fedora, flavor: m1.small}\n";

test("previewRequest: the snapshot's create request as x-current, the workspace's as the update body", () => {
  const current = emptyWorkspace();
  current.template = TEMPLATE.replace("fedora", "cirros");
  current.params = { n: 1 };
  const ws = snapshot(current);
  ws.template = TEMPLATE;
  ws.envFiles = [{ name: "env.yaml", text: "parameters: {}\n" }];
  ws.settings.stackName = "ignored";
  const req = previewRequest(toRequest(current), toRequest(ws));
  assert.equal(req["x-current"].template, current.template);
  assert.equal(req["x-current"].stack_name, "demo");
  assert.equal(req.template, TEMPLATE);
  assert.deepEqual(req.environment_files, ["env.yaml"]);
  assert.deepEqual(req.parameters, { n: 1 });
  // The stack keeps its name and mocks: the body has none.
  assert.equal("stack_name" in req, false);
  assert.equal("x-playground" in req, false);
  // Planned without values, as the display: a parameter neither side gives is unknown, not a refusal.
  assert.equal(req["x-without-values"], true);
  // The snapshot is a copy.
  ws.params.n = 2;
  assert.deepEqual(current.params, { n: 1 });
});

test("offsetOf: 1-based lines and code-point columns as UTF-16 offsets, clamped", () => {
  const text = "a: 1\nb: \u{1F600}x\n";
  assert.equal(offsetOf(text, 1, 1), 0);
  assert.equal(offsetOf(text, 2, 4), 8);
  assert.equal(text.slice(offsetOf(text, 2, 5), offsetOf(text, 2, 6)), "x");
  assert.equal(offsetOf(text, 9, 1), text.length);
  assert.equal(offsetOf(text, 1, 99), 4);
});

const place = (line, column, endColumn) => ({ file: "template.yaml", line, column, endLine: line, endColumn });
const resource = (o) => ({ name: "server", action: "unchanged", type: "OS::Nova::Server", reasons: [], properties: [], fields: [], restricted: null, deletionPolicy: null, place: place(3, 3, 9), ...o });

test("planMarks: a replacement at the property that forces it, a restricted action at the resource", () => {
  const ws = emptyWorkspace();
  ws.template = TEMPLATE;
  const image = { name: "image", before: null, after: null, forcesReplacement: true, updateAllowed: false, place: place(5, 25, 31) };
  const plan = {
    heat: { error: null, preview: {}, nested: {} },
    summary: {},
    errorPlace: null,
    stack: {
      resources: [resource({ action: "replaced", reasons: [{ kind: "not-updatable", text: "image cannot be updated in place", properties: ["image"] }], properties: [image], deletionPolicy: "Delete" })],
      nested: { group: { resources: [resource({ name: "0", action: "updated", restricted: "update", place: null })], nested: {} } },
    },
  };
  assert.deepEqual(planned(plan).map((p) => [...p.path, p.resource.name].join("/")), ["server", "group/0"]);
  const marks = planMarks(plan, ws);
  assert.equal(marks.length, 1);
  assert.equal(marks[0].code, "plan-replace");
  assert.equal(TEMPLATE.slice(marks[0].from, marks[0].to), "fedora");
  assert.match(marks[0].message, /server will be replaced: image cannot be updated in place/);
  // A restricted action with a place is marked; a place in a file the workspace lacks is not.
  plan.stack.nested.group.resources[0].place = place(3, 3, 9);
  assert.deepEqual(planMarks(plan, ws).map((m) => m.code), ["plan-replace", "plan-restricted"]);
  plan.stack.resources[0].properties[0].place = { ...image.place, file: "other.yaml" };
  assert.deepEqual(planMarks(plan, ws).map((m) => m.code), ["plan-restricted"]);
});
