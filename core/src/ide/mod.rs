//! Editor intelligence: completion, hover, go to definition, references, the
//! outline and quick fixes, by position in one document of a request.
//!
//! Everything here reads text the user is typing, so nothing assumes it parses:
//! [`cursor`] reads the key path around a position from indentation and the
//! current line alone, and [`outline`] builds the document's sections and entries
//! from the loaded tree when the text loads, from its lines otherwise. Features
//! that need exact spans of every reference (references, quick fixes) use the
//! loaded tree and answer nothing while the text does not load.
//!
//! Offsets at the edges are UTF-16 code units (the unit of `api::Located`);
//! inside, byte offsets. The API types are re-exported by `api`, the only door.

pub(crate) mod complete;
pub(crate) mod cursor;
pub(crate) mod docs;
pub(crate) mod fixes;
pub(crate) mod hover;
pub(crate) mod navigate;
pub(crate) mod outline;

use std::cell::OnceCell;
use std::ops::Range;

use crate::catalogue::{self, Registry, TypeInfo};
use crate::model::ide::Location;
use crate::model::{Document, Request};
use crate::source::SourceId;
use crate::syntax::{load_template, load_yaml, Node};
use crate::value::Value;
use crate::version::HotVersion;

use outline::Outline;

/// What a document is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum DocKind {
    /// The template or a provider template.
    Template,
    /// An environment file.
    Environment,
}

/// One document of the request, loaded as far as it loads.
pub(crate) struct Doc<'a> {
    /// Its name (the template's name, or its key in `files`).
    pub name: &'a str,
    /// Its text.
    pub text: &'a str,
    /// What it is.
    pub kind: DocKind,
    /// The tree, when the text loads (loaded on first use).
    root: OnceCell<Option<Node>>,
    /// Sections and entries (from the tree, or from the lines).
    pub outline: Outline,
}

/// How much of a document to load up front.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Depth {
    /// The tree, and the outline from it (exact spans for every feature).
    Tree,
    /// The outline from the lines only, the tree when first asked for
    /// (completion: a TripleO template's load alone is most of the time).
    Lines,
}

impl<'a> Doc<'a> {
    fn load(name: &'a str, text: &'a str, kind: DocKind, depth: Depth) -> Doc<'a> {
        // JSON has no lines to read keys from.
        let json = text.trim_start().starts_with('{');
        if depth == Depth::Lines && !json {
            return Doc { name, text, kind, root: OnceCell::new(), outline: Outline::from_lines(text) };
        }
        let root = load_root(text, kind);
        let outline = match &root {
            Some(r) => Outline::from_tree(r),
            None => Outline::from_lines(text),
        };
        Doc { name, text, kind, root: OnceCell::from(root), outline }
    }

    /// The tree, if the text loads.
    pub fn root(&self) -> Option<&Node> {
        self.root.get_or_init(|| load_root(self.text, self.kind)).as_ref()
    }

    /// The template version (a template's own; the newest when absent or unknown).
    pub fn version(&self) -> HotVersion {
        self.outline.version.unwrap_or(HotVersion::V2021_04_16)
    }
}

/// The request seen from one of its documents.
pub(crate) struct Workspace<'a> {
    /// The request.
    pub req: &'a Request,
    /// The document the position is in.
    pub doc: Doc<'a>,
    /// The template the document belongs to (the document itself, unless it
    /// is an environment file: then the request's template).
    template: Option<Doc<'a>>,
    /// The environment files' `resource_registry`, merged in order.
    pub registry: Registry,
    /// Each environment file's loaded tree (for registry definitions).
    envs: Vec<(&'a str, Node)>,
    /// How documents are loaded.
    depth: Depth,
}

