//! `OS::Vitrage::Template` (`heat.engine.resources.openstack.vitrage.vitrage_template.VitrageTemplate.validate`,
//! Heat before 27.0.0, where the type is Vitrage's own): Vitrage validates
//! the template file.

use super::{Ctx, Outcome};
use crate::eval::EvalError;

pub(super) fn validate(_ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    Ok(Outcome::NeedsService("vitrage"))
}
