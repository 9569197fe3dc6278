//! Sahara's cluster and templates (`heat.engine.resources.openstack.sahara`,
//! Heat before 23.0.0, where Sahara's types are its own; from 23.0.0 they
//! are hidden placeholders that check nothing): each `validate()` asks the
//! cloud — the catalog whether it runs neutron (`is_using_neutron`), Sahara
//! whether the plugin has the Hadoop version (`validate_hadoop_version`).

use super::{Ctx, Outcome};
use crate::eval::EvalError;

/// `SaharaCluster.validate`: Sahara's plugin versions.
pub(super) fn cluster(_ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    Ok(Outcome::NeedsService("sahara"))
}

/// `SaharaClusterTemplate.validate`: the catalog first (`neutron_management_network`
/// is required with neutron).
pub(super) fn cluster_template(_ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    Ok(Outcome::NeedsService("neutron"))
}

/// `SaharaNodeGroupTemplate.validate`: a `floating_ip_pool` is looked up
/// (the catalog first), else Sahara's plugin versions.
pub(super) fn node_group_template(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    Ok(Outcome::NeedsService(if ctx.prop("floating_ip_pool").truthy() { "neutron" } else { "sahara" }))
}
