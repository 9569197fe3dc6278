//! `OS::Barbican::Secret` (`heat.engine.resources.openstack.barbican.secret.Secret.validate`):
//! a payload's content type and encoding.

use super::{dependency, invalid, value_dependency, Ctx, Outcome};
use crate::eval::EvalError;
use crate::pyfmt::py_str;

const OCTET_STREAM: &str = "application/octet-stream";

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    let content_type = ctx.prop("payload_content_type");
    let encoding = ctx.prop("payload_content_encoding");
    if content_type.truthy() {
        let payload = ctx.prop("payload");
        if !payload.truthy() {
            return Err(dependency("payload_content_type", "payload"));
        }
        if content_type.as_str() == Some(OCTET_STREAM) {
            if !encoding.truthy() {
                return Err(invalid(format!(
                    "Property unspecified. For '{OCTET_STREAM}' value of 'payload_content_type' property, 'payload_content_encoding' property must be specified."
                )));
            }
            if !b64decodes(&py_str(payload)) {
                return Err(invalid(format!(
                    "Invalid payload for specified '{}' value of 'payload_content_encoding' property.",
                    py_str(encoding)
                )));
            }
        }
    }
    if encoding.truthy() && (!content_type.truthy() || content_type.as_str() == Some("text/plain")) {
        return Err(value_dependency("payload_content_encoding", "payload_content_type", OCTET_STREAM));
    }
    Ok(Outcome::Valid)
}

/// Whether Python's `base64.b64decode(text)` (not strict: characters outside
/// the alphabet are skipped) succeeds: ASCII only, and the data characters
/// before the padding that ends it fill whole quads.
fn b64decodes(text: &str) -> bool {
    if !text.is_ascii() {
        return false;
    }
    let mut quad_pos = 0u8;
    let mut pads = 0u8;
    for c in text.bytes() {
        if c == b'=' {
            if quad_pos >= 2 {
                pads += 1;
                if quad_pos + pads >= 4 {
                    return true;
                }
            }
            continue;
        }
        if !(c.is_ascii_alphanumeric() || c == b'+' || c == b'/') {
            continue;
        }
        pads = 0;
        quad_pos = (quad_pos + 1) % 4;
    }
    quad_pos == 0
}

#[cfg(test)]
mod tests {
    use super::b64decodes;
    use crate::testing::template_error;

    #[test]
    fn base64_as_python_decodes_it() {
        assert!(b64decodes("aGVsbG8="));
        assert!(b64decodes("aGVs bG8h"));
        assert!(b64decodes(""));
        assert!(b64decodes("aGVsbG8=garbage after the padding"));
        assert!(!b64decodes("aGVsbG8"));
        assert!(!b64decodes("a"));
        assert!(!b64decodes("aGVsbG8é"));
        assert!(b64decodes("ab=c="));
    }

    // Expected messages from the oracle (real Heat, full mode).
    fn secret(props: &str) -> Option<String> {
        template_error(&format!(
            "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Barbican::Secret\n    properties:\n{props}"
        ))
    }

    #[test]
    fn a_payload_and_its_encoding() {
        assert_eq!(
            secret("      payload: x\n      payload_content_type: application/octet-stream\n").as_deref(),
            Some("Property unspecified. For 'application/octet-stream' value of 'payload_content_type' property, 'payload_content_encoding' property must be specified.")
        );
        assert_eq!(
            secret("      payload: abc\n      payload_content_type: application/octet-stream\n      payload_content_encoding: base64\n").as_deref(),
            Some("Invalid payload for specified 'base64' value of 'payload_content_encoding' property.")
        );
        assert_eq!(
            secret("      payload: x\n      payload_content_encoding: base64\n").as_deref(),
            Some("payload_content_encoding property should only be specified for payload_content_type with value application/octet-stream.")
        );
    }
}
