// Nested stacks as an expandable tree, for the page's and the embed's resources
// panes: a provider template, group or chain resource opens (<details>) to its
// nested stack's error, parameters, conditions, resources and outputs; each
// nested resource opens to its properties and, recursively, its own nested
// stack. Bodies are built when first opened (a group can have a thousand
// members), and what the user opened stays open when the result is redrawn.
// Everything user-controlled goes into text nodes.
import type { CanonicalResult, EnabledResource, DisabledResource, PathStep } from "hotplate/web";
import { cloudNotes, valueElement } from "./render";
import { pathKey, type Values } from "./values";

/** Resources in name order with numbers compared as numbers (subnet_8 before subnet_79), as people count. */
const collator = new Intl.Collator("en", { numeric: true });
export const byName = <T,>(entries: [string, T][]): [string, T][] => entries.sort(([a], [b]) => collator.compare(a, b));

export interface TreeContext {
  /** The engine's text of each value (values.ts). */
  values: Values;
  /** The details the user opened (keys from `openKey`), kept across redraws. */
  open: Set<string>;
}

function row(label: string, value: HTMLElement): HTMLElement {
  const r = document.createElement("div");
  r.className = "kv";
  const k = document.createElement("span");
  k.className = "k";
  k.textContent = label;
  r.append(k, value);
  return r;
}

/** A `label: value` row of the value at `path` in the result, as the engine wrote it. */
export function kvRow(label: string, path: PathStep[], ctx: Pick<TreeContext, "values">): HTMLElement {
  return row(label, valueElement(ctx.values, path));
}

/** A row whose value is not shown (a hidden parameter, as Heat's stack show masks it). */
export function maskedRow(label: string): HTMLElement {
  return row(label, Object.assign(document.createElement("pre"), { className: "value masked", textContent: "******" }));
}

const text = (tag: string, className: string, content: string): HTMLElement =>
  Object.assign(document.createElement(tag), { className, textContent: content });

const openKey = (kind: string, names: string[]) => JSON.stringify([kind, ...names]);

/** A <details> whose body is built on first open; open again after a redraw if it was. */
export function lazyDetails(key: string, ctx: TreeContext, summary: HTMLElement, body: () => Node[]): HTMLDetailsElement {
  const d = document.createElement("details");
  d.append(summary);
  let built = false;
  const build = () => {
    if (built) return;
    built = true;
    const box = document.createElement("div");
    box.className = "tree-body";
    box.append(...body());
    d.append(box);
  };
  d.addEventListener("toggle", () => {
    if (d.open) {
      ctx.open.add(key);
      build();
    } else {
      ctx.open.delete(key);
    }
  });
  if (ctx.open.has(key)) {
    build();
    d.open = true;
  }
  return d;
}

function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * The nested stack of the resource at `names` (the top-level resource first;
 * a group's members are resources of its nested stack). `base` is the nested
 * result's place in the whole result (`["nested", "a", "nested", "0"]`).
 */
export function nestedStackElement(child: CanonicalResult, names: string[], ctx: TreeContext): HTMLDetailsElement {
  const base = names.flatMap((n) => ["nested", n]);
  const summary = document.createElement("summary");
  const nres = Object.keys(child.resources).length;
  const nout = Object.keys(child.outputs).length;
  summary.append(text("span", "tree-label", "nested stack"), " ");
  summary.append(
    child.error
      ? text("span", "tree-error", `Heat would not create it — ${child.error.type}`)
      : text("span", "hint", `${count(nres, "resource", "resources")}, ${count(nout, "output", "outputs")}`),
  );
  const d = lazyDetails(openKey("stack", names), ctx, summary, () => stackBody(child, names, base, ctx));
  d.className = `nested${child.error ? " failed" : ""}`;
  d.dataset.testid = `nested-${names.join("/")}`;
  return d;
}

function section(title: string, ...children: Node[]): HTMLElement {
  const s = document.createElement("section");
  s.className = "tree-section";
  s.append(text("h4", "", title), ...children);
  return s;
}

function stackBody(child: CanonicalResult, names: string[], base: PathStep[], ctx: TreeContext): Node[] {
  const out: Node[] = [];
  if (child.error) {
    const p = text("p", "error", `${child.error.type}: ${child.error.message}`);
    p.dataset.testid = `nested-error-${names.join("/")}`;
    out.push(p);
  }
  const params = Object.entries(child.parameters);
  if (params.length) out.push(section("Parameters", ...params.map(([n]) => kvRow(n, [...base, "parameters", n], ctx))));
  const conditions = Object.entries(child.conditions);
  if (conditions.length) {
    out.push(section("Conditions", ...conditions.map(([n, v]) => {
      const value = text("span", "value", ctx.values[pathKey([...base, "conditions", n])]?.text ?? "");
      value.dataset.path = pathKey([...base, "conditions", n]);
      const line = text("div", `cond ${v ? "true" : "false"}`, `${n}: `);
      line.append(value);
      return line;
    })));
  }
  const resources = byName(Object.entries(child.resources));
  if (resources.length) out.push(section("Resources", ...resources.map(([n, r]) => resourceElement(child, n, r, names, base, ctx))));
  const outputs = Object.entries(child.outputs);
  if (outputs.length) out.push(section("Outputs", ...outputs.map(([n, o]) => outputRow(n, o, base, ctx))));
  if (!out.length) out.push(text("p", "hint", "An empty stack."));
  return out;
}

function outputRow(name: string, o: { error: string | null }, base: PathStep[], ctx: TreeContext): HTMLElement {
  if (o.error === null) return kvRow(name, [...base, "outputs", name, "value"], ctx);
  const row = document.createElement("div");
  row.className = "kv";
  row.append(text("span", "k", name), text("p", "error", o.error));
  return row;
}

/** One resource of a nested stack: a <details> with its type in the summary. */
function resourceElement(
  stack: CanonicalResult,
  name: string,
  r: EnabledResource | DisabledResource,
  parents: string[],
  stackBase: PathStep[],
  ctx: TreeContext,
): HTMLDetailsElement {
  const names = [...parents, name];
  const summary = document.createElement("summary");
  summary.append(text("span", "tree-label", name), " ", text("span", "type", String(r.type)));
  if (!r.enabled) summary.append(" ", text("span", "badge", "removed by its condition"));
  else if (stack.nested[name]) summary.append(" ", text("span", "badge nested-badge", "nested stack"));
  const d = lazyDetails(openKey("resource", names), ctx, summary, () => {
    if (!r.enabled) return [text("p", "hint", "Its condition is false: Heat does not create it.")];
    const base = [...stackBase, "resources", name];
    const body: Node[] = [kvRow("properties", [...base, "properties"], ctx)];
    if (r.depends_on.length) body.push(kvRow("depends_on", [...base, "depends_on"], ctx));
    if (r.metadata && Object.keys(r.metadata as object).length) body.push(kvRow("metadata", [...base, "metadata"], ctx));
    if (r.update_policy && Object.keys(r.update_policy as object).length) body.push(kvRow("update_policy", [...base, "update_policy"], ctx));
    const notes = cloudNotes(stack, name);
    if (notes) body.push(notes);
    const nested = stack.nested[name];
    if (nested) body.push(nestedStackElement(nested, names, ctx));
    return body;
  });
  d.className = `resource ${r.enabled ? "enabled" : "removed"}`;
  d.dataset.testid = `resource-${names.join("/")}`;
  return d;
}
