//! Python-exact text conversions: `str()`, `repr()`, `float.__repr__`, `json.dumps`.
//!
//! Heat builds many values and messages with these, so every byte must match CPython.
//! Nothing else in the crate formats values for users.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::collections::HashMap;
use std::fmt::Write as _;
use std::ops::Range;
use std::rc::Rc;

use crate::value::{Map, Value};

/// Python `str(x)`.
pub fn py_str(v: &Value) -> String {
    match v {
        // Not `to_string()`: an `Rc<str>` would go through the formatter.
        Value::Str(s) => String::from(&**s),
        _ => py_repr(v),
    }
}

/// Python `repr(x)`.
pub fn py_repr(v: &Value) -> String {
    let mut out = String::new();
    write_repr(&mut out, v);
    out
}

fn write_repr(out: &mut String, v: &Value) {
    match v {
        Value::Null => out.push_str("None"),
        Value::Bool(true) => out.push_str("True"),
        Value::Bool(false) => out.push_str("False"),
        Value::Int(i) => {
            let _ = write!(out, "{i}");
        }
        Value::BigInt(b) => {
            let _ = write!(out, "{b}");
        }
        Value::Float(f) => out.push_str(&float_repr(*f)),
        Value::Str(s) => out.push_str(&str_repr(s)),
        Value::List(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                write_repr(out, item);
            }
            out.push(']');
        }
        Value::Map(m) => write_map_repr(out, m),
    }
}

fn write_map_repr(out: &mut String, m: &Map) {
    out.push('{');
    for (i, (k, v)) in m.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_repr(out, k);
        out.push_str(": ");
        write_repr(out, v);
    }
    out.push('}');
}

/// Python `repr(str)`: single quotes unless the text has `'` and no `"`.
pub fn str_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') { '"' } else { '\'' };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if is_printable(c) => out.push(c),
            c => {
                let cp = u32::from(c);
                let _ = if cp <= 0xff {
                    write!(out, "\\x{cp:02x}")
                } else if cp <= 0xffff {
                    write!(out, "\\u{cp:04x}")
                } else {
                    write!(out, "\\U{cp:08x}")
                };
            }
        }
    }
    out.push(quote);
    out
}

/// Python's `str.isprintable()` for one character (close approximation of the
/// Unicode categories Cc, Cf, Cs, Co, Cn, Zl, Zp and Zs other than space).
fn is_printable(c: char) -> bool {
    let cp = u32::from(c);
    if cp < 0x20 || (0x7f..=0xa0).contains(&cp) {
        return false;
    }
    !matches!(cp,
        0xad | 0x600..=0x605 | 0x61c | 0x6dd | 0x70f | 0x1680 | 0x180e
        | 0x2000..=0x200f | 0x2028..=0x202f | 0x205f..=0x206f | 0x3000
        | 0xd800..=0xf8ff | 0xfeff | 0xfff0..=0xfffb | 0xfffe | 0xffff
        | 0xe0001..=0xe007f | 0xf0000..=0x10ffff)
}

