//! `yaql.standard_library.collections`: lists, dicts and sets.

use std::rc::Rc;

use super::super::eval::{for_each, Call, Dft, FnDef, R};
use super::super::iter::{self, genf, py_iter};
use super::super::types::{PyClass, ANY, INT, ITER, LAMBDA, MAP, SEQ, SET, T};
use super::super::value::{py_sizeof, Dict, HKey, Set, ViewKind, V};
use super::super::YaqlError;
use super::table::{ext, func, method, p, pd, Overload};
use super::{contains, dict_of, fdict_from, hkey, index_error, key_error};

/// Whether item `i` is among the `count` items from `position` (every item
/// from `position` on when `count` is negative): what yaql's `delete`,
/// `replace` and `replaceMany` act on.
fn in_range(i: i64, position: i64, count: i64) -> bool {
    if count >= 0 {
        position <= i && i < position.saturating_add(count)
    } else {
        i >= position
    }
}

/// `replace` and `replaceMany`: the collection (argument 0) with the items in
/// range (arguments 1 and 3) replaced, once, by the items of `values`.
fn replace_range(c: &Call<'_>, qual: &'static str, values: V) -> R<V> {
    let (position, count) = (c.int(1), c.int(3));
    let it = py_iter(c.eng, c.v(0))?;
    let mut i: i64 = -1;
    let mut yielded = false;
    let mut pending: Option<Rc<super::super::iter::IterObj>> = None;
    Ok(genf(qual, move |eng| loop {
        if let Some(p) = &pending {
            match p.next(eng)? {
                Some(x) => return Ok(Some(x)),
                None => pending = None,
            }
        }
        let Some(t) = it.next(eng)? else { return Ok(None) };
        i += 1;
        if !in_range(i, position, count) {
            return Ok(Some(t));
        }
        if !yielded {
            yielded = true;
            pending = Some(py_iter(eng, &values)?);
        }
    }))
}

/// Splice iterator arguments (`list(...)`, `set(...)`).
fn spliced(qual: &'static str, args: Vec<V>) -> V {
    let mut stack: Vec<Rc<super::super::iter::IterObj>> = Vec::new();
    let mut args = args.into_iter();
    genf(qual, move |eng| loop {
        if let Some(top) = stack.last() {
            match top.next(eng)? {
                Some(V::Iter(inner)) => {
                    if stack.len() > 400 {
                        return Err(YaqlError::new("RecursionError", "maximum recursion depth exceeded"));
                    }
                    stack.push(inner.iter());
                    continue;
                }
                Some(x) => return Ok(Some(x)),
                None => {
                    stack.pop();
                    continue;
                }
            }
        }
        match args.next() {
            Some(V::Iter(it)) => stack.push(it.iter()),
            Some(x) => return Ok(Some(x)),
            None => return Ok(None),
        }
    })
}

/// `to_list` through the dispatcher (the `Delegate('to_list', method=True)`).
pub(crate) fn delegate_to_list(c: &Call<'_>, v: V) -> R<V> {
    c.eng.call_method_values("toList", &c.new_ctx(), v, Vec::new())
}

fn view(d: &V, kind: ViewKind) -> V {
    match d {
        V::FDict(x) => V::View(x.clone(), kind, true),
        V::Dict(x) => V::View(x.clone(), kind, false),
        _ => V::None,
    }
}

fn frozenset_of(c: &Call<'_>, v: &V) -> R<Set> {
    let mut s = Set::new();
    for_each(c.eng, v, |x| {
        s.insert(hkey(&x)?);
        Ok(true)
    })?;
    Ok(s)
}

/// The elements of a set-like value, or an AttributeError for views lacking the method.
fn set_receiver(v: &V, method: &str) -> R<Rc<Set>> {
    match v {
        V::FSet(s) => Ok(s.clone()),
        other => {
            Err(YaqlError::new("AttributeError", format!("'{}' object has no attribute '{method}'", other.type_name())))
        }
    }
}

