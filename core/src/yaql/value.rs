//! yaql-internal values: the Python objects yaql works on.
//!
//! Heat hands yaql plain data; yaql itself works on a richer zoo of Python objects
//! whose differences are visible (tuples vs lists, frozen vs plain dicts, sets, set-like
//! dict views, lazy iterators, regex and context objects). [`V`] models the ones the
//! standard library can produce, with Python's equality, hashing, `str()` and
//! `sys.getsizeof`.

use std::cell::RefCell;
use std::fmt::Write as _;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

use indexmap::{IndexMap, IndexSet};

use crate::value::BigInt;

use crate::pyfmt;

use super::context::Context;
use super::iter::{IterObj, OrderingIterable};
use super::regex::PyRegex;

/// Deepest value nesting the recursive helpers (`==`, hash, `str`) follow, like
/// CPython's recursion limit.
pub(crate) const MAX_VALUE_DEPTH: usize = 490;

/// A Python object as yaql sees it.
#[derive(Clone, Debug)]
pub(crate) enum V {
    /// yaql's `NO_VALUE` marker (an empty argument slot such as `[,1]`).
    NoValue,
    None,
    Bool(bool),
    Int(i64),
    /// An int beyond 64 bits (never one that fits in `Int`: see [`V::big`]).
    BigInt(Rc<BigInt>),
    Float(f64),
    Str(Rc<str>),
    /// An immutable Python tuple (what input lists and `[...]` become).
    Tuple(Rc<Vec<V>>),
    /// A mutable Python list (returned by a few functions, e.g. `insert`).
    List(Rc<Vec<V>>),
    /// `yaql.language.utils.FrozenDict` (hashable).
    FDict(Rc<Dict>),
    /// A plain Python dict (unhashable).
    Dict(Rc<Dict>),
    /// A frozenset.
    FSet(Rc<Set>),
    /// A dict view: `keys()`, `values()`, `items()` of a frozen (`KeysView`) or plain
    /// (`dict_keys`) dict.
    View(Rc<Dict>, ViewKind, bool),
    /// A lazy iterator (map, filter, generator, ...), shared and single-pass.
    Iter(Rc<IterObj>),
    /// The re-iterable result of `orderBy`.
    Ordering(Rc<RefCell<OrderingIterable>>),
    Regex(Rc<PyRegex>),
    Ctx(Rc<Context>),
    /// `utils.MappingRule` (an evaluated `a => b`).
    Rule(Rc<(V, V)>),
    /// `datetime.datetime`: microseconds since the epoch (UTC) and the UTC offset in seconds.
    DateTime(i64, i32),
    /// `datetime.timedelta` in microseconds.
    TimeSpan(i64),
}

/// Which view of a dict.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ViewKind {
    Keys,
    Values,
    Items,
}

/// A dict with Python key semantics (insertion ordered).
pub(crate) type Dict = IndexMap<HKey, V>;
/// A set with Python element semantics.
pub(crate) type Set = IndexSet<HKey>;

/// A hashable value used as dict key or set element.
#[derive(Clone, Debug)]
pub(crate) struct HKey(pub V);

impl PartialEq for HKey {
    fn eq(&self, other: &HKey) -> bool {
        py_eq(&self.0, &other.0)
    }
}

impl Eq for HKey {}

impl Hash for HKey {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u64(py_hash(&self.0, 0));
    }
}

impl HKey {
    /// A key for a value already known to be hashable.
    pub(crate) fn new(v: V) -> HKey {
        HKey(v)
    }
}

impl V {
    pub(crate) fn str(s: &str) -> V {
        V::Str(Rc::from(s))
    }

    pub(crate) fn string(s: String) -> V {
        V::Str(Rc::from(s))
    }

    pub(crate) fn tuple(v: Vec<V>) -> V {
        V::Tuple(Rc::new(v))
    }

    pub(crate) fn fdict(d: Dict) -> V {
        V::FDict(Rc::new(d))
    }

    /// A frozenset; elements are kept in the order CPython would iterate them when
    /// their hashes are deterministic (numbers and tuples of them), else as inserted.
    pub(crate) fn fset(s: Set) -> V {
        V::FSet(Rc::new(cpython_set_order(s)))
    }

