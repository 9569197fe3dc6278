// The public API over the wasm-bindgen glue: parses `resultJson`, keeps the
// engine alive across traps. Each entry point (node, bundler, web) loads the
// .wasm its own way, then `install`s the one glue module here and re-exports
// the functions below.
import type {
  CanonicalResult,
  Completions,
  DocumentSymbol,
  EvaluateRequest,
  EvaluateSummary,
  FunctionInfo,
  HeatRelease,
  HoverInfo,
  LintOptions,
  PathStep,
  PreviewRequest,
  QuickFix,
  RenderFormat,
  RenderedValue,
  ResourceType,
  FileSummary,
  ShownTexts,
  ShownValue,
  SourceLocation,
  UpdatePlan,
  ValidateRequest,
  ValidateResult,
  VersionInfo,
  YaqlResult,
} from "./types.js";

/** What `evaluate` returns. Template problems are here, never thrown. */
export interface EvaluateResponse extends EvaluateSummary {
  /** The canonical result text from core (ints vs floats, key order): the source of truth. */
  resultJson: string;
  /** `JSON.parse(resultJson)`, parsed when first read. */
  result: CanonicalResult;
  /**
   * What the result panes show: `result`, or when Heat refused the stack the
   * engine's display evaluation, which goes on past Heat's first error
   * (parameters, the resources' other properties, the outputs and conditions
   * that resolve; each stack Heat refuses keeps Heat's `error`).
   */
  shown: CanonicalResult;
}

/** How to evaluate, besides the request. */
export interface EvaluateOptions {
  /**
   * Run the lint rules (the mistakes Heat accepts and deploys): their findings
   * are the response's `lint` (never in `diagnostics` or the result). `{}`
   * runs the rules on by default; `enable`/`disable` name rule ids or names,
   * or `all`. Absent: no lint (`lint` is empty).
   */
  lint?: LintOptions;
}

/**
 * One evaluation, held until `free()`: its response, and what else the
 * engine can say about it without evaluating the request again.
 */
export interface Evaluation {
  /** What `evaluate` returns for the request. */
  readonly response: EvaluateResponse;
  /**
   * Every value the result panes show (parameters, conditions, output values,
   * each enabled resource's properties, dependencies, metadata and policies,
   * nested stacks recursively) as the engine writes it, in one call.
   */
  texts(format: RenderFormat): ShownValue[];
  /**
   * What `texts(format)` answers, as what changed since the call numbered
   * `since` (an earlier answer's `call`, of `texts` or `textsSince`, of any
   * evaluation of this instance): the values whose text changed or that are
   * new, and the places no longer shown. `full`: `changed` is every value
   * (`since` absent, not the last such call, or another format). An
   * overcloud edit changes a few of ~9,000 texts.
   */
  textsSince(format: RenderFormat, since?: number): ShownTexts;
  /**
   * For each top-level resource of what the panes show (`response.shown`), by
   * name, a digest of all a result view shows of it in `format`: its result,
   * its nested stack's, the texts of their values, its skipped checks. A view
   * that keeps a resource's element while its digest stays rebuilds only what
   * an edit changed.
   */
  resourceDigests(format: RenderFormat): Record<string, string>;
  /** The value at `path` of the result as text (see `renderValue`), or null. */
  render(path: PathStep[], format: RenderFormat): RenderedValue | null;
  /** Quick fixes for the diagnostics (and lint findings) of one document of the request. */
  quickFixes(file: string): QuickFix[];
  /** Release the engine's memory of it (later calls answer empty). */
  free(): void;
}

/** An evaluation as the glue holds it: its answers are JSON text of the types above. */
export interface GlueEvaluation {
  /** The canonical result's JSON text as UTF-8 bytes (a copy). */
  resultUtf8(): Uint8Array;
  /** The shown result's, empty when it is the canonical result. */
  shownUtf8(): Uint8Array;
  summaryJson(): string;
  texts(format: string): string;
  textsSince(format: string, since?: number): string;
  resourceDigests(format: string): string;
  render(path: PathStep[], format: string): string;
  lint(enable: string[], disable: string[]): void;
  quickFixes(file: string): string;
  free(): void;
}

