//! `OS::Manila::ShareNetwork`
//! (`heat.engine.resources.openstack.manila.share_network.ManilaShareNetwork.validate`):
//! a Neutron network with its subnet (whether the subnet is on that network
//! is asked of Neutron).

use super::{conflict, dependency, invalid, Ctx, Outcome};
use crate::eval::EvalError;
use crate::release::Change;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    if !ctx.has(Change::ManilaNetworkCheckFirst) {
        // Before 23.0.0: the conflicts with nova_network, then the catalog
        // (`is_using_neutron`) is asked before anything else.
        let (network, subnet, nova) = (
            ctx.prop("neutron_network").truthy(),
            ctx.prop("neutron_subnet").truthy(),
            ctx.prop("nova_network").truthy(),
        );
        if network && nova {
            return Err(conflict(&["neutron_network", "nova_network"]));
        }
        if nova && subnet {
            return Err(conflict(&["neutron_subnet", "nova_network"]));
        }
        return Ok(Outcome::NeedsService("neutron"));
    }
    if ctx.prop("nova_network").truthy() {
        return Err(invalid("Nova network is no longer supported"));
    }
    let (network, subnet) = (ctx.prop("neutron_network").truthy(), ctx.prop("neutron_subnet").truthy());
    if network && !subnet {
        return Err(dependency("neutron_network", "neutron_subnet"));
    }
    if network && subnet {
        return Ok(Outcome::NeedsService("neutron"));
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::{template_error, template_skips};

    // Expected messages from the oracle (real Heat, full mode).
    #[test]
    fn a_network_with_its_subnet() {
        let t = "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Manila::ShareNetwork\n    properties:\n      neutron_network: n\n";
        assert_eq!(template_error(t).as_deref(), Some("neutron_network cannot be specified without neutron_subnet."));
        let t = "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Manila::ShareNetwork\n    properties:\n      neutron_network: n\n      neutron_subnet: s\n";
        assert_eq!(template_error(t), None);
        assert!(template_skips(t).contains(&"r ManilaShareNetwork.validate neutron".to_string()));
    }
}
