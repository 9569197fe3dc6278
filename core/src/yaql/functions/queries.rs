//! `yaql.standard_library.queries`: lazy LINQ-style operations.

use std::cell::RefCell;
use std::rc::Rc;

use super::super::eval::{for_each, Call, Dft, Engine, FnDef, Lambda, CV, R};
use super::super::iter::{self, gen, genf, py_iter, IterObj, OrderingIterable};
use super::super::types::{PyClass, ANY, BOOL, INT, INT_N, ITER, LAMBDA, MAP, T};
use super::super::value::{py_eq, Dict, HKey, Set, V};
use super::super::YaqlError;
use super::collections::delegate_to_list;
use super::table::{ext, func, method, p, pd, Overload};
use super::{hkey, stop_iteration, type_error, value_error};

/// The `indexOf` family: the index of the first (or, `last`, the last) item
/// that `hit`s, or -1; the first stops reading the collection there.
fn index_where(eng: &Engine, collection: &V, last: bool, mut hit: impl FnMut(V) -> R<bool>) -> R<V> {
    let mut i = 0i64;
    let mut found = -1i64;
    for_each(eng, collection, |t| {
        if hit(t)? {
            found = i;
            if !last {
                return Ok(false);
            }
        }
        i += 1;
        Ok(true)
    })?;
    Ok(V::Int(found))
}

/// `splitWhere` and `sliceWhere`: the collection (argument 0, made a list on
/// the first step) in parts, as tuples. For each item, `cut` says whether a
/// part ends before it (`Some`) and whether the item is then dropped (`true`)
/// or starts the next part; a last part that is not empty follows.
fn parts_where(c: &Call<'_>, qual: &'static str, mut cut: impl FnMut(&Engine, V) -> R<Option<bool>> + 'static) -> R<V> {
    let source = c.v(0).clone();
    let ctx = c.new_ctx();
    let mut lst: Vec<V> = Vec::new();
    let mut loaded = false;
    let mut start = 0usize;
    let mut end = 0usize;
    let mut finished = false;
    Ok(genf(qual, move |eng| {
        if finished {
            return Ok(None);
        }
        if !loaded {
            loaded = true;
            let l = eng.call_method_values("toList", &ctx, source.clone(), Vec::new())?;
            lst = iter::collect(eng, &l)?;
        }
        while end < lst.len() {
            let x = lst.get(end).cloned().unwrap_or(V::None);
            let here = cut(eng, x)?;
            end += 1;
            if let Some(drop) = here {
                let part = V::tuple(lst.get(start..end - 1).unwrap_or(&[]).to_vec());
                start = if drop { end } else { end - 1 };
                return Ok(Some(part));
            }
        }
        finished = true;
        if start != end {
            return Ok(Some(V::tuple(lst.get(start..end).unwrap_or(&[]).to_vec())));
        }
        Ok(None)
    }))
}

/// `itertools.chain(*collections)`.
pub(crate) fn chain(collections: Vec<V>) -> V {
    let mut rest = collections.into_iter();
    let mut cur: Option<Rc<IterObj>> = None;
    gen("chain", move |eng| loop {
        if let Some(it) = &cur {
            if let Some(x) = it.next(eng)? {
                return Ok(Some(x));
            }
            cur = None;
        }
        match rest.next() {
            Some(v) => cur = Some(py_iter(eng, &v)?),
            None => return Ok(None),
        }
    })
}

fn lam_or_err(l: &Option<Lambda>) -> R<&Lambda> {
    l.as_ref().ok_or_else(|| type_error("'NoneType' object is not callable"))
}

fn islice_error(stop: bool) -> YaqlError {
    value_error(if stop {
        "Stop argument for islice() must be None or an integer: 0 <= x <= sys.maxsize."
    } else {
        "Indices for islice() must be None or an integer: 0 <= x <= sys.maxsize."
    })
}

/// `itertools.islice(collection, start, stop)`.
fn islice(eng: &Engine, v: &V, start: usize, stop: Option<usize>) -> R<V> {
    let it = py_iter(eng, v)?;
    let mut i = 0usize;
    let mut done = false;
    Ok(gen("islice", move |eng| {
        if done {
            return Ok(None);
        }
        loop {
            if stop.is_some_and(|s| i >= s) {
                done = true;
                return Ok(None);
            }
            match it.next(eng)? {
                Some(x) => {
                    i += 1;
                    if i > start {
                        return Ok(Some(x));
                    }
                }
                None => {
                    done = true;
                    return Ok(None);
                }
            }
        }
    }))
}

/// `functools.reduce(f, collection[, seed])` with a yaql two-argument callable.
fn reduce(eng: &Engine, coll: &V, seed: Option<V>, mut f: impl FnMut(V, V) -> R<V>) -> R<V> {
    let mut acc = seed;
    for_each(eng, coll, |x| {
        acc = Some(match acc.take() {
            None => x,
            Some(a) => f(a, x)?,
        });
        Ok(true)
    })?;
    acc.ok_or_else(|| type_error("reduce() of empty iterable with no initial value"))
}

fn opt_seed(v: &V) -> Option<V> {
    match v {
        V::NoValue => None,
        other => Some(other.clone()),
    }
}

/// Sort items by the `orderBy`/`thenBy` keys with the yaql `<`/`>` operators.
pub(crate) fn sort_by_order(eng: &Engine, items: Vec<V>, order: &[(Lambda, bool)]) -> R<Vec<V>> {
    let ctx = super::super::context::Context::root();
    let compare = |a: &V, b: &V| -> R<std::cmp::Ordering> {
        for (sel, asc) in order {
            let x = sel.call(eng, std::slice::from_ref(a))?;
            let y = sel.call(eng, std::slice::from_ref(b))?;
            let r = if eng.call_values("#operator_<", &ctx, vec![x.clone(), y.clone()])?.truthy() {
                std::cmp::Ordering::Less
            } else if eng.call_values("#operator_>", &ctx, vec![x, y])?.truthy() {
                std::cmp::Ordering::Greater
            } else {
                continue;
            };
            return Ok(if *asc { r } else { r.reverse() });
        }
        Ok(std::cmp::Ordering::Equal)
    };
    let mut err: Option<YaqlError> = None;
    let mut items = items;
    let res = crate::pyfmt::py_sort_by(&mut items, |a, b| match compare(a, b) {
        Ok(o) => Ok(o),
        Err(e) => {
            err = Some(e);
            Err(String::new())
        }
    });
    if res.is_err() {
        return Err(err.unwrap_or_else(|| type_error("sort failed")));
    }
    Ok(items)
}

