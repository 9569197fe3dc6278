//! What the support-status rules (W3002, W3003, I3004, W3005) share: the
//! generated facts, looked up.

use crate::lint::facts::{Status, PROPERTIES, TYPES};
use crate::lint::{Ctx, Findings};

/// The status of a type, when not SUPPORTED.
pub(super) fn type_status(name: &str) -> Option<&'static Status> {
    TYPES.binary_search_by(|(n, _)| n.cmp(&name)).ok().and_then(|i| TYPES.get(i)).map(|(_, s)| s)
}

/// The status of a property path of a type, when not SUPPORTED.
pub(super) fn property_status(type_name: &str, path: &str) -> Option<&'static Status> {
    PROPERTIES.iter().find(|(t, p, _)| *t == type_name && *p == path).map(|(_, _, s)| s)
}

/// What a support status says of a type or property, after its name:
/// `deprecated and hidden since Heat 5.0.0 — use `network`` when Heat names
/// a replacement (its message says no more), else Heat's message (`since
/// Heat 9.0.0: message`, the parts that are known). A hidden one was
/// deprecated first, and the words say so.
pub(super) fn explain(s: &Status) -> String {
    let mut out = String::from(match s.status {
        "DEPRECATED" => "deprecated",
        "HIDDEN" => "deprecated and hidden",
        _ => "unsupported",
    });
    if !s.since.is_empty() {
        out.push_str(&format!(" since Heat {}", s.since));
    }
    if let Some(rep) = s.replacement {
        out.push_str(&format!(" — use `{rep}`"));
        // What else Heat's message says (why), its sentences naming the replacement left out.
        let why: Vec<&str> = s.message.split_inclusive(". ").map(str::trim).filter(|x| !x.contains(rep)).collect();
        if !why.is_empty() {
            out.push_str(&format!(" ({})", why.join(" ")));
        }
    } else if !s.message.is_empty() {
        out.push_str(": ");
        out.push_str(s.message);
    }
    out
}

/// Report every resource whose type (as written, or as the registry maps
/// it) has support status `status`, with a fix to the replacement type.
pub(super) fn report_types(cx: &Ctx<'_>, out: &mut Findings<'_>, status: &str) {
    for r in &cx.resources {
        let (Some(written), Some(node)) = (r.type_name, r.type_node) else { continue };
        let name = r.plugin().unwrap_or(written);
        let Some(s) = type_status(name).filter(|s| s.status == status) else { continue };
        // The chosen release's own status (its catalogue): a type 27.0.1
        // deprecates may still be supported by the cloud's Heat.
        let release = cx.registry.release;
        if !release.is_latest() && crate::catalogue::entry_in(release, name).is_some_and(|e| e.status != status) {
            continue;
        }
        let via = if name == written { String::new() } else { format!(" (`{written}` maps to it)") };
        out.report(node.span, format!("resources.{}.type", r.name), format!("{name}{via} is {}", explain(s)));
        if let (Some(rep), true) = (s.replacement, name == written) {
            out.fix(format!("Use {rep}"), vec![(node.span.start as usize..node.span.end as usize, rep.to_string())]);
        }
    }
}
