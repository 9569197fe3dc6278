//! Quick fixes for diagnostics: "did you mean" replacements (properties,
//! functions, parameters, resources, attributes, conditions, types, sections,
//! resource keys), adding a missing required property, declaring an undeclared
//! parameter.

use std::ops::Range;

use super::complete::attribute_names;
use super::{closest, range, scalar_text, utf16_range, DocKind, Workspace};
use crate::catalogue::{self, PropKind, PropSchema};
use crate::engine::{parameters::parameter_keys, resources::resource_keys, template_sections};
use crate::functions::{self, Table};
use crate::model::diag::Diagnostic;
use crate::model::result::Evaluation;
use crate::model::Request;
use crate::syntax::Node;

/// One text change (UTF-16 offsets in `file`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TextEdit {
    /// The document.
    pub file: String,
    /// Start of the replaced range.
    pub from: u32,
    /// Its end.
    pub to: u32,
    /// The new text.
    pub text: String,
}

/// A fix for one diagnostic.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "serialize", serde(rename_all = "camelCase"))]
pub struct QuickFix {
    /// What it does (`Replace with flavor`).
    pub title: String,
    /// The diagnostic's code.
    pub code: &'static str,
    /// The diagnostic's range (UTF-16), to match it with its marker.
    pub diagnostic_from: u32,
    /// Its end.
    pub diagnostic_to: u32,
    /// The changes.
    pub edits: Vec<TextEdit>,
}

