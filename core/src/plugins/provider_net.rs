//! `OS::Neutron::ProviderNet`
//! (`heat.engine.resources.openstack.neutron.provider_net.ProviderNet.validate`;
//! its `NeutronResource.validate()` result is dropped). Heat's second message
//! lists `flat` where it checks `local`.

use super::{invalid, Ctx, Outcome};
use crate::eval::EvalError;
use crate::release::Change;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    let kind = ctx.prop("network_type").as_str();
    if !ctx.has(Change::ProviderNetSegmentationByType) {
        // Before 23.0.0: a segmentation id only for vlan.
        if ctx.prop("segmentation_id").truthy() && kind != Some("vlan") {
            return Err(invalid("segmentation_id not allowed for flat network type."));
        }
    } else if ctx.prop("segmentation_id").truthy() && matches!(kind, Some("local" | "flat")) {
        return Err(invalid("segmentation_id not allowed for network types: local, flat"));
    }
    if !ctx.has(Change::ProviderNetPhysicalNetworkCheck) {
        return Ok(Outcome::Valid);
    }
    if ctx.prop("physical_network").truthy() && matches!(kind, Some("vxlan" | "gre" | "geneve" | "local")) {
        return Err(invalid("physical_network not allowed for network types: vxlan, gre, geneve, flat"));
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::template_error;

    // Expected messages from the oracle (real Heat, full mode).
    fn net(props: &str) -> Option<String> {
        template_error(&format!(
            "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Neutron::ProviderNet\n    properties:\n{props}"
        ))
    }

    #[test]
    fn segmentation_and_physical_network_by_type() {
        assert_eq!(
            net("      network_type: flat\n      physical_network: p\n      segmentation_id: 5\n").as_deref(),
            Some("segmentation_id not allowed for network types: local, flat")
        );
        assert_eq!(
            net("      network_type: vxlan\n      physical_network: p\n").as_deref(),
            Some("physical_network not allowed for network types: vxlan, gre, geneve, flat")
        );
        assert_eq!(net("      network_type: vlan\n      physical_network: p\n      segmentation_id: 5\n"), None);
    }
}
