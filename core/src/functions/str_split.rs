//! `str_split: [delimiter, string, (index)]` — Python's `str.split`.
//!
//! ```yaml
//! second: {str_split: [',', 'a,b,c', 1]}
//! ```

use super::{Doc, FnSpec};
use crate::eval::{resolve as resolve_expr, Call, EvalError, Expr};
use crate::stack::{py_index, Stack};
use crate::value::Value;

/// `StrSplit`.
pub static STR_SPLIT: FnSpec = FnSpec::function(
    "StrSplit",
    check,
    resolve,
    Doc {
        args: "[delimiter, text, index?]",
        summary: "Splits a string (and picks one part).",
        example: "{str_split: [',', 'a,b,c', 0]}",
    },
);

fn example(name: &str) -> String {
    format!("Incorrect arguments to \"{name}\" should be: \"{name}\" : [ \",\", \"apples,pears\", <index>]")
}

/// Constructor: a string or map argument is refused.
fn check(name: &str, args: &Expr) -> Result<(), EvalError> {
    match args {
        Expr::Scalar(Value::Str(_)) | Expr::Map(..) => Err(EvalError::type_error(example(name))),
        _ => Ok(()),
    }
}

/// Python `str.split(sep)`; `None` splits on whitespace runs.
pub fn py_split(s: &str, sep: Option<&str>) -> Result<Vec<String>, EvalError> {
    match sep {
        None => Ok(s.split(|c: char| c.is_whitespace()).filter(|p| !p.is_empty()).map(str::to_string).collect()),
        Some("") => Err(EvalError::value("empty separator")),
        Some(sep) => Ok(s.split(sep).map(str::to_string).collect()),
    }
}

/// Resolve the function.
fn resolve(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    let name = &*call.name;
    let args = resolve_expr(stack, &call.args)?;
    let Value::List(items) = args else {
        return Err(EvalError::value(example(name)));
    };
    let (Some(delim), Some(subject)) = (items.first(), items.get(1)) else {
        return Err(EvalError::value(example(name)));
    };
    let subject = match subject {
        Value::Null => return Ok(Value::Null),
        Value::Str(s) => s,
        other => {
            return Err(EvalError::other(
                "AttributeError",
                format!("'{}' object has no attribute 'split'", other.type_name()),
            ))
        }
    };
    let parts = match delim {
        Value::Null => py_split(subject, None)?,
        Value::Str(d) => py_split(subject, Some(d))?,
        other => return Err(EvalError::type_error(format!("must be str or None, not {}", other.type_name()))),
    };
    stack.spend(parts.len() as u64)?;
    let Some(index) = items.get(2) else {
        return Ok(Value::list(parts.into_iter().map(Value::from).collect()));
    };
    let index = match index {
        Value::Str(s) => crate::pyconv::py_int(s),
        Value::Float(f) if f.is_finite() => Some(f.trunc() as i64),
        other => other.as_int(),
    }
    .ok_or_else(|| {
        EvalError::value(format!(
            "Incorrect index to \"{name}\" should be: \"{name}\" : [ \",\", \"apples,pears\", <index>]"
        ))
    })?;
    match py_index(parts.len(), index).and_then(|i| parts.get(i)) {
        Some(p) => Ok(Value::from(p.as_str())),
        None => Err(EvalError::value(format!(
            "Incorrect index to \"{name}\" should be between 0 and {}",
            parts.len() as i64 - 1
        ))),
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::{eval_output, eval_output_err};

    #[test]
    fn splits_like_python() {
        assert_eq!(eval_output("", "{str_split: [',', 'a,b,,c']}"), r#"["a", "b", "", "c"]"#);
        assert_eq!(eval_output("", "{str_split: [null, ' a b  c ']}"), r#"["a", "b", "c"]"#);
        assert_eq!(eval_output("", "{str_split: [',', 'a,b,c', '-1']}"), "\"c\"");
        assert_eq!(eval_output("", "{str_split: [',', null]}"), "null");
    }

    #[test]
    fn index_errors() {
        assert_eq!(
            eval_output_err("", "{str_split: [',', 'a,b', 5]}"),
            "Incorrect index to \"str_split\" should be between 0 and 1"
        );
        assert_eq!(eval_output_err("", "{str_split: ['', 'a']}"), "empty separator");
    }
}
