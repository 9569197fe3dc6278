//! `OS::Blazar::Lease` (`heat.engine.resources.openstack.blazar.lease.Lease.validate`):
//! it asks blazar whether any host exists.

use super::{Ctx, Outcome};
use crate::eval::EvalError;

pub(super) fn validate(_ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    Ok(Outcome::NeedsService("blazar"))
}