fn set_items(v: &V) -> Vec<HKey> {
    super::super::value::set_elements(v)
}

fn set_op(c: &Call<'_>, method: &str, op: fn(&Set, &[HKey]) -> Set) -> R<V> {
    let left = set_receiver(c.v(0), method)?;
    let right = set_items(c.v(1));
    Ok(V::fset(op(&left, &right)))
}

fn set_cmp(c: &Call<'_>, f: fn(usize, usize, bool, bool) -> bool) -> R<V> {
    let a = set_items(c.v(0));
    let b = set_items(c.v(1));
    let a_in_b = a.iter().all(|x| b.contains(x));
    let b_in_a = b.iter().all(|x| a.contains(x));
    Ok(V::Bool(f(a.len(), b.len(), a_in_b, b_in_a)))
}

const RULE_T: T = T::Cls { cls: PyClass::MappingRule, nullable: false };

/// The family's overloads, in yaql's registration order (resolution keeps it).
pub(crate) static OVERLOADS: &[Overload] = &[
    func("list", &[], list).var(ANY),
    method("flatten", &[p("collection", ITER)], flatten),
    method("toList", &[p("collection", ITER)], to_list),
    func("#list", &[], list_literal).var(ANY),
    func("dict", &[], dict_of_rules).var(RULE_T).nokw(),
    func("#map", &[], dict_of_rules).var(RULE_T).nokw(),
    func("dict", &[p("items", ITER)], dict_of_items).nokw(),
    method(
        "toDict",
        &[p("collection", ITER), p("key_selector", LAMBDA), pd("value_selector", LAMBDA, Dft::None)],
        to_dict,
    ),
    func("#operator_.", &[p("d", MAP).alias("dict"), p("key", T::Keyword { expand: true })], dict_attribute),
    func("#indexer", &[p("d", MAP).alias("dict"), p("key", ANY)], dict_index),
    func("#indexer", &[p("d", MAP).alias("dict"), p("key", ANY), p("default", ANY)], dict_index_or),
    method("get", &[p("d", MAP).alias("dict"), p("key", ANY), pd("default", ANY, Dft::None)], get),
    method("set", &[p("d", MAP).alias("dict"), p("key", ANY), p("value", ANY)], dict_set).nokw(),
    method("set", &[p("d", MAP).alias("dict"), p("replacements", MAP)], dict_set_many).nokw(),
    method("set", &[p("d", MAP).alias("dict")], dict_set_rules).var(RULE_T).nokw(),
    method("keys", &[p("d", MAP).alias("dict")], keys),
    method("values", &[p("d", MAP).alias("dict")], values),
    method("items", &[p("d", MAP).alias("dict")], items),
    func("#indexer", &[p("lst", SEQ).alias("list"), p("index", INT)], list_index),
    func("#operator_in", &[p("value", ANY), p("collection", ITER)], in_collection),
    method("contains", &[p("collection", ITER), p("value", ANY)], collection_contains),
    method("containsKey", &[p("d", MAP).alias("dict"), p("key", ANY)], contains_key),
    method("containsValue", &[p("d", MAP).alias("dict"), p("value", ANY)], contains_value),
    func("#operator_+", &[p("left", ITER), p("right", ITER)], concat_lists),
    func("#operator_*", &[p("left", SEQ), p("right", INT)], list_times_int),
    func("#operator_*", &[p("left", INT), p("right", SEQ)], int_times_list),
    func("#operator_+", &[p("left", MAP), p("right", MAP)], merge_dicts),
    func("isDict", &[p("arg", ANY)], is_dict),
    func("isList", &[p("arg", ANY)], is_list),
    func("isSet", &[p("arg", ANY)], is_set),
    ext("len", &[p("d", MAP).alias("dict")], dict_len),
    ext("len", &[p("sequence", SEQ)], sequence_len),
    method("delete", &[p("collection", ITER), p("position", INT), pd("count", INT, Dft::Int(1))], delete),
    method(
        "replace",
        &[p("collection", ITER), p("position", INT), p("value", ANY), pd("count", INT, Dft::Int(1))],
        replace,
    ),
    method(
        "replaceMany",
        &[p("collection", ITER), p("position", INT), p("values", ITER), pd("count", INT, Dft::Int(1))],
        replace_many,
    ),
    method("delete", &[p("d", MAP).alias("dict")], dict_delete).var(ANY),
    method("deleteAll", &[p("d", MAP).alias("dict"), p("keys", ITER)], delete_all),
    method(
        "insert",
        &[p("collection", T::Iterable { nullable: false, no_sets: true }), p("position", INT), p("value", ANY)],
        insert,
    ),
    method("insert", &[p("collection", SEQ), p("position", INT), p("value", ANY)], insert_into_sequence),
    method("insertMany", &[p("collection", ITER), p("position", INT), p("values", ITER)], insert_many),
    ext("len", &[p("s", SET).alias("set")], set_len),
    func("set", &[], set_of).var(ANY),
    method("toSet", &[p("collection", ITER)], to_set),
    method("union", &[p("left", SET), p("right", SET)], union),
    func("#operator_<", &[p("left", SET), p("right", SET)], set_lt),
    func("#operator_<=", &[p("left", SET), p("right", SET)], set_le),
    func("#operator_>=", &[p("left", SET), p("right", SET)], set_ge),
    func("#operator_>", &[p("left", SET), p("right", SET)], set_gt),
    method("intersect", &[p("left", SET), p("right", SET)], intersect),
    method("difference", &[p("left", SET), p("right", SET)], difference),
    func("#operator_-", &[p("left", SET), p("right", SET)], difference),
    method("symmetricDifference", &[p("left", SET), p("right", SET)], symmetric_difference),
    method("add", &[p("s", SET).alias("set")], add).var(ANY),
    method("remove", &[p("s", SET).alias("set")], remove).var(ANY),
];

