//! `NeutronResource.validate()` (`heat.engine.resources.openstack.neutron.neutron`),
//! for the types that keep it (`OS::Neutron::Net`, `OS::Neutron::Firewall`):
//! `value_specs` may not set a property of the schema, `shared` or
//! `tenant_id`. Heat returns the message and `Stack.validate` raises it.

use super::{invalid, Ctx, Outcome};
use crate::eval::EvalError;
use crate::pyhash::PySet;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    let Some(specs) = ctx.props.get_str("value_specs").and_then(|v| v.as_map()) else {
        return Ok(Outcome::Valid);
    };
    let mut banned: Vec<&str> = vec!["shared", "tenant_id"];
    banned.extend(ctx.props.iter().filter_map(|(k, _)| k.as_str()));
    let algo = ctx.stack.str_hash();
    let banned_set = PySet::from_sequence(algo, banned.iter().copied());
    let keys: Vec<&str> = specs.iter().filter_map(|(k, _)| k.as_str()).collect();
    let specs_set = PySet::from_dict_keys(algo, keys.iter().copied());
    // `set.intersection` walks the smaller set.
    let found: Vec<&str> = if keys.len() > banned.len() {
        banned_set.iter().filter(|k| keys.contains(k)).collect()
    } else {
        specs_set.iter().filter(|k| banned.contains(k)).collect()
    };
    if found.is_empty() {
        return Ok(Outcome::Valid);
    }
    let found = PySet::from_sequence(algo, found);
    let names: Vec<&str> = found.iter().collect();
    // The names in the set's order: the engine notes that it is not stable (`pyhash::set_order_notes`).
    Err(invalid(format!("{} not allowed in value_specs", names.join(", "))).with_code("value-specs-not-allowed"))
}

#[cfg(test)]
mod tests {
    use crate::testing::{eval_result_error, template_error};

    // Expected messages from the oracle (real Heat, full mode).
    #[test]
    fn value_specs_cannot_set_properties() {
        let t = "resources:\n  n:\n    type: OS::Neutron::Net\n    properties:\n      value_specs: {shared: true, tenant_id: x, name: y, foo: 1}\n";
        assert_eq!(eval_result_error(t, "x"), "shared, tenant_id, name not allowed in value_specs");
        let t = "heat_template_version: 2021-04-16\nresources:\n  n:\n    type: OS::Neutron::Net\n    properties:\n      value_specs: {foo: 1}\n";
        assert_eq!(template_error(t), None);
        let t = "resources:\n  n:\n    type: OS::Neutron::Net\n    properties:\n      value_specs: {name: 1, admin_state_up: 2, port_security_enabled: 3, dns_domain: 4, qos_policy: 5, tags: 6, value_specs: 7}\n";
        assert_eq!(
            eval_result_error(t, "x"),
            "name, admin_state_up, qos_policy, value_specs, dns_domain, port_security_enabled, tags not allowed in value_specs"
        );
        let t = "resources:\n  n:\n    type: OS::Neutron::Firewall\n    properties:\n      firewall_policy_id: p\n      value_specs: {tenant_id: 1, shared: 2, firewall_policy_id: 3}\n";
        assert_eq!(eval_result_error(t, "x"), "shared, firewall_policy_id, tenant_id not allowed in value_specs");
    }

    #[test]
    fn a_printed_set_of_names_gets_a_note_that_its_order_is_not_stable() {
        let ev = |specs: &str, release: Option<&str>| {
            let mut req = crate::model::Request::new(format!(
                "heat_template_version: 2021-04-16\nresources:\n  n:\n    type: OS::Neutron::Net\n    properties:\n      value_specs: {specs}\n"
            ));
            req.inputs.heat_release = release.map(String::from);
            crate::engine::evaluate(&req)
        };
        let notes = |e: &crate::model::result::Evaluation| -> Vec<String> {
            e.diagnostics
                .iter()
                .filter(|d| d.code == crate::pyhash::SET_ORDER_CODE)
                .map(|d| d.message.clone())
                .collect()
        };
        let two = ev("{shared: true, name: y}", None);
        assert_eq!(
            two.result.error.as_ref().map(|e| e.message.as_str()),
            Some("shared, name not allowed in value_specs")
        );
        let n = notes(&two);
        assert_eq!(n.len(), 1, "{n:?}");
        assert!(n[0].contains("PYTHONHASHSEED=0 (Python 3.11's") && n[0].contains("can differ"), "{}", n[0]);
        assert!(notes(&ev("{shared: true, name: y}", Some("16.1.0")))[0].contains("Python 3.8's"));
        // One name: no order to speak of.
        assert!(notes(&ev("{shared: true}", None)).is_empty());
    }
}
