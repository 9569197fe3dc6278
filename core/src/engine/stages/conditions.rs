//! The conditions stage: the `conditions` section a map, each definition
//! parsed (into the [`Stack`], where functions evaluate it lazily), then each
//! checked to be a boolean or a function and validated. Nothing is evaluated
//! here.

use super::structure::Structure;
use super::{Piece, Pieces, Staged};
use crate::engine::{str_name, StackInput};
use crate::eval::{self, EvalError, Expr};
use crate::pyfmt::py_str;
use crate::stack::Stack;
use crate::syntax::Node;
use crate::value::Value;

/// The stack's conditions.
#[derive(Default)]
pub(crate) struct Conditions {
    /// Each condition in template order: known once parsed into the stack.
    pub(crate) pieces: Pieces<()>,
}

impl Conditions {
    /// The names of the conditions that parsed, in template order.
    pub(crate) fn names(&self) -> impl Iterator<Item = &str> {
        self.pieces.iter().filter(|(_, p)| p.known().is_some()).map(|(n, _)| n.as_str())
    }
}

/// The conditions stage. A condition that fails is unknown to the later
/// stages (`Stack::unknown_names`): only a display evaluation gets there.
pub(crate) fn conditions(input: &StackInput<'_>, structure: &Structure<'_>, stack: &mut Stack) -> Staged<Conditions> {
    let mut out = Staged::new(Conditions::default());
    if !input.version.has_conditions() {
        return out;
    }
    let Some(cn) = structure.root.get("conditions") else { return out };
    let Some(entries) = cn.as_map() else {
        let t = if cn.is_null() { "NoneType" } else { cn.type_name() };
        out.stop(
            EvalError::svf_full(
                "Conditions validation error",
                Vec::new(),
                format!("Condition definitions must be a map. Found a {t} instead"),
            )
            .with_code("bad-section")
            .at(cn.span),
        );
        return out;
    };
    for (k, v) in entries {
        let name = py_str(&k.to_value());
        let parsed = str_name(k).and_then(|()| stack.parse_condition(v, &format!("conditions.{name}")));
        match parsed {
            Ok(e) => {
                stack.conditions.insert(name.clone(), e);
                out.part.pieces.push((name, Piece::Known(())));
            }
            Err(e) => {
                // A name's error is at the name already.
                let e = e.at_if_unset(v.span);
                stack.unknown_names.push(format!("condition {name}"));
                out.part.pieces.push((name, Piece::Failed(e.clone())));
                out.note(e);
            }
        }
    }
    out.end_step();
    validate(entries, stack, &mut out);
    out
}

/// Each definition a boolean or a function, then validated (Heat stops at
/// the first; a display evaluation goes on, each failed one unknown).
fn validate(entries: &[(Node, Node)], stack: &mut Stack, out: &mut Staged<Conditions>) {
    let mut failed = Vec::new();
    for (name, defn) in &stack.conditions {
        let span = entries.iter().find(|(k, _)| py_str(&k.to_value()) == *name).map(|(_, v)| v.span);
        if !matches!(defn, Expr::Scalar(Value::Bool(_)) | Expr::Call(_)) {
            let e = EvalError::svf_full(
                "Condition validation error",
                Vec::new(),
                format!("The definition of condition \"{name}\" is invalid: {}", py_str(&defn.to_value())),
            )
            .with_code("bad-condition");
            let e = match span {
                Some(s) => e.at(s),
                None => e,
            };
            out.stop(e.clone());
            failed.push((name.clone(), e));
        } else if let Err(e) = eval::validate(stack, defn, &[]) {
            out.stop(e.clone());
            failed.push((name.clone(), e));
        }
    }
    for (name, e) in failed {
        stack.conditions.shift_remove(&name);
        stack.unknown_names.push(format!("condition {name}"));
        if let Some((_, piece)) = out.part.pieces.iter_mut().find(|(n, _)| *n == name) {
            *piece = Piece::Failed(e);
        }
    }
}