    /// The type's `tp_name`, as CPython's messages show it (`tuple`, `FrozenDict`,
    /// `re.Pattern`, `itertools.count`).
    pub(crate) fn type_name(&self) -> &'static str {
        match self {
            V::NoValue => "MarkerClass",
            V::None => "NoneType",
            V::Bool(_) => "bool",
            V::Int(_) | V::BigInt(_) => "int",
            V::Float(_) => "float",
            V::Str(_) => "str",
            V::Tuple(_) => "tuple",
            V::List(_) => "list",
            V::FDict(_) => "FrozenDict",
            V::Dict(_) => "dict",
            V::FSet(_) => "frozenset",
            V::View(_, k, frozen) => match (k, frozen) {
                (ViewKind::Keys, true) => "KeysView",
                (ViewKind::Values, true) => "ValuesView",
                (ViewKind::Items, true) => "ItemsView",
                (ViewKind::Keys, false) => "dict_keys",
                (ViewKind::Values, false) => "dict_values",
                (ViewKind::Items, false) => "dict_items",
            },
            V::Iter(it) => it.tp_name(),
            V::Ordering(_) => "OrderingIterable",
            V::Regex(_) => "re.Pattern",
            V::Ctx(_) => "Context",
            V::Rule(_) => "MappingRule",
            V::DateTime(..) => "datetime.datetime",
            V::TimeSpan(_) => "datetime.timedelta",
        }
    }

    /// Python `str(type(x))` as used in some messages: `<class 'int'>`.
    pub(crate) fn class_repr(&self) -> String {
        let qual = match self {
            V::FDict(_) => "yaql.language.utils.FrozenDict",
            V::View(_, _, true) => match self.type_name() {
                "KeysView" => "collections.abc.KeysView",
                "ValuesView" => "collections.abc.ValuesView",
                _ => "collections.abc.ItemsView",
            },
            V::Ordering(_) => "yaql.standard_library.queries.OrderingIterable",
            V::Regex(_) => "re.Pattern",
            V::Ctx(_) => "yaql.language.contexts.Context",
            V::Rule(_) => "yaql.language.utils.MappingRule",
            V::DateTime(..) => "datetime.datetime",
            V::TimeSpan(_) => "datetime.timedelta",
            V::Iter(it) => return format!("<class '{}'>", it.qualified_type_name()),
            other => other.type_name(),
        };
        format!("<class '{qual}'>")
    }

    pub(crate) fn is_none(&self) -> bool {
        matches!(self, V::None)
    }

    /// `isinstance(x, int)` (bools included).
    pub(crate) fn is_int_like(&self) -> bool {
        matches!(self, V::Int(_) | V::BigInt(_) | V::Bool(_))
    }

    /// An int of any size: `Int` when it fits in 64 bits.
    pub(crate) fn big(b: BigInt) -> V {
        i64::try_from(&b).map_or_else(|_| V::BigInt(Rc::new(b)), V::Int)
    }

    /// The int (bools count) at any size.
    pub(crate) fn to_bigint(&self) -> Option<BigInt> {
        match self {
            V::Bool(b) => Some(BigInt::from(u8::from(*b))),
            V::Int(i) => Some(BigInt::from(*i)),
            V::BigInt(b) => Some(BigInt::clone(b)),
            _ => None,
        }
    }

    /// `utils.is_sequence`: a Sequence that is not a str.
    pub(crate) fn is_sequence(&self) -> bool {
        matches!(self, V::Tuple(_) | V::List(_))
    }

    /// `isinstance(x, collections.abc.Mapping)`.
    pub(crate) fn is_mapping(&self) -> bool {
        matches!(self, V::FDict(_) | V::Dict(_))
    }

    /// `isinstance(x, collections.abc.Set)`.
    pub(crate) fn is_set(&self) -> bool {
        matches!(self, V::FSet(_) | V::View(_, ViewKind::Keys | ViewKind::Items, _))
    }

    /// `isinstance(x, collections.abc.Iterator)`.
    pub(crate) fn is_iterator(&self) -> bool {
        matches!(self, V::Iter(_))
    }

    /// `isinstance(x, collections.abc.Iterable)`.
    pub(crate) fn is_iterable_abc(&self) -> bool {
        matches!(
            self,
            V::Str(_)
                | V::Tuple(_)
                | V::List(_)
                | V::FDict(_)
                | V::Dict(_)
                | V::FSet(_)
                | V::View(..)
                | V::Iter(_)
                | V::Ordering(_)
        )
    }

    /// `utils.is_iterable`: iterable but neither a str nor a mapping.
    pub(crate) fn is_iterable(&self) -> bool {
        self.is_iterable_abc() && !matches!(self, V::Str(_) | V::FDict(_) | V::Dict(_))
    }

    /// Python truthiness.
    pub(crate) fn truthy(&self) -> bool {
        match self {
            V::None => false,
            V::Bool(b) => *b,
            V::Int(i) => *i != 0,
            V::Float(f) => *f != 0.0,
            V::Str(s) => !s.is_empty(),
            V::Tuple(t) | V::List(t) => !t.is_empty(),
            V::FDict(d) | V::Dict(d) => !d.is_empty(),
            V::View(d, _, _) => !d.is_empty(),
            V::FSet(s) => !s.is_empty(),
            V::TimeSpan(t) => *t != 0,
            _ => true,
        }
    }

    /// Python `hash()` is defined (TypeError `unhashable type` otherwise).
    pub(crate) fn check_hashable(&self) -> Result<(), &'static str> {
        self.check_hashable_depth(0)
    }

    fn check_hashable_depth(&self, depth: usize) -> Result<(), &'static str> {
        if depth > MAX_VALUE_DEPTH {
            return Err("\u{0}recursion");
        }
        match self {
            V::List(_) | V::Dict(_) | V::View(..) => Err(self.type_name()),
            V::Tuple(t) => {
                for x in t.iter() {
                    x.check_hashable_depth(depth + 1)?;
                }
                Ok(())
            }
            V::FDict(d) => {
                for (k, v) in d.iter() {
                    k.0.check_hashable_depth(depth + 1)?;
                    v.check_hashable_depth(depth + 1)?;
                }
                Ok(())
            }
            _ => Ok(()),
        }
    }
}

