// The public API over the wasm-bindgen glue: parses `resultJson`, keeps the
// engine alive across traps. Each entry point (node, bundler, web) loads the
// .wasm its own way, then `install`s the one glue module here and re-exports
// the functions below.
import type {
  Completions,
  DocumentSymbol,
  EvaluateRequest,
  EvaluateResponse,
  FunctionInfo,
  HoverInfo,
  PathStep,
  QuickFix,
  RenderFormat,
  RenderedValue,
  ResourceType,
  SourceLocation,
  VersionInfo,
  YaqlResult,
} from "./types.js";

/** The raw exports of the wasm-bindgen glue this wrapper uses. */
export interface Glue {
  /** Request as JSON text; `[resultJson, JSON of the other response fields]`. */
  evaluate(requestJson: string): string[];
  versions(): VersionInfo[];
  functions(version: string): FunctionInfo[] | null;
  resourceTypes(): ResourceType[];
  yaql(expression: string, data: unknown): YaqlResult;
  /** `path` is copied into a new array (the glue takes a JS array of strings and numbers). */
  renderValue(path: PathStep[], format: string): RenderedValue | null;
  complete(requestJson: string, file: string, offset: number): Completions;
  hover(requestJson: string, file: string, offset: number): HoverInfo | null;
  definition(requestJson: string, file: string, offset: number): SourceLocation[];
  references(requestJson: string, file: string, offset: number): SourceLocation[];
  documentSymbols(requestJson: string, file: string): DocumentSymbol[];
  quickFixes(requestJson: string, file: string): QuickFix[];
  /** Present with `wasm-bindgen --experimental-reset-state-function`: a fresh instance of the same module. */
  __wbg_reset_state(): void;
}

/** The public functions. */
export interface Api {
  evaluate(request: EvaluateRequest): EvaluateResponse;
  versions(): VersionInfo[];
  functions(version: string): FunctionInfo[] | null;
  resourceTypes(): ResourceType[];
  yaql(expression: string, data: unknown): YaqlResult;
  renderValue(path: PathStep[], format: RenderFormat): RenderedValue | null;
  complete(request: EvaluateRequest, file: string, offset: number): Completions;
  hover(request: EvaluateRequest, file: string, offset: number): HoverInfo | null;
  definition(request: EvaluateRequest, file: string, offset: number): SourceLocation[];
  references(request: EvaluateRequest, file: string, offset: number): SourceLocation[];
  documentSymbols(request: EvaluateRequest, file: string): DocumentSymbol[];
  quickFixes(request: EvaluateRequest, file: string): QuickFix[];
}

/** The exception a wasm call ends with when the instance died: a trap (a Rust
 *  panic or abort is `unreachable`) or a stack overflow. Anything else (a
 *  JsError for a malformed request) leaves the instance intact. */
function isTrap(e: unknown): boolean {
  return e instanceof WebAssembly.RuntimeError || e instanceof RangeError;
}

/** The message of a crash response. */
function crashMessage(e: unknown): string {
  const what = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return `internal error: the hotplate engine crashed on this input (${what}) and was restarted; please report it`;
}

/** The response of an evaluation that crashed: Heat's result shape with an error, one diagnostic. */
function crashResponse(e: unknown): EvaluateResponse {
  const message = crashMessage(e);
  // Keys in sorted order, as the canonical result text has them.
  const result = {
    conditions: {},
    error: { message, path: null, type: "InternalError" },
    outputs: {},
    parameters: {},
    nested: {},
    resources: {},
    skipped_checks: [],
    skipped_constraints: [],
    template_version: null,
  };
  return {
    resultJson: JSON.stringify(result, null, 2),
    result,
    diagnostics: [
      { code: "internal-error", severity: "error", message, path: "", file: null, from: 0, to: 0, line: 0, column: 0 },
    ],
    deferred: [],
    parameters: [],
    edges: [],
    version: null,
  };
}

/**
 * Bind the API to a glue module. `isReady` says whether the glue has an
 * instance (the browser entry needs `init()` first).
 */