pub(crate) fn register(defs: &mut Vec<FnDef>) {
    super::table::register(defs, OVERLOADS);
}

/// `list(item, …)`: the arguments as a list.
fn list(c: &mut Call<'_>) -> R<V> {
    let g = spliced("list_.<locals>.rec", c.var_values());
    delegate_to_list(c, g)
}

/// `collection.flatten()`: nested iterables flattened.
fn flatten(c: &mut Call<'_>) -> R<V> {
    let mut stack = vec![py_iter(c.eng, c.v(0))?];
    Ok(genf("flatten", move |eng| loop {
        let Some(top) = stack.last() else { return Ok(None) };
        match top.next(eng)? {
            Some(x) if x.is_iterable() => {
                if stack.len() > 490 {
                    return Err(YaqlError::new("RecursionError", "maximum recursion depth exceeded"));
                }
                let it = py_iter(eng, &x)?;
                stack.push(it);
            }
            Some(x) => return Ok(Some(x)),
            None => {
                stack.pop();
            }
        }
    }))
}

/// `collection.toList()`: the items as a list.
fn to_list(c: &mut Call<'_>) -> R<V> {
    match c.v(0) {
        V::Tuple(_) => Ok(c.v(0).clone()),
        other => Ok(V::tuple(iter::collect(c.eng, other)?)),
    }
}

/// `[item, …]`: the list literal.
fn list_literal(c: &mut Call<'_>) -> R<V> {
    let items = c.var_values();
    let terms: Vec<(i64, usize)> = items.iter().map(|v| (1, py_sizeof(v))).collect();
    c.eng.check_memory_terms(&terms)?;
    Ok(V::tuple(items))
}

