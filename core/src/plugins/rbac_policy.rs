//! `OS::Neutron::RBACPolicy`
//! (`heat.engine.resources.openstack.neutron.rbac_policy.RBACPolicy.validate`;
//! its `NeutronResource.validate()` result is dropped): the actions each
//! object type supports, reported as a property error of `action`.

use super::{Ctx, Outcome};
use crate::eval::EvalError;
use crate::model::diag::PathItem;
use crate::pyfmt::py_str;

/// `SUPPORTED_TYPES_ACTIONS`.
const SUPPORTED: &[(&str, &[&str])] = &[
    ("network", &["access_as_shared", "access_as_external"]),
    ("qos_policy", &["access_as_shared"]),
    ("security_group", &["access_as_shared"]),
    ("address_scope", &["access_as_shared"]),
    ("subnetpool", &["access_as_shared"]),
];

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    let action = ctx.prop("action");
    let object_type = ctx.prop("object_type");
    // The schema allows only these object types.
    let Some((_, actions)) = SUPPORTED.iter().find(|(t, _)| Some(*t) == object_type.as_str()) else {
        return Ok(Outcome::Valid);
    };
    if action.as_str().is_some_and(|a| actions.contains(&a)) {
        return Ok(Outcome::Valid);
    }
    let path = [ctx.resources_section(), ctx.name, ctx.stack.version().key("properties"), "action"];
    Err(EvalError::svf_items(
        "Property error",
        path.iter().map(|s| PathItem::Key((*s).to_string())).collect(),
        format!(
            "Invalid action \"{}\" for object type {}. Valid actions: {}",
            py_str(action),
            py_str(object_type),
            actions.join(", ")
        ),
    )
    .with_code("plugin-check"))
}

#[cfg(test)]
mod tests {
    use crate::testing::template_error;

    // Expected messages from the oracle (real Heat, full mode).
    fn policy(object_type: &str, action: &str) -> Option<String> {
        template_error(&format!(
            "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Neutron::RBACPolicy\n    properties:\n      object_type: {object_type}\n      object_id: o\n      action: {action}\n      target_tenant: t\n"
        ))
    }

    #[test]
    fn actions_by_object_type() {
        assert_eq!(
            policy("qos_policy", "access_as_external").as_deref(),
            Some("Property error: resources.r.properties.action: Invalid action \"access_as_external\" for object type qos_policy. Valid actions: access_as_shared")
        );
        assert_eq!(policy("network", "access_as_external"), None);
    }
}
