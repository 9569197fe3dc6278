// The values the result panes show, as the engine writes them. Right after
// evaluating, the worker asks the evaluation for the text of every value the
// panes show, in the page's format, in one call (the package's
// `Evaluation.texts`; which values those are is the core's
// `ResultView::shown_paths`), and sends the texts with the result; the panes
// only place them. JSON data cannot carry what the text keeps (`1.0` vs `1`,
// big integers, key order), so no value is formatted on this side.
// No DOM here: the worker imports it.
import type { PathStep, RenderedValue, ShownTexts } from "hotplate/web";

export type Mode = "yaml" | "json";

/** The texts of one evaluation's values, by `pathKey` of their place in the result. */
export type Values = Record<string, RenderedValue>;

/** The key of a value's place in the result (keys can contain dots: no dotted form). */
export const pathKey = (path: PathStep[]): string => JSON.stringify(path);

/**
 * What one answer of the worker carries of the values: the texts that differ
 * from those of its previous answer (`changed`) and the keys no longer shown
 * (`removed`); `full`: `changed` is all of them (a fresh worker, another format).
 * The engine's session says which changed (the package's `textsSince`): an
 * overcloud edit moves a few of ~9,000 texts, and neither the engine's JSON,
 * its parse nor the clone across threads carries the others again; the
 * runner, which receives every answer, merges them back into a whole `Values`
 * per result.
 */
export interface ValuesDelta {
  full: boolean;
  changed: Values;
  removed: string[];
}

/**
 * The worker's side: the engine's answer `texts` (what changed since the
 * worker's last call) applied to the values of its last answer, `held` (updated
 * in place; a new object when the answer is full), and the delta to send.
 */
export function takeShownTexts(held: Values | null, texts: ShownTexts): { values: Values; delta: ValuesDelta } {
  const full = texts.full || !held;
  const values: Values = full || !held ? {} : held;
  const changed: Values = {};
  for (const { path, text, marks } of texts.changed) {
    const key = pathKey(path);
    values[key] = changed[key] = { text, marks };
  }
  const removed = full ? [] : texts.removed.map(pathKey);
  for (const key of removed) delete values[key];
  return { values, delta: { full, changed, removed } };
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
