//! Python 3.11's `re` syntax: a tokenizer that reads `\x` pairs as one token
//! (as `re._parser.Tokenizer` does, so error positions agree), and a parser
//! producing sre's tree, with Python's error texts and positions.

use super::{Error, ASCII, LOCALE, MAX_NESTING, TEMPLATE, UNICODE, VERBOSE};
use super::{DOTALL, IGNORECASE, MULTILINE};

/// sre's `MAXREPEAT`: an unbounded repeat.
pub(super) const MAXREPEAT: u32 = u32::MAX;
/// `1 << 64`, the width of an unbounded pattern.
const MAXWIDTH: u128 = 1 << 64;
const TYPE_FLAGS: u32 = ASCII | LOCALE | UNICODE;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Cat {
    Digit,
    NotDigit,
    Space,
    NotSpace,
    Word,
    NotWord,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum At {
    /// `^`
    Beginning,
    /// `\A`
    BeginString,
    Boundary,
    NonBoundary,
    /// `$`
    End,
    /// `\Z`
    EndString,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum SetItem {
    Lit(u32),
    Range(u32, u32),
    Cat(Cat),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Greed {
    Max,
    Min,
    Possessive,
}

#[derive(Debug)]
pub(super) enum Item {
    Lit(u32),
    NotLit(u32),
    Any,
    In { negate: bool, items: Vec<SetItem> },
    At(At),
    Branch(Vec<Vec<Item>>),
    Sub { group: Option<usize>, add: u32, del: u32, body: Vec<Item> },
    Repeat { min: u32, max: u32, greed: Greed, body: Vec<Item> },
    GroupRef(usize),
    GroupRefExists { group: usize, yes: Vec<Item>, no: Option<Vec<Item>> },
    Assert { behind: bool, neg: bool, body: Vec<Item> },
    Atomic(Vec<Item>),
}

/// A parsed pattern.
pub(super) struct Parsed {
    pub items: Vec<Item>,
    pub groups: usize,
    pub names: Vec<(String, usize)>,
    pub flags: u32,
    /// Each group's (min, max) width, group 0 unused.
    pub widths: Vec<(u128, u128)>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tok {
    C(char),
    /// A backslash and the character after it.
    Esc(char),
}

impl Tok {
    fn len(self) -> usize {
        match self {
            Tok::C(_) => 1,
            Tok::Esc(_) => 2,
        }
    }

    fn push_to(self, s: &mut String) {
        if let Tok::Esc(_) = self {
            s.push('\\');
        }
        let (Tok::C(c) | Tok::Esc(c)) = self;
        s.push(c);
    }
}

type R<T> = Result<T, Error>;

/// `re.error(msg, pattern, pos)`'s text.
pub(super) fn error_at(pattern: &[char], msg: &str, pos: usize) -> Error {
    let mut text = format!("{msg} at position {pos}");
    if pattern.contains(&'\n') {
        let before = pattern.get(..pos).unwrap_or(pattern);
        let line = before.iter().filter(|c| **c == '\n').count() + 1;
        let col = match before.iter().rposition(|c| *c == '\n') {
            Some(nl) => pos - nl,
            None => pos + 1,
        };
        text.push_str(&format!(" (line {line}, column {col})"));
    }
    Error { class: "error", msg: text }
}

fn plain(msg: &str) -> Error {
    Error { class: "error", msg: msg.to_string() }
}

struct Parser<'a> {
    s: &'a [char],
    index: usize,
    next: Option<Tok>,
    flags: u32,
    names: Vec<(String, usize)>,
    /// `None` while a group is open (sre's `groupwidths`), index 0 unused.
    widths: Vec<Option<(u128, u128)>>,
    lookbehind_groups: Option<usize>,
    /// Conditional references to groups not defined yet: (group, position).
    groupref_pos: Vec<(usize, usize)>,
}

fn is_hex(c: char) -> bool {
    c.is_ascii_hexdigit()
}

fn is_oct(c: char) -> bool {
    ('0'..='7').contains(&c)
}

/// `str.isidentifier()` for group names.
pub(crate) fn is_identifier(s: &str) -> bool {
    let mut cs = s.chars();
    match cs.next() {
        Some(c) if c == '_' || c.is_alphabetic() => {}
        _ => return false,
    }
    cs.all(|c| c == '_' || super::is_word(u32::from(c), false))
}

fn flag_of(c: char) -> Option<u32> {
    Some(match c {
        'i' => IGNORECASE,
        'L' => LOCALE,
        'm' => MULTILINE,
        's' => DOTALL,
        'x' => VERBOSE,
        'a' => ASCII,
        't' => TEMPLATE,
        'u' => UNICODE,
        _ => return None,
    })
}

impl Parser<'_> {
    fn advance(&mut self) -> R<()> {
        let i = self.index;
        match self.s.get(i) {
            None => self.next = None,
            Some('\\') => match self.s.get(i + 1) {
                None => return Err(error_at(self.s, "bad escape (end of pattern)", self.s.len().saturating_sub(1))),
                Some(&c) => {
                    self.next = Some(Tok::Esc(c));
                    self.index = i + 2;
                }
            },
            Some(&c) => {
                self.next = Some(Tok::C(c));
                self.index = i + 1;
            }
        }
        Ok(())
    }

    fn tell(&self) -> usize {
        self.index - self.next.map_or(0, Tok::len)
    }

    fn get(&mut self) -> R<Option<Tok>> {
        let t = self.next;
        self.advance()?;
        Ok(t)
    }

    fn eat(&mut self, c: char) -> R<bool> {
        if self.next == Some(Tok::C(c)) {
            self.advance()?;
            return Ok(true);
        }
        Ok(false)
    }

    fn seek(&mut self, index: usize) -> R<()> {
        self.index = index;
        self.advance()
    }

    fn err(&self, msg: &str, offset: usize) -> Error {
        error_at(self.s, msg, self.tell().saturating_sub(offset))
    }

    fn next_is(&self, pred: impl Fn(char) -> bool) -> bool {
        matches!(self.next, Some(Tok::C(c)) if pred(c))
    }

    /// `getwhile(n, charset)`.
    fn get_while(&mut self, n: usize, pred: impl Fn(char) -> bool) -> R<String> {
        let mut out = String::new();
        for _ in 0..n {
            match self.next {
                Some(Tok::C(c)) if pred(c) => {
                    out.push(c);
                    self.advance()?;
                }
                _ => break,
            }
        }
        Ok(out)
    }

    /// `getuntil(terminator, name)`.
    fn get_until(&mut self, term: char, name: &str) -> R<String> {
        let mut out = String::new();
        loop {
            let c = self.next;
            self.advance()?;
            match c {
                None => {
                    if out.is_empty() {
                        return Err(self.err(&format!("missing {name}"), 0));
                    }
                    return Err(self.err(&format!("missing {term}, unterminated name"), out.chars().count()));
                }
                Some(Tok::C(c)) if c == term => {
                    if out.is_empty() {
                        return Err(self.err(&format!("missing {name}"), 1));
                    }
                    return Ok(out);
                }
                Some(t) => t.push_to(&mut out),
            }
        }
    }

    fn check_group_name(&self, name: &str, offset: usize) -> R<()> {
        if !is_identifier(name) {
            let msg = format!("bad character in group name {}", crate::pyfmt::str_repr(name));
            return Err(self.err(&msg, name.chars().count() + offset));
        }
        Ok(())
    }

    fn groups(&self) -> usize {
        self.widths.len()
    }

    fn check_group(&self, g: usize) -> bool {
        g < self.groups() && self.widths.get(g).is_some_and(Option::is_some)
    }

    fn check_lookbehind_group(&self, g: usize) -> R<()> {
        if let Some(lb) = self.lookbehind_groups {
            if !self.check_group(g) {
                return Err(self.err("cannot refer to an open group", 0));
            }
            if g >= lb {
                return Err(self.err("cannot refer to group defined in the same lookbehind subpattern", 0));
            }
        }
        Ok(())
    }

    fn group_of(&self, name: &str) -> Option<usize> {
        self.names.iter().find(|(n, _)| n == name).map(|(_, g)| *g)
    }

    /// `\N{...}`, `\x..`, `\u....`, `\U........` after the escape token `esc`;
    /// `None` when `c` is none of those.
    fn char_escape(&mut self, c: char, esc: &mut String) -> R<Option<u32>> {
        let n = match c {
            'x' => 2,
            'u' => 4,
            'U' => 8,
            'N' => {
                if !self.eat('{')? {
                    return Err(self.err("missing {", 0));
                }
                let name = self.get_until('}', "character name")?;
                let Some(ch) = super::unicode_names::lookup(&name) else {
                    let msg = format!("undefined character name {}", crate::pyfmt::str_repr(&name));
                    return Err(self.err(&msg, name.chars().count() + 4));
                };
                return Ok(Some(u32::from(ch)));
            }
            _ => return Ok(None),
        };
        esc.push_str(&self.get_while(n, is_hex)?);
        let len = esc.chars().count();
        if len != n + 2 {
            return Err(self.err(&format!("incomplete escape {esc}"), len));
        }
        let v = u32::from_str_radix(esc.get(2..).unwrap_or("0"), 16).unwrap_or(u32::MAX);
        if v > 0x10FFFF {
            return Err(self.err(&format!("bad escape {esc}"), len));
        }
        Ok(Some(v))
    }

    /// An escape inside `[...]`: a literal or a category.
    fn class_escape(&mut self, c: char) -> R<SetItem> {
        let mut esc = format!("\\{c}");
        if let Some(lit) = escape_literal(c) {
            return Ok(SetItem::Lit(lit));
        }
        if let Some(cat) = category(c) {
            return Ok(SetItem::Cat(cat));
        }
        if let Some(v) = self.char_escape(c, &mut esc)? {
            return Ok(SetItem::Lit(v));
        }
        if is_oct(c) {
            esc.push_str(&self.get_while(2, is_oct)?);
            let v = u32::from_str_radix(esc.get(1..).unwrap_or("0"), 8).unwrap_or(0);
            if v > 0o377 {
                let msg = format!("octal escape value {esc} outside of range 0-0o377");
                return Err(self.err(&msg, esc.chars().count()));
            }
            return Ok(SetItem::Lit(v));
        }
        if c.is_ascii_digit() || c.is_ascii_alphabetic() {
            return Err(self.err(&format!("bad escape {esc}"), 2));
        }
        Ok(SetItem::Lit(u32::from(c)))
    }

    /// An escape outside a class.
    fn escape(&mut self, c: char) -> R<Item> {
        match c {
            'A' => return Ok(Item::At(At::BeginString)),
            'Z' => return Ok(Item::At(At::EndString)),
            'b' => return Ok(Item::At(At::Boundary)),
            'B' => return Ok(Item::At(At::NonBoundary)),
            _ => {}
        }
        if let Some(cat) = category(c) {
            return Ok(Item::In { negate: false, items: vec![SetItem::Cat(cat)] });
        }
        if let Some(lit) = escape_literal(c) {
            return Ok(Item::Lit(lit));
        }
        let mut esc = format!("\\{c}");
        if let Some(v) = self.char_escape(c, &mut esc)? {
            return Ok(Item::Lit(v));
        }
        if c == '0' {
            esc.push_str(&self.get_while(2, is_oct)?);
            return Ok(Item::Lit(u32::from_str_radix(esc.get(1..).unwrap_or("0"), 8).unwrap_or(0)));
        }
        if let Some(d1) = c.to_digit(10) {
            let mut group = d1 as usize;
            if let Some(Tok::C(d2c)) = self.next.filter(|t| matches!(t, Tok::C(x) if x.is_ascii_digit())) {
                self.advance()?;
                esc.push(d2c);
                if is_oct(c) && is_oct(d2c) && self.next_is(is_oct) {
                    if let Some(Tok::C(d3)) = self.get()? {
                        esc.push(d3);
                    }
                    let v = u32::from_str_radix(esc.get(1..).unwrap_or("0"), 8).unwrap_or(0);
                    if v > 0o377 {
                        let msg = format!("octal escape value {esc} outside of range 0-0o377");
                        return Err(self.err(&msg, esc.chars().count()));
                    }
                    return Ok(Item::Lit(v));
                }
                group = group * 10 + d2c.to_digit(10).unwrap_or(0) as usize;
            }
            let len = esc.chars().count();
            if group < self.groups() {
                if !self.check_group(group) {
                    return Err(self.err("cannot refer to an open group", len));
                }
                self.check_lookbehind_group(group)?;
                return Ok(Item::GroupRef(group));
            }
            return Err(self.err(&format!("invalid group reference {group}"), len - 1));
        }
        if c.is_ascii_alphabetic() {
            return Err(self.err(&format!("bad escape {esc}"), 2));
        }
        Ok(Item::Lit(u32::from(c)))
    }

    /// `_parse_sub`: alternatives separated by `|`.
    fn parse_sub(&mut self, mut verbose: bool, nested: usize) -> R<Vec<Item>> {
        if nested > MAX_NESTING {
            return Err(Error { class: "RecursionError", msg: "maximum recursion depth exceeded".into() });
        }
        let mut items: Vec<Vec<Item>> = Vec::new();
        loop {
            let first = nested == 0 && items.is_empty();
            items.push(self.parse(verbose, nested + 1, first)?);
            if !self.eat('|')? {
                break;
            }
            if nested == 0 {
                verbose = self.flags & VERBOSE != 0;
            }
        }
        if items.len() == 1 {
            return Ok(items.pop().unwrap_or_default());
        }
        Ok(vec![Item::Branch(items)])
    }

    /// `_parse`: one alternative.
    fn parse(&mut self, mut verbose: bool, nested: usize, first: bool) -> R<Vec<Item>> {
        let mut out: Vec<Item> = Vec::new();
        while let Some(this) = self.next {
            if this == Tok::C('|') || this == Tok::C(')') {
                break;
            }
            self.advance()?;
            if verbose {
                if let Tok::C(' ' | '\t' | '\n' | '\r' | '\u{b}' | '\u{c}') = this {
                    continue;
                }
                if this == Tok::C('#') {
                    loop {
                        match self.get()? {
                            None | Some(Tok::C('\n')) => break,
                            _ => {}
                        }
                    }
                    continue;
                }
            }
            let c = match this {
                Tok::Esc(c) => {
                    out.push(self.escape(c)?);
                    continue;
                }
                Tok::C(c) => c,
            };
            match c {
                '[' => out.push(self.class()?),
                '*' | '+' | '?' | '{' => {
                    let here = self.tell();
                    let (min, max) = match c {
                        '?' => (0, 1),
                        '*' => (0, MAXREPEAT),
                        '+' => (1, MAXREPEAT),
                        _ => {
                            if self.next == Some(Tok::C('}')) {
                                out.push(Item::Lit(u32::from('{')));
                                continue;
                            }
                            let lo = self.get_while(usize::MAX, |c| c.is_ascii_digit())?;
                            let hi = if self.eat(',')? {
                                self.get_while(usize::MAX, |c| c.is_ascii_digit())?
                            } else {
                                lo.clone()
                            };
                            if !self.eat('}')? {
                                out.push(Item::Lit(u32::from('{')));
                                self.seek(here)?;
                                continue;
                            }
                            let too_large =
                                || Error { class: "OverflowError", msg: "the repetition number is too large".into() };
                            let num = |s: &str| s.parse::<u64>().ok().filter(|n| *n < u64::from(MAXREPEAT));
                            let mut min = 0;
                            let mut max = MAXREPEAT;
                            if !lo.is_empty() {
                                min = num(&lo).ok_or_else(too_large)? as u32;
                            }
                            if !hi.is_empty() {
                                max = num(&hi).ok_or_else(too_large)? as u32;
                                if max < min {
                                    return Err(self.err("min repeat greater than max repeat", self.tell() - here));
                                }
                            }
                            (min, max)
                        }
                    };
                    let offset = self.tell() - here + 1;
                    let Some(last) = out.pop() else {
                        return Err(self.err("nothing to repeat", offset));
                    };
                    if let Item::At(_) = last {
                        return Err(self.err("nothing to repeat", offset));
                    }
                    if let Item::Repeat { .. } = last {
                        return Err(self.err("multiple repeat", offset));
                    }
                    let body = match last {
                        Item::Sub { group: None, add: 0, del: 0, body } => body,
                        other => vec![other],
                    };
                    let greed = if self.eat('?')? {
                        Greed::Min
                    } else if self.eat('+')? {
                        Greed::Possessive
                    } else {
                        Greed::Max
                    };
                    out.push(Item::Repeat { min, max, greed, body });
                }
                '.' => out.push(Item::Any),
                '(' => {
                    if let Some(item) = self.group(&mut verbose, nested, first, out.is_empty())? {
                        out.push(item);
                    }
                }
                '^' => out.push(Item::At(At::Beginning)),
                '$' => out.push(Item::At(At::End)),
                c => out.push(Item::Lit(u32::from(c))),
            }
        }
        // unpack non-capturing groups without flags
        let mut flat = Vec::with_capacity(out.len());
        for item in out {
            match item {
                Item::Sub { group: None, add: 0, del: 0, body } => flat.extend(body),
                other => flat.push(other),
            }
        }
        Ok(flat)
    }

    /// `[...]`, after the `[`.
    fn class(&mut self) -> R<Item> {
        let here = self.tell() - 1;
        let negate = self.eat('^')?;
        let mut set: Vec<SetItem> = Vec::new();
        loop {
            let Some(this) = self.get()? else {
                return Err(self.err("unterminated character set", self.tell() - here));
            };
            if this == Tok::C(']') && !set.is_empty() {
                break;
            }
            let code1 = match this {
                Tok::Esc(c) => self.class_escape(c)?,
                Tok::C(c) => SetItem::Lit(u32::from(c)),
            };
            if self.eat('-')? {
                let Some(that) = self.get()? else {
                    return Err(self.err("unterminated character set", self.tell() - here));
                };
                if that == Tok::C(']') {
                    set.push(code1);
                    set.push(SetItem::Lit(u32::from('-')));
                    break;
                }
                let code2 = match that {
                    Tok::Esc(c) => self.class_escape(c)?,
                    Tok::C(c) => SetItem::Lit(u32::from(c)),
                };
                let mut text = String::new();
                this.push_to(&mut text);
                text.push('-');
                that.push_to(&mut text);
                let msg = format!("bad character range {text}");
                let (SetItem::Lit(lo), SetItem::Lit(hi)) = (code1, code2) else {
                    return Err(self.err(&msg, text.chars().count()));
                };
                if hi < lo {
                    return Err(self.err(&msg, text.chars().count()));
                }
                set.push(SetItem::Range(lo, hi));
            } else {
                set.push(code1);
            }
        }
        let mut uniq: Vec<SetItem> = Vec::with_capacity(set.len());
        for s in set {
            if !uniq.contains(&s) {
                uniq.push(s);
            }
        }
        if let [SetItem::Lit(c)] = uniq.as_slice() {
            return Ok(if negate { Item::NotLit(*c) } else { Item::Lit(*c) });
        }
        Ok(Item::In { negate, items: uniq })
    }

    /// A group after `(`; `None` for what adds nothing (comments, global flags).
    fn group(&mut self, verbose: &mut bool, nested: usize, first: bool, empty: bool) -> R<Option<Item>> {
        let start = self.tell() - 1;
        let mut capture = true;
        let mut atomic = false;
        let mut name: Option<String> = None;
        let mut add = 0;
        let mut del = 0;
        if self.eat('?')? {
            let Some(ch) = self.get()? else {
                return Err(self.err("unexpected end of pattern", 0));
            };
            let ch = match ch {
                Tok::C(c) => c,
                Tok::Esc(c) => return Err(self.err(&format!("unknown extension ?\\{c}"), 3)),
            };
            match ch {
                'P' => {
                    if self.eat('<')? {
                        let n = self.get_until('>', "group name")?;
                        self.check_group_name(&n, 1)?;
                        name = Some(n);
                    } else if self.eat('=')? {
                        let n = self.get_until(')', "group name")?;
                        self.check_group_name(&n, 1)?;
                        let len = n.chars().count();
                        let Some(g) = self.group_of(&n) else {
                            let msg = format!("unknown group name {}", crate::pyfmt::str_repr(&n));
                            return Err(self.err(&msg, len + 1));
                        };
                        if !self.check_group(g) {
                            return Err(self.err("cannot refer to an open group", len + 1));
                        }
                        self.check_lookbehind_group(g)?;
                        return Ok(Some(Item::GroupRef(g)));
                    } else {
                        let Some(t) = self.get()? else {
                            return Err(self.err("unexpected end of pattern", 0));
                        };
                        let mut text = String::from("unknown extension ?P");
                        t.push_to(&mut text);
                        return Err(self.err(&text, t.len() + 2));
                    }
                }
                ':' => capture = false,
                '#' => loop {
                    if self.next.is_none() {
                        return Err(self.err("missing ), unterminated comment", self.tell() - start));
                    }
                    if self.get()? == Some(Tok::C(')')) {
                        return Ok(None);
                    }
                },
                '=' | '!' | '<' => {
                    let mut kind = ch;
                    let behind = ch == '<';
                    let mut outer_lb = None;
                    if behind {
                        let Some(t) = self.get()? else {
                            return Err(self.err("unexpected end of pattern", 0));
                        };
                        kind = match t {
                            Tok::C(c @ ('=' | '!')) => c,
                            t => {
                                let mut text = String::from("unknown extension ?<");
                                t.push_to(&mut text);
                                return Err(self.err(&text, t.len() + 2));
                            }
                        };
                        outer_lb = Some(self.lookbehind_groups);
                        if self.lookbehind_groups.is_none() {
                            self.lookbehind_groups = Some(self.groups());
                        }
                    }
                    let body = self.parse_sub(*verbose, nested + 1)?;
                    if let Some(None) = outer_lb {
                        self.lookbehind_groups = None;
                    }
                    if !self.eat(')')? {
                        return Err(self.err("missing ), unterminated subpattern", self.tell() - start));
                    }
                    return Ok(Some(Item::Assert { behind, neg: kind == '!', body }));
                }
                '(' => return self.conditional(*verbose, nested, start).map(Some),
                '>' => {
                    capture = false;
                    atomic = true;
                }
                c if flag_of(c).is_some() || c == '-' => match self.flags(c)? {
                    None => {
                        if !first || !empty {
                            let msg = "global flags not at the start of the expression";
                            return Err(self.err(msg, self.tell() - start));
                        }
                        *verbose = self.flags & VERBOSE != 0;
                        return Ok(None);
                    }
                    Some((a, d)) => {
                        add = a;
                        del = d;
                        capture = false;
                    }
                },
                c => return Err(self.err(&format!("unknown extension ?{c}"), 2)),
            }
        }
        let group = if capture {
            let g = self.groups();
            self.widths.push(None);
            if let Some(n) = &name {
                if let Some(prev) = self.group_of(n) {
                    let msg = format!(
                        "redefinition of group name {} as group {g}; was group {prev}",
                        crate::pyfmt::str_repr(n)
                    );
                    return Err(self.err(&msg, n.chars().count() + 1));
                }
                self.names.push((n.clone(), g));
            }
            Some(g)
        } else {
            None
        };
        let sub_verbose = (*verbose || add & VERBOSE != 0) && del & VERBOSE == 0;
        let body = self.parse_sub(sub_verbose, nested + 1)?;
        if !self.eat(')')? {
            return Err(self.err("missing ), unterminated subpattern", self.tell() - start));
        }
        if let Some(g) = group {
            let w = self.width(&body);
            if let Some(slot) = self.widths.get_mut(g) {
                *slot = Some(w);
            }
        }
        if atomic {
            return Ok(Some(Item::Atomic(body)));
        }
        Ok(Some(Item::Sub { group, add, del, body }))
    }

    /// `(?(group)yes|no)` after `(?(`.
    fn conditional(&mut self, verbose: bool, nested: usize, start: usize) -> R<Item> {
        let cond = self.get_until(')', "group name")?;
        let len = cond.chars().count();
        let group = if is_identifier(&cond) {
            let Some(g) = self.group_of(&cond) else {
                let msg = format!("unknown group name {}", crate::pyfmt::str_repr(&cond));
                return Err(self.err(&msg, len + 1));
            };
            g
        } else {
            let bad = format!("bad character in group name {}", crate::pyfmt::str_repr(&cond));
            let g = match py_int(&cond) {
                Some((neg, g)) if !neg || g == 0 => g,
                _ => return Err(self.err(&bad, len + 1)),
            };
            if g == 0 {
                return Err(self.err("bad group number", len + 1));
            }
            if g >= 1_073_741_823 {
                return Err(self.err(&format!("invalid group reference {g}"), len + 1));
            }
            let g = g as usize;
            if !self.groupref_pos.iter().any(|(x, _)| *x == g) {
                self.groupref_pos.push((g, self.tell() - len - 1));
            }
            g
        };
        self.check_lookbehind_group(group)?;
        let yes = self.parse(verbose, nested + 1, false)?;
        let no = if self.eat('|')? {
            let no = self.parse(verbose, nested + 1, false)?;
            if self.next == Some(Tok::C('|')) {
                return Err(self.err("conditional backref with more than two branches", 0));
            }
            Some(no)
        } else {
            None
        };
        if !self.eat(')')? {
            return Err(self.err("missing ), unterminated subpattern", self.tell() - start));
        }
        Ok(Item::GroupRefExists { group, yes, no })
    }

    /// `_parse_flags`: `None` for global flags `(?i)`, else the scoped (add, del).
    fn flags(&mut self, first: char) -> R<Option<(u32, u32)>> {
        let mut add = 0;
        let mut del = 0;
        let mut ch = Some(Tok::C(first));
        if first != '-' {
            while let Some(Tok::C(c)) = ch {
                let flag = flag_of(c).unwrap_or(0);
                if c == 'L' {
                    return Err(self.err("bad inline flags: cannot use 'L' flag with a str pattern", 0));
                }
                add |= flag;
                if flag & TYPE_FLAGS != 0 && add & TYPE_FLAGS != flag {
                    return Err(self.err("bad inline flags: flags 'a', 'u' and 'L' are incompatible", 0));
                }
                ch = self.get()?;
                match ch {
                    None => return Err(self.err("missing -, : or )", 0)),
                    Some(Tok::C(')' | '-' | ':')) => break,
                    Some(Tok::C(c)) if flag_of(c).is_some() => {}
                    Some(t) => {
                        let alpha = matches!(t, Tok::C(c) if c.is_alphabetic());
                        return Err(self.err(if alpha { "unknown flag" } else { "missing -, : or )" }, t.len()));
                    }
                }
            }
        }
        if ch == Some(Tok::C(')')) {
            self.flags |= add;
            return Ok(None);
        }
        if add & TEMPLATE != 0 {
            return Err(self.err("bad inline flags: cannot turn on global flag", 1));
        }
        if ch == Some(Tok::C('-')) {
            ch = self.get()?;
            match ch {
                None => return Err(self.err("missing flag", 0)),
                Some(Tok::C(c)) if flag_of(c).is_some() => {}
                Some(t) => {
                    let alpha = matches!(t, Tok::C(c) if c.is_alphabetic());
                    return Err(self.err(if alpha { "unknown flag" } else { "missing flag" }, t.len()));
                }
            }
            while let Some(Tok::C(c)) = ch {
                let flag = flag_of(c).unwrap_or(0);
                if flag & TYPE_FLAGS != 0 {
                    return Err(self.err("bad inline flags: cannot turn off flags 'a', 'u' and 'L'", 0));
                }
                del |= flag;
                ch = self.get()?;
                match ch {
                    None => return Err(self.err("missing :", 0)),
                    Some(Tok::C(':')) => break,
                    Some(Tok::C(c)) if flag_of(c).is_some() => {}
                    Some(t) => {
                        let alpha = matches!(t, Tok::C(c) if c.is_alphabetic());
                        return Err(self.err(if alpha { "unknown flag" } else { "missing :" }, t.len()));
                    }
                }
            }
        }
        if del & TEMPLATE != 0 {
            return Err(self.err("bad inline flags: cannot turn off global flag", 1));
        }
        if add & del != 0 {
            return Err(self.err("bad inline flags: flag turned on and off", 1));
        }
        Ok(Some((add, del)))
    }

    /// sre's `getwidth`: (min, max) characters a sequence matches.
    fn width(&self, items: &[Item]) -> (u128, u128) {
        width(items, &|g| self.widths.get(g).copied().flatten().unwrap_or((0, 0)))
    }
}

/// sre's `getwidth`, with the widths of the groups so far.
pub(super) fn width(items: &[Item], group: &dyn Fn(usize) -> (u128, u128)) -> (u128, u128) {
    let (mut lo, mut hi) = (0u128, 0u128);
    for item in items {
        let (i, j) = match item {
            Item::Branch(alts) => {
                let mut i = MAXWIDTH;
                let mut j = 0;
                for a in alts {
                    let (l, h) = width(a, group);
                    i = i.min(l);
                    j = j.max(h);
                }
                (i, j)
            }
            Item::Atomic(body) | Item::Sub { body, .. } => width(body, group),
            Item::Repeat { min, max, body, .. } => {
                let (i, j) = width(body, group);
                let lo = i.saturating_mul(u128::from(*min));
                let hi = if *max == MAXREPEAT && j > 0 { MAXWIDTH } else { j.saturating_mul(u128::from(*max)) };
                (lo, hi)
            }
            Item::Lit(_) | Item::NotLit(_) | Item::Any | Item::In { .. } => (1, 1),
            Item::GroupRef(g) => group(*g),
            Item::GroupRefExists { yes, no, .. } => {
                let (mut i, mut j) = width(yes, group);
                match no {
                    Some(no) => {
                        let (l, h) = width(no, group);
                        i = i.min(l);
                        j = j.max(h);
                    }
                    None => i = 0,
                }
                (i, j)
            }
            Item::At(_) | Item::Assert { .. } => (0, 0),
        };
        lo = lo.saturating_add(i).min(MAXWIDTH * 4);
        hi = hi.saturating_add(j).min(MAXWIDTH * 4);
    }
    (lo.min(MAXWIDTH), hi.min(MAXWIDTH))
}

/// Python's `int(s)` for a conditional group number: (negative, magnitude).
fn py_int(s: &str) -> Option<(bool, u128)> {
    let t = s.trim_matches(|c: char| c.is_whitespace());
    let (neg, digits) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    if digits.is_empty() || digits.starts_with('_') || digits.ends_with('_') || digits.contains("__") {
        return None;
    }
    let mut v: u128 = 0;
    for c in digits.chars().filter(|c| *c != '_') {
        v = v.saturating_mul(10).saturating_add(u128::from(c.to_digit(10)?));
    }
    Some((neg, v))
}

fn escape_literal(c: char) -> Option<u32> {
    Some(match c {
        'a' => 7,
        'b' => 8,
        'f' => 12,
        'n' => 10,
        'r' => 13,
        't' => 9,
        'v' => 11,
        '\\' => 92,
        _ => return None,
    })
}

fn category(c: char) -> Option<Cat> {
    Some(match c {
        'd' => Cat::Digit,
        'D' => Cat::NotDigit,
        's' => Cat::Space,
        'S' => Cat::NotSpace,
        'w' => Cat::Word,
        'W' => Cat::NotWord,
        _ => return None,
    })
}

/// `re._parser.parse(pattern, flags)` with `fix_flags` and the group-reference check.
pub(super) fn parse(pattern: &str, flags: u32) -> R<Parsed> {
    let chars: Vec<char> = pattern.chars().collect();
    let mut p = Parser {
        s: &chars,
        index: 0,
        next: None,
        flags,
        names: Vec::new(),
        widths: vec![None],
        lookbehind_groups: None,
        groupref_pos: Vec::new(),
    };
    p.advance()?;
    let items = p.parse_sub(flags & VERBOSE != 0, 0)?;
    let mut flags = p.flags;
    if flags & LOCALE != 0 {
        return Err(Error { class: "ValueError", msg: "cannot use LOCALE flag with a str pattern".into() });
    }
    if flags & ASCII == 0 {
        flags |= UNICODE;
    } else if flags & UNICODE != 0 {
        return Err(Error { class: "ValueError", msg: "ASCII and UNICODE flags are incompatible".into() });
    }
    if p.next.is_some() {
        return Err(p.err("unbalanced parenthesis", 0));
    }
    let groups = p.groups();
    for &(g, pos) in &p.groupref_pos {
        if g >= groups {
            return Err(error_at(&chars, &format!("invalid group reference {g}"), pos));
        }
    }
    let widths = p.widths.iter().map(|w| w.unwrap_or((0, 0))).collect();
    Ok(Parsed { items, groups: groups - 1, names: p.names, flags, widths })
}

/// Checks the compiler makes (`_compile`): look-behinds of fixed width.
pub(super) fn check_lookbehinds(items: &[Item], widths: &[(u128, u128)]) -> R<()> {
    let group = |g: usize| widths.get(g).copied().unwrap_or((0, 0));
    for item in items {
        match item {
            Item::Assert { behind, body, .. } => {
                if *behind {
                    let (lo, hi) = width(body, &group);
                    if lo > u128::from(u32::MAX) {
                        return Err(plain("looks too much behind"));
                    }
                    if lo != hi {
                        return Err(plain("look-behind requires fixed-width pattern"));
                    }
                }
                check_lookbehinds(body, widths)?;
            }
            Item::Branch(alts) => {
                for a in alts {
                    check_lookbehinds(a, widths)?;
                }
            }
            Item::Atomic(body) | Item::Sub { body, .. } | Item::Repeat { body, .. } => check_lookbehinds(body, widths)?,
            Item::GroupRefExists { yes, no, .. } => {
                check_lookbehinds(yes, widths)?;
                if let Some(no) = no {
                    check_lookbehinds(no, widths)?;
                }
            }
            _ => {}
        }
    }
    Ok(())
}
