// Runs evaluations in a Web Worker, one at a time; while one runs, only the
// latest request waits (older ones are superseded). A run that takes longer
// than the limit terminates the worker (a runaway template cannot freeze the
// page) and a fresh worker serves the next run.
import type { Answer } from "./answer";
import type { EvaluateOptions, EvaluateRequest, FileSummary, HeatRelease, PathStep, PreviewRequest, QuickFix, RenderedValue, UpdatePlan } from "hotplate/web";
import { applyValuesDelta, type Mode, type Values } from "./values";
import type { WorkerRequest, WorkerResponse } from "./worker";
import workerUrl from "./worker.ts?worker&url";

/** A module worker from this site, also when the page is another site's (an embed):
 * browsers only start same-origin worker scripts, so a cross-origin one is
 * imported from a same-origin blob (the script is served with CORS headers). */
export function startWorker(scriptUrl: string = workerUrl): Worker {
  const url = new URL(scriptUrl, import.meta.url);
  if (url.origin === location.origin) return new Worker(url, { type: "module" });
  const blob = new Blob([`import ${JSON.stringify(url.href)};`], { type: "text/javascript" });
  return new Worker(URL.createObjectURL(blob), { type: "module" });
}

export type RunResult =
  /** `values`: the engine's text of each value the panes show, in `format` (values.ts); `plan`: the update plan, when a preview was asked. */
  | { kind: "done"; response: Answer; values: Values; signatures: Record<string, string>; plan?: UpdatePlan; format: Mode; ms: number; receivedAt: number }
  | { kind: "failed"; message: string }
  | { kind: "stopped"; message: string }
  | { kind: "superseded" };

export const TIME_LIMIT_MS = 2000;

interface Job {
  id: number;
  request: EvaluateRequest;
  format: Mode;
  options: EvaluateOptions;
  preview?: PreviewRequest;
  resolve: (r: RunResult) => void;
}

export class Runner {
  private worker: Worker | null = null;
  private ready = false;
  private nextId = 1;
  private current: (Job & { timer?: ReturnType<typeof setTimeout> }) | null = null;
  private queued: Job | null = null;
  /** The engine failed to load: wait for the next `run` before trying again. */
  private loadFailed = false;
  /** The values of the worker's last answer: the next one sends only what changed (values.ts). */
  private values: Values = {};
  /** `render` and `quickFixes` calls waiting for the worker's answer (null if it is stopped). */
  private asks = new Map<number, (v: unknown) => void>();
  /** `summarize` calls waiting for the worker to start (true: it is ready). */
  private readyWaiters: ((ready: boolean) => void)[] = [];

  constructor(private readonly limitMs = TIME_LIMIT_MS) {}

  /** Evaluate `request` after the run in progress, if any; values are written in `format`; `options`: the
   *  lint rules to run. With `preview` (compare mode), the same run also plans that update (within the same time limit). */
  run(request: EvaluateRequest, format: Mode = "yaml", options: EvaluateOptions = {}, preview?: PreviewRequest): Promise<RunResult> {
    this.loadFailed = false;
    return new Promise((resolve) => {
      this.queued?.resolve({ kind: "superseded" });
      this.queued = { id: this.nextId++, request, format, options, preview, resolve };
      this.pump();
    });
  }

  /**
   * The engine's text of the value at `path` of the worker's last evaluation
   * (the newest result: shown, or about to be); null if there is none.
   */
  render(path: PathStep[], format: Mode): Promise<RenderedValue | null> {
    return this.ask<RenderedValue>((id) => ({ id, render: path, format }));
  }

  /**
   * The engine's quick fixes for the diagnostics of document `file`, from the
   * worker's last evaluation (the request is not evaluated again); null if
   * there is none.
   */
  quickFixes(file: string): Promise<QuickFix[] | null> {
    return this.ask<QuickFix[]>((id) => ({ id, quickFixes: file }));
  }

