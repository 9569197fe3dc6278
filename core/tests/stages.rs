//! The engine's second step (issue 35), read from the sources: a stage in
//! the `fn(&inputs, &earlier parts) -> Staged<Part>` shape reads no mode and
//! takes no `Run` (the driver, `engine/driver.rs`, applies its report as the
//! mode says), and the number of engine functions taking `&mut Run` only
//! goes down (the issue asks for at most 5); the `Run` holds only the
//! caches a request's evaluations share, the `Driver` the result.

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

/// Whether `code` has `word` as a name of its own (`mode`, not `model`).
fn names(code: &str, word: &str) -> bool {
    let ident = |c: char| c.is_alphanumeric() || c == '_';
    code.match_indices(word).any(|(at, _)| {
        let before = code[..at].chars().next_back().is_none_or(|c| !ident(c));
        let after = code[at + word.len()..].chars().next().is_none_or(|c| !ident(c) || !word.ends_with(ident));
        before && after
    })
}

/// What reading the mode looks like: the value or one of its questions.
const MODE_READS: [&str; 8] =
    ["mode", "strict()", "collects()", "template_only()", "past_errors()", "deploy_time()", "Run", "Driver"];

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
            if names(&code, word) {
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
fn no_engine_function_takes_the_run() {
    let found = functions_taking_run();
    // Issue 35 asked for at most 5: none now. The stages take their inputs
    // and the caches they write (`Caches`), the driver's functions the `Driver`.
    assert!(found.is_empty(), "{} engine functions take `&mut Run`: {found:#?}", found.len());
}

/// The fields of `struct NAME` in engine/mod.rs.
fn fields(name: &str) -> Vec<String> {
    let code = code(&engine().join("mod.rs"));
    let start = code.find(&format!("pub(crate) struct {name} {{")).unwrap_or_else(|| panic!("no struct {name}"));
    let body = &code[start..];
    let body = &body[body.find('{').unwrap_or(0) + 1..body.find("\n}").unwrap_or(body.len())];
    body.lines().filter_map(|l| l.trim().split_once(':').map(|(f, _)| f.trim().to_string())).collect()
}

#[test]
fn the_run_holds_only_the_caches() {
    // What one request's evaluations share; the result is the driver's.
    assert_eq!(fields("Run"), ["sources", "templates", "file_ids", "budget"]);
    // `reuse`: what Heat's run records for the deploy-time runs and they
    // replay (`engine/reuse.rs`), shared by a run's nested stacks;
    // `validated`: the stack's validation stage ended (the deploy-time runs
    // differ from Heat's only past it, so they are made only then).
    assert_eq!(fields("Driver"), ["ev", "mode", "run", "reuse", "validated"]);
}
