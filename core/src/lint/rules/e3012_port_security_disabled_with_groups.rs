//! E3012: a port with port security off and security groups.

use crate::model::diag::Severity;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};
use crate::value::Value;

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "E3012",
        name: "port-security-disabled-with-groups",
        severity: Severity::Error,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "a port with port_security_enabled false and security groups: Neutron refuses it",
    text: r#"
Neutron refuses to create a port whose port security is disabled and that
has security groups (`Port has security group associated. Cannot disable
port security or ip address until security group is removed`). Heat does
not check it: the stack fails when the port is created. Drop the groups, or
keep port security on.
"#,
    bad: "heat_template_version: 2018-08-31\nresources:\n  port:\n    type: OS::Neutron::Port\n    properties:\n      network: private\n      port_security_enabled: false\n      security_groups: [default]\n",
    good: "heat_template_version: 2018-08-31\nresources:\n  port:\n    type: OS::Neutron::Port\n    properties:\n      network: private\n      port_security_enabled: false\n",
    files: &[],
};

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    for r in cx.resources.iter().filter(|r| r.plugin() == Some("OS::Neutron::Port")) {
        let off = matches!(cx.property(r, "port_security_enabled"), Some(Value::Bool(false)));
        let groups = cx.property(r, "security_groups").is_some_and(|g| g.as_list().is_some_and(|l| !l.is_empty()));
        if let (true, true, Some(node)) = (off, groups, r.prop("security_groups")) {
            out.report(
                node.span,
                format!("resources.{}.properties.security_groups", r.name),
                "port security is disabled on this port: Neutron refuses security groups on it",
            );
        }
    }
}
