//! `OS::Mistral::CronTrigger`
//! (`heat.engine.resources.openstack.mistral.cron_trigger.CronTrigger.validate`).

use super::{unspecified, Ctx, Outcome};
use crate::eval::EvalError;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    if !ctx.prop("pattern").truthy() && !ctx.prop("first_time").truthy() {
        return Err(unspecified(&["pattern", "first_time"]));
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::template_error;

    // Expected message from the oracle (real Heat, full mode).
    #[test]
    fn a_pattern_or_a_first_time() {
        let t = "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Mistral::CronTrigger\n    properties:\n      workflow: {name: w}\n";
        assert_eq!(
            template_error(t).as_deref(),
            Some("At least one of the following properties must be specified: pattern, first_time.")
        );
    }
}
