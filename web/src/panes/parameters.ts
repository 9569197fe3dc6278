// The parameters pane: every parameter's value (hidden ones masked, as Heat's
// stack show masks them) and where it came from.
import type { ParameterInfo } from "hotplate/web";
import { kvRow } from "../stack-tree";
import { el, type Pane } from "./context";

/** Where a parameter's value came from, in the user's words. */
export function sourceText(p: ParameterInfo): string {
  switch (p.source) {
    case "user":
      return p.file && p.file !== "parameters" ? `parameters in ${p.file}` : "explicit value";
    case "user_default":
      return p.file ? `parameter_defaults in ${p.file}` : "parameter_defaults";
    case "default":
      return "template default";
    default:
      return "no value";
  }
}

export const parametersPane: Pane = {
  id: "parameters",
  title: "Parameters",
  render({ response: r, mode, open }) {
    const box = el("div", { className: "pane-parameters" });
    if (!r) return box;
    const infos = new Map(r.parameters.map((p) => [p.name, p]));
    for (const [name, value] of Object.entries(r.result.parameters)) {
      const info = infos.get(name);
      const row = kvRow(name, info?.hidden ? "******" : value, ["parameters", name], { mode, deferred: r.deferred, open });
      row.append(el("span", { className: "param-source", textContent: info ? sourceText(info) : "pseudo parameter" }));
      box.append(row);
    }
    return box;
  },
  copy({ response: r }) {
    if (!r) return null;
    const hidden = new Set(r.parameters.filter((p) => p.hidden).map((p) => p.name));
    return Object.fromEntries(Object.entries(r.result.parameters).map(([n, v]) => [n, hidden.has(n) ? "******" : v]));
  },
};
