//! Heat's base constraint classes (`heat.engine.constraints`: `Range`,
//! `Length`, `Modulo`, `AllowedValues`, `AllowedPattern`), shared by parameter
//! and property validation. Each answers `Ok(None)` when the value passes,
//! `Ok(Some(message))` with the constraint's own message when it does not (the
//! caller puts a constraint's `description` in its place), and `Err` for the
//! Python exception the check itself raises.

use crate::eval::EvalError;
use crate::pyconv::str_to_num;
use crate::pyfmt::{json_dumps, py_str, JsonStyle};
use crate::value::Value;

fn lt(a: &Value, b: &Value) -> bool {
    a.py_cmp(b).is_ok_and(|o| o == std::cmp::Ordering::Less)
}

fn bound(v: Option<&Value>) -> String {
    v.map_or_else(|| "None".to_string(), py_str)
}

fn outside(n: &Value, min: Option<&Value>, max: Option<&Value>) -> bool {
    min.is_some_and(|m| lt(n, m)) || max.is_some_and(|m| lt(m, n))
}

/// `Range`.
pub(crate) fn range(value: &Value, min: Option<&Value>, max: Option<&Value>) -> Result<Option<String>, EvalError> {
    let n = str_to_num(value).map_err(EvalError::value)?;
    Ok(outside(&n, min, max)
        .then(|| format!("{} is out of range (min: {}, max: {})", py_str(value), bound(min), bound(max))))
}

/// `Length`.
pub(crate) fn length(value: &Value, min: Option<&Value>, max: Option<&Value>) -> Result<Option<String>, EvalError> {
    let len = match value {
        Value::Str(s) => s.chars().count(),
        Value::List(l) => l.len(),
        Value::Map(m) => m.len(),
        other => {
            return Err(EvalError::type_error(format!("object of type '{}' has no len()", other.type_name())));
        }
    };
    let n = Value::Int(i64::try_from(len).unwrap_or(i64::MAX));
    Ok(outside(&n, min, max)
        .then(|| format!("length ({len}) is out of range (min: {}, max: {})", bound(min), bound(max))))
}

/// `Modulo`.
pub(crate) fn modulo(value: &Value, step: &Value, offset: &Value) -> Result<Option<String>, EvalError> {
    let n = str_to_num(value).map_err(EvalError::value)?;
    Ok((!py_mod_equals(&n, step, offset)).then(|| {
        format!("{} is not a multiple of {} with an offset of {}", py_str(value), py_str(step), py_str(offset))
    }))
}

/// `AllowedValues`: a list passes when every item is allowed; other values are
/// compared after the schema's `to_schema_type` of both sides.
pub(crate) fn allowed_values(
    value: &Value,
    allowed: &[Value],
    to_schema_type: &dyn Fn(&Value) -> Result<Value, String>,
) -> Result<Option<String>, EvalError> {
    let ok = if let Value::List(items) = value {
        items.iter().all(|v| allowed.iter().any(|a| a.py_eq(v)))
    } else {
        let converted = allowed.iter().map(to_schema_type).collect::<Result<Vec<Value>, String>>();
        let converted = converted.map_err(EvalError::value)?;
        let v = to_schema_type(value).map_err(EvalError::value)?;
        converted.iter().any(|a| a.py_eq(&v))
    };
    if ok {
        return Ok(None);
    }
    let dump = |v: &Value| json_dumps(v, JsonStyle::PLAIN).unwrap_or_default();
    let list = allowed.iter().map(dump).collect::<Vec<_>>().join(", ");
    Ok(Some(format!("{} is not an allowed value [{list}]", dump(value))))
}

/// `AllowedPattern`: `re.match` that ends at the end of the value.
pub(crate) fn allowed_pattern(value: &Value, pattern: &str) -> Result<Option<String>, EvalError> {
    let Value::Str(s) = value else {
        return Err(EvalError::type_error(format!(
            "expected string or bytes-like object, got '{}'",
            value.type_name()
        )));
    };
    let matched = crate::pyregex::full_prefix_match(pattern, s).map_err(|e| EvalError::other("error", e))?;
    Ok((!matched).then(|| format!("\"{s}\" does not match pattern \"{pattern}\"")))
}

/// Python `value % step == offset` for ints and floats.
fn py_mod_equals(value: &Value, step: &Value, offset: &Value) -> bool {
    match (value.as_int(), step.as_int(), offset.as_int()) {
        (Some(v), Some(s), Some(o)) if s != 0 => {
            v.rem_euclid(s) + if s < 0 && v.rem_euclid(s) != 0 { s } else { 0 } == o
        }
        _ => {
            let (Some(v), Some(s), Some(o)) =
                (crate::value::as_f64(value), crate::value::as_f64(step), crate::value::as_f64(offset))
            else {
                return false;
            };
            if s == 0.0 {
                return false;
            }
            let mut m = v % s;
            if m != 0.0 && (m < 0.0) != (s < 0.0) {
                m += s;
            }
            m == o
        }
    }
}
