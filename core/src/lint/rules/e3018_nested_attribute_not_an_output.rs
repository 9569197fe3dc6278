//! E3018: `get_attr` of a nested stack's attribute that its template has no
//! output for.

use std::collections::HashMap;

use crate::functions;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};
use crate::model::diag::Severity;
use crate::source::SourceId;
use crate::syntax::{load_yaml, Node};

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "E3018",
        name: "nested-attribute-not-an-output",
        severity: Severity::Error,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "get_attr of a nested stack's attribute that its template has no output for: it fails once created",
    text: r#"
A resource whose type is a template (a provider template, or the members of
an `OS::Heat::ResourceGroup` or `OS::Heat::ResourceChain` of one) has the
template's outputs as its attributes. Heat accepts any attribute name in
`get_attr` before the stack exists, so a misspelled or removed output passes
`openstack stack create`'s validation; once the nested stack is created,
reading it raises `The Referenced Attribute (web address) is incorrect.`:
a resource whose properties read it fails to create, an output that reads it
shows that error instead of a value.

Checked: the attribute name as written (not one computed by a function), of
a template the request carries, in HOT format. A group's own attributes
(`refs`, `attributes`, `outputs`, ...) and `resource.<name>` paths into a
provider's nested stack are left alone; `resource.<index>.<attribute>` of a
group is checked against the member template's outputs.
"#,
    bad: "heat_template_version: 2018-08-31\nresources:\n  web:\n    type: web.yaml\noutputs:\n  address:\n    value: {get_attr: [web, adress]}\n",
    good: "heat_template_version: 2018-08-31\nresources:\n  web:\n    type: web.yaml\noutputs:\n  address:\n    value: {get_attr: [web, address]}\n",
    files: &[(
        "web.yaml",
        "heat_template_version: 2018-08-31\nresources:\n  server:\n    type: OS::Nova::Server\n    properties: {image: cirros, flavor: m1.small}\noutputs:\n  address:\n    value: {get_attr: [server, first_address]}\n",
    )],
};

/// The group types whose members' attributes a plain name reads.
const GROUPS: &[&str] = &["OS::Heat::ResourceGroup", "OS::Heat::ResourceChain"];

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    let kinds =
        [&functions::get_attr::GET_ATT, &functions::get_attr::GET_ATT_THEN_SELECT, &functions::get_attr::GET_ATT_ALL];
    // Each template's outputs read once per check (a stack reads many of them).
    let mut outputs_by_template: HashMap<String, Option<Vec<String>>> = HashMap::new();
    for call in cx.calls_of(kinds) {
        let Some(items) = call.args.as_list() else { continue };
        let (Some(target), Some(attr_node)) = (items.first().and_then(Node::as_str), items.get(1)) else { continue };
        let Some(attr) = attr_node.as_str() else { continue };
        let Some(res) = cx.resource(target) else { continue };
        let Some((template, attr, whose)) = checked(cx, res, attr) else { continue };
        let outputs = outputs_by_template.entry(template.clone()).or_insert_with(|| outputs_of(cx, &template));
        let Some(outputs) = outputs.as_deref() else { continue };
        if outputs.iter().any(|o| o == attr) {
            continue;
        }
        out.report(
            attr_node.span,
            call.path.clone(),
            format!(
                "`{target}` has no attribute `{attr}`: {whose} `{template}` has no such output, so reading it fails once the stack is created"
            ),
        );
    }
}

