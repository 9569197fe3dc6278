//! Silencing comments in a template's text:
//!
//! ```yaml
//! # hotplate: disable-file=W2001          # the whole file
//! resources:
//!   a:
//!     depends_on: [b]  # hotplate: disable=W3006       (this line)
//!     # hotplate: disable=W1001,W1003                  (the next line)
//!     properties: {value: {get_parm: x}}
//! ```
//!
//! A comment is a `#` at the start of a line or after a blank, outside
//! quotes; `all` names every rule.

use std::collections::BTreeMap;

/// The silencing comments of one text.
#[derive(Debug, Default)]
pub(crate) struct Silenced {
    /// Rules silenced in the whole file.
    file: Vec<String>,
    /// Rules silenced per line (0-based).
    lines: BTreeMap<usize, Vec<String>>,
}

impl Silenced {
    /// Read the comments of `text`.
    pub fn read(text: &str) -> Silenced {
        let mut out = Silenced::default();
        if !text.contains("hotplate:") {
            return out;
        }
        for (n, line) in text.lines().enumerate() {
            let Some(at) = comment_start(line) else { continue };
            let comment = line.get(at + 1..).unwrap_or("").trim();
            let Some(directive) = comment.strip_prefix("hotplate:") else { continue };
            let directive = directive.trim();
            let (file, ids) = if let Some(ids) = directive.strip_prefix("disable-file=") {
                (true, ids)
            } else if let Some(ids) = directive.strip_prefix("disable=") {
                (false, ids)
            } else {
                continue;
            };
            let ids = ids.split([',', ' ']).map(str::trim).filter(|s| !s.is_empty()).map(str::to_string);
            if file {
                out.file.extend(ids);
            } else {
                // Alone on its line: the next line.
                let target = if line.get(..at).unwrap_or("").trim().is_empty() { n + 1 } else { n };
                out.lines.entry(target).or_default().extend(ids);
            }
        }
        out
    }

    /// Whether rule `id` is silenced in the whole file.
    pub fn file(&self, id: &str) -> bool {
        names(&self.file, id)
    }

    /// Whether rule `id` is silenced at byte `offset` of `text`.
    pub fn at(&self, text: &str, offset: usize, id: &str) -> bool {
        if self.lines.is_empty() {
            return false;
        }
        let line = text.get(..offset).map_or(0, |t| t.bytes().filter(|b| *b == b'\n').count());
        self.lines.get(&line).is_some_and(|ids| names(ids, id))
    }
}

fn names(ids: &[String], id: &str) -> bool {
    ids.iter().any(|s| s == "all" || s.eq_ignore_ascii_case(id))
}

/// Where a YAML comment starts on a line: a `#` at the start or after a
/// blank, not inside a quoted scalar.
fn comment_start(line: &str) -> Option<usize> {
    let mut quote: Option<char> = None;
    let mut prev = ' ';
    let mut chars = line.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match quote {
            Some('\'') if c == '\'' => {
                // `''` is an escaped quote inside single quotes.
                if chars.peek().is_some_and(|(_, n)| *n == '\'') {
                    chars.next();
                } else {
                    quote = None;
                }
            }
            Some('"') if c == '\\' => {
                chars.next();
            }
            Some('"') if c == '"' => quote = None,
            Some(_) => {}
            None if (c == '\'' || c == '"') && (prev.is_whitespace() || "[{,:-".contains(prev)) => quote = Some(c),
            None if c == '#' && prev.is_whitespace() => return Some(i),
            None => {}
        }
        prev = c;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_are_found_outside_quotes() {
        assert_eq!(comment_start("# a"), Some(0));
        assert_eq!(comment_start("a: b  # c"), Some(6));
        assert_eq!(comment_start("a: b#c"), None);
        assert_eq!(comment_start("a: 'x # y' # z"), Some(11));
        assert_eq!(comment_start("a: \"x \\\" # y\" # z"), Some(14));
        assert_eq!(comment_start("a: 'it''s # no'"), None);
        assert_eq!(comment_start("a: it's # yes"), Some(8));
    }

    #[test]
    fn directives_name_lines_and_files() {
        let s = Silenced::read("a: 1 # hotplate: disable=W1001\n# hotplate: disable=W3006 W3007\nb: 2\n# hotplate: disable-file=I0001\n# hotplate: other\n");
        let t = "a: 1 # hotplate: disable=W1001\n# hotplate: disable=W3006 W3007\nb: 2\n";
        assert!(s.at(t, 0, "W1001") && !s.at(t, 0, "W3006"));
        let b = t.find("b:").unwrap();
        assert!(s.at(t, b, "W3006") && s.at(t, b, "w3007") && !s.at(t, b, "W1001"));
        assert!(s.file("I0001") && !s.file("W1001"));
    }
}
