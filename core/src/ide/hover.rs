//! Hover: what the word at a position is (function docs, a property's schema
//! and description, an attribute, a type's support status, a parameter's final
//! value and where it came from).

use super::complete::{attribute_names, schema_detail};
use super::cursor::{self, At, Cursor, Seg};
use super::navigate::{function_at, target, Target};
use super::{byte_of, docs, utf16_range, DocKind, Workspace};
use crate::catalogue::{self, Described, PropSchema, Rule};
use crate::engine::evaluate;
use crate::model::parameters::ValueSource;
use crate::model::result::Evaluation;
use crate::model::Request;
use crate::pyfmt::py_str;
use crate::render::{self, Format, Placeholders};

/// Hover text (Markdown) for a range (UTF-16).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "HoverInfo"))]
pub struct Hover {
    /// Start of the word described.
    pub from: u32,
    /// Its end.
    pub to: u32,
    /// Markdown.
    pub text: String,
}

/// Hover at UTF-16 `offset` of `file`; `ev` is the request's evaluation if the
/// caller has one (a parameter's final value needs it; evaluated here otherwise).
pub(crate) fn hover(req: &Request, ev: Option<&Evaluation>, file: &str, offset: u32) -> Option<Hover> {
    let ws = Workspace::new(req, file)?;
    let text = ws.doc.text;
    let c = cursor::at(text, byte_of(text, offset));
    if c.in_comment || c.word.is_empty() {
        return None;
    }
    let word = c.word(text);
    let body = describe(&ws, &c, word, req, ev)?;
    let (from, to) = utf16_range(text, &c.word);
    Some(Hover { from, to, text: body })
}

fn describe(ws: &Workspace<'_>, c: &Cursor, word: &str, req: &Request, ev: Option<&Evaluation>) -> Option<String> {
    if c.at == At::Key {
        if let Some(d) = docs::function(word) {
            return Some(format!("**{}** `{}`\n\n{}\n\nExample: `{}`", d.name, d.args, d.summary, d.example));
        }
    }
    if let Some(t) = target(ws, c) {
        match t {
            Target::Param(n) => return Some(parameter(ws, &n, req, ev)),
            Target::Resource(n) => {
                let t = ws.template().outline.entry("resources", &n)?.type_name.clone().unwrap_or_default();
                return Some(format!("resource **{n}**: `{t}`"));
            }
            Target::Condition(n) => {
                let mut s = format!("condition **{n}**");
                if let Some(v) = final_eval(req, ev).result.conditions.get_str(&n) {
                    s.push_str(&format!(": `{}`", value_line(v)));
                }
                return Some(s);
            }
            Target::Type(n) => return Some(type_text(req.release(), &n)),
            Target::File(n) => return Some(format!("file `{n}`")),
        }
    }
    let path = c.keys();
    if ws.doc.kind == DocKind::Template {
        if let (["resources", r, "properties", ..], At::Key) = (path.as_slice(), c.at) {
            let mut steps: Vec<Seg> = c.path.get(3..).unwrap_or(&[]).to_vec();
            steps.push(Seg::Key(word.to_string()));
            return property(ws, r, &steps);
        }
        if let (Some(("get_attr", [Seg::Item(1)])), Some(r)) = (function_at(c), c.items.first()) {
            let (_, doc) = attribute_names(ws, r).into_iter().find(|(a, _)| a == word)?;
            return Some(format!("attribute **{word}** of `{r}`\n\n{doc}"));
        }
    }
    if c.at == At::Key {
        return docs::KEYS.iter().find(|(k, _)| *k == word).map(|(k, d)| format!("**{k}**\n\n{d}"));
    }
    None
}

fn final_eval<'e>(req: &Request, ev: Option<&'e Evaluation>) -> std::borrow::Cow<'e, Evaluation> {
    match ev {
        Some(e) => std::borrow::Cow::Borrowed(e),
        None => std::borrow::Cow::Owned(evaluate(req)),
    }
}

/// A value on one line, as the renderer writes it.
fn value_line(v: &crate::value::Value) -> String {
    render::render(v, &[], &Placeholders::new(), Format::JsonLine).text
}

fn type_text(release: crate::release::Release, name: &str) -> String {
    match catalogue::entry_in(release, name) {
        Some(e) => {
            let desc = catalogue::description_in(release, name, Described::Type).unwrap_or("");
            format!("**{name}** ({})\n\n{desc}", e.status.to_lowercase())
        }
        None => format!("**{name}**"),
    }
}

fn property(ws: &Workspace<'_>, resource: &str, steps: &[Seg]) -> Option<String> {
    let (_, info) = ws.resource_type(resource)?;
    let mut schema: Option<&'static PropSchema> = None;
    let mut keys = info.schema;
    for s in steps {
        let next = match s {
            Seg::Key(k) => keys.iter().find(|p| p.name == k.as_str())?,
            Seg::Item(_) => schema?.item?,
        };
        keys = next.keys.unwrap_or(&[]);
        schema = Some(next);
    }
    let s = schema?;
    let mut out = format!("**{}**: {}", s.name, schema_detail(s));
    if !s.update_allowed {
        out.push_str(", replaces the resource on update");
    }
    if steps.len() == 1 {
        if let Some(d) = catalogue::description_in(ws.registry.release, info.plugin, Described::Property(s.name)) {
            out.push_str(&format!("\n\n{d}"));
        }
    }
    for c in s.constraints {
        let line = match c.rule {
            Rule::AllowedValues(v) => {
                format!("one of: {}", v.iter().map(|l| py_str(&l.to_value())).collect::<Vec<_>>().join(", "))
            }
            Rule::AllowedPattern(p) => format!("pattern: `{p}`"),
            Rule::Custom(n) => format!("{n} (checked by the cloud)"),
            Rule::Range { .. } | Rule::Length { .. } | Rule::Modulo { .. } => continue,
        };
        out.push_str(&format!("\n\n{line}"));
    }
    Some(out)
}

