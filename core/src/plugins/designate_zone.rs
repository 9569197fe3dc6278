//! `OS::Designate::Zone` (`heat.engine.resources.openstack.designate.zone.DesignateZone.validate`).

use super::{invalid, Ctx, Outcome};
use crate::eval::EvalError;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    for (zone_type, prop) in [("PRIMARY", "email"), ("SECONDARY", "masters")] {
        if ctx.prop("type").as_str() == Some(zone_type) && !ctx.prop(prop).truthy() {
            return Err(invalid(format!("Property {prop} is required for zone type {zone_type}")));
        }
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::{eval_result_error, template_error};

    // Expected messages from the oracle (real Heat, full mode).
    fn zone(props: &str) -> String {
        eval_result_error(
            &format!(
                "resources:\n  z:\n    type: OS::Designate::Zone\n    properties:\n      name: example.com.\n{props}"
            ),
            "x",
        )
    }

    #[test]
    fn each_type_needs_its_property() {
        assert_eq!(zone(""), "Property email is required for zone type PRIMARY");
        assert_eq!(zone("      type: SECONDARY\n"), "Property masters is required for zone type SECONDARY");
        let ok = "heat_template_version: 2021-04-16\nresources:\n  z:\n    type: OS::Designate::Zone\n    properties:\n      name: example.com.\n      type: SECONDARY\n      primaries: [1.2.3.4]\n";
        assert_eq!(template_error(ok), None);
    }
}