fn new_ordering(c: &Call<'_>, asc: bool) -> R<V> {
    let sel = lam_or_err(&c.lam(1))?.clone();
    Ok(V::Ordering(Rc::new(RefCell::new(OrderingIterable {
        collection: c.v(0).clone(),
        order: vec![(sel, asc)],
        sorted: None,
    }))))
}

fn then_by(c: &Call<'_>, asc: bool) -> R<V> {
    let V::Ordering(o) = c.v(0) else { return Ok(c.v(0).clone()) };
    let sel = lam_or_err(&c.lam(1))?.clone();
    o.borrow_mut().order.push((sel, asc));
    Ok(c.v(0).clone())
}

/// `GroupAggregator` (with its fallback for old-style aggregators).
struct GroupAgg {
    agg: Option<Lambda>,
    allow_fallback: bool,
    failure: Option<YaqlError>,
}

impl GroupAgg {
    fn apply(&mut self, eng: &Engine, key: V, values: V) -> R<V> {
        let Some(agg) = self.agg.clone() else {
            return Ok(V::tuple(vec![key, values]));
        };
        if self.failure.is_none() {
            match agg.call(eng, std::slice::from_ref(&values)) {
                Ok(result) => {
                    let list_len = iter::sized_len(&values).unwrap_or(0);
                    let keep = list_len == 2
                        && result.is_sequence()
                        && iter::sized_len(&result) == Some(2)
                        && match (&values, &result) {
                            (V::List(a) | V::Tuple(a), V::List(b) | V::Tuple(b)) => {
                                a.first().zip(b.first()).is_some_and(|(x, y)| py_eq(y, x))
                            }
                            _ => false,
                        };
                    if !keep {
                        self.allow_fallback = false;
                    }
                    return Ok(V::tuple(vec![key, result]));
                }
                Err(e)
                    if matches!(
                        e.class.as_str(),
                        "NoMatchingMethodException" | "NoMatchingFunctionException" | "IndexError"
                    ) =>
                {
                    self.failure = Some(e);
                }
                Err(e) => return Err(e),
            }
        }
        if self.allow_fallback {
            let item = V::tuple(vec![key, values]);
            if let Ok(result) = agg.call(eng, std::slice::from_ref(&item)) {
                if iter::sized_len(&result) == Some(2) {
                    return Ok(result);
                }
            }
        }
        Err(self.failure.clone().unwrap_or_else(|| type_error("aggregation failed")))
    }
}

const ORD_T: T = T::Cls { cls: PyClass::Ordering, nullable: false };

