//! Tokens of a yaql expression, with the priorities of yaql's PLY lexer.
//!
//! At each position the first rule that matches wins, in this order: `$name`,
//! numbers, `name(`, identifiers/word operators, quoted strings, symbol operators
//! (longest first), the single characters `( ) ] , }`. Positions are character
//! offsets, as Python reports them.

use super::YaqlError;

/// A token kind.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Tok {
    /// A quoted string (escapes decoded).
    Str(String),
    /// An integer literal (text kept; converted at parse time).
    Int(String),
    /// A float literal.
    Float(f64),
    True,
    False,
    Null,
    /// A bare identifier that is not an operator word.
    Keyword(String),
    /// `$`, `$1`, `$name`.
    Dollar(String),
    /// `name(` (the name).
    Func(String),
    /// An operator (symbol or word: `and`, `or`, `not`, `in`, `mod`).
    Op(&'static str),
    /// `=>`.
    Mapping,
    /// `[`.
    LBracket,
    /// `{`.
    LBrace,
    /// `(`.
    LParen,
    RParen,
    RBracket,
    RBrace,
    Comma,
}

impl Tok {
    /// The token's value as yaql's grammar error message shows it (Python `str(t.value)`).
    pub(crate) fn display(&self) -> String {
        match self {
            Tok::Str(s) | Tok::Keyword(s) | Tok::Dollar(s) | Tok::Func(s) => s.clone(),
            Tok::Int(s) => normalize_int_text(s),
            Tok::Float(f) => crate::pyfmt::float_repr(*f),
            Tok::True => "True".into(),
            Tok::False => "False".into(),
            Tok::Null => "None".into(),
            Tok::Op(o) => (*o).into(),
            Tok::Mapping => "=>".into(),
            Tok::LBracket => "[".into(),
            Tok::LBrace => "{".into(),
            Tok::LParen => "(".into(),
            Tok::RParen => ")".into(),
            Tok::RBracket => "]".into(),
            Tok::RBrace => "}".into(),
            Tok::Comma => ",".into(),
        }
    }
}

/// Python `str(int(text))` for a run of (possibly non-ASCII) decimal digits.
pub(crate) fn normalize_int_text(s: &str) -> String {
    let digits: String = s.chars().map(|c| char::from(b'0' + digit_value(c).unwrap_or(0))).collect();
    let trimmed = digits.trim_start_matches('0');
    if trimmed.is_empty() {
        "0".into()
    } else {
        trimmed.into()
    }
}

/// A token with its character position.
#[derive(Clone, Debug)]
pub(crate) struct Token {
    pub tok: Tok,
    pub pos: usize,
}

/// Python `\w` for one character.
pub(crate) fn is_word(c: char) -> bool {
    crate::pyre::is_word(u32::from(c), false)
}

/// The decimal value of a Python `\d` character.
pub(crate) fn digit_value(c: char) -> Option<u8> {
    crate::pyre::digit_value(u32::from(c))
}

/// Python `\d`.
pub(crate) fn is_digit(c: char) -> bool {
    digit_value(c).is_some()
}

/// Python `str.isspace()`.
pub(crate) fn is_py_space(c: char) -> bool {
    matches!(
        u32::from(c),
        0x9..=0xd | 0x1c..=0x20 | 0x85 | 0xa0 | 0x1680 | 0x2000..=0x200a | 0x2028 | 0x2029 | 0x202f | 0x205f | 0x3000
    )
}

/// Symbol operators, longest first (PLY sorts string rules by regex length).
const SYMBOLS: &[&str] = &["?.", "=~", "!~", "->", "=>", "!=", ">=", "<=", ".", "+", "-", "*", "/", ">", "<", "="];

const WORD_OPS: &[&str] = &["and", "or", "not", "in", "mod"];

