//! Values as the people reading a result see them: YAML or JSON text written
//! from the engine's own values (floats stay floats, `1.0`; 64-bit integers
//! exact; maps in insertion order), with the values Heat only knows once the
//! stack exists shown as `⟨get_attr server first_address⟩` and located in the
//! text. The CLI report and the playground both print values through here.
//!
//! Text rules (the CLI's YAML since its first version):
//! - YAML is block style; a string is plain when it is non-empty, only ASCII
//!   letters, digits and `_-./`, reads back as a string (not `yes`, `null`, a
//!   number or a date), otherwise it is a JSON string literal (valid YAML);
//!   every other scalar, and an empty list or map, is written as JSON; a
//!   string of several lines (see [`literal_lines`]) is a literal block
//!   (`|`, `|-` or `|+` by its final newlines), its lines indented under its key;
//! - JSON is Python's `json.dumps(v, ensure_ascii=False)` with key order kept,
//!   `indent=2` ([`Format::Json`]) or on one line ([`Format::JsonLine`]), and
//!   non-finite floats as the strings `"inf"`/`"nan"` as in the result file;
//! - map keys are written as the result writes them (strings as they are,
//!   `true`/`false`/`null`, `str()` of other keys).
//!
//! A placeholder is `⟨label⟩`: in JSON inside a string literal (`"⟨…⟩"`), in
//! YAML bare when its label has none of `:#'"` and no control character (it then
//! reads back as that string), else as a JSON string literal. A mark's range
//! always covers `⟨…⟩` itself, never the quotes.

use crate::model::diag::PathItem;
use crate::model::rendered::{Format, Rendered, RenderedMark};
use crate::model::result::{DeferredMark, DisplayValue, Evaluation, HeatResult};
use crate::pyfmt::{json_dumps, json_key, write_json_str, JsonStyle};
use crate::symbolic::{Hole, Part, Piece, Sym};
use crate::value::Value;
use std::borrow::Cow;

/// Display values by their path from the root of what is rendered: a
/// deploy-time value (`⟨get_attr s a⟩`) or one built from it
/// (`⟨get_attr s name⟩-x`, see [`crate::symbolic`]); sorted by path (a sorted
/// list: less code in the wasm module than a tree map).
#[derive(Clone, Debug, Default)]
pub struct Placeholders(Vec<(Vec<PathItem>, Sym)>);

impl Placeholders {
    /// None.
    pub fn new() -> Placeholders {
        Placeholders::default()
    }

    /// A deploy-time value at `path` (`exact`: the value itself, not one built from it).
    pub fn insert(&mut self, path: Vec<PathItem>, label: String) {
        self.insert_value(path, Sym::Hole(Hole { label, exact: true }));
    }

