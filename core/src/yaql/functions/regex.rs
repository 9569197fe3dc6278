//! `yaql.standard_library.regex`.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use super::super::context::Context;
use super::super::eval::{Call, Dft, Engine, FnDef, Lambda, R};
use super::super::iter::genf;
use super::super::regex::{expand, parse_template, PyMatch, PyRegex, DOTALL, IGNORECASE, MULTILINE};
use super::super::types::{ANY, BOOL_N, INT, LAMBDA_CTX, REGEX, STR};
use super::super::value::{Dict, HKey, V};
use super::super::YaqlError;
use super::table::{func, method, p, pd, Overload};
use super::{type_error, value_error};

/// `re.compile` with a small cache (Python caches compiled patterns too).
pub(crate) fn compile(pattern: &str, flags: u32) -> R<Rc<PyRegex>> {
    thread_local! {
        static CACHE: RefCell<HashMap<(String, u32), Rc<PyRegex>>> = RefCell::new(HashMap::new());
    }
    if let Some(r) = CACHE.with(|c| c.borrow().get(&(pattern.to_string(), flags)).cloned()) {
        return Ok(r);
    }
    let r = Rc::new(PyRegex::compile(pattern, flags)?);
    CACHE.with(|c| {
        let mut c = c.borrow_mut();
        if c.len() > 256 {
            c.clear();
        }
        c.insert((pattern.to_string(), flags), r.clone());
    });
    Ok(r)
}

fn re_of(v: &V) -> Option<Rc<PyRegex>> {
    match v {
        V::Regex(r) => Some(r.clone()),
        _ => None,
    }
}

fn record(value: Option<String>, span: Option<(usize, usize)>) -> V {
    let mut d = Dict::new();
    d.insert(HKey::new(V::str("value")), value.map_or(V::None, V::string));
    let (s, e) = span.map_or((-1, -1), |(a, b)| (i64::try_from(a).unwrap_or(-1), i64::try_from(b).unwrap_or(-1)));
    d.insert(HKey::new(V::str("start")), V::Int(s));
    d.insert(HKey::new(V::str("end")), V::Int(e));
    V::Dict(Rc::new(d))
}

/// `_publish_match`: `$1` is the whole match, `$2`... the groups; named groups trip
/// the same unpacking error as yaql 3.2.
fn publish(ctx: &Rc<Context>, re: &PyRegex, m: &PyMatch) -> R<()> {
    ctx.set("$1", record(m.texts.first().cloned().flatten(), m.spans.first().copied().flatten()));
    for i in 1..m.texts.len() {
        ctx.set(&format!("${}", i + 1), record(m.texts.get(i).cloned().flatten(), m.spans.get(i).copied().flatten()));
    }
    for (_, g) in &re.names {
        // `for key, value in match.groupdict().values()` unpacks each group's text
        match m.texts.get(*g).cloned().flatten() {
            None => return Err(type_error("cannot unpack non-iterable NoneType object")),
            Some(t) => {
                let chars: Vec<char> = t.chars().collect();
                match chars.as_slice() {
                    [k, v] => {
                        let v = v.to_string();
                        let Some(gi) = re.group_index(&v) else {
                            return Err(YaqlError::new("IndexError", "no such group"));
                        };
                        ctx.set(&format!("${k}"), record(Some(v), m.spans.get(gi).copied().flatten()));
                    }
                    cs if cs.len() > 2 => return Err(value_error("too many values to unpack (expected 2)")),
                    cs => {
                        return Err(value_error(format!("not enough values to unpack (expected 2, got {})", cs.len())))
                    }
                }
            }
        }
    }
    Ok(())
}

fn search(eng: &Engine, re: &PyRegex, s: &str) -> R<Option<PyMatch>> {
    let _ = eng;
    re.search(s)
}

