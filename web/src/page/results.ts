// The page's result panels, built from the pane registry (one panel per pane,
// in its order, with a Copy button for a pane that has something to copy), the
// verdict banner above them, and drawing a result into them.
import type { PathStep } from "hotplate/web";
import { PANE_IDS, PANE_REGISTRY, paneTestId, renderPane, type Pane, type PaneContext, type PaneId } from "../panes";
import { Slices } from "../end-of-task";
import { el } from "../panes/context";
import { showVerdict, verdictBanner } from "../verdict";

export interface ResultsHost {
  /** The engine's text of the value at `path` of the last evaluation (a Copy button's text); null: nothing. */
  copyText(path: PathStep[]): Promise<string | null>;
  /** Why a Copy button copied nothing. */
  nothingToCopy(): string;
}

export class Results {
  private readonly boxes = new Map<PaneId, HTMLElement>();
  private readonly banner = verdictBanner();
  /** The context of the last drawing (what a Copy button copies). */
  private ctx: PaneContext | null = null;
  /** Counts drawings: a newer one stops an older one between panes. */
  private drawing = 0;

  constructor(section: HTMLElement, private readonly host: ResultsHost) {
    section.append(this.banner);
    for (const id of PANE_IDS) {
      const pane: Pane = PANE_REGISTRY[id];
      const box = el("div");
      box.dataset.testid = paneTestId(id);
      this.boxes.set(id, box);
      const heading = pane.folded ? el("summary", { textContent: pane.title }) : el("h2", { textContent: pane.title });
      if (pane.copy) heading.append(this.copyButton(pane));
      const panel = el(pane.folded ? "details" : "div", { className: "panel" }, heading, box);
      panel.dataset.pane = id;
      section.append(panel);
    }
  }

  /**
   * Draw `ctx` into every pane, going on in a new task between panes once the
   * task has run a while (`slices`: a big stack's panes drawn at once would
   * keep the page from answering input for over 50 ms; a small one's are drawn
   * in one task, shown at the next frame); `fresh`: a new result, whose verdict
   * the banner shows. Resolves true when every pane is drawn, false when a
   * later drawing started meanwhile.
   */
  async render(ctx: PaneContext, fresh: boolean, slices = new Slices()): Promise<boolean> {
    const mine = ++this.drawing;
    this.ctx = ctx;
    if (fresh && ctx.response) showVerdict(this.banner, ctx.response, ctx.diagnostics, ctx.fileOrder, ctx.plan);
    for (const [id, box] of this.boxes) {
      renderPane(id, box, ctx);
      await slices.next();
      if (mine !== this.drawing) return false;
    }
    return true;
  }

  private copyButton(pane: Pane): HTMLButtonElement {
    const b = el("button", { type: "button", className: "copy", textContent: "Copy" });
    b.setAttribute("aria-label", `Copy ${pane.title.toLowerCase()}`);
    b.addEventListener("click", async () => {
      const path = this.ctx && pane.copy!(this.ctx);
      const text = path ? await this.host.copyText(path) : null;
      try {
        if (!text) {
          b.textContent = this.host.nothingToCopy();
        } else {
          await navigator.clipboard.writeText(text);
          b.textContent = "Copied";
        }
      } catch {
        b.textContent = "Copy failed";
      }
      setTimeout(() => (b.textContent = "Copy"), 1500);
    });
    return b;
  }
}
