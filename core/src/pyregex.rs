//! Heat's `allowed_pattern` on our Python `re` engine (`crate::pyre`), with a
//! backtracking limit that keeps pathological patterns bounded.

use std::rc::Rc;

/// Steps a single match may backtrack before it is abandoned.
pub const BACKTRACK_LIMIT: usize = 100_000;

/// The text of a match that ran out of its budget (as it read under fancy-regex).
const LIMIT_TEXT: &str = "Error executing regex: Max limit for backtracking count exceeded";

type Compiled = Result<Rc<crate::pyre::Regex>, String>;

/// How many compiled `allowed_pattern` regexes are kept (the cache is
/// emptied when full, so memory stays bounded whatever the input).
const CACHE_SIZE: usize = 256;

std::thread_local! {
    /// Compiled patterns: a template checks the same few patterns on every
    /// parameter and property (Python's `re` caches them the same way).
    static CACHE: std::cell::RefCell<std::collections::HashMap<String, Compiled>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

fn compiled(pattern: &str) -> Compiled {
    CACHE.with(|cache| {
        if let Some(hit) = cache.borrow().get(pattern) {
            return hit.clone();
        }
        let built = crate::pyre::Regex::new(pattern, 0).map(Rc::new).map_err(|e| e.msg);
        let mut cache = cache.borrow_mut();
        if cache.len() >= CACHE_SIZE {
            cache.clear();
        }
        cache.insert(pattern.to_string(), built.clone());
        built
    })
}

/// `re.compile(pattern)`: `Err` is the compile error text.
pub fn compile(pattern: &str) -> Result<(), String> {
    compiled(pattern).map(|_| ())
}

/// Heat's `AllowedPattern`: `re.match(pattern, s)` and the match ends at the end.
pub fn full_prefix_match(pattern: &str, s: &str) -> Result<bool, String> {
    full_prefix_match_limited(pattern, s, BACKTRACK_LIMIT)
}

fn full_prefix_match_limited(pattern: &str, s: &str, limit: usize) -> Result<bool, String> {
    let re = compiled(pattern)?;
    let text: Vec<char> = s.chars().collect();
    match re.search(&text, 0, true, false, limit) {
        Ok(Some(spans)) => Ok(spans.first().copied().flatten().is_some_and(|(_, end)| end == text.len())),
        Ok(None) => Ok(false),
        Err(crate::pyre::Limit) => Err(LIMIT_TEXT.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leftmost_alternative_wins_like_python() {
        assert_eq!(full_prefix_match("a|ab", "ab"), Ok(false));
        assert_eq!(full_prefix_match("[a-z]+", "abc"), Ok(true));
        assert_eq!(full_prefix_match("[a-z]+", "abc1"), Ok(false));
        assert_eq!(compile("["), Err("unterminated character set at position 0".into()));
    }

    #[test]
    fn quantified_lookarounds_mean_what_python_means() {
        assert_eq!(full_prefix_match("[A-Za-z0-9]+(?=[\\.\\-][a-zA-Z0-9])*\\.[a-zA-z09]+", "abc.def"), Ok(true));
        assert_eq!(full_prefix_match("a(?=b)+b", "ab"), Ok(true));
        assert_eq!(full_prefix_match("a(?=b)?c", "ac"), Ok(true));
        assert_eq!(full_prefix_match("a(?=b){0,2}c", "ac"), Ok(true));
        assert_eq!(full_prefix_match("a\\Z", "a"), Ok(true));
    }

    #[test]
    fn a_pathological_pattern_ends_with_the_backtracking_error() {
        let s = format!("{}!", "a".repeat(40));
        assert_eq!(full_prefix_match("(a|aa)*$", &s), Err(LIMIT_TEXT.to_string()));
        // the same pattern on a short subject is answered
        assert_eq!(full_prefix_match("(a|aa)*$", "aaaa!"), Ok(false));
    }

    #[test]
    fn long_subjects_without_backtracking_stay_within_the_budget() {
        let s = "a".repeat(500_000);
        assert_eq!(full_prefix_match("[a-z]*", &s), Ok(true));
        assert_eq!(full_prefix_match("^(?:[a-z])*$", &s), Ok(true));
        // forward work alone is bounded too: 100 instructions per step of the budget
        assert_eq!(full_prefix_match_limited("(?:a|b)*$", &s[..50_000], 100), Err(LIMIT_TEXT.to_string()));
        // and so is the backtracking stack (a choice point per iteration of a group)
        assert_eq!(full_prefix_match_limited("(?:a|b)*$", &s, usize::MAX / 1000), Err(LIMIT_TEXT.to_string()));
    }
}