/// Python `repr(float)`: shortest round-trip digits, exponent below 1e-4 and from 1e16.
pub fn float_repr(f: f64) -> String {
    if f.is_nan() {
        return "nan".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "inf".into() } else { "-inf".into() };
    }
    if f == 0.0 {
        return if f.is_sign_negative() { "-0.0".into() } else { "0.0".into() };
    }
    // Rust's `{:e}` gives the shortest round-trip digits, e.g. `-1.2345e-7`.
    let sci = format!("{:e}", f.abs());
    let (mantissa, exp) = sci.split_once('e').unwrap_or((sci.as_str(), "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let mut out = String::new();
    if f < 0.0 {
        out.push('-');
    }
    let n = i32::try_from(digits.len()).unwrap_or(i32::MAX);
    let decpt = exp + 1;
    if !(-4..16).contains(&exp) {
        let (first, rest) = digits.split_at(1.min(digits.len()));
        out.push_str(first);
        if !rest.is_empty() {
            out.push('.');
            out.push_str(rest);
        }
        let _ = write!(out, "e{}{:02}", if exp < 0 { '-' } else { '+' }, exp.abs());
    } else if decpt <= 0 {
        out.push_str("0.");
        for _ in 0..(-decpt) {
            out.push('0');
        }
        out.push_str(&digits);
    } else if decpt < n {
        let (int_part, frac) = digits.split_at(usize::try_from(decpt).unwrap_or(0));
        out.push_str(int_part);
        out.push('.');
        out.push_str(frac);
    } else {
        out.push_str(&digits);
        for _ in 0..(decpt - n) {
            out.push('0');
        }
        out.push_str(".0");
    }
    out
}

/// Options of Python's `json.dumps` that Heat's call sites vary.
#[derive(Clone, Copy, Debug)]
pub struct JsonStyle {
    /// `sort_keys=True`.
    pub sort_keys: bool,
    /// `ensure_ascii=True` (the default): non-ASCII as `\uXXXX`.
    pub ensure_ascii: bool,
    /// `indent=N` (then `,` item separator and newlines).
    pub indent: Option<usize>,
    /// How non-finite floats are written: `NaN`/`Infinity` (json.dumps), or the
    /// strings `"nan"`/`"inf"` (the canonical result format).
    pub nonfinite_as_strings: bool,
}

impl JsonStyle {
    /// `json.dumps(x)`.
    pub const PLAIN: JsonStyle =
        JsonStyle { sort_keys: false, ensure_ascii: true, indent: None, nonfinite_as_strings: false };
    /// `json.dumps(x, sort_keys=True)` — what `list_join` and `str_replace` use.
    pub const SORTED: JsonStyle =
        JsonStyle { sort_keys: true, ensure_ascii: true, indent: None, nonfinite_as_strings: false };
    /// The canonical result file: sorted keys, indent 2, UTF-8 text.
    pub const RESULT: JsonStyle =
        JsonStyle { sort_keys: true, ensure_ascii: false, indent: Some(2), nonfinite_as_strings: true };
}

/// Python `json.dumps(v, …)`; `Err` is the TypeError of sorting mixed key types.
pub fn json_dumps(v: &Value, style: JsonStyle) -> Result<String, String> {
    let mut out = String::new();
    write_json(&mut out, v, style, 0, false, None)?;
    Ok(out)
}

/// A map key as the result writes it: strings as they are, `true`/`false`/`null`,
/// `str()` of anything else.
pub fn json_key(k: &Value) -> String {
    oracle_key(k).into_owned()
}

/// The oracle's `to_json_value` key: map keys become strings (`true`/`false`/`null`
/// for those, `str()` otherwise).
pub(crate) fn oracle_key(k: &Value) -> Cow<'_, str> {
    match k {
        Value::Str(s) => Cow::Borrowed(s),
        Value::Bool(true) => Cow::Borrowed("true"),
        Value::Bool(false) => Cow::Borrowed("false"),
        Value::Null => Cow::Borrowed("null"),
        other => Cow::Owned(py_str(other)),
    }
}

/// `json.dumps` of the oracle's `to_json_value(v)`: every map's keys made strings
/// first ([`oracle_key`]; a later key wins a collision, as in the oracle's
/// `dict(...)`), so sorting cannot fail. The same text as `json_dumps` of
/// `result::json_keys(v)`, without building that copy.
pub(crate) fn json_dumps_oracle_keys(v: &Value, style: JsonStyle) -> String {
    let mut out = String::new();
    let _ = write_json(&mut out, v, style, 0, true, None);
    out
}

/// The texts of the maps and lists [`json_dumps_result`] wrote last, each by
/// its allocation and indent level, with the value (kept, so that allocation
/// is not another value's while it is held).
#[derive(Default)]
pub(crate) struct JsonMemo {
    /// The last text written.
    text: String,
    /// Its maps and lists of at least [`JsonMemo::LEAST`] bytes: where each one's text is.
    written: HashMap<(usize, usize), (Value, Range<usize>)>,
    /// Those of the text being written.
    writing: HashMap<(usize, usize), (Value, Range<usize>)>,
}

impl std::fmt::Debug for JsonMemo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("JsonMemo").field("bytes", &self.text.len()).field("values", &self.written.len()).finish()
    }
}

impl JsonMemo {
    /// Shorter texts are written again (a lookup costs about as much).
    const LEAST: usize = 256;

