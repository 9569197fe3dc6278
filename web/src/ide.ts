// The page's side of the editor questions: one worker (ide-worker.ts), one
// promise per question, and a time limit after which the worker is replaced
// (a runaway template must not block it). The limit is the engine's time on the
// question: it starts once the worker has loaded the engine (loading it takes
// longer on a busy machine, and a limit that counted it would stop every worker
// before it could answer, the first hover never shown). Quick fixes are not asked of that
// worker: they come from the evaluation the page already has (`fixes`, the
// runner's `quickFixes`), so the request is not evaluated a second time.
import type { Completions, DocumentSymbol, EvaluateRequest, HoverInfo, QuickFix, SourceLocation } from "hotplate/web";
import type { IdeOp, IdeRequest, IdeResponse } from "./ide-worker";
import { startWorker } from "./runner";
import ideWorkerUrl from "./ide-worker.ts?worker&url";

export interface IdeResults {
  complete: Completions;
  hover: HoverInfo | null;
  definition: SourceLocation[];
  references: SourceLocation[];
  documentSymbols: DocumentSymbol[];
  quickFixes: QuickFix[];
}

export const IDE_TIME_LIMIT_MS = 2000;

export class IdeClient {
  private worker: Worker | null = null;
  /** The worker has loaded the engine: questions' time limits run. */
  private ready = false;
  private nextId = 1;
  /** Questions waiting for their answer; `timer` once the engine is loaded. */
  private pending = new Map<number, { resolve: (v: unknown) => void; timer?: ReturnType<typeof setTimeout> }>();

  /** `fixes`: the quick fixes of a document from the page's last evaluation. */
  constructor(private readonly fixes: (file: string) => Promise<QuickFix[] | null>) {}

  /** Start the worker and load the engine now (the page loads everything up
   *  front: no request after it has loaded); resolves when it answers. */
  warm(): Promise<void> {
    return this.ask("documentSymbols", { stack_name: "warm", template: "" }, "template.yaml").then(() => undefined);
  }

  /** Ask the engine; `null` when it failed or took too long. */
  ask<K extends IdeOp | "quickFixes">(op: K, request: EvaluateRequest, file: string, offset = 0): Promise<IdeResults[K] | null> {
    if (op === "quickFixes") return this.fixes(file) as Promise<IdeResults[K] | null>;
    const w = (this.worker ??= this.spawn());
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, timer: this.ready ? this.limit() : undefined });
      const m: IdeRequest = { id, op: op as IdeOp, request, file, offset };
      w.postMessage(m);
    });
  }

  private limit(): ReturnType<typeof setTimeout> {
    return setTimeout(() => this.reset(), IDE_TIME_LIMIT_MS);
  }

  private spawn(): Worker {
    const w = startWorker(ideWorkerUrl);
    this.ready = false;
    w.onmessage = (e: MessageEvent<IdeResponse>) => {
      if ("ready" in e.data) {
        if (!e.data.ready) return this.reset();
        this.ready = true;
        for (const p of this.pending.values()) p.timer ??= this.limit();
        return;
      }
      const p = this.pending.get(e.data.id);
      if (!p) return;
      clearTimeout(p.timer);
      this.pending.delete(e.data.id);
      p.resolve(e.data.ok ? e.data.result : null);
    };
    w.onerror = (e) => {
      e.preventDefault();
      this.reset();
    };
    return w;
  }

  /** Stop the worker and answer every pending question with null. */
  private reset(): void {
    this.worker?.terminate();
    this.worker = null;
    this.ready = false;
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.resolve(null);
    }
    this.pending.clear();
  }
}