    /// The display value at `path` (a second one for the same path replaces the first).
    pub(crate) fn insert_value(&mut self, path: Vec<PathItem>, value: Sym) {
        match self.0.binary_search_by(|(p, _)| p.cmp(&path)) {
            Ok(i) => {
                if let Some(slot) = self.0.get_mut(i) {
                    slot.1 = value;
                }
            }
            Err(i) => self.0.insert(i, (path, value)),
        }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    fn get(&self, path: &[PathItem]) -> Option<&Sym> {
        let i = self.0.binary_search_by(|(p, _)| p.as_slice().cmp(path)).ok()?;
        self.0.get(i).map(|(_, v)| v)
    }

    /// Those at or under `path` (adjacent in sorted order, see [`Placeholders::any_under`]).
    pub(crate) fn under(&self, path: &[PathItem]) -> &[(Vec<PathItem>, Sym)] {
        let rest = self.0.get(self.0.partition_point(|(p, _)| p.as_slice() < path)..).unwrap_or_default();
        rest.get(..rest.iter().take_while(|(p, _)| p.starts_with(path)).count()).unwrap_or_default()
    }

    /// Whether any is at or under `path` (paths with a common prefix are
    /// adjacent in sorted order, starting at the prefix itself).
    fn any_under(&self, path: &[PathItem]) -> bool {
        let i = self.0.partition_point(|(p, _)| p.as_slice() < path);
        self.0.get(i).is_some_and(|(p, _)| p.starts_with(path))
    }
}

impl FromIterator<(Vec<PathItem>, String)> for Placeholders {
    fn from_iter<I: IntoIterator<Item = (Vec<PathItem>, String)>>(iter: I) -> Placeholders {
        let mut out = Placeholders::new();
        for (path, label) in iter {
            out.insert(path, label);
        }
        out
    }
}

/// Write `value`, found at `at`, with the `placeholders` (paths from the same
/// root as `at`) in place of the values they stand for.
pub fn render(value: &Value, at: &[PathItem], placeholders: &Placeholders, format: Format) -> Rendered {
    let shown = overlay(value, &mut at.to_vec(), placeholders);
    let mut w = Writer { text: String::new(), marks: Vec::new(), path: Vec::new() };
    match format {
        Format::Yaml => {
            w.yaml(&shown, 0, false);
            if !w.text.ends_with('\n') {
                w.text.push('\n');
            }
        }
        Format::Json => w.json(&shown, Some(0)),
        Format::JsonLine => w.json(&shown, None),
    }
    let mut marks = w.marks;
    utf16_ranges(&w.text, &mut marks);
    Rendered { text: w.text, marks }
}

/// The value at `path` with the display values under it put in place
/// (collections are only taken apart on the way to one).
pub(crate) fn overlay(value: &Value, path: &mut Vec<PathItem>, placeholders: &Placeholders) -> Sym {
    if let Some(shown) = placeholders.get(path) {
        return shown.clone();
    }
    if !placeholders.any_under(path) {
        return Sym::Value(value.clone());
    }
    let mut child = |step: PathItem, v: &Value| {
        path.push(step);
        let s = overlay(v, path, placeholders);
        path.pop();
        s
    };
    match value {
        Value::List(items) => Sym::List(items.iter().enumerate().map(|(i, v)| Part::One(child(index(i), v))).collect()),
        Value::Map(m) => {
            Sym::Map(m.iter().map(|(k, v)| Part::One((k.clone(), child(PathItem::Key(json_key(k)), v)))).collect())
        }
        other => Sym::Value(other.clone()),
    }
}

/// A non-empty known collection as parts (the writer walks both alike).
fn expand(s: &Sym) -> Cow<'_, Sym> {
    match s {
        Sym::Value(Value::List(l)) if !l.is_empty() => {
            Cow::Owned(Sym::List(l.iter().map(|v| Part::One(Sym::Value(v.clone()))).collect()))
        }
        Sym::Value(Value::Map(m)) if !m.is_empty() => {
            Cow::Owned(Sym::Map(m.iter().map(|(k, v)| Part::One((k.clone(), Sym::Value(v.clone())))).collect()))
        }
        other => Cow::Borrowed(other),
    }
}

/// The UTF-16 offsets of the marks' byte ranges (marks are in text order).
fn utf16_ranges(text: &str, marks: &mut [RenderedMark]) {
    let mut bytes = 0usize;
    let mut units = 0u32;
    let mut chars = text.chars();
    let mut advance_to = |target: u32, bytes: &mut usize, units: &mut u32| {
        while *bytes < target as usize {
            let Some(c) = chars.next() else { break };
            *bytes += c.len_utf8();
            *units += u32::try_from(c.len_utf16()).unwrap_or(2);
        }
        *units
    };
    for m in marks.iter_mut() {
        m.from = advance_to(m.start, &mut bytes, &mut units);
        m.to = advance_to(m.end, &mut bytes, &mut units);
    }
}

fn offset(text: &str) -> u32 {
    u32::try_from(text.len()).unwrap_or(u32::MAX)
}

/// How a spread (a deploy-time collection merged in) is written: a list item
/// `...⟨label⟩`, a map entry `"<<": ⟨label⟩` (YAML's merge key).
const LIST_SPREAD: &str = "...";
const MAP_SPREAD: &str = "<<";

struct Writer {
    text: String,
    marks: Vec<RenderedMark>,
    /// The path of the value being written, from the rendered value.
    path: Vec<PathItem>,
}

impl Writer {
    /// `⟨label⟩`, JSON-escaped when `quoted`, recorded as a mark.
    fn mark(&mut self, hole: &Hole, quoted: bool) {
        let start = offset(&self.text);
        let inner = format!("\u{27e8}{}\u{27e9}", hole.label);
        if quoted {
            self.escaped(&inner);
        } else {
            self.text.push_str(&inner);
        }
        self.marks.push(RenderedMark {
            path: self.path.clone(),
            label: hole.label.clone(),
            exact: hole.exact,
            start,
            end: offset(&self.text),
            from: 0,
            to: 0,
        });
    }