/// `dict(key => value, …)` and `{key => value, …}`: a dict from rules.
fn dict_of_rules(c: &mut Call<'_>) -> R<V> {
    let items = c.var_values();
    let terms: Vec<(i64, usize)> = items.iter().map(|v| (1, py_sizeof(v))).collect();
    c.eng.check_memory_terms(&terms)?;
    fdict_from(items.into_iter().filter_map(|r| match r {
        V::Rule(p) => Some((p.0.clone(), p.1.clone())),
        _ => None,
    }))
}

/// `dict(items)`: a dict from key/value pairs.
fn dict_of_items(c: &mut Call<'_>) -> R<V> {
    let mut result = Dict::new();
    let eng = c.eng;
    for_each(eng, c.v(0), |t| {
        let it =
            py_iter(eng, &t).map_err(|_| super::type_error(format!("'{}' object is not iterable", t.type_name())))?;
        let key = it.next(eng)?.ok_or_else(|| super::stop_iteration(""))?;
        let value = it.next(eng)?.ok_or_else(|| super::stop_iteration(""))?;
        result.insert(hkey(&key)?, value);
        eng.check_memory(&V::Dict(Rc::new(result.clone())))?;
        Ok(true)
    })?;
    Ok(V::FDict(Rc::new(result)))
}

/// `collection.toDict(keySelector, valueSelector)`: a dict from selected keys and values.
fn to_dict(c: &mut Call<'_>) -> R<V> {
    let ks = c.lam(1);
    let vs = c.lam(2);
    let mut result = Dict::new();
    let eng = c.eng;
    for_each(eng, c.v(0), |t| {
        let key = match &ks {
            Some(l) => l.call(eng, std::slice::from_ref(&t))?,
            None => return Err(super::type_error("'NoneType' object is not callable")),
        };
        let value = match &vs {
            Some(l) => l.call(eng, std::slice::from_ref(&t))?,
            None => t,
        };
        result.insert(hkey(&key)?, value);
        if result.len() > 170 {
            eng.check_memory(&V::Dict(Rc::new(result.clone())))?;
        }
        Ok(true)
    })?;
    Ok(V::Dict(Rc::new(result)))
}

/// `dict.key`: the key's value, else a KeyError.
fn dict_attribute(c: &mut Call<'_>) -> R<V> {
    let key = c.v(1).clone();
    let d = dict_of(c.v(0)).cloned().unwrap_or_default();
    d.get(&hkey(&key)?).cloned().ok_or_else(|| key_error(&key))
}

/// `dict[key]`: the key's value, else a KeyError.
fn dict_index(c: &mut Call<'_>) -> R<V> {
    let key = c.v(1).clone();
    let d = dict_of(c.v(0)).cloned().unwrap_or_default();
    d.get(&hkey(&key)?).cloned().ok_or_else(|| key_error(&key))
}

/// `dict[key, default]`: the key's value, else the default.
fn dict_index_or(c: &mut Call<'_>) -> R<V> {
    let key = c.v(1).clone();
    let d = dict_of(c.v(0)).cloned().unwrap_or_default();
    Ok(d.get(&hkey(&key)?).cloned().unwrap_or_else(|| c.v(2).clone()))
}

/// `dict.get(key, default)`: the key's value, else the default.
fn get(c: &mut Call<'_>) -> R<V> {
    let key = c.v(1).clone();
    let d = dict_of(c.v(0)).cloned().unwrap_or_default();
    Ok(d.get(&hkey(&key)?).cloned().unwrap_or_else(|| c.v(2).clone()))
}

/// `dict.set(key, value)`: a new dict with the key set.
fn dict_set(c: &mut Call<'_>) -> R<V> {
    c.eng.check_memory_terms(&[(1, py_sizeof(c.v(0))), (1, py_sizeof(c.v(1))), (1, py_sizeof(c.v(2)))])?;
    let d = dict_of(c.v(0)).cloned().unwrap_or_default();
    let entries =
        d.iter().map(|(k, v)| (k.0.clone(), v.clone())).chain(std::iter::once((c.v(1).clone(), c.v(2).clone())));
    fdict_from(entries)
}