/// The family's overloads, in yaql's registration order (resolution keeps it).
pub(crate) static OVERLOADS: &[Overload] = &[
    method("where", &[p("collection", ITER), p("predicate", LAMBDA)], where_),
    method("filter", &[p("collection", ITER), p("predicate", LAMBDA)], where_),
    method("select", &[p("collection", ITER), p("selector", LAMBDA)], select),
    method("map", &[p("collection", ITER), p("selector", LAMBDA)], select),
    func("#operator_.", &[p("collection", ITER), p("attribute", T::Keyword { expand: false })], attribute_of_each),
    method("limit", &[p("collection", ITER), p("count", INT)], limit),
    method("take", &[p("collection", ITER), p("count", INT)], limit),
    method("skip", &[p("collection", ITER), p("count", INT)], skip),
    ext("append", &[p("collection", ITER)], append).var(ANY),
    ext("distinct", &[p("collection", ITER), pd("key_selector", LAMBDA, Dft::None)], distinct),
    ext("enumerate", &[p("collection", ITER), pd("start", INT_N, Dft::Int(0))], enumerate),
    ext("any", &[p("collection", ITER), pd("predicate", LAMBDA, Dft::None)], any),
    ext("all", &[p("collection", ITER), pd("predicate", LAMBDA, Dft::None)], all),
    ext("concat", &[], concat_all).var(ITER),
    ext("len", &[p("collection", T::Cls { cls: PyClass::Iterator, nullable: false })], count),
    method("count", &[p("collection", ITER)], count),
    method("memorize", &[p("collection", ITER)], memorize),
    method("sum", &[p("collection", ITER), pd("initial", ANY, Dft::NoValue)], sum),
    method("max", &[p("collection", ITER), pd("initial", ANY, Dft::NoValue)], max_of),
    method("min", &[p("collection", ITER), pd("initial", ANY, Dft::NoValue)], min_of),
    method("first", &[p("collection", ITER), pd("default", ANY, Dft::NoValue)], first),
    method("single", &[p("collection", ITER)], single),
    method("last", &[p("collection", ITER), pd("default", ANY, Dft::NoValue)], last),
    method("selectMany", &[p("collection", ITER), p("selector", LAMBDA)], select_many),
    func("range", &[p("stop", INT)], range_to),
    func("range", &[p("start", INT), p("stop", INT), pd("step", INT, Dft::Int(1))], range_from),
    func("sequence", &[pd("start", INT, Dft::Int(0)), pd("step", INT, Dft::Int(1))], sequence),
    method("orderBy", &[p("collection", ITER), p("selector", LAMBDA)], order_by),
    method("orderByDescending", &[p("collection", ITER), p("selector", LAMBDA)], order_by_descending),
    method("thenBy", &[p("collection", ORD_T), p("selector", LAMBDA)], then_by_ascending),
    method("thenByDescending", &[p("collection", ORD_T), p("selector", LAMBDA)], then_by_descending),
    method(
        "groupBy",
        &[
            p("collection", ITER),
            p("key_selector", LAMBDA),
            pd("value_selector", LAMBDA, Dft::None),
            pd("aggregator", LAMBDA, Dft::None),
        ],
        group_by,
    ),
    method("zip", &[], zip).var(ITER),
    method("zipLongest", &[], zip_longest).var(ITER).varkw(ANY),
    method(
        "join",
        &[p("collection1", ITER), p("collection2", ITER), p("predicate", LAMBDA), p("selector", LAMBDA)],
        join,
    ),
    method("repeat", &[p("value", ANY), pd("times", INT, Dft::Int(-1))], repeat),
    method("cycle", &[p("collection", ITER)], cycle),
    method("takeWhile", &[p("collection", ITER), p("predicate", LAMBDA)], take_while),
    method("skipWhile", &[p("collection", ITER), p("predicate", LAMBDA)], skip_while),
    method("indexOf", &[p("collection", ITER), p("item", ANY)], index_of_item),
    method("lastIndexOf", &[p("collection", ITER), p("item", ANY)], last_index_of_item),
    method("indexWhere", &[p("collection", ITER), p("predicate", LAMBDA)], first_index_where),
    method("lastIndexWhere", &[p("collection", ITER), p("predicate", LAMBDA)], last_index_where),
    method("slice", &[p("collection", ITER), p("length", INT)], slice),
    method("splitWhere", &[p("collection", ITER), p("predicate", LAMBDA)], split_where),
    method("sliceWhere", &[p("collection", ITER), p("predicate", LAMBDA)], slice_where),
    method("splitAt", &[p("collection", ITER), p("index", INT)], split_at),
    method("aggregate", &[p("collection", ITER), p("selector", LAMBDA), pd("seed", ANY, Dft::NoValue)], aggregate),
    method("reduce", &[p("collection", ITER), p("selector", LAMBDA), pd("seed", ANY, Dft::NoValue)], aggregate),
    method("accumulate", &[p("collection", ITER), p("selector", LAMBDA), pd("seed", ANY, Dft::NoValue)], accumulate),
    method("reverse", &[p("collection", ITER)], reverse),
    method(
        "mergeWith",
        &[
            p("d", MAP).alias("dict"),
            p("another", MAP),
            pd("list_merger", LAMBDA, Dft::None),
            pd("item_merger", LAMBDA, Dft::None),
            pd("max_levels", INT, Dft::Int(0)),
        ],
        merge_with,
    ),
    func("isIterable", &[p("value", ANY)], is_iterable),
    func(
        "generate",
        &[
            p("initial", ANY),
            p("predicate", LAMBDA),
            p("producer", LAMBDA),
            pd("selector", LAMBDA, Dft::None),
            pd("decycle", BOOL, Dft::Bool(false)),
        ],
        generate,
    ),
    func(
        "generateMany",
        &[
            p("initial", ANY),
            p("producer", LAMBDA),
            pd("selector", LAMBDA, Dft::None),
            pd("decycle", BOOL, Dft::Bool(false)),
            pd("depth_first", BOOL, Dft::Bool(false)),
        ],
        generate_many,
    ),
    method("defaultIfEmpty", &[p("collection", ITER), p("default", ITER)], default_if_empty),
];

pub(crate) fn register(defs: &mut Vec<FnDef>) {
    super::table::register(defs, OVERLOADS);
}

/// `collection.where(predicate)` / `filter`: the items the predicate holds for (lazy).
fn where_(c: &mut Call<'_>) -> R<V> {
    let pred = c.lam(1);
    let it = py_iter(c.eng, c.v(0))?;
    Ok(gen("filter", move |eng| loop {
        let Some(x) = it.next(eng)? else { return Ok(None) };
        let keep = match &pred {
            Some(p) => p.call(eng, std::slice::from_ref(&x))?.truthy(),
            None => x.truthy(),
        };
        if keep {
            return Ok(Some(x));
        }
    }))
}

/// `collection.select(selector)` / `map`: each item's selected value (lazy).
fn select(c: &mut Call<'_>) -> R<V> {
    let sel = lam_or_err(&c.lam(1))?.clone();
    let it = py_iter(c.eng, c.v(0))?;
    Ok(gen("map", move |eng| match it.next(eng)? {
        Some(x) => Ok(Some(sel.call(eng, &[x])?)),
        None => Ok(None),
    }))
}

/// `collection.attribute`: the attribute of each item (lazy).
fn attribute_of_each(c: &mut Call<'_>) -> R<V> {
    let Some(CV::E(ast, id)) = c.args.get(1).cloned() else { return Ok(V::None) };
    let it = py_iter(c.eng, c.v(0))?;
    let ctx = c.new_ctx();
    Ok(gen("map", move |eng| match it.next(eng)? {
        Some(x) => Ok(Some(eng.call(
            "#operator_.",
            &ctx,
            vec![super::super::eval::Arg::V(x), super::super::eval::Arg::E(ast.clone(), id)],
            Vec::new(),
            None,
        )?)),
        None => Ok(None),
    }))
}

/// `collection.limit(count)` / `take`: the first items (lazy).
fn limit(c: &mut Call<'_>) -> R<V> {
    let n = c.int(1);
    // CPython: a stop of -1 is reported as a bad stop, lower ones as bad indices
    let n = usize::try_from(n).map_err(|_| islice_error(n == -1))?;
    islice(c.eng, c.v(0), 0, Some(n))
}

/// `collection.skip(count)`: the items after the first ones (lazy).
fn skip(c: &mut Call<'_>) -> R<V> {
    let n = usize::try_from(c.int(1)).map_err(|_| islice_error(false))?;
    islice(c.eng, c.v(0), n, None)
}

/// `collection.append(value, …)`: the items then the values (lazy).
fn append(c: &mut Call<'_>) -> R<V> {
    let extra = V::tuple(c.var_values());
    Ok(as_generator(chain(vec![c.v(0).clone(), extra])))
}

