// The playground page: wires the workspace (state.ts), the editors, the worker
// runner and the result panes together.
import type { EditorView } from "@codemirror/view";
import type { Diagnostic, EvaluateRequest, EvaluateResponse, ParameterInfo } from "hotplate/web";
import { createEditor, setText, showDiagnostics, type IdeHooks } from "./editors";
import { IdeClient } from "./ide";
import { dropped, loadFolder } from "./folder-read";
import { GraphView } from "./graph";
import type { Mode, Values } from "./values";
import { placeUnlocated, relocate } from "./locate";
import { PANE_REGISTRY, sourceText, verdict, type PaneContext } from "./panes";
import { Runner } from "./runner";
import { decodeWorkspace, encodeWorkspace } from "./share";
import { asWorkspace, emptyWorkspace, fromRequest, SettingsError, toRequest, type NamedText, type Workspace } from "./state";

const STORAGE_KEY = "hotplate.workspace.v1";

interface Example {
  id: string;
  title: string;
  request: EvaluateRequest;
}

const exampleModules = import.meta.glob<EvaluateRequest & { "x-title"?: string }>("../examples/*.json", { eager: true, import: "default" });
const examples: Example[] = Object.entries(exampleModules)
  .filter(([path]) => !path.endsWith(".expected.json"))
  .map(([path, request]) => ({ id: path.replace(/^.*\/|\.json$/g, ""), title: request["x-title"] ?? path, request }))
  .sort((a, b) => a.id.localeCompare(b.id));

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;
/** Set an element's text unless it already has it: unchanged text is not laid out again. */
const showText = (e: HTMLElement, text: string) => {
  if (e.textContent !== text) e.textContent = text;
};

let ws: Workspace = fromRequest(examples[0]?.request ?? { stack_name: "demo", template: "heat_template_version: 2021-04-16\n" });
let mode: Mode = "yaml";
let last: EvaluateResponse | null = null;
/** The engine's text of `last`'s values and the resources' signatures (values.ts). */
let lastValues: Values = {};
let lastSignatures: Record<string, string> = {};
const runner = new Runner();
let graph: GraphView;
let templateView: EditorView;
let envViews: EditorView[] = [];
let fileViews: EditorView[] = [];
/** Environment files and files shown collapsed (a loaded folder can have many). */
let collapsed = new WeakSet<NamedText>();
/** Per editor of the lists: its problem count badge and how to show it when collapsed. */
const docUi = new Map<EditorView, { badge: HTMLElement; expand: () => void }>();
/** The nested stacks and resources the user opened in the resources pane. */
const openNested = new Set<string>();
/** The panes' own state across evaluations (the resources filter). */
const paneUi: Record<string, string> = {};
/**
 * An evaluation is due at the end of the current task. No timer: the edits of
 * one task (a keystroke, a loaded workspace) are one evaluation, and typing
 * faster than the engine is coalesced by the runner (while one evaluation runs
 * only the latest request waits, and a result an edit has already superseded
 * is not drawn). A timer would only add its delay, and it fires after the
 * keystroke's own frame, while the worker sits idle.
 */
let due = false;
let saveTimer: ReturnType<typeof setTimeout> | undefined;
let generation = 0;

// ---------------------------------------------------------------- inputs

/** True while a share link's workspace is being shown: its link stays in the address bar. */
let showingLink = false;

function changed(): void {
  // The address bar must not keep offering a share link that no longer matches.
  if (!showingLink && location.hash.length > 1) history.replaceState(null, "", location.pathname + location.search);
  if (!due) {
    due = true;
    queueMicrotask(() => {
      if (due) void evaluateNow();
    });
  }
  clearTimeout(saveTimer);
  saveTimer = setTimeout(() => {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(ws));
    } catch {
      // Storage full or disabled: the share link still works.
    }
  }, 300);
}