/// The fixes for the diagnostics of `ev` and the lint findings `lint` (of
/// `ev`, held apart from its diagnostics) located in document `file`.
pub(crate) fn quick_fixes(req: &Request, ev: &Evaluation, lint: &[Diagnostic], file: &str) -> Vec<QuickFix> {
    let Some(ws) = Workspace::new(req, file) else { return Vec::new() };
    let Some(root) = ws.doc.root() else { return Vec::new() };
    let text = ws.doc.text;
    let mut out = Vec::new();
    for d in ev.diagnostics.iter().chain(lint) {
        let Some(span) = d.span else { continue };
        if ev.sources.get(span.source).is_none_or(|s| s.name != file || s.text != text) {
            continue;
        }
        let at = span.start as usize..span.end as usize;
        let (diagnostic_from, diagnostic_to) = utf16_range(text, &at);
        let mut fixes: Edits = Vec::new();
        let found = find(root, &at);
        let version = ws.version();
        let resources = ws.template().outline.names("resources");
        match (d.code, found) {
            ("bad-section", Some(Found::Key(k, _))) if ws.doc.kind == DocKind::Template => {
                did_you_mean(&mut fixes, k, template_sections(version));
            }
            ("bad-resource-key", Some(Found::Key(k, _))) => did_you_mean(&mut fixes, k, resource_keys(version)),
            ("bad-parameter-schema", Some(Found::Key(k, _))) => {
                did_you_mean(&mut fixes, k, parameter_keys(version).to_vec())
            }
            ("unknown-resource-type", Some(Found::Node(n))) => {
                let mut names: Vec<&str> = catalogue::types_in(ws.registry.release)
                    .into_iter()
                    .filter(|t| t.status != "HIDDEN")
                    .map(|t| t.name)
                    .collect();
                names.extend(ws.registry.mappings.iter().map(|(k, _)| k.as_str()));
                did_you_mean(&mut fixes, n, names);
            }
            ("unknown-condition", Some(Found::Node(n))) => {
                did_you_mean(&mut fixes, n, ws.template().outline.names("conditions"))
            }
            ("unknown-parameter" | "missing-parameter", found) => {
                if !matches!(found, Some(Found::Key(k, _)) if k.as_str() == Some("get_param")) {
                    continue;
                }
                get_param_fixes(&mut fixes, &ws, found);
            }
            // A property's value from `get_param` of an undeclared parameter: Heat
            // reports it as the property's error, marked at the call.
            ("property-error", found) if d.message.ends_with(MISSING_PARAMETER) => {
                get_param_fixes(&mut fixes, &ws, found.filter(|f| f.is_call("get_param")));
            }
            ("unknown-resource", found) => {
                if let Some(arg) = found.and_then(|f| f.argument()) {
                    did_you_mean(&mut fixes, arg, resources);
                }
            }
            ("unknown-attribute", Some(Found::Node(n) | Found::Key(_, n))) => {
                let list = n.as_list().or_else(|| n.as_map().and_then(|m| m.first()).and_then(|(_, v)| v.as_list()));
                let (Some(res), Some(attr)) = (list.and_then(|l| l.first()), list.and_then(|l| l.get(1))) else {
                    continue;
                };
                let Some(res) = scalar_text(res) else { continue };
                let names = attribute_names(&ws, &res);
                did_you_mean(&mut fixes, attr, names.iter().map(|(a, _)| a.as_str()).collect());
            }
            ("property-error", found) => {
                let Some(resource) = resource_of(&d.path) else { continue };
                let Some((_, info)) = ws.resource_type(resource) else { continue };
                let steps = property_steps(&d.path);
                let Some(keys) = schema_keys(info.schema, &steps) else { continue };
                if let Some(unknown) =
                    d.message.rsplit("Unknown Property ").next().filter(|_| d.message.contains("Unknown Property "))
                {
                    if let Some(Found::Key(k, _)) = found.filter(|_| !unknown.is_empty()) {
                        did_you_mean(&mut fixes, k, keys.iter().filter(|s| s.implemented).map(|s| s.name).collect());
                    }
                } else if let Some(missing) =
                    d.message.strip_suffix(" not assigned").and_then(|m| m.rsplit("Property ").next())
                {
                    let Some(schema) = keys.iter().find(|s| s.name == missing) else { continue };
                    // A misspelt key beside it (`flavour`): renaming it comes first.
                    if let Some(Found::Key(_, map)) = found {
                        for (k, _) in map.as_map().unwrap_or(&[]) {
                            let Some(name) = k.as_str().filter(|n| !keys.iter().any(|s| s.name == *n)) else {
                                continue;
                            };
                            if closest(name, vec![missing]).contains(&missing) {
                                fixes.push((
                                    format!("Rename `{name}` to `{missing}`"),
                                    vec![(range(k), missing.to_string())],
                                ));
                            }
                        }
                    }
                    if let Some(edit) = add_property(text, &at, found, schema) {
                        fixes.push((format!("Add required property `{missing}`"), vec![edit]));
                    }
                }
            }
            _ => {}
        }
        // A misspelt function: a one-key map whose key is close to a function name.
        if let Some(Found::Node(n) | Found::Key(_, n)) = find(root, &at) {
            if let Some([(k, _)]) = n.as_map() {
                let names: Vec<&str> =
                    functions::names(version, Table::Functions).into_iter().map(|(n, _)| n).collect();
                if k.as_str().is_some_and(|s| !names.contains(&s)) {
                    did_you_mean(&mut fixes, k, names);
                }
            }
        }
        for (title, edits) in fixes {
            let edits = edits
                .into_iter()
                .map(|(r, t)| {
                    let (from, to) = utf16_range(text, &r);
                    TextEdit { file: file.to_string(), from, to, text: t }
                })
                .collect();
            out.push(QuickFix { title, code: d.code, diagnostic_from, diagnostic_to, edits });
        }
    }
    // The lint rules' own fixes (their diagnostics' codes are rule ids).
    #[cfg(feature = "lint")]
    out.extend(crate::lint::quick_fixes(req, ev, ev.diagnostics.iter().chain(lint), file));
    out
}

type Edits = Vec<(String, Vec<(Range<usize>, String)>)>;

/// The end of Heat's message for `get_param` of a parameter the template does not declare.
const MISSING_PARAMETER: &str = ") was not provided.";

/// "Change to `p`" for the declared parameters closest to a `get_param`'s
/// argument, then "Declare parameter `x`".
fn get_param_fixes(fixes: &mut Edits, ws: &Workspace<'_>, found: Option<Found<'_>>) {
    let Some(arg) = found.and_then(|f| f.argument()) else { return };
    did_you_mean(fixes, arg, ws.template().outline.names("parameters"));
    if let Some(name) = scalar_text(arg) {
        if let Some(edit) = declare_parameter(ws, &name) {
            fixes.push((format!("Declare parameter `{name}`"), vec![edit]));
        }
    }
}

