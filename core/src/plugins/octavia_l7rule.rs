//! `OS::Octavia::L7Rule` (`heat.engine.resources.openstack.octavia.l7rule.L7Rule.validate`).

use super::{invalid, Ctx, Outcome};
use crate::eval::EvalError;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    if matches!(ctx.prop("type").as_str(), Some("HEADER" | "COOKIE")) && ctx.prop("key").is_null() {
        return Err(invalid(
            "Property key is missing. This property should be specified for rules of HEADER and COOKIE types.",
        ));
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::eval_result_error;

    // Expected message from the oracle (real Heat, full mode).
    #[test]
    fn headers_and_cookies_need_a_key() {
        let t = "resources:\n  r:\n    type: OS::Octavia::L7Rule\n    properties:\n      l7policy: p\n      type: COOKIE\n      compare_type: EQUAL_TO\n      value: v\n";
        assert_eq!(
            eval_result_error(t, "x"),
            "Property key is missing. This property should be specified for rules of HEADER and COOKIE types."
        );
    }
}
