//! `get_param: name` or `get_param: [name, path...]` — a parameter's value.
//!
//! ```yaml
//! value: {get_param: [servers, 0, name]}
//! ```
//! Any failure while walking the path gives `''` (Heat's quirk), not an error.

use super::{no_check, Doc, FnSpec, Refers};
use crate::eval::{resolve as resolve_expr, Call, EvalError};
use crate::stack::{py_index, Stack};
use crate::symbolic::{Part, Rule, Sym};
use crate::value::Value;

/// `GetParam`.
pub static GET_PARAM: FnSpec = FnSpec {
    symbolic: Rule::Input,
    refers: Refers::Parameter,
    ..FnSpec::function(
        "GetParam",
        no_check,
        resolve,
        Doc {
            args: "name or [name, key/index, ...]",
            summary: "The value of a template parameter (and a path into it).",
            example: "{get_param: flavor}",
        },
    )
};

/// Resolve `get_param`.
fn resolve(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    let name = &*call.name;
    let args = resolve_expr(stack, &call.args)?;
    if !args.truthy() {
        return Err(EvalError::value(format!("Function \"{name}\" must have arguments")));
    }
    let (param, path): (&Value, &[Value]) = match &args {
        Value::Str(_) => (&args, &[]),
        Value::List(items) => match items.split_first() {
            Some((first, rest)) => (first, rest),
            None => return Err(EvalError::value(format!("Function \"{name}\" must have arguments"))),
        },
        _ => return Err(EvalError::type_error(format!("Argument to \"{name}\" must be string or list"))),
    };
    let Some(param_name) = param.as_str() else {
        return Err(EvalError::type_error(format!("Parameter name in \"{name}\" must be string")));
    };
    let value = match stack.param(param_name) {
        // The parent gives a map or list whose deploy-time parts only are
        // unknown: a path through the known parts answers.
        Err(e) if e.is_unknown() && !path.is_empty() => match stack.known_parts.get(param_name) {
            Some(sym) => return known_part(sym, path),
            None => return Err(e),
        },
        other => other?,
    };
    Ok(walk(&value, path).unwrap_or_else(|| Value::from("")))
}

/// The path walk over a json parameter the parent gives a map or list with
/// deploy-time parts ([`Stack::known_parts`]), as Heat walks the value once
/// it exists: through known parts it is [`walk`] (a key a known map lacks is
/// `''`, whatever the deploy-time parts are); a path that reaches a
/// deploy-time part, or a key that a deploy-time map merged in after it
/// could give, is unknown with the values it waits for.
fn known_part(sym: &Sym, path: &[Value]) -> Result<Value, EvalError> {
    let unknown = |part: &Sym| {
        let mut labels = Vec::new();
        crate::symbolic::hole_labels(part, &mut labels);
        EvalError::unknown(&labels)
    };
    let mut at = sym;
    for (i, key) in path.iter().enumerate() {
        if !matches!(key, Value::Str(_) | Value::Int(_) | Value::BigInt(_) | Value::Bool(_)) {
            return Ok(Value::from(""));
        }
        at = match at {
            Sym::Value(v) => {
                let rest = path.get(i..).unwrap_or_default();
                return Ok(walk(v, rest).unwrap_or_else(|| Value::from("")));
            }
            Sym::Map(parts) => {
                // The last entry with the key wins; a spread after it may
                // replace it (a spread anywhere may hold a key not listed).
                let mut found = None;
                for part in parts {
                    match part {
                        Part::One((k, v)) if k == key => found = Some(Ok(v)),
                        Part::One(_) => {}
                        Part::Spread(h) => found = Some(Err(h)),
                    }
                }
                match found {
                    Some(Ok(v)) => v,
                    Some(Err(spread)) => return Err(EvalError::unknown(std::slice::from_ref(&spread.label))),
                    None => return Ok(Value::from("")),
                }
            }
            Sym::List(parts) => {
                let all_known = parts.iter().all(|p| matches!(p, Part::One(_)));
                let index = match key {
                    Value::Str(s) => crate::pyconv::py_int(s),
                    other => other.as_int(),
                };
                let Some(index) = index else { return Ok(Value::from("")) };
                let item = if all_known {
                    match py_index(parts.len(), index).and_then(|n| parts.get(n)) {
                        Some(item) => item,
                        None => return Ok(Value::from("")),
                    }
                } else {
                    // Items before a spread only: their place is known.
                    let before = parts.iter().take_while(|p| matches!(p, Part::One(_))).count();
                    match usize::try_from(index).ok().filter(|n| *n < before).and_then(|n| parts.get(n)) {
                        Some(item) => item,
                        None => return Err(unknown(at)),
                    }
                };
                match item {
                    Part::One(v) => v,
                    Part::Spread(_) => return Err(unknown(at)),
                }
            }
            Sym::Hole(_) | Sym::Text(_) => return Err(unknown(at)),
        };
    }
    match at {
        Sym::Value(v) => Ok(v.clone()),
        other => Err(unknown(other)),
    }
}

