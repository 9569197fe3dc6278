// The conditions pane: each condition's value, as the engine writes it.
import { pathKey } from "../values";
import { drawn, el, keepEqual, emptyText, shown, unchanged, type Pane } from "./context";

export const conditionsPane: Pane = {
  title: "Conditions",
  render(ctx, previous) {
    const { response: r } = ctx;
    const list = el("ul", { className: "conditions" });
    if (!r) return drawn(keepEqual(previous, list), ctx.values, "");
    const conditions = Object.entries(r.shown.conditions);
    // What the pane reads besides the values' texts.
    const key = JSON.stringify([conditions.map(([name, value]) => [name, Boolean(value)]), conditions.length ? "" : emptyText(r, "conditions")]);
    const same = unchanged(previous, ctx.values, key);
    if (same) return same;
    for (const [name, value] of conditions) {
      const text = el("span", { className: "value", textContent: shown(ctx, ["conditions", name])?.text ?? "" });
      text.dataset.path = pathKey(["conditions", name]);
      const li = el("li", { className: value ? "true" : "false" }, `${name}: `, text);
      li.dataset.testid = `condition-${name}`;
      list.append(li);
    }
    if (!list.children.length) list.append(el("li", { className: "hint", textContent: emptyText(r, "conditions") }));
    return drawn(keepEqual(previous, list), ctx.values, key);
  },
};
