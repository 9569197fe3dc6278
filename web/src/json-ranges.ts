// Where values are in a JSON text: the character range of the value at each
// wanted path (keys and list indexes from the top), found in one pass that
// skips every container no wanted path goes into. The canonical result pane
// marks its deploy-time values with it. No DOM here (unit-tested in Node).
import type { PathStep } from "hotplate/web";

const key = (path: PathStep[]): string => JSON.stringify(path);

/** The range [from, to) of the value at each of `paths` in the JSON `text` (a path not in it: absent). */
export function jsonRanges(text: string, paths: PathStep[][]): Map<string, [number, number]> {
  const wanted = new Set(paths.map(key));
  const prefixes = new Set(paths.flatMap((p) => p.map((_, n) => key(p.slice(0, n)))));
  const out = new Map<string, [number, number]>();
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\r\n".includes(text[i])) i++;
  };
  const string = () => {
    const from = i++;
    while (i < text.length && text[i] !== '"') i += text[i] === "\\" ? 2 : 1;
    i++;
    return text.slice(from, i);
  };
  /** Past the value at `i`, not looking inside it. */
  const skip = () => {
    let depth = 0;
    do {
      const c = text[i];
      if (c === '"') {
        string();
        continue;
      }
      if (c === "{" || c === "[") depth++;
      else if (c === "}" || c === "]") depth--;
      else if (depth === 0 && (c === "," || c === undefined)) return;
      i++;
    } while (depth > 0 && i < text.length);
  };
  const value = (path: PathStep[]): void => {
    ws();
    const from = i;
    const k = key(path);
    const c = text[i];
    if (!prefixes.has(k) || (c !== "{" && c !== "[")) {
      if (c === '"') string();
      else if (c === "{" || c === "[") skip();
      else while (i < text.length && !",]} \t\r\n".includes(text[i])) i++;
    } else {
      i++;
      for (let n = 0; ; n++) {
        ws();
        if (text[i] === "}" || text[i] === "]" || i >= text.length) break;
        let step: PathStep = n;
        if (c === "{") {
          step = JSON.parse(string()) as string;
          ws();
          i++; // ':'
        }
        value([...path, step]);
        ws();
        if (text[i] === ",") i++;
      }
      i++;
    }
    if (wanted.has(k)) out.set(k, [from, i]);
  };
  value([]);
  return out;
}

/**
 * The value of the top-level `key` of a JSON text written as the canonical
 * result is (sorted keys, indent 2: a top-level key is the one line that
 * starts with two spaces and a quote, as a string never holds a raw newline),
 * parsed; undefined when the text has no such key. Reads `error` and
 * `outputs` of a 5 MB result in ~1 ms, without parsing the rest.
 */
export function topLevelValue(text: string, key: string): unknown {
  const head = `\n  ${JSON.stringify(key)}: `;
  const at = text.indexOf(head);
  if (at < 0) return undefined;
  const from = at + head.length;
  const next = text.indexOf('\n  "', from);
  const end = next < 0 ? text.lastIndexOf("\n}") : next;
  if (end < from) return undefined;
  const value = text.slice(from, end);
  return JSON.parse(next < 0 ? value : value.replace(/,$/, ""));
}