/// `dict.set(replacements)`: a new dict with the replacements' keys set.
fn dict_set_many(c: &mut Call<'_>) -> R<V> {
    c.eng.check_memory_terms(&[(1, py_sizeof(c.v(0))), (1, py_sizeof(c.v(1)))])?;
    let d = dict_of(c.v(0)).cloned().unwrap_or_default();
    let r = dict_of(c.v(1)).cloned().unwrap_or_default();
    fdict_from(d.iter().chain(r.iter()).map(|(k, v)| (k.0.clone(), v.clone())))
}

/// `dict.set(key => value, …)`: a new dict with the rules' keys set.
fn dict_set_rules(c: &mut Call<'_>) -> R<V> {
    let rules = c.var_values();
    let mut terms = vec![(1, py_sizeof(c.v(0)))];
    terms.extend(rules.iter().map(|r| (1, py_sizeof(r))));
    c.eng.check_memory_terms(&terms)?;
    let d = dict_of(c.v(0)).cloned().unwrap_or_default();
    let extra = rules.into_iter().filter_map(|r| match r {
        V::Rule(p) => Some((p.0.clone(), p.1.clone())),
        _ => None,
    });
    fdict_from(d.iter().map(|(k, v)| (k.0.clone(), v.clone())).chain(extra))
}

/// `dict.keys()`: the keys.
fn keys(c: &mut Call<'_>) -> R<V> {
    Ok(view(c.v(0), ViewKind::Keys))
}

/// `dict.values()`: the values.
fn values(c: &mut Call<'_>) -> R<V> {
    Ok(view(c.v(0), ViewKind::Values))
}

/// `dict.items()`: the key/value pairs.
fn items(c: &mut Call<'_>) -> R<V> {
    Ok(view(c.v(0), ViewKind::Items))
}

/// `list[index]`: the item at the index (negative: from the end).
fn list_index(c: &mut Call<'_>) -> R<V> {
    let (V::Tuple(t) | V::List(t)) = c.v(0) else { return Ok(V::None) };
    let n = i64::try_from(t.len()).unwrap_or(i64::MAX);
    let mut i = c.int(1);
    if i < 0 {
        i += n;
    }
    usize::try_from(i).ok().and_then(|i| t.get(i)).cloned().ok_or_else(|| index_error(c.v(0)))
}

/// `value in collection`: membership.
fn in_collection(c: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(contains(c.eng, c.v(1), c.v(0))?))
}

/// `collection.contains(value)`: membership.
fn collection_contains(c: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(contains(c.eng, c.v(0), c.v(1))?))
}

/// `dict.containsKey(key)`.
fn contains_key(c: &mut Call<'_>) -> R<V> {
    let d = dict_of(c.v(0)).cloned().unwrap_or_default();
    Ok(V::Bool(d.contains_key(&hkey(c.v(1))?)))
}

/// `dict.containsValue(value)`.
fn contains_value(c: &mut Call<'_>) -> R<V> {
    let d = dict_of(c.v(0)).cloned().unwrap_or_default();
    Ok(V::Bool(d.values().any(|v| super::super::value::py_eq(v, c.v(1)))))
}

/// `left + right` on iterables: the items of both, in turn.
fn concat_lists(c: &mut Call<'_>) -> R<V> {
    match (c.v(0), c.v(1)) {
        (V::Tuple(a), V::Tuple(b)) => {
            c.eng.check_memory_terms(&[(1, py_sizeof(c.v(0))), (1, py_sizeof(c.v(1)))])?;
            let mut v = a.as_ref().clone();
            v.extend(b.iter().cloned());
            Ok(V::tuple(v))
        }
        (V::FSet(a), V::FSet(b)) => {
            c.eng.check_memory_terms(&[(1, py_sizeof(c.v(0))), (1, py_sizeof(c.v(1)))])?;
            let mut s = a.as_ref().clone();
            s.extend(b.iter().cloned());
            Ok(V::fset(s))
        }
        (a, b) => Ok(super::queries::chain(vec![a.clone(), b.clone()])),
    }
}

