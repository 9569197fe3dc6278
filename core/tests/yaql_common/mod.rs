//! Helpers shared by the yaql integration tests: the vector file's JSON encoding.
#![allow(dead_code)]

use hotplate_core::api::{Map, Value};

pub fn to_value(j: &serde_json::Value) -> Value {
    match j {
        serde_json::Value::Null => Value::Null,
        serde_json::Value::Bool(b) => Value::Bool(*b),
        serde_json::Value::Number(n) => match n.as_i64() {
            Some(i) if !n.is_f64() => Value::Int(i),
            _ => match n.as_f64() {
                Some(f) if n.is_f64() => Value::Float(f),
                // beyond i64: keep the text so the comparison fails visibly
                _ => Value::str(format!("<bigint {n}>")),
            },
        },
        serde_json::Value::String(s) => Value::str(s.as_str()),
        serde_json::Value::Array(a) => Value::list(a.iter().map(to_value).collect()),
        serde_json::Value::Object(o) => {
            if o.len() == 1 {
                if let Some(serde_json::Value::String(b)) = o.get("$bigint") {
                    return Value::str(format!("<bigint {b}>"));
                }
                if let Some(serde_json::Value::Array(pairs)) = o.get("$dict") {
                    let mut m = Map::new();
                    for p in pairs {
                        if let serde_json::Value::Array(kv) = p {
                            m.insert(to_value(&kv[0]), to_value(&kv[1])).expect("hashable key");
                        }
                    }
                    return Value::map(m);
                }
                if let Some(serde_json::Value::String(f)) = o.get("$float") {
                    return Value::Float(match f.as_str() {
                        "nan" => f64::NAN,
                        "inf" => f64::INFINITY,
                        _ => f64::NEG_INFINITY,
                    });
                }
            }
            let mut m = Map::new();
            for (k, v) in o {
                m.insert_str(k, to_value(v));
            }
            Value::map(m)
        }
    }
}

/// Type-strict equality: ints and floats differ, map order matters, `$set` is unordered.
pub fn same(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Null, Value::Null) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Int(x), Value::Int(y)) => x == y,
        (Value::Float(x), Value::Float(y)) => x == y || (x.is_nan() && y.is_nan()),
        (Value::Str(x), Value::Str(y)) => x == y || same_object_repr(x, y),
        (Value::List(x), Value::List(y)) => x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| same(p, q)),
        (Value::Str(x), Value::Map(y)) if y.get_str("$object").is_some() => {
            x.starts_with('<')
                || x.starts_with("re.compile(")
                || x.starts_with("datetime")
                || x.chars().next().is_some_and(|c| c.is_ascii_digit())
        }
        (Value::Map(x), Value::Map(y)) => {
            if let (Some(Value::List(sx)), Some(Value::List(sy))) = (x.get_str("$set"), y.get_str("$set")) {
                return sx.len() == sy.len() && sx.iter().all(|e| sy.iter().any(|f| same(e, f)));
            }
            x.len() == y.len() && x.iter().zip(y.iter()).all(|((k1, v1), (k2, v2))| same(k1, k2) && same(v1, v2))
        }
        _ => false,
    }
}

/// Two reprs of Python objects that differ only in their memory address.
fn same_object_repr(a: &str, b: &str) -> bool {
    let strip = |s: &str| -> Option<String> {
        let i = s.find(" at 0x")?;
        let rest = &s[i + 6..];
        let j = rest.find(|c: char| !c.is_ascii_hexdigit())?;
        Some(format!("{}{}", &s[..i], &rest[j..]))
    };
    matches!((strip(a), strip(b)), (Some(x), Some(y)) if x == y)
}
