//! Benchmark: evaluate every case of the shared full-mode conformance corpus.
//!
//! One evaluation is what `hotplate eval NAME.json` does after reading the file:
//! decode the request JSON, evaluate, and write the canonical result JSON (Heat's
//! `bench_heat.py --mode full` times the same steps of the oracle, after its imports).
//! hotplate has one mode, Heat's full mode (real plugin classes, nested stacks), so
//! the corpus is `corpus-full` (`HOTPLATE_BENCH_CORPUS=corpus` picks another folder
//! of `../shared/conformance`).
//!
//! `cargo bench -p hotplate-core --bench engine` runs criterion groups:
//! * `case/NAME` per case (filter with `-- NAME`) and `corpus/all_N_cases`;
//! * `corpus/all_N_cases_with_display`: the same with the display evaluation
//!   past Heat's first error (`Display::WhenRefused`: what the page, the text
//!   report, `check` and the LSP make; `eval NAME.json` does not), beside it to
//!   show that evaluation's cost;
//! * `loader/corpus_templates`: the YAML/JSON loader alone (`syntax::load_template`)
//!   over every distinct template text of the corpus (requests' templates and the
//!   `.yaml`/`.yml`/`.json`/`.template` files they carry), reported in bytes/s;
//! * `nested/NAME`: the case with the most nested stacks in its result (ties: the
//!   larger request);
//! * `plan/NAME`: `hotplate plan` of that case updated to itself (its request
//!   as `x-current` and as the update body: the current stack created, the new
//!   one evaluated and every resource of every stack compared).
//! * `lint/evaluate` and `lint/evaluate_and_lint`: every case decoded and
//!   evaluated, then the same with the lint rules (on by default) run over each
//!   evaluation, side by side (`HOTPLATE_BENCH_LINT=1`: only these two).
//!
//! then prints a summary in the format of `../shared/oracle/bench_heat.py`: the
//! median time of each case and the sum of the medians, plus the loader's MB/s.
//! `HOTPLATE_BENCH_SUMMARY=1` prints only that summary (`tools/bench_compare.sh`
//! uses it); `HOTPLATE_BENCH_REPEAT` sets its repetitions per case (default 21) and
//! `HOTPLATE_BENCH_CASE=SUBSTRING` keeps only the matching cases (for profiling).
//! `HOTPLATE_BENCH_SESSION=1` evaluates each case's runs through one
//! `api::Session`, as the wasm binding does (`make bench-wasm` compares with it:
//! repeated runs of one request reuse its loaded files on both sides).
//! `HOTPLATE_BENCH_BINDING=1` (with the session; needs `--features serialize`)
//! does per run what the wasm binding's `evaluate` does, for `make bench-wasm` to
//! compare like with like: the request decoded, `Session::evaluated`, the result
//! JSON, the summary JSON (located diagnostics, parameters, edges, …), the shown
//! result's JSON when Heat refused the stack, the evaluation dropped.
//! `HOTPLATE_BENCH_LOOPS=N` (with `HOTPLATE_BENCH_CASE` optional) only evaluates
//! the cases N times and prints nothing else: a steady loop for `perf record`.
//! `HOTPLATE_BENCH_PLAN=1` prints only the median of the plan of the largest
//! nested case (with `HOTPLATE_BENCH_SESSION=1` through one `api::Session`, as the
//! binding plans; the package's `test/bench.mjs --plan` compares it with `plan()`).
//! Skips with a message when `../shared` is absent.

mod common;

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use common::{median, run, run_with, Case};
use criterion::{Criterion, Throughput};
use hotplate_core::api::test_support::source::SourceId;
use hotplate_core::api::test_support::syntax::load_template;
use hotplate_core::api::{evaluate, plan, Display, Document, Format, HeatResult, PlanRequest, Request, Session};

