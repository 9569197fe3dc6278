//! `yaql.standard_library.system`: `.`, `?.`, `->`, `let`, `with`, `unpack`, `def`,
//! `assert`, `call`, and the root `#operator_.` fallback for properties.

use std::rc::Rc;

use super::super::context::{Context, UserFn};
use super::super::eval::{camel, Arg, Call, Dft, FnDef, CV, R};
use super::super::iter;
use super::super::types::{PyClass, ANY, ITER, LAMBDA, MAP, SEQ, STR, T};
use super::super::value::V;
use super::super::YaqlError;
use super::table::{func, method, p, pd, Overload};
use super::{dict_of, value_error};

/// The family's overloads, in yaql's registration order (resolution keeps it).
pub(crate) static OVERLOADS: &[Overload] = &[
    func("#operator_.", &[p("receiver", ANY), p("expr", T::Lambda { method: true, with_context: false })], call_on),
    func("#operator_?.", &[p("receiver", ANY), p("expr", T::Expr { function_only: false })], call_on_unless_null),
    method("unpack", &[p("sequence", ITER)], unpack).var(STR),
    func("with", &[], with).var(ANY),
    func("let", &[], let_).var(ANY).varkw(ANY),
    func("def", &[p("name", STR), p("func", LAMBDA)], def),
    func(
        "#operator_->",
        &[
            p("left", T::Cls { cls: PyClass::Context, nullable: false }),
            p("right", T::Lambda { method: false, with_context: true }),
        ],
        context_then,
    ),
    method(
        "assert",
        &[p("obj", ANY), p("condition", LAMBDA), pd("message", STR, Dft::Str("Assertion failed"))],
        assert,
    ),
    func("call", &[p("name", STR), p("args", SEQ), p("kwargs", MAP), pd("receiver", ANY, Dft::NoValue)], call),
];

pub(crate) fn register(defs: &mut Vec<FnDef>) {
    super::table::register(defs, OVERLOADS);
}

/// `receiver.expr`: the method call or attribute on the receiver.
fn call_on(c: &mut Call<'_>) -> R<V> {
    let r = c.v(0).clone();
    match c.lam(1) {
        Some(l) => l.call_method(c.eng, &r),
        None => Ok(V::None),
    }
}

/// `receiver?.expr`: null on null, else `receiver.expr`.
fn call_on_unless_null(c: &mut Call<'_>) -> R<V> {
    let r = c.v(0).clone();
    if r.is_none() {
        return Ok(V::None);
    }
    let Some(CV::E(ast, id)) = c.args.get(1).cloned() else { return Ok(V::None) };
    c.eng.call("#operator_.", &c.new_ctx(), vec![Arg::V(r), Arg::E(ast, id)], Vec::new(), None)
}

/// `sequence.unpack(name, …)`: a context with the items bound to `$name`s.
fn unpack(c: &mut Call<'_>) -> R<V> {
    let names: Vec<Rc<str>> = c
        .var_values()
        .into_iter()
        .map(|v| match v {
            V::Str(s) => s,
            _ => Rc::from(""),
        })
        .collect();
    let seq = c.v(0).clone();
    let it = iter::py_iter(c.eng, &seq)?;
    let mut lst = Vec::new();
    while lst.len() < names.len() + 1 {
        match it.next(c.eng)? {
            Some(x) => lst.push(x),
            None => break,
        }
    }
    if !names.is_empty() && names.len() != lst.len() {
        return Err(value_error(format!("Cannot unpack {} elements into {}", lst.len(), names.len())));
    }
    let ctx = c.new_ctx();
    if names.is_empty() {
        let mut i = 1;
        super::super::eval::for_each(c.eng, &seq, |x| {
            ctx.set(&i.to_string(), x);
            i += 1;
            Ok(true)
        })?;
    } else {
        for (n, v) in names.iter().zip(lst) {
            ctx.set(n, v);
        }
    }
    Ok(V::Ctx(ctx))
}

/// `with(value, …)`: a context with the values bound to `$1`, `$2`, ….
fn with(c: &mut Call<'_>) -> R<V> {
    let ctx = c.new_ctx();
    for (i, v) in c.var_values().into_iter().enumerate() {
        ctx.set(&(i + 1).to_string(), v);
    }
    Ok(V::Ctx(ctx))
}

/// `let(value, …, name => value, …)`: a context with the values bound.
fn let_(c: &mut Call<'_>) -> R<V> {
    let ctx = c.new_ctx();
    for (i, v) in c.var_values().into_iter().enumerate() {
        ctx.set(&(i + 1).to_string(), v);
    }
    for (k, v) in &c.kw {
        if let CV::V(v) = v {
            ctx.set(k, v.clone());
        }
    }
    Ok(V::Ctx(ctx))
}

