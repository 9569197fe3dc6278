// The playground page: a composition of its parts. The one page state
// (page/state.ts) holds the workspace and what is shown of it; the documents
// (page/documents.ts), the parameters form (params-form.ts) and the settings
// (page/settings.ts) edit it; an edit is evaluated at the end of its task
// (end-of-task.ts) in the worker (runner.ts); the result is drawn into the
// panels the pane registry lists (page/results.ts). In compare mode
// (page/compare-ui.ts) the same run plans the update from the current stack.
import type { Diagnostic, EvaluateRequest, PreviewRequest } from "hotplate/web";
import { planMarks, previewRequest, updateRefusal } from "./compare";
import { EndOfTask, Slices } from "./end-of-task";
import { IdeClient } from "./ide";
import { problems, showLintCount } from "./lint";
import { placeUnlocated, relocate } from "./locate";
import type { PaneContext } from "./panes";
import { ParamsForm } from "./params-form";
import { Runner } from "./runner";
import { decodeShared, encodeWorkspace, type Shared } from "./share";
import { evaluateOptions, fileOrder, SettingsError, toRequest, type NamedText, type Workspace } from "./state";
import { CompareUi } from "./page/compare-ui";
import { Documents } from "./page/documents";
import { exampleOf, firstExample, setUpPicker } from "./page/examples";
import { openFolder, setUpFolderLoading, type FolderHost } from "./page/folder-ui";
import { showReport } from "./page/report";
import { Results } from "./page/results";
import { SettingsPanel } from "./page/settings";
import { forgetSaved, pageState, savedCurrent, savedWorkspace, saveSoon } from "./page/state";
import { Status } from "./page/status";

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

const s = pageState(firstExample());
const runner = new Runner();
const ide = new IdeClient((file) => runner.quickFixes(file));
const evaluation = new EndOfTask(evaluate);
let generation = 0;
/** Changes of the workspace so far (a share link is of the workspace as it is when written). */
let edits = 0;

function changed(): void {
  edits++;
  // The address bar must not keep offering a share link that no longer matches.
  if (!s.showingLink && location.hash.length > 1) history.replaceState(null, "", location.pathname + location.search);
  evaluation.schedule();
  saveSoon(s.ws);
  picker.value = exampleOf(s.ws);
}

/** The editors (made once the first workspace is known). */
let docs: Documents;
const picker = $<HTMLSelectElement>("examples");
const form = new ParamsForm({ params: () => s.ws.params, changed });
const settings = new SettingsPanel(s, changed);
const results = new Results($("results"), {
  copyText: async (path) => (await runner.render(path, s.mode))?.text ?? null,
  nothingToCopy: () => (s.last?.response.parameters.some((p) => p.hidden) ? "Not copied: hidden values" : "Nothing to copy"),
});
const compare = new CompareUi(s, changed);
const status = new Status($("status"), $("results"), $("stale-note"), () =>
  void results.render(paneContext(s.last?.diagnostics ?? [], { text: "Evaluating the current input…", kind: "busy" }), false), $("status-release"));

/** Show `next`; `fromLink`: it came from the address bar's share link, which stays there; `current`:
 *  the current stack to compare with (null: none; absent: the one there is stays). */
function loadWorkspace(next: Workspace, fromLink = false, collapsed: NamedText[] = [], current?: Workspace | null, hints: [NamedText, string][] = []): void {
  s.ws = next;
  if (current !== undefined) compare.show(current);
  s.collapsed = new WeakSet(collapsed);
  s.hints = new WeakMap(hints);
  s.showingLink = fromLink;
  s.open.clear();
  delete s.ui.resourceFilter;
  form.reset();
  docs.setTemplate(next.template);
  changed();
  // The evaluation starts now, before the editors are drawn: the worker evaluates
  // while this thread builds them (a folder of 200 files takes both a while).
  evaluation.now();
  renderInputs();
  s.showingLink = false;
}

