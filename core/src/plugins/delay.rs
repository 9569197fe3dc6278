//! `OS::Heat::Delay` (`heat.engine.resources.openstack.heat.delay.Delay.validate`):
//! when validating strictly, the longest delay must fit in the stack's
//! timeout. Heat 27 formats its own `self.type` (a bound method) into the
//! message, and passes it as the exception's `error`, so the text ends in `: `.

use super::{Ctx, Outcome};
use crate::eval::EvalError;
use crate::pyfmt::py_str;
use crate::value::{as_f64, Value};

/// The bound method's repr, with the memory address the oracle writes as `0x0`.
const TYPE_METHOD: &str =
    "<bound method Resource.type of <heat.engine.resources.openstack.heat.delay.Delay object at 0x0>>";

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    if !ctx.strict {
        return Ok(Outcome::Valid);
    }
    // `min_wait + max_jitter * jitter_multiplier`, with Python's int/float rules.
    let max_wait = add(ctx.prop("min_wait"), &mul(ctx.prop("max_jitter"), ctx.prop("jitter_multiplier")));
    let over = match &max_wait {
        Value::Int(i) => *i > ctx.timeout_secs,
        other => as_f64(other).is_some_and(|f| f > ctx.timeout_secs as f64),
    };
    if over {
        let message = format!("{TYPE_METHOD} maximum delay {}s exceeds stack timeout.", py_str(&max_wait));
        return Err(EvalError::svf_items(&message, Vec::new(), "").with_code("plugin-check"));
    }
    Ok(Outcome::Valid)
}

/// Python `a * b` of two numbers (float when either is).
fn mul(a: &Value, b: &Value) -> Value {
    match (a.as_int(), b.as_int()) {
        (Some(x), Some(y)) => x.checked_mul(y).map_or_else(|| Value::Float(x as f64 * y as f64), Value::Int),
        _ => Value::Float(as_f64(a).unwrap_or(0.0) * as_f64(b).unwrap_or(0.0)),
    }
}

/// Python `a + b` of two numbers (float when either is).
fn add(a: &Value, b: &Value) -> Value {
    match (a.as_int(), b.as_int()) {
        (Some(x), Some(y)) => x.checked_add(y).map_or_else(|| Value::Float(x as f64 + y as f64), Value::Int),
        _ => Value::Float(as_f64(a).unwrap_or(0.0) + as_f64(b).unwrap_or(0.0)),
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::template_error;

    // Expected messages from the oracle (real Heat, full mode).
    fn delay(props: &str) -> Option<String> {
        template_error(&format!(
            "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Heat::Delay\n    properties:\n{props}"
        ))
    }

    #[test]
    fn the_longest_delay_fits_in_the_stack_timeout() {
        assert_eq!(
            delay("      min_wait: 3601\n").as_deref(),
            Some("<bound method Resource.type of <heat.engine.resources.openstack.heat.delay.Delay object at 0x0>> maximum delay 3601.0s exceeds stack timeout.: ")
        );
        assert_eq!(
            delay("      min_wait: 600\n      max_jitter: 60\n      jitter_multiplier: 60\n").as_deref(),
            Some("<bound method Resource.type of <heat.engine.resources.openstack.heat.delay.Delay object at 0x0>> maximum delay 4200s exceeds stack timeout.: ")
        );
        assert_eq!(delay("      min_wait: 3600\n"), None);
    }
}
