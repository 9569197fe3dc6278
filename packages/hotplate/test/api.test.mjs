// The package's public API in Node, as a user calls it (lib/node.js).
import { test } from "node:test";
import assert from "node:assert/strict";
import { evaluate, evaluation, validate, versions, functions, resourceTypes, releases, summarizeFile, yaql, renderValue, plan } from "../lib/node.js";

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

test("a refused stack: Heat's result, and what the panes show past its first error", () => {
  const r = evaluate({ stack_name: "demo", template: "heat_template_version: 2021-04-16\nparameters:\n  key: {type: string}\nresources:\n  s: {type: OS::Nova::Server, properties: {image: cirros, key_name: {get_param: key}}}\noutputs:\n  o: {value: 42}\n" });
  assert.match(r.result.error.message, /key/);
  assert.deepEqual(r.result.resources, {});
  // The display evaluation: Heat's error kept, every known value shown.
  assert.equal(r.shown.error.message, r.result.error.message);
  assert.equal(r.shown.resources.s.properties.image, "cirros");
  assert.deepEqual(r.shown.outputs.o, { value: 42, error: null });
  // A stack Heat accepts shows its result.
  const ok = evaluate({ stack_name: "demo", template: "heat_template_version: 2021-04-16\n" });
  assert.deepEqual(ok.shown, ok.result);
  assert.equal(ok.shown, ok.result, "one object: the result is what is shown");
  // Parsed when first read, once; own enumerable properties as before (spread, stringified and cloned with the rest).
  assert.equal(r.result, r.result);
  assert.deepEqual(r.result, JSON.parse(r.resultJson));
  assert.deepEqual(Object.keys(r).filter((k) => ["result", "shown", "resultJson"].includes(k)).sort(), ["result", "resultJson", "shown"]);
  assert.deepEqual(structuredClone(r).shown, r.shown);
  assert.deepEqual(JSON.parse(JSON.stringify({ ...r })).result, r.result);
  const held = evaluation({ stack_name: "demo", template: "heat_template_version: 2021-04-16\noutputs:\n  o: {value: 1}\n" });
  held.free();
  assert.deepEqual(held.response.shown.outputs.o, { value: 1, error: null }, "read after free: the texts are the response's");
});

test("a value known once deployed is checked at deploy time: a note, not an error (issue 34)", () => {
  // A group member's required flavor from an attribute of another resource.
  const group = "heat_template_version: 2018-08-31\nresources:\n  net:\n    type: OS::Neutron::Net\n  group:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: 2\n      resource_def:\n        type: OS::Nova::Server\n        properties:\n          image: cirros\n          flavor: {get_attr: [net, name]}\n";
  const r = evaluate({ stack_name: "demo", template: group });
  // Heat's answer before creation is unchanged (the member's nested error) ...
  assert.match(r.result.nested.group.error.message, /Property flavor not assigned/);
  // ... but nothing a user reads calls it an error.
  assert.deepEqual(r.diagnostics.filter((d) => d.severity === "error"), []);
  const note = r.diagnostics.find((d) => d.code === "deploy-time");
  assert.match(note.message, /checked at deploy time, it waits for ⟨get_attr net name⟩/);
  assert.deepEqual([note.line, note.column], [13, 20]);
});

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
    { steps: ["outputs", "ip", "value"], label: "get_attr server first_address", exact: true },
    // The group's nested stack: its members' ids are only known once created.
    ...[0, 1, 2].map((i) => ({
      steps: ["nested", "group", "outputs", "refs_map", "value", String(i)],
      label: `get_resource ${i}`,
      exact: true,
    })),
  ]);
});

/** A template with one server not created yet, then its outputs. */
const SERVER_THEN_OUTPUTS = `heat_template_version: 2021-04-16
resources:
  server: {type: OS::Nova::Server, properties: {flavor: m1.tiny, image: cirros}}
outputs:
`;

