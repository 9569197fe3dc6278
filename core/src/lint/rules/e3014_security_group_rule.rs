//! E3014: a security group rule Neutron refuses.

use crate::model::diag::Severity;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};
use crate::syntax::Node;
use crate::value::{Map, Value};

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "E3014",
        name: "security-group-rule",
        severity: Severity::Error,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "a security group rule Neutron refuses (ports without protocol, min above max, IP version)",
    text: r#"
Neutron checks security group rules when they are created; Heat checks only
some of them, and none of the `rules` list of an `OS::Neutron::SecurityGroup`.
The stack then fails at creation on a rule with a port range but no
`protocol` (`Must also specify protocol if port range is given`), a
`port_range_min` above `port_range_max` (for TCP and UDP), or a
`remote_ip_prefix` of the other IP version than `ethertype` (IPv4 by default:
`::/0` needs `ethertype: IPv6`).
"#,
    bad: "heat_template_version: 2018-08-31\nresources:\n  web:\n    type: OS::Neutron::SecurityGroup\n    properties:\n      rules:\n        - {port_range_min: 443, port_range_max: 443}\n        - {protocol: tcp, port_range_min: 443, port_range_max: 443, remote_ip_prefix: '::/0'}\n",
    good: "heat_template_version: 2018-08-31\nresources:\n  web:\n    type: OS::Neutron::SecurityGroup\n    properties:\n      rules:\n        - {protocol: tcp, port_range_min: 443, port_range_max: 443}\n        - {protocol: tcp, port_range_min: 443, port_range_max: 443, remote_ip_prefix: '::/0', ethertype: IPv6}\n",
    files: &[],
};

/// What Neutron refuses in one rule, or `None`.
fn problem(rule: &Map, check_order: bool) -> Option<String> {
    let get = |k: &str| rule.get_str(k).filter(|v| !matches!(v, Value::Null));
    let int = |k: &str| match get(k) {
        Some(Value::Int(i)) => Some(*i),
        Some(Value::Str(s)) => s.parse().ok(),
        _ => None,
    };
    let protocol = get("protocol").and_then(Value::as_str);
    let (min, max) = (int("port_range_min"), int("port_range_max"));
    if (min.is_some() || max.is_some()) && get("protocol").is_none() {
        return Some("a port range without a protocol".into());
    }
    let ports = matches!(protocol, Some("tcp" | "udp" | "6" | "17" | "sctp" | "dccp" | "udplite"));
    if let (true, true, Some(lo), Some(hi)) = (check_order, ports, min, max) {
        if lo > hi {
            return Some(format!("port_range_min {lo} above port_range_max {hi}"));
        }
    }
    let prefix = get("remote_ip_prefix").and_then(Value::as_str)?;
    let ethertype = get("ethertype").and_then(Value::as_str).unwrap_or("IPv4");
    let v6 = prefix.contains(':');
    match (v6, ethertype) {
        (true, "IPv4") => Some(format!("remote_ip_prefix {prefix} is IPv6 and ethertype is IPv4")),
        (false, "IPv6") => Some(format!("remote_ip_prefix {prefix} is IPv4 and ethertype is IPv6")),
        _ => None,
    }
}

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    for r in &cx.resources {
        match r.plugin() {
            Some("OS::Neutron::SecurityGroup") => {
                let (Some(rules), Some(nodes)) = (cx.property(r, "rules"), r.prop("rules").and_then(Node::as_list))
                else {
                    continue;
                };
                for (i, (rule, node)) in rules.as_list().unwrap_or(&[]).iter().zip(nodes).enumerate() {
                    if let Some(p) = rule.as_map().and_then(|m| problem(m, true)) {
                        out.report(
                            node.span,
                            format!("resources.{}.properties.rules[{i}]", r.name),
                            format!("{p}: Neutron refuses this rule"),
                        );
                    }
                }
            }
            Some("OS::Neutron::SecurityGroupRule") => {
                let Some(props) = r.properties else { continue };
                let known = || {
                    let mut known = Map::new();
                    for key in ["protocol", "port_range_min", "port_range_max", "remote_ip_prefix", "ethertype"] {
                        if r.prop(key).is_some() {
                            known.insert_str(key, cx.property(r, key)?);
                        }
                    }
                    Some(known)
                };
                // Heat checks the order of a rule resource's ports itself.
                if let Some(p) = known().and_then(|k| problem(&k, false)) {
                    out.report(props.span, format!("resources.{}.properties", r.name), format!("{p}: Neutron refuses this rule"));
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::tests::run;

    #[test]
    fn rule_resources_too() {
        let t = "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Neutron::SecurityGroupRule\n    properties: {security_group: g, port_range_min: 22}\n  ok:\n    type: OS::Neutron::SecurityGroupRule\n    properties: {security_group: g, protocol: icmp, port_range_min: 8, port_range_max: 0, remote_ip_prefix: 0.0.0.0/0}\n";
        let found = run("E3014", t, &[]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].0.starts_with("a port range without a protocol"));
    }
}