// ---------------------------------------------------------------------------
// Equality and hashing
// ---------------------------------------------------------------------------

/// Python `a == b`.
pub(crate) fn py_eq(a: &V, b: &V) -> bool {
    eq_depth(a, b, 0)
}

fn num_eq(a: &V, b: &V) -> Option<bool> {
    match (a, b) {
        (V::BigInt(x), V::Float(f)) | (V::Float(f), V::BigInt(x)) => {
            return Some(crate::value::big_cmp_f64(x, *f) == Some(std::cmp::Ordering::Equal))
        }
        (V::BigInt(_), _) | (_, V::BigInt(_)) => return Some(a.to_bigint()? == b.to_bigint()?),
        _ => {}
    }
    let ai = match a {
        V::Bool(x) => Some(i64::from(*x)),
        V::Int(x) => Some(*x),
        _ => None,
    };
    let bi = match b {
        V::Bool(x) => Some(i64::from(*x)),
        V::Int(x) => Some(*x),
        _ => None,
    };
    match (a, b, ai, bi) {
        (_, _, Some(x), Some(y)) => Some(x == y),
        (V::Float(x), _, _, Some(y)) | (_, V::Float(x), Some(y), _) => Some(float_eq_int(*x, y)),
        (V::Float(x), V::Float(y), _, _) => Some(x == y),
        _ => None,
    }
}

/// Exact comparison of a float with an integer (as Python does, without rounding).
pub(crate) fn float_eq_int(f: f64, i: i64) -> bool {
    float_cmp_int(f, i) == Some(std::cmp::Ordering::Equal)
}

