// Evaluation off the main thread: the page never freezes, and a runaway
// template is stopped by terminating this worker (runner.ts). Right after an
// evaluation the engine writes every value the panes show (values.ts), so the
// page receives text it only has to place.
import { init, evaluate, renderValue } from "hotplate/web";
import type { EvaluateRequest, EvaluateResponse, PathStep, RenderedValue } from "hotplate/web";
import { pathKey, resourceSignatures, shownPaths, valuesDelta, type Mode, type Values, type ValuesDelta } from "./values";

/** Evaluate `request`, or write the value at `render` of the last evaluation (a Copy button's text). */
export type WorkerRequest =
  | { id: number; request: EvaluateRequest; format: Mode }
  | { id: number; render: PathStep[]; format: Mode };
export type WorkerResponse =
  | { ready: true }
  | { ready: false; message: string }
  | { id: number; ok: true; response: EvaluateResponse; values: ValuesDelta; signatures: Record<string, string>; ms: number }
  | { id: number; ok: true; rendered: RenderedValue | null }
  | { id: number; ok: false; message: string };

const post = (m: WorkerResponse) => (self as unknown as Worker).postMessage(m);

/** The values of the last answer and their format: the next answer sends only what changed. */
let sent: { values: Values; format: Mode } | null = null;

init().then(
  () => post({ ready: true }),
  (e) => post({ ready: false, message: `the engine failed to load: ${e instanceof Error ? e.message : String(e)}` }),
);

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const m = event.data;
  const { id, format } = m;
  try {
    if ("render" in m) {
      post({ id, ok: true, rendered: renderValue(m.render, format) });
      return;
    }
    const t0 = performance.now();
    const response = evaluate(m.request);
    const values: Values = {};
    for (const path of shownPaths(response.result)) {
      const v = renderValue(path, format);
      if (v) values[pathKey(path)] = v;
    }
    const signatures = resourceSignatures(response.result, values, format);
    const delta = valuesDelta(sent?.format === format ? sent.values : null, values);
    sent = { values, format };
    post({ id, ok: true, response, values: delta, signatures, ms: performance.now() - t0 });
  } catch (e) {
    post({ id, ok: false, message: e instanceof Error ? e.message : String(e) });
  }
};