impl<'a> Workspace<'a> {
    /// The workspace for document `file` (the template's name or a key of
    /// `files`), or `None` if the request has no such text.
    pub fn new(req: &'a Request, file: &str) -> Option<Workspace<'a>> {
        Workspace::load(req, file, Depth::Tree)
    }

    /// The workspace, its documents loaded to `depth`.
    pub fn load(req: &'a Request, file: &str, depth: Depth) -> Option<Workspace<'a>> {
        let (name, text, kind) = text_of(req, file)?;
        let doc = Doc::load(name, text, kind, depth);
        let template = match kind {
            DocKind::Template => None,
            DocKind::Environment => text_of(req, &req.template_name).map(|(n, t, k)| Doc::load(n, t, k, depth)),
        };
        let mut registry = Registry::default();
        let mut envs = Vec::new();
        for env in &req.inputs.environment_files {
            let Some((n, t)) = req.inputs.files.get_key_value(env).and_then(|(n, t)| Some((n.as_str(), t.as_deref()?)))
            else {
                continue;
            };
            let Ok(loaded) = load_yaml(t, SourceId(0)) else { continue };
            if let Some(section) = loaded.root.get("resource_registry") {
                let reg = Registry::from_value(&section.to_value());
                registry.mappings.extend(reg.mappings);
                registry.per_resource.extend(reg.per_resource);
            }
            envs.push((n, loaded.root));
        }
        if let Some(Document::Value(v)) = &req.inputs.environment {
            if req.inputs.environment_files.is_empty() {
                if let Some(section) = v.as_map().and_then(|m| m.get_str("resource_registry")) {
                    registry = Registry::from_value(section);
                }
            }
        }
        registry.release = req.release();
        Some(Workspace { req, doc, template, registry, envs, depth })
    }

    /// The template the document belongs to.
    pub fn template(&self) -> &Doc<'a> {
        self.template.as_ref().unwrap_or(&self.doc)
    }

    /// The version functions and sections follow.
    pub fn version(&self) -> HotVersion {
        self.template().version()
    }

    /// The type of resource `name` of the template, resolved through the registry.
    pub fn resource_type(&self, name: &str) -> Option<(String, TypeInfo)> {
        let t = self.template().outline.entry("resources", name)?.type_name.clone()?;
        let info = catalogue::resolve_type(&self.registry, name, &t).ok()?;
        Some((t, info))
    }

    /// A provider template's outline, if its text is in `files`.
    pub fn provider(&self, info: &TypeInfo) -> Option<Doc<'a>> {
        let (file, _) = info.template.as_ref()?;
        let (n, t) = self.req.inputs.files.get_key_value(file.as_str())?;
        Some(Doc::load(n.as_str(), t.as_deref()?, DocKind::Template, self.depth))
    }

    /// The names of `files` (for `get_file` and provider templates).
    pub fn file_names(&self) -> impl Iterator<Item = &'a str> + 'a {
        self.req.inputs.files.keys().map(String::as_str)
    }

    /// The user's `resource_registry` keys with where they are defined.
    pub fn registry_definitions(&self) -> Vec<(&'a str, &str, Range<usize>)> {
        let mut out = Vec::new();
        for (file, root) in &self.envs {
            if let Some(reg) = root.get("resource_registry").and_then(Node::as_map) {
                for (k, _) in reg {
                    if let Some(name) = k.as_str() {
                        out.push((*file, name, k.span.start as usize..k.span.end as usize));
                    }
                }
            }
        }
        out
    }
}

/// The loaded tree of a document, if it loads to a map.
fn load_root(text: &str, kind: DocKind) -> Option<Node> {
    let loaded = match kind {
        DocKind::Template => load_template(text, SourceId(0)),
        DocKind::Environment => load_yaml(text, SourceId(0)),
    };
    loaded.ok().map(|l| l.root).filter(|r| r.as_map().is_some())
}

/// A document's name, text and kind.
fn text_of<'a>(req: &'a Request, file: &str) -> Option<(&'a str, &'a str, DocKind)> {
    if file == req.template_name {
        if let Document::Text(t) = &req.template {
            return Some((req.template_name.as_str(), t.as_str(), DocKind::Template));
        }
        return None;
    }
    let (name, text) = req.inputs.files.get_key_value(file)?;
    let kind =
        if req.inputs.environment_files.iter().any(|e| e == file) { DocKind::Environment } else { DocKind::Template };
    Some((name.as_str(), text.as_deref()?, kind))
}

