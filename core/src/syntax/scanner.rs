//! YAML 1.1 scanner: text → tokens, accepting what Heat's loader accepts.
//!
//! Heat loads YAML with PyYAML's `CSafeLoader` (libyaml) and, when that fails, retries
//! with the pure-Python `SafeLoader` (and reports that one's error). The scanner has both
//! behaviours ([`Mode`]); they differ in details: libyaml takes tabs as separation space
//! wherever a simple key may not start and inside flow collections (the pure scanner
//! never does), refuses unknown directives, `%YAML 1.x` other than 1.1/1.2, surrogate
//! escapes and tabs in block scalar indentation (the pure scanner accepts them), and
//! ends tags at `,` inside flow collections. Error texts are the pure loader's, which is
//! what Heat reports.
//!
//! Tokens are produced on demand; a simple key (`key: value`) is resolved by looking
//! ahead at most one line or 1024 characters, as libyaml does.

use std::borrow::Cow;
use std::collections::VecDeque;

/// A position: byte offset, character offset, 0-based line and column (in characters).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Mark {
    pub(crate) index: usize,
    pub(crate) chars: usize,
    pub(crate) line: usize,
    pub(crate) column: usize,
}

/// How a scalar was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Style {
    Plain,
    SingleQuoted,
    DoubleQuoted,
    Literal,
    Folded,
}

/// A token (a scalar's text borrows the source when it is a contiguous run of it).
/// Its kind without the payload is [`K`] (cheap to copy).
#[derive(Clone, Debug, PartialEq, strum::EnumDiscriminants)]
#[strum_discriminants(name(K))]
pub(crate) enum Tok<'a> {
    StreamStart,
    StreamEnd,
    /// `%YAML major.minor`
    Version(u32, u32),
    /// `%TAG handle prefix` (boxed: rare, and tokens stay small)
    TagDirective(Box<(String, String)>),
    /// Any other directive (the pure scanner ignores it, but it still makes the document
    /// explicit).
    OtherDirective,
    DocumentStart,
    DocumentEnd,
    BlockSequenceStart,
    BlockMappingStart,
    BlockEnd,
    FlowSequenceStart,
    FlowSequenceEnd,
    FlowMappingStart,
    FlowMappingEnd,
    BlockEntry,
    FlowEntry,
    Key,
    Value,
    Alias(String),
    Anchor(String),
    /// Handle (`None` for a verbatim tag `!<…>`) and suffix. The non-specific tag `!`
    /// is `(None, "!")`. Boxed: rare, and tokens stay small.
    Tag(Box<(Option<String>, String)>),
    Scalar(Cow<'a, str>, Style),
}

impl K {
    /// PyYAML's token id, for messages (`'<block end>'`).
    pub(crate) fn id(self) -> &'static str {
        match self {
            K::StreamStart => "<stream start>",
            K::StreamEnd => "<stream end>",
            K::Version | K::TagDirective | K::OtherDirective => "<directive>",
            K::DocumentStart => "<document start>",
            K::DocumentEnd => "<document end>",
            K::BlockSequenceStart => "<block sequence start>",
            K::BlockMappingStart => "<block mapping start>",
            K::BlockEnd => "<block end>",
            K::FlowSequenceStart => "[",
            K::FlowSequenceEnd => "]",
            K::FlowMappingStart => "{",
            K::FlowMappingEnd => "}",
            K::BlockEntry => "-",
            K::FlowEntry => ",",
            K::Key => "?",
            K::Value => ":",
            K::Alias => "<alias>",
            K::Anchor => "<anchor>",
            K::Tag => "<tag>",
            K::Scalar => "<scalar>",
        }
    }
}

impl Tok<'_> {
    /// The kind of this token.
    pub(crate) fn kind(&self) -> K {
        K::from(self)
    }
}

/// A token with its span (byte offsets).
#[derive(Clone, Debug)]
pub(crate) struct Token<'a> {
    pub(crate) tok: Tok<'a>,
    pub(crate) start: usize,
    pub(crate) end: usize,
}

/// A load error as PyYAML describes it: context and problem, each with a mark (only
/// the byte offset of a mark is used for reporting; lines and columns are recomputed).
/// Boxed, so that results stay small on the hot paths.
#[derive(Clone, Debug)]
pub(crate) struct YamlError(Box<ErrorData>);

#[derive(Clone, Debug)]
pub(crate) struct ErrorData {
    /// Diagnostic code (`yaml-syntax`, `yaml-constructor`, `yaml-too-deep`, …).
    pub(crate) code: &'static str,
    /// PyYAML's context (`while scanning a simple key`), when it has one.
    pub(crate) context: Option<String>,
    /// Where the context starts.
    pub(crate) context_mark: Option<Mark>,
    /// PyYAML's problem text.
    pub(crate) problem: String,
    /// Where the problem is.
    pub(crate) mark: Mark,
    /// End of the offending text, when known (for the diagnostic's span).
    pub(crate) end: Option<usize>,
    /// A reader error (`unacceptable character`): the character position, in characters.
    pub(crate) reader_position: Option<usize>,
}

impl std::ops::Deref for YamlError {
    type Target = ErrorData;
    fn deref(&self) -> &ErrorData {
        &self.0
    }
}

impl std::ops::DerefMut for YamlError {
    fn deref_mut(&mut self) -> &mut ErrorData {
        &mut self.0
    }
}

/// A mark known by its byte offset only (what error reports use).
impl From<usize> for Mark {
    fn from(index: usize) -> Mark {
        Mark { index, ..Mark::default() }
    }
}

impl YamlError {
    pub(crate) fn new(context: Option<&str>, problem: impl Into<String>, mark: impl Into<Mark>) -> YamlError {
        YamlError(Box::new(ErrorData {
            code: "yaml-syntax",
            context: context.map(str::to_string),
            context_mark: None,
            problem: problem.into(),
            mark: mark.into(),
            end: None,
            reader_position: None,
        }))
    }

    /// With the context's mark.
    pub(crate) fn ctx(mut self, mark: impl Into<Mark>) -> YamlError {
        self.context_mark = Some(mark.into());
        self
    }

    /// With the context's mark, unless it has one (or has no context).
    pub(crate) fn or_ctx(mut self, mark: Mark) -> YamlError {
        if self.context.is_some() && self.context_mark.is_none() {
            self.context_mark = Some(mark);
        }
        self
    }

    /// With a diagnostic code.
    pub(crate) fn code(mut self, code: &'static str) -> YamlError {
        self.code = code;
        self
    }
}

type Result<T> = std::result::Result<T, YamlError>;

#[derive(Clone, Copy, Debug, Default)]
struct SimpleKey {
    possible: bool,
    required: bool,
    token_number: usize,
    mark: Mark,
    /// Which save this is (the key queue refers to saves by level and generation).
    generation: u64,
}