/// The template whose outputs must hold `attr` (as that template names it),
/// and whose template it is; `None` when the rule has nothing to say.
fn checked<'s>(cx: &Ctx<'_>, res: &crate::lint::model::Res<'_>, attr: &'s str) -> Option<(String, &'s str, &'static str)> {
    let info = res.info.as_ref()?;
    if info.provider {
        if attr.starts_with("resource.") {
            return None;
        }
        return Some((info.template.as_ref()?.0.clone(), attr, "its template"));
    }
    if !GROUPS.contains(&info.plugin) || info.attributes.contains(&attr) {
        return None;
    }
    let member = member_attribute(attr)?;
    let def = res.prop(if info.plugin == "OS::Heat::ResourceChain" { "resources" } else { "resource_def" })?;
    let type_name = if info.plugin == "OS::Heat::ResourceChain" {
        // Every member's type must be the same template to say anything.
        let types: Vec<&str> = def.as_list()?.iter().map(Node::as_str).collect::<Option<_>>()?;
        let first = *types.first()?;
        types.iter().all(|t| *t == first).then_some(first)?
    } else {
        def.get("type")?.as_str()?
    };
    let member_info = crate::catalogue::resolve_type(&cx.registry, res.name, type_name).ok()?;
    if !member_info.provider {
        return None;
    }
    Some((member_info.template?.0, member, "its members' template"))
}

/// The member attribute a group's attribute reads: a plain name, or the
/// attribute of `resource.<index>.<attribute>`.
fn member_attribute(attr: &str) -> Option<&str> {
    match attr.strip_prefix("resource.") {
        Some(rest) => rest.split_once('.').map(|(_, a)| a).filter(|a| !a.is_empty()),
        None => Some(attr),
    }
}

/// The output names of a HOT template the request carries; `None` when it
/// is not there, does not load, or is not HOT.
fn outputs_of(cx: &Ctx<'_>, name: &str) -> Option<Vec<String>> {
    let text = cx.file(name)?;
    let root = load_yaml(text, SourceId(0)).ok()?.root;
    root.get("heat_template_version")?;
    let outputs = match root.get("outputs") {
        None => return Some(Vec::new()),
        Some(o) if o.is_null() => return Some(Vec::new()),
        Some(o) => o.as_map()?,
    };
    Some(outputs.iter().filter_map(|(k, _)| k.as_str().map(str::to_string)).collect())
}

#[cfg(test)]
mod tests {
    use crate::lint::tests::{run, run_findings};

    const CHILD: &str = "heat_template_version: 2018-08-31\noutputs:\n  a:\n    value: x\n";

    #[test]
    fn provider_and_group_attributes() {
        let t = "heat_template_version: 2018-08-31\nresources:\n  r: {type: child.yaml}\n  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: 2\n      resource_def: {type: child.yaml}\n  p:\n    type: OS::Heat::ResourceGroup\n    properties:\n      resource_def: {type: OS::Heat::RandomString}\noutputs:\n  ok1: {value: {get_attr: [r, a]}}\n  ok2: {value: {get_attr: [g, a]}}\n  ok3: {value: {get_attr: [g, refs]}}\n  ok4: {value: {get_attr: [g, resource.0.a]}}\n  ok5: {value: {get_attr: [r, resource.x.y]}}\n  ok6: {value: {get_attr: [p, nope]}}\n  bad1: {value: {get_attr: [r, nope]}}\n  bad2: {value: {get_attr: [g, nope]}}\n  bad3: {value: {get_attr: [g, resource.1.nope]}}\n  bad4: {value: {get_attr: [r, OS::stack_id]}}\n";
        let found = run_findings("E3018", t, &[("child.yaml", CHILD)]);
        let paths: Vec<&str> = found.iter().map(|(f, _)| f.diagnostic.path.as_str()).collect();
        assert_eq!(
            paths,
            ["outputs.bad1.value", "outputs.bad2.value", "outputs.bad3.value", "outputs.bad4.value"],
            "{found:?}"
        );
        let texts: Vec<&str> = found.iter().map(|(_, text)| text.as_str()).collect();
        assert_eq!(texts, ["nope", "nope", "resource.1.nope", "OS::stack_id"]);
    }

    #[test]
    fn silent_without_the_template() {
        let t = "heat_template_version: 2018-08-31\nresources:\n  r: {type: child.yaml}\noutputs:\n  o: {value: {get_attr: [r, nope]}}\n";
        assert!(run("E3018", t, &[]).is_empty());
        assert!(run("E3018", t, &[("child.yaml", "{not: [hot")]).is_empty());
    }
}
