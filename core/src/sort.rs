//! Stable sorting through one instantiation of the standard library's sort.
//!
//! `Vec::sort_by` is generic over the element type and the comparison, and each
//! of its instantiations is ~5 KB of wasm (driftsort's runs, merges and small
//! sorts). The engine sorts a dozen different element types, always short lists,
//! so they all sort positions here (`usize`, one instantiation behind a `dyn`
//! comparison) and then move the elements into that order. Same result as
//! `sort_by`: stable, equal elements keep their order.

use std::cmp::Ordering;

/// `v.sort_by(cmp)`: stable.
pub(crate) fn sort_by<T>(v: &mut Vec<T>, mut cmp: impl FnMut(&T, &T) -> Ordering) {
    if v.len() < 2 {
        return;
    }
    let mut order: Vec<usize> = (0..v.len()).collect();
    let items: &[T] = v;
    sort_positions(&mut order, &mut |a, b| match (items.get(a), items.get(b)) {
        (Some(x), Some(y)) => cmp(x, y),
        _ => Ordering::Equal,
    });
    let mut slots: Vec<Option<T>> = std::mem::take(v).into_iter().map(Some).collect();
    v.extend(order.into_iter().filter_map(|i| slots.get_mut(i).and_then(Option::take)));
}

/// `v.sort_by_key(key)`: stable; `key` runs per comparison, as in `sort_by_key`.
pub(crate) fn sort_by_key<T, K: Ord>(v: &mut Vec<T>, mut key: impl FnMut(&T) -> K) {
    sort_by(v, |a, b| key(a).cmp(&key(b)));
}

/// `v.sort()`: stable.
pub(crate) fn sort<T: Ord>(v: &mut Vec<T>) {
    sort_by(v, T::cmp);
}

#[inline(never)]
fn sort_positions(order: &mut [usize], cmp: &mut dyn FnMut(usize, usize) -> Ordering) {
    order.sort_by(|a, b| cmp(*a, *b));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stable_and_ordered_as_the_standard_sort() {
        let pairs = vec![(3, 'a'), (1, 'b'), (3, 'c'), (2, 'd'), (1, 'e'), (0, 'f'), (3, 'g')];
        let mut ours = pairs.clone();
        sort_by_key(&mut ours, |p| p.0);
        let mut std_sorted = pairs.clone();
        std_sorted.sort_by_key(|p| p.0);
        assert_eq!(ours, std_sorted);
        assert_eq!(ours, vec![(0, 'f'), (1, 'b'), (1, 'e'), (2, 'd'), (3, 'a'), (3, 'c'), (3, 'g')]);

        let mut words = vec!["b".to_string(), "a".into(), "c".into(), "a".into()];
        sort(&mut words);
        assert_eq!(words, ["a", "a", "b", "c"]);

        let mut desc = vec![1, 5, 2];
        sort_by(&mut desc, |a, b| b.cmp(a));
        assert_eq!(desc, [5, 2, 1]);

        let mut empty: Vec<i32> = Vec::new();
        sort(&mut empty);
        assert!(empty.is_empty());
    }
}
