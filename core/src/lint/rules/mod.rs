//! The rules, one file each (its check, its documentation, its tests), and
//! what several of them share: text edits for fixes, the documentation's
//! markdown.

use std::fmt::Write as _;
use std::ops::Range;

use super::{Doc, Rule, RuleInfo};
use crate::syntax::Node;

/// Every rule module, in id order: `RULES` and `DOCS` are built from this
/// one list, so a rule cannot lack its documentation.
macro_rules! rules {
    ($($m:ident),* $(,)?) => {
        $(mod $m;)*
        /// Every rule, in id order.
        pub(crate) const RULES: &[Rule] = &[$($m::RULE),*];
        /// Their documentation, parallel to [`RULES`].
        pub(crate) const DOCS: &[Doc] = &[$($m::DOC),*];
    };
}

rules! {
    i0001_cfn_function_in_hot,
    w1001_misspelled_function,
    w1002_function_of_another_version,
    w1003_str_replace_param_unused,
    w1004_repeat_variable_unused,
    w1005_get_param_index_into_string,
    w1006_yaql_data_key_missing,
    w1007_get_file_empty,
    w1008_yaml_boolean_word,
    w1009_yaml_sexagesimal,
    w1010_duplicate_key,
    w2001_unused_parameter,
    w2002_default_fails_custom_constraint,
    w2003_allowed_value_of_wrong_type,
    w2004_hidden_parameter_default,
    w2005_unsatisfiable_constraint,
    w3001_value_specs_override,
    w3002_deprecated_type,
    w3003_hidden_type,
    i3004_unsupported_type,
    w3005_deprecated_property,
    w3006_depends_on_implied,
    w3007_depends_on_twice,
    w3008_hard_coded_secret,
    w3009_secret_from_visible_parameter,
    w3010_reference_to_conditional_resource,
    w3011_wait_condition_never_signalled,
    e3012_port_security_disabled_with_groups,
    e3013_subnet_allocation_pool,
    e3014_security_group_rule,
    w3015_resource_group_index_var,
    w3016_software_config_group,
    w3017_null_property,
    e3018_nested_attribute_not_an_output,
    w6001_output_always_null,
    w6002_output_reveals_hidden_parameter,
    w8001_unused_condition,
    w8002_equals_type_mismatch,
    w8003_equals_value_not_allowed,
}

mod equals;
mod secrets;
mod support;

/// The markdown of `docs/rules/<ID>.md`.
pub(crate) fn render_doc(info: &RuleInfo, doc: &Doc, said: &str) -> String {
    let mut out = String::new();
    let severity = info.severity.as_str();
    let _ = writeln!(out, "# {}: {}\n", info.id, info.name);
    let _ = writeln!(out, "{}.\n", capitalised(info.summary));
    if info.on_by_default {
        let _ = writeln!(out, "Severity: **{severity}**, on by default.\n");
    } else {
        let _ = writeln!(
            out,
            "Severity: **{severity}**, off by default: `hotplate check --enable {id}` or `lint: {{enable: [{id}]}}` in `.hotplate.yaml` turns it on.\n",
            id = info.id
        );
    }
    let _ = writeln!(out, "{}\n", doc.text.trim());
    let _ = writeln!(out, "## Example\n\nHotplate reports this template:\n\n```yaml\n{}```\n", doc.bad);
    let _ = writeln!(out, "as\n\n```\n{said}```\n");
    let _ = writeln!(out, "and not this one:\n\n```yaml\n{}```\n", doc.good);
    for (name, text) in doc.files {
        let _ = writeln!(out, "(both with the file `{name}`:)\n\n```\n{text}```\n");
    }
    let _ = writeln!(
        out,
        "## Silencing\n\n- one line: `# hotplate: disable={id}` at its end, or alone on the line above;\n- a file: `# hotplate: disable-file={id}` anywhere in it;\n- files by glob: `.hotplate.yaml`, `lint: {{ignore: [{{files: 'glob', rules: [{id}]}}]}}`;\n- everywhere: `hotplate check --disable {id}`, or `lint: {{disable: [{id}]}}` in `.hotplate.yaml`.",
        id = info.id
    );
    out
}