/// A byte offset as UTF-16 code units.
pub(crate) fn utf16_of(text: &str, byte: usize) -> u32 {
    let mut b = byte.min(text.len());
    while !text.is_char_boundary(b) {
        b -= 1;
    }
    u32::try_from(text.get(..b).unwrap_or("").encode_utf16().count()).unwrap_or(u32::MAX)
}

/// A UTF-16 offset as a byte offset (clamped to the text, on a char boundary).
pub(crate) fn byte_of(text: &str, utf16: u32) -> usize {
    let mut units = 0u32;
    for (i, c) in text.char_indices() {
        if units >= utf16 {
            return i;
        }
        units += u32::try_from(c.len_utf16()).unwrap_or(1);
    }
    text.len()
}

/// A byte range as a UTF-16 range.
pub(crate) fn utf16_range(text: &str, r: &Range<usize>) -> (u32, u32) {
    let from = utf16_of(text, r.start);
    let to = from + utf16_of(text.get(r.start.min(text.len())..).unwrap_or(""), r.end.saturating_sub(r.start));
    (from, to)
}

/// UTF-16 offsets of many byte offsets of one text: one pass to build
/// (checkpoints every 4 KB), then at most 4 KB counted per offset.
pub(crate) struct Utf16<'t> {
    text: &'t str,
    ascii: bool,
    marks: Vec<(usize, u32)>,
}

impl<'t> Utf16<'t> {
    /// Index a text.
    pub fn new(text: &'t str) -> Utf16<'t> {
        let ascii = text.is_ascii();
        let mut marks = vec![(0usize, 0u32)];
        if !ascii {
            let mut units = 0u32;
            let mut next = 4096;
            for (i, c) in text.char_indices() {
                if i >= next {
                    marks.push((i, units));
                    next = i + 4096;
                }
                units += u32::try_from(c.len_utf16()).unwrap_or(1);
            }
        }
        Utf16 { text, ascii, marks }
    }

    /// The UTF-16 offset of a byte offset.
    pub fn of(&self, byte: usize) -> u32 {
        if self.ascii {
            return u32::try_from(byte.min(self.text.len())).unwrap_or(u32::MAX);
        }
        let i = self.marks.partition_point(|(b, _)| *b <= byte).saturating_sub(1);
        let (b, u) = self.marks.get(i).copied().unwrap_or((0, 0));
        u + utf16_of(self.text.get(b..).unwrap_or(""), byte.saturating_sub(b))
    }

    /// A byte range as a UTF-16 range.
    pub fn range(&self, r: &Range<usize>) -> (u32, u32) {
        (self.of(r.start), self.of(r.end.max(r.start)))
    }
}

impl Location {
    pub(crate) fn new(file: &str, text: &str, r: &Range<usize>) -> Location {
        Location::at(file, &Utf16::new(text), r)
    }

    pub(crate) fn at(file: &str, index: &Utf16<'_>, r: &Range<usize>) -> Location {
        let (from, to) = index.range(r);
        Location { file: file.to_string(), from, to }
    }
}

/// Edit distance with adjacent transpositions (optimal string alignment),
/// case-insensitive, bounded (`None` past `max`).
pub(crate) fn distance(a: &str, b: &str, max: usize) -> Option<usize> {
    let a: Vec<char> = a.chars().map(|c| c.to_ascii_lowercase()).collect();
    let b: Vec<char> = b.chars().map(|c| c.to_ascii_lowercase()).collect();
    if a.len().abs_diff(b.len()) > max {
        return None;
    }
    let w = b.len() + 1;
    let mut d = vec![0usize; (a.len() + 1) * w];
    let at = |i: usize, j: usize| i * w + j;
    for i in 0..=a.len() {
        if let Some(x) = d.get_mut(at(i, 0)) {
            *x = i;
        }
    }
    for j in 0..=b.len() {
        if let Some(x) = d.get_mut(at(0, j)) {
            *x = j;
        }
    }
    let get = |d: &[usize], i: usize, j: usize| d.get(at(i, j)).copied().unwrap_or(usize::MAX / 2);
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let (ca, cb) = (a.get(i - 1), b.get(j - 1));
            let mut v =
                (get(&d, i - 1, j) + 1).min(get(&d, i, j - 1) + 1).min(get(&d, i - 1, j - 1) + usize::from(ca != cb));
            if i > 1 && j > 1 && ca == b.get(j - 2) && a.get(i - 2) == cb {
                v = v.min(get(&d, i - 2, j - 2) + 1);
            }
            if let Some(x) = d.get_mut(at(i, j)) {
                *x = v;
            }
        }
    }
    Some(get(&d, a.len(), b.len())).filter(|v| *v <= max)
}

