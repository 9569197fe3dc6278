// What the scripts of this folder (conformance.mjs, bench.mjs) share: their
// options, the corpus they read and the package they import.
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** This folder. */
export const here = dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);

/** The value after `--name` on the command line, if given. */
export const opt = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};

/** Whether `--name` is on the command line. */
export const flag = (name) => args.includes(name);

/** `--corpus`, or the corpus `name` of ../shared/conformance beside the repository. */
export const corpusDir = (name) => resolve(opt("--corpus") ?? join(here, "../../../../shared/conformance", name));

/** What to import: `--package`, or this package's Node entry. */
export const packageSpec = () => opt("--package") ?? pathToFileURL(join(here, "../lib/node.js")).href;
