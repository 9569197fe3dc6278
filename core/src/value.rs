//! The one runtime value type, with Python's equality, hashing and ordering.
//!
//! Heat evaluates templates on Python values, so equality follows Python:
//! `1 == 1.0 == True`, and a map's keys `1` and `true` are the same key.
//! Text conversions (`str()`, `repr()`, `json.dumps`) live in [`crate::pyfmt`].

use std::cmp::Ordering;
use std::hash::{Hash, Hasher};
use std::rc::Rc;

use indexmap::IndexMap;
pub use num_bigint::BigInt;
use num_traits::{FromPrimitive, ToPrimitive};

/// A template value: what the YAML/JSON loader produces and what functions return.
#[derive(Clone, Debug, Default)]
pub enum Value {
    /// YAML `~`/`null`, JSON `null`, Python `None`.
    #[default]
    Null,
    /// A boolean (in Python also an int: `True == 1`).
    Bool(bool),
    /// An integer that fits in 64 bits.
    Int(i64),
    /// An integer beyond 64 bits (Python ints are unbounded). Never one that
    /// fits in `Int` ([`Value::big`] keeps them apart), so every integer has
    /// one representation.
    BigInt(Rc<BigInt>),
    /// An IEEE double, including `inf` and `nan`.
    Float(f64),
    /// A Unicode string.
    Str(Rc<str>),
    /// A list.
    List(Rc<Vec<Value>>),
    /// A map with insertion order and Python key semantics.
    Map(Rc<Map>),
}

impl Value {
    /// A string value.
    pub fn str(s: impl Into<Rc<str>>) -> Value {
        Value::Str(s.into())
    }

    /// An integer of any size: `Int` when it fits in 64 bits.
    pub fn big(b: BigInt) -> Value {
        i64::try_from(&b).map_or_else(|_| Value::BigInt(Rc::new(b)), Value::Int)
    }

    /// The integer (bools count) at any size.
    pub fn to_bigint(&self) -> Option<BigInt> {
        match self {
            Value::BigInt(b) => Some(BigInt::clone(b)),
            other => other.as_int().map(BigInt::from),
        }
    }

    /// A list value.
    pub fn list(items: Vec<Value>) -> Value {
        Value::List(Rc::new(items))
    }

    /// A map value.
    pub fn map(map: Map) -> Value {
        Value::Map(Rc::new(map))
    }

    /// Python's type name (`NoneType`, `bool`, `int`, `float`, `str`, `list`, `dict`).
    pub fn type_name(&self) -> &'static str {
        match self {
            Value::Null => "NoneType",
            Value::Bool(_) => "bool",
            Value::Int(_) | Value::BigInt(_) => "int",
            Value::Float(_) => "float",
            Value::Str(_) => "str",
            Value::List(_) => "list",
            Value::Map(_) => "dict",
        }
    }

    /// The string, if this is one.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Value::Str(s) => Some(s),
            _ => None,
        }
    }

    /// The list items, if this is a list.
    pub fn as_list(&self) -> Option<&[Value]> {
        match self {
            Value::List(l) => Some(l),
            _ => None,
        }
    }

    /// The map, if this is one.
    pub fn as_map(&self) -> Option<&Map> {
        match self {
            Value::Map(m) => Some(m),
            _ => None,
        }
    }

    /// True for `Null`.
    pub fn is_null(&self) -> bool {
        matches!(self, Value::Null)
    }

    /// Python truthiness (`bool(x)`).
    pub fn truthy(&self) -> bool {
        match self {
            Value::Null => false,
            Value::Bool(b) => *b,
            Value::Int(i) => *i != 0,
            Value::BigInt(_) => true,
            Value::Float(f) => *f != 0.0,
            Value::Str(s) => !s.is_empty(),
            Value::List(l) => !l.is_empty(),
            Value::Map(m) => !m.is_empty(),
        }
    }

    /// True for bool, int and float (a Python `numbers.Number`).
    pub fn is_number(&self) -> bool {
        matches!(self, Value::Bool(_) | Value::Int(_) | Value::BigInt(_) | Value::Float(_))
    }

    /// The value as an integer where Python would accept it as an `int` (bools
    /// count) and it fits in 64 bits.
    pub fn as_int(&self) -> Option<i64> {
        match self {
            Value::Bool(b) => Some(i64::from(*b)),
            Value::Int(i) => Some(*i),
            _ => None,
        }
    }

    /// True for scalars that Python can hash (everything but list and map).
    pub fn is_hashable(&self) -> bool {
        !matches!(self, Value::List(_) | Value::Map(_))
    }

    /// True for a Python `collections.abc.Sequence` (lists and strings).
    pub fn is_sequence(&self) -> bool {
        matches!(self, Value::List(_) | Value::Str(_))
    }

    /// Python `==`.
    pub fn py_eq(&self, other: &Value) -> bool {
        use Value::*;
        match (self, other) {
            (Null, Null) => true,
            (Str(a), Str(b)) => a == b,
            (List(a), List(b)) => a.len() == b.len() && a.iter().zip(b.iter()).all(|(x, y)| x.py_eq(y)),
            (Map(a), Map(b)) => a.len() == b.len() && a.iter().all(|(k, v)| b.get(k).is_some_and(|w| v.py_eq(w))),
            (a, b) if a.is_number() && b.is_number() => num_cmp(a, b) == Some(Ordering::Equal),
            _ => false,
        }
    }

    /// Python ordering (`self < other`); `Err` carries Python's TypeError text, naming
    /// `self`'s type first as Python does for `self < other`.
    pub fn py_cmp(&self, other: &Value) -> Result<Ordering, String> {
        use Value::*;
        match (self, other) {
            (Str(a), Str(b)) => Ok(a.cmp(b)),
            (a, b) if a.is_number() && b.is_number() => Ok(num_cmp(a, b).unwrap_or(Ordering::Equal)),
            (List(a), List(b)) => {
                for (x, y) in a.iter().zip(b.iter()) {
                    if !x.py_eq(y) {
                        return x.py_cmp(y);
                    }
                }
                Ok(a.len().cmp(&b.len()))
            }
            (a, b) => {
                Err(format!("'<' not supported between instances of '{}' and '{}'", a.type_name(), b.type_name()))
            }
        }
    }
}

