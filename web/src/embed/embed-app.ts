// The lazy part of `<hot-playground>`: editor, engine (a worker) and result
// panes inside the element's shadow root, so host styles and ours never mix.
import type { EditorView } from "@codemirror/view";
import type { EvaluateResponse } from "hotplate/web";
import type { Values } from "../values";
import { createEditor, showDiagnostics } from "../editors";
import { Runner } from "../runner";
import { encodeWorkspace } from "../share";
import { PANE_REGISTRY, verdict, type PaneContext } from "../panes";
import { SettingsError, toRequest, type Workspace } from "../state";
import css from "./embed.css?inline";
import { PANES, PLAYGROUND_URL, type HotPlayground, type Pane } from "./element";

const el = <K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | string)[]) => {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
};

export function mount(host: HotPlayground, root: ShadowRoot, ws: Workspace): void {
  const show = new Set<Pane>(
    (host.getAttribute("show") ?? "outputs,errors").split(",").map((s) => s.trim()).filter((s): s is Pane => (PANES as readonly string[]).includes(s)),
  );
  const theme = host.getAttribute("theme") ?? "auto";
  const app = el("div", { className: `app theme-${["light", "dark"].includes(theme) ? theme : "auto"}` });
  const style = el("style", { textContent: css });
  const height = host.getAttribute("height");
  if (height) app.style.setProperty("--editor-height", height);

  const status = el("span", { className: "status" });
  status.setAttribute("role", "status");
  status.dataset.testid = "status";
  const open = el("a", { className: "open", textContent: "Open in playground ↗", target: "_blank", rel: "noopener" });
  open.dataset.testid = "open-in-playground";
  const head = el("div", { className: "head" }, el("span", { className: "title", textContent: "Live HOT example" }), status, open);
  const editorBox = el("div", { className: "editor" });
  const params = el("div", { className: "params" });
  const panes = new Map<Pane, HTMLElement>();
  for (const p of PANES) {
    if (!show.has(p)) continue;
    const body = el("div", { className: "pane-body" });
    body.dataset.testid = p === "errors" ? "result-errors" : `result-${p}`;
    panes.set(p, body);
  }
  const results = el("div", { className: "results" });
  for (const [p, body] of panes) results.append(el("section", { className: `pane ${p}` }, el("h4", { textContent: PANE_REGISTRY[p].title }), body));
  app.append(head, editorBox, params, results);
  root.replaceChildren(style, app);

  const runner = new Runner();
  /** An evaluation is queued for the end of the current task (as the page does: the runner coalesces a burst). */
  let due = false;
  let last: EvaluateResponse | null = null;
  let paramKey = "";
  let view: EditorView;
  /** The nested stacks and resources the reader opened (kept across evaluations). */
  const opened = new Set<string>();
  /** The panes' own state across evaluations (the resources filter). */
  const ui: Record<string, string> = {};

  const updateLink = async () => {
    const base = host.getAttribute("playground") ?? PLAYGROUND_URL;
    open.href = `${base.replace(/#.*$/, "")}#${await encodeWorkspace(ws)}`;
  };

  const renderParams = (r: EvaluateResponse) => {
    const key = JSON.stringify(r.parameters.map((p) => [p.name, p.type, p.hidden]));
    if (key === paramKey) return;
    paramKey = key;
    params.replaceChildren();
    for (const p of r.parameters) {
      const input = document.createElement("input");
      input.type = p.hidden ? "password" : "text";
      input.autocomplete = "off";
      input.spellcheck = false;
      const current = ws.params[p.name];
      input.value = current === undefined ? "" : typeof current === "string" ? current : JSON.stringify(current);
      input.placeholder = p.default === null ? "(required)" : `default: ${typeof p.default === "string" ? p.default : JSON.stringify(p.default)}`;
      input.dataset.testid = `param-${p.name}`;
      input.addEventListener("input", () => {
        if (input.value === "") delete ws.params[p.name];
        else ws.params[p.name] = input.value;
        schedule();
      });
      params.append(el("label", { className: "param" }, el("span", { textContent: p.label || p.name }), input));
    }
  };

  const verdictBox = el("p", { className: "verdict" });
  verdictBox.dataset.testid = "verdict";
  verdictBox.hidden = true;
  results.prepend(verdictBox);

  const render = (r: EvaluateResponse, values: Values, signatures: Record<string, string>) => {
    const v = verdict(r);
    verdictBox.hidden = !v;
    verdictBox.className = v && !v.refused ? "verdict partial" : "verdict";
    verdictBox.textContent = v?.text ?? "";
    const ctx: PaneContext = {
      response: r,
      values,
      signatures,
      mode: "yaml",
      open: opened,
      ui,
      diagnostics: r.diagnostics,
      fileOrder: [ws.templateName, ...ws.envFiles.map((e) => e.name), ...ws.files.map((f) => f.name)],
      // Only the template is in an editor here; a problem in another file (a provider template) names it.
      canJump: (d) => d.file === ws.templateName,
      jump: (d) => {
        view.dispatch({ selection: { anchor: Math.min(d.from, view.state.doc.length) }, scrollIntoView: true });
        view.focus();
      },
    };
    for (const [p, body] of panes) {
      const previous = body.firstElementChild as HTMLElement | null;
      const next = PANE_REGISTRY[p].render(ctx, previous);
      if (next !== previous) body.replaceChildren(next);
    }
    showDiagnostics(view, r.diagnostics.filter((d) => d.file === ws.templateName && d.line));
    renderParams(r);
  };

  const run = async () => {
    due = false;
    let request;
    try {
      request = toRequest(ws);
    } catch (e) {
      if (e instanceof SettingsError) return;
      throw e;
    }
    void updateLink();
    const result = await runner.run(request);
    if (result.kind === "superseded") return;
    if (result.kind !== "done") {
      status.textContent = `${result.kind}: ${result.message}`;
      results.dataset.stale = "true"; // what is shown is not of the current input
      return;
    }
    delete results.dataset.stale;
    last = result.response;
    render(last, result.values, result.signatures);
    const n = last.diagnostics.filter((d) => d.severity === "error").length;
    status.textContent = n ? `errors: ${n}` : "ok";
    status.dataset.evalMs = result.ms.toFixed(2);
  };
  const schedule = () => {
    if (due) return;
    due = true;
    queueMicrotask(() => {
      if (due) void run();
    });
  };

  view = createEditor(editorBox, {
    doc: ws.template,
    label: "HOT template of this example",
    testId: "editor-template",
    readonly: host.hasAttribute("readonly"),
    onChange: (text) => {
      ws.template = text;
      schedule();
    },
    onRunNow: run,
  });
  void run();
}