fn parameter(ws: &Workspace<'_>, name: &str, req: &Request, ev: Option<&Evaluation>) -> String {
    let e = ws.template().outline.entry("parameters", name);
    let kind = e.and_then(|e| e.type_name.clone()).unwrap_or_default();
    let mut out = format!("parameter **{name}**: {kind}");
    let ev = final_eval(req, ev);
    if let Some(info) = ev.param_info.iter().find(|p| p.name == name) {
        if !info.description.is_empty() {
            out.push_str(&format!("\n\n{}", info.description));
        }
        let source = match info.source {
            ValueSource::User => format!("set in {}", info.file.as_deref().unwrap_or("parameters")),
            ValueSource::UserDefault => {
                format!("parameter_defaults of {}", info.file.as_deref().unwrap_or("the environment"))
            }
            ValueSource::Default => "the template's default".to_string(),
            ValueSource::Missing => "not set".to_string(),
        };
        // A stack that fails elsewhere has no parameter values: its parameters
        // alone (the template's version and `parameters`) still have them.
        let alone = (ev.result.parameters.get_str(name).is_none()).then(|| parameters_alone(ws, req)).flatten();
        let result = alone.as_ref().map_or(&ev.result, |e| &e.result);
        match result.parameters.get_str(name) {
            Some(v) if !info.hidden => {
                out.push_str(&format!("\n\nvalue: `{}` ({source})", value_line(v)));
            }
            Some(_) => out.push_str(&format!("\n\nvalue: hidden ({source})")),
            None => out.push_str(&format!("\n\n{source}")),
        }
    }
    out
}

/// The evaluation of the request with only the template's version and
/// parameters (for parameter values when the whole stack fails).
fn parameters_alone(ws: &Workspace<'_>, req: &Request) -> Option<Evaluation> {
    let root = ws.template().root()?;
    let mut m = crate::value::Map::new();
    for key in ["heat_template_version", "parameters"] {
        if let Some(v) = root.get(key) {
            m.insert_str(key, v.to_value());
        }
    }
    let mut alone = req.clone();
    alone.template = crate::model::Document::Value(crate::value::Value::map(m));
    Some(evaluate(&alone))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ide::tests::request;
    use crate::ide::utf16_of;

    const T: &str = "heat_template_version: 2021-04-16\nparameters:\n  size: {type: number, default: 1, description: Disk size}\nconditions:\n  big: {equals: [{get_param: size}, 10]}\nresources:\n  vol:\n    type: OS::Cinder::Volume\n    properties:\n      size: {get_param: size}\n  s:\n    type: OS::Nova::Server\n    properties:\n      flavor: m1\n      image: cirros\n      networks: [{network: n}]\noutputs:\n  o: {value: {get_attr: [s, first_address]}}\n  p: {value: {if: [big, 1, 2]}}\n";

    fn hover_at(req: &Request, file: &str, needle: &str, nth: usize) -> String {
        let text = crate::ide::text_of(req, file).unwrap().1.to_string();
        let i = text.match_indices(needle).nth(nth).unwrap().0;
        hover(req, None, file, utf16_of(&text, i + 1)).map(|h| h.text).unwrap_or_default()
    }

    #[test]
    fn functions_properties_attributes_types() {
        let req = request(T, &[]);
        assert!(
            hover_at(&req, "template.yaml", "get_attr", 0).contains("Example: `{get_attr: [server, first_address]}`")
        );
        let h = hover_at(&req, "template.yaml", "flavor", 0);
        assert!(h.starts_with("**flavor**: string, required") && h.contains("flavor"), "{h}");
        let h = hover_at(&req, "template.yaml", "network:", 0);
        assert!(h.starts_with("**network**: string"), "{h}");
        let h = hover_at(&req, "template.yaml", "first_address", 0);
        assert!(h.contains("attribute **first_address**") && h.contains("network address"), "{h}");
        let h = hover_at(&req, "template.yaml", "OS::Cinder::Volume", 0);
        assert!(h.starts_with("**OS::Cinder::Volume** (supported)"), "{h}");
        assert!(hover_at(&req, "template.yaml", "resources", 0).contains("The resources to create"));
    }

    #[test]
    fn parameters_show_their_final_value_and_source() {
        let req = request(T, &[("env.yaml", "parameter_defaults:\n  size: 20\n")]);
        let h = hover_at(&req, "template.yaml", "size}, 10", 0);
        assert!(h.contains("parameter **size**: number") && h.contains("Disk size"), "{h}");
        assert!(h.contains("value: `20` (parameter_defaults of env.yaml)"), "{h}");
        let h = hover_at(&req, "env.yaml", "size", 0);
        assert!(h.contains("value: `20`"), "{h}");
        let h = hover_at(&request(T, &[]), "template.yaml", "size:", 0);
        assert!(h.contains("value: `1` (the template's default)"), "{h}");
        // The stack fails (an unknown property): the value is still known.
        let broken = T.replace("image: cirros", "imag: cirros");
        let h = hover_at(&request(&broken, &[]), "template.yaml", "size:", 0);
        assert!(h.contains("value: `1` (the template's default)"), "{h}");
        // Conditions show what they evaluate to.
        let h = hover_at(&req, "template.yaml", "big, 1", 0);
        assert_eq!(h, "condition **big**: `false`");
    }
}