/// `collection.distinct(keySelector)`: the items with a key not seen before (lazy).
fn distinct(c: &mut Call<'_>) -> R<V> {
    let sel = c.lam(1);
    let it = py_iter(c.eng, c.v(0))?;
    let mut seen = Set::new();
    Ok(genf("distinct", move |eng| loop {
        let Some(t) = it.next(eng)? else { return Ok(None) };
        let key = match &sel {
            Some(s) => s.call(eng, std::slice::from_ref(&t))?,
            None => t.clone(),
        };
        let k = hkey(&key)?;
        if !seen.contains(&k) {
            seen.insert(k);
            if seen.len() > 300 {
                eng.check_memory(&V::fset(seen.clone()))?;
            }
            return Ok(Some(t));
        }
    }))
}

/// `collection.enumerate(start)`: `[index, item]` pairs (lazy).
fn enumerate(c: &mut Call<'_>) -> R<V> {
    let mut i = match c.v(1) {
        V::None => return Err(type_error("'NoneType' object cannot be interpreted as an integer")),
        _ => c.int(1),
    };
    let it = py_iter(c.eng, c.v(0))?;
    Ok(genf("enumerate_", move |eng| match it.next(eng)? {
        Some(x) => {
            let r = V::List(Rc::new(vec![V::Int(i), x]));
            i = i.saturating_add(1);
            Ok(Some(r))
        }
        None => Ok(None),
    }))
}

/// `collection.any(predicate)`: whether an item satisfies the predicate (or exists).
fn any(c: &mut Call<'_>) -> R<V> {
    let pred = c.lam(1);
    let mut found = false;
    let eng = c.eng;
    for_each(eng, c.v(0), |t| {
        let ok = match &pred {
            None => true,
            Some(p) => p.call(eng, &[t])?.truthy(),
        };
        if ok {
            found = true;
            return Ok(false);
        }
        Ok(true)
    })?;
    Ok(V::Bool(found))
}

/// `collection.all(predicate)`: whether every item satisfies the predicate (or is truthy).
fn all(c: &mut Call<'_>) -> R<V> {
    let pred = c.lam(1);
    let mut all = true;
    let eng = c.eng;
    for_each(eng, c.v(0), |t| {
        let ok = match &pred {
            None => t.truthy(),
            Some(p) => p.call(eng, &[t])?.truthy(),
        };
        if !ok {
            all = false;
            return Ok(false);
        }
        Ok(true)
    })?;
    Ok(V::Bool(all))
}

/// `concat(collection, …)`: the collections' items in turn (lazy).
fn concat_all(c: &mut Call<'_>) -> R<V> {
    Ok(chain(c.var_values()))
}

/// `collection.count()` and `len(iterator)`: the number of items (consumes an iterator).
fn count(c: &mut Call<'_>) -> R<V> {
    let mut n = 0i64;
    for_each(c.eng, c.v(0), |_| {
        n += 1;
        Ok(true)
    })?;
    Ok(V::Int(n))
}

/// `collection.memorize()`: an iterator that can be read again.
fn memorize(c: &mut Call<'_>) -> R<V> {
    Ok(iter::memorize(c.v(0).clone()))
}

/// `collection.sum(initial)`: the items added with yaql's `+`.
fn sum(c: &mut Call<'_>) -> R<V> {
    let ctx = c.new_ctx();
    let eng = c.eng;
    reduce(eng, c.v(0), opt_seed(c.v(1)), |a, b| eng.call_values("#operator_+", &ctx, vec![a, b]))
}

/// `collection.max(initial)`: the greatest item by yaql's `max`.
fn max_of(c: &mut Call<'_>) -> R<V> {
    let ctx = c.new_ctx();
    let eng = c.eng;
    reduce(eng, c.v(0), opt_seed(c.v(1)), |a, b| eng.call_values("max", &ctx, vec![a, b]))
}

/// `collection.min(initial)`: the smallest item by yaql's `min`.
fn min_of(c: &mut Call<'_>) -> R<V> {
    let ctx = c.new_ctx();
    let eng = c.eng;
    reduce(eng, c.v(0), opt_seed(c.v(1)), |a, b| eng.call_values("min", &ctx, vec![a, b]))
}

/// `collection.first(default)`: the first item, else the default or StopIteration.
fn first(c: &mut Call<'_>) -> R<V> {
    let it = py_iter(c.eng, c.v(0))?;
    match it.next(c.eng)? {
        Some(x) => Ok(x),
        None => match c.v(1) {
            V::NoValue => Err(stop_iteration("")),
            d => Ok(d.clone()),
        },
    }
}

/// `collection.single()`: the only item, else StopIteration.
fn single(c: &mut Call<'_>) -> R<V> {
    let it = py_iter(c.eng, c.v(0))?;
    let first = it.next(c.eng)?.ok_or_else(|| stop_iteration(""))?;
    match it.next(c.eng)? {
        None => Ok(first),
        Some(_) => Err(stop_iteration("Collection contains more than one item")),
    }
}

/// `collection.last(default)`: the last item, else the default or StopIteration.
fn last(c: &mut Call<'_>) -> R<V> {
    if let V::Tuple(t) | V::List(t) = c.v(0) {
        return match t.last() {
            Some(x) => Ok(x.clone()),
            None => match c.v(1) {
                V::NoValue => Err(stop_iteration("")),
                d => Ok(d.clone()),
            },
        };
    }
    let mut last = c.v(1).clone();
    for_each(c.eng, c.v(0), |t| {
        last = t;
        Ok(true)
    })?;
    match last {
        V::NoValue => Err(stop_iteration("")),
        v => Ok(v),
    }
}

/// `collection.selectMany(selector)`: the selected values, iterables flattened (lazy).
fn select_many(c: &mut Call<'_>) -> R<V> {
    let sel = lam_or_err(&c.lam(1))?.clone();
    let it = py_iter(c.eng, c.v(0))?;
    let mut inner: Option<Rc<IterObj>> = None;
    Ok(genf("select_many", move |eng| loop {
        if let Some(i) = &inner {
            if let Some(x) = i.next(eng)? {
                return Ok(Some(x));
            }
            inner = None;
        }
        let Some(item) = it.next(eng)? else { return Ok(None) };
        let r = sel.call(eng, &[item])?;
        if r.is_iterable() {
            inner = Some(py_iter(eng, &r)?);
        } else {
            return Ok(Some(r));
        }
    }))
}

