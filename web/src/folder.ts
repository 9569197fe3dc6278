// A folder of files as a workspace: which file is the template, which are
// environment files, and the name each other file goes under in `files`.
// Pure (no DOM), so it runs in Node for the unit tests (web/test/); reading the
// folder from a drop or a file input is folder-read.ts.
//
// Files are classified from the engine's summary of each (`summarizeFile`:
// loaded as Heat loads them, references found as heatclient and the CLI find
// them), computed in the evaluation worker.
//
// The rules (README "Loading a folder"):
// - A template is a mapping with a version key (`heat_template_version`, or
//   CloudFormation's). References are heatclient's: `get_file` values and
//   `type` values ending in `.yaml` or `.template` anywhere in a template, and
//   the `resource_registry` entries of an environment file (not type names,
//   `::`), each relative to the directory of the file that names it.
// - A Jinja2 file (`.j2` in its name, `{{` or `{%` in its text: TripleO's
//   `*.j2.yaml`) is neither a template nor an environment file: TripleO renders
//   it first. It goes into `files`.
// - The main template is a template no other file names; among several, the
//   one named like the folder, then `main`, `template`, `stack`, `top`, then
//   the least deep, then the first by name.
// - An environment file is a non-empty mapping whose top-level keys are all
//   environment sections and that no file names; listed in name order, each
//   off until the user chooses it (a folder may hold contradictory ones:
//   `enable_x.yaml` and `disable_x.yaml`), with a hint when it maps a type the
//   templates use or sets a parameter they declare.
// - Every other file goes into `files`: under the name it is referenced by, as
//   written (Heat looks files up by that name, so core does too), found by
//   following references from the template and the environment files (one
//   named by a path climbing out of its directory, `../../x.yaml`, goes by its
//   path in the folder, the name written as an alias); a file nobody names,
//   under its path relative to the template's directory.
import type { FileSummary } from "hotplate/web";

/** One file of the folder: its path relative to the folder (`/`-separated) and text. */
export interface FolderFile {
  path: string;
  text: string;
}

export interface NamedText {
  name: string;
  text: string;
}

/** What a folder becomes. `notes` explain choices and what was left out. */
export interface FolderWorkspace {
  templateName: string;
  template: string;
  /** Each off (`off: true`) until the user chooses it. */
  envFiles: (NamedText & { off: true })[];
  files: NamedText[];
  notes: string[];
  /** Per environment file (by name), why it may be wanted: what it maps or sets of the templates. */
  envHints: Record<string, string>;
}

/** A folder with no template: nothing is loaded. */
export class FolderError extends Error {}

/** Bounds of one load, so that a wrong folder (a home directory) is refused quickly. */
export const LIMITS = {
  /** Files read (hidden files and folders are not counted: they are skipped). */
  files: 300,
  /** Bytes per file: core refuses templates over 512 KiB anyway. */
  fileBytes: 512 * 1024,
  /** Bytes in all. */
  totalBytes: 4 * 1024 * 1024,
  /** Directory depth followed. */
  depth: 16,
} as const;

export const VERSION_KEYS = ["heat_template_version", "HeatTemplateFormatVersion", "AWSTemplateFormatVersion"];

/** Heat's environment sections (heat/common/environment_format.py). */
export const ENV_SECTIONS = [
  "parameters",
  "parameter_defaults",
  "resource_registry",
  "encrypted_param_names",
  "event_sinks",
  "parameter_merge_strategies",
];

/** What the page says of Jinja2 templates. */
export const JINJA_NOTE =
  "TripleO renders its *.j2.yaml files before Heat reads them (tools/process-templates.py with roles_data.yaml and network_data.yaml); load the rendered folder, or “Use as template” on a rendered file.";

/** Names preferred for the main template, after the folder's own name. */
const MAIN_NAMES = ["main", "template", "stack", "top"];

/** What a file is and which files it names (as written): the engine's `summarizeFile`. */
export type Summary = FileSummary;

