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
//!   the summary also times a session's first evaluation (the request before the
//!   edit, evaluation and result JSON: a cold one plus what the session keeps);
//!
//! then prints a summary in `bench_heat.py`'s format (the median of each request
//! and their sum). `HOTPLATE_BENCH_SUMMARY=1` prints only that summary (and with
//! `HOTPLATE_BENCH_RESULTS=DIR` writes each cold result to `DIR/NAME.json`, for
//! `compare.py` against Heat's); `HOTPLATE_BENCH_REPEAT` sets its repetitions (default 11), `HOTPLATE_BENCH_CASE`
//! keeps the matching requests and `HOTPLATE_BENCH_LOOPS=N` only evaluates them N
//! times (a steady loop for a profiler). `HOTPLATE_BENCH_HEATS_RUN=1` makes the cold
//! runs Heat's run alone, without the deploy-time runs `hotplate eval` makes after
//! it (the work `bench_heat.py` times; Heat needs a second run with `x-deployed` to
//! tell what those tell). Skips with a message when `../shared` is absent.

mod common;

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use common::{median, run, Case};
use criterion::Criterion;
use hotplate_core::api::{evaluate, Request, Session};

/// The service template the edit variant changes (every scale request carries it).
const EDITED: &str = "deployment/keystone/keystone-container-puppet.yaml";

/// A request and the same request after the edit, decoded.
struct Edit {
    request: Request,
    edited: Request,
}

/// `request` with a word typed at the end of the first `description` of
/// [`EDITED`] (the end of its first line of text).
fn edit(request: &Request) -> Request {
    let mut edited = request.clone();
    let text = edited
        .inputs
        .files
        .get_mut(EDITED)
        .and_then(Option::as_mut)
        .expect("every scale request carries the edited file");
    let at = text.find("description:").expect("the edited file has a description");
    let mut end = at + text[at..].find('\n').unwrap_or(text.len() - at);
    if text[at..end].trim_end().ends_with(['>', '|']) {
        // A block scalar: the word goes into its first line of text (after
        // `description: >` itself it would be a YAML error).
        end += 1 + text[end + 1..].find('\n').unwrap_or(text.len() - end - 1);
    }
    text.insert_str(end, " edited");
    edited
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
fn summary(cases: &[Case], edits: &[Edit]) {
    let repeat = common::repeat(11);
    println!("# corpus: scale ({}), mode: full", common::corpus_dir("scale").display());
    println!("# hotplate: median of {repeat} runs per case (after one warm-up run), as bench_heat.py times Heat");
    let results = std::env::var_os("HOTPLATE_BENCH_RESULTS").filter(|d| !d.is_empty()).map(PathBuf::from);
    let mut total = 0.0;
    let mut edit_times = Vec::new();
    for (case, edit) in cases.iter().zip(edits) {
        if let Some(dir) = &results {
            std::fs::create_dir_all(dir).expect("cannot create the results folder");
            std::fs::write(dir.join(&case.file), run(&case.text)).expect("cannot write a result");
        }
        let cold = time(repeat, || {
            black_box(run(black_box(&case.text)));
        });
        println!("{cold:9.4} ms  {}", case.file);
        total += cold;
        edit_times.push((
            edit_time(edit, repeat, &mut None),
            edit_time(edit, repeat, &mut Some(Session::new())),
            time(repeat, || {
                black_box(Session::new().evaluate(black_box(&edit.request)).result.to_json());
            }),
            &case.file,
        ));
    }
    println!(
        "{} cases, total of medians {total:.1} ms, mean {:.4} ms/case",
        cases.len(),
        total / cases.len().max(1) as f64
    );
    for (cold, warm, first, file) in edit_times {
        println!("# edit of {EDITED}: {cold:.4} ms cold, {warm:.4} ms in a session  {file}");
        println!("# the first evaluation in a new session (what it keeps stored): {first:.4} ms  {file}");
    }
}

/// The median time of an evaluation after the edit (evaluation and result JSON:
/// the request is already decoded, as in an editor), alternating with the
/// request before it, through `session` if there is one.
fn edit_time(edit: &Edit, repeat: usize, session: &mut Option<Session>) -> f64 {
    let mut flip = false;
    time(repeat, || {
        flip = !flip;
        black_box(edit_once(edit, flip, session));
    })
}

fn edit_once(edit: &Edit, edited: bool, session: &mut Option<Session>) -> String {
    let req = black_box(if edited { &edit.edited } else { &edit.request });
    match session {
        Some(s) => s.evaluate(req).result.to_json(),
        None => evaluate(req).result.to_json(),
    }
}

fn main() {
    let Some(cases) = common::load(&common::corpus_dir("scale")) else { return };
    let edits: Vec<Edit> = cases
        .iter()
        .map(|c| {
            let request = Request::from_json(&c.text).unwrap_or_else(|e| panic!("{}: {e}", c.file));
            Edit { edited: edit(&request), request }
        })
        .collect();
    if common::other_modes(&cases, || summary(&cases, &edits)) {
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
        for (case, edit) in cases.iter().zip(&edits) {
            let mut session = with_session.then(Session::new);
            let mut flip = false;
            group.bench_function(case.file.trim_end_matches(".json"), |b| {
                b.iter(|| {
                    flip = !flip;
                    edit_once(edit, flip, &mut session)
                })
            });
        }
        group.finish();
    }
    c.final_summary();
    println!();
    summary(&cases, &edits);
}