/// Tokenize. A lexical error is returned as the last element so that the parser
/// reports it only when it reaches it (as PLY, which lexes on demand).
pub(crate) fn tokenize(src: &str) -> (Vec<Token>, Option<YaqlError>) {
    let chars: Vec<char> = src.chars().collect();
    let mut out = Vec::new();
    let mut i = 0usize;
    let n = chars.len();
    let at = |k: usize| chars.get(k).copied();
    while i < n {
        let Some(c) = at(i) else { break };
        if matches!(c, ' ' | '\t' | '\r' | '\n') {
            i += 1;
            continue;
        }
        let start = i;
        // word boundary before position i: between a word and a non-word char
        let prev_word = i > 0 && at(i - 1).is_some_and(is_word);
        // DOLLAR
        if c == '$' {
            let mut j = i + 1;
            while at(j).is_some_and(is_word) {
                j += 1;
            }
            out.push(Token { tok: Tok::Dollar(span(&chars, i, j).iter().collect()), pos: start });
            i = j;
            continue;
        }
        // NUMBER: \b\d+(\.?\d+)?\b
        if is_digit(c) && !prev_word {
            if let Some((tok, j)) = lex_number(&chars, i) {
                out.push(Token { tok, pos: start });
                i = j;
                continue;
            }
        }
        // FUNC / KEYWORD: identifier [^\W\d]\w*
        if is_word(c) && !is_digit(c) && !prev_word {
            let mut j = i + 1;
            while at(j).is_some_and(is_word) {
                j += 1;
            }
            let name: String = span(&chars, i, j).iter().collect();
            if at(j) == Some('(') {
                out.push(Token { tok: Tok::Func(name), pos: start });
                i = j + 1;
                continue;
            }
            if !name.starts_with("__") {
                let tok = match name.as_str() {
                    "true" => Tok::True,
                    "false" => Tok::False,
                    "null" => Tok::Null,
                    w => match WORD_OPS.iter().find(|o| **o == w) {
                        Some(o) => Tok::Op(o),
                        None => Tok::Keyword(name),
                    },
                };
                out.push(Token { tok, pos: start });
                i = j;
                continue;
            }
        }
        // quoted strings
        if matches!(c, '\'' | '"' | '`') {
            match lex_string(&chars, i) {
                Ok(Some((s, j))) => {
                    out.push(Token { tok: Tok::Str(s), pos: start });
                    i = j;
                    continue;
                }
                Ok(None) => {}
                Err(e) => return (out, Some(e)),
            }
        }
        // symbol operators
        if let Some(sym) = SYMBOLS.iter().find(|s| s.chars().enumerate().all(|(k, sc)| at(i + k) == Some(sc))) {
            let tok = if *sym == "=>" { Tok::Mapping } else { Tok::Op(sym) };
            out.push(Token { tok, pos: start });
            i += sym.chars().count();
            continue;
        }
        let tok = match c {
            '[' => Some(Tok::LBracket),
            '{' => Some(Tok::LBrace),
            '(' => Some(Tok::LParen),
            ')' => Some(Tok::RParen),
            ']' => Some(Tok::RBracket),
            '}' => Some(Tok::RBrace),
            ',' => Some(Tok::Comma),
            _ => None,
        };
        match tok {
            Some(tok) => {
                out.push(Token { tok, pos: start });
                i += 1;
            }
            None => {
                return (
                    out,
                    Some(YaqlError::new(
                        "YaqlLexicalException",
                        format!("Lexical error: illegal character '{c}' at position {start}"),
                    )),
                )
            }
        }
    }
    (out, None)
}

/// Python's one-letter escapes (`\n`, `\t`, …): the character `\c` stands
/// for, in a string literal and in an `re` replacement.
pub(crate) fn letter_escape(c: char) -> Option<char> {
    Some(match c {
        'a' => '\u{7}',
        'b' => '\u{8}',
        'f' => '\u{c}',
        'n' => '\n',
        'r' => '\r',
        't' => '\t',
        'v' => '\u{b}',
        _ => return None,
    })
}

/// An octal escape's value, the way Python reads one in a string literal and
/// `re` in a replacement: up to three octal digits from `from` (the first is
/// known to be one). Returns the value and the index after the digits.
pub(crate) fn octal_escape(chars: &[char], from: usize) -> (u32, usize) {
    let mut v = 0;
    let mut k = from;
    while k < from + 3 {
        match chars.get(k).and_then(|c| c.to_digit(8)) {
            Some(d) => {
                v = v * 8 + d;
                k += 1;
            }
            None => break,
        }
    }
    (v, k)
}

/// `chars[from..to]`, empty when out of range (positions come from scanning, so
/// they are in range; this keeps the lexer free of panicking indexing).
pub(crate) fn span(chars: &[char], from: usize, to: usize) -> &[char] {
    chars.get(from..to).unwrap_or_default()
}

/// `\d+(\.?\d+)?` followed by a word boundary, or None.
fn lex_number(chars: &[char], i: usize) -> Option<(Tok, usize)> {
    let at = |k: usize| chars.get(k).copied();
    let mut j = i;
    while at(j).is_some_and(is_digit) {
        j += 1;
    }
    let int_end = j;
    // optional (\.?\d+)
    let mut end = int_end;
    let mut frac: Option<(usize, usize)> = None;
    if at(j) == Some('.') && at(j + 1).is_some_and(is_digit) {
        let mut k = j + 1;
        while at(k).is_some_and(is_digit) {
            k += 1;
        }
        if !at(k).is_some_and(is_word) {
            frac = Some((j + 1, k));
            end = k;
        }
    }
    if frac.is_none() {
        // `\d+\b` with backtracking: the greedy run must end at a boundary. A shorter
        // run can't (digits are word chars), and `\d+\d+` splits are the same text.
        if at(int_end).is_some_and(is_word) {
            return None;
        }
    }
    let int_text: String = span(chars, i, int_end).iter().collect();
    match frac {
        None => Some((Tok::Int(int_text), end)),
        Some((a, b)) => {
            let ascii_int: String = int_text.chars().map(|c| char::from(b'0' + digit_value(c).unwrap_or(0))).collect();
            let ascii_frac: String =
                span(chars, a, b).iter().map(|c| char::from(b'0' + digit_value(*c).unwrap_or(0))).collect();
            let f: f64 = format!("{ascii_int}.{ascii_frac}").parse().unwrap_or(f64::NAN);
            Some((Tok::Float(f), end))
        }
    }
}

