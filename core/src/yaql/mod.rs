//! YAQL, the language of Heat's `yaql` intrinsic function, as Python yaql 3.2 runs it
//! with Heat's settings (`limitIterators` 200, `memoryQuota` 10000, no delegates).
//!
//! ```
//! use hotplate_core::api::{yaql, Value};
//! let v = yaql("$.data.select($ * 2)", &Value::list(vec![Value::Int(1), Value::Int(2)])).unwrap();
//! assert_eq!(v, Value::list(vec![Value::Int(2), Value::Int(4)]));
//! ```
//!
//! Errors carry the Python exception class name that real Heat would see
//! (`NoMatchingMethodException`, `KeyError`, `StopIteration`, ...) and `str()` of it.
//! Heat wraps parse errors as `Bad expression <message>.`.
//!
//! # How it is built
//!
//! * `lexer`/`parser`: the token rules and LALR grammar of yaql's PLY parser,
//!   as a precedence-climbing parser over an arena; the same first offending token is
//!   reported (checked against the real parser on ~80,000 random inputs).
//! * `eval`: yaql's `runner.call` — overloads by layer, `map_args` on unevaluated
//!   arguments (arity, keyword names, constant types), lazy-parameter agreement,
//!   evaluation of the eager arguments, `get_delegate` type checks on values,
//!   specialization between overloads, argument conversion (memory quota, the
//!   200-item iterable limit, lambdas), result memory check.
//! * `functions/*`: the standard library as a table of overloads mirroring yaql 3.2's
//!   Python definitions (names, function/method kind, parameter names, types, defaults).
//! * `value`: the Python objects yaql works on (tuples vs lists, frozen vs plain
//!   dicts, frozensets in CPython's iteration order for numbers, dict views, lazy
//!   single-pass iterators, regex/context objects) with Python `==`, hashing, `repr`
//!   and `sys.getsizeof`.
//!
//! # Where it differs from Python (by design)
//!
//! * Integers are 64-bit: a result Python would carry as a big integer is an
//!   `OverflowError` (or `MemoryQuotaExceededException` when Python's object would
//!   be over the quota as well).
//! * Evaluation stops with `TimeoutError` after a fixed number of steps (Python has no limit and would
//!   run forever on `sequence().len()`), with `RecursionError` where Python's
//!   recursion limit or the machine stack budget is reached, and regexes with
//!   `RegexBacktrackLimitExceeded` after a million backtracking steps.
//! * Set iteration order follows CPython for numbers and tuples of them; for strings
//!   Python's order depends on the per-process hash seed, here it is insertion order.
//! * `datetime(string)` accepts ISO 8601 forms only (yaql uses dateutil's fuzzy
//!   parser); `datetime(string, format)` is not supported.

mod context;
mod eval;
pub(crate) mod functions;
mod iter;
mod lexer;
mod parser;
pub(crate) mod regex;
mod types;
mod value;

use std::rc::Rc;

use crate::value::{Map, Value};

use self::context::Context;
use self::eval::{Engine, Limits, R};
use self::value::{HKey, V};
pub use crate::model::YaqlError;

/// A parsed yaql expression (cheap to clone).
#[derive(Clone, Debug)]
pub struct Expression {
    ast: Rc<parser::Ast>,
}

/// Heat's limits: `[yaql] limit_iterators` and `memory_quota`.
const HEAT_LIMITS: Limits = Limits { iterators: 200, memory: 10000 };

/// Parse an expression. `Err.message` is the yaql parser's message, e.g.
/// `Parse error: unexpected end of statement`; Heat reports `Bad expression <message>.`
///
/// Parsed expressions are kept by their text (a template's nested stacks
/// evaluate the same few expressions in every instance: an overcloud's
/// ~300 stacks parse each of them again and again otherwise); the cache is
/// emptied when it holds [`PARSED_SIZE`] expressions or [`PARSED_BYTES`] of
/// their text, so memory stays bounded whatever the input (a page's edits
/// of one long expression make a new text per keystroke).
pub fn parse(expression: &str) -> Result<Expression, YaqlError> {
    PARSED.with(|cache| {
        if let Some(hit) = cache.borrow().parsed.get(expression) {
            return hit.clone();
        }
        let parsed = parser::parse(expression).map(|ast| Expression { ast: Rc::new(ast) });
        if expression.len() <= PARSED_BYTES {
            let mut cache = cache.borrow_mut();
            if cache.parsed.len() >= PARSED_SIZE || cache.bytes + expression.len() > PARSED_BYTES {
                cache.parsed.clear();
                cache.bytes = 0;
            }
            cache.bytes += expression.len();
            cache.parsed.insert(expression.to_string(), parsed.clone());
        }
        parsed
    })
}

