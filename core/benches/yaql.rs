//! Evaluate every yaql vector (parse + evaluate, and evaluate pre-parsed).
//! Compare with `core/benches/yaql_python.py`, which times Python yaql on the same set.

use criterion::{criterion_group, criterion_main, Criterion};
use hotplate_core::api::test_support::yaql;
use hotplate_core::api::{Map, Value};

fn to_value(j: &serde_json::Value) -> Value {
    match j {
        serde_json::Value::Null => Value::Null,
        serde_json::Value::Bool(b) => Value::Bool(*b),
        serde_json::Value::Number(n) => match n.as_i64() {
            Some(i) if !n.is_f64() => Value::Int(i),
            _ => Value::Float(n.as_f64().unwrap_or(f64::NAN)),
        },
        serde_json::Value::String(s) => Value::str(s.as_str()),
        serde_json::Value::Array(a) => Value::list(a.iter().map(to_value).collect()),
        serde_json::Value::Object(o) => {
            let mut m = Map::new();
            for (k, v) in o {
                m.insert_str(k, to_value(v));
            }
            Value::map(m)
        }
    }
}

fn vectors() -> Vec<(String, Value)> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/yaql-vectors.json"))
        .expect("vector file");
    let doc: serde_json::Value = serde_json::from_str(&text).expect("json");
    doc["vectors"]
        .as_array()
        .expect("vectors")
        .iter()
        .map(|v| (v["expression"].as_str().unwrap_or("").to_string(), to_value(&v["data"])))
        .collect()
}

fn bench(c: &mut Criterion) {
    let vs = vectors();
    c.bench_function("yaql: parse+evaluate all 718 vectors", |b| {
        b.iter(|| {
            let mut ok = 0usize;
            for (e, d) in &vs {
                if yaql::parse(e).and_then(|x| yaql::evaluate(&x, d)).is_ok() {
                    ok += 1;
                }
            }
            ok
        })
    });
    let parsed: Vec<(Option<yaql::Expression>, &Value)> = vs.iter().map(|(e, d)| (yaql::parse(e).ok(), d)).collect();
    c.bench_function("yaql: evaluate all 718 vectors (pre-parsed)", |b| {
        b.iter(|| {
            let mut ok = 0usize;
            for (e, d) in &parsed {
                if let Some(e) = e {
                    if yaql::evaluate(e, d).is_ok() {
                        ok += 1;
                    }
                }
            }
            ok
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
