//! Properties of the loaders on arbitrary input: they never panic, and every span they
//! produce (nodes, warnings, errors) lies inside the text on character boundaries.

use hotplate_core::api::test_support::source::{SourceId, Span};
use hotplate_core::api::test_support::syntax::{load_template, load_yaml, pyyaml_error_text, Loaded, Node, NodeKind};
use hotplate_core::api::Diagnostic;
use proptest::prelude::*;

fn check_span(text: &str, span: Span, what: &str) {
    let (start, end) = (span.start as usize, span.end as usize);
    assert!(start <= end && end <= text.len(), "{what} span {start}..{end} outside 0..{} of {text:?}", text.len());
    assert!(
        text.is_char_boundary(start) && text.is_char_boundary(end),
        "{what} span {start}..{end} splits a character in {text:?}"
    );
    assert_eq!(span.source, SourceId(3));
}

fn check_node(text: &str, node: &Node, depth: usize) {
    assert!(depth <= hotplate_core::api::test_support::syntax::MAX_DEPTH + 1);
    check_span(text, node.span, "node");
    match &node.kind {
        NodeKind::Scalar(v) => assert!(v.is_hashable()),
        NodeKind::List(items) => items.iter().for_each(|n| check_node(text, n, depth + 1)),
        NodeKind::Map(entries) => {
            for (k, v) in entries.iter() {
                assert!(matches!(k.kind, NodeKind::Scalar(_)), "map keys are scalars");
                check_node(text, k, depth + 1);
                check_node(text, v, depth + 1);
            }
        }
    }
}

fn check(text: &str, result: Result<Loaded, Diagnostic>) {
    match result {
        Ok(loaded) => {
            check_node(text, &loaded.root, 0);
            // Converting to a value never fails either.
            let _ = loaded.root.to_value();
            for w in &loaded.warnings {
                if let Some(span) = w.span {
                    check_span(text, span, "warning");
                }
            }
        }
        Err(d) => {
            assert!(!d.message.is_empty());
            if let Some(span) = d.span {
                check_span(text, span, "error");
            }
        }
    }
}

fn load_all(text: &str) {
    check(text, load_template(text, SourceId(3)));
    check(text, load_yaml(text, SourceId(3)));
    if let Some(message) = pyyaml_error_text(text) {
        assert!(!message.is_empty());
    }
}

/// Pieces that exercise the YAML and JSON grammars (indicators, quoting, escapes,
/// indentation, tabs, line breaks of all kinds, anchors, tags, non-ASCII text).
const PIECES: &[&str] = &[
    "a",
    "b c",
    "1",
    "1.5",
    "0x1f",
    "1e3",
    "yes",
    "~",
    "null",
    "é",
    "日本",
    "😀",
    "\u{feff}",
    "\u{85}",
    "\u{2028}",
    " ",
    "  ",
    "\t",
    "\n",
    "\r\n",
    "\r",
    ":",
    ": ",
    "- ",
    "-",
    "? ",
    "?",
    "#",
    " #c",
    ",",
    "[",
    "]",
    "{",
    "}",
    "'",
    "''",
    "\"",
    "\\",
    "\\x41",
    "\\u00e9",
    "\\ud83d",
    "\\q",
    "&a ",
    "*a",
    "&a",
    "!",
    "!!str ",
    "!!int ",
    "!t ",
    "!<x> ",
    "!!binary ",
    "!!set ",
    "!!omap ",
    "|",
    ">",
    "|-",
    ">+",
    "|2",
    "---",
    "...",
    "%YAML 1.1\n",
    "%TAG ! x\n",
    "<<",
    "<<: ",
    "=",
    "@",
    "`",
    "%",
    "\"a\": ",
    "NaN",
    "-Infinity",
    "12345678901234567890",
    "{\"k\": [1, 2.5e3]}",
];

fn yamlish() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES), 0..40).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,200}") {
        load_all(&text);
    }

    #[test]
    fn arbitrary_characters_including_controls_never_panic(text in any::<String>()) {
        load_all(&text);
    }

    #[test]
    fn yaml_like_text_never_panics(text in yamlish()) {
        load_all(&text);
    }

    #[test]
    fn indented_yaml_like_lines_never_panic(lines in prop::collection::vec((0usize..6, yamlish()), 0..12)) {
        let text: String = lines.iter().map(|(indent, line)| format!("{}{line}\n", " ".repeat(*indent))).collect();
        load_all(&text);
    }
}
