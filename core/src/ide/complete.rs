//! Completion: what may be written at a position, by the key path around it.

use super::cursor::{self, At, Cursor, Seg};
use super::{byte_of, docs, utf16_range, Depth, DocKind, Workspace};
use crate::catalogue::{self, Described, Lit, PropSchema, Rule, TypeInfo};
use crate::engine::{environment, parameters::parameter_keys, resources::resource_keys, template_sections};
use crate::functions::{self, Table};
use crate::model::ide::{Completion, CompletionKind, Completions};
use crate::model::Request;
use crate::pyfmt::py_str;
use crate::syntax::Node;
use crate::version::VERSIONS;

struct Out<'c> {
    cursor: &'c Cursor,
    items: Vec<Completion>,
}

impl Out<'_> {
    fn push(&mut self, label: &str, kind: CompletionKind, detail: String, documentation: String) {
        if self.items.iter().any(|i| i.label == label && i.kind == kind) {
            return;
        }
        let insert = label.to_string();
        self.items.push(Completion { label: label.to_string(), kind, detail, documentation, insert });
    }

    /// A map key: `name: ` unless a `:` follows already.
    fn key(&mut self, label: &str, kind: CompletionKind, detail: String, documentation: String) {
        self.push(label, kind, detail, documentation);
        if !self.cursor.colon_after {
            if let Some(last) = self.items.last_mut().filter(|i| i.label == label) {
                last.insert = format!("{label}: ");
            }
        }
    }
}

/// Completions at UTF-16 `offset` of document `file` of the request.
pub(crate) fn complete(req: &Request, file: &str, offset: u32) -> Completions {
    let Some(ws) = Workspace::load(req, file, Depth::Lines) else { return Completions::default() };
    let text = ws.doc.text;
    let c = cursor::at(text, byte_of(text, offset));
    let (from, to) = utf16_range(text, &c.word);
    let mut out = Out { cursor: &c, items: Vec::new() };
    if !c.in_comment {
        match ws.doc.kind {
            DocKind::Template => template(&ws, &c, &mut out),
            DocKind::Environment => environment(&ws, &c, &mut out),
        }
    }
    Completions { from, to, items: out.items }
}

fn key_doc(name: &str) -> String {
    docs::KEYS.iter().find(|(k, _)| *k == name).map(|(_, d)| (*d).to_string()).unwrap_or_default()
}

fn keys(out: &mut Out<'_>, names: &[&str]) {
    for k in names {
        out.key(k, CompletionKind::Key, String::new(), key_doc(k));
    }
}

fn values(out: &mut Out<'_>, names: &[&str]) {
    for v in names {
        out.push(v, CompletionKind::Value, String::new(), String::new());
    }
}

fn template(ws: &Workspace<'_>, c: &Cursor, out: &mut Out<'_>) {
    let version = ws.version();
    let path = c.keys();
    if function_argument(ws, c, out) {
        return;
    }
    match (path.as_slice(), c.at) {
        ([], At::Key) => keys(out, &template_sections(version)),
        (["heat_template_version"], At::Value) => {
            for (_, names) in VERSIONS.iter().rev() {
                values(out, names);
            }
        }
        (["resources", _], At::Key) => keys(out, &resource_keys(version)),
        (["resources", _, "type"], At::Value) => types(ws, out),
        (["resources", r, "properties", rest @ ..], at) => {
            properties(ws, r, c.path.get(3..).unwrap_or(&[]), rest.is_empty(), at, out)
        }
        (["resources", r, "depends_on"] | ["resources", r, "depends_on", "-"], At::Value) => {
            resources(ws, out, Some(r));
        }
        (["resources", _, "condition"] | ["outputs", _, "condition"], At::Value) => conditions(ws, out),
        (["resources", _, "deletion_policy"], At::Value) => values(out, &["Delete", "Retain", "Snapshot"]),
        (["parameters", _], At::Key) => keys(out, parameter_keys(version)),
        (["parameters", _, "type"], At::Value) => {
            values(out, &["string", "number", "json", "comma_delimited_list", "boolean"]);
        }
        (["parameters", _, "constraints", "-"], _) => {
            let names =
                ["length", "range", "modulo", "allowed_values", "allowed_pattern", "custom_constraint", "description"];
            for k in names {
                out.key(k, CompletionKind::Key, String::new(), String::new());
            }
        }
        (["outputs", _], At::Key) => {
            let mut names = vec!["value", "description"];
            if version.has_conditions() {
                names.push("condition");
            }
            keys(out, &names);
        }
        (["conditions", _, ..], at) => {
            if at == At::Value {
                conditions(ws, out);
            }
            functions_list(ws, Table::Conditions, at, out);
        }
        (["resources", _, "metadata", ..] | ["outputs", _, "value", ..], at) => {
            functions_list(ws, Table::Functions, at, out);
        }
        _ => {}
    }
}