function docList(
  list: HTMLElement,
  docs: NamedText[],
  kind: "env" | "file",
  views: EditorView[],
): EditorView[] {
  for (const v of views) {
    docUi.delete(v);
    v.destroy();
  }
  list.replaceChildren();
  const out: EditorView[] = [];
  docs.forEach((doc, i) => {
    const li = document.createElement("li");
    li.className = "doc";
    const head = document.createElement("div");
    head.className = "doc-head";
    const box = document.createElement("div");
    box.className = "editor small";
    box.id = `${kind}-editor-${i}`;
    const toggle = document.createElement("button");
    toggle.type = "button";
    toggle.className = "toggle";
    toggle.dataset.testid = `${kind}-toggle-${i}`;
    toggle.setAttribute("aria-controls", box.id);
    const setOpen = (open: boolean) => {
      box.hidden = !open;
      toggle.textContent = open ? "▾" : "▸";
      toggle.setAttribute("aria-expanded", String(open));
      toggle.setAttribute("aria-label", `${open ? "Hide" : "Show"} ${doc.name}`);
      if (open) collapsed.delete(doc);
      else collapsed.add(doc);
    };
    toggle.addEventListener("click", () => {
      setOpen(box.hidden);
      if (!box.hidden) view.requestMeasure();
    });
    setOpen(!collapsed.has(doc));
    const name = document.createElement("input");
    name.value = doc.name;
    name.setAttribute("aria-label", `${kind === "env" ? "Environment file" : "File"} ${i + 1} name`);
    name.dataset.testid = `${kind}-name-${i}`;
    name.addEventListener("change", () => {
      document.querySelector("[data-testid=name-error]")?.remove();
      const wanted = name.value.trim();
      // Names are keys of the request's `files`: a second file of the same name would
      // replace the first (and an environment file would be merged twice).
      if (wanted !== doc.name && (wanted === ws.templateName || [...ws.envFiles, ...ws.files].some((d) => d !== doc && d.name === wanted))) {
        const note = document.createElement("p");
        note.className = "name-error";
        note.dataset.testid = "name-error";
        note.setAttribute("role", "alert");
        note.textContent = `${wanted} is already the name of another file: each file needs its own name. Kept ${doc.name}.`;
        head.after(note);
        name.value = doc.name;
        return;
      }
      doc.name = wanted || doc.name;
      name.value = doc.name;
      setOpen(!box.hidden); // its label names the file
      changed();
    });
    const badge = document.createElement("span");
    badge.className = "problems";
    badge.dataset.testid = `${kind}-problems-${i}`;
    badge.hidden = true;
    head.append(toggle, name, badge);
    const button = (label: string, title: string, action: () => void, disabled = false) => {
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = label;
      b.title = title;
      b.setAttribute("aria-label", `${title} (${doc.name})`);
      b.disabled = disabled;
      b.addEventListener("click", () => {
        action();
        renderInputs();
        changed();
      });
      head.append(b);
    };
    if (kind === "env") {
      button("↑", "Move up", () => docs.splice(i - 1, 0, ...docs.splice(i, 1)), i === 0);
      button("↓", "Move down", () => docs.splice(i + 1, 0, ...docs.splice(i, 1)), i === docs.length - 1);
    }
    button("✕", "Remove", () => docs.splice(i, 1));
    li.append(head, box);
    list.append(li);
    const view = createEditor(box, {
      doc: doc.text,
      label: `${kind === "env" ? "Environment file" : "File"} ${doc.name}`,
      testId: `editor-${kind}-${i}`,
      onChange: (text) => {
        doc.text = text;
        changed();
      },
      onRunNow: evaluateNow,
      ide: ideHooks(() => doc.name),
    });
    docUi.set(view, {
      badge,
      expand: () => {
        if (!box.hidden) return;
        setOpen(true);
        view.requestMeasure();
      },
    });
    out.push(view);
  });
  return out;
}

