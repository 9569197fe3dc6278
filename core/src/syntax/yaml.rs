//! YAML → [`Node`]: a composer and constructor on top of `saphyr-parser`'s event stream,
//! reproducing PyYAML's SafeLoader (as Heat configures it).
//!
//! The composer is iterative (an explicit stack), so no input can overflow the native
//! stack; nesting is capped at [`MAX_DEPTH`] and alias expansion at [`MAX_ALIAS_NODES`].
//! Construction errors (unknown tags, bad merge values, unhashable keys, …) are recorded
//! and reported only once the whole document has parsed, as PyYAML composes the whole
//! document before constructing it (so a syntax error later in the text wins).

use std::collections::HashMap;

use saphyr_parser::{Event, Parser, ScalarStyle, Span as YSpan, Tag};

use crate::diag::Diagnostic;
use crate::source::{SourceId, Span};
use crate::value::Value;

use super::collapse::collapse_entries;
use super::json::too_large;
use super::node::{Node, NodeKind};
use super::offsets::CharOffsets;
use super::resolve::{construct_bool, construct_float, construct_int, resolve_plain, Implicit, ScalarError};
use super::{Loaded, MAX_ALIAS_NODES, MAX_DEPTH};

/// What a tag asks the constructor to build.
#[derive(Clone, Debug, PartialEq)]
enum Kind {
    Str,
    Int,
    Float,
    Bool(Option<bool>),
    Null,
    Timestamp,
    Binary,
    Seq,
    Map,
    Omap,
    Pairs,
    Set,
    Merge,
    Value,
    /// Any other tag, spelled in full (`!foo`, `tag:yaml.org,2002:python/tuple`).
    Other(String),
}

const CORE: &str = "tag:yaml.org,2002:";

impl Kind {
    fn from_tag(tag: &Tag) -> Kind {
        let full = format!("{}{}", tag.handle, tag.suffix);
        match full.strip_prefix(CORE) {
            Some("str") => Kind::Str,
            Some("int") => Kind::Int,
            Some("float") => Kind::Float,
            Some("bool") => Kind::Bool(None),
            Some("null") => Kind::Null,
            Some("timestamp") => Kind::Timestamp,
            Some("binary") => Kind::Binary,
            Some("seq") => Kind::Seq,
            Some("map") => Kind::Map,
            Some("omap") => Kind::Omap,
            Some("pairs") => Kind::Pairs,
            Some("set") => Kind::Set,
            Some("merge") => Kind::Merge,
            Some("value") => Kind::Value,
            _ => Kind::Other(full),
        }
    }

    fn from_implicit(i: Implicit) -> Kind {
        match i {
            Implicit::Null => Kind::Null,
            Implicit::Bool(b) => Kind::Bool(Some(b)),
            Implicit::Int => Kind::Int,
            Implicit::Float => Kind::Float,
            Implicit::Timestamp => Kind::Timestamp,
            Implicit::Merge => Kind::Merge,
            Implicit::Value => Kind::Value,
            Implicit::Str => Kind::Str,
        }
    }

    /// The full tag, for "could not determine a constructor" messages.
    fn tag_name(&self) -> String {
        let name = match self {
            Kind::Str => "str",
            Kind::Int => "int",
            Kind::Float => "float",
            Kind::Bool(_) => "bool",
            Kind::Null => "null",
            Kind::Timestamp => "timestamp",
            Kind::Binary => "binary",
            Kind::Seq => "seq",
            Kind::Map => "map",
            Kind::Omap => "omap",
            Kind::Pairs => "pairs",
            Kind::Set => "set",
            Kind::Merge => "merge",
            Kind::Value => "value",
            Kind::Other(t) => return t.clone(),
        };
        format!("{CORE}{name}")
    }

    /// Tags whose constructor reads a scalar.
    fn is_scalar_kind(&self) -> bool {
        matches!(
            self,
            Kind::Str | Kind::Int | Kind::Float | Kind::Bool(_) | Kind::Null | Kind::Timestamp | Kind::Binary
        )
    }
}

