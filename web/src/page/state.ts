// The page's one state: the workspace and what the page keeps beside it (the
// last result, the values' format, what the user opened in the panes). Every
// part of the page reads and changes this object. Saving it to localStorage.
import type { Answer } from "../answer";
import type { Diagnostic, UpdatePlan } from "hotplate/web";
import { asWorkspace, type NamedText, type Workspace } from "../state";
import type { Mode, Values } from "../values";

const STORAGE_KEY = "hotplate.workspace.v1";
/** Compare mode's current stack (page/compare-ui.ts), beside the workspace. */
const CURRENT_KEY = "hotplate.current.v1";

export interface PageState {
  ws: Workspace;
  /** How values are written (switching re-runs the evaluation). */
  mode: Mode;
  /** The last finished evaluation, the engine's texts of its values, the resources' signatures (the engine's `resourceDigests`), its diagnostics as placed in the page's documents (locate.ts) and, in compare mode, the update plan. */
  last: { response: Answer; values: Values; signatures: Record<string, string>; diagnostics: Diagnostic[]; plan?: UpdatePlan } | null;
  /** Compare mode (compare.ts): the current stack, a snapshot of the workspace; null when not comparing. */
  current: Workspace | null;
  /** The nested stacks and resources the user opened in the resources pane. */
  open: Set<string>;
  /** The panes' own state across evaluations (the resources filter). */
  ui: Record<string, string>;
  /** Environment files and files shown collapsed (a loaded folder can have many). */
  collapsed: WeakSet<NamedText>;
  /** Why a loaded folder's environment file may be wanted (what it maps or sets of the templates; folder.ts). */
  hints: WeakMap<NamedText, string>;
  /** True while a share link's workspace is being shown: its link stays in the address bar. */
  showingLink: boolean;
}

export function pageState(ws: Workspace): PageState {
  return { ws, mode: "yaml", last: null, current: null, open: new Set(), ui: {}, collapsed: new WeakSet(), hints: new WeakMap(), showingLink: false };
}

let saveTimer: ReturnType<typeof setTimeout> | undefined;

/** Save the workspace a little later (once per burst of edits). */
export function saveSoon(ws: Workspace): void {
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(ws));
    } catch {
      // Storage full or disabled: the share link still works.
    }
  }, 300);
}

/** A workspace saved under `key` by the last visit, if any. */
function saved(key: string): Workspace | null {
  try {
    const text = localStorage.getItem(key);
    if (text) return asWorkspace(JSON.parse(text));
  } catch {
    // A broken saved workspace is ignored.
  }
  return null;
}

/** The workspace saved by the last visit, if any. */
export const savedWorkspace = (): Workspace | null => saved(STORAGE_KEY);

export function forgetSaved(): void {
  clearTimeout(saveTimer);
  localStorage.removeItem(STORAGE_KEY);
  localStorage.removeItem(CURRENT_KEY);
}

/** Keep compare mode's current stack for the next visit (null: not comparing). */
export function saveCurrent(current: Workspace | null): void {
  try {
    if (current) localStorage.setItem(CURRENT_KEY, JSON.stringify(current));
    else localStorage.removeItem(CURRENT_KEY);
  } catch {
    // Storage full or disabled: the share link still carries it.
  }
}

/** The current stack saved by the last visit, if it was comparing. */
export const savedCurrent = (): Workspace | null => saved(CURRENT_KEY);