/// The corpus folder's name under `../shared/conformance` (`corpus-full` unless
/// `HOTPLATE_BENCH_CORPUS` says otherwise).
fn corpus_name() -> String {
    std::env::var("HOTPLATE_BENCH_CORPUS").ok().filter(|c| !c.is_empty()).unwrap_or_else(|| "corpus-full".into())
}

fn corpus_dir() -> PathBuf {
    common::corpus_dir(&corpus_name())
}

/// Every distinct template text of the cases: the requests' templates and the
/// template files (`.yaml`, `.yml`, `.json`, `.template`) they carry.
fn template_texts(cases: &[Case]) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    let mut texts = Vec::new();
    for case in cases {
        let Ok(req) = Request::from_json(&case.text) else { continue };
        let files = req
            .inputs
            .files
            .iter()
            .filter(|(name, _)| [".yaml", ".yml", ".json", ".template"].iter().any(|ext| name.ends_with(ext)));
        let template = match req.template {
            Document::Text(t) => Some(t),
            Document::Value(_) => None,
        };
        for text in template.into_iter().chain(files.filter_map(|(_, t)| t.clone())) {
            if seen.insert(text.clone()) {
                texts.push(text);
            }
        }
    }
    texts
}

/// Load every text (the count of loaded texts and warnings keeps the work observable).
fn load_all(texts: &[String]) -> usize {
    texts.iter().map(|t| load_template(black_box(t), SourceId(0)).map_or(0, |l| l.warnings.len() + 1)).sum()
}

/// How many nested stacks a result holds, at every depth.
fn nested_count(r: &HeatResult) -> usize {
    r.nested.values().map(|n| 1 + nested_count(n)).sum()
}

/// The case with the most nested stacks (ties: the longer request).
fn largest_nested(cases: &[Case]) -> Option<&Case> {
    cases
        .iter()
        .filter_map(|c| {
            let req = Request::from_json(&c.text).ok()?;
            let n = nested_count(&evaluate(&req).result);
            (n > 0).then_some((n, c.text.len(), c))
        })
        .max_by_key(|&(n, len, _)| (n, len))
        .map(|(_, _, c)| c)
}

/// The update request that plans a case to itself: its create request as
/// `x-current`, and the same body.
fn plan_request(text: &str) -> Option<String> {
    let mut body: serde_json::Value = serde_json::from_str(text).ok()?;
    let current = body.clone();
    body.as_object_mut()?.insert("x-current".into(), current);
    Some(body.to_string())
}

/// One plan, as `hotplate plan REQUEST.json` does it (through `session`, as the
/// wasm binding plans, when given).
fn run_plan(text: &str, session: Option<&mut Session>) -> String {
    match PlanRequest::from_json(text) {
        Ok(req) => match session {
            Some(s) => s.plan(&req, Format::JsonLine).to_json(),
            None => plan(&req, Format::JsonLine).to_json(),
        },
        Err(e) => e,
    }
}

/// `HOTPLATE_BENCH_PLAN=1`: the median of the plan of the largest nested case
/// (after one warm-up run), alone; with `HOTPLATE_BENCH_SESSION=1` every run
/// goes through one `api::Session`, as the wasm binding's `plan()` does.
fn plan_summary(cases: &[Case]) {
    let Some(case) = largest_nested(cases) else { return };
    let request = plan_request(&case.text).expect("a corpus request is a JSON object");
    let repeat = common::repeat(21);
    let mut session = std::env::var("HOTPLATE_BENCH_SESSION").is_ok_and(|v| v == "1").then(Session::new);
    black_box(run_plan(&request, session.as_mut()));
    let times = (0..repeat.max(1))
        .map(|_| {
            let t0 = Instant::now();
            black_box(run_plan(black_box(&request), session.as_mut()));
            t0.elapsed().as_secs_f64() * 1000.0
        })
        .collect();
    let how = if session.is_some() { " (one api::Session)" } else { "" };
    println!("plan of {}: median {:.3} ms of {repeat} runs{how}", case.file, median(times));
}