    /// The allocation of a map or list and the level it is written at.
    fn key(v: &Value, level: usize) -> Option<(usize, usize)> {
        match v {
            Value::Map(m) => Some((Rc::as_ptr(m) as usize, level)),
            Value::List(l) => Some((Rc::as_ptr(l) as usize, level)),
            _ => None,
        }
    }

    /// The last text's copy of `v` written at `level`, appended to `out`.
    fn reuse(&mut self, out: &mut String, v: &Value, level: usize) -> bool {
        let Some(key) = JsonMemo::key(v, level) else { return false };
        let Some((kept, range)) = self.written.get(&key) else { return false };
        let same = match (kept, v) {
            (Value::Map(a), Value::Map(b)) => Rc::ptr_eq(a, b),
            (Value::List(a), Value::List(b)) => Rc::ptr_eq(a, b),
            _ => false,
        };
        let Some(text) = self.text.get(range.clone()).filter(|_| same) else { return false };
        let start = out.len();
        out.push_str(text);
        self.writing.insert(key, (v.clone(), start..out.len()));
        true
    }

    /// `v`'s text, written at `level` into `out` from `start`.
    fn wrote(&mut self, out: &str, v: &Value, level: usize, start: usize) {
        if out.len() - start >= JsonMemo::LEAST {
            if let Some(key) = JsonMemo::key(v, level) {
                self.writing.insert(key, (v.clone(), start..out.len()));
            }
        }
    }
}

/// [`json_dumps_oracle_keys`] in the result's style, each map or list that
/// `memo`'s last text wrote at the same level (the same allocation: values
/// are shared, never changed in place) copied from there; `memo` then holds
/// this text's. An editing session writes an overcloud's 5 MB result after a
/// keystroke whose nested stacks are mostly those of the keystroke before.
pub(crate) fn json_dumps_result(v: &Value, memo: &mut JsonMemo) -> String {
    let mut out = String::with_capacity(memo.text.len());
    let _ = write_json(&mut out, v, JsonStyle::RESULT, 0, true, Some(memo));
    memo.written = std::mem::take(&mut memo.writing);
    memo.text.clone_from(&out);
    out
}

fn newline_indent(out: &mut String, style: JsonStyle, level: usize) {
    const SPACES: &str = "                                                                ";
    if let Some(n) = style.indent {
        out.push('\n');
        // Whole runs of spaces at a time (one push per character was a hot spot).
        let mut left = n * level;
        while left > 0 {
            let take = left.min(SPACES.len());
            out.push_str(SPACES.get(..take).unwrap_or_default());
            left -= take;
        }
    }
}

/// `oracle_keys`: convert map keys as [`json_dumps_oracle_keys`] does.
fn write_json(
    out: &mut String,
    v: &Value,
    style: JsonStyle,
    level: usize,
    oracle_keys: bool,
    mut memo: Option<&mut JsonMemo>,
) -> Result<(), String> {
    if let Some(memo) = memo.as_deref_mut() {
        if memo.reuse(out, v, level) {
            return Ok(());
        }
    }
    let start = out.len();
    write_json_value(out, v, style, level, oracle_keys, memo.as_deref_mut())?;
    if let Some(memo) = memo {
        memo.wrote(out, v, level, start);
    }
    Ok(())
}