/// Exact ordering of a float against an integer (None for NaN).
pub(crate) fn float_cmp_int(f: f64, i: i64) -> Option<std::cmp::Ordering> {
    use std::cmp::Ordering;
    if f.is_nan() {
        return None;
    }
    // 2^63 as float is exact; floats beyond the i64 range compare by sign.
    const TWO63: f64 = 9_223_372_036_854_775_808.0;
    if f >= TWO63 {
        return Some(Ordering::Greater);
    }
    if f < -TWO63 {
        return Some(Ordering::Less);
    }
    let t = f.trunc();
    #[allow(clippy::cast_possible_truncation)]
    let ti = t as i64;
    match ti.cmp(&i) {
        Ordering::Equal => {
            let frac = f - t;
            Some(if frac > 0.0 {
                Ordering::Greater
            } else if frac < 0.0 {
                Ordering::Less
            } else {
                Ordering::Equal
            })
        }
        o => Some(o),
    }
}

fn eq_depth(a: &V, b: &V, depth: usize) -> bool {
    if depth > MAX_VALUE_DEPTH {
        return false;
    }
    if let Some(r) = num_eq(a, b) {
        return r;
    }
    match (a, b) {
        (V::NoValue, V::NoValue) | (V::None, V::None) => true,
        (V::Str(x), V::Str(y)) => x == y,
        (V::Tuple(x), V::Tuple(y)) | (V::List(x), V::List(y)) => {
            Rc::ptr_eq(x, y) || (x.len() == y.len() && x.iter().zip(y.iter()).all(|(p, q)| eq_depth(p, q, depth + 1)))
        }
        (V::FDict(x) | V::Dict(x), V::FDict(y) | V::Dict(y)) => dict_eq(x, y, depth),
        (
            V::FSet(_) | V::View(_, ViewKind::Keys | ViewKind::Items, _),
            V::FSet(_) | V::View(_, ViewKind::Keys | ViewKind::Items, _),
        ) => {
            let (x, y) = (set_elements(a), set_elements(b));
            x.len() == y.len() && x.iter().all(|e| set_contains(&y, e))
        }
        (V::Iter(x), V::Iter(y)) => Rc::ptr_eq(x, y),
        (V::Ordering(x), V::Ordering(y)) => Rc::ptr_eq(x, y),
        (V::Regex(x), V::Regex(y)) => x.pattern == y.pattern && x.flags == y.flags,
        (V::Ctx(x), V::Ctx(y)) => Rc::ptr_eq(x, y),
        (V::Rule(x), V::Rule(y)) => Rc::ptr_eq(x, y),
        (V::DateTime(x, _), V::DateTime(y, _)) => x == y,
        (V::TimeSpan(x), V::TimeSpan(y)) => x == y,
        _ => false,
    }
}

fn dict_eq(x: &Dict, y: &Dict, depth: usize) -> bool {
    if x.len() != y.len() {
        return false;
    }
    for (k, v) in x.iter() {
        match y.get(k) {
            Some(w) if eq_depth(v, w, depth + 1) => {}
            _ => return false,
        }
    }
    true
}

/// The elements of a set-like value (frozenset, keys or items view) as keys.
pub(crate) fn set_elements(v: &V) -> Vec<HKey> {
    match v {
        V::FSet(s) => s.iter().cloned().collect(),
        V::View(d, ViewKind::Keys, _) => d.keys().cloned().collect(),
        V::View(d, ViewKind::Items, _) => d.iter().map(|(k, v)| HKey(V::tuple(vec![k.0.clone(), v.clone()]))).collect(),
        _ => Vec::new(),
    }
}

fn set_contains(items: &[HKey], e: &HKey) -> bool {
    items.iter().any(|x| x == e)
}

const HASH_MOD: u64 = (1u64 << 61) - 1;

