//! YAML 1.1 parser: tokens → events (an LL(1) state machine over the scanner's tokens,
//! with PyYAML's grammar and error texts).

use std::borrow::Cow;
use std::collections::HashMap;

use super::scanner::{Mode, Scanner, Style, Tok, Token, YamlError, K};

type Result<T> = std::result::Result<T, YamlError>;

/// A parse event.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Ev<'a> {
    StreamStart,
    StreamEnd,
    DocumentStart,
    DocumentEnd,
    Alias(String),
    /// Properties, value, style, and whether implicit resolution applies (PyYAML's
    /// `implicit[0]`).
    Scalar {
        props: Option<Box<Props>>,
        value: Cow<'a, str>,
        style: Style,
        plain_implicit: bool,
    },
    SequenceStart {
        props: Option<Box<Props>>,
    },
    SequenceEnd,
    MappingStart {
        props: Option<Box<Props>>,
    },
    MappingEnd,
}

/// A node's anchor and resolved tag (`None` when absent, `"!"` for the non-specific
/// tag). Boxed in events, and absent when both are: most nodes have neither.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Props {
    pub(crate) anchor: Option<String>,
    pub(crate) tag: Option<String>,
}

impl Props {
    fn boxed(anchor: Option<String>, tag: Option<String>) -> Option<Box<Props>> {
        (anchor.is_some() || tag.is_some()).then(|| Box::new(Props { anchor, tag }))
    }

    /// Anchor and tag.
    pub(crate) fn split(props: Option<Box<Props>>) -> (Option<String>, Option<String>) {
        props.map_or((None, None), |p| (p.anchor, p.tag))
    }
}

/// An event with its span (byte offsets: errors report only those, and lines and
/// columns are recomputed when an error is shown).
#[derive(Clone, Debug)]
pub(crate) struct Event<'a> {
    pub(crate) ev: Ev<'a>,
    pub(crate) start: usize,
    pub(crate) end: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum State {
    StreamStart,
    ImplicitDocumentStart,
    DocumentStart,
    DocumentContent,
    DocumentEnd,
    BlockNode,
    BlockSequenceFirstEntry,
    BlockSequenceEntry,
    IndentlessSequenceEntry,
    BlockMappingFirstKey,
    BlockMappingKey,
    BlockMappingValue,
    FlowSequenceFirstEntry,
    FlowSequenceEntry,
    FlowSequenceEntryMappingKey,
    FlowSequenceEntryMappingValue,
    FlowSequenceEntryMappingEnd,
    FlowMappingFirstKey,
    FlowMappingKey,
    FlowMappingValue,
    FlowMappingEmptyValue,
    End,
}

#[derive(Clone, Copy)]
struct Peek {
    kind: K,
    start: usize,
    end: usize,
}

pub(crate) struct Parser<'a> {
    scanner: Scanner<'a>,
    state: State,
    states: Vec<State>,
    marks: Vec<usize>,
    tag_handles: HashMap<String, String>,
    mode: Mode,
}

/// How [`Parser::node`] parses a node inside a flow collection, and a block
/// mapping's key or value: `(block, indentless_sequence)`.
const FLOW: (bool, bool) = (false, false);
const BLOCK_MAPPING: (bool, bool) = (true, true);

fn unexpected_end(mark: usize) -> YamlError {
    YamlError::new(None, "unexpected end of stream", mark)
}

impl<'a> Parser<'a> {
    pub(crate) fn new(text: &'a str, mode: Mode) -> Parser<'a> {
        Parser {
            scanner: Scanner::new(text, mode),
            mode,
            state: State::StreamStart,
            states: Vec::new(),
            marks: Vec::new(),
            tag_handles: HashMap::new(),
        }
    }

    fn peek(&mut self) -> Result<&Token<'a>> {
        // The scanner always ends with StreamEnd; asking past it is a parser bug, reported
        // as an error rather than a panic.
        let mark = 0;
        self.scanner.peek()?.ok_or_else(|| unexpected_end(mark))
    }

    fn peek_tok(&mut self) -> Result<K> {
        Ok(self.peek()?.tok.kind())
    }

    /// The next token's kind and marks (no payload copied).
    fn peek_info(&mut self) -> Result<Peek> {
        let t = self.peek()?;
        Ok(Peek { kind: t.tok.kind(), start: t.start, end: t.end })
    }

