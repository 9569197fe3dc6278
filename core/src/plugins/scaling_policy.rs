//! `OS::Heat::ScalingPolicy` and `AWS::AutoScaling::ScalingPolicy`
//! (`heat.engine.resources.openstack.heat.scaling_policy.AutoScalingPolicy._validate_min_adjustment_step`
//! and the AWS class's override with its own names).

use super::{value_dependency, Ctx, Outcome};
use crate::eval::EvalError;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    let (kind, step, percent) = if ctx.plugin == "AWS::AutoScaling::ScalingPolicy" {
        ("AdjustmentType", "MinAdjustmentStep", "PercentChangeInCapacity")
    } else {
        ("adjustment_type", "min_adjustment_step", "percent_change_in_capacity")
    };
    if ctx.prop(kind).as_str() != Some(percent) && !ctx.prop(step).is_null() {
        return Err(value_dependency(step, kind, percent));
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::template_error;

    // Expected messages from the oracle (real Heat, full mode).
    #[test]
    fn a_minimum_step_only_for_a_percent_change() {
        let t = |kind: &str| {
            template_error(&format!(
                "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Heat::ScalingPolicy\n    properties:\n      auto_scaling_group_id: g\n      adjustment_type: {kind}\n      scaling_adjustment: 1\n      min_adjustment_step: 1\n"
            ))
        };
        assert_eq!(
            t("exact_capacity").as_deref(),
            Some("min_adjustment_step property should only be specified for adjustment_type with value percent_change_in_capacity.")
        );
        assert_eq!(t("percent_change_in_capacity"), None);
    }
}
