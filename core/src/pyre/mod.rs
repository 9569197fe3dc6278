//! Python 3.11's `re`, our own: a parser with Python's syntax and compile errors
//! (texts and positions), a compiler to a small program, and a backtracking
//! matcher over characters (Python's positions are code points) with sre's
//! rules: `$` before a final newline, Unicode `\w`/`\d`/`\s`/`\b` as `str`
//! defines them, IGNORECASE through sre's simple lower-case map and its extra
//! equivalences, lazy/greedy/possessive repeats, atomic groups, lookaround,
//! backreferences and conditional groups.
//!
//! Bounds: pattern nesting (`MAX_NESTING`), and per search a budget of
//! backtracking steps (the caller's limit) and of instructions (100 times
//! that), so a pathological pattern ends with `Limit` instead of running for
//! hours as Python would. The backtracking stack is a `Vec`, not recursion;
//! the only recursion is over the pattern's own nesting.

mod parse;
mod program;
mod tables;
pub(crate) mod unicode_names;

pub(crate) use parse::is_identifier;
pub(crate) use program::Limit;

/// `re.IGNORECASE`.
pub(crate) const IGNORECASE: u32 = 2;
/// `re.LOCALE` (refused for text patterns, as Python does).
const LOCALE: u32 = 4;
/// `re.MULTILINE`.
pub(crate) const MULTILINE: u32 = 8;
/// `re.DOTALL`.
pub(crate) const DOTALL: u32 = 16;
/// `re.UNICODE` (added to every text pattern without `re.ASCII`).
pub(crate) const UNICODE: u32 = 32;
/// `re.VERBOSE`.
pub(crate) const VERBOSE: u32 = 64;
/// `re.ASCII`.
pub(crate) const ASCII: u32 = 256;
/// `re.TEMPLATE` (`(?t)`): accepted, no effect on what we run.
const TEMPLATE: u32 = 1;

/// Deepest nesting of groups a pattern may have (Python's parser recursion
/// ends around 480 with a `RecursionError`; ours stops earlier, with the same
/// error, so the Rust stack is never at risk).
const MAX_NESTING: usize = 200;

/// A compile error: Python's exception class and text (`re.error`'s
/// `"... at position N"` form included).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Error {
    pub class: &'static str,
    pub msg: String,
}

/// A compiled pattern.
#[derive(Debug)]
pub(crate) struct Regex {
    prog: program::Program,
    /// Number of capturing groups.
    pub groups: usize,
    /// Named groups with their numbers, in order of definition.
    pub names: Vec<(String, usize)>,
    /// The flags as Python reports them (`re.UNICODE` added, inline global flags included).
    pub flags: u32,
}

/// The spans of a match: group 0 (the whole match) then each group, `None`
/// for a group that did not take part.
pub(crate) type Spans = Vec<Option<(usize, usize)>>;

impl Regex {
    /// `re.compile(pattern, flags)`.
    pub(crate) fn new(pattern: &str, flags: u32) -> Result<Regex, Error> {
        let parsed = parse::parse(pattern, flags)?;
        let prog = program::compile(&parsed)?;
        Ok(Regex { prog, groups: parsed.groups, names: parsed.names, flags: parsed.flags })
    }

    /// `pattern.search(text, pos)` over characters, or with `anchored`
    /// `pattern.match(text, pos)`. `must_advance` refuses an empty match at `pos`
    /// (sre's rule for the matches after an empty one in `finditer`/`sub`/`split`).
    /// `limit` is the budget of backtracking steps.
    pub(crate) fn search(
        &self,
        text: &[char],
        pos: usize,
        anchored: bool,
        must_advance: bool,
        limit: usize,
    ) -> Result<Option<Spans>, Limit> {
        program::search(&self.prog, self.groups, text, pos, anchored, must_advance, limit)
    }
}

/// The index of the range of `table` holding `c` (ranges sorted, disjoint, first and last inclusive).
fn range_index<T>(table: &[T], c: u32, bounds: impl Fn(&T) -> (u32, u32)) -> Option<usize> {
    table
        .binary_search_by(|t| {
            let (a, b) = bounds(t);
            if b < c {
                std::cmp::Ordering::Less
            } else if a > c {
                std::cmp::Ordering::Greater
            } else {
                std::cmp::Ordering::Equal
            }
        })
        .ok()
}

fn in_ranges(table: &[(u32, u32)], c: u32) -> bool {
    range_index(table, c, |&(a, b)| (a, b)).is_some()
}

fn map_case(table: &[(u32, u32, i32)], c: u32) -> u32 {
    let i = table.partition_point(|&(a, _, _)| a <= c);
    let Some(&(a, last, delta)) = i.checked_sub(1).and_then(|i| table.get(i)) else { return c };
    let stride2 = last & (1 << 31) != 0;
    let b = last & !(1 << 31);
    if c > b || (stride2 && (c - a) % 2 != 0) {
        return c;
    }
    c.checked_add_signed(delta).unwrap_or(c)
}

/// sre's `lower` for Unicode patterns (`_sre.unicode_tolower`).
fn lower(c: u32) -> u32 {
    if c < 0x80 {
        return if (0x41..=0x5A).contains(&c) { c + 32 } else { c };
    }
    map_case(tables::LOWER, c)
}

fn upper(c: u32) -> u32 {
    if c < 0x80 {
        return if (0x61..=0x7A).contains(&c) { c - 32 } else { c };
    }
    map_case(tables::UPPER, c)
}

fn lower_ascii(c: u32) -> u32 {
    if (0x41..=0x5A).contains(&c) {
        c + 32
    } else {
        c
    }
}

fn is_cased(c: u32) -> bool {
    in_ranges(tables::CASED, c)
}

/// The other lower-case characters sre treats as equal to `lo` (`_EXTRA_CASES`).
fn extra_cases(lo: u32) -> &'static [u32] {
    tables::EXTRA_CASES.iter().find(|g| g.contains(&lo)).copied().unwrap_or(&[])
}

/// Python's `\w` for a character (`ascii`: `re.ASCII`'s).
pub(crate) fn is_word(c: u32, ascii: bool) -> bool {
    if c < 0x80 || ascii {
        return c < 0x80 && (c as u8 == b'_' || (c as u8).is_ascii_alphanumeric());
    }
    in_ranges(tables::WORD, c)
}

fn is_digit(c: u32, ascii: bool) -> bool {
    if c < 0x80 || ascii {
        return (0x30..=0x39).contains(&c);
    }
    digit_value(c).is_some()
}

/// The value of a Unicode decimal digit (Python's `\d`, `int()` of one digit).
pub(crate) fn digit_value(c: u32) -> Option<u8> {
    let i = range_index(tables::DIGIT, c, |&(a, b, _)| (a, b))?;
    let &(first, _, v) = tables::DIGIT.get(i)?;
    u8::try_from(c - first).ok().map(|d| d + v)
}

fn is_space(c: u32, ascii: bool) -> bool {
    if ascii {
        return matches!(c, 0x20 | 0x09..=0x0D);
    }
    in_ranges(tables::SPACE, c)
}

#[cfg(test)]
mod tests;
