//! Python dict semantics for a mapping's entries: a repeated key keeps the first key's
//! position (and the first key object) and takes the last value.

use crate::model::diag::Diagnostic;
use crate::pyfmt::py_repr;
use crate::value::{Map, Value};

use super::node::Node;
use super::resolve::SHARED_NAN_BITS;

/// Collapse `entries` as `dict` insertion would. Entries from index `explicit_from` on are
/// the ones written in this mapping (earlier ones came from merge keys): when one of them
/// repeats an earlier written key, a `duplicate-key` warning is pushed (the lint rule W1010
/// reports it).
pub(crate) fn collapse_entries(
    entries: Vec<(Node, Node)>,
    explicit_from: usize,
    warnings: &mut Vec<Diagnostic>,
) -> Vec<(Node, Node)> {
    if entries.len() < 2 || distinct_string_keys(&entries) {
        return entries;
    }
    if entries.len() <= 8 {
        return collapse_small(entries, explicit_from, warnings);
    }
    // Position of each key in `out`, looked up with Python key semantics.
    let mut index = Map::with_capacity(entries.len());
    let mut out: Vec<(Node, Node)> = Vec::with_capacity(entries.len());
    // Whether `out[i]` has been written explicitly in this mapping yet.
    let mut written: Vec<bool> = Vec::with_capacity(entries.len());
    // Where the shared `.nan` key is (NaN keys are otherwise all distinct).
    let mut shared_nan: Option<usize> = None;
    for (i, (key, value)) in entries.into_iter().enumerate() {
        let explicit = i >= explicit_from;
        let key_value = key.to_value();
        let is_shared_nan = matches!(key_value, Value::Float(f) if f.to_bits() == SHARED_NAN_BITS);
        let found = if is_shared_nan {
            shared_nan
        } else {
            match index.get(&key_value) {
                Some(Value::Int(pos)) => usize::try_from(*pos).ok(),
                _ => None,
            }
        };
        match found.and_then(|pos| out.get_mut(pos).map(|slot| (pos, slot))) {
            Some((pos, slot)) => {
                if explicit {
                    if written.get(pos).copied().unwrap_or(false) {
                        warnings.push(duplicate_warning(&key_value, &key));
                    }
                    if let Some(w) = written.get_mut(pos) {
                        *w = true;
                    }
                }
                slot.1 = value;
            }
            None => {
                if is_shared_nan {
                    shared_nan = Some(out.len());
                }
                let pos = i64::try_from(out.len()).unwrap_or(i64::MAX);
                let _ = index.insert(key_value, Value::Int(pos));
                out.push((key, value));
                written.push(explicit);
            }
        }
    }
    out
}

/// True when every key is a string and no two are equal: nothing to collapse (the
/// common case, decided without building key values). A string equals no other type
/// of key, so equal texts are the only way two string keys collide.
fn distinct_string_keys(entries: &[(Node, Node)]) -> bool {
    let mut keys: Vec<&str> = Vec::with_capacity(entries.len());
    for (k, _) in entries {
        match k.as_str() {
            Some(s) => keys.push(s),
            None => return false,
        }
    }
    if keys.len() <= 16 {
        return keys.iter().enumerate().all(|(i, k)| keys.get(..i).is_some_and(|before| !before.contains(k)));
    }
    let mut seen =
        std::collections::HashSet::with_capacity_and_hasher(keys.len(), foldhash::fast::FixedState::default());
    keys.into_iter().all(|k| seen.insert(k))
}

/// The same for a few entries, by pairwise comparison (no hashing).
fn collapse_small(
    entries: Vec<(Node, Node)>,
    explicit_from: usize,
    warnings: &mut Vec<Diagnostic>,
) -> Vec<(Node, Node)> {
    let mut out: Vec<(Node, Node, Value, bool)> = Vec::with_capacity(entries.len());
    for (i, (key, value)) in entries.into_iter().enumerate() {
        let explicit = i >= explicit_from;
        let key_value = key.to_value();
        let same = |k: &Value| match (k, &key_value) {
            (Value::Float(a), Value::Float(b)) if a.is_nan() || b.is_nan() => {
                a.to_bits() == SHARED_NAN_BITS && b.to_bits() == SHARED_NAN_BITS
            }
            (a, b) => a.py_eq(b),
        };
        match out.iter_mut().find(|(_, _, k, _)| same(k)) {
            Some(slot) => {
                if explicit {
                    if slot.3 {
                        warnings.push(duplicate_warning(&key_value, &key));
                    }
                    slot.3 = true;
                }
                slot.1 = value;
            }
            None => out.push((key, value, key_value, explicit)),
        }
    }
    out.into_iter().map(|(k, v, _, _)| (k, v)).collect()
}

fn duplicate_warning(key: &Value, node: &Node) -> Diagnostic {
    let shown = match key {
        Value::Str(s) => format!("\"{s}\""),
        other => py_repr(other),
    };
    Diagnostic::warning("duplicate-key", format!("duplicate key {shown} (the last value wins, as in Heat)"))
        .at(node.span)
}
