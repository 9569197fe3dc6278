// The status pill and the state of the results: busy while an evaluation runs
// (`aria-busy` at once; "evaluating…" once it has run for BUSY_AFTER_MS, so a
// keystroke's quick result does not flicker), stale when what is shown is not
// of the current input (its evaluation was stopped or could not start).
const BUSY_AFTER_MS = 150;

export class Status {
  private runs = 0;
  private slow: ReturnType<typeof setTimeout> | undefined;

  /** `whenSlow`: an evaluation has run for a while (say so in the panes too). */
  constructor(
    private readonly pill: HTMLElement,
    private readonly results: HTMLElement,
    private readonly staleNote: HTMLElement,
    private readonly whenSlow: () => void,
    /** Where the release that answered is named (status-release). */
    private readonly release: HTMLElement | null = null,
  ) {}

  /** An evaluation started. */
  busy(): void {
    this.results.setAttribute("aria-busy", "true");
    this.pill.dataset.evalMs = "";
    clearTimeout(this.slow);
    this.slow = setTimeout(() => {
      this.pill.textContent = "evaluating…";
      this.pill.className = "busy";
      this.results.dataset.busy = "true";
      this.whenSlow();
    }, BUSY_AFTER_MS);
  }

  /** The evaluation's answer came: no "evaluating…" from now on (its result is being drawn). */
  answered(): void {
    clearTimeout(this.slow);
  }

  /** The evaluation ended: `text` in the pill (`ok`, `errors: 2`, `stopped: …`), `ms` it took; `stale`: the results are not of the current input. */
  done(text: string, ms: number | undefined, stale: boolean): void {
    clearTimeout(this.slow);
    this.results.removeAttribute("aria-busy");
    delete this.results.dataset.busy;
    const pill = this.pill;
    if (pill.textContent !== text) pill.textContent = text;
    pill.dataset.evalMs = ms === undefined ? "" : ms.toFixed(2);
    pill.dataset.run = String(++this.runs);
    pill.className = text === "ok" ? "ok" : text.startsWith("stopped") ? "stopped" : "bad";
    this.staleNote.hidden = !stale;
    if (stale) this.results.dataset.stale = "true";
    else delete this.results.dataset.stale;
  }

  /**
   * Which openstack-heat release answered (`version`, named by `label`),
   * beside the pill; hidden when no release answered (the evaluation did not
   * run, or the request named a release the engine does not know).
   */
  answeredBy(version: string | null, label: string): void {
    const out = this.release;
    if (!out) return;
    out.hidden = version === null;
    out.dataset.release = version ?? "";
    out.textContent = version === null ? "" : `answered as ${label}`;
  }
}
