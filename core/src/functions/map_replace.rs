//! `map_replace: [map, {keys: {...}, values: {...}}]` — rename keys, replace values.
//!
//! ```yaml
//! renamed: {map_replace: [{k1: v1}, {keys: {k1: K1}, values: {v1: V1}}]}
//! ```

use super::{no_check, Doc, FnSpec};
use crate::eval::{resolve as resolve_expr, Call, EvalError};
use crate::pyfmt::py_str;
use crate::stack::Stack;
use crate::value::{Map, Value};

/// `MapReplace`.
pub static MAP_REPLACE: FnSpec = FnSpec::function(
    "MapReplace",
    no_check,
    resolve,
    Doc {
        args: "[map, {keys: {old: new}, values: {old: new}}]",
        summary: "Renames keys and replaces values of a map.",
        example: "{map_replace: [{a: 1}, {keys: {a: b}}]}",
    },
);

fn example(name: &str) -> String {
    format!("\"{name}\" : [ {{ \"key1\": \"val1\" }}, {{\"keys\": {{\"key1\": \"key2\"}}, \"values\": {{\"val1\": \"val2\"}}}}]")
}

fn ensure_map(name: &str, v: &Value) -> Result<Map, EvalError> {
    match v {
        Value::Null => Ok(Map::new()),
        Value::Map(m) => Ok((**m).clone()),
        _ => Err(EvalError::type_error(format!(
            "Incorrect arguments: to \"{name}\", arguments must be a list of maps. Example:  {}",
            example(name)
        ))),
    }
}

/// Resolve the function.
fn resolve(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    let name = &*call.name;
    let args = resolve_expr(stack, &call.args)?;
    let incorrect = || EvalError::type_error(format!("Incorrect arguments to \"{name}\" should be: {}", example(name)));
    let items = match &args {
        Value::List(l) => l.to_vec(),
        // dict.pop(0) raises KeyError(0).
        Value::Map(_) => return Err(EvalError::other("KeyError", "0")),
        _ => return Err(incorrect()),
    };
    let in_map = ensure_map(name, items.first().ok_or_else(incorrect)?)?;
    let repl_map = ensure_map(name, items.get(1).ok_or_else(incorrect)?)?;
    if items.len() != 2 {
        return Err(incorrect());
    }
    for k in repl_map.keys() {
        if !matches!(k.as_str(), Some("keys" | "values")) {
            return Err(EvalError::value(format!("Incorrect arguments to \"{name}\" should be: {}", example(name))));
        }
    }
    let repl_keys = ensure_map(name, repl_map.get_str("keys").unwrap_or(&Value::Null))?;
    let repl_values = ensure_map(name, repl_map.get_str("values").unwrap_or(&Value::Null))?;
    stack.spend(in_map.len() as u64)?;
    let mut out = Map::with_capacity(in_map.len());
    for (k, v) in in_map.iter() {
        let key = match repl_keys.get(k) {
            None | Some(Value::Null) => k.clone(),
            Some(new) => {
                if in_map.contains_key(new) && !new.py_eq(k) {
                    return Err(EvalError::value(format!(
                        "key replacement {} collides with a key in the input map",
                        py_str(new)
                    )));
                }
                if out.contains_key(new) {
                    return Err(EvalError::value(format!(
                        "key replacement {} collides with a key in the output map",
                        py_str(new)
                    )));
                }
                new.clone()
            }
        };
        let value = repl_values.get(v).cloned().unwrap_or_else(|| v.clone());
        out.insert(key, value).map_err(|e| EvalError::type_error(e.to_string()))?;
    }
    Ok(Value::map(out))
}

#[cfg(test)]
mod tests {
    use crate::testing::{eval_output, eval_output_err};

    #[test]
    fn renames_and_replaces() {
        assert_eq!(
            eval_output("", "{map_replace: [{k1: v1, k2: v2}, {keys: {k1: K1}, values: {v2: V2}}]}"),
            r#"{"K1": "v1", "k2": "V2"}"#
        );
    }

    #[test]
    fn swapping_keys_collides() {
        assert_eq!(
            eval_output_err("", "{map_replace: [{a: 1, b: 2}, {keys: {a: b, b: a}}]}"),
            "key replacement b collides with a key in the input map"
        );
    }
}