/// Numeric comparison across bool/int/float as Python does (None when either is NaN).
fn num_cmp(a: &Value, b: &Value) -> Option<Ordering> {
    match (a, b) {
        (Value::BigInt(x), Value::Float(y)) => big_cmp_f64(x, *y),
        (Value::Float(x), Value::BigInt(y)) => big_cmp_f64(y, *x).map(Ordering::reverse),
        (Value::BigInt(_), _) | (_, Value::BigInt(_)) => Some(a.to_bigint()?.cmp(&b.to_bigint()?)),
        _ => match (a.as_int(), b.as_int()) {
            (Some(x), Some(y)) => Some(x.cmp(&y)),
            _ => {
                let x = as_f64(a)?;
                let y = as_f64(b)?;
                x.partial_cmp(&y)
            }
        },
    }
}

/// The float that holds `b` exactly, if one does (then `b == f` in Python and
/// both hash alike).
pub fn exact_f64(b: &BigInt) -> Option<f64> {
    b.to_f64().filter(|f| f.is_finite() && big_cmp_f64(b, *f) == Some(Ordering::Equal))
}

/// An integer against a float, exactly (Python compares them without rounding).
pub fn big_cmp_f64(x: &BigInt, y: f64) -> Option<Ordering> {
    if y.is_nan() {
        return None;
    }
    if y.is_infinite() {
        return Some(if y > 0.0 { Ordering::Less } else { Ordering::Greater });
    }
    let whole = y.trunc();
    let by_whole = x.cmp(&BigInt::from_f64(whole)?);
    Some(match by_whole {
        Ordering::Equal if y > whole => Ordering::Less,
        Ordering::Equal if y < whole => Ordering::Greater,
        other => other,
    })
}

/// The numeric value as f64 (bool, int, float).
pub fn as_f64(v: &Value) -> Option<f64> {
    match v {
        Value::Bool(b) => Some(f64::from(u8::from(*b))),
        #[allow(clippy::cast_precision_loss)]
        Value::Int(i) => Some(*i as f64),
        Value::BigInt(b) => b.to_f64(),
        Value::Float(f) => Some(*f),
        _ => None,
    }
}

impl PartialEq for Value {
    fn eq(&self, other: &Value) -> bool {
        self.py_eq(other)
    }
}

impl From<&str> for Value {
    fn from(s: &str) -> Value {
        Value::Str(Rc::from(s))
    }
}

impl From<String> for Value {
    fn from(s: String) -> Value {
        Value::Str(Rc::from(s))
    }
}

impl From<bool> for Value {
    fn from(b: bool) -> Value {
        Value::Bool(b)
    }
}

impl From<i64> for Value {
    fn from(i: i64) -> Value {
        Value::Int(i)
    }
}

impl From<Vec<Value>> for Value {
    fn from(items: Vec<Value>) -> Value {
        Value::list(items)
    }
}

impl From<Map> for Value {
    fn from(m: Map) -> Value {
        Value::map(m)
    }
}

