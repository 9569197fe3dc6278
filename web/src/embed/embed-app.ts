// The lazy part of `<hot-playground>`: editor, engine (a worker) and result
// panes inside the element's shadow root, so host styles and ours never mix.
// The parameters form, the verdict and the panes are the page's. With a
// current stack (an update example, element.ts) each run also plans the update.
import { planMarks, previewRequest, updateRefusal } from "../compare";
import { createEditor, showDiagnostics } from "../editors";
import { EndOfTask } from "../end-of-task";
import { PANE_REGISTRY, paneTestId, renderPane, type PaneContext, type PaneId } from "../panes";
import { el } from "../panes/context";
import { ParamsForm } from "../params-form";
import { Runner } from "../runner";
import { problems, showLintCount } from "../lint";
import { encodeWorkspace } from "../share";
import { evaluateOptions, fileOrder, lintMode, SettingsError, toRequest, type Workspace } from "../state";
import { showVerdict, verdictBanner } from "../verdict";
import css from "./embed.css?inline";
import { PLAYGROUND_URL, type HotPlayground } from "./element";

/** The panes `show` names, in its order (unknown names are ignored). */
function panesOf(show: string | null): PaneId[] {
  const ids = (show ?? "outputs,errors").split(",").map((s) => s.trim());
  return ids.filter((id, i): id is PaneId => Object.hasOwn(PANE_REGISTRY, id) && ids.indexOf(id) === i);
}

export function mount(host: HotPlayground, root: ShadowRoot, ws: Workspace, current: Workspace | null = null): void {
  // `lint="off"` hides the lint rules' findings (`all`: every rule; another value: the
  // default); "Open in playground" keeps the choice. The iframe route's link carries one too.
  ws.settings.lint = lintMode(host.getAttribute("lint") ?? ws.settings.lint);
  const theme = host.getAttribute("theme") ?? "auto";
  const app = el("div", { className: `app theme-${["light", "dark"].includes(theme) ? theme : "auto"}` });
  const height = host.getAttribute("height");
  if (height) app.style.setProperty("--editor-height", height);

  const status = el("span", { className: "status" });
  status.setAttribute("role", "status");
  status.dataset.testid = "status";
  const lintCount = el("span", { className: "lint-count", hidden: true });
  lintCount.dataset.testid = "lint-count";
  // Which openstack-heat release answered: named when the element chose one (`heat-release`).
  const release = el("span", { className: "release", hidden: true });
  release.dataset.testid = "status-release";
  const open = el("a", { className: "open", textContent: "Open in playground ↗", target: "_blank", rel: "noopener" });
  open.dataset.testid = "open-in-playground";
  const head = el("div", { className: "head" }, el("span", { className: "title", textContent: "Live HOT example" }), status, release, lintCount, open);
  const editorBox = el("div", { className: "editor" });
  const form = new ParamsForm({ params: () => ws.params, changed: () => evaluation.schedule() }, { sayNone: false });
  const banner = verdictBanner();
  const results = el("div", { className: "results" }, banner);
  const panes = new Map<PaneId, HTMLElement>();
  for (const id of panesOf(host.getAttribute("show"))) {
    const body = el("div", { className: "pane-body" });
    body.dataset.testid = paneTestId(id);
    panes.set(id, body);
    results.append(el("section", { className: `pane ${id}` }, el("h4", { textContent: PANE_REGISTRY[id].title }), body));
  }
  app.append(head, editorBox, form.element, results);
  root.replaceChildren(el("style", { textContent: css }), app);

  const runner = new Runner();
  /** The nested stacks and resources the reader opened (kept across evaluations). */
  const opened = new Set<string>();
  /** The panes' own state across evaluations (the resources filter). */
  const ui: Record<string, string> = {};

  const updateLink = async () => {
    const base = host.getAttribute("playground") ?? PLAYGROUND_URL;
    open.href = `${base.replace(/#.*$/, "")}#${await encodeWorkspace(ws, current)}`;
  };

  const run = async () => {
    let request, preview;
    try {
      request = toRequest(ws);
      preview = current ? previewRequest(toRequest(current), request) : undefined;
    } catch (e) {
      if (!(e instanceof SettingsError)) throw e;
      // A `heat-config` attribute that is not a JSON object: say so instead of a result.
      status.textContent = e.message;
      results.dataset.stale = "true";
      return;
    }
    void updateLink();
    const result = await runner.run(request, "yaml", evaluateOptions(ws.settings), preview);
    if (result.kind === "superseded") return;
    if (result.kind !== "done") {
      status.textContent = `${result.kind}: ${result.message}`;
      results.dataset.stale = "true"; // what is shown is not of the current input
      return;
    }
    delete results.dataset.stale;
    const r = result.response;
    // Heat's diagnostics, then the lint rules' findings (unless `lint="off"`).
    // Comparing, the plan's problems (a refused update, a restricted action, a replacement) join them.
    const diagnostics = [...problems(r, (d) => d), ...(result.plan && current ? planMarks(result.plan, ws) : [])];
    const ctx: PaneContext = {
      response: r,
      values: result.values,
      signatures: result.signatures,
      mode: "yaml",
      open: opened,
      ui,
      diagnostics,
      fileOrder: fileOrder(ws),
      plan: current ? (result.plan ?? null) : undefined,
      // Only the template is in an editor here; a problem in another file (a provider template) names it.
      canJump: (d) => d.file === ws.templateName,
      jump: (d) => {
        view.dispatch({ selection: { anchor: Math.min(d.from, view.state.doc.length) }, scrollIntoView: true });
        view.focus();
      },
    };
    showVerdict(banner, r, ctx.diagnostics, ctx.fileOrder, ctx.plan);
    for (const [id, body] of panes) renderPane(id, body, ctx);
    showDiagnostics(view, diagnostics.filter((d) => d.file === ws.templateName && d.line));
    showLintCount(lintCount, diagnostics);
    form.update(r, result.values);
    const n = r.diagnostics.filter((d) => d.severity === "error").length;
    const refused = !n && result.plan && current && updateRefusal(result.plan);
    status.textContent = n ? `errors: ${n}` : refused ? "update refused" : "ok";
    status.dataset.evalMs = result.ms.toFixed(2);
    status.title = r.release ? `answered as openstack-heat ${r.release}` : "";
    release.hidden = !(r.release && ws.settings.heatRelease);
    release.textContent = r.release ? `Heat ${r.release}` : "";
    release.dataset.release = r.release ?? "";
  };
  const evaluation = new EndOfTask(run);

  const view = createEditor(editorBox, {
    doc: ws.template,
    label: "HOT template of this example",
    testId: "editor-template",
    readonly: host.hasAttribute("readonly"),
    onChange: (text) => {
      ws.template = text;
      evaluation.schedule();
    },
    onRunNow: () => evaluation.now(),
  });
  evaluation.now();
}
