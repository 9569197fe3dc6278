//! `repeat` — one copy of a template per combination of list items.
//!
//! ```yaml
//! ports: {repeat: {for_each: {<%p%>: [80, 443]}, template: {port: <%p%>}}}
//! ```
//! Placeholders are replaced in `for_each` order with Python's `str.replace`,
//! in keys and values alike; `permutations: false` zips instead of multiplying.

use super::{resolve_or_null, Doc, FnSpec};
use crate::eval::{Call, EvalError, Expr};
use crate::stack::Stack;
use crate::value::{Map, Value};

/// What editors say about `repeat`.
const DOC: Doc = Doc {
    args: "{template: ..., for_each: {var: list}, permutations?: bool}",
    summary: "Repeats a template for each value (of each combination) of the lists.",
    example: "{repeat: {template: port_%p%, for_each: {'%p%': [80, 443]}}}",
};

/// `Repeat` (lists only).
pub static REPEAT: FnSpec = FnSpec {
    validate,
    ..FnSpec::function("Repeat", |_, args| check(args, false), |stack, call| resolve(stack, call, Variant::Lists), DOC)
};

/// `RepeatWithMap` (map values iterate their keys).
pub static REPEAT_WITH_MAP: FnSpec = FnSpec {
    validate,
    ..FnSpec::function(
        "RepeatWithMap",
        |_, args| check(args, false),
        |stack, call| resolve(stack, call, Variant::Maps),
        DOC,
    )
};

/// `RepeatWithNestedLoop` (`permutations`).
pub static REPEAT_WITH_NESTED_LOOP: FnSpec = FnSpec {
    validate,
    ..FnSpec::function(
        "RepeatWithNestedLoop",
        |_, args| check(args, true),
        |stack, call| resolve(stack, call, Variant::Permutations),
        DOC,
    )
};

/// Largest number of copies one `repeat` may produce.
pub const MAX_COPIES: u64 = 100_000;

/// Which generation of Heat's `Repeat` class.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Variant {
    /// `Repeat`: values must be lists.
    Lists,
    /// `RepeatWithMap`: maps iterate their keys.
    Maps,
    /// `RepeatWithNestedLoop`: `permutations` option.
    Permutations,
}

/// Constructor.
fn check(args: &Expr, permutations_key: bool) -> Result<(), EvalError> {
    let Expr::Map(..) = args else {
        return Err(EvalError::type_error("Arguments to \"repeat\" must be a map"));
    };
    if args.get("for_each").is_none() || args.get("template").is_none() {
        return Err(EvalError::key(
            "\"repeat\" syntax should be repeat:\n              template: This is %var%\n              for_each:\n                %var%: ['a', 'b', 'c']",
        ));
    }
    if permutations_key {
        if let Some(p) = args.get("permutations") {
            if !matches!(p, Expr::Scalar(Value::Bool(_))) {
                return Err(EvalError::type_error("\"permutations\" should be boolean type for repeat function."));
            }
        }
    }
    Ok(())
}

/// Validation: a literal `for_each` must be a map.
fn validate(_stack: &Stack, call: &Call) -> Result<(), EvalError> {
    let name = &call.name;
    match call.args.get("for_each") {
        Some(Expr::Map(..) | Expr::Call(_)) | None => Ok(()),
        Some(_) => Err(EvalError::type_error(format!("The \"for_each\" argument to \"{name}\" must contain a map"))),
    }
}

fn nested_loop(args: &Expr, variant: Variant) -> bool {
    variant != Variant::Permutations || !matches!(args.get("permutations"), Some(Expr::Scalar(Value::Bool(false))))
}

/// Resolve the function.
fn resolve(stack: &Stack, call: &Call, variant: Variant) -> Result<Value, EvalError> {
    let (name, args) = (&*call.name, &call.args);
    let for_each = resolve_or_null(stack, args.get("for_each"))?;
    let Value::Map(for_each) = for_each else {
        return Err(EvalError::other(
            "AttributeError",
            format!("'{}' object has no attribute 'items'", for_each.type_name()),
        ));
    };
    if for_each.is_empty() {
        return Err(EvalError::value("not enough values to unpack (expected 2, got 0)"));
    }
    let nested = nested_loop(args, variant);
    let maps_ok = variant == Variant::Maps || (variant == Variant::Permutations && nested);
    let mut keys = Vec::with_capacity(for_each.len());
    let mut lists: Vec<Vec<Value>> = Vec::with_capacity(for_each.len());
    let mut lens = Vec::new();
    for (k, v) in for_each.iter() {
        keys.push(k.clone());
        let items: Vec<Value> = match v {
            Value::Null => Vec::new(),
            Value::List(l) => {
                lens.push(l.len());
                l.to_vec()
            }
            Value::Map(m) if maps_ok => {
                lens.push(m.len());
                m.keys().cloned().collect()
            }
            _ => {
                let what = if maps_ok { "lists or maps" } else { "lists" };
                return Err(EvalError::type_error(format!(
                    "The values of the \"for_each\" argument to \"{name}\" must be {what}"
                )));
            }
        };
        lists.push(items);
    }
    if !nested && !lens.is_empty() && lens.iter().any(|l| Some(l) != lens.first()) {
        return Err(EvalError::value(format!(
            "For {name}, the length of for_each values should be equal if no nested loop."
        )));
    }
    let template = resolve_or_null(stack, args.get("template"))?;
    let combos: Vec<Vec<Value>> = if nested { product(stack, &lists)? } else { zip(&lists) };
    let mut out = Vec::with_capacity(combos.len());
    for combo in &combos {
        out.push(substitute(stack, &keys, combo, &template)?);
    }
    Ok(Value::list(out))
}