function renderInputs(): void {
  envViews = docList($("env-list"), ws.envFiles, "env", envViews);
  fileViews = docList($("file-list"), ws.files, "file", fileViews);
  $("template-name").textContent = ws.templateName;
  const s = ws.settings;
  $<HTMLInputElement>("stack-name").value = s.stackName;
  $<HTMLInputElement>("stack-id").value = s.stackId;
  $<HTMLInputElement>("project-id").value = s.projectId;
  $<HTMLTextAreaElement>("attributes").value = s.attributes;
  $<HTMLTextAreaElement>("reference-ids").value = s.referenceIds;
  renderParams(knownParams, true);
}

function uniqueName(base: string, taken: NamedText[]): string {
  const names = new Set([...ws.envFiles, ...ws.files].map((d) => d.name));
  let n = taken.length + 1;
  while (names.has(`${base}${n}.yaml`)) n++;
  return `${base}${n}.yaml`;
}

let paramsKey = "";
/** The template's parameters as last read: kept while the template cannot be read (a YAML error). */
let knownParams: ParameterInfo[] = [];
let paramsUnread = false;
/** The form's "where the value came from" element of each parameter, by name. */
let paramSources = new Map<string, HTMLElement>();

/** The parameters form, from the template's parameters (rebuilt when they change). */
function renderParams(infos: ParameterInfo[], force = false): void {
  const declaredNames = new Set(infos.map((p) => p.name));
  const stale = Object.keys(ws.params).filter((n) => !declaredNames.has(n));
  const key = JSON.stringify([infos.map((p) => [p.name, p.type, p.hidden, p.label, p.description, p.default, p.constraints]), stale, paramsUnread]);
  const box = $("params");
  if (key === paramsKey && !force) {
    // Only the sources changed.
    for (const p of infos) {
      const src = paramSources.get(p.name);
      if (src) showText(src, sourceText(p));
    }
    return;
  }
  paramsKey = key;
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement.dataset.testid : undefined;
  box.replaceChildren();
  paramSources = new Map();
  if (paramsUnread) {
    const p = document.createElement("p");
    p.className = "hint";
    p.dataset.testid = "params-unread";
    p.textContent = "The template cannot be read: its parameters as last read.";
    box.append(p);
  } else if (infos.length === 0) {
    const p = document.createElement("p");
    p.className = "hint";
    p.textContent = "The template declares no parameters.";
    box.append(p);
  }
  for (const p of infos) {
    const row = document.createElement("label");
    row.className = "param";
    const title = document.createElement("span");
    title.className = "param-name";
    title.textContent = p.label && p.label !== p.name ? `${p.label} (${p.name})` : p.name;
    const type = document.createElement("span");
    type.className = "param-type";
    type.textContent = p.type;
    let input: HTMLInputElement | HTMLSelectElement;
    const current = ws.params[p.name];
    const shown = current === undefined ? "" : typeof current === "string" ? current : JSON.stringify(current);
    if (p.type === "boolean") {
      const select = document.createElement("select");
      for (const v of ["", "true", "false"]) {
        const o = document.createElement("option");
        o.value = v;
        o.textContent = v === "" ? `(default${p.default === null ? "" : `: ${String(p.default)}`})` : v;
        select.append(o);
      }
      select.value = ["true", "false"].includes(shown) ? shown : "";
      input = select;
    } else {
      const text = document.createElement("input");
      text.type = p.hidden ? "password" : "text";
      text.autocomplete = "off";
      text.spellcheck = false;
      text.value = shown;
      text.placeholder = p.default === null ? "(no default)" : `default: ${typeof p.default === "string" ? p.default : JSON.stringify(p.default)}`;
      input = text;
    }
    input.dataset.testid = `param-${p.name}`;
    input.addEventListener("input", () => {
      if (input.value === "") delete ws.params[p.name];
      else ws.params[p.name] = input.value;
      changed();
    });
    const src = document.createElement("span");
    src.className = "param-source";
    src.dataset.source = p.name;
    src.textContent = sourceText(p);
    paramSources.set(p.name, src);
    row.append(title, type, input, src);
    const notes = [p.description, ...p.constraints.map((c) => `Constraint: ${c}`)].filter(Boolean);
    for (const note of notes) {
      const d = document.createElement("span");
      d.className = "hint param-desc";
      d.textContent = note;
      row.append(d);
    }
    box.append(row);
  }
  // Explicit values for names the template does not declare (after editing it):
  // Heat refuses them, so they are shown with a way to drop them.
  for (const name of stale) {
    const row = document.createElement("div");
    row.className = "param stale";
    const title = document.createElement("span");
    title.className = "param-name";
    title.textContent = name;
    const note = document.createElement("span");
    note.className = "hint";
    note.textContent = "not declared by the template: Heat refuses it";
    const drop = document.createElement("button");
    drop.type = "button";
    drop.textContent = "Remove";
    drop.dataset.testid = `param-remove-${name}`;
    drop.addEventListener("click", () => {
      delete ws.params[name];
      renderParams(knownParams, true);
      changed();
    });
    row.append(title, note, drop);
    box.append(row);
  }
  if (focused) box.querySelector<HTMLElement>(`[data-testid="${CSS.escape(focused)}"]`)?.focus();
}

