//! `OS::Cinder::Quota`, `OS::Neutron::Quota`, `OS::Nova::Quota`,
//! `OS::Octavia::Quota` (`CinderQuota.validate`, … in
//! `heat.engine.resources.openstack.*.quota`): a quota besides the project.

use super::{unspecified, Ctx, Outcome};
use crate::eval::EvalError;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    if ctx.props.values().filter(|v| !v.is_null()).count() > 1 {
        return Ok(Outcome::Valid);
    }
    let names: Vec<&str> = if ctx.plugin == "OS::Cinder::Quota" {
        // Cinder names them in its own order.
        vec!["gigabytes", "snapshots", "volumes", "backups", "backup_gigabytes"]
    } else {
        let mut names: Vec<&str> = ctx.props.keys().filter_map(|k| k.as_str()).filter(|k| *k != "project").collect();
        crate::sort::sort(&mut names);
        names
    };
    Err(unspecified(&names))
}

#[cfg(test)]
mod tests {
    use crate::testing::template_error;

    // Expected messages from the oracle (real Heat, full mode).
    fn quota(kind: &str, props: &str) -> Option<String> {
        template_error(&format!(
            "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::{kind}::Quota\n    properties:\n      project: p\n{props}"
        ))
    }

    #[test]
    fn a_quota_besides_the_project() {
        assert_eq!(
            quota("Cinder", "").as_deref(),
            Some("At least one of the following properties must be specified: gigabytes, snapshots, volumes, backups, backup_gigabytes.")
        );
        assert_eq!(
            quota("Octavia", "").as_deref(),
            Some("At least one of the following properties must be specified: healthmonitor, listener, loadbalancer, member, pool.")
        );
        assert_eq!(quota("Neutron", "      port: 5\n"), None);
    }
}
