//! Shared by the integration tests: the oracle's type-strict result comparison
//! (`../shared/oracle/compare.py`), ported so tests need no Python, and the
//! walk over a source folder the tests that read the sources share.
#![allow(dead_code)]

use serde_json::Value as J;
use std::path::{Path, PathBuf};

fn kind(v: &J) -> &'static str {
    match v {
        J::Null => "null",
        J::Bool(_) => "bool",
        J::Number(n) if n.is_f64() => "float",
        J::Number(_) => "int",
        J::String(_) => "string",
        J::Array(_) => "list",
        J::Object(_) => "object",
    }
}

fn is_message(path: &[String]) -> bool {
    matches!(path, [a, b] if a == "error" && b == "message")
        || matches!(path, [a, _, c] if a == "outputs" && c == "error")
}

fn norm(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn fmt(path: &[String]) -> String {
    let mut out = "$".to_string();
    for p in path {
        out.push('.');
        out.push_str(p);
    }
    out
}

/// Differences between an expected and an actual result. With `loose_messages`,
/// error messages may differ (their presence, type and path still must match).
pub fn compare(expected: &J, actual: &J, loose_messages: bool) -> Vec<String> {
    let mut diffs = Vec::new();
    walk(expected, actual, &mut Vec::new(), loose_messages, &mut diffs);
    diffs
}

fn walk(e: &J, a: &J, path: &mut Vec<String>, loose: bool, diffs: &mut Vec<String>) {
    let (ke, ka) = (kind(e), kind(a));
    if ke != ka {
        diffs.push(format!("{}: expected {ke} {e}, got {ka} {a}", fmt(path)));
        return;
    }
    match (e, a) {
        (J::Object(me), J::Object(ma)) => {
            let mut keys: Vec<&String> = me.keys().chain(ma.keys()).collect();
            keys.sort();
            keys.dedup();
            for k in keys {
                path.push(k.clone());
                match (me.get(k), ma.get(k)) {
                    (Some(x), Some(y)) => walk(x, y, path, loose, diffs),
                    (Some(x), None) => diffs.push(format!("{}: missing key (expected {x})", fmt(path))),
                    (None, Some(y)) => diffs.push(format!("{}: unexpected key (got {y})", fmt(path))),
                    (None, None) => {}
                }
                path.pop();
            }
        }
        (J::Array(le), J::Array(la)) => {
            if le.len() != la.len() {
                diffs.push(format!("{}: expected list of {}, got {}", fmt(path), le.len(), la.len()));
            }
            for (i, (x, y)) in le.iter().zip(la).enumerate() {
                path.push(i.to_string());
                walk(x, y, path, loose, diffs);
                path.pop();
            }
        }
        (J::String(se), J::String(sa)) if is_message(path) => {
            if norm(se) != norm(sa) && !loose {
                diffs.push(format!("{}: message {se:?} != {sa:?}", fmt(path)));
            }
        }
        _ => {
            if e != a {
                diffs.push(format!("{}: expected {e}, got {a}", fmt(path)));
            }
        }
    }
}

/// Names listed in a ratchet file (`name  # reason` per line; `#` lines ignored).
pub fn listed(path: &std::path::Path) -> Vec<String> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(|l| l.split('#').next().unwrap_or("").trim().to_string())
        .filter(|l| !l.is_empty())
        .collect()
}

/// Evaluate a request file through the public API and return the canonical JSON.
pub fn evaluate_file(path: &std::path::Path) -> J {
    let text = std::fs::read_to_string(path).expect("read request");
    let req = hotplate_core::api::Request::from_json(&text).expect("valid request");
    let ev = hotplate_core::api::evaluate(&req);
    serde_json::from_str(&ev.result.to_json()).expect("result is JSON")
}

/// Every `.rs` file under `dir`, in name order.
pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<PathBuf> =
        std::fs::read_dir(dir).expect("read source dir").map(|e| e.expect("dir entry").path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}
