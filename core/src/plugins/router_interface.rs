//! `OS::Neutron::RouterInterface`
//! (`heat.engine.resources.openstack.neutron.router.RouterInterface.validate`).
//! Its `NeutronResource.validate()` result is dropped.

use super::{conflict, unspecified, Ctx, Outcome};
use crate::eval::EvalError;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    let subnet = !ctx.prop("subnet").is_null();
    let port = !ctx.prop("port").is_null();
    if subnet && port {
        return Err(conflict(&["subnet", "port"]));
    }
    if !subnet && !port {
        return Err(unspecified(&["subnet", "port"]));
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::eval_result_error;

    // Expected messages from the oracle (real Heat, full mode).
    fn interface(props: &str) -> String {
        eval_result_error(
            &format!(
                "resources:\n  i:\n    type: OS::Neutron::RouterInterface\n    properties:\n      router: r\n{props}"
            ),
            "x",
        )
    }

    #[test]
    fn a_subnet_or_a_port() {
        assert_eq!(interface(""), "At least one of the following properties must be specified: subnet, port.");
        assert_eq!(
            interface("      subnet_id: s\n      port: p\n"),
            "Cannot define the following properties at the same time: subnet, port."
        );
    }
}
