//! `OS::Zaqar::Subscription`
//! (`heat.engine.resources.openstack.zaqar.subscription.ZaqarSubscription._validate_subscriber`;
//! `OS::Zaqar::MistralTrigger` overrides it with no check). Heat's message
//! lacks a word ("of must").

use super::{invalid, Ctx, Outcome};
use crate::eval::EvalError;
use crate::pyfmt::py_str;

const VALID: &[&str] = &["http", "https", "mailto", "trust+http", "trust+https"];

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    let subscriber = py_str(ctx.prop("subscriber"));
    let scheme = subscriber.split(':').next().unwrap_or_default();
    if !VALID.contains(&scheme) {
        return Err(invalid(format!("The subscriber type of must be one of: {}.", VALID.join(", "))));
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::template_error;

    // Expected message from the oracle (real Heat, full mode).
    #[test]
    fn a_known_scheme() {
        let t = |s: &str| {
            template_error(&format!(
                "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Zaqar::Subscription\n    properties:\n      queue_name: q\n      subscriber: '{s}'\n"
            ))
        };
        assert_eq!(
            t("ftp://example.com").as_deref(),
            Some("The subscriber type of must be one of: http, https, mailto, trust+http, trust+https.")
        );
        assert_eq!(t("mailto:a@example.com"), None);
    }
}
