//! `OS::Barbican::GenericContainer`, `OS::Barbican::CertificateContainer`,
//! `OS::Barbican::RSAContainer`
//! (`heat.engine.resources.openstack.barbican.container.GenericContainer.validate`):
//! no secret may be referenced twice (`get_refs()` of each class).

use std::collections::HashSet;

use super::{get, invalid, list, Ctx, Outcome};
use crate::eval::EvalError;
use crate::pyfmt::py_repr;
use crate::value::Value;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    let refs: Vec<&Value> = if ctx.plugin == "OS::Barbican::GenericContainer" {
        list(ctx.prop("secrets")).iter().map(|s| get(s, "ref")).collect()
    } else {
        // Every property but the name that is set.
        ctx.props.iter().filter(|(k, v)| k.as_str() != Some("name") && !v.is_null()).map(|(_, v)| v).collect()
    };
    let distinct: HashSet<String> = refs.iter().map(|v| py_repr(v)).collect();
    if distinct.len() != refs.len() {
        return Err(invalid("Duplicate refs are not allowed."));
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::template_error;

    // Expected messages from the oracle (real Heat, full mode).
    #[test]
    fn a_secret_once() {
        let t = "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Barbican::GenericContainer\n    properties:\n      secrets: [{name: a, ref: s1}, {name: b, ref: s1}]\n";
        assert_eq!(template_error(t).as_deref(), Some("Duplicate refs are not allowed."));
        let t = "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Barbican::RSAContainer\n    properties:\n      private_key_ref: s1\n      public_key_ref: s1\n";
        assert_eq!(template_error(t).as_deref(), Some("Duplicate refs are not allowed."));
        let t = "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Barbican::RSAContainer\n    properties:\n      private_key_ref: s1\n      public_key_ref: s2\n";
        assert_eq!(template_error(t), None);
    }
}
