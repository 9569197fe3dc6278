//! What the support-status rules (W3002, W3003, I3004, W3005) share: the
//! generated facts, looked up as the chosen release has them (27.0.1's, and
//! an older release's own where they differ: `facts::RELEASES`, produced by
//! running that release's Heat), so a finding speaks of the cloud's Heat.

use crate::lint::facts::{Status, PROPERTIES, RELEASES, TYPES};
use crate::lint::{Ctx, Findings};
use crate::release::Release;

/// What a release's statuses differ in from 27.0.1's (none for 27.0.1).
#[allow(clippy::type_complexity)]
fn release_facts(
    release: Release,
) -> Option<(&'static [(&'static str, Option<Status>)], &'static [(&'static str, &'static str, Option<Status>)])> {
    if release.is_latest() {
        return None;
    }
    RELEASES.iter().find(|(v, _, _)| *v == release.version()).map(|(_, t, p)| (*t, *p))
}

/// The status of a type under `release`, when not SUPPORTED there.
pub(super) fn type_status(release: Release, name: &str) -> Option<&'static Status> {
    if let Some((_, s)) = release_facts(release).and_then(|(types, _)| types.iter().find(|(n, _)| *n == name)) {
        return s.as_ref();
    }
    TYPES.binary_search_by(|(n, _)| n.cmp(&name)).ok().and_then(|i| TYPES.get(i)).map(|(_, s)| s)
}

/// The status of a property path of a type under `release`, when not SUPPORTED there.
pub(super) fn property_status(release: Release, type_name: &str, path: &str) -> Option<&'static Status> {
    let mine =
        release_facts(release).and_then(|(_, props)| props.iter().find(|(t, p, _)| *t == type_name && *p == path));
    if let Some((_, _, s)) = mine {
        return s.as_ref();
    }
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

/// After a finding under a release other than 27.0.1: which one it speaks of.
pub(super) fn chosen(cx: &Ctx<'_>) -> String {
    let release = cx.registry.release;
    if release.is_latest() {
        String::new()
    } else {
        format!(" (in openstack-heat {}, the chosen release)", release.version())
    }
}

/// Report every resource whose type (as written, or as the registry maps
/// it) has support status `status`, with a fix to the replacement type.
pub(super) fn report_types(cx: &Ctx<'_>, out: &mut Findings<'_>, status: &str) {
    for r in &cx.resources {
        let (Some(written), Some(node)) = (r.type_name, r.type_node) else { continue };
        let name = r.plugin().unwrap_or(written);
        // The chosen release's own status: a type 27.0.1 hides may be only
        // deprecated, or supported, by the cloud's Heat.
        let Some(s) = type_status(cx.registry.release, name).filter(|s| s.status == status) else { continue };
        let via = if name == written { String::new() } else { format!(" (`{written}` maps to it)") };
        let under = chosen(cx);
        out.report(node.span, format!("resources.{}.type", r.name), format!("{name}{via} is {}{under}", explain(s)));
        if let (Some(rep), true) = (s.replacement, name == written) {
            out.fix(format!("Use {rep}"), vec![(node.span.start as usize..node.span.end as usize, rep.to_string())]);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::tests::request;
    use crate::lint::{findings, Options};

    /// The messages of rule `id` on `template` under `release` (none: 27.0.1).
    fn messages(id: &str, template: &str, release: Option<&str>) -> Vec<String> {
        let mut req = request(template, &[]);
        req.inputs.heat_release = release.map(String::from);
        let ev = crate::engine::evaluate(&req);
        let options = Options { enable: vec![id.into()], disable: vec!["all".into()] };
        findings(&req, &ev, &options, None).into_iter().map(|f| f.diagnostic.message).collect()
    }

    #[test]
    fn the_findings_speak_of_the_chosen_release() {
        // Senlin: supported in 16.1.0, deprecated in 22.x, hidden from 23.0.0
        // (each release's own support status, from running its Heat).
        let t = "heat_template_version: 2021-04-16\nresources:\n  c:\n    type: OS::Senlin::Cluster\n    properties: {profile: p}\n";
        assert_eq!(
            messages("W3003", t, None),
            ["OS::Senlin::Cluster is deprecated and hidden since Heat 23.0.0: Senlin project was retired"]
        );
        assert!(messages("W3002", t, None).is_empty());
        assert!(messages("W3003", t, Some("22.0.1")).is_empty());
        assert_eq!(
            messages("W3002", t, Some("22.0.1")),
            ["OS::Senlin::Cluster is deprecated since Heat 22.0.0: Senlin project was marked inactive (in openstack-heat 22.0.1, the chosen release)"]
        );
        for id in ["W3002", "W3003"] {
            assert!(messages(id, t, Some("16.1.0")).is_empty(), "{id}");
        }
        // A property's status: 16.1.0's Sahara cluster hides `image`.
        let t = "heat_template_version: 2021-04-16\nresources:\n  c:\n    type: OS::Sahara::Cluster\n    properties: {plugin_name: vanilla, hadoop_version: '2.7.1', cluster_template_id: t, image: i, neutron_management_network: n}\n";
        let found = messages("W3005", t, Some("16.1.0"));
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(
            found[0].starts_with("`image` of OS::Sahara::Cluster is deprecated and hidden since Heat 6.0.0"),
            "{found:?}"
        );
        assert!(found[0].ends_with("(in openstack-heat 16.1.0, the chosen release)"), "{found:?}");
    }
}
