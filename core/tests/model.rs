//! The model layer (issue 35), read from the sources: `core/src/model` holds
//! the types the api exposes, as data, and names no part built above it (its
//! logic imports go to the value, source and formatting modules only); the
//! api re-exports it whole.

mod support;

use std::path::Path;
use support::rust_files;

/// The parts the model lies below: it may name none of them.
const ABOVE: [&str; 9] = [
    "crate::engine",
    "crate::plan",
    "crate::ide",
    "crate::lint",
    "crate::api",
    "crate::render",
    "crate::plugins",
    "crate::functions",
    "crate::eval",
];

/// The code of a file without its comments and its tests (a test may
/// evaluate a template to check what the model writes).
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let text = text.split("#[cfg(test)]").next().unwrap_or_default();
    text.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n")
}

#[test]
fn the_model_names_no_part_above_it() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&src.join("model"), &mut files);
    assert!(files.len() >= 3, "the model's files: {files:?}");
    let mut wrong = Vec::new();
    for file in &files {
        let code = code(file);
        for part in ABOVE {
            if code.contains(&format!("{part}::")) {
                wrong.push(format!("{} names {part}", file.display()));
            }
        }
        if code.contains("super::super") {
            wrong.push(format!("{} names a part above it through super::super", file.display()));
        }
    }
    assert!(wrong.is_empty(), "the model is data below the engine: {wrong:#?}");
    let api = std::fs::read_to_string(src.join("api.rs")).expect("api.rs");
    assert!(api.contains("pub use crate::model::*;"), "api.rs re-exports the model whole");
}
