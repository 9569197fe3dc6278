//! Where a position is, read from the text alone (it need not parse): the keys
//! and list items that enclose it, from indentation above the line and the flow
//! collections opened on the line before it, and whether it is at a key or at a
//! value.

use std::ops::Range;

use super::outline::line_key;

/// One step of a path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Seg {
    /// A map key.
    Key(String),
    /// A list item (its index when known from the text, else 0).
    Item(usize),
}

/// What the position is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum At {
    /// A key of the map at `path`.
    Key,
    /// The value at `path` (whose last step is its key or item).
    Value,
}

/// The position's context.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Cursor {
    /// Enclosing keys and items from the document's root.
    pub path: Vec<Seg>,
    /// Key or value.
    pub at: At,
    /// The word around the position (bytes), possibly empty.
    pub word: Range<usize>,
    /// The earlier items of the flow list the position is in (`[a, b, |`).
    pub items: Vec<String>,
    /// A `:` follows the word (a key already written).
    pub colon_after: bool,
    /// The position is in a comment.
    pub in_comment: bool,
}

impl Cursor {
    /// The path's keys as strings (items as `-`).
    pub fn keys(&self) -> Vec<&str> {
        self.path
            .iter()
            .map(|s| match s {
                Seg::Key(k) => k.as_str(),
                Seg::Item(_) => "-",
            })
            .collect()
    }

    /// The word's text.
    pub fn word<'t>(&self, text: &'t str) -> &'t str {
        text.get(self.word.clone()).unwrap_or("")
    }
}

fn is_word(bytes: &[u8], i: usize) -> bool {
    let Some(&c) = bytes.get(i) else { return false };
    c.is_ascii_alphanumeric()
        || b"_-./@$*".contains(&c)
        || c >= 0x80
        || (c == b':' && (bytes.get(i + 1) == Some(&b':') || (i > 0 && bytes.get(i - 1) == Some(&b':'))))
}

/// The word around byte `pos`.
pub(crate) fn word_around(text: &str, pos: usize) -> Range<usize> {
    let bytes = text.as_bytes();
    let mut start = pos.min(bytes.len());
    while start > 0 && is_word(bytes, start - 1) {
        start -= 1;
    }
    let mut end = pos.min(bytes.len());
    while is_word(bytes, end) {
        end += 1;
    }
    while !text.is_char_boundary(start) {
        start += 1;
    }
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    start..end.max(start)
}

/// The context of byte offset `pos` in `text`.
pub(crate) fn at(text: &str, pos: usize) -> Cursor {
    let mut pos = pos.min(text.len());
    while !text.is_char_boundary(pos) {
        pos -= 1;
    }
    let line_start = text.get(..pos).and_then(|t| t.rfind('\n')).map_or(0, |i| i + 1);
    let before = text.get(line_start..pos).unwrap_or("");
    let indent = before.len() - before.trim_start_matches(' ').len();
    let word = word_around(text, pos);
    let colon_after = text.get(word.end..).is_some_and(|t| t.trim_start_matches(' ').starts_with(':'));

    let line = scan_line(before.get(indent..).unwrap_or(""));
    let blank = line.lead == 0 && before.trim().is_empty();
    let col = if blank { before.len() } else { indent };
    let (mut path, first) = parents(text.get(..line_start).unwrap_or(""), col, line.lead > 0);
    if line.lead > 0 {
        path.push(Seg::Item(first));
        path.extend((1..line.lead).map(|_| Seg::Item(0)));
    }
    let last = line.frames.len().saturating_sub(1);
    let mut at = At::Key;
    let mut items = Vec::new();
    for (i, f) in line.frames.iter().enumerate() {
        if f.seq {
            path.push(Seg::Item(f.index));
        } else if f.after_colon {
            path.push(Seg::Key(f.key.clone().unwrap_or_default()));
        } else if i != last {
            continue;
        }
        if i == last {
            at = if f.seq || f.after_colon { At::Value } else { At::Key };
            items.clone_from(&f.items);
        }
    }
    if line.lead > 0 && line.frames.len() == 1 && at == At::Key {
        at = At::Value;
    }
    Cursor { path, at, word, items, colon_after, in_comment: line.comment }
}

#[derive(Default)]
struct Frame {
    seq: bool,
    key: Option<String>,
    after_colon: bool,
    index: usize,
    items: Vec<String>,
}

