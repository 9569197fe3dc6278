// Evaluation off the main thread: the page never freezes, and a runaway
// template is stopped by terminating this worker (runner.ts).
import { init, evaluate } from "hotplate/web";
import type { EvaluateRequest, EvaluateResponse } from "hotplate/web";

export interface WorkerRequest {
  id: number;
  request: EvaluateRequest;
}
export type WorkerResponse =
  | { ready: true }
  | { ready: false; message: string }
  | { id: number; ok: true; response: EvaluateResponse; ms: number }
  | { id: number; ok: false; message: string };

const post = (m: WorkerResponse) => (self as unknown as Worker).postMessage(m);

init().then(
  () => post({ ready: true }),
  (e) => post({ ready: false, message: `the engine failed to load: ${e instanceof Error ? e.message : String(e)}` }),
);

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const { id, request } = event.data;
  try {
    const t0 = performance.now();
    const response = evaluate(request);
    post({ id, ok: true, response, ms: performance.now() - t0 });
  } catch (e) {
    post({ id, ok: false, message: e instanceof Error ? e.message : String(e) });
  }
};