/** The raw exports of the wasm-bindgen glue this wrapper uses; answers are JSON text. */
export interface Glue {
  /**
   * Evaluates the request (JSON text as UTF-8 bytes; with texts, each of its
   * `template`, `environment` and `files` strings is the index of a text among
   * them, one after another as UTF-8 with their byte lengths); throws for a
   * malformed one. `linted`: and runs the lint rules over it in the same call.
   */
  Evaluation: {
    new (requestUtf8: Uint8Array, textsUtf8: Uint8Array, textLengths: Uint32Array): GlueEvaluation;
    linted(requestUtf8: Uint8Array, textsUtf8: Uint8Array, textLengths: Uint32Array, enable: string[], disable: string[]): GlueEvaluation;
  };
  validate(requestJson: string): string;
  versions(): string;
  functions(version: string): string;
  resourceTypes(release?: string): string;
  releases(): string;
  summarizeFile(text: string): string;
  yaql(expression: string, dataJson: string): string;
  complete(requestJson: string, file: string, offset: number): string;
  hover(requestJson: string, file: string, offset: number): string;
  definition(requestJson: string, file: string, offset: number): string;
  references(requestJson: string, file: string, offset: number): string;
  documentSymbols(requestJson: string, file: string): string;
  plan(requestJson: string, format: string): string;
  /** Present with `wasm-bindgen --experimental-reset-state-function`: a fresh instance of the same module. */
  __wbg_reset_state(): void;
}

/** The public functions. */
export interface Api {
  evaluate(request: EvaluateRequest, options?: EvaluateOptions): EvaluateResponse;
  evaluation(request: EvaluateRequest, options?: EvaluateOptions): Evaluation;
  validate(request: ValidateRequest): ValidateResult;
  versions(): VersionInfo[];
  functions(version: string): FunctionInfo[] | null;
  resourceTypes(release?: string): ResourceType[];
  releases(): HeatRelease[];
  summarizeFile(text: string): FileSummary;
  yaql(expression: string, data: unknown): YaqlResult;
  renderValue(path: PathStep[], format: RenderFormat): RenderedValue | null;
  complete(request: EvaluateRequest, file: string, offset: number): Completions;
  hover(request: EvaluateRequest, file: string, offset: number): HoverInfo | null;
  definition(request: EvaluateRequest, file: string, offset: number): SourceLocation[];
  references(request: EvaluateRequest, file: string, offset: number): SourceLocation[];
  documentSymbols(request: EvaluateRequest, file: string): DocumentSymbol[];
  quickFixes(request: EvaluateRequest, file: string, options?: EvaluateOptions): QuickFix[];
  plan(request: PreviewRequest, format: RenderFormat): UpdatePlan;
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
    shown: result,
    diagnostics: [
      { code: "internal-error", severity: "error", message, path: "", file: null, from: 0, to: 0, line: 0, column: 0, endLine: 0, endColumn: 0 },
    ],
    lint: [],
    deferred: [],
    parameters: [],
    edges: [],
    version: null,
    release: null,
  };
}

/** The plan of an update that crashed the engine: Heat's preview shape with an error. */
function crashPlan(e: unknown): UpdatePlan {
  const lists = { added: [], deleted: [], replaced: [], unchanged: [], updated: [] };
  return {
    heat: { error: { type: "InternalError", message: crashMessage(e), path: null }, preview: lists, nested: {} },
    summary: { added: 0, deleted: 0, replaced: 0, updated: 0, unchanged: 0, restricted: 0, dataLost: 0 },
    errorPlace: null,
    stack: { resources: [], nested: {} },
  };
}

/** No shown values, as `textsSince` answers (a crashed or freed evaluation): call 0 is never a session's. */
const noTexts = (): ShownTexts => ({ call: 0, full: true, changed: [], removed: [] });

/** A crashed evaluation: its response says so, and it has nothing else to say. */
function crashEvaluation(e: unknown): Evaluation {
  return { response: crashResponse(e), texts: () => [], textsSince: noTexts, resourceDigests: () => ({}), render: () => null, quickFixes: () => [], free() {} };
}

/**
 * The response of an evaluation: the summary, and the result's text
 * (`resultJson`), `result` and `shown` made from the engine's UTF-8 bytes when
 * first read (then kept): a caller that reads the texts (`resultJson`, the
 * evaluation's `texts`) does not pay for building the objects, and one that
 * reads only the diagnostics not even for decoding the texts. All three are
 * ordinary enumerable properties to spread, `JSON.stringify` and
 * `postMessage`, and can be assigned.
 */