/// A hash consistent with [`py_eq`] (CPython's numeric hash, so `1`, `1.0` and
/// `True` collide as they must).
pub(crate) fn py_hash(v: &V, depth: usize) -> u64 {
    if depth > MAX_VALUE_DEPTH {
        return 0;
    }
    match v {
        V::NoValue => 0x6e6f,
        V::None => 0x4e6f6e65,
        V::Bool(b) => u64::from(*b),
        V::Int(i) => hash_int(*i),
        // Equal to a float only when the float holds it exactly: hashed as that float.
        V::BigInt(b) => crate::value::exact_f64(b).map_or_else(|| cpython_hash(v, 0).unwrap_or(0), hash_float),
        V::Float(f) => hash_float(*f),
        V::Str(s) => {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            s.hash(&mut h);
            h.finish()
        }
        V::Tuple(t) | V::List(t) => {
            let mut acc: u64 = 0x345678;
            for x in t.iter() {
                acc = acc.rotate_left(5) ^ py_hash(x, depth + 1);
                acc = acc.wrapping_mul(0x100000001b3);
            }
            acc ^ (t.len() as u64)
        }
        V::FDict(d) | V::Dict(d) => {
            let mut acc = 0u64;
            for (k, val) in d.iter() {
                let pair = py_hash(&k.0, depth + 1).rotate_left(7) ^ py_hash(val, depth + 1).wrapping_mul(31);
                acc ^= pair;
            }
            acc
        }
        V::FSet(_) | V::View(..) => {
            let mut acc = 0x5e7u64;
            for e in set_elements(v) {
                acc ^= py_hash(&e.0, depth + 1).wrapping_mul(0x9e3779b97f4a7c15);
            }
            acc
        }
        V::Iter(x) => Rc::as_ptr(x) as *const u8 as usize as u64,
        V::Ordering(x) => Rc::as_ptr(x) as *const u8 as usize as u64,
        V::Regex(x) => {
            let mut h = std::collections::hash_map::DefaultHasher::new();
            x.pattern.hash(&mut h);
            h.finish()
        }
        V::Ctx(x) => Rc::as_ptr(x) as *const u8 as usize as u64,
        V::Rule(x) => Rc::as_ptr(x) as *const u8 as usize as u64,
        V::DateTime(t, _) => hash_int(*t) ^ 0xd7,
        V::TimeSpan(t) => hash_int(*t) ^ 0x75,
    }
}

fn hash_int(i: i64) -> u64 {
    let m = i.unsigned_abs() % HASH_MOD;
    if i < 0 {
        m.wrapping_neg()
    } else {
        m
    }
}

fn hash_float(f: f64) -> u64 {
    if f.is_nan() {
        return 0x7ff8;
    }
    if f.is_infinite() {
        return if f > 0.0 { 314_159 } else { 314_159u64.wrapping_neg() };
    }
    if f.fract() == 0.0 && f.abs() < 9.2e18 {
        #[allow(clippy::cast_possible_truncation)]
        return hash_int(f as i64);
    }
    // Non-integral floats never equal an int: any stable hash will do.
    f.to_bits().wrapping_mul(0x9e3779b97f4a7c15)
}

// ---------------------------------------------------------------------------
// str() and repr()
// ---------------------------------------------------------------------------

/// Python `str(x)`.
pub(crate) fn py_str(v: &V) -> String {
    match v {
        V::Str(s) => s.to_string(),
        V::DateTime(t, off) => super::functions::datetime::datetime_str(*t, *off),
        V::TimeSpan(t) => super::functions::datetime::timedelta_str(*t),
        _ => py_repr(v),
    }
}

/// Python `repr(x)`.
pub(crate) fn py_repr(v: &V) -> String {
    let mut out = String::new();
    write_repr(&mut out, v, 0);
    out
}

fn write_seq(out: &mut String, items: &[V], depth: usize) {
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_repr(out, x, depth + 1);
    }
}

fn write_dict(out: &mut String, d: &Dict, depth: usize) {
    out.push('{');
    for (i, (k, val)) in d.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_repr(out, &k.0, depth + 1);
        out.push_str(": ");
        write_repr(out, val, depth + 1);
    }
    out.push('}');
}