    /// A JSON string literal's body (no quotes).
    fn escaped(&mut self, s: &str) {
        let mut lit = String::new();
        write_json_str(&mut lit, s, false);
        self.text.push_str(lit.get(1..lit.len().saturating_sub(1)).unwrap_or_default());
    }

    /// A string of pieces, as a JSON string literal when `quoted`.
    fn pieces(&mut self, pieces: &[Piece], quoted: bool) {
        if quoted {
            self.text.push('"');
        }
        for p in pieces {
            match p {
                Piece::Lit(s) if quoted => self.escaped(s),
                Piece::Lit(s) => self.text.push_str(s),
                Piece::Hole(h) => self.mark(h, quoted),
            }
        }
        if quoted {
            self.text.push('"');
        }
    }

    fn child<F: FnOnce(&mut Self)>(&mut self, step: PathItem, f: F) {
        self.path.push(step);
        f(self);
        self.path.pop();
    }

    fn json(&mut self, v: &Sym, level: Option<usize>) {
        let sep = if level.is_some() { "," } else { ", " };
        let inner = level.map(|l| l + 1);
        match v {
            Sym::Value(v) => {
                let style = JsonStyle { indent: level.map(|_| 2), ..JsonStyle::PLAIN };
                let text = match level {
                    Some(l) if l > 0 => indent_json(&json_text(v, style), l),
                    _ => json_text(v, style),
                };
                self.text.push_str(&text);
            }
            Sym::Hole(h) => self.pieces(&[Piece::Hole(h.clone())], true),
            Sym::Text(pieces) => self.pieces(pieces, true),
            Sym::List(parts) => {
                self.text.push('[');
                let mut i = 0;
                for (n, part) in parts.iter().enumerate() {
                    if n > 0 {
                        self.text.push_str(sep);
                    }
                    self.newline(inner);
                    match part {
                        Part::One(item) => {
                            self.child(index(i), |w| w.json(item, inner));
                            i += 1;
                        }
                        Part::Spread(h) => self.pieces(&list_spread(h), true),
                    }
                }
                if !parts.is_empty() {
                    self.newline(level);
                }
                self.text.push(']');
            }
            Sym::Map(parts) => {
                self.text.push('{');
                for (n, part) in parts.iter().enumerate() {
                    if n > 0 {
                        self.text.push_str(sep);
                    }
                    self.newline(inner);
                    match part {
                        Part::One((k, item)) => {
                            let key = json_key(k);
                            write_json_str(&mut self.text, &key, false);
                            self.text.push_str(": ");
                            self.child(PathItem::Key(key), |w| w.json(item, inner));
                        }
                        Part::Spread(h) => {
                            write_json_str(&mut self.text, MAP_SPREAD, false);
                            self.text.push_str(": ");
                            self.pieces(&[Piece::Hole(h.clone())], true);
                        }
                    }
                }
                if !parts.is_empty() {
                    self.newline(level);
                }
                self.text.push('}');
            }
        }
    }

    fn newline(&mut self, level: Option<usize>) {
        if let Some(l) = level {
            self.text.push('\n');
            self.text.push_str(&" ".repeat(2 * l));
        }
    }

    /// A scalar (or an empty collection) in YAML: a string with deploy-time
    /// pieces is plain when its known text is and no label needs quoting.
    fn yaml_scalar(&mut self, v: &Sym) {
        let pieces = match v {
            Sym::Value(v) => return self.text.push_str(&yaml_scalar(v)),
            Sym::Hole(h) => vec![Piece::Hole(h.clone())],
            Sym::Text(pieces) => pieces.clone(),
            Sym::List(_) | Sym::Map(_) => return self.json(v, None),
        };
        let bare = pieces.iter().all(|p| match p {
            Piece::Lit(s) => s.chars().all(|c| c.is_ascii_alphanumeric() || "_-./".contains(c)),
            Piece::Hole(h) => !h.label.chars().any(|c| c.is_control() || ":#'\"".contains(c)),
        });
        self.pieces(&pieces, !bare);
    }

