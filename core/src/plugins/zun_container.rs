//! `OS::Zun::Container` (`heat.engine.resources.openstack.zun.container.Container.validate`):
//! the restart policy, then each mount, then each network.

use super::{conflict, get, invalid, list, python_error, unspecified, Ctx, Outcome};
use crate::eval::EvalError;
use crate::pyfmt::py_str;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    let policy = ctx.prop("restart_policy");
    if policy.truthy() {
        let text = py_str(policy);
        // `_parse_restart_policy`: `policy, count = policy.split(":")`.
        let valid = match text.split(':').collect::<Vec<_>>()[..] {
            [name] => matches!(name, "always" | "unless-stopped" | "on-failure" | "no"),
            [name, _count] => name == "on-failure",
            _ => return Err(python_error(ctx, "ValueError", "too many values to unpack (expected 2)")),
        };
        if !valid {
            return Err(invalid(format!(
                "restart_policy \"{text}\" is invalid. Valid values are \"no\", \"on-failure[:max-retry]\", \"always\", and \"unless-stopped\"."
            )));
        }
    }
    for mount in list(ctx.prop("mounts")) {
        let (id, size) = (get(mount, "volume_id"), get(mount, "volume_size"));
        if id.is_null() && size.is_null() {
            return Err(invalid(format!(
                "One of the properties \"volume_id\" or \"volume_size\" should be set for the specified mount of container \"{}\".",
                ctx.name
            )));
        }
        if id.truthy() && size.truthy() {
            return Err(conflict(&["networks/volume_id", "networks/volume_size"]));
        }
    }
    for network in list(ctx.prop("networks")) {
        let port = get(network, "port");
        if get(network, "network").is_null() && port.is_null() {
            return Err(unspecified(&["network", "port"]));
        }
        if get(network, "fixed_ip").truthy() && !port.is_null() {
            return Err(conflict(&["networks.fixed_ip", "networks.port"]));
        }
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::template_error;

    // Expected messages from the oracle (real Heat, full mode).
    fn container(props: &str) -> Option<String> {
        template_error(&format!(
            "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Zun::Container\n    properties:\n      image: cirros\n{props}"
        ))
    }

    #[test]
    fn restart_policy_mounts_and_networks() {
        assert_eq!(
            container("      restart_policy: 'on-failure:1:2'\n").as_deref(),
            Some("ValueError: resources.r: too many values to unpack (expected 2)")
        );
        assert_eq!(
            container("      restart_policy: 'no:3'\n").as_deref(),
            Some("restart_policy \"no:3\" is invalid. Valid values are \"no\", \"on-failure[:max-retry]\", \"always\", and \"unless-stopped\".")
        );
        assert_eq!(
            container("      mounts: [{mount_path: /m}]\n").as_deref(),
            Some("One of the properties \"volume_id\" or \"volume_size\" should be set for the specified mount of container \"r\".")
        );
        assert_eq!(
            container("      networks: [{fixed_ip: 10.0.0.5}]\n").as_deref(),
            Some("At least one of the following properties must be specified: network, port.")
        );
        assert_eq!(container("      restart_policy: 'on-failure:'\n"), None);
    }
}