fn write_repr(out: &mut String, v: &V, depth: usize) {
    if depth > MAX_VALUE_DEPTH {
        out.push_str("...");
        return;
    }
    match v {
        V::NoValue => out.push_str("<NoValue>"),
        V::None => out.push_str("None"),
        V::Bool(true) => out.push_str("True"),
        V::Bool(false) => out.push_str("False"),
        V::Int(i) => {
            let _ = write!(out, "{i}");
        }
        V::BigInt(b) => {
            let _ = write!(out, "{b}");
        }
        V::Float(f) => out.push_str(&pyfmt::float_repr(*f)),
        V::Str(s) => out.push_str(&pyfmt::str_repr(s)),
        V::Tuple(t) => {
            out.push('(');
            write_seq(out, t, depth);
            if t.len() == 1 {
                out.push(',');
            }
            out.push(')');
        }
        V::List(t) => {
            out.push('[');
            write_seq(out, t, depth);
            out.push(']');
        }
        V::FDict(d) | V::Dict(d) => write_dict(out, d, depth),
        V::FSet(s) => {
            if s.is_empty() {
                out.push_str("frozenset()");
            } else {
                out.push_str("frozenset({");
                for (i, e) in s.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    write_repr(out, &e.0, depth + 1);
                }
                out.push_str("})");
            }
        }
        V::View(d, kind, frozen) => {
            if *frozen {
                out.push_str(v.type_name());
                out.push('(');
                write_dict(out, d, depth);
                out.push(')');
            } else {
                out.push_str(v.type_name());
                out.push_str("([");
                let items: Vec<V> = match kind {
                    ViewKind::Keys => d.keys().map(|k| k.0.clone()).collect(),
                    ViewKind::Values => d.values().cloned().collect(),
                    ViewKind::Items => d.iter().map(|(k, x)| V::tuple(vec![k.0.clone(), x.clone()])).collect(),
                };
                write_seq(out, &items, depth);
                out.push_str("])");
            }
        }
        V::Iter(it) => match it.custom_repr() {
            Some(r) => out.push_str(&r),
            None if it.generator_name().is_some() => {
                let _ = write!(
                    out,
                    "<generator object {} at {:#x}>",
                    it.generator_name().unwrap_or(""),
                    fake_address(Rc::as_ptr(it) as *const u8)
                );
            }
            None => {
                let _ = write!(
                    out,
                    "<{} object at {:#x}>",
                    it.qualified_type_name(),
                    fake_address(Rc::as_ptr(it) as *const u8)
                );
            }
        },
        V::Ordering(x) => {
            let _ = write!(
                out,
                "<yaql.standard_library.queries.OrderingIterable object at {:#x}>",
                fake_address(Rc::as_ptr(x) as *const u8)
            );
        }
        V::Regex(r) => out.push_str(&r.repr()),
        V::Ctx(c) => {
            let _ = write!(
                out,
                "<yaql.language.contexts.Context object at {:#x}>",
                fake_address(Rc::as_ptr(c) as *const u8)
            );
        }
        V::Rule(r) => {
            let _ = write!(
                out,
                "<yaql.language.utils.MappingRule object at {:#x}>",
                fake_address(Rc::as_ptr(r) as *const u8)
            );
        }
        V::DateTime(t, off) => out.push_str(&super::functions::datetime::datetime_repr(*t, *off)),
        V::TimeSpan(t) => out.push_str(&super::functions::datetime::timedelta_repr(*t)),
    }
}

/// A stable, Python-looking object address.
fn fake_address(p: *const u8) -> u64 {
    0x7f00_0000_0000 | ((p as usize as u64) & 0xff_ffff_fff0)
}

// ---------------------------------------------------------------------------
// sys.getsizeof (CPython 3.11, 64-bit), for yaql's memory quota
// ---------------------------------------------------------------------------

/// CPython's `sys.getsizeof(x)` for the objects yaql measures.
pub(crate) fn py_sizeof(v: &V) -> usize {
    match v {
        V::NoValue => 48,
        V::None => 16,
        V::Bool(_) => 28,
        V::Int(i) => int_size(*i),
        V::BigInt(b) => 24 + 4 * usize::try_from(b.bits()).unwrap_or(usize::MAX / 8).div_ceil(30),
        V::Float(_) => 24,
        V::Str(s) => str_size(s),
        V::Tuple(t) => 40 + 8 * t.len(),
        V::List(t) => 56 + 8 * t.len(),
        V::FDict(_) => 48,
        V::Dict(d) => dict_size(d),
        V::FSet(s) => set_size(s.len()),
        V::View(..) => 40,
        V::Iter(_) => 64,
        V::Ordering(_) => 48,
        V::Regex(_) => 200,
        V::Ctx(_) => 48,
        V::Rule(_) => 48,
        V::DateTime(..) => 56,
        V::TimeSpan(_) => 40,
    }
}

fn int_size(i: i64) -> usize {
    if i == 0 {
        return 28;
    }
    let bits = 64 - i.unsigned_abs().leading_zeros() as usize;
    24 + 4 * bits.div_ceil(30)
}

