//! The deploy-time evaluations' reuse of Heat's evaluation (`engine/reuse.rs`):
//! every evaluation replays, in its deploy-time runs, the top-level stack's
//! checks of its nested stacks, and one without the display evaluation
//! (`Display::Never`, as `hotplate eval` evaluates) skips the nested stacks
//! nothing is read from. Each is compared with an evaluation that reuses
//! nothing (`evaluate_without_reuse`), the page's (with the display evaluation,
//! through a session too) as well: everything equal but the sources no span
//! points into. Needs `../shared` (skips with a message without it).

use std::path::{Path, PathBuf};

use hotplate_core::api::test_support::evaluate_without_reuse;
use hotplate_core::api::test_support::every_pass;
use hotplate_core::api::test_support::source::SourceId;
use hotplate_core::api::{evaluate, Display, Evaluation, Request, Session};

fn shared_dir() -> PathBuf {
    match std::env::var_os("HOTPLATE_SHARED") {
        Some(p) => PathBuf::from(p),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared"),
    }
}

/// The evaluation's text with each span's source named, not numbered, and
/// the source map left out.
fn shown(ev: &Evaluation) -> String {
    let mut ev = ev.clone();
    let names: Vec<String> = (0..ev.sources.len())
        .map(|i| {
            ev.sources.get(SourceId(u32::try_from(i).unwrap_or(u32::MAX))).map_or(String::new(), |s| s.name.clone())
        })
        .collect();
    ev.sources = Default::default();
    let text = format!("{ev:#?}");
    let mut out = String::with_capacity(text.len());
    let mut rest = text.as_str();
    while let Some(at) = rest.find("SourceId(") {
        out.push_str(&rest[..at]);
        let tail = &rest[at + "SourceId(".len()..];
        let close = tail.find(')').unwrap_or(tail.len());
        let id: usize = tail[..close].trim().trim_end_matches(',').trim().parse().unwrap_or(usize::MAX);
        out.push_str(&format!("Source({:?})", names.get(id)));
        rest = tail.get(close + 1..).unwrap_or("");
    }
    out.push_str(rest);
    out
}

/// Every request of the conformance folders `dirs`, in name order, with its
/// folder and file name; `None` (after a message) without `../shared`.
fn corpus_requests(dirs: &[&str]) -> Option<Vec<(String, String, Request)>> {
    let conformance = shared_dir().join("conformance");
    if !conformance.is_dir() {
        eprintln!("skipped: {} is absent", conformance.display());
        return None;
    }
    let mut out = Vec::new();
    for dir in dirs {
        let Ok(entries) = std::fs::read_dir(conformance.join(dir)) else { continue };
        let mut files: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
        files.sort();
        for path in files {
            let name = path.file_name().unwrap().to_string_lossy().into_owned();
            if !name.ends_with(".json") || name.ends_with("expected.json") {
                continue;
            }
            let Ok(req) = Request::from_json(&std::fs::read_to_string(&path).unwrap()) else { continue };
            out.push((dir.to_string(), name, req));
        }
    }
    Some(out)
}

#[test]
fn focused_deploy_time_runs_answer_as_full_ones() {
    let Some(requests) = corpus_requests(&["scale", "deploy-time", "corpus-full"]) else { return };
    let mut compared = 0;
    for (dir, name, mut req) in requests {
        req.display = Display::Never;
        let focused = evaluate(&req);
        if focused.deploy_time.is_empty() && focused.result.error_places().is_empty() {
            continue;
        }
        let full = evaluate_without_reuse(&req);
        assert_eq!(focused.result.to_json(), full.result.to_json(), "{dir}/{name}");
        assert!(shown(&focused) == shown(&full), "{dir}/{name}: the focused evaluation differs");
        // With the display evaluation (the page's), through a session too:
        // the checks replayed, every created stack run.
        req.display = Display::WhenRefused;
        let full = evaluate_without_reuse(&req);
        let replayed = evaluate(&req);
        assert!(shown(&replayed) == shown(&full), "{dir}/{name}: the checks replayed differ");
        assert!(shown(&Session::new().evaluate(&req)) == shown(&full), "{dir}/{name}: a session's differs");
        compared += 1;
    }
    eprintln!("{compared} requests with error places compared");
}

/// Heat refused the stack before its validation ended: `evaluate` makes no
/// deploy-time runs (they would fail it the same way) and answers as an
/// evaluation that makes them, with each display mode the callers use.
#[test]
fn no_deploy_time_runs_after_a_refusal_before_validation_ends() {
    let Some(requests) = corpus_requests(&["deploy-time", "corpus-full", "plugin-checks"]) else { return };
    let mut compared = 0;
    for (dir, name, mut req) in requests {
        for display in [Display::WhenRefused, Display::Never, Display::WithoutValues] {
            req.display = display;
            let skipped = evaluate(&req);
            if skipped.result.error_places().is_empty() {
                continue;
            }
            let every = every_pass(&req);
            assert_eq!(skipped.result.to_json(), every.result.to_json(), "{dir}/{name}");
            assert!(shown(&skipped) == shown(&every), "{dir}/{name} ({display:?}): the evaluations differ");
            compared += 1;
        }
    }
    assert!(compared > 0, "no request with an error place");
    eprintln!("{compared} evaluations with error places compared");
}
