//! `OS::Neutron::Subnet` (`heat.engine.resources.openstack.neutron.subnet.Subnet.validate`).
//! Its `NeutronResource.validate()` result (the `value_specs` check) is dropped.

use super::{conflict, invalid, unspecified, Ctx, Outcome};
use crate::eval::EvalError;
use crate::pyfmt::py_repr;
use crate::release::Change;
use crate::value::Value;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    let subnetpool = ctx.prop("subnetpool");
    let prefixlen = ctx.prop("prefixlen");
    let cidr = ctx.prop("cidr");
    if !subnetpool.is_null() && cidr.truthy() {
        return Err(conflict(&["subnetpool", "cidr"]));
    }
    if subnetpool.is_null() && !cidr.truthy() {
        return Err(unspecified(&["subnetpool", "cidr"]));
    }
    if prefixlen.truthy() && cidr.truthy() {
        return Err(conflict(&["prefixlen", "cidr"]));
    }
    let ra_mode = ctx.prop("ipv6_ra_mode");
    let address_mode = ctx.prop("ipv6_address_mode");
    if ctx.prop("ip_version").py_eq(&Value::Int(4)) && (ra_mode.truthy() || address_mode.truthy()) {
        return Err(invalid("ipv6_ra_mode and ipv6_address_mode are not supported for ipv4."));
    }
    if ra_mode.truthy() && address_mode.truthy() && !ra_mode.py_eq(address_mode) {
        return Err(invalid("When both ipv6_ra_mode and ipv6_address_mode are set, they must be equal."));
    }
    let gateway = ctx.prop("gateway_ip");
    if let Some(g) = gateway.as_str() {
        let auto = g == "auto" && ctx.has(Change::SubnetGatewayAuto);
        if !g.is_empty() && g != "~" && !auto && !crate::constraints::is_valid_ip(g) {
            // Heat passes a (format, value) tuple as the message: its str() is shown.
            return Err(invalid(format!(
                "({}, {})",
                py_repr(&Value::from("Gateway IP address \"%(gateway)s\" is in invalid format.")),
                py_repr(gateway)
            )));
        }
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::eval_result_error;

    // Expected messages from the oracle (real Heat, full mode).
    const HEAD: &str = "resources:\n  s:\n    type: OS::Neutron::Subnet\n    properties:\n      network: n\n";

    fn subnet(props: &str) -> String {
        eval_result_error(&format!("{HEAD}{props}"), "x")
    }

    #[test]
    fn cidr_or_subnetpool() {
        assert_eq!(subnet(""), "At least one of the following properties must be specified: subnetpool, cidr.");
        assert_eq!(
            subnet("      cidr: 10.0.0.0/24\n      subnetpool: p\n"),
            "Cannot define the following properties at the same time: subnetpool, cidr."
        );
        assert_eq!(
            subnet("      cidr: 10.0.0.0/24\n      prefixlen: 24\n"),
            "Cannot define the following properties at the same time: prefixlen, cidr."
        );
    }

    #[test]
    fn ipv6_modes() {
        assert_eq!(
            subnet("      cidr: 10.0.0.0/24\n      ipv6_ra_mode: slaac\n"),
            "ipv6_ra_mode and ipv6_address_mode are not supported for ipv4."
        );
        assert_eq!(
            subnet("      cidr: fd00::/64\n      ip_version: 6\n      ipv6_ra_mode: slaac\n      ipv6_address_mode: dhcpv6-stateful\n"),
            "When both ipv6_ra_mode and ipv6_address_mode are set, they must be equal."
        );
    }

    #[test]
    fn gateway_must_be_an_address() {
        assert_eq!(
            subnet("      cidr: 10.0.0.0/24\n      gateway_ip: 10.0.0.300\n"),
            "('Gateway IP address \"%(gateway)s\" is in invalid format.', '10.0.0.300')"
        );
        // inet_aton forms and a scoped IPv6 address are addresses.
        for gateway in ["10.0.0.01", "1.2.3", "'fe80::1%eth0'"] {
            let t = format!("{HEAD}      cidr: 10.0.0.0/24\n      gateway_ip: {gateway}\n");
            assert_eq!(crate::testing::template_error(&format!("heat_template_version: 2021-04-16\n{t}")), None);
        }
    }
}
