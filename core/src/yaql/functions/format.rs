//! `format` of yaql before 3.0.0 (`yaql.standard_library.strings.format_`:
//! `format__.format(*args, **kwargs)`, Python's `str.format`), which yaql
//! 3.0.0 removed. Heat 16.x–20.x run a yaql that has it, so there
//! `'{0}'.format(null)` is `'None'` where a newer Heat fails.
//!
//! Python's replacement fields: `{}`/`{0}`/`{name}`, `[index]`/`[key]`
//! lookups, `!s`/`!r`/`!a`, and the format mini-language for strings, ints
//! and bools; floats take the fixed, exponent and percent types. A
//! float's general format (`g`, or a precision without a type) and nested
//! fields in a spec (`{0:{1}}`) are refused with hotplate's own message.

use std::rc::Rc;

use super::super::eval::{Call, FnDef, R};
use super::super::types::{STR, T};
use super::super::value::{py_repr, py_str, HKey, V};
use super::super::YaqlError;
use super::{hkey, key_error, type_error, value_error};

/// Register `format` (only a yaql < 3 engine finds it: [`FnDef::until_yaql3`]).
pub(crate) fn register(defs: &mut Vec<FnDef>) {
    defs.push(
        FnDef::ext("format")
            .p("format__", STR)
            .var(T::Any { nullable: true })
            .varkw(T::Any { nullable: true })
            .until_yaql3()
            .f(|c: &mut Call<'_>| {
                let kwargs: Vec<(Rc<str>, V)> =
                    c.kw.iter()
                        .map(|(k, v)| {
                            (
                                k.clone(),
                                match v {
                                    super::super::eval::CV::V(v) => v.clone(),
                                    _ => V::None,
                                },
                            )
                        })
                        .collect();
                Ok(V::string(str_format(&c.s(0), &c.var_values(), &kwargs)?))
            }),
    );
}

/// Python's `fmt.format(*args, **kwargs)`.
pub(crate) fn str_format(fmt: &str, args: &[V], kwargs: &[(Rc<str>, V)]) -> R<String> {
    let chars: Vec<char> = fmt.chars().collect();
    let mut out = String::new();
    let mut auto: Option<bool> = None;
    let mut next = 0usize;
    let mut i = 0usize;
    while let Some(&c) = chars.get(i) {
        match c {
            '{' if chars.get(i + 1) == Some(&'{') => {
                out.push('{');
                i += 2;
            }
            '}' if chars.get(i + 1) == Some(&'}') => {
                out.push('}');
                i += 2;
            }
            '}' => return Err(value_error("Single '}' encountered in format string")),
            '{' => {
                // The field runs to its matching '}' (brackets nest in a spec).
                let mut depth = 1usize;
                let mut j = i + 1;
                let mut in_index = false;
                while let Some(&d) = chars.get(j) {
                    match d {
                        '[' if !in_index => in_index = true,
                        ']' => in_index = false,
                        '{' if !in_index => depth += 1,
                        '}' if !in_index => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    j += 1;
                }
                if depth != 0 {
                    return Err(value_error(if j == i + 1 {
                        "Single '{' encountered in format string"
                    } else {
                        "expected '}' before end of string"
                    }));
                }
                let field: String = chars.get(i + 1..j).unwrap_or(&[]).iter().collect();
                out.push_str(&replace_field(&field, args, kwargs, &mut auto, &mut next)?);
                i = j + 1;
            }
            _ => {
                out.push(c);
                i += 1;
            }
        }
    }
    Ok(out)
}

fn replace_field(
    field: &str,
    args: &[V],
    kwargs: &[(Rc<str>, V)],
    auto: &mut Option<bool>,
    next: &mut usize,
) -> R<String> {
    // field_name [! conversion] [: spec]; '!' and ':' inside [..] belong to the name.
    let mut name_end = field.len();
    let mut in_index = false;
    for (k, ch) in field.char_indices() {
        match ch {
            '[' => in_index = true,
            ']' => in_index = false,
            '!' | ':' if !in_index => {
                name_end = k;
                break;
            }
            _ => {}
        }
    }
    let name = field.get(..name_end).unwrap_or("");
    let rest = field.get(name_end..).unwrap_or("");
    let (conversion, spec) = match rest.strip_prefix('!') {
        Some(r) => {
            let mut it = r.chars();
            let conv = it.next();
            let after: String = it.collect();
            match after.strip_prefix(':') {
                Some(spec) => (conv, spec.to_string()),
                None if after.is_empty() => (conv, String::new()),
                None => return Err(value_error("expected ':' after conversion specifier")),
            }
        }
        None => (None, rest.strip_prefix(':').unwrap_or("").to_string()),
    };
    if spec.contains('{') {
        return Err(value_error("hotplate: nested replacement fields in a format spec are not supported"));
    }
    // The first part: an index, a keyword, or nothing (automatic numbering).
    let first_end = name.find(['.', '[']).unwrap_or(name.len());
    let first = name.get(..first_end).unwrap_or("");
    let mut value = if first.is_empty() {
        if *auto == Some(false) {
            return Err(value_error("cannot switch from manual field specification to automatic field numbering"));
        }
        *auto = Some(true);
        let v = positional(args, *next)?;
        *next += 1;
        v
    } else if let Ok(n) = first.parse::<usize>() {
        if *auto == Some(true) {
            return Err(value_error("cannot switch from automatic field numbering to manual field specification"));
        }
        *auto = Some(false);
        positional(args, n)?
    } else {
        match kwargs.iter().rev().find(|(k, _)| &**k == first) {
            Some((_, v)) => v.clone(),
            None => return Err(key_error(&V::str(first))),
        }
    };
    let mut rest = name.get(first_end..).unwrap_or("");
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('[') {
            let Some(close) = r.find(']') else { return Err(value_error("Missing ']' in format string")) };
            let key = r.get(..close).unwrap_or("");
            value = item(&value, key)?;
            rest = r.get(close + 1..).unwrap_or("");
        } else if rest.starts_with('.') {
            return Err(value_error("hotplate: attribute access in format fields is not supported"));
        } else {
            return Err(value_error("Only '.' or '[' may follow ']' in format field specifier"));
        }
    }
    let converted = match conversion {
        None => None,
        Some('s') => Some(py_str(&value)),
        Some('r') => Some(py_repr(&value)),
        Some('a') => Some(py_repr(&value).chars().map(ascii_escape).collect()),
        Some(c) => return Err(value_error(format!("Unknown conversion specifier {c}"))),
    };
    match converted {
        Some(s) => format_str(&s, &spec),
        None => format_value(&value, &spec),
    }
}