    /// Block YAML; `inline_first`: the first line continues the current one (`- key: v`).
    fn yaml(&mut self, v: &Sym, indent: usize, inline_first: bool) {
        let pad = " ".repeat(indent);
        match &*expand(v) {
            Sym::Map(parts) if !parts.is_empty() => {
                for (n, part) in parts.iter().enumerate() {
                    if !(inline_first && n == 0) {
                        self.text.push_str(&pad);
                    }
                    match part {
                        Part::One((k, val)) => {
                            let key = json_key(k);
                            self.text.push_str(&yaml_scalar(&Value::from(key.as_str())));
                            self.text.push(':');
                            self.child(PathItem::Key(key), |w| {
                                if is_block(val) {
                                    w.text.push('\n');
                                    w.yaml(val, indent + 2, false);
                                } else if let Some(s) = literal_lines(val) {
                                    w.text.push(' ');
                                    w.literal(s, indent + 2);
                                } else {
                                    w.text.push(' ');
                                    w.yaml_scalar(val);
                                    w.text.push('\n');
                                }
                            });
                        }
                        Part::Spread(h) => {
                            self.text.push_str(&yaml_scalar(&Value::from(MAP_SPREAD)));
                            self.text.push_str(": ");
                            self.yaml_scalar(&Sym::Hole(h.clone()));
                            self.text.push('\n');
                        }
                    }
                }
            }
            Sym::List(parts) if !parts.is_empty() => {
                let mut i = 0;
                for part in parts {
                    self.text.push_str(&pad);
                    self.text.push_str("- ");
                    let item = match part {
                        Part::One(item) => item,
                        Part::Spread(h) => {
                            self.yaml_scalar(&Sym::Text(list_spread(h)));
                            self.text.push('\n');
                            continue;
                        }
                    };
                    self.child(index(i), |w| match &*expand(item) {
                        map @ Sym::Map(p) if !p.is_empty() => w.yaml(map, indent + 2, true),
                        list @ Sym::List(p) if !p.is_empty() => {
                            w.text.push('\n');
                            w.yaml(list, indent + 2, false);
                        }
                        other => match literal_lines(other) {
                            Some(s) => w.literal(s, indent + 2),
                            None => {
                                w.yaml_scalar(other);
                                w.text.push('\n');
                            }
                        },
                    });
                    i += 1;
                }
            }
            other => {
                self.text.push_str(&pad);
                match literal_lines(other) {
                    Some(s) => self.literal(s, indent + 2),
                    None => {
                        self.yaml_scalar(other);
                        self.text.push('\n');
                    }
                }
            }
        }
    }

    /// A literal block scalar after its key or dash: the header (chomping by
    /// the final newlines), then each line at `indent` (empty lines empty).
    fn literal(&mut self, s: &str, indent: usize) {
        let body = s.trim_end_matches('\n');
        let finals = s.len() - body.len();
        self.text.push_str(match finals {
            0 => "|-",
            1 => "|",
            _ => "|+",
        });
        self.text.push('\n');
        let pad = " ".repeat(indent);
        for line in body.split('\n').chain(std::iter::repeat_n("", finals.saturating_sub(1))) {
            if !line.is_empty() {
                self.text.push_str(&pad);
                self.text.push_str(line);
            }
            self.text.push('\n');
        }
    }
}

/// A string that reads best as a literal block: several lines, none of them
/// blank but not empty, starting with a printable character, and no character
/// YAML would not keep as it is there (control characters but tab, other line
/// breaks, a byte order mark). Anything else stays a JSON string literal.
fn literal_lines(v: &Sym) -> Option<&str> {
    let Sym::Value(Value::Str(s)) = v else { return None };
    let body = s.trim_end_matches('\n');
    let ok = body.contains('\n')
        && !body.starts_with([' ', '\t', '\n'])
        && !body.split('\n').any(|l| !l.is_empty() && l.trim_matches([' ', '\t']).is_empty())
        && !s.chars().any(|c| {
            (c.is_control() && c != '\n' && c != '\t') || matches!(c, '\u{85}' | '\u{2028}' | '\u{2029}' | '\u{feff}')
        });
    ok.then_some(&s[..])
}

