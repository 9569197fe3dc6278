//! A document's sections and their entries (parameters, resources, outputs,
//! conditions, environment sections), with spans: from the loaded tree when the
//! text loads, from indentation otherwise (the user is mid-typing).

use std::ops::Range;

use super::{range, scalar_text};
use crate::syntax::Node;
use crate::version::HotVersion;

/// One entry of a section (a parameter, a resource, ...).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// Its name.
    pub name: String,
    /// The key's bytes.
    pub key: Range<usize>,
    /// Key and value.
    pub full: Range<usize>,
    /// `type` (resources, parameters), if written as a plain string.
    pub type_name: Option<String>,
}

/// A top-level section.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Section {
    /// Its key.
    pub name: String,
    /// The key's bytes.
    pub key: Range<usize>,
    /// Key and value.
    pub full: Range<usize>,
    /// Its entries, when its value is a map.
    pub entries: Vec<Entry>,
}

/// The document's structure.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Outline {
    /// `heat_template_version`, when it names a known version.
    pub version: Option<HotVersion>,
    /// Sections in document order.
    pub sections: Vec<Section>,
}

impl Outline {
    /// From a loaded tree.
    pub fn from_tree(root: &Node) -> Outline {
        let mut out = Outline::default();
        for (k, v) in root.as_map().unwrap_or(&[]) {
            let Some(name) = scalar_text(k) else { continue };
            if name == "heat_template_version" {
                out.version = scalar_text(v).and_then(|t| HotVersion::parse(&t));
            }
            let entries = v
                .as_map()
                .unwrap_or(&[])
                .iter()
                .filter_map(|(ek, ev)| {
                    Some(Entry {
                        name: scalar_text(ek)?,
                        key: range(ek),
                        full: ek.span.start as usize..(ev.span.end.max(ek.span.end) as usize),
                        type_name: ev.get("type").and_then(Node::as_str).map(str::to_string),
                    })
                })
                .collect();
            out.sections.push(Section {
                key: range(k),
                full: k.span.start as usize..(v.span.end.max(k.span.end) as usize),
                name,
                entries,
            });
        }
        out
    }

    /// From the lines alone: keys at column 0 are sections, keys at the first
    /// indentation below them entries, `type:` one level further their type.
    pub fn from_lines(text: &str) -> Outline {
        let mut out = Outline::default();
        let mut entry_indent: Option<usize> = None;
        let mut type_indent: Option<usize> = None;
        let mut offset = 0;
        for line in text.split_inclusive('\n') {
            let start = offset;
            offset += line.len();
            let body = line.trim_end_matches(['\n', '\r']);
            let indent = body.len() - body.trim_start_matches(' ').len();
            let rest = body.get(indent..).unwrap_or("");
            if rest.is_empty() || rest.starts_with('#') {
                continue;
            }
            let end = start + body.len();
            let key = line_key(rest);
            if indent == 0 {
                entry_indent = None;
                if let Some(k) = key {
                    if k.key == "heat_template_version" {
                        out.version = HotVersion::parse(k.value.trim().trim_matches(['"', '\'']));
                    }
                    out.sections.push(Section {
                        name: k.key.to_string(),
                        key: start + k.range.start..start + k.range.end,
                        full: start..end,
                        entries: Vec::new(),
                    });
                }
                continue;
            }
            let Some(section) = out.sections.last_mut() else { continue };
            section.full.end = end;
            let ei = *entry_indent.get_or_insert(indent);
            if indent == ei {
                type_indent = None;
                if let Some(k) = key {
                    section.entries.push(Entry {
                        name: k.key.to_string(),
                        key: start + indent + k.range.start..start + indent + k.range.end,
                        full: start..end,
                        type_name: inline_type(k.value),
                    });
                }
            } else if indent > ei {
                let Some(entry) = section.entries.last_mut() else { continue };
                entry.full.end = end;
                let ti = *type_indent.get_or_insert(indent);
                if let Some(k) = key.filter(|k| indent == ti && k.key == "type") {
                    let v = k.value.trim().trim_matches(['"', '\'']);
                    if !v.is_empty() {
                        entry.type_name = Some(v.to_string());
                    }
                }
            }
        }
        out
    }

    /// A section by name.
    pub fn section(&self, name: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.name == name)
    }

    /// The entry names of a section.
    pub fn names(&self, section: &str) -> Vec<&str> {
        self.section(section).map(|s| s.entries.iter().map(|e| e.name.as_str()).collect()).unwrap_or_default()
    }

    /// One entry of a section.
    pub fn entry(&self, section: &str, name: &str) -> Option<&Entry> {
        self.section(section)?.entries.iter().find(|e| e.name == name)
    }
}

