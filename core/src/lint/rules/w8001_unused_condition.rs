//! W8001: a condition nothing uses.

use crate::model::diag::Severity;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W8001",
        name: "unused-condition",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "a condition that no resource, output, if or other condition uses",
    text: r#"
A condition no resource, output, `if` or other condition names decides
nothing. Heat does not even evaluate it, so a mistake in it (a parameter
that does not exist) is not reported either. Usually the `condition:` line
that should use it was forgotten, or spelled with another name.
"#,
    bad: "heat_template_version: 2018-08-31\nparameters:\n  env: {type: string, default: dev}\nconditions:\n  is_prod: {equals: [{get_param: env}, prod]}\nresources:\n  backup:\n    type: OS::Heat::None\n",
    good: "heat_template_version: 2018-08-31\nparameters:\n  env: {type: string, default: dev}\nconditions:\n  is_prod: {equals: [{get_param: env}, prod]}\nresources:\n  backup:\n    type: OS::Heat::None\n    condition: is_prod\n",
    files: &[],
};

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    for c in &cx.conditions {
        if cx.condition_refs.iter().any(|(name, _, _)| *name == c.name) {
            continue;
        }
        out.report(c.key.span, format!("conditions.{}", c.name), format!("nothing uses condition `{}`", c.name));
    }
}
