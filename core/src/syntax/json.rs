//! Python's `json.loads` (strict mode, default hooks), with byte spans.
//!
//! What Python accepts and how: `NaN`, `Infinity` and `-Infinity` are floats; integers are
//! ints of any size (we carry i64 and report larger ones); numbers with a fraction or an
//! exponent are floats; duplicate object keys keep the first key's position and the last
//! value; raw control characters in strings are invalid; `\uXXXX` surrogate pairs combine.
//! A lone surrogate escape (valid in Python, impossible in a Rust string) becomes U+FFFD.

use std::rc::Rc;

use crate::model::diag::Diagnostic;
use crate::source::{SourceId, Span};
use crate::value::Value;

use super::collapse::collapse_entries;
use super::node::{Node, NodeKind};
use super::MAX_DEPTH;

/// The outcome of the JSON attempt.
pub(crate) enum JsonOutcome {
    /// Python's `json.loads` accepts the text.
    Ok(Node, Vec<Diagnostic>),
    /// Python rejects it (Heat then tries YAML).
    NotJson,
}

/// Python's `json.loads` raises (Heat then tries YAML).
struct NotJson;

struct Parser<'a> {
    text: &'a str,
    b: &'a [u8],
    i: usize,
    source: SourceId,
    warnings: Vec<Diagnostic>,
}

/// Parse a whole text as Python's `json.loads` does.
pub(crate) fn parse(text: &str, source: SourceId) -> JsonOutcome {
    let mut p = Parser { text, b: text.as_bytes(), i: 0, source, warnings: Vec::new() };
    p.ws();
    let result = p.value(0).and_then(|node| {
        p.ws();
        if p.i == p.b.len() {
            Ok(node)
        } else {
            Err(NotJson)
        }
    });
    match result {
        Ok(node) => JsonOutcome::Ok(node, p.warnings),
        Err(NotJson) => JsonOutcome::NotJson,
    }
}