/// `type: X` inside a flow map written on the entry's line (`s: {type: X}`).
fn inline_type(value: &str) -> Option<String> {
    let v = value.trim();
    let inner = v.strip_prefix('{')?;
    let at = inner.find("type:")?;
    let t = inner.get(at + 5..)?.trim_start();
    let t = t.split([',', '}']).next()?.trim().trim_matches(['"', '\'']);
    (!t.is_empty()).then(|| t.to_string())
}

/// A block mapping key at the start of a line's content.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct LineKey<'a> {
    /// The key (quotes removed).
    pub key: &'a str,
    /// The key's bytes in the content (quotes included).
    pub range: Range<usize>,
    /// What follows the `:` (comment removed, not trimmed).
    pub value: &'a str,
}

/// The key of `key: value` (or `key:`), plain or quoted, at the start of `rest`.
pub(crate) fn line_key(rest: &str) -> Option<LineKey<'_>> {
    let (key, range, after) = match rest.chars().next()? {
        q @ ('"' | '\'') => {
            let close = rest.get(1..)?.find(q)? + 1;
            (rest.get(1..close)?, 0..close + 1, close + 1)
        }
        '{' | '[' | '-' | '#' | '|' | '>' | '&' | '*' | '!' => return None,
        _ => {
            let bytes = rest.as_bytes();
            let colon = (0..bytes.len()).find(|&i| {
                bytes.get(i) == Some(&b':') && matches!(bytes.get(i + 1), None | Some(b' ' | b'\t' | b'\r'))
            })?;
            let key = rest.get(..colon)?.trim_end();
            if key.contains(" #") {
                return None;
            }
            (key, 0..key.len(), colon)
        }
    };
    let tail = rest.get(after..)?;
    let tail = tail.trim_start_matches([' ', '\t']);
    let value = tail.strip_prefix(':')?;
    if !(value.is_empty() || value.starts_with([' ', '\t', '\r'])) {
        return None;
    }
    let value = match value.find(" #") {
        Some(i) => value.get(..i).unwrap_or(""),
        None => value,
    };
    Some(LineKey { key, range, value })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::SourceId;
    use crate::syntax::load_template;

    const T: &str = "heat_template_version: 2018-08-31\nparameters:\n  size: {type: number}\nresources:\n  server:\n    type: OS::Nova::Server\n    properties:\n      type: not-this\n  vol: {type: OS::Cinder::Volume}\noutputs:\n  ip:\n    value: 1\n";

    #[test]
    fn tree_and_lines_agree_on_a_template_that_loads() {
        let root = load_template(T, SourceId(0)).unwrap().root;
        let tree = Outline::from_tree(&root);
        let lines = Outline::from_lines(T);
        assert_eq!(tree.version, Some(HotVersion::V2018_08_31));
        assert_eq!(lines.version, tree.version);
        for o in [&tree, &lines] {
            assert_eq!(o.names("resources"), vec!["server", "vol"]);
            assert_eq!(o.entry("resources", "server").unwrap().type_name.as_deref(), Some("OS::Nova::Server"));
            assert_eq!(o.entry("resources", "vol").unwrap().type_name.as_deref(), Some("OS::Cinder::Volume"));
            assert_eq!(o.entry("parameters", "size").unwrap().type_name.as_deref(), Some("number"));
            let key = &o.entry("outputs", "ip").unwrap().key;
            assert_eq!(&T[key.clone()], "ip");
        }
    }

    #[test]
    fn broken_text_still_has_an_outline() {
        let t = "heat_template_version: 2021-04-16\nresources:\n  a:\n    type: OS::Heat::None\n    properties: {x: [\n  b:\n    type: \"OS::Heat::Value\"\n    prop\n";
        let o = Outline::from_lines(t);
        assert_eq!(o.names("resources"), vec!["a", "b"]);
        assert_eq!(o.entry("resources", "b").unwrap().type_name.as_deref(), Some("OS::Heat::Value"));
    }

    #[test]
    fn line_keys() {
        assert_eq!(line_key("type: OS::Nova::Server").map(|k| (k.key, k.value)), Some(("type", " OS::Nova::Server")));
        assert_eq!(line_key("'a b': 1 # c").map(|k| (k.key, k.range, k.value)), Some(("a b", 0..5, " 1")));
        assert_eq!(line_key("url: http://x").map(|k| k.key), Some("url"));
        assert_eq!(line_key("OS::Nova::Server"), None);
        assert_eq!(line_key("- a: 1"), None);
        assert_eq!(line_key("key:").map(|k| k.value), Some(""));
    }
}
