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
//! Edits also give a parameter another value (or type), change the Heat
//! settings or name another Heat release: the nested stacks a session keeps
//! (ARCHITECTURE.md, "Incremental evaluation") are kept by those inputs too, and
//! the test fails if no evaluation reused one. Every other evaluation is linted
//! in the same session call (`Session::evaluated_linted`, as the page's worker
//! asks): its lint findings equal those of a cold evaluation linted alone; and
//! the texts of its shown values, which a session writes again only where a
//! value changed (`Session::texts`), equal a cold evaluation's. Most calls ask
//! only what changed since the last (`Session::texts_since`, as the page's worker
//! does): applied to the texts held from before, they equal a cold evaluation's.
//! Each top-level resource's digest (`Evaluated::resource_digests`) equals a cold
//! evaluation's, and when it stays the same from one evaluation to the next, so
//! does all that is shown of the resource (its result entry, its nested stack's,
//! the texts of their values, its skipped checks). The result and shown JSON
//! texts a session writes (`Session::result_json`, `Session::shown_json`:
//! copied from its last text where a value is shared) equal a cold
//! evaluation's. The seed is fixed.
//!
//! `PROPTEST_CASES` sets the number of edit sequences (default 48); `HOTPLATE_SHARED`
//! points at another `shared` folder.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use hotplate_core::api::{
    evaluate, json_to_value, Document, Evaluated, Format, LintOptions, PathItem, Request, Session, ShownValue,
};
use proptest::prelude::*;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestRunner};

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
        .filter(|r| r.inputs.files.values().any(Option::is_some) && matches!(r.template, Document::Text(_)))
        .collect()
}

fn own_request() -> Request {
    let mut req = Request::new(
        "heat_template_version: 2018-08-31\nparameters:\n  p: {type: string, default: a}\nresources:\n  \
         c: {type: child.yaml, properties: {x: {get_param: p}}}\noutputs:\n  o: {value: {get_attr: [c, v]}}\n",
    );
    req.inputs.environment_files = vec!["env.yaml".into()];
    req.inputs.files.insert("env.yaml".into(), Some("parameter_defaults: {p: b}\n".into()));
    req.inputs.files.insert(
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
    /// Give a parameter (one the request gives, or a new one) another value.
    Param { which: usize, value: usize },
    /// Other Heat settings (`x-heat-config`).
    Settings { which: usize },
    /// Another Heat release (`x-heat-release`).
    Release { which: usize },
}

/// Values a parameter edit gives: the same text as different types, too.
const PARAM_VALUES: [&str; 5] = ["\"x\"", "1", "true", "\"1\"", "[\"a\", \"b\"]"];
/// Heat settings an edit gives (null: Heat's defaults).
const SETTINGS: [&str; 4] = [
    "null",
    r#"{"max_nested_stack_depth": 10}"#,
    r#"{"max_nested_stack_depth": 1}"#,
    r#"{"max_resources_per_stack": 3}"#,
];
/// Releases an edit names (none: 27.0.1).
const RELEASES: [Option<&str>; 4] = [None, Some("16.1.0"), Some("22.0.1"), Some("27.0.1")];

fn edit() -> impl Strategy<Value = Edit> {
    let n = 0usize..1000;
    prop_oneof![
        4 => (n.clone(), n.clone(), prop::sample::select(vec![' ', 'x', '1', ':', '\n', '-', '{', '}', '"', '\'', 'é'])).prop_map(|(which, at, ch)| Edit::Type { which, at, ch }),
        3 => (n.clone(), n.clone()).prop_map(|(which, at)| Edit::Delete { which, at }),
        1 => n.clone().prop_map(|which| Edit::Revert { which }),
        1 => (n.clone(), n.clone()).prop_map(|(a, b)| Edit::Swap { a, b }),
        1 => (n.clone(), n.clone()).prop_map(|(which, value)| Edit::Param { which, value }),
        1 => n.clone().prop_map(|which| Edit::Settings { which }),
        1 => n.prop_map(|which| Edit::Release { which }),
    ]
}

/// The text `which` (modulo the number of texts) of `req`.
fn text_mut(req: &mut Request, which: usize) -> Option<&mut String> {
    let n = 1 + req.inputs.files.len();
    match which % n {
        0 => match &mut req.template {
            Document::Text(t) => Some(t),
            Document::Value(_) => None,
        },
        i => req.inputs.files.get_index_mut(i - 1).and_then(|(_, v)| v.as_mut()),
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
            let n = req.inputs.files.len();
            if n > 1 {
                // Names stay in place: only the texts move.
                let (ia, ib) = (a % n, b % n);
                let ta = req.inputs.files.get_index(ia).and_then(|e| e.1.clone());
                let tb = req.inputs.files.get_index(ib).and_then(|e| e.1.clone());
                if let Some((_, v)) = req.inputs.files.get_index_mut(ia) {
                    *v = tb;
                }
                if let Some((_, v)) = req.inputs.files.get_index_mut(ib) {
                    *v = ta;
                }
            }
        }
        Edit::Param { which, value } => {
            let given: Vec<String> =
                req.inputs.parameters.keys().filter_map(|k| k.as_str().map(str::to_string)).collect();
            let name = given.get(which % (given.len() + 1)).cloned().unwrap_or_else(|| "edited".into());
            let text = PARAM_VALUES[value % PARAM_VALUES.len()];
            req.inputs.parameters.insert_str(&name, json_to_value(&serde_json::from_str(text).unwrap()));
        }
        Edit::Settings { which } => {
            req.inputs.heat_config = json_to_value(&serde_json::from_str(SETTINGS[which % SETTINGS.len()]).unwrap());
        }
        Edit::Release { which } => req.inputs.heat_release = RELEASES[which % RELEASES.len()].map(str::to_string),
    }
}