/** Show `next`; `fromLink`: it came from the address bar's share link, which stays there. */
function loadWorkspace(next: Workspace, fromLink = false): void {
  ws = next;
  showingLink = fromLink;
  openNested.clear();
  delete paneUi.resourceFilter;
  knownParams = [];
  paramsUnread = false;
  setText(templateView, ws.template);
  paramsKey = "";
  renderInputs();
  changed();
  showingLink = false;
}

// ---------------------------------------------------------------- loading a folder

let loads = 0;

/** The report above the inputs: what a folder load did (or why it did not). */
function showReport(lines: string[], kind: "busy" | "ok" | "bad", action?: { label: string; testId: string; run: () => void }): void {
  const box = $("load-report");
  box.hidden = false;
  box.className = `load-report ${kind}`;
  const close = document.createElement("button");
  close.type = "button";
  close.className = "close";
  close.textContent = "✕";
  close.setAttribute("aria-label", "Dismiss this report");
  close.addEventListener("click", () => (box.hidden = true));
  box.replaceChildren(close, ...lines.map((line) => Object.assign(document.createElement("p"), { textContent: line })));
  if (action) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "report-action";
    b.textContent = action.label;
    b.dataset.testid = action.testId;
    b.addEventListener("click", () => {
      box.hidden = true;
      action.run();
    });
    box.append(b);
  }
}

/** Replace the workspace with a picked or dropped folder. */
async function openFolder(source: FileList | FileSystemEntry[] | File[]): Promise<void> {
  const mine = ++loads;
  showReport(["Reading the folder…"], "busy");
  const result = await loadFolder(source, (read, total) => {
    if (mine === loads) $("load-report").querySelector("p")!.textContent = `Reading the folder… ${read} of ${total} files`;
  });
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
  // Many files: each starts collapsed (its problem count still shows).
  collapsed = new WeakSet(f.files.length > 3 ? f.files : []);
  $<HTMLSelectElement>("examples").value = "";
  loadWorkspace(next);
  const envs = f.envFiles.length
    ? `${f.envFiles.length} environment file${f.envFiles.length > 1 ? "s" : ""} (${f.envFiles.map((e) => e.name).join(", ")}, merged in this order)`
    : "no environment file";
  const files = `${f.files.length} file${f.files.length === 1 ? "" : "s"}`;
  showReport([`Loaded ${result.folder ? `the folder ${result.folder}` : "the dropped files"}: the template ${f.templateName}, ${envs}, ${files}.`, ...f.notes], "ok");
}

function setUpFolderLoading(): void {
  const input = $<HTMLInputElement>("folder-input");
  $("open-folder").addEventListener("click", () => input.click());
  input.addEventListener("change", () => {
    if (input.files?.length) void openFolder(Array.from(input.files));
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
      void openFolder(dropped(e.dataTransfer!));
    },
    { capture: true },
  );
}

