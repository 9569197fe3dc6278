//! `OS::Heat::SoftwareComponent`
//! (`heat.engine.resources.openstack.heat.software_component.SoftwareComponent.validate`):
//! one configuration per lifecycle action.

use super::{get, invalid, list, Ctx, Outcome};
use crate::eval::EvalError;
use crate::value::Value;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    let mut seen: Vec<&Value> = Vec::new();
    for config in list(ctx.prop("configs")) {
        let actions = list(get(config, "actions"));
        if actions.iter().any(|a| seen.iter().any(|s| s.py_eq(a))) {
            return Err(invalid(format!(
                "Defining more than one configuration for the same action in SoftwareComponent \"{}\" is not allowed.",
                ctx.name
            )));
        }
        seen.extend(actions);
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::eval_result_error;

    // Expected message from the oracle (real Heat, full mode).
    #[test]
    fn one_configuration_per_action() {
        let t = "resources:\n  c:\n    type: OS::Heat::SoftwareComponent\n    properties:\n      configs:\n        - {tool: script, config: a}\n        - {tool: script, config: b, actions: [UPDATE, CREATE]}\n";
        assert_eq!(
            eval_result_error(t, "x"),
            "Defining more than one configuration for the same action in SoftwareComponent \"c\" is not allowed."
        );
    }
}