/// The candidates closest to `word` (a typo's likely meanings), best first.
pub(crate) fn closest<'c>(word: &str, candidates: impl IntoIterator<Item = &'c str>) -> Vec<&'c str> {
    let max = (word.chars().count() / 3).clamp(1, 3);
    let mut scored: Vec<(usize, &str)> =
        candidates.into_iter().filter(|c| *c != word).filter_map(|c| distance(word, c, max).map(|d| (d, c))).collect();
    crate::sort::sort(&mut scored);
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().take(3).map(|(_, c)| c).collect()
}

/// A scalar's text as the user wrote it (strings; numbers and bools as text).
pub(crate) fn scalar_text(node: &Node) -> Option<String> {
    match node.scalar()? {
        Value::Str(s) => Some(s.to_string()),
        Value::Null => None,
        other => Some(crate::pyfmt::py_str(other)),
    }
}

/// The span of a node as a byte range.
pub(crate) fn range(node: &Node) -> Range<usize> {
    node.span.start as usize..node.span.end as usize
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A request whose template is `text`, plus `files` (environment files
    /// are those named `env*`).
    pub fn request(text: &str, files: &[(&str, &str)]) -> Request {
        let mut req = Request::new(text);
        for (name, content) in files {
            req.inputs.files.insert((*name).to_string(), Some((*content).to_string()));
            if name.starts_with("env") {
                req.inputs.environment_files.push((*name).to_string());
            }
        }
        req
    }

    /// `text` with `|` marking the cursor: the text without it and the UTF-16 offset.
    pub fn at(marked: &str) -> (String, u32) {
        let i = marked.find('|').unwrap();
        let text = format!("{}{}", &marked[..i], &marked[i + 1..]);
        (text.clone(), utf16_of(&text, i))
    }

    #[test]
    fn offsets_round_trip_through_utf16() {
        let t = "a: é😀b";
        let b = t.find('b').unwrap();
        assert_eq!(utf16_of(t, b), 6);
        assert_eq!(byte_of(t, 6), b);
        assert_eq!(byte_of(t, 100), t.len());
        assert_eq!(utf16_range(t, &(3..b)), (3, 6));
        let long = format!("{}é{}b", "a".repeat(5000), "c".repeat(5000));
        let index = Utf16::new(&long);
        let b = long.find('b').unwrap();
        assert_eq!(index.of(b), utf16_of(&long, b));
        assert_eq!(index.of(3), 3);
        assert_eq!(Utf16::new("abc").range(&(1..2)), (1, 2));
    }

    #[test]
    fn closest_names_are_suggested() {
        assert_eq!(closest("flavour", ["flavor", "image", "name"]), vec!["flavor"]);
        assert_eq!(closest("img", ["image", "name"]), Vec::<&str>::new());
        assert_eq!(closest("get_parm", ["get_param", "get_attr"]), vec!["get_param"]);
    }

    #[test]
    fn environment_files_see_the_templates_registry_and_version() {
        let req = request(
            "heat_template_version: 2016-10-14\nresources:\n  a: {type: My::Thing}\n",
            &[
                ("env.yaml", "resource_registry:\n  My::Thing: thing.yaml\n"),
                ("thing.yaml", "heat_template_version: 2018-08-31\n"),
            ],
        );
        let ws = Workspace::new(&req, "env.yaml").unwrap();
        assert_eq!(ws.doc.kind, DocKind::Environment);
        assert_eq!(ws.version(), HotVersion::V2016_10_14);
        let (t, info) = ws.resource_type("a").unwrap();
        assert_eq!(t, "My::Thing");
        assert_eq!(info.template.unwrap().0, "thing.yaml");
        assert!(Workspace::new(&req, "nope.yaml").is_none());
        assert_eq!(ws.registry_definitions()[0].1, "My::Thing");
    }
}
