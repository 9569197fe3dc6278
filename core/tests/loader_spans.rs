//! Loader spans, limits, warnings and error texts.

use hotplate_core::api::test_support::source::{LineIndex, SourceId, Span};
use hotplate_core::api::test_support::syntax::{
    load_template, load_yaml, pyyaml_error_text, LoadFailure, Node, NodeKind, MAX_ALIAS_NODES, MAX_DEPTH,
    MAX_TEMPLATE_CHARS,
};
use hotplate_core::api::Severity;
use hotplate_core::api::Value;

const SRC: SourceId = SourceId(7);

fn text_of(text: &str, span: Span) -> &str {
    &text[span.start as usize..span.end as usize]
}

/// Byte span of a character range (PyYAML marks count characters).
fn chars_to_bytes(text: &str, start: usize, end: usize) -> (u32, u32) {
    let byte = |c: usize| text.char_indices().nth(c).map_or(text.len(), |(b, _)| b) as u32;
    (byte(start), byte(end))
}

#[test]
fn spans_are_byte_ranges_matching_pyyaml_marks() {
    // Marks from `yaml.compose` of the same text (character indices): scalars and flow
    // collections as PyYAML has them; a block collection ends with its last child.
    let text = "é: [1, 'x']\nkey: {a: b}\nlist:\n  - ünï\n  - \"q\"\n";
    let root = load_yaml(text, SRC).unwrap().root;
    assert_eq!(root.span.source, SRC);
    let entries = root.as_map().unwrap();
    type Range = (usize, usize);
    let want: &[(Range, Range)] = &[((0, 1), (3, 11)), ((12, 15), (17, 23)), ((24, 28), (32, 45))];
    for ((k, v), (kw, vw)) in entries.iter().zip(want) {
        assert_eq!((k.span.start, k.span.end), chars_to_bytes(text, kw.0, kw.1));
        assert_eq!((v.span.start, v.span.end), chars_to_bytes(text, vw.0, vw.1));
    }
    let seq = entries[0].1.as_list().unwrap();
    assert_eq!(text_of(text, seq[0].span), "1");
    assert_eq!(text_of(text, seq[1].span), "'x'");
    let list = entries[2].1.as_list().unwrap();
    assert_eq!(text_of(text, list[0].span), "ünï");
    assert_eq!(text_of(text, list[1].span), "\"q\"");
    assert_eq!(text_of(text, entries[2].1.span), "- ünï\n  - \"q\"");
    // Editor positions of the non-ASCII scalar.
    let pos = LineIndex::new(text).position(list[0].span.start);
    assert_eq!((pos.line, pos.column), (4, 5));
}

#[test]
fn json_spans_cover_the_written_text() {
    let text = " {\"a\": [1, 2.5e3, \"é\\u00e9\"], \"b\": null} ";
    let root = load_template(text, SRC).unwrap().root;
    assert_eq!(text_of(text, root.span), text.trim());
    let a = root.get("a").unwrap();
    assert_eq!(text_of(text, a.span), "[1, 2.5e3, \"é\\u00e9\"]");
    let items = a.as_list().unwrap();
    assert_eq!(text_of(text, items[1].span), "2.5e3");
    assert!(matches!(items[1].scalar(), Some(Value::Float(f)) if *f == 2500.0));
    assert_eq!(items[2].as_str(), Some("éé"));
    assert_eq!(text_of(text, root.as_map().unwrap()[1].0.span), "\"b\"");
}

#[test]
fn anchors_and_tags_belong_to_their_node() {
    let text = "a: &x !!str 12\nb: *x\n";
    let root = load_yaml(text, SRC).unwrap().root;
    assert_eq!(text_of(text, root.get("a").unwrap().span), "&x !!str 12");
    // An alias copies the anchored node, with the span where it was written.
    assert_eq!(root.get("b").unwrap().span, root.get("a").unwrap().span);
    assert_eq!(root.get("b").unwrap().as_str(), Some("12"));
}

