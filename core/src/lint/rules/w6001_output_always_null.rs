//! W6001: an output whose value is always null.

use crate::catalogue;
use crate::model::diag::Severity;
use crate::functions::Refers;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};
use crate::syntax::Node;

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W6001",
        name: "output-always-null",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "an output whose value is always null (no value, or an attribute of OS::Heat::None)",
    text: r#"
An output with an empty `value:` (nothing written after it; an explicit
`null` is taken as meant), or whose value is `get_attr` of a resource
written as `OS::Heat::None` (or a type based on it, whose attributes are all
null), always shows null. Usually the value was lost in an edit, or the
resource was stubbed out and the output forgotten.

A type that an environment maps to `OS::Heat::None` is not reported: that is
how environments switch features off.
"#,
    bad: "heat_template_version: 2018-08-31\nresources:\n  server:\n    type: OS::Nova::Server\n    properties: {image: cirros, flavor: m1.small}\noutputs:\n  address:\n    description: The server's address\n    value:\n",
    good: "heat_template_version: 2018-08-31\nresources:\n  server:\n    type: OS::Nova::Server\n    properties: {image: cirros, flavor: m1.small}\noutputs:\n  address:\n    description: The server's address\n    value: {get_attr: [server, first_address]}\n",
    files: &[],
};

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    for o in &cx.outputs {
        let Some(value) = o.value else { continue };
        // `value: null` written out is deliberate (an interface's empty output).
        let why = if value.is_null() && cx.text_of(value).is_empty() {
            Some("it has no value".to_string())
        } else if cx.call_of(value).is_some_and(|s| s.refers == Refers::Attribute) {
            let target = value.as_map().and_then(|m| m.first()).and_then(|(_, a)| a.as_list()).and_then(|l| l.first());
            let res = target.and_then(Node::as_str).and_then(|n| cx.resource(n));
            res.and_then(|r| r.type_name)
                .filter(|t| catalogue::entry(t).is_some_and(|e| e.none_like))
                .map(|t| format!("it is an attribute of a {t}, which are all null"))
        } else {
            None
        };
        if let Some(why) = why {
            let span = if value.is_null() { o.key.span } else { value.span };
            out.report(span, format!("outputs.{}.value", o.name), format!("output `{}` is always null: {why}", o.name));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::tests::run;

    #[test]
    fn none_attributes_as_written_only() {
        let t = "heat_template_version: 2018-08-31\nresources:\n  n: {type: OS::Heat::None}\n  v: {type: OS::Heat::Value, properties: {value: 1}}\noutputs:\n  a: {value: {get_attr: [n, x]}}\n  b: {value: {get_attr: [v, value]}}\n  c:\n    value:\n  d: {value: null}\n";
        let found = run("W6001", t, &[]);
        assert_eq!(found.len(), 2, "{found:?}");
    }
}
