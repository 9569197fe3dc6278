// Loading a folder into the page: the "Open folder…" button, drag and drop
// anywhere on the page, and the report of what was loaded (folder-read.ts
// reads, folder.ts decides roles and names).
import { dropped, loadFolder, type Summarize } from "../folder-read";
import { emptyWorkspace, type NamedText, type Workspace } from "../state";
import { showReport, updateReport } from "./report";

export interface FolderHost {
  /** Replace the workspace (`collapsed`: the documents to show collapsed; `hints`: why an environment file may be wanted). */
  load(ws: Workspace, collapsed: NamedText[], hints: [NamedText, string][]): void;
  /** Compare with `ws` as the current stack (a folder opened as the stack as it is). */
  loadCurrent(ws: Workspace): void;
  /** The workspace now: its settings, parameter values and chosen environment files stay. */
  workspace(): Workspace;
  /** Each file's summary, from the engine. */
  summarize: Summarize;
}

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

let loads = 0;

/**
 * Replace the workspace with a picked or dropped folder; `asCurrent`: keep it as
 * the current stack to compare with instead (its environment files on where the
 * workspace's of the same name are).
 */
export async function openFolder(host: FolderHost, source: FileList | FileSystemEntry[] | File[], asCurrent = false): Promise<void> {
  const mine = ++loads;
  showReport(["Reading the folder…"], "busy");
  const result = await loadFolder(
    source,
    (read, total) => {
      if (mine === loads) updateReport(`Reading the folder… ${read} of ${total} files`);
    },
    host.summarize,
  );
  if (mine !== loads) return;
  if (!result.ok) {
    showReport([`Nothing was loaded: ${result.message}`], "bad");
    return;
  }
  const f = result.workspace;
  const next = emptyWorkspace();
  next.templateName = f.templateName;
  next.template = f.template;
  next.envFiles = f.envFiles;
  next.files = f.files;
  // The cloud's Heat settings and the stack's name and ids stay (they are not the
  // template's); the mocked attributes and reference ids name the old template's resources.
  const now = host.workspace();
  next.settings = { ...now.settings, attributes: next.settings.attributes, referenceIds: next.settings.referenceIds };
  // The parameter values typed stay too: a second folder (another version of the stack) takes them.
  next.params = { ...now.params };
  if (asCurrent) {
    const on = new Set(now.envFiles.filter((e) => !e.off).map((e) => e.name));
    next.envFiles = f.envFiles.filter((e) => on.has(e.name)).map((e) => ({ name: e.name, text: e.text }));
    host.loadCurrent(next);
    const used = next.envFiles.length ? `, with the environment files chosen here (${next.envFiles.map((e) => e.name).join(", ")})` : "";
    showReport([`Comparing with ${result.folder ? `the folder ${result.folder}` : "the dropped files"} as the current stack: the template ${f.templateName}${used}.`], "ok");
    return;
  }
  // Many files: each starts collapsed (its problem count still shows); so do the
  // environment files, which are off until chosen.
  const hints = f.envFiles.filter((e) => f.envHints[e.name]).map((e): [NamedText, string] => [e, f.envHints[e.name]]);
  host.load(next, [...(f.files.length > 3 ? f.files : []), ...(f.envFiles.length > 3 ? f.envFiles : [])], hints);
  const n = f.envFiles.length;
  const envs = n
    ? ` ${n} environment file${n > 1 ? "s are" : " is"} off until you choose ${n > 1 ? "them" : "it"}${hints.length ? ` (${hints.length} concern${hints.length > 1 ? "" : "s"} this template: see their hints)` : ""}.`
    : "";
  const files = `${f.files.length} file${f.files.length === 1 ? "" : "s"}`;
  showReport([`Loaded ${result.folder ? `the folder ${result.folder}` : "the dropped files"}: the template ${f.templateName} and ${files}.${envs}`, ...f.notes], "ok");
}

export function setUpFolderLoading(host: FolderHost): void {
  const input = $<HTMLInputElement>("folder-input");
  $("open-folder").addEventListener("click", () => input.click());
  input.addEventListener("change", () => {
    if (input.files?.length) void openFolder(host, Array.from(input.files));
    input.value = "";
  });
  // Drag and drop anywhere on the page: the zone covers the page while files are dragged over it.
  const zone = $("drop-zone");
  let depth = 0;
  const carriesFiles = (e: DragEvent) => e.dataTransfer?.types.includes("Files") ?? false;
  window.addEventListener("dragenter", (e) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    depth++;
    zone.hidden = false;
  });
  window.addEventListener("dragleave", (e) => {
    if (!carriesFiles(e)) return;
    if (--depth <= 0) {
      depth = 0;
      zone.hidden = true;
    }
  });
  window.addEventListener("dragover", (e) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    e.dataTransfer!.dropEffect = "copy";
  });
  window.addEventListener(
    "drop",
    (e) => {
      if (!carriesFiles(e)) return;
      // Ours, not an editor's (CodeMirror would insert a dropped file's text).
      e.preventDefault();
      e.stopPropagation();
      depth = 0;
      zone.hidden = true;
      void openFolder(host, dropped(e.dataTransfer!));
    },
    { capture: true },
  );
}
