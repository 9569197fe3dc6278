//! What the `engine` and `scale` benches share: the corpus folder and its requests,
//! one evaluation as the CLI does it, medians, and the modes every bench has
//! (`HOTPLATE_BENCH_LOOPS`, `HOTPLATE_BENCH_SUMMARY`, `HOTPLATE_BENCH_CASE`,
//! `HOTPLATE_BENCH_HEATS_RUN`).

use std::hint::black_box;
use std::path::{Path, PathBuf};

use hotplate_core::api::test_support::heats_run;
use hotplate_core::api::{evaluate, Display, Request};

/// The CLI's allocator (cli/src/main.rs), so the figures are what `hotplate eval` does.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

pub struct Case {
    /// The request's file name (`NAME.json`, as bench_heat.py prints it).
    pub file: String,
    pub text: String,
}

/// `../shared/conformance/NAME` (`HOTPLATE_SHARED` sets the `shared` folder).
pub fn corpus_dir(name: &str) -> PathBuf {
    let shared = match std::env::var_os("HOTPLATE_SHARED") {
        Some(p) => PathBuf::from(p),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared"),
    };
    shared.join("conformance").join(name)
}

/// The requests of `dir` in name order, those matching `HOTPLATE_BENCH_CASE` when
/// it is set; `None` (after saying so) when `dir` is absent.
pub fn load(dir: &Path) -> Option<Vec<Case>> {
    if !dir.is_dir() {
        eprintln!("skipped: {} is absent (../shared is not checked out beside this clone)", dir.display());
        return None;
    }
    let only = std::env::var("HOTPLATE_BENCH_CASE").ok().filter(|f| !f.is_empty());
    let mut files: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .filter(|n| n.ends_with(".json") && !n.ends_with(".expected.json"))
        .filter(|n| only.as_ref().is_none_or(|o| n.contains(o.as_str())))
        .collect();
    files.sort();
    Some(
        files
            .into_iter()
            .map(|file| {
                let text =
                    std::fs::read_to_string(dir.join(&file)).unwrap_or_else(|e| panic!("cannot read {file}: {e}"));
                Case { file, text }
            })
            .collect(),
    )
}

/// One evaluation, as the CLI does it (`hotplate eval NAME.json` prints Heat's
/// result alone: no display evaluation).
pub fn run(text: &str) -> String {
    run_with(text, Display::Never)
}

/// One evaluation with the display evaluation made as `display` says;
/// with `HOTPLATE_BENCH_HEATS_RUN=1`, Heat's run alone (no deploy-time runs
/// after it: the work Heat's own evaluation does, for a like-for-like
/// figure beside `bench_heat.py`; the result is the same).
pub fn run_with(text: &str, display: Display) -> String {
    match Request::from_json(text) {
        Ok(mut req) => {
            req.display = display;
            if heats_run_only() {
                return heats_run(&req).result.to_json();
            }
            evaluate(&req).result.to_json()
        }
        Err(e) => e,
    }
}

/// `HOTPLATE_BENCH_HEATS_RUN=1`: [`run_with`] evaluates Heat's run alone.
fn heats_run_only() -> bool {
    std::env::var("HOTPLATE_BENCH_HEATS_RUN").is_ok_and(|v| v == "1")
}

pub fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    match n {
        0 => 0.0,
        _ if n % 2 == 1 => v[n / 2],
        _ => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

/// `HOTPLATE_BENCH_REPEAT`, or `default`.
pub fn repeat(default: usize) -> usize {
    std::env::var("HOTPLATE_BENCH_REPEAT").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// The modes without criterion: `HOTPLATE_BENCH_LOOPS=N` evaluates the cases N
/// times and prints nothing (a steady loop for a profiler); `HOTPLATE_BENCH_SUMMARY=1`
/// runs `summary` alone. True when one of them ran.
pub fn other_modes(cases: &[Case], summary: impl FnOnce()) -> bool {
    if let Some(loops) = std::env::var("HOTPLATE_BENCH_LOOPS").ok().and_then(|v| v.parse::<usize>().ok()) {
        for _ in 0..loops {
            for case in cases {
                black_box(run(black_box(&case.text)));
            }
        }
        return true;
    }
    if std::env::var("HOTPLATE_BENCH_SUMMARY").is_ok_and(|v| v == "1") {
        summary();
        return true;
    }
    false
}
