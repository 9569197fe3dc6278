//! `yaql.standard_library.strings`, with Python `str` method semantics.

use std::rc::Rc;

use super::super::eval::{Call, Dft, FnDef, R};
use super::super::lexer::is_py_space;
use super::super::types::{ANY, BOOL, BOOL_N, INT, ITER, MAP, NUM_N, STR, STR_N};
use super::super::value::{py_str, str_size, V};
use super::{dict_of, type_error, value_error};

/// yaql's `str()` (`null`, `true`, `false`, else Python `str`).
pub(crate) fn yaql_str(v: &V) -> String {
    match v {
        V::None => "null".into(),
        V::Bool(true) => "true".into(),
        V::Bool(false) => "false".into(),
        other => py_str(other),
    }
}

/// Python slice bounds for a sequence of `len` items.
pub(crate) fn slice_bounds(len: usize, start: Option<i64>, stop: Option<i64>) -> (usize, usize) {
    let n = i64::try_from(len).unwrap_or(i64::MAX);
    let fix = |x: i64| -> i64 {
        if x < 0 {
            (x + n).max(0)
        } else {
            x.min(n)
        }
    };
    let a = start.map_or(0, fix);
    let b = stop.map_or(n, fix);
    let a = usize::try_from(a).unwrap_or(0);
    let b = usize::try_from(b).unwrap_or(0);
    (a, b.max(a))
}

/// `str.find` / `str.rfind` on characters.
fn py_find(hay: &[char], needle: &[char], start: i64, end: Option<i64>, reverse: bool) -> i64 {
    let n = i64::try_from(hay.len()).unwrap_or(i64::MAX);
    let mut s = if start < 0 { (start + n).max(0) } else { start };
    let mut e = match end {
        None => n,
        Some(e) if e < 0 => (e + n).max(0),
        Some(e) => e.min(n),
    };
    if s > n {
        return -1;
    }
    s = s.min(n);
    e = e.max(0);
    let m = i64::try_from(needle.len()).unwrap_or(i64::MAX);
    if e - s < m {
        return -1;
    }
    let (su, eu) = (usize::try_from(s).unwrap_or(0), usize::try_from(e).unwrap_or(0));
    let window = |i: usize| hay.get(i..i + needle.len()).is_some_and(|w| w == needle);
    let last = eu - needle.len();
    if reverse {
        let mut i = last;
        loop {
            if window(i) {
                return i64::try_from(i).unwrap_or(-1);
            }
            if i == su {
                return -1;
            }
            i -= 1;
        }
    } else {
        (su..=last).find(|&i| window(i)).map_or(-1, |i| i64::try_from(i).unwrap_or(-1))
    }
}

/// `str.split(sep, maxsplit)`.
pub(crate) fn py_split(s: &str, sep: Option<&str>, maxsplit: i64) -> R<Vec<V>> {
    split_words(s, sep, maxsplit, false)
}

/// `str.rsplit(sep, maxsplit)`.
pub(crate) fn py_rsplit(s: &str, sep: Option<&str>, maxsplit: i64) -> R<Vec<V>> {
    split_words(s, sep, maxsplit, true)
}

/// Python's `str.split` (or, `from_end`, `str.rsplit`): at most `maxsplit`
/// cuts (all when negative), taken from the start (or the end).
fn split_words(s: &str, sep: Option<&str>, maxsplit: i64, from_end: bool) -> R<Vec<V>> {
    let mut out = Vec::new();
    let mut left = if maxsplit < 0 { usize::MAX } else { usize::try_from(maxsplit).unwrap_or(usize::MAX) };
    match sep {
        Some("") => return Err(value_error("empty separator")),
        Some(_) => {
            let mut rest = s;
            while left > 0 {
                let Some((word, tail)) = cut(rest, sep, from_end) else { break };
                out.push(V::str(word));
                rest = tail;
                left -= 1;
            }
            out.push(V::str(rest));
        }
        None => {
            // The unsplit remainder keeps its whitespace on the far side.
            let mut rest = if from_end { s.trim_end_matches(is_py_space) } else { s.trim_start_matches(is_py_space) };
            while !rest.is_empty() {
                if left == 0 {
                    out.push(V::str(rest));
                    break;
                }
                let (word, tail) = cut(rest, None, from_end).unwrap_or((rest, ""));
                out.push(V::str(word));
                rest = tail;
                left = left.saturating_sub(1);
            }
        }
    }
    if from_end {
        out.reverse();
    }
    Ok(out)
}

