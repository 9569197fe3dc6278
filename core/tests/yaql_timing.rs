//! Slowest vectors (diagnostic, not run by default):
//! `cargo test -p hotplate-core --test yaql_timing -- --ignored --nocapture`

mod yaql_common;

use hotplate_core::api::test_support::yaql;
use yaql_common::to_value;

#[test]
#[ignore = "diagnostic"]
fn slowest_vectors() {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/yaql-vectors.json")).unwrap();
    let doc: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut times = Vec::new();
    for v in doc["vectors"].as_array().unwrap() {
        let expr = v["expression"].as_str().unwrap();
        let data = to_value(&v["data"]);
        let t = std::time::Instant::now();
        for _ in 0..20 {
            let _ = yaql::parse(expr).and_then(|e| yaql::evaluate(&e, &data));
        }
        times.push((t.elapsed() / 20, expr.chars().take(70).collect::<String>()));
    }
    times.sort();
    let total: std::time::Duration = times.iter().map(|t| t.0).sum();
    println!("total {total:?}");
    for (d, e) in times.iter().rev().take(15) {
        println!("{d:>12?}  {e}");
    }
}
