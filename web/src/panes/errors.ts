// The problems pane: every diagnostic, errors first (Heat's, then the lint
// rules' errors), then warnings, each ordered by file then line; a click goes
// to the place in the host's editor that has that file. A lint finding ends with
// its rule id, a link to the rule's documentation. A problem shown the
// same as before keeps its element (typing moves the offsets of the problems
// below the cursor, not their text): its button then goes to the new place.
import type { Diagnostic } from "hotplate/web";
import { isLintFinding } from "../lint";
import { byFileThenLine, placeOf } from "../locate";
import { el, placeChildren, type Pane } from "./context";

declare const __HOTPLATE_RULES__: string | undefined;

/** A finding's rule documentation: the site's own page when this build is the site's (vite.config.ts), else its `help`. */
function ruleDoc(d: Diagnostic): string {
  return typeof __HOTPLATE_RULES__ === "string" ? new URL(`${__HOTPLATE_RULES__}${encodeURIComponent(d.code)}`, import.meta.url).href : d.help!;
}

/** What each problem's button does: the latest render's diagnostic at its place. */
const actions = new WeakMap<HTMLElement, () => void>();

export const errorsPane: Pane = {
  title: "Problems",
  render({ diagnostics, fileOrder, notice, canJump, jump }, previous) {
    const items: { li: HTMLElement; act?: () => void }[] = [];
    if (notice) {
      const li = el("li", { className: notice.kind, textContent: notice.text });
      li.dataset.testid = "error-item";
      items.push({ li });
    }
    const rank = (d: Diagnostic) => (d.severity === "error" ? (isLintFinding(d) ? 1 : 0) : d.severity === "warning" ? 2 : 3);
    const ordered = byFileThenLine(diagnostics, fileOrder).map((d, i) => ({ d, i })).sort((a, b) => rank(a.d) - rank(b.d) || a.i - b.i);
    for (const { d } of ordered) {
      const text = `${placeOf(d)}: ${d.message}`;
      const title = d.path ? `${d.code} at ${d.path}` : d.code;
      // A problem with a place in an editor is a button to go there; one without reads as text.
      let li: HTMLElement;
      if (canJump(d)) {
        const button = el("button", { type: "button", className: "jump", textContent: text, title });
        button.addEventListener("click", () => actions.get(button)?.());
        li = el("li", { className: d.severity }, button);
      } else {
        li = el("li", { className: `${d.severity} unplaced`, textContent: text, title });
      }
      if (isLintFinding(d)) {
        const rule = el("a", { className: "rule", textContent: d.code, href: ruleDoc(d), target: "_blank", rel: "noopener", title: `What ${d.code} finds, and how to silence it` });
        rule.dataset.testid = "lint-rule";
        li.append(" ", rule);
      }
      li.dataset.testid = "error-item";
      items.push({ li, act: () => jump(d) });
    }
    if (!notice && diagnostics.length === 0) items.push({ li: el("li", { className: "none", textContent: "No problems: Heat would accept this stack." }) });
    const reuse = previous?.tagName === "UL" && previous.className === "errors";
    const list = reuse ? previous : el("ul", { className: "errors" });
    const old = reuse ? previous.children : undefined;
    placeChildren(list, items.map(({ li, act }, i) => {
      const shown = old?.[i]?.isEqualNode(li) ? (old[i] as HTMLElement) : li;
      const button = shown.querySelector("button");
      if (button && act) actions.set(button, act);
      return shown;
    }));
    return list;
  },
};

/** A document's problem count as its badge says it (Heat's errors first; lint findings count as warnings); null: none. */
export function problemCount(ds: Diagnostic[]): { kind: "error" | "warning"; text: string } | null {
  if (!ds.length) return null;
  const errors = ds.filter((d) => d.severity === "error" && !isLintFinding(d)).length;
  return errors ? { kind: "error", text: `${errors} error${errors > 1 ? "s" : ""}` } : { kind: "warning", text: `${ds.length} warning${ds.length > 1 ? "s" : ""}` };
}
