//! YAML 1.1 scalar resolution and construction, as PyYAML's SafeLoader does it.
//!
//! [`resolve_plain`] is PyYAML's implicit resolver table (applied to plain scalars only);
//! the `construct_*` functions are SafeConstructor's scalar constructors, including their
//! Python quirks (`int('0o17', 8)` works, `!!float --1` is `1.0`, …). Every regex of the
//! resolver is a hand-written matcher here (the `regex` crate would cost wasm size).

use crate::pyconv::{int_digits_error, INT_MAX_STR_DIGITS};
use crate::pyfmt::str_repr;
use crate::value::{BigInt, Value};

/// The tag PyYAML's implicit resolvers give a plain scalar.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Implicit {
    /// `tag:yaml.org,2002:null`
    Null,
    /// `tag:yaml.org,2002:bool`
    Bool(bool),
    /// `tag:yaml.org,2002:int`
    Int,
    /// `tag:yaml.org,2002:float`
    Float,
    /// `tag:yaml.org,2002:timestamp` (Heat constructs it as the original string)
    Timestamp,
    /// `tag:yaml.org,2002:merge` (`<<`)
    Merge,
    /// `tag:yaml.org,2002:value` (`=`)
    Value,
    /// `tag:yaml.org,2002:str`
    Str,
}

/// Resolve a plain scalar's text to its implicit tag.
pub(crate) fn resolve_plain(s: &str) -> Implicit {
    match s {
        "" | "~" | "null" | "Null" | "NULL" => return Implicit::Null,
        "yes" | "Yes" | "YES" | "true" | "True" | "TRUE" | "on" | "On" | "ON" => return Implicit::Bool(true),
        "no" | "No" | "NO" | "false" | "False" | "FALSE" | "off" | "Off" | "OFF" => return Implicit::Bool(false),
        "<<" => return Implicit::Merge,
        "=" => return Implicit::Value,
        _ => {}
    }
    let b = s.as_bytes();
    match b.first() {
        Some(c) if c.is_ascii_digit() || matches!(c, b'-' | b'+' | b'.') => {}
        _ => return Implicit::Str,
    }
    if is_float(b) {
        Implicit::Float
    } else if is_int(b) {
        Implicit::Int
    } else if is_timestamp(b) {
        Implicit::Timestamp
    } else {
        Implicit::Str
    }
}

/// A tiny cursor for the hand-written matchers.
struct Cur<'a> {
    b: &'a [u8],
    i: usize,
}

impl<'a> Cur<'a> {
    fn new(b: &'a [u8]) -> Self {
        Cur { b, i: 0 }
    }
    fn peek(&self) -> Option<u8> {
        self.b.get(self.i).copied()
    }
    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }
    fn eat_if(&mut self, f: impl Fn(u8) -> bool) -> bool {
        match self.peek() {
            Some(c) if f(c) => {
                self.i += 1;
                true
            }
            _ => false,
        }
    }
    /// Eat as many as match; returns how many.
    fn eat_while(&mut self, f: impl Fn(u8) -> bool) -> usize {
        let start = self.i;
        while self.eat_if(&f) {}
        self.i - start
    }
    fn sign(&mut self) {
        let _ = self.eat(b'-') || self.eat(b'+');
    }
    fn done(&self) -> bool {
        self.i >= self.b.len()
    }
    fn rest(&self) -> &'a [u8] {
        self.b.get(self.i..).unwrap_or(&[])
    }
}

fn digit(c: u8) -> bool {
    c.is_ascii_digit()
}
fn digit_(c: u8) -> bool {
    c.is_ascii_digit() || c == b'_'
}

/// `(?::[0-5]?[0-9])+` followed by what `tail` accepts, matched like the regex (each group
/// is one digit or two digits whose first is 0-5; the group ends at `:` or at the tail).
fn sexagesimal_groups(c: &mut Cur<'_>, tail: impl Fn(&mut Cur<'_>) -> bool) -> bool {
    let mut groups = 0;
    loop {
        if !c.eat(b':') {
            return groups > 0 && tail(c);
        }
        let n = c.rest().iter().take_while(|&&d| digit(d)).count();
        let first = c.peek().unwrap_or(0);
        let ok = n == 1 || (n == 2 && (b'0'..=b'5').contains(&first));
        if !ok {
            return false;
        }
        c.i += n;
        groups += 1;
    }
}

/// `[eE][-+][0-9]+` (optional in the float regex).
fn float_exponent(c: &mut Cur<'_>) -> bool {
    if c.eat(b'e') || c.eat(b'E') {
        (c.eat(b'-') || c.eat(b'+')) && c.eat_while(digit) > 0
    } else {
        true
    }
}