/// A hashable map key with Python semantics: `1`, `1.0` and `True` are one key.
#[derive(Clone, Debug)]
pub struct Key(Value);

impl PartialEq for Key {
    fn eq(&self, other: &Key) -> bool {
        self.0.py_eq(&other.0)
    }
}

impl Eq for Key {}

impl Hash for Key {
    fn hash<H: Hasher>(&self, state: &mut H) {
        match &self.0 {
            Value::Null => state.write_u8(0),
            Value::Str(s) => {
                state.write_u8(1);
                s.hash(state);
            }
            Value::Bool(b) => hash_int(i64::from(*b), state),
            Value::Int(i) => hash_int(*i, state),
            // Equal to a float only when the float holds it exactly: hashed as that float.
            Value::BigInt(b) => match exact_f64(b) {
                Some(f) => hash_float(f, state),
                None => {
                    state.write_u8(4);
                    b.hash(state);
                }
            },
            Value::Float(f) => hash_float(*f, state),
            // Unhashable values never become keys (Map::insert refuses them).
            Value::List(_) | Value::Map(_) => state.write_u8(9),
        }
    }
}

/// A string key borrowed for a lookup: hashes and compares as `Key(Value::Str)` does
/// (a string equals only an equal string), without making a `Value` of it.
struct StrKey<'a>(&'a str);

impl Hash for StrKey<'_> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        state.write_u8(1);
        self.0.hash(state);
    }
}

impl indexmap::Equivalent<Key> for StrKey<'_> {
    fn equivalent(&self, key: &Key) -> bool {
        matches!(&key.0, Value::Str(s) if **s == *self.0)
    }
}

/// Floats that equal a 64-bit integer hash as it; the rest by their bits.
fn hash_float<H: Hasher>(f: f64, state: &mut H) {
    // [-2^63, 2^63): exactly the floats whose integer value fits in i64.
    if f.fract() == 0.0 && (-9_223_372_036_854_775_808.0..9_223_372_036_854_775_808.0).contains(&f) {
        #[allow(clippy::cast_possible_truncation)]
        hash_int(f as i64, state);
    } else {
        state.write_u8(3);
        state.write_u64(f.to_bits());
    }
}

fn hash_int<H: Hasher>(i: i64, state: &mut H) {
    state.write_u8(2);
    state.write_i64(i);
}

/// Map hashing: a fixed-seed fast hasher (deterministic, no OS randomness on wasm).
type MapHasher = foldhash::fast::FixedState;

/// An insertion-ordered map with Python dict semantics.
#[derive(Clone, Debug, Default)]
pub struct Map {
    entries: IndexMap<Key, Value, MapHasher>,
}

/// Python's `TypeError: unhashable type: 'list'`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unhashable(pub &'static str);

impl std::fmt::Display for Unhashable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "unhashable type: '{}'", self.0)
    }
}

impl Map {
    /// An empty map.
    pub fn new() -> Map {
        Map::default()
    }

    /// An empty map with room for `n` entries.
    pub fn with_capacity(n: usize) -> Map {
        Map { entries: IndexMap::with_capacity_and_hasher(n, MapHasher::default()) }
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// `d[k] = v`: an existing equal key keeps its original form and position.
    pub fn insert(&mut self, key: Value, value: Value) -> Result<(), Unhashable> {
        if !key.is_hashable() {
            return Err(Unhashable(key.type_name()));
        }
        self.entries.insert(Key(key), value);
        Ok(())
    }

    /// Insert with a string key (always hashable).
    pub fn insert_str(&mut self, key: &str, value: Value) {
        self.entries.insert(Key(Value::from(key)), value);
    }

    /// `d.get(k)` (None for unhashable keys, as a lookup miss).
    pub fn get(&self, key: &Value) -> Option<&Value> {
        if !key.is_hashable() {
            return None;
        }
        // Cloning a key is cheap: strings are reference-counted.
        self.entries.get(&Key(key.clone()))
    }

    /// Lookup by string key.
    pub fn get_str(&self, key: &str) -> Option<&Value> {
        self.entries.get(&StrKey(key))
    }

    /// True when the key is present.
    pub fn contains_key(&self, key: &Value) -> bool {
        self.get(key).is_some()
    }

    /// Remove a key, keeping the order of the others.
    pub fn shift_remove(&mut self, key: &Value) -> Option<Value> {
        if !key.is_hashable() {
            return None;
        }
        self.entries.shift_remove(&Key(key.clone()))
    }

    /// Entries in insertion order.
    pub fn iter(&self) -> impl Iterator<Item = (&Value, &Value)> + '_ {
        self.entries.iter().map(|(k, v)| (&k.0, v))
    }

