// The outputs pane: each output's value (deploy-time parts marked) or its error.
import { valueElement, withPlaceholders } from "../render";
import { el, emptyText, type Pane } from "./context";

export const outputsPane: Pane = {
  id: "outputs",
  title: "Outputs",
  render({ response: r, mode }) {
    const box = el("div", { className: "pane-outputs" });
    if (!r) return box;
    for (const [name, out] of Object.entries(r.result.outputs)) {
      const body = out.error === null
        ? valueElement(withPlaceholders(out.value, ["outputs", name, "value"], r.deferred), mode)
        : el("p", { className: "error", textContent: out.error });
      body.dataset.testid = `output-${name}`;
      box.append(el("div", { className: "output" }, el("h3", { textContent: name }), body));
    }
    if (!Object.keys(r.result.outputs).length) box.append(el("p", { className: "hint", textContent: emptyText(r, "outputs") }));
    return box;
  },
  copy({ response: r }) {
    if (!r) return null;
    return Object.fromEntries(Object.entries(r.result.outputs).map(([n, o]) => [n, o.error === null ? withPlaceholders(o.value, ["outputs", n, "value"], r.deferred) : { error: o.error }]));
  },
};
