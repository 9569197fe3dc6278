//! `yaql: {expression: ..., data: ...}` — evaluate a YAQL expression with
//! `$.data` bound to the resolved data (see [`crate::yaql`] for the language).
//!
//! ```yaml
//! doubled: {yaql: {expression: '$.data.l.select($ * 2)', data: {l: [1, 2, 3]}}}
//! ```

use super::{resolve_or_null, Doc, FnSpec};
use crate::eval::{resolve as resolve_expr, Call, EvalError, Expr};
use crate::stack::Stack;
use crate::value::{Map, Value};

/// `Yaql`.
pub static YAQL: FnSpec = FnSpec {
    validate,
    ..FnSpec::function(
        "Yaql",
        check,
        resolve,
        Doc {
            args: "{expression: text, data: value}",
            summary: "Evaluates a YAQL expression on data.",
            example: "{yaql: {expression: $.data.sum(), data: [1, 2]}}",
        },
    )
};

fn syntax_error(name: &str) -> EvalError {
    EvalError::key(format!(
        "\"{name}\" syntax should be {name}:\n              expression: $.data.var1.sum()\n              data:\n                var1: [3, 2, 1]"
    ))
}

/// Constructor: a map with `expression` and optional `data`, nothing else.
fn check(name: &str, args: &Expr) -> Result<(), EvalError> {
    let Expr::Map(entries, _) = args else {
        return Err(EvalError::type_error(format!("Arguments to \"{name}\" must be a map.")));
    };
    if args.get("expression").is_none() {
        return Err(syntax_error(name));
    }
    if entries.iter().any(|(k, _)| !matches!(k.as_str(), Some("expression" | "data"))) {
        return Err(syntax_error(name));
    }
    Ok(())
}

fn parse(name: &str, expression: &Value) -> Result<crate::yaql::Expression, EvalError> {
    let Value::Str(text) = expression else {
        return Err(EvalError::type_error(format!("The \"expression\" argument to {name} must contain a string.")));
    };
    crate::yaql::parse(text)
        .map_err(|e| EvalError::value(format!("Bad expression {}.", e.message)).with_code("yaql-syntax"))
}

/// Validation: a literal expression must parse.
fn validate(_stack: &Stack, call: &Call) -> Result<(), EvalError> {
    match call.args.get("expression") {
        Some(Expr::Call(_)) | None => Ok(()),
        Some(e) => parse(&call.name, &e.to_value()).map(|_| ()),
    }
}

/// Resolve the function.
fn resolve(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    let (name, args) = (&*call.name, &call.args);
    let expression = resolve_or_null(stack, args.get("expression"))?;
    let parsed = parse(name, &expression)?;
    let data = match args.get("data") {
        Some(e) => resolve_expr(stack, e)?,
        None => Value::map(Map::new()),
    };
    stack.tick()?;
    let config = &stack.config;
    let before_3 = stack.release().info().yaql.before_3();
    crate::yaql::evaluate_with_limits(&parsed, &data, config.yaql_limit_iterators, config.yaql_memory_quota, before_3)
        .map_err(|e| EvalError::other(e.class, e.message).with_code("yaql-error"))
}
