//! W2003: an allowed value the parameter's type cannot hold.

use crate::model::diag::Severity;
use crate::engine::parameters::{convert, ParamType};
use crate::lint::{Ctx, Doc, Findings, Info, Rule};
use crate::pyfmt::py_str;
use crate::syntax::Node;

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W2003",
        name: "allowed-value-of-wrong-type",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "an allowed_values entry the parameter's type cannot hold: Heat refuses every value",
    text: r#"
Heat converts `allowed_values` to the parameter's type when it checks a
value. An allowed value that cannot be converted (`large` for a `number`
parameter, `maybe` for a `boolean`) makes that check fail for every value:
a stack is refused whatever it is given (`Value "large" is invalid for data
type "number"`). Heat's template validation does not check values, so the
template passes until the first stack. The type or the list is wrong.
"#,
    bad: "heat_template_version: 2018-08-31\nparameters:\n  size:\n    type: number\n    constraints:\n      - allowed_values: [1, 2, large]\n",
    good: "heat_template_version: 2018-08-31\nparameters:\n  size:\n    type: number\n    constraints:\n      - allowed_values: [1, 2, 4]\n",
    files: &[],
};

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    for p in &cx.params {
        let Some(schema) = &p.schema else { continue };
        if !matches!(schema.kind, ParamType::Number | ParamType::Boolean) {
            continue;
        }
        for c in p.def.get("constraints").and_then(Node::as_list).unwrap_or(&[]) {
            for v in c.get("allowed_values").and_then(Node::as_list).unwrap_or(&[]) {
                let value = v.to_value();
                if convert(schema.kind, &value).is_ok() {
                    continue;
                }
                out.report(
                    v.span,
                    format!("parameters.{}.constraints", p.name),
                    format!(
                        "`{}` is not a {}: Heat refuses every value of `{}`",
                        py_str(&value),
                        schema.kind.name(),
                        p.name
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
    fn numbers_and_booleans_only() {
        let t = "heat_template_version: 2018-08-31\nparameters:\n  n: {type: number, constraints: [{allowed_values: ['1', 2.5, x]}]}\n  b: {type: boolean, constraints: [{allowed_values: [true, 'yes', maybe]}]}\n  s: {type: string, constraints: [{allowed_values: [1, x]}]}\n";
        let found = run("W2003", t, &[]);
        let texts: Vec<&str> = found.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(texts, ["x", "maybe"], "{found:?}");
    }
}
