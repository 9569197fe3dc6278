// The page's one state: the workspace and what the page keeps beside it (the
// last result, the values' format, what the user opened in the panes). Every
// part of the page reads and changes this object. Saving it to localStorage.
import type { Diagnostic, EvaluateResponse } from "hotplate/web";
import { asWorkspace, type NamedText, type Workspace } from "../state";
import type { Mode, Values } from "../values";

const STORAGE_KEY = "hotplate.workspace.v1";

export interface PageState {
  ws: Workspace;
  /** How values are written (switching re-runs the evaluation). */
  mode: Mode;
  /** The last finished evaluation, the engine's texts of its values, the resources' signatures (values.ts) and its diagnostics as placed in the page's documents (locate.ts). */
  last: { response: EvaluateResponse; values: Values; signatures: Record<string, string>; diagnostics: Diagnostic[] } | null;
  /** The nested stacks and resources the user opened in the resources pane. */
  open: Set<string>;
  /** The panes' own state across evaluations (the resources filter). */
  ui: Record<string, string>;
  /** Environment files and files shown collapsed (a loaded folder can have many). */
  collapsed: WeakSet<NamedText>;
  /** True while a share link's workspace is being shown: its link stays in the address bar. */
  showingLink: boolean;
}

export function pageState(ws: Workspace): PageState {
  return { ws, mode: "yaml", last: null, open: new Set(), ui: {}, collapsed: new WeakSet(), showingLink: false };
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

/** The workspace saved by the last visit, if any. */
export function savedWorkspace(): Workspace | null {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved) return asWorkspace(JSON.parse(saved));
  } catch {
    // A broken saved workspace is ignored.
  }
  return null;
}

export function forgetSaved(): void {
  clearTimeout(saveTimer);
  localStorage.removeItem(STORAGE_KEY);
}
