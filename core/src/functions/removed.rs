//! Functions Heat removed from later HOT versions (`Fn::Select`, `Ref`, …): they
//! parse, but fail validation.

use crate::eval::EvalError;

/// Validation always fails with `InvalidTemplateVersion`.
pub fn validate(name: &str) -> Result<(), EvalError> {
    Err(EvalError::other(
        "InvalidTemplateVersion",
        format!("The template version is invalid: The function {name} is not supported in this version of HOT."),
    )
    .with_code("function-removed"))
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
