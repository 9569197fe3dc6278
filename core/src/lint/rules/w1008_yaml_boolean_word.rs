//! W1008: `yes`, `no`, `on`, `off` unquoted where a string is meant.

use crate::catalogue::PropKind;
use crate::model::diag::Severity;
use crate::engine::parameters::ParamType;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};
use crate::syntax::Node;
use crate::value::Value;

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W1008",
        name: "yaml-boolean-word",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "an unquoted yes/no/on/off that YAML 1.1 reads as a boolean where a string is meant",
    text: r#"
Heat reads templates as YAML 1.1, where the plain words `yes`, `no`, `on`
and `off` (in any of their capitalisations) are booleans. Where Heat wants a
string it converts the boolean back: `name: on` names the resource `True`,
`allowed_values: [on, off]` allows `True` and `False` (and refuses `on`), a
condition or resource named `off:` is named `False`.

The rule reports such a word as a map key, as the value of a property whose
schema is a string (or a list of strings), and in the `default` or
`allowed_values` of a `string` or `comma_delimited_list` parameter. Quote it
(`'on'`), or write `true`/`false` where a boolean is meant.
"#,
    bad: "heat_template_version: 2018-08-31\nparameters:\n  mode:\n    type: string\n    default: on\n    constraints:\n      - allowed_values: [on, off]\nresources:\n  net:\n    type: OS::Neutron::Net\n    properties:\n      name: {get_param: mode}\n",
    good: "heat_template_version: 2018-08-31\nparameters:\n  mode:\n    type: string\n    default: 'on'\n    constraints:\n      - allowed_values: ['on', 'off']\nresources:\n  net:\n    type: OS::Neutron::Net\n    properties:\n      name: {get_param: mode}\n",
    files: &[],
};

const WORDS: &[&str] = &["yes", "Yes", "YES", "no", "No", "NO", "on", "On", "ON", "off", "Off", "OFF"];

/// The word, when `node` is a boolean written as one of the YAML 1.1 words.
fn word<'a>(cx: &Ctx<'a>, node: &Node) -> Option<&'a str> {
    if !matches!(node.scalar(), Some(Value::Bool(_))) {
        return None;
    }
    let text = cx.text_of(node);
    WORDS.contains(&text).then_some(text)
}

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    let as_bool = |w: &str| if ["yes", "on"].contains(&w.to_lowercase().as_str()) { "True" } else { "False" };
    let mut keys = Vec::new();
    cx.nodes(&mut |n, is_key| {
        if is_key {
            if let Some(w) = word(cx, n) {
                keys.push((n, w));
            }
        }
    });
    for (n, w) in keys {
        out.report(n.span, "", format!("the key `{w}` is the boolean {} in YAML 1.1: quote it", as_bool(w)));
    }
    for p in &cx.params {
        let Some(schema) = &p.schema else { continue };
        if !matches!(schema.kind, ParamType::String | ParamType::List) {
            continue;
        }
        let default = p.def.get("default");
        let mut places: Vec<&Node> = default.into_iter().collect();
        places.extend(default.and_then(Node::as_list).unwrap_or(&[]));
        for c in p.def.get("constraints").and_then(Node::as_list).unwrap_or(&[]) {
            places.extend(c.get("allowed_values").and_then(Node::as_list).unwrap_or(&[]));
        }
        for n in places {
            if let Some(w) = word(cx, n) {
                out.report(
                    n.span,
                    format!("parameters.{}", p.name),
                    format!("`{w}` is the boolean {} in YAML 1.1; this {} parameter gets the string '{}'", as_bool(w), schema.kind.name(), as_bool(w)),
                );
            }
        }
    }
    for r in &cx.resources {
        let mut found = Vec::new();
        cx.properties(r, &mut |v| {
            if v.schema.is_some_and(|s| s.kind == PropKind::String) {
                if let Some(w) = word(cx, v.value) {
                    found.push((v.value.span, v.breadcrumb.clone(), w));
                }
            }
        });
        for (span, path, w) in found {
            out.report(span, path, format!("`{w}` is the boolean {} in YAML 1.1: this string property gets '{}'", as_bool(w), as_bool(w)));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::tests::run;

    #[test]
    fn keys_string_properties_and_string_parameters() {
        let t = "heat_template_version: 2018-08-31\nparameters:\n  b: {type: boolean, default: yes}\n  l: {type: comma_delimited_list, default: [on, x]}\nconditions:\n  off: false\nresources:\n  n:\n    type: OS::Neutron::Net\n    properties:\n      name: no\n      admin_state_up: yes\n      tags: [On, b]\n  v:\n    type: OS::Heat::Value\n    properties:\n      value: {become: yes}\n";
        let found = run("W1008", t, &[]);
        let texts: Vec<&str> = found.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(texts, ["off", "on", "no", "On"], "{found:?}");
    }
}
