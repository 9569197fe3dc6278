//! `map_merge: [map, map, ...]` — shallow merge, later maps win.
//!
//! ```yaml
//! tags: {map_merge: [{a: 1}, {get_param: extra_tags}]}
//! ```

use super::{no_check, Doc, FnSpec};
use crate::eval::{resolve as resolve_expr, Call, EvalError};
use crate::pyfmt::py_repr;
use crate::stack::Stack;
use crate::symbolic::Rule;
use crate::value::{Map, Value};

/// `MapMerge`.
pub static MAP_MERGE: FnSpec = FnSpec {
    symbolic: Rule::Merge,
    ..FnSpec::function(
        "MapMerge",
        no_check,
        resolve,
        Doc {
            args: "[map, map, ...]",
            summary: "Merges maps; later keys win.",
            example: "{map_merge: [{a: 1}, {b: 2}]}",
        },
    )
};

/// The items of a Python Sequence (a string iterates its characters).
pub fn sequence_items(v: &Value) -> Option<Vec<Value>> {
    match v {
        Value::List(l) => Some(l.to_vec()),
        Value::Str(s) => Some(s.chars().map(|c| Value::from(c.to_string())).collect()),
        _ => None,
    }
}

/// Resolve the function.
fn resolve(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    let name = &*call.name;
    let args = resolve_expr(stack, &call.args)?;
    let Some(items) = sequence_items(&args) else {
        return Err(EvalError::type_error(format!(
            "Incorrect arguments to \"{name}\" should be: \"{name}\" : [ {{ \"key1\": \"val1\" }}, {{ \"key2\": \"val2\" }} ]"
        )));
    };
    let mut out = Map::new();
    for m in &items {
        match m {
            Value::Null => {}
            Value::Map(m) => {
                stack.spend(m.len() as u64)?;
                for (k, v) in m.iter() {
                    let _ = out.insert(k.clone(), v.clone());
                }
            }
            other => {
                let shown: String = py_repr(other).chars().take(200).collect();
                return Err(EvalError::type_error(format!(
                    "Incorrect arguments: Items to merge must be maps. {shown} is type <class '{}'> instead of a dict",
                    other.type_name()
                )));
            }
        }
    }
    Ok(Value::map(out))
}

#[cfg(test)]
mod tests {
    use crate::testing::{eval_output, eval_output_err};

    #[test]
    fn shallow_right_biased() {
        assert_eq!(
            eval_output("", "{map_merge: [{a: 1, b: {x: 1}}, null, {b: {y: 2}}]}"),
            r#"{"a": 1, "b": {"y": 2}}"#
        );
    }

    #[test]
    fn non_maps_fail() {
        assert_eq!(
            eval_output_err("", "{map_merge: 'ab'}"),
            "Incorrect arguments: Items to merge must be maps. 'a' is type <class 'str'> instead of a dict"
        );
    }
}
