// Compare mode on the page: "Use as current stack" keeps a snapshot of the
// workspace (templates, environment files, files, parameters, settings) as the
// stack as it is; from then on every evaluation also plans the update to the
// workspace (compare.ts, the plan pane). A bar above the inputs says so, shows
// the current template (editable: paste the deployed stack's template there),
// opens a folder as the current stack and leaves compare mode. The snapshot is
// kept in localStorage beside the workspace and travels in share links.
import { snapshot } from "../compare";
import { el } from "../panes/context";
import type { Workspace } from "../state";
import { saveCurrent, type PageState } from "./state";

export class CompareUi {
  readonly button = el("button", { type: "button", textContent: "Use as current stack", title: "Keep this workspace as the stack as it is: your edits then show what openstack stack update would do to it" });
  private readonly bar = el("div", { className: "compare-bar" });
  private readonly currentText = el("pre", { className: "compare-current" });
  private readonly folderInput: HTMLInputElement = Object.assign(document.createElement("input"), { type: "file", hidden: true, multiple: true });
  /** Open picked files as the current stack (main.ts wires the folder loading). */
  onFolder: (files: File[]) => void = () => {};

  constructor(private readonly s: PageState, private readonly changed: () => void) {
    this.button.dataset.testid = "compare-use";
    this.bar.dataset.testid = "compare-bar";
    this.bar.setAttribute("role", "status");
    this.currentText.dataset.testid = "compare-current-template";
    const leave = el("button", { type: "button", textContent: "Leave compare mode" });
    leave.dataset.testid = "compare-leave";
    leave.addEventListener("click", () => this.set(null));
    this.button.addEventListener("click", () => this.set(snapshot(this.s.ws)));
    // The current template is edited in place (typed or pasted): the plan follows.
    this.currentText.contentEditable = "plaintext-only";
    this.currentText.spellcheck = false;
    this.currentText.setAttribute("role", "textbox");
    this.currentText.setAttribute("aria-multiline", "true");
    this.currentText.setAttribute("aria-label", "The current stack's template");
    // Insertions are made here, as text (the browser would write a pasted or typed
    // line break as markup the template's text then loses).
    this.currentText.addEventListener("beforeinput", (e) => {
      const data = e.inputType === "insertLineBreak" || e.inputType === "insertParagraph" ? "\n"
        : e.inputType.startsWith("insert") ? e.data ?? e.dataTransfer?.getData("text/plain") ?? null : null;
      const range = window.getSelection()?.rangeCount ? window.getSelection()!.getRangeAt(0) : null;
      if (data === null || !range) return;
      e.preventDefault();
      const text = this.currentText.textContent ?? "";
      const from = offsetIn(this.currentText, range.startContainer, range.startOffset);
      const to = offsetIn(this.currentText, range.endContainer, range.endOffset);
      this.currentText.textContent = text.slice(0, from) + data + text.slice(to);
      const caret = document.createRange();
      const node = this.currentText.firstChild ?? this.currentText;
      caret.setStart(node, Math.min(from + data.length, node.textContent?.length ?? 0));
      caret.collapse(true);
      window.getSelection()?.removeAllRanges();
      window.getSelection()?.addRange(caret);
      this.currentText.dispatchEvent(new Event("input"));
    });
    this.currentText.addEventListener("input", () => {
      const current = this.s.current;
      if (!current) return;
      current.template = this.currentText.textContent ?? "";
      saveCurrent(current);
      this.changed();
    });
    this.folderInput.setAttribute("webkitdirectory", "");
    this.folderInput.dataset.testid = "compare-folder-input";
    this.folderInput.addEventListener("change", () => {
      if (this.folderInput.files?.length) this.onFolder(Array.from(this.folderInput.files));
      this.folderInput.value = "";
    });
    const folder = el("button", { type: "button", textContent: "Open folder as current stack…", title: "Compare with a folder (the stack as it is deployed) instead" });
    folder.dataset.testid = "compare-folder";
    folder.addEventListener("click", () => this.folderInput.click());
    this.bar.append(
      el("p", {}, "Comparing with the current stack: the ", el("b", { textContent: "Update plan" }), " shows what ",
        el("code", { textContent: "openstack stack update" }), " would do to it with this workspace. Replaced resources are marked in the editor at the property that forces it."),
      el("details", {}, el("summary", { textContent: "The current stack's template (edit or paste it here)" }), this.currentText),
      leave,
      folder,
      this.folderInput,
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
    // Not while it is being typed in (the caret would jump).
    if (document.activeElement !== this.currentText && this.currentText.textContent !== (current?.template ?? "")) this.currentText.textContent = current?.template ?? "";
    // The plan pane is folded while there is nothing to compare; comparing opens it.
    const panel = document.querySelector<HTMLDetailsElement>('details[data-pane="plan"]');
    if (panel) panel.open = current !== null;
  }
}

/** The offset in `root`'s text of a point (`node`, `offset`) inside it. */
function offsetIn(root: Node, node: Node, offset: number): number {
  if (node === root) {
    let n = 0;
    for (let i = 0; i < offset && i < root.childNodes.length; i++) n += root.childNodes[i].textContent?.length ?? 0;
    return n;
  }
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  let n = 0;
  for (let t = walker.nextNode(); t; t = walker.nextNode()) {
    if (t === node) return n + offset;
    n += t.textContent?.length ?? 0;
  }
  return n;
}
