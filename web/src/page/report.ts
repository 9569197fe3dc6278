// The report above the inputs: what a folder load, a reset or a loaded example
// did (with Undo where it replaced the workspace), or why a share link could
// not be read.
const box = () => document.getElementById("load-report")!;

export interface ReportAction {
  label: string;
  /** The button's `data-testid`, where one is part of the page's contract (Reset's Undo). */
  testId?: string;
  run: () => void;
}

export function showReport(lines: string[], kind: "busy" | "ok" | "bad", action?: ReportAction): void {
  const report = box();
  report.hidden = false;
  report.className = `load-report ${kind}`;
  const close = Object.assign(document.createElement("button"), { type: "button", className: "close", textContent: "✕" });
  close.setAttribute("aria-label", "Dismiss this report");
  close.addEventListener("click", () => (report.hidden = true));
  report.replaceChildren(close, ...lines.map((line) => Object.assign(document.createElement("p"), { textContent: line })));
  if (action) {
    const b = Object.assign(document.createElement("button"), { type: "button", className: "report-action", textContent: action.label });
    if (action.testId) b.dataset.testid = action.testId;
    b.addEventListener("click", () => {
      report.hidden = true;
      action.run();
    });
    report.append(b);
  }
}

/** Replace the first line of the report shown (progress). */
export function updateReport(line: string): void {
  const p = box().querySelector("p");
  if (p) p.textContent = line;
}
