// Public types of the `hotplate` package. The shapes are those of the Rust
// DTOs in wasm/src/lib.rs; test/types.test.ts (tsc) and wasm/tests/web.rs
// (round trips) keep the two in step.

/** Any JSON value. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** Heat's stack-create body (the oracle's request format) plus the playground extensions. */
export interface EvaluateRequest {
  /** The stack's name (`OS::stack_name`). Heat answers a request without one with HTTPBadRequest. */
  stack_name: string;
  /** YAML or JSON text, or an already-parsed object (then YAML 1.1 scalar rules do not apply). */
  template: string | object;
  /** Ignored when `environment_files` is non-empty (as heat-api does). */
  environment?: string | object;
  /** Names in `files`, merged in order. */
  environment_files?: string[];
  /** Contents for environment files, `get_file` and provider templates; `null` = unreadable. */
  files?: Record<string, string | null>;
  /** Explicit parameter values. */
  parameters?: Record<string, unknown>;
  "x-playground"?: {
    stack_id?: string;
    project_id?: string;
    /** Mocked attributes per resource (the resource then counts as created). */
    attributes?: Record<string, Record<string, unknown>>;
    /** Mocked reference ids (`get_resource`) per resource. */
    reference_ids?: Record<string, string>;
  };
  /** The template's file name, used in diagnostics (default `template.yaml`). */
  "x-template-name"?: string;
  /** The cloud's heat.conf settings (default: Heat's): `max_nested_stack_depth`,
   *  `max_resources_per_stack`, `max_template_size`, `max_json_body_size`, …, and
   *  sections as objects (`{"yaql": {"memory_quota": 100000}}`). */
  "x-heat-config"?: Record<string, unknown>;
}

/** The error Heat would raise. */
export interface HeatError {
  /** Python class name of Heat's exception (`StackValidationFailed`, ...). */
  type: string;
  /** `str(exception)`. */
  message: string;
  /** Heat's error path, or null. */
  path: (string | number)[] | null;
}

/** An enabled resource with its properties resolved. */
export interface EnabledResource {
  type: string;
  enabled: true;
  properties: JsonValue;
  metadata: JsonValue;
  depends_on: JsonValue[];
  requires: string[];
  deletion_policy: JsonValue;
  update_policy: JsonValue;
  external_id: JsonValue;
}

/** A resource whose condition is false: every field but `type` is null. */
export interface DisabledResource {
  type: JsonValue;
  enabled: false;
  properties: null;
  metadata: null;
  depends_on: null;
  requires: null;
  deletion_policy: null;
  update_policy: null;
  external_id: null;
}

/** Heat's canonical result (../shared/oracle/README.md). When `error` is set, the maps are empty. */
export interface CanonicalResult {
  template_version: string | null;
  error: HeatError | null;
  parameters: Record<string, JsonValue>;
  conditions: Record<string, JsonValue>;
  resources: Record<string, EnabledResource | DisabledResource>;
  outputs: Record<string, { value: JsonValue; error: string | null }>;
  /** Custom constraints a service would have checked: parameters first, then resource properties. */
  skipped_constraints: SkippedConstraint[];
  /** Plugin checks that stopped where Heat would have asked a service. */
  skipped_checks: SkippedCheck[];
  /** Nested stacks (resource name → their result). */
  nested: Record<string, CanonicalResult>;
}

/**
 * A custom constraint only a cloud can check: of a parameter, or of a resource
 * property (`property` is Heat's path, list indices as numbers: `networks.0.network`).
 */
export type SkippedConstraint =
  | { parameter: string; constraint: string }
  | { resource: string; property: string; constraint: string };

/** A plugin check that stopped where Heat would ask a service. */
export interface SkippedCheck {
  /** The resource (nested stacks: names joined by `/`). */
  resource: string;
  /** `<plugin class>.validate`, `.validate_external`, `.child_template`. */
  check: string;
  /** The client Heat would ask (`nova`, `glance`, `neutron`, ...). */
  service: string;
}

/** A diagnostic with editor positions (`from`/`to`: UTF-16 offsets, CodeMirror's unit). */
export interface Diagnostic {
  /** Stable kebab-case code (`yaml-syntax`, `unknown-parameter`, ...). */
  code: string;
  severity: "error" | "warning";
  message: string;
  /** Heat's breadcrumb (`resources.r.properties.x`), or "". */
  path: string;
  /** The source the position is in (template or file name), or null when unlocated. */
  file: string | null;
  from: number;
  to: number;
  /** 1-based; 0 when unlocated. */
  line: number;
  /** 1-based, in code points; 0 when unlocated. */
  column: number;
}

/** One step of a path in the result: a map key or a list index. */
export type PathStep = string | number;

/** A value Heat only knows at deploy time (get_resource, get_attr, OS::stack_id, ...). */
export interface Deferred {
  /**
   * Where it lands in the result, as keys and list indexes
   * (`["resources", "server", "properties", "networks", 0, "port"]`; in a nested
   * stack `["nested", "db", "outputs", "id", "value"]`).
   */
  steps: PathStep[];
  /** What it stands for (`get_attr server first_address`). */
  label: string;
  /** true: the value is the placeholder itself; false: it is built from one. */
  exact: boolean;
}