/// `range(stop)`: 0 up to stop.
fn range_to(c: &mut Call<'_>) -> R<V> {
    Ok(range(0, c.int(0), 1))
}

/// `range(start, stop, step)`: Python's `range`.
fn range_from(c: &mut Call<'_>) -> R<V> {
    if c.int(2) == 0 {
        return Err(value_error("range() arg 3 must not be zero"));
    }
    Ok(range(c.int(0), c.int(1), c.int(2)))
}

/// `sequence(start, step)`: the endless count (`itertools.count`).
fn sequence(c: &mut Call<'_>) -> R<V> {
    let cur = Rc::new(std::cell::Cell::new(c.int(0)));
    let step = c.int(1);
    let c2 = cur.clone();
    let step_fn = move |_: &Engine| {
        let r = c2.get();
        let n = r.checked_add(step).ok_or_else(|| YaqlError::new("OverflowError", "integer overflow in sequence()"))?;
        c2.set(n);
        Ok(Some(V::Int(r)))
    };
    let repr =
        move || if step == 1 { format!("count({})", cur.get()) } else { format!("count({}, {step})", cur.get()) };
    Ok(V::Iter(IterObj::with_repr("count", Box::new(step_fn), Box::new(repr))))
}

/// `collection.orderBy(selector)`: the items sorted ascending by the selector.
fn order_by(c: &mut Call<'_>) -> R<V> {
    new_ordering(c, true)
}

/// `collection.orderByDescending(selector)`.
fn order_by_descending(c: &mut Call<'_>) -> R<V> {
    new_ordering(c, false)
}

/// `ordering.thenBy(selector)`: a secondary ascending key.
fn then_by_ascending(c: &mut Call<'_>) -> R<V> {
    then_by(c, true)
}

/// `ordering.thenByDescending(selector)`: a secondary descending key.
fn then_by_descending(c: &mut Call<'_>) -> R<V> {
    then_by(c, false)
}

/// `collection.groupBy(keySelector, valueSelector, aggregator)`: `[key, values]` pairs.
fn group_by(c: &mut Call<'_>) -> R<V> {
    let ks = lam_or_err(&c.lam(1))?.clone();
    let vs = c.lam(2);
    let agg = c.lam(3);
    let eng = c.eng;
    let mut groups: indexmap::IndexMap<HKey, Vec<V>> = indexmap::IndexMap::new();
    for_each(eng, c.v(0), |t| {
        let value = match &vs {
            Some(l) => l.call(eng, std::slice::from_ref(&t))?,
            None => t.clone(),
        };
        let key = ks.call(eng, &[t])?;
        groups.entry(hkey(&key)?).or_default().push(value);
        Ok(true)
    })?;
    let items: Vec<(V, V)> = groups.into_iter().map(|(k, v)| (k.0, V::List(Rc::new(v)))).collect();
    let mut ga = GroupAgg { agg, allow_fallback: true, failure: None };
    let mut it = items.into_iter();
    Ok(gen("map", move |eng| match it.next() {
        Some((k, v)) => Ok(Some(ga.apply(eng, k, v)?)),
        None => Ok(None),
    }))
}

/// `collection.zip(other, …)`: tuples of items at the same position, to the shortest.
fn zip(c: &mut Call<'_>) -> R<V> {
    let its: Vec<Rc<IterObj>> = c.var_values().iter().map(|v| py_iter(c.eng, v)).collect::<R<_>>()?;
    let mut done = its.is_empty();
    Ok(gen("zip", move |eng| {
        if done {
            return Ok(None);
        }
        let mut row = Vec::with_capacity(its.len());
        for it in &its {
            match it.next(eng)? {
                Some(x) => row.push(x),
                None => {
                    done = true;
                    return Ok(None);
                }
            }
        }
        Ok(Some(V::tuple(row)))
    }))
}

/// `collection.zipLongest(other, …, default => v)`: tuples to the longest, padded.
fn zip_longest(c: &mut Call<'_>) -> R<V> {
    let fill =
        c.kw.iter()
            .find(|(k, _)| &**k == "default")
            .map(|(_, v)| match v {
                CV::V(v) => v.clone(),
                _ => V::None,
            })
            .unwrap_or(V::None);
    let its: Vec<Rc<IterObj>> = c.var_values().iter().map(|v| py_iter(c.eng, v)).collect::<R<_>>()?;
    let mut active: Vec<bool> = vec![true; its.len()];
    Ok(gen("zip_longest", move |eng| {
        if !active.iter().any(|a| *a) {
            return Ok(None);
        }
        let mut row = Vec::with_capacity(its.len());
        for (i, it) in its.iter().enumerate() {
            if active.get(i).copied().unwrap_or(false) {
                match it.next(eng)? {
                    Some(x) => row.push(x),
                    None => {
                        if let Some(a) = active.get_mut(i) {
                            *a = false;
                        }
                        if !active.iter().any(|a| *a) {
                            return Ok(None);
                        }
                        row.push(fill.clone());
                    }
                }
            } else {
                row.push(fill.clone());
            }
        }
        Ok(Some(V::tuple(row)))
    }))
}

/// `collection1.join(collection2, predicate, selector)`: the selected pairs the predicate holds for.
fn join(c: &mut Call<'_>) -> R<V> {
    let c2 = iter::memorize(c.v(1).clone());
    let pred = lam_or_err(&c.lam(2))?.clone();
    let sel = lam_or_err(&c.lam(3))?.clone();
    let outer = py_iter(c.eng, c.v(0))?;
    let mut cur: Option<(V, Rc<IterObj>)> = None;
    Ok(genf("join", move |eng| loop {
        if let Some((a, inner)) = &cur {
            match inner.next(eng)? {
                Some(b) => {
                    if pred.call(eng, &[a.clone(), b.clone()])?.truthy() {
                        return Ok(Some(sel.call(eng, &[a.clone(), b])?));
                    }
                    continue;
                }
                None => cur = None,
            }
        }
        let Some(a) = outer.next(eng)? else { return Ok(None) };
        cur = Some((a, py_iter(eng, &c2)?));
    }))
}