fn sub(eng: &Engine, re: &PyRegex, s: &str, count: i64, mut repl: impl FnMut(&PyMatch) -> R<String>) -> R<V> {
    let limit = usize::try_from(count.max(0)).unwrap_or(0);
    let chars: Vec<char> = s.chars().collect();
    let mut out = String::new();
    let mut last = 0usize;
    for m in re.find_all(s, limit)? {
        eng.tick()?;
        let (a, b) = m.spans.first().copied().flatten().unwrap_or((0, 0));
        out.extend(chars.get(last..a).unwrap_or(&[]).iter());
        out.push_str(&repl(&m)?);
        last = b;
    }
    out.extend(chars.get(last..).unwrap_or(&[]).iter());
    Ok(V::string(out))
}

fn replace_by(c: &Call<'_>, re: &PyRegex, s: &str, repl: Option<Lambda>, count: i64) -> R<V> {
    let Some(repl) = repl else { return Err(type_error("'NoneType' object is not callable")) };
    let ctx = c.new_ctx();
    let limit = usize::try_from(count.max(0)).unwrap_or(0);
    let chars: Vec<char> = s.chars().collect();
    // re.sub collects the pieces (non-empty literal segments and replacements) and
    // joins them at the end, so every replacement runs before a type error shows.
    let mut pieces: Vec<V> = Vec::new();
    let mut last = 0usize;
    for m in re.find_all(s, limit)? {
        c.eng.tick()?;
        let (a, b) = m.spans.first().copied().flatten().unwrap_or((0, 0));
        if last < a {
            pieces.push(V::string(chars.get(last..a).unwrap_or(&[]).iter().collect()));
        }
        let child = Context::child(&ctx);
        publish(&ctx, re, &m)?;
        pieces.push(repl.call_in(c.eng, &child)?);
        last = b;
    }
    if last < chars.len() {
        pieces.push(V::string(chars.get(last..).unwrap_or(&[]).iter().collect()));
    }
    let mut out = String::new();
    for (i, p) in pieces.iter().enumerate() {
        match p {
            V::Str(x) => out.push_str(x),
            other => {
                return Err(type_error(format!(
                    "sequence item {i}: expected str instance, {} found",
                    other.type_name()
                )))
            }
        }
    }
    Ok(V::string(out))
}

fn split_list(re: &PyRegex, s: &str, n: i64) -> R<V> {
    let parts = re.split(s, n)?;
    Ok(V::List(Rc::new(parts.into_iter().map(|p| p.map_or(V::None, V::string)).collect())))
}

/// The family's overloads, in yaql's registration order (resolution keeps it).
pub(crate) static OVERLOADS: &[Overload] = &[
    func(
        "regex",
        &[
            p("pattern", STR),
            pd("ignore_case", BOOL_N, Dft::Bool(false)),
            pd("multi_line", BOOL_N, Dft::Bool(false)),
            pd("dot_all", BOOL_N, Dft::Bool(false)),
        ],
        regex,
    ),
    method("matches", &[p("regexp", REGEX), p("string", STR)], matches),
    method("matches", &[p("string", STR), p("regexp", STR)], string_matches),
    func("#operator_=~", &[p("string", STR), p("pattern", STR)], str_matches_pattern),
    func("#operator_=~", &[p("string", STR), p("regexp", REGEX)], str_matches_regex),
    func("#operator_!~", &[p("string", STR), p("pattern", STR)], str_not_matches_pattern),
    func("#operator_!~", &[p("string", STR), p("regexp", REGEX)], str_not_matches_regex),
    method("search", &[p("regexp", REGEX), p("string", STR), pd("selector", LAMBDA_CTX, Dft::None)], search_first),
    method("searchAll", &[p("regexp", REGEX), p("string", STR), pd("selector", LAMBDA_CTX, Dft::None)], search_all),
    method("split", &[p("regexp", REGEX), p("string", STR), pd("max_split", INT, Dft::Int(0))], regex_split),
    method("split", &[p("string", STR), p("regexp", REGEX), pd("max_split", INT, Dft::Int(0))], string_split_by_regex),
    method(
        "replace",
        &[p("regexp", REGEX), p("string", STR), p("repl", STR), pd("count", INT, Dft::Int(0))],
        regex_replace,
    ),
    method(
        "replace",
        &[p("string", STR), p("regexp", REGEX), p("repl", STR), pd("count", INT, Dft::Int(0))],
        string_replace_by_regex,
    ),
    method(
        "replaceBy",
        &[p("regexp", REGEX), p("string", STR), p("repl", LAMBDA_CTX), pd("count", INT, Dft::Int(0))],
        regex_replace_by,
    ),
    method(
        "replaceBy",
        &[p("string", STR), p("regexp", REGEX), p("repl", LAMBDA_CTX), pd("count", INT, Dft::Int(0))],
        string_replace_by,
    ),
    func("escapeRegex", &[p("string", STR)], escape_regex),
    func("isRegex", &[p("value", ANY)], is_regex),
];