/// `list * int`: the list repeated.
fn list_times_int(c: &mut Call<'_>) -> R<V> {
    list_by_int(c, c.v(0), c.int(1))
}

/// `int * list`: the list repeated.
fn int_times_list(c: &mut Call<'_>) -> R<V> {
    list_by_int(c, c.v(1), c.int(0))
}

/// `left + right` on dicts: the right's keys override.
fn merge_dicts(c: &mut Call<'_>) -> R<V> {
    c.eng.check_memory_terms(&[(1, py_sizeof(c.v(0))), (1, py_sizeof(c.v(1)))])?;
    let a = dict_of(c.v(0)).cloned().unwrap_or_default();
    let b = dict_of(c.v(1)).cloned().unwrap_or_default();
    fdict_from(a.iter().chain(b.iter()).map(|(k, v)| (k.0.clone(), v.clone())))
}

/// `isDict(arg)`: whether the value is a mapping.
fn is_dict(c: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(c.v(0).is_mapping()))
}

/// `isList(arg)`: whether the value is a list or tuple.
fn is_list(c: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(c.v(0).is_sequence()))
}

/// `isSet(arg)`: whether the value is a set.
fn is_set(c: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(c.v(0).is_set()))
}

/// `len(dict)`: its number of keys.
fn dict_len(c: &mut Call<'_>) -> R<V> {
    Ok(V::Int(i64::try_from(dict_of(c.v(0)).map_or(0, |d| d.len())).unwrap_or(0)))
}

/// `len(sequence)`: its number of items.
fn sequence_len(c: &mut Call<'_>) -> R<V> {
    Ok(V::Int(i64::try_from(iter::sized_len(c.v(0)).unwrap_or(0)).unwrap_or(0)))
}

/// `collection.delete(position, count)`: the items without `count` from position (lazy).
fn delete(c: &mut Call<'_>) -> R<V> {
    let (position, count) = (c.int(1), c.int(2));
    let it = py_iter(c.eng, c.v(0))?;
    let mut i: i64 = -1;
    Ok(genf("delete", move |eng| loop {
        let Some(t) = it.next(eng)? else { return Ok(None) };
        i += 1;
        if !in_range(i, position, count) {
            return Ok(Some(t));
        }
    }))
}

/// `collection.replace(position, value, count)`: the items with `count` from position replaced by one value.
fn replace(c: &mut Call<'_>) -> R<V> {
    replace_range(c, "replace", V::tuple(vec![c.v(2).clone()]))
}

/// `collection.replaceMany(position, values, count)`: the items with `count` from position replaced by values.
fn replace_many(c: &mut Call<'_>) -> R<V> {
    replace_range(c, "replace_many", c.v(2).clone())
}

/// `dict.delete(key, …)`: a new dict without the keys.
fn dict_delete(c: &mut Call<'_>) -> R<V> {
    let keys = c.var_values();
    delete_keys(c.v(0), &keys)
}

/// `dict.deleteAll(keys)`: a new dict without the keys.
fn delete_all(c: &mut Call<'_>) -> R<V> {
    let keys = iter::collect(c.eng, c.v(1))?;
    delete_keys(c.v(0), &keys)
}

/// `collection.insert(position, value)`: the items with the value inserted (lazy).
fn insert(c: &mut Call<'_>) -> R<V> {
    let position = c.int(1);
    let value = c.v(2).clone();
    let it = py_iter(c.eng, c.v(0))?;
    let mut i: i64 = -1;
    let mut held: Option<V> = None;
    let mut done = false;
    Ok(genf("iter_insert", move |eng| {
        if let Some(h) = held.take() {
            return Ok(Some(h));
        }
        if done {
            return Ok(None);
        }
        match it.next(eng)? {
            Some(t) => {
                i += 1;
                if i == position {
                    held = Some(t);
                    return Ok(Some(value.clone()));
                }
                Ok(Some(t))
            }
            None => {
                done = true;
                if position > i {
                    return Ok(Some(value.clone()));
                }
                Ok(None)
            }
        }
    }))
}

