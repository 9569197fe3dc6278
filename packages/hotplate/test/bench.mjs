#!/usr/bin/env node
// Benchmark: the conformance corpus through the npm package in Node (wasm)
// against the native engine, in one run, as a ratio. The corpus is corpus-full
// (the 524 full-mode requests issue 40 measures); `--corpus DIR` picks another
// (`../shared/conformance/corpus`, the 365 public ones).
//
//   node test/bench.mjs [--corpus DIR] [--native-bench BIN] [--repeat N] [--package SPEC] [--max-ratio R]
//
// Both sides are timed the same way as ../shared/oracle/bench_heat.py times Heat:
// the median of N runs per case after one warm-up run, summed over the corpus.
// Native: the criterion bench of hotplate-core in summary mode, built with
// `--features serialize` (`cargo bench -p hotplate-core --features serialize
// --bench engine`, HOTPLATE_BENCH_SUMMARY=1), each case's runs through one
// api::Session (HOTPLATE_BENCH_SESSION=1) as the binding evaluates (on both sides
// a repeated run of a request reuses the files its previous run loaded), each
// run what the binding's evaluate does (HOTPLATE_BENCH_BINDING=1): the request
// decoded, evaluated, its result, summary and shown-result JSON written, the
// evaluation dropped. Wasm: `evaluate(request)` of the package on the parsed
// request object: the same work plus the JS boundary (the request's
// JSON.stringify, the texts crossing, the summary's JSON.parse, the previous
// evaluation freed). The response's `result` and `shown` are parsed when first
// read, so a second total reads them too.
// --max-ratio R exits 1 when wasm/native exceeds R. --cases N also lists the N
// cases that cost the package the most time over native (per-case medians side
// by side, each case's ratio): where the ratio is not uniform.
//
// --plan: instead, the plan of the corpus's largest nested case (the most nested
// stacks in its result; ties: the longer request) updated to itself (its request
// as `x-current` and as the update body): `plan(request)` of the package against
// the native bench's `HOTPLATE_BENCH_PLAN=1` figure (the same case and request:
// decoding, the current stack created, the new one evaluated, every resource of
// every stack compared, Heat's preview JSON), median of N runs after a warm-up;
// both sides through one session (the binding plans through its api::Session).
import { readdirSync, readFileSync, existsSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { basename, join, resolve } from "node:path";
import { corpusDir, flag, here, opt, packageSpec } from "./script-args.mjs";

const corpus = corpusDir("corpus-full");
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

if (flag("--plan")) {
  await planBench();
  process.exit(0);
}

/** Time `f`: the median of `repeat` runs after one warm-up run, in ms. */
function timed(f) {
  f();
  const times = [];
  for (let r = 0; r < repeat; r++) {
    const t0 = performance.now();
    f();
    times.push(performance.now() - t0);
  }
  return median(times);
}

async function planBench() {
  const { evaluate, plan } = await import(spec);
  const nestedCount = (r) => Object.values(r.nested ?? {}).reduce((n, c) => n + 1 + nestedCount(c), 0);
  let best;
  for (const file of readdirSync(corpus).filter((f) => f.endsWith(".json") && !f.endsWith(".expected.json")).sort()) {
    const text = readFileSync(join(corpus, file), "utf8");
    const n = nestedCount(evaluate(JSON.parse(text)).result);
    if (n > 0 && (!best || n > best.n || (n === best.n && text.length > best.text.length))) best = { file, text, n };
  }
  if (!best) throw new Error(`no case of ${corpus} has a nested stack`);
  const current = JSON.parse(best.text);
  const request = { ...current, "x-current": current };
  const wasm = timed(() => plan(request, "json-line"));
  console.log(`wasm (Node ${process.version}, plan()): plan of ${best.file} (${best.n} nested stacks): median ${wasm.toFixed(3)} ms of ${repeat} runs`);
  if (!nativeBench) return;
  const out = execFileSync(nativeBench, [], {
    encoding: "utf8",
    // Through one api::Session, as the binding's plan() runs.
    env: { ...process.env, HOTPLATE_BENCH_PLAN: "1", HOTPLATE_BENCH_SESSION: "1", HOTPLATE_BENCH_REPEAT: String(repeat), HOTPLATE_SHARED: resolve(corpus, "../.."), HOTPLATE_BENCH_CORPUS: basename(corpus) },
  });
  const m = /plan of (\S+): median ([\d.]+) ms/.exec(out);
  if (!m) throw new Error(`unexpected native bench output:\n${out}`);
  if (m[1] !== best.file) throw new Error(`the native bench planned ${m[1]}, the package ${best.file}`);
  const native = Number(m[2]);
  console.log(`native (hotplate-core bench, plan/${m[1]}): median ${native.toFixed(3)} ms`);
  console.log(`ratio wasm/native: ${(wasm / native).toFixed(2)}x`);
}

let nativeTotal;
/** The native median of each case, by file name. */
const nativeCases = new Map();
if (nativeBench) {
  const out = execFileSync(nativeBench, [], {
    encoding: "utf8",
    env: {
      ...process.env,
      HOTPLATE_BENCH_SUMMARY: "1",
      HOTPLATE_BENCH_REPEAT: String(repeat),
      HOTPLATE_BENCH_SESSION: "1",
      // Like for like: per run, what the binding's evaluate does (the result,
      // summary and shown JSON written, the evaluation dropped); the native
      // bench must be built with `--features serialize`.
      HOTPLATE_BENCH_BINDING: "1",
      HOTPLATE_SHARED: resolve(corpus, "../.."),
      // The native bench defaults to corpus-full: time the same folder as the wasm side.
      HOTPLATE_BENCH_CORPUS: basename(corpus),
    },
  });
  const m = /(\d+) cases, total of medians ([\d.]+) ms/.exec(out);
  if (!m) throw new Error(`unexpected native bench output:\n${out}`);
  nativeTotal = Number(m[2]);
  for (const [, ms, file] of out.matchAll(/^ *([\d.]+) ms  (\S+)$/gm)) nativeCases.set(file, Number(ms));
  console.log(`native (hotplate-core bench, ${m[1]} cases): total of medians ${nativeTotal.toFixed(1)} ms`);
}

const { evaluate } = await import(spec);
const files = readdirSync(corpus).filter((f) => f.endsWith(".json") && !f.endsWith(".expected.json")).sort();
let total = 0;
let totalRead = 0;
const wasmCases = new Map();
/** The median of `repeat` runs of `f` after a warm-up run. */
const medianOf = (f) => {
  f();
  const times = [];
  for (let r = 0; r < repeat; r++) {
    const t0 = performance.now();
    f();
    times.push(performance.now() - t0);
  }
  return median(times);
};
for (const file of files) {
  const request = JSON.parse(readFileSync(join(corpus, file), "utf8"));
  const med = medianOf(() => evaluate(request));
  wasmCases.set(file, med);
  total += med;
  // The response's `result` and `shown` are parsed when first read: the same
  // runs with both read (what a caller that walks the result objects pays).
  totalRead += medianOf(() => {
    const response = evaluate(request);
    return [response.result, response.shown];
  });
}
console.log(`wasm (Node ${process.version}, evaluate(), ${files.length} cases): total of medians ${total.toFixed(1)} ms`);
console.log(`wasm, evaluate() with response.result and response.shown read: total of medians ${totalRead.toFixed(1)} ms`);
const listed = Number(opt("--cases") ?? 0);
if (listed > 0 && nativeCases.size > 0) {
  const rows = files
    .filter((f) => nativeCases.has(f))
    .map((f) => ({ f, wasm: wasmCases.get(f), native: nativeCases.get(f) }))
    .sort((a, b) => b.wasm - b.native - (a.wasm - a.native))
    .slice(0, listed);
  console.log(`# the ${rows.length} cases the package spends the most over native (ms package / native, ratio)`);
  for (const { f, wasm, native } of rows) {
    console.log(`${wasm.toFixed(3).padStart(9)} / ${native.toFixed(3).padStart(8)}  ${(wasm / native).toFixed(2).padStart(5)}x  ${f}`);
  }
}
if (nativeTotal !== undefined) {
  const ratio = total / nativeTotal;
  console.log(`ratio wasm/native: ${ratio.toFixed(2)}x (median of ${repeat} runs per case, after a warm-up run)`);
  console.log(`ratio with result and shown read: ${(totalRead / nativeTotal).toFixed(2)}x`);
  if (maxRatio !== undefined && ratio > maxRatio) {
    console.log(`FAIL: ratio above ${maxRatio}`);
    process.exit(1);
  }
}
