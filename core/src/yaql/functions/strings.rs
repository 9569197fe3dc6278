//! `yaql.standard_library.strings`, with Python `str` method semantics.

use std::rc::Rc;

use super::super::eval::{Call, Dft, FnDef, R};
use super::super::lexer::is_py_space;
use super::super::types::{ANY, BOOL, BOOL_N, INT, ITER, MAP, NUM_N, STR, STR_N};
use super::super::value::{py_str, str_size, V};
use super::table::{ext, func, method, p, pd, Overload};
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

/// The family's overloads, in yaql's registration order (resolution keeps it).
pub(crate) static OVERLOADS: &[Overload] = &[
    func("#operator_>", &[p("left", STR), p("right", STR)], str_gt),
    func("#operator_<", &[p("left", STR), p("right", STR)], str_lt),
    func("#operator_>=", &[p("left", STR), p("right", STR)], str_ge),
    func("#operator_<=", &[p("left", STR), p("right", STR)], str_le),
    func("concat", &[], concat).var(STR),
    func("#operator_+", &[], concat).var(STR),
    method("toUpper", &[p("string", STR)], to_upper),
    ext("len", &[p("string", STR)], str_len),
    method("toLower", &[p("string", STR)], to_lower),
    method("split", &[p("string", STR), pd("separator", STR_N, Dft::None), pd("max_splits", INT, Dft::Int(-1))], split),
    method(
        "rightSplit",
        &[p("string", STR), pd("separator", STR_N, Dft::None), pd("max_splits", INT, Dft::Int(-1))],
        right_split,
    ),
    method("join", &[p("sequence", ITER), p("separator", STR)], join_sequence),
    method("join", &[p("separator", STR), p("sequence", ITER)], join_with_separator),
    func("str", &[p("value", ANY)], str),
    method("trim", &[p("string", STR), pd("chars", STR_N, Dft::None)], trim),
    method("trimLeft", &[p("string", STR), pd("chars", STR_N, Dft::None)], trim_left),
    method("trimRight", &[p("string", STR), pd("chars", STR_N, Dft::None)], trim_right),
    ext("norm", &[p("string", STR_N), pd("chars", STR_N, Dft::None)], norm),
    ext(
        "isEmpty",
        &[p("string", STR_N), pd("trim_spaces", BOOL, Dft::Bool(true)).alias("trim"), pd("chars", STR_N, Dft::None)],
        is_empty,
    ),
    method("replace", &[p("string", STR), p("old", STR), p("new", STR), pd("count", INT, Dft::Int(-1))], replace),
    method("replace", &[p("string", STR), p("replacements", MAP), pd("count", INT, Dft::Int(-1))], replace_many),
    func("#operator_*", &[p("left", STR), p("right", INT)], str_times_int),
    func("#operator_in", &[p("left", STR), p("right", STR)], str_in),
    func("#operator_*", &[p("left", INT), p("right", STR)], int_times_str),
    method("substring", &[p("string", STR), p("start", INT), pd("length", INT, Dft::Int(-1))], substring),
    method("indexOf", &[p("string", STR), p("sub", STR), pd("start", INT, Dft::Int(0))], index_of),
    method("indexOf", &[p("string", STR), p("sub", STR), p("start", INT), p("length", INT)], index_of_in),
    method("lastIndexOf", &[p("string", STR), p("sub", STR), pd("start", INT, Dft::Int(0))], last_index_of),
    method("lastIndexOf", &[p("string", STR), p("sub", STR), p("start", INT), p("length", INT)], last_index_of_in),
    method("toCharArray", &[p("string", STR)], to_char_array),
    func(
        "characters",
        &[
            pd("digits", BOOL_N, Dft::Bool(false)),
            pd("hexdigits", BOOL_N, Dft::Bool(false)),
            pd("ascii_lowercase", BOOL_N, Dft::Bool(false)),
            pd("ascii_uppercase", BOOL_N, Dft::Bool(false)),
            pd("ascii_letters", BOOL_N, Dft::Bool(false)),
            pd("letters", BOOL_N, Dft::Bool(false)),
            pd("octdigits", BOOL_N, Dft::Bool(false)),
            pd("punctuation", BOOL_N, Dft::Bool(false)),
            pd("printable", BOOL_N, Dft::Bool(false)),
            pd("lowercase", BOOL_N, Dft::Bool(false)),
            pd("uppercase", BOOL_N, Dft::Bool(false)),
            pd("whitespace", BOOL_N, Dft::Bool(false)),
        ],
        characters,
    ),
    func("isString", &[p("arg", ANY)], is_string),
    method("startsWith", &[p("string", STR)], starts_with).var(STR),
    method("endsWith", &[p("string", STR)], ends_with).var(STR),
    func("hex", &[p("num", NUM_N)], hex),
];

