//! CPython's `hash(str)` (key zero as under `PYTHONHASHSEED=0`, the oracle's
//! setting: SipHash-1-3 from Python 3.11, SipHash-2-4 on the 3.8 and 3.10 that
//! Heat 16.x–20.x run on) and the iteration order of a `set` of strings.
//!
//! Heat keeps resources and outputs in Python sets in places, and the order it
//! validates them in decides which error it reports first. Reproducing the set's
//! slot layout gives the same order. A real Heat hashes with a random seed per
//! process, so the order is not stable there; the oracle's seed 0 makes it one.

/// Which SipHash CPython hashes `str` with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum StrHash {
    /// SipHash-1-3 (Python 3.11 and later).
    #[default]
    Sip13,
    /// SipHash-2-4 (Python 3.8–3.10).
    Sip24,
}

/// SipHash-c-d with a zero key, as CPython hashes `str` with the secret zeroed
/// (`c` compression rounds per word, `d` finalization rounds).
fn siphash(data: &[u8], c: usize, d: usize) -> u64 {
    let (k0, k1) = (0u64, 0u64);
    let mut v0 = k0 ^ 0x736f_6d65_7073_6575;
    let mut v1 = k1 ^ 0x646f_7261_6e64_6f6d;
    let mut v2 = k0 ^ 0x6c79_6765_6e65_7261;
    let mut v3 = k1 ^ 0x7465_6462_7974_6573;
    let round = |v0: &mut u64, v1: &mut u64, v2: &mut u64, v3: &mut u64| {
        *v0 = v0.wrapping_add(*v1);
        *v1 = v1.rotate_left(13);
        *v1 ^= *v0;
        *v0 = v0.rotate_left(32);
        *v2 = v2.wrapping_add(*v3);
        *v3 = v3.rotate_left(16);
        *v3 ^= *v2;
        *v0 = v0.wrapping_add(*v3);
        *v3 = v3.rotate_left(21);
        *v3 ^= *v0;
        *v2 = v2.wrapping_add(*v1);
        *v1 = v1.rotate_left(17);
        *v1 ^= *v2;
        *v2 = v2.rotate_left(32);
    };
    let len = data.len();
    let mut chunks = data.chunks_exact(8);
    for chunk in &mut chunks {
        let mut word = [0u8; 8];
        word.copy_from_slice(chunk);
        let m = u64::from_le_bytes(word);
        v3 ^= m;
        for _ in 0..c {
            round(&mut v0, &mut v1, &mut v2, &mut v3);
        }
        v0 ^= m;
    }
    let mut last = [0u8; 8];
    for (slot, byte) in last.iter_mut().zip(chunks.remainder()) {
        *slot = *byte;
    }
    last[7] = (len & 0xff) as u8;
    let b = u64::from_le_bytes(last);
    v3 ^= b;
    for _ in 0..c {
        round(&mut v0, &mut v1, &mut v2, &mut v3);
    }
    v0 ^= b;
    v2 ^= 0xff;
    for _ in 0..d {
        round(&mut v0, &mut v1, &mut v2, &mut v3);
    }
    v0 ^ v1 ^ v2 ^ v3
}

/// `hash(s)` for a Python 3.11 `str` (hashed over its compact 1/2/4-byte representation).
pub fn str_hash(s: &str) -> i64 {
    str_hash_with(StrHash::Sip13, s)
}

/// `hash(s)` for a Python `str` under the given algorithm.
pub fn str_hash_with(algo: StrHash, s: &str) -> i64 {
    if s.is_empty() {
        return 0;
    }
    let max = s.chars().map(u32::from).max().unwrap_or(0);
    let mut bytes = Vec::with_capacity(s.len() * 2);
    for c in s.chars() {
        let cp = u32::from(c);
        if max < 0x100 {
            bytes.push(cp as u8);
        } else if max < 0x10000 {
            bytes.extend_from_slice(&(cp as u16).to_le_bytes());
        } else {
            bytes.extend_from_slice(&cp.to_le_bytes());
        }
    }
    let h = match algo {
        StrHash::Sip13 => siphash(&bytes, 1, 3),
        StrHash::Sip24 => siphash(&bytes, 2, 4),
    } as i64;
    if h == -1 {
        -2
    } else {
        h
    }
}

const LINEAR_PROBES: usize = 9;
const PERTURB_SHIFT: u32 = 5;