/// [`write_json`] of one value.
fn write_json_value(
    out: &mut String,
    v: &Value,
    style: JsonStyle,
    level: usize,
    oracle_keys: bool,
    mut memo: Option<&mut JsonMemo>,
) -> Result<(), String> {
    let item_sep = if style.indent.is_some() { "," } else { ", " };
    match v {
        Value::Null => out.push_str("null"),
        Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Value::Int(i) => {
            let _ = write!(out, "{i}");
        }
        Value::BigInt(b) => {
            let _ = write!(out, "{b}");
        }
        Value::Float(f) => out.push_str(&json_float(*f, style)),
        Value::Str(s) => write_json_str(out, s, style.ensure_ascii),
        Value::List(items) => {
            if items.is_empty() {
                out.push_str("[]");
                return Ok(());
            }
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push_str(item_sep);
                }
                newline_indent(out, style, level + 1);
                write_json(out, item, style, level + 1, oracle_keys, memo.as_deref_mut())?;
            }
            newline_indent(out, style, level);
            out.push(']');
        }
        Value::Map(m) => {
            if m.is_empty() {
                out.push_str("{}");
                return Ok(());
            }
            let all_strings = m.iter().all(|(k, _)| matches!(k, Value::Str(_)));
            if oracle_keys && !all_strings {
                // Keys made strings first (a later key wins a collision), then
                // written as any string-keyed map.
                let mut converted = Map::with_capacity(m.len());
                for (k, val) in m.iter() {
                    converted.insert_str(&oracle_key(k), val.clone());
                }
                return write_json_value(out, &Value::map(converted), style, level, oracle_keys, memo);
            }
            let mut entries: Vec<(&Value, &Value)> = m.iter().collect();
            if style.sort_keys {
                if all_strings {
                    // Distinct strings (map keys): no TypeError to reproduce, and any
                    // sort gives Python's order.
                    crate::sort::sort_by(&mut entries, |a, b| a.0.as_str().cmp(&b.0.as_str()));
                } else {
                    py_sort_by(&mut entries, |a, b| a.0.py_cmp(b.0))?;
                }
            }
            out.push('{');
            for (i, (k, val)) in entries.into_iter().enumerate() {
                if i > 0 {
                    out.push_str(item_sep);
                }
                newline_indent(out, style, level + 1);
                let key: Cow<'_, str> = match k {
                    Value::Str(s) => Cow::Borrowed(s),
                    Value::Float(f) => Cow::Owned(json_float(*f, style)),
                    Value::Null => Cow::Borrowed("null"),
                    Value::Bool(b) => Cow::Borrowed(if *b { "true" } else { "false" }),
                    other => Cow::Owned(py_str(other)),
                };
                write_json_str(out, &key, style.ensure_ascii);
                out.push_str(": ");
                write_json(out, val, style, level + 1, oracle_keys, memo.as_deref_mut())?;
            }
            newline_indent(out, style, level);
            out.push('}');
        }
    }
    Ok(())
}

fn json_float(f: f64, style: JsonStyle) -> String {
    match (f.is_finite(), style.nonfinite_as_strings) {
        (true, _) => float_repr(f),
        (false, true) => format!("\"{}\"", float_repr(f)),
        (false, false) if f.is_nan() => "NaN".into(),
        (false, false) if f > 0.0 => "Infinity".into(),
        (false, false) => "-Infinity".into(),
    }
}

/// A JSON string literal as Python's encoder writes it.
pub fn write_json_str(out: &mut String, s: &str, ensure_ascii: bool) {
    out.reserve(s.len() + 2);
    out.push('"');
    let mut rest = s;
    // Copy runs that need no escaping in one go; stop at the next byte that may.
    // Such a byte is ASCII or the first byte of a character, so it is a char boundary.
    while let Some(i) = json_escape_at(rest.as_bytes(), ensure_ascii) {
        let (plain, tail) = rest.split_at(i);
        out.push_str(plain);
        let mut chars = tail.chars();
        let Some(c) = chars.next() else {
            rest = "";
            break;
        };
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            c => {
                let mut buf = [0u16; 2];
                for unit in c.encode_utf16(&mut buf) {
                    let _ = write!(out, "\\u{unit:04x}");
                }
            }
        }
        rest = chars.as_str();
    }
    out.push_str(rest);
    out.push('"');
}

/// The length of [`write_json_str`]'s literal for `s` with `ensure_ascii`
/// (`len(json.dumps(s))`), counted without writing it: heat-api's request-size
/// check measures the whole body so, megabytes for an overcloud.
pub(crate) fn json_str_len(s: &str) -> usize {
    // What each byte adds to the text's own length, a character's escape
    // counted at its first byte: `\"`-style escapes one, other control
    // characters five (`\u00XX`), a character past `~` its `\uXXXX` (two of
    // them past U+FFFF) less its UTF-8 length. One lookup per byte:
    // the newlines of a template's text made the escape search stop every
    // line.
    fn extra(b: u8) -> usize {
        match b {
            b'"' | b'\\' | b'\n' | b'\r' | b'\t' | 0x08 | 0x0c => 1,
            0x00..=0x1f | 0x7f => 5,
            // Printable ASCII, and continuation bytes (counted at the first byte).
            0x20..=0x7e | 0x80..=0xbf => 0,
            // Two bytes, one UTF-16 unit: 6 - 2.
            0xc0..=0xdf => 4,
            // Three bytes, one unit: 6 - 3.
            0xe0..=0xef => 3,
            // Four bytes, a surrogate pair: 12 - 4.
            _ => 8,
        }
    }
    s.len() + 2 + s.bytes().map(extra).sum::<usize>()
}

