//! `OS::Nova::Server` (`heat.engine.resources.openstack.nova.server.Server.validate`).

use super::{conflict, get, invalid, list, Ctx, Outcome};
use crate::eval::EvalError;
use crate::value::Value;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    if ctx.prop("user_data_format").as_str() == Some("SOFTWARE_CONFIG")
        && ctx.metadata.as_map().is_some_and(|m| m.get_str("deployments").is_some())
    {
        return Err(invalid(
            "deployments key not allowed in resource metadata with user_data_format of SOFTWARE_CONFIG",
        ));
    }
    block_device_mapping(ctx)?;
    // The image is looked up in glance (and the flavor in nova).
    if ctx.prop("image").truthy() {
        return Ok(Outcome::NeedsService("glance"));
    }
    let networks = list(ctx.prop("networks"));
    for network in networks {
        validate_network(ctx, network)?;
    }
    let str_network = networks.iter().find_map(|n| Some(get(n, "allocate_network")).filter(|v| v.truthy()));
    if str_network.is_some() {
        if networks.len() != 1 {
            return Err(invalid(
                "Property \"allocate_network\" can not be specified if multiple network interfaces set for server.",
            ));
        }
        return Ok(Outcome::NeedsService("nova"));
    }
    let has_port = networks.iter().any(|n| !get(n, "port").is_null());
    if has_port && ctx.prop("security_groups").truthy() {
        return Err(conflict(&["security_groups", "networks/port"]));
    }
    if networks.iter().any(|n| get(n, "tag").truthy()) || ctx.prop("tags").truthy() {
        return Ok(Outcome::NeedsService("nova"));
    }
    let volume_type = || list(ctx.prop("block_device_mapping_v2")).iter().any(|m| get(m, "volume_type").truthy());
    if ctx.has(crate::release::Change::ServerVolumeTypeCheck) && volume_type() {
        return Ok(Outcome::NeedsService("nova"));
    }
    // Personality and metadata limits come from nova's absolute limits.
    if ctx.prop("personality").truthy() || ctx.prop("metadata").truthy() {
        return Ok(Outcome::NeedsService("nova"));
    }
    Ok(Outcome::Valid)
}

fn block_device_mapping(ctx: &Ctx<'_>) -> Result<(), EvalError> {
    let bdm = list(ctx.prop("block_device_mapping"));
    let bdm_v2 = list(ctx.prop("block_device_mapping_v2"));
    let image = ctx.prop("image");
    if !bdm.is_empty() && !bdm_v2.is_empty() {
        return Err(conflict(&["block_device_mapping", "block_device_mapping_v2"]));
    }
    let mut bootable = !image.is_null();
    for mapping in bdm {
        let device_name = get(mapping, "device_name");
        if device_name.as_str() == Some("vda") {
            bootable = true;
        }
        let (volume, snapshot) = (get(mapping, "volume_id"), get(mapping, "snapshot_id"));
        if !volume.is_null() && !snapshot.is_null() {
            return Err(conflict(&["volume_id", "snapshot_id"]));
        }
        if volume.is_null() && snapshot.is_null() {
            return Err(invalid(format!(
                "Either volume_id or snapshot_id must be specified for device mapping {}",
                crate::pyfmt::py_str(device_name)
            )));
        }
    }
    let mut bootable_devs: Vec<&Value> = vec![image];
    for mapping in bdm_v2 {
        let volume = get(mapping, "volume_id");
        let snapshot = get(mapping, "snapshot_id");
        let image_id = get(mapping, "image");
        let boot_index = get(mapping, "boot_index");
        let swap = get(mapping, "swap_size");
        let ephemeral = {
            let size = get(mapping, "ephemeral_size");
            if size.truthy() {
                size
            } else {
                get(mapping, "ephemeral_format")
            }
        };
        let nones = [volume, snapshot, image_id, swap, ephemeral].iter().filter(|v| v.is_null()).count();
        if nones < 4 {
            return Err(conflict(&[
                "volume_id",
                "snapshot_id",
                "image",
                "swap_size",
                "ephemeral_size",
                "ephemeral_format",
            ]));
        }
        if nones == 5 {
            return Err(invalid(
                "Either volume_id, snapshot_id, image_id, swap_size, ephemeral_size or ephemeral_format must be specified.",
            ));
        }
        if (!volume.is_null() || !snapshot.is_null() || !image_id.is_null())
            && (boot_index.is_null() || boot_index.py_eq(&Value::Int(0)))
        {
            bootable = true;
            bootable_devs.extend([volume, snapshot, image_id]);
        }
    }
    if !bootable {
        return Err(invalid(format!("Neither image nor bootable volume is specified for instance {}", ctx.name)));
    }
    if !bdm_v2.is_empty() && bootable_devs.iter().filter(|d| !d.is_null()).count() != 1 {
        return Err(invalid(format!("Multiple bootable sources for instance {}.", ctx.name)));
    }
    Ok(())
}

fn validate_network(ctx: &Ctx<'_>, network: &Value) -> Result<(), EvalError> {
    let net_id = get(network, "network");
    let port = get(network, "port");
    let subnet = get(network, "subnet");
    let fixed_ip = get(network, "fixed_ip");
    let floating_ip = get(network, "floating_ip");
    let str_network = get(network, "allocate_network");
    if net_id.is_null() && port.is_null() && subnet.is_null() && !str_network.truthy() {
        return Err(invalid(format!(
            "One of the properties \"network\", \"port\", \"allocate_network\" or \"subnet\" should be set for the specified network of server \"{}\".",
            ctx.name
        )));
    }
    if str_network.truthy() {
        let given = network.as_map().map_or(0, |m| m.iter().filter(|(_, v)| !v.is_null()).count());
        if given != 1 {
            return Err(invalid("Can not specify \"allocate_network\" with other keys of networks at the same time."));
        }
    }
    if fixed_ip.truthy() && !port.is_null() {
        return Err(conflict(&["networks/fixed_ip", "networks/port"]));
    }
    if !floating_ip.is_null()
        && !net_id.is_null()
        && port.is_null()
        && subnet.is_null()
        && !get(network, "port_extra_properties").truthy()
    {
        return Err(invalid(
            "Property \"floating_ip\" is not supported if only \"network\" is specified, because the corresponding port can not be retrieved.",
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use crate::testing::eval_result_error;

    #[test]
    fn port_and_security_groups_conflict() {
        let t = "resources:\n  s:\n    type: OS::Nova::Server\n    properties:\n      flavor: f\n      block_device_mapping_v2: [{volume_id: v}]\n      security_groups: [default]\n      networks: [{port: p}]\n";
        assert_eq!(
            eval_result_error(t, "x"),
            "Cannot define the following properties at the same time: security_groups, networks/port."
        );
    }

    #[test]
    fn needs_a_bootable_source() {
        let t = "resources:\n  s:\n    type: OS::Nova::Server\n    properties: {flavor: f}\n";
        assert_eq!(eval_result_error(t, "x"), "Neither image nor bootable volume is specified for instance s");
    }
}
