//! YAML → [`Node`]: a composer and constructor on top of our YAML 1.1 parser
//! ([`super::parser`]), reproducing PyYAML's SafeLoader (as Heat configures it).
//!
//! The composer is iterative (an explicit stack), so no input can overflow the native
//! stack; nesting is capped at [`MAX_DEPTH`] and alias expansion at [`MAX_ALIAS_NODES`].
//! Construction errors (unknown tags, bad merge values, unhashable keys, …) are recorded
//! and reported only once the whole document has parsed, as PyYAML composes the whole
//! document before constructing it (so a syntax error later in the text wins).

use std::collections::HashMap;
use std::rc::Rc;

use crate::model::diag::Diagnostic;
use crate::source::{SourceId, Span};
use crate::value::Value;

use super::collapse::collapse_entries;
use super::node::{Node, NodeKind};
use super::parser::{Ev, Event, Parser, Props};
use super::resolve::{
    check_base64, construct_bool, construct_float, construct_int, resolve_plain, Implicit, ScalarError,
};
use super::scanner::{Mark, Mode, Style, YamlError};
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
    fn from_tag(full: &str) -> Kind {
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
            _ => Kind::Other(full.to_string()),
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
    /// Where PyYAML has a list, dict or set that we do not build: an alias to a
    /// collection still open (a self-containing structure), or a node whose collection
    /// constructor fails later or builds a set. As a key it is PyYAML's "found unhashable
    /// key"; elsewhere a null placeholder (the node's own error is recorded).
    Unhashable(Span),
}

impl Item {
    fn span(&self) -> Span {
        match self {
            Item::Node(n) => n.span,
            Item::Merge(s) | Item::ValueKey(s) | Item::Unhashable(s) => *s,
        }
    }
}

/// Why a document does not load.
pub(crate) enum Failure {
    /// An error PyYAML raises (scanner, parser, composer, constructor), with its marks.
    Yaml(YamlError),
    /// Anything else: our limits, values we cannot represent, Python-internal errors.
    Other(Diagnostic),
}

impl From<YamlError> for Failure {
    fn from(e: YamlError) -> Failure {
        Failure::Yaml(e)
    }
}

impl From<Diagnostic> for Failure {
    fn from(d: Diagnostic) -> Failure {
        Failure::Other(d)
    }
}

impl Failure {
    fn is_pyyaml_error(&self) -> bool {
        matches!(self, Failure::Yaml(e) if matches!(e.code, "yaml-syntax" | "yaml-constructor"))
    }

    /// The diagnostic: PyYAML's problem text (with its context where the problem alone
    /// says little), spanning the offending character or node.
    pub(crate) fn into_diagnostic(self, text: &str, source: SourceId) -> Diagnostic {
        match self {
            Failure::Other(d) => d,
            Failure::Yaml(e) => {
                let at = e.mark.index;
                let end = e
                    .end
                    .unwrap_or_else(|| at + text.get(at..).and_then(|t| t.chars().next()).map_or(0, char::len_utf8));
                let message = match (&e.context, e.problem.as_str()) {
                    (Some(c), p) if p.starts_with("but ") => format!("{c}, {p}"),
                    (Some(c), "second occurrence") => c.replace("; first occurrence", " (second occurrence)"),
                    _ => e.problem.clone(),
                };
                Diagnostic::error(e.code, message).at(Span::new(source, at, end))
            }
        }
    }
}

/// A mark at a byte offset (lines and columns are recomputed when reported).
fn mark_at(index: usize) -> Mark {
    Mark { index, ..Mark::default() }
}

/// A constructor error at a node.
fn constructor_error(context: Option<(&str, Span)>, problem: impl Into<String>, span: Span) -> YamlError {
    let mut e = YamlError::new(context.map(|c| c.0), problem, mark_at(span.start as usize)).code("yaml-constructor");
    e.end = Some(span.end as usize);
    if let Some((_, cspan)) = context {
        e.context_mark = Some(mark_at(cspan.start as usize));
    }
    e
}

/// A collection being composed.
struct Frame {
    is_map: bool,
    start: usize,
    anchor: Option<String>,
    kind: Option<Kind>,
    items: Vec<Item>,
    /// Nodes inside, for the alias budget.
    count: usize,
    /// End byte of the last child.
    last_end: usize,
    /// The text of the scalar under a `=` key, for a scalar tag on this mapping
    /// (SafeConstructor.construct_scalar reads a mapping's `=` value).
    eq_value: Option<String>,
}