/** A Jinja2 source (TripleO's `*.j2.yaml`, rendered by its tools before Heat sees it). */
export function isJinja(path: string, text: string): boolean {
  return /\.j2(\.|$)/.test(path.slice(path.lastIndexOf("/") + 1)) && /\{\{|\{%/.test(text);
}

/** The directory part of a path ("" at the top). */
export function dirOf(path: string): string {
  const i = path.lastIndexOf("/");
  return i < 0 ? "" : path.slice(0, i);
}

/** `ref` (as written in a file in `dir`) as a path in the folder; null when it points outside or is a URL. */
export function resolveRef(dir: string, ref: string): string | null {
  if (ref.includes("://") || ref.startsWith("/")) return null;
  const parts = dir ? dir.split("/") : [];
  for (const seg of ref.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (!parts.length) return null;
      parts.pop();
    } else {
      parts.push(seg);
    }
  }
  return parts.join("/");
}

function stem(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1).replace(/\.[^.]*$/, "").toLowerCase();
}

/** Rank of a main-template candidate: lower is better. */
function mainRank(path: string, folder: string): [number, number, string] {
  const s = stem(path);
  const named = folder && s === folder.toLowerCase() ? 0 : MAIN_NAMES.includes(s) ? 1 + MAIN_NAMES.indexOf(s) : 1 + MAIN_NAMES.length;
  return [named, path.split("/").length, path];
}

function compareRank(a: [number, number, string], b: [number, number, string]): number {
  return a[0] - b[0] || a[1] - b[1] || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0);
}

const byName = (a: string, b: string) => a.localeCompare(b, "en", { numeric: true });

/**
 * The workspace for a folder's files (already read and bounded; `summaries`
 * from `summarize`, in the same order). `folder` is the folder's own name ("" for loose files).
 */