/// Completions inside a function's arguments; `true` if the position is one.
fn function_argument(ws: &Workspace<'_>, c: &Cursor, out: &mut Out<'_>) -> bool {
    let version = ws.version();
    let Some((i, name)) = c.path.iter().enumerate().rev().find_map(|(i, s)| match s {
        Seg::Key(k) if functions::names(version, Table::Functions).iter().any(|(n, _)| n == k) => Some((i, k)),
        Seg::Key(k) if functions::names(version, Table::Conditions).iter().any(|(n, _)| n == k) => Some((i, k)),
        _ => None,
    }) else {
        return false;
    };
    if c.at != At::Value {
        return false;
    }
    let rest = c.path.get(i + 1..).unwrap_or(&[]);
    match (name.as_str(), rest) {
        ("get_param", [] | [Seg::Item(0)]) => parameters(ws, out),
        ("get_resource", []) => resources(ws, out, None),
        ("get_attr", [Seg::Item(0)]) => resources(ws, out, None),
        ("get_attr", [Seg::Item(1)]) => {
            if let Some(r) = c.items.first() {
                attributes(ws, r, out);
            }
        }
        ("if", [Seg::Item(0)]) | ("not", []) | ("and" | "or", [Seg::Item(_)]) => conditions(ws, out),
        ("get_file", []) => {
            for f in ws.file_names() {
                out.push(f, CompletionKind::File, String::new(), String::new());
            }
        }
        _ => return false,
    }
    true
}

fn functions_list(ws: &Workspace<'_>, table: Table, at: At, out: &mut Out<'_>) {
    for (name, spec) in functions::names(ws.version(), table) {
        if spec.is_removed() || spec.is_invalid() {
            continue;
        }
        let (detail, doc) = spec.doc.map_or((String::new(), String::new()), |d| {
            (d.args.to_string(), format!("{}\n\nExample: `{}`", d.summary, d.example))
        });
        match at {
            At::Key => out.key(name, CompletionKind::Function, detail, doc),
            At::Value => {
                out.push(name, CompletionKind::Function, detail, doc);
                if let Some(last) = out.items.last_mut().filter(|i| i.label == name) {
                    last.insert = format!("{{{name}: }}");
                }
            }
        }
    }
}

fn parameters(ws: &Workspace<'_>, out: &mut Out<'_>) {
    let t = ws.template();
    for e in t.outline.section("parameters").map(|s| s.entries.as_slice()).unwrap_or(&[]) {
        out.push(&e.name, CompletionKind::Parameter, e.type_name.clone().unwrap_or_default(), String::new());
    }
    for p in ["OS::stack_name", "OS::stack_id", "OS::project_id"] {
        out.push(p, CompletionKind::Parameter, "pseudo parameter".into(), String::new());
    }
}

fn resources(ws: &Workspace<'_>, out: &mut Out<'_>, except: Option<&str>) {
    let t = ws.template();
    for e in t.outline.section("resources").map(|s| s.entries.as_slice()).unwrap_or(&[]) {
        if Some(e.name.as_str()) != except {
            out.push(&e.name, CompletionKind::Resource, e.type_name.clone().unwrap_or_default(), String::new());
        }
    }
}

fn conditions(ws: &Workspace<'_>, out: &mut Out<'_>) {
    for n in ws.template().outline.names("conditions") {
        out.push(n, CompletionKind::Condition, String::new(), String::new());
    }
}

fn types(ws: &Workspace<'_>, out: &mut Out<'_>) {
    let release = ws.registry.release;
    for t in catalogue::types_in(release).into_iter().filter(|t| t.status != "HIDDEN") {
        let doc = catalogue::description_in(release, t.name, Described::Type).unwrap_or("").to_string();
        out.push(t.name, CompletionKind::Type, t.status.to_lowercase(), doc);
    }
    for (name, target) in &ws.registry.mappings {
        if !name.ends_with('*') {
            out.push(
                name,
                CompletionKind::Type,
                target.clone().map(|t| format!("→ {t}")).unwrap_or_default(),
                String::new(),
            );
        }
    }
    for f in ws.file_names().filter(|f| catalogue::is_template_name(f)) {
        out.push(f, CompletionKind::File, "provider template".into(), String::new());
    }
}

