//! Every template of the shared conformance corpus loads to exactly what Heat's own
//! `template_format.parse` gives (compared through digests made by
//! `loader/gen_corpus_digests.py`).

#[path = "loader/common.rs"]
mod common;

use std::path::PathBuf;

use hotplate_core::api::test_support::source::SourceId;
use hotplate_core::api::test_support::syntax::load_template;
use sha2::{Digest, Sha256};

#[test]
fn corpus_templates_load_as_heat_loads_them() {
    let corpus = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/conformance/corpus");
    if !corpus.is_dir() {
        eprintln!("skipped: {} is absent (the shared corpus is not checked out here)", corpus.display());
        return;
    }
    let digests: serde_json::Map<String, serde_json::Value> =
        serde_json::from_str(include_str!("loader/corpus_digests.json")).unwrap();
    let dump = std::env::var_os("HOTPLATE_LOADER_DUMP").map(PathBuf::from);
    let mut names: Vec<_> = std::fs::read_dir(&corpus)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .filter(|n| n.ends_with(".json") && !n.ends_with(".expected.json"))
        .collect();
    names.sort();
    let (mut same, mut failures) = (0, Vec::new());
    for name in &names {
        let request: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(corpus.join(name)).unwrap()).unwrap();
        let Some(text) = request.get("template").and_then(|t| t.as_str()) else { continue };
        let Some(want) = digests.get(name).and_then(|d| d.as_str()) else {
            failures.push(format!("{name}: no reference digest (re-run gen_corpus_digests.py)"));
            continue;
        };
        let got = match load_template(text, SourceId(0)) {
            Ok(loaded) => common::canonical(&loaded.root.to_value()),
            Err(d) => format!("[\"error\",\"{}: {}\"]", d.code, d.message),
        };
        if let Some(dir) = &dump {
            std::fs::write(dir.join(name), &got).unwrap();
        }
        let digest: String = Sha256::digest(got.as_bytes()).iter().map(|b| format!("{b:02x}")).collect();
        if digest == want {
            same += 1;
        } else {
            failures.push(format!("{name}: differs from Heat"));
        }
    }
    eprintln!("corpus: {same}/{} templates load identically to Heat", same + failures.len());
    assert!(failures.is_empty(), "{} corpus templates differ:\n{}", failures.len(), failures.join("\n"));
}
