// The verdict above the panes, on the page and in an embed: refused, or
// created with failing outputs, or stopped at one of hotplate's own limits;
// hidden when all is well.
import type { Answer } from "./answer";
import type { Diagnostic, UpdatePlan } from "hotplate/web";
import { updateRefusal } from "./compare";
import { isLintFinding } from "./lint";
import { byFileThenLine, placeOf } from "./locate";

/**
 * The codes of hotplate's own bounds (core: `repeat`'s copies, the longest
 * string a function builds, the evaluation budget). Heat has none of them: a
 * result stopped by one is not Heat's verdict.
 */
const OWN_LIMITS = new Set(["repeat-too-large", "string-too-long", "budget-exceeded"]);

export interface Verdict {
  text: string;
  /** Heat would refuse the stack (otherwise: created, with something to say). */
  refused: boolean;
}

/** The verdict on `r` (`diagnostics`: as the host places them, `fileOrder`: the problems list's order); null when all is well. Heat's: lint findings play no part. */
export function verdict(r: Answer, diagnostics: Diagnostic[], fileOrder: string[]): Verdict | null {
  const res = r.result;
  const errors = byFileThenLine(diagnostics.filter((d) => d.severity === "error" && !isLintFinding(d)), fileOrder);
  if (res.error) {
    const { type, message } = res.error;
    // The problem Heat reports, as the list has it (Heat's message contains it): where it is.
    const cause = errors.find((d) => d.message && message.includes(d.message));
    if (cause && OWN_LIMITS.has(cause.code)) return { text: `hotplate could not finish evaluating this stack: ${message}`, refused: false };
    const at = cause?.file ? ` at ${placeOf(cause)}` : "";
    return { text: `Heat would refuse this stack${at} — ${type}: ${message}`, refused: true };
  }
  const failing = Object.entries(res.outputs).filter(([, o]) => o.error !== null);
  const own = (name: string) => errors.some((d) => OWN_LIMITS.has(d.code) && (d.path === `outputs.${name}` || d.path.startsWith(`outputs.${name}.`)));
  if (failing.length === 1) {
    const [name, o] = failing[0];
    return own(name)
      ? { text: `Heat would create this stack; hotplate could not finish its output ${name}: ${o.error}`, refused: false }
      : { text: `Heat would create this stack, but its output ${name} fails: ${o.error}`, refused: false };
  }
  if (failing.length > 1) {
    const names = failing.map(([n]) => n);
    const theirs = names.filter((n) => !own(n));
    const ours = names.filter(own);
    const parts = [
      theirs.length ? `${theirs.length} of its outputs fail: ${theirs.join(", ")}` : "",
      ours.length ? `hotplate could not finish ${ours.length === 1 ? "output" : `${ours.length} outputs`} at its own limits: ${ours.join(", ")}` : "",
    ].filter(Boolean);
    return { text: `Heat would create this stack${theirs.length ? ", but" : ";"} ${parts.join("; ")}`, refused: false };
  }
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

/** Show `r`'s verdict in `box` (touched only when it changed); in compare mode (`plan`) a refused update is the verdict. */
export function showVerdict(box: HTMLElement, r: Answer, diagnostics: Diagnostic[], fileOrder: string[], plan?: UpdatePlan | null): void {
  const refusal = plan && !r.result.error ? updateRefusal(plan) : null;
  const v = refusal ? { text: refusal, refused: true } : verdict(r, diagnostics, fileOrder);
  box.hidden = !v;
  const className = v && !v.refused ? "verdict partial" : "verdict";
  if (box.className !== className) box.className = className;
  if (box.textContent !== (v?.text ?? "")) box.textContent = v?.text ?? "";
}