/// `value.repeat(times)`: the value repeated (negative: forever).
fn repeat(c: &mut Call<'_>) -> R<V> {
    let v = c.v(0).clone();
    let times = c.int(1);
    let left = Rc::new(std::cell::Cell::new(times));
    let (l2, v2) = (left.clone(), v.clone());
    let step_fn = move |_: &Engine| {
        if times < 0 {
            return Ok(Some(v2.clone()));
        }
        if l2.get() <= 0 {
            return Ok(None);
        }
        l2.set(l2.get() - 1);
        Ok(Some(v2.clone()))
    };
    let repr = move || {
        let r = super::super::value::py_repr(&v);
        if times < 0 {
            format!("repeat({r})")
        } else {
            format!("repeat({r}, {})", left.get().max(0))
        }
    };
    Ok(V::Iter(IterObj::with_repr("repeat", Box::new(step_fn), Box::new(repr))))
}

/// `collection.cycle()`: the items repeated forever.
fn cycle(c: &mut Call<'_>) -> R<V> {
    let it = py_iter(c.eng, c.v(0))?;
    let mut saved: Vec<V> = Vec::new();
    let mut first_pass = true;
    let mut i = 0usize;
    Ok(gen("cycle", move |eng| {
        if first_pass {
            if let Some(x) = it.next(eng)? {
                saved.push(x.clone());
                return Ok(Some(x));
            }
            first_pass = false;
        }
        if saved.is_empty() {
            return Ok(None);
        }
        let x = saved.get(i % saved.len()).cloned();
        i += 1;
        Ok(x)
    }))
}

/// `collection.takeWhile(predicate)`: the items until the predicate fails (lazy).
fn take_while(c: &mut Call<'_>) -> R<V> {
    let pred = lam_or_err(&c.lam(1))?.clone();
    let it = py_iter(c.eng, c.v(0))?;
    let mut done = false;
    Ok(gen("takewhile", move |eng| {
        if done {
            return Ok(None);
        }
        match it.next(eng)? {
            Some(x) if pred.call(eng, std::slice::from_ref(&x))?.truthy() => Ok(Some(x)),
            _ => {
                done = true;
                Ok(None)
            }
        }
    }))
}

/// `collection.skipWhile(predicate)`: the items from the first the predicate fails for (lazy).
fn skip_while(c: &mut Call<'_>) -> R<V> {
    let pred = lam_or_err(&c.lam(1))?.clone();
    let it = py_iter(c.eng, c.v(0))?;
    let mut dropping = true;
    Ok(gen("dropwhile", move |eng| loop {
        let Some(x) = it.next(eng)? else { return Ok(None) };
        if dropping && pred.call(eng, std::slice::from_ref(&x))?.truthy() {
            continue;
        }
        dropping = false;
        return Ok(Some(x));
    }))
}

/// `collection.indexOf(item)`: the first index of the item, or -1.
fn index_of_item(c: &mut Call<'_>) -> R<V> {
    let item = c.v(1).clone();
    index_where(c.eng, c.v(0), false, |t| Ok(py_eq(&t, &item)))
}

/// `collection.lastIndexOf(item)`: the last index of the item, or -1.
fn last_index_of_item(c: &mut Call<'_>) -> R<V> {
    let item = c.v(1).clone();
    index_where(c.eng, c.v(0), true, |t| Ok(py_eq(&t, &item)))
}

/// `collection.indexWhere(predicate)`: the first index the predicate holds for, or -1.
fn first_index_where(c: &mut Call<'_>) -> R<V> {
    let pred = lam_or_err(&c.lam(1))?.clone();
    index_where(c.eng, c.v(0), false, |t| Ok(pred.call(c.eng, &[t])?.truthy()))
}

/// `collection.lastIndexWhere(predicate)`: the last index the predicate holds for, or -1.
fn last_index_where(c: &mut Call<'_>) -> R<V> {
    let pred = lam_or_err(&c.lam(1))?.clone();
    index_where(c.eng, c.v(0), true, |t| Ok(pred.call(c.eng, &[t])?.truthy()))
}

/// `collection.slice(length)`: lists of length items (lazy).
fn slice(c: &mut Call<'_>) -> R<V> {
    let length = c.int(1);
    let it = V::Iter(py_iter(c.eng, c.v(0))?);
    let ctx = c.new_ctx();
    let mut done = false;
    Ok(genf("slice_", move |eng| {
        if done {
            return Ok(None);
        }
        let n = usize::try_from(length).map_err(|_| islice_error(length == -1))?;
        let part = islice(eng, &it, 0, Some(n))?;
        let res = eng.call_method_values("toList", &ctx, part, Vec::new())?;
        if res.truthy() {
            Ok(Some(res))
        } else {
            done = true;
            Ok(None)
        }
    }))
}

/// `collection.splitWhere(predicate)`: the parts between items the predicate holds for.
fn split_where(c: &mut Call<'_>) -> R<V> {
    let pred = lam_or_err(&c.lam(1))?.clone();
    // An item the predicate holds for ends a part and is dropped.
    parts_where(c, "split_where", move |eng, x| Ok(pred.call(eng, &[x])?.truthy().then_some(true)))
}

/// `collection.sliceWhere(predicate)`: the parts where the predicate's value changes.
fn slice_where(c: &mut Call<'_>) -> R<V> {
    let pred = lam_or_err(&c.lam(1))?.clone();
    // An item whose predicate value differs from the one before starts a part.
    let mut p1: Option<V> = None;
    parts_where(c, "slice_where", move |eng, x| {
        let p2 = pred.call(eng, &[x])?;
        let cut = p1.as_ref().is_some_and(|p| !py_eq(&p2, p));
        p1 = Some(p2);
        Ok(cut.then_some(false))
    })
}

