// Heat's canonical result, as the engine wrote it (compared byte for byte with
// Heat's in the tests).
import { el, type Pane } from "./context";

export const resultPane: Pane = {
  title: "Heat's canonical result",
  testId: "result-json",
  folded: true,
  render({ response: r }, previous) {
    const pre = previous?.tagName === "PRE" ? previous : el("pre", { className: "value" });
    const text = r?.resultJson ?? "";
    // A long text is laid out again when it is set: only when it changed.
    if (pre.textContent !== text) pre.textContent = text;
    return pre;
  },
};
