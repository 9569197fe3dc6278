//! Evaluation: expressions, lambdas, and yaql's overload resolution (`runner.call`).

use std::cell::Cell;
use std::collections::HashMap;
use std::rc::Rc;
use std::sync::OnceLock;

use super::context::{Context, UserFn};
use super::iter;
use super::parser::{Ast, Node, NodeId};
use super::types::{limit_iterable, T};
use super::value::{py_sizeof, py_str, V};
use super::YaqlError;

pub(crate) type R<T> = Result<T, YaqlError>;

/// yaql's engine options as Heat sets them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Limits {
    /// `yaql.limitIterators`.
    pub iterators: usize,
    /// `yaql.memoryQuota` in bytes.
    pub memory: usize,
}

/// Python frames charged for each nested call and for each parenthesis, so that
/// nesting fails about where CPython's recursion limit (1000) makes yaql fail.
const CALL_FRAMES: usize = 7;
const WRAP_FRAMES: usize = 2;
const FRAME_LIMIT: usize = 985;
/// Units of work one evaluation may do. Python yaql has no limit and would run on
/// (forever for `sequence().len()`); template expressions need a few thousand.
/// A step count, not a clock: the core reads no clock, and results must not
/// depend on how fast the machine is.
const STEP_BUDGET: u64 = 1_000_000;
/// Machine stack one evaluation may use below its entry point. Release builds reach
/// Python's own recursion limit first; unoptimized builds, with their larger frames,
/// stop here instead of overflowing a 2 MiB thread stack.
pub(crate) const STACK_BUDGET: usize = 1024 * 1024;

/// An address on the current stack (safe: the pointer is never dereferenced).
#[inline(always)]
pub(crate) fn stack_address() -> usize {
    let marker = 0u8;
    std::hint::black_box(&marker as *const u8 as usize)
}

/// One evaluation's state.
pub(crate) struct Engine {
    pub limits: Limits,
    /// The yaql is older than 3.0.0 (Heat 16.x–20.x): its removed functions exist.
    pub yaql_before_3: bool,
    frames: Cell<usize>,
    steps: Cell<u64>,
    stack_base: usize,
}

impl Engine {
    pub(crate) fn new(limits: Limits, yaql_before_3: bool) -> Engine {
        Engine { limits, yaql_before_3, frames: Cell::new(0), steps: Cell::new(0), stack_base: stack_address() }
    }

    fn enter_frames(&self, n: usize) -> R<()> {
        let f = self.frames.get() + n;
        if f > FRAME_LIMIT || self.stack_base.saturating_sub(stack_address()) > STACK_BUDGET {
            return Err(YaqlError::new("RecursionError", "maximum recursion depth exceeded"));
        }
        self.frames.set(f);
        Ok(())
    }

    fn leave_frames(&self, n: usize) {
        self.frames.set(self.frames.get().saturating_sub(n));
    }

    /// One nested iterator step (a Python generator frame).
    pub(crate) fn enter(&self) -> R<()> {
        self.enter_frames(2)
    }

    pub(crate) fn leave(&self) {
        self.leave_frames(2);
    }

    /// Count one unit of work; fails once the step budget is spent.
    pub(crate) fn tick(&self) -> R<()> {
        let s = self.steps.get() + 1;
        self.steps.set(s);
        if s > STEP_BUDGET {
            return Err(YaqlError::new(
                "TimeoutError",
                format!(
                    "expression evaluation needed more than {STEP_BUDGET} steps (hotplate's limit; Python yaql would keep running)"
                ),
            ));
        }
        Ok(())
    }

    /// `utils.limit_memory_usage(engine, (1, v))`.
    pub(crate) fn check_memory(&self, v: &V) -> R<()> {
        if self.limits.memory > 0 && py_sizeof(v) > self.limits.memory {
            return Err(memory_error());
        }
        Ok(())
    }

    /// `utils.limit_memory_usage` with several (count, object size) terms.
    pub(crate) fn check_memory_terms(&self, terms: &[(i64, usize)]) -> R<()> {
        if self.limits.memory == 0 {
            return Ok(());
        }
        let quota = i128::try_from(self.limits.memory).unwrap_or(i128::MAX);
        let mut total: i128 = 0;
        for (k, size) in terms {
            total += i128::from(*k) * i128::try_from(*size).unwrap_or(i128::MAX);
            if total > quota {
                return Err(memory_error());
            }
        }
        Ok(())
    }

    // -----------------------------------------------------------------------
    // Expressions
    // -----------------------------------------------------------------------