/// One cut of [`split_words`] at the working end: (the word cut off, the
/// rest). Without a separator, runs of whitespace separate and the rest loses
/// the run next to the cut.
fn cut<'a>(rest: &'a str, sep: Option<&str>, from_end: bool) -> Option<(&'a str, &'a str)> {
    match (sep, from_end) {
        (Some(sep), false) => rest.split_once(sep),
        (Some(sep), true) => rest.rsplit_once(sep).map(|(head, word)| (word, head)),
        (None, false) => rest.split_once(is_py_space).map(|(word, tail)| (word, tail.trim_start_matches(is_py_space))),
        (None, true) => rest.rsplit_once(is_py_space).map(|(head, word)| (word, head.trim_end_matches(is_py_space))),
    }
}

/// `str.strip(chars)` on the chosen sides.
pub(crate) fn py_strip(s: &str, chars: Option<&str>, left: bool, right: bool) -> String {
    let pred = |c: char| match chars {
        None => is_py_space(c),
        Some(set) => set.contains(c),
    };
    let mut r = s;
    if left {
        r = r.trim_start_matches(pred);
    }
    if right {
        r = r.trim_end_matches(pred);
    }
    r.to_string()
}

/// `str.replace(old, new, count)`.
pub(crate) fn py_replace(s: &str, old: &str, new: &str, count: i64) -> String {
    let mut left = if count < 0 { usize::MAX } else { usize::try_from(count).unwrap_or(usize::MAX) };
    if old.is_empty() {
        let mut out = String::new();
        for c in s.chars() {
            if left > 0 {
                out.push_str(new);
                left -= 1;
            }
            out.push(c);
        }
        if left > 0 {
            out.push_str(new);
        }
        return out;
    }
    let mut out = String::new();
    let mut rest = s;
    while left > 0 {
        match rest.split_once(old) {
            Some((head, tail)) => {
                out.push_str(head);
                out.push_str(new);
                rest = tail;
                left -= 1;
            }
            None => break,
        }
    }
    out.push_str(rest);
    out
}

fn str_arg(v: &V) -> Option<&str> {
    match v {
        V::Str(s) => Some(s),
        _ => None,
    }
}

fn string_by_int(c: &Call<'_>, s: &str, n: i64) -> R<V> {
    c.eng.check_memory_terms(&[(1i64.saturating_sub(n), 49), (n, str_size(s))])?;
    if n <= 0 || s.is_empty() {
        return Ok(V::str(""));
    }
    let chars = s.chars().count();
    let total = chars.saturating_mul(usize::try_from(n).unwrap_or(usize::MAX));
    // what sys.getsizeof of the result will be; refuse before allocating
    if total.saturating_add(49) > c.eng.limits.memory && c.eng.limits.memory > 0 {
        return Err(super::super::eval::memory_error());
    }
    Ok(V::string(s.repeat(usize::try_from(n).unwrap_or(0))))
}

fn find_args(c: &Call<'_>, reverse: bool, with_len: bool) -> R<V> {
    let hay: Vec<char> = c.s(0).chars().collect();
    let needle: Vec<char> = c.s(1).chars().collect();
    let mut start = c.int(2);
    let end = if with_len {
        let n = i64::try_from(hay.len()).unwrap_or(i64::MAX);
        if start < 0 {
            start += n;
        }
        let mut length = c.int(3);
        if length < 0 {
            length = n - start;
        }
        Some(start + length)
    } else {
        None
    };
    Ok(V::Int(py_find(&hay, &needle, start, end, reverse)))
}

