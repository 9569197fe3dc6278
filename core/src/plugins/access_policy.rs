//! `OS::Heat::AccessPolicy` (`heat.engine.resources.openstack.heat.access_policy.AccessPolicy.validate`):
//! every allowed resource is one of the stack's.

use super::{invalid, list, Ctx, Outcome};
use crate::eval::EvalError;
use crate::pyfmt::py_str;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    for res in list(ctx.prop("AllowedResources")) {
        if !res.as_str().is_some_and(|n| ctx.stack.resources.contains_key(n)) {
            return Err(invalid(format!("AccessPolicy resource {} not in stack", py_str(res))));
        }
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::eval_result_error;

    // Expected message from the oracle (real Heat, full mode).
    #[test]
    fn allowed_resources_are_in_the_stack() {
        let t = "resources:\n  p:\n    type: OS::Heat::AccessPolicy\n    properties:\n      AllowedResources: [p, q]\n";
        assert_eq!(eval_result_error(t, "x"), "AccessPolicy resource q not in stack");
    }
}
