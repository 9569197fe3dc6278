// The lint rules' documentation as pages of the site: docs/rules/<ID>.md
// (written by core's lint_docs test from the rules themselves) rendered to
// rules/<ID>.html, the table (README.md) to rules/index.html, at build time.
// The site serves them at /rules/<ID> (Netlify's and serve.mjs's `.html`
// lookup), where the page's problems link and SARIF's helpUri point.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { Marked } from "marked";

/** A page of the rules' documentation: `markdown` as HTML with the site's look. */
export function rulePage(title, markdown) {
  // Links between the documents drop `.md`: /rules/W2004, /rules/ for the table.
  const text = markdown.replace(/\]\(README\.md\)/g, "](./)").replace(/\]\(([\w-]+)\.md\)/g, "]($1)");
  const body = new Marked({ gfm: true }).parse(text);
  const esc = (s) => s.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)} · hotplate</title>
<style>
  :root { color-scheme: light dark; --fg: #1d1f21; --bg: #fff; --muted: #5f6368; --line: #d8d8d4; --accent: #b5400d; --code: #f4f4f1; }
  @media (prefers-color-scheme: dark) { :root { --fg: #e6e6e3; --bg: #1d2024; --muted: #a0a4aa; --line: #3a3e44; --accent: #ff8a50; --code: #272b30; } }
  body { font: 15px/1.55 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); max-width: 52rem; margin: 0 auto; padding: 1rem; }
  nav { display: flex; gap: 1rem; font-size: 14px; }
  a { color: var(--accent); }
  pre, code { font: 13px/1.45 ui-monospace, Menlo, Consolas, monospace; background: var(--code); border-radius: 4px; }
  code { padding: 0 .2em; }
  pre { padding: .6rem .8rem; overflow-x: auto; }
  pre code { padding: 0; background: none; }
  table { border-collapse: collapse; display: block; overflow-x: auto; }
  th, td { border: 1px solid var(--line); padding: .2rem .5rem; text-align: left; vertical-align: top; }
</style>
</head>
<body>
<nav><a href="../">hotplate playground</a><a href="./">All lint rules</a></nav>
<main data-testid="rule-doc">
${body}</main>
</body>
</html>
`;
}

/** Every page: [file name under the site, HTML]. */
export function rulePages(dir) {
  const out = [];
  for (const name of readdirSync(dir).filter((n) => n.endsWith(".md")).sort()) {
    const markdown = readFileSync(join(dir, name), "utf8");
    const title = /^# (.+)$/m.exec(markdown)?.[1] ?? name.replace(/\.md$/, "");
    const file = name === "README.md" ? "index.html" : name.replace(/\.md$/, ".html");
    out.push([`rules/${file}`, rulePage(title, markdown)]);
  }
  return out;
}

/** The Vite plugin that writes them into the build. */
export function rulePagesPlugin(dir) {
  return {
    name: "hotplate-rule-pages",
    generateBundle() {
      for (const [fileName, source] of rulePages(dir)) this.emitFile({ type: "asset", fileName, source });
    },
  };
}