/// `collection.splitAt(index)`: the items before and from the index.
fn split_at(c: &mut Call<'_>) -> R<V> {
    let lst = iter::collect(c.eng, &delegate_to_list(c, c.v(0).clone())?)?;
    let (a, b) = super::strings::slice_bounds(lst.len(), None, Some(c.int(1)));
    let _ = a;
    Ok(V::List(Rc::new(vec![
        V::tuple(lst.get(..b).unwrap_or(&[]).to_vec()),
        V::tuple(lst.get(b..).unwrap_or(&[]).to_vec()),
    ])))
}

/// `collection.aggregate(selector, seed)` / `reduce`: Python's `functools.reduce`.
fn aggregate(c: &mut Call<'_>) -> R<V> {
    let sel = lam_or_err(&c.lam(1))?.clone();
    let eng = c.eng;
    reduce(eng, c.v(0), opt_seed(c.v(2)), |a, b| sel.call(eng, &[a, b]))
}

/// `collection.accumulate(selector, seed)`: each step of the reduction.
fn accumulate(c: &mut Call<'_>) -> R<V> {
    let sel = lam_or_err(&c.lam(1))?.clone();
    let it = py_iter(c.eng, c.v(0))?;
    let mut total: Option<V> = opt_seed(c.v(2));
    let mut started = false;
    Ok(genf("accumulate", move |eng| {
        if !started {
            started = true;
            if total.is_none() {
                match it.next(eng)? {
                    Some(x) => total = Some(x),
                    None => return Err(type_error("accumulate() of empty sequence with no initial value")),
                }
            }
            return Ok(total.clone());
        }
        match it.next(eng)? {
            Some(x) => {
                let t = sel.call(eng, &[total.clone().unwrap_or(V::None), x])?;
                total = Some(t.clone());
                Ok(Some(t))
            }
            None => Ok(None),
        }
    }))
}

/// `collection.reverse()`: the items in reverse order.
fn reverse(c: &mut Call<'_>) -> R<V> {
    let lst = delegate_to_list(c, c.v(0).clone())?;
    let mut items = iter::collect(c.eng, &lst)?;
    items.reverse();
    Ok(V::Iter(iter::from_vec("reversed", items)))
}

/// `dict.mergeWith(another, listMerger, itemMerger, maxLevels)`: a deep merge.
fn merge_with(c: &mut Call<'_>) -> R<V> {
    let lm = c.lam(2);
    let im = c.lam(3);
    let ml = c.int(4);
    let ctx = c.new_ctx();
    let d1 = super::dict_of(c.v(0)).cloned().unwrap_or_default();
    let d2 = super::dict_of(c.v(1)).cloned().unwrap_or_default();
    let m = Merger { eng: c.eng, ctx, lm, im };
    m.merge(&d1, &d2, ml, 0)
}

/// `isIterable(value)`: whether the value is iterable (not a string or mapping).
fn is_iterable(c: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(c.v(0).is_iterable()))
}

/// `generate(initial, predicate, producer, selector, decycle)`: the values produced while the predicate holds.
fn generate(c: &mut Call<'_>) -> R<V> {
    let mut cur = c.v(0).clone();
    let pred = c.lam(1);
    let prod = c.lam(2);
    let sel = c.lam(3);
    let mut past: Option<Set> = if c.v(4).truthy() { Some(Set::new()) } else { None };
    let mut done = false;
    Ok(genf("generate", move |eng| {
        if done {
            return Ok(None);
        }
        if !lam_or_err(&pred)?.call(eng, std::slice::from_ref(&cur))?.truthy() {
            done = true;
            return Ok(None);
        }
        if let Some(p) = &mut past {
            let k = hkey(&cur)?;
            if p.contains(&k) {
                done = true;
                return Ok(None);
            }
            p.insert(k);
        }
        let out = match &sel {
            None => cur.clone(),
            Some(s) => s.call(eng, std::slice::from_ref(&cur))?,
        };
        cur = lam_or_err(&prod)?.call(eng, std::slice::from_ref(&cur))?;
        Ok(Some(out))
    }))
}

/// `generateMany(initial, producer, selector, decycle, depthFirst)`: the graph walk from initial.
fn generate_many(c: &mut Call<'_>) -> R<V> {
    let mut queue: std::collections::VecDeque<V> = std::collections::VecDeque::from(vec![c.v(0).clone()]);
    let prod = c.lam(1);
    let sel = c.lam(2);
    let mut past: Option<Set> = if c.v(3).truthy() { Some(Set::new()) } else { None };
    let depth_first = c.v(4).truthy();
    Ok(genf("generate_many", move |eng| loop {
        let Some(item) = queue.pop_front() else { return Ok(None) };
        if let Some(p) = &mut past {
            let k = hkey(&item)?;
            if p.contains(&k) {
                continue;
            }
            p.insert(k);
        }
        let out = match &sel {
            None => item.clone(),
            Some(s) => s.call(eng, std::slice::from_ref(&item))?,
        };
        let produced = lam_or_err(&prod)?.call(eng, &[item])?;
        let items = iter::collect(eng, &produced)?;
        if depth_first {
            for x in items.into_iter().rev() {
                queue.push_front(x);
            }
        } else {
            queue.extend(items);
        }
        if queue.len() > 1200 {
            return Err(super::super::eval::memory_error());
        }
        return Ok(Some(out));
    }))
}

/// `collection.defaultIfEmpty(default)`: the items, or the default when there are none.
fn default_if_empty(c: &mut Call<'_>) -> R<V> {
    let coll = c.v(0).clone();
    if let Some(n) = iter::sized_len(&coll) {
        if !matches!(coll, V::View(_, super::super::value::ViewKind::Values, _)) {
            return Ok(if n == 0 { c.v(1).clone() } else { coll });
        }
    }
    let m = iter::memorize(coll);
    let it = py_iter(c.eng, &m)?;
    Ok(if it.next(c.eng)?.is_some() { m } else { c.v(1).clone() })
}

