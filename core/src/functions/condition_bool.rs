//! `not`, `and`, `or` — boolean operators over conditions (condition contexts only).
//!
//! ```yaml
//! conditions:
//!   deploy: {and: [is_prod, {not: is_test}]}
//! ```
//! Items are booleans, condition names or nested condition functions; `and`/`or`
//! resolve every item first, then short-circuit left to right as Heat does.

use super::{Doc, FnSpec};
use crate::eval::{resolve as resolve_expr, Call, EvalError, Expr};
use crate::stack::Stack;
use crate::value::Value;

/// `Not`.
pub static NOT: FnSpec = FnSpec::function(
    "Not",
    check_not,
    resolve_not,
    Doc { args: "condition", summary: "The negation of a condition.", example: "{not: is_prod}" },
);

/// `And`.
pub static AND: FnSpec = FnSpec::function(
    "And",
    check_list,
    resolve_and,
    Doc {
        args: "[condition, condition, ...]",
        summary: "True when every condition is.",
        example: "{and: [is_prod, has_db]}",
    },
);

/// `Or`.
pub static OR: FnSpec = FnSpec::function(
    "Or",
    check_list,
    resolve_or,
    Doc {
        args: "[condition, condition, ...]",
        summary: "True when any condition is.",
        example: "{or: [is_prod, is_staging]}",
    },
);

/// `not` constructor: any argument but null.
fn check_not(name: &str, args: &Expr) -> Result<(), EvalError> {
    match args {
        Expr::Scalar(Value::Null) => Err(EvalError::value(format!("Argument to \"{name}\" must be a condition"))),
        _ => Ok(()),
    }
}

/// `and`/`or` constructor: a list of at least two.
pub(crate) fn check_list(name: &str, args: &Expr) -> Result<(), EvalError> {
    let Expr::List(items, _) = args else {
        return Err(EvalError::value(format!("Arguments to \"{name}\" must be a list of conditions")));
    };
    if items.len() < 2 {
        return Err(EvalError::value(format!("The minimum number of condition arguments to \"{name}\" is 2.")));
    }
    Ok(())
}

/// `not`.
fn resolve_not(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    let cd = resolve_expr(stack, &call.args)?;
    Ok(Value::Bool(!stack.is_enabled(&cd)?))
}

/// `and`.
pub(crate) fn resolve_and(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    and_or(stack, call, true)
}

/// `or`.
pub(crate) fn resolve_or(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    and_or(stack, call, false)
}

/// `and` (`is_and`) or `or`: every item resolved, then short-circuited.
fn and_or(stack: &Stack, call: &Call, is_and: bool) -> Result<Value, EvalError> {
    let resolved = resolve_expr(stack, &call.args)?;
    let items = resolved.as_list().unwrap_or(&[]);
    for item in items {
        let enabled = stack.is_enabled(item)?;
        if enabled != is_and {
            return Ok(Value::Bool(!is_and));
        }
    }
    Ok(Value::Bool(is_and))
}

#[cfg(test)]
mod tests {
    use crate::testing::{eval_conditions, template_error};

    #[test]
    fn short_circuit() {
        assert_eq!(eval_conditions("a: {and: [false, nope]}\n"), "{\"a\": false}");
        assert_eq!(eval_conditions("a: {or: [true, nope]}\nb: {not: a}\n"), "{\"a\": true, \"b\": false}");
        // Heat resolves a condition only when something uses it: unused, the bad
        // name is never noticed (reported as null); used, it fails the stack.
        assert_eq!(eval_conditions("a: {and: [true, nope]}\n"), "{\"a\": null}");
        let used = "heat_template_version: 2021-04-16\nconditions:\n  a: {and: [true, nope]}\nresources:\n  r: {type: OS::Heat::None, condition: a}\n";
        assert_eq!(template_error(used).as_deref(), Some("resources.r.condition: Invalid condition \"nope\""));
    }
}
