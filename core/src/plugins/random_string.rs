//! `OS::Heat::RandomString`
//! (`heat.engine.resources.openstack.heat.random_string.RandomString.validate`).

use super::{get, invalid, list, Ctx, Outcome};
use crate::eval::EvalError;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    let minimum =
        |key: &str| -> i128 { list(ctx.prop(key)).iter().map(|d| get(d, "min").as_int().map_or(0, i128::from)).sum() };
    let min_length = minimum("character_sequences") + minimum("character_classes");
    let length = ctx.prop("length").as_int().map_or(0, i128::from);
    if min_length > length {
        return Err(invalid(
            "Length property cannot be smaller than combined character class and character sequence minimums",
        ));
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::{eval_result_error, template_error};

    // Expected results from the oracle (real Heat, full mode).
    #[test]
    fn minimums_fit_the_length() {
        let t = "resources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      length: 4\n      character_classes: [{class: digits, min: 3}]\n      character_sequences: [{sequence: '!', min: 2}]\n";
        assert_eq!(
            eval_result_error(t, "x"),
            "Length property cannot be smaller than combined character class and character sequence minimums"
        );
        // The default class asks for one character.
        let t = "heat_template_version: 2021-04-16\nresources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      length: 1\n";
        assert_eq!(template_error(t), None);
    }
}
