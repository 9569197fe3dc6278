//! `OS::Neutron::SecurityGroup`
//! (`heat.engine.resources.openstack.neutron.security_group.SecurityGroup.validate`).
//! Its `NeutronResource.validate()` result is dropped.

use super::{invalid, Ctx, Outcome};
use crate::eval::EvalError;
use crate::value::Value;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    if ctx.prop("name").as_str() == Some("default") {
        return Err(invalid("Security groups cannot be assigned the name \"default\"."));
    }
    // A stateless group needs neutron's `stateful-security-group` extension.
    if matches!(ctx.prop("stateful"), Value::Bool(false)) && ctx.has(crate::release::Change::SecurityGroupStatefulCheck)
    {
        return Ok(Outcome::NeedsService("neutron"));
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::{eval_result_error, template_skips};

    // Expected results from the oracle (real Heat, full mode).
    #[test]
    fn not_named_default() {
        let t = "resources:\n  g:\n    type: OS::Neutron::SecurityGroup\n    properties:\n      name: default\n";
        assert_eq!(eval_result_error(t, "x"), "Security groups cannot be assigned the name \"default\".");
    }

    #[test]
    fn stateless_asks_neutron() {
        let t = "heat_template_version: 2021-04-16\nresources:\n  g:\n    type: OS::Neutron::SecurityGroup\n    properties:\n      stateful: false\n";
        assert_eq!(template_skips(t), ["g SecurityGroup.validate neutron"]);
    }
}