test("renderValue writes the last result's values as the engine has them, placeholders located", () => {
  const r = evaluate({
    stack_name: "demo",
    template: `${SERVER_THEN_OUTPUTS}  o: {value: {z: 1.0, big: 1152921504606846976, list: [a, {get_attr: [server, first_address]}]}}
`,
  });
  // JSON.parse loses both: 1.0 reads as 1, the integer as a rounded double.
  assert.equal(JSON.stringify(r.result.outputs.o.value.z), "1");
  const yaml = renderValue(["outputs", "o", "value"], "yaml");
  assert.equal(yaml.text, "z: 1.0\nbig: 1152921504606846976\nlist:\n  - a\n  - ⟨get_attr server first_address⟩\n");
  assert.deepEqual(yaml.marks.map((m) => [m.path, m.label]), [[["list", 1], "get_attr server first_address"]]);
  for (const format of ["yaml", "json", "json-line"]) {
    const v = renderValue(["outputs", "o", "value"], format);
    for (const m of v.marks) assert.equal(v.text.slice(m.from, m.to), `⟨${m.label}⟩`, format);
  }
  assert.equal(renderValue(["outputs", "o", "value", "list"], "json-line").text, '["a", "⟨get_attr server first_address⟩"]');
  // A list at the top is valid YAML.
  assert.equal(renderValue(["outputs", "o", "value", "list"], "yaml").text, "- a\n- ⟨get_attr server first_address⟩\n");
  assert.equal(renderValue(["outputs", "missing"], "yaml"), null);
  assert.throws(() => renderValue("outputs.o.value", "yaml"), TypeError);
  assert.throws(() => renderValue(["outputs"], "toml"), /unknown format/);
});

test("renderValue shows a value built from a deploy-time one symbolically, the mark on its piece", () => {
  const r = evaluate({
    stack_name: "demo",
    template: `${SERVER_THEN_OUTPUTS}  name: {value: {list_join: ["-", ["é", {get_attr: [server, name]}, x]]}}
  n: {value: {yaql: {expression: "$.data.l.len()", data: {l: [{get_attr: [server, name]}]}}}}
`,
  });
  // The canonical result is Heat's value before the stack exists.
  assert.equal(r.result.outputs.name.value, "é--x");
  const v = renderValue(["outputs", "name", "value"], "yaml");
  assert.equal(v.text, "\"é-⟨get_attr server name⟩-x\"\n");
  assert.deepEqual(v.marks, [{ path: [], label: "get_attr server name", exact: true, from: 3, to: 25 }]);
  assert.equal(v.text.slice(v.marks[0].from, v.marks[0].to), "⟨get_attr server name⟩");
  const n = renderValue(["outputs", "n", "value"], "json-line");
  assert.equal(n.text, '"⟨yaql over get_attr server name⟩"');
  assert.deepEqual(n.marks.map((m) => [m.label, m.exact]), [["yaql over get_attr server name", false]]);
});