/// A quoted string at `i`: Ok(None) when the regex does not match (unterminated or a
/// backslash before a newline), which becomes an illegal-character error.
fn lex_string(chars: &[char], i: usize) -> Result<Option<(String, usize)>, YaqlError> {
    let q = chars.get(i).copied().unwrap_or('\'');
    let mut j = i + 1;
    let mut raw = String::new();
    loop {
        match chars.get(j).copied() {
            None => return Ok(None),
            Some(c) if c == q => break,
            Some('\\') => match chars.get(j + 1).copied() {
                None | Some('\n') => return Ok(None),
                Some(d) => {
                    raw.push('\\');
                    raw.push(d);
                    j += 2;
                }
            },
            Some(c) => {
                raw.push(c);
                j += 1;
            }
        }
    }
    let value = if q == '`' { raw.replace("\\`", "`") } else { decode_escapes(&raw)? };
    Ok(Some((value, j + 1)))
}

/// yaql's `decode_escapes`: only these escape forms are decoded, others stay verbatim.
fn decode_escapes(s: &str) -> Result<String, YaqlError> {
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::with_capacity(s.len());
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        if c != '\\' {
            out.push(c);
            i += 1;
            continue;
        }
        let next = chars.get(i + 1).copied();
        let take = |n: usize| -> Option<Vec<char>> {
            let slice = chars.get(i + 2..i + 2 + n)?;
            if slice.contains(&'\n') {
                None
            } else {
                Some(slice.to_vec())
            }
        };
        match next {
            Some(kind @ ('U' | 'u' | 'x')) => {
                let n = match kind {
                    'U' => 8,
                    'u' => 4,
                    _ => 2,
                };
                match take(n) {
                    Some(digits) => {
                        let text: String = digits.iter().collect();
                        let ok = digits.iter().all(char::is_ascii_hexdigit);
                        let cp = if ok { u32::from_str_radix(&text, 16).ok() } else { None };
                        match cp.and_then(char::from_u32) {
                            Some(ch) => out.push(ch),
                            None => {
                                let what = match kind {
                                    'U' if ok => "illegal Unicode character",
                                    'U' => "truncated \\UXXXXXXXX escape",
                                    'u' => "truncated \\uXXXX escape",
                                    _ => "truncated \\xXX escape",
                                };
                                let valid =
                                    if ok { n } else { digits.iter().take_while(|d| d.is_ascii_hexdigit()).count() };
                                return Err(unicode_escape_error(span(&chars, i, i + 2 + valid), what));
                            }
                        }
                        i += 2 + n;
                    }
                    None => {
                        out.push('\\');
                        i += 1;
                    }
                }
            }
            Some('0'..='7') => {
                let (v, k) = octal_escape(&chars, i + 1);
                out.push(char::from_u32(v).unwrap_or('\u{fffd}'));
                i = k;
            }
            Some('N') if chars.get(i + 2) == Some(&'{') => {
                let close = span(&chars, i + 3, chars.len()).iter().position(|c| *c == '}').map(|p| p + i + 3);
                match close {
                    Some(end) if end > i + 3 => {
                        let name: String = span(&chars, i + 3, end).iter().collect();
                        match crate::pyre::unicode_names::lookup(&name) {
                            Some(ch) => out.push(ch),
                            None => {
                                return Err(unicode_escape_error(
                                    span(&chars, i, end + 1),
                                    "unknown Unicode character name",
                                ))
                            }
                        }
                        i = end + 1;
                    }
                    _ => {
                        out.push('\\');
                        i += 1;
                    }
                }
            }
            Some(e @ ('\\' | '\'' | '"' | 'a' | 'b' | 'f' | 'n' | 'r' | 't' | 'v')) => {
                out.push(letter_escape(e).unwrap_or(e));
                i += 2;
            }
            _ => {
                out.push('\\');
                i += 1;
            }
        }
    }
    Ok(out)
}

/// The `UnicodeDecodeError` that `codecs.decode(..., 'unicode-escape')` raises.
fn unicode_escape_error(seq: &[char], what: &str) -> YaqlError {
    let n = seq.iter().map(|c| c.len_utf8()).sum::<usize>();
    YaqlError::new(
        "UnicodeDecodeError",
        format!("'unicodeescape' codec can't decode bytes in position 0-{}: {what}", n.saturating_sub(1)),
    )
}
