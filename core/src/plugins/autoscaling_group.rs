//! `AWS::AutoScaling::AutoScalingGroup` and `OS::Heat::AutoScalingGroup`
//! (`heat.engine.resources.aws.autoscaling.autoscaling_group.AutoScalingGroup.validate`,
//! which the OpenStack type inherits). Its own checks come first, reading
//! properties the schema has not checked yet (so a negative `min_size` fails
//! here, not on the schema's range); then `InstanceGroup.validate` (the launch
//! configuration and the nested stack in `engine::nested`, the pause time in
//! [`super::instance_group`]).

use std::cmp::Ordering;

use super::{invalid, Ctx, Outcome};
use crate::eval::EvalError;
use crate::value::Value;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    const AWS: &str = "AWS::AutoScaling::AutoScalingGroup";
    let res = ctx.stack.resources.get(ctx.name);
    let aws = res.is_some_and(|r| r.info.plugin == AWS);
    let key = |aws_key: &'static str, os_key: &'static str| if aws { aws_key } else { os_key };
    let min = ctx.get(key("MinSize", "min_size"))?;
    let max = ctx.get(key("MaxSize", "max_size"))?;
    let less = |a: &Value, b: &Value| a.py_cmp(b).map(|o| o == Ordering::Less).unwrap_or(false);
    if less(max, min) {
        return Err(invalid("MinSize can not be greater than MaxSize"));
    }
    if less(min, &Value::Int(0)) {
        return Err(invalid("The size of AutoScalingGroup can not be less than zero"));
    }
    let desired = ctx.get(key("DesiredCapacity", "desired_capacity"))?;
    if !desired.is_null() && (less(desired, min) || less(max, desired)) {
        return Err(invalid("DesiredCapacity must be between MinSize and MaxSize"));
    }
    // `self.properties.get(...)`: null for the OpenStack type, which lacks it.
    let zones = ctx.get("VPCZoneIdentifier")?;
    if zones.truthy() && zones.as_list().map_or(0, <[Value]>::len) != 1 {
        return Err(EvalError::other("NotSupported", "Anything other than one VPCZoneIdentifier is not supported.")
            .with_code("not-supported"));
    }
    // `self.type()`: the type as the template writes it.
    if res.is_some_and(|r| r.type_name == AWS)
        && ctx.get("InstanceId")?.truthy() == ctx.get("LaunchConfigurationName")?.truthy()
    {
        return Err(invalid("Either 'InstanceId' or 'LaunchConfigurationName' must be provided."));
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::{eval_result_error, template_error};

    // Expected messages from the oracle (real Heat, full mode).
    fn group(props: &str) -> String {
        eval_result_error(
            &format!(
                "resources:\n  lc:\n    type: AWS::AutoScaling::LaunchConfiguration\n    properties: {{ImageId: i, InstanceType: t}}\n  g:\n    type: AWS::AutoScaling::AutoScalingGroup\n    properties:\n      AvailabilityZones: [nova]\n{props}"
            ),
            "x",
        )
    }

    fn os_group(props: &str) -> Option<String> {
        template_error(&format!(
            "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Heat::AutoScalingGroup\n    properties:\n      resource: {{type: OS::Heat::RandomString}}\n{props}"
        ))
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

    #[test]
    fn the_sizes_are_read_before_the_schema_checks_them() {
        assert_eq!(
            os_group("      min_size: -1\n      max_size: 2\n").as_deref(),
            Some("The size of AutoScalingGroup can not be less than zero")
        );
        assert_eq!(
            os_group("      max_size: 2\n").as_deref(),
            Some("ValueError: resources.r: Property min_size not assigned")
        );
        assert_eq!(
            os_group("      min_size: abc\n      max_size: 2\n").as_deref(),
            Some("ValueError: resources.r: Value 'abc' is not an integer")
        );
        assert_eq!(
            os_group("      min_size: 2\n      max_size: 3\n      desired_capacity: 1\n").as_deref(),
            Some("DesiredCapacity must be between MinSize and MaxSize")
        );
        assert_eq!(os_group("      min_size: 1\n      max_size: 3\n      desired_capacity: 3\n"), None);
    }
}
