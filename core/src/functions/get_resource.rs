//! `get_resource: name` — the resource's reference id (its name before creation).
//!
//! ```yaml
//! port: {get_resource: my_port}
//! ```

use super::{no_check, Doc, FnSpec, Refers};
use crate::eval::{resolve as resolve_expr, Call, EvalError};
use crate::stack::Stack;
use crate::symbolic::Rule;
use crate::value::Value;

/// `GetResource`.
pub static GET_RESOURCE: FnSpec = FnSpec {
    symbolic: Rule::Input,
    refers: Refers::Resource,
    ..FnSpec::function(
        "GetResource",
        no_check,
        resolve,
        Doc {
            args: "resource name",
            summary: "The reference id of a resource of this template.",
            example: "{get_resource: my_port}",
        },
    )
};

/// Resolve `get_resource`.
fn resolve(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    let name = resolve_expr(stack, &call.args)?;
    Ok(stack.resource_ref(&name, "unknown")?.ref_id())
}

#[cfg(test)]
mod tests {
    use crate::testing::{eval_output, eval_output_err};

    #[test]
    fn name_before_creation_and_unknown_reference() {
        let t = "resources:\n  r: {type: OS::Heat::None}\n";
        assert_eq!(eval_output(t, "{get_resource: r}"), "\"r\"");
        assert_eq!(
            eval_output_err(t, "{get_resource: nope}"),
            "The specified reference \"nope\" (in unknown) is incorrect."
        );
    }
}
