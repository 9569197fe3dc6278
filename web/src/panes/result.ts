// Heat's canonical result, as the engine wrote it (compared byte for byte with
// Heat's in the tests). What Heat writes there for a value it only knows once
// the stack exists (a reference id as the resource's name, null for an
// attribute) reads like a real value: those are marked, as in the other panes.
import type { Deferred } from "hotplate/web";
import { jsonRanges } from "../json-ranges";
import { el, type Pane } from "./context";

/** What each result <pre> shows (text, and marks as JSON), to touch it only when that changed. */
const drawn = new WeakMap<HTMLElement, { text: string; marks: string }>();

function fill(pre: HTMLElement, text: string, deferred: Deferred[]): void {
  const byPath = new Map<string, Deferred[]>();
  for (const d of deferred) {
    const k = JSON.stringify(d.steps);
    byPath.set(k, [...(byPath.get(k) ?? []), d]);
  }
  const ranges = [...jsonRanges(text, deferred.map((d) => d.steps))].sort(([, a], [, b]) => a[0] - b[0]);
  const nodes: Node[] = [];
  let at = 0;
  for (const [k, [from, to]] of ranges) {
    if (from < at) continue; // a value inside one already marked
    nodes.push(document.createTextNode(text.slice(at, from)));
    const labels = byPath.get(k)!;
    const span = el("span", { className: "deferred", textContent: text.slice(from, to) });
    const exact = labels.some((d) => d.exact);
    span.title = exact
      ? `Heat writes this before the stack is created; the real value is only known then (${labels.map((d) => d.label).join(", ")})`
      : `Built from values Heat only knows once the stack is created (${labels.map((d) => d.label).join(", ")})`;
    nodes.push(span);
    at = to;
  }
  nodes.push(document.createTextNode(text.slice(at)));
  pre.replaceChildren(...nodes);
}

export const resultPane: Pane = {
  title: "Heat's canonical result",
  testId: "result-json",
  folded: true,
  render({ response: r }, previous) {
    const pre = previous?.tagName === "PRE" ? previous : el("pre", { className: "value" });
    const text = r?.resultJson ?? "";
    const deferred = r?.deferred ?? [];
    const marks = JSON.stringify(deferred);
    // A long text is laid out again when it is set: only when it changed (compared apart: no 5 MB key built).
    const was = drawn.get(pre);
    if (was && was.marks === marks && was.text === text) return pre;
    drawn.set(pre, { text, marks });
    if (deferred.length) fill(pre, text, deferred);
    else pre.textContent = text;
    return pre;
  },
};
