//! `docs/rules/<ID>.md` is each lint rule's documentation as the rule itself
//! writes it (`api::lint_rule_doc`: one source), and `docs/rules/README.md`
//! lists them. After changing a rule: `UPDATE_RULE_DOCS=1 cargo test -p
//! hotplate-core --test lint_docs`, then review the diff.

use std::fmt::Write as _;
use std::path::Path;

use hotplate_core::api;

/// The rules' hit counts over the public corpora, with judged samples:
/// measured (`core/examples/lint_corpus.rs`) and written by a person.
const CORPUS: &str = "corpus.md";

fn index() -> String {
    let mut out = String::from(
        "# Lint rules\n\nThe mistakes Heat accepts and deploys: `hotplate check` and `hotplate lsp` report them \
         beside Heat's own errors (`hotplate rules` lists them; generated from the rules by \
         `core/tests/lint_docs.rs`).\n\n| rule | name | severity | default | finds |\n|---|---|---|---|---|\n",
    );
    for r in api::lint_rules() {
        let _ = writeln!(
            out,
            "| [{id}]({id}.md) | {} | {} | {} | {} |",
            r.name,
            r.severity.as_str(),
            if r.on_by_default { "on" } else { "off" },
            r.summary,
            id = r.id,
        );
    }
    out.push_str(
        "\nSilencing: `# hotplate: disable=ID` at the end of a line (or alone on the line above it), \
         `# hotplate: disable-file=ID` anywhere in a file, `lint: {disable: [ID], ignore: [{files: GLOB, rules: [ID]}]}` \
         in `.hotplate.yaml`, `hotplate check --disable ID` (and `--enable ID` for a rule that is off by default).\n\n\
         How often each rule fires on the public corpora, and how many of its hits are real mistakes: \
         [corpus.md](corpus.md) (a rule with more than 10 % false positives is off by default).\n",
    );
    out
}

#[test]
fn the_rule_docs_are_the_rules_own() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/rules");
    let update = std::env::var_os("UPDATE_RULE_DOCS").is_some();
    let mut want: Vec<(String, String)> =
        api::lint_rules().iter().map(|r| (format!("{}.md", r.id), api::lint_rule_doc(r.id).unwrap())).collect();
    want.push(("README.md".into(), index()));
    if update {
        std::fs::create_dir_all(&dir).unwrap();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "md") && !path.ends_with(CORPUS) {
                std::fs::remove_file(path).unwrap();
            }
        }
        for (name, text) in &want {
            std::fs::write(dir.join(name), text).unwrap();
        }
    }
    let mut stale = Vec::new();
    for (name, text) in &want {
        if std::fs::read_to_string(dir.join(name)).ok().as_deref() != Some(text.as_str()) {
            stale.push(name.clone());
        }
    }
    let mut extra: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| !want.iter().any(|(w, _)| w == n) && n != CORPUS)
        .collect();
    extra.sort();
    assert!(
        stale.is_empty() && extra.is_empty(),
        "docs/rules differs from the rules (stale: {stale:?}, not a rule's: {extra:?}): UPDATE_RULE_DOCS=1 cargo test -p hotplate-core --test lint_docs"
    );
}
