import { defineConfig } from "vite";

// The production site (what Netlify publishes): web/dist. Hashed asset names get
// a long cache in netlify.toml; the .wasm is emitted as an asset of the worker.
export default defineConfig({
  // Relative URLs: the embed loader (embed.js) may run on another site's page
  // and finds its chunks, worker and .wasm beside itself.
  base: "./",
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
