//! W2005: a parameter constraint no value can meet.

use crate::model::diag::Severity;
use crate::engine::parameters::ConstraintKind;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};
use crate::pyfmt::py_str;
use crate::syntax::Node;
use crate::value::Value;

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W2005",
        name: "unsatisfiable-constraint",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "a parameter constraint that no value can meet (min above max, no allowed value)",
    text: r#"
A `range` or `length` whose `min` is above its `max`, or an empty
`allowed_values`, refuses every value. Heat only notices when it checks a
default (and then refuses the template); a parameter without a default is
accepted, and every stack fails on the value it is given. The bounds are
usually swapped.
"#,
    bad: "heat_template_version: 2018-08-31\nparameters:\n  count:\n    type: number\n    constraints:\n      - range: {min: 10, max: 1}\n",
    good: "heat_template_version: 2018-08-31\nparameters:\n  count:\n    type: number\n    constraints:\n      - range: {min: 1, max: 10}\n",
    files: &[],
};

fn number(v: &Option<Value>) -> Option<f64> {
    match v.as_ref()? {
        Value::Int(i) => Some(*i as f64),
        Value::Float(f) => Some(*f),
        _ => None,
    }
}

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    for p in &cx.params {
        // With a default, Heat checks it and refuses the template itself.
        let Some(schema) = p.schema.as_ref().filter(|s| s.default.is_none()) else { continue };
        let nodes = p.def.get("constraints").and_then(Node::as_list).unwrap_or(&[]);
        for (c, node) in schema.constraints.iter().zip(nodes) {
            let problem = match &c.kind {
                ConstraintKind::Range(lo, hi) | ConstraintKind::Length(lo, hi) => match (number(lo), number(hi)) {
                    (Some(l), Some(h)) if l > h => Some(format!(
                        "min {} is above max {}: no value can meet it",
                        lo.as_ref().map(py_str).unwrap_or_default(),
                        hi.as_ref().map(py_str).unwrap_or_default()
                    )),
                    _ => None,
                },
                ConstraintKind::AllowedValues(values) if values.is_empty() => {
                    Some("allowed_values is empty: no value can meet it".to_string())
                }
                _ => None,
            };
            if let Some(message) = problem {
                out.report(node.span, format!("parameters.{}.constraints", p.name), message);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::tests::run;

    #[test]
    fn swapped_bounds_and_empty_lists() {
        let t = "heat_template_version: 2018-08-31\nparameters:\n  a: {type: string, constraints: [{length: {min: 5, max: 2}}, {allowed_values: []}]}\n  b: {type: number, constraints: [{range: {min: 1}}, {range: {min: 2, max: 2}}]}\n";
        let found = run("W2005", t, &[]);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found[0].0.contains("min 5 is above max 2"));
    }
}
