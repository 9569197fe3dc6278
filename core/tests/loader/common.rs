//! Shared helpers of the loader tests: the same value encoding as `heatload.py`'s `enc`.

#![allow(dead_code)]

use hotplate_core::api::test_support::pyfmt::{float_repr, write_json_str};
use hotplate_core::api::Value;

/// `heatload.enc` as compact ASCII JSON (Python `json.dumps(enc(v), ensure_ascii=True,
/// separators=(",", ":"))`).
pub fn canonical(v: &Value) -> String {
    let mut out = String::new();
    write(&mut out, v);
    out
}

fn write(out: &mut String, v: &Value) {
    match v {
        Value::Null => out.push_str("[\"null\"]"),
        Value::Bool(b) => out.push_str(if *b { "[\"bool\",true]" } else { "[\"bool\",false]" }),
        Value::Int(i) => out.push_str(&format!("[\"int\",\"{i}\"]")),
        Value::BigInt(i) => out.push_str(&format!("[\"int\",\"{i}\"]")),
        Value::Float(f) => {
            out.push_str("[\"float\",");
            write_json_str(out, &float_repr(*f), true);
            out.push(']');
        }
        Value::Str(s) => {
            out.push_str("[\"str\",");
            write_json_str(out, s, true);
            out.push(']');
        }
        Value::List(items) => {
            out.push_str("[\"list\",[");
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write(out, item);
            }
            out.push_str("]]");
        }
        Value::Map(m) => {
            out.push_str("[\"map\",[");
            for (i, (k, item)) in m.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                out.push('[');
                write(out, k);
                out.push(',');
                write(out, item);
                out.push(']');
            }
            out.push_str("]]");
        }
    }
}

/// Parse `heatload.enc` JSON back into a canonical string (for expected values stored
/// as JSON trees).
pub fn canonical_json(v: &serde_json::Value) -> String {
    // serde_json keeps the order (preserve_order) and the strings; re-encode compactly
    // with Python's escaping.
    let mut out = String::new();
    write_json(&mut out, v);
    out
}

fn write_json(out: &mut String, v: &serde_json::Value) {
    match v {
        serde_json::Value::Null => out.push_str("null"),
        serde_json::Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        serde_json::Value::Number(n) => out.push_str(&n.to_string()),
        serde_json::Value::String(s) => write_json_str(out, s, true),
        serde_json::Value::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json(out, item);
            }
            out.push(']');
        }
        serde_json::Value::Object(m) => {
            out.push('{');
            for (i, (k, item)) in m.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write_json_str(out, k, true);
                out.push(':');
                write_json(out, item);
            }
            out.push('}');
        }
    }
}