/// PyYAML's float regex.
fn is_float(b: &[u8]) -> bool {
    // [-+]?\.(?:inf|Inf|INF) and \.(?:nan|NaN|NAN)
    if matches!(b, b".inf" | b".Inf" | b".INF" | b"-.inf" | b"-.Inf" | b"-.INF" | b"+.inf" | b"+.Inf" | b"+.INF")
        || matches!(b, b".nan" | b".NaN" | b".NAN")
    {
        return true;
    }
    // \.[0-9][0-9_]*(?:[eE][-+][0-9]+)?
    if b.first() == Some(&b'.') {
        let mut c = Cur::new(b);
        c.i = 1;
        return c.eat_if(digit) && {
            c.eat_while(digit_);
            float_exponent(&mut c) && c.done()
        };
    }
    let mut c = Cur::new(b);
    c.sign();
    if !c.eat_if(digit) {
        return false;
    }
    c.eat_while(digit_);
    let after_int = c.i;
    // [-+]?[0-9][0-9_]*\.[0-9_]*(?:[eE][-+][0-9]+)?
    if c.eat(b'.') {
        c.eat_while(digit_);
        if float_exponent(&mut c) && c.done() {
            return true;
        }
    }
    // [-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*
    c.i = after_int;
    sexagesimal_groups(&mut c, |c| {
        c.eat(b'.') && {
            c.eat_while(digit_);
            c.done()
        }
    })
}

/// PyYAML's int regex.
fn is_int(b: &[u8]) -> bool {
    let mut c = Cur::new(b);
    c.sign();
    let body = c.rest();
    if let Some(bits) = body.strip_prefix(b"0b") {
        return !bits.is_empty() && bits.iter().all(|&d| matches!(d, b'0' | b'1' | b'_'));
    }
    if let Some(hex) = body.strip_prefix(b"0x") {
        return !hex.is_empty() && hex.iter().all(|&d| d.is_ascii_hexdigit() || d == b'_');
    }
    if body == b"0" {
        return true;
    }
    if let Some(oct) = body.strip_prefix(b"0") {
        return !oct.is_empty() && oct.iter().all(|&d| matches!(d, b'0'..=b'7' | b'_'));
    }
    // [1-9][0-9_]* optionally followed by sexagesimal groups.
    if !c.eat_if(|d| matches!(d, b'1'..=b'9')) {
        return false;
    }
    c.eat_while(digit_);
    c.done() || sexagesimal_groups(&mut c, |c| c.done())
}

/// PyYAML's timestamp regex.
fn is_timestamp(b: &[u8]) -> bool {
    let mut c = Cur::new(b);
    let n = |c: &mut Cur<'_>, min: usize, max: usize| {
        let k = c.rest().iter().take(max).take_while(|&&d| digit(d)).count();
        c.i += k;
        k >= min
    };
    if !(n(&mut c, 4, 4) && c.eat(b'-')) {
        return false;
    }
    // Date only: exactly two-digit month and day.
    let date_start = c.i;
    if n(&mut c, 2, 2) && c.eat(b'-') && n(&mut c, 2, 2) && c.done() {
        return true;
    }
    c.i = date_start;
    if !(n(&mut c, 1, 2) && c.eat(b'-') && n(&mut c, 1, 2)) {
        return false;
    }
    if !(c.eat(b'T') || c.eat(b't') || c.eat_while(|d| d == b' ' || d == b'\t') > 0) {
        return false;
    }
    if !(n(&mut c, 1, 2) && c.eat(b':') && n(&mut c, 2, 2) && c.eat(b':') && n(&mut c, 2, 2)) {
        return false;
    }
    if c.eat(b'.') {
        c.eat_while(digit);
    }
    if c.done() {
        return true;
    }
    c.eat_while(|d| d == b' ' || d == b'\t');
    if c.eat(b'Z') {
        return c.done();
    }
    if !((c.eat(b'-') || c.eat(b'+')) && n(&mut c, 1, 2)) {
        return false;
    }
    if c.eat(b':') && !n(&mut c, 2, 2) {
        return false;
    }
    c.done()
}

/// Why a scalar could not be constructed.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum ScalarError {
    /// An integer beyond 128 bits on the fast path: read again at any size.
    TooLarge,
    /// Python itself fails with a non-YAML exception: its class (`ValueError`,
    /// `IndexError`, `KeyError`) and `str()`. heat-api answers a `ValueError` with
    /// its 400 (`Template not in valid format: …`); the others are internal errors.
    Python(&'static str, String),
}

const INDEX_ERROR: &str = "string index out of range";

