//! Diagnostics: errors and warnings as data, rendered late.
//!
//! Every problem the engine finds is a [`Diagnostic`] with a stable code, Heat's
//! own wording, the template path (Heat's breadcrumb) and a span. The canonical
//! result reports the one Heat would raise ([`HeatError`]); the playground shows all.

use crate::source::{LineIndex, SourceMap, Span};

/// How serious a diagnostic is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "serialize", serde(rename_all = "lowercase"))]
pub enum Severity {
    /// Heat would refuse the stack (or, for outputs, report an output error).
    Error,
    /// Heat accepts it, but it is probably not what the author meant.
    Warning,
    /// Not about the template: something the tool did, and why (the CLI's
    /// note for a file it did not read; the display evaluation's for a value
    /// it does not have, left unknown).
    Note,
    /// About the template, worth knowing, not a mistake (a lint rule's
    /// advice). Never produced by the engine either.
    Info,
}

impl Severity {
    /// `error`, `warning`, `note` or `info`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
            Severity::Info => "info",
        }
    }
}

/// One problem found in a request.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    /// Stable kebab-case code (`yaml-syntax`, `unknown-parameter`, …).
    pub code: &'static str,
    /// Error or warning.
    pub severity: Severity,
    /// The message in Heat's words (without the template path prefix).
    pub message: String,
    /// Heat's breadcrumb to the offending item (`resources.r.properties.x`), or empty.
    pub path: String,
    /// Where in which source, when known.
    pub span: Option<Span>,
}

impl Diagnostic {
    /// An error diagnostic.
    pub fn error(code: &'static str, message: impl Into<String>) -> Diagnostic {
        Diagnostic { code, severity: Severity::Error, message: message.into(), path: String::new(), span: None }
    }

    /// A warning diagnostic.
    pub fn warning(code: &'static str, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Warning, ..Diagnostic::error(code, message) }
    }

    /// A note (see [`Severity::Note`]).
    pub fn note(code: &'static str, message: impl Into<String>) -> Diagnostic {
        Diagnostic { severity: Severity::Note, ..Diagnostic::error(code, message) }
    }

    /// With a span.
    pub fn at(mut self, span: Span) -> Diagnostic {
        self.span = Some(span);
        self
    }

    /// With a span, if any.
    pub fn at_opt(mut self, span: Option<Span>) -> Diagnostic {
        if span.is_some() {
            self.span = span;
        }
        self
    }

    /// With a template path.
    pub fn with_path(mut self, path: impl Into<String>) -> Diagnostic {
        self.path = path.into();
        self
    }

    /// Render as `file:line:col: severity[code]: message`, a source line and a caret.
    pub fn render(&self, sources: &SourceMap) -> String {
        let mut out = String::new();
        let located = self.span.and_then(|span| sources.get(span.source).map(|src| (span, src)));
        match located {
            Some((span, src)) => {
                let index = LineIndex::new(&src.text);
                let pos = index.position(span.start);
                out.push_str(&format!(
                    "{}:{}:{}: {}[{}]: {}\n",
                    src.name,
                    pos.line,
                    pos.column,
                    self.severity.as_str(),
                    self.code,
                    self.message
                ));
                let end = index.position(span.end);
                let width = if end.line == pos.line { end.column.saturating_sub(pos.column).max(1) } else { 1 };
                let (shown, caret_at, width) = excerpt(index.line_text(pos.line), pos.column as usize, width as usize);
                out.push_str(&format!("{:>5} | {}\n", pos.line, shown));
                out.push_str(&format!("      | {}{}\n", " ".repeat(caret_at), "^".repeat(width)));
            }
            None => out.push_str(&format!("{}[{}]: {}\n", self.severity.as_str(), self.code, self.message)),
        }
        if !self.path.is_empty() {
            out.push_str(&format!("      = at {}\n", self.path));
        }
        out
    }
}

/// The most characters of a source line an excerpt shows.
const EXCERPT_CHARS: usize = 120;

/// The part of `line` around 1-based character `column` that an excerpt shows
/// (a long line is cut to [`EXCERPT_CHARS`] around it, `…` marking each cut),
/// with the caret's offset and width in that text.
fn excerpt(line: &str, column: usize, width: usize) -> (String, usize, usize) {
    let chars: Vec<char> = line.chars().collect();
    let at = column.saturating_sub(1).min(chars.len());
    if chars.len() <= EXCERPT_CHARS {
        return (line.to_string(), at, width);
    }
    let start = at.saturating_sub(EXCERPT_CHARS / 2).min(chars.len() - EXCERPT_CHARS);
    let stop = start + EXCERPT_CHARS;
    let mut shown = String::new();
    if start > 0 {
        shown.push('…');
    }
    shown.extend(chars.get(start..stop).unwrap_or_default());
    if stop < chars.len() {
        shown.push('…');
    }
    let caret_at = at - start + usize::from(start > 0);
    (shown, caret_at, width.min(stop.saturating_sub(at)).max(1))
}

/// One segment of Heat's error path list.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "serialize", serde(untagged))]
#[cfg_attr(feature = "ts", ts(rename = "PathStep"))]
pub enum PathItem {
    /// A key.
    Key(String),
    /// A list index.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    Index(i64),
}

/// The error Heat itself would raise: what the canonical result's `error` holds.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HeatError {
    /// Python exception class (`StackValidationFailed`, `InvalidTemplateVersion`, …).
    #[cfg_attr(feature = "ts", ts(rename = "type"))]
    pub kind: String,
    /// `str(exception)`, exactly.
    pub message: String,
    /// Heat's error path list, when non-empty (null when empty).
    #[cfg_attr(feature = "ts", ts(type = "PathStep[] | null"))]
    pub path: Vec<PathItem>,
    /// The diagnostic behind it (code, span), for editors.
    #[cfg_attr(feature = "ts", ts(skip))]
    pub diagnostic: Diagnostic,
}

impl HeatError {
    /// The oracle's `error` object: `{type, message, path}` (`path` null when empty).
    pub fn to_value(&self) -> crate::value::Value {
        use crate::value::{Map, Value};
        let mut m = Map::with_capacity(3);
        m.insert_str("type", Value::from(self.kind.as_str()));
        m.insert_str("message", Value::from(self.message.as_str()));
        let path = if self.path.is_empty() {
            Value::Null
        } else {
            Value::list(
                self.path
                    .iter()
                    .map(|p| match p {
                        PathItem::Key(k) => Value::from(k.as_str()),
                        PathItem::Index(i) => Value::Int(*i),
                    })
                    .collect(),
            )
        };
        m.insert_str("path", path);
        Value::map(m)
    }
}

#[cfg(test)]
mod tests {
    use super::excerpt;

    #[test]
    fn long_lines_are_cut_around_the_caret() {
        assert_eq!(excerpt("a: b", 4, 1), ("a: b".into(), 3, 1));
        let long = format!("{}X{}", "a".repeat(1000), "b".repeat(1000));
        let (shown, at, width) = excerpt(&long, 1001, 5);
        assert_eq!(shown.chars().count(), 122);
        assert!(shown.starts_with('…') && shown.ends_with('…'));
        assert_eq!((shown.chars().nth(at), width), (Some('X'), 5));
        // At either end of the line: one cut only; the caret stays on the line.
        let (shown, at, _) = excerpt(&long, 1, 1);
        assert_eq!((shown.chars().count(), at), (121, 0));
        let (shown, at, width) = excerpt(&long, 2001, 50);
        assert!(shown.starts_with('…') && !shown.ends_with('…'));
        assert_eq!((shown.chars().nth(at), width), (Some('b'), 1));
    }
}
