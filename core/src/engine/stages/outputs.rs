//! The outputs stage: each output definition parsed (its condition
//! evaluated: a disabled output keeps its name and no value). Outputs are
//! validated with the resources ([`super::validation`]) and resolved with the
//! results ([`super::results`]).

use super::structure::Structure;
use super::{Piece, Pieces, Staged};
use crate::engine::str_name;
use crate::eval::{self, EvalError, Expr};
use crate::functions::Table;
use crate::pyfmt::py_str;
use crate::source::Span;
use crate::stack::Stack;
use crate::syntax::Node;
use crate::value::Value;
use crate::version::HotVersion;

/// The stack's outputs, in template order.
#[derive(Default)]
pub(crate) struct Outputs {
    /// Each output by name.
    pub(crate) pieces: Pieces<Output>,
}

/// One parsed output definition.
pub(crate) enum Output {
    /// Its condition is false.
    Disabled,
    /// Its parsed value, and where the value is written.
    Enabled { expr: Expr, span: Span },
}

impl Outputs {
    /// The outputs that parsed.
    pub(crate) fn known(&self) -> impl Iterator<Item = (&str, &Output)> {
        self.pieces.iter().filter_map(|(n, p)| p.known().map(|o| (n.as_str(), o)))
    }

    /// The parsed values of the enabled outputs.
    pub(crate) fn values(&self) -> impl Iterator<Item = (&str, &Expr)> {
        self.known().filter_map(|(n, o)| match o {
            Output::Enabled { expr, .. } => Some((n, expr)),
            Output::Disabled => None,
        })
    }
}

/// The outputs stage.
pub(crate) fn outputs(structure: &Structure<'_>, stack: &Stack, version: HotVersion) -> Staged<Outputs> {
    let mut out = Staged::new(Outputs::default());
    let Some(section) = structure.section("outputs") else { return out };
    let Some(entries) = section.as_map() else {
        out.stop(EvalError::svf("\"outputs\" must be a map").at(section.span).with_code("bad-section"));
        return out;
    };
    for (k, v) in entries {
        let name = py_str(&k.to_value());
        match parse_output(stack, &name, k, v, version) {
            Ok(o) => out.part.pieces.push((name, Piece::Known(o))),
            Err(e) => {
                let (piece, e) = if e.is_unknown() {
                    (Piece::Unknown, e.prefixed(&["outputs", &name]))
                } else {
                    (Piece::Failed(e.clone()), e)
                };
                out.part.pieces.push((name, piece));
                out.note(e);
            }
        }
    }
    out
}

/// One output definition: its parsed value unless its condition is false.
fn parse_output(stack: &Stack, name: &str, k: &Node, v: &Node, version: HotVersion) -> Result<Output, EvalError> {
    let path = vec!["outputs".to_string(), name.to_string()];
    if v.as_map().is_some_and(|m| m.iter().any(|(mk, _)| mk.as_str() == Some("value"))) {
        str_name(k)?;
    }
    if v.as_map().is_none() {
        let t = if v.is_null() { "NoneType" } else { v.type_name() };
        return Err(EvalError::svf_full(
            "Output validation error",
            path,
            format!("Output definitions must be a map. Found a {t} instead"),
        )
        .at(v.span)
        .with_code("bad-output"));
    }
    let Some(value) = v.get("value") else {
        return Err(EvalError::svf_full(
            "Output validation error",
            path,
            format!("Each output definition must contain a {} key.", version.key("value")),
        )
        .at(v.span)
        .with_code("bad-output"));
    };
    if version.has_conditions() && !enabled(stack, name, v)? {
        return Ok(Output::Disabled);
    }
    let expr = eval::parse(stack, value, &format!("outputs.{name}.value"), Table::Functions)?;
    Ok(Output::Enabled { expr, span: value.span })
}

/// An output's `condition`, evaluated.
fn enabled(stack: &Stack, name: &str, v: &Node) -> Result<bool, EvalError> {
    let cond_path = format!("outputs.{name}.condition");
    let cond = match v.get("condition") {
        Some(c) => stack.parse_condition(c, &cond_path)?,
        None => Expr::Scalar(Value::Null),
    };
    let resolved = eval::resolve(stack, &cond)?;
    stack.is_enabled(&resolved).map_err(|e| {
        if &*e.class == "ValueError" {
            EvalError::svf_full("", vec!["outputs".into(), name.to_string(), "condition".into()], e.message)
                .at(v.get("condition").map_or(v.span, |c| c.span))
        } else {
            e
        }
    })
}