    fn next_token(&mut self) -> Result<Token<'a>> {
        self.scanner.next()?.ok_or_else(|| unexpected_end(0))
    }

    fn pop_state(&mut self) -> State {
        self.states.pop().unwrap_or(State::End)
    }

    fn ev(ev: Ev<'a>, start: usize, end: usize) -> Event<'a> {
        Event { ev, start, end }
    }

    fn empty_scalar(mark: usize) -> Event<'a> {
        Self::ev(
            Ev::Scalar { props: None, value: Cow::Borrowed(""), style: Style::Plain, plain_implicit: true },
            mark,
            mark,
        )
    }

    /// The next event (`None` after the stream end).
    pub(crate) fn next_event(&mut self) -> Result<Option<Event<'a>>> {
        let e = match self.state {
            State::End => return Ok(None),
            State::StreamStart => {
                let t = self.next_token()?;
                self.state = State::ImplicitDocumentStart;
                Self::ev(Ev::StreamStart, t.start, t.end)
            }
            State::ImplicitDocumentStart => self.document_start(true)?,
            State::DocumentStart => self.document_start(false)?,
            State::DocumentContent => {
                let t = self.peek_info()?;
                if matches!(
                    t.kind,
                    K::Version | K::TagDirective | K::OtherDirective | K::DocumentStart | K::DocumentEnd | K::StreamEnd
                ) {
                    let m = t.start;
                    self.state = self.pop_state();
                    Self::empty_scalar(m)
                } else {
                    self.node(true, false)?
                }
            }
            State::DocumentEnd => {
                let t = self.peek_info()?;
                let (start, mut end) = (t.start, t.start);
                if t.kind == K::DocumentEnd {
                    end = t.end;
                    self.next_token()?;
                }
                self.state = State::DocumentStart;
                Self::ev(Ev::DocumentEnd, start, end)
            }
            State::BlockNode => self.node(true, false)?,
            State::BlockSequenceFirstEntry => {
                self.open_collection()?;
                self.block_sequence_entry()?
            }
            State::BlockSequenceEntry => self.block_sequence_entry()?,
            State::IndentlessSequenceEntry => self.indentless_sequence_entry()?,
            State::BlockMappingFirstKey => {
                self.open_collection()?;
                self.block_mapping_key()?
            }
            State::BlockMappingKey => self.block_mapping_key()?,
            State::BlockMappingValue => self.block_mapping_value()?,
            State::FlowSequenceFirstEntry => {
                self.open_collection()?;
                self.flow_sequence_entry(true)?
            }
            State::FlowSequenceEntry => self.flow_sequence_entry(false)?,
            State::FlowSequenceEntryMappingKey => {
                let t = self.next_token()?;
                let ends = [K::Value, K::FlowEntry, K::FlowSequenceEnd];
                self.node_or_empty(t.end, &ends, State::FlowSequenceEntryMappingValue, FLOW)?
            }
            State::FlowSequenceEntryMappingValue => {
                let ends = [K::FlowEntry, K::FlowSequenceEnd];
                self.value(&ends, State::FlowSequenceEntryMappingEnd, FLOW)?
            }
            State::FlowSequenceEntryMappingEnd => {
                self.state = State::FlowSequenceEntry;
                let m = self.peek()?.start;
                Self::ev(Ev::MappingEnd, m, m)
            }
            State::FlowMappingFirstKey => {
                self.open_collection()?;
                self.flow_mapping_key(true)?
            }
            State::FlowMappingKey => self.flow_mapping_key(false)?,
            State::FlowMappingValue => self.value(&[K::FlowEntry, K::FlowMappingEnd], State::FlowMappingKey, FLOW)?,
            State::FlowMappingEmptyValue => {
                self.state = State::FlowMappingKey;
                let m = self.peek()?.start;
                Self::empty_scalar(m)
            }
        };
        if e.ev == Ev::StreamEnd {
            self.state = State::End;
        }
        Ok(Some(e))
    }

    fn document_start(&mut self, implicit: bool) -> Result<Event<'a>> {
        if !implicit {
            while self.peek()?.tok == Tok::DocumentEnd {
                self.next_token()?;
            }
        }
        let t = self.peek_info()?;
        let is_start =
            matches!(t.kind, K::Version | K::TagDirective | K::OtherDirective | K::DocumentStart | K::StreamEnd);
        if implicit && !is_start {
            self.reset_tag_handles();
            self.states.push(State::DocumentEnd);
            self.state = State::BlockNode;
            return Ok(Self::ev(Ev::DocumentStart, t.start, t.start));
        }
        if t.kind == K::StreamEnd {
            self.next_token()?;
            self.state = State::End;
            return Ok(Self::ev(Ev::StreamEnd, t.start, t.end));
        }
        let start = t.start;
        self.process_directives()?;
        let t = self.peek_info()?;
        if t.kind != K::DocumentStart {
            return Err(YamlError::new(
                None,
                format!("expected '<document start>', but found '{}'", t.kind.id()),
                t.start,
            ));
        }
        self.next_token()?;
        self.states.push(State::DocumentEnd);
        self.state = State::DocumentContent;
        Ok(Self::ev(Ev::DocumentStart, start, t.end))
    }

    fn reset_tag_handles(&mut self) {
        self.tag_handles.clear();
        self.tag_handles.insert("!".into(), "!".into());
        self.tag_handles.insert("!!".into(), "tag:yaml.org,2002:".into());
    }

    fn process_directives(&mut self) -> Result<()> {
        self.tag_handles.clear();
        let mut version_seen = false;
        loop {
            let t = self.peek_info()?;
            if !matches!(t.kind, K::Version | K::TagDirective | K::OtherDirective) {
                break;
            }
            match self.next_token()?.tok {
                Tok::Version(major, minor) => {
                    if version_seen {
                        return Err(YamlError::new(None, "found duplicate YAML directive", t.start));
                    }
                    version_seen = true;
                    // The pure loader only warns about minor versions; libyaml takes 1.1
                    // and 1.2.
                    if major != 1 || (self.mode == Mode::Libyaml && !(minor == 1 || minor == 2)) {
                        return Err(YamlError::new(
                            None,
                            "found incompatible YAML document (version 1.* is required)",
                            t.start,
                        ));
                    }
                }
                Tok::TagDirective(directive) => {
                    let (handle, prefix) = *directive;
                    if self.tag_handles.contains_key(&handle) {
                        return Err(YamlError::new(
                            None,
                            format!("duplicate tag handle {}", crate::pyfmt::str_repr(&handle)),
                            t.start,
                        ));
                    }
                    self.tag_handles.insert(handle, prefix);
                }
                Tok::OtherDirective => {}
                _ => break,
            }
        }
        self.tag_handles.entry("!".into()).or_insert_with(|| "!".into());
        self.tag_handles.entry("!!".into()).or_insert_with(|| "tag:yaml.org,2002:".into());
        Ok(())
    }

    fn node(&mut self, block: bool, indentless_sequence: bool) -> Result<Event<'a>> {
        let t = self.peek_info()?;
        if t.kind == K::Alias {
            let Tok::Alias(name) = self.next_token()?.tok else { return Err(unexpected_end(t.start)) };
            self.state = self.pop_state();
            return Ok(Self::ev(Ev::Alias(name), t.start, t.end));
        }
        let mut anchor = None;
        let mut tag_parts = None;
        let mut start = t.start;
        let mut end = t.start;
        let mut tag_mark = t.start;
        if matches!(t.kind, K::Anchor | K::Tag) {
            for _ in 0..2 {
                let p = self.peek_info()?;
                match p.kind {
                    K::Anchor if anchor.is_none() => {
                        if let Tok::Anchor(name) = self.next_token()?.tok {
                            anchor = Some(name);
                        }
                    }
                    K::Tag if tag_parts.is_none() => {
                        if let Tok::Tag(parts) = self.next_token()?.tok {
                            tag_parts = Some(*parts);
                        }
                        tag_mark = p.start;
                    }
                    _ => break,
                }
                end = p.end;
            }
        }
        let tag = match tag_parts {
            None => None,
            Some((None, suffix)) => Some(suffix),
            Some((Some(handle), suffix)) => match self.tag_handles.get(&handle) {
                Some(prefix) => Some(format!("{prefix}{suffix}")),
                None => {
                    return Err(YamlError::new(
                        Some("while parsing a node"),
                        format!("found undefined tag handle {}", crate::pyfmt::str_repr(&handle)),
                        tag_mark,
                    )
                    .ctx(start))
                }
            },
        };
        if anchor.is_none() && tag.is_none() {
            start = t.start;
        }
        let t = self.peek_info()?;
        if indentless_sequence && t.kind == K::BlockEntry {
            self.state = State::IndentlessSequenceEntry;
            return Ok(Self::ev(Ev::SequenceStart { props: Props::boxed(anchor, tag) }, start, t.end));
        }
        match t.kind {
            K::Scalar => {
                let Tok::Scalar(value, style) = self.next_token()?.tok else { return Err(unexpected_end(t.start)) };
                self.state = self.pop_state();
                let plain_implicit = (style == Style::Plain && tag.is_none()) || tag.as_deref() == Some("!");
                Ok(Self::ev(
                    Ev::Scalar { props: Props::boxed(anchor, tag), value, style, plain_implicit },
                    start,
                    t.end,
                ))
            }
            K::FlowSequenceStart => {
                self.state = State::FlowSequenceFirstEntry;
                Ok(Self::ev(Ev::SequenceStart { props: Props::boxed(anchor, tag) }, start, t.end))
            }
            K::FlowMappingStart => {
                self.state = State::FlowMappingFirstKey;
                Ok(Self::ev(Ev::MappingStart { props: Props::boxed(anchor, tag) }, start, t.end))
            }
            K::BlockSequenceStart if block => {
                self.state = State::BlockSequenceFirstEntry;
                Ok(Self::ev(Ev::SequenceStart { props: Props::boxed(anchor, tag) }, start, t.end))
            }
            K::BlockMappingStart if block => {
                self.state = State::BlockMappingFirstKey;
                Ok(Self::ev(Ev::MappingStart { props: Props::boxed(anchor, tag) }, start, t.end))
            }
            _ if anchor.is_some() || tag.is_some() => {
                // An empty scalar with properties: libyaml resolves it implicitly only
                // when it has no tag (so `!` alone is an empty string); the pure
                // parser also for the non-specific tag `!`.
                self.state = self.pop_state();
                let plain_implicit = tag.is_none() || (self.mode == Mode::Pure && tag.as_deref() == Some("!"));
                Ok(Self::ev(
                    Ev::Scalar {
                        props: Props::boxed(anchor, tag),
                        value: Cow::Borrowed(""),
                        style: Style::Plain,
                        plain_implicit,
                    },
                    start,
                    end,
                ))
            }
            other => Err(YamlError::new(
                Some(if block { "while parsing a block node" } else { "while parsing a flow node" }),
                format!("expected the node content, but found '{}'", other.id()),
                t.start,
            )
            .ctx(start)),
        }
    }

    fn block_sequence_entry(&mut self) -> Result<Event<'a>> {
        let t = self.peek_info()?;
        if t.kind == K::BlockEntry {
            self.next_token()?;
            return self.node_or_empty(t.end, &[K::BlockEntry, K::BlockEnd], State::BlockSequenceEntry, (true, false));
        }
        if t.kind != K::BlockEnd {
            let found = t.kind.id();
            return Err(self.in_collection(
                "a block collection",
                format!("expected <block end>, but found '{found}'"),
                t,
            ));
        }
        self.close_collection(Ev::SequenceEnd)
    }

    fn indentless_sequence_entry(&mut self) -> Result<Event<'a>> {
        let t = self.peek_info()?;
        if t.kind == K::BlockEntry {
            self.next_token()?;
            let ends = [K::BlockEntry, K::Key, K::Value, K::BlockEnd];
            return self.node_or_empty(t.end, &ends, State::IndentlessSequenceEntry, (true, false));
        }
        self.state = self.pop_state();
        Ok(Self::ev(Ev::SequenceEnd, t.start, t.start))
    }

    fn block_mapping_key(&mut self) -> Result<Event<'a>> {
        let t = self.peek_info()?;
        if t.kind == K::Key {
            self.next_token()?;
            return self.node_or_empty(
                t.end,
                &[K::Key, K::Value, K::BlockEnd],
                State::BlockMappingValue,
                BLOCK_MAPPING,
            );
        }
        if t.kind != K::BlockEnd {
            let found = t.kind.id();
            return Err(self.in_collection("a block mapping", format!("expected <block end>, but found '{found}'"), t));
        }
        self.close_collection(Ev::MappingEnd)
    }

    fn block_mapping_value(&mut self) -> Result<Event<'a>> {
        self.value(&[K::Key, K::Value, K::BlockEnd], State::BlockMappingKey, BLOCK_MAPPING)
    }

    /// The first token of a collection: its start is the context of its errors.
    fn open_collection(&mut self) -> Result<()> {
        let t = self.next_token()?;
        self.marks.push(t.start);
        Ok(())
    }

    /// The end token of a collection (`ev` says which).
    fn close_collection(&mut self, ev: Ev<'a>) -> Result<Event<'a>> {
        let t = self.next_token()?;
        self.state = self.pop_state();
        self.marks.pop();
        Ok(Self::ev(ev, t.start, t.end))
    }

    /// An error inside a collection, in PyYAML's words ("while parsing `what`").
    fn in_collection(&self, what: &str, problem: String, t: Peek) -> YamlError {
        let context = format!("while parsing {what}");
        YamlError::new(Some(&context), problem, t.start).ctx(self.marks.last().copied().unwrap_or_default())
    }

    /// After an indicator (`-`, `?`, `:`) ending at `after`: an empty scalar when
    /// the next token is one of `ends` (and `next` is the state), otherwise the
    /// node, with `next` to come back to. `(block, indentless_sequence)` as for
    /// [`Parser::node`].
    fn node_or_empty(&mut self, after: usize, ends: &[K], next: State, how: (bool, bool)) -> Result<Event<'a>> {
        if ends.contains(&self.peek_tok()?) {
            self.state = next;
            return Ok(Self::empty_scalar(after));
        }
        self.states.push(next);
        self.node(how.0, how.1)
    }

    /// A mapping's value: after `:` as [`Parser::node_or_empty`]; without one, empty.
    fn value(&mut self, ends: &[K], next: State, how: (bool, bool)) -> Result<Event<'a>> {
        let t = self.peek_info()?;
        if t.kind == K::Value {
            self.next_token()?;
            return self.node_or_empty(t.end, ends, next, how);
        }
        self.state = next;
        Ok(Self::empty_scalar(t.start))
    }

    /// Between a flow collection's entries (not before the first): the `,`.
    fn flow_separator(&mut self, first: bool, t: Peek, what: &str, close: char) -> Result<()> {
        if first {
            return Ok(());
        }
        if t.kind != K::FlowEntry {
            let found = t.kind.id();
            return Err(self.in_collection(what, format!("expected ',' or '{close}', but got '{found}'"), t));
        }
        self.next_token()?;
        Ok(())
    }

    fn flow_sequence_entry(&mut self, first: bool) -> Result<Event<'a>> {
        let t = self.peek_info()?;
        if t.kind != K::FlowSequenceEnd {
            self.flow_separator(first, t, "a flow sequence", ']')?;
            let t = self.peek_info()?;
            if t.kind == K::Key {
                self.state = State::FlowSequenceEntryMappingKey;
                return Ok(Self::ev(Ev::MappingStart { props: None }, t.start, t.end));
            }
            if t.kind != K::FlowSequenceEnd {
                self.states.push(State::FlowSequenceEntry);
                return self.node(false, false);
            }
        }
        self.close_collection(Ev::SequenceEnd)
    }

    fn flow_mapping_key(&mut self, first: bool) -> Result<Event<'a>> {
        let t = self.peek_info()?;
        if t.kind != K::FlowMappingEnd {
            self.flow_separator(first, t, "a flow mapping", '}')?;
            let t = self.peek_info()?;
            if t.kind == K::Key {
                self.next_token()?;
                let ends = [K::Value, K::FlowEntry, K::FlowMappingEnd];
                return self.node_or_empty(t.end, &ends, State::FlowMappingValue, FLOW);
            }
            if t.kind != K::FlowMappingEnd {
                self.states.push(State::FlowMappingEmptyValue);
                return self.node(false, false);
            }
        }
        self.close_collection(Ev::MappingEnd)
    }
}
