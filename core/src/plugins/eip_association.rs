//! `AWS::EC2::EIPAssociation`
//! (`heat.engine.resources.aws.ec2.eip.ElasticIpAssociation.validate`).

use super::{invalid, unspecified, Ctx, Outcome};
use crate::eval::EvalError;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    let eip = ctx.prop("EIP").truthy();
    let instance = ctx.prop("InstanceId").truthy();
    if eip == ctx.prop("AllocationId").truthy() {
        return Err(invalid("Either 'EIP' or 'AllocationId' must be provided."));
    }
    if eip && !instance {
        return Err(invalid("Must specify 'InstanceId' if you specify 'EIP'."));
    }
    if !instance && !ctx.prop("NetworkInterfaceId").truthy() {
        return Err(unspecified(&["InstanceId", "NetworkInterfaceId"]));
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::eval_result_error;

    // Expected messages from the oracle (real Heat, full mode).
    fn association(props: &str) -> String {
        eval_result_error(
            &format!("resources:\n  a:\n    type: AWS::EC2::EIPAssociation\n    properties:\n{props}"),
            "x",
        )
    }

    #[test]
    fn an_address_and_a_target() {
        assert_eq!(
            association("      EIP: 1.2.3.4\n      AllocationId: a\n"),
            "Either 'EIP' or 'AllocationId' must be provided."
        );
        assert_eq!(association("      EIP: 1.2.3.4\n"), "Must specify 'InstanceId' if you specify 'EIP'.");
        assert_eq!(
            association("      AllocationId: a\n"),
            "At least one of the following properties must be specified: InstanceId, NetworkInterfaceId."
        );
    }
}