fn product(stack: &Stack, lists: &[Vec<Value>]) -> Result<Vec<Vec<Value>>, EvalError> {
    let mut total: u64 = 1;
    for l in lists {
        total = total.saturating_mul(l.len() as u64);
    }
    if total > MAX_COPIES {
        return Err(EvalError::other(
            "LimitExceeded",
            format!(
                "repeat would produce {total} copies: over hotplate's limit of {MAX_COPIES} \
                 (Heat has none and would build them all)"
            ),
        )
        .with_code("repeat-too-large"));
    }
    stack.spend(total)?;
    let mut combos: Vec<Vec<Value>> = vec![Vec::new()];
    for l in lists {
        let mut next = Vec::with_capacity(combos.len() * l.len());
        for c in &combos {
            for item in l {
                let mut c2 = c.clone();
                c2.push(item.clone());
                next.push(c2);
            }
        }
        combos = next;
    }
    Ok(combos)
}

fn zip(lists: &[Vec<Value>]) -> Vec<Vec<Value>> {
    let n = lists.iter().map(Vec::len).min().unwrap_or(0);
    (0..n).map(|i| lists.iter().filter_map(|l| l.get(i).cloned()).collect()).collect()
}

/// How CPython's argument parsing names a wrong argument's type
/// (`_PyArg_BadArgument`): `None` itself, else the type's name.
fn bad_argument_type(v: &Value) -> &'static str {
    if v.is_null() {
        "None"
    } else {
        v.type_name()
    }
}

fn substitute(stack: &Stack, keys: &[Value], values: &[Value], template: &Value) -> Result<Value, EvalError> {
    stack.tick()?;
    Ok(match template {
        Value::Str(s) => {
            let mut text = s.to_string();
            for (k, v) in keys.iter().zip(values) {
                let Value::Str(k) = k else {
                    return Err(EvalError::type_error(format!(
                        "replace() argument 1 must be str, not {}",
                        bad_argument_type(k)
                    )));
                };
                let Value::Str(v) = v else {
                    return Err(EvalError::type_error(format!(
                        "replace() argument 2 must be str, not {}",
                        bad_argument_type(v)
                    )));
                };
                super::string_to_build(stack, "repeat", super::replaced_len(&text, k, v))?;
                text = crate::yaql::functions::strings::py_replace(&text, k, v, -1);
            }
            Value::from(text)
        }
        Value::List(items) => {
            Value::list(items.iter().map(|i| substitute(stack, keys, values, i)).collect::<Result<_, _>>()?)
        }
        Value::Map(m) => {
            let mut out = Map::with_capacity(m.len());
            for (k, v) in m.iter() {
                let k2 = substitute(stack, keys, values, k)?;
                let v2 = substitute(stack, keys, values, v)?;
                out.insert(k2, v2).map_err(|e| EvalError::type_error(e.to_string()))?;
            }
            Value::map(out)
        }
        other => other.clone(),
    })
}

#[cfg(test)]
mod tests {
    use crate::testing::{eval_output, eval_output_err};

    #[test]
    fn product_with_first_key_outermost() {
        assert_eq!(
            eval_output("", "{repeat: {for_each: {'%a%': [x, y], '%b%': ['1', '2']}, template: '%a%-%b%'}}"),
            r#"["x-1", "x-2", "y-1", "y-2"]"#
        );
    }

    #[test]
    fn sequential_replacement_and_maps() {
        assert_eq!(eval_output("", "{repeat: {for_each: {a: [b], b: [c]}, template: ab}}"), r#"["cc"]"#);
        assert_eq!(
            eval_output("", "{repeat: {for_each: {K: {x: 1, y: 2}}, template: {K: v}}}"),
            r#"[{"x": "v"}, {"y": "v"}]"#
        );
        assert_eq!(
            eval_output("", "{repeat: {for_each: {A: [a, b], B: [c, d]}, template: AB, permutations: false}}"),
            r#"["ac", "bd"]"#
        );
    }

    #[test]
    fn errors() {
        assert_eq!(
            eval_output_err("", "{repeat: {for_each: {'%a%': [1]}, template: 'x%a%'}}"),
            "replace() argument 2 must be str, not int"
        );
        assert_eq!(
            eval_output_err("", "{repeat: {for_each: {A: [a], B: [c, d]}, template: AB, permutations: false}}"),
            "For repeat, the length of for_each values should be equal if no nested loop."
        );
    }
}