test("a merged parameter names each file and what it gave", () => {
  const strategies = "parameter_merge_strategies: {conf: deep_merge}\n";
  const r = evaluate({
    stack_name: "demo",
    template: "heat_template_version: 2021-04-16\nparameters:\n  conf: {type: json}\n",
    environment_files: ["a.yaml", "b.yaml"],
    files: { "a.yaml": `parameter_defaults: {conf: {x: 1, y: 2}}\n${strategies}`, "b.yaml": `parameter_defaults: {conf: {z: 3}}\n${strategies}` },
  });
  const conf = r.parameters.find((p) => p.name === "conf");
  assert.deepEqual(conf.contributions, [
    { file: "a.yaml", strategy: "deep_merge", parts: ["x", "y"] },
    { file: "b.yaml", strategy: "deep_merge", parts: ["z"] },
  ]);
  assert.equal(conf.file, "b.yaml");
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

test("the documents' texts beside the request's JSON answer as the request sent whole as JSON", () => {
  // A request with toJSON is sent as one JSON text (what JSON.stringify makes of it).
  const whole = (r) => ({ ...r, toJSON: () => r });
  const env = "parameter_defaults:\n  n: 3\nresource_registry:\n  My::Box: box.yaml\n";
  const box = "heat_template_version: 2021-04-16\nparameters:\n  n: {type: number}\noutputs:\n  twice: {value: {yaql: {expression: '$.data * 2', data: {get_param: n}}}}\n";
  const main = 'heat_template_version: 2021-04-16\nparameters:\n  n: {type: number}\nresources:\n  b: {type: My::Box, properties: {n: {get_param: n}}}\noutputs:\n  o: {value: {get_attr: [b, twice]}}\n  q: {value: "\\"quoted\\" \\\\ tab\\t é ✓ 😀"}\n';
  const requests = [
    { stack_name: "s", template: main, environment: env, files: { "box.yaml": box } },
    { stack_name: "s", template: main, environment: { parameter_defaults: { n: 4 }, resource_registry: { "My::Box": "box.yaml" } }, files: { "box.yaml": box, other: null } },
    { stack_name: "s", template: new String(main), environment: env, files: { "box.yaml": new String(box) } },
    { stack_name: "s", template: { heat_template_version: "2021-04-16", outputs: { o: { value: "é" } } } },
    { stack_name: "s", template: "heat_template_version: 2021-04-16\nresources:\n  r: {type: x.yaml}\n", files: { "x.yaml": "", "y.yaml": "heat_template_version: 2021-04-16\n" } },
  ];
  for (const request of requests) {
    const split = evaluate(request);
    const sent = evaluate(whole(request));
    assert.equal(split.resultJson, sent.resultJson);
    assert.deepEqual(split.diagnostics, sent.diagnostics);
  }
  assert.equal(evaluate(requests[0]).result.outputs.q.value, '"quoted" \\ tab\t é ✓ 😀');
  // Malformed the same way.
  for (const request of [{ stack_name: "s", template: "x", files: { a: 5 } }, { stack_name: "s", template: 5 }, { stack_name: "s", template: "t", files: ["a"] }, { stack_name: "s", template: "\ud800" }]) {
    let a, b;
    try { evaluate(request); } catch (e) { a = String(e); }
    try { evaluate(whole(request)); } catch (e) { b = String(e); }
    assert.equal(a, b);
  }
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

test("Heat releases: the list, each release's resource types, the release that answered", () => {
  const all = releases();
  assert.equal(all[0].version, "16.1.0");
  assert.equal(all[0].label, "2021.1 wallaby — Heat 16.1.0");
  assert.deepEqual([all[0].python, all[0].yaql], ["3.8", "1.1.3"]);
  assert.deepEqual(all.filter((r) => r.default).map((r) => r.version), ["27.0.1"]);
  assert.equal(all.find((r) => r.version === "19.0.0").sameAs, "19.0.2");
  assert.equal(all.find((r) => r.version === "16.1.0").sameAs, null);
  // Senlin retired in 23.0.0 (hidden since); the Prometheus alarm came in 22.0.0.
  const senlin = (release) => resourceTypes(release).find((t) => t.name === "OS::Senlin::Cluster")?.status;
  assert.equal(senlin("16.1.0"), "SUPPORTED");
  assert.equal(senlin(), "HIDDEN");
  assert.ok(!resourceTypes("16.1.0").some((t) => t.name === "OS::Aodh::PrometheusAlarm"));
  assert.ok(resourceTypes().some((t) => t.name === "OS::Aodh::PrometheusAlarm"));
  assert.throws(() => resourceTypes("16.0.0"), /unknown Heat release '16.0.0': the known openstack-heat releases are 16.1.0/);
  // The response says which release answered; an unknown one is the result's error.
  const template = "heat_template_version: 2021-04-16\nresources:\n  c: {type: OS::Senlin::Cluster, properties: {profile: p}}\n";
  assert.equal(evaluate({ stack_name: "s", template, "x-heat-release": "16.1.0" }).release, "16.1.0");
  assert.equal(evaluate({ stack_name: "s", template }).release, "27.0.1");
  const unknown = evaluate({ stack_name: "s", template, "x-heat-release": "15.0.0" });
  assert.equal(unknown.release, null);
  assert.match(unknown.result.error.message, /unknown Heat release '15\.0\.0'/);
});

test("summarizeFile: what a folder's file is to heatclient, and the files it names", () => {
  assert.deepEqual(summarizeFile("heat_template_version: 2021-04-16\nparameters:\n  key: {type: string}\nresources:\n  a: {type: lib/a.yaml}\n  b: {type: OS::Heat::None, properties: {x: {get_file: s.sh}}}\n"), {
    kind: "template",
    refs: ["lib/a.yaml", "s.sh"],
    // Every `type:` string, as heatclient reads them (a parameter's type too).
    types: ["string", "lib/a.yaml", "OS::Heat::None"],
    parameters: ["key"],
  });
  assert.deepEqual(summarizeFile("resource_registry:\n  My::A: a.yaml\nparameter_defaults:\n  key: k\n"), { kind: "env", refs: ["a.yaml"], types: ["My::A"], parameters: ["key"] });
  assert.deepEqual(summarizeFile("echo hi\n"), { kind: "other", refs: [], types: [], parameters: [] });
});

test("yaql returns values and errors", () => {
  assert.deepEqual(yaql("$.data.where($ > 1).select($ * 10)", [1, 2, 3]), { ok: true, value: [20, 30], json: "[\n  20,\n  30\n]" });
  const e = yaql("$.data.foo(", {});
  assert.equal(e.ok, false);
  assert.equal(e.error.type, "YaqlGrammarException");
});

test("an evaluation held by the caller answers every shown value in one call, any value and quick fixes", () => {
  const template =
    "heat_template_version: 2021-04-16\nparameters:\n  n: {type: number, default: 1.0}\nresources:\n  s:\n    type: OS::Nova::Server\n    properties: {flavor: m1.small, image: cirros, flavour: x}\noutputs:\n  o: {value: {get_param: n}}\n";
  const ev = evaluation({ stack_name: "s", template });
  assert.equal(ev.response.result.error.type, "StackValidationFailed");
  const fixes = ev.quickFixes("template.yaml");
  assert.ok(fixes.some((f) => f.edits.some((e) => e.text === "flavor")), JSON.stringify(fixes));
  ev.free();
  assert.deepEqual(ev.quickFixes("template.yaml"), [], "freed: nothing more to say");
  const ok = evaluation({ stack_name: "s", template: template.replace(", flavour: x", "") });
  const texts = ok.texts("yaml");
  const byPath = new Map(texts.map((t) => [JSON.stringify(t.path), t.text]));
  assert.equal(byPath.get('["parameters","n"]'), "1.0\n");
  assert.equal(byPath.get('["outputs","o","value"]'), "1.0\n");
  assert.ok(byPath.has('["resources","s","properties"]'));
  assert.equal(ok.render(["outputs", "o", "value"], "json").text, "1.0");
  ok.free();
});

test("textsSince answers only the texts that changed since an earlier answer; resourceDigests move with what is shown", () => {
  const template = (n, extra = "") =>
    `heat_template_version: 2021-04-16\nresources:\n  a: {type: OS::Heat::Value, properties: {value: ${n}}}\n  b: {type: OS::Heat::Value, properties: {value: x}}\noutputs:\n  o: {value: {get_attr: [a, value]}}\n${extra}`;
  const first = evaluation({ stack_name: "s", template: template(1, "  p: {value: 2}\n") });
  const all = first.textsSince("yaml");
  assert.equal(all.full, true);
  assert.deepEqual(all.changed, first.texts("yaml"), "full: every value");
  // `texts` was called since: everything again, then only what changed.
  const base = first.textsSince("yaml", all.call);
  assert.equal(base.full, true);
  const next = evaluation({ stack_name: "s", template: template("1.0") });
  const delta = next.textsSince("yaml", base.call);
  assert.equal(delta.full, false);
  assert.deepEqual(delta.changed.map((t) => [t.path, t.text]), [[["resources", "a", "properties"], "value: 1.0\n"]]);
  assert.deepEqual(delta.removed, [["outputs", "p", "value"]]);
  assert.equal(next.textsSince("json", delta.call).full, true, "another format: everything");
  const [d1, d2] = [first.resourceDigests("yaml"), next.resourceDigests("yaml")];
  assert.deepEqual(Object.keys(d2), ["a", "b"]);
  assert.notEqual(d1.a, d2.a);
  assert.equal(d1.b, d2.b);
  first.free();
  next.free();
});

test("lint runs when asked: its findings apart from Heat's, with codes, doc links and fixes", () => {
  const template =
    "heat_template_version: 2018-08-31\nresources:\n  a: {type: OS::Heat::None}\n  b:\n    type: OS::Heat::Value\n    depends_on: [a]\n    properties:\n      value: [{get_resource: a}, {get_parm: x}]\n";
  const request = { stack_name: "s", template };
  const plain = evaluate(request);
  assert.deepEqual(plain.lint, [], "not asked: no lint");
  const ev = evaluation(request, { lint: {} });
  assert.deepEqual(ev.response.diagnostics, plain.diagnostics, "Heat's diagnostics are the same");
  assert.equal(ev.response.resultJson, plain.resultJson, "and so is the result");
  assert.deepEqual(ev.response.lint.map((d) => [d.code, d.severity, d.line]), [["W1001", "warning", 8], ["W3006", "warning", 6]]);
  assert.match(ev.response.lint[0].help, /\/rules\/W1001$/, "the site's page of the rule");
  const fixes = ev.quickFixes("template.yaml").map((f) => [f.code, f.title]);
  assert.deepEqual(fixes, [["W1001", "Change to `get_param`"], ["W3006", "Remove `a` from depends_on"]]);
  ev.free();
  // Rules turned off by id or name; a comment silences its line.
  assert.deepEqual(evaluate(request, { lint: { disable: ["W1001", "depends-on-implied"] } }).lint, []);
  const silenced = evaluate({ ...request, template: template.replace("{get_parm: x}]", "{get_parm: x}] # hotplate: disable=W1001") }, { lint: {} });
  assert.deepEqual(silenced.lint.map((d) => d.code), ["W3006"]);
  // Off by default until enabled: W2001 (an unused parameter).
  const unused = { stack_name: "s", template: "heat_template_version: 2018-08-31\nparameters:\n  p: {type: string, default: x}\n" };
  assert.deepEqual(evaluate(unused, { lint: {} }).lint, []);
  assert.deepEqual(evaluate(unused, { lint: { enable: ["all"] } }).lint.map((d) => d.code), ["W2001"]);
  assert.throws(() => evaluate(request, { lint: { disable: "W1001" } }), /options\.lint\.disable must be a list/);
  assert.throws(() => evaluate(request, { lint: [] }), /options\.lint must be an object/);
});

test("plan gives Heat's update preview, why each resource is replaced and the values before and after", () => {
  const current = { stack_name: "demo", template, parameters: { count: 3 } };
  const changed = template.replace("image: cirros", "image: fedora, image_update_policy: REPLACE");
  const p = plan({ "x-current": current, template: changed, parameters: { count: 3 } }, "yaml");
  assert.equal(p.heat.error, null);
  assert.deepEqual(p.heat.preview.replaced, [{ name: "server", type: "OS::Nova::Server" }]);
  // A nested stack that exists is always updated: its members decide.
  assert.deepEqual(p.heat.preview.updated, [{ name: "group", type: "OS::Heat::ResourceGroup" }]);
  assert.deepEqual(p.heat.nested.group.preview.unchanged.map((r) => r.name), ["0", "1", "2"]);
  assert.deepEqual(p.stack.resources.find((r) => r.name === "group").reasons.map((r) => r.kind), ["nested-stack"]);
  assert.equal(p.summary.replaced, 1);
  const server = p.stack.resources.find((r) => r.name === "server");
  assert.equal(server.action, "replaced");
  assert.deepEqual(server.reasons.map((r) => r.kind), ["rule"]);
  assert.deepEqual(server.reasons[0].properties, ["image"]);
  const image = server.properties.find((c) => c.name === "image");
  assert.deepEqual([image.before.text.trim(), image.after.text.trim(), image.forcesReplacement], ["cirros", "fedora", true]);
  assert.equal(image.place.line, 14);
  assert.equal(server.deletionPolicy, "Delete");
  // Heat's refusal is the answer, not an exception; a malformed request throws.
  const refused = plan({ "x-current": current, template: changed.replace("m1.tiny", "{get_param: nope}") });
  assert.equal(refused.heat.error.type, "StackValidationFailed");
  assert.deepEqual(refused.stack.resources, []);
  assert.throws(() => plan({ template: changed }), /x-current/);
});

// Expectations: the oracle's validate answers (real Heat) for these requests.
const ONE_SERVER = `heat_template_version: 2021-04-16
description: One server
parameters:
  key_name: {type: string, label: Key}
  count: {type: number, default: 2, constraints: [{range: {min: 1}}]}
resources:
  server: {type: OS::Nova::Server, properties: {flavor: m1.tiny, image: cirros, key_name: {get_param: key_name}}}
`;

test("validate answers as Heat's template validate: parameters without values, or Heat's error", () => {
  assert.deepEqual(validate({ template: ONE_SERVER }), {
    error: null,
    validate: {
      Description: "One server",
      Environment: { event_sinks: [], parameter_defaults: {}, parameters: {}, resource_registry: { resources: {} } },
      Parameters: {
        count: { Default: 2, Description: "", Label: "count", MinValue: 1, NoEcho: "false", Type: "Number" },
        key_name: { Description: "", Label: "Key", NoEcho: "false", Type: "String" },
      },
    },
  });
  assert.deepEqual(validate({ template: ONE_SERVER.replace("image: cirros", "imag: cirros") }), {
    error: {
      message: "Property error: resources.server.properties: Unknown Property imag",
      path: ["resources", "server", "properties"],
      type: "HTTPBadRequest",
    },
    validate: null,
  });
  assert.deepEqual(validate({ template: ONE_SERVER, "x-ignore-errors": "1" }), {
    error: null,
    validate: "<HTTPBadRequest at 0x0 400 Bad Request>",
  });
  assert.throws(() => validate("heat_template_version: 2021-04-16"), TypeError);
});
