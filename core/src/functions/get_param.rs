//! `get_param: name` or `get_param: [name, path...]` — a parameter's value.
//!
//! ```yaml
//! value: {get_param: [servers, 0, name]}
//! ```
//! Any failure while walking the path gives `''` (Heat's quirk), not an error.

use super::{no_check, Doc, FnSpec, Refers};
use crate::eval::{resolve as resolve_expr, Call, EvalError};
use crate::stack::{py_index, Stack};
use crate::symbolic::Rule;
use crate::value::Value;

/// `GetParam`.
pub static GET_PARAM: FnSpec = FnSpec {
    symbolic: Rule::Input,
    refers: Refers::Parameter,
    ..FnSpec::function(
        "GetParam",
        no_check,
        resolve,
        Doc {
            args: "name or [name, key/index, ...]",
            summary: "The value of a template parameter (and a path into it).",
            example: "{get_param: flavor}",
        },
    )
};

/// Resolve `get_param`.
fn resolve(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    let name = &*call.name;
    let args = resolve_expr(stack, &call.args)?;
    if !args.truthy() {
        return Err(EvalError::value(format!("Function \"{name}\" must have arguments")));
    }
    let (param, path): (&Value, &[Value]) = match &args {
        Value::Str(_) => (&args, &[]),
        Value::List(items) => match items.split_first() {
            Some((first, rest)) => (first, rest),
            None => return Err(EvalError::value(format!("Function \"{name}\" must have arguments"))),
        },
        _ => return Err(EvalError::type_error(format!("Argument to \"{name}\" must be string or list"))),
    };
    let Some(param_name) = param.as_str() else {
        return Err(EvalError::type_error(format!("Parameter name in \"{name}\" must be string")));
    };
    let value = stack.param(param_name)?;
    Ok(walk(&value, path).unwrap_or_else(|| Value::from("")))
}

/// The path walk: maps by exact key, sequences (strings too) by int or numeric string.
fn walk(value: &Value, path: &[Value]) -> Option<Value> {
    let mut current = value.clone();
    for key in path {
        if !matches!(key, Value::Str(_) | Value::Int(_) | Value::BigInt(_) | Value::Bool(_)) {
            return None;
        }
        current = match &current {
            Value::Map(m) => m.get(key)?.clone(),
            Value::List(items) => items.get(seq_index(items.len(), key)?)?.clone(),
            Value::Str(s) => {
                let chars: Vec<char> = s.chars().collect();
                Value::from(chars.get(seq_index(chars.len(), key)?)?.to_string())
            }
            _ => return None,
        };
    }
    Some(current)
}

fn seq_index(len: usize, key: &Value) -> Option<usize> {
    let i = match key {
        Value::Str(s) => crate::pyconv::py_int(s)?,
        other => other.as_int()?,
    };
    py_index(len, i)
}

#[cfg(test)]
mod tests {
    use crate::testing::{eval_output, eval_output_err};

    #[test]
    fn paths_walk_maps_lists_and_strings() {
        let t = "parameters:\n  p: {type: json, default: {a: [x, {b: 2}]}}\n  s: {type: string, default: hello}\n";
        assert_eq!(eval_output(t, "{get_param: [p, a, '1', b]}"), "2");
        assert_eq!(eval_output(t, "{get_param: [p, a, -2]}"), "\"x\"");
        assert_eq!(eval_output(t, "{get_param: [p, nope]}"), "\"\"");
        assert_eq!(eval_output(t, "{get_param: [s, 0]}"), "\"h\"");
        assert_eq!(eval_output(t, "{get_param: [p, [1]]}"), "\"\"");
    }

    #[test]
    fn errors_use_heat_wording() {
        let t = "parameters: {}\n";
        assert_eq!(eval_output_err(t, "{get_param: nope}"), "The Parameter (nope) was not provided.");
        assert_eq!(eval_output_err(t, "{get_param: [1]}"), "Parameter name in \"get_param\" must be string");
        assert_eq!(eval_output_err(t, "{get_param: {a: 1}}"), "Argument to \"get_param\" must be string or list");
        assert_eq!(eval_output_err(t, "{get_param: 'OS::region'}"), "The Parameter (OS::region) was not provided.");
    }
}
