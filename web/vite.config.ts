import { defineConfig } from "vite";

// The production site (what Netlify publishes): web/dist. Hashed asset names get
// a long cache in netlify.toml; the .wasm is emitted as an asset of the worker.
export default defineConfig({
  build: {
    target: "es2022",
    outDir: "dist",
    emptyOutDir: true,
    assetsInlineLimit: 0,
  },
  worker: { format: "es" },
});
