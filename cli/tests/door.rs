//! The one door: `core/src/lib.rs` declares one public module, `api`, and the
//! CLI and the wasm binding reach the core only through it (never its
//! `test_support` part, which is for core's own tests and benches). Read from
//! the sources, so a new import that goes around the door fails here.

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("the workspace").to_path_buf()
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn core_has_one_public_module() {
    let lib = std::fs::read_to_string(root().join("core/src/lib.rs")).expect("core/src/lib.rs");
    let public: Vec<&str> = lib.lines().filter(|l| l.starts_with("pub mod ") || l.starts_with("pub use ")).collect();
    assert_eq!(public, ["pub mod api;"], "core/src/lib.rs: only `api` is public");
}

#[test]
fn cli_and_wasm_use_the_core_only_through_api() {
    let mut files = Vec::new();
    for dir in ["cli/src", "cli/tests", "wasm/src", "wasm/tests"] {
        rust_files(&root().join(dir), &mut files);
    }
    assert!(files.len() > 10, "found only {} files", files.len());
    let mut wrong = Vec::new();
    for file in &files {
        if file.ends_with("cli/tests/door.rs") {
            continue;
        }
        let text = std::fs::read_to_string(file).expect("a source file");
        for (n, line) in text.lines().enumerate() {
            let mut rest = line;
            while let Some(i) = rest.find("hotplate_core") {
                let after = &rest[i + "hotplate_core".len()..];
                let ok = after.starts_with("::api") && !after.starts_with("::api::test_support");
                let word_start = i == 0 || !rest[..i].ends_with(|c: char| c.is_alphanumeric() || c == '_');
                if word_start && !ok && !after.starts_with(|c: char| c.is_alphanumeric() || c == '_') {
                    wrong.push(format!("{}:{}: {}", file.display(), n + 1, line.trim()));
                }
                rest = after;
            }
        }
    }
    assert!(wrong.is_empty(), "paths into hotplate_core other than `hotplate_core::api`:\n{}", wrong.join("\n"));
}
