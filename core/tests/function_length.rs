//! The engine stays made of stage functions one can read, and yaql of named
//! builtins: no function in `core/src/engine/` or `core/src/yaql/` (tests
//! included; a yaql family's registration is its table, a static) is longer
//! than [`MAX_LINES`] lines.
//! Functions are found in rustfmt's layout: a line starting an `fn` item
//! ends at the first later line that is its indentation followed by `}`.

mod support;

use std::path::Path;
use support::rust_files;

const MAX_LINES: usize = 120;

/// `(name, first line, length)` of each function of a file's text.
fn functions(text: &str) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let body = line.trim_start();
        let indent = &line[..line.len() - body.len()];
        let rest = ["pub(crate) ", "pub(super) ", "pub ", "const ", "unsafe ", "async "]
            .iter()
            .fold(body, |b, p| b.strip_prefix(p).unwrap_or(b));
        let Some(sig) = rest.strip_prefix("fn ") else { continue };
        let name: String = sig.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
        if line.trim_end().ends_with('}') || line.trim_end().ends_with(';') {
            out.push((name, i + 1, 1));
            continue;
        }
        let close = format!("{indent}}}");
        let end = lines.iter().skip(i + 1).position(|l| *l == close).map_or(lines.len(), |j| i + 1 + j);
        out.push((name, i + 1, end - i + 1));
    }
    out
}

#[test]
fn no_engine_function_is_longer_than_the_limit() {
    assert_no_long_function("src/engine");
}

#[test]
fn no_yaql_function_is_longer_than_the_limit() {
    assert_no_long_function("src/yaql");
}

fn assert_no_long_function(dir: &str) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    assert!(files.len() > 10, "sources not found under {}", root.display());
    let mut long = Vec::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("read source");
        for (name, line, len) in functions(&text) {
            if len > MAX_LINES {
                long.push(format!("{}:{line} {name}: {len} lines", file.display()));
            }
        }
    }
    assert!(long.is_empty(), "functions over {MAX_LINES} lines:\n{}", long.join("\n"));
}

#[test]
fn the_measure_counts_a_function_to_its_closing_brace() {
    let text = "fn a() {\n    let x = 1;\n}\n\nimpl T {\n    pub(crate) fn b(&self) -> u8 {\n        if x {\n        }\n        0\n    }\n    fn c() {}\n}\n";
    let found = functions(text);
    assert_eq!(found, vec![("a".into(), 1, 3), ("b".into(), 6, 5), ("c".into(), 11, 1)]);
}