// ---------------------------------------------------------------- evaluation

let runs = 0;

/** Results on screen that are not of the current input (its evaluation was stopped or could not start). */
function markStale(stale: boolean): void {
  $("stale-note").hidden = !stale;
  if (stale) $("results").dataset.stale = "true";
  else delete $("results").dataset.stale;
}

function setStatus(text: string, ms?: number): void {
  const s = $("status");
  showText(s, text);
  s.dataset.evalMs = ms === undefined ? "" : ms.toFixed(2);
  s.dataset.run = String(++runs);
  s.className = text === "ok" ? "ok" : text.startsWith("stopped") ? "stopped" : "bad";
}

async function evaluateNow(): Promise<void> {
  due = false;
  const mine = ++generation;
  let request: EvaluateRequest;
  try {
    request = toRequest(ws);
  } catch (e) {
    if (!(e instanceof SettingsError)) throw e;
    setStatus(`errors: 1`);
    renderErrors([], e.message);
    markStale(true);
    return;
  }
  const started = performance.now();
  const result = await runner.run(request, mode);
  if (mine !== generation || result.kind === "superseded") return;
  if (result.kind === "stopped" || result.kind === "failed") {
    setStatus(`${result.kind === "stopped" ? "stopped" : "failed"}: ${result.message}`, performance.now() - started);
    renderErrors([], result.kind === "stopped"
      ? `Stopped: ${result.message}. The page stays usable; edit the template to try again.`
      : result.message);
    markStale(true);
    return;
  }
  last = result.response;
  lastValues = result.values;
  lastSignatures = result.signatures;
  markStale(false);
  renderResults(result.response);
  const errors = result.response.diagnostics.filter((d) => d.severity === "error").length;
  setStatus(errors ? `errors: ${errors}` : "ok", result.ms);
}

// ---------------------------------------------------------------- results

function diagnosticView(d: Diagnostic): EditorView | undefined {
  return d.file === null ? undefined : viewOf(d.file);
}

/** The editor of a document of the request, by its name. */
function viewOf(name: string): EditorView | undefined {
  if (name === ws.templateName) return templateView;
  const env = ws.envFiles.findIndex((e) => e.name === name);
  if (env >= 0) return envViews[env];
  const file = ws.files.findIndex((f) => f.name === name);
  return file >= 0 ? fileViews[file] : undefined;
}

// ---------------------------------------------------------------- editor intelligence

const ide = new IdeClient((file) => runner.quickFixes(file));

/** The engine's editor features for the editor of document `file()`. */
function ideHooks(file: () => string): IdeHooks {
  return {
    client: ide,
    file,
    request: () => {
      try {
        return toRequest(ws);
      } catch {
        return null;
      }
    },
    goTo: (loc) => {
      const view = viewOf(loc.file);
      if (!view) return;
      docUi.get(view)?.expand();
      const length = view.state.doc.length;
      view.dispatch({ selection: { anchor: Math.min(loc.from, length), head: Math.min(loc.to, length) }, scrollIntoView: true });
      view.focus();
    },
    applyEdit: (name, from, to, text) => viewOf(name)?.dispatch({ changes: { from, to, insert: text } }),
  };
}

function jumpTo(d: Diagnostic): void {
  const view = diagnosticView(d);
  if (!view) return;
  docUi.get(view)?.expand();
  const pos = Math.min(d.from, view.state.doc.length);
  view.dispatch({ selection: { anchor: pos }, scrollIntoView: true });
  view.focus();
}

/** What the panes get: the last evaluation, and this page's editors for the problems. */
function paneContext(diagnostics: Diagnostic[], notice?: string): PaneContext {
  return {
    response: last,
    values: lastValues,
    signatures: lastSignatures,
    mode,
    open: openNested,
    ui: paneUi,
    diagnostics,
    fileOrder: [ws.templateName, ...ws.envFiles.map((e) => e.name), ...ws.files.map((f) => f.name)],
    notice,
    canJump: (d) => diagnosticView(d) !== undefined,
    jump: jumpTo,
  };
}

