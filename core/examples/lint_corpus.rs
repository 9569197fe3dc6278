//! Every lint rule over corpora of requests: the hit count per rule, and the
//! hits themselves to read and judge.
//!
//! ```sh
//! cargo run --release -p hotplate-core --example lint_corpus -- \
//!     ../shared/conformance/corpus-full ../shared/conformance/validate ../shared/conformance/plugin-checks \
//!     > target/lint-hits.txt
//! ```
//!
//! Each request is evaluated, then linted with every rule on. A template that
//! several requests carry (the validate corpus reuses corpus-full's) counts
//! once per place: hits are keyed by (text, line, rule, message).
//! The summary table goes to stderr, every hit to stdout.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use hotplate_core::api::{self, LintOptions};
use hotplate_core::api::{evaluate, Request};

fn main() {
    let dirs: Vec<PathBuf> = std::env::args().skip(1).map(PathBuf::from).collect();
    let options = LintOptions { enable: vec!["all".into()], disable: Vec::new() };
    let mut seen = BTreeSet::new();
    let mut hits: BTreeMap<&'static str, Vec<String>> = BTreeMap::new();
    let mut requests = 0;
    let mut templates = BTreeSet::new();
    for dir in &dirs {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "json") && !p.to_string_lossy().ends_with(".expected.json"))
            .collect();
        paths.sort();
        for path in paths {
            let Ok(text) = std::fs::read_to_string(&path) else { continue };
            let Ok(req) = Request::from_json(&text) else { continue };
            requests += 1;
            let mut ev = evaluate(&req);
            let found = api::lint(&req, &ev, &options);
            for (_, s) in ev.sources.iter() {
                if s.text.contains("heat_template_version") {
                    templates.insert(s.text.clone());
                }
            }
            let first = ev.diagnostics.len();
            ev.diagnostics.extend(found);
            let located = api::located_diagnostics(&ev);
            for d in located.iter().skip(first) {
                let file = d.file.clone().unwrap_or_default();
                let src =
                    ev.sources.iter().find(|(_, s)| s.name == file).map(|(_, s)| s.text.clone()).unwrap_or_default();
                let key = (src.clone(), d.line, d.code, d.message.clone());
                if !seen.insert(key) {
                    continue;
                }
                let line = src.lines().nth(d.line.saturating_sub(1) as usize).unwrap_or("").trim();
                let request = path.file_name().map(|n| n.to_string_lossy().to_string()).unwrap_or_default();
                hits.entry(d.code)
                    .or_default()
                    .push(format!("{} {request} {file}:{}: {}\n      | {}", d.code, d.line, d.message, line));
            }
        }
    }
    eprintln!("{requests} requests, {} distinct templates", templates.len());
    eprintln!("| rule | on by default | hits |");
    eprintln!("|---|---|---|");
    for r in api::lint_rules() {
        let n = hits.get(r.id).map_or(0, Vec::len);
        eprintln!("| {} {} | {} | {n} |", r.id, r.name, if r.on_by_default { "yes" } else { "no" });
    }
    for (_, list) in hits {
        for h in list {
            println!("{h}");
        }
    }
}
