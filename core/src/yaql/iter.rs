//! Lazy iterators: Python's single-pass, shared iterator objects.

use std::cell::RefCell;
use std::rc::Rc;

use super::eval::{Engine, Lambda, R};
use super::value::{ViewKind, V};
use super::YaqlError;

/// The step function of an iterator: the next item, or None when exhausted.
pub(crate) type Step = Box<dyn FnMut(&Engine) -> R<Option<V>>>;

/// A Python iterator object (map, filter, generator, itertools object, ...).
pub(crate) struct IterObj {
    name: &'static str,
    state: RefCell<IterState>,
    /// Python's repr when it is not `<name object at 0x...>` (itertools.count, repeat).
    repr: Option<Box<dyn Fn() -> String>>,
    /// For generators: the generator function's qualified name.
    qual: Option<&'static str>,
}

struct IterState {
    step: Option<Step>,
    /// For `RememberingIterator`: the shared memo that `iter()` restarts from.
    memo: Option<Rc<Memo>>,
}

/// `utils.memorize`: items seen so far and the source.
pub(crate) struct Memo {
    seen: RefCell<Vec<V>>,
    source: RefCell<Option<Rc<IterObj>>>,
}

impl std::fmt::Debug for IterObj {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "<{} iterator>", self.name)
    }
}

impl IterObj {
    /// A new iterator object of the given Python type name.
    pub(crate) fn new(name: &'static str, step: Step) -> Rc<IterObj> {
        Rc::new(IterObj {
            name,
            state: RefCell::new(IterState { step: Some(step), memo: None }),
            repr: None,
            qual: None,
        })
    }

    /// An iterator object with its own repr.
    pub(crate) fn with_repr(name: &'static str, step: Step, repr: Box<dyn Fn() -> String>) -> Rc<IterObj> {
        Rc::new(IterObj {
            name,
            state: RefCell::new(IterState { step: Some(step), memo: None }),
            repr: Some(repr),
            qual: None,
        })
    }

    /// The custom repr, if any.
    pub(crate) fn custom_repr(&self) -> Option<String> {
        self.repr.as_ref().map(|f| f())
    }

    /// The generator function's name, for generator objects.
    pub(crate) fn generator_name(&self) -> Option<&'static str> {
        self.qual
    }

    /// `tp_name`: itertools types carry their module.
    pub(crate) fn tp_name(&self) -> &'static str {
        match self.name {
            "islice" => "itertools.islice",
            "chain" => "itertools.chain",
            "count" => "itertools.count",
            "repeat" => "itertools.repeat",
            "cycle" => "itertools.cycle",
            "takewhile" => "itertools.takewhile",
            "dropwhile" => "itertools.dropwhile",
            "zip_longest" => "itertools.zip_longest",
            n => n,
        }
    }

    pub(crate) fn qualified_type_name(&self) -> String {
        match self.name {
            "islice" | "chain" | "count" | "repeat" | "cycle" | "takewhile" | "dropwhile" | "zip_longest" => {
                format!("itertools.{}", self.name)
            }
            "RememberingIterator" => "yaql.language.utils.memorize.<locals>.RememberingIterator".into(),
            n => n.into(),
        }
    }

    /// `next(it)`.
    pub(crate) fn next(&self, eng: &Engine) -> R<Option<V>> {
        let Ok(mut st) = self.state.try_borrow_mut() else {
            return Err(YaqlError::new("ValueError", "generator already executing"));
        };
        let Some(step) = st.step.as_mut() else { return Ok(None) };
        eng.enter()?;
        let r = step(eng);
        eng.leave();
        match r {
            Ok(None) => {
                st.step = None;
                Ok(None)
            }
            Ok(Some(v)) => Ok(Some(v)),
            Err(e) => {
                if self.name == "generator" {
                    st.step = None;
                }
                Err(e)
            }
        }
    }

    /// `iter(it)`: itself, except a remembering iterator restarts from its memo.
    pub(crate) fn iter(self: &Rc<Self>) -> Rc<IterObj> {
        let memo = self.state.borrow().memo.clone();
        match memo {
            Some(m) => remembering(m),
            None => self.clone(),
        }
    }
}

/// A generator-like iterator built from a step closure.
pub(crate) fn gen(name: &'static str, step: impl FnMut(&Engine) -> R<Option<V>> + 'static) -> V {
    V::Iter(IterObj::new(name, Box::new(step)))
}

/// A generator object of the named generator function.
pub(crate) fn genf(qual: &'static str, step: impl FnMut(&Engine) -> R<Option<V>> + 'static) -> V {
    V::Iter(Rc::new(IterObj {
        name: "generator",
        state: RefCell::new(IterState { step: Some(Box::new(step)), memo: None }),
        repr: None,
        qual: Some(qual),
    }))
}

/// A generator over a fixed list of values.
pub(crate) fn from_vec_gen(qual: &'static str, items: Vec<V>) -> Rc<IterObj> {
    let mut it = items.into_iter();
    Rc::new(IterObj {
        name: "generator",
        state: RefCell::new(IterState { step: Some(Box::new(move |_| Ok(it.next()))), memo: None }),
        repr: None,
        qual: Some(qual),
    })
}