function respond(summary: EvaluateSummary, resultUtf8: Uint8Array, shownUtf8: Uint8Array): EvaluateResponse {
  const response = summary as EvaluateResponse;
  let resultJson: string | undefined;
  let result: CanonicalResult | undefined;
  let shown: CanonicalResult | undefined;
  const text = () => (resultJson ??= decoder.decode(resultUtf8));
  const field = <T>(get: () => T, set: (v: T) => void): PropertyDescriptor => ({
    get,
    set,
    enumerable: true,
    configurable: true,
  });
  Object.defineProperties(response, {
    resultJson: field(text, (v) => void (resultJson = v)),
    result: field(
      () => (result ??= JSON.parse(text()) as CanonicalResult),
      (v) => void (result = v),
    ),
    // Empty text: the panes show the canonical result itself (the same object).
    shown: field(
      () => (shown ??= shownUtf8.length > 0 ? (JSON.parse(decoder.decode(shownUtf8)) as CanonicalResult) : response.result),
      (v) => void (shown = v),
    ),
  });
  return response;
}

/**
 * Bind the API to a glue module. `isReady` says whether the glue has an
 * instance (the browser entry needs `init()` first).
 */
export function bind(glue: Glue, isReady: () => boolean = () => true): Api {
  /** How many times the instance was re-created: an evaluation of an older instance is gone. */
  let generation = 0;
  /** The evaluation `evaluate` made last (for `renderValue`). */
  let last: Evaluation | null = null;
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
      generation++;
      return onCrash(e);
    }
  }
  const fail = (e: unknown): never => {
    throw new Error(crashMessage(e));
  };
  /** Evaluate, and hold the glue's object. */
  function open(request: EvaluateRequest, options?: EvaluateOptions): Evaluation {
    const { json, texts, lengths } = requestParts(request);
    const lint = lintRules(options);
    return guarded(() => {
      // Linted in the same call: the rules reuse the templates the evaluation loaded.
      const raw = lint
        ? glue.Evaluation.linted(json, texts, lengths, lint.enable, lint.disable)
        : new glue.Evaluation(json, texts, lengths);
      const born = generation;
      let live: GlueEvaluation | null = raw;
      /** Ask the held evaluation; empty once freed or once the instance it lived in is gone. */
      const ask = <T>(call: (r: GlueEvaluation) => T, empty: T): T => {
        const r = live;
        return r && born === generation ? guarded(() => call(r), () => empty) : empty;
      };
      const summary = JSON.parse(raw.summaryJson()) as EvaluateSummary;
      const response = respond(summary, raw.resultUtf8(), raw.shownUtf8());
      return {
        response,
        texts: (format) => ask((r) => JSON.parse(r.texts(String(format))) as ShownValue[], []),
        textsSince: (format, since) =>
          ask((r) => JSON.parse(r.textsSince(String(format), since)) as ShownTexts, noTexts()),
        resourceDigests: (format) => ask((r) => JSON.parse(r.resourceDigests(String(format))) as Record<string, string>, {}),
        render(path, format) {
          checkPath(path);
          return ask((r) => JSON.parse(r.render(path, String(format))) as RenderedValue | null, null);
        },
        quickFixes: (file) => ask((r) => JSON.parse(r.quickFixes(String(file))) as QuickFix[], []),
        free() {
          if (live && born === generation) live.free();
          live = null;
        },
      };
    }, crashEvaluation);
  }
  const parsed = <T>(text: string): T => JSON.parse(text) as T;
  return {
    evaluate(request, options) {
      const ev = open(request, options);
      last?.free();
      last = ev;
      return ev.response;
    },
    evaluation: open,
    validate: (request) =>
      guarded(
        () => parsed<ValidateResult>(glue.validate(requestText(request))),
        (e) => ({ error: { type: "InternalError", message: crashMessage(e), path: null }, validate: null }),
      ),
    versions: () => guarded(() => parsed<VersionInfo[]>(glue.versions()), fail),
    functions: (version) => guarded(() => parsed<FunctionInfo[] | null>(glue.functions(String(version))), fail),
    resourceTypes: (release) =>
      guarded(() => parsed<ResourceType[]>(glue.resourceTypes(release === undefined ? undefined : String(release))), fail),
    releases: () => guarded(() => parsed<HeatRelease[]>(glue.releases()), fail),
    summarizeFile: (text) => guarded(() => parsed<FileSummary>(glue.summarizeFile(String(text))), fail),
    yaql: (expression, data) =>
      guarded(
        () => parsed<YaqlResult>(glue.yaql(String(expression), JSON.stringify(data) ?? "null")),
        (e) => ({ ok: false, error: { type: "InternalError", message: crashMessage(e) } }),
      ),
    renderValue(path, format) {
      checkPath(path);
      // After a crash the instance is new and has no last result: null.
      return last ? last.render(path, format) : null;
    },
    complete: (request, file, offset) =>
      guarded(() => parsed<Completions>(glue.complete(requestText(request), String(file), position(offset))), () => ({ from: 0, to: 0, items: [] })),
    hover: (request, file, offset) =>
      guarded(() => parsed<HoverInfo | null>(glue.hover(requestText(request), String(file), position(offset))), () => null),
    definition: (request, file, offset) =>
      guarded(() => parsed<SourceLocation[]>(glue.definition(requestText(request), String(file), position(offset))), () => []),
    references: (request, file, offset) =>
      guarded(() => parsed<SourceLocation[]>(glue.references(requestText(request), String(file), position(offset))), () => []),
    documentSymbols: (request, file) =>
      guarded(() => parsed<DocumentSymbol[]>(glue.documentSymbols(requestText(request), String(file))), () => []),
    plan: (request, format) => guarded(() => parsed<UpdatePlan>(glue.plan(requestText(request), String(format))), crashPlan),
    quickFixes(request, file, options) {
      const ev = open(request, options);
      try {
        return ev.quickFixes(file);
      } finally {
        ev.free();
      }
    },
  };
}

