//! `hotplate yaql EXPRESSION [--data JSON | --data-file FILE]`: evaluate one yaql
//! expression as Heat's `yaql` function does, with the JSON as its `data:` argument
//! (so the expression sees it as `$.data`).
//!
//! Prints the result as Python's `json.dumps` would (sets as sorted arrays, `NaN` and
//! `Infinity` as Python prints them) and exits 0; on a yaql error prints
//! `{"error": {"type": "<Python exception class>", "message": "..."}}` and exits 1.
//! Unreadable `--data` JSON is reported on stderr with exit status 2.

use std::process::ExitCode;

use hotplate_core::api::{self, json_dumps, json_to_value, JsonStyle, Map, Value};

fn print_error(class: &str, message: &str) {
    let mut inner = Map::new();
    inner.insert_str("type", Value::str(class));
    inner.insert_str("message", Value::str(message));
    let mut outer = Map::new();
    outer.insert_str("error", Value::map(inner));
    match json_dumps(&Value::map(outer), JsonStyle::PLAIN) {
        Ok(text) => crate::emit(&format!("{text}\n")),
        Err(e) => eprintln!("hotplate: cannot print the error: {e}"),
    }
}

/// Run the command. `data_json` is the `data:` argument as JSON text (`{}` when absent,
/// Heat's default).
pub fn run(expression: &str, data_json: Option<&str>) -> ExitCode {
    let data = match data_json {
        None => Value::map(Map::new()),
        Some(text) => match serde_json::from_str::<serde_json::Value>(text) {
            Ok(j) => json_to_value(&j),
            Err(e) => {
                eprintln!("hotplate: --data is not valid JSON: {e}");
                return ExitCode::from(2);
            }
        },
    };
    let result = api::yaql(expression, &data);
    match result {
        Ok(v) => match json_dumps(&v, JsonStyle::PLAIN) {
            Ok(text) => {
                crate::emit(&format!("{text}\n"));
                ExitCode::SUCCESS
            }
            Err(e) => {
                print_error("TypeError", &e);
                ExitCode::from(1)
            }
        },
        Err(e) => {
            print_error(&e.class, &e.message);
            ExitCode::from(1)
        }
    }
}
