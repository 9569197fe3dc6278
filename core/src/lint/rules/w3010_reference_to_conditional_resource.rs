//! W3010: a reference to a conditional resource from a place its condition does not cover.

use crate::diag::Severity;
use crate::functions;
use crate::lint::model::Site;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};
use crate::syntax::Node;

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W3010",
        name: "reference-to-conditional-resource",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "get_resource or get_attr of a conditional resource where its condition may be false",
    text: r#"
A resource with a `condition` does not exist when the condition is false,
and Heat refuses a stack in which an existing resource or output references
a missing one (`The specified reference ... is incorrect`). With the
parameter values of today the condition may be true and the stack fine; the
first stack created with other values fails.

A reference is covered when the referencing resource or output has the same
condition (or one defined as `and` of it), or sits in the true branch of an
`if` on it (or the false branch of an `if` on its negation).
"#,
    bad: "heat_template_version: 2018-08-31\nparameters:\n  with_volume: {type: boolean, default: true}\nconditions:\n  volume: {get_param: with_volume}\nresources:\n  data:\n    type: OS::Cinder::Volume\n    condition: volume\n    properties: {size: 10}\noutputs:\n  volume_id:\n    value: {get_resource: data}\n",
    good: "heat_template_version: 2018-08-31\nparameters:\n  with_volume: {type: boolean, default: true}\nconditions:\n  volume: {get_param: with_volume}\nresources:\n  data:\n    type: OS::Cinder::Volume\n    condition: volume\n    properties: {size: 10}\noutputs:\n  volume_id:\n    value: {if: [volume, {get_resource: data}, null]}\n",
    files: &[],
};

/// How deep condition definitions are followed.
const DEPTH: usize = 8;

/// Whether condition `name` being `polarity` implies `target` is true.
fn implies(cx: &Ctx<'_>, name: &str, polarity: bool, target: &str, depth: usize) -> bool {
    if polarity && name == target {
        return true;
    }
    let Some(def) = cx.condition(name).map(|c| c.def).filter(|_| depth > 0) else { return false };
    let (Some(d), Some(args)) = (single(def), def.as_map().and_then(|m| m.first()).map(|(_, v)| v)) else {
        return def.as_str().is_some_and(|alias| implies(cx, alias, polarity, target, depth - 1));
    };
    let names = || args.as_list().unwrap_or(std::slice::from_ref(args)).iter().filter_map(Node::as_str);
    match (d, polarity) {
        ("and", true) => names().any(|n| implies(cx, n, true, target, depth - 1)),
        ("or", false) => names().any(|n| implies(cx, n, false, target, depth - 1)),
        ("not", _) => names().any(|n| implies(cx, n, !polarity, target, depth - 1)),
        _ => false,
    }
}

/// The function name of a one-key map.
fn single(node: &Node) -> Option<&str> {
    match node.as_map() {
        Some([(k, _)]) => k.as_str(),
        _ => None,
    }
}

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    for call in cx.calls_of([&functions::get_resource::GET_RESOURCE, &functions::get_attr::GET_ATT, &functions::get_attr::GET_ATT_ALL, &functions::get_attr::GET_ATT_THEN_SELECT]) {
        let Some(target) = call.target().and_then(Node::as_str) else { continue };
        let Some(cond) = cx.resource(target).and_then(|r| r.condition).and_then(Node::as_str) else { continue };
        // A condition that is always true does not remove the resource.
        if cx.condition(cond).is_some_and(|c| c.def.scalar().is_some_and(|v| v.truthy())) {
            continue;
        }
        let own = match call.site {
            Site::Resource(i) => cx.resources.get(i).and_then(|r| r.condition),
            Site::Output(i) => cx.outputs.get(i).and_then(|o| o.condition),
            Site::Condition(_) => continue,
        };
        let mut covering: Vec<(&str, bool)> = own.and_then(Node::as_str).map(|c| (c, true)).into_iter().collect();
        covering.extend(call.guards.iter().filter_map(|g| g.condition.as_str().map(|c| (c, g.branch))));
        if covering.iter().any(|(c, polarity)| implies(cx, c, *polarity, cond, DEPTH)) {
            continue;
        }
        out.report(
            call.map.span,
            &call.path,
            format!(
                "`{target}` exists only when `{cond}` is true; here nothing checks `{cond}`, and Heat refuses the stack whenever it is false"
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::tests::run;

    #[test]
    fn own_conditions_guards_and_definitions_cover() {
        let t = "heat_template_version: 2018-08-31\nparameters:\n  p: {type: boolean, default: true}\nconditions:\n  c: {get_param: p}\n  both: {and: [c, {get_param: p}]}\n  nc: {not: c}\n  yes_: true\nresources:\n  r: {type: OS::Heat::None, condition: c}\n  a: {type: OS::Heat::Value, condition: c, properties: {value: {get_resource: r}}}\n  b: {type: OS::Heat::Value, condition: both, properties: {value: {get_resource: r}}}\n  d: {type: OS::Heat::Value, properties: {value: {if: [nc, x, {get_attr: [r, y]}]}}}\n  e: {type: OS::Heat::Value, properties: {value: {get_attr: [r, y]}}}\n  always: {type: OS::Heat::None, condition: yes_}\n  f: {type: OS::Heat::Value, properties: {value: {get_resource: always}}}\n";
        let found = run("W3010", t, &[]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].1, "{get_attr: [r, y]}");
    }
}