function renderErrors(diagnostics: Diagnostic[], extra?: string): void {
  const box = $("errors");
  const previous = box.firstElementChild as HTMLElement | null;
  const list = PANE_REGISTRY.errors.render(paneContext(diagnostics, extra), previous);
  if (list !== previous) box.replaceChildren(list);
  // Markers in every editor.
  const byView = new Map<EditorView, Diagnostic[]>();
  for (const v of [templateView, ...envViews, ...fileViews]) byView.set(v, []);
  for (const d of diagnostics) {
    const v = diagnosticView(d);
    if (v && d.line) byView.get(v)?.push(d);
  }
  for (const [v, ds] of byView) {
    showDiagnostics(v, ds);
    const badge = docUi.get(v)?.badge;
    if (badge) {
      // Problems in a file are counted beside its name (seen also when it is collapsed).
      const errors = ds.filter((d) => d.severity === "error").length;
      badge.hidden = ds.length === 0;
      badge.className = `problems ${errors ? "error" : "warning"}`;
      showText(badge, errors ? `${errors} error${errors > 1 ? "s" : ""}` : `${ds.length} warning${ds.length > 1 ? "s" : ""}`);
    }
  }
}

function renderResults(r: EvaluateResponse): void {
  const v = verdict(r);
  const banner = $("refused");
  banner.hidden = !v;
  banner.className = v && !v.refused ? "refused partial" : "refused";
  showText(banner, v?.text ?? "");
  const template = { name: ws.templateName, text: ws.template };
  const diagnostics = r.diagnostics.map((d) => placeUnlocated(relocate(d, r.parameters, ws.envFiles), template, ws.envFiles));
  renderErrors(diagnostics);
  showText($("result-json"), r.resultJson);
  const ctx = paneContext(diagnostics);
  for (const id of ["outputs", "parameters", "conditions", "resources"] as const) {
    const box = $(PANE_BOX[id]);
    const previous = box.firstElementChild as HTMLElement | null;
    const next = PANE_REGISTRY[id].render(ctx, previous);
    if (next !== previous) box.replaceChildren(next);
  }

  const enabled = Object.entries(r.result.resources).filter(([, x]) => x.enabled).map(([n]) => n);
  graph.show(enabled, r.edges);
  // A template the engine cannot read (no version) declares nothing we know of:
  // keep the form as it was rather than offering to remove the user's values.
  paramsUnread = r.version === null && r.parameters.length === 0 && knownParams.length > 0 && r.diagnostics.some((d) => d.severity === "error");
  if (!paramsUnread) knownParams = r.parameters;
  renderParams(knownParams);
}

/** The page's box of each pane (index.html). */
const PANE_BOX = { outputs: "outputs", parameters: "result-parameters", conditions: "conditions", resources: "resources" } as const;

// ---------------------------------------------------------------- start

/** Why the address bar's share link could not be read. */
function badLink(e: unknown): void {
  showReport([`This share link could not be read (${(e as Error).message}): it may have been cut short when it was copied. The page shows the workspace it had before instead.`], "bad");
}

async function initialWorkspace(): Promise<Workspace> {
  if (location.hash.length > 1) {
    try {
      return await decodeWorkspace(location.hash);
    } catch (e) {
      badLink(e);
    }
  }
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved) return asWorkspace(JSON.parse(saved));
  } catch {
    // A broken saved workspace is ignored.
  }
  return ws;
}

