//! `contains: [value, sequence]` — membership (substring for strings).
//!
//! ```yaml
//! has_web: {contains: [web, {get_param: roles}]}
//! ```

use super::{resolve_or_null, Doc, FnSpec};
use crate::eval::{Call, EvalError, Expr};
use crate::stack::Stack;
use crate::value::Value;

/// `Contains`.
pub static CONTAINS: FnSpec = FnSpec::function(
    "Contains",
    check,
    resolve,
    Doc {
        args: "[value, sequence]",
        summary: "Whether the sequence contains the value.",
        example: "{contains: [a, [a, b]]}",
    },
);

/// Constructor: a non-empty list of two items.
fn check(name: &str, args: &Expr) -> Result<(), EvalError> {
    match args {
        Expr::List(items, _) if !items.is_empty() => {
            if items.len() == 2 {
                Ok(())
            } else {
                Err(EvalError::value(format!(
                    "Arguments to \"{name}\" must be of the form: [value1, [value1, value2]]"
                )))
            }
        }
        _ => Err(EvalError::type_error(format!(
            "Incorrect arguments to \"{name}\" should be: \"{name}\" : [ \"value1\", [ \"value1\", \"value2\"]]"
        ))),
    }
}

/// Resolve the function.
fn resolve(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    let (name, args) = (&*call.name, &call.args);
    let Expr::List(items, _) = args else { return Ok(Value::Bool(false)) };
    let value = resolve_or_null(stack, items.first())?;
    let sequence = resolve_or_null(stack, items.get(1))?;
    match &sequence {
        Value::List(l) => Ok(Value::Bool(l.iter().any(|i| i.py_eq(&value)))),
        Value::Str(s) => match &value {
            Value::Str(v) => Ok(Value::Bool(s.contains(&**v))),
            other => Err(EvalError::type_error(format!(
                "'in <string>' requires string as left operand, not {}",
                other.type_name()
            ))),
        },
        _ => Err(EvalError::type_error(format!("Second argument to \"{name}\" should be a sequence."))),
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::{eval_output, eval_output_err};

    #[test]
    fn membership_and_substring() {
        assert_eq!(eval_output("", "{contains: [a, cat]}"), "true");
        assert_eq!(eval_output("", "{contains: [true, [1]]}"), "true");
        assert_eq!(
            eval_output_err("", "{contains: [a, {a: 1}]}"),
            "Second argument to \"contains\" should be a sequence."
        );
    }
}