struct Anchored {
    item: Item,
    count: usize,
    /// Where the anchored node starts.
    start: usize,
}

/// PyYAML's node ids, for messages.
fn node_id(node: &Node) -> &'static str {
    match node.kind {
        NodeKind::Scalar(_) => "scalar",
        NodeKind::List(_) => "sequence",
        NodeKind::Map(_) => "mapping",
    }
}

struct Composer {
    source: SourceId,
    mode: Mode,
    /// Whether a timestamp was resolved (the pure loader would make a date of it).
    /// Timestamp scalars (Heat's loader keeps them as text; the pure fallback makes dates).
    timestamps: Vec<Span>,
    stack: Vec<Frame>,
    anchors: HashMap<String, Anchored>,
    alias_nodes: usize,
    warnings: Vec<Diagnostic>,
    /// The construction error PyYAML raises first (reported if the whole stream parses),
    /// with its construction-order key (see [`Composer::defer`]).
    deferred: Option<(Vec<isize>, Failure)>,
    /// The first value Heat would accept but hotplate cannot represent (reported if there
    /// is no error at all).
    unsupported: Option<Diagnostic>,
    root: Option<Item>,
    /// Where the first document's root starts (PyYAML's "expected a single document").
    root_start: Option<usize>,
    /// Emptied item lists of closed collections, for the next ones to fill.
    spare_items: Vec<Vec<Item>>,
}

/// Load a YAML text as Heat's `yaml.load(text, Loader=yaml_loader)` does: with libyaml
/// first and, when that raises a YAML error, with PyYAML's pure loader (whose result or
/// error then counts).
pub(crate) fn load(text: &str, source: SourceId) -> Result<Loaded, Failure> {
    check_characters(text)?;
    match compose(text, source, Mode::Libyaml) {
        Ok(loaded) => Ok(loaded),
        Err(f) if f.is_pyyaml_error() => compose(text, source, Mode::Pure),
        Err(f) => Err(f),
    }
}

/// The error PyYAML's pure loader raises for this text, if it raises one (what Heat
/// reports, since it re-parses with that loader to get a readable message).
pub(crate) fn pure_error(text: &str) -> Option<YamlError> {
    if let Err(e) = check_characters(text) {
        return Some(e);
    }
    match compose(text, SourceId::default(), Mode::Pure) {
        Err(Failure::Yaml(e)) if matches!(e.code, "yaml-syntax" | "yaml-constructor") => Some(e),
        _ => None,
    }
}

fn compose(text: &str, source: SourceId, mode: Mode) -> Result<Loaded, Failure> {
    let mut c = Composer {
        source,
        mode,
        stack: Vec::new(),
        anchors: HashMap::new(),
        alias_nodes: 0,
        warnings: Vec::new(),
        deferred: None,
        unsupported: None,
        root: None,
        root_start: None,
        timestamps: Vec::new(),
        spare_items: Vec::new(),
    };
    c.run(text)?;
    if let Some((_, f)) = c.deferred {
        return Err(f);
    }
    if let Some(d) = c.unsupported {
        return Err(Failure::Other(d));
    }
    let empty = || Node { span: Span::new(source, 0, 0), kind: NodeKind::Map(Rc::default()) };
    let null = |span| Node { span, kind: NodeKind::Scalar(Value::Null) };
    let root = match c.root {
        // Heat turns an empty (null) document into `{}` only on libyaml's path.
        None if mode == Mode::Pure => null(Span::new(source, 0, 0)),
        Some(Item::Node(n)) if n.is_null() && mode == Mode::Pure => null(Span::new(source, 0, 0)),
        None => empty(),
        Some(Item::Node(n)) if n.is_null() => empty(),
        Some(Item::Node(n)) => n,
        Some(Item::Unhashable(span)) => null(span),
        Some(special) => return Err(undefined(&special_kind(&special), special.span()).into()),
    };
    let mut warnings = c.warnings;
    let dates = if mode == Mode::Pure { std::mem::take(&mut c.timestamps) } else { Vec::new() };
    if !dates.is_empty() {
        warnings.push(
            Diagnostic::warning(
                "yaml-pure-fallback",
                "libyaml refuses this text, so Heat loads it with PyYAML's pure loader, which makes \
                 dates of unquoted timestamps (like 2016-10-14); hotplate keeps them as text \
                 (a date as heat_template_version is refused, as Heat does)",
            )
            .at(Span::new(source, 0, 0)),
        );
    }
    Ok(Loaded { root, warnings, dates })
}

