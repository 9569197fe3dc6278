//! What every fuzz target checks of one evaluation (the same promises as
//! `core/tests/props.rs`): no panic, spans inside their sources on char
//! boundaries, a canonical result that is JSON, the same result twice.

use hotplate_core::api::{evaluate, Request};

pub fn check(req: &Request) {
    let first = evaluate(req);
    let text = first.result.to_json();
    for d in first.diagnostics.iter().chain(first.result.error.as_ref().map(|e| &e.diagnostic)) {
        if let Some(span) = d.span {
            let src = first.sources.get(span.source).expect("a diagnostic points to an unknown source");
            let (start, end) = (span.start as usize, span.end as usize);
            assert!(start <= end && end <= src.text.len(), "span {start}..{end} outside {}: {d:?}", src.name);
            assert!(src.text.is_char_boundary(start) && src.text.is_char_boundary(end), "span splits a char: {d:?}");
        }
        let _ = d.render(&first.sources);
    }
    if let Err(e) = serde_json::from_str::<serde_json::Value>(&text) {
        panic!("the result is not JSON ({e}): {text:?}");
    }
    let second = evaluate(req);
    assert_eq!(text, second.result.to_json(), "not deterministic");
    assert_eq!(first.diagnostics, second.diagnostics, "diagnostics not deterministic");
}
