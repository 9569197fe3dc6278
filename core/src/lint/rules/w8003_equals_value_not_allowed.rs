//! W8003: `equals` of a parameter and a value its allowed_values exclude: always false.

use super::equals::param_equals;
use crate::model::diag::Severity;
use crate::engine::parameters::{convert, ConstraintKind, ParamType};
use crate::lint::{Ctx, Doc, Findings, Info, Rule};
use crate::pyfmt::{py_repr, py_str};

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W8003",
        name: "equals-value-not-allowed",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "equals compares a parameter with a value its allowed_values exclude, so it is always false",
    text: r#"
A parameter with `allowed_values` only ever holds one of them. A condition
comparing it with something else (`production` when the list says `prod`,
a value removed from the list since) is always false.
"#,
    bad: "heat_template_version: 2018-08-31\nparameters:\n  env:\n    type: string\n    default: dev\n    constraints:\n      - allowed_values: [dev, prod]\nconditions:\n  is_prod: {equals: [{get_param: env}, production]}\nresources:\n  backup:\n    type: OS::Heat::None\n    condition: is_prod\n",
    good: "heat_template_version: 2018-08-31\nparameters:\n  env:\n    type: string\n    default: dev\n    constraints:\n      - allowed_values: [dev, prod]\nconditions:\n  is_prod: {equals: [{get_param: env}, prod]}\nresources:\n  backup:\n    type: OS::Heat::None\n    condition: is_prod\n",
    files: &[],
};

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    for e in param_equals(cx) {
        let kind = e.schema.kind;
        if !matches!(kind, ParamType::String | ParamType::Number) {
            continue;
        }
        for c in &e.schema.constraints {
            let ConstraintKind::AllowedValues(allowed) = &c.kind else { continue };
            // Heat compares the value with the allowed values converted to its type.
            let allowed: Vec<_> = allowed.iter().filter_map(|a| convert(kind, a).ok()).collect();
            if allowed.is_empty() || allowed.iter().any(|a| a.py_eq(&e.literal)) {
                continue;
            }
            // Another type is W8002's.
            if convert(kind, &e.literal).ok().is_none_or(|v| !v.py_eq(&e.literal)) {
                continue;
            }
            out.report(
                e.node.span,
                &e.call.path,
                format!(
                    "`{}` only takes {}: it never equals {}, so this equals is always false",
                    e.param,
                    allowed.iter().map(py_str).collect::<Vec<_>>().join(", "),
                    py_repr(&e.literal)
                ),
            );
        }
    }
}