/// Where a path inside `properties` leads in the type's schema.
enum Nav {
    Keys(&'static [PropSchema]),
    One(&'static PropSchema),
}

fn navigate(schema: &'static [PropSchema], path: &[Seg]) -> Option<Nav> {
    let mut nav = Nav::Keys(schema);
    for seg in path {
        nav = match (nav, seg) {
            (Nav::Keys(ks), Seg::Key(k)) => Nav::One(ks.iter().find(|s| s.name == k.as_str())?),
            (Nav::One(s), Seg::Key(k)) => Nav::One(s.keys?.iter().find(|s| s.name == k.as_str())?),
            (Nav::One(s), Seg::Item(_)) => Nav::One(s.item?),
            (Nav::Keys(_), Seg::Item(_)) => return None,
        };
    }
    Some(nav)
}

pub(crate) fn schema_detail(s: &PropSchema) -> String {
    let mut d = s.kind.api_name().to_string();
    if s.required {
        d.push_str(", required");
    }
    if let Some(def) = s.default.filter(|l| *l != Lit::Null) {
        d.push_str(&format!(", default {}", py_str(&def.to_value())));
    }
    d
}

fn properties(ws: &Workspace<'_>, resource: &str, path: &[Seg], top: bool, at: At, out: &mut Out<'_>) {
    let Some((_, info)) = ws.resource_type(resource) else { return };
    if info.template.is_some() {
        if top && at == At::Key {
            provider_parameters(ws, &info, out);
        }
        return;
    }
    match (navigate(info.schema, path), at) {
        (Some(Nav::Keys(ks)), At::Key) => schema_keys(&info, ks, top, out),
        (Some(Nav::One(s)), At::Key) => match s.keys {
            Some(ks) => schema_keys(&info, ks, false, out),
            None => functions_list(ws, Table::Functions, at, out),
        },
        (Some(Nav::One(s)), At::Value) => {
            for c in s.constraints {
                if let Rule::AllowedValues(vals) = c.rule {
                    for v in vals {
                        out.push(
                            &py_str(&v.to_value()),
                            CompletionKind::Value,
                            s.kind.api_name().into(),
                            String::new(),
                        );
                    }
                }
            }
            functions_list(ws, Table::Functions, at, out);
        }
        _ => functions_list(ws, Table::Functions, at, out),
    }
}

fn schema_keys(info: &TypeInfo, ks: &'static [PropSchema], top: bool, out: &mut Out<'_>) {
    for s in ks.iter().filter(|s| s.implemented) {
        let doc = if top { catalogue::description(info.plugin, Described::Property(s.name)) } else { None };
        out.key(s.name, CompletionKind::Property, schema_detail(s), doc.unwrap_or("").to_string());
    }
}

fn provider_parameters(ws: &Workspace<'_>, info: &TypeInfo, out: &mut Out<'_>) {
    let Some(doc) = ws.provider(info) else { return };
    for e in doc.outline.section("parameters").map(|s| s.entries.as_slice()).unwrap_or(&[]) {
        out.key(&e.name, CompletionKind::Property, e.type_name.clone().unwrap_or_default(), String::new());
    }
}

/// Attribute names of resource `name` (a provider template's outputs).
pub(crate) fn attribute_names(ws: &Workspace<'_>, name: &str) -> Vec<(String, String)> {
    let Some((_, info)) = ws.resource_type(name) else { return Vec::new() };
    if info.template.is_some() {
        return ws
            .provider(&info)
            .map(|d| d.outline.names("outputs").into_iter().map(|n| (n.to_string(), String::new())).collect())
            .unwrap_or_default();
    }
    info.attributes
        .iter()
        .map(|a| {
            let doc =
                catalogue::description_in(ws.registry.release, info.plugin, Described::Attribute(a)).unwrap_or("");
            ((*a).to_string(), doc.to_string())
        })
        .collect()
}

fn attributes(ws: &Workspace<'_>, resource: &str, out: &mut Out<'_>) {
    for (a, doc) in attribute_names(ws, resource) {
        out.push(&a, CompletionKind::Attribute, String::new(), doc);
    }
}

fn environment(ws: &Workspace<'_>, c: &Cursor, out: &mut Out<'_>) {
    let path = c.keys();
    match (path.as_slice(), c.at) {
        ([], At::Key) => keys(out, environment::SECTIONS),
        (["parameters" | "parameter_defaults"], At::Key) => {
            for e in ws.template().outline.section("parameters").map(|s| s.entries.as_slice()).unwrap_or(&[]) {
                out.key(&e.name, CompletionKind::Parameter, e.type_name.clone().unwrap_or_default(), String::new());
            }
        }
        (["parameters" | "parameter_defaults", p], At::Value) => {
            for v in parameter_allowed_values(ws, p) {
                out.push(&v, CompletionKind::Value, String::new(), String::new());
            }
        }
        (["parameter_merge_strategies"], At::Key) => {
            out.key("default", CompletionKind::Key, String::new(), String::new());
            for n in ws.template().outline.names("parameters") {
                out.key(n, CompletionKind::Parameter, String::new(), String::new());
            }
        }
        (["parameter_merge_strategies", _], At::Value) => values(out, &["overwrite", "merge", "deep_merge"]),
        (["resource_registry"], At::Key) => {
            out.key("resources", CompletionKind::Key, String::new(), "Mappings for single resources.".into());
            types(ws, out);
        }
        (["resource_registry", "resources", _], At::Key) => types(ws, out),
        (["resource_registry", _] | ["resource_registry", "resources", _, _], At::Value) => {
            for f in ws.file_names().filter(|f| catalogue::is_template_name(f)) {
                out.push(f, CompletionKind::File, "provider template".into(), String::new());
            }
            types(ws, out);
        }
        _ => {}
    }
}

/// A template parameter's `allowed_values` (from its loaded definition).
pub(crate) fn parameter_allowed_values(ws: &Workspace<'_>, name: &str) -> Vec<String> {
    let Some(root) = ws.template().root() else { return Vec::new() };
    let Some(def) = root.get("parameters").and_then(|p| p.get(name)) else { return Vec::new() };
    def.get("constraints")
        .and_then(Node::as_list)
        .unwrap_or(&[])
        .iter()
        .filter_map(|c| c.get("allowed_values").and_then(Node::as_list))
        .flatten()
        .map(|v| py_str(&v.to_value()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ide::tests::{at, request};

    fn labels(template: &str, files: &[(&str, &str)], file: &str) -> Vec<String> {
        let (text, offset) = at(template);
        let mut req =
            request(if file == "template.yaml" { &text } else { "heat_template_version: 2021-04-16\n" }, files);
        if file != "template.yaml" {
            req.inputs.files.insert(file.to_string(), Some(text.clone()));
        }
        complete(&req, file, offset).items.into_iter().map(|i| i.label).collect()
    }

    fn has(list: &[String], want: &[&str]) -> bool {
        want.iter().all(|w| list.iter().any(|l| l == w))
    }

    const HEAD: &str = "heat_template_version: 2021-04-16\nparameters:\n  size: {type: string, constraints: [{allowed_values: [s, m]}]}\nconditions:\n  big: {equals: [{get_param: size}, m]}\nresources:\n  server:\n    type: OS::Nova::Server\n";

    #[test]
    fn sections_by_version() {
        let l = labels("heat_template_version: 2015-04-30\n|", &[], "template.yaml");
        assert!(has(&l, &["resources", "parameters", "outputs"]) && !has(&l, &["conditions"]), "{l:?}");
        let l = labels("heat_template_version: 2016-10-14\nco|", &[], "template.yaml");
        assert!(has(&l, &["conditions"]));
        let l = labels("heat_template_version: |", &[], "template.yaml");
        assert!(has(&l, &["2021-04-16", "wallaby", "2013-05-23"]));
    }

    #[test]
    fn properties_of_the_type_on_broken_text() {
        // The text does not load (an unclosed flow list below the cursor).
        let l = labels(&format!("{HEAD}    properties:\n      fl|\n  x: {{type: [\n"), &[], "template.yaml");
        assert!(has(&l, &["flavor", "image", "networks"]), "{l:?}");
        let (text, off) = at(&format!("{HEAD}    properties:\n      fl|\n"));
        let c = complete(&request(&text, &[]), "template.yaml", off);
        let flavor = c.items.iter().find(|i| i.label == "flavor").unwrap();
        assert_eq!(flavor.detail, "string, required");
        assert_eq!(flavor.insert, "flavor: ");
        assert!(flavor.documentation.contains("flavor"), "{}", flavor.documentation);
        // Nested: the keys of a list item's map.
        let l = labels(
            &format!("{HEAD}    properties:\n      networks:\n        - network: x\n          |\n"),
            &[],
            "template.yaml",
        );
        assert!(has(&l, &["port", "fixed_ip", "subnet"]), "{l:?}");
    }

    #[test]
    fn types_include_the_users_registry_and_provider_files() {
        let files = [("env.yaml", "resource_registry:\n  My::Box: box.yaml\n"), ("box.yaml", "heat_template_version: 2021-04-16\nparameters:\n  colour: {type: string}\noutputs:\n  size: {value: 1}\n")];
        let l = labels("heat_template_version: 2021-04-16\nresources:\n  a:\n    type: |\n", &files, "template.yaml");
        assert!(has(&l, &["OS::Nova::Server", "My::Box", "box.yaml"]), "{l:?}");
        let l = labels(
            "heat_template_version: 2021-04-16\nresources:\n  a:\n    type: My::Box\n    properties:\n      |\n",
            &files,
            "template.yaml",
        );
        assert_eq!(l, vec!["colour"]);
        let l = labels("heat_template_version: 2021-04-16\nresources:\n  a: {type: My::Box}\noutputs:\n  o: {value: {get_attr: [a, |]}}\n", &files, "template.yaml");
        assert_eq!(l, vec!["size"]);
    }

    #[test]
    fn function_arguments() {
        let l = labels(&format!("{HEAD}    properties:\n      name: {{get_param: |}}\n"), &[], "template.yaml");
        assert!(has(&l, &["size", "OS::stack_name"]), "{l:?}");
        let l =
            labels(&format!("{HEAD}  other:\n    type: OS::Heat::None\n    depends_on: [|]\n"), &[], "template.yaml");
        assert_eq!(l, vec!["server"]);
        let l = labels(&format!("{HEAD}outputs:\n  ip: {{value: {{get_attr: [server, |]}}}}\n"), &[], "template.yaml");
        assert!(has(&l, &["first_address", "networks", "show"]), "{l:?}");
        let l = labels(&format!("{HEAD}outputs:\n  ip: {{value: {{if: [|]}}}}\n"), &[], "template.yaml");
        assert_eq!(l, vec!["big"]);
        let l = labels(&format!("{HEAD}outputs:\n  ip:\n    value: {{get_r|"), &[], "template.yaml");
        assert!(has(&l, &["get_resource", "list_concat", "if"]) && !has(&l, &["equals"]), "{l:?}");
        let l = labels(&format!("{HEAD}outputs:\n  ip:\n    condition: |\n"), &[], "template.yaml");
        assert_eq!(l, vec!["big"]);
        // Version matters: no `if` in 2015.
        let l = labels("heat_template_version: 2015-10-15\noutputs:\n  o:\n    value: {|", &[], "template.yaml");
        assert!(has(&l, &["str_split"]) && !has(&l, &["if", "yaql"]), "{l:?}");
    }

    #[test]
    fn allowed_values_of_properties() {
        let l = labels(&format!("{HEAD}  v:\n    type: OS::Cinder::Volume\n    properties:\n      size: 1\n  p:\n    type: OS::Neutron::Port\n    properties:\n      binding:vnic_type: |\n"), &[], "template.yaml");
        assert!(has(&l, &["normal", "direct", "baremetal"]), "{l:?}");
    }

    #[test]
    fn environment_files() {
        let l = labels("|", &[("env.yaml", "")], "env.yaml");
        assert!(has(&l, &["parameters", "parameter_defaults", "resource_registry"]), "{l:?}");
        let files = [("env.yaml", "")];
        let mut req = request(HEAD, &files);
        let (text, off) = at("parameter_defaults:\n  size: |\n");
        req.inputs.files.insert("env.yaml".into(), Some(text.clone()));
        let l: Vec<String> = complete(&req, "env.yaml", off).items.into_iter().map(|i| i.label).collect();
        assert_eq!(l, vec!["s", "m"]);
        let (text, off) = at("parameters:\n  |\n");
        req.inputs.files.insert("env.yaml".into(), Some(text.clone()));
        let l: Vec<String> = complete(&req, "env.yaml", off).items.into_iter().map(|i| i.label).collect();
        assert_eq!(l, vec!["size"]);
    }

    #[test]
    fn the_replaced_range_is_the_word() {
        let (text, off) = at("heat_template_version: 2021-04-16\nresources:\n  a:\n    type: OS::No|va\n");
        let c = complete(&request(&text, &[]), "template.yaml", off);
        let start = text.find("OS::").unwrap() as u32;
        assert_eq!((c.from, c.to), (start, start + 8));
    }
}
