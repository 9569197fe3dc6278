// The package's public API in Node, as a user calls it (lib/node.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { evaluate, versions, functions, resourceTypes, yaql } from "../lib/node.js";

const template = `heat_template_version: 2021-04-16
parameters:
  count: {type: number, default: 2, label: How many}
  secret: {type: string, hidden: true, default: s3cret}
resources:
  group:
    type: OS::Heat::ResourceGroup
    properties:
      count: {get_param: count}
      resource_def: {type: OS::Heat::None}
  server:
    type: OS::Nova::Server
    depends_on: group
    properties: {flavor: m1.tiny, image: cirros, name: {list_join: ['-', [web, {str_replace: {template: N, params: {N: {get_param: count}}}}]]}}
outputs:
  names: {value: {repeat: {for_each: {'%i': [a, b]}, template: 'n-%i'}}}
  ip: {value: {get_attr: [server, first_address]}}
`;

test("evaluate gives Heat's result, parameter sources, edges and deploy-time markers", () => {
  const r = evaluate({ stack_name: "demo", template, parameters: { count: 3 } });
  assert.equal(r.result.error, null);
  assert.deepEqual(r.result.outputs.names, { value: ["n-a", "n-b"], error: null });
  assert.equal(r.result.resources.server.properties.name, "web-3");
  assert.deepEqual(r.result.resources.server.depends_on, ["group"]);
  assert.equal(r.version, "2021-04-16");
  assert.equal(JSON.parse(r.resultJson).outputs.names.value[1], "n-b");
  const count = r.parameters.find((p) => p.name === "count");
  assert.deepEqual([count.source, count.label, count.default], ["user", "How many", 2]);
  assert.equal(r.parameters.find((p) => p.name === "secret").hidden, true);
  assert.deepEqual(r.edges, [{ from: "server", to: "group", kind: "depends_on" }]);
  assert.deepEqual(r.deferred, [
    { path: "outputs.ip.value", label: "get_attr server first_address", exact: true },
    // The group's nested stack: its members' ids are only known once created.
    ...[0, 1, 2].map((i) => ({ path: `nested.group.outputs.refs_map.value.${i}`, label: `get_resource ${i}`, exact: true })),
  ]);
});

test("template problems are returned, with editor positions", () => {
  const r = evaluate({ stack_name: "demo", template: "heat_template_version: 2021-04-16\nresources:\n  a: {type: OS::Nova::Servr}\n  b: {type: OS::Heat::Nonee}\n" });
  assert.equal(r.result.error.type, "StackValidationFailed");
  const lines = r.diagnostics.map((d) => d.line).sort();
  assert.deepEqual(lines, [3, 4]);
  const d = r.diagnostics.find((x) => x.line === 3);
  assert.equal(d.code, "unknown-resource-type");
  assert.equal(d.file, "template.yaml");
  assert.equal(d.column, 13);
});

test("a request without a stack name is Heat's HTTPBadRequest, not an exception", () => {
  const r = evaluate({ template: "heat_template_version: 2021-04-16\n" });
  assert.equal(r.result.error.type, "HTTPBadRequest");
});

test("only a malformed request throws", () => {
  assert.throws(() => evaluate("heat_template_version: 2021-04-16"), TypeError);
  assert.throws(() => evaluate({ stack_name: "s" }), /template/);
  assert.throws(() => evaluate({ stack_name: "s", template: "x", files: { a: 5 } }), /files/);
  // The engine still works after a thrown call.
  assert.equal(evaluate({ stack_name: "s", template: "heat_template_version: 2021-04-16\n" }).result.error, null);
});

test("tables for editors", () => {
  assert.deepEqual(versions().at(-1), { date: "2021-04-16", alias: "wallaby" });
  const f = functions("wallaby");
  assert.deepEqual(f.find((x) => x.name === "if"), { name: "if", inTemplates: true, inConditions: false, removed: false });
  assert.equal(functions("2099-01-01"), null);
  const server = resourceTypes().find((t) => t.name === "OS::Nova::Server");
  assert.ok(server.attributes.includes("first_address"));
  assert.ok(server.properties.some((p) => p.name === "flavor" && p.required));
});

test("yaql returns values and errors", () => {
  assert.deepEqual(yaql("$.data.where($ > 1).select($ * 10)", [1, 2, 3]), { ok: true, value: [20, 30], json: "[\n  20,\n  30\n]" });
  const e = yaql("$.data.foo(", {});
  assert.equal(e.ok, false);
  assert.equal(e.error.type, "YaqlGrammarException");
});
