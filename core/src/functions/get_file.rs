//! `get_file: path` — the content of a file from the request's `files`.
//!
//! ```yaml
//! user_data: {get_file: scripts/boot.sh}
//! ```

use super::{no_check, Doc, FnSpec};
use crate::eval::{resolve as resolve_expr, Call, EvalError};
use crate::stack::Stack;
use crate::value::Value;

/// `GetFile`.
pub static GET_FILE: FnSpec = FnSpec::function(
    "GetFile",
    no_check,
    resolve,
    Doc {
        args: "file name or URL",
        summary: "The content of a file of the request's `files`.",
        example: "{get_file: scripts/boot.sh}",
    },
);

/// Resolve `get_file` (exact key lookup, as the API receives normalised paths).
fn resolve(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    let name = &*call.name;
    let key = resolve_expr(stack, &call.args)?;
    let Some(key) = key.as_str() else {
        return Err(EvalError::type_error(format!("Argument to \"{name}\" must be a string")));
    };
    crate::engine::read_file(key);
    match stack.files.get(key) {
        Some(Some(content)) => Ok(Value::from(content.as_str())),
        _ if unfetched(stack, key) => Err(EvalError::unknown(&[format!("{name} {key}")])),
        _ => Err(EvalError::value(format!("No content found in the \"files\" section for {name} path: {key}"))
            .with_code("missing-file")),
    }
}

/// A display evaluation's file named by URL that the request does not
/// carry: heatclient would download it, hotplate never fetches, so its
/// content is unknown (not missing).
pub(crate) fn unfetched(stack: &Stack, key: &str) -> bool {
    crate::engine::read_file(key);
    stack.mode.past_errors() && key.contains("://") && !stack.files.get(key).is_some_and(Option::is_some)
}

#[cfg(test)]
mod tests {
    use crate::testing::eval_output_err;

    #[test]
    fn missing_file_message() {
        assert_eq!(
            eval_output_err("parameters: {}\n", "{get_file: a.sh}"),
            "No content found in the \"files\" section for get_file path: a.sh"
        );
    }
}