fn capitalised(s: &str) -> String {
    let mut c = s.chars();
    c.next().map(|f| f.to_uppercase().chain(c).collect()).unwrap_or_default()
}

/// The byte offset where the line holding `at` starts.
pub(crate) fn line_start(text: &str, at: usize) -> usize {
    text.get(..at).and_then(|t| t.rfind('\n')).map_or(0, |i| i + 1)
}

/// The byte offset just past the newline of the line holding `at` (or the end).
pub(crate) fn line_end(text: &str, at: usize) -> usize {
    text.get(at..).and_then(|t| t.find('\n')).map_or(text.len(), |i| at + i + 1)
}

/// Whether `range` is alone on its lines: blanks before it on its first
/// line, nothing but blanks or a comment after it on its last.
fn alone(text: &str, range: &Range<usize>) -> bool {
    let before = text.get(line_start(text, range.start)..range.start).unwrap_or("x");
    let after = text.get(range.end..line_end(text, range.end)).unwrap_or("x").trim();
    before.trim_start_matches([' ', '-']).is_empty() && (after.is_empty() || after.starts_with('#'))
}

fn span_range(n: &Node) -> Range<usize> {
    n.span.start as usize..n.span.end as usize
}

/// Edits removing `key: value` from a block mapping (its whole lines), when
/// it stands alone on its lines.
pub(crate) fn remove_entry(text: &str, key: &Node, value: &Node) -> Option<Vec<(Range<usize>, String)>> {
    let whole = key.span.start as usize..(value.span.end.max(key.span.end)) as usize;
    if !alone(text, &whole) || text.get(line_start(text, whole.start)..whole.start)?.contains('-') {
        return None;
    }
    Some(vec![(line_start(text, whole.start)..line_end(text, whole.end), String::new())])
}

/// Edits removing item `i` of a list (a block item's line, or a flow item
/// with its comma).
pub(crate) fn remove_item(text: &str, items: &[Node], i: usize) -> Option<Vec<(Range<usize>, String)>> {
    let item = items.get(i)?;
    let r = span_range(item);
    let before = text.get(line_start(text, r.start)..r.start)?;
    if before.trim_end().ends_with('-') && alone(text, &r) {
        return Some(vec![(line_start(text, r.start)..line_end(text, r.end), String::new())]);
    }
    // A flow list: up to the next item, or from the previous one.
    if let Some(next) = items.get(i + 1) {
        return Some(vec![(r.start..next.span.start as usize, String::new())]);
    }
    let prev = items.get(i.checked_sub(1)?)?;
    Some(vec![(prev.span.end as usize..r.end, String::new())])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::source::SourceId;
    use crate::syntax::load_yaml;

    fn apply(text: &str, edits: &[(Range<usize>, String)]) -> String {
        let mut t = text.to_string();
        let mut e = edits.to_vec();
        e.sort_by_key(|(r, _)| std::cmp::Reverse(r.start));
        for (r, s) in e {
            t.replace_range(r, &s);
        }
        t
    }

    #[test]
    fn items_and_entries_are_removed_with_their_punctuation() {
        let text = "a: [x, y, z]\nb:\n  - x\n  - y\nc: 1\n";
        let root = load_yaml(text, SourceId(0)).unwrap().root;
        let a = root.get("a").unwrap().as_list().unwrap();
        assert_eq!(apply(text, &remove_item(text, a, 0).unwrap()), "a: [y, z]\nb:\n  - x\n  - y\nc: 1\n");
        assert_eq!(apply(text, &remove_item(text, a, 2).unwrap()), "a: [x, y]\nb:\n  - x\n  - y\nc: 1\n");
        let b = root.get("b").unwrap().as_list().unwrap();
        assert_eq!(apply(text, &remove_item(text, b, 1).unwrap()), "a: [x, y, z]\nb:\n  - x\nc: 1\n");
        let (k, v) = &root.as_map().unwrap()[1];
        assert_eq!(apply(text, &remove_entry(text, k, v).unwrap()), "a: [x, y, z]\nc: 1\n");
        let flow = "{a: 1, b: 2}";
        let root = load_yaml(flow, SourceId(0)).unwrap().root;
        let (k, v) = &root.as_map().unwrap()[0];
        assert!(remove_entry(flow, k, v).is_none());
    }
}
