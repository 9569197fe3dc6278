//! `AWS::EC2::Instance` (`heat.engine.resources.aws.ec2.instance.Instance.validate`):
//! security groups go on the network interfaces when there are any, and a
//! block device comes from a snapshot.

use super::{conflict, get, invalid, list, Ctx, Outcome};
use crate::eval::EvalError;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    // `_get_security_groups()`: both lists together, None when empty.
    let groups = ["SecurityGroups", "SecurityGroupIds"].iter().any(|k| !list(ctx.prop(k)).is_empty());
    if groups && ctx.prop("NetworkInterfaces").truthy() {
        return Err(conflict(&["SecurityGroups/SecurityGroupIds", "NetworkInterfaces"]));
    }
    block_device_mappings(ctx)?;
    Ok(Outcome::Valid)
}

/// Each block device mapping comes from an EBS snapshot: the check
/// `Instance.validate` and `LaunchConfiguration.validate` both make (Heat
/// writes it in each).
pub(super) fn block_device_mappings(ctx: &Ctx<'_>) -> Result<(), EvalError> {
    for mapping in list(ctx.prop("BlockDeviceMappings")) {
        let ebs = get(mapping, "Ebs");
        if !ebs.truthy() {
            return Err(invalid("Ebs is missing, this is required when specifying BlockDeviceMappings."));
        }
        if !get(ebs, "SnapshotId").truthy() {
            return Err(invalid("SnapshotId is missing, this is required when specifying BlockDeviceMappings."));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::testing::template_error;

    // Expected messages from the oracle (real Heat, full mode).
    fn instance(props: &str) -> Option<String> {
        template_error(&format!(
            "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  I:\n    Type: AWS::EC2::Instance\n    Properties:\n      ImageId: cirros\n      InstanceType: m1.small\n{props}"
        ))
    }

    #[test]
    fn groups_or_interfaces_and_snapshots() {
        assert_eq!(
            instance("      SecurityGroupIds: [sg]\n      NetworkInterfaces: [eni]\n").as_deref(),
            Some("Cannot define the following properties at the same time: SecurityGroups/SecurityGroupIds, NetworkInterfaces.")
        );
        assert_eq!(
            instance("      BlockDeviceMappings: [{DeviceName: vdb}]\n").as_deref(),
            Some("Ebs is missing, this is required when specifying BlockDeviceMappings.")
        );
    }
}
