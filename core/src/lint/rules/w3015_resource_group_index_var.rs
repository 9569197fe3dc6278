//! W3015: a resource group's `%index%` that its `index_var` no longer replaces.

use crate::model::diag::Severity;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};
use super::w1004_repeat_variable_unused::occurs;
use crate::syntax::Node;

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W3015",
        name: "resource-group-index-var",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "a ResourceGroup definition uses %index% while its index_var names another placeholder",
    text: r#"
`OS::Heat::ResourceGroup` replaces its `index_var` (`%index%` unless set) with
each member's index in the member's definition. A group that sets
`index_var` (often because a nested group needs `%index%` for itself) and
still writes `%index%` in its definition gets the text `%index%` in every
member: ten servers all named `web-%index%`.
"#,
    bad: "heat_template_version: 2018-08-31\nresources:\n  web:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: 3\n      index_var: '%%i%%'\n      resource_def:\n        type: OS::Heat::Value\n        properties:\n          value: web-%index%\n",
    good: "heat_template_version: 2018-08-31\nresources:\n  web:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: 3\n      index_var: '%%i%%'\n      resource_def:\n        type: OS::Heat::Value\n        properties:\n          value: web-%%i%%\n",
    files: &[],
};

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    for r in cx.resources.iter().filter(|r| r.plugin() == Some("OS::Heat::ResourceGroup")) {
        let Some(var) = r.prop("index_var").and_then(Node::as_str) else { continue };
        let Some(def) = r.prop("resource_def") else { continue };
        if var == "%index%" || occurs(def, var) || !occurs(def, "%index%") {
            continue;
        }
        // A nested group in the definition uses `%index%` itself.
        if def.get("type").and_then(Node::as_str) == Some("OS::Heat::ResourceGroup") {
            continue;
        }
        out.report(
            def.span,
            format!("resources.{}.properties.resource_def", r.name),
            format!("index_var is `{var}`: the `%index%` here is not replaced"),
        );
    }
}