pub(crate) fn register(defs: &mut Vec<FnDef>) {
    for (name, f) in [
        ("#operator_>", (|a, b| a > b) as fn(&str, &str) -> bool),
        ("#operator_<", |a, b| a < b),
        ("#operator_>=", |a, b| a >= b),
        ("#operator_<=", |a, b| a <= b),
    ] {
        let _ = f;
        let body: super::super::eval::Body = match name {
            "#operator_>" => |c| Ok(V::Bool(c.s(0) > c.s(1))),
            "#operator_<" => |c| Ok(V::Bool(c.s(0) < c.s(1))),
            "#operator_>=" => |c| Ok(V::Bool(c.s(0) >= c.s(1))),
            _ => |c| Ok(V::Bool(c.s(0) <= c.s(1))),
        };
        defs.push(FnDef::func(name).p("left", STR).p("right", STR).f(body));
    }
    let concat: super::super::eval::Body = |c| {
        let mut out = String::new();
        for v in c.var_values() {
            if let V::Str(s) = v {
                out.push_str(&s);
            }
        }
        Ok(V::string(out))
    };
    defs.push(FnDef::func("concat").var(STR).f(concat));
    defs.push(FnDef::func("#operator_+").var(STR).f(concat));
    defs.push(FnDef::method("toUpper").p("string", STR).f(|c| Ok(V::string(c.s(0).to_uppercase()))));
    defs.push(FnDef::ext("len").p("string", STR).f(|c| Ok(V::Int(i64::try_from(c.s(0).chars().count()).unwrap_or(0)))));
    defs.push(FnDef::method("toLower").p("string", STR).f(|c| Ok(V::string(c.s(0).to_lowercase()))));
    defs.push(
        FnDef::method("split")
            .p("string", STR)
            .pd("separator", STR_N, Dft::None)
            .pd("max_splits", INT, Dft::Int(-1))
            .f(|c| Ok(V::List(Rc::new(py_split(&c.s(0), str_arg(c.v(1)), c.int(2))?)))),
    );
    defs.push(
        FnDef::method("rightSplit")
            .p("string", STR)
            .pd("separator", STR_N, Dft::None)
            .pd("max_splits", INT, Dft::Int(-1))
            .f(|c| Ok(V::List(Rc::new(py_rsplit(&c.s(0), str_arg(c.v(1)), c.int(2))?)))),
    );
    defs.push(FnDef::method("join").p("sequence", ITER).p("separator", STR).f(|c| {
        let seq = c.v(0).clone();
        let sep = c.s(1);
        join(c, &seq, &sep)
    }));
    defs.push(FnDef::method("join").p("separator", STR).p("sequence", ITER).f(|c| {
        let seq = c.v(1).clone();
        let sep = c.s(0);
        join(c, &seq, &sep)
    }));
    defs.push(FnDef::func("str").p("value", ANY).f(|c| Ok(V::string(yaql_str(c.v(0))))));
    defs.push(
        FnDef::method("trim")
            .p("string", STR)
            .pd("chars", STR_N, Dft::None)
            .f(|c| Ok(V::string(py_strip(&c.s(0), str_arg(c.v(1)), true, true)))),
    );
    defs.push(
        FnDef::method("trimLeft")
            .p("string", STR)
            .pd("chars", STR_N, Dft::None)
            .f(|c| Ok(V::string(py_strip(&c.s(0), str_arg(c.v(1)), true, false)))),
    );
    defs.push(
        FnDef::method("trimRight")
            .p("string", STR)
            .pd("chars", STR_N, Dft::None)
            .f(|c| Ok(V::string(py_strip(&c.s(0), str_arg(c.v(1)), false, true)))),
    );
    defs.push(FnDef::ext("norm").p("string", STR_N).pd("chars", STR_N, Dft::None).f(|c| {
        let V::Str(s) = c.v(0) else { return Ok(V::None) };
        let v = py_strip(s, str_arg(c.v(1)), true, true);
        Ok(if v.is_empty() { V::None } else { V::string(v) })
    }));
    defs.push(
        FnDef::ext("isEmpty")
            .p("string", STR_N)
            .pd("trim_spaces", BOOL, Dft::Bool(true))
            .alias("trim")
            .pd("chars", STR_N, Dft::None)
            .f(|c| {
                let V::Str(s) = c.v(0) else { return Ok(V::Bool(true)) };
                let s = if c.v(1).truthy() { py_strip(s, str_arg(c.v(2)), true, true) } else { s.to_string() };
                Ok(V::Bool(s.is_empty()))
            }),
    );
    defs.push(
        FnDef::method("replace")
            .p("string", STR)
            .p("old", STR)
            .p("new", STR)
            .pd("count", INT, Dft::Int(-1))
            .f(|c| Ok(V::string(py_replace(&c.s(0), &c.s(1), &c.s(2), c.int(3))))),
    );
    defs.push(FnDef::method("replace").p("string", STR).p("replacements", MAP).pd("count", INT, Dft::Int(-1)).f(|c| {
        let mut s = c.s(0).to_string();
        let count = c.int(2);
        if let Some(d) = dict_of(c.v(1)).cloned() {
            for (k, v) in d.iter() {
                let ks = delegate_str(c, &k.0)?;
                let vs = delegate_str(c, v)?;
                s = py_replace(&s, &ks, &vs, count);
            }
        }
        Ok(V::string(s))
    }));
    defs.push(FnDef::func("#operator_*").p("left", STR).p("right", INT).f(|c| {
        let s = c.s(0);
        string_by_int(c, &s, c.int(1))
    }));
    defs.push(
        FnDef::func("#operator_in").p("left", STR).p("right", STR).f(|c| Ok(V::Bool(c.s(1).contains(c.s(0).as_ref())))),
    );
    defs.push(FnDef::func("#operator_*").p("left", INT).p("right", STR).f(|c| {
        let s = c.s(1);
        string_by_int(c, &s, c.int(0))
    }));
    defs.push(FnDef::method("substring").p("string", STR).p("start", INT).pd("length", INT, Dft::Int(-1)).f(|c| {
        let chars: Vec<char> = c.s(0).chars().collect();
        let n = i64::try_from(chars.len()).unwrap_or(i64::MAX);
        let mut length = c.int(2);
        let mut start = c.int(1);
        if length < 0 {
            length = n;
        }
        if start < 0 {
            start += n;
        }
        let (a, b) = slice_bounds(chars.len(), Some(start), Some(start.saturating_add(length)));
        Ok(V::string(chars.get(a..b).unwrap_or(&[]).iter().collect()))
    }));
    defs.push(
        FnDef::method("indexOf")
            .p("string", STR)
            .p("sub", STR)
            .pd("start", INT, Dft::Int(0))
            .f(|c| find_args(c, false, false)),
    );
    defs.push(
        FnDef::method("indexOf")
            .p("string", STR)
            .p("sub", STR)
            .p("start", INT)
            .p("length", INT)
            .f(|c| find_args(c, false, true)),
    );
    defs.push(
        FnDef::method("lastIndexOf")
            .p("string", STR)
            .p("sub", STR)
            .pd("start", INT, Dft::Int(0))
            .f(|c| find_args(c, true, false)),
    );
    defs.push(
        FnDef::method("lastIndexOf")
            .p("string", STR)
            .p("sub", STR)
            .p("start", INT)
            .p("length", INT)
            .f(|c| find_args(c, true, true)),
    );
    defs.push(
        FnDef::method("toCharArray")
            .p("string", STR)
            .f(|c| Ok(V::tuple(c.s(0).chars().map(|ch| V::string(ch.to_string())).collect()))),
    );
    defs.push(
        FnDef::func("characters")
            .pd("digits", BOOL_N, Dft::Bool(false))
            .pd("hexdigits", BOOL_N, Dft::Bool(false))
            .pd("ascii_lowercase", BOOL_N, Dft::Bool(false))
            .pd("ascii_uppercase", BOOL_N, Dft::Bool(false))
            .pd("ascii_letters", BOOL_N, Dft::Bool(false))
            .pd("letters", BOOL_N, Dft::Bool(false))
            .pd("octdigits", BOOL_N, Dft::Bool(false))
            .pd("punctuation", BOOL_N, Dft::Bool(false))
            .pd("printable", BOOL_N, Dft::Bool(false))
            .pd("lowercase", BOOL_N, Dft::Bool(false))
            .pd("uppercase", BOOL_N, Dft::Bool(false))
            .pd("whitespace", BOOL_N, Dft::Bool(false))
            .f(|c| {
                let lower = "abcdefghijklmnopqrstuvwxyz";
                let upper = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
                let punct = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~";
                let ws = " \t\n\r\u{b}\u{c}";
                let mut s = String::new();
                let parts: [(usize, Option<String>, &str); 12] = [
                    (0, Some("0123456789".into()), ""),
                    (1, Some("0123456789abcdefABCDEF".into()), ""),
                    (2, Some(lower.into()), ""),
                    (3, Some(upper.into()), ""),
                    (4, Some(format!("{lower}{upper}")), ""),
                    (5, None, "letters"),
                    (6, Some("01234567".into()), ""),
                    (7, Some(punct.into()), ""),
                    (8, Some(format!("0123456789{lower}{upper}{punct}{ws}")), ""),
                    (9, None, "lowercase"),
                    (10, None, "uppercase"),
                    (11, Some(ws.into()), ""),
                ];
                for (i, text, missing) in parts {
                    if c.v(i).truthy() {
                        match text {
                            Some(t) => s.push_str(&t),
                            None => {
                                return Err(super::super::YaqlError::new(
                                    "AttributeError",
                                    format!("module 'string' has no attribute '{missing}'"),
                                ))
                            }
                        }
                    }
                }
                let mut seen = indexmap::IndexSet::new();
                for ch in s.chars() {
                    seen.insert(ch);
                }
                Ok(V::tuple(seen.into_iter().map(|ch| V::string(ch.to_string())).collect()))
            }),
    );
    defs.push(FnDef::func("isString").p("arg", ANY).f(|c| Ok(V::Bool(matches!(c.v(0), V::Str(_))))));
    defs.push(FnDef::method("startsWith").p("string", STR).var(STR).f(|c| {
        let s = c.s(0);
        Ok(V::Bool(c.var_values().iter().any(|p| str_arg(p).is_some_and(|p| s.starts_with(p)))))
    }));
    defs.push(FnDef::method("endsWith").p("string", STR).var(STR).f(|c| {
        let s = c.s(0);
        Ok(V::Bool(c.var_values().iter().any(|p| str_arg(p).is_some_and(|p| s.ends_with(p)))))
    }));
    defs.push(FnDef::func("hex").p("num", NUM_N).f(|c| match c.v(0) {
        V::Int(i) => Ok(V::string(if *i < 0 { format!("-0x{:x}", i.unsigned_abs()) } else { format!("0x{i:x}") })),
        V::BigInt(b) => Ok(V::string(if b.sign() == num_bigint::Sign::Minus {
            format!("-0x{:x}", b.magnitude())
        } else {
            format!("0x{:x}", b.magnitude())
        })),
        other => Err(type_error(format!("'{}' object cannot be interpreted as an integer", other.type_name()))),
    }));
}