/// The YAML reader's character check: PyYAML and libyaml refuse non-printable characters
/// anywhere in the stream.
fn check_characters(text: &str) -> Result<(), YamlError> {
    match first_bad_character(text) {
        None => Ok(()),
        Some((pos, ch)) => {
            let char_pos = text.get(..pos).map_or(0, |s| s.chars().count());
            let mut e = YamlError::new(
                None,
                format!("unacceptable character #x{:04x}: special characters are not allowed", u32::from(ch)),
                mark_at(pos),
            );
            e.reader_position = Some(char_pos);
            Err(e)
        }
    }
}

/// The first character the YAML reader refuses, with its byte offset. Runs of eight
/// printable ASCII bytes (the bulk of any template) are checked a word at a time.
fn first_bad_character(text: &str) -> Option<(usize, char)> {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    // Some byte below 0x20, or above 0x7E (adding 1 sets the high bit of 0x7F; bit
    // tricks exact for "any byte").
    let unusual = |w: u64| (w.wrapping_sub(ONES * 0x20) & !w & HIGH) != 0 || ((w.wrapping_add(ONES) | w) & HIGH) != 0;
    let bad = |c: char| !matches!(c, '\t' | '\n' | '\r' | '\u{20}'..='\u{7E}' | '\u{85}' | '\u{A0}'..='\u{D7FF}' | '\u{E000}'..='\u{FFFD}' | '\u{10000}'..='\u{10FFFF}');
    let bytes = text.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        if let Some(word) = bytes.get(i..i + 8).and_then(|b| <[u8; 8]>::try_from(b).ok()) {
            if !unusual(u64::from_ne_bytes(word)) {
                i += 8;
                continue;
            }
        }
        // Character by character to the end of this word (`i` is always at a character
        // boundary: only whole characters are skipped).
        let stop = i + 8;
        while i < stop {
            match bytes.get(i) {
                None => return None,
                Some(&b) if (0x20..0x7F).contains(&b) || matches!(b, b'\t' | b'\n' | b'\r') => i += 1,
                Some(_) => {
                    let c = text.get(i..)?.chars().next()?;
                    if bad(c) {
                        return Some((i, c));
                    }
                    i += c.len_utf8();
                }
            }
        }
    }
    None
}

fn special_kind(item: &Item) -> Kind {
    match item {
        Item::Merge(_) => Kind::Merge,
        _ => Kind::Value,
    }
}

fn undefined(kind: &Kind, span: Span) -> YamlError {
    let tag = crate::pyfmt::str_repr(&kind.tag_name());
    constructor_error(None, format!("could not determine a constructor for the tag {tag}"), span)
}

const WHILE_MAPPING: &str = "while constructing a mapping";

impl Composer {
    fn span(&self, start: usize, end: usize) -> Span {
        Span::new(self.source, start, end)
    }

    /// Record a construction error. PyYAML constructs breadth-first: a mapping's or
    /// sequence's children are built when its turn comes, after every collection
    /// above it; scalars and tag checks of a child happen in its parent's turn. `key`
    /// orders errors that way: `[depth of the collection being built, its path of child
    /// indices…, child index]` (see [`Composer::here`] and [`Composer::inside`]).
    fn defer(&mut self, key: Vec<isize>, f: impl Into<Failure>) {
        match f.into() {
            Failure::Other(d) if super::LoadFailure::of(&d) == super::LoadFailure::Unsupported => {
                if self.unsupported.is_none() {
                    self.unsupported = Some(d);
                }
            }
            f => {
                if self.deferred.as_ref().is_none_or(|(k, _)| key < *k) {
                    self.deferred = Some((key, f));
                }
            }
        }
    }

    /// The key of the next child of the open collection (or of the root).
    fn here(&self) -> Vec<isize> {
        let mut k = Vec::with_capacity(self.stack.len() + 1);
        k.push(self.stack.len() as isize - 1);
        k.extend(self.stack.iter().map(|f| f.items.len() as isize));
        k
    }

