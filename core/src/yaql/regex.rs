//! Python `re` patterns on top of `fancy-regex`: syntax translation with Python's
//! error messages for the common mistakes, and Python's search/split/sub semantics
//! (character positions, empty matches, group templates).

use fancy_regex::{Regex, RegexBuilder};

use super::eval::R;
use super::lexer::span;
use super::YaqlError;

/// Backtracking budget per search (Python has none; catastrophic patterns would hang).
const BACKTRACK_LIMIT: usize = 1_000_000;

pub(crate) const IGNORECASE: u32 = 2;
pub(crate) const MULTILINE: u32 = 8;
pub(crate) const DOTALL: u32 = 16;
pub(crate) const UNICODE: u32 = 32;

/// A compiled pattern (`re.Pattern`).
#[derive(Debug)]
pub(crate) struct PyRegex {
    pub pattern: String,
    pub flags: u32,
    re: Regex,
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
        let tr = translate(pattern, flags)?;
        let mut b = RegexBuilder::new(&tr.out);
        b.backtrack_limit(BACKTRACK_LIMIT);
        b.case_insensitive(tr.flags & IGNORECASE != 0);
        b.multi_line(tr.flags & MULTILINE != 0);
        b.dot_matches_new_line(tr.flags & DOTALL != 0);
        let re = b.build().map_err(|e| re_error(format!("{e}")))?;
        Ok(PyRegex { pattern: pattern.to_string(), flags: tr.flags | UNICODE, re, groups: tr.groups, names: tr.names })
    }

    /// Python `repr(pattern)`.
    pub(crate) fn repr(&self) -> String {
        let mut flags = Vec::new();
        if self.flags & IGNORECASE != 0 {
            flags.push("re.IGNORECASE");
        }
        if self.flags & MULTILINE != 0 {
            flags.push("re.MULTILINE");
        }
        if self.flags & DOTALL != 0 {
            flags.push("re.DOTALL");
        }
        let p = crate::pyfmt::str_repr(&self.pattern);
        if flags.is_empty() {
            format!("re.compile({p})")
        } else {
            format!("re.compile({p}, {})", flags.join("|"))
        }
    }

    fn run_error(e: &fancy_regex::Error) -> YaqlError {
        YaqlError::new(
            "RegexBacktrackLimitExceeded",
            format!("regular expression backtracking limit exceeded ({e}); Python would keep running"),
        )
    }

    /// `pattern.search(s, pos)` with character positions. `not_empty_at` rejects an empty
    /// match at that position (CPython's `must_advance`).
    pub(crate) fn search_at(
        &self,
        s: &str,
        idx: &CharIndex,
        pos: usize,
        not_empty_at: Option<usize>,
    ) -> R<Option<PyMatch>> {
        let mut cpos = pos;
        loop {
            if cpos > idx.len() {
                return Ok(None);
            }
            let bpos = idx.byte(cpos);
            let caps = self.re.captures_from_pos(s, bpos).map_err(|e| Self::run_error(&e))?;
            let Some(caps) = caps else { return Ok(None) };
            let Some(m0) = caps.get(0) else { return Ok(None) };
            let (bs, be) = (m0.start(), m0.end());
            let (cs, ce) = (idx.char_of(bs), idx.char_of(be));
            if Some(cs) == not_empty_at && cs == ce {
                // try again one character further
                cpos = cs + 1;
                continue;
            }
            let mut spans = Vec::with_capacity(self.groups + 1);
            let mut texts = Vec::with_capacity(self.groups + 1);
            for g in 0..=self.groups {
                match caps.get(g) {
                    Some(m) => {
                        spans.push(Some((idx.char_of(m.start()), idx.char_of(m.end()))));
                        texts.push(Some(m.as_str().to_string()));
                    }
                    None => {
                        spans.push(None);
                        texts.push(None);
                    }
                }
            }
            return Ok(Some(PyMatch { spans, texts }));
        }
    }

    /// All matches as `finditer` yields them.
    pub(crate) fn find_all(&self, s: &str, limit: usize) -> R<Vec<PyMatch>> {
        let idx = CharIndex::new(s);
        let mut out = Vec::new();
        let mut pos = 0usize;
        let mut must_advance: Option<usize> = None;
        while pos <= idx.len() && (limit == 0 || out.len() < limit) {
            let Some(m) = self.search_at(s, &idx, pos, must_advance)? else { break };
            let (a, b) = m.spans.first().copied().flatten().unwrap_or((pos, pos));
            must_advance = if a == b { Some(b) } else { None };
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

/// Byte offsets of each character, for char <-> byte conversion.
pub(crate) struct CharIndex {
    bytes: Vec<usize>,
}

impl CharIndex {
    pub(crate) fn new(s: &str) -> CharIndex {
        let mut bytes: Vec<usize> = s.char_indices().map(|(b, _)| b).collect();
        bytes.push(s.len());
        CharIndex { bytes }
    }

    /// Number of characters.
    pub(crate) fn len(&self) -> usize {
        self.bytes.len().saturating_sub(1)
    }

    fn byte(&self, c: usize) -> usize {
        self.bytes.get(c).copied().unwrap_or_else(|| self.bytes.last().copied().unwrap_or(0))
    }

    fn char_of(&self, b: usize) -> usize {
        self.bytes.binary_search(&b).unwrap_or_else(|i| i)
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
                let mut v = 0u32;
                let mut k = i + 2;
                while k < i + 4 {
                    match chars.get(k).and_then(|c| c.to_digit(8)) {
                        Some(d) => {
                            v = v * 8 + d;
                            k += 1;
                        }
                        None => break,
                    }
                }
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
                lit.push(match n {
                    'a' => '\u{7}',
                    'b' => '\u{8}',
                    'f' => '\u{c}',
                    'n' => '\n',
                    'r' => '\r',
                    't' => '\t',
                    'v' => '\u{b}',
                    _ => '\\',
                });
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

pub(crate) fn is_identifier(s: &str) -> bool {
    let mut cs = s.chars();
    match cs.next() {
        Some(c) if c == '_' || c.is_alphabetic() => {}
        _ => return false,
    }
    cs.all(|c| c == '_' || super::lexer::is_word(c))
}

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

// ---------------------------------------------------------------------------
// Translation of Python syntax
// ---------------------------------------------------------------------------

struct Translated {
    out: String,
    groups: usize,
    names: Vec<(String, usize)>,
    flags: u32,
}

struct Tr<'a> {
    c: &'a [char],
    i: usize,
    out: String,
    groups: usize,
    names: Vec<(String, usize)>,
    open: Vec<usize>,
    flags: u32,
    verbose: bool,
}

/// A char as a Rust regex literal.
fn lit(c: char) -> String {
    if c.is_alphanumeric() || c == '_' || c == ' ' {
        c.to_string()
    } else {
        format!("\\x{{{:x}}}", u32::from(c))
    }
}

fn translate(pattern: &str, flags: u32) -> R<Translated> {
    let chars: Vec<char> = pattern.chars().collect();
    let mut t = Tr {
        c: &chars,
        i: 0,
        out: String::new(),
        groups: 0,
        names: Vec::new(),
        open: Vec::new(),
        flags,
        verbose: false,
    };
    t.seq(true)?;
    if t.i < chars.len() {
        // a stray ')'
        return Err(re_error(format!("unbalanced parenthesis at position {}", t.i)));
    }
    let mut prefix = String::new();
    if t.flags & IGNORECASE != 0 {
        prefix.push_str("(?i)");
    }
    if t.flags & DOTALL != 0 {
        prefix.push_str("(?s)");
    }
    Ok(Translated { out: format!("{prefix}{}", t.out), groups: t.groups, names: t.names, flags: t.flags })
}

impl Tr<'_> {
    fn err(&self, msg: &str, pos: usize) -> YaqlError {
        re_error(format!("{msg} at position {pos}"))
    }

    fn peek(&self) -> Option<char> {
        self.c.get(self.i).copied()
    }

    /// A sequence of alternatives up to `)` or the end.
    fn seq(&mut self, top: bool) -> R<()> {
        // whether the last emitted item can take a repeat, and whether it already has one
        let mut can_repeat = false;
        let mut repeated = false;
        let mut first_item = true;
        while let Some(ch) = self.peek() {
            let start = self.i;
            if self.verbose {
                if ch.is_whitespace() {
                    self.i += 1;
                    continue;
                }
                if ch == '#' {
                    while let Some(c) = self.peek() {
                        self.i += 1;
                        if c == '\n' {
                            break;
                        }
                    }
                    continue;
                }
            }
            match ch {
                ')' => {
                    if top {
                        return Err(self.err("unbalanced parenthesis", start));
                    }
                    return Ok(());
                }
                '|' => {
                    self.out.push('|');
                    self.i += 1;
                    can_repeat = false;
                    repeated = false;
                    first_item = false;
                    continue;
                }
                '*' | '+' | '?' => {
                    if repeated {
                        return Err(self.err("multiple repeat", start));
                    }
                    if !can_repeat {
                        return Err(self.err("nothing to repeat", start));
                    }
                    self.out.push(ch);
                    self.i += 1;
                    self.repeat_suffix();
                    repeated = true;
                    continue;
                }
                '{' => {
                    if let Some((q, end)) = self.quantifier() {
                        if repeated {
                            return Err(self.err("multiple repeat", start));
                        }
                        if !can_repeat {
                            return Err(self.err("nothing to repeat", start));
                        }
                        self.out.push_str(&q);
                        self.i = end;
                        self.repeat_suffix();
                        repeated = true;
                        continue;
                    }
                    self.out.push_str(&lit('{'));
                    self.i += 1;
                    can_repeat = true;
                    repeated = false;
                    first_item = false;
                    continue;
                }
                _ => {}
            }
            repeated = false;
            can_repeat = true;
            match ch {
                '(' => {
                    let was_flags = self.group(first_item && top)?;
                    if was_flags {
                        can_repeat = false;
                    }
                }
                '[' => self.class()?,
                '\\' => {
                    let anchor = self.escape()?;
                    if anchor {
                        can_repeat = false;
                    }
                }
                '^' => {
                    self.out.push('^');
                    self.i += 1;
                    can_repeat = false;
                }
                '$' => {
                    if self.flags & MULTILINE != 0 {
                        self.out.push_str("(?m:$)");
                    } else {
                        self.out.push_str("(?=\\n?\\z)");
                    }
                    self.i += 1;
                    can_repeat = false;
                }
                '.' => {
                    self.out.push('.');
                    self.i += 1;
                }
                c => {
                    self.out.push_str(&lit(c));
                    self.i += 1;
                }
            }
            first_item = false;
        }
        Ok(())
    }

    /// Lazy `?` or possessive `+` after a repeat.
    fn repeat_suffix(&mut self) {
        if let Some(c @ ('?' | '+')) = self.peek() {
            self.out.push(c);
            self.i += 1;
        }
    }

    /// `{m}`, `{m,}`, `{,n}`, `{m,n}` at self.i: the Rust form and the end index.
    fn quantifier(&self) -> Option<(String, usize)> {
        let mut j = self.i + 1;
        let mut lo = String::new();
        while let Some(c) = self.c.get(j).filter(|c| c.is_ascii_digit()) {
            lo.push(*c);
            j += 1;
        }
        let mut hi: Option<String> = None;
        if self.c.get(j) == Some(&',') {
            j += 1;
            let mut h = String::new();
            while let Some(c) = self.c.get(j).filter(|c| c.is_ascii_digit()) {
                h.push(*c);
                j += 1;
            }
            hi = Some(h);
        }
        if self.c.get(j) != Some(&'}') {
            return None;
        }
        if lo.is_empty() && hi.is_none() {
            return None;
        }
        let lo_n = if lo.is_empty() { "0".to_string() } else { lo };
        let q = match hi {
            None => format!("{{{lo_n}}}"),
            Some(h) if h.is_empty() => format!("{{{lo_n},}}"),
            Some(h) => format!("{{{lo_n},{h}}}"),
        };
        Some((q, j + 1))
    }

    /// A group at `(`. Returns true for a flags-only group `(?i)`.
    fn group(&mut self, at_start: bool) -> R<bool> {
        let start = self.i;
        let mut cap: Option<usize> = None;
        self.i += 1;
        if self.peek() == Some('?') {
            self.i += 1;
            let Some(k) = self.peek() else {
                return Err(self.err("unexpected end of pattern", self.i));
            };
            match k {
                ':' => {
                    self.i += 1;
                    self.out.push_str("(?:");
                }
                '>' => {
                    self.i += 1;
                    self.out.push_str("(?>");
                }
                '=' | '!' => {
                    self.i += 1;
                    self.out.push_str(if k == '=' { "(?=" } else { "(?!" });
                }
                '<' => {
                    self.i += 1;
                    match self.peek() {
                        Some(c @ ('=' | '!')) => {
                            self.i += 1;
                            self.out.push_str(if c == '=' { "(?<=" } else { "(?<!" });
                        }
                        Some(c) => return Err(self.err(&format!("unknown extension ?<{c}"), start + 1)),
                        None => return Err(self.err("unexpected end of pattern", self.i)),
                    }
                }
                '#' => {
                    while let Some(c) = self.peek() {
                        self.i += 1;
                        if c == ')' {
                            return Ok(true);
                        }
                    }
                    return Err(self.err("missing ), unterminated comment", start));
                }
                'P' => {
                    self.i += 1;
                    match self.peek() {
                        Some('<') => {
                            self.i += 1;
                            let name = self.read_name('>', start)?;
                            self.groups += 1;
                            if let Some((_, prev)) = self.names.iter().find(|(n, _)| *n == name) {
                                return Err(self.err(
                                    &format!(
                                        "redefinition of group name '{name}' as group {}; was group {prev}",
                                        self.groups
                                    ),
                                    start + 4,
                                ));
                            }
                            self.names.push((name, self.groups));
                            self.out.push('(');
                            self.open.push(self.groups);
                            cap = Some(self.groups);
                        }
                        Some('=') => {
                            self.i += 1;
                            let name = self.read_name(')', start)?;
                            let Some(g) = self.names.iter().find(|(n, _)| *n == name).map(|(_, g)| *g) else {
                                return Err(self.err(&format!("unknown group name '{name}'"), start + 4));
                            };
                            if self.open.contains(&g) {
                                return Err(self.err("cannot refer to an open group", start));
                            }
                            self.out.push_str(&format!("(?:\\{g})"));
                            return Ok(false);
                        }
                        Some(c) => return Err(self.err(&format!("unknown extension ?P{c}"), start + 1)),
                        None => return Err(self.err("unexpected end of pattern", self.i)),
                    }
                }
                '(' => return Err(re_error("conditional backreferences are not supported by hotplate".into())),
                c if "aiLmsux-".contains(c) => {
                    return self.flag_group(start, at_start);
                }
                c => return Err(self.err(&format!("unknown extension ?{c}"), start + 1)),
            }
        } else {
            self.groups += 1;
            self.open.push(self.groups);
            cap = Some(self.groups);
            self.out.push('(');
        }
        self.seq(false)?;
        if self.peek() != Some(')') {
            return Err(self.err("missing ), unterminated subpattern", start));
        }
        self.i += 1;
        self.out.push(')');
        if let Some(g) = cap {
            self.open.retain(|x| *x != g);
        }
        Ok(false)
    }

    fn read_name(&mut self, end: char, start: usize) -> R<String> {
        let from = self.i;
        let mut name = String::new();
        loop {
            match self.peek() {
                None => {
                    return Err(self.err(&format!("missing {end}, unterminated name"), from));
                }
                Some(c) if c == end => {
                    self.i += 1;
                    break;
                }
                Some(c) => {
                    name.push(c);
                    self.i += 1;
                }
            }
        }
        if name.is_empty() {
            return Err(self.err("missing group name", from));
        }
        if !is_identifier(&name) {
            return Err(self.err(&format!("bad character in group name '{name}'"), from));
        }
        let _ = start;
        Ok(name)
    }

    /// `(?flags)` or `(?flags:...)` / `(?flags-flags:...)`.
    fn flag_group(&mut self, start: usize, at_start: bool) -> R<bool> {
        let mut on = String::new();
        let mut off = String::new();
        let mut neg = false;
        loop {
            match self.peek() {
                Some('-') => {
                    neg = true;
                    self.i += 1;
                }
                Some(c) if "aiLmsux".contains(c) => {
                    if c == 'L' {
                        return Err(self.err("bad inline flag: cannot use 'L' flag with a str pattern", self.i));
                    }
                    if neg {
                        off.push(c);
                    } else {
                        on.push(c);
                    }
                    self.i += 1;
                }
                Some(')') => {
                    self.i += 1;
                    if neg {
                        return Err(self.err("missing :", self.i - 1));
                    }
                    if !at_start {
                        return Err(self.err("global flags not at the start of the expression", start));
                    }
                    for c in on.chars() {
                        match c {
                            'i' => self.flags |= IGNORECASE,
                            'm' => self.flags |= MULTILINE,
                            's' => self.flags |= DOTALL,
                            'x' => self.verbose = true,
                            _ => {}
                        }
                    }
                    return Ok(true);
                }
                Some(':') => {
                    self.i += 1;
                    let rust_on: String = on.chars().filter(|c| "ims".contains(*c)).collect();
                    let rust_off: String = off.chars().filter(|c| "ims".contains(*c)).collect();
                    let spec = if rust_off.is_empty() { rust_on } else { format!("{rust_on}-{rust_off}") };
                    if spec.is_empty() {
                        self.out.push_str("(?:");
                    } else {
                        self.out.push_str(&format!("(?{spec}:"));
                    }
                    self.seq(false)?;
                    if self.peek() != Some(')') {
                        return Err(self.err("missing ), unterminated subpattern", start));
                    }
                    self.i += 1;
                    self.out.push(')');
                    return Ok(false);
                }
                Some(_) => {
                    return Err(self.err("unknown flag", self.i));
                }
                None => return Err(self.err("missing -, : or )", self.i)),
            }
        }
    }

    /// An escape outside a class. Returns true for anchors (not repeatable).
    fn escape(&mut self) -> R<bool> {
        let start = self.i;
        let Some(c) = self.c.get(self.i + 1).copied() else {
            return Err(self.err("bad escape (end of pattern)", start));
        };
        self.i += 2;
        match c {
            'd' | 'D' | 'w' | 'W' | 's' | 'S' => {
                self.out.push('\\');
                self.out.push(c);
            }
            'b' | 'B' | 'A' => {
                self.out.push('\\');
                self.out.push(c);
                return Ok(true);
            }
            'Z' => {
                self.out.push_str("\\z");
                return Ok(true);
            }
            'n' => self.out.push_str("\\n"),
            't' => self.out.push_str("\\t"),
            'r' => self.out.push_str("\\r"),
            'f' => self.out.push_str("\\x{c}"),
            'v' => self.out.push_str("\\x{b}"),
            'a' => self.out.push_str("\\x{7}"),
            'x' | 'u' | 'U' | 'N' | '0' => {
                self.i = start;
                let ch = self.char_escape()?;
                self.out.push_str(&lit(ch));
            }
            '1'..='9' => {
                // group reference or octal escape
                let d1 = c.to_digit(10).unwrap_or(0);
                let d2 = self.peek().and_then(|x| x.to_digit(10));
                let d3 = self.c.get(self.i + 1).and_then(|x| x.to_digit(8));
                if let (true, Some(d2), Some(d3)) = (d1 < 8, d2.filter(|d| *d < 8), d3) {
                    let v = d1 * 64 + d2 * 8 + d3;
                    if v > 0o377 {
                        return Err(
                            self.err(&format!("octal escape value \\{d1}{d2}{d3} outside of range 0-0o377"), start)
                        );
                    }
                    self.i += 2;
                    self.out.push_str(&lit(char::from_u32(v).unwrap_or('\0')));
                    return Ok(false);
                }
                let mut g = d1 as usize;
                if let Some(d2) = d2 {
                    g = g * 10 + d2 as usize;
                    self.i += 1;
                }
                if g > self.groups {
                    return Err(self.err(&format!("invalid group reference {g}"), start + 1));
                }
                if self.open.contains(&g) {
                    return Err(self.err("cannot refer to an open group", start));
                }
                self.out.push_str(&format!("(?:\\{g})"));
            }
            c if c.is_ascii_alphanumeric() => {
                return Err(self.err(&format!("bad escape \\{c}"), start));
            }
            c => self.out.push_str(&lit(c)),
        }
        Ok(false)
    }

    /// A character escape (`\x..`, `\u....`, `\U........`, `\N{...}`, `\0..`) at self.i.
    fn char_escape(&mut self) -> R<char> {
        let start = self.i;
        let c = self.c.get(self.i + 1).copied().unwrap_or('\\');
        self.i += 2;
        let hex = |t: &mut Self, n: usize, kind: char| -> R<char> {
            let digits: String = t.c.get(t.i..t.i + n).unwrap_or(&[]).iter().collect();
            if digits.chars().count() != n || !digits.chars().all(|d| d.is_ascii_hexdigit()) {
                return Err(t.err(&format!("incomplete escape \\{kind}{digits}"), start));
            }
            t.i += n;
            let v = u32::from_str_radix(&digits, 16).unwrap_or(0);
            char::from_u32(v).ok_or_else(|| t.err(&format!("bad escape \\{kind}{digits}"), start))
        };
        match c {
            'x' => hex(self, 2, 'x'),
            'u' => hex(self, 4, 'u'),
            'U' => hex(self, 8, 'U'),
            'N' => {
                if self.peek() != Some('{') {
                    return Err(self.err("missing {", self.i));
                }
                let close = span(self.c, self.i, self.c.len()).iter().position(|c| *c == '}').map(|p| p + self.i);
                let Some(close) = close else {
                    return Err(self.err("missing }, unterminated name", self.i + 1));
                };
                let name: String = span(self.c, self.i + 1, close).iter().collect();
                let ch = super::unicode_names::lookup(&name)
                    .ok_or_else(|| self.err(&format!("undefined character name '{name}'"), start))?;
                self.i = close + 1;
                Ok(ch)
            }
            _ => {
                // \0 with up to two more octal digits
                let mut v = 0u32;
                let mut k = 0;
                while k < 2 {
                    match self.peek().and_then(|d| d.to_digit(8)) {
                        Some(d) => {
                            v = v * 8 + d;
                            self.i += 1;
                            k += 1;
                        }
                        None => break,
                    }
                }
                Ok(char::from_u32(v).unwrap_or('\0'))
            }
        }
    }

    /// A character class at `[`.
    fn class(&mut self) -> R<()> {
        let start = self.i;
        self.i += 1;
        let mut out = String::from("[");
        if self.peek() == Some('^') {
            out.push('^');
            self.i += 1;
        }
        let mut first = true;
        let mut items = 0usize;
        loop {
            let Some(c) = self.peek() else {
                return Err(self.err("unterminated character set", start));
            };
            if c == ']' && !first {
                self.i += 1;
                break;
            }
            first = false;
            // one item: a char (maybe a range start) or a class escape
            let item_start = self.i;
            let lo: Option<char> = if c == '\\' {
                let Some(e) = self.c.get(self.i + 1).copied() else {
                    return Err(self.err("unterminated character set", start));
                };
                match e {
                    'd' | 'D' | 'w' | 'W' | 's' | 'S' => {
                        out.push('\\');
                        out.push(e);
                        self.i += 2;
                        None
                    }
                    'x' | 'u' | 'U' | 'N' | '0' => Some(self.char_escape()?),
                    'n' => {
                        self.i += 2;
                        Some('\n')
                    }
                    't' => {
                        self.i += 2;
                        Some('\t')
                    }
                    'r' => {
                        self.i += 2;
                        Some('\r')
                    }
                    'f' => {
                        self.i += 2;
                        Some('\u{c}')
                    }
                    'v' => {
                        self.i += 2;
                        Some('\u{b}')
                    }
                    'a' => {
                        self.i += 2;
                        Some('\u{7}')
                    }
                    'b' => {
                        self.i += 2;
                        Some('\u{8}')
                    }
                    '1'..='7' => {
                        let mut v = 0u32;
                        let mut k = self.i + 1;
                        while k < self.i + 4 {
                            match self.c.get(k).and_then(|d| d.to_digit(8)) {
                                Some(d) => {
                                    v = v * 8 + d;
                                    k += 1;
                                }
                                None => break,
                            }
                        }
                        self.i = k;
                        Some(char::from_u32(v).unwrap_or('\0'))
                    }
                    e if e.is_ascii_alphanumeric() => {
                        return Err(self.err(&format!("bad escape \\{e}"), item_start));
                    }
                    e => {
                        self.i += 2;
                        Some(e)
                    }
                }
            } else {
                self.i += 1;
                Some(c)
            };
            items += 1;
            let Some(lo) = lo else { continue };
            // a range?
            if self.peek() == Some('-') && self.c.get(self.i + 1).is_some_and(|n| *n != ']') {
                self.i += 1;
                let hi_start = self.i;
                let hc = self.peek().unwrap_or(']');
                let hi = if hc == '\\' {
                    match self.c.get(self.i + 1).copied() {
                        Some('d' | 'D' | 'w' | 'W' | 's' | 'S') => {
                            let hs: String = span(self.c, item_start, self.i + 2).iter().collect();
                            return Err(self.err(&format!("bad character range {hs}"), item_start));
                        }
                        Some('x' | 'u' | 'U' | 'N' | '0') => self.char_escape()?,
                        Some(e) => {
                            self.i += 2;
                            match e {
                                'n' => '\n',
                                't' => '\t',
                                'r' => '\r',
                                e if e.is_ascii_alphanumeric() => {
                                    return Err(self.err(&format!("bad escape \\{e}"), hi_start));
                                }
                                e => e,
                            }
                        }
                        None => return Err(self.err("unterminated character set", start)),
                    }
                } else {
                    self.i += 1;
                    hc
                };
                if hi < lo {
                    let text: String = span(self.c, item_start, self.i).iter().collect();
                    return Err(self.err(&format!("bad character range {text}"), item_start));
                }
                out.push_str(&lit(lo));
                out.push('-');
                out.push_str(&lit(hi));
            } else {
                out.push_str(&lit(lo));
            }
        }
        let _ = items;
        out.push(']');
        if out == "[]" {
            // Python: an empty class never matches
            self.out.push_str("(?:[^\\x{0}-\\x{10ffff}])");
        } else if out == "[^]" {
            self.out.push_str("(?s:.)");
        } else {
            self.out.push_str(&out);
        }
        Ok(())
    }
}