export function classify(files: FolderFile[], summaries: Summary[], folder: string): FolderWorkspace {
  const notes: string[] = [];
  const byPath = new Map(files.map((f, i) => [f.path, { file: f, summary: summaries[i] }]));
  const referenced = new Set<string>();
  for (const f of files) {
    for (const ref of byPath.get(f.path)!.summary.refs) {
      const p = resolveRef(dirOf(f.path), ref);
      if (p !== null && p !== f.path && byPath.has(p)) referenced.add(p);
    }
  }
  const jinja = files.filter((f) => isJinja(f.path, f.text));
  const jinjaPaths = new Set(jinja.map((f) => f.path));
  const kindOf = (f: FolderFile) => (jinjaPaths.has(f.path) ? "other" : byPath.get(f.path)!.summary.kind);
  const templates = files.filter((f) => kindOf(f) === "template");
  if (templates.length === 0) {
    throw new FolderError(
      jinja.length
        ? `no template in it but Jinja2 ones (${jinja.map((f) => f.path).slice(0, 3).join(", ")}${jinja.length > 3 ? ", …" : ""}): ${JINJA_NOTE}`
        : "no template in it: hotplate looks for a YAML or JSON file with a heat_template_version key",
    );
  }
  if (jinja.length) notes.push(`${jinja.length === 1 ? `${jinja[0].path} is a Jinja2 template` : `${jinja.length} files are Jinja2 templates (${jinja[0].path}, …)`}, kept in Files: ${JINJA_NOTE}`);
  const unnamed = templates.filter((f) => !referenced.has(f.path));
  // When they all name each other, one is taken anyway: Heat reports the recursion.
  const candidates = unnamed.length ? unnamed : [...templates];
  candidates.sort((a, b) => compareRank(mainRank(a.path, folder), mainRank(b.path, folder)));
  const main = candidates[0];
  if (unnamed.length > 1) {
    const others = candidates.slice(1).map((c) => c.path);
    const shown = others.length > 3 ? `${others.slice(0, 3).join(", ")} and ${others.length - 3} more` : others.join(", ");
    notes.push(`The template is ${main.path}. ${others.length === 1 ? "One other template no file names is" : `${others.length} other templates no file names are`} in Files (${shown}): “Use as template” on one evaluates it instead.`);
  }
  const envs = files
    .filter((f) => kindOf(f) === "env" && !referenced.has(f.path))
    .sort((a, b) => byName(a.path, b.path));

  // Names: the template and the environment files by their paths; every file
  // reached from them by the name it is referenced by.
  const keyOf = new Map<string, string>([[main.path, main.path]]);
  const pathOf = new Map<string, string>([[main.path, main.path]]);
  for (const e of envs) {
    keyOf.set(e.path, e.path);
    pathOf.set(e.path, e.path);
  }
  const aliasesOf = new Map<string, string[]>();
  const order: string[] = [];
  const queue = [main, ...envs];
  for (let i = 0; i < queue.length; i++) {
    const from = queue[i];
    for (const ref of byPath.get(from.path)!.summary.refs) {
      const p = resolveRef(dirOf(from.path), ref);
      if (p === null || !byPath.has(p)) continue; // core reports what is missing
      if (p === main.path) {
        notes.push(`${from.path} names the template ${main.path}: the template is not among the files, so that reference is not found.`);
        continue;
      }
      const known = keyOf.get(p);
      if (known === ref) continue;
      const taken = pathOf.get(ref);
      if (taken === p) continue;
      if (taken !== undefined) {
        notes.push(`${from.path} names ${p} as "${ref}", but "${ref}" is ${taken} already: a name stands for one file, so that reference does not reach ${p}.`);
        continue;
      }
      pathOf.set(ref, p);
      if (known !== undefined) {
        // Named another way elsewhere (`./a.yaml` here, `x/a.yaml` there), as heatclient
        // resolves both to one file: the request carries its text under each name.
        aliasesOf.set(p, [...(aliasesOf.get(p) ?? []), ref]);
        continue;
      }
      // A name that climbs out of its directory (`../../common/templates/network.yaml`)
      // reads like no other name of the folder: the file goes by its path in the
      // folder, the request carries it under the name written too.
      if (ref.startsWith("../") && !pathOf.has(p)) {
        keyOf.set(p, p);
        pathOf.set(p, p);
        aliasesOf.set(p, [ref]);
      } else keyOf.set(p, ref);
      order.push(p);
      if (byPath.get(p)!.summary.kind === "template") queue.push(byPath.get(p)!.file);
    }
  }
  // Files nobody names: by their path from the template's directory.
  const mainDir = dirOf(main.path);
  for (const f of [...files].sort((a, b) => byName(a.path, b.path))) {
    if (keyOf.has(f.path)) continue;
    let key = mainDir && f.path.startsWith(`${mainDir}/`) ? f.path.slice(mainDir.length + 1) : f.path;
    if (pathOf.has(key)) key = f.path;
    for (let n = 2; pathOf.has(key); n++) key = `${f.path} (${n})`;
    keyOf.set(f.path, key);
    pathOf.set(key, f.path);
    order.push(f.path);
  }
  // What the templates of the stack use and declare: an environment file that maps
  // one of those types or sets one of those parameters is hinted at.
  const used = new Set<string>();
  const declared = new Set<string>();
  for (const t of [main, ...order.map((p) => byPath.get(p)!.file)]) {
    const summary = byPath.get(t.path)!.summary;
    if (kindOf(t) !== "template") continue;
    for (const type of summary.types) used.add(type);
    for (const p of summary.parameters) declared.add(p);
  }
  const envHints: Record<string, string> = {};
  for (const e of envs) {
    const summary = byPath.get(e.path)!.summary;
    const maps = summary.types.filter((t) => used.has(t));
    const sets = summary.parameters.filter((p) => declared.has(p));
    const some = (xs: string[]) => (xs.length > 2 ? `${xs.slice(0, 2).join(", ")} and ${xs.length - 2} more` : xs.join(", "));
    const parts = [maps.length ? `maps ${some(maps)}` : "", sets.length ? `sets ${some(sets)}` : ""].filter(Boolean);
    if (parts.length) envHints[e.path] = parts.join("; ");
  }
  return {
    templateName: main.path,
    template: main.text,
    envFiles: envs.map((e) => ({ name: e.path, text: e.text, off: true as const })),
    envHints,
    files: order.map((p) => {
      const aliases = aliasesOf.get(p);
      return aliases ? { name: keyOf.get(p)!, text: byPath.get(p)!.file.text, aliases } : { name: keyOf.get(p)!, text: byPath.get(p)!.file.text };
    }),
    notes,
  };
}

/** `classify` with each file's summary from `summarize` (the engine's `summarizeFile`; the unit tests' entry). */
export function classifyFolder(files: FolderFile[], folder: string, summarize: (text: string) => Summary): FolderWorkspace {
  return classify(files, files.map((f) => summarize(f.text)), folder);
}
