// The parameters form, on the page and in an embed: one input per parameter the
// template declares (like `--parameter name=value`), the value in use when none
// is typed (the engine's text of it) and where it comes from, and the explicit
// values the template no longer declares (Heat refuses them). Rebuilt only when
// the parameters change; otherwise only the values in use are updated.
import type { Answer } from "./answer";
import type { ParameterInfo } from "hotplate/web";
import { sourceText } from "./panes/parameters";
import { valueElement } from "./render";
import { pathKey, type Values } from "./values";

/** What the form edits: the workspace's explicit values. */
export interface ParamsFormHost {
  /** The explicit values (`Workspace.params`), changed in place. */
  params(): Record<string, unknown>;
  /** A value was changed or removed. */
  changed(): void;
}

const make = <K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text = ""): HTMLElementTagNameMap[K] =>
  Object.assign(document.createElement(tag), { className, textContent: text });

export class ParamsForm {
  readonly element: HTMLElement = make("div", "params");
  private key = "";
  /** The template's parameters as last read: kept while the template cannot be read (a YAML error). */
  private known: ParameterInfo[] = [];
  private unread = false;
  /** Each parameter's "value in use and where it comes from" element, by name. */
  private sources = new Map<string, HTMLElement>();
  /** The engine's texts of the last result's values. */
  private values: Values = {};
  /** The values and sources the values in use were last drawn from (unchanged: nothing to draw). */
  private drawn: { values: Values | null; used: string } = { values: null, used: "" };

  /** `sayNone`: say so when the template declares no parameters (an embed says nothing). */
  constructor(private readonly host: ParamsFormHost, private readonly opts = { sayNone: true }) {}

  /** Another workspace: forget the parameters last read. */
  reset(): void {
    this.known = [];
    this.unread = false;
    this.key = "";
  }

  /** After an evaluation: its parameters (kept as they were when the template cannot be read). */
  update(r: Answer, values: Values): void {
    this.values = values;
    // A template the engine cannot read (no version) declares nothing we know of:
    // keep the form as it was rather than offering to remove the user's values.
    this.unread = r.version === null && r.parameters.length === 0 && this.known.length > 0 && r.diagnostics.some((d) => d.severity === "error");
    if (!this.unread) this.known = r.parameters;
    this.draw(false);
  }

  /** Draw again (the explicit values changed under the form). */
  redraw(): void {
    this.draw(true);
  }

  private draw(force: boolean): void {
    const infos = this.known;
    const params = this.host.params();
    const declared = new Set(infos.map((p) => p.name));
    const stale = Object.keys(params).filter((n) => !declared.has(n));
    const key = JSON.stringify([infos.map((p) => [p.name, p.type, p.hidden, p.label, p.description, p.default, p.constraints]), stale, this.unread]);
    // What each parameter's value in use is drawn from besides its text.
    const used = JSON.stringify(infos.map((p) => [p.name, p.source, p.file, p.hidden]));
    if (key === this.key && !force) {
      // Only the values in use, and only when their texts or sources may have changed.
      if (this.values === this.drawn.values && used === this.drawn.used) return;
      this.drawn = { values: this.values, used };
      for (const p of infos) {
        const src = this.sources.get(p.name);
        const fresh = this.inUse(p);
        if (src && !src.isEqualNode(fresh)) {
          src.replaceWith(fresh);
          this.sources.set(p.name, fresh);
        }
      }
      return;
    }
    this.key = key;
    this.drawn = { values: this.values, used };
    const box = this.element;
    const focused = box.contains(document.activeElement) ? (document.activeElement as HTMLElement).dataset.testid : undefined;
    box.replaceChildren();
    this.sources = new Map();
    if (this.unread) {
      const p = make("p", "hint", "The template cannot be read: its parameters as last read.");
      p.dataset.testid = "params-unread";
      box.append(p);
    } else if (infos.length === 0 && this.opts.sayNone) {
      box.append(make("p", "hint", "The template declares no parameters."));
    }
    for (const p of infos) box.append(this.row(p, params));
    // Explicit values for names the template does not declare (after editing it).
    for (const name of stale) {
      const row = make("div", "param stale");
      const drop = make("button", "", "Remove");
      drop.type = "button";
      drop.dataset.testid = `param-remove-${name}`;
      drop.addEventListener("click", () => {
        delete params[name];
        this.redraw();
        this.host.changed();
      });
      row.append(make("span", "param-name", name), make("span", "hint", "not declared by the template: Heat refuses it"), drop);
      box.append(row);
    }
    if (focused) box.querySelector<HTMLElement>(`[data-testid="${CSS.escape(focused)}"]`)?.focus();
  }

  private row(p: ParameterInfo, params: Record<string, unknown>): HTMLElement {
    const row = make("label", "param");
    const title = make("span", "param-name", p.label && p.label !== p.name ? `${p.label} (${p.name})` : p.name);
    const current = params[p.name];
    // The user's own request value (an example's may be JSON data), not a value of the result.
    const shown = current === undefined ? "" : typeof current === "string" ? current : JSON.stringify(current);
    // Left empty: the value from the environment files or the template's default, shown below it.
    const unset = p.source === "missing" ? "no value: Heat needs one" : "empty: uses the value below";
    let input: HTMLInputElement | HTMLSelectElement;
    if (p.type === "boolean") {
      const select = document.createElement("select");
      for (const v of ["", "true", "false"]) {
        const o = make("option", "", v === "" ? `(${unset})` : v);
        o.value = v;
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
      text.placeholder = unset;
      input = text;
    }
    input.dataset.testid = `param-${p.name}`;
    input.addEventListener("input", () => {
      if (input.value === "") delete params[p.name];
      else params[p.name] = input.value;
      this.host.changed();
    });
    const src = this.inUse(p);
    this.sources.set(p.name, src);
    row.append(title, make("span", "param-type", p.type), input, src);
    for (const note of [p.description, ...p.constraints.map((c) => `Constraint: ${c}`)].filter(Boolean)) row.append(make("span", "hint param-desc", note));
    return row;
  }

  /** Where the value in use comes from and, unless it is typed here or hidden, the engine's text of it. */
  private inUse(p: ParameterInfo): HTMLElement {
    const src = make("span", "param-source", sourceText(p));
    src.dataset.source = p.name;
    const typed = p.source === "user" && (!p.file || p.file === "parameters");
    if (!typed && !p.hidden && p.source !== "missing" && this.values[pathKey(["parameters", p.name])]) {
      src.append(": ", valueElement(this.values, ["parameters", p.name]));
    }
    return src;
  }
}
