//! `OS::Heat::InstanceGroup` and `AWS::AutoScaling::AutoScalingGroup`
//! (`heat.engine.resources.openstack.heat.instance_group.InstanceGroup.validate`):
//! after the launch configuration and the nested stack (`engine::nested`),
//! the rolling update's pause time.

use super::{get, python_error, Ctx, Outcome};
use crate::eval::EvalError;
use crate::pyfmt::py_str;

/// At most one hour between batches of a rolling update.
pub(super) fn pause_time(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    let policy_name =
        if ctx.plugin == "OS::Heat::InstanceGroup" { "RollingUpdate" } else { "AutoScalingRollingUpdate" };
    let policy = get(ctx.update_policy, policy_name);
    if policy.is_null() {
        return Ok(Outcome::Valid);
    }
    // The schema's default, and a string property's `str()` of a number.
    let pause = match get(policy, "PauseTime") {
        v if v.is_null() => "PT0S".to_string(),
        v => py_str(v),
    };
    let seconds = parse_isoduration(&pause).ok_or_else(|| {
        python_error(ctx, "ValueError", "Only ISO 8601 duration format of the form PT#H#M#S is supported.")
    })?;
    if seconds > 3600 {
        return Err(python_error(ctx, "ValueError", "Maximum PauseTime is 1 hour."));
    }
    Ok(Outcome::Valid)
}

/// `heat.common.timeutils.parse_isoduration`: `PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$`
/// matched at the start (`\d` is any Unicode decimal digit, `$` also matches
/// before a final newline), in seconds (saturating: anything that large is
/// over every limit).
fn parse_isoduration(text: &str) -> Option<u64> {
    let rest = text.strip_prefix("PT")?;
    let rest = rest.strip_suffix('\n').unwrap_or(rest);
    let mut chars = rest.chars().peekable();
    let mut total: u64 = 0;
    for (unit, factor) in [('H', 3600u64), ('M', 60), ('S', 1)] {
        // An optional group: digits then its unit letter, else nothing is consumed.
        let mut probe = chars.clone();
        let mut n: u64 = 0;
        let mut digits = 0;
        while let Some(d) = probe.peek().and_then(|c| crate::pyre::digit_value(u32::from(*c))) {
            n = n.saturating_mul(10).saturating_add(u64::from(d));
            digits += 1;
            probe.next();
        }
        if digits > 0 && probe.peek() == Some(&unit) {
            probe.next();
            chars = probe;
            total = total.saturating_add(n.saturating_mul(factor));
        }
    }
    chars.next().is_none().then_some(total)
}

#[cfg(test)]
mod tests {
    use super::parse_isoduration;
    use crate::testing::template_error;

    #[test]
    fn iso_durations_as_heat_reads_them() {
        assert_eq!(parse_isoduration("PT1H0M1S"), Some(3601));
        assert_eq!(parse_isoduration("PT"), Some(0));
        assert_eq!(parse_isoduration("PT5S\n"), Some(5));
        assert_eq!(parse_isoduration("PT5M1H"), None);
        assert_eq!(parse_isoduration("P1D"), None);
        assert_eq!(parse_isoduration("PT١H"), Some(3600));
    }

    // Expected messages from the oracle (real Heat, full mode).
    fn group(pause: &str) -> Option<String> {
        template_error(&format!(
            "heat_template_version: 2018-08-31\nresources:\n  lc:\n    type: AWS::AutoScaling::LaunchConfiguration\n    properties: {{ImageId: cirros, InstanceType: m1.small}}\n  group:\n    type: OS::Heat::InstanceGroup\n    properties:\n      AvailabilityZones: [nova]\n      Size: 1\n      LaunchConfigurationName: {{get_resource: lc}}\n    update_policy:\n      RollingUpdate: {{PauseTime: {pause}}}\n"
        ))
    }

    #[test]
    fn at_most_an_hour_between_batches() {
        assert_eq!(group("PT2H").as_deref(), Some("ValueError: resources.group: Maximum PauseTime is 1 hour."));
        assert_eq!(group("PT1H"), None);
        assert_eq!(
            group("1 hour").as_deref(),
            Some("ValueError: resources.group: Only ISO 8601 duration format of the form PT#H#M#S is supported.")
        );
    }
}