export function bind(glue: Glue, isReady: () => boolean = () => true): Api {
  /** Run a glue call; after a trap, re-create the instance and answer with `onCrash`. */
  function guarded<T>(call: () => T, onCrash: (e: unknown) => T): T {
    if (!isReady()) {
      throw new Error("hotplate: the engine is not initialised; `await init()` first");
    }
    try {
      return call();
    } catch (e) {
      if (!isTrap(e)) throw e;
      glue.__wbg_reset_state();
      return onCrash(e);
    }
  }
  const fail = (e: unknown): never => {
    throw new Error(crashMessage(e));
  };
  return {
    evaluate(request) {
      if (typeof request !== "object" || request === null || Array.isArray(request)) {
        throw new TypeError("hotplate: the request must be an object like {template: '...'}");
      }
      return guarded(() => {
        const [resultJson, extras] = glue.evaluate(JSON.stringify(request));
        const rest = JSON.parse(extras) as Omit<EvaluateResponse, "result" | "resultJson">;
        return { ...rest, resultJson, result: JSON.parse(resultJson) as EvaluateResponse["result"] };
      }, crashResponse);
    },
    versions: () => guarded(() => glue.versions(), fail),
    functions: (version) => guarded(() => glue.functions(String(version)), fail),
    resourceTypes: () => guarded(() => glue.resourceTypes(), fail),
    yaql: (expression, data) =>
      guarded(
        () => glue.yaql(String(expression), data),
        (e) => ({ ok: false, error: { type: "InternalError", message: crashMessage(e) } }),
      ),
    renderValue(path, format) {
      if (!Array.isArray(path) || !path.every((s) => typeof s === "string" || Number.isInteger(s))) {
        throw new TypeError("hotplate: the path must be a list of keys (strings) and list indexes (integers)");
      }
      // After a crash the instance is new and has no last result: null.
      return guarded(() => glue.renderValue(path, String(format)), () => null);
    },
    complete: (request, file, offset) =>
      guarded(() => glue.complete(requestText(request), String(file), position(offset)), () => ({ from: 0, to: 0, items: [] })),
    hover: (request, file, offset) =>
      guarded(() => glue.hover(requestText(request), String(file), position(offset)), () => null),
    definition: (request, file, offset) =>
      guarded(() => glue.definition(requestText(request), String(file), position(offset)), () => []),
    references: (request, file, offset) =>
      guarded(() => glue.references(requestText(request), String(file), position(offset)), () => []),
    documentSymbols: (request, file) => guarded(() => glue.documentSymbols(requestText(request), String(file)), () => []),
    quickFixes: (request, file) => guarded(() => glue.quickFixes(requestText(request), String(file)), () => []),
  };
}

/** The request as the JSON text the editor exports take. */
function requestText(request: EvaluateRequest): string {
  if (typeof request !== "object" || request === null || Array.isArray(request)) {
    throw new TypeError("hotplate: the request must be an object like {template: '...'}");
  }
  return JSON.stringify(request);
}

/** A UTF-16 offset (a string index): a non-negative integer. */
function position(offset: number): number {
  if (!Number.isInteger(offset) || offset < 0) {
    throw new TypeError("hotplate: a position is a string index (a non-negative integer)");
  }
  return Math.min(offset, 0xffffffff);
}

let installed: Api | undefined;

/** Bind the exported functions to a glue module (called once by each entry point). */
export function install(glue: Glue, isReady?: () => boolean): void {
  installed = bind(glue, isReady);
}

function api(): Api {
  if (installed === undefined) throw new Error("hotplate: no engine installed (import an entry point of the package)");
  return installed;
}

/**
 * Evaluate a stack-create request the way Heat would: Heat's canonical result
 * (`resultJson`, and parsed as `result`), every diagnostic with editor
 * positions, deploy-time value markers, parameter sources and dependency
 * edges. Template problems are in the response; this throws only for a
 * malformed request (no `template`, a `files` value that is not a string, ...).
 */
export function evaluate(request: EvaluateRequest): EvaluateResponse {
  return api().evaluate(request);
}

/** Every `heat_template_version` Heat accepts, oldest first. */
export function versions(): VersionInfo[] {
  return api().versions();
}

/** The intrinsic functions of a version (date or alias), or null for an unknown version. */
export function functions(version: string): FunctionInfo[] | null {
  return api().functions(version);
}

/** Every resource type of Heat's registry, with properties and attributes (hidden ones included). */
export function resourceTypes(): ResourceType[] {
  return api().resourceTypes();
}

/**
 * Evaluate a yaql expression as Heat's `yaql` function does (yaql 3.2, Heat's
 * limits): `data` is the function's `data`, seen by the expression as `$.data`.
 * Errors are returned (`{ok: false, error: {type, message}}`), never thrown.
 */
export function yaql(expression: string, data: unknown): YaqlResult {
  return api().yaql(expression, data);
}

/**
 * A value of the last `evaluate`'s result (in this engine instance), found by
 * its path from the result's root (`["outputs", "ip", "value"]`,
 * `["nested", "db", "resources", "server", "properties"]`), written as YAML or
 * JSON text by the engine itself: floats stay floats (`1.0`), integers are
 * exact, keys keep Heat's order, and each value Heat only knows once the stack
 * exists is a `⟨get_attr server first_address⟩` placeholder listed in `marks`
 * with its offsets in `text`. Null when the result has no such value.
 */
export function renderValue(path: PathStep[], format: RenderFormat): RenderedValue | null {
  return api().renderValue(path, format);
}

/** Completions at a position of a document of the request (works on text that does not parse). */
export function complete(request: EvaluateRequest, file: string, offset: number): Completions {
  return api().complete(request, file, offset);
}

/** What the word at a position is (Markdown), or null. */
export function hover(request: EvaluateRequest, file: string, offset: number): HoverInfo | null {
  return api().hover(request, file, offset);
}

/** Where the name at a position is defined (a parameter, resource, condition, file). */
export function definition(request: EvaluateRequest, file: string, offset: number): SourceLocation[] {
  return api().definition(request, file, offset);
}

/** The definition and every use of the name at a position. */
export function references(request: EvaluateRequest, file: string, offset: number): SourceLocation[] {
  return api().references(request, file, offset);
}

/** The outline of a document: its sections and their entries. */
export function documentSymbols(request: EvaluateRequest, file: string): DocumentSymbol[] {
  return api().documentSymbols(request, file);
}

/** Quick fixes for the diagnostics of a document (the request is evaluated). */
export function quickFixes(request: EvaluateRequest, file: string): QuickFix[] {
  return api().quickFixes(request, file);
}