/// The path walk: maps by exact key, sequences (strings too) by int or numeric string.
fn walk(value: &Value, path: &[Value]) -> Option<Value> {
    let mut current = value.clone();
    for key in path {
        if !matches!(key, Value::Str(_) | Value::Int(_) | Value::BigInt(_) | Value::Bool(_)) {
            return None;
        }
        current = match &current {
            Value::Map(m) => m.get(key)?.clone(),
            Value::List(items) => items.get(seq_index(items.len(), key)?)?.clone(),
            Value::Str(s) => {
                let chars: Vec<char> = s.chars().collect();
                Value::from(chars.get(seq_index(chars.len(), key)?)?.to_string())
            }
            _ => return None,
        };
    }
    Some(current)
}

fn seq_index(len: usize, key: &Value) -> Option<usize> {
    let i = match key {
        Value::Str(s) => crate::pyconv::py_int(s)?,
        other => other.as_int()?,
    };
    py_index(len, i)
}

#[cfg(test)]
mod tests {
    use crate::testing::{eval_output, eval_output_err};

    #[test]
    fn paths_walk_maps_lists_and_strings() {
        let t = "parameters:\n  p: {type: json, default: {a: [x, {b: 2}]}}\n  s: {type: string, default: hello}\n";
        assert_eq!(eval_output(t, "{get_param: [p, a, '1', b]}"), "2");
        assert_eq!(eval_output(t, "{get_param: [p, a, -2]}"), "\"x\"");
        assert_eq!(eval_output(t, "{get_param: [p, nope]}"), "\"\"");
        assert_eq!(eval_output(t, "{get_param: [s, 0]}"), "\"h\"");
        assert_eq!(eval_output(t, "{get_param: [p, [1]]}"), "\"\"");
    }

    #[test]
    fn known_parts_answer_and_deploy_time_parts_wait() {
        use super::known_part;
        use crate::symbolic::{Hole, Part, Sym};
        use crate::value::Value;
        let hole = |l: &str| Hole { label: l.to_string(), exact: true };
        let known = |v: &str| Sym::Value(Value::from(v));
        let key = |k: &str| Value::from(k);
        let answer = |sym: &Sym, path: &[Value]| match known_part(sym, path) {
            Ok(v) => crate::pyfmt::py_str(&v),
            Err(e) => format!("unknown {}", e.unknown_labels().join(",")),
        };
        // {a: x, b: <attr>} merged with a deploy-time map, then {c: y}.
        let map = Sym::Map(vec![
            Part::One((key("a"), known("x"))),
            Part::One((key("b"), Sym::Hole(hole("get_attr n b")))),
            Part::Spread(hole("get_attr n m")),
            Part::One((key("c"), known("y"))),
        ]);
        assert_eq!(answer(&map, &[key("c")]), "y");
        assert_eq!(answer(&map, &[key("b")]), "unknown get_attr n m");
        assert_eq!(answer(&map, &[key("zzz")]), "unknown get_attr n m");
        let plain = Sym::Map(vec![Part::One((key("a"), known("x"))), Part::One((key("b"), Sym::Hole(hole("h"))))]);
        assert_eq!(answer(&plain, &[key("a"), Value::Int(0)]), "x");
        assert_eq!(answer(&plain, &[key("b"), key("deeper")]), "unknown h");
        assert_eq!(answer(&plain, &[key("missing")]), "");
        assert_eq!(answer(&plain, &[]), "unknown h");
        // [x, <attr>, ...<list>]: places before the spread are known.
        let list = Sym::List(vec![Part::One(known("x")), Part::One(Sym::Hole(hole("h"))), Part::Spread(hole("s"))]);
        assert_eq!(answer(&list, &[Value::Int(0)]), "x");
        assert_eq!(answer(&list, &[key("1")]), "unknown h");
        assert_eq!(answer(&list, &[Value::Int(5)]), "unknown h,s");
        assert_eq!(answer(&list, &[Value::Int(-1)]), "unknown h,s");
        let all = Sym::List(vec![Part::One(known("x")), Part::One(Sym::Hole(hole("h")))]);
        assert_eq!(answer(&all, &[Value::Int(-2)]), "x");
        assert_eq!(answer(&all, &[Value::Int(2)]), "");
    }

    #[test]
    fn errors_use_heat_wording() {
        let t = "parameters: {}\n";
        assert_eq!(eval_output_err(t, "{get_param: nope}"), "The Parameter (nope) was not provided.");
        assert_eq!(eval_output_err(t, "{get_param: [1]}"), "Parameter name in \"get_param\" must be string");
        assert_eq!(eval_output_err(t, "{get_param: {a: 1}}"), "Argument to \"get_param\" must be string or list");
        assert_eq!(eval_output_err(t, "{get_param: 'OS::region'}"), "The Parameter (OS::region) was not provided.");
    }
}