/// Where the next byte that a JSON string literal escapes is (a control character,
/// `"`, `\\`, and with `ensure_ascii` anything past `~`). Eight bytes at a time: the
/// bulk of a result is text that needs no escaping.
fn json_escape_at(bytes: &[u8], ensure_ascii: bool) -> Option<usize> {
    const ONES: u64 = u64::from_ne_bytes([1; 8]);
    const HIGH: u64 = u64::from_ne_bytes([0x80; 8]);
    // Bit tricks exact for "some byte of the word": zero, below 0x20, above 0x7E.
    let has_zero = |v: u64| v.wrapping_sub(ONES) & !v & HIGH != 0;
    let escape = |b: u8| b < 0x20 || b == b'"' || b == b'\\' || (ensure_ascii && b > 0x7e);
    let mut i = 0;
    while let Some(word) = bytes.get(i..i + 8).and_then(|b| <[u8; 8]>::try_from(b).ok()) {
        let w = u64::from_ne_bytes(word);
        let special = has_zero(w ^ (ONES * u64::from(b'"')))
            || has_zero(w ^ (ONES * u64::from(b'\\')))
            || w.wrapping_sub(ONES * 0x20) & !w & HIGH != 0
            || (ensure_ascii && (w.wrapping_add(ONES) | w) & HIGH != 0);
        if special {
            break;
        }
        i += 8;
    }
    bytes.get(i..)?.iter().position(|&b| escape(b)).map(|p| p + i)
}

