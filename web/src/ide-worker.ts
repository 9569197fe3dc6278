// Editor questions (completion, hover, definition, outline) off the main
// thread, in their own worker so they never wait behind an evaluation. Quick
// fixes are not asked here: the evaluation worker has the evaluation they
// need (worker.ts, the runner's `quickFixes`).
import { init, complete, hover, definition, references, documentSymbols } from "hotplate/web";
import type { EvaluateRequest } from "hotplate/web";

export type IdeOp = "complete" | "hover" | "definition" | "references" | "documentSymbols";
export interface IdeRequest {
  id: number;
  op: IdeOp;
  request: EvaluateRequest;
  file: string;
  offset: number;
}
/** An answer, or (once, first) whether the engine loaded: questions' time limits start then (ide.ts). */
export type IdeResponse = { id: number; ok: true; result: unknown } | { id: number; ok: false; message: string } | { ready: boolean };

const post = (m: IdeResponse) => (self as unknown as Worker).postMessage(m);
const ready = init();
ready.then(
  () => post({ ready: true }),
  () => post({ ready: false }),
);

function answer(m: IdeRequest): unknown {
  switch (m.op) {
    case "complete":
      return complete(m.request, m.file, m.offset);
    case "hover":
      return hover(m.request, m.file, m.offset);
    case "definition":
      return definition(m.request, m.file, m.offset);
    case "references":
      return references(m.request, m.file, m.offset);
    case "documentSymbols":
      return documentSymbols(m.request, m.file);
  }
}

self.onmessage = async (event: MessageEvent<IdeRequest>) => {
  const m = event.data;
  try {
    await ready;
    post({ id: m.id, ok: true, result: answer(m) });
  } catch (e) {
    post({ id: m.id, ok: false, message: e instanceof Error ? e.message : String(e) });
  }
};