/// The NaN that `.nan` resolves to. PyYAML returns one shared float object for every
/// `.nan` of a document, so two `.nan` map keys are the same key (Python dicts compare
/// keys by identity first); other NaNs (`!!float nan`) are distinct objects. The payload
/// marks the shared one.
pub(crate) const SHARED_NAN_BITS: u64 = 0x7ff8_0000_0000_0001;

/// SafeConstructor.construct_yaml_int: any size, as Python's ints.
pub(crate) fn construct_int(text: &str) -> Result<Value, ScalarError> {
    match construct_int_small(text) {
        Ok(i) => Ok(Value::Int(i)),
        Err(ScalarError::TooLarge) => construct_int_big(text).map(Value::big),
        Err(e) => Err(e),
    }
}

/// The fast path: 128-bit arithmetic, `TooLarge` past 64 bits.
fn construct_int_small(text: &str) -> Result<i64, ScalarError> {
    let v: String = text.chars().filter(|&c| c != '_').collect();
    let first = v.chars().next().ok_or_else(|| ScalarError::Python("IndexError", INDEX_ERROR.into()))?;
    let negative = first == '-';
    let v = if first == '-' || first == '+' { v.get(1..).unwrap_or("") } else { v.as_str() };
    let magnitude: i128 = if v == "0" {
        0
    } else if let Some(rest) = v.strip_prefix("0b") {
        py_int(rest, 2)?
    } else if let Some(rest) = v.strip_prefix("0x") {
        py_int(rest, 16)?
    } else if v.starts_with('0') {
        py_int(v, 8)?
    } else if v.is_empty() {
        return Err(ScalarError::Python("IndexError", INDEX_ERROR.into()));
    } else if v.contains(':') {
        let mut total: i128 = 0;
        let mut base: i128 = 1;
        for part in v.rsplit(':') {
            let d = py_int(part, 10)?;
            total = d.checked_mul(base).and_then(|x| x.checked_add(total)).ok_or(ScalarError::TooLarge)?;
            base = base.checked_mul(60).unwrap_or(i128::MAX);
        }
        total
    } else {
        py_int(v, 10)?
    };
    let signed = if negative { magnitude.checked_neg().ok_or(ScalarError::TooLarge)? } else { magnitude };
    i64::try_from(signed).map_err(|_| ScalarError::TooLarge)
}

/// The same as [`construct_int_small`] at any size.
fn construct_int_big(text: &str) -> Result<BigInt, ScalarError> {
    let v: String = text.chars().filter(|&c| c != '_').collect();
    let negative = v.starts_with('-');
    let v = v.strip_prefix(['-', '+']).unwrap_or(&v);
    let magnitude = if let Some(rest) = v.strip_prefix("0b") {
        py_int_big(rest, 2)?
    } else if let Some(rest) = v.strip_prefix("0x") {
        py_int_big(rest, 16)?
    } else if v.starts_with('0') {
        py_int_big(v, 8)?
    } else if v.contains(':') {
        let mut total = BigInt::from(0);
        let mut base = BigInt::from(1);
        for part in v.rsplit(':') {
            total += py_int_big(part, 10)? * &base;
            base *= 60;
        }
        total
    } else {
        py_int_big(v, 10)?
    };
    Ok(if negative { -magnitude } else { magnitude })
}

/// Python `int(s, base)` at any size (the fast path already validated the text
/// up to its first overflow; this validates the rest).
fn py_int_big(s: &str, base: u32) -> Result<BigInt, ScalarError> {
    let invalid =
        || ScalarError::Python("ValueError", format!("invalid literal for int() with base {base}: {}", str_repr(s)));
    let (negative, t) = int_body(s, base);
    let digits: Vec<u8> = t
        .chars()
        .map(|c| c.to_digit(base).and_then(|d| u8::try_from(d).ok()))
        .collect::<Option<_>>()
        .ok_or_else(invalid)?;
    if digits.is_empty() {
        return Err(invalid());
    }
    if base == 10 && digits.len() > INT_MAX_STR_DIGITS {
        return Err(ScalarError::Python("ValueError", int_digits_error(digits.len())));
    }
    let n = BigInt::from_radix_be(num_bigint::Sign::Plus, &digits, base).ok_or_else(invalid)?;
    Ok(if negative { -n } else { n })
}

