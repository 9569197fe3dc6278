// Compare mode's data: the current stack (a snapshot of a workspace, "Use as
// current stack") and the update the workspace now describes. No DOM here (the
// page and the embed element both use it).
//
// The plan is Heat's `openstack stack update` (PUT: the new body replaces the
// stored template, environment, files and parameters) of the stack the
// snapshot created: `x-current` is the snapshot's create request (its stack
// name, ids and mocked attributes apply to both sides, as they would to a
// stack that exists), the update body is the workspace's template, environment
// files, files, parameters and Heat settings.
import type { Diagnostic, EvaluateRequest, PreviewRequest, UpdatePlan, PlannedResource, PlanPlace } from "hotplate/web";
import type { NamedText, Workspace } from "./state";

/** A copy of `ws` that later edits of the workspace do not change. */
export const snapshot = (ws: Workspace): Workspace => structuredClone(ws);

/** The update request that takes the stack `current` created (both create requests, state.ts's `toRequest`) to `create`. */
export function previewRequest(current: EvaluateRequest, create: EvaluateRequest): PreviewRequest {
  // Without values, as the display: a parameter neither side gives is unknown on both, not a stack that could not exist.
  const body: PreviewRequest = { "x-current": current, template: create.template, files: create.files, parameters: create.parameters, "x-without-values": true };
  if (create.environment_files) body.environment_files = create.environment_files;
  if (create["x-template-name"]) body["x-template-name"] = create["x-template-name"];
  if (create["x-heat-config"]) body["x-heat-config"] = create["x-heat-config"];
  return body;
}

/** Every resource of a plan with the nested stacks above it (names from the top), depth first. */
export function planned(plan: UpdatePlan): { path: string[]; resource: PlannedResource }[] {
  const out: { path: string[]; resource: PlannedResource }[] = [];
  const walk = (stack: UpdatePlan["stack"], path: string[]) => {
    for (const resource of stack.resources) out.push({ path, resource });
    for (const [name, nested] of Object.entries(stack.nested)) walk(nested, [...path, name]);
  };
  walk(plan.stack, []);
  return out;
}

/** The UTF-16 offset of a 1-based line and code-point column of `text` (clamped to the text). */
export function offsetOf(text: string, line: number, column: number): number {
  let at = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf("\n", at);
    if (next < 0) return text.length;
    at = next + 1;
  }
  for (let c = 1; c < column && at < text.length && text[at] !== "\n"; c++) at += text.codePointAt(at)! > 0xffff ? 2 : 1;
  return at;
}

/** The text of the workspace's document `file`, if it has one. */
function documentText(ws: Workspace, file: string): string | undefined {
  if (file === ws.templateName) return ws.template;
  return [...ws.envFiles, ...ws.files].find((d: NamedText) => d.name === file)?.text;
}

/** A marker in the editors for something of the plan at `place`. */
function mark(ws: Workspace, place: PlanPlace, code: string, message: string): Diagnostic | null {
  const text = documentText(ws, place.file);
  if (text === undefined) return null;
  const from = offsetOf(text, place.line, place.column);
  const to = Math.max(from, offsetOf(text, place.endLine, place.endColumn));
  return { code, severity: "warning", message, path: "", file: place.file, from, to, line: place.line, column: place.column, endLine: place.endLine, endColumn: place.endColumn };
}

/**
 * The editors' markers of a plan: each replaced resource at the properties
 * that force the replacement (at its definition when none does, e.g. a type
 * change), and each `restricted_actions` entry the real update stops at.
 */
export function planMarks(plan: UpdatePlan, ws: Workspace): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const { path, resource: r } of planned(plan)) {
    const name = [...path, r.name].join("/");
    const why = r.reasons.map((x) => x.text).join("; ");
    if (r.action === "replaced") {
      const forcing = r.properties.filter((c) => c.forcesReplacement && c.place);
      const at = forcing.length ? forcing.map((c) => c.place!) : r.place ? [r.place] : [];
      for (const place of at) {
        const m = mark(ws, place, "plan-replace", `${name} will be replaced: ${why}`);
        if (m) out.push(m);
      }
    }
    if (r.restricted && r.place) {
      const m = mark(ws, r.place, "plan-restricted", `${name}: the real update stops here (restricted_actions: ${r.restricted}); Heat's preview does not check it`);
      if (m) out.push(m);
    }
  }
  return out;
}
