//! `equals: [a, b]` — Python equality (condition contexts only).
//!
//! ```yaml
//! conditions:
//!   is_prod: {equals: [{get_param: env}, prod]}
//! ```

use super::{resolve_or_null, Doc, FnSpec};
use crate::eval::{Call, EvalError, Expr};
use crate::stack::Stack;
use crate::value::Value;

/// `Equals`.
pub static EQUALS: FnSpec = FnSpec::function(
    "Equals",
    check,
    resolve,
    Doc {
        args: "[value, value]",
        summary: "Whether two values are equal (conditions).",
        example: "{equals: [{get_param: env}, prod]}",
    },
);

/// Constructor: a non-empty list of exactly two values.
pub(crate) fn check(name: &str, args: &Expr) -> Result<(), EvalError> {
    match args {
        Expr::List(items, _) if items.len() == 2 => Ok(()),
        _ => Err(EvalError::value(format!("Arguments to \"{name}\" must be of the form: [value_1, value_2]"))),
    }
}

/// Resolve the function.
pub(crate) fn resolve(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    let args = &call.args;
    let Expr::List(items, _) = args else { return Ok(Value::Bool(false)) };
    let a = resolve_or_null(stack, items.first())?;
    let b = resolve_or_null(stack, items.get(1))?;
    Ok(Value::Bool(a.py_eq(&b)))
}

#[cfg(test)]
mod tests {
    use crate::testing::eval_conditions;

    #[test]
    fn python_equality() {
        assert_eq!(eval_conditions("c: {equals: [1, 1.0]}\n"), "{\"c\": true}");
        assert_eq!(eval_conditions("c: {equals: ['1', 1]}\n"), "{\"c\": false}");
    }
}
