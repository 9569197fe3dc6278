//! W2002: a parameter default its own custom constraint refuses.

use crate::constraints::{check_offline, error_text, Custom};
use crate::model::diag::Severity;
use crate::engine::parameters::{convert, ConstraintKind, ParamType};
use crate::lint::{Ctx, Doc, Findings, Info, Rule};

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W2002",
        name: "default-fails-custom-constraint",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "a parameter default that its own custom constraint (ip_addr, net_cidr, …) refuses",
    text: r#"
Heat checks a parameter's default against its constraints when it reads the
template, except custom constraints (`custom_constraint: ip_addr`,
`net_cidr`, `mac_addr`, `dns_name`, `iso_8601`, `cron_expression`,
`timezone`, `json_string`, …): those run only on the value actually used. A
default that fails one goes unnoticed as long as every stack is given a
value, and breaks the first stack that relies on the default.

Hotplate checks the custom constraints that need no cloud, as Heat does.
"#,
    bad: "heat_template_version: 2018-08-31\nparameters:\n  cidr:\n    type: string\n    default: 10.0.0.0/33\n    constraints:\n      - custom_constraint: net_cidr\n",
    good: "heat_template_version: 2018-08-31\nparameters:\n  cidr:\n    type: string\n    default: 10.0.0.0/24\n    constraints:\n      - custom_constraint: net_cidr\n",
    files: &[],
};

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    for p in &cx.params {
        let (Some(schema), Some(node)) = (&p.schema, p.def.get("default")) else { continue };
        let Some(default) = &schema.default else { continue };
        if matches!(schema.kind, ParamType::List | ParamType::Json) {
            continue;
        }
        let Ok(value) = convert(schema.kind, default) else { continue };
        for c in &schema.constraints {
            let ConstraintKind::Custom(name) = &c.kind else { continue };
            if let Some(Custom::Invalid(message)) = check_offline(cx.registry.release, name, &value) {
                out.report(
                    node.span,
                    format!("parameters.{}.default", p.name),
                    format!(
                        "the default fails `{name}` ({}): a stack that uses the default fails",
                        error_text(&value, message.as_deref())
                    ),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::tests::run;

    #[test]
    fn only_offline_custom_constraints_on_defaults() {
        let t = "heat_template_version: 2018-08-31\nparameters:\n  ip: {type: string, default: 1.2.3.400, constraints: [{custom_constraint: ip_addr}]}\n  ok: {type: string, default: 1.2.3.4, constraints: [{custom_constraint: ip_addr}]}\n  img: {type: string, default: x, constraints: [{custom_constraint: glance.image}]}\n  none: {type: string, constraints: [{custom_constraint: ip_addr}]}\n";
        let found = run("W2002", t, &[]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].1, "1.2.3.400");
        assert!(found[0].0.contains("Invalid IP address"), "{found:?}");
    }
}