async function start(): Promise<void> {
  const select = $<HTMLSelectElement>("examples");
  const none = document.createElement("option");
  none.value = "";
  none.textContent = "Choose…";
  select.append(none);
  for (const ex of examples) {
    const o = document.createElement("option");
    o.value = ex.id;
    o.textContent = ex.title;
    select.append(o);
  }
  select.addEventListener("change", () => {
    const ex = examples.find((e) => e.id === select.value);
    if (ex) loadWorkspace(fromRequest(ex.request));
  });

  graph = new GraphView($("graph"));
  ws = await initialWorkspace();
  templateView = createEditor($("template"), {
    doc: ws.template,
    label: "Template",
    testId: "editor-template",
    onChange: (text) => {
      ws.template = text;
      changed();
    },
    onRunNow: evaluateNow,
    ide: ideHooks(() => ws.templateName),
  });
  renderInputs();
  setUpFolderLoading();

  $("env-add").addEventListener("click", () => {
    ws.envFiles.push({ name: uniqueName("env", ws.envFiles), text: "parameter_defaults: {}\n" });
    renderInputs();
    changed();
    envViews.at(-1)?.focus();
  });
  $("files-add").addEventListener("click", () => {
    ws.files.push({ name: uniqueName("file", ws.files), text: "" });
    renderInputs();
    changed();
    fileViews.at(-1)?.focus();
  });
  const bind = (id: string, key: keyof Workspace["settings"]) =>
    $<HTMLInputElement>(id).addEventListener("input", (e) => {
      ws.settings[key] = (e.target as HTMLInputElement).value;
      changed();
    });
  bind("stack-name", "stackName");
  bind("stack-id", "stackId");
  bind("project-id", "projectId");
  bind("attributes", "attributes");
  bind("reference-ids", "referenceIds");

  $("format").addEventListener("click", () => {
    mode = mode === "yaml" ? "json" : "yaml";
    $("format").textContent = mode === "yaml" ? "JSON" : "YAML";
    void evaluateNow(); // the engine writes the values in the new format
  });
  for (const b of document.querySelectorAll<HTMLButtonElement>("button.copy")) {
    b.addEventListener("click", async () => {
      const pane = PANE_REGISTRY[b.dataset.copy as keyof typeof PANE_BOX];
      const path = pane.copy?.(paneContext([])) ?? null;
      const text = path && (await runner.render(path, mode))?.text;
      try {
        if (!text) {
          b.textContent = last?.parameters.some((p) => p.hidden) ? "Not copied: hidden values" : "Nothing to copy";
        } else {
          await navigator.clipboard.writeText(text);
          b.textContent = "Copied";
        }
      } catch {
        b.textContent = "Copy failed";
      }
      setTimeout(() => (b.textContent = "Copy"), 1500);
    });
  }
  $("share").addEventListener("click", async () => {
    const fragment = await encodeWorkspace(ws);
    history.replaceState(null, "", `#${fragment}`);
    const b = $("share");
    try {
      await navigator.clipboard.writeText(location.href);
      b.textContent = "Link copied";
    } catch {
      b.textContent = "Link in the address bar";
    }
    setTimeout(() => (b.textContent = "Share"), 2000);
  });
  $("reset").addEventListener("click", () => {
    const before = ws;
    localStorage.removeItem(STORAGE_KEY);
    history.replaceState(null, "", location.pathname);
    loadWorkspace(fromRequest(examples[0].request));
    select.value = "";
    showReport(["The workspace was reset to the first example."], "ok", { label: "Undo", testId: "reset-undo", run: () => loadWorkspace(before) });
  });
  // A share link pasted into the address bar of an open page loads too.
  // Back and Forward between share links load each link's workspace (the link stays in the address bar).
  window.addEventListener("hashchange", async () => {
    if (location.hash.length <= 1) return;
    try {
      loadWorkspace(await decodeWorkspace(location.hash), true);
    } catch (e) {
      badLink(e);
    }
  });
  document.addEventListener("keydown", (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key === "Enter") {
      e.preventDefault();
      void evaluateNow();
    }
  });
  // The editor features' engine loads beside the evaluation's, so the first
  // result means everything is loaded (no request afterwards); at most 3 s.
  await Promise.race([ide.warm(), new Promise((r) => setTimeout(r, 3000))]);
  void evaluateNow();
}

void start();
