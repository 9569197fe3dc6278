//! Files as Heat and heatclient read them, for callers that find and classify
//! files themselves (the CLI's `-t` mode, `hotplate check`, the language
//! server): loading a text to a value, whether it is a template or an
//! environment, and which parameters are hidden.

use std::collections::HashSet;

use crate::engine::environment;
pub use crate::engine::file_schemata::VERSION_KEYS;
use crate::model::diag::Diagnostic;
use crate::model::files::{FileKind, FileSummary, RefKind, RegistryFile};
use crate::model::{Document, Request};
use crate::pyfmt::py_str;
use crate::source::{SourceId, SourceMap, Span};
use crate::syntax::{self, Node, NodeKind};
use crate::value::{Map, Value};

/// A text loaded as Heat loads a template (JSON first, then YAML 1.1 with
/// Heat's rules); `Err` is the loader's diagnostic (its `message` says what is
/// wrong, unlocated).
pub fn load_template(text: &str) -> Result<Value, Diagnostic> {
    syntax::load_template(text, SourceId(0)).map(|l| l.root.to_value())
}

/// A text loaded as Heat loads an environment (YAML 1.1); `Err` as for
/// [`load_template`].
pub fn load_yaml(text: &str) -> Result<Value, Diagnostic> {
    syntax::load_yaml(text, SourceId(0)).map(|l| l.root.to_value())
}

/// A file's contents when they load as a template does to a map.
pub fn load_map(text: &str) -> Option<Value> {
    load_template(text).ok().filter(|v| v.as_map().is_some())
}

/// Whether a loaded map is a template: it has one of the keys Heat reads a
/// version from (heatclient's `is_template`).
pub fn is_template(root: &Value) -> bool {
    root.as_map().is_some_and(|top| VERSION_KEYS.iter().any(|k| top.get_str(k).is_some()))
}

/// Whether a loaded value is an environment: a non-empty map of environment
/// sections only.
pub fn is_environment(root: &Value) -> bool {
    let Value::Map(top) = root else { return false };
    !top.is_empty() && top.iter().all(|(k, _)| k.as_str().is_some_and(|k| environment::SECTIONS.contains(&k)))
}

/// Parameter names declared hidden (`hidden`, or CloudFormation's `NoEcho`)
/// in the request's template or in any template among its files: a caller
/// that shows a nested stack's parameters masks these (the evaluation reports
/// hidden-ness for the top-level stack's parameters only, so this errs on the
/// side of masking).
pub fn hidden_parameters(req: &Request) -> HashSet<String> {
    let mut out = HashSet::new();
    let main = match &req.template {
        Document::Text(t) => load_map(t),
        Document::Value(v) => Some(v.clone()),
    };
    let files = req.inputs.files.values().filter_map(|f| f.as_deref().and_then(load_map));
    for t in main.into_iter().chain(files) {
        let params = t.as_map().and_then(|m| m.get_str("parameters").or_else(|| m.get_str("Parameters")));
        for (name, schema) in params.and_then(Value::as_map).map(|m| m.iter().collect::<Vec<_>>()).unwrap_or_default() {
            let schema = schema.as_map();
            let flag = |k: &str| schema.and_then(|s| s.get_str(k)).is_some_and(Value::truthy);
            if flag("hidden") || flag("NoEcho") {
                out.insert(py_str(name));
            }
        }
    }
    out
}

/// The caller's own note (`Severity::Note`: hotplate's, never Heat's) at the
/// first place where a mapping value of document `named_in` (the template's
/// name or a key of the request's `files`) is the string `reference` (a
/// `get_file:`, `type:` or registry entry); unlocated when none is. The
/// document's source is added to `sources` when they lack it.
pub fn note_at_reference(
    sources: &mut SourceMap,
    req: &Request,
    named_in: &str,
    reference: &str,
    code: &'static str,
    message: String,
) -> Diagnostic {
    let found = sources.iter().find(|(_, s)| s.name == named_in).map(|(id, s)| (id, s.text.clone()));
    let (id, text) = match found {
        Some(found) => found,
        None => {
            let text = if named_in == req.template_name {
                match &req.template {
                    Document::Text(t) => t.clone(),
                    Document::Value(_) => String::new(),
                }
            } else {
                req.inputs.files.get(named_in).cloned().flatten().unwrap_or_default()
            };
            (sources.add(named_in.to_string(), text.clone()), text)
        }
    };
    let span = syntax::load_template(&text, id).ok().and_then(|l| value_span(&l.root, reference));
    Diagnostic::note(code, message).at_opt(span)
}

