//! `OS::Octavia::L7Policy` (`heat.engine.resources.openstack.octavia.l7policy.L7Policy.validate`):
//! the redirect properties the action needs.

use super::{invalid, value_dependency, Ctx, Outcome};
use crate::eval::EvalError;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    let action = ctx.prop("action").as_str();
    let pool = !ctx.prop("redirect_pool").is_null();
    let url = !ctx.prop("redirect_url").is_null();
    if action == Some("REJECT") && (pool || url) {
        return Err(invalid(
            "Properties redirect_pool and redirect_url are not required when action type is set to REJECT.",
        ));
    }
    if action == Some("REDIRECT_TO_POOL") {
        if url {
            return Err(value_dependency("redirect_url", "action", "REDIRECT_TO_URL"));
        }
        if !pool {
            return Err(invalid("Property redirect_pool is required when action type is set to REDIRECT_TO_POOL."));
        }
    }
    if action == Some("REDIRECT_TO_URL") {
        if pool {
            return Err(value_dependency("redirect_pool", "action", "REDIRECT_TO_POOL"));
        }
        if !url {
            return Err(invalid("Property redirect_url is required when action type is set to REDIRECT_TO_URL."));
        }
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::eval_result_error;

    // Expected messages from the oracle (real Heat, full mode).
    fn policy(props: &str) -> String {
        eval_result_error(
            &format!("resources:\n  p:\n    type: OS::Octavia::L7Policy\n    properties:\n      listener: l\n{props}"),
            "x",
        )
    }

    #[test]
    fn redirects_match_the_action() {
        assert_eq!(
            policy("      action: REJECT\n      redirect_url: http://x\n"),
            "Properties redirect_pool and redirect_url are not required when action type is set to REJECT."
        );
        assert_eq!(
            policy("      action: REDIRECT_TO_POOL\n      redirect_url: http://x\n"),
            "redirect_url property should only be specified for action with value REDIRECT_TO_URL."
        );
        assert_eq!(
            policy("      action: REDIRECT_TO_POOL\n"),
            "Property redirect_pool is required when action type is set to REDIRECT_TO_POOL."
        );
        assert_eq!(
            policy("      action: REDIRECT_TO_URL\n"),
            "Property redirect_url is required when action type is set to REDIRECT_TO_URL."
        );
    }
}
