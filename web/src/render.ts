// Result rendering: values as YAML or JSON text with deploy-time placeholders
// marked, and the dependency graph as SVG. Everything user-controlled goes into
// text nodes (textContent), never into HTML.
import type { CanonicalResult, Deferred, Edge } from "hotplate/web";

/** A value Heat only knows at deploy time, shown as ⟨label⟩. */
export class Placeholder {
  constructor(readonly label: string) {}
}

export type Mode = "yaml" | "json";

type Path = (string | number)[];

/** Split `resources.server.properties.networks[0].port` into its steps. */
export function parsePath(path: string): Path {
  const out: Path = [];
  for (const part of path.split(".")) {
    const m = /^([^[]*)((?:\[\d+\])*)$/.exec(part);
    if (!m) {
      out.push(part);
      continue;
    }
    if (m[1]) out.push(m[1]);
    for (const idx of m[2].matchAll(/\[(\d+)\]/g)) out.push(Number(idx[1]));
  }
  return out;
}

/** A copy of `value` (found at `base` in the result) with exact deploy-time values replaced by placeholders. */
export function withPlaceholders(value: unknown, base: Path, deferred: Deferred[]): unknown {
  let out = value;
  for (const d of deferred) {
    if (!d.exact) continue;
    const path = parsePath(d.path);
    if (path.length < base.length || base.some((b, i) => path[i] !== b)) continue;
    out = replaceAt(out, path.slice(base.length), new Placeholder(d.label));
  }
  return out;
}

function replaceAt(v: unknown, path: Path, by: unknown): unknown {
  if (path.length === 0) return by;
  const [head, ...rest] = path;
  if (Array.isArray(v) && typeof head === "number" && head < v.length) {
    const copy = v.slice();
    copy[head] = replaceAt(v[head], rest, by);
    return copy;
  }
  if (v && typeof v === "object" && !Array.isArray(v) && !(v instanceof Placeholder) && typeof head === "string" && head in v) {
    return { ...(v as Record<string, unknown>), [head]: replaceAt((v as Record<string, unknown>)[head], rest, by) };
  }
  return v;
}

type Chunk = string | Placeholder;

const YAML_SPECIAL = /^(y|n|yes|no|on|off|true|false|null|~)$/i;
const YAML_NUMBER_OR_DATE = /^([-+]?(\.?\d|\.inf|\.nan)|\d{4}-\d\d-\d\d)/i;

/** A string as a plain YAML scalar when it reads back as that string, else quoted. */
function yamlString(s: string): string {
  const plain =
    s !== "" && s.trim() === s && !/[\n\t]/.test(s) && !/^[-?:,[\]{}#&*!|>'"%@`<=]/.test(s) &&
    !s.includes(": ") && !s.includes(" #") && !s.endsWith(":") && !YAML_SPECIAL.test(s) && !YAML_NUMBER_OR_DATE.test(s);
  return plain ? s : JSON.stringify(s);
}

function isCollection(v: unknown): boolean {
  return v !== null && typeof v === "object" && !(v instanceof Placeholder) &&
    (Array.isArray(v) ? v.length > 0 : Object.keys(v).length > 0);
}

function scalarChunk(v: unknown, mode: Mode): Chunk {
  if (v instanceof Placeholder) return v;
  if (v === null || v === undefined) return "null";
  if (typeof v === "string") return mode === "yaml" ? yamlString(v) : JSON.stringify(v);
  if (Array.isArray(v)) return "[]";
  if (typeof v === "object") return "{}";
  return String(v);
}

/** Emit `v` in block style; `inline`: the first line continues the current one ("- key: v"). */
function emitYaml(v: unknown, indent: string, out: Chunk[], inline = false): void {
  const lead = (i: number) => {
    if (i > 0 || (!inline && indent)) out.push("\n" + indent);
  };
  if (Array.isArray(v) && v.length > 0) {
    v.forEach((item, i) => {
      lead(i);
      out.push("- ");
      if (isCollection(item)) emitYaml(item, indent + "  ", out, true);
      else emitScalar(item, indent + "  ", out);
    });
    return;
  }
  if (isCollection(v)) {
    Object.entries(v as Record<string, unknown>).forEach(([k, item], i) => {
      lead(i);
      out.push(yamlString(k) + ":");
      if (isCollection(item)) {
        emitYaml(item, Array.isArray(item) ? indent : indent + "  ", out);
      } else {
        out.push(" ");
        emitScalar(item, indent + "  ", out);
      }
    });
    return;
  }
  emitScalar(v, indent, out);
}

/** A scalar; a multi-line string becomes a literal block (`|`), as people write scripts. */
function emitScalar(v: unknown, indent: string, out: Chunk[]): void {
  if (typeof v === "string" && v.includes("\n") && !/[ \t]\n|^\s|\r/.test(v)) {
    const body = v.endsWith("\n") ? v.slice(0, -1) : v;
    out.push(v.endsWith("\n") ? "|" : "|-");
    const ind = indent || "  "; // a block scalar's lines are always indented
    for (const line of body.split("\n")) out.push("\n" + (line ? ind + line : ""));
    return;
  }
  out.push(scalarChunk(v, "yaml"));
}

function emitJson(v: unknown, indent: string, out: Chunk[]): void {
  if (!isCollection(v)) {
    out.push(scalarChunk(v, "json"));
    return;
  }
  const inner = indent + "  ";
  if (Array.isArray(v)) {
    out.push("[");
    v.forEach((item, i) => {
      out.push((i ? "," : "") + "\n" + inner);
      emitJson(item, inner, out);
    });
    out.push("\n" + indent + "]");
    return;
  }
  out.push("{");
  Object.entries(v as Record<string, unknown>).forEach(([k, item], i) => {
    out.push((i ? "," : "") + "\n" + inner + JSON.stringify(k) + ": ");
    emitJson(item, inner, out);
  });
  out.push("\n" + indent + "}");
}

function chunks(v: unknown, mode: Mode): Chunk[] {
  const out: Chunk[] = [];
  if (mode === "yaml") emitYaml(v, "", out);
  else emitJson(v, "", out);
  return out;
}

/** The value as text (placeholders as ⟨label⟩), for copy buttons. */
export function valueText(v: unknown, mode: Mode): string {
  return chunks(v, mode).map((c) => (c instanceof Placeholder ? `⟨${c.label}⟩` : c)).join("");
}

/** The value as a <pre>, placeholders in marked spans. */
export function valueElement(v: unknown, mode: Mode): HTMLElement {
  const pre = document.createElement("pre");
  pre.className = "value";
  let text = "";
  const flush = () => {
    if (text) pre.append(document.createTextNode(text));
    text = "";
  };
  for (const c of chunks(v, mode)) {
    if (c instanceof Placeholder) {
      flush();
      const span = document.createElement("span");
      span.className = "deferred";
      span.title = "Heat only knows this value once the stack is created";
      span.textContent = `⟨${c.label}⟩`;
      pre.append(span);
    } else {
      text += c;
    }
  }
  flush();
  return pre;
}

/**
 * What only a cloud can check about one resource (the result's skipped property
 * constraints and plugin checks, nested stacks' under their parent), as a list
 * of "needs a cloud" notes; null when there is nothing.
 */
export function cloudNotes(result: CanonicalResult, resource: string): HTMLElement | null {
  const inner = (r: string) => (r === resource ? "" : r.startsWith(`${resource}/`) ? `${r.slice(resource.length + 1)}: ` : null);
  const notes: { text: string; title: string }[] = [];
  for (const c of result.skipped_constraints) {
    if (!("resource" in c)) continue;
    const where = inner(c.resource);
    if (where === null) continue;
    notes.push({
      text: `needs a cloud — ${where}property ${c.property}: ${c.constraint}`,
      title: `Heat checks this value with the cloud (${c.constraint}) when the stack is created; it was not checked here.`,
    });
  }
  for (const c of result.skipped_checks) {
    const where = inner(c.resource);
    if (where === null) continue;
    notes.push({
      text: `needs a cloud — ${where}check ${c.check}: asks ${c.service}`,
      title: `Heat's ${c.check} asks ${c.service} at this point: everything before it was checked, what comes after was not.`,
    });
  }
  if (!notes.length) return null;
  const list = document.createElement("ul");
  list.className = "cloud-notes";
  list.dataset.testid = `cloud-notes-${resource}`;
  for (const n of notes) {
    const li = document.createElement("li");
    li.className = "cloud-note";
    li.dataset.testid = "cloud-note";
    li.textContent = n.text;
    li.title = n.title;
    list.append(li);
  }
  return list;
}

const SVG = "http://www.w3.org/2000/svg";

function svg<K extends keyof SVGElementTagNameMap>(tag: K, attrs: Record<string, string | number>): SVGElementTagNameMap[K] {
  const el = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  return el;
}

/** The dependency graph: dependencies above their dependants, one row per depth. */
export function graphElement(names: string[], edges: Edge[]): SVGSVGElement {
  const deps = new Map<string, string[]>(names.map((n) => [n, []]));
  for (const e of edges) deps.get(e.from)?.push(e.to);
  const depth = new Map<string, number>();
  const visiting = new Set<string>();
  const depthOf = (n: string): number => {
    const known = depth.get(n);
    if (known !== undefined) return known;
    if (visiting.has(n)) return 0; // a cycle (Heat reports it); draw it anyway
    visiting.add(n);
    const d = Math.max(-1, ...(deps.get(n) ?? []).filter((m) => deps.has(m)).map(depthOf)) + 1;
    visiting.delete(n);
    depth.set(n, d);
    return d;
  };
  const rows: string[][] = [];
  for (const n of names) (rows[depthOf(n)] ??= []).push(n);
  const W = 180, H = 34, GX = 24, GY = 46, PAD = 12;
  const pos = new Map<string, { x: number; y: number }>();
  rows.forEach((row, r) => row.forEach((n, i) => pos.set(n, { x: PAD + i * (W + GX), y: PAD + r * (H + GY) })));
  const width = PAD * 2 + Math.max(1, ...rows.map((r) => r.length)) * (W + GX) - GX;
  const height = PAD * 2 + Math.max(1, rows.length) * (H + GY) - GY;
  const root = svg("svg", { viewBox: `0 0 ${width} ${height}`, width, height, role: "img" });
  const title = svg("title", {});
  title.textContent = `Dependency graph: ${names.length} resources, ${edges.length} edges`;
  root.append(title);
  const defs = svg("defs", {});
  const marker = svg("marker", { id: "arrow", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse" });
  marker.append(svg("path", { d: "M 0 0 L 10 5 L 0 10 z", class: "arrow" }));
  defs.append(marker);
  root.append(defs);
  for (const e of edges) {
    const a = pos.get(e.from), b = pos.get(e.to);
    if (!a || !b) continue;
    const line = svg("line", { x1: a.x + W / 2, y1: a.y, x2: b.x + W / 2, y2: b.y + H, class: `edge ${e.kind}`, "marker-end": "url(#arrow)" });
    const t = svg("title", {});
    t.textContent = `${e.from} → ${e.to} (${e.kind})`;
    line.append(t);
    root.append(line);
  }
  for (const [n, p] of pos) {
    const g = svg("g", { class: "node", transform: `translate(${p.x},${p.y})` });
    g.append(svg("rect", { width: W, height: H, rx: 6 }));
    const label = svg("text", { x: W / 2, y: H / 2 + 4, "text-anchor": "middle" });
    label.textContent = n.length > 24 ? n.slice(0, 23) + "…" : n;
    const t = svg("title", {});
    t.textContent = n;
    g.append(label, t);
    root.append(g);
  }
  return root;
}
