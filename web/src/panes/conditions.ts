// The conditions pane: each condition's value, as the engine writes it.
import { pathKey } from "../values";
import { el, keepEqual, emptyText, shown, type Pane } from "./context";

export const conditionsPane: Pane = {
  title: "Conditions",
  render(ctx, previous) {
    const { response: r } = ctx;
    const list = el("ul", { className: "conditions" });
    if (!r) return keepEqual(previous, list);
    for (const [name, value] of Object.entries(r.shown.conditions)) {
      const text = el("span", { className: "value", textContent: shown(ctx, ["conditions", name])?.text ?? "" });
      text.dataset.path = pathKey(["conditions", name]);
      const li = el("li", { className: value ? "true" : "false" }, `${name}: `, text);
      li.dataset.testid = `condition-${name}`;
      list.append(li);
    }
    if (!list.children.length) list.append(el("li", { className: "hint", textContent: emptyText(r, "conditions") }));
    return keepEqual(previous, list);
  },
};