    /// The key of an error raised in the own turn of the next child (constructors that
    /// are generators in PyYAML — seq, map, set, omap, pairs — fail only then).
    fn own_turn(&self) -> Vec<isize> {
        let mut k = self.here();
        if let Some(d) = k.first_mut() {
            *d += 1;
        }
        k.push(-1);
        k
    }

    /// The key of child `index` of a collection just closed (its ancestors still open).
    fn inside(&self, index: isize) -> Vec<isize> {
        let mut k = Vec::with_capacity(self.stack.len() + 2);
        k.push(self.stack.len() as isize);
        k.extend(self.stack.iter().map(|f| f.items.len() as isize));
        k.push(index);
        k
    }

    fn run(&mut self, text: &str) -> Result<(), Failure> {
        let mut parser = Parser::new(text, self.mode);
        let mut documents = 0usize;
        loop {
            let Some(Event { ev, start, end }) = parser.next_event()? else {
                return Ok(());
            };
            let span = self.span(start, end);
            if self.root_start.is_none() && !matches!(ev, Ev::StreamStart | Ev::DocumentStart) {
                self.root_start = Some(start);
            }
            match ev {
                Ev::StreamEnd => return Ok(()),
                Ev::StreamStart | Ev::DocumentEnd => {}
                Ev::DocumentStart => {
                    documents += 1;
                    if documents > 1 {
                        let mut e = YamlError::new(
                            Some("expected a single document in the stream"),
                            "but found another document",
                            start,
                        );
                        e.context_mark = self.root_start.map(mark_at);
                        return Err(e.into());
                    }
                    self.anchors.clear();
                }
                Ev::Alias(name) => {
                    let (item, count) = self.alias(&name, span)?;
                    self.push_item(item, count);
                }
                Ev::Scalar { props, value, style, plain_implicit } => {
                    let (anchor, tag) = Props::split(props);
                    self.check_anchor(anchor.as_deref(), span)?;
                    if self.under_eq_key() {
                        if let Some(frame) = self.stack.last_mut() {
                            frame.eq_value = Some(value.to_string());
                        }
                    }
                    let item = self.scalar(&value, style, tag.as_deref(), plain_implicit, span);
                    if let Some(name) = anchor {
                        self.anchors
                            .insert(name, Anchored { item: item.clone(), count: 1, start: span.start as usize });
                    }
                    self.push_item(item, 1);
                }
                Ev::SequenceStart { props } => {
                    let (anchor, tag) = Props::split(props);
                    self.start_collection(false, anchor, tag.as_deref(), span)?;
                }
                Ev::MappingStart { props } => {
                    let (anchor, tag) = Props::split(props);
                    self.start_collection(true, anchor, tag.as_deref(), span)?;
                }
                Ev::SequenceEnd | Ev::MappingEnd => {
                    let Some(frame) = self.stack.pop() else {
                        continue;
                    };
                    let end = if span.end > span.start { span.end as usize } else { frame.last_end };
                    let node_span = Span::new(self.source, frame.start, end.max(frame.start));
                    let count = frame.count;
                    let anchor = frame.anchor.clone();
                    let eq_value = frame.eq_value.clone();
                    let item =
                        if frame.is_map { self.end_map(frame, node_span) } else { self.end_seq(frame, node_span) };
                    if let Some(name) = anchor {
                        self.anchors
                            .insert(name, Anchored { item: item.clone(), count, start: node_span.start as usize });
                    }
                    if eq_value.is_some() && self.under_eq_key() {
                        if let Some(parent) = self.stack.last_mut() {
                            parent.eq_value = eq_value;
                        }
                    }
                    self.push_item(item, count);
                }
            }
        }
    }

    /// True when the next item of the open mapping is the value of a `=` key.
    fn under_eq_key(&self) -> bool {
        self.stack
            .last()
            .is_some_and(|f| f.is_map && f.items.len() % 2 == 1 && matches!(f.items.last(), Some(Item::ValueKey(_))))
    }

