// An evaluation is due at the end of the current task. No timer: the edits of
// one task (a keystroke, a loaded workspace) are one evaluation, and typing
// faster than the engine is coalesced by the runner (while one evaluation runs
// only the latest request waits, and a result an edit has already superseded is
// not drawn). A timer would only add its delay, and it fires after the
// keystroke's own frame, while the worker sits idle. Page and embed both use it.
export class EndOfTask {
  private due = false;

  constructor(private readonly run: () => unknown) {}

  /** Run at the end of this task (once, however often this is called in it). */
  schedule(): void {
    if (this.due) return;
    this.due = true;
    queueMicrotask(() => {
      if (this.due) this.now();
    });
  }

  /** Run now (a scheduled run is then not needed). */
  now(): void {
    this.due = false;
    void this.run();
  }
}
