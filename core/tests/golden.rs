//! Golden cases: requests we wrote (`tools/golden_cases.py`) with expected results
//! produced by running real Heat (the oracle). Messages must match exactly, except
//! for the cases in `golden-message-differences.txt`, whose Heat text cannot be
//! reproduced (Python reprs, PyYAML excerpts, Python `re` wording); for those only
//! the message text may differ. Expectations come from the oracle's full mode
//! (real plugin classes). Cases in `golden-known-failures.txt` may fail (nested
//! stacks and plugin checks still to come); a listed case that passes fails the
//! test, so the list only shrinks.

mod support;

use std::path::Path;

#[test]
fn golden_cases_match_real_heat() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden");
    let loose = support::listed(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden-message-differences.txt"));
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("golden dir")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".json") && !n.ends_with(".expected.json"))
        .map(|n| n.trim_end_matches(".json").to_string())
        .collect();
    names.sort();
    assert!(names.len() > 200, "golden cases missing");
    let known = support::listed(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden-known-failures.txt"));
    let mut failures = Vec::new();
    for name in &names {
        let expected: serde_json::Value = serde_json::from_str(
            &std::fs::read_to_string(dir.join(format!("{name}.expected.json"))).expect("expected file"),
        )
        .expect("expected JSON");
        let actual = support::evaluate_file(&dir.join(format!("{name}.json")));
        let diffs = support::compare(&expected, &actual, loose.contains(name));
        match (diffs.is_empty(), known.contains(name)) {
            (false, false) => failures.push(format!("{name}:\n  {}", diffs.join("\n  "))),
            (true, true) => failures.push(format!("{name} passes now: remove it from golden-known-failures.txt")),
            _ => {}
        }
    }
    for name in &known {
        assert!(names.contains(name), "golden-known-failures.txt lists unknown case {name}");
    }
    for name in &loose {
        assert!(names.contains(name), "golden-message-differences.txt lists unknown case {name}");
    }
    assert!(
        failures.is_empty(),
        "{} of {} golden cases differ from Heat:\n{}",
        failures.len(),
        names.len(),
        failures.join("\n")
    );
}