/** Draw the inputs from the workspace (after loading one). */
function renderInputs(): void {
  docs.render();
  settings.render();
  form.redraw();
}

/** Replace the workspace (an example, Reset; `current` as loadWorkspace takes it), saying so with a way back. */
function replaceWorkspace(next: Workspace, said: string, undoId?: string, current?: Workspace | null): void {
  const before = s.ws;
  const beforeCurrent = s.current;
  loadWorkspace(next, false, [], current);
  showReport([said], "ok", { label: "Undo", testId: undoId, run: () => loadWorkspace(before, false, [], beforeCurrent) });
}

// ---------------------------------------------------------------- evaluation

/** What the panes get: the last evaluation, and this page's editors for the problems. */
function paneContext(diagnostics: Diagnostic[], notice?: PaneContext["notice"]): PaneContext {
  return {
    response: s.last?.response ?? null,
    values: s.last?.values ?? {},
    signatures: s.last?.signatures ?? {},
    mode: s.mode,
    open: s.open,
    ui: s.ui,
    diagnostics,
    fileOrder: fileOrder(s.ws),
    notice,
    plan: s.current ? (s.last?.plan ?? null) : undefined,
    canJump: (d) => docs.has(d.file),
    jump: (d) => docs.goTo(d.file, d.from),
  };
}

/** Problems instead of a result (a setting, a stopped or failed evaluation): earlier results stay, marked stale. */
function showFailure(text: string, notice: string, ms?: number): void {
  void results.render(paneContext([], { text: notice, kind: "error" }), false);
  docs.showProblems([]);
  showLintCount($("lint-count"), []);
  status.done(text, ms, true);
  status.answeredBy(null, "");
}

async function evaluate(): Promise<void> {
  const mine = ++generation;
  let request: EvaluateRequest;
  let preview: PreviewRequest | undefined;
  try {
    request = toRequest(s.ws);
    if (s.current) preview = previewRequest(toRequest(s.current), request);
    settings.showError(null);
  } catch (e) {
    if (!(e instanceof SettingsError)) throw e;
    settings.showError(e);
    return showFailure("errors: 1", e.message);
  }
  status.busy();
  const started = performance.now();
  const result = await runner.run(request, s.mode, evaluateOptions(s.ws.settings), preview);
  if (mine !== generation || result.kind === "superseded") return;
  status.answered();
  if (result.kind !== "done") {
    const stopped = result.kind === "stopped";
    return showFailure(`${stopped ? "stopped" : "failed"}: ${result.message}`,
      stopped ? `Stopped: ${result.message}. The page stays usable; edit the template to try again.` : result.message, performance.now() - started);
  }
  // Drawn in steps, a new task once this one has run a while (receiving a big result is a long task already).
  const slices = new Slices(result.receivedAt);
  await slices.next();
  if (mine !== generation) return;
  const r = result.response;
  const template = { name: s.ws.templateName, text: s.ws.template };
  // Heat's diagnostics, then the lint rules' findings (the settings say which rules run).
  // In compare mode the plan's problems join them: Heat's refusal of the update, a
  // restricted action, a replacement at the property forcing it.
  const diagnostics = [
    ...problems(r, (d) => placeUnlocated(relocate(d, r.parameters, s.ws.envFiles), template, s.ws.envFiles)),
    ...(result.plan && s.current ? planMarks(result.plan, s.ws) : []),
  ];
  s.last = { response: r, values: result.values, signatures: result.signatures, diagnostics, plan: result.plan };
  if (!(await results.render(paneContext(diagnostics), true, slices)) || mine !== generation) return;
  docs.showProblems(diagnostics);
  form.update(r, result.values);
  const errors = r.diagnostics.filter((d) => d.severity === "error").length;
  showLintCount($("lint-count"), diagnostics);
  // Comparing, the verdict is the update's: a refused one is not "ok".
  const refused = !errors && result.plan && s.current && updateRefusal(result.plan);
  status.done(errors ? `errors: ${errors}` : refused ? "update refused" : "ok", result.ms, false);
  status.answeredBy(r.release, r.release ? settings.releaseLabel(r.release) : "");
}

