// Node entry (the `node` export condition): loads the .wasm synchronously, so
// the functions work right after `import`. `init()` exists for code shared
// with the browser entry and resolves at once.
import { readFileSync } from "node:fs";
import * as glue from "../glue/hotplate_wasm.js";
import { install } from "./api.js";

glue.initSync({ module: readFileSync(new URL("../glue/hotplate_wasm_bg.wasm", import.meta.url)) });
install(glue);

export { evaluate, evaluation, validate, versions, functions, resourceTypes, releases, summarizeFile, yaql, renderValue, complete, hover, definition, references, documentSymbols, quickFixes, plan } from "./api.js";
export type * from "./types.js";
export type { EvaluateOptions, EvaluateResponse, Evaluation } from "./api.js";

/** Nothing to do in Node: the engine is ready when the module is imported. */
export async function init(): Promise<void> {}
