//! `OS::Neutron::NetworkGateway`
//! (`heat.engine.resources.openstack.neutron.network_gateway.NetworkGateway.validate`;
//! its `NeutronResource.validate()` result is dropped): each connection's
//! segmentation id as its segmentation type needs.

use super::{get, invalid, list, Ctx, Outcome};
use crate::eval::EvalError;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    for connection in list(ctx.prop("connections")) {
        let id = get(connection, "segmentation_id");
        match get(connection, "segmentation_type").as_str() {
            Some("vlan") if id.is_null() => {
                return Err(invalid("segmentation_id must be specified for using vlan"));
            }
            Some("flat") if id.truthy() => {
                return Err(invalid("segmentation_id cannot be specified except 0 for using flat"));
            }
            _ => {}
        }
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::template_error;

    // Expected messages from the oracle (real Heat, full mode).
    fn gateway(connection: &str) -> Option<String> {
        template_error(&format!(
            "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Neutron::NetworkGateway\n    properties:\n      devices: [{{id: d, interface_name: eth0}}]\n      connections: [{{network: n, {connection}}}]\n"
        ))
    }

    #[test]
    fn segmentation_ids_by_type() {
        assert_eq!(
            gateway("segmentation_type: vlan").as_deref(),
            Some("segmentation_id must be specified for using vlan")
        );
        assert_eq!(
            gateway("segmentation_type: flat, segmentation_id: 5").as_deref(),
            Some("segmentation_id cannot be specified except 0 for using flat")
        );
        assert_eq!(gateway("segmentation_type: flat, segmentation_id: 0"), None);
    }
}
