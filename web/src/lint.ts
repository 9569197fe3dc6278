// The lint rules' findings on the page and in the element: the mistakes Heat
// accepts and deploys, shown as what they are (markers and problems with their
// rule ids, a count beside Heat's errors), never part of Heat's answer (the
// verdict and the error count read only `diagnostics`).
import type { Answer } from "./answer";
import type { Diagnostic } from "hotplate/web";

/** Whether a diagnostic is a lint rule's finding: only those link to their rule's documentation. */
export const isLintFinding = (d: Diagnostic): boolean => d.help !== undefined;

/** Every problem to show: Heat's diagnostics, then the lint findings, each placed by `place`. */
export function problems(r: Answer, place: (d: Diagnostic) => Diagnostic): Diagnostic[] {
  return [...r.diagnostics, ...r.lint].map(place);
}

/** The count beside the error count (`warnings: 2`, the rules in its title); null when there is none. */
export function lintCount(findings: Diagnostic[]): { text: string; title: string } | null {
  const found = findings.filter(isLintFinding);
  if (found.length === 0) return null;
  const byRule = new Map<string, number>();
  for (const d of found) byRule.set(d.code, (byRule.get(d.code) ?? 0) + 1);
  const rules = [...byRule].sort(([a], [b]) => a.localeCompare(b)).map(([code, n]) => (n > 1 ? `${code} ×${n}` : code));
  return {
    text: `warnings: ${found.length}`,
    title: `hotplate's lint rules found ${rules.join(", ")}: mistakes Heat accepts (not part of Heat's answer)`,
  };
}

/** Show `count` in `box` (hidden when there is none; touched only when it changed). */
export function showLintCount(box: HTMLElement, findings: Diagnostic[]): void {
  const count = lintCount(findings);
  box.hidden = count === null;
  if (box.textContent !== (count?.text ?? "")) box.textContent = count?.text ?? "";
  if (box.title !== (count?.title ?? "")) box.title = count?.title ?? "";
}