/// A CPython `set` of strings, only to learn its iteration order.
#[derive(Clone, Debug)]
pub struct PySet {
    table: Vec<Option<(String, i64)>>,
    fill: usize,
    used: usize,
    algo: StrHash,
}

impl Default for PySet {
    fn default() -> PySet {
        PySet::new(StrHash::Sip13)
    }
}

impl PySet {
    /// An empty set whose strings hash with `algo`.
    pub fn new(algo: StrHash) -> PySet {
        PySet { table: vec![None; 8], fill: 0, used: 0, algo }
    }

    /// How its strings hash.
    pub fn algo(&self) -> StrHash {
        self.algo
    }

    fn mask(&self) -> usize {
        self.table.len() - 1
    }

    /// `set(dict)`: CPython sizes the table up front for a dict argument.
    pub fn from_dict_keys<'a>(algo: StrHash, keys: impl IntoIterator<Item = &'a str>) -> PySet {
        let keys: Vec<&str> = keys.into_iter().collect();
        let mut set = PySet::new(algo);
        if (set.fill + keys.len()) * 5 >= set.mask() * 3 {
            set.resize((set.used + keys.len()) * 2);
        }
        for k in keys {
            set.add(k);
        }
        set
    }

    /// `set(iterable)`: one insertion at a time.
    pub fn from_sequence<'a>(algo: StrHash, keys: impl IntoIterator<Item = &'a str>) -> PySet {
        let mut set = PySet::new(algo);
        for k in keys {
            set.add(k);
        }
        set
    }

    /// `set.add(key)`.
    pub fn add(&mut self, key: &str) {
        let hash = str_hash_with(self.algo, key);
        let mask = self.mask();
        let mut perturb = hash as u64;
        let mut i = (hash as u64 as usize) & mask;
        loop {
            let probes = if i + LINEAR_PROBES <= mask { LINEAR_PROBES } else { 0 };
            for j in 0..=probes {
                match self.table.get(i + j) {
                    Some(None) => {
                        if let Some(slot) = self.table.get_mut(i + j) {
                            *slot = Some((key.to_string(), hash));
                        }
                        self.fill += 1;
                        self.used += 1;
                        if self.fill * 5 >= mask * 3 {
                            self.resize(if self.used > 50_000 { self.used * 2 } else { self.used * 4 });
                        }
                        return;
                    }
                    Some(Some((k, h))) if *h == hash && k == key => return,
                    _ => {}
                }
            }
            perturb >>= PERTURB_SHIFT;
            i = (i.wrapping_mul(5).wrapping_add(1).wrapping_add(perturb as usize)) & mask;
        }
    }

    fn resize(&mut self, minused: usize) {
        let mut newsize = 8usize;
        while newsize <= minused {
            newsize <<= 1;
        }
        let old = std::mem::replace(&mut self.table, vec![None; newsize]);
        self.fill = self.used;
        let mask = newsize - 1;
        for (key, hash) in old.into_iter().flatten() {
            let mut perturb = hash as u64;
            let mut i = (hash as u64 as usize) & mask;
            'probe: loop {
                if matches!(self.table.get(i), Some(None)) {
                    if let Some(slot) = self.table.get_mut(i) {
                        *slot = Some((key, hash));
                    }
                    break 'probe;
                }
                if i + LINEAR_PROBES <= mask {
                    for j in 1..=LINEAR_PROBES {
                        if matches!(self.table.get(i + j), Some(None)) {
                            if let Some(slot) = self.table.get_mut(i + j) {
                                *slot = Some((key, hash));
                            }
                            break 'probe;
                        }
                    }
                }
                perturb >>= PERTURB_SHIFT;
                i = (i.wrapping_mul(5).wrapping_add(1).wrapping_add(perturb as usize)) & mask;
            }
        }
    }

    /// The iteration order.
    pub fn iter(&self) -> impl Iterator<Item = &str> + '_ {
        self.table.iter().flatten().map(|(k, _)| k.as_str())
    }
}

/// The diagnostic code of the note that says a message prints a set's order.
pub const SET_ORDER_CODE: &str = "set-order";

/// The codes of Heat's errors whose message prints a Python set of names
/// (`a, b not allowed in value_specs`): with two names or more, their order
/// is the set's.
const PRINTS_A_SET: &[&str] = &["value-specs-not-allowed"];