/** A path is a list of keys (strings) and list indexes (integers). */
function checkPath(path: PathStep[]): void {
  if (!Array.isArray(path) || !path.every((s) => typeof s === "string" || Number.isInteger(s))) {
    throw new TypeError("hotplate: the path must be a list of keys (strings) and list indexes (integers)");
  }
}

/** The rules `options.lint` names (null: no lint), checked: lists of rule ids or names. */
function lintRules(options?: EvaluateOptions): { enable: string[]; disable: string[] } | null {
  if (options === undefined || options === null) return null;
  if (typeof options !== "object") throw new TypeError("hotplate: the options must be an object like {lint: {}}");
  const lint = options.lint;
  if (lint === undefined) return null;
  if (typeof lint !== "object" || lint === null || Array.isArray(lint)) {
    throw new TypeError("hotplate: options.lint must be an object like {disable: [\"W2001\"]}");
  }
  const names = (list: unknown, key: string): string[] => {
    if (list === undefined) return [];
    if (!Array.isArray(list) || !list.every((s) => typeof s === "string")) {
      throw new TypeError(`hotplate: options.lint.${key} must be a list of rule ids or names`);
    }
    return list;
  };
  return { enable: names(lint.enable, "enable"), disable: names(lint.disable, "disable") };
}

/** The request as the JSON text the editor exports take. */
function requestText(request: EvaluateRequest | ValidateRequest | PreviewRequest): string {
  if (typeof request !== "object" || request === null || Array.isArray(request)) {
    throw new TypeError("hotplate: the request must be an object like {template: '...'}");
  }
  return JSON.stringify(request);
}

const utf8 = new TextEncoder();

/**
 * The request as the evaluation's glue takes it: UTF-8 bytes (the glue copies
 * them at once, where a string is copied a character at a time in JavaScript),
 * and the documents' texts (a string `template` or `environment`, the `files`
 * values) beside the JSON as they are, each replaced in it by its index: they
 * are not escaped into JSON text and parsed back (issue 40: ~10% of the
 * package's time). A text that is not well-formed UTF-16 (a lone surrogate)
 * sends the whole request as JSON text, so the engine says what it says of it.
 */
function requestParts(request: EvaluateRequest): { json: Uint8Array; texts: Uint8Array; lengths: Uint32Array } {
  const whole = () => ({ json: utf8.encode(requestText(request)), texts: new Uint8Array(0), lengths: new Uint32Array(0) });
  const r = request as unknown as Record<string, unknown>;
  if (typeof request !== "object" || request === null || Array.isArray(request) || r.toJSON !== undefined) return whole();
  const docs: string[] = [];
  let plain = true;
  /** A document: a string becomes its index; anything JSON would write as a string sends the whole request. */
  const take = (v: unknown): unknown => {
    if (typeof v === "string") return String(docs.push(v) - 1);
    if (typeof v === "object" && v !== null && (v instanceof String || (v as { toJSON?: unknown }).toJSON !== undefined)) plain = false;
    return v;
  };
  const parts: Record<string, unknown> = { ...r };
  if ("template" in parts) parts.template = take(r.template);
  if ("environment" in parts) parts.environment = take(r.environment);
  const files = r.files;
  if (typeof files === "object" && files !== null && !Array.isArray(files)) {
    if ((files as { toJSON?: unknown }).toJSON !== undefined) return whole();
    parts.files = Object.fromEntries(Object.entries(files).map(([name, v]) => [name, take(v)]));
  }
  if (!plain || docs.length === 0 || !docs.every(wellFormed)) return whole();
  // At most 3 bytes of UTF-8 per UTF-16 unit.
  const bytes = new Uint8Array(docs.reduce((n, d) => n + 3 * d.length, 0));
  const lengths = new Uint32Array(docs.length);
  let at = 0;
  docs.forEach((d, i) => {
    const { written } = utf8.encodeInto(d, bytes.subarray(at));
    lengths[i] = written;
    at += written;
  });
  return { json: utf8.encode(JSON.stringify(parts)), texts: bytes.subarray(0, at), lengths };
}