#[test]
fn empty_documents_are_empty_maps_at_zero() {
    for text in ["", "# only a comment\n", "---\n", "--- \n...\n", "~", "Null\n", "!!null ''"] {
        for loaded in [load_template(text, SRC).unwrap(), load_yaml(text, SRC).unwrap()] {
            assert!(matches!(&loaded.root.kind, NodeKind::Map(e) if e.is_empty()), "{text:?}");
            assert_eq!((loaded.root.span.start, loaded.root.span.end), (0, 0));
        }
    }
    // JSON null stays null (the caller rejects it).
    assert!(load_template("null", SRC).unwrap().root.is_null());
}

#[test]
fn duplicate_keys_warn_and_keep_the_first_position_with_the_last_value() {
    let text = "name: a\nother: 1\nname: b\n";
    let loaded = load_yaml(text, SRC).unwrap();
    let entries = loaded.root.as_map().unwrap();
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[0].0.as_str(), Some("name"));
    assert_eq!(entries[0].1.as_str(), Some("b"));
    assert_eq!(text_of(text, entries[0].0.span), "name");
    assert_eq!(entries[0].0.span.start, 0);
    assert_eq!(loaded.warnings.len(), 1);
    let w = &loaded.warnings[0];
    assert_eq!((w.code, w.severity), ("duplicate-key", Severity::Warning));
    assert_eq!(w.message, "duplicate key \"name\" (the last value wins, as in Heat)");
    assert_eq!(w.span.map(|s| text_of(text, s)), Some("name"));
    assert_eq!(w.span.unwrap().start, 17);
    // Python key equality: 1, 1.0 and true are one key.
    let loaded = load_yaml("1: a\ntrue: b\n1.0: c\n", SRC).unwrap();
    assert_eq!(loaded.root.as_map().unwrap().len(), 1);
    assert_eq!(loaded.warnings.len(), 2);
    assert_eq!(loaded.warnings[0].message, "duplicate key True (the last value wins, as in Heat)");
    // JSON duplicates too.
    let loaded = load_template("{\"a\": 1, \"a\": 2}", SRC).unwrap();
    assert_eq!(loaded.root.get("a").and_then(|n| n.scalar().cloned()), Some(Value::Int(2)));
    assert_eq!(loaded.warnings.len(), 1);
    // Keys that come from merges do not warn.
    let loaded = load_yaml("b: &b {x: 1}\nd: {<<: *b, x: 2}\n", SRC).unwrap();
    assert!(loaded.warnings.is_empty());
}

#[test]
fn merge_keys_follow_pyyaml_order() {
    let v = load_yaml("d:\n  a: 0\n  <<: [{x: 1, a: 9}, {x: 2, z: 3}]\n  z: 4\n", SRC).unwrap().root.to_value();
    let d = v.as_map().unwrap().get_str("d").unwrap().as_map().unwrap();
    let keys: Vec<_> = d.keys().map(|k| k.as_str().unwrap().to_string()).collect();
    // PyYAML: merged entries first (later maps first, so earlier maps win), then own.
    assert_eq!(keys, ["x", "z", "a"]);
    assert_eq!(d.get_str("x"), Some(&Value::Int(1)));
    assert_eq!(d.get_str("z"), Some(&Value::Int(4)));
    assert_eq!(d.get_str("a"), Some(&Value::Int(0)));
}

fn billion_laughs(levels: usize) -> String {
    let mut t = String::from("a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for i in 1..levels {
        let refs = vec![format!("*a{}", i - 1); 9].join(", ");
        t.push_str(&format!("a{i}: &a{i} [{refs}]\n"));
    }
    t
}

/// Stopped by the alias budget (nodes counted, `MAX_ALIAS_NODES`), not by time:
/// the 9^10 nodes are never built. How fast is `make bench`'s business.
#[test]
fn alias_bombs_fail_on_the_alias_budget() {
    for loader in [load_yaml as fn(&str, SourceId) -> _, load_template] {
        let err = loader(&billion_laughs(10), SRC).unwrap_err();
        assert_eq!(err.code, "yaml-alias-limit");
        assert_eq!(LoadFailure::of(&err), LoadFailure::Limit);
        assert!(err.message.contains(&MAX_ALIAS_NODES.to_string()));
        assert!(err.span.is_some());
    }
    // Moderate reuse is fine.
    assert!(load_yaml(&billion_laughs(4), SRC).is_ok());
}

