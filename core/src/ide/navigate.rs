//! What a name at a position refers to, where it is defined, where it is used,
//! and the document's outline.

use std::ops::Range;

use super::cursor::{self, At, Cursor, Seg};
use super::{byte_of, range, scalar_text, DocKind, Utf16, Workspace};
use crate::catalogue;
use crate::model::ide::{Location, Symbol, SymbolKind};
use crate::model::Request;
use crate::syntax::Node;

/// A name the position refers to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Target {
    /// A template parameter.
    Param(String),
    /// A resource of the template.
    Resource(String),
    /// A condition.
    Condition(String),
    /// A file of the request.
    File(String),
    /// A resource type.
    Type(String),
}

/// Which function, if any, the position is an argument of: its name and the
/// steps after it.
pub(crate) fn function_at(c: &Cursor) -> Option<(&str, &[Seg])> {
    const NAMES: &[&str] = &["get_param", "get_resource", "get_attr", "get_file", "if", "not", "and", "or"];
    c.path.iter().enumerate().rev().find_map(|(i, s)| match s {
        Seg::Key(k) if NAMES.contains(&k.as_str()) => Some((k.as_str(), c.path.get(i + 1..).unwrap_or(&[]))),
        _ => None,
    })
}

/// What the word at the cursor names.
pub(crate) fn target(ws: &Workspace<'_>, c: &Cursor) -> Option<Target> {
    let word = c.word(ws.doc.text).to_string();
    if word.is_empty() {
        return None;
    }
    let path = c.keys();
    if ws.doc.kind == DocKind::Environment {
        return match (path.as_slice(), c.at) {
            (["parameters" | "parameter_defaults" | "parameter_merge_strategies"], At::Key) => {
                Some(Target::Param(word))
            }
            (["resource_registry", ..], At::Value) => Some(Target::File(word)),
            (["resource_registry", ..], At::Key) => Some(Target::Type(word)),
            _ => None,
        };
    }
    if c.at == At::Value {
        if let Some((f, rest)) = function_at(c) {
            match (f, rest) {
                ("get_param", [] | [Seg::Item(0)]) => return Some(Target::Param(word)),
                ("get_resource", []) | ("get_attr", [Seg::Item(0)]) => return Some(Target::Resource(word)),
                ("get_file", []) => return Some(Target::File(word)),
                ("if", [Seg::Item(0)]) | ("not", []) | ("and" | "or", [Seg::Item(_)]) => {
                    return Some(Target::Condition(word));
                }
                _ => {}
            }
        }
    }
    match (path.as_slice(), c.at) {
        (["parameters"], At::Key) => Some(Target::Param(word)),
        (["resources"], At::Key) => Some(Target::Resource(word)),
        (["conditions"], At::Key) => Some(Target::Condition(word)),
        (["resources", _, "depends_on"] | ["resources", _, "depends_on", "-"], At::Value) => {
            Some(Target::Resource(word))
        }
        (["resources", _, "condition"] | ["outputs", _, "condition"], At::Value) => Some(Target::Condition(word)),
        (["resources", _, "type"], At::Value) => Some(Target::Type(word)),
        _ => None,
    }
}

fn cursor_of(ws: &Workspace<'_>, offset: u32) -> Cursor {
    cursor::at(ws.doc.text, byte_of(ws.doc.text, offset))
}

fn entry_location(ws: &Workspace<'_>, section: &str, name: &str) -> Option<Location> {
    let t = ws.template();
    let e = t.outline.entry(section, name)?;
    Some(Location::new(t.name, t.text, &e.key))
}

/// Where the name at UTF-16 `offset` of `file` is defined.
pub(crate) fn definition(req: &Request, file: &str, offset: u32) -> Vec<Location> {
    let Some(ws) = Workspace::new(req, file) else { return Vec::new() };
    let c = cursor_of(&ws, offset);
    let Some(t) = target(&ws, &c) else { return Vec::new() };
    let file_at = |name: &str| {
        ws.req.inputs.files.get(name).and_then(Option::as_ref).map(|_| Location {
            file: name.to_string(),
            from: 0,
            to: 0,
        })
    };
    match t {
        Target::Param(n) => entry_location(&ws, "parameters", &n).into_iter().collect(),
        Target::Resource(n) => entry_location(&ws, "resources", &n).into_iter().collect(),
        Target::Condition(n) => entry_location(&ws, "conditions", &n).into_iter().collect(),
        Target::File(n) => file_at(&n).into_iter().collect(),
        Target::Type(n) => {
            let resource = match c.path.get(1) {
                Some(Seg::Key(r)) => r.as_str(),
                _ => "",
            };
            let provider = catalogue::resolve_type(&ws.registry, resource, &n)
                .ok()
                .and_then(|info| info.template.and_then(|(f, _)| file_at(&f)));
            if let Some(p) = provider {
                return vec![p];
            }
            // A type the user's registry maps: the mapping.
            ws.registry_definitions()
                .into_iter()
                .filter(|(_, key, _)| *key == n)
                .filter_map(|(f, _, r)| ws.req.inputs.files.get(f)?.as_deref().map(|text| Location::new(f, text, &r)))
                .take(1)
                .collect()
        }
    }
}