/// How many parsed expressions [`parse`] keeps.
const PARSED_SIZE: usize = 1024;
/// How many bytes of expression text [`parse`] keeps.
const PARSED_BYTES: usize = 1 << 20;

/// [`parse`]'s answers by expression text, and the bytes of those texts.
#[derive(Default)]
struct Parsed {
    parsed: std::collections::HashMap<String, Result<Expression, YaqlError>, foldhash::fast::FixedState>,
    bytes: usize,
}

std::thread_local! {
    static PARSED: std::cell::RefCell<Parsed> = std::cell::RefCell::new(Parsed::default());
}

/// Evaluate with Heat's context: `$` is `{"data": data}`. The result is converted as
/// yaql converts output (iterators and tuples become lists); sets become sorted lists,
/// as the oracle serialises them; non-data objects become their Python `str()`.
pub fn evaluate(expression: &Expression, data: &Value) -> Result<Value, YaqlError> {
    evaluate_inner(expression, data, false, HEAT_LIMITS, false)
}

/// [`evaluate`] with the cloud's `[yaql] limit_iterators` (negative: none)
/// and `memory_quota` (0 or negative: none), as the yaql of the release
/// (`yaql_before_3`: the functions yaql 3.0.0 removed exist).
pub fn evaluate_with_limits(
    expression: &Expression,
    data: &Value,
    limit_iterators: i64,
    memory_quota: i64,
    yaql_before_3: bool,
) -> Result<Value, YaqlError> {
    let limits = Limits {
        iterators: usize::try_from(limit_iterators).unwrap_or(usize::MAX),
        memory: usize::try_from(memory_quota).unwrap_or(0),
    };
    evaluate_inner(expression, data, false, limits, yaql_before_3)
}

/// Like [`evaluate`], but a set in the result becomes `{"$set": [...]}` (the vector
/// file's notation), so tests can tell sets from lists.
#[doc(hidden)]
pub fn evaluate_tagged(expression: &Expression, data: &Value) -> Result<Value, YaqlError> {
    evaluate_inner(expression, data, true, HEAT_LIMITS, false)
}

fn evaluate_inner(
    expression: &Expression,
    data: &Value,
    tag_sets: bool,
    limits: Limits,
    yaql_before_3: bool,
) -> Result<Value, YaqlError> {
    functions::math::reset_random();
    let eng = Engine::new(limits, yaql_before_3);
    let root = Context::root();
    let data_v = input(data, 0)?;
    let mut top = value::Dict::new();
    top.insert(HKey::new(V::str("data")), data_v);
    root.set("$", V::fdict(top));
    let v = eng.eval(&expression.ast, expression.ast.root, None, &root)?;
    if matches!(v, V::NoValue) {
        // `#finalize(obj)` does not accept the NO_VALUE marker
        return Err(YaqlError::new(
            "NoMatchingFunctionException",
            "No function \"#finalize\" matches supplied arguments",
        ));
    }
    eng.check_memory(&v)?;
    let o = convert_out(&eng, &v, 0)?;
    Ok(to_value(o, tag_sets))
}

/// `utils.convert_input_data`.
fn input(v: &Value, depth: usize) -> R<V> {
    if depth > value::MAX_VALUE_DEPTH {
        return Err(YaqlError::new("RecursionError", "maximum recursion depth exceeded while converting data"));
    }
    Ok(match v {
        Value::Null => V::None,
        Value::Bool(b) => V::Bool(*b),
        Value::Int(i) => V::Int(*i),
        Value::BigInt(b) => V::BigInt(b.clone()),
        Value::Float(f) => V::Float(*f),
        Value::Str(s) => V::Str(s.clone()),
        Value::List(items) => {
            let mut out = Vec::with_capacity(items.len());
            for x in items.iter() {
                out.push(input(x, depth + 1)?);
            }
            V::tuple(out)
        }
        Value::Map(m) => {
            let mut d = value::Dict::with_capacity(m.len());
            for (k, x) in m.iter() {
                let key = input(k, depth + 1)?;
                let val = input(x, depth + 1)?;
                d.insert(HKey::new(key), val);
            }
            V::fdict(d)
        }
    })
}

