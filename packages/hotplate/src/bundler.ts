// Bundler entry (the `default` export condition: Vite, webpack 5, Rollup,
// esbuild...): the .wasm is referenced with `new URL(..., import.meta.url)`,
// which bundlers copy as an asset, and instantiated with top-level await, so
// the functions work right after `import`.
import initGlue, * as glue from "../glue/hotplate_wasm.js";
import { install } from "./api.js";

await initGlue({ module_or_path: new URL("../glue/hotplate_wasm_bg.wasm", import.meta.url) });
install(glue);

export { evaluate, evaluation, validate, versions, functions, resourceTypes, releases, summarizeFile, yaql, renderValue, complete, hover, definition, references, documentSymbols, quickFixes, plan } from "./api.js";
export type * from "./types.js";
export type { EvaluateOptions, EvaluateResponse, Evaluation } from "./api.js";

/** Nothing to do: the engine is ready when the module is imported (top-level await). */
export async function init(): Promise<void> {}