struct Line {
    lead: usize,
    frames: Vec<Frame>,
    comment: bool,
}

/// The line's content before the position: leading `- `, then block key and
/// flow collections.
fn scan_line(s: &str) -> Line {
    let b = s.as_bytes();
    let mut i = 0;
    let mut lead = 0;
    while b.get(i) == Some(&b'-') && matches!(b.get(i + 1), None | Some(b' ')) {
        lead += 1;
        i += 1;
        while b.get(i) == Some(&b' ') {
            i += 1;
        }
    }
    let mut frames = vec![Frame::default()];
    let mut last: Option<String> = None;
    let mut comment = false;
    while let Some(&c) = b.get(i) {
        let flow = frames.len() > 1;
        match c {
            b' ' | b'\t' => i += 1,
            b'#' if i == 0 || matches!(b.get(i - 1), Some(b' ' | b'\t')) => {
                comment = true;
                break;
            }
            b'{' | b'[' => {
                frames.push(Frame { seq: c == b'[', ..Frame::default() });
                last = None;
                i += 1;
            }
            b'}' | b']' => {
                if frames.len() > 1 {
                    frames.pop();
                }
                last = None;
                i += 1;
            }
            b',' if flow => {
                if let Some(f) = frames.last_mut() {
                    if f.seq {
                        f.index += 1;
                        f.items.push(last.take().unwrap_or_default());
                    } else {
                        f.key = None;
                        f.after_colon = false;
                    }
                }
                i += 1;
            }
            b':' if matches!(b.get(i + 1), None | Some(b' ' | b'\t'))
                || (flow && matches!(b.get(i + 1), Some(b',' | b'}' | b']'))) =>
            {
                if let Some(f) = frames.last_mut() {
                    if !f.seq {
                        f.key = last.take();
                        f.after_colon = true;
                    }
                }
                i += 1;
            }
            b'"' | b'\'' => {
                let close = b.get(i + 1..).and_then(|r| r.iter().position(|&x| x == c)).map(|p| i + 1 + p);
                let end = close.unwrap_or(b.len());
                last = s.get(i + 1..end).map(str::to_string);
                i = close.map_or(b.len(), |e| e + 1);
            }
            _ => {
                let start = i;
                while let Some(&x) = b.get(i) {
                    let stop = (flow && b",[]{}".contains(&x))
                        || (x == b':'
                            && (matches!(b.get(i + 1), None | Some(b' ' | b'\t'))
                                || (flow && matches!(b.get(i + 1), Some(b',' | b'}' | b']')))))
                        || (x == b'#' && matches!(b.get(i.wrapping_sub(1)), Some(b' ' | b'\t')));
                    if stop {
                        break;
                    }
                    i += 1;
                }
                if i == start {
                    i += 1;
                }
                last = s.get(start..i).map(|t| t.trim().to_string());
            }
        }
    }
    Line { lead, frames, comment }
}

/// What a line above contributes: list items and a key, with their columns.
fn elements(line: &str) -> Vec<(usize, Option<(&str, bool)>)> {
    let indent = line.len() - line.trim_start_matches(' ').len();
    let mut col = indent;
    let mut rest = line.get(indent..).unwrap_or("");
    let mut out = Vec::new();
    if rest.is_empty() || rest.starts_with('#') {
        return out;
    }
    while rest.starts_with('-') && matches!(rest.as_bytes().get(1), None | Some(b' ')) {
        out.push((col, None));
        let trimmed = rest.get(1..).unwrap_or("").trim_start_matches(' ');
        col += rest.len() - trimmed.len();
        rest = trimmed;
    }
    if let Some(k) = line_key(rest) {
        out.push((col, Some((k.key, !k.value.trim().is_empty()))));
    }
    out
}