/// An intermediate output value: what `convert_output_data` builds, before sets are
/// turned into sorted lists.
enum Out {
    Scalar(Value),
    List(Vec<Out>),
    Dict(Vec<(Value, Out)>),
    Set(Vec<Value>),
}

fn unhashable(kind: &str) -> YaqlError {
    YaqlError::new("TypeError", format!("unhashable type: '{kind}'"))
}

fn convert_out(eng: &Engine, v: &V, depth: usize) -> R<Out> {
    if depth > value::MAX_VALUE_DEPTH {
        return Err(YaqlError::new("RecursionError", "maximum recursion depth exceeded"));
    }
    eng.tick()?;
    Ok(match v {
        V::None => Out::Scalar(Value::Null),
        V::Bool(b) => Out::Scalar(Value::Bool(*b)),
        V::Int(i) => Out::Scalar(Value::Int(*i)),
        V::BigInt(b) => Out::Scalar(Value::BigInt(b.clone())),
        V::Float(f) => Out::Scalar(Value::Float(*f)),
        V::Str(s) => Out::Scalar(Value::Str(s.clone())),
        V::FDict(d) | V::Dict(d) => {
            if d.len() > eng.limits.iterators {
                return Err(types::too_large(eng.limits.iterators));
            }
            let mut entries: Vec<(Value, Out)> = Vec::with_capacity(d.len());
            for (k, x) in d.iter() {
                let val = convert_out(eng, x, depth + 1)?;
                let key = match convert_out(eng, &k.0, depth + 1)? {
                    Out::Scalar(s) => s,
                    Out::List(_) => return Err(unhashable("list")),
                    Out::Dict(_) => return Err(unhashable("dict")),
                    Out::Set(_) => return Err(unhashable("set")),
                };
                if let Some(slot) = entries.iter_mut().find(|(k2, _)| k2.py_eq(&key)) {
                    slot.1 = val;
                } else {
                    entries.push((key, val));
                }
            }
            Out::Dict(entries)
        }
        V::FSet(_) | V::View(_, value::ViewKind::Keys | value::ViewKind::Items, _) => {
            let limited = types::limit_iterable(eng, v.clone())?;
            let items = iter::collect(eng, &limited)?;
            let mut out: Vec<Value> = Vec::with_capacity(items.len());
            for x in &items {
                match convert_out(eng, x, depth + 1)? {
                    Out::Scalar(s) => {
                        if !out.iter().any(|e| e.py_eq(&s)) {
                            out.push(s);
                        }
                    }
                    Out::List(_) => return Err(unhashable("list")),
                    Out::Dict(_) => return Err(unhashable("dict")),
                    Out::Set(_) => return Err(unhashable("set")),
                }
            }
            Out::Set(out)
        }
        V::Tuple(_) | V::List(_) | V::Iter(_) | V::Ordering(_) | V::View(..) => {
            let limited = types::limit_iterable(eng, v.clone())?;
            eng.check_memory(&limited)?;
            let mut out = Vec::new();
            eval::for_each(eng, &limited, |x| {
                out.push(convert_out(eng, &x, depth + 1)?);
                Ok(true)
            })?;
            Out::List(out)
        }
        other => Out::Scalar(Value::Str(Rc::from(value::py_str(other)))),
    })
}

fn to_value(o: Out, tag_sets: bool) -> Value {
    match o {
        Out::Scalar(v) => v,
        Out::List(items) => Value::list(items.into_iter().map(|x| to_value(x, tag_sets)).collect()),
        Out::Dict(entries) => {
            let mut m = Map::with_capacity(entries.len());
            for (k, v) in entries {
                let v = to_value(v, tag_sets);
                if m.insert(k.clone(), v.clone()).is_err() {
                    m.insert_str(&crate::pyfmt::py_str(&k), v);
                }
            }
            Value::map(m)
        }
        Out::Set(items) if tag_sets => {
            let mut m = Map::new();
            m.insert_str("$set", Value::list(items));
            Value::map(m)
        }
        Out::Set(mut items) => {
            let mut plain = items.clone();
            if crate::pyfmt::py_sort_by(&mut plain, |a, b| a.py_cmp(b)).is_ok() {
                Value::list(plain)
            } else {
                let style = crate::pyfmt::JsonStyle::SORTED;
                let mut keyed: Vec<(String, Value)> =
                    items.drain(..).map(|v| (crate::pyfmt::json_dumps(&v, style).unwrap_or_default(), v)).collect();
                crate::sort::sort_by(&mut keyed, |a, b| a.0.chars().cmp(b.0.chars()));
                Value::list(keyed.into_iter().map(|(_, v)| v).collect())
            }
        }
    }
}