// ---------------------------------------------------------------- start

/** Why the address bar's share link could not be read. */
function badLink(e: unknown): void {
  showReport([`${(e as Error).message}. The page shows the workspace it had before instead.`], "bad");
}

async function initialWorkspace(): Promise<Shared> {
  if (location.hash.length > 1) {
    try {
      return await decodeShared(location.hash);
    } catch (e) {
      badLink(e);
    }
  }
  return { ws: savedWorkspace() ?? s.ws, current: savedCurrent() };
}

function wireControls(): void {
  setUpPicker(picker, (ws, title) => replaceWorkspace(ws, `Loaded the example “${title}”: it replaced the workspace (its environment files, files, parameter values and settings).`));
  $("params").replaceWith(form.element);
  $("share").before(compare.button);
  $("load-report").before(compare.element);
  const folders: FolderHost = {
    load: (ws, collapsed, hints) => loadWorkspace(ws, false, collapsed, undefined, hints),
    loadCurrent: (ws) => compare.set(ws),
    workspace: () => s.ws,
    summarize: (texts) => runner.summarize(texts),
  };
  setUpFolderLoading(folders);
  compare.onFolder = (files) => void openFolder(folders, files, true);
  $("env-add").addEventListener("click", () => docs.add("env"));
  $("files-add").addEventListener("click", () => docs.add("file"));
  $("format").addEventListener("click", () => {
    s.mode = s.mode === "yaml" ? "json" : "yaml";
    $("format").textContent = s.mode === "yaml" ? "JSON" : "YAML";
    evaluation.now(); // the engine writes the values in the new format
  });
  $("share").addEventListener("click", async () => {
    // Encoding takes a moment (compression): a change made meanwhile is encoded
    // again, so the address bar never receives a link of older work.
    let link: string;
    let at: number;
    do {
      at = edits;
      link = await encodeWorkspace(s.ws, s.current);
    } while (at !== edits);
    history.replaceState(null, "", `#${link}`);
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
    forgetSaved();
    history.replaceState(null, "", location.pathname);
    const left = s.current ? " Compare mode was left." : "";
    replaceWorkspace(firstExample(), `The workspace was reset to the first example.${left}`, "reset-undo", null);
  });
  // A share link pasted into the address bar of an open page loads too.
  // Back and Forward between share links load each link's workspace (the link stays in the address bar).
  // Decoding takes a moment: only the newest link is loaded (Back twice loads the first link, not the second).
  let links = 0;
  window.addEventListener("hashchange", async () => {
    if (location.hash.length <= 1) return;
    const mine = ++links;
    try {
      const shared = await decodeShared(location.hash);
      if (mine === links) loadWorkspace(shared.ws, true, [], shared.current);
    } catch (e) {
      if (mine === links) badLink(e);
    }
  });
  document.addEventListener("keydown", (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key === "Enter") {
      e.preventDefault();
      evaluation.now();
    }
  });
}

async function start(): Promise<void> {
  const initial = await initialWorkspace();
  s.ws = initial.ws;
  compare.show(initial.current);
  docs = new Documents(s, { changed, runNow: () => evaluation.now() }, ide);
  wireControls();
  renderInputs();
  // The release choice lists the engine's releases (its `releases()`, asked of the worker).
  void runner.releases().then((list) => {
    if (!list) return;
    settings.setReleases(list);
    const answered = s.last?.response.release;
    if (answered && !$("status-release").hidden) status.answeredBy(answered, settings.releaseLabel(answered));
  });
  picker.value = exampleOf(s.ws);
  // The editor features' engine loads beside the evaluation's, so the first
  // result means everything is loaded (no request afterwards); at most 3 s.
  await Promise.race([ide.warm(), new Promise((r) => setTimeout(r, 3000))]);
  evaluation.now();
}

void start();
