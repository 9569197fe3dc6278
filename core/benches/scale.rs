//! Benchmark: whole TripleO overclouds (`../shared/conformance/scale/`: ~2.5 MB
//! requests, up to 303 nested stacks), cold and after an edit to one service
//! template.
//!
//! One evaluation is what `hotplate eval NAME.json` does after reading the file:
//! decode the request JSON, evaluate, write the canonical result JSON — the steps
//! `../shared/oracle/bench_heat.py` times for Heat (`tools/bench_compare.sh` with
//! `CORPUS=scale BENCH=scale` puts both side by side).
//!
//! `cargo bench -p hotplate-core --bench scale` runs criterion groups:
//! * `cold/NAME`: each request from its text, nothing kept between runs;
//! * `edit/NAME`: the request after one edit to a service template
//!   ([`EDITED`]: a word typed into its first `description`), evaluated as an
//!   editor does after a keystroke: the request already decoded, through a
//!   [`Session`] that evaluated the request before the edit (what it loaded is
//!   kept, see ARCHITECTURE.md, "Incremental evaluation"), alternating between the
//!   two; evaluation and result JSON. `edit_cold/NAME` is the same without a session;
//!
//! then prints a summary in `bench_heat.py`'s format (the median of each request
//! and their sum). `HOTPLATE_BENCH_SUMMARY=1` prints only that summary (and with
//! `HOTPLATE_BENCH_RESULTS=DIR` writes each cold result to `DIR/NAME.json`, for
//! `compare.py` against Heat's); `HOTPLATE_BENCH_REPEAT` sets its repetitions (default 11), `HOTPLATE_BENCH_CASE`
//! keeps the matching requests and `HOTPLATE_BENCH_LOOPS=N` only evaluates them N
//! times (a steady loop for a profiler). Skips with a message when `../shared` is
//! absent.

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use criterion::Criterion;
use hotplate_core::api::{evaluate, Request, Session};

/// The CLI's allocator (cli/src/main.rs), so the figures are what `hotplate eval` does.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The service template the edit variant changes (every scale request carries it).
const EDITED: &str = "deployment/keystone/keystone-container-puppet.yaml";

struct Case {
    /// The request's file name (`NAME.json`, as bench_heat.py prints it).
    file: String,
    text: String,
    /// The decoded request, and the same request after the edit.
    request: Request,
    edited: Request,
}

fn scale_dir() -> PathBuf {
    let shared = match std::env::var_os("HOTPLATE_SHARED") {
        Some(p) => PathBuf::from(p),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared"),
    };
    shared.join("conformance/scale")
}

/// `request` with a word typed at the end of the first `description:` line of
/// [`EDITED`].
fn edit(request: &Request) -> Request {
    let mut edited = request.clone();
    let text =
        edited.files.get_mut(EDITED).and_then(Option::as_mut).expect("every scale request carries the edited file");
    let at = text.find("description:").expect("the edited file has a description");
    let end = at + text[at..].find('\n').unwrap_or(text.len() - at);
    text.insert_str(end, " edited");
    edited
}

