//! How the api types cross the wasm boundary (feature `serialize`): serde's
//! `Serialize`, as JSON data. The derives sit on the types themselves; this
//! file holds what is written by hand: [`Value`] as JSON data with the
//! canonical result's conventions.

use serde::ser::{Serialize, SerializeMap, SerializeSeq, Serializer};

use crate::pyfmt::float_repr;
use crate::pyfmt::json_key;
use crate::value::{as_f64, Value};

/// A value as JSON data, as the canonical result text writes it: non-string
/// keys as their text (`json_key`), non-finite floats as `"inf"`, `"-inf"`,
/// `"nan"`, key order kept. An integer past 64 bits becomes the nearest float
/// (a JavaScript number cannot hold it: the exact digits are in the result
/// text and in the rendered values).
impl Serialize for Value {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Null => s.serialize_unit(),
            Value::Bool(b) => s.serialize_bool(*b),
            Value::Int(i) => s.serialize_i64(*i),
            Value::BigInt(_) => match as_f64(self) {
                Some(f) if f.is_finite() => s.serialize_f64(f),
                _ => s.serialize_unit(),
            },
            Value::Float(f) if f.is_finite() => s.serialize_f64(*f),
            Value::Float(f) => s.serialize_str(&float_repr(*f)),
            Value::Str(text) => s.serialize_str(text),
            Value::List(items) => {
                let mut seq = s.serialize_seq(Some(items.len()))?;
                for item in items.iter() {
                    seq.serialize_element(item)?;
                }
                seq.end()
            }
            Value::Map(m) => {
                let mut map = s.serialize_map(Some(m.len()))?;
                for (k, v) in m.iter() {
                    match k {
                        Value::Str(k) => map.serialize_entry(&**k, v)?,
                        other => map.serialize_entry(&json_key(other), v)?,
                    }
                }
                map.end()
            }
        }
    }
}

/// `Value` in the TypeScript declarations: any JSON value.
#[cfg(feature = "ts")]
impl ts_rs::TS for Value {
    type WithoutGenerics = Value;
    type OptionInnerType = Value;

    fn docs() -> Option<String> {
        Some("/**\n * Any JSON value.\n */\n".into())
    }

    fn name(_: &ts_rs::Config) -> String {
        "JsonValue".into()
    }

    fn inline(cfg: &ts_rs::Config) -> String {
        Self::name(cfg)
    }

    fn decl(_: &ts_rs::Config) -> String {
        "type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };".into()
    }

    fn decl_concrete(cfg: &ts_rs::Config) -> String {
        Self::decl(cfg)
    }

    fn output_path() -> Option<std::path::PathBuf> {
        Some("JsonValue.ts".into())
    }
}

#[cfg(test)]
mod tests {
    use crate::value::{Map, Value};

    #[test]
    fn values_are_json_data_with_the_results_conventions() {
        let mut m = Map::new();
        m.insert(Value::Int(1), Value::Float(f64::INFINITY)).unwrap();
        m.insert_str("f", Value::Float(1.5));
        m.insert_str("l", Value::list(vec![Value::Null, Value::Bool(true), Value::from("x")]));
        let text = serde_json::to_string(&Value::map(m)).unwrap();
        assert_eq!(text, r#"{"1":"inf","f":1.5,"l":[null,true,"x"]}"#);
        assert_eq!(
            serde_json::to_string(&Value::big("123456789012345678901234567890".parse::<num_bigint::BigInt>().unwrap()))
                .unwrap(),
            "1.2345678901234568e+29"
        );
    }
}
