//! W3016: a software config whose `group` no agent hook handles.

use crate::model::diag::Severity;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W3016",
        name: "software-config-group",
        severity: Severity::Warning,
        on_by_default: false,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "a SoftwareConfig group that no heat-agents hook handles",
    text: r#"
A software config's `group` names the hook that applies it on the server
(heat-agents' `heat-config-script`, `-puppet`, `-ansible`, …). Heat accepts
any text; the agent finds no hook for an unknown one, and the deployment
fails or never signals. The usual cause is a typo (`scripts`, `Ansible`).

Off by default: sites write their own hooks. The known groups are a table
in the rule.
"#,
    bad: "heat_template_version: 2018-08-31\nresources:\n  config:\n    type: OS::Heat::SoftwareConfig\n    properties:\n      group: scripts\n      config: '#!/bin/sh'\n",
    good: "heat_template_version: 2018-08-31\nresources:\n  config:\n    type: OS::Heat::SoftwareConfig\n    properties:\n      group: script\n      config: '#!/bin/sh'\n",
    files: &[],
};

/// The hooks of heat-agents, plus the group Heat applies itself.
const GROUPS: &[&str] = &[
    "Heat::Ungrouped",
    "ansible",
    "apply-config",
    "atomic",
    "cfn-init",
    "chef",
    "docker-cmd",
    "docker-compose",
    "hiera",
    "json-file",
    "kubelet",
    "os-apply-config",
    "puppet",
    "salt",
    "script",
    // TripleO's config-download reads these configs itself.
    "ungrouped",
];

const TYPES: &[&str] = &["OS::Heat::SoftwareConfig", "OS::Heat::StructuredConfig", "OS::Heat::SoftwareComponent"];

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    for r in cx.resources.iter().filter(|r| r.plugin().is_some_and(|p| TYPES.contains(&p))) {
        let Some(node) = r.prop("group") else { continue };
        let Some(group) = node.as_str() else { continue };
        if GROUPS.contains(&group) {
            continue;
        }
        let near = GROUPS.iter().find(|g| crate::ide::distance(group, g, 2).is_some());
        let hint = near.map(|g| format!(" (did you mean `{g}`?)")).unwrap_or_default();
        out.report(
            node.span,
            format!("resources.{}.properties.group", r.name),
            format!("no heat-agents hook handles group `{group}`{hint}"),
        );
        if let Some(g) = near {
            out.fix(format!("Change to `{g}`"), vec![(node.span.start as usize..node.span.end as usize, (*g).to_string())]);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::tests::{fixed, run};

    #[test]
    fn typos_get_a_fix() {
        let t = "heat_template_version: 2018-08-31\nresources:\n  c: {type: OS::Heat::SoftwareConfig, properties: {group: Ansible}}\n  d: {type: OS::Heat::SoftwareConfig, properties: {group: puppet}}\n";
        assert_eq!(run("W3016", t, &[]).len(), 1);
        assert_eq!(fixed("W3016", t), t.replace("group: Ansible", "group: ansible"));
    }
}