fn load(dir: &Path) -> Vec<Case> {
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .filter(|n| n.ends_with(".json") && !n.ends_with(".expected.json"))
        .collect();
    files.sort();
    if let Some(only) = std::env::var("HOTPLATE_BENCH_CASE").ok().filter(|f| !f.is_empty()) {
        files.retain(|f| f.contains(&only));
    }
    files
        .into_iter()
        .map(|file| {
            let text = std::fs::read_to_string(dir.join(&file)).unwrap_or_else(|e| panic!("cannot read {file}: {e}"));
            let request = Request::from_json(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
            let edited = edit(&request);
            Case { file, text, request, edited }
        })
        .collect()
}

/// One cold evaluation, as the CLI does it.
fn run(text: &str) -> String {
    match Request::from_json(text) {
        Ok(req) => evaluate(&req).result.to_json(),
        Err(e) => e,
    }
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    match n {
        0 => 0.0,
        _ if n % 2 == 1 => v[n / 2],
        _ => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

/// The median of `repeat` timed runs of `f` (after one warm-up run), in ms.
fn time(repeat: usize, mut f: impl FnMut()) -> f64 {
    f();
    median(
        (0..repeat.max(1))
            .map(|_| {
                let t0 = Instant::now();
                f();
                t0.elapsed().as_secs_f64() * 1000.0
            })
            .collect(),
    )
}

/// bench_heat.py's report for the cold runs, then the edit variant's medians.
fn summary(cases: &[Case]) {
    let repeat: usize = std::env::var("HOTPLATE_BENCH_REPEAT").ok().and_then(|v| v.parse().ok()).unwrap_or(11);
    println!("# corpus: scale ({}), mode: full", scale_dir().display());
    println!("# hotplate: median of {repeat} runs per case (after one warm-up run), as bench_heat.py times Heat");
    let results = std::env::var_os("HOTPLATE_BENCH_RESULTS").filter(|d| !d.is_empty()).map(PathBuf::from);
    let mut total = 0.0;
    let mut edits = Vec::new();
    for case in cases {
        if let Some(dir) = &results {
            std::fs::create_dir_all(dir).expect("cannot create the results folder");
            std::fs::write(dir.join(&case.file), run(&case.text)).expect("cannot write a result");
        }
        let cold = time(repeat, || {
            black_box(run(black_box(&case.text)));
        });
        println!("{cold:9.4} ms  {}", case.file);
        total += cold;
        edits.push((
            edit_time(case, repeat, &mut None),
            edit_time(case, repeat, &mut Some(Session::new())),
            &case.file,
        ));
    }
    println!(
        "{} cases, total of medians {total:.1} ms, mean {:.4} ms/case",
        cases.len(),
        total / cases.len().max(1) as f64
    );
    for (cold, warm, file) in edits {
        println!("# edit of {EDITED}: {cold:.4} ms cold, {warm:.4} ms in a session  {file}");
    }
}

/// The median time of an evaluation after the edit (evaluation and result JSON:
/// the request is already decoded, as in an editor), alternating with the
/// request before it, through `session` if there is one.
fn edit_time(case: &Case, repeat: usize, session: &mut Option<Session>) -> f64 {
    let mut flip = false;
    time(repeat, || {
        flip = !flip;
        black_box(edit_once(case, flip, session));
    })
}

fn edit_once(case: &Case, edited: bool, session: &mut Option<Session>) -> String {
    let req = black_box(if edited { &case.edited } else { &case.request });
    match session {
        Some(s) => s.evaluate(req).result.to_json(),
        None => evaluate(req).result.to_json(),
    }
}

fn main() {
    let dir = scale_dir();
    if !dir.is_dir() {
        eprintln!("skipped: {} is absent (../shared is not checked out beside this clone)", dir.display());
        return;
    }
    let cases = load(&dir);
    if let Some(loops) = std::env::var("HOTPLATE_BENCH_LOOPS").ok().and_then(|v| v.parse::<usize>().ok()) {
        for _ in 0..loops {
            for case in &cases {
                black_box(run(black_box(&case.text)));
            }
        }
        return;
    }
    if std::env::var("HOTPLATE_BENCH_SUMMARY").is_ok_and(|v| v == "1") {
        summary(&cases);
        return;
    }
    let mut c = Criterion::default()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(5))
        .sample_size(10)
        .configure_from_args();
    {
        let mut group = c.benchmark_group("cold");
        for case in &cases {
            group.bench_function(case.file.trim_end_matches(".json"), |b| b.iter(|| run(black_box(&case.text))));
        }
        group.finish();
    }
    for (group, with_session) in [("edit", true), ("edit_cold", false)] {
        let mut group = c.benchmark_group(group);
        for case in &cases {
            let mut session = with_session.then(Session::new);
            let mut flip = false;
            group.bench_function(case.file.trim_end_matches(".json"), |b| {
                b.iter(|| {
                    flip = !flip;
                    edit_once(case, flip, &mut session)
                })
            });
        }
        group.finish();
    }
    c.final_summary();
    println!();
    summary(&cases);
}