/// Test helper: evaluate with `data` (JSON text) and render the result as JSON, or
/// the error as `Class: message`.
#[cfg(test)]
pub(crate) fn check(expr: &str, data: &str) -> String {
    let data = crate::value::json_to_value(&serde_json::from_str(data).unwrap_or(serde_json::Value::Null));
    match parse(expr).and_then(|e| evaluate(&e, &data)) {
        Ok(v) => crate::pyfmt::json_dumps(&v, crate::pyfmt::JsonStyle::PLAIN).unwrap_or_default(),
        Err(e) => e.to_string(),
    }
}

/// Test helper: each `(expression, data, expected)` through [`check`]; fails
/// listing every case that differs.
#[cfg(test)]
pub(crate) fn check_cases(cases: &[(&str, &str, &str)]) {
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|&(expr, data, want)| {
            let got = check(expr, data);
            (got != want).then(|| format!("{expr:?} with data {data}:\n  want {want}\n  got  {got}"))
        })
        .collect();
    assert!(failures.is_empty(), "{} of {} cases differ:\n{}", failures.len(), cases.len(), failures.join("\n"));
}

#[cfg(test)]
mod tests {
    use super::{check, check_cases};

    #[test]
    fn the_parse_cache_stays_bounded() {
        // Long distinct expressions (a page's keystrokes in one expression)
        // and many short ones: the cache empties itself, answers stay right.
        let long = "a".repeat(100_000);
        for i in 0..40 {
            let text = format!("'{long}' + {i}");
            assert!(super::parse(&text).is_ok());
        }
        for i in 0..3000 {
            assert!(super::parse(&format!("$.a + {i}")).is_ok());
        }
        super::PARSED.with(|c| {
            let c = c.borrow();
            assert!(c.parsed.len() <= super::PARSED_SIZE, "{} expressions kept", c.parsed.len());
            assert!(c.bytes <= super::PARSED_BYTES, "{} bytes kept", c.bytes);
        });
        assert!(super::parse("1 +").is_err());
        assert!(super::parse("1 +").is_err());
    }

    #[test]
    fn parse_errors_match_yaql() {
        check_cases(&[
            ("1 +", "null", "YaqlGrammarException: Parse error: unexpected end of statement"),
            (
                "f(a=>1, 2)",
                "null",
                "YaqlGrammarException: Parse error: unexpected ')' at position 9 of expression 'f(a=>1, 2)'",
            ),
            (
                "f(1,,,a=>1)",
                "null",
                "YaqlGrammarException: Parse error: unexpected '=>' at position 7 of expression 'f(1,,,a=>1)'",
            ),
            (
                "1 2.50",
                "null",
                "YaqlGrammarException: Parse error: unexpected '2.5' at position 2 of expression '1 2.50'",
            ),
            ("1e3", "null", "YaqlLexicalException: Lexical error: illegal character '1' at position 0"),
            ("not(true)", "null", "NoFunctionRegisteredException: Unknown function \"not\""),
        ]);
    }

    #[test]
    fn empty_argument_slots_are_novalue_markers() {
        check_cases(&[
            ("[,1]", "null", "[\"<NoValue>\", 1]"),
            (
                "'abc'.substring(,1)",
                "null",
                "NoMatchingMethodException: No method \"substring\" for receiver abc matches supplied arguments",
            ),
        ]);
    }

    #[test]
    fn limits() {
        assert!(check("range(201)", "null").starts_with("CollectionTooLargeException"));
        assert!(check("'a' * 20000", "null").starts_with("MemoryQuotaExceededException"));
        assert!(check("sequence().len()", "null").starts_with("TimeoutError"));
    }
}
