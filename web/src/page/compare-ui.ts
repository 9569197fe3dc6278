// Compare mode on the page: "Use as current stack" keeps a snapshot of the
// workspace (templates, environment files, files, parameters, settings) as the
// stack as it is; from then on every evaluation also plans the update to the
// workspace (compare.ts, the plan pane). A bar above the inputs says so, shows
// the current template and leaves compare mode. The snapshot is kept in
// localStorage beside the workspace and travels in share links.
import { snapshot } from "../compare";
import { el } from "../panes/context";
import type { Workspace } from "../state";
import { saveCurrent, type PageState } from "./state";

export class CompareUi {
  readonly button = el("button", { type: "button", textContent: "Use as current stack", title: "Keep this workspace as the stack as it is: your edits then show what openstack stack update would do to it" });
  private readonly bar = el("div", { className: "compare-bar" });
  private readonly currentText = el("pre", { className: "compare-current" });

  constructor(private readonly s: PageState, private readonly changed: () => void) {
    this.button.dataset.testid = "compare-use";
    this.bar.dataset.testid = "compare-bar";
    this.bar.setAttribute("role", "status");
    this.currentText.dataset.testid = "compare-current-template";
    const leave = el("button", { type: "button", textContent: "Leave compare mode" });
    leave.dataset.testid = "compare-leave";
    leave.addEventListener("click", () => this.set(null));
    this.button.addEventListener("click", () => this.set(snapshot(this.s.ws)));
    this.bar.append(
      el("p", {}, "Comparing with the current stack: the ", el("b", { textContent: "Update plan" }), " shows what ",
        el("code", { textContent: "openstack stack update" }), " would do to it with this workspace. Replaced resources are marked in the editor at the property that forces it."),
      el("details", {}, el("summary", { textContent: "The current stack's template" }), this.currentText),
      leave,
    );
    this.render();
  }

  /** The bar, to place above the inputs. */
  get element(): HTMLElement {
    return this.bar;
  }

  /** Compare with `current` (null: leave compare mode), keep it for the next visit and evaluate again. */
  set(current: Workspace | null): void {
    this.show(current);
    this.changed();
  }

  /** Show `current` as the current stack without evaluating (a workspace being loaded evaluates itself). */
  show(current: Workspace | null): void {
    this.s.current = current;
    saveCurrent(current);
    this.render();
  }

  private render(): void {
    const current = this.s.current;
    this.bar.hidden = current === null;
    this.button.textContent = current ? "Use as current stack again" : "Use as current stack";
    this.currentText.textContent = current?.template ?? "";
    // The plan pane is folded while there is nothing to compare; comparing opens it.
    const panel = document.querySelector<HTMLDetailsElement>('details[data-pane="plan"]');
    if (panel) panel.open = current !== null;
  }
}