/// The keys and items enclosing a line whose content starts at column `col`
/// (`item`: it starts with `- `), from the lines above it, and that line's
/// item index (its earlier siblings).
fn parents(above: &str, col: usize, item: bool) -> (Vec<Seg>, usize) {
    let mut out: Vec<Seg> = Vec::new();
    let mut want = col;
    let mut child_item = item;
    let mut siblings = 0usize;
    // Which item's index the sibling count is for: the current line's (None) or one in `out`.
    let mut counting: Option<usize> = None;
    let mut first_index = None;
    for line in above.lines().rev() {
        let line = line.trim_end_matches('\r');
        for (c, e) in elements(line).into_iter().rev() {
            if c > want {
                continue;
            }
            let indentless = c == want && child_item && matches!(e, Some((_, false)));
            if c == want && !indentless {
                if child_item && e.is_none() {
                    siblings += 1;
                }
                continue;
            }
            if child_item {
                match counting {
                    Some(i) => {
                        if let Some(Seg::Item(n)) = out.get_mut(i) {
                            *n = siblings;
                        }
                    }
                    None => first_index = first_index.or(Some(siblings)),
                }
            }
            siblings = 0;
            want = c;
            match e {
                None => {
                    out.push(Seg::Item(0));
                    counting = Some(out.len() - 1);
                    child_item = true;
                }
                Some((k, _)) => {
                    out.push(Seg::Key(k.to_string()));
                    child_item = false;
                }
            }
        }
        if want == 0 && !child_item && !out.is_empty() {
            break;
        }
    }
    out.reverse();
    (out, first_index.unwrap_or(siblings))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ide::tests::at as marked;

    fn ctx(m: &str) -> (Vec<String>, At, String, Vec<String>) {
        let (text, u) = marked(m);
        let pos = crate::ide::byte_of(&text, u);
        let c = at(&text, pos);
        let keys = c.keys().iter().map(|s| s.to_string()).collect();
        let word = c.word(&text).to_string();
        (keys, c.at, word, c.items)
    }

    fn keys(k: &[&str]) -> Vec<String> {
        k.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn block_keys_from_indentation() {
        let (k, a, w, _) = ctx("heat_template_version: 2021-04-16\nresources:\n  s:\n    type: OS::Nova::Server\n    properties:\n      fla|\n");
        assert_eq!((k, a, w.as_str()), (keys(&["resources", "s", "properties"]), At::Key, "fla"));
        let (k, a, w, _) = ctx("resources:\n  s:\n    type: OS::Nova::Se|rver\n");
        assert_eq!((k, a, w.as_str()), (keys(&["resources", "s", "type"]), At::Value, "OS::Nova::Server"));
        let (k, a, _, _) = ctx("resources:\n  s:\n    |\n");
        assert_eq!((k, a), (keys(&["resources", "s"]), At::Key));
        let (k, a, _, _) = ctx("reso|");
        assert_eq!((k, a), (vec![], At::Key));
    }

    #[test]
    fn list_items_block_and_indentless() {
        let (k, a, _, _) =
            ctx("resources:\n  s:\n    properties:\n      networks:\n        - network: x\n          po|\n");
        assert_eq!((k, a), (keys(&["resources", "s", "properties", "networks", "-"]), At::Key));
        let (k, _, _, _) = ctx("resources:\n  s:\n    properties:\n      networks:\n      - network: x\n        po|\n");
        assert_eq!(k, keys(&["resources", "s", "properties", "networks", "-"]));
        let (text, u) = marked("  a:\n    depends_on:\n      - x\n      - y\n      - |\n");
        let c = at(&text, crate::ide::byte_of(&text, u));
        assert_eq!(c.path, vec![Seg::Key("a".into()), Seg::Key("depends_on".into()), Seg::Item(2)]);
        assert_eq!(c.at, At::Value);
    }

    #[test]
    fn flow_collections_on_the_line() {
        let (k, a, _, items) = ctx("outputs:\n  o:\n    value: {get_attr: [server, fi|]}\n");
        assert_eq!((k, a), (keys(&["outputs", "o", "value", "get_attr", "-"]), At::Value));
        assert_eq!(items, vec!["server".to_string()]);
        let (k, a, w, _) = ctx("  p: {value: {get_param: |}}\n");
        assert_eq!((k, a, w.as_str()), (keys(&["p", "value", "get_param"]), At::Value, ""));
        let (k, a, _, _) = ctx("  p: {value: {get_p|");
        assert_eq!((k, a), (keys(&["p", "value"]), At::Key));
        let (_, _, _, _) = ctx("  p: {a: 'x, y', b: [1, \"]\", |");
        let (_, _, _, _) = ctx("  # {get_param: |");
    }

    #[test]
    fn comments_are_noticed() {
        let (text, u) = marked("a: 1 # see get_|");
        assert!(at(&text, crate::ide::byte_of(&text, u)).in_comment);
    }
}
