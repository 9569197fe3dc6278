//! W3001: `value_specs` keys that override properties (Heat does not check them on these types).

use crate::model::diag::Severity;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W3001",
        name: "value-specs-override",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "a value_specs key that silently overrides a property (ports, subnets, routers, floating IPs)",
    text: r#"
`value_specs` passes extra keys to Neutron as they are. Heat refuses keys
that are properties of the resource (or `shared`, `tenant_id`) on a network,
but on `OS::Neutron::Port`, `Subnet`, `Router` and `FloatingIP` Heat 27 drops
the result of that check: the key is merged over the property and sent to
Neutron. `value_specs: {name: x}` renames the port whatever `name` says, and
`value_specs: {admin_state_up: false}` turns it off behind the property's back.
Set the property instead.
"#,
    bad: "heat_template_version: 2018-08-31\nresources:\n  port:\n    type: OS::Neutron::Port\n    properties:\n      network: private\n      name: web-port\n      value_specs:\n        name: db-port\n        binding:profile: {capabilities: [switchdev]}\n",
    good: "heat_template_version: 2018-08-31\nresources:\n  port:\n    type: OS::Neutron::Port\n    properties:\n      network: private\n      name: web-port\n      value_specs:\n        binding:profile: {capabilities: [switchdev]}\n",
    files: &[],
};

/// The types whose `validate()` drops `NeutronResource.validate()`'s answer.
const UNCHECKED: &[&str] = &["OS::Neutron::Port", "OS::Neutron::Subnet", "OS::Neutron::Router", "OS::Neutron::FloatingIP"];

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    for r in &cx.resources {
        let Some(plugin) = r.plugin().filter(|p| UNCHECKED.contains(p)) else { continue };
        let Some(specs) = r.prop("value_specs").and_then(|v| v.as_map()) else { continue };
        let schema = r.info.as_ref().map_or(&[][..], |i| i.schema);
        for (k, _) in specs {
            let Some(key) = k.as_str() else { continue };
            let message = if schema.iter().any(|s| s.name == key) {
                format!("`{key}` is a property of {plugin}: this value replaces it, unchecked")
            } else if matches!(key, "shared" | "tenant_id") {
                format!("`{key}` may not be set through value_specs (Heat refuses it on networks, not on {plugin})")
            } else {
                continue;
            };
            out.report(k.span, format!("resources.{}.properties.value_specs", r.name), message);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::tests::run;

    #[test]
    fn properties_and_banned_keys_on_unchecked_types() {
        let t = "heat_template_version: 2018-08-31\nresources:\n  s:\n    type: OS::Neutron::Subnet\n    properties:\n      network: n\n      cidr: 10.0.0.0/24\n      value_specs: {gateway_ip: 10.0.0.9, tenant_id: t, foo: 1}\n";
        let found = run("W3001", t, &[]);
        let texts: Vec<&str> = found.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(texts, ["gateway_ip", "tenant_id"]);
    }
}
