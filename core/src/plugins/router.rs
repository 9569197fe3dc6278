//! `OS::Neutron::Router` (`heat.engine.resources.openstack.neutron.router.Router.validate`).
//! Its `NeutronResource.validate()` result (the `value_specs` check) is dropped.

use super::{conflict, invalid, list, Ctx, Outcome};
use crate::eval::EvalError;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    let distributed = ctx.prop("distributed").truthy();
    let agent = ctx.prop("l3_agent_id").truthy();
    let agents = list(ctx.prop("l3_agent_ids"));
    let ha = ctx.prop("ha").truthy();
    if agent && !agents.is_empty() {
        return Err(conflict(&["l3_agent_id", "l3_agent_ids"]));
    }
    if distributed && (agent || !agents.is_empty()) {
        return Err(conflict(&["distributed", "l3_agent_id/l3_agent_ids"]));
    }
    if ha && distributed {
        return Err(conflict(&["distributed", "ha"]));
    }
    if !ha && agents.len() > 1 {
        return Err(invalid("Non HA routers can only have one L3 agent."));
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::eval_result_error;

    // Expected messages from the oracle (real Heat, full mode).
    fn router(props: &str) -> String {
        eval_result_error(&format!("resources:\n  r:\n    type: OS::Neutron::Router\n    properties:\n{props}"), "x")
    }

    #[test]
    fn agents_distribution_and_ha() {
        assert_eq!(
            router("      distributed: true\n      l3_agent_ids: [a]\n"),
            "Cannot define the following properties at the same time: distributed, l3_agent_id/l3_agent_ids."
        );
        assert_eq!(
            router("      distributed: true\n      l3_agent_id: a\n"),
            "Cannot define the following properties at the same time: distributed, l3_agent_id/l3_agent_ids."
        );
        assert_eq!(
            router("      distributed: true\n      ha: true\n"),
            "Cannot define the following properties at the same time: distributed, ha."
        );
        assert_eq!(router("      l3_agent_ids: [a, b]\n"), "Non HA routers can only have one L3 agent.");
        // The deprecated l3_agent_id is added to l3_agent_ids (the items of a
        // translated list are not translated again), unless both are given.
        assert_eq!(
            router("      l3_agent_id: a\n      l3_agent_ids: [b]\n"),
            "Property error: resources.r.properties.l3_agent_ids[0]: Incorrect translation rule using - cannot resolve Add rule for non-list translation value \"l3_agent_ids.0\"."
        );
    }
}
