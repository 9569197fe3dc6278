#!/usr/bin/env node
// Serve the production build (web/dist) with the headers netlify.toml declares,
// so local runs and the Playwright tests see what Netlify serves.
//   node web/scripts/serve.mjs [--port 8080] [--dir web/dist]
import { createServer } from "node:http";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const port = Number(opt("--port", process.env.PORT ?? 8080));
const root = resolve(opt("--dir", join(here, "../dist")));
if (!existsSync(join(root, "index.html"))) {
  console.error(`serve: ${root}/index.html is missing (run make web)`);
  process.exit(1);
}

/** The [[headers]] blocks of netlify.toml: [{for, values}] (the subset of TOML used there). */
function netlifyHeaders(text) {
  const rules = [];
  let current = null;
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    if (line === "[[headers]]") rules.push((current = { for: "", values: {} }));
    else if (line.startsWith("[") && line !== "[headers.values]") current = null;
    else if (current) {
      const m = /^([\w-]+)\s*=\s*"((?:[^"\\]|\\.)*)"$/.exec(line);
      if (m && m[1] === "for") current.for = m[2];
      else if (m) current.values[m[1]] = m[2].replace(/\\"/g, '"');
    }
  }
  return rules;
}
const rules = netlifyHeaders(readFileSync(join(here, "../../netlify.toml"), "utf8"));
const matches = (pattern, path) =>
  new RegExp("^" + pattern.split("*").map((s) => s.replace(/[.+?^${}()|[\]\\]/g, "\\$&")).join(".*") + "$").test(path);

const TYPES = {
  ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css", ".wasm": "application/wasm",
  ".json": "application/json", ".svg": "image/svg+xml", ".png": "image/png", ".ico": "image/x-icon", ".txt": "text/plain",
};

createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://localhost");
  let path = decodeURIComponent(url.pathname);
  if (path.endsWith("/")) path += "index.html";
  let file = join(root, path);
  if (!file.startsWith(root)) return res.writeHead(400).end();
  if (!existsSync(file) && existsSync(file + ".html")) file += ".html";
  if (!existsSync(file) || !statSync(file).isFile()) return res.writeHead(404, { "content-type": "text/plain" }).end("not found");
  const headers = { "content-type": TYPES[extname(file)] ?? "application/octet-stream" };
  for (const rule of rules) {
    if (!matches(rule.for, path)) continue;
    for (const [k, v] of Object.entries(rule.values)) {
      const key = k.toLowerCase();
      // Several CSP headers are several policies (all enforced), as Netlify sends them.
      headers[key] = key === "content-security-policy" && headers[key] ? `${headers[key]}, ${v}` : v;
    }
  }
  res.writeHead(200, headers).end(readFileSync(file));
}).listen(port, "127.0.0.1", () => console.log(`hotplate playground: http://localhost:${port}/ (serving ${root})`));
