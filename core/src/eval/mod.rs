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
    /// A list of snippets (shared: a copy of a parsed snippet shares its items).
    List(Rc<[Expr]>, Span),
    /// A map of snippets (keys are plain scalars, never parsed; shared as a list's items are).
    Map(Rc<[(Value, Expr)]>, Span),
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
                for (k, v) in entries.iter() {
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

/// Parsed snippets shared within one evaluation (an instance of a template
/// parses the same nodes as every other instance of it: the 270 role service
/// stacks of an overcloud are instances of a few dozen templates). A list or
/// map node is keyed by its items' allocation (held here, so it is not freed
/// and its address not reused while the evaluation runs), its span, the
/// version and the table; only a parse that succeeded without a macro (the
/// `if` macro reads the stack's conditions) is kept. Active between
/// [`parse_cache_scope`] and the scope's end, empty outside.
mod shared {
    use std::cell::{Cell, RefCell};
    use std::collections::HashMap;
    use std::rc::Rc;

    use super::Expr;
    use crate::functions::Table;
    use crate::source::Span;
    use crate::syntax::{Node, NodeKind};
    use crate::version::HotVersion;

    /// The node's items, held so that their address stays theirs.
    #[allow(dead_code)]
    enum Held {
        List(Rc<Vec<Node>>),
        Map(Rc<Vec<(Node, Node)>>),
    }

    type Key = (usize, Span, HotVersion, Table);

    #[derive(Default)]
    struct Cache {
        /// Nested scopes (an evaluation inside another): cleared when the outermost ends.
        depth: usize,
        parsed: HashMap<Key, (Held, Expr, usize), foldhash::fast::FixedState>,
    }

    thread_local! {
        static CACHE: RefCell<Cache> = RefCell::default();
        /// Macros parsed so far (a parse that parsed one is not kept).
        pub(super) static MACROS: Cell<u64> = const { Cell::new(0) };
        /// The deepest nesting reached so far by the walk in progress.
        pub(super) static DEEPEST: Cell<usize> = const { Cell::new(0) };
    }

    /// While it lives, parses are shared ([`super::parse_cache_scope`]).
    pub struct Scope(());

    pub(super) fn begin() -> Scope {
        CACHE.with(|c| c.borrow_mut().depth += 1);
        Scope(())
    }

    impl Drop for Scope {
        fn drop(&mut self) {
            CACHE.with(|c| {
                let mut c = c.borrow_mut();
                c.depth = c.depth.saturating_sub(1);
                if c.depth == 0 {
                    c.parsed = HashMap::default();
                }
            });
        }
    }

    fn key(node: &Node, version: HotVersion, table: Table) -> Option<Key> {
        let (ptr, shared) = match &node.kind {
            NodeKind::List(items) => (Rc::as_ptr(items) as usize, Rc::strong_count(items) > 1),
            NodeKind::Map(entries) => (Rc::as_ptr(entries) as usize, Rc::strong_count(entries) > 1),
            NodeKind::Scalar(_) => return None,
        };
        // A generated template's nodes have empty spans: only those it
        // shares among its members are met again.
        if node.span.start >= node.span.end && !shared {
            return None;
        }
        Some((ptr, node.span, version, table))
    }

    /// The kept parse of `node`, if its nesting `height` fits below `room`.
    pub(super) fn get(node: &Node, version: HotVersion, table: Table, room: usize) -> Option<(Expr, usize)> {
        CACHE.with(|c| {
            let c = c.borrow();
            if c.depth == 0 {
                return None;
            }
            let k = key(node, version, table)?;
            c.parsed.get(&k).filter(|(_, _, height)| *height <= room).map(|(_, e, height)| (e.clone(), *height))
        })
    }

    /// Whether parses are kept now.
    pub(super) fn active() -> bool {
        CACHE.with(|c| c.borrow().depth > 0)
    }

    /// Keep `expr` as the parse of `node` (its nesting `height` below it).
    pub(super) fn put(node: &Node, version: HotVersion, table: Table, expr: &Expr, height: usize) {
        CACHE.with(|c| {
            let mut c = c.borrow_mut();
            if c.depth == 0 {
                return;
            }
            let held = match &node.kind {
                NodeKind::List(items) => Held::List(items.clone()),
                NodeKind::Map(entries) => Held::Map(entries.clone()),
                NodeKind::Scalar(_) => return,
            };
            if let Some(k) = key(node, version, table) {
                c.parsed.insert(k, (held, expr.clone(), height));
            }
        });
    }
}

pub use shared::Scope as ParseScope;

/// Share parsed snippets among the stacks of one evaluation until the
/// returned scope ends (see `shared`).
pub(crate) fn parse_cache_scope() -> ParseScope {
    shared::begin()
}

/// Deepest nesting parse accepts (YAML nesting is limited earlier; this guards
/// snippets built from already-parsed request objects).
const MAX_DEPTH: usize = 400;

fn parse_depth(stack: &Stack, node: &Node, path: &mut String, table: Table, depth: usize) -> Result<Expr, EvalError> {
    if depth > MAX_DEPTH {
        return Err(EvalError::svf_path(path, "Template nesting is too deep").with_code("too-deep").at(node.span));
    }
    if let NodeKind::Scalar(v) = &node.kind {
        return Ok(Expr::Scalar(v.clone()));
    }
    if !shared::active() {
        return parse_node(stack, node, path, table, depth);
    }
    let version = stack.version();
    if let Some((e, height)) = shared::get(node, version, table, MAX_DEPTH.saturating_sub(depth)) {
        shared::DEEPEST.set(shared::DEEPEST.get().max(depth + height));
        return Ok(e);
    }
    let macros = shared::MACROS.get();
    let deepest = shared::DEEPEST.replace(depth);
    let parsed = parse_node(stack, node, path, table, depth);
    let reached = shared::DEEPEST.get();
    shared::DEEPEST.set(reached.max(deepest));
    if let Ok(e) = &parsed {
        if shared::MACROS.get() == macros {
            shared::put(node, version, table, e, reached - depth);
        }
    }
    parsed
}

/// [`parse_depth`] of a list or map node.
fn parse_node(stack: &Stack, node: &Node, path: &mut String, table: Table, depth: usize) -> Result<Expr, EvalError> {
    let len = path.len();
    match &node.kind {
        NodeKind::Scalar(v) => Ok(Expr::Scalar(v.clone())),
        NodeKind::List(items) => {
            let mut out = Vec::with_capacity(items.len());
            for (i, item) in items.iter().enumerate() {
                push_index(path, i);
                let item = parse_depth(stack, item, path, table, depth + 1);
                path.truncate(len);
                out.push(item?);
            }
            Ok(Expr::List(out.into(), node.span))
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
            Ok(Expr::Map(out.into(), node.span))
        }
    }
}

/// `[i]` at the end of a parse path (without the formatter: a parse
/// writes one per list item, and reads the path only when it fails).
fn push_index(path: &mut String, i: usize) {
    let mut digits = [0u8; 20];
    let mut n = i;
    let mut at = digits.len();
    loop {
        at -= 1;
        if let Some(d) = digits.get_mut(at) {
            *d = b'0' + (n % 10) as u8;
        }
        n /= 10;
        if n == 0 || at == 0 {
            break;
        }
    }
    path.push('[');
    for &d in digits.get(at..).unwrap_or_default() {
        path.push(char::from(d));
    }
    path.push(']');
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
        Resolve::Macro(parse) => {
            // What a macro chooses depends on the stack: not shared.
            shared::MACROS.set(shared::MACROS.get() + 1);
            parse(stack, name, raw_args, path, table, depth)?
        }
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
            for item in items.iter() {
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
            for (k, v) in entries.iter() {
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
            for item in items.iter() {
                out.extend(resolve_marking_unknown(stack, item, mark)?);
            }
            Some(Value::list(out))
        }
        Expr::Map(entries, _) => {
            let mut out = Map::with_capacity(entries.len());
            for (k, v) in entries.iter() {
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
            for (k, v) in entries.iter() {
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
            for (k, v) in entries.iter() {
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
                push_index(path, i);
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

#[cfg(test)]
mod path_tests {
    #[test]
    fn an_index_is_written_as_the_formatter_writes_it() {
        for i in [0, 7, 10, 99, 123, 4096, usize::MAX] {
            let mut path = String::from("a");
            super::push_index(&mut path, i);
            assert_eq!(path, format!("a[{i}]"));
        }
    }
}