/** No lone surrogate (which UTF-8 cannot carry): `String.prototype.isWellFormed` where there is one. */
function wellFormed(s: string): boolean {
  const native = (s as { isWellFormed?: () => boolean }).isWellFormed;
  return native ? native.call(s) : !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
}
const decoder = new TextDecoder();

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
export function evaluate(request: EvaluateRequest, options?: EvaluateOptions): EvaluateResponse {
  return api().evaluate(request, options);
}

/**
 * Evaluate a request and keep the evaluation: its `response` (what `evaluate`
 * returns), every value the result panes show as the engine writes it
 * (`texts`), any value by its path (`render`) and quick fixes (`quickFixes`),
 * all without evaluating the request again. Call `free()` when done with it.
 * With `{lint: {}}` its response lists the lint rules' findings too (`lint`)
 * and `quickFixes` offers their fixes.
 */
export function evaluation(request: EvaluateRequest, options?: EvaluateOptions): Evaluation {
  return api().evaluation(request, options);
}

/**
 * Template validate, as `openstack orchestration template validate` asks it
 * (Heat's `POST /v1/{tenant}/validate`, no values needed): Heat's answer
 * (`validate`: the description, every parameter with Heat's API keys, the
 * parameter groups, with `x-show-nested` the nested stacks' parameters, the
 * environment) or Heat's error (`error`). Template problems are in the
 * result; this throws only for a malformed request.
 */
export function validate(request: ValidateRequest): ValidateResult {
  return api().validate(request);
}

/** Every `heat_template_version` Heat accepts, oldest first. */
export function versions(): VersionInfo[] {
  return api().versions();
}

/** The intrinsic functions of a version (date or alias), or null for an unknown version. */
export function functions(version: string): FunctionInfo[] | null {
  return api().functions(version);
}

/**
 * Every resource type of Heat's registry, with properties and attributes
 * (hidden ones included), as `release` registers it (an openstack-heat
 * version such as `"16.1.0"`, one of `releases()`; default 27.0.1). An
 * unknown release throws, naming the known ones.
 */
export function resourceTypes(release?: string): ResourceType[] {
  return api().resourceTypes(release);
}

/**
 * Every openstack-heat release the engine answers as (what a request's
 * `"x-heat-release"` may name), oldest first, with its series, label
 * (`2021.1 wallaby — Heat 16.1.0`) and the one that answers by default.
 */
export function releases(): HeatRelease[] {
  return api().releases();
}

/**
 * What a file of a stack's folder is to heatclient — a template (a map with a
 * version key), an environment (environment sections only) or another file —
 * and the files it names as written: a template's `get_file` and provider
 * `type` values, an environment's `resource_registry` files. The CLI collects
 * `-t`/`-e` files by the same rules; the playground's "Open folder" uses it.
 */
export function summarizeFile(text: string): FileSummary {
  return api().summarizeFile(text);
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
 * A value of the last `evaluate`'s result (in this engine instance; an
 * `evaluation(request).render(path, format)` asks a held one), found by
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

/** Quick fixes for the diagnostics of a document (the request is evaluated; `evaluation(request).quickFixes(file)` reuses a held one). */
export function quickFixes(request: EvaluateRequest, file: string, options?: EvaluateOptions): QuickFix[] {
  return api().quickFixes(request, file, options);
}

/**
 * Plan an update the way Heat's `openstack stack update --dry-run` would
 * (`preview_update_stack` with `show_nested`): `request` is the update body
 * plus `x-current`, the create request of the stack as it is. The answer has
 * Heat's preview (`heat`: the five lists, nested stacks, or Heat's error) and
 * past it, per resource, why it is replaced or updated, the changed values
 * before and after (as `format` text, deploy-time values marked), the
 * `restricted_actions` the real update would refuse and the data at risk.
 * Throws only for a malformed request.
 */
export function plan(request: PreviewRequest, format: RenderFormat = "yaml"): UpdatePlan {
  return api().plan(request, format);
}