/// `str_delegate(x)`: yaql's `str` through the dispatcher.
fn delegate_str(c: &Call<'_>, v: &V) -> R<String> {
    match c.eng.call_values("str", &c.new_ctx(), vec![v.clone()])? {
        V::Str(s) => Ok(s.to_string()),
        other => Ok(py_str(&other)),
    }
}

fn join(c: &Call<'_>, seq: &V, sep: &str) -> R<V> {
    let mut parts: Vec<String> = Vec::new();
    let ctx = c.new_ctx();
    super::super::eval::for_each(c.eng, seq, |x| {
        match c.eng.call_values("str", &ctx, vec![x])? {
            V::Str(s) => parts.push(s.to_string()),
            other => {
                return Err(type_error(format!(
                    "sequence item {}: expected str instance, {} found",
                    parts.len(),
                    other.type_name()
                )))
            }
        }
        Ok(true)
    })?;
    Ok(V::string(parts.join(sep)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strs(v: R<Vec<V>>) -> Vec<String> {
        v.unwrap().iter().map(py_str).collect()
    }

    #[test]
    fn split_like_python() {
        assert_eq!(strs(py_split("  a b  c ", None, 1)), ["a", "b  c "]);
        assert_eq!(strs(py_split("a,b,,c", Some(","), -1)), ["a", "b", "", "c"]);
        assert_eq!(strs(py_split("", None, -1)), Vec::<String>::new());
        assert_eq!(strs(py_rsplit(" a b c", None, 1)), [" a b", "c"]);
        assert_eq!(strs(py_rsplit("a:b:c", Some(":"), 1)), ["a:b", "c"]);
    }

    #[test]
    fn replace_and_find() {
        assert_eq!(py_replace("abc", "", "-", -1), "-a-b-c-");
        assert_eq!(py_replace("abc", "", "-", 2), "-a-bc");
        assert_eq!(py_replace("aaa", "a", "b", 2), "bba");
        let h: Vec<char> = "abcabc".chars().collect();
        assert_eq!(py_find(&h, &['c'], 3, None, false), 5);
        assert_eq!(py_find(&h, &['a'], 0, None, true), 3);
        assert_eq!(py_find(&h, &[], 7, None, false), -1);
        assert_eq!(py_find(&h, &[], 6, None, false), 6);
    }

    #[test]
    fn strip_and_str() {
        assert_eq!(py_strip("xxpadxx", Some("x"), true, true), "pad");
        assert_eq!(py_strip("\u{2003} a \n", None, true, true), "a");
        assert_eq!(yaql_str(&V::tuple(vec![V::Int(1)])), "(1,)");
        assert_eq!(yaql_str(&V::Bool(true)), "true");
    }
}