/// "Change to `x`" for the names closest to the scalar `wrong`.
fn did_you_mean(fixes: &mut Edits, wrong: &Node, candidates: Vec<&str>) {
    let Some(w) = scalar_text(wrong) else { return };
    for c in closest(&w, candidates) {
        fixes.push((format!("Change to `{c}`"), vec![(range(wrong), c.to_string())]));
    }
}

/// The node a diagnostic's span covers: a map key (with its value) or a value.
#[derive(Clone, Copy)]
enum Found<'a> {
    Key(&'a Node, &'a Node),
    Node(&'a Node),
}

impl<'a> Found<'a> {
    /// Whether this is a call of function `name` (`{name: ..}`, or its key).
    fn is_call(self, name: &str) -> bool {
        match self {
            Found::Key(k, _) => k.as_str() == Some(name),
            Found::Node(n) => matches!(n.as_map(), Some([(k, _)]) if k.as_str() == Some(name)),
        }
    }

    /// The name a reference function was given (`{get_param: x}` at its key or
    /// at the map; `x` itself).
    fn argument(self) -> Option<&'a Node> {
        let v = match self {
            Found::Key(_, v) => v,
            Found::Node(n) => match n.as_map() {
                Some([(_, v)]) => v,
                _ => n,
            },
        };
        Some(v.as_list().and_then(<[Node]>::first).unwrap_or(v))
    }
}

fn find<'a>(node: &'a Node, at: &Range<usize>) -> Option<Found<'a>> {
    if range(node) == *at {
        return Some(Found::Node(node));
    }
    if !(node.span.start as usize <= at.start && at.end <= node.span.end as usize) {
        return None;
    }
    if let Some(entries) = node.as_map() {
        for (k, v) in entries {
            if range(k) == *at {
                return Some(Found::Key(k, v));
            }
            if let Some(f) = find(v, at) {
                return Some(f);
            }
        }
    } else if let Some(items) = node.as_list() {
        return items.iter().find_map(|i| find(i, at));
    }
    None
}

/// `R` of a `resources.R.properties...` breadcrumb (inside Heat's message prefix).
fn resource_of(path: &str) -> Option<&str> {
    let rest = path.split("resources.").nth(1)?;
    rest.split(".properties").next()
}

/// The steps after `properties` in a breadcrumb (`networks[1].port` -> networks, item, port).
fn property_steps(path: &str) -> Vec<Option<String>> {
    let Some(rest) = path.split(".properties").nth(1) else { return Vec::new() };
    let mut out = Vec::new();
    for part in rest.split('.').filter(|p| !p.is_empty()) {
        let mut it = part.split('[');
        if let Some(k) = it.next().filter(|k| !k.is_empty()) {
            out.push(Some(k.to_string()));
        }
        out.extend(it.map(|_| None));
    }
    out
}

/// The keys of the map a breadcrumb leads to (`None` steps are list items).
fn schema_keys(schema: &'static [PropSchema], steps: &[Option<String>]) -> Option<&'static [PropSchema]> {
    let mut keys = schema;
    let mut cur: Option<&'static PropSchema> = None;
    for s in steps {
        let next = match s {
            Some(k) => keys.iter().find(|p| p.name == k.as_str())?,
            None => cur?.item?,
        };
        keys = next.keys.unwrap_or(&[]);
        cur = Some(next);
    }
    Some(keys)
}

/// A value to start a property with, valid YAML of its type.
fn placeholder(kind: PropKind) -> &'static str {
    match kind {
        PropKind::Integer | PropKind::Number => "0",
        PropKind::Boolean => "false",
        PropKind::List => "[]",
        PropKind::Map => "{}",
        PropKind::String | PropKind::Any => "''",
    }
}

fn line_start(text: &str, at: usize) -> usize {
    text.get(..at).and_then(|t| t.rfind('\n')).map_or(0, |i| i + 1)
}

fn line_end(text: &str, at: usize) -> usize {
    text.get(at..).and_then(|t| t.find('\n')).map_or(text.len(), |i| at + i + 1)
}

fn indent_of(text: &str, line: usize) -> usize {
    let l = text.get(line..).unwrap_or("");
    l.len() - l.trim_start_matches(' ').len()
}