    /// Evaluate a node with an optional receiver (method-call position).
    pub(crate) fn eval(&self, ast: &Rc<Ast>, id: NodeId, receiver: Option<&V>, ctx: &Rc<Context>) -> R<V> {
        match ast.node(id) {
            Node::Const(v) => Ok(v.clone()),
            Node::Keyword(k) => Ok(V::Str(k.clone())),
            Node::NoValue => Ok(V::NoValue),
            // Past 64 bits, and not past Python's 4300 digits (the parser keeps those as text).
            Node::BigInt(text) => {
                Err(YaqlError::new("ValueError", crate::pyconv::int_digits_error(text.trim_start_matches('-').len())))
            }
            Node::Dollar(name) => {
                self.enter_frames(CALL_FRAMES)?;
                let v = ctx.get(name);
                let r = self.check_memory(&v).map(|()| v);
                self.leave_frames(CALL_FRAMES);
                r
            }
            Node::Wrap(inner) => {
                self.enter_frames(WRAP_FRAMES)?;
                let r = self.eval(ast, *inner, receiver, ctx);
                self.leave_frames(WRAP_FRAMES);
                r
            }
            Node::Rule(a, b) => {
                let x = self.eval(ast, *a, None, ctx)?;
                let y = self.eval(ast, *b, None, ctx)?;
                Ok(V::Rule(Rc::new((x, y))))
            }
            Node::Call { name, args, .. } => {
                let args: Vec<Arg> = args.iter().map(|a| Arg::E(ast.clone(), *a)).collect();
                self.call(name, ctx, args, Vec::new(), receiver.cloned())
            }
        }
    }

    // -----------------------------------------------------------------------
    // Calls
    // -----------------------------------------------------------------------

    /// Call a function (no receiver) or method by name with unevaluated or evaluated
    /// arguments: yaql's `runner.call`.
    pub(crate) fn call(
        &self,
        name: &str,
        ctx: &Rc<Context>,
        args: Vec<Arg>,
        kwargs: Vec<(Rc<str>, Arg)>,
        receiver: Option<V>,
    ) -> R<V> {
        self.enter_frames(CALL_FRAMES)?;
        if let Err(e) = self.tick() {
            self.leave_frames(CALL_FRAMES);
            return Err(e);
        }
        let r = self.call_inner(name, ctx, args, kwargs, receiver);
        self.leave_frames(CALL_FRAMES);
        r
    }

    /// Call with already evaluated positional values (a Python-side delegate call).
    pub(crate) fn call_values(&self, name: &str, ctx: &Rc<Context>, args: Vec<V>) -> R<V> {
        self.call(name, ctx, args.into_iter().map(Arg::V).collect(), Vec::new(), None)
    }

    /// Method call with evaluated values.
    pub(crate) fn call_method_values(&self, name: &str, ctx: &Rc<Context>, receiver: V, args: Vec<V>) -> R<V> {
        self.call(name, ctx, args.into_iter().map(Arg::V).collect(), Vec::new(), Some(receiver))
    }

    fn call_inner(
        &self,
        name: &str,
        ctx: &Rc<Context>,
        args: Vec<Arg>,
        kwargs: Vec<(Rc<str>, Arg)>,
        receiver: Option<V>,
    ) -> R<V> {
        // Each phase has its own frame so that only a small one stays on the stack
        // across the recursive evaluation of arguments and of the body.
        let mut plan = resolve(name, ctx, args, kwargs, receiver, self.yaql_before_3)?;
        self.eval_args(&mut plan, ctx)?;
        let (cand, bound) = choose(&mut plan)?;
        let receiver = plan.receiver.take();
        drop(plan);
        let result = self.invoke(cand, bound, ctx, receiver)?;
        self.check_memory(&result)?;
        Ok(result)
    }

    /// Evaluate the arguments that are not lazy (`arg_evaluator`).
    #[inline(never)]
    fn eval_args(&self, plan: &mut Plan, ctx: &Rc<Context>) -> R<()> {
        for (i, a) in plan.pos.iter_mut().enumerate() {
            if plan.lazy.pos.contains(&i) {
                continue;
            }
            if let Arg::E(ast, id) = a {
                if !is_constant(ast, *id) {
                    let v = self.eval(ast, *id, None, ctx)?;
                    *a = Arg::V(v);
                }
            }
        }
        for (k, a) in &mut plan.kw {
            if plan.lazy.kw.iter().any(|x| x == k) {
                continue;
            }
            if let Arg::E(ast, id) = a {
                if !is_constant(ast, *id) {
                    let v = self.eval(ast, *id, None, ctx)?;
                    *a = Arg::V(v);
                }
            }
        }
        Ok(())
    }

    fn invoke(&self, cand: Cand, bound: Bound, ctx: &Rc<Context>, receiver: Option<V>) -> R<V> {
        let def = cand.def();
        let mut call = Call {
            eng: self,
            ctx,
            receiver,
            args: Vec::with_capacity(bound.fixed.len()),
            var: Vec::with_capacity(bound.var.len()),
            kw: Vec::new(),
            user: match &cand {
                Cand::User(u) => Some(u.clone()),
                Cand::Std(_) => None,
            },
            none: V::None,
        };
        for (p, a) in def.params.iter().zip(bound.fixed) {
            let cv = self.convert(&p.ty, a, ctx)?;
            call.args.push(cv);
        }
        if let Some(t) = &def.var {
            for a in bound.var {
                let cv = self.convert(t, a, ctx)?;
                call.var.push(cv);
            }
        }
        if let Some(t) = &def.varkw {
            for (k, a) in bound.kw {
                let cv = self.convert(t, a, ctx)?;
                call.kw.push((k, cv));
            }
        }
        (def.body)(&mut call)
    }

