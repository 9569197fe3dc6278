#!/usr/bin/env node
// The public conformance corpus through the npm package (Node, wasm), compared
// with the oracle's expected results by compare.py's rules (test/strict-json.mjs).
//
//   node test/conformance.mjs [--corpus DIR] [--strict-messages] [--native BIN] [--package SPEC]
//
// --corpus    default: ../shared/conformance/corpus-full beside the repository
// --native    also run BIN (the native CLI: `BIN eval NAME.json`) on every case and
//             require byte-identical result text (wasm equals native, not only the pass count)
// --package   what to import (default: this package's lib/node.js)
// Prints failing cases, then "N passed, M failed"; exits 1 on any failure.
// Skips (exit 0, with a message) when the corpus is absent.
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { parseStrict, compareStrict } from "./strict-json.mjs";
import { corpusDir, flag, here, opt, packageSpec } from "./script-args.mjs";

const corpus = corpusDir("corpus-full");
// Cases the engine does not match yet (the Rust ratchet's list): they must still
// give the native CLI's result byte for byte.
const known = new Set(
  readFileSync(join(here, "../../../core/tests/conformance-known-failures.txt"), "utf8")
    .split("\n")
    .map((l) => l.split("#")[0].trim())
    .filter(Boolean),
);
const native = opt("--native");
const loose = !flag("--strict-messages");
const spec = packageSpec();

if (!existsSync(corpus)) {
  // CI sets HOTPLATE_REQUIRE_SHARED=1: there the corpus must be present.
  const required = process.env.HOTPLATE_REQUIRE_SHARED === "1";
  console.log(`conformance (wasm): ${required ? "FAIL" : "skipped"}, ${corpus} is absent`);
  process.exit(required ? 1 : 0);
}
const { evaluate } = await import(spec);

let pass = 0;
let fail = 0;
let sameAsNative = 0;
let messageDiffs = 0;
const names = readdirSync(corpus).filter((f) => f.endsWith(".json") && !f.endsWith(".expected.json")).sort();
for (const file of names) {
  const expectedPath = join(corpus, file.replace(/\.json$/, ".expected.json"));
  if (!existsSync(expectedPath)) continue;
  const name = file.replace(/\.json$/, "");
  const request = JSON.parse(readFileSync(join(corpus, file), "utf8"));
  let actualText;
  try {
    actualText = evaluate(request).resultJson;
  } catch (e) {
    fail++;
    console.log(`FAIL ${name}: evaluate threw ${e}`);
    continue;
  }
  const { diffs, messageDiffs: md } = compareStrict(
    parseStrict(readFileSync(expectedPath, "utf8")),
    parseStrict(actualText),
    loose,
  );
  messageDiffs += md.length;
  let nativeDiff = false;
  if (native) {
    let out;
    try {
      out = execFileSync(native, ["eval", join(corpus, file)], { encoding: "utf8" });
    } catch (e) {
      out = e.stdout; // exit status 1: the template has errors
    }
    nativeDiff = out.replace(/\n$/, "") !== actualText;
    if (!nativeDiff) sameAsNative++;
  }
  if ((diffs.length === 0 || known.has(name)) && !nativeDiff) {
    pass++;
  } else {
    fail++;
    console.log(`FAIL ${name}`);
    for (const d of diffs.slice(0, 10)) console.log(`  ${d}`);
    if (nativeDiff) console.log("  result text differs from the native CLI's");
  }
}
if (native) console.log(`${sameAsNative} of ${pass + fail} results byte-identical to the native CLI (${native})`);
if (messageDiffs) console.log(`(${messageDiffs} error message difference(s) ignored: --loose-messages)`);
console.log(`${pass} passed, ${fail} failed`);
process.exit(fail === 0 ? 0 : 1);
