//! `str_replace` (and `_strict`, `_vstrict`) — replace placeholders in a string.
//!
//! ```yaml
//! url: {str_replace: {template: "http://HOST:PORT/", params: {HOST: example.org, PORT: 80}}}
//! ```
//! Heat replaces longest placeholders first (ties in code-point order) with a
//! recursive split/join, so replacement text is never scanned again.

use super::{resolve_or_null, Doc, FnSpec};
use crate::eval::{EvalError, Expr};
use crate::pyfmt::{json_dumps, py_sort_by, py_str, JsonStyle};
use crate::stack::Stack;
use crate::symbolic::Rule;
use crate::value::{Map, Value};

/// What editors say about `str_replace`.
const DOC: Doc = Doc {
    args: "{template: text, params: {key: value}}",
    summary: "Replaces each key of params in template with its value.",
    example: "{str_replace: {template: 'Hi $who', params: {$who: you}}}",
};

/// `Replace` (before 2015-10-15): strings and numbers only.
pub static REPLACE: FnSpec = FnSpec {
    symbolic: Rule::Replace { mode: Mode::Plain, cfn: false },
    ..FnSpec::function("Replace", check, |stack, call| replace(stack, &call.name, &call.args, Mode::Plain), DOC)
};

/// `ReplaceJson`: maps and lists as JSON.
pub static REPLACE_JSON: FnSpec = FnSpec {
    symbolic: Rule::Replace { mode: Mode::Json, cfn: false },
    ..FnSpec::function("ReplaceJson", check, |stack, call| replace(stack, &call.name, &call.args, Mode::Json), DOC)
};

/// `ReplaceJsonStrict` (`str_replace_strict`): every placeholder must be found.
pub static REPLACE_JSON_STRICT: FnSpec = FnSpec {
    symbolic: Rule::Replace { mode: Mode::Strict, cfn: false },
    ..FnSpec::function(
        "ReplaceJsonStrict",
        check,
        |stack, call| replace(stack, &call.name, &call.args, Mode::Strict),
        Doc {
            args: "{template: text, params: {key: value}}",
            summary: "str_replace that fails when a key is not found in the template.",
            example: "{str_replace_strict: {template: 'a=$a', params: {$a: 1}}}",
        },
    )
};

/// `ReplaceJsonVeryStrict` (`str_replace_vstrict`): … and no empty values.
pub static REPLACE_JSON_VERY_STRICT: FnSpec = FnSpec {
    symbolic: Rule::Replace { mode: Mode::VeryStrict, cfn: false },
    ..FnSpec::function(
        "ReplaceJsonVeryStrict",
        check,
        |stack, call| replace(stack, &call.name, &call.args, Mode::VeryStrict),
        Doc {
            args: "{template: text, params: {key: value}}",
            summary: "str_replace_strict that also fails on empty values.",
            example: "{str_replace_vstrict: {template: 'a=$a', params: {$a: 1}}}",
        },
    )
};

/// How values are turned into text, and how strict the function is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `Replace` (≤ 2015-04-30): strings and numbers only.
    Plain,
    /// `ReplaceJson`: maps and lists as JSON.
    Json,
    /// `ReplaceJsonStrict`: every placeholder must be found.
    Strict,
    /// `ReplaceJsonVeryStrict`: … and no empty values.
    VeryStrict,
}

/// Constructor: a map with `template` and `params`, params a map or a function.
pub(crate) fn check(name: &str, args: &Expr) -> Result<(), EvalError> {
    let Expr::Map(..) = args else {
        return Err(EvalError::type_error(format!("Arguments to \"{name}\" must be a map")));
    };
    let (Some(params), Some(_)) = (args.get("params"), args.get("template")) else {
        return Err(EvalError::key(format!(
            "\"{name}\" syntax should be {name}:\n              template: This is var1 template var2\n              params:\n                var1: a\n                var2: string"
        )));
    };
    match params {
        Expr::Map(..) | Expr::Call(_) => Ok(()),
        _ => Err(EvalError::type_error(format!("\"{name}\" parameters must be a mapping"))),
    }
}

fn empty_value(name: &str, param: &str) -> EvalError {
    EvalError::value(format!(
        "{name} has an undefined or empty value for param {param}, must be a defined non-empty value"
    ))
}

pub(crate) fn replacement(name: &str, mode: Mode, value: &Value, param: &str) -> Result<String, EvalError> {
    let allow_empty = mode != Mode::VeryStrict;
    match value {
        Value::Null if allow_empty => Ok(String::new()),
        Value::Null => Err(empty_value(name, param)),
        Value::Str(_) | Value::Int(_) | Value::BigInt(_) | Value::Float(_) | Value::Bool(_) => {
            let text = py_str(value);
            if !allow_empty && text.is_empty() {
                return Err(empty_value(name, param));
            }
            Ok(text)
        }
        Value::List(_) | Value::Map(_) if mode == Mode::Plain => Err(EvalError::type_error(format!(
            "\"{name}\" params must be strings or numbers, param {param} is not valid"
        ))),
        Value::List(l) if !allow_empty && l.is_empty() => Err(empty_value(name, param)),
        Value::Map(m) if !allow_empty && m.is_empty() => Err(empty_value(name, param)),
        Value::List(_) | Value::Map(_) => json_dumps(value, JsonStyle::SORTED).map_err(|_| {
            EvalError::type_error(format!(
                "\"{name}\" params must be strings, numbers, list or map. Failed to json serialize {}",
                py_str(value)
            ))
        }),
    }
}

