//! The engine against Python's own `re`: `core/tests/data/pyre-vectors.json`
//! (`tools/gen_pyre_vectors.py`), plus the bounds.

use super::*;
use crate::yaql::regex::{expand, parse_template, PyRegex};
use serde_json::Value as J;

fn find(p: &str, s: &str) -> Option<Spans> {
    let text: Vec<char> = s.chars().collect();
    Regex::new(p, 0).ok()?.search(&text, 0, false, false, 1_000_000).ok()?
}

fn spans_json(spans: &Option<Spans>) -> J {
    match spans {
        None => J::Null,
        Some(v) => {
            J::Array(v.iter().map(|sp| sp.map_or(J::Null, |(a, b)| J::Array(vec![J::from(a), J::from(b)]))).collect())
        }
    }
}

/// Every vector's outcome, each difference as one line.
fn differences(v: &J) -> Vec<String> {
    let mut out = Vec::new();
    let pattern = v["pattern"].as_str().unwrap_or("");
    let flags = v["flags"].as_u64().unwrap_or(0) as u32;
    let case = format!("{pattern:?} flags {flags}");
    let re = match Regex::new(pattern, flags) {
        Err(e) => {
            let got = J::Array(vec![J::from(e.class), J::from(e.msg)]);
            if v.get("error") != Some(&got) {
                out.push(format!("{case}: compile error {got}, Python {}", v.get("error").unwrap_or(&J::Null)));
            }
            return out;
        }
        Ok(re) => re,
    };
    if let Some(e) = v.get("error") {
        out.push(format!("{case}: compiles, Python {e}"));
        return out;
    }
    if v["groups"].as_u64() != Some(re.groups as u64) {
        out.push(format!("{case}: {} groups, Python {}", re.groups, v["groups"]));
    }
    let names = J::Array(re.names.iter().map(|(n, g)| J::Array(vec![J::from(n.as_str()), J::from(*g)])).collect());
    if v["names"] != names {
        out.push(format!("{case}: names {names}, Python {}", v["names"]));
    }
    let Ok(py) = PyRegex::compile(pattern, flags) else {
        out.push(format!("{case}: yaql's compile fails"));
        return out;
    };
    for sv in v["subjects"].as_array().into_iter().flatten() {
        let s = sv["s"].as_str().unwrap_or("");
        let text: Vec<char> = s.chars().collect();
        for (key, anchored) in [("search", false), ("match", true)] {
            let got = re.search(&text, 0, anchored, false, 1_000_000).map(|m| spans_json(&m));
            if got.as_ref().ok() != Some(&sv[key]) {
                out.push(format!("{case} on {s:?}: {key} {got:?}, Python {}", sv[key]));
            }
        }
        let all = py.find_all(s, 0).map(|ms| J::Array(ms.iter().map(|m| spans_json(&Some(m.spans.clone()))).collect()));
        if all.as_ref().ok() != Some(&sv["finditer"]) {
            out.push(format!("{case} on {s:?}: finditer {all:?}, Python {}", sv["finditer"]));
        }
        let split =
            py.split(s, 0).map(|parts| J::Array(parts.into_iter().map(|p| p.map_or(J::Null, J::from)).collect()));
        if split.as_ref().ok() != Some(&sv["split"]) {
            out.push(format!("{case} on {s:?}: split {split:?}, Python {}", sv["split"]));
        }
        if let Some(sub) = sv.get("sub") {
            let tpl = sub[0].as_str().unwrap_or("");
            let got = parse_template(tpl, &py).and_then(|items| {
                let chars: Vec<char> = s.chars().collect();
                let mut text = String::new();
                let mut last = 0;
                for m in py.find_all(s, 0)? {
                    let (a, b) = m.spans.first().copied().flatten().unwrap_or((0, 0));
                    text.extend(chars.get(last..a).unwrap_or(&[]));
                    text.push_str(&expand(&items, &m));
                    last = b;
                }
                text.extend(chars.get(last..).unwrap_or(&[]));
                Ok(text)
            });
            if got.as_deref().ok() != sub[1].as_str() {
                out.push(format!("{case} on {s:?}: sub {tpl:?} {got:?}, Python {}", sub[1]));
            }
        }
    }
    out
}

#[test]
fn python_vectors() {
    let text = include_str!("../../tests/data/pyre-vectors.json");
    let vectors: J = serde_json::from_str(text).expect("vectors are JSON");
    let vectors = vectors.as_array().expect("a list");
    assert!(vectors.len() > 300);
    let subjects: usize = vectors.iter().map(|v| v["subjects"].as_array().map_or(0, Vec::len)).sum();
    let errors = vectors.iter().filter(|v| v.get("error").is_some()).count();
    assert!(subjects > 500 && errors > 100, "{subjects} subjects, {errors} errors");
    let diffs: Vec<String> = vectors.iter().flat_map(differences).collect();
    assert!(diffs.is_empty(), "{} differences from Python:\n{}", diffs.len(), diffs.join("\n"));
}

