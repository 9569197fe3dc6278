//! W8002: `equals` of a typed parameter and a value of another type: always false.

use super::equals::param_equals;
use crate::model::diag::Severity;
use crate::engine::parameters::ParamType;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};
use crate::pyfmt::py_repr;
use crate::value::Value;

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W8002",
        name: "equals-type-mismatch",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "equals compares a parameter with a value of another type, so it is always false",
    text: r#"
A parameter's value has its declared type: a `number` parameter is an
integer or a float, a `boolean` one `True` or `False`, a
`comma_delimited_list` a list. `equals` compares with Python's `==`, which
never finds a number equal to a string: `equals: [{get_param: count}, '0']`
is false even when `count` is 0, `equals: [{get_param: debug}, 'true']` is
false even when debug is on. The condition is constant, and the resources it
guards are never (or always) created.
"#,
    bad: "heat_template_version: 2018-08-31\nparameters:\n  replicas: {type: number, default: 0}\nconditions:\n  single: {equals: [{get_param: replicas}, '0']}\nresources:\n  lb:\n    type: OS::Heat::None\n    condition: single\n",
    good: "heat_template_version: 2018-08-31\nparameters:\n  replicas: {type: number, default: 0}\nconditions:\n  single: {equals: [{get_param: replicas}, 0]}\nresources:\n  lb:\n    type: OS::Heat::None\n    condition: single\n",
    files: &[],
};

/// Whether a value of the parameter's type can equal `v`.
fn can_equal(kind: ParamType, v: &Value) -> bool {
    match kind {
        ParamType::Json => true,
        ParamType::String => matches!(v, Value::Str(_)),
        // Python: True == 1 and 1.0 == 1.
        ParamType::Number | ParamType::Boolean => {
            matches!(v, Value::Int(_) | Value::BigInt(_) | Value::Float(_) | Value::Bool(_))
        }
        ParamType::List => matches!(v, Value::List(_)),
    }
}

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    for e in param_equals(cx) {
        if can_equal(e.schema.kind, &e.literal) {
            continue;
        }
        out.report(
            e.node.span,
            &e.call.path,
            format!(
                "`{}` is a {} parameter and {} is a {}: this equals is always false",
                e.param,
                e.schema.kind.name(),
                py_repr(&e.literal),
                match e.literal.type_name() {
                    "str" => "string",
                    "int" => "integer",
                    "bool" => "boolean",
                    "dict" => "map",
                    other => other,
                }
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::tests::run;

    #[test]
    fn each_type() {
        let t = "heat_template_version: 2018-08-31\nparameters:\n  n: {type: number, default: 1}\n  b: {type: boolean, default: true}\n  l: {type: comma_delimited_list, default: a}\n  s: {type: string, default: '1'}\n  j: {type: json, default: 1}\nconditions:\n  c1: {equals: [{get_param: n}, '1']}\n  c2: {equals: [true, {get_param: n}]}\n  c3: {equals: [{get_param: b}, 'true']}\n  c4: {equals: [{get_param: l}, a]}\n  c5: {equals: [{get_param: l}, [a]]}\n  c6: {equals: [{get_param: s}, 1]}\n  c7: {equals: [{get_param: j}, x]}\n  c8: {equals: [{get_param: s}, {get_param: n}]}\n";
        let found = run("W8002", t, &[]);
        let texts: Vec<&str> = found.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(texts, ["'1'", "'true'", "a", "1"], "{found:?}");
    }
}