    /// `value_type.convert(...)`: memory check, iterable limit, lambdas.
    fn convert(&self, t: &T, a: Arg, ctx: &Rc<Context>) -> R<CV> {
        match t {
            T::Lambda { method, with_context } => Ok(CV::L(Lambda::new(a, ctx, *method, *with_context))),
            T::Rule => match a {
                Arg::E(ast, id) => match ast.node(id) {
                    Node::Rule(s, d) => Ok(CV::Rule(
                        Lambda::new(Arg::E(ast.clone(), *s), ctx, false, false),
                        Lambda::new(Arg::E(ast.clone(), *d), ctx, false, false),
                    )),
                    _ => Err(bad_arg()),
                },
                Arg::V(_) => Err(bad_arg()),
            },
            T::Keyword { expand } => match a {
                Arg::E(ast, id) => match ast.node(id) {
                    Node::Keyword(k) if *expand => Ok(CV::V(V::Str(k.clone()))),
                    Node::Keyword(_) => Ok(CV::E(ast.clone(), id)),
                    _ => Err(bad_arg()),
                },
                Arg::V(_) => Err(bad_arg()),
            },
            T::Expr { .. } => match a {
                Arg::E(ast, id) => Ok(CV::E(ast, id)),
                Arg::V(_) => Err(bad_arg()),
            },
            _ => {
                let v = match arg_value(&a) {
                    Some(v) => v,
                    None => match a {
                        Arg::E(ast, id) => self.eval(&ast, id, None, ctx)?,
                        Arg::V(v) => v,
                    },
                };
                if v.is_none() {
                    return Ok(CV::V(v));
                }
                self.check_memory(&v)?;
                let v = match t {
                    T::Iterable { .. } => limit_iterable(self, v)?,
                    T::DateTime { .. } => match v {
                        V::DateTime(us, off) => V::DateTime(us, off),
                        other => other,
                    },
                    _ => v,
                };
                Ok(CV::V(v))
            }
        }
    }
}

/// Overloads that fit the arguments' number, names and constant types (`map_args`).
struct Plan {
    name: String,
    survivors: Vec<Vec<(Cand, Mapping)>>,
    pos: Vec<Arg>,
    kw: Vec<(Rc<str>, Arg)>,
    lazy: LazySet,
    receiver: Option<V>,
}

fn not_found_error(name: &str, receiver: Option<&V>) -> YaqlError {
    match receiver {
        None => {
            YaqlError::new("NoMatchingFunctionException", format!("No function \"{name}\" matches supplied arguments"))
        }
        Some(r) => YaqlError::new(
            "NoMatchingMethodException",
            format!("No method \"{name}\" for receiver {} matches supplied arguments", py_str(r)),
        ),
    }
}

fn ambiguous_error(name: &str, receiver: Option<&V>) -> YaqlError {
    match receiver {
        None => YaqlError::new("AmbiguousFunctionException", format!("Ambiguous function \"{name}\"")),
        Some(r) => YaqlError::new(
            "AmbiguousMethodException",
            format!("Ambiguous method \"{name}\" for receiver {}", py_str(r)),
        ),
    }
}

#[inline(never)]
fn resolve(
    name: &str,
    ctx: &Rc<Context>,
    args: Vec<Arg>,
    kwargs: Vec<(Rc<str>, Arg)>,
    receiver: Option<V>,
    yaql_before_3: bool,
) -> R<Box<Plan>> {
    let is_method = receiver.is_some();
    let lookup = name.trim_end_matches('_');
    let mut layers: Vec<Vec<Cand>> = Vec::new();
    if !is_method {
        let mut c = Some(ctx);
        while let Some(cx) = c {
            if cx.has_functions() {
                let fs = cx.functions_named(lookup);
                if !fs.is_empty() {
                    layers.push(fs.into_iter().map(Cand::User).collect());
                }
            }
            c = cx.parent();
        }
    }
    let table = table();
    for layer in [&table.std, &table.root] {
        if let Some(ids) = layer.get(lookup) {
            let cands: Vec<Cand> = ids
                .iter()
                .filter_map(|i| table.defs.get(*i))
                .filter(|d| if is_method { d.is_method } else { d.is_function })
                .filter(|d| yaql_before_3 || !d.until_yaql3)
                .map(Cand::Std)
                .collect();
            if !cands.is_empty() {
                layers.push(cands);
            }
        }
    }
    if layers.is_empty() {
        return Err(match &receiver {
            None => YaqlError::new("NoFunctionRegisteredException", format!("Unknown function \"{name}\"")),
            Some(r) => YaqlError::new(
                "NoMethodRegisteredException",
                format!("Unknown method \"{name}\" for receiver {}", py_str(r)),
            ),
        });
    }
    let not_found = || not_found_error(name, receiver.as_ref());
    let ambiguous = || ambiguous_error(name, receiver.as_ref());

    let mut args = args;
    if let Some(r) = &receiver {
        args.insert(0, Arg::V(r.clone()));
    }
    // translate_args, decided by the first candidate
    let first_no_kwargs = layers.first().and_then(|l| l.first()).is_some_and(|c| c.def().no_kwargs);
    if layers.iter().flatten().any(|c| c.def().no_kwargs != first_no_kwargs) {
        return Err(ambiguous());
    }
    let (pos, kw) = translate_args(first_no_kwargs, args, kwargs)?;

    // map_args: arity, names and constant types
    let mut lazy: Option<LazySet> = None;
    let mut survivors: Vec<Vec<(Cand, Mapping)>> = Vec::new();
    for layer in layers {
        let mut level = Vec::new();
        for c in layer {
            let Some(m) = map_args(c.def(), &pos, &kw) else { continue };
            let l = m.lazy_set(c.def(), &pos, &kw);
            match &lazy {
                None => lazy = Some(l),
                Some(prev) if *prev != l => return Err(ambiguous()),
                Some(_) => {}
            }
            level.push((c, m));
        }
        if !level.is_empty() {
            survivors.push(level);
        }
    }
    if survivors.is_empty() {
        return Err(not_found());
    }
    let lazy = lazy.unwrap_or_default();

    Ok(Box::new(Plan { name: name.to_string(), survivors, pos, kw, lazy, receiver }))
}