  /**
   * The engine's summary of each text (a folder's files: folder.ts), computed in
   * the worker (after the run in progress); null if the engine is not available.
   */
  summarize(texts: string[]): Promise<FileSummary[] | null> {
    if (!this.worker && !this.loadFailed) this.spawn();
    return this.whenReady().then((ok) => (ok ? this.ask<FileSummary[]>((id) => ({ id, summarize: texts })) : null));
  }

  /** The engine's Heat releases (its `releases()`), asked of the worker once it is ready; null if the engine is not available. */
  releases(): Promise<HeatRelease[] | null> {
    if (!this.worker && !this.loadFailed) this.spawn();
    return this.whenReady().then((ok) => (ok ? this.ask<HeatRelease[]>((id) => ({ id, releases: true })) : null));
  }

  /** Resolves true once the worker is ready, false if it could not start. */
  private whenReady(): Promise<boolean> {
    if (this.ready) return Promise.resolve(true);
    if (!this.worker) return Promise.resolve(false);
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /** A question about the worker's last evaluation. */
  private ask<T>(message: (id: number) => WorkerRequest): Promise<T | null> {
    if (!this.worker || !this.ready) return Promise.resolve(null);
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.asks.set(id, resolve as (v: unknown) => void);
      this.worker!.postMessage(message(id));
    });
  }

  private spawn(): void {
    const w = startWorker();
    this.ready = false;
    w.onmessage = (e: MessageEvent<WorkerResponse>) => {
      const m = e.data;
      if ("ready" in m) {
        if (m.ready) {
          this.ready = true;
          for (const w of this.readyWaiters.splice(0)) w(true);
          this.pump();
        } else {
          this.loadFailed = true;
          for (const w of this.readyWaiters.splice(0)) w(false);
          this.finish({ kind: "failed", message: m.message }, true);
        }
        return;
      }
      if ("rendered" in m || "fixes" in m || "summaries" in m || "releases" in m || this.asks.has(m.id)) {
        // An answer to `render`/`quickFixes`/`summarize`/`releases` (null when the worker could not answer it).
        this.asks.get(m.id)?.("rendered" in m ? m.rendered : "fixes" in m ? m.fixes : "summaries" in m ? m.summaries : "releases" in m ? m.releases : null);
        this.asks.delete(m.id);
        return;
      }
      if (m.ok) this.values = applyValuesDelta(this.values, m.values);
      if (this.current?.id === m.id) {
        const format = this.current.format;
        // `receivedAt`: when this task began (receiving a big answer is a long task already).
        this.finish(m.ok ? { kind: "done", response: m.response, values: this.values, signatures: m.signatures, plan: m.plan, format, ms: m.ms, receivedAt: e.timeStamp } : { kind: "failed", message: m.message }, false);
      }
    };
    w.onerror = (e) => {
      e.preventDefault();
      this.finish({ kind: "failed", message: e.message || "the engine failed" }, true);
    };
    this.worker = w;
  }

  private finish(result: RunResult, killWorker: boolean): void {
    const job = this.current;
    if (job?.timer) clearTimeout(job.timer);
    this.current = null;
    if (killWorker) {
      this.worker?.terminate();
      this.worker = null;
      for (const resolve of this.asks.values()) resolve(null);
      this.asks.clear();
      for (const w of this.readyWaiters.splice(0)) w(false);
    }
    if (job) job.resolve(result);
    else if (killWorker && this.queued) {
      // The engine did not load: answer the waiting request instead.
      const q = this.queued;
      this.queued = null;
      q.resolve(result);
    }
    this.pump();
  }

  private pump(): void {
    if (this.current || !this.queued || this.loadFailed) return;
    if (!this.worker) this.spawn();
    if (!this.ready) return;
    const job = this.queued;
    this.queued = null;
    this.current = job;
    this.current.timer = setTimeout(() => {
      if (this.current?.id === job.id) {
        this.finish({ kind: "stopped", message: `evaluation took longer than ${this.limitMs / 1000} s and was stopped` }, true);
      }
    }, this.limitMs);
    this.worker!.postMessage({ id: job.id, request: job.request, format: job.format, options: job.options, preview: job.preview } satisfies WorkerRequest);
  }
}