/// A composed item: a node, or a scalar whose tag only means something as a mapping key.
#[derive(Clone, Debug)]
enum Item {
    Node(Node),
    /// `<<` (tag:yaml.org,2002:merge)
    Merge(Span),
    /// `=` (tag:yaml.org,2002:value)
    ValueKey(Span),
}

impl Item {
    fn span(&self) -> Span {
        match self {
            Item::Node(n) => n.span,
            Item::Merge(s) | Item::ValueKey(s) => *s,
        }
    }
}

/// A collection being composed.
struct Frame {
    is_map: bool,
    start: usize,
    anchor: usize,
    kind: Option<Kind>,
    items: Vec<Item>,
    /// Nodes inside, for the alias budget.
    count: usize,
    /// End byte of the last child.
    last_end: usize,
}

struct Anchored {
    item: Item,
    count: usize,
}

/// PyYAML's node ids, for messages.
fn node_id(node: &Node) -> &'static str {
    match node.kind {
        NodeKind::Scalar(_) => "scalar",
        NodeKind::List(_) => "sequence",
        NodeKind::Map(_) => "mapping",
    }
}

struct Composer<'t> {
    text: &'t str,
    offsets: CharOffsets,
    source: SourceId,
    stack: Vec<Frame>,
    anchors: HashMap<usize, Anchored>,
    /// Anchor names seen in this document, with where (for duplicate detection).
    anchor_names: HashMap<&'t str, usize>,
    alias_nodes: usize,
    warnings: Vec<Diagnostic>,
    /// The first construction error (reported if the whole stream parses).
    deferred: Option<Diagnostic>,
    root: Option<Item>,
}

/// Load a YAML text as Heat's `yaml.load(text, Loader=yaml_loader)` does.
pub(crate) fn load(text: &str, source: SourceId) -> Result<Loaded, Diagnostic> {
    if let Some(d) = check_characters(text, source) {
        return Err(d);
    }
    let mut c = Composer {
        text,
        offsets: CharOffsets::new(text),
        source,
        stack: Vec::new(),
        anchors: HashMap::new(),
        anchor_names: HashMap::new(),
        alias_nodes: 0,
        warnings: Vec::new(),
        deferred: None,
        root: None,
    };
    c.run()?;
    if let Some(d) = c.deferred {
        return Err(d);
    }
    let empty = || Node { span: Span::new(source, 0, 0), kind: NodeKind::Map(Vec::new()) };
    let root = match c.root {
        None => empty(),
        Some(Item::Node(n)) if n.is_null() => empty(),
        Some(Item::Node(n)) => n,
        Some(special) => {
            return Err(undefined(&special_kind(&special), special.span()));
        }
    };
    Ok(Loaded { root, warnings: c.warnings })
}

/// The YAML reader's character check: PyYAML and libyaml refuse non-printable characters
/// anywhere in the stream.
fn check_characters(text: &str, source: SourceId) -> Option<Diagnostic> {
    let bad = |c: char| !matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{7E}' | '\u{85}' | '\u{A0}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..='\u{10FFFF}');
    let (pos, ch) = text.char_indices().find(|&(_, c)| bad(c))?;
    let char_pos = text.get(..pos).map_or(0, |s| s.chars().count());
    Some(
        Diagnostic::error(
            "yaml-syntax",
            format!(
                "unacceptable character #x{:04x}: special characters are not allowed (position {char_pos})",
                u32::from(ch)
            ),
        )
        .at(Span::new(source, pos, pos + ch.len_utf8())),
    )
}

fn special_kind(item: &Item) -> Kind {
    match item {
        Item::Merge(_) => Kind::Merge,
        _ => Kind::Value,
    }
}

fn undefined(kind: &Kind, span: Span) -> Diagnostic {
    Diagnostic::error(
        "yaml-constructor",
        format!("could not determine a constructor for the tag '{}'", kind.tag_name()),
    )
    .at(span)
}

fn constructor_error(message: impl Into<String>, span: Span) -> Diagnostic {
    Diagnostic::error("yaml-constructor", message).at(span)
}

impl<'t> Composer<'t> {
    fn span(&self, s: &YSpan) -> Span {
        Span::new(self.source, self.offsets.byte(s.start.index()), self.offsets.byte(s.end.index()))
    }

