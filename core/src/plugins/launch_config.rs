//! `AWS::AutoScaling::LaunchConfiguration`
//! (`heat.engine.resources.aws.autoscaling.launch_config.LaunchConfiguration.validate`).

use super::{invalid, Ctx, Outcome};
use crate::eval::EvalError;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    super::ec2_instance::block_device_mappings(ctx)?;
    let from_image = ctx.prop("ImageId").truthy() && ctx.prop("InstanceType").truthy();
    if !ctx.prop("InstanceId").truthy() && !from_image {
        return Err(invalid("If without InstanceId, ImageId and InstanceType are required."));
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::eval_result_error;

    // Expected messages from the oracle (real Heat, full mode).
    fn config(props: &str) -> String {
        eval_result_error(
            &format!("resources:\n  c:\n    type: AWS::AutoScaling::LaunchConfiguration\n    properties:\n{props}"),
            "x",
        )
    }

    #[test]
    fn an_image_and_a_type_or_an_instance() {
        assert_eq!(config("      ImageId: i\n"), "If without InstanceId, ImageId and InstanceType are required.");
        assert_eq!(
            config("      InstanceId: i\n      BlockDeviceMappings: [{DeviceName: vdb}]\n"),
            "Ebs is missing, this is required when specifying BlockDeviceMappings."
        );
        assert_eq!(
            config("      InstanceId: i\n      BlockDeviceMappings: [{DeviceName: vdb, Ebs: {VolumeSize: '1'}}]\n"),
            "SnapshotId is missing, this is required when specifying BlockDeviceMappings."
        );
    }
}