/// Deepest flow nesting and indentation stack the scanner keeps (the composer's depth
/// limit is lower; this only bounds the scanner's own memory).
const MAX_LEVELS: usize = 10_000;

fn is_break(c: Option<char>) -> bool {
    matches!(c, Some('\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}'))
}
fn is_blank(c: Option<char>) -> bool {
    matches!(c, Some(' ' | '\t'))
}
fn is_breakz(c: Option<char>) -> bool {
    c.is_none() || is_break(c)
}
fn is_blankz(c: Option<char>) -> bool {
    c.is_none() || is_blank(c) || is_break(c)
}
fn is_word(c: Option<char>) -> bool {
    matches!(c, Some(c) if c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Python's `str(UnicodeDecodeError)` for bytes that are not UTF-8.
fn utf8_error(bytes: &[u8], e: std::str::Utf8Error) -> String {
    let at = e.valid_up_to();
    let byte = bytes.get(at).copied().unwrap_or(0);
    match e.error_len() {
        None => {
            let end = bytes.len().saturating_sub(1);
            if end > at {
                format!("'utf-8' codec can't decode bytes in position {at}-{end}: unexpected end of data")
            } else {
                format!("'utf-8' codec can't decode byte 0x{byte:02x} in position {at}: unexpected end of data")
            }
        }
        Some(_) => {
            let reason = if (0x80..0xc2).contains(&byte) || byte >= 0xf5 {
                "invalid start byte"
            } else {
                "invalid continuation byte"
            };
            format!("'utf-8' codec can't decode byte 0x{byte:02x} in position {at}: {reason}")
        }
    }
}

/// Python's `%r` of one character (or of the end of the stream, `'\x00'`).
pub(crate) fn char_repr(c: Option<char>) -> String {
    match c {
        None => "'\\x00'".to_string(),
        Some(c) => crate::pyfmt::str_repr(&c.to_string()),
    }
}

/// Which bytes an ASCII run takes (see [`run_table`]).
#[derive(Clone, Copy)]
enum Run {
    /// Spaces.
    Space,
    /// The rest of a line.
    Line,
    /// Characters of a quoted scalar that need no attention.
    Quoted,
    /// Characters that cannot end a plain scalar.
    Plain,
}

/// The table of the ASCII bytes a run takes (line breaks and non-ASCII never).
// Evaluated at compile time only: an index out of range would not compile.
#[allow(clippy::indexing_slicing)]
const fn run_table(run: Run) -> [bool; 256] {
    let mut table = [false; 256];
    let mut b: u8 = 0;
    while b < 0x80 {
        let keep = match run {
            Run::Space => b == b' ',
            Run::Line => true,
            Run::Quoted => b > b' ' && b != b'\'' && b != b'"' && b != b'\\' && b != 0x7f,
            Run::Plain => b > b' ' && b != 0x7f && !matches!(b, b':' | b',' | b'[' | b']' | b'{' | b'}' | b'?'),
        };
        table[b as usize] = b != b'\r' && b != b'\n' && keep;
        b += 1;
    }
    table
}

const SPACE_RUN: [bool; 256] = run_table(Run::Space);
const LINE_RUN: [bool; 256] = run_table(Run::Line);
const QUOTED_RUN: [bool; 256] = run_table(Run::Quoted);
const PLAIN_RUN: [bool; 256] = run_table(Run::Plain);

/// Which PyYAML scanner to behave like.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mode {
    /// libyaml (PyYAML's `CSafeLoader`), Heat's first attempt.
    Libyaml,
    /// The pure-Python `SafeLoader`, Heat's fallback (and its error messages).
    Pure,
}

/// A flow or plain scalar's text while it is scanned: a range of the source as long
/// as it is one contiguous run of it (most scalars), a string once folding, escapes
/// or a doubled quote make it differ.
#[derive(Default)]
struct ScalarText {
    start: usize,
    end: usize,
    owned: Option<String>,
}

impl ScalarText {
    /// Append the source's `from..to`.
    fn push_run(&mut self, text: &str, from: usize, to: usize) {
        if from >= to {
            return;
        }
        match &mut self.owned {
            Some(s) => s.push_str(text.get(from..to).unwrap_or("")),
            None if self.start == self.end => (self.start, self.end) = (from, to),
            None if self.end == from => self.end = to,
            None => self.string(text).push_str(text.get(from..to).unwrap_or("")),
        }
    }

    /// The text as an owned string, to append what is not in the source as is.
    fn string(&mut self, text: &str) -> &mut String {
        let (start, end) = (self.start, self.end);
        self.owned.get_or_insert_with(|| text.get(start..end).unwrap_or("").to_string())
    }

    fn push_str(&mut self, text: &str, s: &str) {
        if !s.is_empty() {
            self.string(text).push_str(s);
        }
    }

    fn finish(self, text: &str) -> Cow<'_, str> {
        match self.owned {
            Some(s) => Cow::Owned(s),
            None => Cow::Borrowed(text.get(self.start..self.end).unwrap_or("")),
        }
    }
}

/// The blanks and line breaks between two runs of a flow or plain scalar's
/// text, and what they fold to (PyYAML's `scan_flow_scalar_spaces` and
/// `scan_plain_spaces`).
#[derive(Default)]
struct Fold {
    /// Blanks before the first line break, as written: their range in the source.
    whitespaces: Option<(usize, usize)>,
    /// The first line break.
    leading_break: &'static str,
    /// The line breaks after it.
    trailing_breaks: String,
    /// Whether a line break was read (the blanks after one are dropped).
    leading_blanks: bool,
}

impl Fold {
    /// Blanks at the source's `from..to`.
    fn blank(&mut self, from: usize, to: usize) {
        if !self.leading_blanks {
            self.whitespaces = Some((self.whitespaces.map_or(from, |w| w.0), to));
        }
    }

    /// A line break (normalized).
    fn line_break(&mut self, brk: &'static str) {
        if self.leading_blanks {
            self.trailing_breaks.push_str(brk);
        } else {
            self.whitespaces = None;
            self.leading_break = brk;
            self.leading_blanks = true;
        }
    }

    /// Append what the run folds to (a lone `\n` folds to a space), and start again.
    fn flush(&mut self, string: &mut ScalarText, text: &str) {
        let fold = std::mem::take(self);
        if fold.leading_blanks {
            if fold.leading_break == "\n" {
                if fold.trailing_breaks.is_empty() {
                    string.push_str(text, " ");
                } else {
                    string.push_str(text, &fold.trailing_breaks);
                }
            } else {
                string.push_str(text, fold.leading_break);
                string.push_str(text, &fold.trailing_breaks);
            }
        } else if let Some((from, to)) = fold.whitespaces {
            string.push_run(text, from, to);
        }
    }
}

