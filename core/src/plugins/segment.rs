//! `OS::Neutron::Segment` (`heat.engine.resources.openstack.neutron.segment.Segment.validate`;
//! its `NeutronResource.validate()` result is dropped): what each network
//! type requires and prohibits.

use super::{invalid, Ctx, Outcome};
use crate::eval::EvalError;
use crate::pyfmt::py_str;
use crate::value::Value;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    let physical = ctx.prop("physical_network");
    let kind_value = ctx.prop("network_type");
    let kind = kind_value.as_str();
    let id = ctx.prop("segmentation_id");
    let required = |prop: &str| invalid(format!("{prop} is required for {} provider network.", py_str(kind_value)));
    let prohibited = |prop: &str| invalid(format!("{prop} is prohibited for {} provider network.", py_str(kind_value)));
    if matches!(kind, Some("flat" | "vlan")) && physical.is_null() {
        return Err(required("physical_network"));
    }
    if kind == Some("vlan") && id.is_null() {
        return Err(required("segmentation_id"));
    }
    if matches!(kind, Some("local" | "flat")) && !id.is_null() {
        return Err(prohibited("segmentation_id"));
    }
    if matches!(kind, Some("vxlan" | "gre" | "geneve")) && !physical.is_null() {
        return Err(prohibited("physical_network"));
    }
    if kind == Some("vlan") && id.py_cmp(&Value::Int(4094)).is_ok_and(|o| o.is_gt()) {
        return Err(invalid("Up to 4094 VLAN network segments can exist on each physical_network."));
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::template_error;

    // Expected messages from the oracle (real Heat, full mode).
    fn segment(props: &str) -> Option<String> {
        template_error(&format!(
            "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Neutron::Segment\n    properties:\n      network: n\n{props}"
        ))
    }

    #[test]
    fn what_each_network_type_needs() {
        assert_eq!(
            segment("      network_type: vlan\n      physical_network: p\n").as_deref(),
            Some("segmentation_id is required for vlan provider network.")
        );
        assert_eq!(
            segment("      network_type: local\n      segmentation_id: 5\n").as_deref(),
            Some("segmentation_id is prohibited for local provider network.")
        );
        assert_eq!(
            segment("      network_type: vlan\n      physical_network: p\n      segmentation_id: 4095\n").as_deref(),
            Some("Up to 4094 VLAN network segments can exist on each physical_network.")
        );
        assert_eq!(segment("      network_type: vxlan\n"), None);
    }
}
