//! The display evaluation: past Heat's first error, unknown values symbolic.

use crate::api::ResultView;
use crate::diag::PathItem;
use crate::engine::{evaluate, Evaluation, Request};
use crate::render::Format;

fn dump(ev: &Evaluation) -> String {
    let view = ResultView::from_parts(ev.shown(), &ev.deferred, &ev.display);
    let mut out = String::new();
    for section in ["parameters", "conditions", "resources", "outputs", "nested"] {
        let path = vec![PathItem::Key(section.into())];
        if let Some(r) = view.render(&path, Format::Yaml) {
            out.push_str(&format!("{section}:\n{}", r.text));
        }
    }
    for d in &ev.diagnostics {
        out.push_str(&format!("diag {} {} @{}\n", d.code, d.message, d.path));
    }
    for n in &ev.not_checked {
        out.push_str(&format!("not checked {} {} [{}] needs {:?}\n", n.stack, n.path, n.check, n.needs));
    }
    for u in &ev.unknowns {
        out.push_str(&format!("unknown {}\n", u.label));
    }
    out
}

#[test]
fn scratch() {
    let t = std::fs::read_to_string("/work/wt/known/web/examples/09-errors.json").unwrap_or_default();
    let ev = evaluate(&Request::from_json(&t).unwrap());
    println!("{}", dump(&ev));
}
