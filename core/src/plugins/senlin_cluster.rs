//! `OS::Senlin::Cluster` (`heat.engine.resources.openstack.senlin.cluster.Cluster.validate`,
//! Heat before 23.0.0: from 23.0.0 Senlin's types are hidden placeholders
//! that check nothing): `max_size` (-1: no limit) not below `min_size`, and
//! `desired_capacity` between them. Its `validate()` replaces the base
//! class's: Heat reads only these three properties, converted but not
//! checked against the schema (`plugins::checks_only`).

use super::{invalid, Ctx, Outcome};
use crate::eval::EvalError;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    // Read in Heat's order; a value that does not convert raises there.
    let (min, max, desired) = (ctx.get("min_size")?, ctx.get("max_size")?, ctx.get("desired_capacity")?);
    let (Some(min), Some(max), Some(desired)) = (min.as_int(), max.as_int(), desired.as_int()) else {
        // A value the evaluation does not have: the check says nothing.
        return Ok(Outcome::Valid);
    };
    if max != -1 && max < min {
        return Err(invalid("min_size can not be greater than max_size"));
    }
    if desired < min || (max != -1 && desired > max) {
        return Err(invalid("desired_capacity must be between min_size and max_size"));
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::template_error_in;

    /// Heat's error for a cluster with `props` under `release`, if any.
    fn error(props: &str, release: Option<&str>) -> Option<String> {
        template_error_in(
            &format!(
                "heat_template_version: 2021-04-16\nresources:\n  c:\n    type: OS::Senlin::Cluster\n    properties: {{profile: p, {props}}}\n"
            ),
            release,
        )
    }

    // Expected messages from the oracle (real Heat 16.1.0 and 22.0.1, full
    // mode). Heat's `Cluster.validate` does not call the base class's, so
    // Heat checks neither the property schema (an unknown key, a value out of
    // range, a missing `profile`) nor the custom constraints of a cluster (no
    // `senlin.profile` in `skipped_constraints`); a size that does not
    // convert raises when read.
    #[test]
    fn sizes_are_checked_before_senlin_retired() {
        for release in ["16.1.0", "22.0.1"] {
            assert_eq!(
                error("min_size: 3, max_size: 2", Some(release)).as_deref(),
                Some("min_size can not be greater than max_size")
            );
            assert_eq!(
                error("min_size: 1, desired_capacity: 5, max_size: 3", Some(release)).as_deref(),
                Some("desired_capacity must be between min_size and max_size")
            );
            assert_eq!(error("min_size: 1, desired_capacity: 5", Some(release)), None);
        }
        for release in ["16.1.0", "22.0.1"] {
            assert_eq!(error("bogus: 1, min_size: -1", Some(release)), None);
            assert_eq!(
                error("desired_capacity: abc, bogus: 1", Some(release)).as_deref(),
                Some("ValueError: resources.c: Value 'abc' is not an integer")
            );
            assert_eq!(
                error("min_size: '2', desired_capacity: 1", Some(release)).as_deref(),
                Some("desired_capacity must be between min_size and max_size")
            );
        }
        // 27.0.1: a hidden placeholder.
        assert_eq!(error("min_size: 3, max_size: 2", None), None);
    }
}
