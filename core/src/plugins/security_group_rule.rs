//! `OS::Neutron::SecurityGroupRule`
//! (`heat.engine.resources.openstack.neutron.security_group_rule.SecurityGroupRule.validate`).
//! Its `NeutronResource.validate()` result is dropped.

use super::{conflict, invalid, Ctx, Outcome};
use crate::eval::EvalError;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    if !ctx.prop("remote_group").is_null() && !ctx.prop("remote_ip_prefix").is_null() {
        return Err(conflict(&["remote_group", "remote_ip_prefix"]));
    }
    let (max, min) = (ctx.prop("port_range_max").as_int(), ctx.prop("port_range_min").as_int());
    let icmp = matches!(ctx.prop("protocol").as_str(), Some("icmp" | "icmpv6" | "ipv6-icmp"));
    if let (Some(max), Some(min)) = (max, min) {
        if !icmp && max < min {
            return Err(invalid("The minimum port number must be less than or equal to the maximum port number."));
        }
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::eval_result_error;

    // Expected messages from the oracle (real Heat, full mode).
    fn rule(props: &str) -> String {
        eval_result_error(
            &format!("resources:\n  r:\n    type: OS::Neutron::SecurityGroupRule\n    properties:\n      security_group: g\n{props}"),
            "x",
        )
    }

    #[test]
    fn remote_and_port_range() {
        assert_eq!(
            rule("      remote_group: g2\n      remote_ip_prefix: 10.0.0.0/8\n"),
            "Cannot define the following properties at the same time: remote_group, remote_ip_prefix."
        );
        assert_eq!(
            rule("      protocol: tcp\n      port_range_min: 80\n      port_range_max: 22\n"),
            "The minimum port number must be less than or equal to the maximum port number."
        );
    }
}