fn ascii_escape(c: char) -> String {
    let cp = u32::from(c);
    match cp {
        0..=0x7f => c.to_string(),
        0x80..=0xff => format!("\\x{cp:02x}"),
        0x100..=0xffff => format!("\\u{cp:04x}"),
        _ => format!("\\U{cp:08x}"),
    }
}

fn positional(args: &[V], n: usize) -> R<V> {
    args.get(n).cloned().ok_or_else(|| {
        YaqlError::new("IndexError", format!("Replacement index {n} out of range for positional args tuple"))
    })
}

/// `value[key]` as `str.format` reads it: digits index, anything else is a string key.
fn item(value: &V, key: &str) -> R<V> {
    let as_index = key.parse::<usize>().ok();
    match value {
        V::Tuple(items) | V::List(items) => match as_index {
            Some(i) => items.get(i).cloned().ok_or_else(|| super::index_error(value)),
            None => Err(type_error(format!("{} indices must be integers or slices, not str", value.type_name()))),
        },
        V::FDict(d) | V::Dict(d) => {
            let k = match as_index {
                Some(i) => V::Int(i64::try_from(i).unwrap_or(i64::MAX)),
                None => V::str(key),
            };
            let hk: HKey = hkey(&k)?;
            d.get(&hk).cloned().ok_or_else(|| key_error(&k))
        }
        V::Str(s) => match as_index {
            Some(i) => s
                .chars()
                .nth(i)
                .map(|c| V::string(c.to_string()))
                .ok_or_else(|| YaqlError::new("IndexError", "string index out of range")),
            None => Err(type_error("string indices must be integers")),
        },
        other => Err(type_error(format!("'{}' object is not subscriptable", other.type_name()))),
    }
}

/// A parsed format spec: `[[fill]align][sign][#][0][width][,|_][.precision][type]`.
#[derive(Default)]
struct Spec {
    fill: Option<char>,
    align: Option<char>,
    sign: Option<char>,
    alternate: bool,
    zero: bool,
    width: usize,
    grouping: Option<char>,
    precision: Option<usize>,
    kind: Option<char>,
}

