//! yaql's standard library as a table of overloads, one file per family.
//!
//! Every entry mirrors one Python definition of yaql 3.2 (name, function/method,
//! parameter names, types and defaults), so overload resolution picks the same one.

use std::rc::Rc;

use super::eval::{Engine, FnDef, R};
use super::value::{py_eq, py_repr, HKey, ViewKind, V};
use super::YaqlError;

pub(crate) mod collections;
pub(crate) mod common;
pub(crate) mod datetime;
pub(crate) mod format;
pub(crate) mod math;
pub(crate) mod queries;
pub(crate) mod regex;
pub(crate) mod strings;
pub(crate) mod system;
pub(crate) mod table;

/// Register the standard library (the context Heat's evaluations run in).
pub(crate) fn register(defs: &mut Vec<FnDef>) {
    system::register(defs);
    common::register(defs);
    strings::register(defs);
    math::register(defs);
    collections::register(defs);
    queries::register(defs);
    regex::register(defs);
    datetime::register(defs);
    format::register(defs);
}

/// The root context's fallbacks (`get_property`).
pub(crate) fn register_root(defs: &mut Vec<FnDef>) {
    system::register_root(defs);
}

pub(crate) fn type_error(msg: impl Into<String>) -> YaqlError {
    YaqlError::new("TypeError", msg)
}

pub(crate) fn value_error(msg: impl Into<String>) -> YaqlError {
    YaqlError::new("ValueError", msg)
}

/// `KeyError(key)`: its str() is the key's repr.
pub(crate) fn key_error(key: &V) -> YaqlError {
    YaqlError::new("KeyError", py_repr(key))
}

pub(crate) fn stop_iteration(msg: &str) -> YaqlError {
    YaqlError::new("StopIteration", msg)
}

/// A dict key / set element, or Python's `TypeError: unhashable type`.
pub(crate) fn hkey(v: &V) -> R<HKey> {
    match v.check_hashable() {
        Ok(()) => Ok(HKey::new(v.clone())),
        Err(kind) if kind.starts_with('\u{0}') => {
            Err(YaqlError::new("RecursionError", "maximum recursion depth exceeded while calling a Python object"))
        }
        Err(kind) => Err(type_error(format!("unhashable type: '{kind}'"))),
    }
}

/// `value in collection` for an iterable collection (not a str).
pub(crate) fn contains(eng: &Engine, coll: &V, value: &V) -> R<bool> {
    match coll {
        V::FSet(s) => Ok(s.contains(&hkey(value)?)),
        V::FDict(d) | V::Dict(d) | V::View(d, ViewKind::Keys, _) => Ok(d.contains_key(&hkey(value)?)),
        V::View(d, ViewKind::Items, _) => {
            let items = super::iter::collect(eng, value)
                .map_err(|_| type_error(format!("cannot unpack non-iterable {} object", value.type_name())))?;
            match items.as_slice() {
                [k, v] => Ok(d.get(&hkey(k)?).is_some_and(|x| py_eq(x, v))),
                _ => Err(value_error(if items.len() > 2 {
                    "too many values to unpack (expected 2)".to_string()
                } else {
                    format!("not enough values to unpack (expected 2, got {})", items.len())
                })),
            }
        }
        V::Str(s) => match value {
            V::Str(sub) => Ok(s.contains(sub.as_ref())),
            other => {
                Err(type_error(format!("'in <string>' requires string as left operand, not {}", other.type_name())))
            }
        },
        _ => {
            let mut found = false;
            super::eval::for_each(eng, coll, |x| {
                if py_eq(&x, value) {
                    found = true;
                    return Ok(false);
                }
                Ok(true)
            })?;
            Ok(found)
        }
    }
}

/// A new frozen dict from entries (later keys override, keeping the first position).
pub(crate) fn fdict_from(entries: impl IntoIterator<Item = (V, V)>) -> R<V> {
    let mut d = super::value::Dict::new();
    for (k, v) in entries {
        d.insert(hkey(&k)?, v);
    }
    Ok(V::FDict(Rc::new(d)))
}

/// The dict behind a mapping value.
pub(crate) fn dict_of(v: &V) -> Option<&Rc<super::value::Dict>> {
    match v {
        V::FDict(d) | V::Dict(d) => Some(d),
        _ => None,
    }
}

/// Python's `str(exception)` for an IndexError on a sequence.
pub(crate) fn index_error(v: &V) -> YaqlError {
    YaqlError::new("IndexError", format!("{} index out of range", v.type_name()))
}
