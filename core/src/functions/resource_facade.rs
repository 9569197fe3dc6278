//! `resource_facade: metadata|deletion_policy|update_policy` — the parent
//! resource's data, which exists only inside a provider (nested) template.

use super::{Doc, FnSpec};
use crate::eval::{resolve as resolve_expr, Call, EvalError, Expr};
use crate::stack::Stack;
use crate::value::Value;

/// `ResourceFacade`.
pub static RESOURCE_FACADE: FnSpec = FnSpec::function(
    "ResourceFacade",
    check,
    resolve,
    Doc {
        args: "metadata | deletion_policy | update_policy",
        summary: "The facade resource's data, in a provider template.",
        example: "{resource_facade: metadata}",
    },
);

/// Constructor: one of the three literal names.
fn check(name: &str, args: &Expr) -> Result<(), EvalError> {
    match args.as_str() {
        Some("metadata" | "deletion_policy" | "update_policy") => Ok(()),
        _ => Err(EvalError::value(format!(
            "Incorrect arguments to \"{name}\" should be one of: metadata, deletion_policy, update_policy"
        ))),
    }
}

/// A top-level stack has no parent resource: Heat fails with an internal error
/// (an `AttributeError` on `None`).
pub(crate) fn resolve(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    let attr = resolve_expr(stack, &call.args)?;
    let missing = match attr.as_str() {
        Some("metadata" | "Metadata") => "metadata_get",
        Some(_) => "t",
        None => return Ok(Value::Null),
    };
    Err(EvalError::other("AttributeError", format!("'NoneType' object has no attribute '{missing}'"))
        .with_code("facade-without-parent"))
}
