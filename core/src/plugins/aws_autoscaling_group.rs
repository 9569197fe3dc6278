//! `AWS::AutoScaling::AutoScalingGroup`
//! (`heat.engine.resources.aws.autoscaling.autoscaling_group.AutoScalingGroup.validate`;
//! the launch configuration and the nested stack are checked as for
//! `OS::Heat::InstanceGroup`, in `engine::nested`).

use super::{invalid, Ctx, Outcome};
use crate::eval::EvalError;
use crate::value::Value;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    let int = |k: &str| ctx.prop(k).as_int();
    let (min, max) = (int("MinSize").unwrap_or(0), int("MaxSize").unwrap_or(0));
    if max < min {
        return Err(invalid("MinSize can not be greater than MaxSize"));
    }
    if min < 0 {
        return Err(invalid("The size of AutoScalingGroup can not be less than zero"));
    }
    if let Some(desired) = int("DesiredCapacity") {
        if desired < min || desired > max {
            return Err(invalid("DesiredCapacity must be between MinSize and MaxSize"));
        }
    }
    let zones = ctx.prop("VPCZoneIdentifier");
    if zones.truthy() && zones.as_list().map_or(0, <[Value]>::len) != 1 {
        return Err(EvalError::other("NotSupported", "Anything other than one VPCZoneIdentifier is not supported")
            .with_code("not-supported"));
    }
    if ctx.prop("InstanceId").truthy() == ctx.prop("LaunchConfigurationName").truthy() {
        return Err(invalid("Either 'InstanceId' or 'LaunchConfigurationName' must be provided."));
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::eval_result_error;

    // Expected messages from the oracle (real Heat, full mode).
    fn group(props: &str) -> String {
        eval_result_error(
            &format!(
                "resources:\n  lc:\n    type: AWS::AutoScaling::LaunchConfiguration\n    properties: {{ImageId: i, InstanceType: t}}\n  g:\n    type: AWS::AutoScaling::AutoScalingGroup\n    properties:\n      AvailabilityZones: [nova]\n{props}"
            ),
            "x",
        )
    }

    #[test]
    fn sizes_and_a_launch_configuration() {
        assert_eq!(group("      MinSize: '3'\n      MaxSize: '1'\n"), "MinSize can not be greater than MaxSize");
        assert_eq!(
            group("      MinSize: '1'\n      MaxSize: '3'\n      DesiredCapacity: '5'\n"),
            "DesiredCapacity must be between MinSize and MaxSize"
        );
        assert_eq!(
            group("      MinSize: '1'\n      MaxSize: '3'\n"),
            "Either 'InstanceId' or 'LaunchConfigurationName' must be provided."
        );
    }
}
