//! Python's parsing conversions: `int(str)`, `float(str)`, `json.loads(str)` with
//! CPython's error messages. (Formatting the other way is in [`crate::pyfmt`].)

use std::borrow::Cow;

use crate::value::{BigInt, Map, Value};

/// Python's `int()` of a decimal string refuses more digits than this, and
/// `str()` of an int prints no more (`sys.int_info.default_max_str_digits`;
/// bases 2, 8 and 16 have no limit).
pub const INT_MAX_STR_DIGITS: usize = 4300;

/// `str()` of the `ValueError` Python raises past [`INT_MAX_STR_DIGITS`].
pub fn int_digits_error(digits: usize) -> String {
    format!(
        "Exceeds the limit ({INT_MAX_STR_DIGITS} digits) for integer string conversion: value has {digits} \
         digits; use sys.set_int_max_str_digits() to increase the limit"
    )
}

/// The decimal value of a Unicode decimal digit (Python's `unicodedata.decimal`:
/// the characters of category Nd, which are also `re`'s `\d`).
fn decimal_value(c: char) -> Option<u32> {
    crate::pyre::digit_value(u32::from(c)).map(u32::from)
}

/// CPython's first step in `int(str)` and `float(str)`
/// (`_PyUnicode_TransformDecimalAndSpaceToASCII`): non-ASCII whitespace becomes
/// a space, non-ASCII decimal digits their ASCII digit and any other non-ASCII
/// character `?` (invalid in every number). Then the ASCII whitespace around it
/// goes (only `" \t\n\v\f\r"`: not `\x1c`-`\x1f`, which `str.strip()` removes).
pub(crate) fn ascii_number_text(s: &str) -> Cow<'_, str> {
    let is_space = |c: char| matches!(c, ' ' | '\t' | '\n' | '\u{b}' | '\u{c}' | '\r');
    if s.is_ascii() {
        return Cow::Borrowed(s.trim_matches(is_space));
    }
    let ascii: String = s
        .chars()
        .map(|c| match c {
            c if c.is_ascii() => c,
            c if c.is_whitespace() => ' ',
            c => decimal_value(c).and_then(|d| char::from_digit(d, 10)).unwrap_or('?'),
        })
        .collect();
    Cow::Owned(ascii.trim_matches(is_space).to_string())
}

/// The sign and the ASCII digits of a decimal `int(str)` literal: digits with
/// single underscores between them.
fn int_literal(s: &str) -> Option<(bool, String)> {
    let t = ascii_number_text(s);
    let (neg, body) = match t.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, t.strip_prefix('+').unwrap_or(&t)),
    };
    if body.is_empty() || body.starts_with('_') || body.ends_with('_') || body.contains("__") {
        return None;
    }
    let clean: String = body.chars().filter(|c| *c != '_').collect();
    clean.chars().all(|c| c.is_ascii_digit()).then_some((neg, clean))
}

/// Python `int(s)` for a string (base 10); `None` when Python raises ValueError
/// (or the value does not fit in 64 bits).
pub fn py_int(s: &str) -> Option<i64> {
    let (neg, digits) = int_literal(s)?;
    let v: i64 = digits.parse().ok()?;
    Some(if neg { -v } else { v })
}

/// Python `int(s)` for a string (base 10) at any size: `Int` or `BigInt`;
/// `None` when Python raises ValueError (also past its 4300 digits).
pub fn py_int_value(s: &str) -> Option<Value> {
    let (neg, digits) = int_literal(s)?;
    if let Ok(v) = digits.parse::<i64>() {
        return Some(Value::Int(if neg { -v } else { v }));
    }
    if digits.len() > INT_MAX_STR_DIGITS {
        return None;
    }
    let v: BigInt = digits.parse().ok()?;
    Some(Value::big(if neg { -v } else { v }))
}

