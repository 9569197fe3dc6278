//! Completion on a TripleO-size template (`corpus-full`'s largest,
//! `tht_nova_nova_compute_container_puppet`, 83 KB): at a property key, in a
//! `get_param` argument and on text that no longer parses (the target is
//! 5 ms per answer). Skipped when `../shared` is absent.
//!
//! `cargo bench -p hotplate-core --bench ide`

use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion};
use hotplate_core::api;
use hotplate_core::api::Request;

const CASE: &str = "tht_nova_nova_compute_container_puppet.json";

fn utf16(text: &str, byte: usize) -> u32 {
    u32::try_from(text[..byte].encode_utf16().count()).unwrap_or(u32::MAX)
}

fn bench(c: &mut Criterion) {
    let dir = std::env::var("HOTPLATE_SHARED")
        .map_or_else(|_| Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared"), std::path::PathBuf::from);
    let path = dir.join("conformance/corpus-full").join(CASE);
    let Ok(json) = std::fs::read_to_string(&path) else {
        eprintln!("ide bench: {} is absent, skipped", path.display());
        return;
    };
    let Ok(req) = Request::from_json(&json) else {
        eprintln!("ide bench: {} is not a request, skipped", path.display());
        return;
    };
    let hotplate_core::api::Document::Text(text) = req.template.clone() else { return };
    let name = req.template_name.clone();
    // Inside the last `get_param:` argument.
    let Some(p) = text.rfind("get_param: ") else { return };
    let in_param = utf16(&text, p + "get_param: ".len());
    // At the end of the document, typing a new resource's property key.
    let mut broken = req.clone();
    let typed = format!("{text}\n  extra:\n    type: OS::Nova::Server\n    properties:\n      fla\n  bad: [\n");
    let at_key = utf16(&typed, typed.find("      fla").unwrap_or(0) + 9);
    broken.template = hotplate_core::api::Document::Text(typed);

    let mut g = c.benchmark_group("ide");
    g.bench_function("complete/get_param", |b| b.iter(|| api::complete(&req, &name, in_param).items.len()));
    g.bench_function("complete/property_key_broken_text", |b| {
        b.iter(|| api::complete(&broken, &name, at_key).items.len())
    });
    g.bench_function("document_symbols", |b| b.iter(|| api::document_symbols(&req, &name).len()));
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
