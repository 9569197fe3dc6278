//! `OS::Neutron::FloatingIP`
//! (`heat.engine.resources.openstack.neutron.floatingip.FloatingIP.validate`).
//! Its `NeutronResource.validate()` result is dropped.

use super::{dependency, Ctx, Outcome};
use crate::eval::EvalError;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    if ctx.prop("port_id").is_null() && !ctx.prop("fixed_ip_address").is_null() {
        return Err(dependency("fixed_ip_address", "port_id"));
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::eval_result_error;

    // Expected message from the oracle (real Heat, full mode).
    #[test]
    fn fixed_address_needs_a_port() {
        let t = "resources:\n  f:\n    type: OS::Neutron::FloatingIP\n    properties:\n      floating_network: public\n      fixed_ip_address: 10.0.0.5\n";
        assert_eq!(eval_result_error(t, "x"), "fixed_ip_address cannot be specified without port_id.");
    }
}
