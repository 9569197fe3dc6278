//! `OS::Neutron::SubnetPool`
//! (`heat.engine.resources.openstack.neutron.subnetpool.SubnetPool._validate_prefix_bounds`;
//! its `NeutronResource.validate()` result is dropped).

use super::{invalid, Ctx, Outcome};
use crate::eval::EvalError;
use crate::pyfmt::py_str;
use crate::value::Value;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    let min = ctx.prop("min_prefixlen");
    let default = ctx.prop("default_prefixlen");
    let max = ctx.prop("max_prefixlen");
    let greater = |a: &Value, b: &Value| a.py_cmp(b).is_ok_and(|o| o.is_gt());
    let illegal = |k1: &str, v1: &Value, k2: &str, v2: &Value| {
        invalid(format!("Illegal prefix bounds: {k1}={}, {k2}={}.", py_str(v1), py_str(v2)))
    };
    if min.truthy() && max.truthy() && greater(min, max) {
        return Err(illegal("max_prefixlen", max, "min_prefixlen", min));
    }
    if default.truthy() {
        if max.truthy() && greater(default, max) {
            return Err(illegal("max_prefixlen", max, "default_prefixlen", default));
        }
        if min.truthy() && greater(min, default) {
            return Err(illegal("min_prefixlen", min, "default_prefixlen", default));
        }
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::template_error;

    // Expected messages from the oracle (real Heat, full mode).
    fn pool(props: &str) -> Option<String> {
        template_error(&format!(
            "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Neutron::SubnetPool\n    properties:\n      prefixes: [10.0.0.0/8]\n{props}"
        ))
    }

    #[test]
    fn prefix_bounds() {
        assert_eq!(
            pool("      min_prefixlen: 28\n      max_prefixlen: 24\n").as_deref(),
            Some("Illegal prefix bounds: max_prefixlen=24, min_prefixlen=28.")
        );
        assert_eq!(
            pool("      min_prefixlen: 24\n      default_prefixlen: 20\n").as_deref(),
            Some("Illegal prefix bounds: min_prefixlen=24, default_prefixlen=20.")
        );
        assert_eq!(pool("      min_prefixlen: 24\n      default_prefixlen: 24\n      max_prefixlen: 24\n"), None);
    }
}
