//! `OS::Cinder::VolumeType`
//! (`heat.engine.resources.openstack.cinder.volume_type.CinderVolumeType.validate`).

use super::{invalid, Ctx, Outcome};
use crate::eval::EvalError;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    if ctx.prop("projects").truthy() && ctx.prop("is_public").truthy() {
        return Err(invalid("Can not specify property \"projects\" if the volume type is public."));
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::eval_result_error;

    // Expected message from the oracle (real Heat, full mode).
    #[test]
    fn projects_only_for_private_types() {
        let t =
            "resources:\n  t:\n    type: OS::Cinder::VolumeType\n    properties:\n      name: t\n      projects: [p]\n";
        assert_eq!(eval_result_error(t, "x"), "Can not specify property \"projects\" if the volume type is public.");
    }
}
