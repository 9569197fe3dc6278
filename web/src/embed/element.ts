// `<hot-playground>`: a live HOT example for documentation pages. This loader is
// tiny; the editor, the engine and the result panes load when the element first
// scrolls into view (embed-app.ts, a separate chunk).
//
//   <script type="module" src="https://…/embed.js"></script>
//   <hot-playground show="outputs,resources">
//     <script type="text/yaml">heat_template_version: 2021-04-16 …</script>
//     <script type="text/yaml" data-env="env.yaml">parameter_defaults: …</script>
//     <script type="text/plain" data-file="setup.sh">#!/bin/sh …</script>
//   </hot-playground>
//
// Attributes: `src` (template URL, same origin), `parameters` (JSON object),
// `readonly`, `height` (CSS length of the editor), `show` (the panes, in the
// order named: ids of the pane registry, src/panes/index.ts; default
// `outputs,errors`), `theme` (light, dark, auto),
// `playground` (URL of the full playground for "Open in playground"; default:
// the site this script was loaded from), `heat-config` (JSON object: the
// cloud's heat.conf settings, e.g. `{"max_nested_stack_depth": 10}`),
// `heat-release` (the openstack-heat release that answers, e.g. `16.1.0`:
// one of the engine's `releases()`; default 27.0.1), `lint`
// (`off` hides the lint rules' warnings, `all` runs every rule; default `on`:
// the rules on by default; another value is the default, as `show` ignores
// unknown panes).
//
// An update example (compare mode, `show="plan"`): a child
// `<script type="text/yaml" data-current>` holds the template of the stack as it
// is, `current-parameters` (JSON object; default: `parameters`) its parameter
// values; the environment files and files are the same on both sides. The
// element then shows what `openstack stack update` with the editable template
// would do to that stack (the `plan` pane), the replacements marked in the editor.
import type { Workspace } from "../state";

/** Remove the common indentation of a block of text written inside HTML. */
export function dedent(text: string): string {
  const lines = text.replace(/^\s*\n/, "").replace(/\s+$/, "").split("\n");
  const indents = lines.filter((l) => l.trim()).map((l) => /^[ \t]*/.exec(l)![0].length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return lines.map((l) => l.slice(cut)).join("\n") + "\n";
}

/** The workspace an element's markup describes. */
export async function workspaceOf(el: HTMLElement): Promise<Workspace> {
  const scripts = Array.from(el.querySelectorAll<HTMLScriptElement>(":scope > script"));
  const main = scripts.find((s) => !s.dataset.env && !s.dataset.file && s.dataset.current === undefined);
  let template = main ? dedent(main.textContent ?? "") : dedent(Array.from(el.childNodes).filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join(""));
  const src = el.getAttribute("src");
  if (src) {
    const url = new URL(src, location.href);
    if (url.origin !== location.origin) throw new Error(`src must be on this site (${url.origin} is not)`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`src ${url.pathname}: HTTP ${response.status}`);
    template = await response.text();
  }
  const params = objectAttribute(el, "parameters") ?? {};
  return {
    templateName: "template.yaml",
    template,
    envFiles: scripts.filter((s) => s.dataset.env).map((s) => ({ name: s.dataset.env!, text: dedent(s.textContent ?? "") })),
    files: scripts.filter((s) => s.dataset.file).map((s) => ({ name: s.dataset.file!, text: dedent(s.textContent ?? "") })),
    params,
    settings: {
      stackName: el.getAttribute("stack-name") ?? "demo",
      stackId: "11111111-2222-3333-4444-555555555555",
      projectId: "00000000000000000000000000000001",
      attributes: "",
      referenceIds: "",
      heatConfig: el.getAttribute("heat-config") ?? "",
      heatRelease: el.getAttribute("heat-release") ?? "",
      lint: el.getAttribute("lint") ?? "on", // checked when mounted
      lintDisable: "",
    },
  };
}

/** A JSON-object attribute (anything else: undefined). */
function objectAttribute(el: HTMLElement, name: string): Record<string, unknown> | undefined {
  const attr = el.getAttribute(name);
  if (!attr) return undefined;
  const parsed: unknown = JSON.parse(attr);
  return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
}

/** The current stack an update example's markup describes (`data-current`, `current-parameters`); null: none. */
export function currentOf(el: HTMLElement, ws: Workspace): Workspace | null {
  const script = el.querySelector<HTMLScriptElement>(":scope > script[data-current]");
  if (!script) return null;
  return { ...ws, template: dedent(script.textContent ?? ""), params: objectAttribute(el, "current-parameters") ?? { ...ws.params } };
}

/** Where the full playground is: beside embed.js (or above the chunk this module was bundled into). */
export const PLAYGROUND_URL = (() => {
  const here = new URL(import.meta.url);
  const cut = here.pathname.search(/\/(assets|src)\//);
  return new URL(cut >= 0 ? here.pathname.slice(0, cut + 1) : "./", here).href;
})();

export class HotPlayground extends HTMLElement {
  /** Set by the iframe route instead of markup (with the current stack of an update example). */
  workspace: Workspace | null = null;
  current: Workspace | null = null;
  private started = false;
  private observer: IntersectionObserver | null = null;

  connectedCallback(): void {
    if (this.shadowRoot) return;
    const root = this.attachShadow({ mode: "open" });
    const style = document.createElement("style");
    style.textContent = `:host { all: initial; display: block; font: 14px/1.45 system-ui, sans-serif; border: 1px solid #ccc; border-radius: 8px; padding: 12px; margin: 1em 0; color-scheme: light dark; }
      .loading { color: #666; font-style: italic; }`;
    const placeholder = document.createElement("p");
    placeholder.className = "loading";
    placeholder.textContent = "Live HOT example: loading when visible…";
    root.append(style, placeholder);
    this.observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) this.start();
    }, { rootMargin: "200px" });
    this.observer.observe(this);
  }

  disconnectedCallback(): void {
    this.observer?.disconnect();
  }

  private async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.observer?.disconnect();
    const root = this.shadowRoot!;
    try {
      const ws = this.workspace ?? (await workspaceOf(this));
      const current = this.workspace ? this.current : currentOf(this, ws);
      const { mount } = await import("./embed-app");
      mount(this, root, ws, current);
    } catch (e) {
      const p = document.createElement("p");
      p.className = "loading";
      p.textContent = `This example could not be loaded: ${e instanceof Error ? e.message : String(e)}`;
      root.replaceChildren(p);
    }
  }
}

if (!customElements.get("hot-playground")) customElements.define("hot-playground", HotPlayground);