fn by_path(texts: &[ShownValue]) -> BTreeMap<Vec<PathItem>, ShownValue> {
    texts.iter().map(|v| (v.path.clone(), v.clone())).collect()
}

/// All a result view shows of each top-level resource, as one text per name:
/// its entry of the shown result, its nested stack's, its skipped checks, the
/// texts of the shown values under both.
fn shown_of_resources(ev: &Evaluated, texts: &[ShownValue], format: Format) -> BTreeMap<String, String> {
    let shown: serde_json::Value = serde_json::from_str(&ev.shown_json().unwrap_or_else(|| ev.result_json())).unwrap();
    let Some(resources) = shown["resources"].as_object() else { return BTreeMap::new() };
    resources
        .keys()
        .map(|name| {
            let under = |r: &serde_json::Value| {
                r.as_str().is_some_and(|r| r == name || r.strip_prefix(name.as_str()).is_some_and(|x| x.starts_with('/')))
            };
            let skipped: Vec<_> = ["skipped_constraints", "skipped_checks"]
                .iter()
                .flat_map(|s| shown[s].as_array().cloned().unwrap_or_default())
                .filter(|e| under(&e["resource"]))
                .collect();
            let of_it: Vec<_> = texts
                .iter()
                .filter(|t| {
                    matches!(t.path.as_slice(), [PathItem::Key(s), PathItem::Key(n), ..] if (s == "resources" || s == "nested") && n == name)
                })
                .map(|t| format!("{:?}", (&t.path, &t.text, &t.marks)))
                .collect();
            let all = (format, &shown["resources"][name], &shown["nested"][name], skipped, of_it);
            (name.clone(), format!("{all:?}"))
        })
        .collect()
}

fn every_rule() -> LintOptions {
    LintOptions { enable: vec!["all".into()], disable: Vec::new() }
}