/// Python `float(s)` for a string.
pub fn py_float(s: &str) -> Option<f64> {
    let t = ascii_number_text(s);
    let (neg, body) = match t.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, t.strip_prefix('+').unwrap_or(&t)),
    };
    let lower = body.to_ascii_lowercase();
    let v = match lower.as_str() {
        "inf" | "infinity" => f64::INFINITY,
        "nan" => f64::NAN,
        _ => {
            if body.is_empty() || body.contains("__") || body.starts_with('_') || body.ends_with('_') {
                return None;
            }
            // Underscores are allowed only between digits.
            let bytes = body.as_bytes();
            for (i, c) in bytes.iter().enumerate() {
                if *c == b'_' {
                    let prev = i.checked_sub(1).and_then(|p| bytes.get(p));
                    let next = bytes.get(i + 1);
                    if !prev.is_some_and(u8::is_ascii_digit) || !next.is_some_and(u8::is_ascii_digit) {
                        return None;
                    }
                }
            }
            let clean: String = body.chars().filter(|c| *c != '_').collect();
            if !clean.chars().all(|c| c.is_ascii_digit() || matches!(c, '.' | 'e' | 'E' | '+' | '-')) {
                return None;
            }
            if !clean.chars().any(|c| c.is_ascii_digit()) {
                return None;
            }
            clean.parse::<f64>().ok()?
        }
    };
    Some(if neg { -v } else { v })
}

/// Python's `str.strip()` whitespace.
pub fn is_py_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// Heat's `Schema.str_to_num`: numbers pass through, strings try `int` then `float`.
/// `Err` is Python's message for the failed `float()`.
pub fn str_to_num(v: &Value) -> Result<Value, String> {
    match v {
        Value::Int(_) | Value::BigInt(_) | Value::Float(_) | Value::Bool(_) => Ok(v.clone()),
        Value::Str(s) => {
            if let Some(i) = py_int_value(s) {
                return Ok(i);
            }
            py_float(s)
                .map(Value::Float)
                .ok_or_else(|| format!("could not convert string to float: {}", crate::pyfmt::str_repr(s)))
        }
        Value::Null => {
            Err("int() argument must be a string, a bytes-like object or a real number, not 'NoneType'".into())
        }
        other => Err(format!(
            "int() argument must be a string, a bytes-like object or a real number, not '{}'",
            other.type_name()
        )),
    }
}

/// Python `json.loads(s)`; `Err` is the `JSONDecodeError` text.
pub fn json_loads(s: &str) -> Result<Value, String> {
    let chars: Vec<char> = s.chars().collect();
    let mut p = JsonParser { chars: &chars, pos: 0, depth: 0 };
    p.skip_ws();
    let v = p.value()?;
    p.skip_ws();
    if p.pos < chars.len() {
        return Err(p.err("Extra data", p.pos));
    }
    Ok(v)
}

struct JsonParser<'a> {
    chars: &'a [char],
    pos: usize,
    depth: usize,
}

