// Browser entry (`hotplate/web`): plain ESM for <script type="module">, import
// maps and workers, with an explicit `await init()` that fetches the .wasm
// (next to this file unless told otherwise).
import initGlue, * as glue from "../glue/hotplate_wasm.js";
import { install } from "./api.js";

let ready = false;
install(glue, () => ready);

export { evaluate, evaluation, validate, versions, functions, resourceTypes, releases, summarizeFile, yaql, renderValue, complete, hover, definition, references, documentSymbols, quickFixes, plan } from "./api.js";
export type * from "./types.js";
export type { EvaluateOptions, EvaluateResponse, Evaluation } from "./api.js";

/** What `init` accepts: where or what the `.wasm` is. */
export type InitInput =
  | RequestInfo
  | URL
  | Response
  | BufferSource
  | WebAssembly.Module
  | Promise<RequestInfo | URL | Response | BufferSource | WebAssembly.Module>;

/**
 * Load and instantiate the engine; call (and await) it once before anything
 * else. `input` is where or what the `.wasm` is (a URL, a `Response`, bytes or
 * a compiled `WebAssembly.Module`); by default it is fetched from beside this
 * module. Calling it again does nothing.
 */
export async function init(input?: InitInput): Promise<void> {
  await initGlue({ module_or_path: input ?? new URL("../glue/hotplate_wasm_bg.wasm", import.meta.url) });
  ready = true;
}

/** Like `init`, synchronously, from the `.wasm` bytes or a compiled module (e.g. in a worker). */
export function initSync(module: BufferSource | WebAssembly.Module): void {
  glue.initSync({ module });
  ready = true;
}
