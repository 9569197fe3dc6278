import { defineConfig } from "vite";

// The `<hot-playground>` element for the npm package (`hotplate/element`): the
// loader plus its lazy chunks and worker, side by side in packages/hotplate/embed/
// with relative URLs (bundlers copy them as assets). The engine is not bundled:
// `hotplate/web` stays an import of the package's own `../lib/web.js`, which loads
// the package's one `.wasm` (glue/) — the tarball ships it once (test/pack.test.mjs).
const external = ["hotplate/web"];
const paths = { "hotplate/web": "../lib/web.js" };

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
      external,
      output: { entryFileNames: "element.js", chunkFileNames: "[name]-[hash].js", assetFileNames: "[name]-[hash][extname]", paths },
    },
  },
  worker: { format: "es", rollupOptions: { external, output: { entryFileNames: "[name]-[hash].js", paths } } },
});