/// A list spread as the pieces of one item.
fn list_spread(h: &Hole) -> Vec<Piece> {
    vec![Piece::Lit(LIST_SPREAD.to_string()), Piece::Hole(h.clone())]
}

fn index(i: usize) -> PathItem {
    PathItem::Index(i64::try_from(i).unwrap_or(i64::MAX))
}

/// A non-empty list or map (written as a block in YAML).
fn is_block(v: &Sym) -> bool {
    match v {
        Sym::Value(Value::Map(m)) => !m.is_empty(),
        Sym::Value(Value::List(l)) => !l.is_empty(),
        Sym::List(p) => !p.is_empty(),
        Sym::Map(p) => !p.is_empty(),
        _ => false,
    }
}

/// JSON text of a value with the result's key rule (unsorted, so it cannot fail).
fn json_text(v: &Value, style: JsonStyle) -> String {
    let style = JsonStyle { sort_keys: false, ensure_ascii: false, nonfinite_as_strings: true, ..style };
    json_dumps(&crate::model::result::json_keys(v), style).unwrap_or_default()
}

/// Indented JSON of a nested value: every line after the first moved right.
fn indent_json(text: &str, level: usize) -> String {
    text.replace('\n', &format!("\n{}", " ".repeat(2 * level)))
}

/// A scalar (or an empty collection) as one YAML token.
fn yaml_scalar(v: &Value) -> String {
    match v {
        Value::Str(s) => {
            let plain = !s.is_empty()
                && s.chars().all(|c| c.is_ascii_alphanumeric() || "_-./".contains(c))
                && !matches!(
                    s.to_ascii_lowercase().as_str(),
                    "yes" | "no" | "on" | "off" | "true" | "false" | "null" | "~"
                )
                && s.parse::<f64>().is_err()
                && crate::syntax::plain_scalar_is_string(s);
            if plain {
                s.to_string()
            } else {
                json_text(v, JsonStyle::PLAIN)
            }
        }
        other => json_text(other, JsonStyle::PLAIN),
    }
}

/// The canonical result as the page and the report show it: any value in it,
/// found by its path, written as YAML or JSON text (see [`Format`]) with the
/// values Heat only knows once the stack exists as `⟨get_attr server
/// first_address⟩` placeholders, located in the text. The canonical result
/// itself keeps Heat's values (the resource's name, or null).
#[derive(Debug)]
pub struct ResultView {
    result: Value,
    placeholders: Placeholders,
}

impl ResultView {
    /// The view of what an evaluation shows ([`crate::model::result::Evaluation::shown`]: past
    /// Heat's first error, the display evaluation's result).
    pub fn new(ev: &Evaluation) -> ResultView {
        ResultView::from_parts(ev.shown(), &ev.deferred, &ev.display)
    }

    /// The view of a result, its deploy-time marks and the display values of
    /// what is built from them (an [`crate::model::result::Evaluation`]'s `result`, `deferred` and
    /// `display`).
    pub fn from_parts(result: &HeatResult, deferred: &[DeferredMark], display: &[DisplayValue]) -> ResultView {
        let mut placeholders: Placeholders =
            deferred.iter().filter(|m| m.exact).map(|m| (m.path.clone(), m.label.clone())).collect();
        for d in display {
            placeholders.insert_value(d.path.clone(), d.value.clone());
        }
        ResultView { result: result.to_value(), placeholders }
    }

    /// The canonical value at `path` (keys and list indexes from the result's
    /// root: `["outputs", "ip", "value"]`), if there is one.
    pub fn value(&self, path: &[PathItem]) -> Option<&Value> {
        let mut v = &self.result;
        for step in path {
            v = match (v, step) {
                (Value::Map(m), PathItem::Key(k)) => m.get_str(k)?,
                (Value::List(l), PathItem::Index(i)) => l.get(usize::try_from(*i).ok()?)?,
                _ => return None,
            };
        }
        Some(v)
    }

    /// The value at `path` as text with its placeholders, if there is one.
    pub fn render(&self, path: &[PathItem], format: Format) -> Option<Rendered> {
        Some(render(self.value(path)?, path, &self.placeholders, format))
    }

    /// `value`, which is at `path` in the result, as text with its placeholders.
    pub fn render_value(&self, value: &Value, path: &[PathItem], format: Format) -> Rendered {
        render(value, path, &self.placeholders, format)
    }

