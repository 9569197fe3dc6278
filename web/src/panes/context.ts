// What every result pane gets: the evaluation, how values are shown, and the
// host's hooks (the page has many editors, an embed one). See index.ts.
import type { Answer } from "../answer";
import type { Diagnostic, PathStep, RenderedValue, UpdatePlan } from "hotplate/web";
import { pathKey, type Mode, type Values } from "../values";

export interface PaneContext {
  /** The last finished evaluation (null before the first, e.g. when it was stopped). */
  response: Answer | null;
  /** The engine's text of each value of `response` the panes show, in `mode` (values.ts). */
  values: Values;
  /** Per top-level resource, a signature of what the resources pane shows of it (the engine's `resourceDigests`). */
  signatures: Record<string, string>;
  mode: Mode;
  /** The nested stacks and resources the user opened (kept across evaluations). */
  open: Set<string>;
  /** Small pane state the host keeps across evaluations (a filter's text). */
  ui: Record<string, string>;
  /** The diagnostics as the host places them (see locate.ts). */
  diagnostics: Diagnostic[];
  /** File names in the order the problems list follows (template, environment files, files). */
  fileOrder: string[];
  /** A message above the problems: why there is no new result (an error), or that one is on its way (busy). */
  notice?: { text: string; kind: "error" | "busy" };
  /** Compare mode (compare.ts): the update plan from the current stack to this input; null while there is none
   *  (the input could not be evaluated); absent when the host is not comparing. */
  plan?: UpdatePlan | null;
  /** Whether a diagnostic's file is in an editor of the host, and how to go there. */
  canJump: (d: Diagnostic) => boolean;
  jump: (d: Diagnostic) => void;
}

/** One result pane. Its id is its key in the registry (index.ts). */
export interface Pane {
  /** The pane's heading on the page and in an embed. */
  title: string;
  /** The box's `data-testid` (default: `result-<id>`). */
  testId?: string;
  /** Shown folded on the page (a <details> the user opens). */
  folded?: boolean;
  /**
   * The pane's content (the host owns the box around it). `previous`: what it
   * returned last time, still in the box; a pane may update it in place and
   * return it (only what changed is touched), or return a new element.
   */
  render(ctx: PaneContext, previous?: HTMLElement | null): HTMLElement;
  /** Where in the result the value its Copy button copies is (the host asks the engine for its text); null: nothing to copy. */
  copy?(ctx: PaneContext): PathStep[] | null;
}

export const el = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]) => {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
};

/**
 * Make `box`'s children exactly `wanted`, touching only the positions that
 * differ: a node already in place is neither moved nor re-inserted, so the
 * browser neither lays it out again nor re-shapes its text.
 */
export function placeChildren(box: HTMLElement, wanted: Node[]): void {
  wanted.forEach((node, i) => {
    if (box.childNodes[i] !== node) box.insertBefore(node, box.childNodes[i] ?? null);
  });
  while (box.childNodes.length > wanted.length) box.lastChild!.remove();
}

/**
 * `fresh`'s children into `previous` (when it is the same kind of box), each
 * kept as the element already shown when it is equal (`isEqualNode`: same
 * tags, attributes and text), and `previous` returned; otherwise `fresh`.
 * Only for content without listeners: a kept element keeps its old ones.
 */
export function keepEqual(previous: HTMLElement | null | undefined, fresh: HTMLElement): HTMLElement {
  if (!previous || previous.tagName !== fresh.tagName || previous.className !== fresh.className) return fresh;
  const old = previous.children;
  placeChildren(previous, Array.from(fresh.children, (c, i) => (old[i]?.isEqualNode(c) ? old[i] : c)));
  return previous;
}

/** What a pane's element was last drawn from: the values and the rest the pane read, as a key. */
const drawnFrom = new WeakMap<HTMLElement, { values: Values; key: string }>();

/**
 * `previous` when it was drawn from these `values` (the same object: the runner
 * keeps it when no text changed) and the same `key` (everything else the pane
 * reads, as a string): a keystroke that changes nothing a pane shows does not
 * build its elements to compare them. Else null.
 */
export function unchanged(previous: HTMLElement | null | undefined, values: Values, key: string): HTMLElement | null {
  const from = previous ? drawnFrom.get(previous) : undefined;
  return from && from.values === values && from.key === key ? previous! : null;
}

/** `box`, noted as drawn from `values` and `key` (see `unchanged`). */
export function drawn(box: HTMLElement, values: Values, key: string): HTMLElement {
  drawnFrom.set(box, { values, key });
  return box;
}

/** The engine's text of the value at `path` in the result (undefined: not written). */
export const shown = (ctx: Pick<PaneContext, "values">, path: PathStep[]): RenderedValue | undefined => ctx.values[pathKey(path)];

/**
 * What an empty pane says: nothing declared, or nothing evaluated because Heat
 * refused the stack before anything could be made (a display evaluation past
 * Heat's first error always has the stack's parameters).
 */
export function emptyText(r: Answer, what: string): string {
  const nothing = r.result.error && Object.keys(r.shown.parameters).length === 0;
  return nothing ? `Heat refused this stack, so its ${what} were not evaluated.` : `No ${what}.`;
}
