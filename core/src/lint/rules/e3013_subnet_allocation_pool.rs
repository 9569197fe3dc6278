//! E3013: a subnet allocation pool Neutron refuses.

use crate::constraints::inet_pton as address;
use crate::model::diag::Severity;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};
use crate::syntax::Node;
use crate::value::Value;

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "E3013",
        name: "subnet-allocation-pool",
        severity: Severity::Error,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "a subnet allocation pool outside the cidr, reversed, or holding the gateway",
    text: r#"
Neutron checks a subnet's `allocation_pools` when the subnet is created, Heat
does not: a pool that reaches outside the subnet's `cidr`, whose `start` is
after its `end`, or that contains the `gateway_ip`, makes the stack fail at
creation (`Allocation pool ... spans beyond the subnet cidr`, `Gateway ip
... conflicts with allocation pool ...`). Also an IP version that disagrees
with the cidr.

Checked when the cidr, the pools and the gateway are known (written in the
template, or the evaluation's values).
"#,
    bad: "heat_template_version: 2018-08-31\nresources:\n  subnet:\n    type: OS::Neutron::Subnet\n    properties:\n      network: private\n      cidr: 192.168.10.0/24\n      gateway_ip: 192.168.10.1\n      allocation_pools:\n        - {start: 192.168.10.1, end: 192.168.11.200}\n",
    good: "heat_template_version: 2018-08-31\nresources:\n  subnet:\n    type: OS::Neutron::Subnet\n    properties:\n      network: private\n      cidr: 192.168.10.0/24\n      gateway_ip: 192.168.10.1\n      allocation_pools:\n        - {start: 192.168.10.10, end: 192.168.10.200}\n",
    files: &[],
};

/// A cidr as (first address, last address, version).
fn network(cidr: &str) -> Option<(u128, u128, u8)> {
    let (addr, len) = cidr.split_once('/')?;
    let (n, v) = address(addr)?;
    let len: u32 = len.parse().ok()?;
    let bits = if v == 4 { 32 } else { 128 };
    if len > bits {
        return None;
    }
    let host = if bits - len >= 128 { u128::MAX } else { (1u128 << (bits - len)) - 1 };
    Some((n & !host, n | host, v))
}

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    for r in cx.resources.iter().filter(|r| r.plugin() == Some("OS::Neutron::Subnet")) {
        let Some(cidr) = cx.property(r, "cidr") else { continue };
        let Some((first, last, version)) = cidr.as_str().and_then(network) else { continue };
        let at = |key: &str| format!("resources.{}.properties.{key}", r.name);
        if let (Some(ipv), Some(node)) = (cx.property(r, "ip_version"), r.prop("ip_version")) {
            let given = match ipv {
                Value::Int(i) => Some(i),
                Value::Str(s) => s.parse().ok(),
                _ => None,
            };
            if given.is_some_and(|g| g != i64::from(version)) {
                out.report(node.span, at("ip_version"), format!("the cidr is an IPv{version} network: Neutron refuses ip_version {}", given.unwrap_or_default()));
            }
        } else if version == 6 && r.prop("ip_version").is_none() {
            if let Some(node) = r.prop("cidr") {
                out.report(node.span, at("cidr"), "an IPv6 cidr without ip_version: 6 (the default is 4): Neutron refuses it");
            }
        }
        let gateway = cx.property(r, "gateway_ip").and_then(|g| g.as_str().and_then(address));
        let (Some(pools), Some(nodes)) =
            (cx.property(r, "allocation_pools"), r.prop("allocation_pools").and_then(Node::as_list))
        else {
            continue;
        };
        for (pool, node) in pools.as_list().unwrap_or(&[]).iter().zip(nodes) {
            let Some(m) = pool.as_map() else { continue };
            let get = |k: &str| m.get_str(k).and_then(Value::as_str).and_then(address);
            let (Some((start, _)), Some((end, _))) = (get("start"), get("end")) else { continue };
            let problem = if start > end {
                Some("starts after its end".to_string())
            } else if start < first || end > last {
                Some(format!("spans beyond the subnet cidr {}", cidr.as_str().unwrap_or("")))
            } else if gateway.is_some_and(|(g, _)| start <= g && g <= end) {
                Some("contains the gateway_ip".to_string())
            } else {
                None
            };
            if let Some(p) = problem {
                out.report(node.span, at("allocation_pools"), format!("this allocation pool {p}: Neutron refuses the subnet"));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::network;
    use crate::lint::tests::run;

    #[test]
    fn networks_are_ranges() {
        assert_eq!(network("10.0.0.0/24"), Some((0x0a00_0000, 0x0a00_00ff, 4)));
        assert_eq!(network("10.0.0.7/32"), Some((0x0a00_0007, 0x0a00_0007, 4)));
        assert_eq!(network("::/0").map(|n| n.1), Some(u128::MAX));
        assert_eq!(network("10.0.0.0/33"), None);
    }

    #[test]
    fn reversed_pools_gateways_and_versions() {
        let t = "heat_template_version: 2018-08-31\nresources:\n  a:\n    type: OS::Neutron::Subnet\n    properties:\n      network: n\n      cidr: 10.0.0.0/24\n      allocation_pools: [{start: 10.0.0.9, end: 10.0.0.2}, {start: 10.0.0.2, end: 10.0.0.9}]\n  b:\n    type: OS::Neutron::Subnet\n    properties: {network: n, cidr: 'fd00::/64', ip_version: 4}\n  c:\n    type: OS::Neutron::Subnet\n    properties: {network: n, cidr: 'fd00::/64'}\n";
        let found = run("E3013", t, &[]);
        assert_eq!(found.len(), 3, "{found:?}");
        assert!(found[0].0.contains("starts after its end"));
    }
}
