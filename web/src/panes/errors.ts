// The problems pane: every diagnostic, ordered by file then line; a click goes
// to the place in the host's editor that has that file.
import { byFileThenLine } from "../locate";
import { el, type Pane } from "./context";

export const errorsPane: Pane = {
  id: "errors",
  title: "Errors",
  render({ diagnostics, fileOrder, notice, canJump, jump }) {
    const list = el("ul", { className: "errors" });
    if (notice) {
      const li = el("li", { className: "error", textContent: notice });
      li.dataset.testid = "error-item";
      list.append(li);
    }
    for (const d of byFileThenLine(diagnostics, fileOrder)) {
      const where = d.file ? (d.line ? `${d.file}:${d.line}:${d.column}` : d.file) : "request";
      const button = el("button", { type: "button", className: "jump", textContent: `${where}: ${d.message}`, title: d.path ? `${d.code} at ${d.path}` : d.code, disabled: !canJump(d) });
      button.addEventListener("click", () => jump(d));
      const li = el("li", { className: d.severity }, button);
      li.dataset.testid = "error-item";
      list.append(li);
    }
    if (!notice && diagnostics.length === 0) list.append(el("li", { className: "none", textContent: "No problems: Heat would accept this stack." }));
    return list;
  },
};
