//! `AWS::ElasticLoadBalancing::LoadBalancer`
//! (`heat.engine.resources.aws.lb.loadbalancer.LoadBalancer.validate`): the
//! health check's interval may not be shorter than its timeout. Heat returns
//! `{'Error': …}` and `Stack.validate` raises its `str()`. (Its nested stack
//! is Heat's own template, which hotplate does not have.)

use super::{get, invalid, python_error, Ctx, Outcome};
use crate::eval::EvalError;
use crate::pyconv::py_float;
use crate::pyfmt::{py_repr, py_str};
use crate::value::Value;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    let check = ctx.prop("HealthCheck");
    if !check.truthy() {
        return Ok(Outcome::Valid);
    }
    let interval = float(ctx, get(check, "Interval"))?;
    let timeout = float(ctx, get(check, "Timeout"))?;
    if interval < timeout {
        return Err(invalid("{'Error': 'Interval must be larger than Timeout'}"));
    }
    Ok(Outcome::Valid)
}

/// Python `float(v)` of a string property (both fields are required).
fn float(ctx: &Ctx<'_>, v: &Value) -> Result<f64, EvalError> {
    let text = py_str(v);
    py_float(&text)
        .ok_or_else(|| python_error(ctx, "ValueError", format!("could not convert string to float: {}", py_repr(v))))
}

#[cfg(test)]
mod tests {
    use crate::testing::template_error;

    // Expected message from the oracle (real Heat, full mode).
    #[test]
    fn the_interval_is_at_least_the_timeout() {
        let t = "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  LB:\n    Type: AWS::ElasticLoadBalancing::LoadBalancer\n    Properties:\n      AvailabilityZones: [nova]\n      Listeners: [{LoadBalancerPort: '80', InstancePort: '80', Protocol: HTTP}]\n      HealthCheck: {HealthyThreshold: '3', Interval: '5', Target: 'HTTP:80/', Timeout: '10', UnhealthyThreshold: '5'}\n";
        assert_eq!(template_error(t).as_deref(), Some("{'Error': 'Interval must be larger than Timeout'}"));
    }
}
