import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
// @ts-expect-error: a plain ES module of the build scripts
import { rulePagesPlugin } from "./scripts/rule-pages.mjs";

// The production site (what Netlify publishes): web/dist. Hashed asset names get
// a long cache in netlify.toml; the .wasm is emitted as an asset of the worker.
export default defineConfig({
  // Relative URLs: the embed loader (embed.js) may run on another site's page
  // and finds its chunks, worker and .wasm beside itself.
  base: "./",
  // The lint rules' documentation, served by the site at /rules/<ID> (docs/rules/ rendered).
  plugins: [rulePagesPlugin(fileURLToPath(new URL("../docs/rules", import.meta.url)))],
  // Where the problems pane links a rule's id: the site's own page, relative to the
  // scripts in assets/ (the npm package's element, which has no such pages, links
  // the finding's `help` instead).
  define: { __HOTPLATE_RULES__: JSON.stringify("../rules/") },
  build: {
    target: "es2022",
    outDir: "dist",
    emptyOutDir: true,
    assetsInlineLimit: 0,
    rollupOptions: {
      input: {
        index: "index.html",
        embed: "embed.html",
        "docs-demo": "docs-demo.html",
        loader: "src/embed/element.ts",
      },
      output: {
        // The embed loader keeps a stable name (/embed.js) for docs authors to link.
        entryFileNames: (chunk) => (chunk.name === "loader" ? "embed.js" : "assets/[name]-[hash].js"),
      },
    },
  },
  worker: { format: "es" },
});