/// What Python's `int(s, base)` reads digits from: the sign, and the text
/// without surrounding whitespace, sign and the base's prefix.
fn int_body(s: &str, base: u32) -> (bool, &str) {
    let t = s.trim_matches(py_space);
    let (negative, t) = match t.as_bytes().first() {
        Some(b'-') => (true, t.get(1..).unwrap_or("")),
        Some(b'+') => (false, t.get(1..).unwrap_or("")),
        _ => (false, t),
    };
    let lower = t.get(..2).map(str::to_ascii_lowercase);
    let t = match (base, lower.as_deref()) {
        (2, Some("0b")) | (8, Some("0o")) | (16, Some("0x")) => t.get(2..).unwrap_or(""),
        _ => t,
    };
    (negative, t)
}

/// Python's whitespace for `str.strip()`.
fn py_space(c: char) -> bool {
    c.is_whitespace() || ('\u{1c}'..='\u{1f}').contains(&c)
}

/// Python `int(s, base)` for bases 2, 8, 10 and 16 (text already free of underscores).
fn py_int(s: &str, base: u32) -> Result<i128, ScalarError> {
    let invalid =
        || ScalarError::Python("ValueError", format!("invalid literal for int() with base {base}: {}", str_repr(s)));
    let (negative, t) = int_body(s, base);
    if t.is_empty() {
        return Err(invalid());
    }
    let mut n: i128 = 0;
    let mut too_large = false;
    for ch in t.chars() {
        let d = ch.to_digit(base).ok_or_else(invalid)?;
        match n.checked_mul(i128::from(base)).and_then(|x| x.checked_add(i128::from(d))) {
            Some(x) => n = x,
            None => too_large = true,
        }
    }
    if too_large {
        return Err(ScalarError::TooLarge);
    }
    Ok(if negative { -n } else { n })
}

/// SafeConstructor.construct_yaml_float.
pub(crate) fn construct_float(text: &str) -> Result<f64, ScalarError> {
    let v: String = text.chars().filter(|&c| c != '_').collect::<String>().to_lowercase();
    let first = v.chars().next().ok_or_else(|| ScalarError::Python("IndexError", INDEX_ERROR.into()))?;
    let sign = if first == '-' { -1.0 } else { 1.0 };
    let v = if first == '-' || first == '+' { v.get(1..).unwrap_or("") } else { v.as_str() };
    if v == ".inf" {
        Ok(sign * f64::INFINITY)
    } else if v == ".nan" {
        Ok(f64::from_bits(SHARED_NAN_BITS))
    } else if v.contains(':') {
        let mut total = 0.0_f64;
        let mut base = 1.0_f64;
        for part in v.rsplit(':') {
            total += py_float(part)? * base;
            base *= 60.0;
        }
        Ok(sign * total)
    } else {
        Ok(sign * py_float(v)?)
    }
}

/// Python `float(s)` (text already free of underscores).
fn py_float(s: &str) -> Result<f64, ScalarError> {
    let invalid = || ScalarError::Python("ValueError", format!("could not convert string to float: {}", str_repr(s)));
    let t = s.trim_matches(py_space);
    let (negative, body) = match t.as_bytes().first() {
        Some(b'-') => (true, t.get(1..).unwrap_or("")),
        Some(b'+') => (false, t.get(1..).unwrap_or("")),
        _ => (false, t),
    };
    let lower = body.to_ascii_lowercase();
    let magnitude = match lower.as_str() {
        "inf" | "infinity" => f64::INFINITY,
        "nan" => f64::NAN,
        _ => {
            // digits [. digits] | . digits, then [e [sign] digits]
            let b = lower.as_bytes();
            let mut c = Cur::new(b);
            let int_digits = c.eat_while(digit);
            let frac_digits = if c.eat(b'.') { c.eat_while(digit) } else { 0 };
            if int_digits + frac_digits == 0 {
                return Err(invalid());
            }
            if c.eat(b'e') {
                c.sign();
                if c.eat_while(digit) == 0 {
                    return Err(invalid());
                }
            }
            if !c.done() {
                return Err(invalid());
            }
            lower.parse::<f64>().map_err(|_| invalid())?
        }
    };
    Ok(if negative { -magnitude } else { magnitude })
}