/// `get_delegate` over the surviving overloads: the first layer with a fit wins.
#[inline(never)]
fn choose(plan: &mut Plan) -> R<(Cand, Bound)> {
    let mut chosen: Option<(Cand, Bound, Mapping)> = None;
    for level in std::mem::take(&mut plan.survivors) {
        for (c, m) in level {
            let Some(b) = bind(c.def(), &plan.pos, &plan.kw) else { continue };
            if let Some((wc, _, wm)) = &chosen {
                if is_specialization_of(wc.def(), wm, c.def(), &m) {
                    continue;
                } else if !is_specialization_of(c.def(), &m, wc.def(), wm) {
                    return Err(ambiguous_error(&plan.name, plan.receiver.as_ref()));
                }
            }
            chosen = Some((c, b, m));
        }
        if chosen.is_some() {
            break;
        }
    }
    match chosen {
        Some((c, b, _)) => Ok((c, b)),
        None => Err(not_found_error(&plan.name, plan.receiver.as_ref())),
    }
}

fn bad_arg() -> YaqlError {
    YaqlError::new("ArgumentException", "Invalid argument")
}

pub(crate) fn memory_error() -> YaqlError {
    YaqlError::new("MemoryQuotaExceededException", "Expression consumed too much memory")
}

// ---------------------------------------------------------------------------
// Arguments
// ---------------------------------------------------------------------------

/// An argument: an unevaluated expression or a value.
#[derive(Clone, Debug)]
pub(crate) enum Arg {
    E(Rc<Ast>, NodeId),
    V(V),
}

/// `isinstance(x, expressions.Constant)` (literals and bare keywords).
fn is_constant(ast: &Ast, id: NodeId) -> bool {
    matches!(ast.node(id), Node::Const(_) | Node::Keyword(_))
}

/// The value of a constant expression or of an evaluated argument.
fn arg_value(a: &Arg) -> Option<V> {
    match a {
        Arg::V(v) => Some(v.clone()),
        Arg::E(ast, id) => match ast.node(*id) {
            Node::Const(v) => Some(v.clone()),
            Node::Keyword(k) => Some(V::Str(k.clone())),
            _ => None,
        },
    }
}

/// Keyword arguments in call order.
type KwArgs = Vec<(Rc<str>, Arg)>;

/// `runner.translate_args`.
fn translate_args(no_kwargs: bool, args: Vec<Arg>, kwargs: Vec<(Rc<str>, Arg)>) -> R<(Vec<Arg>, KwArgs)> {
    if no_kwargs {
        if let Some((k, _)) = kwargs.first() {
            return Err(YaqlError::new("ArgumentException", format!("Invalid argument {k}")));
        }
        return Ok((args, kwargs));
    }
    let mut pos = Vec::with_capacity(args.len());
    let mut kw: Vec<(Rc<str>, Arg)> = Vec::new();
    for a in args {
        if let Arg::E(ast, id) = &a {
            if let Node::Rule(s, d) = ast.node(*id) {
                let Node::Keyword(k) = ast.node(*s) else {
                    return Err(YaqlError::new(
                        "MappingTranslationException",
                        "Cannot convert mapping to keyword argument",
                    ));
                };
                let entry = Arg::E(ast.clone(), *d);
                if let Some(slot) = kw.iter_mut().find(|(n, _)| n == k) {
                    slot.1 = entry;
                } else {
                    kw.push((k.clone(), entry));
                }
                continue;
            }
        }
        pos.push(a);
    }
    for (k, v) in kwargs {
        if kw.iter().any(|(n, _)| *n == k) {
            return Err(YaqlError::new("MappingTranslationException", "Cannot convert mapping to keyword argument"));
        }
        kw.push((k, v));
    }
    Ok((pos, kw))
}

