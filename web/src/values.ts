// The values the result panes show, as the engine writes them. Right after
// evaluating, the worker asks the evaluation for the text of every value the
// panes show, in the page's format, in one call (the package's
// `Evaluation.texts`; which values those are is the core's
// `ResultView::shown_paths`), and sends the texts with the result; the panes
// only place them. JSON data cannot carry what the text keeps (`1.0` vs `1`,
// big integers, key order), so no value is formatted on this side.
// No DOM here: the worker imports it.
import type { CanonicalResult, PathStep, RenderedValue } from "hotplate/web";

export type Mode = "yaml" | "json";

/** The texts of one evaluation's values, by `pathKey` of their place in the result. */
export type Values = Record<string, RenderedValue>;

/** The key of a value's place in the result (keys can contain dots: no dotted form). */
export const pathKey = (path: PathStep[]): string => JSON.stringify(path);

/**
 * What one answer of the worker carries of the values: the texts that differ
 * from those of its previous answer (`changed`) and the keys no longer shown
 * (`removed`); `full`: `changed` is all of them (a fresh worker, another format).
 * Unchanged texts are not cloned across threads again (500 resources: ~1 500
 * values, ~5 ms of structured clone per result); the runner, which receives
 * every answer, merges them back into a whole `Values` per result.
 */
export interface ValuesDelta {
  full: boolean;
  changed: Values;
  removed: string[];
}

const sameValue = (a: RenderedValue, b: RenderedValue): boolean =>
  a.text === b.text && a.marks.length === b.marks.length && (a.marks.length === 0 || JSON.stringify(a.marks) === JSON.stringify(b.marks));

/** The worker's side: `next` as a delta from `previous` (null: send everything). */
export function valuesDelta(previous: Values | null, next: Values): ValuesDelta {
  if (!previous) return { full: true, changed: next, removed: [] };
  const changed: Values = {};
  for (const [key, v] of Object.entries(next)) {
    const old = previous[key];
    if (!old || !sameValue(old, v)) changed[key] = v;
  }
  const removed = Object.keys(previous).filter((key) => !(key in next));
  return { full: false, changed, removed };
}

/** The runner's side: the whole values of an answer, from the last answer's and its delta (a new object). */
export function applyValuesDelta(previous: Values, delta: ValuesDelta): Values {
  if (delta.full) return delta.changed;
  // Nothing changed: the same object (a `Values` is never modified once made).
  if (delta.removed.length === 0 && Object.keys(delta.changed).length === 0) return previous;
  const out: Values = { ...previous, ...delta.changed };
  for (const key of delta.removed) delete out[key];
  return out;
}

/** A 53-bit hash of a string (cyrb53), as text. */
function hash(text: string): string {
  let h1 = 0xdeadbeef, h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/**
 * A signature of everything the resources pane shows of each top-level
 * resource (its result, its nested stack, the texts of their values, what
 * needs a cloud), computed in the worker: the pane keeps the element of a
 * resource whose signature did not change, so a keystroke in a big stack
 * rebuilds only what changed (and what the user opened stays built).
 */
export function resourceSignatures(result: CanonicalResult, values: Values, format: Mode): Record<string, string> {
  const textsOf = new Map<string, unknown[]>();
  for (const [key, v] of Object.entries(values)) {
    if (!key.startsWith('["resources",') && !key.startsWith('["nested",')) continue;
    const name = (JSON.parse(key) as PathStep[])[1];
    if (typeof name !== "string") continue;
    const list = textsOf.get(name) ?? [];
    list.push(key, v);
    textsOf.set(name, list);
  }
  const out: Record<string, string> = {};
  for (const [name, r] of Object.entries(result.resources)) {
    const under = (c: { resource: string }) => c.resource === name || c.resource.startsWith(`${name}/`);
    out[name] = hash(JSON.stringify([format, r, result.nested[name] ?? null, textsOf.get(name) ?? [],
      result.skipped_constraints.filter((c) => "resource" in c && under(c)), result.skipped_checks.filter(under)]));
  }
  return out;
}
