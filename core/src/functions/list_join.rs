//! `list_join: [delimiter, list, ...]` — join strings (maps and lists as JSON).
//!
//! ```yaml
//! csv: {list_join: [',', [a, b], {get_param: more}]}
//! ```
//! Before 2015-10-15 (and `Fn::Join`) only one list of strings is accepted.

use super::{resolve_or_null, Doc, FnSpec};
use crate::eval::{Call, EvalError, Expr};
use crate::pyfmt::{json_dumps, py_repr, JsonStyle};
use crate::stack::Stack;
use crate::symbolic::Rule;
use crate::value::Value;

/// What editors say about `list_join`.
const DOC: Doc = Doc {
    args: "[delimiter, list, list, ...]",
    summary: "Joins lists of strings with a delimiter.",
    example: "{list_join: [', ', [a, b]]}",
};

/// `Join` (one list, before 2015-10-15).
pub static JOIN: FnSpec =
    FnSpec { symbolic: Rule::Join { multi: false }, ..FnSpec::function("Join", check_single, resolve_single, DOC) };

/// `JoinMultiple` (several lists; maps and lists as JSON).
pub static JOIN_MULTIPLE: FnSpec = FnSpec {
    symbolic: Rule::Join { multi: true },
    ..FnSpec::function("JoinMultiple", check_multi, resolve_multi, DOC)
};

fn example_single(name: &str) -> String {
    format!("Incorrect arguments to \"{name}\" should be: \"{name}\" : [ \" \", [ \"str1\", \"str2\"]]")
}

fn example_multi(name: &str) -> String {
    format!("Incorrect arguments to \"{name}\" should be: \"{name}\" : [ \" \", [ \"str1\", \"str2\"] ...]")
}

/// `Join` constructor: exactly `[delimiter, list]`.
pub(crate) fn check_single(name: &str, args: &Expr) -> Result<(), EvalError> {
    match args {
        Expr::List(items, _) if items.len() == 2 => Ok(()),
        Expr::List(..) => Err(EvalError::value(example_single(name))),
        _ => Err(EvalError::type_error(example_single(name))),
    }
}

/// `JoinMultiple` constructor: a delimiter and at least one list.
fn check_multi(name: &str, args: &Expr) -> Result<(), EvalError> {
    match args {
        Expr::List(items, _) if items.len() >= 2 => Ok(()),
        Expr::List(..) => Err(EvalError::value(example_multi(name))),
        _ => Err(EvalError::type_error(example_multi(name))),
    }
}

fn truncated_repr(v: &Value) -> String {
    py_repr(v).chars().take(200).collect()
}

fn delimiter(stack: &Stack, name: &str, expr: Option<&Expr>) -> Result<String, EvalError> {
    let delim = resolve_or_null(stack, expr)?;
    match delim {
        Value::Str(s) => Ok(s.to_string()),
        _ => Err(EvalError::type_error(format!("\"{name}\" delimiter must be a string"))),
    }
}

/// `Join.result`.
pub(crate) fn resolve_single(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    let (name, args) = (&*call.name, &call.args);
    let Expr::List(items, _) = args else { return Err(EvalError::type_error(example_single(name))) };
    let strings = resolve_or_null(stack, items.get(1))?;
    let strings = match strings {
        Value::Null => Vec::new(),
        Value::List(l) => l.to_vec(),
        _ => return Err(EvalError::type_error(format!("\"{name}\" must operate on a list"))),
    };
    let delim = delimiter(stack, name, items.first())?;
    let mut parts = Vec::with_capacity(strings.len());
    for s in &strings {
        match s {
            Value::Null => parts.push(String::new()),
            Value::Str(s) => parts.push(s.to_string()),
            other => {
                return Err(EvalError::type_error(format!(
                    "Items to join must be strings not {}",
                    truncated_repr(other)
                )))
            }
        }
    }
    let len = parts
        .iter()
        .map(String::len)
        .fold(delim.len().saturating_mul(parts.len().saturating_sub(1)), usize::saturating_add);
    super::string_to_build(stack, name, len)?;
    Ok(Value::from(parts.join(&delim)))
}

/// `JoinMultiple.result`.
fn resolve_multi(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    let (name, args) = (&*call.name, &call.args);
    let Expr::List(items, _) = args else { return Err(EvalError::type_error(example_multi(name))) };
    let mut strings: Vec<Value> = Vec::new();
    for list in items.iter().skip(1) {
        // Each list is resolved as an item of the args list: absent ones vanish.
        let Some(jl) = crate::eval::resolve_nullable(stack, list)? else { continue };
        if !jl.truthy() {
            continue;
        }
        match jl {
            Value::List(l) => strings.extend(l.iter().cloned()),
            _ => return Err(EvalError::type_error(format!("\"{name}\" must operate on a list"))),
        }
    }
    let delim = delimiter(stack, name, items.first())?;
    stack.spend(strings.len() as u64)?;
    let mut out = String::new();
    for (i, s) in strings.iter().enumerate() {
        // Checked as it grows, so a long list of long strings stops at the limit.
        if out.len() > super::MAX_STRING_BYTES {
            return Err(super::string_too_long(name, out.len()));
        }
        if i > 0 {
            out.push_str(&delim);
        }
        match s {
            Value::Null => {}
            Value::Str(s) => out.push_str(s),
            Value::List(_) | Value::Map(_) => {
                let text = json_dumps(s, JsonStyle::SORTED).map_err(EvalError::type_error)?;
                out.push_str(&text);
            }
            other => {
                return Err(EvalError::type_error(format!(
                    "Items to join must be string, map or list not {}",
                    truncated_repr(other)
                )))
            }
        }
    }
    super::string_to_build(stack, name, out.len())?;
    Ok(Value::from(out))
}

#[cfg(test)]
mod tests {
    use crate::testing::{eval_output, eval_output_err, eval_output_v};

    #[test]
    fn joins_strings_and_json() {
        assert_eq!(
            eval_output("", r#"{list_join: [", ", [a, {z: 1, a: [1.0, true, null, "é"]}, [1, 2], null, ""]]}"#),
            r#""a, {\"a\": [1.0, true, null, \"\\u00e9\"], \"z\": 1}, [1, 2], , ""#
        );
        assert_eq!(eval_output("", "{list_join: ['-', [a], [], null, [b, c]]}"), "\"a-b-c\"");
    }

    #[test]
    fn numbers_are_refused() {
        assert_eq!(eval_output_err("", "{list_join: [',', [1]]}"), "Items to join must be string, map or list not 1");
        assert_eq!(eval_output_err("", "{list_join: [',', 'ab']}"), "\"list_join\" must operate on a list");
    }

    #[test]
    fn single_list_form_before_liberty() {
        assert_eq!(
            eval_output_v("2015-04-30", "", "{list_join: [',', [a, 1]]}"),
            Err("Items to join must be strings not 1".to_string())
        );
    }
}
