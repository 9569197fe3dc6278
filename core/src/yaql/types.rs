//! Parameter types (`yaqltypes`): what an overload accepts, checked on unevaluated
//! constants first and on evaluated values later, as yaql does.

use super::eval::{Arg, Engine, R};
use super::iter::{genf, py_iter, sized_len};
use super::parser::{CallKind, Node};
use super::value::V;
use super::YaqlError;

/// A Python class for `PythonType` parameters (and specialization between overloads).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PyClass {
    Object,
    Int,
    Bool,
    Str,
    Mapping,
    Set,
    Iterable,
    Iterator,
    Regex,
    Context,
    MappingRule,
    NoneType,
    TimeDelta,
    DateTime,
    Ordering,
}

impl PyClass {
    fn isinstance(self, v: &V) -> bool {
        match self {
            PyClass::Object => true,
            PyClass::Int => v.is_int_like(),
            PyClass::Bool => matches!(v, V::Bool(_)),
            PyClass::Str => matches!(v, V::Str(_)),
            PyClass::Mapping => v.is_mapping(),
            PyClass::Set => v.is_set(),
            PyClass::Iterable => v.is_iterable_abc(),
            PyClass::Iterator => v.is_iterator(),
            PyClass::Regex => matches!(v, V::Regex(_)),
            PyClass::Context => matches!(v, V::Ctx(_)),
            PyClass::MappingRule => matches!(v, V::Rule(_)),
            PyClass::NoneType => v.is_none(),
            PyClass::TimeDelta => matches!(v, V::TimeSpan(_)),
            PyClass::DateTime => matches!(v, V::DateTime(..)),
            PyClass::Ordering => matches!(v, V::Ordering(_)),
        }
    }

    fn issubclass(self, other: PyClass) -> bool {
        use PyClass::*;
        self == other
            || other == Object
            || (other == Iterable && matches!(self, Str | Mapping | Set | Iterator | Ordering))
            || (other == Int && self == Bool)
    }
}

/// A parameter type.
#[derive(Clone, Debug)]
pub(crate) enum T {
    /// `PythonType(object)`: anything (None only when nullable).
    Any { nullable: bool },
    /// `PythonType(cls)`.
    Cls { cls: PyClass, nullable: bool },
    /// `yaqltypes.String`.
    Str { nullable: bool },
    /// `yaqltypes.Integer`: an int that is not a bool.
    Integer { nullable: bool },
    /// `yaqltypes.Number`: int or float, not bool.
    Number { nullable: bool },
    /// `yaqltypes.Iterable`: iterable, not a str or mapping (optionally not a set).
    Iterable { nullable: bool, no_sets: bool },
    /// `yaqltypes.Sequence`: a tuple or list.
    Sequence { nullable: bool },
    /// `yaqltypes.DateTime`.
    DateTime { nullable: bool },
    /// `yaqltypes.Lambda` (lazy).
    Lambda { method: bool, with_context: bool },
    /// `yaqltypes.MappingRule` (lazy `a => b`).
    Rule,
    /// `yaqltypes.Keyword` (a bare identifier).
    Keyword { expand: bool },
    /// `yaqltypes.YaqlExpression` (lazy; optionally exactly a plain function call).
    Expr { function_only: bool },
}

pub(crate) const ANY: T = T::Any { nullable: true };
pub(crate) const ANY_NN: T = T::Any { nullable: false };
pub(crate) const STR: T = T::Str { nullable: false };
pub(crate) const STR_N: T = T::Str { nullable: true };
pub(crate) const INT: T = T::Cls { cls: PyClass::Int, nullable: false };
pub(crate) const INT_N: T = T::Cls { cls: PyClass::Int, nullable: true };
pub(crate) const BOOL: T = T::Cls { cls: PyClass::Bool, nullable: false };
pub(crate) const BOOL_N: T = T::Cls { cls: PyClass::Bool, nullable: true };
pub(crate) const NUM: T = T::Number { nullable: false };
pub(crate) const NUM_N: T = T::Number { nullable: true };
pub(crate) const ITER: T = T::Iterable { nullable: false, no_sets: false };
pub(crate) const SEQ: T = T::Sequence { nullable: false };
pub(crate) const MAP: T = T::Cls { cls: PyClass::Mapping, nullable: false };
pub(crate) const SET: T = T::Cls { cls: PyClass::Set, nullable: false };
pub(crate) const NONE_T: T = T::Cls { cls: PyClass::NoneType, nullable: true };
pub(crate) const LAMBDA: T = T::Lambda { method: false, with_context: false };
pub(crate) const LAMBDA_CTX: T = T::Lambda { method: false, with_context: true };
pub(crate) const REGEX: T = T::Cls { cls: PyClass::Regex, nullable: false };
pub(crate) const SPAN: T = T::Cls { cls: PyClass::TimeDelta, nullable: false };
pub(crate) const SPAN_N: T = T::Cls { cls: PyClass::TimeDelta, nullable: true };
pub(crate) const DT: T = T::DateTime { nullable: false };

impl T {
    /// `LazyParameterType`: not evaluated before the call.
    pub(crate) fn is_lazy(&self) -> bool {
        matches!(self, T::Lambda { .. } | T::Rule | T::Expr { .. })
    }