fn parse_spec(spec: &str) -> R<Spec> {
    let c: Vec<char> = spec.chars().collect();
    let mut s = Spec::default();
    let mut i = 0;
    let is_align = |ch: Option<&char>| matches!(ch, Some('<' | '>' | '^' | '='));
    if is_align(c.get(1)) {
        s.fill = c.first().copied();
        s.align = c.get(1).copied();
        i = 2;
    } else if is_align(c.first()) {
        s.align = c.first().copied();
        i = 1;
    }
    if let Some(&ch @ ('+' | '-' | ' ')) = c.get(i) {
        s.sign = Some(ch);
        i += 1;
    }
    if c.get(i) == Some(&'#') {
        s.alternate = true;
        i += 1;
    }
    if c.get(i) == Some(&'0') {
        s.zero = true;
        i += 1;
    }
    let digits = |i: &mut usize| {
        let start = *i;
        while c.get(*i).is_some_and(char::is_ascii_digit) {
            *i += 1;
        }
        c.get(start..*i).map(|d| d.iter().collect::<String>().parse::<usize>().ok()).unwrap_or(None)
    };
    s.width = digits(&mut i).unwrap_or(0);
    if let Some(&ch @ (',' | '_')) = c.get(i) {
        s.grouping = Some(ch);
        i += 1;
    }
    if c.get(i) == Some(&'.') {
        i += 1;
        match digits(&mut i) {
            Some(p) => s.precision = Some(p),
            None => return Err(value_error("Format specifier missing precision")),
        }
    }
    if let Some(&k) = c.get(i) {
        s.kind = Some(k);
        i += 1;
    }
    if i < c.len() {
        return Err(value_error("Invalid format specifier"));
    }
    Ok(s)
}

fn pad(body: &str, sign: &str, s: &Spec, default_align: char) -> String {
    let len = body.chars().count() + sign.chars().count();
    let align = s.align.unwrap_or(if s.zero { '=' } else { default_align });
    let fill = s.fill.unwrap_or(if s.zero && s.align.is_none() { '0' } else { ' ' });
    let missing = s.width.saturating_sub(len);
    let fills = |n: usize| std::iter::repeat_n(fill, n).collect::<String>();
    match align {
        '<' => format!("{sign}{body}{}", fills(missing)),
        '^' => format!("{}{sign}{body}{}", fills(missing / 2), fills(missing - missing / 2)),
        '=' => format!("{sign}{}{body}", fills(missing)),
        _ => format!("{}{sign}{body}", fills(missing)),
    }
}

fn format_str(text: &str, spec: &str) -> R<String> {
    let s = parse_spec(spec)?;
    if let Some(k) = s.kind.filter(|k| *k != 's') {
        return Err(value_error(format!("Unknown format code '{k}' for object of type 'str'")));
    }
    if s.sign.is_some() {
        return Err(value_error("Sign not allowed in string format specifier"));
    }
    if s.align == Some('=') {
        return Err(value_error("'=' alignment not allowed in string format specifier"));
    }
    let body: String = match s.precision {
        Some(p) => text.chars().take(p).collect(),
        None => text.to_string(),
    };
    Ok(pad(&body, "", &s, '<'))
}

fn group(digits: &str, sep: Option<char>, every: usize) -> String {
    let Some(sep) = sep else { return digits.to_string() };
    let chars: Vec<char> = digits.chars().collect();
    let mut out = String::new();
    for (k, ch) in chars.iter().enumerate() {
        if k > 0 && (chars.len() - k) % every == 0 {
            out.push(sep);
        }
        out.push(*ch);
    }
    out
}

