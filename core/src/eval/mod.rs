//! Parsed snippets and Heat's three phases: parse, validate, resolve.
//!
//! Heat turns template data into a tree where single-key maps naming a function of
//! the version's table become function objects (parse), checks them statically
//! (validate), and evaluates them lazily (resolve). [`Expr`] is that tree; this
//! module walks it exactly as `heat.engine.function` does, including the error
//! paths Heat builds on the way.

mod error;

pub(crate) use error::UNKNOWN_CODE;
pub use error::{render_path, EvalError};

use std::fmt::Write as _;
use std::rc::Rc;

use crate::functions::{self, FnSpec, Lookup, Resolve, Table};
use crate::pyfmt::py_str;
use crate::source::Span;
use crate::stack::Stack;
use crate::syntax::{Node, NodeKind};
use crate::value::{Map, Value};

/// A parsed snippet.
#[derive(Clone, Debug)]
pub enum Expr {
    /// A scalar.
    Scalar(Value),
    /// A list of snippets.
    List(Vec<Expr>, Span),
    /// A map of snippets (keys are plain scalars, never parsed).
    Map(Vec<(Value, Expr)>, Span),
    /// A function call.
    Call(Rc<Call>),
    /// Heat's "absent" marker (the false branch of a two-argument `if`).
    Absent,
}

/// One function call in a snippet.
#[derive(Clone, Debug)]
pub struct Call {
    /// Which implementation.
    pub spec: &'static FnSpec,
    /// The name as written (`get_param`, `Fn::Select`, …).
    pub name: Rc<str>,
    /// Parsed arguments (for the `if` macro: the parsed selected branch).
    pub args: Expr,
    /// Where the call is written.
    pub span: Span,
}

impl Expr {
    /// Python truthiness of the parsed (unresolved) snippet, as a constructor sees it.
    pub fn truthy(&self) -> bool {
        match self {
            Expr::Scalar(v) => v.truthy(),
            Expr::List(items, _) => !items.is_empty(),
            Expr::Map(entries, _) => !entries.is_empty(),
            Expr::Call(_) | Expr::Absent => true,
        }
    }

    /// The literal string, if this is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Expr::Scalar(Value::Str(s)) => Some(s),
            _ => None,
        }
    }

    /// Lookup in a literal map.
    pub fn get(&self, key: &str) -> Option<&Expr> {
        match self {
            Expr::Map(entries, _) => entries.iter().find(|(k, _)| k.as_str() == Some(key)).map(|(_, v)| v),
            _ => None,
        }
    }

    /// A rough span for diagnostics.
    pub fn span(&self) -> Option<Span> {
        match self {
            Expr::List(_, s) | Expr::Map(_, s) => Some(*s),
            Expr::Call(c) => Some(c.span),
            Expr::Scalar(_) | Expr::Absent => None,
        }
    }

    /// The snippet as data, functions left in their `{name: args}` form (what
    /// Heat's `repr`/`str` of an unresolved snippet shows, near enough).
    pub fn to_value(&self) -> Value {
        match self {
            Expr::Scalar(v) => v.clone(),
            Expr::List(items, _) => Value::list(items.iter().map(Expr::to_value).collect()),
            Expr::Map(entries, _) => {
                let mut m = Map::with_capacity(entries.len());
                for (k, v) in entries {
                    let _ = m.insert(k.clone(), v.to_value());
                }
                Value::map(m)
            }
            Expr::Call(c) => {
                let mut m = Map::new();
                m.insert_str(&c.name, c.args.to_value());
                Value::map(m)
            }
            Expr::Absent => Value::Null,
        }
    }
}

/// `heat.engine.template.parse`: turn data into a snippet with function calls.
/// Errors are `StackValidationFailed` with the dotted parse path.
pub fn parse(stack: &Stack, node: &Node, path: &str, table: Table) -> Result<Expr, EvalError> {
    // One path buffer for the walk (pushed and truncated per node): paths are
    // only read when something fails.
    parse_depth(stack, node, &mut String::from(path), table, 0)
}

/// Deepest nesting parse accepts (YAML nesting is limited earlier; this guards
/// snippets built from already-parsed request objects).
const MAX_DEPTH: usize = 400;

