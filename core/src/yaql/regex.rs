//! Python `re` for yaql's regex functions, on our own engine (`crate::pyre`):
//! Python's search/split/sub semantics (character positions, empty matches,
//! group templates) and `re.escape`.

use super::eval::R;
use super::lexer::{letter_escape, octal_escape, span};
use super::YaqlError;

/// Backtracking budget per search (Python has none; catastrophic patterns would hang).
const BACKTRACK_LIMIT: usize = 1_000_000;

pub(crate) use crate::pyre::{DOTALL, IGNORECASE, MULTILINE};

/// A compiled pattern (`re.Pattern`).
#[derive(Debug)]
pub(crate) struct PyRegex {
    pub pattern: String,
    pub flags: u32,
    re: crate::pyre::Regex,
    /// Number of capturing groups.
    pub groups: usize,
    /// Named groups with their numbers, in order of definition.
    pub names: Vec<(String, usize)>,
}

/// A match: character offsets of the whole match and of each group.
#[derive(Debug, Clone)]
pub(crate) struct PyMatch {
    pub spans: Vec<Option<(usize, usize)>>,
    pub texts: Vec<Option<String>>,
}

fn re_error(msg: String) -> YaqlError {
    YaqlError::new("error", msg)
}

impl PyRegex {
    /// `re.compile(pattern, flags)`.
    pub(crate) fn compile(pattern: &str, flags: u32) -> R<PyRegex> {
        let re = crate::pyre::Regex::new(pattern, flags).map_err(|e| YaqlError::new(e.class, e.msg))?;
        let (groups, names, flags) = (re.groups, re.names.clone(), re.flags);
        Ok(PyRegex { pattern: pattern.to_string(), flags, re, groups, names })
    }

    /// Python `repr(pattern)`.
    pub(crate) fn repr(&self) -> String {
        let mut flags = Vec::new();
        for (bit, name) in [
            (IGNORECASE, "re.IGNORECASE"),
            (MULTILINE, "re.MULTILINE"),
            (DOTALL, "re.DOTALL"),
            (crate::pyre::VERBOSE, "re.VERBOSE"),
            (crate::pyre::ASCII, "re.ASCII"),
        ] {
            if self.flags & bit != 0 {
                flags.push(name);
            }
        }
        let p = crate::pyfmt::str_repr(&self.pattern);
        if flags.is_empty() {
            format!("re.compile({p})")
        } else {
            format!("re.compile({p}, {})", flags.join("|"))
        }
    }

    fn run_error() -> YaqlError {
        YaqlError::new(
            "RegexBacktrackLimitExceeded",
            "regular expression backtracking limit exceeded (Error executing regex: Max limit for backtracking count exceeded); Python would keep running",
        )
    }

    /// `pattern.search(s, pos)` over the characters of `s`; `must_advance` refuses an
    /// empty match at `pos` (CPython's rule after an empty match).
    fn search_chars(&self, chars: &[char], pos: usize, must_advance: bool) -> R<Option<PyMatch>> {
        let Some(spans) =
            self.re.search(chars, pos, false, must_advance, BACKTRACK_LIMIT).map_err(|_| Self::run_error())?
        else {
            return Ok(None);
        };
        let texts = spans.iter().map(|sp| sp.map(|(a, b)| span(chars, a, b).iter().collect())).collect();
        Ok(Some(PyMatch { spans, texts }))
    }

    /// `pattern.search(s)`.
    pub(crate) fn search(&self, s: &str) -> R<Option<PyMatch>> {
        let chars: Vec<char> = s.chars().collect();
        self.search_chars(&chars, 0, false)
    }

    /// All matches as `finditer` yields them (at most `limit`, 0 for all).
    pub(crate) fn find_all(&self, s: &str, limit: usize) -> R<Vec<PyMatch>> {
        let chars: Vec<char> = s.chars().collect();
        let mut out = Vec::new();
        let mut pos = 0usize;
        let mut must_advance = false;
        while pos <= chars.len() && (limit == 0 || out.len() < limit) {
            let Some(m) = self.search_chars(&chars, pos, must_advance)? else { break };
            let (a, b) = m.spans.first().copied().flatten().unwrap_or((pos, pos));
            must_advance = a == b;
            pos = b;
            out.push(m);
        }
        Ok(out)
    }

    /// `pattern.split(s, maxsplit)`.
    pub(crate) fn split(&self, s: &str, maxsplit: i64) -> R<Vec<Option<String>>> {
        if maxsplit < 0 {
            return Ok(vec![Some(s.to_string())]);
        }
        let limit = usize::try_from(maxsplit).unwrap_or(usize::MAX);
        let chars: Vec<char> = s.chars().collect();
        let mut out = Vec::new();
        let mut last = 0usize;
        for m in self.find_all(s, limit)? {
            let (a, b) = m.spans.first().copied().flatten().unwrap_or((0, 0));
            out.push(Some(chars.get(last..a).unwrap_or(&[]).iter().collect()));
            for t in m.texts.iter().skip(1) {
                out.push(t.clone());
            }
            last = b;
        }
        out.push(Some(chars.get(last..).unwrap_or(&[]).iter().collect()));
        Ok(out)
    }