    pub(crate) fn py_class(&self) -> Option<PyClass> {
        match self {
            T::Any { .. } => Some(PyClass::Object),
            T::Cls { cls, .. } => Some(*cls),
            T::Str { .. } => Some(PyClass::Str),
            T::Integer { .. } => Some(PyClass::Int),
            T::Iterable { .. } => Some(PyClass::Iterable),
            // collections.abc.Sequence: only str is a registered subclass we care about
            T::Sequence { .. } => None,
            T::DateTime { .. } => Some(PyClass::DateTime),
            _ => None,
        }
    }

    /// `PythonType.is_specialization_of`.
    pub(crate) fn is_specialization_of(&self, other: &T) -> bool {
        // Sequence is handled by its own rule: Sequence < Iterable, Sequence < object.
        let seq = |t: &T| matches!(t, T::Sequence { .. });
        if matches!(self, T::Number { .. }) || matches!(other, T::Number { .. }) {
            return false;
        }
        if seq(self) || seq(other) {
            let sub = |a: &T, b: &T| -> bool {
                match (seq(a), seq(b)) {
                    (true, true) => true,
                    (true, false) => matches!(b.py_class(), Some(PyClass::Iterable | PyClass::Object)),
                    (false, true) => matches!(a.py_class(), Some(PyClass::Str)),
                    (false, false) => false,
                }
            };
            let is_py = |t: &T| seq(t) || t.py_class().is_some();
            return is_py(self) && is_py(other) && sub(self, other) && !sub(other, self);
        }
        match (self.py_class(), other.py_class()) {
            (Some(a), Some(b)) => a.issubclass(b) && !b.issubclass(a),
            _ => false,
        }
    }

    /// `value_type.check(value)` on an argument (an unevaluated expression or a value).
    pub(crate) fn check(&self, a: &Arg) -> bool {
        match self {
            T::Lambda { method, .. } => {
                if *method {
                    if let Arg::E(ast, id) = a {
                        return matches!(ast.node(*id), Node::Call { kind: CallKind::Function, .. });
                    }
                }
                true
            }
            T::Rule => matches!(a, Arg::E(ast, id) if matches!(ast.node(*id), Node::Rule(..))),
            T::Keyword { .. } => matches!(a, Arg::E(ast, id) if matches!(ast.node(*id), Node::Keyword(_))),
            T::Expr { function_only } => match a {
                Arg::E(ast, id) => {
                    !*function_only || matches!(ast.node(*id), Node::Call { kind: CallKind::Function, .. })
                }
                Arg::V(_) => false,
            },
            _ => {
                let v = match a {
                    Arg::V(v) => v.clone(),
                    Arg::E(ast, id) => match ast.node(*id) {
                        Node::Const(v) => v.clone(),
                        Node::Keyword(k) => V::Str(k.clone()),
                        _ => return true,
                    },
                };
                self.check_value(&v)
            }
        }
    }

    /// The check on a value.
    pub(crate) fn check_value(&self, v: &V) -> bool {
        if v.is_none() {
            return match self {
                T::Any { nullable }
                | T::Cls { nullable, .. }
                | T::Str { nullable }
                | T::Integer { nullable }
                | T::Number { nullable }
                | T::Iterable { nullable, .. }
                | T::Sequence { nullable }
                | T::DateTime { nullable } => *nullable,
                _ => true,
            };
        }
        match self {
            T::Any { .. } => true,
            T::Cls { cls, .. } => cls.isinstance(v),
            T::Str { .. } => matches!(v, V::Str(_)),
            T::Integer { .. } => matches!(v, V::Int(_) | V::BigInt(_)),
            T::Number { .. } => matches!(v, V::Int(_) | V::BigInt(_) | V::Float(_)),
            T::Iterable { no_sets, .. } => v.is_iterable() && !(*no_sets && v.is_set()),
            T::Sequence { .. } => v.is_sequence(),
            T::DateTime { .. } => matches!(v, V::DateTime(..)),
            _ => true,
        }
    }
}

/// `utils.limit_iterable`: sized collections are checked now, others are wrapped in a
/// generator that fails when item number `limit + 1` is requested.
pub(crate) fn limit_iterable(eng: &Engine, v: V) -> R<V> {
    let limit = eng.limits.iterators;
    let sized = matches!(v, V::Tuple(_) | V::List(_) | V::Str(_) | V::FDict(_) | V::Dict(_) | V::FSet(_))
        || matches!(v, V::View(_, k, _) if k != super::value::ViewKind::Values);
    if sized {
        if sized_len(&v).unwrap_or(0) > limit {
            return Err(too_large(limit));
        }
        return Ok(v);
    }
    let mut source = Some(v);
    let mut it = None;
    let mut i = 0usize;
    Ok(genf("limit_iterable.<locals>.limiting_iterator", move |eng| {
        if let Some(src) = source.take() {
            it = Some(py_iter(eng, &src)?);
        }
        let Some(it) = &it else { return Ok(None) };
        match it.next(eng)? {
            Some(x) => {
                if i >= limit {
                    return Err(too_large(limit));
                }
                i += 1;
                Ok(Some(x))
            }
            None => Ok(None),
        }
    }))
}

pub(crate) fn too_large(limit: usize) -> YaqlError {
    YaqlError::new("CollectionTooLargeException", format!("Collection length exceeds {limit} elements"))
}