pub(crate) fn register(defs: &mut Vec<FnDef>) {
    super::table::register(defs, OVERLOADS);
}

/// `regex(pattern, ignoreCase, multiLine, dotAll)`: a compiled regular expression.
fn regex(c: &mut Call<'_>) -> R<V> {
    let mut flags = 0;
    if c.v(1).truthy() {
        flags |= IGNORECASE;
    }
    if c.v(2).truthy() {
        flags |= MULTILINE;
    }
    if c.v(3).truthy() {
        flags |= DOTALL;
    }
    Ok(V::Regex(compile(&c.s(0), flags)?))
}

/// `regexp.matches(string)`: whether the regex finds a match in the string.
fn matches(c: &mut Call<'_>) -> R<V> {
    let re = re_of(c.v(0)).ok_or_else(|| type_error("expected a pattern"))?;
    Ok(V::Bool(search(c.eng, &re, &c.s(1))?.is_some()))
}

/// `string.matches(regexp)`: whether the pattern finds a match.
fn string_matches(c: &mut Call<'_>) -> R<V> {
    let re = compile(&c.s(1), 0)?;
    Ok(V::Bool(search(c.eng, &re, &c.s(0))?.is_some()))
}

/// `string =~ pattern`: whether the pattern finds a match.
fn str_matches_pattern(c: &mut Call<'_>) -> R<V> {
    let re = compile(&c.s(1), 0)?;
    Ok(V::Bool(search(c.eng, &re, &c.s(0))?.is_some()))
}

/// `string =~ regex`: whether the regex finds a match.
fn str_matches_regex(c: &mut Call<'_>) -> R<V> {
    let re = re_of(c.v(1)).ok_or_else(|| type_error("expected a pattern"))?;
    Ok(V::Bool(search(c.eng, &re, &c.s(0))?.is_some()))
}

/// `string !~ pattern`: whether the pattern finds no match.
fn str_not_matches_pattern(c: &mut Call<'_>) -> R<V> {
    let re = compile(&c.s(1), 0)?;
    Ok(V::Bool(search(c.eng, &re, &c.s(0))?.is_none()))
}

/// `string !~ regex`: whether the regex finds no match.
fn str_not_matches_regex(c: &mut Call<'_>) -> R<V> {
    let re = re_of(c.v(1)).ok_or_else(|| type_error("expected a pattern"))?;
    Ok(V::Bool(search(c.eng, &re, &c.s(0))?.is_none()))
}

/// `regexp.search(string, selector)`: the first match's text (or the selector's value over its groups), else null.
fn search_first(c: &mut Call<'_>) -> R<V> {
    let re = re_of(c.v(0)).ok_or_else(|| type_error("expected a pattern"))?;
    let s = c.s(1);
    let Some(m) = search(c.eng, &re, &s)? else { return Ok(V::None) };
    match c.lam(2) {
        None => Ok(m.texts.first().cloned().flatten().map_or(V::None, V::string)),
        Some(sel) => {
            let ctx = c.new_ctx();
            publish(&ctx, &re, &m)?;
            sel.call_in(c.eng, &ctx)
        }
    }
}

