// Where a diagnostic belongs in the page's editors, for the cases the engine
// locates in another file than the one to fix. Pure (no DOM): unit-tested in Node.
import type { Diagnostic, ParameterInfo } from "hotplate/web";

export interface Doc {
  name: string;
  text: string;
}

/** UTF-16 offsets of a parameter's value in an environment file's `section` (block style), or null. */
export function findParameterValue(text: string, section: "parameters" | "parameter_defaults", name: string): { from: number; to: number } | null {
  const lines = text.split("\n");
  let offset = 0;
  let inSection = false;
  for (const line of lines) {
    const top = /^([A-Za-z_][\w-]*)\s*:/.exec(line);
    if (top) inSection = top[1] === section;
    else if (inSection) {
      const m = /^(\s+)(['"]?)([^'":#]+)\2\s*:[ \t]*/.exec(line);
      if (m && m[3].trim() === name) {
        const start = m[0].length;
        const value = line.slice(start).replace(/\s+#.*$/, "").trimEnd();
        if (value) return { from: offset + start, to: offset + start + value.length };
        return { from: offset + m[1].length, to: offset + m[1].length + m[2].length * 2 + m[3].length };
      }
    }
    offset += line.length + 1;
  }
  return null;
}

function lineColumn(text: string, pos: number): { line: number; column: number } {
  const before = text.slice(0, pos);
  const line = before.split("\n").length;
  const lineStart = before.lastIndexOf("\n") + 1;
  return { line, column: [...text.slice(lineStart, pos)].length + 1 };
}

/** UTF-16 offsets of a key under a top-level `section` (block style), or null. */
export function findKey(text: string, section: string, name: string): { from: number; to: number } | null {
  let offset = 0;
  let inSection = false;
  for (const line of text.split("\n")) {
    const top = /^([A-Za-z_][\w-]*)\s*:/.exec(line);
    if (top) inSection = top[1] === section;
    else if (inSection) {
      const m = /^(\s+)(['"]?)([^'":#]+)\2\s*:/.exec(line);
      if (m && m[3].trim() === name) return { from: offset + m[1].length, to: offset + m[1].length + m[2].length * 2 + m[3].length };
    }
    offset += line.length + 1;
  }
  return null;
}

function at(d: Diagnostic, doc: Doc, where: { from: number; to: number }): Diagnostic {
  return { ...d, file: doc.name, ...where, ...lineColumn(doc.text, where.from) };
}

/**
 * Errors the engine reports without a place (file null), placed where Heat's message
 * says: a dependency cycle at the first resource it names, a parameter the
 * template does not declare at its key in the last environment file's
 * `parameters` that sets it, a conflicting merge strategy at that parameter's
 * strategy in the file it names.
 */
export function placeUnlocated(d: Diagnostic, template: Doc, envFiles: Doc[]): Diagnostic {
  if (d.file !== null) return d;
  if (d.code === "dependency-cycle") {
    // Heat's str(graph): `{Class "b": {Class "a"}, Class "a": {…}}`, first node first.
    const name = /^Circular Dependency Found: \{\S+ "((?:[^"\\]|\\.)*)"/.exec(d.message)?.[1];
    const where = name ? findKey(template.text, "resources", name) : null;
    return where ? at(d, template, where) : d;
  }
  if (d.code === "unknown-parameter") {
    // An explicit value the template does not declare: in the last environment file that sets it.
    const name = /^The Parameter \((.+)\) was not defined in template\.$/.exec(d.message)?.[1];
    for (const env of name ? [...envFiles].reverse() : []) {
      const where = findKey(env.text, "parameters", name!);
      if (where) return at(d, env, where);
    }
    return d;
  }
  if (d.code === "conflicting-merge-strategy") {
    const m = /for parameter '([^']+)' in file '([^']+)'\.$/.exec(d.message);
    const env = m && envFiles.find((e) => e.name === m[2]);
    if (!m || !env) return d;
    const where = findKey(env.text, "parameter_merge_strategies", m[1]) ?? findKey(env.text, "parameters", m[1]) ?? findKey(env.text, "parameter_defaults", m[1]);
    return where ? at(d, env, where) : d;
  }
  return d;
}

/**
 * A parameter's value that fails the template's constraint: the engine marks the
 * constraint in the template; when the value comes from an environment file, the
 * problem is marked at that value in that file instead.
 */
export function relocate(d: Diagnostic, params: ParameterInfo[], envFiles: Doc[]): Diagnostic {
  if (d.code !== "invalid-parameter") return d;
  const name = /^Parameter '([^']+)' is invalid/.exec(d.message)?.[1];
  const info = params.find((p) => p.name === name);
  if (!info || !info.file || (info.source !== "user" && info.source !== "user_default")) return d;
  const env = envFiles.find((e) => e.name === info.file);
  if (!env) return d;
  const at = findParameterValue(env.text, info.source === "user" ? "parameters" : "parameter_defaults", info.name);
  if (!at) return { ...d, file: env.name, from: 0, to: 0, line: 1, column: 1 };
  return { ...d, file: env.name, ...at, ...lineColumn(env.text, at.from) };
}

/** The problems list's order: by file (template, environment files, files, others, unlocated), then line and column. */
export function byFileThenLine(diagnostics: Diagnostic[], fileOrder: string[]): Diagnostic[] {
  const rank = (d: Diagnostic) => {
    if (d.file === null) return fileOrder.length + 1;
    const i = fileOrder.indexOf(d.file);
    return i >= 0 ? i : fileOrder.length;
  };
  return [...diagnostics].sort((a, b) => rank(a) - rank(b) || (a.file ?? "").localeCompare(b.file ?? "") || a.line - b.line || a.column - b.column);
}

/** Where a problem is, as the problems list writes it: `file:line:column`, the file, or `request`. */
export function placeOf(d: Diagnostic): string {
  return d.file ? (d.line ? `${d.file}:${d.line}:${d.column}` : d.file) : "request";
}
