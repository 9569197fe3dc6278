//! Python standard-library functions Heat calls, as CPython computes them:
//! `fnmatch.fnmatchcase` (a `resource_registry`'s `resources:` patterns) and
//! `uuid.uuid5` (the stack ids the oracle gives nested stacks).

/// `uuid.uuid5(uuid.NAMESPACE_URL, name)`.
pub(crate) fn uuid5_url(name: &str) -> String {
    use sha1::{Digest, Sha1};
    const NAMESPACE_URL: [u8; 16] =
        [0x6b, 0xa7, 0xb8, 0x11, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8];
    let mut h = Sha1::new();
    h.update(NAMESPACE_URL);
    h.update(name.as_bytes());
    let digest = h.finalize();
    let mut b: Vec<u8> = digest.iter().take(16).copied().collect();
    if let Some(x) = b.get_mut(6) {
        *x = (*x & 0x0f) | 0x50;
    }
    if let Some(x) = b.get_mut(8) {
        *x = (*x & 0x3f) | 0x80;
    }
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    let part = |r: std::ops::Range<usize>| hex.get(r).unwrap_or_default();
    format!("{}-{}-{}-{}-{}", part(0..8), part(8..12), part(12..16), part(16..20), part(20..32))
}

/// `fnmatch.fnmatchcase(name, pattern)`: `*`, `?` and `[...]` classes.
pub(crate) fn fnmatch(name: &str, pattern: &str) -> bool {
    let n: Vec<char> = name.chars().collect();
    let p: Vec<char> = pattern.chars().collect();
    glob(&n, &p)
}

fn glob(n: &[char], p: &[char]) -> bool {
    match p.split_first() {
        None => n.is_empty(),
        Some(('*', rest)) => (0..=n.len()).any(|i| n.get(i..).is_some_and(|tail| glob(tail, rest))),
        Some(('?', rest)) => n.split_first().is_some_and(|(_, tail)| glob(tail, rest)),
        Some(('[', rest)) => {
            let Some(end) = rest.iter().skip(1).position(|c| *c == ']').map(|i| i + 1) else {
                return n.first() == Some(&'[') && glob(n.get(1..).unwrap_or_default(), rest);
            };
            let (class, after) = rest.split_at(end);
            let after = after.get(1..).unwrap_or_default();
            let (negate, class) = match class.split_first() {
                Some(('!', c)) => (true, c),
                _ => (false, class),
            };
            let Some((c, tail)) = n.split_first() else { return false };
            let mut hit = false;
            let mut i = 0;
            while i < class.len() {
                match (class.get(i), class.get(i + 1), class.get(i + 2)) {
                    (Some(lo), Some('-'), Some(hi)) => {
                        hit |= lo <= c && c <= hi;
                        i += 3;
                    }
                    (Some(x), _, _) => {
                        hit |= x == c;
                        i += 1;
                    }
                    _ => break,
                }
            }
            hit != negate && glob(tail, after)
        }
        Some((x, rest)) => n.split_first().is_some_and(|(c, tail)| c == x && glob(tail, rest)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fnmatch_as_python() {
        assert!(fnmatch("app", "app"));
        assert!(fnmatch("app_1", "app*"));
        assert!(fnmatch("a1", "a?"));
        assert!(fnmatch("a1", "a[0-9]"));
        assert!(!fnmatch("ab", "a[!b]"));
        assert!(!fnmatch("app", "ap"));
    }

    #[test]
    fn uuid5_matches_python() {
        // uuid.uuid5(uuid.NAMESPACE_URL, "11111111-2222-3333-4444-555555555555/app")
        assert_eq!(uuid5_url("11111111-2222-3333-4444-555555555555/app"), "346f4a68-b959-53e3-a67f-06dc672345f3");
    }
}
