// The verdict above the panes, on the page and in an embed: refused, or
// created with failing outputs; hidden when all is well.
import type { EvaluateResponse } from "hotplate/web";

/** The verdict's text; null when all is well. */
export function verdict(r: EvaluateResponse): { text: string; refused: boolean } | null {
  const res = r.result;
  if (res.error) return { text: `Heat would refuse this stack — ${res.error.type}: ${res.error.message}`, refused: true };
  const failing = Object.entries(res.outputs).filter(([, o]) => o.error !== null);
  if (failing.length === 1) return { text: `Heat would create this stack, but its output ${failing[0][0]} fails: ${failing[0][1].error}`, refused: false };
  if (failing.length > 1) return { text: `Heat would create this stack, but ${failing.length} of its outputs fail: ${failing.map(([n]) => n).join(", ")}`, refused: false };
  return null;
}

/** The banner (hidden until a result needs one). */
export function verdictBanner(): HTMLElement {
  const box = document.createElement("div");
  box.className = "verdict";
  box.dataset.testid = "verdict";
  box.hidden = true;
  return box;
}

/** Show `r`'s verdict in `box` (touched only when it changed). */
export function showVerdict(box: HTMLElement, r: EvaluateResponse): void {
  const v = verdict(r);
  box.hidden = !v;
  const className = v && !v.refused ? "verdict partial" : "verdict";
  if (box.className !== className) box.className = className;
  if (box.textContent !== (v?.text ?? "")) box.textContent = v?.text ?? "";
}