#[derive(Default, PartialEq, Debug)]
struct LazySet {
    pos: Vec<usize>,
    kw: Vec<Rc<str>>,
}

/// Which parameter each argument went to (`map_args`' result).
#[derive(Debug)]
struct Mapping {
    /// Parameter index per positional argument (`usize::MAX` = `*args`).
    pos: Vec<usize>,
    /// (keyword, parameter index or MAX for `**`).
    kw: Vec<(Rc<str>, usize)>,
}

const VAR: usize = usize::MAX;

impl Mapping {
    fn ty<'d>(&self, def: &'d FnDef, p: usize) -> Option<&'d T> {
        if p == VAR {
            def.var.as_ref()
        } else {
            def.params.get(p).map(|x| &x.ty)
        }
    }

    fn kw_ty<'d>(&self, def: &'d FnDef, p: usize) -> Option<&'d T> {
        if p == VAR {
            def.varkw.as_ref()
        } else {
            def.params.get(p).map(|x| &x.ty)
        }
    }

    fn lazy_set(&self, def: &FnDef, _pos: &[Arg], _kw: &[(Rc<str>, Arg)]) -> LazySet {
        let mut s = LazySet::default();
        for (i, p) in self.pos.iter().enumerate() {
            if self.ty(def, *p).is_some_and(T::is_lazy) {
                s.pos.push(i);
            }
        }
        for (k, p) in &self.kw {
            if self.kw_ty(def, *p).is_some_and(T::is_lazy) {
                s.kw.push(k.clone());
            }
        }
        crate::sort::sort(&mut s.kw);
        s
    }
}

/// `FunctionDefinition.map_args`.
fn map_args(def: &FnDef, args: &[Arg], kwargs: &[(Rc<str>, Arg)]) -> Option<Mapping> {
    let mut kwargs: Vec<(Rc<str>, &Arg)> = kwargs.iter().map(|(k, a)| (k.clone(), a)).collect();
    let mut positional: Vec<Option<usize>> = vec![if def.var.is_some() { Some(VAR) } else { None }; args.len()];
    let mut keyword: Vec<(Rc<str>, usize)> = Vec::new();
    let mut npos = 0usize;
    for (pi, p) in def.params.iter().enumerate() {
        if p.positional {
            let at = npos;
            npos += 1;
            let present = args.get(at).is_some_and(|a| !matches!(a, Arg::V(V::NoValue)) && !is_novalue_expr(a));
            let in_kw = kwargs.iter().position(|(k, _)| **k == *p.alias);
            if present {
                if in_kw.is_some() {
                    return None;
                }
                if let Some(slot) = positional.get_mut(at) {
                    *slot = Some(pi);
                }
            } else if let Some(k) = in_kw {
                keyword.push((kwargs.remove(k).0, pi));
            } else if p.default.is_required() {
                return None;
            } else if at < args.len() {
                if let Some(slot) = positional.get_mut(at) {
                    *slot = Some(pi);
                }
            }
        } else if let Some(k) = kwargs.iter().position(|(k, _)| **k == *p.alias) {
            keyword.push((kwargs.remove(k).0, pi));
        } else if p.default.is_required() {
            return None;
        }
    }
    if !kwargs.is_empty() {
        if def.varkw.is_some() {
            for (k, _) in &kwargs {
                keyword.push((k.clone(), VAR));
            }
        } else {
            return None;
        }
    }
    let mut pos_map = Vec::with_capacity(args.len());
    for (i, slot) in positional.iter().enumerate() {
        let p = (*slot)?;
        let a = args.get(i)?;
        let ty = if p == VAR { def.var.as_ref()? } else { &def.params.get(p)?.ty };
        let ok = if matches!(a, Arg::V(V::NoValue)) || is_novalue_expr(a) {
            match def.params.get(p) {
                Some(param) if p != VAR => ty.check(&Arg::V(param.default.value())),
                _ => ty.check(&Arg::V(V::NoValue)),
            }
        } else {
            ty.check(a)
        };
        if !ok {
            return None;
        }
        pos_map.push(p);
    }
    for (k, a) in &kwargs {
        let ty = def.varkw.as_ref()?;
        if !ty.check(a) {
            return None;
        }
        let _ = k;
    }
    Some(Mapping { pos: pos_map, kw: keyword })
}

fn is_novalue_expr(a: &Arg) -> bool {
    matches!(a, Arg::E(ast, id) if matches!(ast.node(*id), Node::NoValue))
}

/// Arguments bound to parameters (`get_delegate`).
struct Bound {
    fixed: Vec<Arg>,
    var: Vec<Arg>,
    kw: Vec<(Rc<str>, Arg)>,
}