#[test]
fn nesting_is_limited_without_overflowing_the_stack() {
    let ok_flow = format!("{}{}", "[".repeat(MAX_DEPTH), "]".repeat(MAX_DEPTH));
    assert!(load_yaml(&ok_flow, SRC).is_ok());
    assert!(load_template(&ok_flow, SRC).is_ok());
    let deep = |n: usize| format!("{}{}", "[".repeat(n), "]".repeat(n));
    for text in [
        deep(MAX_DEPTH + 1),
        "[".repeat(200_000),
        "{a: ".repeat(100_000),
        "{\"a\": ".repeat(80_000),
        "- ".repeat(100_000),
        (0..700).map(|i| format!("{}k:\n", " ".repeat(i))).collect::<String>(),
    ] {
        for loader in [load_yaml as fn(&str, SourceId) -> _, load_template] {
            let err = loader(&text, SRC).unwrap_err();
            assert_eq!(err.code, "yaml-too-deep", "{}", &text[..20]);
            assert_eq!(LoadFailure::of(&err), LoadFailure::Limit);
        }
    }
}

#[test]
fn template_size_counts_characters() {
    let max = MAX_TEMPLATE_CHARS;
    let text = format!("a: {}", "é".repeat(max - 3));
    assert_eq!(text.chars().count(), max);
    assert!(load_template(&text, SRC).is_ok());
    let text = format!("a: {}", "x".repeat(max - 2));
    let err = load_template(&text, SRC).unwrap_err();
    assert_eq!(err.code, "template-too-large");
    assert_eq!(LoadFailure::of(&err), LoadFailure::TooLarge);
    assert_eq!(
        err.message,
        "Request limit exceeded: Template size (524289 bytes) exceeds maximum allowed size (524288 bytes)."
    );
    // Environments have no size check here.
    assert!(load_yaml(&text, SRC).is_ok());
}

#[test]
fn big_integers_load_at_any_size() {
    for (text, loader, want) in [
        ("a: 99999999999999999999\n", load_yaml as fn(&str, SourceId) -> _, "99999999999999999999"),
        ("{\"a\": -99999999999999999999}", load_template, "-99999999999999999999"),
        ("a: 0x1_0000_0000_0000_0000\n", load_yaml, "18446744073709551616"),
    ] {
        let root = loader(text, SRC).unwrap().root.to_value();
        let a = root.as_map().unwrap().get_str("a").unwrap();
        assert!(matches!(a, Value::BigInt(_)), "{text}");
        assert_eq!(hotplate_core::api::test_support::pyfmt::py_repr(a), want, "{text}");
    }
    let ok = load_template("[9223372036854775807, -9223372036854775808]", SRC).unwrap().root.to_value();
    assert_eq!(ok.as_list().unwrap()[1], Value::Int(i64::MIN));
    // Python's int() stops at 4300 decimal digits: JSON then falls back to YAML, which fails.
    let err = load_template(&format!("{{\"a\": 1{}}}", "0".repeat(4300)), SRC).unwrap_err();
    assert!(err.message.starts_with("Exceeds the limit (4300 digits)"), "{}", err.message);
}