/// `regexp.searchAll(string, selector)`: every match's text or selected value.
fn search_all(c: &mut Call<'_>) -> R<V> {
    let re = re_of(c.v(0)).ok_or_else(|| type_error("expected a pattern"))?;
    let s = c.s(1);
    let matches = re.find_all(&s, 0)?;
    let sel = c.lam(2);
    let ctx = c.new_ctx();
    let mut it = matches.into_iter();
    Ok(genf("search_all", move |eng| {
        let Some(m) = it.next() else { return Ok(None) };
        match &sel {
            None => Ok(Some(m.texts.first().cloned().flatten().map_or(V::None, V::string))),
            Some(l) => {
                let child = Context::child(&ctx);
                publish(&child, &re, &m)?;
                Ok(Some(l.call_in(eng, &child)?))
            }
        }
    }))
}

/// `regexp.split(string, maxSplit)`: Python's `re.split`.
fn regex_split(c: &mut Call<'_>) -> R<V> {
    let re = re_of(c.v(0)).ok_or_else(|| type_error("expected a pattern"))?;
    split_list(&re, &c.s(1), c.int(2))
}

/// `string.split(regexp, maxSplit)`: Python's `re.split`.
fn string_split_by_regex(c: &mut Call<'_>) -> R<V> {
    let re = re_of(c.v(1)).ok_or_else(|| type_error("expected a pattern"))?;
    split_list(&re, &c.s(0), c.int(2))
}

/// `regexp.replace(string, repl, count)`: Python's `re.sub` with a template.
fn regex_replace(c: &mut Call<'_>) -> R<V> {
    let re = re_of(c.v(0)).ok_or_else(|| type_error("expected a pattern"))?;
    let tpl = parse_template(&c.s(2), &re)?;
    sub(c.eng, &re, &c.s(1), c.int(3), |m| Ok(expand(&tpl, m)))
}

/// `string.replace(regexp, repl, count)`: Python's `re.sub` with a template.
fn string_replace_by_regex(c: &mut Call<'_>) -> R<V> {
    let re = re_of(c.v(1)).ok_or_else(|| type_error("expected a pattern"))?;
    let tpl = parse_template(&c.s(2), &re)?;
    sub(c.eng, &re, &c.s(0), c.int(3), |m| Ok(expand(&tpl, m)))
}

/// `regexp.replaceBy(string, repl, count)`: each match replaced by the lambda's value.
fn regex_replace_by(c: &mut Call<'_>) -> R<V> {
    let re = re_of(c.v(0)).ok_or_else(|| type_error("expected a pattern"))?;
    let s = c.s(1);
    replace_by(c, &re, &s, c.lam(2), c.int(3))
}

/// `string.replaceBy(regexp, repl, count)`: each match replaced by the lambda's value.
fn string_replace_by(c: &mut Call<'_>) -> R<V> {
    let re = re_of(c.v(1)).ok_or_else(|| type_error("expected a pattern"))?;
    let s = c.s(0);
    replace_by(c, &re, &s, c.lam(2), c.int(3))
}

/// `escapeRegex(string)`: Python's `re.escape`.
fn escape_regex(c: &mut Call<'_>) -> R<V> {
    Ok(V::string(super::super::regex::escape(&c.s(0))))
}

/// `isRegex(value)`: whether the value is a compiled regex.
fn is_regex(c: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(matches!(c.v(0), V::Regex(_))))
}

#[cfg(test)]
mod tests {
    use crate::yaql::check_cases;

    #[test]
    fn python_re_semantics() {
        check_cases(&[
            (
                "regex('(?:https?://)?(.*?)/(.*)').split('quay.io/ceph/daemon')",
                "null",
                "[\"\", \"quay.io\", \"ceph/daemon\", \"\"]",
            ),
            ("regex('x*').replace('abxd', '-')", "null", "\"-a-b--d-\""),
            ("regex('([a-z])([A-Z])').replace('fooBar', '\\\\1_\\\\2')", "null", "\"foo_Bar\""),
            ("'a\\n' =~ 'a$'", "null", "true"),
            ("regex('(').matches('x')", "null", "error: missing ), unterminated subpattern at position 0"),
            ("regex('[').matches('x')", "null", "error: unterminated character set at position 0"),
            ("regex('a{,2}b').search('xaab')", "null", "\"aab\""),
            (
                "regex('(?P<word>[a-z]+)').search('12abc', $1.value)",
                "null",
                "ValueError: too many values to unpack (expected 2)",
            ),
        ]);
    }
}