/// A note after each error whose message prints a set of two names or more:
/// the order is Heat's under `PYTHONHASHSEED=0` with the release's Python;
/// a real Heat seeds each process at random, so it is not stable there.
pub(crate) fn set_order_notes(diagnostics: &mut Vec<crate::model::diag::Diagnostic>, python: crate::release::Python) {
    let notes: Vec<crate::model::diag::Diagnostic> = diagnostics
        .iter()
        .filter(|d| d.severity == crate::model::diag::Severity::Error && PRINTS_A_SET.contains(&d.code))
        .filter(|d| d.message.contains(", "))
        .map(|d| {
            let message = format!(
                "The order of the names in this message is Heat's under PYTHONHASHSEED=0 (Python {}'s string hash, the \
                 oracle's setting); a real Heat seeds each process at random, so its order can differ from one \
                 process to the next.",
                python.version()
            );
            crate::model::diag::Diagnostic {
                path: d.path.clone(),
                span: d.span,
                ..crate::model::diag::Diagnostic::note(SET_ORDER_CODE, message)
            }
        })
        .collect();
    for n in notes {
        if !diagnostics.contains(&n) {
            diagnostics.push(n);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_match_cpython_with_seed_zero() {
        // Values printed by CPython 3.11 with PYTHONHASHSEED=0.
        assert_eq!(str_hash(""), 0);
        assert_eq!(str_hash("a"), 4644417185603328019);
        assert_eq!(str_hash("o1"), 5136023295872120511);
        assert_eq!(str_hash("o2"), -4254748429358178118);
        assert_eq!(str_hash("héllo"), 6395329678795984700);
        assert_eq!(str_hash("☃x"), 4374615844439180356);
        assert_eq!(str_hash("😀"), -3536540696076613844);
        assert_eq!(str_hash("resource_with_long_name_1234567890"), 4490798199883371777);
    }

    #[test]
    fn sip24_hashes_match_cpython_38_and_310_with_seed_zero() {
        // Values printed by CPython 3.8 and 3.10 (the same) with PYTHONHASHSEED=0.
        let h = |s| str_hash_with(StrHash::Sip24, s);
        assert_eq!(h(""), 0);
        assert_eq!(h("a"), -7583489610679606711);
        assert_eq!(h("o1"), 379009178893779541);
        assert_eq!(h("o2"), 6486816066524740310);
        assert_eq!(h("héllo"), 4859160228502007135);
        assert_eq!(h("☃x"), -6571723858244035076);
        assert_eq!(h("😀"), 2694534307785527896);
        assert_eq!(h("resource_with_long_name_1234567890"), -6372989324106320273);
        let order = |s: &PySet| s.iter().map(str::to_string).collect::<Vec<_>>();
        assert_eq!(order(&PySet::from_dict_keys(StrHash::Sip24, ["o1", "o2", "o3"])), ["o3", "o1", "o2"]);
        let names: Vec<String> = (0..12).map(|i| format!("r{i}")).collect();
        assert_eq!(
            order(&PySet::from_dict_keys(StrHash::Sip24, names.iter().map(String::as_str))),
            ["r10", "r9", "r11", "r5", "r8", "r4", "r2", "r7", "r1", "r6", "r3", "r0"]
        );
        assert_eq!(
            order(&PySet::from_sequence(StrHash::Sip24, ["b", "a", "c", "server", "port", "net"])),
            ["b", "a", "port", "server", "c", "net"]
        );
    }

    #[test]
    fn set_order_matches_cpython() {
        let order = |s: &PySet| s.iter().map(str::to_string).collect::<Vec<_>>();
        assert_eq!(order(&PySet::from_dict_keys(StrHash::Sip13, ["o1", "o2", "o3"])), ["o3", "o2", "o1"]);
        let names: Vec<String> = (0..12).map(|i| format!("r{i}")).collect();
        assert_eq!(
            order(&PySet::from_dict_keys(StrHash::Sip13, names.iter().map(String::as_str))),
            ["r2", "r4", "r6", "r3", "r7", "r1", "r0", "r10", "r9", "r8", "r5", "r11"]
        );
        assert_eq!(
            order(&PySet::from_sequence(StrHash::Sip13, ["b", "a", "c", "server", "port", "net"])),
            ["net", "b", "server", "c", "a", "port"]
        );
    }
}
