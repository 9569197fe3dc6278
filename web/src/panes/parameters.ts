// The parameters pane: every parameter's value (hidden ones masked, as Heat's
// stack show masks them) and where it came from.
import type { ParameterInfo } from "hotplate/web";
import { kvRow, maskedRow } from "../stack-tree";
import { drawn, el, keepEqual, unchanged, type Pane } from "./context";

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
  title: "Parameters",
  render(ctx, previous) {
    const { response: r } = ctx;
    const box = el("div", { className: "pane-parameters" });
    if (!r) return drawn(keepEqual(previous, box), ctx.values, "");
    const infos = new Map(r.parameters.map((p) => [p.name, p]));
    const names = Object.keys(r.shown.parameters);
    // What the pane reads besides the values' texts.
    const key = JSON.stringify(names.map((name) => {
      const info = infos.get(name);
      return [name, info?.hidden ?? false, info ? sourceText(info) : null];
    }));
    const same = unchanged(previous, ctx.values, key);
    if (same) return same;
    for (const name of names) {
      const info = infos.get(name);
      const row = info?.hidden ? maskedRow(name) : kvRow(name, ["parameters", name], ctx);
      row.append(el("span", { className: "param-source", textContent: info ? sourceText(info) : "pseudo parameter" }));
      box.append(row);
    }
    return drawn(keepEqual(previous, box), ctx.values, key);
  },
  // The engine's text of all parameters; it would reveal a hidden one's value,
  // so with a hidden parameter Copy copies nothing (and says why).
  copy: ({ response }) => (response && !response.parameters.some((p) => p.hidden) ? ["parameters"] : null),
};