/// Every place the name at UTF-16 `offset` of `file` is defined or used, the
/// definition first.
pub(crate) fn references(req: &Request, file: &str, offset: u32) -> Vec<Location> {
    let Some(ws) = Workspace::new(req, file) else { return Vec::new() };
    let c = cursor_of(&ws, offset);
    let Some(t) = target(&ws, &c) else { return Vec::new() };
    let (section, name) = match &t {
        Target::Param(n) => ("parameters", n),
        Target::Resource(n) => ("resources", n),
        Target::Condition(n) => ("conditions", n),
        Target::File(_) | Target::Type(_) => return definition(req, file, offset),
    };
    let mut out: Vec<Location> = entry_location(&ws, section, name).into_iter().collect();
    let tmpl = ws.template();
    if let Some(root) = tmpl.root() {
        let mut found = Vec::new();
        uses(root, &t, &mut found);
        let index = Utf16::new(tmpl.text);
        out.extend(found.iter().map(|r| Location::at(tmpl.name, &index, r)));
    }
    if let Target::Param(n) = &t {
        for (f, root) in &ws.envs {
            let Some(text) = ws.req.inputs.files.get(*f).and_then(Option::as_deref) else { continue };
            for s in ["parameters", "parameter_defaults"] {
                for (k, _) in root.get(s).and_then(Node::as_map).unwrap_or(&[]) {
                    if k.as_str() == Some(n.as_str()) {
                        out.push(Location::new(f, text, &range(k)));
                    }
                }
            }
        }
    }
    out
}

/// The uses of a parameter, resource or condition in a template's tree.
pub(crate) fn uses(root: &Node, t: &Target, out: &mut Vec<Range<usize>>) {
    let is = |n: &Node, name: &str| scalar_text(n).as_deref() == Some(name);
    let first = |n: &Node| -> Option<Node> {
        match n.as_list() {
            Some(items) => items.first().cloned(),
            None => Some(n.clone()),
        }
    };
    // Function calls anywhere.
    walk(root, &mut |k, v| {
        let hit = match (k, t) {
            ("get_param", Target::Param(n)) | ("get_resource" | "get_attr", Target::Resource(n)) => {
                first(v).filter(|a| is(a, n))
            }
            ("if", Target::Condition(n)) => v.as_list().and_then(|l| l.first()).filter(|a| is(a, n)).cloned(),
            ("not", Target::Condition(n)) => Some(v.clone()).filter(|a| is(a, n)),
            ("and" | "or", Target::Condition(n)) => v.as_list().and_then(|l| l.iter().find(|a| is(a, n))).cloned(),
            _ => None,
        };
        if let Some(a) = hit {
            out.push(range(&a));
        }
    });
    // Keys with names as values.
    for (section, key) in [("resources", "depends_on"), ("resources", "condition"), ("outputs", "condition")] {
        for (_, def) in root.get(section).and_then(Node::as_map).unwrap_or(&[]) {
            let Some(v) = def.get(key) else { continue };
            let matches = match t {
                Target::Resource(n) if key == "depends_on" => n,
                Target::Condition(n) if key == "condition" => n,
                _ => continue,
            };
            let items = v.as_list().map(<[Node]>::to_vec).unwrap_or_else(|| vec![v.clone()]);
            out.extend(items.iter().filter(|i| is(i, matches)).map(range));
        }
    }
    crate::sort::sort_by_key(out, |r| r.start);
    out.dedup();
}

/// Calls `f(key, value)` for every single-key map in the tree.
fn walk(node: &Node, f: &mut dyn FnMut(&str, &Node)) {
    if let Some(entries) = node.as_map() {
        if let [(k, v)] = entries {
            if let Some(k) = k.as_str() {
                f(k, v);
            }
        }
        for (_, v) in entries {
            walk(v, f);
        }
    } else if let Some(items) = node.as_list() {
        for i in items {
            walk(i, f);
        }
    }
}

