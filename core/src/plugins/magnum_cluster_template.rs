//! `OS::Magnum::ClusterTemplate`
//! (`heat.engine.resources.openstack.magnum.cluster_template.ClusterTemplate.validate`):
//! the volume driver the container orchestration engine supports.

use super::{invalid, Ctx, Outcome};
use crate::eval::EvalError;
use crate::pyfmt::py_str;

/// `SUPPORTED_VOLUME_DRIVER`, its lists as Python prints them.
const SUPPORTED: &[(&str, &str, &str)] =
    &[("kubernetes", "cinder", "['cinder']"), ("swarm", "rexray", "['rexray']"), ("mesos", "rexray", "['rexray']")];

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    let coe = ctx.prop("coe");
    let driver = ctx.prop("volume_driver");
    // The schema allows only these engines.
    let Some((_, supported, printed)) = SUPPORTED.iter().find(|(c, _, _)| Some(*c) == coe.as_str()) else {
        return Ok(Outcome::Valid);
    };
    if !driver.is_null() && driver.as_str() != Some(supported) {
        return Err(invalid(format!(
            "Volume driver type {} is not supported by COE:{}, expecting a {printed} volume driver.",
            py_str(driver),
            py_str(coe)
        )));
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::template_error;

    // Expected messages from the oracle (real Heat, full mode).
    fn template(coe: &str, driver: &str) -> Option<String> {
        template_error(&format!(
            "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Magnum::ClusterTemplate\n    properties:\n      image: fedora\n      external_network: public\n      coe: {coe}\n      volume_driver: {driver}\n"
        ))
    }

    #[test]
    fn the_driver_the_engine_supports() {
        assert_eq!(
            template("kubernetes", "rexray").as_deref(),
            Some("Volume driver type rexray is not supported by COE:kubernetes, expecting a ['cinder'] volume driver.")
        );
        assert_eq!(template("swarm", "rexray"), None);
    }
}
