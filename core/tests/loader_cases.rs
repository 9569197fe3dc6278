//! Table-driven loader tests: every expected result in `loader/cases.json` was produced by
//! running Heat's own loading code (PyYAML with libyaml, `json.loads`) on the same text
//! (see `loader/gen_cases.py`).

#[path = "loader/common.rs"]
mod common;

use hotplate_core::api::test_support::source::SourceId;
use hotplate_core::api::test_support::syntax::{load_template, load_yaml, pyyaml_error_text, LoadFailure};
use serde_json::Value as Json;

fn contains_unsupported(v: &Json) -> bool {
    match v {
        Json::Array(items) => {
            items.first().and_then(Json::as_str) == Some("unsupported") || items.iter().any(contains_unsupported)
        }
        _ => false,
    }
}

#[test]
fn loader_matches_heat_on_the_case_table() {
    let cases: Vec<Json> = serde_json::from_str(include_str!("loader/cases.json")).unwrap();
    assert_matches_heat(&cases);
}

/// Random texts from `loader/gen_fuzz.py` (seed 2024: 300 each of the block, flow and
/// scalar flavours, 600 of the pieces flavour), kept as a regression set.
#[test]
fn loader_matches_heat_on_generated_regressions() {
    let cases: Vec<Json> = serde_json::from_str(include_str!("loader/generated.json")).unwrap();
    assert_matches_heat(&cases);
}

/// Differential run over a generated file (`loader/gen_fuzz.py`): set
/// `HOTPLATE_LOADER_FUZZ=/path/to/file.json`; skipped otherwise.
#[test]
fn loader_matches_heat_on_generated_cases() {
    let Some(path) = std::env::var_os("HOTPLATE_LOADER_FUZZ") else { return };
    let cases: Vec<Json> = serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert_matches_heat(&cases);
}

/// Fails listing every case whose result differs from Heat's.
fn assert_matches_heat(cases: &[Json]) {
    let failures = check(cases);
    assert!(
        failures.is_empty(),
        "{} of {} cases differ from Heat:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

fn check(cases: &[Json]) -> Vec<String> {
    // Compare Heat's full error text too (on by default; the generated-case test turns
    // it on with HOTPLATE_LOADER_FULL_MESSAGES).
    let check_messages_of = if std::env::var_os("HOTPLATE_LOADER_FUZZ").is_none()
        || std::env::var_os("HOTPLATE_LOADER_FULL_MESSAGES").is_some()
    {
        "all"
    } else {
        ""
    };
    let mut failures = Vec::new();
    for case in cases {
        let name = case["name"].as_str().unwrap();
        let text = case["text"].as_str().unwrap();
        let template = case["mode"] == "template";
        let expect = &case["expect"];
        let got = if template { load_template(text, SourceId(0)) } else { load_yaml(text, SourceId(0)) };
        let describe =
            |r: &Result<hotplate_core::api::test_support::syntax::Loaded, hotplate_core::api::Diagnostic>| match r {
                Ok(l) => common::canonical(&l.root.to_value()),
                Err(d) => format!("error {}: {}", d.code, d.message),
            };
        if let Some(value) = expect.get("value") {
            if expect.get("dates").and_then(Json::as_bool) == Some(true) {
                let warned = matches!(&got, Ok(l) if l.warnings.iter().any(|w| w.code == "yaml-pure-fallback"));
                if !warned {
                    failures
                        .push(format!("{name}: {text:?}\n  want a yaml-pure-fallback warning (Heat loads dates here)"));
                }
            }
            if contains_unsupported(value) {
                match &got {
                    Err(d) if LoadFailure::of(d) == LoadFailure::Unsupported => {}
                    other => failures.push(format!(
                        "{name}: {text:?}\n  want an unsupported-value error (Heat: {value})\n  got  {}",
                        describe(other)
                    )),
                }
            } else {
                let want = common::canonical_json(value);
                let got_s = describe(&got);
                if got_s != want {
                    failures.push(format!("{name}: {text:?}\n  want {want}\n  got  {got_s}"));
                }
            }
        } else {
            let kind = expect["error"].as_str().unwrap();
            match &got {
                Ok(l) => failures.push(format!(
                    "{name}: {text:?}\n  want error ({kind}: {})\n  got  {}",
                    expect["message"].as_str().unwrap_or("").replace('\n', " | "),
                    common::canonical(&l.root.to_value())
                )),
                Err(d) => {
                    let class = LoadFailure::of(d);
                    let ok = match kind {
                        "YAMLError" => class == LoadFailure::Syntax,
                        // Python's own exceptions (ValueError, KeyError, IndexError).
                        _ => matches!(class, LoadFailure::PythonValue | LoadFailure::HeatInternal | LoadFailure::Limit),
                    };
                    if !ok {
                        failures.push(format!(
                            "{name}: {text:?}\n  want {kind} error ({})\n  got  {} {}",
                            expect["message"], d.code, d.message
                        ));
                    } else if kind == "YAMLError" && !check_messages_of.is_empty() {
                        let want = expect["message"].as_str().unwrap_or("");
                        let got_text = pyyaml_error_text(text);
                        if got_text.as_deref() != Some(want) {
                            failures.push(format!(
                                "{name}: {text:?}\n  want message {want:?}\n  got  message {got_text:?}"
                            ));
                        }
                    }
                }
            }
        }
    }
    failures
}
