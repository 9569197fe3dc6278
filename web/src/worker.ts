// Evaluation off the main thread: the page never freezes, and a runaway
// template is stopped by terminating this worker (runner.ts). The worker holds
// the last evaluation (the package's `evaluation`): right after evaluating it
// asks it for the values the panes show that changed since its last answer, in
// one call (`textsSince`: the engine's session compares them), so the page
// receives text it only has to place; a Copy button's text (`render`) and the
// editors' quick fixes (`quickFixes`) are asked of the same evaluation later,
// never by evaluating the request again. In compare mode (compare.ts) the
// same job also plans the update from the current stack (`plan`), so the time
// limit covers both.
import { init, evaluation, plan, releases, summarizeFile } from "hotplate/web";
import type { EvaluateOptions, EvaluateRequest, EvaluateResponse, Evaluation, FileSummary, HeatRelease, PathStep, PreviewRequest, QuickFix, RenderedValue, UpdatePlan } from "hotplate/web";
import type { Answer, ResultHead } from "./answer";
import { topLevelValue } from "./json-ranges";
import { takeShownTexts, type Mode, type Values, type ValuesDelta } from "./values";

/** Evaluate `request` (with `options`: the lint rules; and plan `preview`, the update from the current stack, if given); or, of the last evaluation, write the value at `render` or the quick fixes of a document; or summarize a folder's files (folder.ts); or list the engine's Heat releases. */
export type WorkerRequest =
  | { id: number; request: EvaluateRequest; format: Mode; options: EvaluateOptions; preview?: PreviewRequest }
  | { id: number; render: PathStep[]; format: Mode }
  | { id: number; quickFixes: string }
  | { id: number; summarize: string[] }
  | { id: number; releases: true };
export type WorkerResponse =
  | { ready: true }
  | { ready: false; message: string }
  | { id: number; ok: true; response: Answer; values: ValuesDelta; signatures: Record<string, string>; plan?: UpdatePlan; ms: number }
  | { id: number; ok: true; rendered: RenderedValue | null }
  | { id: number; ok: true; fixes: QuickFix[] }
  | { id: number; ok: true; summaries: FileSummary[] }
  | { id: number; ok: true; releases: HeatRelease[] }
  | { id: number; ok: false; message: string };

const post = (m: WorkerResponse) => (self as unknown as Worker).postMessage(m);

/** The values of the last answer, their format and the engine's number of the call that wrote them: the next answer sends only what changed. */
let sent: { values: Values; format: Mode; call: number } | null = null;
/** The last evaluation (freed when the next one replaces it). */
let last: Evaluation | null = null;

init().then(
  () => post({ ready: true }),
  (e) => post({ ready: false, message: `the engine failed to load: ${e instanceof Error ? e.message : String(e)}` }),
);

self.onmessage = (event: MessageEvent<WorkerRequest>) => {
  const m = event.data;
  const { id } = m;
  /** The evaluation this one replaces, freed once the answer is posted (dropping an overcloud's trees takes ~20 ms the page need not wait for). */
  let previous: Evaluation | null = null;
  try {
    if ("render" in m) {
      post({ id, ok: true, rendered: last?.render(m.render, m.format) ?? null });
      return;
    }
    if ("quickFixes" in m) {
      post({ id, ok: true, fixes: last?.quickFixes(m.quickFixes) ?? [] });
      return;
    }
    if ("summarize" in m) {
      post({ id, ok: true, summaries: m.summarize.map(summarizeFile) });
      return;
    }
    if ("releases" in m) {
      post({ id, ok: true, releases: releases() });
      return;
    }
    const t0 = performance.now();
    const ev = evaluation(m.request, m.options);
    previous = last;
    last = ev;
    // Only the texts that changed since the last answer (the engine's session compares the values).
    const texts = ev.textsSince(m.format, sent?.format === m.format ? sent.call : undefined);
    const { values, delta } = takeShownTexts(sent?.format === m.format ? sent.values : null, texts);
    sent = { values, format: m.format, call: texts.call };
    const response = answer(ev.response);
    // What the resources pane shows of each resource, as one digest (panes/resources.ts keeps an unchanged one's element).
    const signatures = ev.resourceDigests(m.format);
    const planned = m.preview ? plan(m.preview, m.format) : undefined;
    post({ id, ok: true, response, values: delta, signatures, plan: planned, ms: performance.now() - t0 });
  } catch (e) {
    // The held values may be ahead of the runner's (updated in place): the next answer sends them all.
    sent = null;
    post({ id, ok: false, message: e instanceof Error ? e.message : String(e) });
  } finally {
    previous?.free();
  }
};

/** `r` as the page receives it: `result`'s head read from its text (the package parses `result` only when it is read). */
function answer(r: EvaluateResponse): Answer {
  const error = topLevelValue(r.resultJson, "error") as ResultHead["error"] | undefined;
  const outputs = topLevelValue(r.resultJson, "outputs") as ResultHead["outputs"] | undefined;
  const result: ResultHead = error === undefined || outputs === undefined ? r.result : { error, outputs };
  const rest = Object.fromEntries(Object.keys(r).filter((k) => k !== "result").map((k) => [k, r[k as keyof EvaluateResponse]]));
  return { ...(rest as Omit<EvaluateResponse, "result">), result };
}