    /// Keys in insertion order.
    pub fn keys(&self) -> impl Iterator<Item = &Value> + '_ {
        self.entries.keys().map(|k| &k.0)
    }

    /// Values in insertion order.
    pub fn values(&self) -> impl Iterator<Item = &Value> + '_ {
        self.entries.values()
    }

    /// The entry at a position.
    pub fn get_index(&self, i: usize) -> Option<(&Value, &Value)> {
        self.entries.get_index(i).map(|(k, v)| (&k.0, v))
    }
}

impl FromIterator<(String, Value)> for Map {
    fn from_iter<I: IntoIterator<Item = (String, Value)>>(iter: I) -> Map {
        let mut m = Map::new();
        for (k, v) in iter {
            m.insert_str(&k, v);
        }
        m
    }
}

/// A JSON value as a template value (ints stay ints, floats stay floats).
/// Two texts equal. On wasm32 they are compared eight bytes at a time: `==` on
/// `str` is `memcmp`, which the wasm build takes from compiler-builtins, a byte
/// at a time (issue 40: ~4% of the package's time went to comparing a
/// session's file texts with the last evaluation's); natively `==` (libc's).
pub(crate) fn same_text(a: &str, b: &str) -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        let (a, b) = (a.as_bytes(), b.as_bytes());
        let word = |w: &[u8]| <[u8; 8]>::try_from(w).map_or(0, u64::from_ne_bytes);
        let (mut x, mut y) = (a.chunks_exact(8), b.chunks_exact(8));
        a.len() == b.len()
            && x.by_ref().zip(y.by_ref()).all(|(p, q)| word(p) == word(q))
            && x.remainder() == y.remainder()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        a == b
    }
}

pub fn json_to_value(v: &serde_json::Value) -> Value {
    match v {
        serde_json::Value::Null => Value::Null,
        serde_json::Value::Bool(b) => Value::Bool(*b),
        serde_json::Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                Value::Int(i)
            } else if n.is_f64() {
                Value::Float(n.as_f64().unwrap_or(f64::NAN))
            } else {
                n.as_u64().map_or(Value::Float(n.as_f64().unwrap_or(f64::NAN)), |u| Value::big(BigInt::from(u)))
            }
        }
        serde_json::Value::String(s) => Value::from(s.as_str()),
        serde_json::Value::Array(items) => Value::list(items.iter().map(json_to_value).collect()),
        serde_json::Value::Object(obj) => {
            let mut m = Map::with_capacity(obj.len());
            for (k, v) in obj {
                m.insert_str(k, json_to_value(v));
            }
            Value::map(m)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn python_equality_crosses_numeric_types() {
        assert!(Value::Int(1).py_eq(&Value::Float(1.0)));
        assert!(Value::Bool(true).py_eq(&Value::Int(1)));
        assert!(!Value::from("1").py_eq(&Value::Int(1)));
        assert!(!Value::Float(f64::NAN).py_eq(&Value::Float(f64::NAN)));
    }

    #[test]
    fn keys_one_and_true_collide_keeping_first_key() {
        let mut m = Map::new();
        m.insert(Value::Int(1), Value::from("a")).unwrap();
        m.insert(Value::Bool(true), Value::from("b")).unwrap();
        m.insert(Value::Float(1.0), Value::from("c")).unwrap();
        assert_eq!(m.len(), 1);
        let (k, v) = m.get_index(0).unwrap();
        assert!(matches!(k, Value::Int(1)));
        assert_eq!(v.as_str(), Some("c"));
    }

    #[test]
    fn string_lookup_finds_only_strings() {
        let mut m = Map::new();
        m.insert(Value::Int(1), Value::from("int")).unwrap();
        m.insert_str("a", Value::from("str"));
        assert_eq!(m.get_str("a").and_then(Value::as_str), Some("str"));
        assert_eq!(m.get_str("1"), None);
        assert_eq!(m.get(&Value::from("a")).and_then(Value::as_str), Some("str"));
    }

    #[test]
    fn lists_cannot_be_keys() {
        let mut m = Map::new();
        let err = m.insert(Value::list(vec![]), Value::Null).unwrap_err();
        assert_eq!(err.to_string(), "unhashable type: 'list'");
    }

    #[test]
    fn ordering_between_str_and_int_is_a_type_error() {
        let err = Value::from("a").py_cmp(&Value::Int(1)).unwrap_err();
        assert_eq!(err, "'<' not supported between instances of 'str' and 'int'");
        assert_eq!(Value::Int(1).py_cmp(&Value::Float(1.5)), Ok(Ordering::Less));
    }
}
