// An evaluation's answer as the worker (worker.ts) sends it to the page: the
// package's response less the parsed canonical result, of which the page
// reads only the head.
import type { CanonicalResult, EvaluateResponse } from "hotplate/web";

/**
 * What the page reads of the canonical result besides its text: Heat's
 * `error`, and the outputs (the verdict names failing ones). The panes show
 * `shown`; the canonical result pane shows `resultJson`.
 */
export type ResultHead = Pick<CanonicalResult, "error" | "outputs">;
/**
 * An evaluation's answer as the page receives it: the package's response
 * with only the head of `result`, read from `resultJson`: the result is
 * neither parsed nor copied across threads. When Heat refused a stack (the
 * overcloud: a nested one; 5 MB of result beside 4 MB shown) that is ~35 ms
 * a keystroke; otherwise `shown` is the result, parsed once.
 */
export type Answer = Omit<EvaluateResponse, "result"> & { result: ResultHead };