    fn defer(&mut self, d: Diagnostic) {
        if self.deferred.is_none() {
            self.deferred = Some(d);
        }
    }

    fn run(&mut self) -> Result<(), Diagnostic> {
        let mut parser = Parser::new_from_str(self.text);
        let mut documents = 0usize;
        loop {
            let (event, yspan) = match parser.next_event() {
                None => return Ok(()),
                Some(Ok(x)) => x,
                Some(Err(e)) => {
                    let at = self.offsets.byte(e.marker().index());
                    return Err(Diagnostic::error("yaml-syntax", e.info().to_string()).at(Span::new(
                        self.source,
                        at,
                        at,
                    )));
                }
            };
            let span = self.span(&yspan);
            match event {
                Event::StreamEnd => return Ok(()),
                Event::Nothing | Event::StreamStart | Event::DocumentEnd => {}
                Event::DocumentStart(_) => {
                    documents += 1;
                    if documents > 1 {
                        return Err(Diagnostic::error(
                            "yaml-syntax",
                            "expected a single document in the stream, but found another document",
                        )
                        .at(span));
                    }
                    self.anchor_names.clear();
                }
                Event::Alias(id) => {
                    self.check_alias_name(span)?;
                    let item = self.alias(id, span)?;
                    self.push_item(item.0, item.1);
                }
                Event::Scalar(value, style, anchor, tag) => {
                    self.check_anchor(anchor, span)?;
                    let item = self.scalar(&value, style, tag.as_deref(), span);
                    if anchor > 0 {
                        self.anchors.insert(anchor, Anchored { item: item.clone(), count: 1 });
                    }
                    self.push_item(item, 1);
                }
                Event::SequenceStart(anchor, tag) => self.start_collection(false, anchor, tag.as_deref(), span)?,
                Event::MappingStart(anchor, tag) => self.start_collection(true, anchor, tag.as_deref(), span)?,
                Event::SequenceEnd | Event::MappingEnd => {
                    let Some(frame) = self.stack.pop() else {
                        continue;
                    };
                    let end = if span.end > span.start { span.end as usize } else { frame.last_end };
                    let node_span = Span::new(self.source, frame.start, end.max(frame.start));
                    let anchor = frame.anchor;
                    let count = frame.count;
                    let item =
                        if frame.is_map { self.end_map(frame, node_span) } else { self.end_seq(frame, node_span) };
                    if anchor > 0 {
                        self.anchors.insert(anchor, Anchored { item: item.clone(), count });
                    }
                    self.push_item(item, count);
                }
            }
        }
    }

    fn start_collection(
        &mut self,
        is_map: bool,
        anchor: usize,
        tag: Option<&Tag>,
        span: Span,
    ) -> Result<(), Diagnostic> {
        self.check_anchor(anchor, span)?;
        if self.stack.len() >= MAX_DEPTH {
            return Err(Diagnostic::error(
                "yaml-too-deep",
                format!("the document is nested more than {MAX_DEPTH} levels deep"),
            )
            .at(span));
        }
        let mut start = span.start as usize;
        if !is_map && span.start == span.end {
            start = self.block_entry_start(start);
        }
        self.stack.push(Frame {
            is_map,
            start,
            anchor,
            kind: tag.filter(|t| !is_non_specific(t)).map(Kind::from_tag),
            items: Vec::new(),
            count: 1,
            last_end: span.end as usize,
        });
        Ok(())
    }

    /// A block sequence's start event sits at its first item; move it back to the `-`.
    fn block_entry_start(&self, start: usize) -> usize {
        let head = self.text.get(..start).unwrap_or("");
        let trimmed = head.trim_end_matches([' ', '\t']);
        if trimmed.ends_with('-') {
            trimmed.len() - 1
        } else {
            start
        }
    }

    fn push_item(&mut self, item: Item, count: usize) {
        let end = item.span().end as usize;
        match self.stack.last_mut() {
            Some(frame) => {
                frame.items.push(item);
                frame.count = frame.count.saturating_add(count);
                frame.last_end = frame.last_end.max(end);
            }
            None => self.root = Some(item),
        }
    }

