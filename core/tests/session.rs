//! Incremental evaluation gives what a cold evaluation gives.
//!
//! Property: for a case of `../shared/conformance/corpus-full` (or one of ours
//! when `../shared` is absent) and a random sequence of edits to its template and
//! files — a character typed or deleted anywhere, a file changed back to its
//! original text, two files swapping texts — every evaluation through one
//! [`Session`] equals a cold [`evaluate`] of the same request: the canonical
//! result JSON and the whole evaluation (diagnostics with their spans, sources,
//! parameter infos, display values, edges: compared through `Debug`).
//!
//! `PROPTEST_CASES` sets the number of edit sequences (default 48); `HOTPLATE_SHARED`
//! points at another `shared` folder.

use std::path::{Path, PathBuf};

use hotplate_core::api::{evaluate, Document, Request, Session};
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

fn shared_dir() -> PathBuf {
    match std::env::var_os("HOTPLATE_SHARED") {
        Some(p) => PathBuf::from(p),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared"),
    }
}

/// The corpus's requests with at least one file (nested stacks, environments,
/// `get_file`): where a session has something to keep. Ours when it is absent.
fn cases() -> Vec<Request> {
    let dir = shared_dir().join("conformance/corpus-full");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("corpus-full is absent ({}): the edit sequences run on our own request only", dir.display());
        return vec![own_request()];
    };
    let mut names: Vec<PathBuf> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.to_string_lossy().ends_with(".json") && !p.to_string_lossy().ends_with(".expected.json"))
        .collect();
    names.sort();
    names
        .iter()
        .filter_map(|p| Request::from_json(&std::fs::read_to_string(p).ok()?).ok())
        .filter(|r| r.files.values().any(Option::is_some) && matches!(r.template, Document::Text(_)))
        .collect()
}

fn own_request() -> Request {
    let mut req = Request::new(
        "heat_template_version: 2018-08-31\nparameters:\n  p: {type: string, default: a}\nresources:\n  \
         c: {type: child.yaml, properties: {x: {get_param: p}}}\noutputs:\n  o: {value: {get_attr: [c, v]}}\n",
    );
    req.environment_files = vec!["env.yaml".into()];
    req.files.insert("env.yaml".into(), Some("parameter_defaults: {p: b}\n".into()));
    req.files.insert(
        "child.yaml".into(),
        Some("heat_template_version: 2018-08-31\nparameters:\n  x: {type: string}\noutputs:\n  v: {value: {get_param: x}}\n".into()),
    );
    req
}

/// One edit of a request's texts. Positions and choices are fractions of what is
/// there, so one strategy serves every request.
#[derive(Clone, Debug)]
enum Edit {
    /// Type `ch` at a position of text `which` (0: the template, then the files).
    Type { which: usize, at: usize, ch: char },
    /// Delete the character at a position.
    Delete { which: usize, at: usize },
    /// Put text `which` back as it was.
    Revert { which: usize },
    /// Swap the texts of two files.
    Swap { a: usize, b: usize },
}

fn edit() -> impl Strategy<Value = Edit> {
    let n = 0usize..1000;
    prop_oneof![
        4 => (n.clone(), n.clone(), prop::sample::select(vec![' ', 'x', '1', ':', '\n', '-', '{', '}', '"', '\'', 'é'])).prop_map(|(which, at, ch)| Edit::Type { which, at, ch }),
        3 => (n.clone(), n.clone()).prop_map(|(which, at)| Edit::Delete { which, at }),
        1 => n.clone().prop_map(|which| Edit::Revert { which }),
        1 => (n.clone(), n).prop_map(|(a, b)| Edit::Swap { a, b }),
    ]
}

/// The text `which` (modulo the number of texts) of `req`.
fn text_mut(req: &mut Request, which: usize) -> Option<&mut String> {
    let n = 1 + req.files.len();
    match which % n {
        0 => match &mut req.template {
            Document::Text(t) => Some(t),
            Document::Value(_) => None,
        },
        i => req.files.get_index_mut(i - 1).and_then(|(_, v)| v.as_mut()),
    }
}

/// The char boundary nearest below `at` (a fraction of 1000 of the text's length).
fn boundary(text: &str, at: usize) -> usize {
    let mut i = text.len() * at / 1000;
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn apply(req: &mut Request, original: &Request, edit: &Edit) {
    match *edit {
        Edit::Type { which, at, ch } => {
            if let Some(t) = text_mut(req, which) {
                let i = boundary(t, at);
                t.insert(i, ch);
            }
        }
        Edit::Delete { which, at } => {
            if let Some(t) = text_mut(req, which) {
                let i = boundary(t, at);
                if i < t.len() {
                    t.remove(i);
                }
            }
        }
        Edit::Revert { which } => {
            let mut original = original.clone();
            if let (Some(t), Some(o)) = (text_mut(req, which), text_mut(&mut original, which)) {
                *t = std::mem::take(o);
            }
        }
        Edit::Swap { a, b } => {
            let n = req.files.len();
            if n > 1 {
                // Names stay in place: only the texts move.
                let (ia, ib) = (a % n, b % n);
                let ta = req.files.get_index(ia).and_then(|e| e.1.clone());
                let tb = req.files.get_index(ib).and_then(|e| e.1.clone());
                if let Some((_, v)) = req.files.get_index_mut(ia) {
                    *v = tb;
                }
                if let Some((_, v)) = req.files.get_index_mut(ib) {
                    *v = ta;
                }
            }
        }
    }
}

#[test]
fn evaluations_through_a_session_equal_cold_evaluations() {
    let cases = cases();
    assert!(!cases.is_empty());
    let config = Config { cases: Config::default().cases.min(48), failure_persistence: None, ..Config::default() };
    let mut runner = TestRunner::new(config);
    let strategy = (0..cases.len(), prop::collection::vec(edit(), 1..8));
    runner
        .run(&strategy, |(case, edits)| {
            let original = &cases[case];
            let mut req = original.clone();
            let mut session = Session::new();
            for (i, e) in std::iter::once(None).chain(edits.iter().map(Some)).enumerate() {
                if let Some(e) = e {
                    apply(&mut req, original, e);
                }
                let warm = session.evaluate(&req);
                let cold = evaluate(&req);
                prop_assert_eq!(warm.result.to_json(), cold.result.to_json(), "result after edit {}", i);
                if format!("{warm:?}") != format!("{cold:?}") {
                    return Err(TestCaseError::fail(format!("evaluation after edit {i} differs from a cold one")));
                }
            }
            Ok(())
        })
        .unwrap();
}