impl Parser<'_> {
    fn span(&self, start: usize) -> Span {
        Span::new(self.source, start, self.i)
    }

    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }

    fn ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.i += 1;
        }
    }

    fn lit(&mut self, word: &str) -> bool {
        if self.b.get(self.i..self.i + word.len()) == Some(word.as_bytes()) {
            self.i += word.len();
            true
        } else {
            false
        }
    }

    fn scalar(&self, start: usize, v: Value) -> Node {
        Node { span: self.span(start), kind: NodeKind::Scalar(v) }
    }

    fn value(&mut self, depth: usize) -> Result<Node, NotJson> {
        let start = self.i;
        match self.peek().ok_or(NotJson)? {
            b'{' => self.object(depth + 1),
            b'[' => self.array(depth + 1),
            b'"' => {
                let s = self.string()?;
                Ok(self.scalar(start, Value::from(s)))
            }
            b'n' if self.lit("null") => Ok(self.scalar(start, Value::Null)),
            b't' if self.lit("true") => Ok(self.scalar(start, Value::Bool(true))),
            b'f' if self.lit("false") => Ok(self.scalar(start, Value::Bool(false))),
            b'N' if self.lit("NaN") => Ok(self.scalar(start, Value::Float(f64::NAN))),
            b'I' if self.lit("Infinity") => Ok(self.scalar(start, Value::Float(f64::INFINITY))),
            b'-' if self.lit("-Infinity") => Ok(self.scalar(start, Value::Float(f64::NEG_INFINITY))),
            b'-' | b'0'..=b'9' => self.number(),
            _ => Err(NotJson),
        }
    }

    fn number(&mut self) -> Result<Node, NotJson> {
        let start = self.i;
        if self.peek() == Some(b'-') {
            self.i += 1;
        }
        match self.peek() {
            Some(b'0') => self.i += 1,
            Some(b'1'..=b'9') => self.digits(),
            _ => return Err(NotJson),
        }
        let mut is_float = false;
        // A fraction or exponent only counts when complete (Python's regex backs off).
        if self.peek() == Some(b'.') && self.b.get(self.i + 1).is_some_and(u8::is_ascii_digit) {
            self.i += 1;
            self.digits();
            is_float = true;
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            let save = self.i;
            self.i += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.i += 1;
            }
            if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.digits();
                is_float = true;
            } else {
                self.i = save;
            }
        }
        let text = self.text.get(start..self.i).unwrap_or("0");
        let value = if is_float {
            Value::Float(text.parse::<f64>().map_err(|_| NotJson)?)
        } else {
            match text.parse::<i64>() {
                Ok(n) => Value::Int(n),
                Err(_) => {
                    // Python accepts integers of up to 4300 digits; beyond that `int()`
                    // raises ValueError and Heat falls back to YAML (which fails too).
                    let digits = text.trim_start_matches('-').len();
                    if digits > crate::pyconv::INT_MAX_STR_DIGITS {
                        return Err(NotJson);
                    }
                    Value::big(text.parse::<crate::value::BigInt>().map_err(|_| NotJson)?)
                }
            }
        };
        Ok(self.scalar(start, value))
    }

    fn digits(&mut self) {
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.i += 1;
        }
    }

    fn hex4(&mut self) -> Result<u32, NotJson> {
        let s = self.b.get(self.i..self.i + 4).ok_or(NotJson)?;
        let mut n = 0u32;
        for &c in s {
            n = n * 16 + char::from(c).to_digit(16).ok_or(NotJson)?;
        }
        self.i += 4;
        Ok(n)
    }

    fn string(&mut self) -> Result<String, NotJson> {
        self.i += 1; // opening quote
        let mut out = String::new();
        loop {
            // Copy a run of ordinary characters at once.
            let run_start = self.i;
            while let Some(c) = self.peek() {
                if c == b'"' || c == b'\\' || c < 0x20 {
                    break;
                }
                self.i += 1;
            }
            out.push_str(self.text.get(run_start..self.i).ok_or(NotJson)?);
            match self.peek().ok_or(NotJson)? {
                b'"' => {
                    self.i += 1;
                    return Ok(out);
                }
                b'\\' => {
                    self.i += 1;
                    let e = self.peek().ok_or(NotJson)?;
                    self.i += 1;
                    match e {
                        b'"' => out.push('"'),
                        b'\\' => out.push('\\'),
                        b'/' => out.push('/'),
                        b'b' => out.push('\u{8}'),
                        b'f' => out.push('\u{c}'),
                        b'n' => out.push('\n'),
                        b'r' => out.push('\r'),
                        b't' => out.push('\t'),
                        b'u' => {
                            let hi = self.hex4()?;
                            let mut code = hi;
                            if (0xD800..0xDC00).contains(&hi) && self.b.get(self.i..self.i + 2) == Some(b"\\u") {
                                let save = self.i;
                                self.i += 2;
                                match self.hex4() {
                                    Ok(lo) if (0xDC00..0xE000).contains(&lo) => {
                                        code = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
                                    }
                                    // Not a low surrogate: the next escape is read on its own
                                    // (and must itself be valid).
                                    _ => self.i = save,
                                }
                            }
                            out.push(char::from_u32(code).unwrap_or('\u{FFFD}'));
                        }
                        _ => return Err(NotJson),
                    }
                }
                // A raw control character: invalid in strict mode.
                _ => return Err(NotJson),
            }
        }
    }

    fn array(&mut self, depth: usize) -> Result<Node, NotJson> {
        if depth > MAX_DEPTH {
            return Err(NotJson);
        }
        let start = self.i;
        self.i += 1;
        let mut items = Vec::new();
        self.ws();
        if self.peek() == Some(b']') {
            self.i += 1;
            return Ok(Node { span: self.span(start), kind: NodeKind::List(Rc::new(items)) });
        }
        loop {
            self.ws();
            items.push(self.value(depth)?);
            self.ws();
            match self.peek() {
                Some(b',') => self.i += 1,
                Some(b']') => {
                    self.i += 1;
                    return Ok(Node { span: self.span(start), kind: NodeKind::List(Rc::new(items)) });
                }
                _ => return Err(NotJson),
            }
        }
    }

    fn object(&mut self, depth: usize) -> Result<Node, NotJson> {
        if depth > MAX_DEPTH {
            return Err(NotJson);
        }
        let start = self.i;
        self.i += 1;
        let mut entries = Vec::new();
        self.ws();
        if self.peek() == Some(b'}') {
            self.i += 1;
            return Ok(Node { span: self.span(start), kind: NodeKind::Map(Rc::new(entries)) });
        }
        loop {
            self.ws();
            if self.peek() != Some(b'"') {
                return Err(NotJson);
            }
            let key_start = self.i;
            let key = self.string()?;
            let key = self.scalar(key_start, Value::from(key));
            self.ws();
            if self.peek() != Some(b':') {
                return Err(NotJson);
            }
            self.i += 1;
            self.ws();
            let value = self.value(depth)?;
            entries.push((key, value));
            self.ws();
            match self.peek() {
                Some(b',') => self.i += 1,
                Some(b'}') => {
                    self.i += 1;
                    let entries = collapse_entries(entries, 0, &mut self.warnings);
                    return Ok(Node { span: self.span(start), kind: NodeKind::Map(Rc::new(entries)) });
                }
                _ => return Err(NotJson),
            }
        }
    }
}
