//! PyYAML's `yaml.safe_dump(data, default_flow_style=False)`, byte for byte,
//! for the values JSON can hold: what `openstack … -f yaml` prints (cliff's
//! YAML formatter). Block style with sorted keys, indent 2, width 80, ASCII
//! only (`allow_unicode=False`); empty collections as `{}`/`[]`.
//!
//! No crate writes YAML the way PyYAML does (which scalars are quoted and
//! how, where long ones fold), so this follows PyYAML's emitter: its scalar
//! analysis (which styles a text allows), its style choice, and its plain,
//! single- and double-quoted writers with their folding, over the same
//! emitter state (column, indentation, whether the last thing written was
//! whitespace). Whether a plain text reads back as a string is the loader's
//! own YAML 1.1 resolver ([`crate::syntax::plain_scalar_is_string`]).

use crate::pyfmt::{float_repr, py_str};
use crate::value::Value;

const BEST_INDENT: usize = 2;
const BEST_WIDTH: usize = 80;

/// `yaml.safe_dump(value, default_flow_style=False)`.
pub(crate) fn safe_dump(value: &Value) -> String {
    let mut e = Emitter {
        out: String::new(),
        column: 0,
        whitespace: true,
        indention: true,
        indent: None,
        indents: Vec::new(),
        flow_level: 0,
        open_ended: false,
    };
    e.node(value, Context { root: true, ..Context::default() });
    // The document's end, then the stream's.
    e.write_indent();
    if e.open_ended {
        e.write_indicator("...", true, false, false);
        e.write_indent();
    }
    e.out
}

/// Where a node is (`expect_node`'s flags).
#[derive(Clone, Copy, Default)]
struct Context {
    root: bool,
    mapping: bool,
    simple_key: bool,
}

struct Emitter {
    out: String,
    column: usize,
    whitespace: bool,
    indention: bool,
    indent: Option<usize>,
    indents: Vec<Option<usize>>,
    flow_level: usize,
    open_ended: bool,
}

/// A scalar as the emitter sees it: its text and whether it reads back as
/// its own type when written plain (`implicit[0]`; quoted, every scalar
/// here reads back, `implicit[1]`).
struct Scalar {
    text: Vec<char>,
    plain_ok: bool,
}

/// `analyze_scalar`'s verdict.
struct Analysis {
    empty: bool,
    multiline: bool,
    allow_flow_plain: bool,
    allow_block_plain: bool,
    allow_single_quoted: bool,
}