/// A generator wrapping another iterator (so its type name is `generator`).
fn as_generator(v: V) -> V {
    match v {
        V::Iter(it) => genf("append", move |eng| it.next(eng)),
        other => other,
    }
}

/// `iter(range(start, stop, step))`.
fn range(start: i64, stop: i64, step: i64) -> V {
    let mut cur = start;
    gen("range_iterator", move |_| {
        let more = if step > 0 { cur < stop } else { cur > stop };
        if !more {
            return Ok(None);
        }
        let r = cur;
        match cur.checked_add(step) {
            Some(n) => cur = n,
            None => cur = stop,
        }
        Ok(Some(V::Int(r)))
    })
}

struct Merger<'a> {
    eng: &'a Engine,
    ctx: Rc<super::super::context::Context>,
    lm: Option<Lambda>,
    im: Option<Lambda>,
}

impl Merger<'_> {
    fn merge(&self, d1: &Dict, d2: &Dict, max_levels: i64, depth: usize) -> R<V> {
        if depth > 400 {
            return Err(YaqlError::new("RecursionError", "maximum recursion depth exceeded"));
        }
        let mut result = Dict::new();
        for (k, v1) in d1.iter() {
            result.insert(k.clone(), v1.clone());
            if let Some(v2) = d2.get(k) {
                let merged = if max_levels != 1 && v2.is_mapping() {
                    let Some(a) = super::dict_of(v1) else {
                        return Err(type_error(format!("Cannot merge {} with {}", v1.class_repr(), v2.class_repr())));
                    };
                    let b = super::dict_of(v2).cloned().unwrap_or_default();
                    self.merge(a, &b, if max_levels == 0 { 0 } else { max_levels - 1 }, depth + 1)?
                } else if max_levels != 1 && v2.is_sequence() {
                    if !v1.is_sequence() {
                        return Err(type_error(format!("Cannot merge {} with {}", v1.class_repr(), v2.class_repr())));
                    }
                    match &self.lm {
                        Some(l) => l.call(self.eng, &[v1.clone(), v2.clone()])?,
                        None => self.default_list_merge(v1, v2)?,
                    }
                } else {
                    match &self.im {
                        Some(l) => l.call(self.eng, &[v1.clone(), v2.clone()])?,
                        None => v2.clone(),
                    }
                };
                result.insert(k.clone(), merged);
            }
        }
        for (k, v2) in d2.iter() {
            if !result.contains_key(k) {
                result.insert(k.clone(), v2.clone());
            }
        }
        Ok(V::Dict(Rc::new(result)))
    }

    /// `to_list(distinct(lst1 + lst2))`.
    fn default_list_merge(&self, a: &V, b: &V) -> R<V> {
        let joined = match (a, b) {
            (V::Tuple(x), V::Tuple(y)) => {
                let mut v = x.as_ref().clone();
                v.extend(y.iter().cloned());
                V::tuple(v)
            }
            (V::List(x), V::List(y)) => {
                let mut v = x.as_ref().clone();
                v.extend(y.iter().cloned());
                V::List(Rc::new(v))
            }
            (x, y) => {
                return Err(type_error(format!(
                    "can only concatenate {} (not \"{}\") to {}",
                    x.type_name(),
                    y.type_name(),
                    x.type_name()
                )))
            }
        };
        let mut seen = Set::new();
        let mut out = Vec::new();
        for_each(self.eng, &joined, |t| {
            let k = hkey(&t)?;
            if !seen.contains(&k) {
                seen.insert(k);
                out.push(t);
            }
            Ok(true)
        })?;
        let g = V::Iter(iter::from_vec_gen("distinct", out));
        self.eng.call_method_values("toList", &self.ctx, g, Vec::new())
    }
}

#[cfg(test)]
mod tests {
    use crate::yaql::check_cases;

    #[test]
    fn laziness_is_observable() {
        check_cases(&[
            (
                "$.data.select($)[0]",
                "[1]",
                "NoMatchingFunctionException: No function \"#indexer\" matches supplied arguments",
            ),
            ("[0, 1].select(1 / $).take(0)", "null", "[]"),
            ("let(x => $.data.select($)) -> [$x.len(), $x.len()]", "[1, 2]", "[2, 0]"),
            (
                "range(1000).where($ > 995)",
                "null",
                "CollectionTooLargeException: Collection length exceeds 200 elements",
            ),
        ]);
    }

    #[test]
    fn ordering_grouping_merging() {
        check_cases(&[
            (
                "[[2, 'x'], [1, 'y'], [1, 'a']].orderBy($[0]).thenBy($[1])",
                "null",
                "[[1, \"a\"], [1, \"y\"], [2, \"x\"]]",
            ),
            (
                "[1, 'a'].orderBy($)",
                "null",
                "NoMatchingFunctionException: No function \"#operator_<\" matches supplied arguments",
            ),
            ("[['a', 1], ['b', 2], ['c', 1]].groupBy($[1], $[0], $.join(''))", "null", "[[1, \"ac\"], [2, \"b\"]]"),
            ("{a => [1, 2]}.mergeWith({a => [2, 3]})", "null", "{\"a\": [1, 2, 3]}"),
            (
                "{a => 1}.mergeWith({a => {b => 2}})",
                "null",
                "TypeError: Cannot merge <class 'int'> with <class 'yaql.language.utils.FrozenDict'>",
            ),
            ("[].reduce($1 + $2)", "null", "TypeError: reduce() of empty iterable with no initial value"),
            ("[5, 6].single()", "null", "StopIteration: Collection contains more than one item"),
        ]);
    }

    #[test]
    fn infinite_sources() {
        check_cases(&[
            ("sequence(5, 5).take(3)", "null", "[5, 10, 15]"),
            ("[1, 2].cycle().take(5)", "null", "[1, 2, 1, 2, 1]"),
            ("str(sequence())", "null", "\"count(0)\""),
        ]);
    }
}
