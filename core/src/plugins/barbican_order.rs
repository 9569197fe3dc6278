//! `OS::Barbican::Order` (`heat.engine.resources.openstack.barbican.order.Order.validate`):
//! what each type of order needs and allows.

use super::{dependency, invalid, Ctx, Outcome};
use crate::eval::EvalError;
use crate::pyfmt::py_str;

/// `ALLOWED_PROPERTIES_FOR_TYPE`, each list sorted.
const ALLOWED: &[(&str, &[&str])] = &[
    ("key", &["algorithm", "bit_length", "expiration", "mode", "name", "payload_content_type"]),
    ("asymmetric", &["algorithm", "bit_length", "expiration", "mode", "name", "pass_phrase", "payload_content_type"]),
    (
        "certificate",
        &["ca_id", "name", "profile", "request_data", "request_type", "source_container_ref", "subject_dn"],
    ),
];

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    let kind = ctx.prop("type");
    let kind_text = py_str(kind);
    if kind.as_str() != Some("certificate") {
        if ctx.prop("algorithm").is_null() || ctx.prop("bit_length").is_null() {
            return Err(invalid(format!(
                "Properties algorithm and bit_length are required for {kind_text} type of order."
            )));
        }
    } else if ctx.prop("profile").truthy() && !ctx.prop("ca_id").truthy() {
        return Err(dependency("profile", "ca_id"));
    }
    // An unknown type is refused by the schema before this.
    let Some((_, allowed)) = ALLOWED.iter().find(|(t, _)| Some(*t) == kind.as_str()) else {
        return Ok(Outcome::Valid);
    };
    let mut unexpected: Vec<&str> = ctx
        .props
        .iter()
        .filter(|(k, v)| k.as_str() != Some("type") && !v.is_null())
        .filter_map(|(k, _)| k.as_str())
        .filter(|k| !allowed.contains(k))
        .collect();
    crate::sort::sort(&mut unexpected);
    if !unexpected.is_empty() {
        return Err(invalid(format!(
            "Unexpected properties: {}. Only these properties are allowed for {kind_text} type of order: {}.",
            unexpected.join(", "),
            allowed.join(", ")
        )));
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::template_error;

    // Expected messages from the oracle (real Heat, full mode).
    fn order(props: &str) -> Option<String> {
        template_error(&format!(
            "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Barbican::Order\n    properties:\n{props}"
        ))
    }

    #[test]
    fn what_each_type_needs_and_allows() {
        assert_eq!(
            order("      type: key\n      algorithm: aes\n").as_deref(),
            Some("Properties algorithm and bit_length are required for key type of order.")
        );
        assert_eq!(
            order("      type: certificate\n      algorithm: rsa\n").as_deref(),
            Some("Unexpected properties: algorithm. Only these properties are allowed for certificate type of order: ca_id, name, profile, request_data, request_type, source_container_ref, subject_dn.")
        );
        assert_eq!(order("      type: key\n      algorithm: aes\n      bit_length: 256\n"), None);
    }
}