/// `sys.getsizeof(str)`: compact ASCII, Latin-1, UCS-2 or UCS-4 layout.
pub(crate) fn str_size(s: &str) -> usize {
    if s.is_ascii() {
        return 49 + s.len();
    }
    let mut max = 0u32;
    let mut n = 0usize;
    for c in s.chars() {
        max = max.max(u32::from(c));
        n += 1;
    }
    if max < 0x80 {
        49 + n
    } else if max < 0x100 {
        73 + n
    } else if max < 0x10000 {
        74 + 2 * n
    } else {
        76 + 4 * n
    }
}

/// `sys.getsizeof` of a dict grown by insertion to `d.len()` entries.
fn dict_size(d: &Dict) -> usize {
    let n = d.len();
    if n == 0 {
        return 64;
    }
    let all_str = d.keys().all(|k| matches!(k.0, V::Str(_)));
    // Table of 8 slots (5 usable) to start; grows to the next power of two above 3*used.
    let mut size: usize = 8;
    while size * 2 / 3 < n {
        size *= 2;
    }
    let usable = size * 2 / 3;
    let index_bytes = if size <= 128 {
        1
    } else if size <= 0x8000 {
        2
    } else {
        4
    };
    let entry = if all_str { 16 } else { 24 };
    96 + size * index_bytes + usable * entry
}

/// `sys.getsizeof` of a frozenset of `n` elements built by insertion.
fn set_size(n: usize) -> usize {
    let mut mask: usize = 7;
    let mut fill = 0usize;
    for _ in 0..n {
        fill += 1;
        if fill * 5 >= mask * 3 {
            let minused = if fill > 50000 { fill * 2 } else { fill * 4 };
            let mut size = 8;
            while size <= minused {
                size *= 2;
            }
            mask = size - 1;
        }
    }
    if mask == 7 {
        216
    } else {
        216 + 16 * (mask + 1)
    }
}

// ---------------------------------------------------------------------------
// CPython's set iteration order
// ---------------------------------------------------------------------------

const PY_MODULUS: u64 = (1u64 << 61) - 1;

/// CPython's `hash(x)` as an unsigned word, for objects whose hash does not depend on
/// the process (numbers, booleans, and tuples/frozen dicts of them). None for strings
/// (randomized per process), None (address based) and everything else.
pub(crate) fn cpython_hash(v: &V, depth: usize) -> Option<u64> {
    if depth > MAX_VALUE_DEPTH {
        return None;
    }
    let h: i64 = match v {
        V::Bool(b) => i64::from(*b),
        V::Int(i) => {
            let m = i.unsigned_abs() % PY_MODULUS;
            let m = i64::try_from(m).ok()?;
            if *i < 0 {
                -m
            } else {
                m
            }
        }
        V::BigInt(b) => {
            let m = i64::try_from(b.magnitude() % PY_MODULUS).ok()?;
            if b.sign() == num_bigint::Sign::Minus {
                -m
            } else {
                m
            }
        }
        V::Float(f) => return Some(hash_double(*f)),
        V::Tuple(t) => return tuple_hash(t.iter(), t.len(), depth),
        V::FDict(d) => {
            let mut acc: u64 = 0;
            for (k, x) in d.iter() {
                let pair = [k.0.clone(), x.clone()];
                acc ^= tuple_hash(pair.iter(), 2, depth)?;
            }
            #[allow(clippy::cast_possible_wrap)]
            let h = acc as i64;
            h
        }
        _ => return None,
    };
    let h = if h == -1 { -2 } else { h };
    #[allow(clippy::cast_sign_loss)]
    Some(h as u64)
}

fn tuple_hash<'a>(items: impl Iterator<Item = &'a V>, len: usize, depth: usize) -> Option<u64> {
    const P1: u64 = 11_400_714_785_074_694_791;
    const P2: u64 = 14_029_467_366_897_019_727;
    const P5: u64 = 2_870_177_450_012_600_261;
    let mut acc = P5;
    for x in items {
        let lane = cpython_hash(x, depth + 1)?;
        acc = acc.wrapping_add(lane.wrapping_mul(P2));
        acc = acc.rotate_left(31);
        acc = acc.wrapping_mul(P1);
    }
    acc = acc.wrapping_add((len as u64) ^ (P5 ^ 3_527_539));
    if acc == u64::MAX {
        return Some(1_546_275_796);
    }
    Some(acc)
}