/// `sequence.insert(position, value)`: a list with the value inserted.
fn insert_into_sequence(c: &mut Call<'_>) -> R<V> {
    let mut items = iter::collect(c.eng, c.v(0))?;
    let n = i64::try_from(items.len()).unwrap_or(i64::MAX);
    let mut p = c.int(1);
    if p < 0 {
        p = (p + n).max(0);
    }
    let p = usize::try_from(p.min(n)).unwrap_or(0);
    items.insert(p, c.v(2).clone());
    Ok(V::List(Rc::new(items)))
}

/// `collection.insertMany(position, values)`: the items with the values inserted (lazy).
fn insert_many(c: &mut Call<'_>) -> R<V> {
    let position = c.int(1);
    let values = c.v(2).clone();
    let it = py_iter(c.eng, c.v(0))?;
    let mut i: i64 = -1;
    let mut pending: Option<Rc<super::super::iter::IterObj>> = None;
    let mut held: Option<V> = None;
    let mut started = false;
    let mut finished = false;
    Ok(genf("insert_many", move |eng| loop {
        if let Some(p) = &pending {
            match p.next(eng)? {
                Some(x) => return Ok(Some(x)),
                None => pending = None,
            }
        }
        if let Some(h) = held.take() {
            return Ok(Some(h));
        }
        if !started {
            started = true;
            if position < 0 {
                pending = Some(py_iter(eng, &values)?);
                continue;
            }
        }
        if finished {
            return Ok(None);
        }
        match it.next(eng)? {
            Some(t) => {
                i += 1;
                if i == position {
                    pending = Some(py_iter(eng, &values)?);
                    held = Some(t);
                    continue;
                }
                return Ok(Some(t));
            }
            None => {
                finished = true;
                if position > i {
                    pending = Some(py_iter(eng, &values)?);
                    continue;
                }
                return Ok(None);
            }
        }
    }))
}

/// `len(set)`: its number of elements.
fn set_len(c: &mut Call<'_>) -> R<V> {
    Ok(V::Int(i64::try_from(iter::sized_len(c.v(0)).unwrap_or(0)).unwrap_or(0)))
}

/// `set(item, …)`: a set of the arguments.
fn set_of(c: &mut Call<'_>) -> R<V> {
    let g = spliced("set_.<locals>.rec", c.var_values());
    c.eng.call_method_values("toSet", &c.new_ctx(), g, Vec::new())
}

/// `collection.toSet()`: the items as a set.
fn to_set(c: &mut Call<'_>) -> R<V> {
    Ok(V::fset(frozenset_of(c, c.v(0))?))
}

/// `left.union(right)`: the set union.
fn union(c: &mut Call<'_>) -> R<V> {
    set_op(c, "union", |a, b| {
        let mut s = a.clone();
        s.extend(b.iter().cloned());
        s
    })
}

/// `left < right` on sets: a proper subset.
fn set_lt(c: &mut Call<'_>) -> R<V> {
    set_cmp(c, |a, b, ab, _| ab && a < b)
}

/// `left <= right` on sets: a subset.
fn set_le(c: &mut Call<'_>) -> R<V> {
    set_cmp(c, |_, _, ab, _| ab)
}

/// `left >= right` on sets: a superset.
fn set_ge(c: &mut Call<'_>) -> R<V> {
    set_cmp(c, |_, _, _, ba| ba)
}

/// `left > right` on sets: a proper superset.
fn set_gt(c: &mut Call<'_>) -> R<V> {
    set_cmp(c, |a, b, _, ba| ba && a > b)
}

/// `left.intersect(right)`: the set intersection.
fn intersect(c: &mut Call<'_>) -> R<V> {
    set_op(c, "intersection", |a, b| a.iter().filter(|x| b.contains(x)).cloned().collect())
}

