// The playground's workspace: everything a user typed, as plain data. It is what
// the share link and localStorage hold, and what `toRequest` turns into Heat's
// stack-create body. No DOM here (the embed element reuses it).
import type { EvaluateOptions, EvaluateRequest } from "hotplate/web";

export interface NamedText {
  name: string;
  text: string;
  /**
   * Other names templates give the same file (a folder's `./a.yaml` here and
   * `lib/a.yaml` there, which heatclient resolves to one file): the request
   * carries the text under each of them too.
   */
  aliases?: string[];
  /** An environment file not used (a folder's, until the user chooses it): not in the request. */
  off?: boolean;
}

export interface Settings {
  stackName: string;
  stackId: string;
  projectId: string;
  /** JSON text: `{resource: {attribute: value}}` (x-playground.attributes). */
  attributes: string;
  /** JSON text: `{resource: "id"}` (x-playground.reference_ids). */
  referenceIds: string;
  /** JSON text: the cloud's heat.conf settings, `{"max_nested_stack_depth": 10}` (x-heat-config). */
  heatConfig: string;
  /** The openstack-heat release that answers (x-heat-release, one of the engine's `releases()`); "" for the engine's default. */
  heatRelease: string;
  /** Which lint rules run: `on` (those on by default), `all` or `off` (see LINT_MODES). */
  lint: string;
  /** Rules turned off besides (ids or names, separated by spaces or commas). */
  lintDisable: string;
}

export interface Workspace {
  /** The template's file name: diagnostics name it (`x-template-name`). */
  templateName: string;
  template: string;
  /** Merged in this order, as `openstack stack create -e a -e b` (those not `off`). */
  envFiles: NamedText[];
  /** Contents for `get_file` and provider templates. */
  files: NamedText[];
  /** Explicit parameter values (`--parameter`); strings as typed, or JSON values from an example. */
  params: Record<string, unknown>;
  settings: Settings;
}

export const DEFAULT_SETTINGS: Settings = {
  stackName: "demo",
  stackId: "11111111-2222-3333-4444-555555555555",
  projectId: "00000000000000000000000000000001",
  attributes: "",
  referenceIds: "",
  heatConfig: "",
  heatRelease: "",
  lint: "on",
  lintDisable: "",
};

/** The lint settings (the page's select, the element's `lint` attribute) and the rules each runs. */
export const LINT_MODES: Record<string, EvaluateOptions["lint"]> = { on: {}, all: { enable: ["all"] }, off: undefined };

/** A lint setting as one of LINT_MODES (an unknown one, from an old link or a typo: the default). */
export function lintMode(value: string | null | undefined): string {
  return value != null && Object.hasOwn(LINT_MODES, value) ? value : DEFAULT_SETTINGS.lint;
}

/** What the evaluation is asked besides the request: the lint rules the settings run (none when off). */
export function evaluateOptions(settings: Settings): EvaluateOptions {
  const lint = LINT_MODES[lintMode(settings.lint)];
  if (!lint) return {};
  const disable = (settings.lintDisable ?? "").split(/[\s,]+/).filter(Boolean);
  return { lint: disable.length ? { ...lint, disable: [...(lint.disable ?? []), ...disable] } : lint };
}

/** The template's name unless the workspace names it (a loaded folder does). */
export const TEMPLATE_NAME = "template.yaml";

export function emptyWorkspace(): Workspace {
  return { templateName: TEMPLATE_NAME, template: "heat_template_version: 2021-04-16\n", envFiles: [], files: [], params: {}, settings: { ...DEFAULT_SETTINGS } };
}

/** A problem with the workspace that stops its evaluation (a setting's JSON, two files of one name). */
export class SettingsError extends Error {
  /** The setting it is about, if it is one. */
  constructor(message: string, readonly field?: keyof Settings) {
    super(message);
  }
}

function parseJsonSetting(text: string, what: string, field: keyof Settings): Record<string, unknown> | undefined {
  if (text.trim() === "") return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new SettingsError(`${what} is not JSON: ${(e as Error).message}`, field);
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) throw new SettingsError(`${what} must be a JSON object`, field);
  return value as Record<string, unknown>;
}