pub(crate) fn register(defs: &mut Vec<FnDef>) {
    super::table::register(defs, OVERLOADS);
}

/// `left > right` on strings.
fn str_gt(c: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(c.s(0) > c.s(1)))
}

/// `left < right` on strings.
fn str_lt(c: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(c.s(0) < c.s(1)))
}

/// `left >= right` on strings.
fn str_ge(c: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(c.s(0) >= c.s(1)))
}

/// `left <= right` on strings.
fn str_le(c: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(c.s(0) <= c.s(1)))
}

/// `concat(str, …)` and `str + str`: the strings joined.
fn concat(c: &mut Call<'_>) -> R<V> {
    let mut out = String::new();
    for v in c.var_values() {
        if let V::Str(s) = v {
            out.push_str(&s);
        }
    }
    Ok(V::string(out))
}

/// `string.toUpper()`.
fn to_upper(c: &mut Call<'_>) -> R<V> {
    Ok(V::string(c.s(0).to_uppercase()))
}

/// `len(string)`: its length in characters.
fn str_len(c: &mut Call<'_>) -> R<V> {
    Ok(V::Int(i64::try_from(c.s(0).chars().count()).unwrap_or(0)))
}

/// `string.toLower()`.
fn to_lower(c: &mut Call<'_>) -> R<V> {
    Ok(V::string(c.s(0).to_lowercase()))
}

/// `string.split(separator, maxSplits)`: Python's `str.split`.
fn split(c: &mut Call<'_>) -> R<V> {
    Ok(V::List(Rc::new(py_split(&c.s(0), str_arg(c.v(1)), c.int(2))?)))
}

/// `string.rightSplit(separator, maxSplits)`: Python's `str.rsplit`.
fn right_split(c: &mut Call<'_>) -> R<V> {
    Ok(V::List(Rc::new(py_rsplit(&c.s(0), str_arg(c.v(1)), c.int(2))?)))
}

/// `sequence.join(separator)`: the items' strings joined.
fn join_sequence(c: &mut Call<'_>) -> R<V> {
    let seq = c.v(0).clone();
    let sep = c.s(1);
    join(c, &seq, &sep)
}

/// `separator.join(sequence)`: the items' strings joined.
fn join_with_separator(c: &mut Call<'_>) -> R<V> {
    let seq = c.v(1).clone();
    let sep = c.s(0);
    join(c, &seq, &sep)
}

/// `str(value)`: yaql's string of a value.
fn str(c: &mut Call<'_>) -> R<V> {
    Ok(V::string(yaql_str(c.v(0))))
}

/// `string.trim(chars)`: Python's `str.strip`.
fn trim(c: &mut Call<'_>) -> R<V> {
    Ok(V::string(py_strip(&c.s(0), str_arg(c.v(1)), true, true)))
}

/// `string.trimLeft(chars)`: Python's `str.lstrip`.
fn trim_left(c: &mut Call<'_>) -> R<V> {
    Ok(V::string(py_strip(&c.s(0), str_arg(c.v(1)), true, false)))
}

/// `string.trimRight(chars)`: Python's `str.rstrip`.
fn trim_right(c: &mut Call<'_>) -> R<V> {
    Ok(V::string(py_strip(&c.s(0), str_arg(c.v(1)), false, true)))
}

/// `norm(string, chars)`: the trimmed string, null when empty.
fn norm(c: &mut Call<'_>) -> R<V> {
    let V::Str(s) = c.v(0) else { return Ok(V::None) };
    let v = py_strip(s, str_arg(c.v(1)), true, true);
    Ok(if v.is_empty() { V::None } else { V::string(v) })
}