pub(crate) struct Scanner<'a> {
    text: &'a str,
    pure: bool,
    mark: Mark,
    tokens: VecDeque<Token<'a>>,
    tokens_parsed: usize,
    started: bool,
    done: bool,
    indent: isize,
    indents: Vec<isize>,
    simple_key_allowed: bool,
    simple_keys: Vec<SimpleKey>,
    /// Saved simple keys in text order as (flow level, generation); entries whose key
    /// has since been removed are skipped lazily. A key goes stale when the line
    /// changes or 1024 characters pass, so the oldest live entry is always the first to
    /// go stale and has the smallest token number: stale checks are amortized O(1)
    /// however deep the flow nesting.
    key_queue: VecDeque<(usize, u64)>,
    generations: u64,
    /// The queue's front token is final (nothing changes until it is taken).
    ready: bool,
    flow_level: usize,
}

impl<'a> Scanner<'a> {
    pub(crate) fn new(text: &'a str, mode: Mode) -> Scanner<'a> {
        Scanner {
            text,
            pure: mode == Mode::Pure,
            mark: Mark::default(),
            tokens: VecDeque::new(),
            tokens_parsed: 0,
            started: false,
            done: false,
            indent: -1,
            indents: Vec::new(),
            simple_key_allowed: false,
            simple_keys: Vec::new(),
            key_queue: VecDeque::new(),
            generations: 0,
            ready: false,
            flow_level: 0,
        }
    }

    // ----- characters ------------------------------------------------------------------

    fn rest(&self) -> &'a str {
        self.text.get(self.mark.index..).unwrap_or("")
    }

    fn ch(&self) -> Option<char> {
        match self.text.as_bytes().get(self.mark.index) {
            Some(&b) if b.is_ascii() => Some(char::from(b)),
            Some(_) => self.rest().chars().next(),
            None => None,
        }
    }

    fn ch_at(&self, n: usize) -> Option<char> {
        let bytes = self.text.as_bytes();
        let at = self.mark.index + n;
        // Fast path: the n characters before are ASCII, so the one asked for starts at
        // byte `at`.
        match bytes.get(self.mark.index..at) {
            Some(before) if before.is_ascii() => match bytes.get(at) {
                Some(&b) if b.is_ascii() => Some(char::from(b)),
                Some(_) => self.text.get(at..).and_then(|rest| rest.chars().next()),
                None => None,
            },
            _ => self.rest().chars().nth(n),
        }
    }

    /// Advance over one character (line breaks advance the line; `\r\n` is one break).
    fn forward(&mut self) {
        if let Some(&b) = self.text.as_bytes().get(self.mark.index) {
            if b.is_ascii() && b != b'\r' && b != b'\n' {
                self.mark.index += 1;
                self.mark.chars += 1;
                self.mark.column += 1;
                return;
            }
        }
        let Some(c) = self.ch() else { return };
        self.mark.index += c.len_utf8();
        self.mark.chars += 1;
        let is_newline =
            matches!(c, '\n' | '\u{85}' | '\u{2028}' | '\u{2029}') || (c == '\r' && self.ch() != Some('\n'));
        if is_newline {
            self.mark.line += 1;
            self.mark.column = 0;
        } else if c != '\u{FEFF}' || !self.pure {
            // The pure scanner does not count a BOM as a column; libyaml does.
            self.mark.column += 1;
        }
    }

    /// Advance over the longest run (possibly empty) of ASCII bytes `table` takes (never
    /// line breaks or a BOM: the tables leave out breaks and non-ASCII bytes).
    fn ascii_run(&mut self, table: &[bool; 256]) {
        let rest = self.text.as_bytes().get(self.mark.index..).unwrap_or(&[]);
        let n = rest.iter().position(|&b| !table.get(usize::from(b)).copied().unwrap_or(false)).unwrap_or(rest.len());
        self.mark.index += n;
        self.mark.chars += n;
        self.mark.column += n;
    }

    fn forward_n(&mut self, n: usize) {
        for _ in 0..n {
            self.forward();
        }
    }

