// Type-strict JSON for comparing results the way ../shared/oracle/compare.py
// does: JSON.parse cannot tell 1 from 1.0, so numbers keep their kind here.

/** Parse JSON text; numbers become {int: BigInt} or {float: number}. */
export function parseStrict(text) {
  let i = 0;
  const ws = () => {
    while (i < text.length && " \t\n\r".includes(text[i])) i++;
  };
  const fail = (what) => {
    throw new SyntaxError(`${what} at offset ${i}`);
  };
  function value() {
    ws();
    const c = text[i];
    if (c === "{") {
      i++;
      const obj = new Map();
      ws();
      if (text[i] === "}") return i++, obj;
      for (;;) {
        ws();
        if (text[i] !== '"') fail("expected a key");
        const k = string();
        ws();
        if (text[i++] !== ":") fail("expected ':'");
        obj.set(k, value());
        ws();
        const d = text[i++];
        if (d === "}") return obj;
        if (d !== ",") fail("expected ',' or '}'");
      }
    }
    if (c === "[") {
      i++;
      const arr = [];
      ws();
      if (text[i] === "]") return i++, arr;
      for (;;) {
        arr.push(value());
        ws();
        const d = text[i++];
        if (d === "]") return arr;
        if (d !== ",") fail("expected ',' or ']'");
      }
    }
    if (c === '"') return string();
    for (const [word, v] of [["true", true], ["false", false], ["null", null], ["NaN", { float: NaN }],
      ["Infinity", { float: Infinity }], ["-Infinity", { float: -Infinity }]]) {
      if (text.startsWith(word, i)) return (i += word.length), v;
    }
    const m = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 400));
    if (!m) fail("unexpected character");
    i += m[0].length;
    return m[2] || m[3] ? { float: Number(m[0]) } : { int: BigInt(m[0]) };
  }
  function string() {
    const start = i;
    i++;
    while (text[i] !== '"') {
      if (i >= text.length) fail("unterminated string");
      i += text[i] === "\\" ? 2 : 1;
    }
    i++;
    return JSON.parse(text.slice(start, i));
  }
  const v = value();
  ws();
  if (i !== text.length) fail("trailing characters");
  return v;
}

function kind(v) {
  if (v === null) return "null";
  if (typeof v === "boolean") return "bool";
  if (typeof v === "string") return "string";
  if (Array.isArray(v)) return "list";
  if (v instanceof Map) return "object";
  return "int" in v ? "int" : "float";
}

const fmt = (path) => "$" + path.map((p) => (typeof p === "number" ? `[${p}]` : `.${p}`)).join("");
const norm = (s) => s.replace(/\s+/g, " ").trim();
const isMessage = (path) =>
  (path.length === 2 && path[0] === "error" && path[1] === "message") ||
  (path.length === 3 && path[0] === "outputs" && path[2] === "error");

/**
 * compare.py's rules: kinds must match (1 != 1.0), key order is ignored, list
 * order matters; with `looseMessages` the text of error messages may differ.
 * Returns {diffs, messageDiffs}.
 */
export function compareStrict(expected, actual, looseMessages) {
  const diffs = [];
  const messageDiffs = [];
  (function cmp(e, a, path) {
    const ke = kind(e);
    const ka = kind(a);
    if (ke !== ka) return diffs.push(`${fmt(path)}: expected ${ke}, got ${ka}`);
    if (ke === "object") {
      const keys = [...new Set([...e.keys(), ...a.keys()])].sort();
      for (const k of keys) {
        if (!a.has(k)) diffs.push(`${fmt([...path, k])}: missing key`);
        else if (!e.has(k)) diffs.push(`${fmt([...path, k])}: unexpected key`);
        else cmp(e.get(k), a.get(k), [...path, k]);
      }
    } else if (ke === "list") {
      if (e.length !== a.length) diffs.push(`${fmt(path)}: expected list of ${e.length}, got ${a.length}`);
      for (let n = 0; n < Math.min(e.length, a.length); n++) cmp(e[n], a[n], [...path, n]);
    } else if (ke === "string" && isMessage(path)) {
      if (norm(e) !== norm(a)) (looseMessages ? messageDiffs : diffs).push(`${fmt(path)}: message differs`);
    } else if (ke === "int" ? e.int !== a.int : ke === "float" ? e.float !== a.float : e !== a) {
      diffs.push(`${fmt(path)}: expected ${JSON.stringify(ke === "int" ? String(e.int) : e)}, got ${JSON.stringify(ke === "int" ? String(a.int) : a)}`);
    }
  })(expected, actual, []);
  return { diffs, messageDiffs };
}
