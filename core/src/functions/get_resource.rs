//! `get_resource: name` — the resource's reference id (its name before creation).
//!
//! ```yaml
//! port: {get_resource: my_port}
//! ```

use crate::eval::{resolve as resolve_expr, EvalError, Expr};
use crate::stack::Stack;
use crate::value::Value;

/// Resolve `get_resource`.
pub fn resolve(stack: &Stack, args: &Expr) -> Result<Value, EvalError> {
    let name = resolve_expr(stack, args)?;
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
