import { defineConfig } from "vite";

// The `<hot-playground>` element for the npm package (`hotplate/element`): the
// loader plus its lazy chunks, worker and .wasm, side by side in
// packages/hotplate/embed/ with relative URLs (bundlers copy them as assets).
export default defineConfig({
  base: "./",
  build: {
    target: "es2022",
    outDir: "../packages/hotplate/embed",
    emptyOutDir: true,
    assetsInlineLimit: 0,
    copyPublicDir: false,
    rollupOptions: {
      input: { element: "src/embed/element.ts" },
      output: { entryFileNames: "element.js", chunkFileNames: "[name]-[hash].js", assetFileNames: "[name]-[hash][extname]" },
    },
  },
  worker: { format: "es", rollupOptions: { output: { entryFileNames: "[name]-[hash].js" } } },
});
