//! W3009: a secret property fed by a parameter that is not hidden.

use super::secrets::is_secret;
use crate::model::diag::Severity;
use crate::functions;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W3009",
        name: "secret-from-visible-parameter",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "a secret property takes its value from a parameter that is not hidden",
    text: r#"
Heat shows every parameter's value in `openstack stack show`, in events and
in its logs, except parameters declared `hidden: true` (shown as `******`).
A password or key given to a secret property through a parameter that is
not hidden is readable by everyone who can read the stack.
"#,
    bad: "heat_template_version: 2018-08-31\nparameters:\n  admin_password: {type: string}\nresources:\n  server:\n    type: OS::Nova::Server\n    properties:\n      image: cirros\n      flavor: m1.small\n      admin_pass: {get_param: admin_password}\n",
    good: "heat_template_version: 2018-08-31\nparameters:\n  admin_password: {type: string, hidden: true}\nresources:\n  server:\n    type: OS::Nova::Server\n    properties:\n      image: cirros\n      flavor: m1.small\n      admin_pass: {get_param: admin_password}\n",
    files: &[],
};

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    let found = cx.plugin_properties(|plugin, v| {
        if !is_secret(plugin, &v.path) || cx.call_of(v.value) != Some(&functions::get_param::GET_PARAM) {
            return None;
        }
        let name = v.value.as_map().and_then(|m| m.first()).and_then(|(_, a)| a.as_str());
        let p = name.and_then(|n| cx.param(n))?;
        p.schema.as_ref().is_some_and(|s| !s.hidden).then(|| (v.value.span, v.breadcrumb.clone(), v.path.clone(), p.name))
    });
    for (_, plugin, found) in found {
        for (span, path, prop, param) in found {
            out.report(
                span,
                path,
                format!("`{prop}` of {plugin} comes from `{param}`, which is not hidden: its value shows in the stack"),
            );
        }
    }
}