#[test]
fn heat_error_texts_are_pyyaml_texts() {
    // Measured with the Heat oracle (environment file with a tab): Heat's ValueError text.
    let text = "parameters:\n\ta: 1\n";
    assert_eq!(
        pyyaml_error_text(text).unwrap(),
        "while scanning for the next token\nfound character '\\t' that cannot start any token\n  in \"<unicode string>\", line 2, column 1:\n    \ta: 1\n    ^"
    );
    let err = load_yaml(text, SRC).unwrap_err();
    assert_eq!(err.code, "yaml-syntax");
    assert_eq!(err.message, "found character '\\t' that cannot start any token");
    assert_eq!(err.span.map(|s| (s.start, s.end)), Some((12, 13)));
    assert_eq!(LoadFailure::of(&err), LoadFailure::Syntax);
    // Accepted text: no error text.
    assert_eq!(pyyaml_error_text("a: 1"), None);
    // Reader errors report a position.
    assert_eq!(
        pyyaml_error_text("a: \u{1}").unwrap(),
        "unacceptable character #x0001: special characters are not allowed\n  in \"<unicode string>\", position 3"
    );
    // Long lines are cut as PyYAML cuts them.
    let long = format!("k: {}: x\n", "v".repeat(100));
    assert_eq!(
        pyyaml_error_text(&long).unwrap(),
        format!(
            "mapping values are not allowed here\n  in \"<unicode string>\", line 1, column 104:\n     ... {}: x\n                                         ^",
            "v".repeat(32)
        )
    );
}

#[test]
fn unsupported_values_say_so() {
    for text in ["a: !!binary aGVsbG8=\n", "a: !!set {x, y}\n", "a: &r [*r]\n"] {
        let err = load_yaml(text, SRC).unwrap_err();
        assert_eq!(LoadFailure::of(&err), LoadFailure::Unsupported, "{text}");
    }
    // Python raises a ValueError (not a YAML error) on these: heat-api's 400.
    for text in ["a: 0b_\n", "a: !!int abc\n"] {
        let err = load_yaml(text, SRC).unwrap_err();
        assert_eq!(LoadFailure::of(&err), LoadFailure::PythonValue, "{text}");
    }
    // Heat itself fails on this with an internal Python error (KeyError).
    let err = load_yaml("a: !!bool maybe\n", SRC).unwrap_err();
    assert_eq!(LoadFailure::of(&err), LoadFailure::HeatInternal);
    // !!omap and !!pairs become lists of [key, value] lists.
    let v = load_yaml("a: !!omap [x: 1, y: 2]\n", SRC).unwrap().root.to_value();
    let pairs = v.as_map().unwrap().get_str("a").unwrap().as_list().unwrap().to_vec();
    assert_eq!(pairs, vec![Value::list(vec!["x".into(), 1.into()]), Value::list(vec!["y".into(), 2.into()])]);
}

#[test]
fn pure_fallback_keeps_timestamps_as_text_and_warns() {
    // libyaml refuses `%YAML 1.3`; Heat then loads with PyYAML's pure loader, which
    // makes a date of the version (Heat then fails: "Template version was not provided").
    let loaded = load_template("%YAML 1.3\n---\nheat_template_version: 2018-08-31\n", SRC).unwrap();
    assert_eq!(loaded.root.get("heat_template_version").unwrap().as_str(), Some("2018-08-31"));
    assert_eq!(loaded.warnings.iter().map(|w| w.code).collect::<Vec<_>>(), ["yaml-pure-fallback"]);
    // An empty document there stays null (Heat's `{}` only happens on libyaml's path).
    assert!(load_yaml("%YAML 1.3\n---\n", SRC).unwrap().root.is_null());
}

/// A big template loads whole (its speed, loader MB/s, is `make bench`'s figure).
#[test]
fn big_templates_load() {
    // ~400 KB: 3000 resources with a few properties each.
    let mut t = String::from("heat_template_version: 2018-08-31\nresources:\n");
    for i in 0..3000 {
        t.push_str(&format!(
            "  server_{i}:\n    type: OS::Nova::Server\n    properties:\n      name: {{get_param: name}}\n      flavor: m1.small\n      networks: [{{network: net_{i}}}]\n"
        ));
    }
    assert!(t.len() < MAX_TEMPLATE_CHARS);
    let loaded = load_template(&t, SRC).unwrap();
    assert_eq!(loaded.root.get("resources").and_then(Node::as_map).map(<[_]>::len), Some(3000));
}