/// Adds `name: placeholder` to the map a "not assigned" diagnostic marks
/// (the `properties` key, or the type when there are no properties).
fn add_property(
    text: &str,
    at: &Range<usize>,
    found: Option<Found<'_>>,
    s: &PropSchema,
) -> Option<(Range<usize>, String)> {
    let value = placeholder(s.kind);
    match found? {
        Found::Key(k, v) if k.as_str() == Some("properties") => {
            if let Some(entries) = v.as_map() {
                if text.get(v.span.start as usize..).is_some_and(|t| t.starts_with('{')) {
                    let sep = if entries.is_empty() { "" } else { ", " };
                    let p = v.span.start as usize + 1;
                    return Some((p..p, format!("{}: {value}{sep}", s.name)));
                }
                let first = entries.first()?.0.span.start as usize;
                let ls = line_start(text, first);
                return Some((ls..ls, format!("{}{}: {value}\n", " ".repeat(first - ls), s.name)));
            }
            let end = v.span.end as usize;
            let indent = indent_of(text, line_start(text, at.start)) + 2;
            let _ = end;
            let after = line_end(text, at.start);
            Some((after..after, format!("{}{}: {value}\n", " ".repeat(indent), s.name)))
        }
        Found::Node(n) if n.as_str().is_some() => {
            // `type: X` without properties: a `properties` map after it.
            let ls = line_start(text, at.start);
            let indent = indent_of(text, ls);
            let after = line_end(text, at.end);
            let key_line = text.get(ls..at.start).unwrap_or("");
            if !key_line.trim_start().starts_with("type:") {
                return None;
            }
            let pad = " ".repeat(indent);
            let nl = if text.get(..after).is_some_and(|t| t.ends_with('\n')) { "" } else { "\n" };
            Some((after..after, format!("{nl}{pad}properties:\n{pad}  {}: {value}\n", s.name)))
        }
        _ => None,
    }
}