/// `left.difference(right)` and `left - right` on sets.
fn difference(c: &mut Call<'_>) -> R<V> {
    set_op(c, "difference", |a, b| a.iter().filter(|x| !b.contains(x)).cloned().collect())
}

/// `left.symmetricDifference(right)`.
fn symmetric_difference(c: &mut Call<'_>) -> R<V> {
    set_op(c, "symmetric_difference", |a, b| {
        let mut s: Set = a.iter().filter(|x| !b.contains(x)).cloned().collect();
        s.extend(b.iter().filter(|x| !a.contains(*x)).cloned());
        s
    })
}

/// `set.add(value, …)`: a new set with the values.
fn add(c: &mut Call<'_>) -> R<V> {
    let left = set_receiver(c.v(0), "union")?;
    let mut s = left.as_ref().clone();
    for v in c.var_values() {
        s.insert(hkey(&v)?);
    }
    Ok(V::fset(s))
}

/// `set.remove(value, …)`: a new set without the values.
fn remove(c: &mut Call<'_>) -> R<V> {
    let left = set_receiver(c.v(0), "difference")?;
    let mut drop = Set::new();
    for v in c.var_values() {
        drop.insert(hkey(&v)?);
    }
    Ok(V::fset(left.iter().filter(|x| !drop.contains(*x)).cloned().collect()))
}

fn list_by_int(c: &Call<'_>, seq: &V, n: i64) -> R<V> {
    c.eng.check_memory_terms(&[(1i64.saturating_sub(n), 56), (n, py_sizeof(seq))])?;
    let (V::Tuple(items) | V::List(items)) = seq else { return Ok(seq.clone()) };
    let times = usize::try_from(n).unwrap_or(0);
    let total = items.len().saturating_mul(times);
    if c.eng.limits.memory > 0 && total.saturating_mul(8).saturating_add(40) > c.eng.limits.memory {
        return Err(super::super::eval::memory_error());
    }
    let mut out = Vec::with_capacity(total);
    // An empty list repeated any number of times is empty: don't loop `times` times.
    if !items.is_empty() {
        for _ in 0..times {
            out.extend(items.iter().cloned());
        }
    }
    Ok(match seq {
        V::List(_) => V::List(Rc::new(out)),
        _ => V::tuple(out),
    })
}

fn delete_keys(d: &V, keys: &[V]) -> R<V> {
    let mut copy = dict_of(d).map(|x| x.as_ref().clone()).unwrap_or_default();
    for k in keys {
        copy.shift_remove(&hkey(k)?);
    }
    Ok(V::Dict(Rc::new(copy)))
}

#[cfg(test)]
mod tests {
    use crate::yaql::check_cases;

    #[test]
    fn lists_and_dicts() {
        check_cases(&[
            ("list($.data.select($), [1])", "[1, 2]", "[1, 2, [1]]"),
            ("[1, 2].insert(0, 0) = [0, 1, 2]", "null", "false"),
            ("{a => 1, b => 2}.set(a, 3)", "null", "{\"a\": 3, \"b\": 2}"),
            ("{a => 1}.deleteAll([a, z])", "null", "{}"),
            ("dict([['a']])", "null", "StopIteration: "),
            ("$.data[5]", "[1]", "IndexError: tuple index out of range"),
            ("{[1] => 2}", "null", "TypeError: unhashable type: 'list'"),
        ]);
    }

    #[test]
    fn sets() {
        check_cases(&[
            ("set(1, 2) + set(3)", "null", "[1, 2, 3]"),
            ("set(1, 2) < set(1, 2, 3)", "null", "true"),
            ("{a => 1}.keys().union(set(2))", "null", "AttributeError: 'KeysView' object has no attribute 'union'"),
            ("[1, true, 1.0].toSet().len()", "null", "1"),
        ]);
    }
}
