//! `OS::Neutron::Port` (`heat.engine.resources.openstack.neutron.port.Port.validate`).
//! Its `NeutronResource.validate()` result is dropped.

use super::{conflict, Ctx, Outcome};
use crate::eval::EvalError;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    if ctx.prop("fixed_ips").truthy() && ctx.prop("no_fixed_ips").truthy() {
        return Err(conflict(&["fixed_ips", "no_fixed_ips"]));
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::eval_result_error;

    // Expected message from the oracle (real Heat, full mode).
    #[test]
    fn fixed_ips_or_none() {
        let t = "resources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      network: n\n      fixed_ips: [{ip_address: 10.0.0.5}]\n      no_fixed_ips: true\n";
        assert_eq!(
            eval_result_error(t, "x"),
            "Cannot define the following properties at the same time: fixed_ips, no_fixed_ips."
        );
    }
}