/// The errors `!!binary` text gets in SafeConstructor.construct_yaml_binary: not ASCII
/// (`str.encode('ascii')`), or not base64 as `binascii.a2b_base64` (non-strict) reads it.
pub(crate) fn check_base64(text: &str) -> Result<(), String> {
    if let Some(pos) = text.chars().position(|c| !c.is_ascii()) {
        let run: Vec<char> = text.chars().skip(pos).take_while(|c| !c.is_ascii()).collect();
        let what = match run.as_slice() {
            [c] => {
                let cp = u32::from(*c);
                let esc = if cp < 0x100 {
                    format!("\\x{cp:02x}")
                } else if cp < 0x10000 {
                    format!("\\u{cp:04x}")
                } else {
                    format!("\\U{cp:08x}")
                };
                format!("character '{esc}' in position {pos}")
            }
            _ => format!("characters in position {pos}-{}", pos + run.len() - 1),
        };
        return Err(format!(
            "failed to convert base64 data into ascii: 'ascii' codec can't encode {what}: ordinal not in range(128)"
        ));
    }
    let (mut quad_pos, mut pads, mut decoded) = (0usize, 0usize, 0usize);
    for b in text.bytes() {
        if b == b'=' {
            if quad_pos >= 2 {
                pads += 1;
                if quad_pos + pads >= 4 {
                    return Ok(());
                }
            }
            continue;
        }
        if !(b.is_ascii_alphanumeric() || b == b'+' || b == b'/') {
            continue;
        }
        pads = 0;
        if quad_pos > 0 {
            decoded += 1;
        }
        quad_pos = (quad_pos + 1) % 4;
    }
    match quad_pos {
        0 => Ok(()),
        1 => Err(format!(
            "failed to decode base64 data: Invalid base64-encoded string: number of data characters ({}) cannot be 1 more than a multiple of 4",
            decoded / 3 * 4 + 1
        )),
        _ => Err("failed to decode base64 data: Incorrect padding".to_string()),
    }
}

/// SafeConstructor.construct_yaml_bool (`bool_values[value.lower()]`).
pub(crate) fn construct_bool(text: &str) -> Result<bool, ScalarError> {
    match text.to_lowercase().as_str() {
        "yes" | "true" | "on" => Ok(true),
        "no" | "false" | "off" => Ok(false),
        other => Err(ScalarError::Python("KeyError", str_repr(other))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn implicit_resolution_table() {
        use Implicit::*;
        let cases: &[(&str, Implicit)] = &[
            ("", Null),
            ("~", Null),
            ("nUll", Str),
            ("yes", Bool(true)),
            ("y", Str),
            ("OFF", Bool(false)),
            ("1_000", Int),
            ("012", Int),
            ("08", Str),
            ("0o12", Str),
            ("0x1A", Int),
            ("0X1A", Str),
            ("0b101", Int),
            ("1:30", Int),
            ("1:60", Str),
            ("-1:30:00", Int),
            ("1.5", Float),
            (".5", Float),
            ("-.5", Str),
            ("5.", Float),
            ("1e3", Str),
            ("1.0e3", Str),
            ("1.0e+3", Float),
            ("1.0E+3", Float),
            (".inf", Float),
            ("-.Inf", Float),
            ("-.nan", Str),
            ("190:20:30.15", Float),
            ("2013-05-23", Timestamp),
            ("2013-5-23", Str),
            ("2001-12-14t21:59:43.10-05:00", Timestamp),
            ("2001-12-14 21:59:43.10 -5", Timestamp),
            ("2001-12-14 21:59:43.10 Z", Timestamp),
            ("<<", Merge),
            ("=", Value),
        ];
        for (s, want) in cases {
            assert_eq!(resolve_plain(s), *want, "{s:?}");
        }
    }

    #[test]
    fn constructors_follow_python() {
        assert_eq!(construct_int("0_7"), Ok(Value::Int(7)));
        assert_eq!(construct_int("-0x1f"), Ok(Value::Int(-31)));
        assert_eq!(construct_int("1:30:00"), Ok(Value::Int(5400)));
        assert_eq!(construct_int("0o17"), Ok(Value::Int(15)));
        assert_eq!(
            construct_int("99999999999999999999").map(|v| crate::pyfmt::py_repr(&v)),
            Ok("99999999999999999999".into())
        );
        assert_eq!(
            construct_int("-0x1_0000_0000_0000_0000").map(|v| crate::pyfmt::py_repr(&v)),
            Ok("-18446744073709551616".into())
        );
        assert_eq!(
            construct_int("1:0:0:0:0:0:0:0:0:0:0:0").map(|v| crate::pyfmt::py_repr(&v)),
            Ok("36279705600000000000".into())
        );
        assert!(
            matches!(construct_int(&"9".repeat(4301)), Err(ScalarError::Python("ValueError", m)) if m.starts_with("Exceeds the limit (4300 digits)"))
        );
        assert!(construct_int(&"9".repeat(4300)).is_ok());
        assert!(matches!(construct_int("0b_"), Err(ScalarError::Python("ValueError", _))));
        assert_eq!(construct_float("1.0e+3"), Ok(1000.0));
        assert_eq!(construct_float("--1"), Ok(1.0));
        assert_eq!(construct_float("190:20:30.15"), Ok(685230.15));
        assert_eq!(construct_bool("yEs"), Ok(true));
    }
}