fn parse_depth(stack: &Stack, node: &Node, path: &mut String, table: Table, depth: usize) -> Result<Expr, EvalError> {
    if depth > MAX_DEPTH {
        return Err(EvalError::svf_path(path, "Template nesting is too deep").with_code("too-deep").at(node.span));
    }
    let len = path.len();
    match &node.kind {
        NodeKind::Scalar(v) => Ok(Expr::Scalar(v.clone())),
        NodeKind::List(items) => {
            let mut out = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                let _ = write!(path, "[{i}]");
                let item = parse_depth(stack, item, path, table, depth + 1);
                path.truncate(len);
                out.push(item?);
            }
            Ok(Expr::List(out, node.span))
        }
        NodeKind::Map(entries) => {
            if let [(key, args)] = entries.as_slice() {
                if let Some(name) = key.as_str() {
                    match functions::lookup(stack.version(), table, name) {
                        Lookup::Found(spec) => {
                            path.push('.');
                            path.push_str(name);
                            let call_len = path.len();
                            let parsed = parse_call(stack, spec, name, key.span, args, path, table, depth);
                            // A failed nested parse may leave its own path in the buffer.
                            path.truncate(call_len);
                            let parsed = parsed.map_err(|e| e.into_svf_at_path(path));
                            path.truncate(len);
                            return parsed;
                        }
                        Lookup::Unknown => {}
                    }
                }
            }
            let mut out = Vec::with_capacity(entries.len());
            for (k, v) in entries.iter() {
                let key = k.scalar().cloned().unwrap_or(Value::Null);
                path.push('.');
                match key.as_str() {
                    Some(k) => path.push_str(k),
                    None => path.push_str(&py_str(&key)),
                }
                let child = parse_depth(stack, v, path, table, depth + 1);
                path.truncate(len);
                out.push((key, child?));
            }
            Ok(Expr::Map(out, node.span))
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn parse_call(
    stack: &Stack,
    spec: &'static FnSpec,
    name: &str,
    span: Span,
    raw_args: &Node,
    path: &mut String,
    table: Table,
    depth: usize,
) -> Result<Expr, EvalError> {
    let args = match spec.resolve {
        // Macros see the raw arguments and choose what to parse (only `if`).
        Resolve::Macro(parse) => parse(stack, name, raw_args, path, table, depth)?,
        Resolve::Function(_) => {
            let args = parse_depth(stack, raw_args, path, table, depth + 1)?;
            (spec.check)(name, &args).map_err(|e| e.at(span))?;
            args
        }
    };
    Ok(Expr::Call(Rc::new(Call { spec, name: Rc::from(name), args, span })))
}

/// Parse for the `if` macro's branch (same table and depth accounting).
pub(crate) fn parse_nested(
    stack: &Stack,
    node: &Node,
    path: &mut String,
    table: Table,
    depth: usize,
) -> Result<Expr, EvalError> {
    parse_depth(stack, node, path, table, depth + 1)
}

/// `function.resolve(snippet)`: absent at the top becomes null.
pub fn resolve(stack: &Stack, expr: &Expr) -> Result<Value, EvalError> {
    Ok(resolve_nullable(stack, expr)?.unwrap_or(Value::Null))
}

/// `function.resolve(snippet, nullable=True)`: `None` is Heat's absent marker.
pub fn resolve_nullable(stack: &Stack, expr: &Expr) -> Result<Option<Value>, EvalError> {
    stack.tick()?;
    match expr {
        Expr::Scalar(v) => Ok(Some(v.clone())),
        Expr::Absent => Ok(None),
        // Heat resolves the items of both in generator expressions. An item
        // whose value is not known yet (a display's, a deploy-time one) does
        // not hide a later item's own error: that one fails whatever the
        // unknown value is.
        Expr::List(items, _) => {
            let mut out = Vec::with_capacity(items.len());
            let mut unknown = None;
            for item in items {
                match resolve_nullable(stack, item) {
                    Ok(v) => out.extend(v),
                    Err(e) if e.is_unknown() => unknown = unknown.or(Some(e)),
                    Err(e) => return Err(EvalError::through_generator(e)),
                }
            }
            match unknown {
                Some(e) => Err(EvalError::through_generator(e)),
                None => Ok(Some(Value::list(out))),
            }
        }
        Expr::Map(entries, _) => {
            let mut out = Map::with_capacity(entries.len());
            let mut unknown = None;
            for (k, v) in entries {
                match resolve_nullable(stack, v) {
                    // Keys are scalars by construction.
                    Ok(Some(v)) => {
                        let _ = out.insert(k.clone(), v);
                    }
                    Ok(None) => {}
                    Err(e) if e.is_unknown() => unknown = unknown.or(Some(e)),
                    Err(e) => return Err(EvalError::through_generator(e)),
                }
            }
            match unknown {
                Some(e) => Err(EvalError::through_generator(e)),
                None => Ok(Some(Value::map(out))),
            }
        }
        Expr::Call(call) => {
            stack.enter()?;
            let result = functions::resolve(stack, call).map_err(|e| e.at_if_unset(call.span));
            stack.leave();
            result
        }
    }
}

/// A snippet resolved as [`resolve_nullable`] does, except that each call
/// whose value is not known yet ([`EvalError::is_unknown`]; the outermost
/// that fails for it) is replaced by what `mark` makes of it: the value with
/// its unknown parts marked (a deploy-time group member's properties, an
/// update plan's frozen definitions).
pub(crate) fn resolve_marking_unknown(
    stack: &Stack,
    expr: &Expr,
    mark: &mut dyn FnMut(&Call, &EvalError) -> Value,
) -> Result<Option<Value>, EvalError> {
    Ok(match expr {
        Expr::Scalar(v) => Some(v.clone()),
        Expr::Absent => None,
        Expr::List(items, _) => {
            let mut out = Vec::with_capacity(items.len());
            for item in items {
                out.extend(resolve_marking_unknown(stack, item, mark)?);
            }
            Some(Value::list(out))
        }
        Expr::Map(entries, _) => {
            let mut out = Map::with_capacity(entries.len());
            for (k, v) in entries {
                if let Some(v) = resolve_marking_unknown(stack, v, mark)? {
                    let _ = out.insert(k.clone(), v);
                }
            }
            Some(Value::map(out))
        }
        Expr::Call(call) => match resolve_nullable(stack, expr) {
            Err(err) if err.is_unknown() => Some(mark(call, &err)),
            other => other?,
        },
    })
}

/// `function.validate(snippet, path)`: errors become SVF with `path + [fn_name]`.
pub fn validate(stack: &Stack, expr: &Expr, path: &[String]) -> Result<(), EvalError> {
    validate_at(stack, expr, &LazyPath::Root(path))
}

/// Heat's validation path, built only when an error needs it: map keys append
/// `str(key)`, list items replace the last part `p` with `p[i]`.
enum LazyPath<'a> {
    Root(&'a [String]),
    Key(&'a LazyPath<'a>, &'a Value),
    Index(&'a LazyPath<'a>, usize),
}

impl LazyPath<'_> {
    fn build(&self) -> Vec<String> {
        match self {
            LazyPath::Root(path) => path.to_vec(),
            LazyPath::Key(parent, key) => {
                let mut p = parent.build();
                p.push(py_str(key));
                p
            }
            LazyPath::Index(parent, i) => {
                let mut p = parent.build();
                let last = p.pop().unwrap_or_default();
                p.push(format!("{last}[{i}]"));
                p
            }
        }
    }
}

fn validate_at(stack: &Stack, expr: &Expr, path: &LazyPath<'_>) -> Result<(), EvalError> {
    match expr {
        Expr::Scalar(_) | Expr::Absent => Ok(()),
        Expr::Map(entries, _) => {
            for (k, v) in entries {
                validate_at(stack, v, &LazyPath::Key(path, k))?;
            }
            Ok(())
        }
        Expr::List(items, _) => {
            for (i, v) in items.iter().enumerate() {
                validate_at(stack, v, &LazyPath::Index(path, i))?;
            }
            Ok(())
        }
        Expr::Call(call) => functions::validate(stack, call).map_err(|e| {
            let mut p = path.build();
            p.push(call.name.to_string());
            e.into_svf_with_path(p).at_if_unset(call.span)
        }),
    }
}

/// `function.dependencies(snippet, path)`: the names of resources referenced by
/// `get_resource`/`get_attr` (and `Ref` in 2013-05-23), checked against the stack.
pub fn dependencies(stack: &Stack, expr: &Expr, path: &str, out: &mut Vec<Rc<str>>) -> Result<(), EvalError> {
    // One path buffer for the walk: the path is only read when a reference is bad.
    let mut path = String::from(path);
    collect_dependencies(stack, expr, &mut path, out)
}

fn collect_dependencies(
    stack: &Stack,
    expr: &Expr,
    path: &mut String,
    out: &mut Vec<Rc<str>>,
) -> Result<(), EvalError> {
    let len = path.len();
    match expr {
        Expr::Scalar(_) | Expr::Absent => {}
        Expr::Map(entries, _) => {
            for (k, v) in entries {
                path.push('.');
                match k.as_str() {
                    Some(k) => path.push_str(k),
                    None => path.push_str(&py_str(k)),
                }
                collect_dependencies(stack, v, path, out)?;
                path.truncate(len);
            }
        }
        Expr::List(items, _) => {
            for (i, v) in items.iter().enumerate() {
                let _ = write!(path, "[{i}]");
                collect_dependencies(stack, v, path, out)?;
                path.truncate(len);
            }
        }
        Expr::Call(call) => {
            path.push('.');
            path.push_str(&call.name);
            collect_dependencies(stack, &call.args, path, out)?;
            path.truncate(len);
            match functions::referenced_resource(stack, call, path) {
                Ok(Some(name)) => out.push(name),
                Ok(None) => {}
                // A display evaluation's resource it cannot make: no edge.
                Err(e) if e.is_unknown() => {}
                Err(e) => return Err(e.at_if_unset(call.span)),
            }
        }
    }
    Ok(())
}

/// Visit every call in a snippet (depth first), e.g. to find deferred values.
pub fn for_each_call<'a>(expr: &'a Expr, f: &mut dyn FnMut(&'a Call)) {
    match expr {
        Expr::Scalar(_) | Expr::Absent => {}
        Expr::List(items, _) => items.iter().for_each(|e| for_each_call(e, f)),
        Expr::Map(entries, _) => entries.iter().for_each(|(_, e)| for_each_call(e, f)),
        Expr::Call(c) => {
            f(c);
            for_each_call(&c.args, f);
        }
    }
}