/// The characters PyYAML counts as breaks.
fn is_break(c: char) -> bool {
    matches!(c, '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

/// Whitespace for the indicator rules (`'\0 \t\r\n\x85\u2028\u2029'`).
fn is_space_or_break(c: char) -> bool {
    matches!(c, '\0' | ' ' | '\t' | '\r') || is_break(c)
}

/// `SafeRepresenter`: the text of a scalar and how it resolves.
fn scalar(v: &Value) -> Scalar {
    let (text, plain_ok) = match v {
        Value::Null => ("null".to_string(), true),
        Value::Bool(b) => ((if *b { "true" } else { "false" }).to_string(), true),
        Value::Float(f) => (represent_float(*f), true),
        Value::Str(s) => (s.to_string(), crate::syntax::plain_scalar_is_string(s)),
        other => (py_str(other), true),
    };
    Scalar { text: text.chars().collect(), plain_ok }
}

/// `represent_float`: `repr()` in lower case, with `.0` before a bare exponent.
fn represent_float(f: f64) -> String {
    if f.is_nan() {
        return ".nan".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { ".inf" } else { "-.inf" }.into();
    }
    let text = float_repr(f).to_lowercase();
    if !text.contains('.') && text.contains('e') {
        text.replacen('e', ".0e", 1)
    } else {
        text
    }
}

/// `analyze_scalar` (with `allow_unicode=False`).
fn analyze(text: &[char]) -> Analysis {
    if text.is_empty() {
        return Analysis {
            empty: true,
            multiline: false,
            allow_flow_plain: false,
            allow_block_plain: true,
            allow_single_quoted: true,
        };
    }
    let (mut block_indicators, mut flow_indicators, mut line_breaks, mut special) = (false, false, false, false);
    let (mut leading_space, mut leading_break, mut trailing_space, mut trailing_break) = (false, false, false, false);
    let (mut break_space, mut space_break) = (false, false);
    let starts = |p: &str| text.iter().take(3).copied().eq(p.chars());
    if starts("---") || starts("...") {
        block_indicators = true;
        flow_indicators = true;
    }
    let mut preceded_by_whitespace = true;
    let mut followed_by_whitespace = text.len() == 1 || text.get(1).is_some_and(|c| is_space_or_break(*c));
    let (mut previous_space, mut previous_break) = (false, false);
    let last = text.len() - 1;
    for (index, &ch) in text.iter().enumerate() {
        if index == 0 {
            if "#,[]{}&*!|>'\"%@`".contains(ch) {
                flow_indicators = true;
                block_indicators = true;
            }
            if ch == '?' || ch == ':' {
                flow_indicators = true;
                if followed_by_whitespace {
                    block_indicators = true;
                }
            }
            if ch == '-' && followed_by_whitespace {
                flow_indicators = true;
                block_indicators = true;
            }
        } else {
            if ",?[]{}".contains(ch) {
                flow_indicators = true;
            }
            if ch == ':' {
                flow_indicators = true;
                if followed_by_whitespace {
                    block_indicators = true;
                }
            }
            if ch == '#' && preceded_by_whitespace {
                flow_indicators = true;
                block_indicators = true;
            }
        }
        if is_break(ch) {
            line_breaks = true;
        }
        if !(ch == '\n' || (' '..='~').contains(&ch)) {
            // Printable non-ASCII is special too without `allow_unicode`.
            special = true;
        }
        if ch == ' ' {
            if index == 0 {
                leading_space = true;
            }
            if index == last {
                trailing_space = true;
            }
            if previous_break {
                break_space = true;
            }
            previous_space = true;
            previous_break = false;
        } else if is_break(ch) {
            if index == 0 {
                leading_break = true;
            }
            if index == last {
                trailing_break = true;
            }
            if previous_space {
                space_break = true;
            }
            previous_space = false;
            previous_break = true;
        } else {
            previous_space = false;
            previous_break = false;
        }
        preceded_by_whitespace = is_space_or_break(ch);
        followed_by_whitespace = text.get(index + 2).is_none_or(|c| is_space_or_break(*c));
    }
    let mut a = Analysis {
        empty: false,
        multiline: line_breaks,
        allow_flow_plain: true,
        allow_block_plain: true,
        allow_single_quoted: true,
    };
    if leading_space || leading_break || trailing_space || trailing_break {
        a.allow_flow_plain = false;
        a.allow_block_plain = false;
    }
    if break_space {
        a.allow_flow_plain = false;
        a.allow_block_plain = false;
        a.allow_single_quoted = false;
    }
    if space_break || special {
        a.allow_flow_plain = false;
        a.allow_block_plain = false;
        a.allow_single_quoted = false;
    }
    if line_breaks {
        a.allow_flow_plain = false;
        a.allow_block_plain = false;
    }
    if flow_indicators {
        a.allow_flow_plain = false;
    }
    if block_indicators {
        a.allow_block_plain = false;
    }
    a
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    Plain,
    Single,
    Double,
}

impl Emitter {
    fn node(&mut self, v: &Value, ctx: Context) {
        match v {
            Value::List(items) if !items.is_empty() => self.block_sequence(items, ctx),
            Value::List(_) => self.empty_flow("[", "]"),
            Value::Map(m) if !m.is_empty() => {
                let mut entries: Vec<(&Value, &Value)> = m.iter().collect();
                // `sort_keys=True`: the keys are strings here (a JSON body).
                crate::sort::sort_by_key(&mut entries, |(k, _)| py_str(k));
                self.block_mapping(&entries);
            }
            Value::Map(_) => self.empty_flow("{", "}"),
            scalar_value => {
                self.increase_indent(true, false);
                self.scalar(&scalar(scalar_value), ctx);
                self.indent = self.indents.pop().flatten();
            }
        }
    }

    fn empty_flow(&mut self, open: &str, close: &str) {
        self.write_indicator(open, true, true, false);
        self.flow_level += 1;
        self.increase_indent(true, false);
        self.indent = self.indents.pop().flatten();
        self.flow_level -= 1;
        self.write_indicator(close, false, false, false);
    }

    fn block_sequence(&mut self, items: &[Value], ctx: Context) {
        let indentless = ctx.mapping && !self.indention;
        self.increase_indent(false, indentless);
        for item in items {
            self.write_indent();
            self.write_indicator("-", true, false, true);
            self.node(item, Context::default());
        }
        self.indent = self.indents.pop().flatten();
    }

    fn block_mapping(&mut self, entries: &[(&Value, &Value)]) {
        self.increase_indent(false, false);
        for (k, v) in entries {
            self.write_indent();
            let key = scalar(k);
            let a = analyze(&key.text);
            // `check_simple_key`: the text and its `!!str` tag under 128 characters.
            if key.text.len() + 5 < 128 && !a.empty && !a.multiline {
                self.node(k, Context { mapping: true, simple_key: true, ..Context::default() });
                self.write_indicator(":", false, false, false);
            } else {
                self.write_indicator("?", true, false, true);
                self.node(k, Context { mapping: true, ..Context::default() });
                self.write_indent();
                self.write_indicator(":", true, false, true);
            }
            self.node(v, Context { mapping: true, ..Context::default() });
        }
        self.indent = self.indents.pop().flatten();
    }

    fn increase_indent(&mut self, flow: bool, indentless: bool) {
        self.indents.push(self.indent);
        self.indent = match self.indent {
            None => Some(if flow { BEST_INDENT } else { 0 }),
            Some(i) if !indentless => Some(i + BEST_INDENT),
            Some(i) => Some(i),
        };
    }

    /// `choose_scalar_style`, then the writer.
    fn scalar(&mut self, s: &Scalar, ctx: Context) {
        let a = analyze(&s.text);
        let mut style = Style::Double;
        if s.plain_ok
            && !(ctx.simple_key && (a.empty || a.multiline))
            && ((self.flow_level > 0 && a.allow_flow_plain) || (self.flow_level == 0 && a.allow_block_plain))
        {
            style = Style::Plain;
        } else if a.allow_single_quoted && !(ctx.simple_key && a.multiline) {
            style = Style::Single;
        }
        let split = !ctx.simple_key;
        match style {
            Style::Plain => self.write_plain(&s.text, split, ctx.root),
            Style::Single => self.write_single_quoted(&s.text, split),
            Style::Double => self.write_double_quoted(&s.text, split),
        }
    }

    fn write(&mut self, data: &str) {
        self.column += data.chars().count();
        self.out.push_str(data);
    }

    fn write_chars(&mut self, data: &[char]) {
        self.column += data.len();
        self.out.extend(data);
    }

    fn write_indicator(&mut self, indicator: &str, need_whitespace: bool, whitespace: bool, indention: bool) {
        if !self.whitespace && need_whitespace {
            self.write(" ");
        }
        self.write(indicator);
        self.whitespace = whitespace;
        self.indention = self.indention && indention;
        self.open_ended = false;
    }

    fn write_indent(&mut self) {
        let indent = self.indent.unwrap_or(0);
        if !self.indention || self.column > indent || (self.column == indent && !self.whitespace) {
            self.write_line_break(None);
        }
        if self.column < indent {
            self.whitespace = true;
            let spaces = " ".repeat(indent - self.column);
            self.write(&spaces);
        }
    }

    fn write_line_break(&mut self, data: Option<char>) {
        self.whitespace = true;
        self.indention = true;
        self.column = 0;
        self.out.push(data.unwrap_or('\n'));
    }

    fn write_plain(&mut self, text: &[char], split: bool, root: bool) {
        if root {
            self.open_ended = true;
        }
        if text.is_empty() {
            return;
        }
        if !self.whitespace {
            self.write(" ");
        }
        self.whitespace = false;
        self.indention = false;
        let mut spaces = false;
        let mut start = 0;
        for end in 0..=text.len() {
            let ch = text.get(end).copied();
            if spaces {
                if ch != Some(' ') {
                    if start + 1 == end && self.column > BEST_WIDTH && split {
                        self.write_indent();
                        self.whitespace = false;
                        self.indention = false;
                    } else {
                        self.write_chars(text.get(start..end).unwrap_or_default());
                    }
                    start = end;
                }
            } else if ch.is_none_or(|c| c == ' ' || is_break(c)) {
                self.write_chars(text.get(start..end).unwrap_or_default());
                start = end;
            }
            spaces = ch == Some(' ');
        }
    }

    fn write_single_quoted(&mut self, text: &[char], split: bool) {
        self.write_indicator("'", true, false, false);
        let (mut spaces, mut breaks) = (false, false);
        let mut start = 0;
        for end in 0..=text.len() {
            let ch = text.get(end).copied();
            if spaces {
                if ch != Some(' ') {
                    if start + 1 == end && self.column > BEST_WIDTH && split && start != 0 && end != text.len() {
                        self.write_indent();
                    } else {
                        self.write_chars(text.get(start..end).unwrap_or_default());
                    }
                    start = end;
                }
            } else if breaks {
                if ch.is_none_or(|c| !is_break(c)) {
                    if text.get(start) == Some(&'\n') {
                        self.write_line_break(None);
                    }
                    for &br in text.get(start..end).unwrap_or_default() {
                        self.write_line_break(Some(br));
                    }
                    self.write_indent();
                    start = end;
                }
            } else if ch.is_none_or(|c| c == ' ' || c == '\'' || is_break(c)) && start < end {
                self.write_chars(text.get(start..end).unwrap_or_default());
                start = end;
            }
            if ch == Some('\'') {
                self.write("''");
                start = end + 1;
            }
            spaces = ch == Some(' ');
            breaks = ch.is_some_and(is_break);
        }
        self.write_indicator("'", false, false, false);
    }

    fn write_double_quoted(&mut self, text: &[char], split: bool) {
        self.write_indicator("\"", true, false, false);
        let mut start = 0;
        for end in 0..=text.len() {
            let ch = text.get(end).copied();
            let escape = match ch {
                None => true,
                Some(c) => {
                    matches!(c, '"' | '\\' | '\u{85}' | '\u{2028}' | '\u{2029}' | '\u{FEFF}')
                        || !(' '..='~').contains(&c)
                }
            };
            if escape {
                if start < end {
                    self.write_chars(text.get(start..end).unwrap_or_default());
                    start = end;
                }
                if let Some(c) = ch {
                    let data = match c {
                        '\0' => "\\0".to_string(),
                        '\u{07}' => "\\a".to_string(),
                        '\u{08}' => "\\b".to_string(),
                        '\t' => "\\t".to_string(),
                        '\n' => "\\n".to_string(),
                        '\u{0B}' => "\\v".to_string(),
                        '\u{0C}' => "\\f".to_string(),
                        '\r' => "\\r".to_string(),
                        '\u{1B}' => "\\e".to_string(),
                        '"' => "\\\"".to_string(),
                        '\\' => "\\\\".to_string(),
                        '\u{85}' => "\\N".to_string(),
                        '\u{A0}' => "\\_".to_string(),
                        '\u{2028}' => "\\L".to_string(),
                        '\u{2029}' => "\\P".to_string(),
                        c if (c as u32) <= 0xFF => format!("\\x{:02X}", c as u32),
                        c if (c as u32) <= 0xFFFF => format!("\\u{:04X}", c as u32),
                        c => format!("\\U{:08X}", c as u32),
                    };
                    self.write(&data);
                    start = end + 1;
                }
            }
            if 0 < end
                && end + 1 < text.len()
                && (ch == Some(' ') || start >= end)
                && self.column + end.saturating_sub(start) > BEST_WIDTH
                && split
            {
                let mut data: String = text.get(start..end).unwrap_or_default().iter().collect();
                data.push('\\');
                if start < end {
                    start = end;
                }
                self.write(&data);
                self.write_indent();
                self.whitespace = false;
                self.indention = false;
                if text.get(start) == Some(&' ') {
                    self.write("\\");
                }
            }
        }
        self.write_indicator("\"", false, false, false);
    }
}

#[cfg(test)]
mod tests {
    use super::safe_dump;
    use crate::value::{Map, Value};

    fn dump(key: &str, v: Value) -> String {
        let mut m = Map::new();
        m.insert_str(key, v);
        safe_dump(&Value::map(m))
    }

    #[test]
    fn scalars_are_quoted_as_pyyaml_quotes_them() {
        // Expectations from PyYAML 6: yaml.safe_dump({'k': v}, default_flow_style=False).
        assert_eq!(dump("k", Value::from("plain")), "k: plain\n");
        assert_eq!(dump("k", Value::from("")), "k: ''\n");
        assert_eq!(dump("k", Value::from("yes")), "k: 'yes'\n");
        assert_eq!(dump("k", Value::from("123")), "k: '123'\n");
        assert_eq!(dump("k", Value::from("a: b")), "k: 'a: b'\n");
        assert_eq!(dump("k", Value::from("it's")), "k: it's\n");
        assert_eq!(dump("k", Value::from("'q'")), "k: '''q'''\n");
        assert_eq!(dump("k", Value::from("two\nlines")), "k: 'two\n\n  lines'\n");
        assert_eq!(dump("k", Value::from("tab\there")), "k: \"tab\\there\"\n");
        assert_eq!(dump("k", Value::from("café")), "k: \"caf\\xE9\"\n");
        assert_eq!(dump("k", Value::from(" lead")), "k: ' lead'\n");
        assert_eq!(dump("k", Value::Int(5)), "k: 5\n");
        assert_eq!(dump("k", Value::Float(1e17)), "k: 1.0e+17\n");
        assert_eq!(dump("k", Value::Float(0.5)), "k: 0.5\n");
        assert_eq!(dump("k", Value::Bool(false)), "k: false\n");
        assert_eq!(dump("k", Value::Null), "k: null\n");
    }

    #[test]
    fn collections_are_block_style_with_sorted_keys() {
        let mut inner = Map::new();
        inner.insert_str("b", Value::list(vec![Value::from("x"), Value::Int(1)]));
        inner.insert_str("a", Value::map(Map::new()));
        inner.insert_str("c", Value::list(Vec::new()));
        let mut item = Map::new();
        item.insert_str("y", Value::Int(2));
        item.insert_str("x", Value::Int(1));
        inner.insert_str("d", Value::list(vec![Value::map(item), Value::list(vec![Value::from("z")])]));
        assert_eq!(
            dump("top", Value::map(inner)),
            "top:\n  a: {}\n  b:\n  - x\n  - 1\n  c: []\n  d:\n  - x: 1\n    y: 2\n  - - z\n"
        );
    }

    #[test]
    fn long_texts_fold_at_width_80() {
        let words = "word ".repeat(30);
        let text = words.trim_end();
        let out = dump("k", Value::from(text));
        assert!(out.lines().count() > 1, "{out}");
        assert!(out.lines().all(|l| l.chars().count() <= 86), "{out}");
    }
}