/** A template parameter as the UI shows it. */
export interface ParameterInfo {
  name: string;
  type: string;
  /** Where the value came from. */
  source: "user" | "user_default" | "default" | "missing";
  /** Which environment file (or `parameters`) set it, if any (the last one). */
  file: string | null;
  /**
   * Each file's part of the value, in merge order: one entry unless environment
   * files merged it (`parameter_merge_strategies` `merge`/`deep_merge`). `parts`
   * are the map keys or list indexes that file gave; empty: the whole value (or
   * text appended to a merged string). An `overwrite` leaves only its own entry.
   */
  contributions: { file: string; strategy: "overwrite" | "merge" | "deep_merge"; parts: PathStep[] }[];
  label: string;
  description: string;
  hidden: boolean;
  /** The template default (null when none). */
  default: JsonValue;
  /** One hint per constraint (`one of: a, b`, `range: 1 to 10`, `length: at least 3`, …). */
  constraints: string[];
}

/** A dependency edge between enabled resources: `from` needs `to`. */
export interface Edge {
  from: string;
  to: string;
  kind: "depends_on" | "get_resource" | "get_attr" | "Ref";
}

/** What `evaluate` returns. Template problems are here, never thrown. */
export interface EvaluateResponse {
  /** The canonical result text from core (ints vs floats, key order): the source of truth. */
  resultJson: string;
  /** `JSON.parse(resultJson)`. */
  result: CanonicalResult;
  diagnostics: Diagnostic[];
  deferred: Deferred[];
  parameters: ParameterInfo[];
  edges: Edge[];
  /** The detected HOT version (date form), or null. */
  version: string | null;
}

/** How `renderValue` writes a value. */
export type RenderFormat = "yaml" | "json" | "json-line";

/**
 * A deploy-time placeholder `⟨label⟩` in a rendered value. A value built from a
 * deploy-time one keeps it in place (`⟨get_attr server name⟩-x`, a merged map's
 * `"<<": ⟨get_attr v value⟩` entry, a concatenated list's `...⟨get_attr g refs⟩`
 * item), so a mark may cover part of a string.
 */
export interface RenderedMark {
  /** Where it is in the rendered value (keys and list indexes; `[]`: the value itself). */
  path: PathStep[];
  /** What it stands for (`get_attr server first_address`, `yaql over get_attr server name`). */
  label: string;
  /** `true`: the deploy-time value itself; `false`: a value computed from one (`yaql over …`). */
  exact: boolean;
  /** UTF-16 offsets (JavaScript string indexes) of `⟨label⟩` in `text` (quotes excluded). */
  from: number;
  to: number;
}

/** A value of the result as text, written by the engine (floats stay `1.0`, key order kept). */
export interface RenderedValue {
  text: string;
  marks: RenderedMark[];
}

/** A HOT version. */
export interface VersionInfo {
  date: string;
  alias: string | null;
}

/** An intrinsic function as one version sees it. */
export interface FunctionInfo {
  name: string;
  inTemplates: boolean;
  inConditions: boolean;
  /** Present but removed in this version (using it fails validation). */
  removed: boolean;
}

/** A resource type of Heat's registry. */
export interface ResourceType {
  name: string;
  /** `SUPPORTED`, `HIDDEN`, `DEPRECATED`, ... */
  status: string;
  description: string;
  properties: { name: string; type: string; required: boolean; description: string }[];
  attributes: string[];
}

/** What `yaql` returns; errors of the expression are returned, not thrown. */
export type YaqlResult =
  | { ok: true; value: JsonValue; json: string }
  | { ok: false; error: { type: string; message: string } };

/** What `init` accepts in the browser entry: where or what the `.wasm` is. */
export type InitInput =
  | RequestInfo
  | URL
  | Response
  | BufferSource
  | WebAssembly.Module
  | Promise<RequestInfo | URL | Response | BufferSource | WebAssembly.Module>;

/** Editor features: a position is a UTF-16 offset (a JavaScript string index)
 *  in one document of a request, named as the request names it (its
 *  `x-template-name`, default `template.yaml`, or a key of `files`). */

/** One completion. `insert` replaces `from..to` of the response. */
export interface Completion {
  label: string;
  kind: "key" | "function" | "type" | "property" | "attribute" | "parameter" | "resource" | "condition" | "value" | "file";
  /** One line (a property's `string, required, default 1`, a type's status). */
  detail: string;
  /** Markdown (a description, an example); may be empty. */
  documentation: string;
  insert: string;
}

/** What `complete` returns: the word being typed (`from..to`) and the candidates. */
export interface Completions {
  from: number;
  to: number;
  items: Completion[];
}

/** What `hover` returns: Markdown about the word at `from..to`. */
export interface HoverInfo {
  from: number;
  to: number;
  text: string;
}

/** A place in a document of the request. */
export interface SourceLocation {
  file: string;
  from: number;
  to: number;
}

/** An outline entry (`nameFrom..nameTo`: its key). */
export interface DocumentSymbol {
  name: string;
  kind: "section" | "parameter" | "resource" | "output" | "condition" | "entry";
  detail: string;
  from: number;
  to: number;
  nameFrom: number;
  nameTo: number;
  children: DocumentSymbol[];
}

/** A fix for the diagnostic with `code` at `diagnosticFrom..diagnosticTo`. */
export interface QuickFix {
  title: string;
  code: string;
  diagnosticFrom: number;
  diagnosticTo: number;
  edits: { file: string; from: number; to: number; text: string }[];
}
