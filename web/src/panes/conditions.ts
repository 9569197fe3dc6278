// The conditions pane: each condition's value.
import { el, emptyText, type Pane } from "./context";

export const conditionsPane: Pane = {
  id: "conditions",
  title: "Conditions",
  render({ response: r }) {
    const list = el("ul", { className: "conditions" });
    if (!r) return list;
    for (const [name, value] of Object.entries(r.result.conditions)) {
      const li = el("li", { className: value ? "true" : "false", textContent: `${name}: ${String(value)}` });
      li.dataset.testid = `condition-${name}`;
      list.append(li);
    }
    if (!list.children.length) list.append(el("li", { className: "hint", textContent: emptyText(r, "conditions") }));
    return list;
  },
};
