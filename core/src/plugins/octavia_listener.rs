//! `OS::Octavia::Listener` (`heat.engine.resources.openstack.octavia.listener.Listener.validate`).

use super::{invalid, unspecified, Ctx, Outcome};
use crate::eval::EvalError;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    if !ctx.has(crate::release::Change::OctaviaListenerWithoutLoadBalancer)
        && ctx.prop("loadbalancer").is_null()
        && ctx.prop("default_pool").is_null()
    {
        return Err(unspecified(&["loadbalancer", "default_pool"]));
    }
    if ctx.prop("protocol").as_str() == Some("TERMINATED_HTTPS") && ctx.prop("default_tls_container_ref").is_null() {
        return Err(invalid("Property default_tls_container_ref required when protocol is TERMINATED_HTTPS."));
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::eval_result_error;

    // Expected message from the oracle (real Heat, full mode).
    #[test]
    fn terminated_https_needs_a_certificate() {
        let t = "resources:\n  l:\n    type: OS::Octavia::Listener\n    properties:\n      loadbalancer: lb\n      protocol: TERMINATED_HTTPS\n      protocol_port: 443\n";
        assert_eq!(
            eval_result_error(t, "x"),
            "Property default_tls_container_ref required when protocol is TERMINATED_HTTPS."
        );
    }
}