/// bench_heat.py's report: the median of each case (after a warm-up run) and their
/// sum; then how the total splits into request decoding, evaluation and result JSON.
fn summary(cases: &[Case]) {
    let repeat = common::repeat(21);
    println!("# corpus: {} ({}), mode: full", corpus_name(), corpus_dir().display());
    println!("# hotplate: median of {repeat} runs per case (after one warm-up run), as bench_heat.py times Heat");
    let session = std::env::var("HOTPLATE_BENCH_SESSION").is_ok_and(|v| v == "1");
    if session {
        println!("# each case's runs through one api::Session (as the wasm binding evaluates)");
    }
    let binding = session && std::env::var("HOTPLATE_BENCH_BINDING").is_ok_and(|v| v == "1");
    if binding {
        println!("# each run as the wasm binding's evaluate: result, summary and shown JSON written");
    }
    let mut medians = Vec::with_capacity(cases.len());
    let mut phases = [0.0f64; 3];
    for case in cases {
        let mut session = session.then(Session::new);
        // One run: the request decoded, evaluated, written out; the instants
        // after decoding and after evaluating.
        let mut run_one = |text: &str| -> (Instant, Instant) {
            let req = Request::from_json(black_box(text));
            let t1 = Instant::now();
            match (req, &mut session) {
                (Ok(req), Some(s)) if binding => {
                    let ev = s.evaluated(req);
                    let t2 = Instant::now();
                    black_box(binding_json(&ev));
                    (t1, t2)
                }
                (Ok(req), Some(s)) => {
                    let ev = s.evaluate(&req);
                    let t2 = Instant::now();
                    black_box(ev.result.to_json());
                    (t1, t2)
                }
                (Ok(req), None) => {
                    let ev = evaluate(&req);
                    let t2 = Instant::now();
                    black_box(ev.result.to_json());
                    (t1, t2)
                }
                (Err(e), _) => {
                    black_box(e);
                    (t1, Instant::now())
                }
            }
        };
        run_one(&case.text);
        let mut times = Vec::with_capacity(repeat);
        let mut split: [Vec<f64>; 3] = Default::default();
        for _ in 0..repeat.max(1) {
            let t0 = Instant::now();
            let (t1, t2) = run_one(&case.text);
            let t3 = Instant::now();
            let ms = |a: Instant, b: Instant| (b - a).as_secs_f64() * 1000.0;
            times.push(ms(t0, t3));
            for (i, (a, b)) in [(t0, t1), (t1, t2), (t2, t3)].into_iter().enumerate() {
                split[i].push(ms(a, b));
            }
        }
        let med = median(times);
        println!("{med:9.4} ms  {}", case.file);
        medians.push(med);
        for (total, times) in phases.iter_mut().zip(split) {
            *total += median(times);
        }
    }
    let total: f64 = medians.iter().sum();
    println!(
        "# phases (sums of per-case medians): request decoding {:.1} ms, evaluation {:.1} ms, {} {:.1} ms",
        phases[0],
        phases[1],
        if binding { "result, summary and shown JSON" } else { "result JSON" },
        phases[2]
    );
    println!(
        "{} cases, total of medians {total:.1} ms, mean {:.4} ms/case, median {:.4} ms/case",
        cases.len(),
        total / cases.len().max(1) as f64,
        median(medians)
    );
    let texts = template_texts(cases);
    let bytes: usize = texts.iter().map(String::len).sum();
    black_box(load_all(&texts));
    let times: Vec<f64> = (0..repeat.max(1))
        .map(|_| {
            let t0 = Instant::now();
            black_box(load_all(&texts));
            t0.elapsed().as_secs_f64()
        })
        .collect();
    let secs = median(times);
    println!(
        "# loader: {} distinct template texts, {:.2} MB, median {:.2} ms, {:.1} MB/s",
        texts.len(),
        bytes as f64 / 1e6,
        secs * 1000.0,
        bytes as f64 / 1e6 / secs.max(1e-12)
    );
}

