//! The shape of a family's table: one [`Overload`] per Python definition, as data.
//!
//! A family (`queries.rs`, `strings.rs`, …) lists its overloads in one static
//! slice, in yaql's registration order, each naming the `fn` that runs it:
//! `method("where", &[p("collection", ITER), p("predicate", LAMBDA)], where_)`.
//! The name, the receiver (function, method or both), the parameters (their
//! number, types and defaults; a `LAMBDA`, `Rule` or `Expr` type is a lazy one)
//! are read from the table; [`register`] turns it into the engine's [`FnDef`]s.

use super::super::eval::{Body, Dft, FnDef};
use super::super::types::T;

/// How an overload is called: `f(x)`, `x.f()`, or both (`extension_method`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Receiver {
    Function,
    Method,
    Both,
}

/// A parameter: Python name (its keyword is the camelCase, or the alias), type,
/// default, and whether it may be given by position.
#[derive(Clone, Debug)]
pub(crate) struct Par {
    pub name: &'static str,
    pub ty: T,
    pub default: Dft,
    pub positional: bool,
    pub alias: Option<&'static str>,
}

impl Par {
    /// The keyword is `alias` rather than the camelCase of the name.
    pub(crate) const fn alias(mut self, alias: &'static str) -> Par {
        self.alias = Some(alias);
        self
    }
}

/// A required positional parameter.
pub(crate) const fn p(name: &'static str, ty: T) -> Par {
    Par { name, ty, default: Dft::Required, positional: true, alias: None }
}

/// A positional parameter with a default.
pub(crate) const fn pd(name: &'static str, ty: T, default: Dft) -> Par {
    Par { name, ty, default, positional: true, alias: None }
}

/// A keyword-only parameter.
#[allow(dead_code)]
pub(crate) const fn kw(name: &'static str, ty: T, default: Dft) -> Par {
    Par { name, ty, default, positional: false, alias: None }
}

/// One overload: name, receiver, parameters (then `*args`, `**kwargs`), body.
pub(crate) struct Overload {
    pub name: &'static str,
    pub receiver: Receiver,
    pub params: &'static [Par],
    pub var: Option<T>,
    pub varkw: Option<T>,
    pub no_kwargs: bool,
    pub body: Body,
}

const fn overload(name: &'static str, receiver: Receiver, params: &'static [Par], body: Body) -> Overload {
    Overload { name, receiver, params, var: None, varkw: None, no_kwargs: false, body }
}

/// A function (not callable as a method).
pub(crate) const fn func(name: &'static str, params: &'static [Par], body: Body) -> Overload {
    overload(name, Receiver::Function, params, body)
}

/// A method only.
pub(crate) const fn method(name: &'static str, params: &'static [Par], body: Body) -> Overload {
    overload(name, Receiver::Method, params, body)
}

/// Both a function and a method (`extension_method`).
pub(crate) const fn ext(name: &'static str, params: &'static [Par], body: Body) -> Overload {
    overload(name, Receiver::Both, params, body)
}

impl Overload {
    /// `*args` of this type.
    pub(crate) const fn var(mut self, ty: T) -> Overload {
        self.var = Some(ty);
        self
    }

    /// `**kwargs` of this type.
    pub(crate) const fn varkw(mut self, ty: T) -> Overload {
        self.varkw = Some(ty);
        self
    }

    /// Keyword arguments are not accepted (`no_kwargs`).
    pub(crate) const fn nokw(mut self) -> Overload {
        self.no_kwargs = true;
        self
    }

    /// The engine's definition.
    fn def(&self) -> FnDef {
        let mut d = match self.receiver {
            Receiver::Function => FnDef::func(self.name),
            Receiver::Method => FnDef::method(self.name),
            Receiver::Both => FnDef::ext(self.name),
        };
        for par in self.params {
            d = match (&par.default, par.positional) {
                (Dft::Required, true) => d.p(par.name, par.ty.clone()),
                (default, true) => d.pd(par.name, par.ty.clone(), default.clone()),
                (default, false) => d.kw(par.name, par.ty.clone(), default.clone()),
            };
            if let Some(alias) = par.alias {
                d = d.alias(alias);
            }
        }
        if let Some(ty) = &self.var {
            d = d.var(ty.clone());
        }
        if let Some(ty) = &self.varkw {
            d = d.varkw(ty.clone());
        }
        if self.no_kwargs {
            d = d.nokw();
        }
        d.f(self.body)
    }
}

/// Add a family's table to the definitions, in its order.
pub(crate) fn register(defs: &mut Vec<FnDef>, table: &[Overload]) {
    defs.extend(table.iter().map(Overload::def));
}
