//! A resource's `update_policy` checked against its type's schema, as Heat's
//! `Properties(update_policy_schema, data).validate()` does it.
//!
//! Order matters (the first failure is reported): unknown keys of the data
//! first, then each schema entry in definition order; inside an entry, unknown
//! keys, then each field. A null value is skipped (Heat uses the default).

use crate::catalogue::{FieldKind, PolicyField, UpdatePolicy};
use crate::eval::{EvalError, Expr};
use crate::pyconv::{py_int, str_to_num};
use crate::pyfmt::{py_repr, py_str};
use crate::source::Span;
use crate::value::{Map, Value};

/// Validate the resolved policy `data` of resource `resource`; `expr` is the
/// parsed policy (for source positions).
pub fn validate(
    resource: &str,
    schema: &[UpdatePolicy],
    data: &Map,
    expr: &Expr,
    fallback: Span,
) -> Result<(), EvalError> {
    let fail = |sub: &[&str], message: String, at: Option<&Expr>| {
        let mut path = vec!["resources".to_string(), resource.to_string(), "update_policy".to_string()];
        path.extend(sub.iter().map(|s| s.to_string()));
        EvalError::svf_full("Property error", path, message)
            .with_code("bad-update-policy")
            .at(at.and_then(Expr::span).unwrap_or(fallback))
    };
    for key in data.keys() {
        let key = py_str(key);
        if !schema.iter().any(|p| p.name == key) {
            return Err(fail(&[], format!("Unknown Property {key}"), Some(expr)));
        }
    }
    for policy in schema {
        let Some(value) = data.get_str(policy.name).filter(|v| !v.is_null()) else { continue };
        let entry_expr = child(expr, policy.name);
        let Some(fields) = value.as_map() else {
            return Err(fail(&[policy.name], format!("\"{}\" is not a map", py_str(value)), entry_expr));
        };
        for key in fields.keys() {
            let key = py_str(key);
            if !policy.fields.iter().any(|f| f.name == key) {
                return Err(fail(&[policy.name], format!("Unknown Property {key}"), entry_expr));
            }
        }
        for field in policy.fields {
            let Some(v) = fields.get_str(field.name).filter(|v| !v.is_null()) else { continue };
            check_field(field, v).map_err(|message| {
                fail(&[policy.name, field.name], message, entry_expr.and_then(|e| child(e, field.name)))
            })?;
        }
    }
    Ok(())
}

/// Convert a field's value as Heat's `Property` does, then apply its range.
fn check_field(field: &PolicyField, v: &Value) -> Result<(), String> {
    let converted = match field.kind {
        FieldKind::Integer => Value::Int(python_int(v)?),
        FieldKind::Number => str_to_num(v)?,
        FieldKind::String => match v {
            Value::Str(_) | Value::Int(_) | Value::Bool(_) => return Ok(()),
            other => return Err(format!("Value must be a string; got {}", py_repr(other))),
        },
    };
    if let Some(min) = field.min {
        let below = match converted {
            Value::Int(i) => i < min,
            Value::Bool(b) => i64::from(b) < min,
            // `nan < min` is false in Python too.
            Value::Float(f) => f < min as f64,
            _ => false,
        };
        if below {
            return Err(format!("{} is out of range (min: {min}, max: None)", py_str(&converted)));
        }
    }
    Ok(())
}

/// Python's `int(value)` as `Property._get_integer` calls it (a failed string
/// conversion is reworded by Heat; a wrong type keeps Python's TypeError text).
fn python_int(v: &Value) -> Result<i64, String> {
    match v {
        Value::Int(i) => Ok(*i),
        Value::Bool(b) => Ok(i64::from(*b)),
        // int(1.5) truncates; `as` saturates where Python would give a bigger int.
        Value::Float(f) if f.is_finite() => Ok(f.trunc() as i64),
        Value::Float(f) => Err(format!("Value '{}' is not an integer", py_str(&Value::Float(*f)))),
        Value::Str(s) => py_int(s).ok_or_else(|| format!("Value '{s}' is not an integer")),
        other => Err(format!(
            "int() argument must be a string, a bytes-like object or a real number, not '{}'",
            other.type_name()
        )),
    }
}

/// The parsed value of `key` in a parsed map, if the map is written literally.
fn child<'a>(expr: &'a Expr, key: &str) -> Option<&'a Expr> {
    match expr {
        Expr::Map(entries, _) => entries.iter().find(|(k, _)| k.as_str() == Some(key)).map(|(_, v)| v),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const INT_MIN_1: PolicyField = PolicyField { name: "max_batch_size", kind: FieldKind::Integer, min: Some(1) };
    const NUM_MIN_0: PolicyField = PolicyField { name: "pause_time", kind: FieldKind::Number, min: Some(0) };
    const STRING: PolicyField = PolicyField { name: "PauseTime", kind: FieldKind::String, min: None };

    // Expected messages are the oracle's (golden cases update_policy_*).
    #[test]
    fn fields_convert_as_heat_properties_do() {
        assert_eq!(check_field(&INT_MIN_1, &Value::from("3")), Ok(()));
        assert_eq!(check_field(&INT_MIN_1, &Value::Float(1.5)), Ok(()));
        assert_eq!(check_field(&INT_MIN_1, &Value::Bool(true)), Ok(()));
        assert_eq!(check_field(&INT_MIN_1, &Value::from("1.5")), Err("Value '1.5' is not an integer".into()));
        assert_eq!(check_field(&INT_MIN_1, &Value::Int(0)), Err("0 is out of range (min: 1, max: None)".into()));
        assert_eq!(
            check_field(&INT_MIN_1, &Value::list(vec![Value::Int(1)])),
            Err("int() argument must be a string, a bytes-like object or a real number, not 'list'".into())
        );
        assert_eq!(check_field(&NUM_MIN_0, &Value::from("2.5")), Ok(()));
        assert_eq!(
            check_field(&NUM_MIN_0, &Value::from("abc")),
            Err("could not convert string to float: 'abc'".into())
        );
        assert_eq!(check_field(&NUM_MIN_0, &Value::Int(-1)), Err("-1 is out of range (min: 0, max: None)".into()));
        assert_eq!(check_field(&STRING, &Value::Int(5)), Ok(()));
        assert_eq!(
            check_field(&STRING, &Value::list(vec![Value::Int(1)])),
            Err("Value must be a string; got [1]".into())
        );
    }
}