/// `FunctionDefinition.get_delegate` minus the conversion: None when a type does not fit.
fn bind(def: &FnDef, args: &[Arg], kwargs: &[(Rc<str>, Arg)]) -> Option<Bound> {
    let mut kwargs: Vec<(Rc<str>, Arg)> = kwargs.to_vec();
    let mut fixed = Vec::with_capacity(def.params.len());
    let mut npos = 0usize;
    for p in &def.params {
        let chosen = if p.positional {
            let at = npos;
            npos += 1;
            let present = args.get(at).filter(|a| !matches!(a, Arg::V(V::NoValue)) && !is_novalue_expr(a));
            let in_kw = kwargs.iter().position(|(k, _)| **k == *p.alias);
            if let Some(a) = present {
                if in_kw.is_some() {
                    return None;
                }
                a.clone()
            } else if let Some(k) = in_kw {
                kwargs.remove(k).1
            } else if !p.default.is_required() {
                Arg::V(p.default.value())
            } else {
                return None;
            }
        } else if let Some(k) = kwargs.iter().position(|(k, _)| **k == *p.alias) {
            kwargs.remove(k).1
        } else if !p.default.is_required() {
            Arg::V(p.default.value())
        } else {
            return None;
        };
        if !p.ty.check(&chosen) {
            return None;
        }
        fixed.push(chosen);
    }
    let mut var = Vec::new();
    if args.len() > npos {
        let t = def.var.as_ref()?;
        for a in args.get(npos..).unwrap_or(&[]) {
            if !t.check(a) {
                return None;
            }
            var.push(a.clone());
        }
    }
    let mut kw = Vec::new();
    if !kwargs.is_empty() {
        let t = def.varkw.as_ref()?;
        for (k, a) in kwargs {
            if !t.check(&a) {
                return None;
            }
            kw.push((k, a));
        }
    }
    Some(Bound { fixed, var, kw })
}

/// `runner._is_specialization_of(mapping1, mapping2)`.
fn is_specialization_of(d1: &FnDef, m1: &Mapping, d2: &FnDef, m2: &Mapping) -> bool {
    let mut res = false;
    for (p1, p2) in m1.pos.iter().zip(m2.pos.iter()) {
        let (Some(a1), Some(a2)) = (m1.ty(d1, *p1), m2.ty(d2, *p2)) else { continue };
        if a2.is_specialization_of(a1) {
            return false;
        } else if a1.is_specialization_of(a2) {
            res = true;
        }
    }
    for (k, p1) in &m1.kw {
        let Some((_, p2)) = m2.kw.iter().find(|(k2, _)| k2 == k) else { continue };
        let (Some(a1), Some(a2)) = (m1.kw_ty(d1, *p1), m2.kw_ty(d2, *p2)) else { continue };
        if a2.is_specialization_of(a1) {
            return false;
        } else if a1.is_specialization_of(a2) {
            res = true;
        }
    }
    res
}

// ---------------------------------------------------------------------------
// Converted arguments and calls
// ---------------------------------------------------------------------------

/// A converted argument as a function body receives it.
#[derive(Clone, Debug)]
pub(crate) enum CV {
    V(V),
    L(Lambda),
    Rule(Lambda, Lambda),
    E(Rc<Ast>, NodeId),
}

/// One invocation of a standard-library function.
pub(crate) struct Call<'a> {
    pub eng: &'a Engine,
    pub ctx: &'a Rc<Context>,
    #[allow(dead_code)]
    pub receiver: Option<V>,
    pub args: Vec<CV>,
    pub var: Vec<CV>,
    pub kw: Vec<(Rc<str>, CV)>,
    pub user: Option<Rc<UserFn>>,
    none: V,
}

impl Call<'_> {
    /// The value of fixed parameter `i`.
    pub(crate) fn v(&self, i: usize) -> &V {
        match self.args.get(i) {
            Some(CV::V(v)) => v,
            _ => &self.none,
        }
    }

    /// The lambda of parameter `i` (None when the argument was null).
    pub(crate) fn lam(&self, i: usize) -> Option<Lambda> {
        match self.args.get(i) {
            Some(CV::L(l)) if !l.is_null() => Some(l.clone()),
            _ => None,
        }
    }

    pub(crate) fn int(&self, i: usize) -> i64 {
        match self.v(i) {
            V::Int(x) => *x,
            V::Bool(b) => i64::from(*b),
            // Past 64 bits: as far as an index or a count can go.
            V::BigInt(b) if b.sign() == num_bigint::Sign::Minus => i64::MIN,
            V::BigInt(_) => i64::MAX,
            _ => 0,
        }
    }

    pub(crate) fn s(&self, i: usize) -> Rc<str> {
        match self.v(i) {
            V::Str(s) => s.clone(),
            _ => Rc::from(""),
        }
    }

    /// The `*args` values.
    pub(crate) fn var_values(&self) -> Vec<V> {
        self.var
            .iter()
            .map(|c| match c {
                CV::V(v) => v.clone(),
                _ => V::None,
            })
            .collect()
    }

    /// A child of the call-site context (the function's own `context`).
    pub(crate) fn new_ctx(&self) -> Rc<Context> {
        Context::child(self.ctx)
    }
}