/// An iterator over a fixed list of values.
pub(crate) fn from_vec(name: &'static str, items: Vec<V>) -> Rc<IterObj> {
    let mut it = items.into_iter();
    IterObj::new(name, Box::new(move |_| Ok(it.next())))
}

/// An iterator over a shared vector.
pub(crate) fn from_rc(name: &'static str, items: Rc<Vec<V>>) -> Rc<IterObj> {
    let mut i = 0usize;
    IterObj::new(
        name,
        Box::new(move |_| {
            let r = items.get(i).cloned();
            i += 1;
            Ok(r)
        }),
    )
}

fn remembering(memo: Rc<Memo>) -> Rc<IterObj> {
    let m2 = memo.clone();
    let mut index = 0usize;
    let obj = IterObj::new(
        "RememberingIterator",
        Box::new(move |eng| {
            if let Some(v) = m2.seen.borrow().get(index) {
                index += 1;
                return Ok(Some(v.clone()));
            }
            let src = m2.source.borrow().clone();
            let Some(src) = src else { return Ok(None) };
            match src.next(eng)? {
                Some(v) => {
                    m2.seen.borrow_mut().push(v.clone());
                    index += 1;
                    Ok(Some(v))
                }
                None => Ok(None),
            }
        }),
    );
    obj.state.borrow_mut().memo = Some(memo);
    obj
}

/// `utils.memorize(collection)`: iterators become re-iterable; anything else is returned.
pub(crate) fn memorize(v: V) -> V {
    match v {
        V::Iter(it) => {
            let memo = Rc::new(Memo { seen: RefCell::new(Vec::new()), source: RefCell::new(Some(it)) });
            V::Iter(remembering(memo))
        }
        other => other,
    }
}

/// `iter(x)` for any iterable value (str iterates characters; dicts their keys).
pub(crate) fn py_iter(eng: &Engine, v: &V) -> R<Rc<IterObj>> {
    Ok(match v {
        V::Tuple(t) => from_rc("tuple_iterator", t.clone()),
        V::List(t) => from_rc("list_iterator", t.clone()),
        V::Str(s) => from_vec("str_ascii_iterator", s.chars().map(|c| V::string(c.to_string())).collect()),
        V::FDict(d) | V::Dict(d) | V::View(d, ViewKind::Keys, _) => {
            from_vec("dict_keyiterator", d.keys().map(|k| k.0.clone()).collect())
        }
        V::View(d, ViewKind::Values, _) => from_vec("dict_valueiterator", d.values().cloned().collect()),
        V::View(d, ViewKind::Items, _) => {
            from_vec("dict_itemiterator", d.iter().map(|(k, x)| V::tuple(vec![k.0.clone(), x.clone()])).collect())
        }
        V::FSet(s) => from_vec("set_iterator", s.iter().map(|k| k.0.clone()).collect()),
        V::Iter(it) => it.iter(),
        V::Ordering(o) => {
            let sorted = OrderingIterable::sorted(o, eng)?;
            from_rc("list_iterator", sorted)
        }
        other => return Err(YaqlError::new("TypeError", format!("'{}' object is not iterable", other.type_name()))),
    })
}

/// Collect every item (Python `list(iterable)`), bounded by the caller's limits.
pub(crate) fn collect(eng: &Engine, v: &V) -> R<Vec<V>> {
    match v {
        V::Tuple(t) | V::List(t) => Ok(t.as_ref().clone()),
        _ => {
            let it = py_iter(eng, v)?;
            let mut out = Vec::new();
            while let Some(x) = it.next(eng)? {
                eng.tick()?;
                out.push(x);
            }
            Ok(out)
        }
    }
}

/// `len(x)` for sized values (None for iterators and other unsized objects).
pub(crate) fn sized_len(v: &V) -> Option<usize> {
    match v {
        V::Tuple(t) | V::List(t) => Some(t.len()),
        V::Str(s) => Some(s.chars().count()),
        V::FDict(d) | V::Dict(d) | V::View(d, _, _) => Some(d.len()),
        V::FSet(s) => Some(s.len()),
        _ => None,
    }
}

/// The result of `orderBy`: sorted on first iteration, then cached.
pub(crate) struct OrderingIterable {
    pub collection: V,
    pub order: Vec<(Lambda, bool)>,
    pub sorted: Option<Rc<Vec<V>>>,
}

impl std::fmt::Debug for OrderingIterable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "<OrderingIterable>")
    }
}

impl OrderingIterable {
    fn sorted(this: &Rc<RefCell<OrderingIterable>>, eng: &Engine) -> R<Rc<Vec<V>>> {
        if let Some(s) = this.borrow().sorted.clone() {
            return Ok(s);
        }
        let (collection, order) = {
            let b = this.borrow();
            (b.collection.clone(), b.order.clone())
        };
        let items = collect(eng, &collection)?;
        let sorted = super::functions::queries::sort_by_order(eng, items, &order)?;
        let rc = Rc::new(sorted);
        this.borrow_mut().sorted = Some(rc.clone());
        Ok(rc)
    }
}
