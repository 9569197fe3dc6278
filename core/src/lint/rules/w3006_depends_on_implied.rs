//! W3006: a `depends_on` entry a reference already implies.

use crate::model::diag::Severity;
use crate::functions;
use crate::lint::model::Site;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};
use crate::syntax::Node;

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W3006",
        name: "depends-on-implied",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "a depends_on entry that a get_resource or get_attr of the same resource already implies",
    text: r#"
Heat orders a resource after every resource its `properties` and `metadata`
reference with `get_resource` or `get_attr`. Naming such a resource in
`depends_on` as well changes nothing, and hides the entries that matter: the
ones without a reference, which are the only reason `depends_on` exists.
A reference inside an `if` branch does not count (the branch may not be
taken). The fix removes the entry.
"#,
    bad: "heat_template_version: 2018-08-31\nresources:\n  net:\n    type: OS::Neutron::Net\n  subnet:\n    type: OS::Neutron::Subnet\n    depends_on: net\n    properties:\n      network: {get_resource: net}\n      cidr: 10.0.0.0/24\n",
    good: "heat_template_version: 2018-08-31\nresources:\n  net:\n    type: OS::Neutron::Net\n  subnet:\n    type: OS::Neutron::Subnet\n    properties:\n      network: {get_resource: net}\n      cidr: 10.0.0.0/24\n",
    files: &[],
};

/// The `depends_on` entries of a resource: (name, node, the list's items when a list).
pub(super) fn depends_on(def: &Node) -> Option<(&Node, &Node, Vec<&Node>)> {
    let (key, value) = def.as_map()?.iter().find(|(k, _)| k.as_str() == Some("depends_on"))?;
    let items = match value.as_list() {
        Some(items) => items.iter().collect(),
        None => vec![value],
    };
    Some((key, value, items))
}

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    for (i, r) in cx.resources.iter().enumerate() {
        let Some((key, value, items)) = depends_on(r.def) else { continue };
        for (n, item) in items.iter().enumerate() {
            let Some(name) = item.as_str() else { continue };
            let implied = cx.calls_of([&functions::get_resource::GET_RESOURCE, &functions::get_attr::GET_ATT, &functions::get_attr::GET_ATT_ALL, &functions::get_attr::GET_ATT_THEN_SELECT])
                .find(|c| {
                    c.site == Site::Resource(i)
                        && c.guards.is_empty()
                        && (c.path.contains(".properties") || c.path.contains(".metadata"))
                        && c.target().and_then(Node::as_str) == Some(name)
                });
            let Some(by) = implied else { continue };
            out.report(
                item.span,
                format!("resources.{}.depends_on", r.name),
                format!("`{name}` is already a dependency: {} references it with {}", by.path, by.name),
            );
            let edits = match value.as_list() {
                Some(list) if list.len() > 1 => super::remove_item(cx.t.text, list, n),
                _ => super::remove_entry(cx.t.text, key, value),
            };
            if let Some(edits) = edits {
                out.fix(format!("Remove `{name}` from depends_on"), edits);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::tests::{fixed, run};

    #[test]
    fn entries_implied_by_references_are_reported_and_removed() {
        let t = "heat_template_version: 2018-08-31\nresources:\n  a: {type: OS::Heat::None}\n  b: {type: OS::Heat::None}\n  c:\n    type: OS::Heat::Value\n    depends_on: [a, b]\n    properties:\n      value: {get_attr: [b, x]}\n";
        let found = run("W3006", t, &[]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].1, "b");
        assert!(found[0].0.contains("resources.c.properties.value references it with get_attr"), "{found:?}");
        assert_eq!(fixed("W3006", t), t.replace("[a, b]", "[a]"));
        let block = "heat_template_version: 2018-08-31\nresources:\n  a: {type: OS::Heat::None}\n  c:\n    type: OS::Heat::Value\n    depends_on:\n      - a\n    properties:\n      value: {get_resource: a}\n";
        assert_eq!(fixed("W3006", block), block.replace("    depends_on:\n      - a\n", ""));
    }

    #[test]
    fn guarded_references_and_other_resources_do_not_count() {
        let t = "heat_template_version: 2018-08-31\nparameters:\n  p: {type: boolean, default: true}\nconditions:\n  c: {get_param: p}\nresources:\n  a: {type: OS::Heat::None}\n  b: {type: OS::Heat::None, depends_on: a}\n  v:\n    type: OS::Heat::Value\n    depends_on: a\n    properties:\n      value: {if: [c, {get_resource: a}, x]}\n";
        assert!(run("W3006", t, &[]).is_empty());
    }
}
