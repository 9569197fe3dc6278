//! `OS::Nova::KeyPair` (`heat.engine.resources.openstack.nova.keypair.KeyPair.validate`):
//! a key type, a user or no public key is checked against nova's microversion.

use super::{Ctx, Outcome};
use crate::eval::EvalError;
use crate::release::Change;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    let no_key = !ctx.prop("public_key").truthy() && ctx.has(Change::KeyPairPublicKeyCheck);
    if ctx.prop("type").truthy() || ctx.prop("user").truthy() || no_key {
        return Ok(Outcome::NeedsService("nova"));
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::template_skips;

    // Expected results from the oracle (real Heat, full mode).
    #[test]
    fn microversions_come_from_nova() {
        let t = |props: &str| {
            template_skips(&format!(
                "heat_template_version: 2021-04-16\nresources:\n  k:\n    type: OS::Nova::KeyPair\n    properties:\n      name: k\n{props}"
            ))
        };
        assert_eq!(t(""), ["k KeyPair.validate nova"]);
        assert!(t("      public_key: ssh-rsa AAAA\n").is_empty());
    }
}
