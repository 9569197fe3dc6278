//! W3005: a deprecated or hidden property.

use super::support::{chosen, explain, property_status};
use crate::model::diag::Severity;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W3005",
        name: "deprecated-property",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "a property Heat has deprecated or hidden",
    text: r#"
Properties go the way types do: deprecated, then hidden (support status from
Heat's catalogue). A hidden property such as a port's `network_id` is still
translated to its replacement (`network`), some are ignored
(`OS::Heat::DeployedServer`'s `metadata`), and the next release may drop
them. The fix renames the property when Heat names its replacement and the
replacement is not set already.
"#,
    bad: "heat_template_version: 2018-08-31\nresources:\n  port:\n    type: OS::Neutron::Port\n    properties:\n      network_id: private\n",
    good: "heat_template_version: 2018-08-31\nresources:\n  port:\n    type: OS::Neutron::Port\n    properties:\n      network: private\n",
    files: &[],
};

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    let found = cx.plugin_properties(|plugin, v| {
        let key = v.key?;
        property_status(cx.registry.release, plugin, &v.path).map(|s| (key, v.breadcrumb.clone(), v.path.clone(), s))
    });
    for (r, plugin, found) in found {
        for (key, path, name, s) in found {
            out.report(key.span, path, format!("`{name}` of {plugin} is {}{}", explain(s), chosen(cx)));
            let taken = |rep: &str| r.prop(rep).is_some();
            // Renamed only where Heat's message itself names the replacement (an older
            // status's, `sequence` → `character_classes`, is no rename).
            if let Some(rep) = s.replacement.filter(|rep| !name.contains('.') && !taken(rep) && s.message.contains(rep)) {
                out.fix(format!("Use `{rep}`"), vec![(key.span.start as usize..key.span.end as usize, rep.to_string())]);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::tests::{fixed, run};

    #[test]
    fn nested_paths_and_renames() {
        let t = "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      network: n\n      fixed_ips: [{subnet_id: s}]\n";
        let found = run("W3005", t, &[]);
        assert_eq!(found.len(), 1);
        assert!(found[0].0.starts_with("`fixed_ips.*.subnet_id` of OS::Neutron::Port is deprecated and hidden since Heat 5.0.0"), "{found:?}");
        let t = "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      network_id: n\n";
        assert_eq!(fixed("W3005", t), t.replace("network_id", "network"));
        assert_eq!(run("W3005", t, &[])[0].0, "`network_id` of OS::Neutron::Port is deprecated and hidden since Heat 5.0.0 — use `network`");
        // The replacement an older status names (router_id: HIDDEN without a message,
        // DEPRECATED "Use property router."); no rename where the new property differs in kind.
        let t = "heat_template_version: 2018-08-31\nresources:\n  i:\n    type: OS::Neutron::RouterInterface\n    properties:\n      router_id: r\n      subnet: s\n";
        assert_eq!(run("W3005", t, &[])[0].0, "`router_id` of OS::Neutron::RouterInterface is deprecated and hidden since Heat 6.0.0 — use `router`");
        let t = "heat_template_version: 2018-08-31\nresources:\n  s:\n    type: OS::Heat::RandomString\n    properties:\n      sequence: lettersdigits\n";
        let found = crate::lint::tests::run_findings("W3005", t, &[]);
        assert!(found.len() == 1 && found[0].0.fixes.is_empty(), "{found:?}");
    }
}