#[test]
fn evaluations_through_a_session_equal_cold_evaluations() {
    let cases = cases();
    assert!(!cases.is_empty());
    // A fixed seed: the same sequences on every run (no clock, no entropy).
    let config = Config {
        cases: std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(48),
        failure_persistence: None,
        rng_seed: RngSeed::Fixed(40),
        ..Config::default()
    };
    let mut runner = TestRunner::new(config);
    let reused = std::cell::Cell::new(0);
    let strategy = (0..cases.len(), prop::collection::vec(edit(), 1..8));
    runner
        .run(&strategy, |(case, edits)| {
            let original = &cases[case];
            let mut req = original.clone();
            let mut session = Session::new();
            // The texts as the page holds them: the call that wrote them last, by place.
            let mut held: Option<(u32, BTreeMap<Vec<PathItem>, ShownValue>)> = None;
            let mut last_shown: Option<(BTreeMap<String, String>, BTreeMap<String, String>)> = None;
            for (i, e) in std::iter::once(None).chain(edits.iter().map(Some)).enumerate() {
                if let Some(e) = e {
                    apply(&mut req, original, e);
                }
                // Every other evaluation linted too, as the page asks (every rule:
                // the rules reload the templates, from the session's loaded files).
                let linted = i % 2 == 1;
                let evaluated = if linted {
                    session.evaluated_linted(req.clone(), &every_rule())
                } else {
                    session.evaluated(req.clone())
                };
                let warm = evaluated.evaluation();
                // The shown values' texts, written again only where they changed;
                // mostly asked as what changed since the last call.
                let format = if i % 3 == 2 { Format::Json } else { Format::Yaml };
                let cold_ev = Evaluated::new(req.clone());
                let cold_texts = cold_ev.texts(format);
                if i % 4 == 3 {
                    if session.texts(&evaluated, format) != cold_texts {
                        return Err(TestCaseError::fail(format!(
                            "shown texts after edit {i} differ from a cold evaluation's"
                        )));
                    }
                    held = None;
                } else {
                    let answer = session.texts_since(&evaluated, format, held.as_ref().map(|h| h.0));
                    let base = held.take().filter(|_| !answer.full);
                    prop_assert!(answer.full == base.is_none(), "edit {}: full answer {}", i, answer.full);
                    if answer.full && answer.changed != cold_texts {
                        return Err(TestCaseError::fail(format!(
                            "full texts after edit {i} differ from a cold evaluation's"
                        )));
                    }
                    let mut texts = base.map(|b| b.1).unwrap_or_default();
                    for path in &answer.removed {
                        prop_assert!(texts.remove(path).is_some(), "edit {}: removed {:?} was not shown", i, path);
                    }
                    for v in answer.changed {
                        if texts.get(&v.path) == Some(&v) {
                            return Err(TestCaseError::fail(format!("edit {i}: {:?} sent unchanged", v.path)));
                        }
                        texts.insert(v.path.clone(), v);
                    }
                    if texts != by_path(&cold_texts) {
                        return Err(TestCaseError::fail(format!(
                            "texts after edit {i} from the changes differ from a cold evaluation's"
                        )));
                    }
                    held = Some((answer.call, texts));
                }
                // The resources' digests: a cold evaluation's, and unchanged only where nothing shown changed.
                let digests = evaluated.resource_digests(format);
                prop_assert_eq!(&digests, &cold_ev.resource_digests(format), "digests after edit {}", i);
                let shown = shown_of_resources(&cold_ev, &cold_texts, format);
                if let Some((before_digests, before)) = &last_shown {
                    for (name, digest) in &digests {
                        if before_digests.get(name) == Some(digest) && before.get(name) != shown.get(name) {
                            return Err(TestCaseError::fail(format!(
                                "edit {i}: {name}'s digest stayed while what is shown of it changed"
                            )));
                        }
                    }
                }
                last_shown = Some((digests, shown));
                reused.set(reused.get() + session.nested_reused());
                let cold = evaluate(&req);
                prop_assert_eq!(warm.result.to_json(), cold.result.to_json(), "result after edit {}", i);
                // The texts written from the last call's where values are shared.
                prop_assert_eq!(session.result_json(&evaluated), cold.result.to_json(), "result text after edit {}", i);
                let cold_shown = cold.shown.as_ref().map(|r| r.to_json());
                prop_assert_eq!(session.shown_json(&evaluated), cold_shown, "shown text after edit {}", i);
                if format!("{warm:?}") != format!("{cold:?}") {
                    return Err(TestCaseError::fail(format!("evaluation after edit {i} differs from a cold one")));
                }
                if linted {
                    let mut alone = Evaluated::new(req.clone());
                    alone.lint(&every_rule());
                    if format!("{:?}", evaluated.summary()) != format!("{:?}", alone.summary()) {
                        return Err(TestCaseError::fail(format!("lint after edit {i} differs from a cold one")));
                    }
                }
            }
            Ok(())
        })
        .unwrap();
    // The sequences reached the nested-stack cache (with the corpus: its nested cases).
    if shared_dir().join("conformance/corpus-full").is_dir() {
        assert!(reused.get() > 0, "no evaluation reused a nested stack's result");
    }
}