/// `isEmpty(string, trim, chars)`: whether the (trimmed) string is null or empty.
fn is_empty(c: &mut Call<'_>) -> R<V> {
    let V::Str(s) = c.v(0) else { return Ok(V::Bool(true)) };
    let s = if c.v(1).truthy() { py_strip(s, str_arg(c.v(2)), true, true) } else { s.to_string() };
    Ok(V::Bool(s.is_empty()))
}

/// `string.replace(old, new, count)`: Python's `str.replace`.
fn replace(c: &mut Call<'_>) -> R<V> {
    Ok(V::string(py_replace(&c.s(0), &c.s(1), &c.s(2), c.int(3))))
}

/// `string.replace(replacements, count)`: each key replaced by its value.
fn replace_many(c: &mut Call<'_>) -> R<V> {
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
}

/// `string * int`: the string repeated.
fn str_times_int(c: &mut Call<'_>) -> R<V> {
    let s = c.s(0);
    string_by_int(c, &s, c.int(1))
}

/// `left in right`: whether the string holds the substring.
fn str_in(c: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(c.s(1).contains(c.s(0).as_ref())))
}

/// `int * string`: the string repeated.
fn int_times_str(c: &mut Call<'_>) -> R<V> {
    let s = c.s(1);
    string_by_int(c, &s, c.int(0))
}

/// `string.substring(start, length)`: the characters from start (negative: from the end).
fn substring(c: &mut Call<'_>) -> R<V> {
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
}

/// `string.indexOf(sub, start)`: the first position of sub from start, or -1.
fn index_of(c: &mut Call<'_>) -> R<V> {
    find_args(c, false, false)
}

/// `string.indexOf(sub, start, length)`: the first position within the slice, or -1.
fn index_of_in(c: &mut Call<'_>) -> R<V> {
    find_args(c, false, true)
}

/// `string.lastIndexOf(sub, start)`: the last position of sub from start, or -1.
fn last_index_of(c: &mut Call<'_>) -> R<V> {
    find_args(c, true, false)
}

/// `string.lastIndexOf(sub, start, length)`: the last position within the slice, or -1.
fn last_index_of_in(c: &mut Call<'_>) -> R<V> {
    find_args(c, true, true)
}

/// `string.toCharArray()`: its characters.
fn to_char_array(c: &mut Call<'_>) -> R<V> {
    Ok(V::tuple(c.s(0).chars().map(|ch| V::string(ch.to_string())).collect()))
}

/// `characters(digits, …)`: the chosen classes of characters (Python's `string` constants).
fn characters(c: &mut Call<'_>) -> R<V> {
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
}

/// `isString(arg)`: whether the value is a string.
fn is_string(c: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(matches!(c.v(0), V::Str(_))))
}

/// `string.startsWith(prefix, …)`: whether it starts with one of the prefixes.
fn starts_with(c: &mut Call<'_>) -> R<V> {
    let s = c.s(0);
    Ok(V::Bool(c.var_values().iter().any(|p| str_arg(p).is_some_and(|p| s.starts_with(p)))))
}

/// `string.endsWith(suffix, …)`: whether it ends with one of the suffixes.
fn ends_with(c: &mut Call<'_>) -> R<V> {
    let s = c.s(0);
    Ok(V::Bool(c.var_values().iter().any(|p| str_arg(p).is_some_and(|p| s.ends_with(p)))))
}

/// `hex(num)`: Python's `hex`.
fn hex(c: &mut Call<'_>) -> R<V> {
    match c.v(0) {
        V::Int(i) => Ok(V::string(if *i < 0 { format!("-0x{:x}", i.unsigned_abs()) } else { format!("0x{i:x}") })),
        V::BigInt(b) => Ok(V::string(if b.sign() == num_bigint::Sign::Minus {
            format!("-0x{:x}", b.magnitude())
        } else {
            format!("0x{:x}", b.magnitude())
        })),
        other => Err(type_error(format!("'{}' object cannot be interpreted as an integer", other.type_name()))),
    }
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
