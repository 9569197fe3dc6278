//! `if: [condition, value_if_true, value_if_false]` (CFN: `Fn::If`) — a macro: the condition is
//! evaluated while parsing and only the chosen branch is parsed at all.
//!
//! ```yaml
//! flavor: {if: [is_prod, m1.large, m1.small]}
//! extra: {if: [is_prod, {debug: false}]}   # 2021-04-16: no false branch = absent
//! ```

use super::{no_check, no_validate, Doc, FnSpec, Refers, Resolve, Table};
use crate::eval::{self, EvalError, Expr};
use crate::stack::Stack;
use crate::symbolic::Rule;
use crate::syntax::{Node, NodeKind};
use crate::value::Value;

/// What editors say about `if`.
const DOC: Doc = Doc {
    args: "[condition, value if true, value if false]",
    summary: "Chooses a value by a condition (the third item may be left out since 2021-04-16).",
    example: "{if: [is_prod, m1.large, m1.small]}",
};

/// `If` (three arguments).
pub static IF: FnSpec = FnSpec {
    class: "If",
    check: no_check,
    resolve: Resolve::Macro(|stack, name, raw, path, table, depth| parse(stack, false, name, raw, path, table, depth)),
    validate: no_validate,
    symbolic: Rule::Branch,
    refers: Refers::Nothing,
    doc: Some(DOC),
};

/// `IfNullable` (2021-04-16 on: two or three arguments).
pub static IF_NULLABLE: FnSpec = FnSpec {
    resolve: Resolve::Macro(|stack, name, raw, path, table, depth| parse(stack, true, name, raw, path, table, depth)),
    class: "IfNullable",
    ..IF
};

/// Parse the macro: check the shape, evaluate the condition, parse one branch
/// (`nullable`: without the false branch, the value is absent).
#[allow(clippy::too_many_arguments)]
fn parse(
    stack: &Stack,
    nullable: bool,
    name: &str,
    raw: &Node,
    path: &mut String,
    table: Table,
    depth: usize,
) -> Result<Expr, EvalError> {
    let shape_error = || {
        EvalError::value(format!(
            "Arguments to \"{name}\" must be of the form: [condition_name, value_if_true, value_if_false]"
        ))
    };
    let items: &[Node] = match &raw.kind {
        NodeKind::List(items) if !items.is_empty() => items,
        // Heat checks `not args or not Sequence or isinstance(str)`.
        _ => return Err(shape_error()),
    };
    let (condition, if_true, if_false) = match (nullable, items) {
        (_, [c, t, f]) => (c, t, Some(f)),
        (true, [c, t]) => (c, t, None),
        _ => return Err(shape_error()),
    };
    // Heat parses the condition with the function's name as the path.
    let cond = stack.parse_condition(condition, name)?;
    let resolved = eval::resolve(stack, &cond)?;
    let chosen = match resolved {
        Value::Bool(b) => b,
        other => stack.is_enabled(&other)?,
    };
    if chosen {
        eval::parse_nested(stack, if_true, path, table, depth)
    } else {
        match if_false {
            Some(f) => eval::parse_nested(stack, f, path, table, depth),
            None => Ok(Expr::Absent),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::{eval_output, eval_result_error};

    #[test]
    fn chooses_a_branch_at_parse_time() {
        let head = "conditions:\n  yes_c: true\n";
        assert_eq!(eval_output(head, "{if: [yes_c, a, {get_param: nope}]}"), "\"a\"");
        assert_eq!(eval_output(head, "[1, {if: [false, 2]}, 3]"), "[1, 3]");
        assert_eq!(eval_output(head, "{if: [false, 2]}"), "null");
    }

    #[test]
    fn unknown_condition_is_a_parse_error() {
        assert_eq!(eval_result_error("", "{if: [nope, 1, 2]}"), "outputs.o.value.if: Invalid condition \"nope\"");
    }
}
