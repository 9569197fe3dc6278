//! `filter: [values, list]` — the list without the given values.
//!
//! ```yaml
//! names: {filter: [[null, ''], {get_param: names}]}
//! ```

use super::{resolve_or_null, Doc, FnSpec};
use crate::eval::{Call, EvalError, Expr};
use crate::stack::Stack;
use crate::value::Value;

/// `Filter`.
pub static FILTER: FnSpec = FnSpec::function(
    "Filter",
    check,
    resolve,
    Doc {
        args: "[values to drop, list]",
        summary: "The list without the given values.",
        example: "{filter: [[null], [a, null, b]]}",
    },
);

/// Constructor: a list of exactly two items.
fn check(name: &str, args: &Expr) -> Result<(), EvalError> {
    let Expr::List(items, _) = args else {
        return Err(EvalError::type_error(format!("Argument to \"{name}\" must be a list")));
    };
    if items.len() != 2 {
        return Err(EvalError::value(format!(
            "\"{name}\" expected 2 arguments of the form [values, sequence] but got {} arguments instead",
            items.len()
        )));
    }
    Ok(())
}

/// Resolve the function.
fn resolve(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    let (name, args) = (&*call.name, &call.args);
    let Expr::List(items, _) = args else { return Ok(Value::Null) };
    let sequence = resolve_or_null(stack, items.get(1))?;
    if !sequence.truthy() {
        return Ok(sequence);
    }
    let Value::List(seq) = &sequence else {
        return Err(EvalError::type_error(format!("\"{name}\" only works with lists")));
    };
    let values = resolve_or_null(stack, items.first())?;
    if !values.truthy() {
        return Ok(sequence);
    }
    let Value::List(values) = values else {
        return Err(EvalError::type_error(format!("\"{name}\" filters a list of values")));
    };
    stack.spend((seq.len() as u64).saturating_mul(values.len() as u64) / 16)?;
    Ok(Value::list(seq.iter().filter(|i| !values.iter().any(|v| v.py_eq(i))).cloned().collect()))
}

#[cfg(test)]
mod tests {
    use crate::testing::eval_output;

    #[test]
    fn python_equality_filters() {
        assert_eq!(eval_output("", "{filter: [[true], [1, 1.0, true, '1']]}"), r#"["1"]"#);
        assert_eq!(eval_output("", "{filter: [[a], null]}"), "null");
    }
}
