//! `str()` of a PyYAML error, byte for byte: what Heat puts in its messages.
//!
//! A marked error reads
//! ```text
//! <context>
//!   in "<unicode string>", line L, column C:
//!     <the line, cut to about 75 characters around the mark>
//!     <spaces>^
//! <problem>
//!   in "<unicode string>", line L, column C:
//!     …
//! ```
//! (the context mark is left out when it equals the problem mark); a reader error reads
//! `unacceptable character #x0001: special characters are not allowed\n  in "<unicode
//! string>", position N`. Lines break at `\r\n`, `\r`, `\n`, NEL, LS and PS; columns
//! count characters, a BOM not included (the pure loader's marks).

use super::scanner::YamlError;

/// PyYAML's `str(error)` for an error found in `text`.
pub(crate) fn format(text: &str, e: &YamlError) -> String {
    if let Some(position) = e.reader_position {
        return format!("{}\n  in \"<unicode string>\", position {position}", e.problem);
    }
    let chars: Vec<char> = text.chars().collect();
    let mut lines: Vec<String> = Vec::new();
    let problem_mark = locate(text, e.mark.index);
    if let Some(context) = &e.context {
        lines.push(context.clone());
    }
    if let Some(cm) = e.context_mark {
        let context_mark = locate(text, cm.index);
        if (context_mark.line, context_mark.column) != (problem_mark.line, problem_mark.column) {
            lines.push(render_mark(&chars, &context_mark));
        }
    }
    lines.push(e.problem.clone());
    lines.push(render_mark(&chars, &problem_mark));
    lines.join("\n")
}

struct Located {
    line: usize,
    column: usize,
    /// Character index.
    pointer: usize,
}

fn is_break(c: char) -> bool {
    matches!(c, '\r' | '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
}

fn locate(text: &str, offset: usize) -> Located {
    let (mut line, mut column, mut pointer) = (0, 0, 0);
    let mut it = text.char_indices().peekable();
    while let Some((i, c)) = it.next() {
        if i >= offset {
            break;
        }
        pointer += 1;
        let newline = matches!(c, '\n' | '\u{85}' | '\u{2028}' | '\u{2029}')
            || (c == '\r' && it.peek().map(|&(_, n)| n) != Some('\n'));
        if newline {
            line += 1;
            column = 0;
        } else if c != '\u{FEFF}' {
            column += 1;
        }
    }
    Located { line, column, pointer }
}

/// `Mark.__str__` with its snippet (`get_snippet(indent=4, max_length=75)`).
fn render_mark(chars: &[char], m: &Located) -> String {
    let mut out = format!("  in \"<unicode string>\", line {}, column {}:\n", m.line + 1, m.column + 1);
    let pointer = m.pointer.min(chars.len());
    let mut head = "";
    let mut start = pointer;
    while start > 0 && !chars.get(start - 1).is_some_and(|&c| is_break(c)) {
        start -= 1;
        if (pointer - start) * 2 > 73 {
            head = " ... ";
            start += 5;
            break;
        }
    }
    let mut tail = "";
    let mut end = pointer;
    while end < chars.len() && !chars.get(end).is_some_and(|&c| is_break(c)) {
        end += 1;
        if (end - pointer) * 2 > 73 {
            tail = " ... ";
            end -= 5;
            break;
        }
    }
    let snippet: String = chars.get(start..end.max(start)).map(|s| s.iter().collect()).unwrap_or_default();
    out.push_str("    ");
    out.push_str(head);
    out.push_str(&snippet);
    out.push_str(tail);
    out.push('\n');
    out.push_str(&" ".repeat(4 + pointer.saturating_sub(start) + head.len()));
    out.push('^');
    out
}
