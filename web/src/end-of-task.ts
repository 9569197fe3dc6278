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

/**
 * A promise that resolves in a new task (not a microtask): work split at it
 * lets the browser handle input and draw in between, so a big result is not
 * one long task. `scheduler.yield` where there is one, else a message to self.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/** How long a task that draws a result may run before it goes on in a new one. */
export const SLICE_MS = 12;

/**
 * Work split into tasks only where it runs long: `next()` goes on in a new
 * task (`nextTask`) once the current one has run `budgetMs` since `start`,
 * else at once. A small result is drawn in the task that received it, so it
 * shows at the next frame; a big one still yields between panes (no task
 * over 50 ms). `start`: when the current task began (an event's `timeStamp`:
 * receiving a big answer is already a long task).
 */
export class Slices {
  constructor(private start: number = performance.now(), private readonly budgetMs = SLICE_MS) {}

  /** Resolves at once while this task has time left, else in a new task. */
  async next(): Promise<void> {
    if (performance.now() - this.start < this.budgetMs) return;
    await nextTask();
    this.start = performance.now();
  }
}
