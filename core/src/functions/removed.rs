//! Names of the table that are not functions where they are used: functions
//! Heat removed from later HOT versions (`Fn::Select`, `Ref`, …), which parse
//! but fail validation, and functions used in condition definitions where
//! they are not allowed, which fail at parse.

use super::{no_check, no_validate, FnSpec, Refers, Resolve};
use crate::eval::{Call, EvalError, Expr};
use crate::stack::Stack;
use crate::symbolic::Rule;
use crate::value::Value;

/// A function removed in this version.
pub static REMOVED: FnSpec = FnSpec {
    class: "Removed",
    check: no_check,
    resolve: Resolve::Function(as_data),
    validate,
    symbolic: Rule::Opaque,
    refers: Refers::Nothing,
    doc: None,
};

/// A function that is not allowed in condition definitions.
pub static INVALID: FnSpec = FnSpec {
    class: "Invalid",
    check: invalid,
    resolve: Resolve::Function(as_data),
    validate: no_validate,
    symbolic: Rule::Opaque,
    refers: Refers::Nothing,
    doc: None,
};

/// Validation always fails with `InvalidTemplateVersion`.
fn validate(_stack: &Stack, call: &Call) -> Result<(), EvalError> {
    Err(EvalError::other(
        "InvalidTemplateVersion",
        format!("The template version is invalid: The function {} is not supported in this version of HOT.", call.name),
    )
    .with_code("function-removed"))
}

/// A non-condition function in a condition fails at parse.
fn invalid(name: &str, _args: &Expr) -> Result<(), EvalError> {
    Err(EvalError::value(format!("The function \"{name}\" is invalid in this context"))
        .with_code("function-not-allowed-here"))
}

/// `Function.result()` of the base class: `{fn_name: args}` (args unresolved).
fn as_data(_stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    let mut m = crate::value::Map::new();
    m.insert_str(&call.name, call.args.to_value());
    Ok(Value::map(m))
}

#[cfg(test)]
mod tests {
    use crate::testing::eval_result_error;

    #[test]
    fn removed_in_outputs() {
        assert_eq!(
            eval_result_error("", "{Ref: x}"),
            "outputs.o.value.Ref: The template version is invalid: The function Ref is not supported in this version of HOT."
        );
    }
}