#[test]
fn basics() {
    assert_eq!(find("a|ab", "ab"), Some(vec![Some((0, 1))]));
    assert_eq!(find("(a*)*b", "aab"), Some(vec![Some((0, 3)), Some((2, 2))]));
    assert_eq!(find("a$", "a\n"), Some(vec![Some((0, 1))]));
}

#[test]
fn nesting_is_bounded() {
    let deep = format!("{}a{}", "(".repeat(MAX_NESTING), ")".repeat(MAX_NESTING));
    let err = Regex::new(&deep, 0).err();
    assert_eq!(err.map(|e| e.class), Some("RecursionError"));
    let fine = format!("{}a{}", "(".repeat(MAX_NESTING / 2 - 1), ")".repeat(MAX_NESTING / 2 - 1));
    assert!(Regex::new(&fine, 0).is_ok());
}

#[test]
fn catastrophic_backtracking_ends_with_limit() {
    let text: Vec<char> = format!("{}!", "a".repeat(30)).chars().collect();
    let re = Regex::new("(a+)+$", 0).expect("compiles");
    assert_eq!(re.search(&text, 0, false, false, 1_000_000), Err(Limit));
    let re = Regex::new("(?:a|a)*b", 0).expect("compiles");
    assert_eq!(re.search(&text, 0, false, false, 1_000_000), Err(Limit));
}

mod props {
    use super::super::*;
    use proptest::prelude::*;

    const PIECES: &[&str] = &[
        "a",
        "b",
        "é",
        "K",
        ".",
        "^",
        "$",
        "|",
        "(",
        ")",
        "(?:",
        "(?P<n>",
        "(?P=n)",
        "(?=",
        "(?!",
        "(?<=",
        "(?<!",
        "(?>",
        "(?(1)",
        "(?i)",
        "(?x)",
        "(?a:",
        "(?-i:",
        "[",
        "]",
        "[^",
        "-",
        "\\",
        "\\1",
        "\\b",
        "\\B",
        "\\d",
        "\\w",
        "\\s",
        "\\Z",
        "\\A",
        "\\x4",
        "\\u00e9",
        "\\N{",
        "}",
        "{",
        ",",
        "2",
        "0",
        "*",
        "+",
        "?",
        "*?",
        "+?",
        "??",
        "*+",
        "{1,3}",
        "{,2}?",
        "{4294967296}",
        "#",
        " ",
        "\n",
    ];

    fn pattern() -> impl Strategy<Value = String> {
        prop::collection::vec(prop::sample::select(PIECES), 0..16).prop_map(|v| v.concat())
    }

    proptest! {
        /// Any pattern compiles or fails with an error, and any search ends
        /// with an answer or `Limit`, with spans inside the subject.
        #[test]
        fn never_panics_and_spans_stay_in_bounds(p in pattern(), s in "[abéK \n1_]{0,12}", flags in 0u32..32) {
            let flags = flags & (IGNORECASE | MULTILINE | DOTALL);
            if let Ok(re) = Regex::new(&p, flags) {
                let text: Vec<char> = s.chars().collect();
                for (anchored, must_advance) in [(false, false), (true, false), (false, true)] {
                    if let Ok(Some(spans)) = re.search(&text, 0, anchored, must_advance, 10_000) {
                        prop_assert_eq!(spans.len(), re.groups + 1);
                        for (a, b) in spans.into_iter().flatten() {
                            prop_assert!(a <= text.len() && b <= text.len());
                        }
                    }
                }
            }
        }
    }
}

/// A case-insensitive class costs work per run of the case map, not per
/// character: 5,000 classes of the whole BMP compile at once (per character,
/// it would be 330 million lookups).
#[test]
fn case_insensitive_classes_compile_in_bounded_work() {
    let p = format!("(?i){}", "[\\x00-\\uffff]".repeat(5000));
    let re = Regex::new(&p, 0).expect("compiles");
    let text: Vec<char> = "aK".chars().collect();
    assert_eq!(re.search(&text, 0, false, false, 1000), Ok(None));
    let re = Regex::new("(?i)[a-\\u4e00]+", 0).expect("compiles");
    let text: Vec<char> = "\u{212a}Σς".chars().collect();
    assert_eq!(re.search(&text, 0, false, false, 1000), Ok(Some(vec![Some((0, 3))])));
}
