use super::*;

fn find(p: &str, s: &str) -> Option<Spans> {
    let text: Vec<char> = s.chars().collect();
    Regex::new(p, 0).ok()?.search(&text, 0, false, false, 1_000_000).ok()?
}

#[test]
fn basics() {
    assert_eq!(find("a|ab", "ab"), Some(vec![Some((0, 1))]));
    assert_eq!(find("(a*)*b", "aab"), Some(vec![Some((0, 3)), Some((2, 2))]));
    assert_eq!(find("a$", "a\n"), Some(vec![Some((0, 1))]));
}
