//! The engine's second step (issue 35), read from the sources: a stage in
//! the `fn(&inputs, &earlier parts) -> Staged<Part>` shape reads no mode and
//! takes no `Run` (the driver, `engine/driver.rs`, applies its report as the
//! mode says), and the number of engine functions taking `&mut Run` only
//! goes down (the issue asks for at most 5).

mod support;

use std::path::{Path, PathBuf};
use support::rust_files;

fn engine() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src/engine")
}

/// The code of a file without its comments (a doc may name the mode).
fn code(path: &Path) -> String {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().filter(|l| !l.trim_start().starts_with("//")).collect::<Vec<_>>().join("\n")
}

/// What reading the mode looks like: the value or one of its questions.
const MODE_READS: [&str; 7] =
    ["mode", "strict()", "collects()", "template_only()", "past_errors()", "deploy_time()", "Run"];

#[test]
fn no_stage_reads_the_mode() {
    // Every stage: the stages of one stack, and the nested stacks' (their
    // children are run by the driver, `nested::Stacks`).
    let mut files = Vec::new();
    rust_files(&engine().join("stages"), &mut files);
    rust_files(&engine().join("nested"), &mut files);
    let staged = files.iter().filter(|f| code(f).contains("-> Staged<")).count();
    // request, structure, parameters, conditions, definitions, graph,
    // outputs, validation, results, nested.
    assert!(staged >= 10, "only {staged} staged stages: {files:?}");
    let mut wrong = Vec::new();
    for file in &files {
        let code = code(file);
        for word in MODE_READS {
            if code.contains(word) {
                wrong.push(format!("{} reads `{word}`", file.display()));
            }
        }
    }
    assert!(wrong.is_empty(), "a stage returns its report; the driver applies the mode: {wrong:#?}");
}

/// Functions in core/src/engine with a `&mut Run` parameter (a signature may
/// span lines: counted from each `fn` to its body).
fn functions_taking_run() -> Vec<String> {
    let mut files = Vec::new();
    rust_files(&engine(), &mut files);
    let mut out = Vec::new();
    for file in &files {
        let code = code(file);
        let mut rest = code.as_str();
        while let Some(at) = rest.find("fn ") {
            let after = &rest[at..];
            let signature = &after[..after.find('{').unwrap_or(after.len())];
            if signature.contains("&mut Run") {
                let name: String = signature[3..].chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                out.push(format!("{}: {name}", file.strip_prefix(engine()).unwrap_or(file).display()));
            }
            rest = &after[3..];
        }
    }
    out
}

#[test]
fn fewer_engine_functions_take_the_run() {
    let found = functions_taking_run();
    // A ratchet (issue 35's target was 5): the template validate driver's
    // functions (`validate/`) are the ones left; `Run`'s own methods in
    // driver.rs are the driver.
    const AT_MOST: usize = 3;
    assert!(found.len() <= AT_MOST, "{} engine functions take `&mut Run` (at most {AT_MOST}): {found:#?}", found.len());
}