/// Where a mapping's value is the string `text`, first in document order.
fn value_span(node: &Node, text: &str) -> Option<Span> {
    match &node.kind {
        NodeKind::Scalar(_) => None,
        NodeKind::List(items) => items.iter().find_map(|n| value_span(n, text)),
        NodeKind::Map(entries) => {
            entries.iter().find_map(|(_, v)| if v.as_str() == Some(text) { Some(v.span) } else { value_span(v, text) })
        }
    }
}

/// heatclient's `resolve_template_get_files`: string values of `get_file` keys,
/// and of `type` keys ending in `.yaml` or `.template`, anywhere in the template,
/// in document order; the other `type` strings as [`RefKind::Type`].
pub fn find_refs(v: &Value, out: &mut Vec<(RefKind, String)>) {
    match v {
        Value::Map(m) => {
            if let Some(Value::Str(p)) = m.get_str("get_file") {
                out.push((RefKind::GetFile, p.to_string()));
            }
            if let Some(Value::Str(t)) = m.get_str("type") {
                let kind =
                    if t.ends_with(".yaml") || t.ends_with(".template") { RefKind::Provider } else { RefKind::Type };
                out.push((kind, t.to_string()));
            }
            for (_, x) in m.iter() {
                find_refs(x, out);
            }
        }
        Value::List(l) => l.iter().for_each(|x| find_refs(x, out)),
        _ => {}
    }
}

/// The files an environment's `resource_registry` maps types to, as heatclient
/// finds them (`resolve_environment_urls`): every string value that is not a
/// type name (`::`), at the top and under `resources: {name: {...}}`.
pub fn registry_files(env: &Value) -> Vec<RegistryFile> {
    let mut out = Vec::new();
    let Some(Value::Map(reg)) = env.as_map().and_then(|m| m.get_str("resource_registry")) else { return out };
    let top: Vec<String> = base_url(reg).into_iter().collect();
    registry_entries(reg, &top, &mut out);
    if let Some(Value::Map(resources)) = reg.get_str("resources") {
        for (_, r) in resources.iter() {
            if let Value::Map(r) = r {
                let bases: Vec<String> = top.iter().cloned().chain(base_url(r)).collect();
                registry_entries(r, &bases, &mut out);
            }
        }
    }
    out
}

fn base_url(reg: &Map) -> Option<String> {
    reg.get_str("base_url").and_then(Value::as_str).map(str::to_string)
}

fn registry_entries(reg: &Map, bases: &[String], out: &mut Vec<RegistryFile>) {
    for (k, v) in reg.iter() {
        let key = k.as_str().unwrap_or_default();
        if matches!(key, "base_url" | "hooks" | "restricted_actions" | "resources") {
            continue;
        }
        if let Some(f) = v.as_str().filter(|f| !f.contains("::")) {
            out.push(RegistryFile { type_name: key.to_string(), file: f.to_string(), base_urls: bases.to_vec() });
        }
    }
}

/// The string keys of the map at `section` of `root` (none when it is not a map).
fn keys_of(root: &Value, section: &str) -> Vec<String> {
    match root.as_map().and_then(|m| m.get_str(section)) {
        Some(Value::Map(m)) => m.iter().filter_map(|(k, _)| k.as_str().map(str::to_string)).collect(),
        _ => Vec::new(),
    }
}

/// The types an environment's `resource_registry` maps.
fn registry_types(env: &Value) -> Vec<String> {
    let mut out = Vec::new();
    let Some(Value::Map(reg)) = env.as_map().and_then(|m| m.get_str("resource_registry")) else { return out };
    let mut push = |reg: &Map| {
        for (k, _) in reg.iter() {
            let key = k.as_str().unwrap_or_default();
            if !matches!(key, "base_url" | "hooks" | "restricted_actions" | "resources")
                && !out.iter().any(|t| t == key)
            {
                out.push(key.to_string());
            }
        }
    };
    push(reg);
    if let Some(Value::Map(resources)) = reg.get_str("resources") {
        for (_, r) in resources.iter() {
            if let Value::Map(r) = r {
                push(r);
            }
        }
    }
    out
}