impl JsonParser<'_> {
    fn err(&self, msg: &str, at: usize) -> String {
        let before = self.chars.get(..at).unwrap_or(self.chars);
        let line = before.iter().filter(|c| **c == '\n').count() + 1;
        let col = match before.iter().rposition(|c| *c == '\n') {
            Some(nl) => at - nl,
            None => at + 1,
        };
        format!("{msg}: line {line} column {col} (char {at})")
    }

    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t' | '\n' | '\r')) {
            self.pos += 1;
        }
    }

    fn starts_with(&self, lit: &str) -> bool {
        lit.chars().enumerate().all(|(i, c)| self.chars.get(self.pos + i) == Some(&c))
    }

    fn value(&mut self) -> Result<Value, String> {
        if self.depth > 500 {
            return Err(self.err("maximum recursion depth exceeded", self.pos));
        }
        match self.peek() {
            Some('"') => self.string().map(Value::from),
            Some('{') => self.object(),
            Some('[') => self.array(),
            Some('n') if self.starts_with("null") => {
                self.pos += 4;
                Ok(Value::Null)
            }
            Some('t') if self.starts_with("true") => {
                self.pos += 4;
                Ok(Value::Bool(true))
            }
            Some('f') if self.starts_with("false") => {
                self.pos += 5;
                Ok(Value::Bool(false))
            }
            Some('N') if self.starts_with("NaN") => {
                self.pos += 3;
                Ok(Value::Float(f64::NAN))
            }
            Some('I') if self.starts_with("Infinity") => {
                self.pos += 8;
                Ok(Value::Float(f64::INFINITY))
            }
            Some('-') if self.starts_with("-Infinity") => {
                self.pos += 9;
                Ok(Value::Float(f64::NEG_INFINITY))
            }
            Some(c) if c == '-' || c.is_ascii_digit() => self.number(),
            _ => Err(self.err("Expecting value", self.pos)),
        }
    }

    fn number(&mut self) -> Result<Value, String> {
        let start = self.pos;
        if self.peek() == Some('-') {
            self.pos += 1;
        }
        match self.peek() {
            Some('0') => self.pos += 1,
            Some(c) if c.is_ascii_digit() => {
                while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    self.pos += 1;
                }
            }
            _ => return Err(self.err("Expecting value", start)),
        }
        let mut is_float = false;
        if self.peek() == Some('.') && self.chars.get(self.pos + 1).is_some_and(char::is_ascii_digit) {
            is_float = true;
            self.pos += 1;
            while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.pos += 1;
            }
        }
        if matches!(self.peek(), Some('e' | 'E')) {
            let save = self.pos;
            self.pos += 1;
            if matches!(self.peek(), Some('+' | '-')) {
                self.pos += 1;
            }
            if self.peek().is_some_and(|c| c.is_ascii_digit()) {
                is_float = true;
                while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                    self.pos += 1;
                }
            } else {
                self.pos = save;
            }
        }
        let text: String = self.chars.get(start..self.pos).unwrap_or(&[]).iter().collect();
        if is_float {
            text.parse::<f64>().map(Value::Float).map_err(|_| self.err("Expecting value", start))
        } else {
            match text.parse::<i64>() {
                Ok(i) => Ok(Value::Int(i)),
                // Python ints are unbounded (up to `int()`'s 4300 digits).
                Err(_) if text.trim_start_matches('-').len() <= INT_MAX_STR_DIGITS => {
                    text.parse::<BigInt>().map(Value::big).map_err(|_| self.err("Expecting value", start))
                }
                Err(_) => Err(int_digits_error(text.trim_start_matches('-').len())),
            }
        }
    }

    fn string(&mut self) -> Result<String, String> {
        let start = self.pos;
        self.pos += 1;
        let mut out = String::new();
        loop {
            let Some(c) = self.peek() else {
                return Err(self.err("Unterminated string starting at", start));
            };
            self.pos += 1;
            match c {
                '"' => return Ok(out),
                '\\' => {
                    let Some(e) = self.peek() else {
                        return Err(self.err("Unterminated string starting at", start));
                    };
                    self.pos += 1;
                    match e {
                        '"' => out.push('"'),
                        '\\' => out.push('\\'),
                        '/' => out.push('/'),
                        'b' => out.push('\u{8}'),
                        'f' => out.push('\u{c}'),
                        'n' => out.push('\n'),
                        'r' => out.push('\r'),
                        't' => out.push('\t'),
                        'u' => {
                            let cp = self.hex4().ok_or_else(|| self.err("Invalid \\uXXXX escape", self.pos - 1))?;
                            if (0xd800..0xdc00).contains(&cp) && self.starts_with("\\u") {
                                let save = self.pos;
                                self.pos += 2;
                                match self.hex4() {
                                    Some(lo) if (0xdc00..0xe000).contains(&lo) => {
                                        let c = 0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00);
                                        out.push(char::from_u32(c).unwrap_or('\u{fffd}'));
                                        continue;
                                    }
                                    _ => self.pos = save,
                                }
                            }
                            out.push(char::from_u32(cp).unwrap_or('\u{fffd}'));
                        }
                        _ => return Err(self.err("Invalid \\escape", self.pos - 2)),
                    }
                }
                c if (c as u32) < 0x20 => return Err(self.err("Invalid control character at", self.pos - 1)),
                c => out.push(c),
            }
        }
    }

    fn hex4(&mut self) -> Option<u32> {
        let s: String = self.chars.get(self.pos..self.pos + 4)?.iter().collect();
        let v = u32::from_str_radix(&s, 16).ok()?;
        self.pos += 4;
        Some(v)
    }

    fn array(&mut self) -> Result<Value, String> {
        self.pos += 1;
        self.depth += 1;
        let mut items = Vec::new();
        self.skip_ws();
        if self.peek() == Some(']') {
            self.pos += 1;
            self.depth -= 1;
            return Ok(Value::list(items));
        }
        loop {
            self.skip_ws();
            items.push(self.value()?);
            self.skip_ws();
            match self.peek() {
                Some(',') => self.pos += 1,
                Some(']') => {
                    self.pos += 1;
                    self.depth -= 1;
                    return Ok(Value::list(items));
                }
                _ => return Err(self.err("Expecting ',' delimiter", self.pos)),
            }
        }
    }

    fn object(&mut self) -> Result<Value, String> {
        self.pos += 1;
        self.depth += 1;
        let mut m = Map::new();
        self.skip_ws();
        if self.peek() == Some('}') {
            self.pos += 1;
            self.depth -= 1;
            return Ok(Value::map(m));
        }
        loop {
            self.skip_ws();
            if self.peek() != Some('"') {
                return Err(self.err("Expecting property name enclosed in double quotes", self.pos));
            }
            let key = self.string()?;
            self.skip_ws();
            if self.peek() != Some(':') {
                return Err(self.err("Expecting ':' delimiter", self.pos));
            }
            self.pos += 1;
            self.skip_ws();
            let v = self.value()?;
            m.insert_str(&key, v);
            self.skip_ws();
            match self.peek() {
                Some(',') => self.pos += 1,
                Some('}') => {
                    self.pos += 1;
                    self.depth -= 1;
                    return Ok(Value::map(m));
                }
                _ => return Err(self.err("Expecting ',' delimiter", self.pos)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn int_and_float_follow_python() {
        assert_eq!(py_int(" 7 "), Some(7));
        assert_eq!(py_int("1_000"), Some(1000));
        assert_eq!(py_int("00012"), Some(12));
        assert_eq!(py_int("-0"), Some(0));
        assert_eq!(py_int("0x10"), None);
        assert_eq!(py_int("1__0"), None);
        assert_eq!(py_float("1e3"), Some(1000.0));
        assert!(py_float("nan").is_some_and(f64::is_nan));
        assert_eq!(py_float("-Infinity"), Some(f64::NEG_INFINITY));
        assert_eq!(py_float(""), None);
        assert_eq!(py_float("abc"), None);
        // CPython maps non-ASCII decimal digits and whitespace to ASCII first;
        // only ASCII whitespace (not \x1c-\x1f) surrounds the number.
        assert_eq!(py_int("\u{661}\u{662}"), Some(12));
        assert_eq!(py_int("\u{ff11}_\u{ff12}"), Some(12));
        assert_eq!(py_int(" \u{a0}5\u{3000}"), Some(5));
        assert_eq!(py_int("\u{1c}5"), None);
        assert_eq!(py_int("\u{b2}"), None, "a superscript is a digit, not a decimal");
        assert_eq!(py_int("1\u{662}.5e\u{661}"), None);
        assert_eq!(py_float("1\u{662}.5e\u{661}"), Some(125.0));
        assert_eq!(py_float("\u{1c}5.0"), None);
        assert_eq!(str_to_num(&Value::from("\u{661}.\u{662}")), Ok(Value::Float(1.2)));
        assert_eq!(str_to_num(&Value::from("abc")).unwrap_err(), "could not convert string to float: 'abc'");
    }

    #[test]
    fn json_errors_match_python() {
        assert_eq!(json_loads("").unwrap_err(), "Expecting value: line 1 column 1 (char 0)");
        assert_eq!(
            json_loads("{\"a\": 1,}").unwrap_err(),
            "Expecting property name enclosed in double quotes: line 1 column 9 (char 8)"
        );
        assert_eq!(json_loads("[1] x").unwrap_err(), "Extra data: line 1 column 5 (char 4)");
        assert_eq!(json_loads("  ").unwrap_err(), "Expecting value: line 1 column 3 (char 2)");
        assert!(matches!(json_loads("5"), Ok(Value::Int(5))));
        assert!(matches!(json_loads("1e3"), Ok(Value::Float(f)) if f == 1000.0));
    }
}