/// What the wasm binding's `evaluate` writes of an evaluation (`resultJson`,
/// `summaryJson`, `shownJson`), then the evaluation dropped (the package frees
/// it at its next call): their total length.
#[cfg(feature = "serialize")]
fn binding_json(ev: &hotplate_core::api::Evaluated) -> usize {
    let summary = serde_json::to_string(&ev.summary()).map_or(0, |s| s.len());
    ev.result_json().len() + summary + ev.shown_json().map_or(0, |s| s.len())
}

#[cfg(not(feature = "serialize"))]
fn binding_json(_: &hotplate_core::api::Evaluated) -> usize {
    panic!(
        "HOTPLATE_BENCH_BINDING=1 needs the summary's serialization: cargo bench -p hotplate-core --features serialize"
    )
}

fn main() {
    let Some(cases) = common::load(&corpus_dir()) else { return };
    if std::env::var("HOTPLATE_BENCH_PLAN").is_ok_and(|v| v == "1") {
        plan_summary(&cases);
        return;
    }
    if common::other_modes(&cases, || summary(&cases)) {
        return;
    }
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(50))
        .measurement_time(Duration::from_millis(200))
        .sample_size(10)
        .configure_from_args();
    if std::env::var("HOTPLATE_BENCH_LINT").is_ok_and(|v| v == "1") {
        lint(&mut c, &cases);
        c.final_summary();
        return;
    }
    {
        let mut group = c.benchmark_group("case");
        for case in &cases {
            let name = case.file.trim_end_matches(".json");
            group.bench_function(name, |b| b.iter(|| run(black_box(&case.text))));
        }
        group.finish();
    }
    {
        let mut group = c.benchmark_group("corpus");
        group.measurement_time(Duration::from_secs(5));
        for (suffix, display) in [("", Display::Never), ("_with_display", Display::WhenRefused)] {
            group.bench_function(format!("all_{}_cases{suffix}", cases.len()), |b| {
                b.iter(|| {
                    for case in &cases {
                        black_box(run_with(black_box(&case.text), display));
                    }
                });
            });
        }
        group.finish();
    }
    {
        let texts = template_texts(&cases);
        let bytes: usize = texts.iter().map(String::len).sum();
        let mut group = c.benchmark_group("loader");
        group.throughput(Throughput::Bytes(bytes as u64));
        group.measurement_time(Duration::from_secs(3));
        group.bench_function("corpus_templates", |b| b.iter(|| load_all(&texts)));
        group.finish();
    }
    if let Some(case) = largest_nested(&cases) {
        let mut group = c.benchmark_group("nested");
        group.measurement_time(Duration::from_secs(2));
        group.bench_function(case.file.trim_end_matches(".json"), |b| b.iter(|| run(black_box(&case.text))));
        group.finish();
        if let Some(request) = plan_request(&case.text) {
            let mut group = c.benchmark_group("plan");
            group.measurement_time(Duration::from_secs(2));
            group.bench_function(case.file.trim_end_matches(".json"), |b| {
                b.iter(|| run_plan(black_box(&request), None))
            });
            group.finish();
        }
    }
    lint(&mut c, &cases);
    c.final_summary();
    println!();
    summary(&cases);
}

/// What lint costs: the corpus evaluated, and evaluated then linted.
fn lint(c: &mut Criterion, cases: &[Case]) {
    let requests: Vec<Request> = cases.iter().filter_map(|c| Request::from_json(&c.text).ok()).collect();
    let options = hotplate_core::api::LintOptions::default();
    let mut group = c.benchmark_group("lint");
    group.measurement_time(Duration::from_secs(5));
    group.bench_function("evaluate", |b| {
        b.iter(|| {
            for req in &requests {
                black_box(evaluate(black_box(req)));
            }
        });
    });
    group.bench_function("evaluate_and_lint", |b| {
        b.iter(|| {
            for req in &requests {
                let ev = evaluate(black_box(req));
                black_box(hotplate_core::api::lint(req, &ev, &options));
            }
        });
    });
    group.finish();
}
