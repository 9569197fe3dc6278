// Compiled with `tsc --noEmit` by `make test-package`: the public types as a
// TypeScript user writes against them (a type error fails the build).
import { evaluate, validate, yaql, functions, renderValue, type ValidateResult, type EvaluateRequest, type EvaluateResponse, type Diagnostic, type RenderedValue, type PathStep } from "../lib/bundler.js";
import { init } from "../lib/web.js";

const request: EvaluateRequest = {
  stack_name: "demo",
  template: "heat_template_version: 2021-04-16\n",
  environment_files: ["env.yaml"],
  files: { "env.yaml": "parameters: {}\n", "unreadable.sh": null },
  parameters: { count: 3 },
  "x-playground": { stack_id: "id", attributes: { server: { first_address: "10.0.0.1" } }, reference_ids: { server: "uuid" } },
};
const response: EvaluateResponse = evaluate(request);
const first: Diagnostic | undefined = response.diagnostics[0];
const line: number = first?.line ?? 0;
const severity: "error" | "warning" | "note" | "info" | undefined = first?.severity;
const sources: ("user" | "user_default" | "default" | "missing")[] = response.parameters.map((p) => p.source);
const errorType: string | undefined = response.result.error?.type;
const outputs: Record<string, { value: unknown; error: string | null }> = response.result.outputs;
const kinds: string[] = response.edges.map((e) => e.kind);
// What only a cloud can check: parameter or property constraints, plugin checks.
const needsCloud: string[] = [
  ...response.result.skipped_constraints.map((c) => ("parameter" in c ? c.parameter : `${c.resource}.${c.property}`)),
  ...response.result.skipped_checks.map((c) => `${c.resource}: ${c.check} (${c.service})`),
];
const steps: PathStep[] | undefined = response.deferred[0]?.steps;
const shown: RenderedValue | null = renderValue(["outputs", "o", "value"], "yaml");
const marked: [number, number][] = shown?.marks.map((m) => [m.from, m.to]) ?? [];
// @ts-expect-error formats are yaml, json, json-line
renderValue([], "toml");
const checked: ValidateResult = validate({ template: "heat_template_version: 2021-04-16\n", "x-show-nested": true, "x-ignore-errors": ["99001"] });
const body = checked.validate;
const paramTypes: string[] = body && typeof body !== "string" ? Object.values(body.Parameters).map((p) => p.Type) : [];
const nestedTypes: string[] = body && typeof body !== "string" ? Object.values(body.NestedParameters ?? {}).map((n) => n.Type) : [];
const validateError: string | undefined = checked.error?.message;
const y = yaql("$.data", { a: 1 });
if (y.ok) {
  const json: string = y.json;
  void json;
} else {
  const message: string = y.error.message;
  void message;
}
const inTemplates: boolean | undefined = functions("wallaby")?.[0]?.inTemplates;
const ready: Promise<void> = init(new URL("https://example.invalid/hotplate.wasm"));
// @ts-expect-error a request needs a template
const bad: EvaluateRequest = { stack_name: "x" };
void [steps, marked, line, severity, sources, errorType, outputs, kinds, needsCloud, inTemplates, ready, bad, paramTypes, nestedTypes, validateError];

// Editor functions.
import { complete, hover, quickFixes, type Completions, type HoverInfo, type QuickFix } from "../lib/bundler.js";
const completions: Completions = complete(request, "template.yaml", 0);
const kinds2: string[] = completions.items.map((i) => i.kind);
const hovered: HoverInfo | null = hover(request, "template.yaml", 3);
const fixes: QuickFix[] = quickFixes(request, "template.yaml");
const edits: number[] = fixes.flatMap((f) => f.edits.map((e) => e.from));
void [kinds2, hovered, edits];

// Lint: asked for, listed apart from Heat's diagnostics.
import { evaluation, type EvaluateOptions, type LintOptions } from "../lib/bundler.js";
const rules: LintOptions = { enable: ["W2001"], disable: ["W3006"] };
const options: EvaluateOptions = { lint: rules };
const linted = evaluation(request, options);
const lintCodes: string[] = linted.response.lint.map((d) => d.code);
const docs: (string | undefined)[] = linted.response.lint.map((d) => d.help);
const plain: EvaluateResponse = evaluate(request, { lint: {} });
// @ts-expect-error rule lists are lists of ids or names
evaluate(request, { lint: { disable: "W3006" } });
void [lintCodes, docs, plain, quickFixes(request, "template.yaml", { lint: {} })];