    /// Consume a line break, returning it normalized (`\n`, or LS/PS as they are).
    fn read_line(&mut self) -> &'static str {
        match self.ch() {
            Some('\r') if self.ch_at(1) == Some('\n') => {
                self.forward_n(2);
                "\n"
            }
            Some('\r' | '\n' | '\u{85}') => {
                self.forward();
                "\n"
            }
            Some('\u{2028}') => {
                self.forward();
                "\u{2028}"
            }
            Some('\u{2029}') => {
                self.forward();
                "\u{2029}"
            }
            _ => "",
        }
    }

    /// Inline separation space: spaces and tabs for libyaml, spaces only for the pure scanner.
    fn is_sep(&self, c: Option<char>) -> bool {
        c == Some(' ') || (!self.pure && c == Some('\t'))
    }

    /// What may follow a tag, directive name or block scalar header: libyaml takes any
    /// blank, the pure scanner no tab.
    fn is_end(&self, c: Option<char>) -> bool {
        if self.pure {
            c.is_none() || c == Some(' ') || is_break(c)
        } else {
            is_blankz(c)
        }
    }

    fn starts_with_at_col0(&self, s: &str) -> bool {
        self.mark.column == 0 && self.rest().starts_with(s) && is_blankz(self.ch_at(3))
    }

    // ----- token queue -----------------------------------------------------------------

    fn need_more_tokens(&mut self) -> Result<bool> {
        if self.done {
            return Ok(false);
        }
        if self.tokens.is_empty() {
            return Ok(true);
        }
        self.stale_simple_keys()?;
        Ok(self.oldest_live_key().is_some_and(|k| k.token_number == self.tokens_parsed))
    }

    /// The oldest simple key still possible (dropping dead queue entries on the way).
    fn oldest_live_key(&mut self) -> Option<SimpleKey> {
        while let Some(&(level, generation)) = self.key_queue.front() {
            match self.simple_keys.get(level) {
                Some(k) if k.possible && k.generation == generation => return Some(*k),
                _ => {
                    self.key_queue.pop_front();
                }
            }
        }
        None
    }

    fn ensure_tokens(&mut self) -> Result<()> {
        if self.ready {
            return Ok(());
        }
        while self.need_more_tokens()? {
            self.fetch_next_token()?;
        }
        self.ready = true;
        Ok(())
    }

    /// The next token, without consuming it (`None` after the stream end).
    pub(crate) fn peek(&mut self) -> Result<Option<&Token<'a>>> {
        self.ensure_tokens()?;
        Ok(self.tokens.front())
    }

    /// Consume the next token.
    pub(crate) fn next(&mut self) -> Result<Option<Token<'a>>> {
        self.ensure_tokens()?;
        let t = self.tokens.pop_front();
        if t.is_some() {
            self.tokens_parsed += 1;
            self.ready = false;
        }
        Ok(t)
    }

    fn push(&mut self, tok: Tok<'a>, start: Mark, end: Mark) {
        self.tokens.push_back(Token { tok, start: start.index, end: end.index });
    }

    // ----- simple keys and indentation ---------------------------------------------------

    fn stale_simple_keys(&mut self) -> Result<()> {
        let mark = self.mark;
        while let Some(key) = self.oldest_live_key() {
            if !(key.mark.line < mark.line || key.mark.chars + 1024 < mark.chars) {
                break;
            }
            if key.required {
                return Err(YamlError::new(Some("while scanning a simple key"), "could not find expected ':'", mark)
                    .ctx(key.mark));
            }
            if let Some(&(level, _)) = self.key_queue.front() {
                if let Some(k) = self.simple_keys.get_mut(level) {
                    k.possible = false;
                }
            }
            self.key_queue.pop_front();
        }
        Ok(())
    }

    fn save_simple_key(&mut self) -> Result<()> {
        let required = self.flow_level == 0 && self.indent == self.mark.column as isize;
        if self.simple_key_allowed {
            self.remove_simple_key()?;
            self.generations += 1;
            let key = SimpleKey {
                possible: true,
                required,
                token_number: self.tokens_parsed + self.tokens.len(),
                mark: self.mark,
                generation: self.generations,
            };
            if let Some(top) = self.simple_keys.last_mut() {
                *top = key;
                self.key_queue.push_back((self.simple_keys.len() - 1, self.generations));
            }
        }
        Ok(())
    }

    fn remove_simple_key(&mut self) -> Result<()> {
        let mark = self.mark;
        if let Some(key) = self.simple_keys.last_mut() {
            if key.possible && key.required {
                return Err(YamlError::new(Some("while scanning a simple key"), "could not find expected ':'", mark)
                    .ctx(key.mark));
            }
            key.possible = false;
        }
        Ok(())
    }

    fn too_deep(&self) -> YamlError {
        YamlError::new(None, format!("the document is nested more than {} levels deep", super::MAX_DEPTH), self.mark)
            .code("yaml-too-deep")
    }

    fn increase_flow_level(&mut self) -> Result<()> {
        if self.flow_level >= MAX_LEVELS {
            return Err(self.too_deep());
        }
        self.simple_keys.push(SimpleKey::default());
        self.flow_level += 1;
        Ok(())
    }

    fn decrease_flow_level(&mut self) {
        if self.flow_level > 0 {
            self.flow_level -= 1;
            self.simple_keys.pop();
        }
    }

    /// Open a block collection at `column` (inserting its start token at token number
    /// `at`, or at the end).
    fn roll_indent(&mut self, column: usize, at: Option<usize>, tok: Tok<'a>, mark: Mark) -> Result<()> {
        if self.flow_level > 0 {
            return Ok(());
        }
        let column = column as isize;
        if self.indent < column {
            if self.indents.len() >= MAX_LEVELS {
                return Err(self.too_deep());
            }
            self.indents.push(self.indent);
            self.indent = column;
            let token = Token { tok, start: mark.index, end: mark.index };
            match at {
                Some(n) => {
                    let pos = n.saturating_sub(self.tokens_parsed).min(self.tokens.len());
                    self.tokens.insert(pos, token);
                }
                None => self.tokens.push_back(token),
            }
        }
        Ok(())
    }

    fn unroll_indent(&mut self, column: isize) {
        if self.flow_level > 0 {
            return;
        }
        while self.indent > column {
            let m = self.mark;
            self.push(Tok::BlockEnd, m, m);
            self.indent = self.indents.pop().unwrap_or(-1);
        }
    }

    // ----- dispatch ----------------------------------------------------------------------

    fn fetch_next_token(&mut self) -> Result<()> {
        if !self.started {
            return self.fetch_stream_start();
        }
        self.scan_to_next_token();
        self.stale_simple_keys()?;
        self.unroll_indent(self.mark.column as isize);
        let start = self.mark;
        let c = self.ch();
        let Some(ch) = c else {
            return self.fetch_stream_end();
        };
        if self.mark.column == 0 && ch == '%' {
            return self.fetch_directive().map_err(|e| e.or_ctx(start));
        }
        if self.starts_with_at_col0("---") {
            return self.fetch_document_indicator(Tok::DocumentStart);
        }
        if self.starts_with_at_col0("...") {
            return self.fetch_document_indicator(Tok::DocumentEnd);
        }
        let next = self.ch_at(1);
        match ch {
            '[' => return self.fetch_flow_collection_start(Tok::FlowSequenceStart),
            '{' => return self.fetch_flow_collection_start(Tok::FlowMappingStart),
            ']' => return self.fetch_flow_collection_end(Tok::FlowSequenceEnd),
            '}' => return self.fetch_flow_collection_end(Tok::FlowMappingEnd),
            ',' => return self.fetch_flow_entry(),
            '-' if is_blankz(next) => return self.fetch_block_entry(),
            '?' if self.flow_level > 0 || is_blankz(next) => return self.fetch_key(),
            ':' if self.flow_level > 0 || is_blankz(next) => return self.fetch_value(),
            '*' => return self.fetch_anchor(true).map_err(|e| e.or_ctx(start)),
            '&' => return self.fetch_anchor(false).map_err(|e| e.or_ctx(start)),
            '!' => return self.fetch_tag().map_err(|e| e.or_ctx(start)),
            '|' if self.flow_level == 0 => return self.fetch_block_scalar(Style::Literal).map_err(|e| e.or_ctx(start)),
            '>' if self.flow_level == 0 => return self.fetch_block_scalar(Style::Folded).map_err(|e| e.or_ctx(start)),
            '\'' => return self.fetch_flow_scalar(Style::SingleQuoted).map_err(|e| e.or_ctx(start)),
            '"' => return self.fetch_flow_scalar(Style::DoubleQuoted).map_err(|e| e.or_ctx(start)),
            _ => {}
        }
        let plain = !(is_blankz(c)
            || matches!(
                ch,
                '-' | '?'
                    | ':'
                    | ','
                    | '['
                    | ']'
                    | '{'
                    | '}'
                    | '#'
                    | '&'
                    | '*'
                    | '!'
                    | '|'
                    | '>'
                    | '\''
                    | '"'
                    | '%'
                    | '@'
                    | '`'
            ))
            || (!is_blankz(next) && (ch == '-' || (self.flow_level == 0 && (ch == '?' || ch == ':'))));
        if plain {
            return self.fetch_plain_scalar().map_err(|e| e.or_ctx(start));
        }
        Err(YamlError::new(
            Some("while scanning for the next token"),
            format!("found character {} that cannot start any token", char_repr(c)),
            self.mark,
        ))
    }

    fn scan_to_next_token(&mut self) {
        loop {
            while self.ch() == Some('\u{FEFF}') {
                if self.mark.index == 0 {
                    // The stream's BOM (libyaml's reader drops it: no column either).
                    self.mark.index += '\u{FEFF}'.len_utf8();
                    self.mark.chars += 1;
                } else if !self.pure && self.mark.column == 0 {
                    // libyaml skips a BOM at the start of any line (as a column).
                    self.forward();
                } else {
                    break;
                }
            }
            // Tabs separate tokens in flow context and where no simple key may start
            // (libyaml); elsewhere (indentation, after `-`, `?`) they are errors.
            loop {
                self.ascii_run(&SPACE_RUN);
                match self.ch() {
                    Some(' ') => self.forward(),
                    Some('\t') if !self.pure && (self.flow_level > 0 || !self.simple_key_allowed) => self.forward(),
                    _ => break,
                }
            }
            if self.ch() == Some('#') {
                while !is_breakz(self.ch()) {
                    self.forward();
                    self.ascii_run(&LINE_RUN);
                }
            }
            if is_break(self.ch()) {
                self.read_line();
                if self.flow_level == 0 {
                    self.simple_key_allowed = true;
                }
            } else {
                break;
            }
        }
    }

    /// An indicator of `len` characters at the mark becomes the token `tok`.
    fn push_indicator(&mut self, tok: Tok<'a>, len: usize) -> Result<()> {
        let start = self.mark;
        self.forward_n(len);
        let end = self.mark;
        self.push(tok, start, end);
        Ok(())
    }

    /// In block context, an indicator at the mark may open a block collection
    /// (`tok`) where a simple key is allowed; elsewhere it is the error `not_here`.
    fn open_block(&mut self, not_here: &'static str, tok: Tok<'a>) -> Result<()> {
        if self.flow_level == 0 {
            if !self.simple_key_allowed {
                return Err(YamlError::new(None, not_here, self.mark));
            }
            let m = self.mark;
            self.roll_indent(m.column, None, tok, m)?;
        }
        Ok(())
    }

    fn fetch_stream_start(&mut self) -> Result<()> {
        self.started = true;
        self.indent = -1;
        self.simple_key_allowed = true;
        self.simple_keys.push(SimpleKey::default());
        let m = self.mark;
        self.push(Tok::StreamStart, m, m);
        Ok(())
    }

    fn fetch_stream_end(&mut self) -> Result<()> {
        if self.mark.column != 0 {
            self.mark.column = 0;
            self.mark.line += 1;
        }
        self.unroll_indent(-1);
        self.remove_simple_key()?;
        self.simple_key_allowed = false;
        let m = self.mark;
        self.push(Tok::StreamEnd, m, m);
        self.done = true;
        Ok(())
    }

    fn fetch_directive(&mut self) -> Result<()> {
        self.unroll_indent(-1);
        self.remove_simple_key()?;
        self.simple_key_allowed = false;
        let start = self.mark;
        if let Some(tok) = self.scan_directive()? {
            let end = self.mark;
            self.push(tok, start, end);
        }
        Ok(())
    }

    fn fetch_document_indicator(&mut self, tok: Tok<'a>) -> Result<()> {
        self.unroll_indent(-1);
        self.remove_simple_key()?;
        self.simple_key_allowed = false;
        self.push_indicator(tok, 3)
    }

    fn fetch_flow_collection_start(&mut self, tok: Tok<'a>) -> Result<()> {
        self.save_simple_key()?;
        self.increase_flow_level()?;
        self.simple_key_allowed = true;
        self.push_indicator(tok, 1)
    }

    fn fetch_flow_collection_end(&mut self, tok: Tok<'a>) -> Result<()> {
        self.remove_simple_key()?;
        self.decrease_flow_level();
        self.simple_key_allowed = false;
        self.push_indicator(tok, 1)
    }

    fn fetch_flow_entry(&mut self) -> Result<()> {
        self.remove_simple_key()?;
        self.simple_key_allowed = true;
        self.push_indicator(Tok::FlowEntry, 1)
    }

    fn fetch_block_entry(&mut self) -> Result<()> {
        self.open_block("sequence entries are not allowed here", Tok::BlockSequenceStart)?;
        // In flow context, `-` is an error the parser reports (it knows the context).
        self.remove_simple_key()?;
        self.simple_key_allowed = true;
        self.push_indicator(Tok::BlockEntry, 1)
    }

    fn fetch_key(&mut self) -> Result<()> {
        self.open_block("mapping keys are not allowed here", Tok::BlockMappingStart)?;
        self.remove_simple_key()?;
        self.simple_key_allowed = self.flow_level == 0;
        self.push_indicator(Tok::Key, 1)
    }

    fn fetch_value(&mut self) -> Result<()> {
        let key = self.simple_keys.last().copied().unwrap_or_default();
        if key.possible {
            // The simple key becomes a KEY token (and maybe opens a block mapping).
            let pos = key.token_number.saturating_sub(self.tokens_parsed).min(self.tokens.len());
            self.tokens.insert(pos, Token { tok: Tok::Key, start: key.mark.index, end: key.mark.index });
            self.roll_indent(key.mark.column, Some(key.token_number), Tok::BlockMappingStart, key.mark)?;
            if let Some(top) = self.simple_keys.last_mut() {
                top.possible = false;
            }
            self.simple_key_allowed = false;
        } else {
            self.open_block("mapping values are not allowed here", Tok::BlockMappingStart)?;
            self.simple_key_allowed = self.flow_level == 0;
        }
        self.push_indicator(Tok::Value, 1)
    }

    fn fetch_anchor(&mut self, alias: bool) -> Result<()> {
        self.save_simple_key()?;
        self.simple_key_allowed = false;
        let start = self.mark;
        let name = self.indicator_name();
        let c = self.ch();
        let ok_end = is_blankz(c) || matches!(c, Some('?' | ':' | ',' | ']' | '}' | '%' | '@' | '`'));
        if name.is_empty() || !ok_end {
            let context = if alias { "while scanning an alias" } else { "while scanning an anchor" };
            return Err(self.expected(Some(context), "alphabetic or numeric character"));
        }
        let end = self.mark;
        self.push(if alias { Tok::Alias(name) } else { Tok::Anchor(name) }, start, end);
        Ok(())
    }

    fn fetch_tag(&mut self) -> Result<()> {
        self.save_simple_key()?;
        self.simple_key_allowed = false;
        if self.pure {
            return self.scan_tag_pure();
        }
        let start = self.mark;
        let (handle, suffix) = if self.ch_at(1) == Some('<') {
            // Verbatim: !<uri>
            self.forward_n(2);
            let suffix = self.scan_tag_uri(false, "", false, start)?;
            if self.ch() != Some('>') {
                return Err(self.expected(Some("while scanning a tag"), "'>'"));
            }
            self.forward();
            (None, suffix)
        } else {
            let handle = self.scan_tag_handle(false, start)?;
            if handle.len() > 1 && handle.ends_with('!') {
                let suffix = self.scan_tag_uri(false, "", false, start)?;
                (Some(handle), suffix)
            } else {
                // `!foo`: the handle is `!` and `foo` the suffix; a lone `!` is the
                // non-specific tag.
                let suffix = self.scan_tag_uri(false, handle.get(1..).unwrap_or(""), true, start)?;
                if suffix.is_empty() {
                    (None, "!".to_string())
                } else {
                    (Some("!".to_string()), suffix)
                }
            }
        };
        let c = self.ch();
        // libyaml also ends a tag at `,` inside flow collections.
        let comma_ends = !self.pure && self.flow_level > 0 && c == Some(',');
        if !(self.is_end(c) || comma_ends) {
            return Err(YamlError::new(
                Some("while scanning a tag"),
                format!("expected ' ', but found {}", char_repr(c)),
                self.mark,
            ));
        }
        let end = self.mark;
        self.push(Tok::Tag(Box::new((handle, suffix))), start, end);
        Ok(())
    }

    /// The pure scanner's tag rules: `!` followed by a blank is the non-specific tag; a
    /// second `!` before the next space makes a handle (`!h!suffix`), else the handle is
    /// `!`; the suffix must not be empty; a space or line break must follow.
    fn scan_tag_pure(&mut self) -> Result<()> {
        let start = self.mark;
        let context = Some("while scanning a tag");
        let next = self.ch_at(1);
        let (handle, suffix) = if next == Some('<') {
            self.forward_n(2);
            let suffix = self.scan_tag_uri(false, "", false, start)?;
            if self.ch() != Some('>') {
                return Err(self.expected(context, "'>'"));
            }
            self.forward();
            (None, suffix)
        } else if is_blankz(next) {
            self.forward();
            (None, "!".to_string())
        } else {
            let use_handle =
                self.rest().chars().skip(1).take_while(|&c| !(c == ' ' || is_break(Some(c)))).any(|c| c == '!');
            let handle = if use_handle {
                self.forward();
                while is_word(self.ch()) {
                    self.forward();
                }
                if self.ch() != Some('!') {
                    return Err(self.expected(context, "'!'"));
                }
                self.forward();
                self.text.get(start.index..self.mark.index).unwrap_or("!").to_string()
            } else {
                self.forward();
                "!".to_string()
            };
            let suffix = self.scan_tag_uri(false, "", false, start)?;
            (Some(handle), suffix)
        };
        let c = self.ch();
        if !self.is_end(c) {
            return Err(YamlError::new(context, format!("expected ' ', but found {}", char_repr(c)), self.mark));
        }
        let end = self.mark;
        self.push(Tok::Tag(Box::new((handle, suffix))), start, end);
        Ok(())
    }

    fn fetch_block_scalar(&mut self, style: Style) -> Result<()> {
        self.remove_simple_key()?;
        self.simple_key_allowed = true;
        self.scan_block_scalar(style)
    }

    fn fetch_flow_scalar(&mut self, style: Style) -> Result<()> {
        self.save_simple_key()?;
        self.simple_key_allowed = false;
        self.scan_flow_scalar(style)
    }

    fn fetch_plain_scalar(&mut self) -> Result<()> {
        self.save_simple_key()?;
        self.simple_key_allowed = false;
        self.scan_plain_scalar()
    }

    // ----- directives ----------------------------------------------------------------------

    fn scan_directive(&mut self) -> Result<Option<Tok<'a>>> {
        let start = self.mark;
        let name = self.indicator_name();
        if name.is_empty() || !self.is_end(self.ch()) {
            return Err(self.expected(Some("while scanning a directive"), "alphabetic or numeric character"));
        }
        let tok = match name.as_str() {
            "YAML" => {
                self.skip_blanks();
                let major = self.scan_version_number(start)?;
                if self.ch() != Some('.') {
                    return Err(self.expected(Some("while scanning a directive"), "a digit or '.'"));
                }
                self.forward();
                let minor = self.scan_version_number(start)?;
                if !self.is_end(self.ch()) {
                    return Err(self.expected(Some("while scanning a directive"), "a digit or ' '"));
                }
                Some(Tok::Version(major, minor))
            }
            "TAG" => {
                self.skip_blanks();
                let handle = self.scan_tag_handle(true, start)?;
                if !self.is_sep(self.ch()) {
                    return Err(self.expected(Some("while scanning a directive"), "' '"));
                }
                self.skip_blanks();
                let prefix = self.scan_tag_uri(true, "", false, start)?;
                if !self.is_end(self.ch()) {
                    return Err(self.expected(Some("while scanning a directive"), "' '"));
                }
                Some(Tok::TagDirective(Box::new((handle, prefix))))
            }
            _ if !self.pure => {
                return Err(YamlError::new(Some("while scanning a directive"), "found unknown directive name", start));
            }
            _ => {
                // The pure loader ignores unknown directives.
                while !is_breakz(self.ch()) {
                    self.forward();
                }
                Some(Tok::OtherDirective)
            }
        };
        self.line_end(Some("while scanning a directive"))?;
        self.read_line();
        Ok(tok)
    }

    /// The rest of a directive's or block scalar header's line: blanks, a
    /// comment, then the line break (or the end).
    fn line_end(&mut self, context: Option<&str>) -> Result<()> {
        self.skip_blanks();
        if self.ch() == Some('#') {
            while !is_breakz(self.ch()) {
                self.forward();
                self.ascii_run(&LINE_RUN);
            }
        }
        if !is_breakz(self.ch()) {
            return Err(self.expected(context, "a comment or a line break"));
        }
        Ok(())
    }

    /// The name after a one-character indicator (`&`, `*`, `%`): a run of word
    /// characters, maybe empty.
    fn indicator_name(&mut self) -> String {
        self.forward();
        let name_start = self.mark.index;
        while is_word(self.ch()) {
            self.forward();
        }
        self.text.get(name_start..self.mark.index).unwrap_or("").to_string()
    }

    /// PyYAML's "expected …, but found …" about the character at the mark.
    fn expected(&self, context: Option<&str>, what: &str) -> YamlError {
        YamlError::new(context, format!("expected {what}, but found {}", char_repr(self.ch())), self.mark)
    }

    fn skip_blanks(&mut self) {
        while self.is_sep(self.ch()) {
            self.forward();
        }
    }

    fn scan_version_number(&mut self, _start: Mark) -> Result<u32> {
        let mut n: u32 = 0;
        let mut len = 0;
        while let Some(d) = self.ch().and_then(|c| c.to_digit(10)) {
            len += 1;
            if len > 9 {
                return Err(YamlError::new(
                    Some("while scanning a directive"),
                    "found extremely long version number",
                    self.mark,
                ));
            }
            n = n * 10 + d;
            self.forward();
        }
        if len == 0 {
            return Err(self.expected(Some("while scanning a directive"), "a digit"));
        }
        Ok(n)
    }

    /// `!`, `!!` or `!word!` (a `!word` without the closing `!` is returned as is; the
    /// caller treats it as the start of a local tag).
    fn scan_tag_handle(&mut self, directive: bool, _start: Mark) -> Result<String> {
        let context = if directive { "while scanning a directive" } else { "while scanning a tag" };
        if self.ch() != Some('!') {
            return Err(self.expected(Some(context), "'!'"));
        }
        let begin = self.mark.index;
        self.forward();
        while is_word(self.ch()) {
            self.forward();
        }
        if self.ch() == Some('!') {
            self.forward();
        } else if directive && self.mark.index - begin > 1 {
            return Err(self.expected(Some(context), "'!'"));
        }
        Ok(self.text.get(begin..self.mark.index).unwrap_or("").to_string())
    }

    fn scan_tag_uri(&mut self, directive: bool, head: &str, allow_empty: bool, _start: Mark) -> Result<String> {
        let context = if directive { "while parsing a directive" } else { "while parsing a tag" };
        let scan_context = if directive { "while scanning a directive" } else { "while scanning a tag" };
        let mut out = String::from(head);
        while let Some(c) = self.ch() {
            let ok = c.is_ascii_alphanumeric() || "-;/?:@&=+$,_.!~*'()[]".contains(c) || (c == '%');
            // `,[]` end a tag inside flow collections.
            if !ok || (!self.pure && self.flow_level > 0 && !directive && matches!(c, ',' | '[' | ']')) {
                break;
            }
            if c == '%' {
                // A run of URI escapes forms UTF-8 text.
                let run_start = self.mark;
                let mut bytes: Vec<u8> = Vec::new();
                while self.ch() == Some('%') {
                    self.forward();
                    let hex = |s: &Self, k: usize| s.ch_at(k).and_then(|h| h.to_digit(16));
                    for k in 0..2 {
                        if hex(self, k).is_none() {
                            return Err(YamlError::new(
                                Some(scan_context),
                                format!(
                                    "expected URI escape sequence of 2 hexadecimal numbers, but found {}",
                                    char_repr(self.ch_at(k))
                                ),
                                self.mark,
                            ));
                        }
                    }
                    let (Some(h), Some(l)) = (hex(self, 0), hex(self, 1)) else { break };
                    bytes.push((h * 16 + l) as u8);
                    self.forward_n(2);
                }
                match String::from_utf8(bytes) {
                    Ok(text) => out.push_str(&text),
                    Err(e) => {
                        return Err(YamlError::new(
                            Some(scan_context),
                            utf8_error(e.as_bytes(), e.utf8_error()),
                            run_start,
                        ))
                    }
                }
                continue;
            }
            out.push(c);
            self.forward();
        }
        if out.is_empty() && !allow_empty {
            return Err(self.expected(Some(context), "URI"));
        }
        Ok(out)
    }

    // ----- scalars -------------------------------------------------------------------------

    fn scan_block_scalar(&mut self, style: Style) -> Result<()> {
        let start = self.mark;
        let context = Some("while scanning a block scalar");
        self.forward();
        let mut chomping: i8 = 0;
        let mut increment: usize = 0;
        let indicator = |s: &mut Self, chomping: &mut i8| match s.ch() {
            Some('+') => {
                *chomping = 1;
                s.forward();
                true
            }
            Some('-') => {
                *chomping = -1;
                s.forward();
                true
            }
            _ => false,
        };
        let digit = |s: &mut Self, increment: &mut usize| -> Result<bool> {
            match s.ch().and_then(|c| c.to_digit(10)) {
                Some(0) => {
                    Err(YamlError::new(context, "expected indentation indicator in the range 1-9, but found 0", s.mark))
                }
                Some(d) => {
                    *increment = d as usize;
                    s.forward();
                    Ok(true)
                }
                None => Ok(false),
            }
        };
        if indicator(self, &mut chomping) {
            digit(self, &mut increment)?;
        } else if digit(self, &mut increment)? {
            indicator(self, &mut chomping);
        }
        let c = self.ch();
        // libyaml goes straight on to the comment (`|#c` is fine there).
        if self.pure && !self.is_end(c) {
            return Err(YamlError::new(
                context,
                format!("expected chomping or indentation indicators, but found {}", char_repr(c)),
                self.mark,
            ));
        }
        self.line_end(context)?;
        self.read_line();
        let mut end = self.mark;
        let mut indent: usize = 0;
        if increment > 0 {
            indent = if self.indent >= 0 { self.indent as usize + increment } else { increment };
        }
        let mut string = String::new();
        let mut trailing = String::new();
        self.block_scalar_breaks(&mut indent, &mut trailing, start, &mut end)?;
        let mut leading_break = String::new();
        let mut leading_blank = false;
        while self.mark.column == indent && self.ch().is_some() {
            let trailing_blank = is_blank(self.ch());
            if style == Style::Folded && leading_break.starts_with('\n') && !leading_blank && !trailing_blank {
                if trailing.is_empty() {
                    string.push(' ');
                }
                leading_break.clear();
            } else {
                string.push_str(&leading_break);
                leading_break.clear();
            }
            string.push_str(&trailing);
            trailing.clear();
            leading_blank = is_blank(self.ch());
            let from = self.mark.index;
            while !is_breakz(self.ch()) {
                self.forward();
                self.ascii_run(&LINE_RUN);
            }
            string.push_str(self.text.get(from..self.mark.index).unwrap_or(""));
            if self.ch().is_none() {
                break;
            }
            leading_break.push_str(self.read_line());
            self.block_scalar_breaks(&mut indent, &mut trailing, start, &mut end)?;
        }
        if chomping != -1 {
            string.push_str(&leading_break);
        }
        if chomping == 1 {
            string.push_str(&trailing);
        }
        self.push(Tok::Scalar(Cow::Owned(string), style), start, end);
        Ok(())
    }

    fn block_scalar_breaks(
        &mut self,
        indent: &mut usize,
        breaks: &mut String,
        start: Mark,
        end: &mut Mark,
    ) -> Result<()> {
        let _ = start;
        let mut max_indent = 0;
        *end = self.mark;
        loop {
            while (*indent == 0 || self.mark.column < *indent) && self.ch() == Some(' ') {
                self.forward();
            }
            max_indent = max_indent.max(self.mark.column);
            // libyaml refuses a tab here; the pure scanner takes it as the content's start.
            if !self.pure && (*indent == 0 || self.mark.column < *indent) && self.ch() == Some('\t') {
                return Err(YamlError::new(
                    Some("while scanning a block scalar"),
                    "found a tab character where an indentation space is expected",
                    self.mark,
                ));
            }
            if !is_break(self.ch()) {
                break;
            }
            breaks.push_str(self.read_line());
            *end = self.mark;
        }
        if *indent == 0 {
            let min = (self.indent + 1).max(1) as usize;
            *indent = max_indent.max(min);
        }
        Ok(())
    }

    fn scan_flow_scalar(&mut self, style: Style) -> Result<()> {
        let single = style == Style::SingleQuoted;
        let quote = if single { '\'' } else { '"' };
        let context = Some("while scanning a quoted scalar");
        let start = self.mark;
        let text = self.text;
        self.forward();
        let mut string = ScalarText::default();
        loop {
            if self.mark.column == 0
                && (self.rest().starts_with("---") || self.rest().starts_with("..."))
                && is_blankz(self.ch_at(3))
            {
                return Err(YamlError::new(context, "found unexpected document separator", self.mark));
            }
            if self.ch().is_none() {
                return Err(YamlError::new(context, "found unexpected end of stream", self.mark));
            }
            let mut fold = Fold::default();
            while !is_blankz(self.ch()) {
                let c = self.ch();
                if single && c == Some('\'') && self.ch_at(1) == Some('\'') {
                    string.push_str(text, "'");
                    self.forward_n(2);
                } else if c == Some(quote) {
                    break;
                } else if !single && c == Some('\\') && is_break(self.ch_at(1)) {
                    self.forward();
                    self.read_line();
                    fold.leading_blanks = true;
                    break;
                } else if !single && c == Some('\\') {
                    self.scan_escape(string.string(text))?;
                } else if c.is_some() {
                    let from = self.mark.index;
                    self.forward();
                    self.ascii_run(&QUOTED_RUN);
                    string.push_run(text, from, self.mark.index);
                }
            }
            if self.ch() == Some(quote) {
                break;
            }
            // Blanks and line breaks inside the scalar fold.
            while is_blank(self.ch()) || is_break(self.ch()) {
                if is_blank(self.ch()) {
                    let from = self.mark.index;
                    self.forward();
                    fold.blank(from, self.mark.index);
                } else {
                    fold.line_break(self.read_line());
                }
            }
            fold.flush(&mut string, text);
        }
        self.forward();
        let end = self.mark;
        self.push(Tok::Scalar(string.finish(text), style), start, end);
        Ok(())
    }

    fn scan_escape(&mut self, string: &mut String) -> Result<()> {
        let context = Some("while scanning a double-quoted scalar");
        let e = self.ch_at(1);
        let simple = match e {
            Some('0') => Some('\0'),
            Some('a') => Some('\u{7}'),
            Some('b') => Some('\u{8}'),
            Some('t' | '\t') => Some('\t'),
            Some('n') => Some('\n'),
            Some('v') => Some('\u{b}'),
            Some('f') => Some('\u{c}'),
            Some('r') => Some('\r'),
            Some('e') => Some('\u{1b}'),
            Some(' ') => Some(' '),
            Some('"') => Some('"'),
            Some('/') => Some('/'),
            Some('\\') => Some('\\'),
            Some('N') => Some('\u{85}'),
            Some('_') => Some('\u{a0}'),
            Some('L') => Some('\u{2028}'),
            Some('P') => Some('\u{2029}'),
            _ => None,
        };
        if let Some(c) = simple {
            string.push(c);
            self.forward_n(2);
            return Ok(());
        }
        let width = match e {
            Some('x') => 2,
            Some('u') => 4,
            Some('U') => 8,
            _ => {
                self.forward();
                return Err(YamlError::new(
                    context,
                    format!("found unknown escape character {}", char_repr(e)),
                    self.mark,
                ));
            }
        };
        self.forward_n(2);
        let mut code: u32 = 0;
        for k in 0..width {
            match self.ch_at(k).and_then(|c| c.to_digit(16)) {
                Some(d) => code = code * 16 + d,
                None => {
                    return Err(YamlError::new(
                        context,
                        format!(
                            "expected escape sequence of {width} hexadecimal numbers, but found {}",
                            char_repr(self.ch_at(k))
                        ),
                        self.mark,
                    ))
                }
            }
        }
        match char::from_u32(code) {
            Some(c) => string.push(c),
            None if !self.pure => {
                return Err(YamlError::new(context, "found invalid Unicode character escape code", self.mark));
            }
            // A surrogate: the pure loader keeps it in the string; Rust strings cannot
            // hold it, so it becomes U+FFFD.
            None if (0xD800..0xE000).contains(&code) => string.push('\u{FFFD}'),
            None => {
                // Python's `chr()` raises a ValueError, which is not a YAML error.
                return Err(
                    YamlError::new(context, "chr() arg not in range(0x110000)", self.mark).code(super::PY_VALUE_ERROR)
                );
            }
        }
        self.forward_n(width);
        Ok(())
    }

    fn scan_plain_scalar(&mut self) -> Result<()> {
        let start = self.mark;
        let text = self.text;
        let mut end = self.mark;
        let indent = self.indent + 1;
        let mut string = ScalarText::default();
        // The blanks and line breaks since the last word.
        let mut fold = Fold::default();
        loop {
            if self.starts_with_at_col0("---") || self.starts_with_at_col0("...") {
                break;
            }
            if self.ch() == Some('#') {
                break;
            }
            while !is_blankz(self.ch()) {
                let c = self.ch();
                let next = self.ch_at(1);
                let flow = self.flow_level > 0;
                if self.pure {
                    if c == Some(':')
                        && (is_blankz(next) || (flow && matches!(next, Some(',' | '[' | ']' | '{' | '}'))))
                    {
                        break;
                    }
                    if flow && matches!(c, Some(',' | '?' | '[' | ']' | '{' | '}')) {
                        break;
                    }
                } else {
                    if flow && c == Some(':') && matches!(next, Some(',' | '?' | '[' | ']' | '{' | '}')) {
                        return Err(YamlError::new(
                            Some("while scanning a plain scalar"),
                            "found unexpected ':'",
                            self.mark,
                        ));
                    }
                    if (c == Some(':') && is_blankz(next)) || (flow && matches!(c, Some(',' | '[' | ']' | '{' | '}'))) {
                        break;
                    }
                }
                fold.flush(&mut string, text);
                let from = self.mark.index;
                self.forward();
                // Characters that cannot end the scalar here.
                self.ascii_run(&PLAIN_RUN);
                string.push_run(text, from, self.mark.index);
                end = self.mark;
            }
            if !(self.is_sep(self.ch()) || is_break(self.ch())) {
                break;
            }
            while self.is_sep(self.ch()) || is_break(self.ch()) {
                if self.ch() == Some(' ') {
                    // A run of spaces at once (indentation, mostly).
                    let from = self.mark.index;
                    self.ascii_run(&SPACE_RUN);
                    fold.blank(from, self.mark.index);
                } else if self.is_sep(self.ch()) {
                    if fold.leading_blanks && (self.mark.column as isize) < indent && self.ch() == Some('\t') {
                        return Err(YamlError::new(
                            Some("while scanning a plain scalar"),
                            "found a tab character that violates indentation",
                            self.mark,
                        ));
                    }
                    let from = self.mark.index;
                    self.forward();
                    fold.blank(from, self.mark.index);
                } else {
                    fold.line_break(self.read_line());
                }
            }
            if self.flow_level == 0 && (self.mark.column as isize) < indent {
                break;
            }
        }
        self.push(Tok::Scalar(string.finish(text), Style::Plain), start, end);
        if fold.leading_blanks {
            self.simple_key_allowed = true;
        }
        Ok(())
    }
}