/// `def(name, func)`: a context where the lambda is a function of that name.
fn def(c: &mut Call<'_>) -> R<V> {
    let name = camel(&c.s(0));
    let ctx = c.new_ctx();
    let Some(CV::L(body)) = c.args.get(1).cloned() else { return Ok(V::Ctx(ctx)) };
    // The lambda closes over the call's own context, which is also the result.
    let body = super::super::eval::Lambda::new(body.body().clone(), &ctx, false, false);
    ctx.register(UserFn { name, body });
    Ok(V::Ctx(ctx))
}

/// `context -> expr`: the expression evaluated in the context.
fn context_then(c: &mut Call<'_>) -> R<V> {
    let V::Ctx(ctx) = c.v(0).clone() else { return Ok(V::None) };
    match c.lam(1) {
        Some(l) => l.call_in(c.eng, &ctx),
        None => Ok(V::None),
    }
}

/// `obj.assert(condition, message)`: the object, or an AssertionError.
fn assert(c: &mut Call<'_>) -> R<V> {
    let obj = iter::memorize(c.v(0).clone());
    let ok = match c.lam(1) {
        Some(l) => l.call(c.eng, std::slice::from_ref(&obj))?.truthy(),
        None => return Err(YaqlError::new("TypeError", "'NoneType' object is not callable")),
    };
    if !ok {
        return Err(YaqlError::new("AssertionError", c.s(2).to_string()));
    }
    Ok(obj)
}

/// `call(name, args, kwargs, receiver)`: the named function called.
fn call(c: &mut Call<'_>) -> R<V> {
    let name = c.s(0);
    let args = iter::collect(c.eng, c.v(1))?;
    let mut kwargs = Vec::new();
    if let Some(d) = dict_of(c.v(2)) {
        for (k, v) in d.iter() {
            if let V::Str(s) = &k.0 {
                if is_keyword(s) {
                    kwargs.push((s.clone(), Arg::V(v.clone())));
                }
            }
        }
    }
    let receiver = match c.v(3) {
        V::NoValue => None,
        r => Some(r.clone()),
    };
    c.eng.call(&name, &c.new_ctx(), args.into_iter().map(Arg::V).collect(), kwargs, receiver)
}

/// `utils.is_keyword`: `(?!__)\b[^\W\d]\w*\b` at the start.
fn is_keyword(s: &str) -> bool {
    let mut chars = s.chars();
    match chars.next() {
        Some(c) if super::super::lexer::is_word(c) && !super::super::lexer::is_digit(c) => {}
        _ => return false,
    }
    !s.starts_with("__")
}

/// The family's overloads, in yaql's registration order (resolution keeps it).
pub(crate) static ROOT_OVERLOADS: &[Overload] =
    &[func("#operator_.", &[p("obj", ANY), p("name", T::Keyword { expand: true })], property_of)];

pub(crate) fn register_root(defs: &mut Vec<FnDef>) {
    super::table::register(defs, ROOT_OVERLOADS);
}

/// `obj.name` in the root context: the `#property#name` function of the object.
fn property_of(c: &mut Call<'_>) -> R<V> {
    let name = format!("#property#{}", c.s(1));
    let obj = c.v(0).clone();
    c.eng.call(&name, &c.new_ctx(), vec![Arg::V(obj)], Vec::new(), None)
}

/// The body of every function registered with `def`.
pub(crate) fn call_user_fn(c: &mut Call<'_>) -> R<V> {
    let Some(u) = c.user.clone() else { return Ok(V::None) };
    let args = c.var_values();
    let kwargs: Vec<(Rc<str>, V)> =
        c.kw.iter()
            .map(|(k, v)| {
                (
                    k.clone(),
                    match v {
                        CV::V(v) => v.clone(),
                        _ => V::None,
                    },
                )
            })
            .collect();
    let _ = Context::root;
    u.body.call_kw(c.eng, &args, &kwargs)
}

#[cfg(test)]
mod tests {
    use crate::yaql::check_cases;

    #[test]
    fn contexts_and_members() {
        check_cases(&[
            ("let(a => 1) -> let(a => 2) -> $a", "null", "2"),
            ("[1, 2].unpack(a, b) -> $a * $b", "null", "2"),
            ("def(sq, $ * $) -> [1, 2, 3].select(sq($))", "null", "[1, 4, 9]"),
            ("$.data?.a", "null", "null"),
            ("$.data.a", "[{\"a\": 1}, {\"a\": 2}]", "[1, 2]"),
            ("$.data.x", "5", "NoFunctionRegisteredException: Unknown function \"#property#x\""),
            ("$.data.assert($ > 100, 'too small')", "3", "AssertionError: too small"),
            ("call(len, [[1, 2]], {})", "null", "2"),
        ]);
    }
}
