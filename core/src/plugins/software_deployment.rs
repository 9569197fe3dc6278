//! `OS::Heat::SoftwareDeployment` and `OS::Heat::StructuredDeployment`
//! (`heat.engine.resources.openstack.heat.software_deployment.SoftwareDeployment.validate`):
//! a server of this stack that the deployment targets must take its user
//! data as `SOFTWARE_CONFIG`.

use super::{invalid, Ctx, Outcome};
use crate::eval::EvalError;
use crate::pyfmt::py_str;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    let server = ctx.prop("server");
    if !server.truthy() {
        return Ok(Outcome::Valid);
    }
    if let Some(res) = ctx.resource_by_refid(server) {
        let format = ctx.property_of(res, "user_data_format");
        if format.truthy() && format.as_str() != Some("SOFTWARE_CONFIG") {
            return Err(invalid(format!(
                "Resource {}'s property user_data_format should be set to SOFTWARE_CONFIG since there are software deployments on it.",
                py_str(server)
            )));
        }
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::template_error;

    // Expected results from the oracle (real Heat, full mode).
    fn deployment(kind: &str, server: &str) -> Option<String> {
        template_error(&format!(
            "heat_template_version: 2018-08-31\nresources:\n  d:\n    type: {kind}\n    properties:\n      config: c\n      server: {{get_resource: srv}}\n  srv:\n{server}"
        ))
    }

    const SERVER: &str = "    type: OS::Nova::Server\n    properties:\n      flavor: f\n      image: i\n";

    #[test]
    fn the_server_takes_software_config() {
        let message = "Resource srv's property user_data_format should be set to SOFTWARE_CONFIG since there are software deployments on it.";
        assert_eq!(deployment("OS::Heat::SoftwareDeployment", SERVER).as_deref(), Some(message));
        let raw = format!("{SERVER}      user_data_format: RAW\n");
        assert_eq!(deployment("OS::Heat::StructuredDeployment", &raw).as_deref(), Some(message));
        let sc = format!("{SERVER}      user_data_format: SOFTWARE_CONFIG\n");
        assert_eq!(deployment("OS::Heat::SoftwareDeployment", &sc), None);
        assert_eq!(deployment("OS::Heat::SoftwareDeployment", "    type: OS::Heat::None\n"), None);
    }
}