/// A yaql lambda: an unevaluated expression closed over its context.
#[derive(Clone, Debug)]
pub(crate) struct Lambda(Rc<LambdaInner>);

#[derive(Debug)]
struct LambdaInner {
    body: Arg,
    ctx: Rc<Context>,
    method: bool,
    with_context: bool,
}

impl Lambda {
    pub(crate) fn new(body: Arg, ctx: &Rc<Context>, method: bool, with_context: bool) -> Lambda {
        Lambda(Rc::new(LambdaInner { body, ctx: ctx.clone(), method, with_context }))
    }

    /// The argument was `null` (Python passes None instead of a function).
    pub(crate) fn is_null(&self) -> bool {
        matches!(&self.0.body, Arg::V(V::None))
    }

    fn run(&self, eng: &Engine, receiver: Option<&V>, ctx: &Rc<Context>) -> R<V> {
        eng.tick()?;
        match &self.0.body {
            Arg::E(ast, id) => eng.eval(ast, *id, receiver, ctx),
            Arg::V(v) => Ok(v.clone()),
        }
    }

    /// `f(*args)`: `$1`, `$2`, ... (and `$`) bound in a child context.
    pub(crate) fn call(&self, eng: &Engine, args: &[V]) -> R<V> {
        let ctx = Context::child(&self.0.ctx);
        for (i, a) in args.iter().enumerate() {
            ctx.set_positional(i, a.clone());
        }
        self.run(eng, None, &ctx)
    }

    /// Call with positional and keyword arguments (`def` functions).
    pub(crate) fn call_kw(&self, eng: &Engine, args: &[V], kwargs: &[(Rc<str>, V)]) -> R<V> {
        let ctx = Context::child(&self.0.ctx);
        for (i, a) in args.iter().enumerate() {
            ctx.set_positional(i, a.clone());
        }
        for (k, v) in kwargs {
            ctx.set(&format!("${k}"), v.clone());
        }
        self.run(eng, None, &ctx)
    }

    /// A method lambda: evaluate on a receiver.
    pub(crate) fn call_method(&self, eng: &Engine, receiver: &V) -> R<V> {
        let ctx = Context::child(&self.0.ctx);
        self.run(eng, Some(receiver), &ctx)
    }

    /// A context lambda: evaluate in the given context.
    pub(crate) fn call_in(&self, eng: &Engine, ctx: &Rc<Context>) -> R<V> {
        let _ = (self.0.method, self.0.with_context);
        self.run(eng, None, ctx)
    }

    /// The lambda's body node when it is an expression.
    pub(crate) fn body(&self) -> &Arg {
        &self.0.body
    }
}

// ---------------------------------------------------------------------------
// Function definitions and the table
// ---------------------------------------------------------------------------