    fn start_collection(
        &mut self,
        is_map: bool,
        anchor: Option<String>,
        tag: Option<&str>,
        span: Span,
    ) -> Result<(), Failure> {
        self.check_anchor(anchor.as_deref(), span)?;
        if self.stack.len() >= MAX_DEPTH {
            return Err(Diagnostic::error(
                "yaml-too-deep",
                format!("the document is nested more than {MAX_DEPTH} levels deep"),
            )
            .at(span)
            .into());
        }
        self.stack.push(Frame {
            is_map,
            start: span.start as usize,
            anchor,
            kind: tag.filter(|t| *t != "!").map(Kind::from_tag),
            items: self.spare_items.pop().unwrap_or_default(),
            count: 1,
            last_end: span.end as usize,
            eq_value: None,
        });
        Ok(())
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

    /// PyYAML refuses an anchor defined twice in one document.
    fn check_anchor(&mut self, anchor: Option<&str>, span: Span) -> Result<(), Failure> {
        let Some(name) = anchor else { return Ok(()) };
        let first = self
            .anchors
            .get(name)
            .map(|a| a.start)
            .or_else(|| self.stack.iter().find(|f| f.anchor.as_deref() == Some(name)).map(|f| f.start));
        match first {
            Some(first) => {
                let context = format!("found duplicate anchor {}; first occurrence", crate::pyfmt::str_repr(name));
                let mut e = YamlError::new(Some(&context), "second occurrence", mark_at(span.start as usize));
                e.context_mark = Some(mark_at(first));
                Err(e.into())
            }
            None => Ok(()),
        }
    }

    fn alias(&mut self, name: &str, span: Span) -> Result<(Item, usize), Failure> {
        match self.anchors.get(name) {
            Some(a) => {
                self.alias_nodes = self.alias_nodes.saturating_add(a.count);
                if self.alias_nodes > MAX_ALIAS_NODES {
                    return Err(Diagnostic::error(
                        "yaml-alias-limit",
                        format!(
                            "aliases expand to more than {MAX_ALIAS_NODES} nodes (an alias bomb?); hotplate refuses such documents"
                        ),
                    )
                    .at(span)
                    .into());
                }
                Ok((a.item.clone(), a.count))
            }
            None if self.stack.iter().any(|f| f.anchor.as_deref() == Some(name)) => {
                // The alias is the open collection itself (PyYAML's marks point there).
                let start = self
                    .stack
                    .iter()
                    .find(|f| f.anchor.as_deref() == Some(name))
                    .map_or(span.start as usize, |f| f.start);
                let key = self.here();
                self.defer(
                    key,
                    Diagnostic::error(
                        "yaml-recursive-alias",
                        "recursive alias: the alias refers to a node that contains it (PyYAML builds a self-containing structure; hotplate does not support it)",
                    )
                    .at(span),
                );
                Ok((Item::Unhashable(Span::new(self.source, start, start)), 1))
            }
            None => Err(YamlError::new(
                None,
                format!("found undefined alias {}", crate::pyfmt::str_repr(name)),
                mark_at(span.start as usize),
            )
            .into()),
        }
    }

    fn scalar(&mut self, value: &str, style: Style, tag: Option<&str>, plain_implicit: bool, span: Span) -> Item {
        let _ = style;
        let kind = match tag {
            // No tag, or the non-specific `!`: implicit resolution when the parser allows it
            // (plain scalars, and `!`-tagged non-empty ones), else a string.
            None | Some("!") if plain_implicit => Kind::from_implicit(resolve_plain(value)),
            None | Some("!") => Kind::Str,
            Some(t) => Kind::from_tag(t),
        };
        self.construct_scalar(&kind, value, span)
    }

    /// Build a scalar of `kind` from its text.
    fn construct_scalar(&mut self, kind: &Kind, value: &str, span: Span) -> Item {
        let scalar = |v: Value| Item::Node(Node { span, kind: NodeKind::Scalar(v) });
        // Generator constructors (seq, map, set, omap, pairs) hand PyYAML an empty
        // collection first and fail in the node's own turn.
        let generator = matches!(kind, Kind::Seq | Kind::Map | Kind::Set | Kind::Omap | Kind::Pairs);
        let result: Result<Value, Failure> = match kind {
            Kind::Str => Ok(Value::from(value)),
            Kind::Timestamp => {
                self.timestamps.push(span);
                Ok(Value::from(value))
            }
            Kind::Null => Ok(Value::Null),
            Kind::Bool(Some(b)) => Ok(Value::Bool(*b)),
            Kind::Bool(None) => construct_bool(value).map(Value::Bool).map_err(|e| scalar_error(e, span)),
            Kind::Int => construct_int(value).map_err(|e| scalar_error(e, span)),
            Kind::Float => construct_float(value).map(Value::Float).map_err(|e| scalar_error(e, span)),
            Kind::Merge => return Item::Merge(span),
            Kind::Value => return Item::ValueKey(span),
            Kind::Binary => match check_base64(value) {
                Ok(()) => Err(unsupported("!!binary", "Python bytes", span).into()),
                Err(problem) => Err(constructor_error(None, problem, span).into()),
            },
            Kind::Seq | Kind::Map | Kind::Set => Err(constructor_error(
                None,
                format!(
                    "expected a {} node, but found scalar",
                    if *kind == Kind::Seq { "sequence" } else { "mapping" }
                ),
                span,
            )
            .into()),
            Kind::Omap | Kind::Pairs => Err(constructor_error(
                Some((
                    if *kind == Kind::Omap { "while constructing an ordered map" } else { "while constructing pairs" },
                    span,
                )),
                "expected a sequence, but found scalar",
                span,
            )
            .into()),
            Kind::Other(_) => Err(undefined(kind, span).into()),
        };
        match result {
            Ok(v) => scalar(v),
            Err(f) => {
                // The generator constructors fail in the node's own turn.
                let key = if matches!(kind, Kind::Seq | Kind::Map | Kind::Set | Kind::Omap | Kind::Pairs) {
                    self.own_turn()
                } else {
                    self.here()
                };
                self.defer(key, f);
                if generator {
                    Item::Unhashable(span)
                } else {
                    scalar(Value::Null)
                }
            }
        }
    }

    /// An item in value position (child `index` of a collection just closed): the special
    /// keys are errors there.
    fn value_node(&mut self, item: Item, index: usize) -> Node {
        match item {
            Item::Node(n) => n,
            Item::Unhashable(span) => Node { span, kind: NodeKind::Scalar(Value::Null) },
            special => {
                let span = special.span();
                self.defer(self.inside(index as isize), undefined(&special_kind(&special), span));
                Node { span, kind: NodeKind::Scalar(Value::Null) }
            }
        }
    }

    fn end_seq(&mut self, frame: Frame, span: Span) -> Item {
        let mut spare = frame.items;
        let items: Vec<Node> = spare.drain(..).enumerate().map(|(i, item)| self.value_node(item, i)).collect();
        self.spare_items.push(spare);
        let kind = frame.kind.unwrap_or(Kind::Seq);
        let node = |kind| Item::Node(Node { span, kind });
        match kind {
            Kind::Seq => node(NodeKind::List(Rc::new(items))),
            Kind::Omap | Kind::Pairs => {
                let context =
                    if kind == Kind::Omap { "while constructing an ordered map" } else { "while constructing pairs" };
                let mut pairs = Vec::with_capacity(items.len());
                for (i, item) in items.into_iter().enumerate() {
                    let key = self.inside(i as isize);
                    match item.kind {
                        NodeKind::Map(entries) if entries.len() == 1 => {
                            if let Some((k, v)) = Rc::unwrap_or_clone(entries).pop() {
                                pairs.push(Node { span: item.span, kind: NodeKind::List(Rc::new(vec![k, v])) });
                            }
                        }
                        NodeKind::Map(entries) => {
                            let problem = format!("expected a single mapping item, but found {} items", entries.len());
                            self.defer(key, constructor_error(Some((context, span)), problem, item.span));
                        }
                        _ => {
                            let problem = format!("expected a mapping of length 1, but found {}", node_id(&item));
                            self.defer(key, constructor_error(Some((context, span)), problem, item.span));
                        }
                    }
                }
                node(NodeKind::List(Rc::new(pairs)))
            }
            Kind::Map | Kind::Set => {
                self.defer(
                    self.inside(-1),
                    constructor_error(None, "expected a mapping node, but found sequence", span),
                );
                Item::Unhashable(span)
            }
            k if k.is_scalar_kind() => {
                self.defer(self.here(), constructor_error(None, "expected a scalar node, but found sequence", span));
                node(NodeKind::Scalar(Value::Null))
            }
            k => {
                self.defer(self.here(), undefined(&k, span));
                node(NodeKind::Scalar(Value::Null))
            }
        }
    }

    fn end_map(&mut self, frame: Frame, span: Span) -> Item {
        let kind = frame.kind.unwrap_or(Kind::Map);
        let placeholder = Item::Node(Node { span, kind: NodeKind::Scalar(Value::Null) });
        let is_set = kind == Kind::Set;
        match kind {
            // A set is built from the mapping (its errors come first).
            Kind::Map | Kind::Set => {}
            Kind::Seq => {
                self.defer(
                    self.inside(-1),
                    constructor_error(None, "expected a sequence node, but found mapping", span),
                );
                return Item::Unhashable(span);
            }
            Kind::Omap | Kind::Pairs => {
                let context =
                    if kind == Kind::Omap { "while constructing an ordered map" } else { "while constructing pairs" };
                self.defer(
                    self.inside(-1),
                    constructor_error(Some((context, span)), "expected a sequence, but found mapping", span),
                );
                return Item::Unhashable(span);
            }
            k if k.is_scalar_kind() => {
                return match frame.eq_value {
                    Some(text) => self.construct_scalar(&k, &text, span),
                    None => {
                        self.defer(
                            self.here(),
                            constructor_error(None, "expected a scalar node, but found mapping", span),
                        );
                        placeholder
                    }
                };
            }
            k => {
                self.defer(self.here(), undefined(&k, span));
                return placeholder;
            }
        }
        // SafeConstructor.flatten_mapping: merged entries first (a list of maps in reverse
        // order, so earlier maps win), then the mapping's own entries.
        let mut merged: Vec<(Node, Node)> = Vec::new();
        let mut own: Vec<(Node, Node)> = Vec::with_capacity(frame.items.len() / 2);
        let mut spare = frame.items;
        let mut items = spare.drain(..).enumerate();
        while let Some((ki, key)) = items.next() {
            let Some((vi, value)) = items.next() else { break };
            match key {
                Item::Merge(_) => match value {
                    Item::Node(Node { kind: NodeKind::Map(entries), .. }) => {
                        merged.extend(Rc::unwrap_or_clone(entries))
                    }
                    Item::Node(Node { kind: NodeKind::List(maps), .. }) => {
                        let mut sub = Vec::with_capacity(maps.len());
                        for m in Rc::unwrap_or_clone(maps) {
                            match m.kind {
                                NodeKind::Map(entries) => sub.push(Rc::unwrap_or_clone(entries)),
                                _ => {
                                    let problem = format!("expected a mapping for merging, but found {}", node_id(&m));
                                    self.defer(
                                        self.inside(-1),
                                        constructor_error(Some((WHILE_MAPPING, span)), problem, m.span),
                                    );
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
                        let problem = format!("expected a mapping or list of mappings for merging, but found {id}");
                        self.defer(
                            self.inside(-1),
                            constructor_error(Some((WHILE_MAPPING, span)), problem, other.span()),
                        );
                    }
                },
                Item::Unhashable(kspan) => {
                    self.defer(
                        self.inside(ki as isize),
                        constructor_error(Some((WHILE_MAPPING, span)), "found unhashable key", kspan),
                    );
                }
                Item::ValueKey(kspan) => {
                    let v = self.value_node(value, vi);
                    own.push((Node { span: kspan, kind: NodeKind::Scalar(Value::from("=")) }, v));
                }
                Item::Node(k) => {
                    if !matches!(k.kind, NodeKind::Scalar(_)) {
                        self.defer(
                            self.inside(ki as isize),
                            constructor_error(Some((WHILE_MAPPING, span)), "found unhashable key", k.span),
                        );
                        continue;
                    }
                    let v = self.value_node(value, vi);
                    own.push((k, v));
                }
            }
        }
        drop(items);
        self.spare_items.push(spare);
        let explicit_from = merged.len();
        let all = if merged.is_empty() {
            own
        } else {
            merged.extend(own);
            merged
        };
        let entries = collapse_entries(all, explicit_from, &mut self.warnings);
        if is_set {
            self.defer(self.here(), unsupported("!!set", "a Python set", span));
            return Item::Unhashable(span);
        }
        Item::Node(Node { span, kind: NodeKind::Map(Rc::new(entries)) })
    }
}

fn unsupported(tag: &str, what: &str, span: Span) -> Diagnostic {
    Diagnostic::error(
        "yaml-unsupported-tag",
        format!("{tag} values are not supported (Heat would load {what}, which templates cannot use)"),
    )
    .at(span)
}

fn scalar_error(e: ScalarError, span: Span) -> Failure {
    let (class, msg) = match e {
        // `construct_int` reads past 64 bits itself: never seen here.
        ScalarError::TooLarge => ("OverflowError", "integer too large".to_string()),
        ScalarError::Python(class, msg) => (class, msg),
    };
    super::python_error(class, msg).at(span).into()
}
