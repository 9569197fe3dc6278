// The playground page: a composition of its parts. The one page state
// (page/state.ts) holds the workspace and what is shown of it; the documents
// (page/documents.ts) and the parameters form (params-form.ts) edit it; an edit
// is evaluated at the end of its task (end-of-task.ts) in the worker (runner.ts);
// the result is drawn into the panels the pane registry lists (page/results.ts).
import type { Diagnostic, EvaluateRequest } from "hotplate/web";
import { EndOfTask } from "./end-of-task";
import { IdeClient } from "./ide";
import { placeUnlocated, relocate } from "./locate";
import type { PaneContext } from "./panes";
import { ParamsForm } from "./params-form";
import { Runner } from "./runner";
import { decodeWorkspace, encodeWorkspace } from "./share";
import { fileOrder, SettingsError, toRequest, type NamedText, type Workspace } from "./state";
import { Documents } from "./page/documents";
import { firstExample, setUpPicker } from "./page/examples";
import { setUpFolderLoading } from "./page/folder-ui";
import { showReport } from "./page/report";
import { Results } from "./page/results";
import { forgetSaved, pageState, savedWorkspace, saveSoon } from "./page/state";

const $ = <T extends HTMLElement = HTMLElement>(id: string) => document.getElementById(id) as T;

const s = pageState(firstExample());
const runner = new Runner();
const ide = new IdeClient((file) => runner.quickFixes(file));
const evaluation = new EndOfTask(evaluate);
let generation = 0;
let runs = 0;

function changed(): void {
  // The address bar must not keep offering a share link that no longer matches.
  if (!s.showingLink && location.hash.length > 1) history.replaceState(null, "", location.pathname + location.search);
  evaluation.schedule();
  saveSoon(s.ws);
}

/** The editors (made once the first workspace is known). */
let docs: Documents;
const form = new ParamsForm({ params: () => s.ws.params, changed });
const results = new Results($("results"), {
  copyText: async (path) => (await runner.render(path, s.mode))?.text ?? null,
  nothingToCopy: () => (s.last?.response.parameters.some((p) => p.hidden) ? "Not copied: hidden values" : "Nothing to copy"),
});

const SETTINGS = { "stack-name": "stackName", "stack-id": "stackId", "project-id": "projectId", attributes: "attributes", "reference-ids": "referenceIds" } as const;

/** Draw the inputs from the workspace (after loading one). */
function renderInputs(): void {
  docs.render();
  for (const [id, key] of Object.entries(SETTINGS)) $<HTMLInputElement>(id).value = s.ws.settings[key];
  form.redraw();
}

/** Show `next`; `fromLink`: it came from the address bar's share link, which stays there. */
function loadWorkspace(next: Workspace, fromLink = false, collapsed: NamedText[] = []): void {
  s.ws = next;
  s.collapsed = new WeakSet(collapsed);
  s.showingLink = fromLink;
  s.open.clear();
  delete s.ui.resourceFilter;
  form.reset();
  docs.setTemplate(next.template);
  renderInputs();
  changed();
  s.showingLink = false;
}

// ---------------------------------------------------------------- evaluation

function setStatus(text: string, ms?: number): void {
  const status = $("status");
  if (status.textContent !== text) status.textContent = text;
  status.dataset.evalMs = ms === undefined ? "" : ms.toFixed(2);
  status.dataset.run = String(++runs);
  status.className = text === "ok" ? "ok" : text.startsWith("stopped") ? "stopped" : "bad";
}

/** Results on screen that are not of the current input (its evaluation was stopped or could not start). */
function markStale(stale: boolean): void {
  $("stale-note").hidden = !stale;
  if (stale) $("results").dataset.stale = "true";
  else delete $("results").dataset.stale;
}

/** What the panes get: the last evaluation, and this page's editors for the problems. */
function paneContext(diagnostics: Diagnostic[], notice?: string): PaneContext {
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
    canJump: (d) => docs.viewOf(d.file) !== undefined,
    jump: (d) => docs.goTo(d.file, d.from),
  };
}

/** Problems instead of a result (the settings' JSON, a stopped or failed evaluation): earlier results stay, marked stale. */
function showFailure(status: string, notice: string, ms?: number): void {
  setStatus(status, ms);
  results.render(paneContext([], notice), null);
  docs.showProblems([]);
  markStale(true);
}

async function evaluate(): Promise<void> {
  const mine = ++generation;
  let request: EvaluateRequest;
  try {
    request = toRequest(s.ws);
  } catch (e) {
    if (!(e instanceof SettingsError)) throw e;
    return showFailure("errors: 1", e.message);
  }
  const started = performance.now();
  const result = await runner.run(request, s.mode);
  if (mine !== generation || result.kind === "superseded") return;
  if (result.kind !== "done") {
    const stopped = result.kind === "stopped";
    return showFailure(`${stopped ? "stopped" : "failed"}: ${result.message}`,
      stopped ? `Stopped: ${result.message}. The page stays usable; edit the template to try again.` : result.message, performance.now() - started);
  }
  const r = result.response;
  s.last = { response: r, values: result.values, signatures: result.signatures };
  markStale(false);
  const template = { name: s.ws.templateName, text: s.ws.template };
  const diagnostics = r.diagnostics.map((d) => placeUnlocated(relocate(d, r.parameters, s.ws.envFiles), template, s.ws.envFiles));
  results.render(paneContext(diagnostics), r);
  docs.showProblems(diagnostics);
  form.update(r, result.values);
  const errors = r.diagnostics.filter((d) => d.severity === "error").length;
  setStatus(errors ? `errors: ${errors}` : "ok", result.ms);
}

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
  return savedWorkspace() ?? s.ws;
}

function wireControls(): void {
  const select = $<HTMLSelectElement>("examples");
  setUpPicker(select, (ws) => loadWorkspace(ws));
  $("params").replaceWith(form.element);
  setUpFolderLoading({
    load: (ws, collapsed) => {
      select.value = "";
      loadWorkspace(ws, false, collapsed);
    },
  });
  $("env-add").addEventListener("click", () => docs.add("env"));
  $("files-add").addEventListener("click", () => docs.add("file"));
  for (const [id, key] of Object.entries(SETTINGS)) {
    $(id).addEventListener("input", (e) => {
      s.ws.settings[key] = (e.target as HTMLInputElement).value;
      changed();
    });
  }
  $("format").addEventListener("click", () => {
    s.mode = s.mode === "yaml" ? "json" : "yaml";
    $("format").textContent = s.mode === "yaml" ? "JSON" : "YAML";
    evaluation.now(); // the engine writes the values in the new format
  });
  $("share").addEventListener("click", async () => {
    history.replaceState(null, "", `#${await encodeWorkspace(s.ws)}`);
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
    const before = s.ws;
    forgetSaved();
    history.replaceState(null, "", location.pathname);
    loadWorkspace(firstExample());
    select.value = "";
    showReport([`The workspace was reset to the first example.`], "ok", { label: "Undo", testId: "reset-undo", run: () => loadWorkspace(before) });
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
      evaluation.now();
    }
  });
}

async function start(): Promise<void> {
  s.ws = await initialWorkspace();
  docs = new Documents(s, { changed, runNow: () => evaluation.now() }, ide);
  wireControls();
  renderInputs();
  // The editor features' engine loads beside the evaluation's, so the first
  // result means everything is loaded (no request afterwards); at most 3 s.
  await Promise.race([ide.warm(), new Promise((r) => setTimeout(r, 3000))]);
  evaluation.now();
}

void start();