/// The outline of document `file`.
pub(crate) fn document_symbols(req: &Request, file: &str) -> Vec<Symbol> {
    let Some(ws) = Workspace::new(req, file) else { return Vec::new() };
    let index = Utf16::new(ws.doc.text);
    let symbol = |name: &str, kind, detail: String, full: &Range<usize>, key: &Range<usize>, children| {
        let (from, to) = index.range(full);
        let (name_from, name_to) = index.range(key);
        Symbol { name: name.to_string(), kind, detail, from, to, name_from, name_to, children }
    };
    ws.doc
        .outline
        .sections
        .iter()
        .map(|s| {
            let kind = match (ws.doc.kind, s.name.as_str()) {
                (DocKind::Template, "parameters") => SymbolKind::Parameter,
                (DocKind::Template, "resources") => SymbolKind::Resource,
                (DocKind::Template, "outputs") => SymbolKind::Output,
                (DocKind::Template, "conditions") => SymbolKind::Condition,
                _ => SymbolKind::Entry,
            };
            let children = s
                .entries
                .iter()
                .map(|e| symbol(&e.name, kind, e.type_name.clone().unwrap_or_default(), &e.full, &e.key, Vec::new()))
                .collect();
            symbol(&s.name, SymbolKind::Section, String::new(), &s.full, &s.key, children)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ide::tests::{at, request};
    use crate::ide::utf16_of;

    const T: &str = "heat_template_version: 2021-04-16\nparameters:\n  size: {type: string, default: s}\nconditions:\n  big: {equals: [{get_param: size}, m]}\n  small: {not: big}\nresources:\n  vol:\n    type: OS::Cinder::Volume\n    condition: big\n    properties: {size: 1, name: {get_param: size}}\n  box:\n    type: box.yaml\n    depends_on: [vol]\noutputs:\n  o: {value: {get_attr: [vol, size]}, condition: big}\n  p: {value: {if: [big, {get_resource: vol}, x]}}\n";

    fn text_at(text: &str, l: &Location) -> String {
        let from = crate::ide::byte_of(text, l.from);
        let to = crate::ide::byte_of(text, l.to);
        text[from..to].to_string()
    }

    fn place(text: &str, needle: &str, nth: usize) -> u32 {
        let i = text.match_indices(needle).nth(nth).unwrap().0;
        utf16_of(text, i + 1)
    }

    #[test]
    fn definitions() {
        let req = request(T, &[("box.yaml", "heat_template_version: 2021-04-16\n")]);
        // get_param size -> the parameter's key.
        let d = definition(&req, "template.yaml", place(T, "size}", 0));
        assert_eq!(d.len(), 1);
        assert_eq!(text_at(T, &d[0]), "size");
        assert_eq!(d[0].from, place(T, "size:", 0) - 1);
        // depends_on, get_attr, get_resource -> the resource.
        for (needle, nth) in [("vol]", 0), ("vol, size", 0), ("vol}", 0)] {
            let d = definition(&req, "template.yaml", place(T, needle, nth));
            assert_eq!(d[0].from, place(T, "vol:", 0) - 1, "{needle}");
        }
        // condition names, `if`, `not`.
        for needle in ["big\n", "big, {get", "big}\n"] {
            let d = definition(&req, "template.yaml", place(T, needle, 0));
            assert_eq!(d[0].from, place(T, "big:", 0) - 1, "{needle}");
        }
        // A provider template type -> the file.
        let d = definition(&req, "template.yaml", place(T, "box.yaml", 0));
        assert_eq!(d, vec![Location { file: "box.yaml".into(), from: 0, to: 0 }]);
        // Nothing to go to.
        assert!(definition(&req, "template.yaml", place(T, "Cinder", 0)).is_empty());
    }

    #[test]
    fn environment_parameters_lead_to_the_template() {
        let env = "parameter_defaults:\n  size: m\nresource_registry:\n  My::Box: box.yaml\n";
        let req = request(T, &[("env.yaml", env), ("box.yaml", "x: 1\n")]);
        let d = definition(&req, "env.yaml", place(env, "size", 0));
        assert_eq!((d[0].file.as_str(), text_at(T, &d[0]).as_str()), ("template.yaml", "size"));
        let d = definition(&req, "env.yaml", place(env, "box.yaml", 0));
        assert_eq!(d[0].file, "box.yaml");
        let r = references(&req, "template.yaml", place(T, "size:", 0));
        let files: Vec<&str> = r.iter().map(|l| l.file.as_str()).collect();
        assert_eq!(files, vec!["template.yaml", "template.yaml", "template.yaml", "env.yaml"]);
    }

    #[test]
    fn references_of_a_resource_and_a_condition() {
        let req = request(T, &[]);
        let r = references(&req, "template.yaml", place(T, "vol:", 0));
        assert_eq!(r.len(), 4, "{r:?}");
        assert!(r.iter().all(|l| text_at(T, l) == "vol"));
        let r = references(&req, "template.yaml", place(T, "big:", 0));
        assert_eq!(r.len(), 5, "{r:?}");
    }

    #[test]
    fn outline_of_a_template_and_of_broken_text() {
        let req = request(T, &[]);
        let s = document_symbols(&req, "template.yaml");
        let names: Vec<&str> = s.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, vec!["heat_template_version", "parameters", "conditions", "resources", "outputs"]);
        let res = &s[3].children;
        assert_eq!(
            (res[0].name.as_str(), res[0].kind, res[0].detail.as_str()),
            ("vol", SymbolKind::Resource, "OS::Cinder::Volume")
        );
        let (broken, _) = at(
            "heat_template_version: 2021-04-16\nresources:\n  a:\n    type: OS::Heat::None\n    properties: {x: [|\n",
        );
        let s = document_symbols(&request(&broken, &[]), "template.yaml");
        assert_eq!(s[1].children[0].name, "a");
    }
}
