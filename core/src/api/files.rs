//! Files as Heat and heatclient read them, for callers that find and classify
//! files themselves (the CLI's `-t` mode, `hotplate check`, the language
//! server): loading a text to a value, whether it is a template or an
//! environment, and which parameters are hidden.

use std::collections::HashSet;

use crate::diag::Diagnostic;
pub use crate::engine::file_schemata::VERSION_KEYS;
use crate::engine::{environment, Document, Request};
use crate::pyfmt::py_str;
use crate::source::{SourceId, SourceMap, Span};
use crate::syntax::{self, Node, NodeKind};
use crate::value::Value;

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
    let files = req.files.values().filter_map(|f| f.as_deref().and_then(load_map));
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
                req.files.get(named_in).cloned().flatten().unwrap_or_default()
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

#[cfg(test)]
mod tests {
    use super::*;

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
        req.files.insert(
            "child.yaml".into(),
            Some("heat_template_version: 2021-04-16\nparameters:\n  c: {type: string, hidden: yes}\n".into()),
        );
        let mut hidden: Vec<String> = hidden_parameters(&req).into_iter().collect();
        hidden.sort();
        assert_eq!(hidden, ["a", "c"]);
    }
}
