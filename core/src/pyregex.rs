//! Python `re` patterns on `fancy-regex` (backreferences and lookaround work; a
//! backtracking limit keeps pathological patterns bounded).

/// Steps a single match may backtrack before it is abandoned.
pub const BACKTRACK_LIMIT: usize = 100_000;

/// Python syntax that `fancy-regex` spells differently or refuses:
/// `\Z` is `\z`, and a quantified lookaround (`(?=x)*`, legal in Python) is
/// rewritten to what it means: zero-width, so optional ones vanish and `+` ones
/// stay once.
fn translate(pattern: &str) -> String {
    let chars: Vec<char> = pattern.chars().collect();
    let mut out = String::with_capacity(pattern.len());
    let mut i = 0;
    while let Some(&c) = chars.get(i) {
        if c == '\\' {
            match chars.get(i + 1) {
                Some('Z') => out.push_str("\\z"),
                Some(n) => {
                    out.push('\\');
                    out.push(*n);
                }
                None => out.push('\\'),
            }
            i += 2;
            continue;
        }
        if c == '(' && is_lookaround(&chars, i) {
            if let Some(close) = group_end(&chars, i) {
                let group: String = chars.get(i..=close).unwrap_or(&[]).iter().collect();
                let (optional, after) = quantifier(&chars, close + 1);
                if after > close + 1 {
                    if !optional {
                        out.push_str(&translate(&group));
                    }
                    i = after;
                    continue;
                }
            }
        }
        out.push(c);
        i += 1;
    }
    out
}

fn is_lookaround(chars: &[char], i: usize) -> bool {
    let rest: String = chars.get(i..(i + 4).min(chars.len())).unwrap_or(&[]).iter().collect();
    rest.starts_with("(?=") || rest.starts_with("(?!") || rest.starts_with("(?<=") || rest.starts_with("(?<!")
}

/// The index of the `)` closing the group opened at `open`.
fn group_end(chars: &[char], open: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut in_class = false;
    let mut i = open;
    while let Some(&c) = chars.get(i) {
        match c {
            '\\' => i += 1,
            '[' if !in_class => in_class = true,
            ']' if in_class => in_class = false,
            '(' if !in_class => depth += 1,
            ')' if !in_class => {
                depth -= 1;
                if depth == 0 {
                    return Some(i);
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// A quantifier at `at`: (whether it allows zero repetitions, index after it).
fn quantifier(chars: &[char], at: usize) -> (bool, usize) {
    let lazy = |j: usize| if chars.get(j) == Some(&'?') { j + 1 } else { j };
    match chars.get(at) {
        Some('*') | Some('?') => (true, lazy(at + 1)),
        Some('+') => (false, lazy(at + 1)),
        Some('{') => {
            let Some(end) = chars.iter().skip(at).position(|c| *c == '}').map(|p| p + at) else { return (false, at) };
            let body: String = chars.get(at + 1..end).unwrap_or(&[]).iter().collect();
            let min = body.split(',').next().unwrap_or("");
            if !body.chars().all(|c| c.is_ascii_digit() || c == ',') || body.is_empty() {
                return (false, at);
            }
            (min.is_empty() || min.parse::<u64>().is_ok_and(|m| m == 0), lazy(end + 1))
        }
        _ => (false, at),
    }
}

fn build(pattern: &str, anchored: bool) -> Result<fancy_regex::Regex, String> {
    let body = translate(pattern);
    let full = if anchored { format!("\\A(?:{body})") } else { body };
    fancy_regex::RegexBuilder::new(&full).backtrack_limit(BACKTRACK_LIMIT).build().map_err(|e| e.to_string())
}

/// `re.compile(pattern)`: `Err` is the compile error text. Outcomes are cached
/// per thread like the anchored regexes (parameter schemas check the same few
/// patterns in every template of a request).
pub fn compile(pattern: &str) -> Result<(), String> {
    COMPILES.with(|cache| {
        if let Some(hit) = cache.borrow().get(pattern) {
            return hit.clone();
        }
        let outcome = build(pattern, false).map(|_| ());
        let mut cache = cache.borrow_mut();
        if cache.len() >= CACHE_SIZE {
            cache.clear();
        }
        cache.insert(pattern.to_string(), outcome.clone());
        outcome
    })
}

/// How many compiled `allowed_pattern` regexes are kept (the cache is
/// emptied when full, so memory stays bounded whatever the input).
const CACHE_SIZE: usize = 256;

std::thread_local! {
    /// Compiled anchored patterns: a template checks the same few patterns on
    /// every parameter and property (Python's `re` caches them the same way).
    static ANCHORED: std::cell::RefCell<std::collections::HashMap<String, Result<fancy_regex::Regex, String>>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
    /// Whether each pattern compiles as written (`compile`).
    static COMPILES: std::cell::RefCell<std::collections::HashMap<String, Result<(), String>>> =
        std::cell::RefCell::new(std::collections::HashMap::new());
}

fn anchored(pattern: &str) -> Result<fancy_regex::Regex, String> {
    ANCHORED.with(|cache| {
        if let Some(hit) = cache.borrow().get(pattern) {
            return hit.clone();
        }
        let built = build(pattern, true);
        let mut cache = cache.borrow_mut();
        if cache.len() >= CACHE_SIZE {
            cache.clear();
        }
        cache.insert(pattern.to_string(), built.clone());
        built
    })
}

/// Heat's `AllowedPattern`: `re.match(pattern, s)` and the match ends at the end.
pub fn full_prefix_match(pattern: &str, s: &str) -> Result<bool, String> {
    let re = anchored(pattern)?;
    match re.find(s) {
        Ok(Some(m)) => Ok(m.end() == s.len()),
        Ok(None) => Ok(false),
        Err(e) => Err(e.to_string()),
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
        assert!(compile("[").is_err());
    }

    #[test]
    fn quantified_lookarounds_mean_what_python_means() {
        assert_eq!(full_prefix_match("[A-Za-z0-9]+(?=[\\.\\-][a-zA-Z0-9])*\\.[a-zA-z09]+", "abc.def"), Ok(true));
        assert_eq!(full_prefix_match("a(?=b)+b", "ab"), Ok(true));
        assert_eq!(full_prefix_match("a(?=b)?c", "ac"), Ok(true));
        assert_eq!(full_prefix_match("a(?=b){0,2}c", "ac"), Ok(true));
        assert_eq!(full_prefix_match("a\\Z", "a"), Ok(true));
    }
}
