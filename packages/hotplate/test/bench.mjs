#!/usr/bin/env node
// Benchmark: the conformance corpus through the npm package in Node (wasm)
// against the native engine, in one run, as a ratio.
//
//   node test/bench.mjs [--corpus DIR] [--native-bench BIN] [--repeat N] [--package SPEC] [--max-ratio R]
//
// Both sides are timed the same way as ../shared/oracle/bench_heat.py times Heat:
// the median of N runs per case after one warm-up run, summed over the corpus.
// Native: the criterion bench of hotplate-core in summary mode
// (`cargo bench -p hotplate-core --bench engine`, HOTPLATE_BENCH_SUMMARY=1): request
// JSON decoding, evaluation and result JSON, i.e. what `hotplate eval` does minus
// process start and file IO, each case's runs through one api::Session
// (HOTPLATE_BENCH_SESSION=1) as the binding evaluates: on both sides a repeated
// run of a request reuses the files its previous run loaded. Wasm: `evaluate(request)` of the package on the parsed
// request object: the same work plus the JS boundary (request and response
// conversion), located diagnostics and `JSON.parse(resultJson)`.
// --max-ratio R exits 1 when wasm/native exceeds R.
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { basename, join, resolve } from "node:path";
import { corpusDir, here, opt, packageSpec } from "./script-args.mjs";

const corpus = corpusDir("corpus");
const repeat = Number(opt("--repeat") ?? 21);
const nativeBench = opt("--native-bench");
const maxRatio = opt("--max-ratio") ? Number(opt("--max-ratio")) : undefined;
const spec = packageSpec();

if (!existsSync(corpus)) {
  console.log(`bench (wasm): skipped, ${corpus} is absent`);
  process.exit(0);
}
const median = (v) => {
  v.sort((a, b) => a - b);
  const n = v.length;
  return n % 2 ? v[(n - 1) / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
};

let nativeTotal;
if (nativeBench) {
  const out = execFileSync(nativeBench, [], {
    encoding: "utf8",
    env: {
      ...process.env,
      HOTPLATE_BENCH_SUMMARY: "1",
      HOTPLATE_BENCH_REPEAT: String(repeat),
      HOTPLATE_BENCH_SESSION: "1",
      HOTPLATE_SHARED: resolve(corpus, "../.."),
      // The native bench defaults to corpus-full: time the same folder as the wasm side.
      HOTPLATE_BENCH_CORPUS: basename(corpus),
    },
  });
  const m = /(\d+) cases, total of medians ([\d.]+) ms/.exec(out);
  if (!m) throw new Error(`unexpected native bench output:\n${out}`);
  nativeTotal = Number(m[2]);
  console.log(`native (hotplate-core bench, ${m[1]} cases): total of medians ${nativeTotal.toFixed(1)} ms`);
}

const { evaluate } = await import(spec);
const files = readdirSync(corpus).filter((f) => f.endsWith(".json") && !f.endsWith(".expected.json")).sort();
let total = 0;
for (const file of files) {
  const request = JSON.parse(readFileSync(join(corpus, file), "utf8"));
  evaluate(request);
  const times = [];
  for (let r = 0; r < repeat; r++) {
    const t0 = performance.now();
    evaluate(request);
    times.push(performance.now() - t0);
  }
  total += median(times);
}
console.log(`wasm (Node ${process.version}, evaluate(), ${files.length} cases): total of medians ${total.toFixed(1)} ms`);
if (nativeTotal !== undefined) {
  const ratio = total / nativeTotal;
  console.log(`ratio wasm/native: ${ratio.toFixed(2)}x (median of ${repeat} runs per case, after a warm-up run)`);
  if (maxRatio !== undefined && ratio > maxRatio) {
    console.log(`FAIL: ratio above ${maxRatio}`);
    process.exit(1);
  }
}
