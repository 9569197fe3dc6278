//! W3017: a property written without a value.

use crate::model::diag::Severity;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W3017",
        name: "null-property",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "a property written with no value, which Heat treats as not given",
    text: r#"
`key:` with nothing after it is null in YAML, and Heat treats a null
property as one that is not there: the default applies (or, for a required
property, the stack is refused). A value was meant, and lost: usually a
`get_param` or an indented block that ended up on the wrong line. Remove the
key if the default is what you want.
"#,
    bad: "heat_template_version: 2018-08-31\nresources:\n  server:\n    type: OS::Nova::Server\n    properties:\n      image: cirros\n      flavor: m1.small\n      key_name:\n",
    good: "heat_template_version: 2018-08-31\nresources:\n  server:\n    type: OS::Nova::Server\n    properties:\n      image: cirros\n      flavor: m1.small\n      key_name: mykey\n",
    files: &[],
};

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    for r in &cx.resources {
        let Some(props) = r.properties else { continue };
        for (k, v) in props.as_map().unwrap_or(&[]) {
            if !v.is_null() {
                continue;
            }
            let Some(key) = k.as_str() else { continue };
            out.report(
                k.span,
                format!("resources.{}.properties.{key}", r.name),
                format!("`{key}` has no value: Heat treats it as not given"),
            );
            if let Some(edits) = super::remove_entry(cx.t.text, k, v) {
                out.fix(format!("Remove `{key}`"), edits);
            }
        }
    }
}
