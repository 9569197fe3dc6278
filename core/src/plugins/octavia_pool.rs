//! `OS::Octavia::Pool` (`heat.engine.resources.openstack.octavia.pool.Pool.validate`).

use super::{get, invalid, unspecified, Ctx, Outcome};
use crate::eval::EvalError;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    if ctx.prop("listener").is_null() && ctx.prop("loadbalancer").is_null() {
        return Err(unspecified(&["listener", "loadbalancer"]));
    }
    let sp = ctx.prop("session_persistence");
    if !sp.is_null() {
        let cookie = get(sp, "cookie_name");
        match get(sp, "type").as_str() {
            Some("APP_COOKIE") if !cookie.truthy() => {
                return Err(invalid(
                    "Property cookie_name is required when session_persistence type is set to APP_COOKIE.",
                ));
            }
            Some("SOURCE_IP") if cookie.truthy() => {
                return Err(invalid(
                    "Property cookie_name must NOT be specified when session_persistence type is set to SOURCE_IP.",
                ));
            }
            _ => {}
        }
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::eval_result_error;

    #[test]
    fn needs_a_listener_or_a_load_balancer() {
        let t = "resources:\n  p:\n    type: OS::Octavia::Pool\n    properties: {lb_algorithm: ROUND_ROBIN, protocol: HTTP}\n";
        assert_eq!(
            eval_result_error(t, "x"),
            "At least one of the following properties must be specified: listener, loadbalancer."
        );
    }

    #[test]
    fn app_cookie_needs_a_cookie_name() {
        let t = "resources:\n  p:\n    type: OS::Octavia::Pool\n    properties: {lb_algorithm: ROUND_ROBIN, protocol: HTTP, listener: l, session_persistence: {type: APP_COOKIE}}\n";
        assert_eq!(
            eval_result_error(t, "x"),
            "Property cookie_name is required when session_persistence type is set to APP_COOKIE."
        );
    }
}