/// Adds `name: {type: string}` to the template's `parameters` (creating the
/// section before `resources` when there is none).
fn declare_parameter(ws: &Workspace<'_>, name: &str) -> Option<(Range<usize>, String)> {
    if ws.doc.kind != DocKind::Template {
        return None;
    }
    let text = ws.doc.text;
    let o = &ws.doc.outline;
    if let Some(s) = o.section("parameters") {
        if let Some(last) = s.entries.last() {
            let ls = line_start(text, last.key.start);
            let pad = " ".repeat(last.key.start - ls);
            let end = line_end(text, last.full.end.saturating_sub(1).max(last.key.end));
            let nl = if text.get(..end).is_some_and(|t| t.ends_with('\n')) { "" } else { "\n" };
            return Some((end..end, format!("{nl}{pad}{name}:\n{pad}  type: string\n")));
        }
        let end = line_end(text, s.key.end);
        return Some((end..end, format!("  {name}:\n    type: string\n")));
    }
    let before = o.section("resources").or_else(|| o.section("outputs")).map_or(text.len(), |s| s.key.start);
    Some((before..before, format!("parameters:\n  {name}:\n    type: string\n")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::evaluate;
    use crate::ide::tests::request;

    /// The text after applying every edit of the fix titled `title`.
    fn apply(template: &str, title: &str) -> String {
        let req = request(template, &[]);
        let ev = evaluate(&req);
        let fixes = quick_fixes(&req, &ev, &[], "template.yaml");
        let fix = fixes.iter().find(|f| f.title == title).unwrap_or_else(|| panic!("no {title:?} in {fixes:?}"));
        let mut text = template.to_string();
        for e in fix.edits.iter().rev() {
            let from = crate::ide::byte_of(&text, e.from);
            let to = crate::ide::byte_of(&text, e.to);
            text.replace_range(from..to, &e.text);
        }
        text
    }

    const H: &str = "heat_template_version: 2021-04-16\n";

    #[test]
    fn did_you_mean() {
        let t = format!("{H}resources:\n  s:\n    type: OS::Nova::Server\n    properties:\n      flavour: m1\n      image: cirros\n");
        assert!(apply(&t, "Change to `flavor`").contains("      flavor: m1\n"));
        let t = format!("{H}resorces: {{}}\n");
        assert!(apply(&t, "Change to `resources`").contains("\nresources: {}"));
        let t = format!("{H}resources:\n  r:\n    type: OS::Heat::Nonee\n");
        assert!(apply(&t, "Change to `OS::Heat::None`").contains("type: OS::Heat::None\n"));
        let t = format!("{H}resources:\n  r:\n    type: OS::Heat::None\n    depend_on: []\n");
        assert!(apply(&t, "Change to `depends_on`").contains("    depends_on: []"));
        let t =
            format!("{H}resources:\n  srv: {{type: OS::Heat::None}}\noutputs:\n  o: {{value: {{get_resource: sr}}}}\n");
        assert!(apply(&t, "Change to `srv`").contains("{get_resource: srv}"));
        let t = format!("{H}resources:\n  srv: {{type: OS::Nova::Server, properties: {{flavor: f, image: i}}}}\noutputs:\n  o: {{value: {{get_attr: [srv, fist_address]}}}}\n");
        assert!(apply(&t, "Change to `first_address`").contains("[srv, first_address]"));
        let t = format!("{H}conditions:\n  big: true\nresources:\n  r: {{type: OS::Heat::None, condition: bgi}}\n");
        assert!(apply(&t, "Change to `big`").contains("condition: big}"));
        let t = format!(
            "{H}resources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      length: {{get_parm: x}}\n"
        );
        assert!(apply(&t, "Change to `get_param`").contains("{get_param: x}"));
    }

    #[test]
    fn parameters_can_be_fixed_or_declared() {
        let t = format!(
            "{H}parameters:\n  flavor: {{type: string, default: a}}\noutputs:\n  o: {{value: {{get_param: flavr}}}}\n"
        );
        assert!(apply(&t, "Change to `flavor`").contains("{get_param: flavor}"));
        let fixed = apply(&t, "Declare parameter `flavr`");
        assert!(fixed.contains("  flavor: {type: string, default: a}\n  flavr:\n    type: string\n"), "{fixed}");
        // In a resource's properties Heat reports it as the property's error.
        let t = format!("{H}parameters:\n  image: {{type: string, default: cirros}}\nresources:\n  s:\n    type: OS::Nova::Server\n    properties:\n      flavor: m1\n      image: {{get_param: imgae}}\n");
        assert!(apply(&t, "Change to `image`").contains("image: {get_param: image}\n"));
        let t = format!("{H}outputs:\n  o: {{value: {{get_param: size}}}}\n");
        assert!(apply(&t, "Declare parameter `size`")
            .contains(&format!("{H}parameters:\n  size:\n    type: string\noutputs:")));
    }

    #[test]
    fn missing_required_properties_are_added() {
        let t = format!("{H}resources:\n  k:\n    type: OS::Nova::KeyPair\n");
        let fixed = apply(&t, "Add required property `name`");
        assert_eq!(
            fixed,
            format!("{H}resources:\n  k:\n    type: OS::Nova::KeyPair\n    properties:\n      name: ''\n")
        );
        let t = format!("{H}resources:\n  s:\n    type: OS::Nova::Server\n    properties:\n      image: cirros\n");
        let fixed = apply(&t, "Add required property `flavor`");
        assert!(fixed.contains("    properties:\n      flavor: ''\n      image: cirros\n"), "{fixed}");
        // A misspelt key of the required property: the rename is offered first.
        let t = format!("{H}resources:\n  s:\n    type: OS::Nova::Server\n    properties:\n      flavour: m1\n      image: cirros\n");
        let req = request(&t, &[]);
        let fixes = quick_fixes(&req, &evaluate(&req), &[], "template.yaml");
        let on_properties: Vec<&str> = fixes
            .iter()
            .filter(|f| f.title.contains("flavor") && f.title != "Change to `flavor`")
            .map(|f| f.title.as_str())
            .collect();
        assert_eq!(on_properties, ["Rename `flavour` to `flavor`", "Add required property `flavor`"]);
        assert!(apply(&t, "Rename `flavour` to `flavor`").contains("      flavor: m1\n      image: cirros\n"));
        let t = format!("{H}resources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      character_sequences: [{{sequence: ab}}, {{min: 2}}]\n");
        // Inside a list item the map is marked, not a key: no edit is guessed there.
        let req = request(&t, &[]);
        let fixes = quick_fixes(&req, &evaluate(&req), &[], "template.yaml");
        assert!(fixes.iter().all(|f| !f.title.starts_with("Add")), "{fixes:?}");
    }
}