/// A stable sort whose comparisons happen in the order CPython's list sort makes them
/// for short lists (binary insertion, comparing the later item to the earlier), so a
/// TypeError for mixed types names the same operands Python's would.
pub fn py_sort_by<T, F>(items: &mut Vec<T>, mut less_cmp: F) -> Result<(), String>
where
    F: FnMut(&T, &T) -> Result<Ordering, String>,
{
    let n = items.len();
    if n > 64 {
        // Long lists: check comparability pairwise first, then sort.
        let mut err = None;
        crate::sort::sort_by(items, |a, b| match less_cmp(a, b) {
            Ok(o) => o,
            Err(e) => {
                err.get_or_insert(e);
                Ordering::Equal
            }
        });
        return err.map_or(Ok(()), Err);
    }
    let mut sorted: Vec<T> = Vec::with_capacity(n);
    for pivot in items.drain(..) {
        let (mut lo, mut hi) = (0usize, sorted.len());
        while lo < hi {
            let mid = (lo + hi) / 2;
            let probe = sorted.get(mid).ok_or_else(String::new)?;
            if less_cmp(&pivot, probe)? == Ordering::Less {
                hi = mid;
            } else {
                lo = mid + 1;
            }
        }
        sorted.insert(lo, pivot);
    }
    *items = sorted;
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_json_string_s_length_is_counted_as_written() {
        let pieces = [
            "a", " ", "~", "\u{7f}", "\"", "\\", "\n", "\r", "\t", "\u{8}", "\u{c}", "\u{1}", "é", "€", "😀",
            "abcdefgh",
        ];
        // Every string of up to three pieces, and long runs around the eight-byte steps.
        let mut texts: Vec<String> =
            vec![String::new(), "x".repeat(17), format!("{}é{}", "y".repeat(9), "z".repeat(7))];
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    texts.push(format!("{a}{b}{c}"));
                    texts.push(format!("{a}{}{b}{c}", "q".repeat(8)));
                }
            }
        }
        for t in &texts {
            let mut out = String::new();
            super::write_json_str(&mut out, t, true);
            assert_eq!(super::json_str_len(t), out.len(), "{t:?}");
        }
    }

    use super::*;

    fn map(entries: &[(&str, Value)]) -> Value {
        let mut m = Map::new();
        for (k, v) in entries {
            m.insert_str(k, v.clone());
        }
        Value::map(m)
    }

    #[test]
    fn floats_print_like_python() {
        for (f, s) in [
            (1.0, "1.0"),
            (2.5, "2.5"),
            (1e16, "1e+16"),
            (1e15, "1000000000000000.0"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (1.5e300, "1.5e+300"),
            (-0.0, "-0.0"),
            (0.1 + 0.2, "0.30000000000000004"),
            (123456.789, "123456.789"),
            (f64::INFINITY, "inf"),
            (f64::NEG_INFINITY, "-inf"),
            (f64::NAN, "nan"),
            (-2.5e-7, "-2.5e-07"),
            (1.2345678901234567e19, "1.2345678901234567e+19"),
        ] {
            assert_eq!(float_repr(f), s, "{f:e}");
        }
    }

    #[test]
    fn repr_and_str() {
        let v = Value::list(vec![
            Value::from("a"),
            Value::Int(1),
            Value::Float(2.0),
            Value::Bool(true),
            Value::Null,
            map(&[("k", Value::from("it's"))]),
        ]);
        assert_eq!(py_repr(&v), r#"['a', 1, 2.0, True, None, {'k': "it's"}]"#);
        assert_eq!(py_str(&Value::from("x")), "x");
        assert_eq!(str_repr("a'b\"c\n\u{e9}\u{1}"), r#"'a\'b"c\né\x01'"#);
    }

    #[test]
    fn json_strings_escape_as_python_does() {
        // Expected texts from Python's json.dumps (ensure_ascii True, then False).
        let s = "a\"b\\c\n\u{1}é😀\u{7f}\u{8}\u{c}\t\rz";
        let mut ascii = String::new();
        write_json_str(&mut ascii, s, true);
        assert_eq!(ascii, r#""a\"b\\c\n\u0001\u00e9\ud83d\ude00\u007f\b\f\t\rz""#);
        let mut unicode = String::new();
        write_json_str(&mut unicode, s, false);
        assert_eq!(unicode, "\"a\\\"b\\\\c\\n\\u0001é😀\u{7f}\\b\\f\\t\\rz\"");
    }

    #[test]
    fn json_dumps_matches_python_defaults() {
        let v = map(&[
            ("z", Value::Int(1)),
            ("a", Value::list(vec![Value::Float(1.0), Value::Bool(true), Value::Null, Value::from("é")])),
        ]);
        assert_eq!(json_dumps(&v, JsonStyle::SORTED).unwrap(), r#"{"a": [1.0, true, null, "\u00e9"], "z": 1}"#);
        assert_eq!(json_dumps(&v, JsonStyle::PLAIN).unwrap(), r#"{"z": 1, "a": [1.0, true, null, "\u00e9"]}"#);
        assert_eq!(json_dumps(&Value::from("\u{1F600}"), JsonStyle::PLAIN).unwrap(), r#""\ud83d\ude00""#);
        assert_eq!(json_dumps(&Value::Float(f64::NAN), JsonStyle::PLAIN).unwrap(), "NaN");
    }

    #[test]
    fn json_dumps_indent_and_result_style() {
        let v =
            map(&[("b", Value::list(vec![])), ("a", Value::list(vec![Value::Int(1), Value::Float(f64::INFINITY)]))]);
        assert_eq!(
            json_dumps(&v, JsonStyle::RESULT).unwrap(),
            "{\n  \"a\": [\n    1,\n    \"inf\"\n  ],\n  \"b\": []\n}"
        );
    }

    #[test]
    fn sorting_mixed_keys_fails_like_python() {
        let mut m = Map::new();
        m.insert_str("a", Value::Null);
        m.insert(Value::Int(1), Value::Null).unwrap();
        let err = json_dumps(&Value::map(m), JsonStyle::SORTED).unwrap_err();
        assert_eq!(err, "'<' not supported between instances of 'int' and 'str'");
    }

    #[test]
    fn non_string_keys_are_stringified() {
        let mut m = Map::new();
        m.insert(Value::Int(2), Value::Null).unwrap();
        m.insert(Value::Bool(false), Value::Null).unwrap();
        assert_eq!(json_dumps(&Value::map(m), JsonStyle::SORTED).unwrap(), r#"{"false": null, "2": null}"#);
    }
}