/// An overcloud of `../shared/conformance/scale` (233 nested stacks): a word typed
/// into one service template's description, a parameter default of it changed
/// (what its stacks show changes), then the request as it was, through one
/// session: each evaluation equal to a cold one, and each after the first reusing
/// nested stacks that read nothing that changed.
#[test]
fn an_overcloud_edited_through_a_session_equals_cold_evaluations() {
    let path = shared_dir().join("conformance/scale/overcloud-wallaby-ctrl-compute.json");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("{} is absent: no overcloud to edit", path.display());
        return;
    };
    let original = Request::from_json(&text).unwrap();
    let edited = |from: &str, to: &str, base: &Request| {
        let mut req = base.clone();
        let t =
            req.inputs.files.get_mut("deployment/keystone/keystone-container-puppet.yaml").unwrap().as_mut().unwrap();
        assert!(t.contains(from));
        *t = t.replacen(from, to, 1);
        req
    };
    let typed = edited("description:", "description: edited", &original);
    let default = edited("default: '%{::os_workers_keystone}'", "default: 4", &typed);
    let mut session = Session::new();
    for (i, req) in [&original, &typed, &default, &original].into_iter().enumerate() {
        let evaluated = session.evaluated(req.clone());
        let warm = evaluated.evaluation();
        assert!(i == 0 || session.nested_reused() > 0, "evaluation {i} reused no nested stack");
        let cold = evaluate(req);
        assert_eq!(warm.result.to_json(), cold.result.to_json(), "result of evaluation {i}");
        // Written from the last call's texts where the values are shared.
        assert!(session.result_json(&evaluated) == cold.result.to_json(), "result text of evaluation {i}");
        assert!(session.shown_json(&evaluated) == cold.shown.as_ref().map(|r| r.to_json()), "shown text {i}");
        assert!(format!("{warm:?}") == format!("{cold:?}"), "evaluation {i} differs from a cold one");
    }
}

/// A nested stack that fails only before anything is created (its output lists
/// an `OS::Heat::Value`'s value, null until created): each evaluation makes
/// Heat's, the two deploy-time evaluations (the second computing the Value's
/// value as Heat does once it exists) and the display one. Each keeps its own
/// nested-stack results: the second deploy-time evaluation never replays the
/// first one's (their answers differ), and an unchanged request replays every
/// child stack of every pass.
#[test]
fn each_pass_of_an_evaluation_keeps_its_own_nested_stacks() {
    let mut req = Request::new(
        "heat_template_version: 2018-08-31\nresources:\n  c: {type: child.yaml}\noutputs:\n  o: {value: {get_attr: [c, v]}}\n",
    );
    req.inputs.files.insert(
        "child.yaml".into(),
        Some(
            "heat_template_version: 2018-08-31\nresources:\n  v: {type: OS::Heat::Value, properties: {value: [a, b]}}\n\
             outputs:\n  v: {value: {yaql: {expression: '$.data.a.len()', data: {a: {get_attr: [v, value]}}}}}\n"
                .into(),
        ),
    );
    let cold = evaluate(&req);
    assert!(!cold.deploy_time.is_empty(), "the child's output fails only before creation: {:?}", cold.diagnostics);
    let mut session = Session::new();
    for i in 0..3 {
        let warm = session.evaluate(&req);
        assert_eq!(warm.result.to_json(), cold.result.to_json(), "result of evaluation {i}");
        assert!(format!("{warm:?}") == format!("{cold:?}"), "evaluation {i} differs from a cold one");
        if i > 0 {
            assert_eq!(session.nested_reused(), session.nested_stacks(), "evaluation {i} ran a child stack again");
        }
    }
}