    /// The group number for a name.
    pub(crate) fn group_index(&self, name: &str) -> Option<usize> {
        self.names.iter().find(|(n, _)| n == name).map(|(_, i)| *i)
    }
}

/// A parsed replacement template item.
pub(crate) enum ReplItem {
    Lit(String),
    Group(usize),
}

/// Parse a `re.sub` replacement template (Python's `_parse_template`).
pub(crate) fn parse_template(repl: &str, re: &PyRegex) -> R<Vec<ReplItem>> {
    let chars: Vec<char> = repl.chars().collect();
    let mut items = Vec::new();
    let mut lit = String::new();
    let mut i = 0usize;
    let flush = |lit: &mut String, items: &mut Vec<ReplItem>| {
        if !lit.is_empty() {
            items.push(ReplItem::Lit(std::mem::take(lit)));
        }
    };
    while let Some(&c) = chars.get(i) {
        if c != '\\' {
            lit.push(c);
            i += 1;
            continue;
        }
        let Some(&n) = chars.get(i + 1) else {
            return Err(re_error(format!("bad escape (end of pattern) at position {i}")));
        };
        match n {
            'g' => {
                if chars.get(i + 2) != Some(&'<') {
                    return Err(re_error(format!("missing < at position {}", i + 2)));
                }
                let close = span(&chars, i + 3, chars.len()).iter().position(|c| *c == '>').map(|p| p + i + 3);
                let Some(close) = close else {
                    return Err(re_error(format!("missing >, unterminated name at position {}", i + 3)));
                };
                let name: String = span(&chars, i + 3, close).iter().collect();
                if name.is_empty() {
                    return Err(re_error(format!("missing group name at position {}", i + 3)));
                }
                let idx = if name.chars().all(|c| c.is_ascii_digit()) {
                    let g: usize = name.parse().unwrap_or(usize::MAX);
                    if g > re.groups {
                        return Err(re_error(format!("invalid group reference {g} at position {}", i + 3)));
                    }
                    g
                } else {
                    match re.group_index(&name) {
                        Some(g) => g,
                        None => {
                            if is_identifier(&name) {
                                return Err(YaqlError::new("IndexError", format!("unknown group name '{name}'")));
                            }
                            return Err(re_error(format!(
                                "bad character in group name '{name}' at position {}",
                                i + 3
                            )));
                        }
                    }
                };
                flush(&mut lit, &mut items);
                items.push(ReplItem::Group(idx));
                i = close + 1;
            }
            '0' => {
                // octal escape \0, \0o, \0oo
                let (v, k) = octal_escape(&chars, i + 1);
                lit.push(char::from_u32(v).unwrap_or('\0'));
                i = k;
            }
            '1'..='9' => {
                let d1 = n.to_digit(10).unwrap_or(0);
                let mut k = i + 2;
                let mut g = d1;
                if let Some(d2) = chars.get(k).and_then(|c| c.to_digit(10)) {
                    // three octal digits form an octal escape
                    let d3 = chars.get(k + 1).and_then(|c| c.to_digit(8));
                    if d1 < 8 && d2 < 8 && d3.is_some() {
                        let v = d1 * 64 + d2 * 8 + d3.unwrap_or(0);
                        if v > 0o377 {
                            return Err(re_error(format!(
                                "octal escape value \\{}{}{} outside of range 0-0o377 at position {i}",
                                d1,
                                d2,
                                d3.unwrap_or(0)
                            )));
                        }
                        lit.push(char::from_u32(v).unwrap_or('\0'));
                        i = k + 2;
                        continue;
                    }
                    g = d1 * 10 + d2;
                    k += 1;
                }
                let g = g as usize;
                if g > re.groups {
                    return Err(re_error(format!("invalid group reference {g} at position {}", i + 1)));
                }
                flush(&mut lit, &mut items);
                items.push(ReplItem::Group(g));
                i = k;
            }
            'a' | 'b' | 'f' | 'n' | 'r' | 't' | 'v' | '\\' => {
                lit.push(letter_escape(n).unwrap_or(n));
                i += 2;
            }
            c if c.is_ascii_alphanumeric() => {
                return Err(re_error(format!("bad escape \\{c} at position {i}")));
            }
            c => {
                lit.push('\\');
                lit.push(c);
                i += 2;
            }
        }
    }
    flush(&mut lit, &mut items);
    Ok(items)
}

/// Expand a template for one match (unmatched groups are empty).
pub(crate) fn expand(items: &[ReplItem], m: &PyMatch) -> String {
    let mut out = String::new();
    for it in items {
        match it {
            ReplItem::Lit(s) => out.push_str(s),
            ReplItem::Group(g) => {
                if let Some(Some(t)) = m.texts.get(*g) {
                    out.push_str(t);
                }
            }
        }
    }
    out
}

use crate::pyre::is_identifier;

/// `re.escape`.
pub(crate) fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        if "()[]{}?*+-|^$\\.&~# \t\n\r\u{b}\u{c}".contains(c) {
            out.push('\\');
        }
        out.push(c);
    }
    out
}