fn format_value(value: &V, spec: &str) -> R<String> {
    if spec.is_empty() {
        return Ok(py_str(value));
    }
    match value {
        V::Str(text) => format_str(text, spec),
        V::Int(_) | V::Bool(_) | V::BigInt(_) => {
            let n: num_bigint::BigInt = match value {
                V::Int(i) => (*i).into(),
                V::Bool(b) => i64::from(*b).into(),
                V::BigInt(b) => (**b).clone(),
                _ => 0.into(),
            };
            let s = parse_spec(spec)?;
            let type_name = value.type_name();
            if s.precision.is_some() {
                return Err(value_error("Precision not allowed in integer format specifier"));
            }
            let negative = n.sign() == num_bigint::Sign::Minus;
            let magnitude = n.magnitude();
            let (digits, prefix) = match s.kind {
                None | Some('d' | 'n') => (magnitude.to_str_radix(10), ""),
                Some('x') => (magnitude.to_str_radix(16), "0x"),
                Some('X') => (magnitude.to_str_radix(16).to_uppercase(), "0X"),
                Some('o') => (magnitude.to_str_radix(8), "0o"),
                Some('b') => (magnitude.to_str_radix(2), "0b"),
                Some('c') => {
                    let ch = u32::try_from(&n).ok().and_then(char::from_u32);
                    let Some(ch) = ch else {
                        return Err(YaqlError::new("OverflowError", "%c arg not in range(0x110000)"));
                    };
                    return Ok(pad(&ch.to_string(), "", &s, '<'));
                }
                Some(k) if "eEfF%gG".contains(k) => {
                    let f = n.to_string().parse::<f64>().unwrap_or(f64::INFINITY);
                    return format_float(f, &s);
                }
                Some(k) => {
                    return Err(value_error(format!("Unknown format code '{k}' for object of type '{type_name}'")))
                }
            };
            let every = if matches!(s.kind, Some('x' | 'X' | 'o' | 'b')) { 4 } else { 3 };
            let digits = group(&digits, s.grouping, every);
            let sign = sign_text(negative, s.sign);
            let prefix = if s.alternate { prefix } else { "" };
            Ok(pad(&digits, &format!("{sign}{prefix}"), &s, '>'))
        }
        V::Float(f) => format_float(*f, &parse_spec(spec)?),
        other => Err(type_error(format!("unsupported format string passed to {}.__format__", other.type_name()))),
    }
}

fn sign_text(negative: bool, sign: Option<char>) -> &'static str {
    match (negative, sign) {
        (true, _) => "-",
        (false, Some('+')) => "+",
        (false, Some(' ')) => " ",
        _ => "",
    }
}

fn format_float(f: f64, s: &Spec) -> R<String> {
    let negative = f.is_sign_negative() && !f.is_nan();
    let a = f.abs();
    let body = if a.is_nan() {
        "nan".to_string()
    } else if a.is_infinite() {
        "inf".to_string()
    } else {
        match (s.kind, s.precision) {
            (Some('f' | 'F'), p) => group_float(&format!("{:.*}", p.unwrap_or(6), a), s.grouping),
            (Some('%'), p) => format!("{}%", group_float(&format!("{:.*}", p.unwrap_or(6), a * 100.0), s.grouping)),
            (Some(k @ ('e' | 'E')), p) => {
                let text = exponent(a, p.unwrap_or(6));
                if k == 'E' {
                    text.to_uppercase()
                } else {
                    text
                }
            }
            (None, None) => group_float(&crate::pyfmt::float_repr(a), s.grouping),
            (Some(k), _) if !"gGn".contains(k) => {
                return Err(value_error(format!("Unknown format code '{k}' for object of type 'float'")))
            }
            _ => {
                return Err(value_error(
                    "hotplate: the general float format ('g', or a precision alone) is not supported",
                ))
            }
        }
    };
    let body = if matches!(s.kind, Some('F' | 'E')) { body.to_uppercase() } else { body };
    Ok(pad(&body, sign_text(negative, s.sign), s, '>'))
}

fn group_float(text: &str, sep: Option<char>) -> String {
    let (int, frac) = text.split_once('.').map_or((text, None), |(i, f)| (i, Some(f)));
    let int = group(int, sep, 3);
    match frac {
        Some(f) => format!("{int}.{f}"),
        None => int,
    }
}