/// Placeholders in Heat's order: sorted, then stably by length, longest first.
pub fn placeholder_order(keys: Vec<Value>) -> Result<Vec<Value>, EvalError> {
    let mut keys = keys;
    py_sort_by(&mut keys, |a, b| a.py_cmp(b)).map_err(EvalError::type_error)?;
    let mut lens = Vec::with_capacity(keys.len());
    for k in &keys {
        match k {
            Value::Str(s) => lens.push(s.chars().count()),
            other => return Err(EvalError::type_error(format!("object of type '{}' has no len()", other.type_name()))),
        }
    }
    let mut indexed: Vec<(usize, Value)> = lens.into_iter().zip(keys).collect();
    crate::sort::sort_by_key(&mut indexed, |b| std::cmp::Reverse(b.0));
    Ok(indexed.into_iter().map(|(_, k)| k).collect())
}

/// Resolve the function (`Fn::Replace` too, its arguments as `str_replace`'s).
pub(crate) fn replace(stack: &Stack, name: &str, args: &Expr, mode: Mode) -> Result<Value, EvalError> {
    let template = resolve_or_null(stack, args.get("template"))?;
    let mapping = resolve_or_null(stack, args.get("params"))?;
    let Value::Str(template) = template else {
        return Err(EvalError::type_error(format!("\"{name}\" template must be a string")));
    };
    let Value::Map(mapping) = mapping else {
        return Err(EvalError::type_error(format!("\"{name}\" params must be a map")));
    };
    let keys = placeholder_order(mapping.keys().cloned().collect())?;
    let strict = matches!(mode, Mode::Strict | Mode::VeryStrict);
    let mut found = vec![false; keys.len()];
    let out = replace_all(stack, name, mode, &mapping, &keys, &mut found, &[template.to_string()])?;
    if strict {
        let missing: Vec<String> = keys.iter().zip(&found).filter(|(_, f)| !**f).map(|(k, _)| py_str(k)).collect();
        if !missing.is_empty() {
            return Err(EvalError::value(format!(
                "The following params were not found in the template: {}",
                missing.join(",")
            )));
        }
    }
    Ok(Value::from(out.into_iter().next().unwrap_or_default()))
}

fn replace_all(
    stack: &Stack,
    name: &str,
    mode: Mode,
    mapping: &Map,
    keys: &[Value],
    found: &mut [bool],
    strings: &[String],
) -> Result<Vec<String>, EvalError> {
    let Some((placeholder, rest)) = keys.split_first() else {
        return Ok(strings.to_vec());
    };
    let Some(ph) = placeholder.as_str() else {
        return Err(EvalError::type_error(format!("\"{name}\" param placeholders must be strings")));
    };
    let value = replacement(name, mode, mapping.get(placeholder).unwrap_or(&Value::Null), ph)?;
    if ph.is_empty() {
        return Err(EvalError::value("empty separator"));
    }
    let (found_here, found_rest) = found.split_at_mut(1);
    let mut out = Vec::with_capacity(strings.len());
    for s in strings {
        stack.spend(1 + s.len() as u64 / 256)?;
        let pieces: Vec<String> = s.split(ph).map(str::to_string).collect();
        if pieces.len() > 1 {
            if let Some(f) = found_here.first_mut() {
                *f = true;
            }
        }
        let replaced = replace_all(stack, name, mode, mapping, rest, found_rest, &pieces)?;
        let len = replaced
            .iter()
            .map(String::len)
            .fold(value.len().saturating_mul(replaced.len().saturating_sub(1)), usize::saturating_add);
        super::string_to_build(stack, name, len)?;
        out.push(replaced.join(&value));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use crate::testing::{eval_output, eval_output_err};

    #[test]
    fn replacement_is_never_rescanned() {
        assert_eq!(eval_output("", "{str_replace: {template: abc, params: {a: b, b: c}}}"), "\"bcc\"");
        assert_eq!(
            eval_output("", "{str_replace: {template: '$a $ab $abc', params: {$a: 1, $ab: 2, $abc: 3}}}"),
            "\"1 2 3\""
        );
        assert_eq!(eval_output("", "{str_replace: {template: xyz, params: {xy: 1, yz: 2}}}"), "\"1z\"");
        assert_eq!(eval_output("", "{str_replace: {template: xyz, params: {yz: 1, xy: 2}}}"), "\"2z\"");
    }

    #[test]
    fn values_become_text_like_python() {
        assert_eq!(
            eval_output("", "{str_replace: {template: 'v=V', params: {V: {b: [1.0, true], a: null}}}}"),
            r#""v={\"a\": null, \"b\": [1.0, true]}""#
        );
        assert_eq!(eval_output("", "{str_replace: {template: 'V', params: {V: true}}}"), "\"True\"");
    }

    #[test]
    fn strict_variants() {
        assert_eq!(
            eval_output_err("", "{str_replace_strict: {template: '$ab', params: {$a: 1, $ab: 2}}}"),
            "The following params were not found in the template: $a"
        );
        assert_eq!(
            eval_output_err("", "{str_replace_vstrict: {template: 'x', params: {x: ''}}}"),
            "str_replace_vstrict has an undefined or empty value for param x, must be a defined non-empty value"
        );
        assert_eq!(eval_output("", "{str_replace_vstrict: {template: 'x', params: {x: 0}}}"), "\"0\"");
    }
}