    /// The value at `path` as shown: the canonical value with the display
    /// values under it in place.
    #[cfg(test)]
    pub(crate) fn shown(&self, path: &[PathItem]) -> Option<crate::symbolic::Sym> {
        Some(overlay(self.value(path)?, &mut path.to_vec(), &self.placeholders))
    }

    /// Every display value of the result.
    pub(crate) fn placeholders(&self) -> &Placeholders {
        &self.placeholders
    }

    /// The display values at or under `path`: with the value at `path`, all
    /// that [`ResultView::render`] of `path` reads.
    pub(crate) fn placeholders_under(&self, path: &[PathItem]) -> &[(Vec<PathItem>, Sym)] {
        self.placeholders.under(path)
    }

    /// Whether any value of the result is a placeholder.
    pub fn has_placeholders(&self) -> bool {
        !self.placeholders.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::value::Map;

    fn key(k: &str) -> PathItem {
        PathItem::Key(k.into())
    }

    fn sample() -> Value {
        let mut inner = Map::new();
        inner.insert_str("z", Value::Float(1.0));
        inner.insert_str("a", Value::Int(1 << 60));
        inner.insert_str("ip", Value::from("x"));
        let mut m = Map::new();
        m.insert_str("name", Value::from("web-1"));
        m.insert_str("list", Value::list(vec![Value::Int(1), Value::map(inner), Value::list(vec![])]));
        m.insert_str("yes", Value::from("yes"));
        m.insert_str("when", Value::from("2024-01-01"));
        m.insert_str("multi", Value::from("a\nb"));
        Value::map(m)
    }

    #[test]
    fn yaml_keeps_floats_big_integers_and_order() {
        let r = render(&sample(), &[], &Placeholders::new(), Format::Yaml);
        assert_eq!(
            r.text,
            "name: web-1\nlist:\n  - 1\n  - z: 1.0\n    a: 1152921504606846976\n    ip: x\n  - []\n\"yes\": \"yes\"\nwhen: \"2024-01-01\"\nmulti: |-\n  a\n  b\n"
        );
        assert!(r.marks.is_empty());
    }

    #[test]
    fn strings_of_several_lines_are_literal_blocks_that_read_back() {
        let texts = ["a\nb", "a\n\n  b\n", "x:\n- y\n\n\n", "#!/bin/sh\necho \"hi\"\t# tab\n"];
        let mut m = Map::new();
        for (i, t) in texts.iter().enumerate() {
            m.insert_str(&format!("k{i}"), Value::from(*t));
        }
        let mut inner = Map::new();
        inner.insert_str("in", Value::from("p\nq\n"));
        m.insert_str("list", Value::list(vec![Value::from("one\ntwo"), Value::map(inner)]));
        let v = Value::map(m);
        let text = render(&v, &[], &Placeholders::new(), Format::Yaml).text;
        assert!(text.starts_with("k0: |-\n  a\n  b\nk1: |\n  a\n\n    b\nk2: |+\n  x:\n  - y\n\n\n"), "{text}");
        assert!(text.ends_with("list:\n  - |-\n    one\n    two\n  - in: |\n      p\n      q\n"), "{text}");
        let back = crate::syntax::load_yaml(&text, crate::source::SourceId(0)).expect("valid YAML").root.to_value();
        assert_eq!(back, v);
        // At the top, and what stays a JSON literal: a first line starting with a space, a blank line of spaces, a CR.
        assert_eq!(render(&Value::from("a\nb"), &[], &Placeholders::new(), Format::Yaml).text, "|-\n  a\n  b\n");
        for s in [" a\nb", "a\n  \nb", "a\r\nb", "\n"] {
            let t = render(&Value::from(s), &[], &Placeholders::new(), Format::Yaml).text;
            assert!(t.starts_with('"'), "{s:?} -> {t}");
        }
    }

    #[test]
    fn a_list_at_the_top_is_valid_yaml() {
        let v = Value::list(vec![Value::from("a"), Value::list(vec![Value::Int(2)]), Value::Float(0.5)]);
        assert_eq!(render(&v, &[], &Placeholders::new(), Format::Yaml).text, "- a\n- \n  - 2\n- 0.5\n");
        // A scalar alone.
        assert_eq!(render(&Value::Float(1.0), &[], &Placeholders::new(), Format::Yaml).text, "1.0\n");
    }

    #[test]
    fn json_is_python_json_dumps_in_insertion_order() {
        let v = sample();
        let want = json_dumps(
            &v,
            JsonStyle { sort_keys: false, ensure_ascii: false, indent: Some(2), nonfinite_as_strings: true },
        )
        .unwrap();
        assert_eq!(render(&v, &[], &Placeholders::new(), Format::Json).text, want);
        let line = render(&v, &[], &Placeholders::new(), Format::JsonLine).text;
        assert!(
            line.starts_with("{\"name\": \"web-1\", \"list\": [1, {\"z\": 1.0, \"a\": 1152921504606846976"),
            "{line}"
        );
        let nan = render(&Value::list(vec![Value::Float(f64::INFINITY)]), &[], &Placeholders::new(), Format::JsonLine);
        assert_eq!(nan.text, "[\"inf\"]");
    }

    /// Marks in `sample()` at `list[1].ip` (label `get_attr s first_address`) and
    /// at `name` (a label with a colon), rendered from the root `at`.
    fn marked(format: Format) -> Rendered {
        let mut p = Placeholders::new();
        p.insert(vec![key("top"), key("list"), PathItem::Index(1), key("ip")], "get_attr s first_address".into());
        p.insert(vec![key("top"), key("name")], "get_attr s 'a:b'".into());
        // Not under the rendered value: ignored.
        p.insert(vec![key("other")], "get_resource x".into());
        render(&sample(), &[key("top")], &p, format)
    }

    #[test]
    fn placeholders_are_marked_in_every_format_with_byte_and_utf16_ranges() {
        for format in [Format::Yaml, Format::Json, Format::JsonLine] {
            let r = marked(format);
            assert_eq!(r.marks.len(), 2, "{format:?}: {r:?}");
            let paths: Vec<&[PathItem]> = r.marks.iter().map(|m| m.path.as_slice()).collect();
            assert_eq!(paths, vec![&[key("name")][..], &[key("list"), PathItem::Index(1), key("ip")][..]]);
            let utf16: Vec<u16> = r.text.encode_utf16().collect();
            for m in &r.marks {
                let bytes = r.text.get(m.start as usize..m.end as usize).unwrap();
                let units = String::from_utf16(utf16.get(m.from as usize..m.to as usize).unwrap()).unwrap();
                assert_eq!(bytes, units, "{format:?}");
                assert_eq!(bytes, format!("⟨{}⟩", m.label), "{format:?}");
            }
        }
        let yaml = marked(Format::Yaml).text;
        assert!(yaml.starts_with("name: \"⟨get_attr s 'a:b'⟩\"\n"), "{yaml}");
        assert!(yaml.contains("\n    ip: ⟨get_attr s first_address⟩\n"), "{yaml}");
        let json = marked(Format::JsonLine).text;
        assert!(json.contains("\"ip\": \"⟨get_attr s first_address⟩\"}"), "{json}");
        // The unmarked parts are written exactly as without placeholders.
        let plain = render(&sample(), &[], &Placeholders::new(), Format::Json).text;
        let marked_json = marked(Format::Json).text;
        assert_eq!(
            marked_json
                .replace("\"⟨get_attr s first_address⟩\"", "\"x\"")
                .replace("\"⟨get_attr s 'a:b'⟩\"", "\"web-1\""),
            plain
        );
    }

    #[test]
    fn a_placeholder_for_a_collection_replaces_it_whole() {
        let v = Value::list(vec![Value::list(vec![Value::Int(1)]), Value::map(Map::new())]);
        let mut p = Placeholders::new();
        p.insert(vec![PathItem::Index(0)], "get_attr g refs".into());
        assert_eq!(render(&v, &[], &p, Format::Yaml).text, "- ⟨get_attr g refs⟩\n- {}\n");
        assert_eq!(render(&v, &[], &p, Format::JsonLine).text, "[\"⟨get_attr g refs⟩\", {}]");
        p.insert(vec![], "get_attr g all".into());
        assert_eq!(render(&v, &[], &p, Format::Yaml).text, "⟨get_attr g all⟩\n");
    }
}
