//! W3003: a resource type Heat has hidden (removed or retired).

use crate::model::diag::Severity;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W3003",
        name: "hidden-type",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "a resource type Heat has hidden: removed from its service or retired",
    text: r#"
Heat hides a resource type once it is past deprecation: the service behind
it was retired (Sahara, Senlin, Monasca), the API was removed (Neutron
LBaaS, nova-network floating IPs), or a replacement exists
(`OS::Heat::SoftwareDeployments` became `OS::Heat::SoftwareDeploymentGroup`).
Heat still validates the template, so only creating the stack fails, or
the resource does nothing. The fix changes the type when Heat names the
replacement.
"#,
    bad: "heat_template_version: 2018-08-31\nresources:\n  ip:\n    type: OS::Nova::FloatingIP\n    properties:\n      pool: public\n",
    good: "heat_template_version: 2018-08-31\nresources:\n  ip:\n    type: OS::Neutron::FloatingIP\n    properties:\n      floating_network: public\n",
    files: &[],
};

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    super::support::report_types(cx, out, "HIDDEN");
}