/// `_Py_HashDouble`.
fn hash_double(v: f64) -> u64 {
    if !v.is_finite() {
        if v.is_infinite() {
            #[allow(clippy::cast_sign_loss)]
            return if v > 0.0 { 314_159 } else { (-314_159i64) as u64 };
        }
        return 0;
    }
    // frexp
    let (mut m, mut e) = frexp(v.abs());
    let sign: i64 = if v < 0.0 { -1 } else { 1 };
    let mut x: u64 = 0;
    while m != 0.0 {
        x = ((x << 28) & PY_MODULUS) | (x >> (61 - 28));
        m *= 268_435_456.0;
        e -= 28;
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let y = m as u64;
        #[allow(clippy::cast_precision_loss)]
        {
            m -= y as f64;
        }
        x += y;
        if x >= PY_MODULUS {
            x -= PY_MODULUS;
        }
    }
    let e = if e >= 0 { e % 61 } else { 61 - 1 - ((-1 - e) % 61) };
    #[allow(clippy::cast_sign_loss)]
    let e = e as u32;
    x = ((x << e) & PY_MODULUS) | (x >> (61 - e));
    #[allow(clippy::cast_possible_wrap)]
    let mut h = (x as i64).wrapping_mul(sign);
    if h == -1 {
        h = -2;
    }
    #[allow(clippy::cast_sign_loss)]
    let r = h as u64;
    r
}

fn frexp(x: f64) -> (f64, i32) {
    if x == 0.0 {
        return (0.0, 0);
    }
    let bits = x.to_bits();
    let exp = ((bits >> 52) & 0x7ff) as i32;
    if exp == 0 {
        // subnormal: scale up
        let (m, e) = frexp(x * 2f64.powi(64));
        return (m, e - 64);
    }
    let e = exp - 1022;
    let m = f64::from_bits((bits & !(0x7ffu64 << 52)) | (1022u64 << 52));
    (m, e)
}

/// Reorder a set as CPython's table would iterate it after inserting the elements in
/// their current order (`frozenset(iterable)`), when all hashes are deterministic.
fn cpython_set_order(s: Set) -> Set {
    if s.len() < 2 {
        return s;
    }
    let mut hashes = Vec::with_capacity(s.len());
    for k in s.iter() {
        match cpython_hash(&k.0, 0) {
            Some(h) => hashes.push(h),
            None => return s,
        }
    }
    let mut mask: usize = 7;
    let mut table: Vec<Option<usize>> = vec![None; 8];
    let mut fill = 0usize;
    let place = |table: &mut Vec<Option<usize>>, mask: usize, h: u64, idx: usize| {
        let mut perturb = h;
        let mut i = (h as usize) & mask;
        loop {
            let probes = if i + 9 <= mask { 9 } else { 0 };
            for j in 0..=probes {
                if let Some(slot) = table.get_mut(i + j) {
                    if slot.is_none() {
                        *slot = Some(idx);
                        return;
                    }
                }
            }
            perturb >>= 5;
            i = (i.wrapping_mul(5).wrapping_add(1).wrapping_add(perturb as usize)) & mask;
        }
    };
    for (idx, h) in hashes.iter().enumerate() {
        place(&mut table, mask, *h, idx);
        fill += 1;
        if fill * 5 >= mask * 3 {
            let minused = if fill > 50000 { fill * 2 } else { fill * 4 };
            let mut size = 8usize;
            while size <= minused {
                size <<= 1;
            }
            let old = std::mem::replace(&mut table, vec![None; size]);
            mask = size - 1;
            for e in old.into_iter().flatten() {
                let hh = hashes.get(e).copied().unwrap_or(0);
                place(&mut table, mask, hh, e);
            }
        }
    }
    let keys: Vec<&HKey> = s.iter().collect();
    table.into_iter().flatten().filter_map(|i| keys.get(i).map(|k| (*k).clone())).collect()
}
