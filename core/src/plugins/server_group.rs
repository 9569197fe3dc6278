//! `OS::Nova::ServerGroup` (`heat.engine.resources.openstack.nova.server_group.ServerGroup.validate`):
//! it first asks nova which microversions it supports.

use super::{Ctx, Outcome};
use crate::eval::EvalError;

pub(super) fn validate(_ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    Ok(Outcome::NeedsService("nova"))
}