    /// Anchor names: PyYAML allows only `[0-9A-Za-z_-]` and refuses a name defined twice
    /// in one document (saphyr allows both).
    fn check_anchor(&mut self, anchor: usize, span: Span) -> Result<(), Diagnostic> {
        if anchor == 0 {
            return Ok(());
        }
        let text = self.text.get(span.start as usize..).unwrap_or("");
        let Some(name_start) = anchor_offset(text) else {
            return Ok(());
        };
        let abs = span.start as usize + name_start;
        let name = self.word_at(abs, "anchor")?;
        if let Some(&first) = self.anchor_names.get(name) {
            let _ = first;
            return Err(Diagnostic::error(
                "yaml-syntax",
                format!("found duplicate anchor '{name}'; first occurrence … second occurrence"),
            )
            .at(Span::new(self.source, abs - 1, abs + name.len())));
        }
        self.anchor_names.insert(name, abs);
        Ok(())
    }

    fn check_alias_name(&self, span: Span) -> Result<(), Diagnostic> {
        let start = span.start as usize;
        if self.text.get(start..).is_some_and(|t| t.starts_with('*')) {
            self.word_at(start + 1, "alias")?;
        }
        Ok(())
    }

    /// The anchor/alias name at `at`, checked against PyYAML's alphabet.
    fn word_at(&self, at: usize, what: &str) -> Result<&'t str, Diagnostic> {
        let rest = self.text.get(at..).unwrap_or("");
        let end =
            rest.find(|c: char| c.is_whitespace() || matches!(c, ',' | '[' | ']' | '{' | '}')).unwrap_or(rest.len());
        let name = rest.get(..end).unwrap_or("");
        let bad = name.char_indices().find(|&(_, c)| !(c.is_ascii_alphanumeric() || c == '-' || c == '_'));
        let follow = rest.get(end..).and_then(|t| t.chars().next());
        let bad_follow = follow.filter(|c| matches!(c, '[' | '{'));
        if let Some((i, c)) = bad.or_else(|| bad_follow.map(|c| (end, c))) {
            return Err(Diagnostic::error(
                "yaml-syntax",
                format!("while scanning an {what}: expected alphabetic or numeric character, but found '{c}'"),
            )
            .at(Span::new(self.source, at + i, at + i + c.len_utf8())));
        }
        if name.is_empty() {
            return Err(Diagnostic::error(
                "yaml-syntax",
                format!("while scanning an {what}: expected alphabetic or numeric character"),
            )
            .at(Span::new(self.source, at, at)));
        }
        Ok(name)
    }

    fn alias(&mut self, id: usize, span: Span) -> Result<(Item, usize), Diagnostic> {
        match self.anchors.get(&id) {
            Some(a) => {
                self.alias_nodes = self.alias_nodes.saturating_add(a.count);
                if self.alias_nodes > MAX_ALIAS_NODES {
                    return Err(Diagnostic::error(
                        "yaml-alias-limit",
                        format!(
                            "aliases expand to more than {MAX_ALIAS_NODES} nodes (an alias bomb?); hotplate refuses such documents"
                        ),
                    )
                    .at(span));
                }
                Ok((a.item.clone(), a.count))
            }
            None if self.stack.iter().any(|f| f.anchor == id) => Err(Diagnostic::error(
                "yaml-recursive-alias",
                "recursive alias: the alias refers to a node that contains it (PyYAML builds a self-containing structure; hotplate does not support it)",
            )
            .at(span)),
            None => {
                let name = self.text.get(span.start as usize + 1..span.end as usize).unwrap_or("");
                Err(Diagnostic::error("yaml-syntax", format!("found undefined alias '{name}'")).at(span))
            }
        }
    }

    fn scalar(&mut self, value: &str, style: ScalarStyle, tag: Option<&Tag>, span: Span) -> Item {
        let kind = match tag {
            None if style == ScalarStyle::Plain => Kind::from_implicit(resolve_plain(value)),
            None => Kind::Str,
            // The non-specific tag `!` resolves as a plain scalar would (PyYAML and libyaml
            // both pass implicit=(True, False) for it), whatever the style.
            Some(t) if is_non_specific(t) => Kind::from_implicit(resolve_plain(value)),
            Some(t) => Kind::from_tag(t),
        };
        let scalar = |v: Value| Item::Node(Node { span, kind: NodeKind::Scalar(v) });
        let result: Result<Value, Diagnostic> = match &kind {
            Kind::Str | Kind::Timestamp => Ok(Value::from(value)),
            Kind::Null => Ok(Value::Null),
            Kind::Bool(Some(b)) => Ok(Value::Bool(*b)),
            Kind::Bool(None) => construct_bool(value).map(Value::Bool).map_err(|e| scalar_error(e, value, span)),
            Kind::Int => construct_int(value).map(Value::Int).map_err(|e| scalar_error(e, value, span)),
            Kind::Float => construct_float(value).map(Value::Float).map_err(|e| scalar_error(e, value, span)),
            Kind::Merge => return Item::Merge(span),
            Kind::Value => return Item::ValueKey(span),
            Kind::Binary => Err(unsupported("!!binary", "Python bytes", span)),
            Kind::Seq | Kind::Map | Kind::Set => Err(constructor_error(
                format!("expected a {} node, but found scalar", if kind == Kind::Seq { "sequence" } else { "mapping" }),
                span,
            )),
            Kind::Omap | Kind::Pairs => Err(constructor_error("expected a sequence, but found scalar", span)),
            Kind::Other(_) => Err(undefined(&kind, span)),
        };
        match result {
            Ok(v) => scalar(v),
            Err(d) => {
                self.defer(d);
                scalar(Value::Null)
            }
        }
    }

    /// An item in value position: the special keys are errors there.
    fn value_node(&mut self, item: Item) -> Node {
        match item {
            Item::Node(n) => n,
            special => {
                let span = special.span();
                self.defer(undefined(&special_kind(&special), span));
                Node { span, kind: NodeKind::Scalar(Value::Null) }
            }
        }
    }

    fn end_seq(&mut self, frame: Frame, span: Span) -> Item {
        let items: Vec<Node> = frame.items.into_iter().map(|i| self.value_node(i)).collect();
        let kind = frame.kind.unwrap_or(Kind::Seq);
        let node = |kind| Item::Node(Node { span, kind });
        match kind {
            Kind::Seq => node(NodeKind::List(items)),
            Kind::Omap | Kind::Pairs => {
                let what = if kind == Kind::Omap { "an ordered map" } else { "pairs" };
                let mut pairs = Vec::with_capacity(items.len());
                for item in items {
                    match item.kind {
                        NodeKind::Map(mut entries) if entries.len() == 1 => {
                            if let Some((k, v)) = entries.pop() {
                                pairs.push(Node { span: item.span, kind: NodeKind::List(vec![k, v]) });
                            }
                        }
                        NodeKind::Map(entries) => {
                            self.defer(constructor_error(
                                format!(
                                    "while constructing {what}: expected a single mapping item, but found {} items",
                                    entries.len()
                                ),
                                item.span,
                            ));
                        }
                        _ => {
                            let id = node_id(&item);
                            self.defer(constructor_error(
                                format!("while constructing {what}: expected a mapping of length 1, but found {id}"),
                                item.span,
                            ));
                        }
                    }
                }
                node(NodeKind::List(pairs))
            }
            Kind::Map | Kind::Set => {
                self.defer(constructor_error("expected a mapping node, but found sequence", span));
                node(NodeKind::Scalar(Value::Null))
            }
            k if k.is_scalar_kind() => {
                self.defer(constructor_error("expected a scalar node, but found sequence", span));
                node(NodeKind::Scalar(Value::Null))
            }
            k => {
                self.defer(undefined(&k, span));
                node(NodeKind::Scalar(Value::Null))
            }
        }
    }

    fn end_map(&mut self, frame: Frame, span: Span) -> Item {
        let kind = frame.kind.unwrap_or(Kind::Map);
        let placeholder = Item::Node(Node { span, kind: NodeKind::Scalar(Value::Null) });
        match kind {
            Kind::Map => {}
            Kind::Set => {
                self.defer(unsupported("!!set", "a Python set", span));
                return placeholder;
            }
            Kind::Seq => {
                self.defer(constructor_error("expected a sequence node, but found mapping", span));
                return placeholder;
            }
            Kind::Omap | Kind::Pairs => {
                let what = if kind == Kind::Omap { "an ordered map" } else { "pairs" };
                self.defer(constructor_error(
                    format!("while constructing {what}: expected a sequence, but found mapping"),
                    span,
                ));
                return placeholder;
            }
            k if k.is_scalar_kind() => {
                self.defer(constructor_error("expected a scalar node, but found mapping", span));
                return placeholder;
            }
            k => {
                self.defer(undefined(&k, span));
                return placeholder;
            }
        }
        // SafeConstructor.flatten_mapping: merged entries first (a list of maps in reverse
        // order, so earlier maps win), then the mapping's own entries.
        let mut merged: Vec<(Node, Node)> = Vec::new();
        let mut own: Vec<(Node, Node)> = Vec::with_capacity(frame.items.len() / 2);
        let mut items = frame.items.into_iter();
        while let Some(key) = items.next() {
            let Some(value) = items.next() else { break };
            match key {
                Item::Merge(_) => match value {
                    Item::Node(Node { kind: NodeKind::Map(entries), .. }) => merged.extend(entries),
                    Item::Node(Node { kind: NodeKind::List(maps), .. }) => {
                        let mut sub = Vec::with_capacity(maps.len());
                        for m in maps {
                            match m.kind {
                                NodeKind::Map(entries) => sub.push(entries),
                                _ => {
                                    let id = node_id(&m);
                                    self.defer(constructor_error(
                                        format!(
                                            "while constructing a mapping: expected a mapping for merging, but found {id}"
                                        ),
                                        m.span,
                                    ));
                                }
                            }
                        }
                        for entries in sub.into_iter().rev() {
                            merged.extend(entries);
                        }
                    }
                    other => {
                        let id = match &other {
                            Item::Node(n) => node_id(n),
                            _ => "scalar",
                        };
                        self.defer(constructor_error(
                            format!(
                                "while constructing a mapping: expected a mapping or list of mappings for merging, but found {id}"
                            ),
                            other.span(),
                        ));
                    }
                },
                Item::ValueKey(kspan) => {
                    let v = self.value_node(value);
                    own.push((Node { span: kspan, kind: NodeKind::Scalar(Value::from("=")) }, v));
                }
                Item::Node(k) => {
                    if !matches!(k.kind, NodeKind::Scalar(_)) {
                        self.defer(constructor_error("while constructing a mapping: found unhashable key", k.span));
                        continue;
                    }
                    let v = self.value_node(value);
                    own.push((k, v));
                }
            }
        }
        let explicit_from = merged.len();
        merged.extend(own);
        let entries = collapse_entries(merged, explicit_from, &mut self.warnings);
        Item::Node(Node { span, kind: NodeKind::Map(entries) })
    }
}

