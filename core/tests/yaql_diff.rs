//! Differential check against cases recorded from the real yaql (not run by default):
//! `YAQL_DIFF_CASES=cases.json cargo test -p hotplate-core --test yaql_diff -- --ignored --nocapture`
//! where the file is a JSON list of {expression, data, result | error, message}.

mod yaql_common;

use hotplate_core::api::test_support::yaql;
use yaql_common::{same, to_value};

#[test]
#[ignore = "needs a cases file recorded from Python yaql"]
fn differential() {
    let Ok(path) = std::env::var("YAQL_DIFF_CASES") else { return };
    let text = std::fs::read_to_string(path).unwrap();
    let cases: serde_json::Value = serde_json::from_str(&text).unwrap();
    let cases = cases.as_array().unwrap();
    let mut bad = 0usize;
    let mut msg = 0usize;
    for c in cases {
        let expr = c["expression"].as_str().unwrap();
        let data = to_value(&c["data"]);
        let got = yaql::parse(expr).and_then(|e| yaql::evaluate_tagged(&e, &data));
        if let Some(class) = c.get("error").and_then(|e| e.as_str()) {
            let message = c["message"].as_str().unwrap_or("");
            match &got {
                Err(e) if e.class == class => {
                    if e.message != message && !(message.contains(" at 0x") && e.message.contains(" at 0x")) {
                        msg += 1;
                        println!(
                            "MSG  {expr:?} data={}\n     want {class}: {message}\n     got  {}",
                            c["data"], e.message
                        );
                    }
                }
                _ => {
                    bad += 1;
                    println!("FAIL {expr:?} data={}\n     want {class}: {message}\n     got  {got:?}", c["data"]);
                }
            }
        } else {
            let want = to_value(&c["result"]);
            match &got {
                Ok(g) if same(g, &want) => {}
                _ => {
                    bad += 1;
                    println!("FAIL {expr:?} data={}\n     want {want:?}\n     got  {got:?}", c["data"]);
                }
            }
        }
    }
    println!("differential: {} cases, {bad} failures, {msg} message differences", cases.len());
}