/// A function body.
pub(crate) type Body = fn(&mut Call<'_>) -> R<V>;

/// A parameter default.
#[derive(Clone, Debug)]
pub(crate) enum Dft {
    Required,
    NoValue,
    None,
    Int(i64),
    Bool(bool),
    Str(&'static str),
    ZeroSpan,
}

impl Dft {
    fn is_required(&self) -> bool {
        matches!(self, Dft::Required)
    }

    pub(crate) fn value(&self) -> V {
        match self {
            Dft::Required | Dft::NoValue => V::NoValue,
            Dft::None => V::None,
            Dft::Int(i) => V::Int(*i),
            Dft::Bool(b) => V::Bool(*b),
            Dft::Str(s) => V::str(s),
            Dft::ZeroSpan => V::TimeSpan(0),
        }
    }
}

/// A visible parameter.
#[derive(Clone, Debug)]
pub(crate) struct Param {
    pub alias: String,
    pub ty: T,
    pub default: Dft,
    pub positional: bool,
}

/// A registered function or method (one overload).
pub(crate) struct FnDef {
    pub name: &'static str,
    pub is_function: bool,
    pub is_method: bool,
    pub no_kwargs: bool,
    pub params: Vec<Param>,
    pub var: Option<T>,
    pub varkw: Option<T>,
    /// Only in yaql before 3.0.0 (an engine without [`Engine::yaql_before_3`] does not find it).
    pub until_yaql3: bool,
    pub body: Body,
}

fn unreachable_body(_: &mut Call<'_>) -> R<V> {
    Err(YaqlError::new("NotImplementedError", "no body"))
}

/// yaql's CamelCase convention for a Python parameter name.
pub(crate) fn camel(name: &str) -> String {
    let name = name.trim_end_matches('_');
    let mut out = String::new();
    let mut up = false;
    for (i, c) in name.chars().enumerate() {
        if c == '_' && i > 0 {
            up = true;
            continue;
        }
        if up {
            out.extend(c.to_uppercase());
            up = false;
        } else {
            out.push(c);
        }
    }
    out
}

// The builder's steps are never inlined: the table is built once, and
// `functions::register`'s ~400 definitions stay a sequence of calls.
impl FnDef {
    /// A function (not callable as a method).
    #[inline(never)]
    pub(crate) fn func(name: &'static str) -> FnDef {
        FnDef {
            name,
            is_function: true,
            is_method: false,
            no_kwargs: false,
            params: Vec::new(),
            var: None,
            varkw: None,
            until_yaql3: false,
            body: unreachable_body,
        }
    }

    /// A method only.
    #[inline(never)]
    pub(crate) fn method(name: &'static str) -> FnDef {
        FnDef { is_function: false, is_method: true, ..FnDef::func(name) }
    }

    /// Both a function and a method (`extension_method`).
    #[inline(never)]
    pub(crate) fn ext(name: &'static str) -> FnDef {
        FnDef { is_function: true, is_method: true, ..FnDef::func(name) }
    }

    /// A required positional parameter.
    #[inline(never)]
    pub(crate) fn p(mut self, name: &str, ty: T) -> FnDef {
        self.params.push(Param { alias: camel(name), ty, default: Dft::Required, positional: true });
        self
    }

    /// A positional parameter with a default.
    #[inline(never)]
    pub(crate) fn pd(mut self, name: &str, ty: T, d: Dft) -> FnDef {
        self.params.push(Param { alias: camel(name), ty, default: d, positional: true });
        self
    }

    /// A keyword-only parameter.
    #[allow(dead_code)]
    #[inline(never)]
    pub(crate) fn kw(mut self, name: &str, ty: T, d: Dft) -> FnDef {
        self.params.push(Param { alias: camel(name), ty, default: d, positional: false });
        self
    }

    /// Rename the last parameter's keyword.
    #[inline(never)]
    pub(crate) fn alias(mut self, a: &str) -> FnDef {
        if let Some(p) = self.params.last_mut() {
            p.alias = a.to_string();
        }
        self
    }

    #[inline(never)]
    pub(crate) fn var(mut self, ty: T) -> FnDef {
        self.var = Some(ty);
        self
    }

    #[inline(never)]
    pub(crate) fn varkw(mut self, ty: T) -> FnDef {
        self.varkw = Some(ty);
        self
    }

    /// A definition yaql 3.0.0 removed.
    #[inline(never)]
    pub(crate) fn until_yaql3(mut self) -> FnDef {
        self.until_yaql3 = true;
        self
    }

    #[inline(never)]
    pub(crate) fn nokw(mut self) -> FnDef {
        self.no_kwargs = true;
        self
    }

    #[inline(never)]
    pub(crate) fn f(mut self, body: Body) -> FnDef {
        self.body = body;
        self
    }
}

/// All registered functions by name.
pub(crate) struct Table {
    pub defs: Vec<FnDef>,
    pub std: HashMap<&'static str, Vec<usize>>,
    pub root: HashMap<&'static str, Vec<usize>>,
    pub user_def: usize,
}

fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut defs: Vec<FnDef> = Vec::new();
        super::functions::register(&mut defs);
        let std_count = defs.len();
        super::functions::register_root(&mut defs);
        let mut std: HashMap<&'static str, Vec<usize>> = HashMap::new();
        let mut root: HashMap<&'static str, Vec<usize>> = HashMap::new();
        for (i, d) in defs.iter().enumerate() {
            let m = if i < std_count { &mut std } else { &mut root };
            m.entry(d.name).or_default().push(i);
        }
        // The overload `def` registers: wrapper(*args, **kwargs).
        defs.push(
            FnDef::func("<def>")
                .var(T::Any { nullable: true })
                .varkw(T::Any { nullable: true })
                .f(super::functions::system::call_user_fn),
        );
        let user_def = defs.len() - 1;
        Table { defs, std, root, user_def }
    })
}

/// An overload candidate.
#[derive(Clone)]
enum Cand {
    Std(&'static FnDef),
    User(Rc<UserFn>),
}

impl Cand {
    fn def(&self) -> &'static FnDef {
        match self {
            Cand::Std(d) => d,
            Cand::User(_) => {
                let t = table();
                // The table always ends with the `def` wrapper.
                t.defs.get(t.user_def).unwrap_or_else(|| t.defs.last().unwrap_or_else(|| unreachable_def()))
            }
        }
    }
}

fn unreachable_def() -> &'static FnDef {
    static D: OnceLock<FnDef> = OnceLock::new();
    D.get_or_init(|| FnDef::func("<none>"))
}

// ---------------------------------------------------------------------------
// Helpers for function bodies
// ---------------------------------------------------------------------------

/// Iterate any iterable value: `for x in v`.
pub(crate) fn for_each(eng: &Engine, v: &V, mut f: impl FnMut(V) -> R<bool>) -> R<()> {
    match v {
        V::Tuple(t) | V::List(t) => {
            for x in t.iter() {
                eng.tick()?;
                if !f(x.clone())? {
                    break;
                }
            }
            Ok(())
        }
        _ => {
            let it = iter::py_iter(eng, v)?;
            while let Some(x) = it.next(eng)? {
                eng.tick()?;
                if !f(x)? {
                    break;
                }
            }
            Ok(())
        }
    }
}