/** Heat's stack-create body for the workspace. */
export function toRequest(ws: Workspace): EvaluateRequest {
  const names = new Set<string>();
  for (const d of [...ws.envFiles, ...ws.files]) {
    // A shared link or saved workspace could carry two; the request's `files` cannot.
    for (const name of [d.name, ...(d.aliases ?? [])]) {
      if (names.has(name)) throw new SettingsError(`Two files are named ${name}: rename one of them`);
      names.add(name);
    }
  }
  const files: Record<string, string> = {};
  for (const f of ws.files) for (const name of [f.name, ...(f.aliases ?? [])]) files[name] = f.text;
  const envFiles = ws.envFiles.filter((e) => !e.off);
  for (const e of envFiles) files[e.name] = e.text;
  const attributes = parseJsonSetting(ws.settings.attributes, "Mocked attributes", "attributes");
  const referenceIds = parseJsonSetting(ws.settings.referenceIds, "Mocked reference ids", "referenceIds");
  const heatConfig = parseJsonSetting(ws.settings.heatConfig, "Heat settings", "heatConfig");
  const playground: NonNullable<EvaluateRequest["x-playground"]> = {
    stack_id: ws.settings.stackId,
    project_id: ws.settings.projectId,
  };
  if (attributes) playground.attributes = attributes as Record<string, Record<string, unknown>>;
  if (referenceIds) playground.reference_ids = referenceIds as Record<string, string>;
  const request: EvaluateRequest = {
    stack_name: ws.settings.stackName,
    template: ws.template,
    files,
    parameters: ws.params,
    "x-playground": playground,
  };
  if (envFiles.length > 0) request.environment_files = envFiles.map((e) => e.name);
  if (ws.templateName !== TEMPLATE_NAME) request["x-template-name"] = ws.templateName;
  if (heatConfig) request["x-heat-config"] = heatConfig;
  if (ws.settings.heatRelease) request["x-heat-release"] = ws.settings.heatRelease;
  return request;
}

/** The names of the workspace's documents, in the order the problems list follows. */
export const fileOrder = (ws: Workspace): string[] => [ws.templateName, ...ws.envFiles.map((e) => e.name), ...ws.files.map((f) => f.name)];

/** A workspace from a stack-create request (examples are stored that way). */
export function fromRequest(req: EvaluateRequest): Workspace {
  const ws = emptyWorkspace();
  ws.templateName = req["x-template-name"] || TEMPLATE_NAME;
  ws.template = typeof req.template === "string" ? req.template : JSON.stringify(req.template, null, 2);
  const envNames = req.environment_files ?? [];
  const files = req.files ?? {};
  ws.envFiles = envNames.map((name) => ({ name, text: files[name] ?? "" }));
  ws.files = Object.entries(files)
    .filter(([name]) => !envNames.includes(name))
    .map(([name, text]) => ({ name, text: text ?? "" }));
  ws.params = { ...(req.parameters ?? {}) };
  const play = req["x-playground"] ?? {};
  ws.settings = {
    stackName: req.stack_name ?? DEFAULT_SETTINGS.stackName,
    stackId: play.stack_id ?? DEFAULT_SETTINGS.stackId,
    projectId: play.project_id ?? DEFAULT_SETTINGS.projectId,
    attributes: play.attributes ? JSON.stringify(play.attributes, null, 2) : "",
    referenceIds: play.reference_ids ? JSON.stringify(play.reference_ids, null, 2) : "",
    heatConfig: req["x-heat-config"] ? JSON.stringify(req["x-heat-config"], null, 2) : "",
    heatRelease: req["x-heat-release"] ?? DEFAULT_SETTINGS.heatRelease,
    lint: DEFAULT_SETTINGS.lint,
    lintDisable: DEFAULT_SETTINGS.lintDisable,
  };
  return ws;
}

/** Check that untrusted data (a share link, localStorage) is a workspace. */
export function asWorkspace(v: unknown): Workspace {
  const o = v as Workspace;
  const isText = (x: unknown): x is NamedText =>
    typeof x === "object" && x !== null && typeof (x as NamedText).name === "string" && typeof (x as NamedText).text === "string" &&
    ((x as NamedText).aliases === undefined || (Array.isArray((x as NamedText).aliases) && (x as NamedText).aliases!.every((a) => typeof a === "string"))) &&
    ((x as NamedText).off === undefined || typeof (x as NamedText).off === "boolean");
  if (
    typeof o !== "object" || o === null || typeof o.template !== "string" ||
    !Array.isArray(o.envFiles) || !o.envFiles.every(isText) ||
    !Array.isArray(o.files) || !o.files.every(isText) ||
    typeof o.params !== "object" || o.params === null || Array.isArray(o.params) ||
    typeof o.settings !== "object" || o.settings === null
  ) {
    throw new Error("not a hotplate workspace");
  }
  const s = { ...DEFAULT_SETTINGS };
  for (const k of Object.keys(s) as (keyof Settings)[]) {
    const val = (o.settings as unknown as Record<string, unknown>)[k];
    if (typeof val === "string") s[k] = val;
  }
  s.lint = lintMode(s.lint);
  // Links made before the template had a name carry none.
  const templateName = typeof o.templateName === "string" && o.templateName !== "" ? o.templateName : TEMPLATE_NAME;
  return { templateName, template: o.template, envFiles: o.envFiles, files: o.files, params: o.params, settings: s };
}
