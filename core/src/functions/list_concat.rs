//! `list_concat` / `list_concat_unique` — concatenate lists.
//!
//! ```yaml
//! all: {list_concat_unique: [[a, b], {get_param: more}]}
//! ```

use super::{no_check, Doc, FnSpec};
use crate::eval::{resolve as resolve_expr, Call, EvalError, Expr};
use crate::pyfmt::{json_dumps, JsonStyle};
use crate::stack::Stack;
use crate::symbolic::Rule;
use crate::value::Value;

/// `ListConcat`.
pub static LIST_CONCAT: FnSpec = FnSpec {
    symbolic: Rule::Concat { unique: false },
    ..FnSpec::function(
        "ListConcat",
        no_check,
        |stack, call| concat(stack, call, false),
        Doc { args: "[list, list, ...]", summary: "Concatenates lists.", example: "{list_concat: [[a], [b]]}" },
    )
};

/// `ListConcatUnique`.
pub static LIST_CONCAT_UNIQUE: FnSpec = FnSpec {
    symbolic: Rule::Concat { unique: true },
    ..FnSpec::function(
        "ListConcatUnique",
        no_check,
        |stack, call| concat(stack, call, true),
        Doc {
            args: "[list, list, ...]",
            summary: "Concatenates lists, dropping repeated items.",
            example: "{list_concat_unique: [[a], [a, b]]}",
        },
    )
};

/// Resolve the function (`unique`: keep first occurrences under Python equality).
fn concat(stack: &Stack, call: &Call, unique: bool) -> Result<Value, EvalError> {
    let name = &*call.name;
    let args = match resolve_expr(stack, &call.args) {
        Ok(args) => args,
        Err(e) if e.is_unknown() => return Err(known_item_error(stack, call).unwrap_or(e)),
        Err(e) => return Err(e),
    };
    let Value::List(lists) = &args else {
        return Err(EvalError::type_error(format!(
            "Incorrect arguments to \"{name}\" should be: \"{name}\" : [ [ <value 1>, <value 2> ], [ <value 3>, <value 4> ] ]"
        )));
    };
    let mut out = Vec::new();
    for m in lists.iter() {
        match m {
            Value::Null => {}
            Value::List(l) => out.extend(l.iter().cloned()),
            other => {
                let dump = |v: &Value| json_dumps(v, JsonStyle::PLAIN).unwrap_or_default();
                return Err(EvalError::type_error(format!(
                    "Incorrect arguments: Items to concat must be lists. {} contains an item that is not a list: {}",
                    dump(&args),
                    dump(other)
                )));
            }
        }
    }
    stack.spend(out.len() as u64)?;
    if !unique {
        return Ok(Value::list(out));
    }
    stack.spend((out.len() as u64).saturating_mul(out.len() as u64) / 64)?;
    let mut uniq: Vec<Value> = Vec::with_capacity(out.len());
    for item in out {
        if !uniq.iter().any(|u| u.py_eq(&item)) {
            uniq.push(item);
        }
    }
    Ok(Value::list(uniq))
}

/// When an item is a value not known yet (a deploy-time or missing value),
/// the error a known item gives whatever the others are: an item that is no
/// list fails the concatenation once the unknown ones are known too (the
/// unknown items shown as null in the message).
fn known_item_error(stack: &Stack, call: &Call) -> Option<EvalError> {
    let Expr::List(items, _) = &call.args else { return None };
    let mut shown = Vec::with_capacity(items.len());
    let mut bad = None;
    for item in items.iter() {
        match crate::eval::resolve_nullable(stack, item) {
            Ok(Some(v)) => {
                if bad.is_none() && !matches!(v, Value::Null | Value::List(_)) {
                    bad = Some(v.clone());
                }
                shown.push(v);
            }
            Ok(None) => {}
            Err(e) if e.is_unknown() => shown.push(Value::Null),
            Err(e) => return Some(e),
        }
    }
    let dump = |v: &Value| json_dumps(v, JsonStyle::PLAIN).unwrap_or_default();
    bad.map(|other| {
        EvalError::type_error(format!(
            "Incorrect arguments: Items to concat must be lists. {} contains an item that is not a list: {}",
            dump(&Value::list(shown)),
            dump(&other)
        ))
    })
}

#[cfg(test)]
mod tests {
    use crate::testing::{eval_output, eval_output_err};

    #[test]
    fn unique_uses_python_equality() {
        assert_eq!(eval_output("", "{list_concat_unique: [[1, 2], [2, 1.0, true, '1']]}"), r#"[1, 2, "1"]"#);
        assert_eq!(eval_output("", "{list_concat: [[1], null, [2]]}"), "[1, 2]");
    }

    #[test]
    fn non_lists_fail() {
        assert_eq!(
            eval_output_err("", "{list_concat: [[1], ab]}"),
            "Incorrect arguments: Items to concat must be lists. [[1], \"ab\"] contains an item that is not a list: \"ab\""
        );
    }
}
