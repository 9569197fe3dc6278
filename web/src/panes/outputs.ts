// The outputs pane: each output's value (deploy-time parts marked) or its error.
import { valueElement } from "../render";
import { drawn, el, keepEqual, emptyText, unchanged, type Pane } from "./context";

export const outputsPane: Pane = {
  title: "Outputs",
  render(ctx, previous) {
    const { response: r } = ctx;
    const box = el("div", { className: "pane-outputs" });
    if (!r) return drawn(keepEqual(previous, box), ctx.values, "");
    // What the pane reads besides the values' texts.
    const outputs = Object.entries(r.shown.outputs);
    const key = JSON.stringify([outputs.map(([name, out]) => [name, out.error]), outputs.length ? "" : emptyText(r, "outputs")]);
    const same = unchanged(previous, ctx.values, key);
    if (same) return same;
    for (const [name, out] of Object.entries(r.shown.outputs)) {
      const body = out.error === null
        ? valueElement(ctx.values, ["outputs", name, "value"])
        : el("p", { className: "error", textContent: out.error });
      body.dataset.testid = `output-${name}`;
      box.append(el("div", { className: "output" }, el("h3", { textContent: name }), body));
    }
    if (!Object.keys(r.shown.outputs).length) box.append(el("p", { className: "hint", textContent: emptyText(r, "outputs") }));
    return drawn(keepEqual(previous, box), ctx.values, key);
  },
  copy: ({ response }) => (response ? ["outputs"] : null),
};
