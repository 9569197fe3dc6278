//! What the engine adds to the result's data ([`crate::model::result`]):
//! the walk over a template's snippets that marks where deploy-time values
//! land and builds their display values ([`Marks`]), the dependency edges of
//! a resource, a disabled resource's entry.

use crate::eval::Expr;
use crate::functions::Refers;
use crate::model::diag::PathItem;
use crate::model::result::{DeferredMark, DisplayValue, Edge};
pub(crate) use crate::pyfmt::json_key;
use crate::stack::Stack;
use crate::symbolic;
use crate::value::Value;

/// Marks and display values found under `at` in a nested result, moved to
/// their place in the parent's.
pub(crate) fn rebase<T>(at: &[PathItem], items: Vec<T>, path: fn(&mut T) -> &mut Vec<PathItem>) -> Vec<T> {
    items
        .into_iter()
        .map(|mut item| {
            let p = path(&mut item);
            *p = at.iter().cloned().chain(p.drain(..)).collect();
            item
        })
        .collect()
}

/// The edges of one resource: explicit `depends_on`, then references in its
/// properties and metadata (deduplicated per kind).
pub fn resource_edges(stack: &Stack, name: &str, depends_on: &[String], exprs: &[Option<&Expr>]) -> Vec<Edge> {
    let mut out: Vec<Edge> = Vec::new();
    let mut push = |to: String, kind: &'static str| {
        let e = Edge { from: name.to_string(), to, kind };
        if !out.contains(&e) {
            out.push(e);
        }
    };
    for d in depends_on {
        if stack.resources.contains_key(d.as_str()) {
            push(d.clone(), "depends_on");
        }
    }
    for expr in exprs.iter().flatten() {
        crate::eval::for_each_call(expr, &mut |c| {
            let (target, kind) = match c.spec.refers {
                Refers::Resource => (Some(&c.args), "get_resource"),
                Refers::Attribute => (crate::functions::get_attr::resource_expr(&c.args), "get_attr"),
                Refers::ResourceOrParameter => (Some(&c.args), "Ref"),
                Refers::Parameter | Refers::Nothing => (None, ""),
            };
            if let Some(Ok(Value::Str(t))) = target.map(|e| crate::eval::resolve(stack, e)) {
                if stack.resources.contains_key(&*t) {
                    push(t.to_string(), kind);
                }
            }
        });
    }
    out
}

/// What the result's values carry for the page: deploy-time marks, display
/// values and dependency edges (a stage's part; the driver moves them into
/// the [`Evaluation`]).
#[derive(Debug, Default)]
pub(crate) struct Marks {
    /// Deploy-time value markers.
    pub(crate) deferred: Vec<DeferredMark>,
    /// Display values of what is built from deploy-time values.
    pub(crate) display: Vec<DisplayValue>,
    /// Dependency edges between enabled resources.
    pub(crate) edges: Vec<Edge>,
}

/// Walk a snippet and mark where deploy-time values land (`base`: where the
/// snippet's value is in the result); a call built from one gets its display
/// value ([`crate::symbolic`]), computed here and only here, so a template
/// without deploy-time values costs nothing more.
pub(crate) fn mark_deferred(stack: &Stack, base: Vec<PathItem>, expr: Option<&Expr>, marks: &mut Marks) {
    if let Some(e) = expr {
        let mut path = base;
        walk(stack, &mut path, e, marks);
    }
}

/// Mark a value the parent stack gave as a deploy-time one (a nested stack's
/// parameter, or `get_param` of it): one exact mark for a deploy-time input
/// itself, else its display value with a derived mark per input.
pub(crate) fn mark_display(path: Vec<PathItem>, sym: &symbolic::Sym, marks: &mut Marks) {
    if let symbolic::Sym::Hole(h) = sym {
        if h.exact {
            marks.deferred.push(DeferredMark { path, label: h.label.clone(), exact: true });
            return;
        }
    }
    let mut labels = Vec::new();
    symbolic::hole_labels(sym, &mut labels);
    for label in labels {
        marks.deferred.push(DeferredMark { path: path.clone(), label, exact: false });
    }
    marks.display.push(DisplayValue { path, value: sym.clone() });
}

/// Heat's absent marker at the top of a snippet (an `if` without its false branch).
fn is_absent(expr: &Expr) -> bool {
    match expr {
        Expr::Absent => true,
        Expr::Call(c) if c.spec.is_macro() => is_absent(&c.args),
        _ => false,
    }
}

fn walk(stack: &Stack, path: &mut Vec<PathItem>, expr: &Expr, marks: &mut Marks) {
    match expr {
        Expr::Scalar(_) | Expr::Absent => {}
        Expr::List(items, _) => {
            // Absent items vanish from the list: later indexes move up.
            for (i, e) in items.iter().filter(|e| !is_absent(e)).enumerate() {
                path.push(PathItem::Index(i64::try_from(i).unwrap_or(i64::MAX)));
                walk(stack, path, e, marks);
                path.pop();
            }
        }
        Expr::Map(entries, _) => {
            for (k, e) in entries.iter() {
                path.push(PathItem::Key(json_key(k)));
                walk(stack, path, e, marks);
                path.pop();
            }
        }
        Expr::Call(call) => {
            if call.spec.is_macro() {
                walk(stack, path, &call.args, marks);
                return;
            }
            if let Some(sym) = symbolic::seeded(stack, call) {
                mark_display(path.clone(), &sym, marks);
                return;
            }
            if let Some(label) = symbolic::input_label(stack, call) {
                marks.deferred.push(DeferredMark { path: path.clone(), label, exact: true });
                return;
            }
            let inner = symbolic::input_labels(stack, &call.args);
            if inner.is_empty() {
                return;
            }
            for label in inner {
                marks.deferred.push(DeferredMark { path: path.clone(), label, exact: false });
            }
            if let Some(value) = symbolic::display(stack, expr) {
                marks.display.push(DisplayValue { path: path.clone(), value });
            }
        }
    }
}
