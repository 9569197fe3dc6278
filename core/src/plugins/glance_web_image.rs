//! `OS::Glance::WebImage` (`heat.engine.resources.openstack.glance.image.GlanceWebImage.validate`):
//! matching formats for Amazon images, members only for a shared image.

use super::{invalid, value_dependency, Ctx, Outcome};
use crate::eval::EvalError;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    let container = ctx.prop("container_format");
    if matches!(container.as_str(), Some("ami" | "ari" | "aki")) && !ctx.prop("disk_format").py_eq(container) {
        return Err(invalid(
            "Invalid mix of disk and container formats. When setting a disk or container format to one of 'aki', 'ari', or 'ami', the container and disk formats must match.",
        ));
    }
    if ctx.prop("members").truthy() && ctx.prop("visibility").as_str() != Some("shared") {
        return Err(value_dependency("members", "visibility", "shared"));
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::template_error;

    // Expected messages from the oracle (real Heat, full mode).
    fn image(props: &str) -> Option<String> {
        template_error(&format!(
            "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Glance::WebImage\n    properties:\n      location: http://example.com/i.img\n{props}"
        ))
    }

    #[test]
    fn formats_and_members() {
        assert_eq!(
            image("      container_format: ami\n      disk_format: qcow2\n").as_deref(),
            Some("Invalid mix of disk and container formats. When setting a disk or container format to one of 'aki', 'ari', or 'ami', the container and disk formats must match.")
        );
        assert_eq!(
            image("      container_format: bare\n      disk_format: qcow2\n      members: [p]\n").as_deref(),
            Some("members property should only be specified for visibility with value shared.")
        );
    }
}