/// [`FileSummary`] of a file's text.
pub fn summarize_file(text: &str) -> FileSummary {
    let Some(root) = load_map(text) else { return FileSummary::default() };
    if is_template(&root) {
        let mut found = Vec::new();
        find_refs(&root, &mut found);
        let mut refs = Vec::new();
        let mut types: Vec<String> = Vec::new();
        for (kind, r) in found {
            if !types.contains(&r) && kind != RefKind::GetFile {
                types.push(r.clone());
            }
            if kind != RefKind::Type {
                refs.push(r);
            }
        }
        let mut parameters = keys_of(&root, "parameters");
        parameters.extend(keys_of(&root, "Parameters"));
        return FileSummary { kind: FileKind::Template, refs, types, parameters };
    }
    if is_environment(&root) {
        let refs = registry_files(&root).into_iter().map(|f| f.file).collect();
        let mut parameters = keys_of(&root, "parameters");
        for p in keys_of(&root, "parameter_defaults") {
            if !parameters.contains(&p) {
                parameters.push(p);
            }
        }
        return FileSummary { kind: FileKind::Env, refs, types: registry_types(&root), parameters };
    }
    FileSummary::default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_summarized_as_heatclient_finds_their_references() {
        let t = summarize_file(
            "heat_template_version: 2021-04-16\nresources:\n  a: {type: lib/a.yaml}   # a provider\n  b:\n    type: \"b.template\"\n    properties:\n      script: {get_file: 'scripts/it''s.sh'}\n      list: [1, {get_file: \"x y.txt\"}]\n  c: {type: OS::Nova::Server}\n  d: {type: not-a-template.yml}\n",
        );
        assert_eq!(t.kind, FileKind::Template);
        assert_eq!(t.refs, ["lib/a.yaml", "b.template", "scripts/it's.sh", "x y.txt"]);
        assert_eq!(t.types, ["lib/a.yaml", "b.template", "OS::Nova::Server", "not-a-template.yml"]);
        // JSON is YAML's flow style.
        let j = summarize_file(
            "{\"heat_template_version\": \"2021-04-16\", \"resources\": {\"a\": {\"type\": \"a.yaml\"}}}",
        );
        assert_eq!(
            j,
            FileSummary {
                kind: FileKind::Template,
                refs: vec!["a.yaml".into()],
                types: vec!["a.yaml".into()],
                parameters: vec![]
            }
        );
        assert_eq!(summarize_file("AWSTemplateFormatVersion: \"2010-09-09\"\n").kind, FileKind::Template);
        let e = summarize_file(
            "parameter_defaults: {a: 1}\nresource_registry:\n  OS::A: a.yaml\n  OS::B: OS::Heat::None\n  base_url: lib\n  resources:\n    r: {OS::C: c.yaml, hooks: pre-create}\n",
        );
        assert_eq!(e.kind, FileKind::Env);
        assert_eq!(e.refs, ["a.yaml", "c.yaml"]);
        // What it maps and sets: a folder's page hints at the environment files that concern its template.
        assert_eq!(e.types, ["OS::A", "OS::B", "OS::C"]);
        assert_eq!(e.parameters, ["a"]);
        let p = summarize_file(
            "heat_template_version: 2021-04-16\nparameters:\n  x: {type: string}\n  y: {type: number}\n",
        );
        assert_eq!(p.parameters, ["x", "y"]);
        let root = load_yaml(
            "resource_registry:\n  OS::A: a.yaml\n  base_url: lib\n  resources:\n    r: {OS::C: c.yaml, base_url: x}\n",
        )
        .unwrap();
        assert_eq!(registry_files(&root)[1].base_urls, ["lib", "x"]);
        for other in ["echo hi\n", "- a\n", "a: [\n", "resources: {}\n", ""] {
            assert_eq!(summarize_file(other), FileSummary::default(), "{other:?}");
        }
    }

    #[test]
    fn templates_and_environments_are_told_apart() {
        assert!(is_template(&load_map("heat_template_version: 2021-04-16\n").unwrap()));
        assert!(is_template(&load_map("{\"AWSTemplateFormatVersion\": \"2010-09-09\"}").unwrap()));
        assert!(!is_template(&load_map("parameters: {a: 1}\n").unwrap()));
        assert!(load_map("- a\n").is_none());
        let env = |text: &str| is_environment(&load_yaml(text).unwrap());
        assert!(env("parameters: {a: 1}\nresource_registry: {}\n"));
        assert!(!env("parameters: {a: 1}\nresources: {}\n"));
        assert!(!env("{}\n"));
        assert!(load_yaml("a: [\n").is_err());
    }

    #[test]
    fn hidden_parameters_of_every_template() {
        let mut req = Request::new(
            "heat_template_version: 2021-04-16\nparameters:\n  a: {type: string, hidden: true}\n  b: {type: string}\n",
        );
        req.inputs.files.insert(
            "child.yaml".into(),
            Some("heat_template_version: 2021-04-16\nparameters:\n  c: {type: string, hidden: yes}\n".into()),
        );
        let mut hidden: Vec<String> = hidden_parameters(&req).into_iter().collect();
        hidden.sort();
        assert_eq!(hidden, ["a", "c"]);
    }
}