/// Where the anchor name starts in text beginning with a node's properties (`&a`, `!t &a`).
fn anchor_offset(text: &str) -> Option<usize> {
    let mut i = 0;
    if text.starts_with('!') {
        // Skip the tag, then separating white space and comments.
        i = text.find(|c: char| c.is_whitespace())?;
        loop {
            let rest = text.get(i..)?;
            let trimmed = rest.trim_start_matches([' ', '\t', '\r', '\n']);
            i += rest.len() - trimmed.len();
            if trimmed.starts_with('#') {
                i += trimmed.find('\n').unwrap_or(trimmed.len());
            } else {
                break;
            }
        }
    }
    text.get(i..)?.starts_with('&').then_some(i + 1)
}

fn is_non_specific(tag: &Tag) -> bool {
    tag.handle.is_empty() && tag.suffix == "!"
}

fn unsupported(tag: &str, what: &str, span: Span) -> Diagnostic {
    Diagnostic::error(
        "yaml-unsupported-tag",
        format!("{tag} values are not supported (Heat would load {what}, which templates cannot use)"),
    )
    .at(span)
}

fn scalar_error(e: ScalarError, text: &str, span: Span) -> Diagnostic {
    match e {
        ScalarError::TooLarge => too_large(text, span),
        ScalarError::Python(msg) => Diagnostic::error(
            "yaml-invalid-scalar",
            format!("{msg} (Heat fails with an internal Python error on this value)"),
        )
        .at(span),
    }
}