/// `'%.{p}e' % a` for a finite non-negative `a`.
fn exponent(a: f64, p: usize) -> String {
    let text = format!("{a:.p$e}");
    let (mantissa, exp) = text.split_once('e').unwrap_or((&text, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let sign = if exp < 0 { '-' } else { '+' };
    format!("{mantissa}e{sign}{:02}", exp.abs())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fmt(f: &str, args: &[V]) -> String {
        match str_format(f, args, &[]) {
            Ok(s) => s,
            Err(e) => format!("{}: {}", e.class, e.message),
        }
    }

    // Expected values printed by Python 3.8 (`str.format`, as yaql 1.1.3 calls it).
    #[test]
    fn python_str_format() {
        let s = |t: &str| V::str(t);
        assert_eq!(fmt("{0}", &[V::None]), "None");
        assert_eq!(fmt("{0}-{1}", &[V::Int(1), s("a")]), "1-a");
        assert_eq!(fmt("{0}", &[V::Tuple(Rc::new(vec![V::Int(1), s("a"), V::None]))]), "(1, 'a', None)");
        assert_eq!(fmt("{0!r}", &[s("a")]), "'a'");
        assert_eq!(fmt("{0:>5}", &[s("a")]), "    a");
        assert_eq!(fmt("{0:05d}", &[V::Int(3)]), "00003");
        assert_eq!(fmt("{}{}", &[V::Int(1), V::Int(2)]), "12");
        assert_eq!(fmt("{0}", &[V::Bool(true)]), "True");
        assert_eq!(fmt("{0}", &[V::Float(1.5)]), "1.5");
        assert_eq!(fmt("{", &[V::Int(1)]), "ValueError: Single '{' encountered in format string");
        assert_eq!(fmt("}", &[]), "ValueError: Single '}' encountered in format string");
        assert_eq!(fmt("{0", &[]), "ValueError: expected '}' before end of string");
        assert_eq!(fmt("{1}", &[V::Int(1)]), "IndexError: Replacement index 1 out of range for positional args tuple");
        assert_eq!(
            fmt("{0}{}", &[V::Int(1), V::Int(2)]),
            "ValueError: cannot switch from manual field specification to automatic field numbering"
        );
        assert_eq!(fmt("{x}", &[]), "KeyError: 'x'");
        assert_eq!(fmt("{0!z}", &[V::Int(1)]), "ValueError: Unknown conversion specifier z");
        assert_eq!(fmt("{0:d}", &[s("a")]), "ValueError: Unknown format code 'd' for object of type 'str'");
        assert_eq!(fmt("{0:x}", &[V::Int(255)]), "ff");
        assert_eq!(fmt("{0:#x}", &[V::Int(255)]), "0xff");
        assert_eq!(fmt("{0:,}", &[V::Int(1234567)]), "1,234,567");
        assert_eq!(fmt("{0:+5}", &[V::Int(3)]), "   +3");
        assert_eq!(fmt("{0:^7}", &[s("ab")]), "  ab   ");
        assert_eq!(fmt("{0:.2}", &[s("abc")]), "ab");
        assert_eq!(fmt("{0:.2f}", &[V::Float(1.234)]), "1.23");
        assert_eq!(fmt("{0:5}", &[V::Float(1.5)]), "  1.5");
        assert_eq!(fmt("{0:5}", &[V::None]), "TypeError: unsupported format string passed to NoneType.__format__");
        assert_eq!(fmt("{0[1]}", &[V::Tuple(Rc::new(vec![V::Int(5), V::Int(6)]))]), "6");
        assert_eq!(
            fmt("{0[2]}", &[V::Tuple(Rc::new(vec![V::Int(5), V::Int(6)]))]),
            "IndexError: tuple index out of range"
        );
        assert_eq!(fmt("{0!r:>6}", &[s("a")]), "   'a'");
        assert_eq!(fmt("{0:05}", &[V::Int(-3)]), "-0003");
        assert_eq!(fmt("{0:=+6}", &[V::Int(3)]), "+    3");
        assert_eq!(fmt("{0:c}", &[V::Int(65)]), "A");
        assert_eq!(fmt("{0:b}", &[V::Int(5)]), "101");
        assert_eq!(fmt("{0:%}", &[V::Float(0.5)]), "50.000000%");
        assert_eq!(fmt("{0:e}", &[V::Float(1234.5)]), "1.234500e+03");
        assert_eq!(fmt("{0:s}", &[V::Int(1)]), "ValueError: Unknown format code 's' for object of type 'int'");
        assert_eq!(fmt("{0:5}", &[V::Bool(true)]), "    1");
        assert_eq!(fmt("{0:x<4}", &[V::Int(7)]), "7xxx");
        assert_eq!(fmt("{0:.2}", &[V::Int(1)]), "ValueError: Precision not allowed in integer format specifier");
        assert_eq!(fmt("{:}", &[V::Int(1)]), "1");
        assert_eq!(fmt("{0!s:}", &[V::None]), "None");
        assert_eq!(fmt("{{x}}", &[]), "{x}");
    }
}
