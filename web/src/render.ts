// Result values on the page: the engine's text of a value (values.ts) in a
// <pre>, its deploy-time placeholders in marked spans placed by the ranges the
// engine gives (a mark can be any part of the text), and the notes on what only
// a cloud can check. Everything user-controlled goes into text nodes.
import type { CanonicalResult, PathStep, RenderedValue } from "hotplate/web";
import { pathKey, type Values } from "./values";

/**
 * The value at `path` in the result as a <pre> (`data-path`: that path): the
 * engine's text as it is, each mark's range in a span.
 */
export function valueElement(values: Values, path: PathStep[]): HTMLElement {
  const pre = renderedElement(values[pathKey(path)]);
  pre.dataset.path = pathKey(path);
  return pre;
}

/** A text the engine wrote (a value, a plan's before or after) as a <pre>, each mark's range in a span. */
export function renderedElement(v: RenderedValue | undefined): HTMLElement {
  const pre = document.createElement("pre");
  pre.className = "value";
  if (!v) return pre;
  let at = 0;
  for (const m of v.marks) {
    if (m.from < at || m.to < m.from || m.to > v.text.length) continue; // never re-order or cut the text
    // A string literal that is only the placeholder (JSON writes `"⟨…⟩"`): the
    // quotes are part of the mark, so the unknown does not read as a string.
    const whole = m.from - 1 >= at && v.text[m.from - 1] === '"' && v.text[m.from - 2] !== "\\" && v.text[m.to] === '"';
    const [from, to] = whole ? [m.from - 1, m.to + 1] : [m.from, m.to];
    if (from > at) pre.append(document.createTextNode(v.text.slice(at, from)));
    const span = document.createElement("span");
    span.className = whole ? "deferred whole" : "deferred";
    span.title = `Heat only knows this value once the stack is created (${m.label})`;
    span.textContent = v.text.slice(from, to);
    pre.append(span);
    at = to;
  }
  if (at < v.text.length) pre.append(document.createTextNode(v.text.slice(at)));
  return pre;
}

/** OpenStack's names for the services Heat's clients talk to. */
const SERVICES: Record<string, string> = {
  nova: "Compute", glance: "Image", neutron: "Networking", cinder: "Block Storage", keystone: "Identity", swift: "Object Storage",
  heat: "Orchestration", octavia: "Load Balancer", designate: "DNS", manila: "Shared File Systems", sahara: "Data Processing",
  trove: "Database", zaqar: "Messaging", mistral: "Workflow", magnum: "Container Infrastructure", barbican: "Key Manager",
  aodh: "Alarming", senlin: "Clustering", ironic: "Bare Metal", blazar: "Reservation", zun: "Containers", monasca: "Monitoring",
};

/** What a plugin check that stopped at a service (`Server.validate`, `glance`) left unchecked, in a user's words. */
function unchecked(check: string, service: string): string {
  const who = SERVICES[service] ? `the ${SERVICES[service]} service (${service})` : `the ${service} service`;
  if (check.endsWith(".validate_external")) return `the existing resource it adopts (external_id) is looked up in ${who}`;
  if (check.endsWith(".child_template")) return `its nested stack is built from what ${who} says`;
  return `the rest of Heat's checks of its properties ask ${who}`;
}

/**
 * What only a cloud can check about one resource (the result's skipped property
 * constraints and plugin checks, nested stacks' under their parent), as a list
 * of "needs a cloud" notes; null when there is nothing.
 */
export function cloudNotes(result: CanonicalResult, resource: string): HTMLElement | null {
  // A nested stack's resource, by its path below `resource` (a group's member by its index).
  const inner = (r: string) => {
    if (r === resource) return "";
    if (!r.startsWith(`${resource}/`)) return null;
    const path = r.slice(resource.length + 1);
    return /^\d+$/.test(path) ? `in member ${path}: ` : `in ${path.replace(/^(\d+)\//, "member $1, ")}: `;
  };
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
      text: `needs a cloud — ${where}${unchecked(c.check, c.service)}: not checked here`,
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
