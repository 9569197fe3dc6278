//! I3004: a resource type Heat marks unsupported.

use crate::model::diag::Severity;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "I3004",
        name: "unsupported-type",
        severity: Severity::Info,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "a resource type Heat marks unsupported: use at your own risk",
    text: r#"
A few resource types are in Heat but marked unsupported (the networking-sfc
port chains, `OS::Neutron::ExtraRoute`): Heat's gate does not test them and
the service they need is often absent. Worth knowing before a stack depends
on one.
"#,
    bad: "heat_template_version: 2018-08-31\nresources:\n  route:\n    type: OS::Neutron::ExtraRoute\n    properties:\n      router_id: r1\n      destination: 10.1.0.0/24\n      nexthop: 10.0.0.254\n",
    good: "heat_template_version: 2018-08-31\nresources:\n  route:\n    type: OS::Neutron::ExtraRouteSet\n    properties:\n      router: r1\n      routes: [{destination: 10.1.0.0/24, nexthop: 10.0.0.254}]\n",
    files: &[],
};

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    super::support::report_types(cx, out, "UNSUPPORTED");
}
