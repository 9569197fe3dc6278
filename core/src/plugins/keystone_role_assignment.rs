//! `OS::Keystone::User`, `OS::Keystone::Group`, `OS::Keystone::UserRoleAssignment`,
//! `OS::Keystone::GroupRoleAssignment`
//! (`heat.engine.resources.openstack.keystone.role_assignments.KeystoneRoleAssignmentMixin.validate_assignment_properties`):
//! each role is given on a project or on a domain.

use super::{conflict, get, invalid, list, Ctx, Outcome};
use crate::eval::EvalError;
use crate::pyfmt::py_str;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    for assignment in list(ctx.prop("roles")) {
        let (project, domain) = (get(assignment, "project"), get(assignment, "domain"));
        if !project.is_null() && !domain.is_null() {
            return Err(conflict(&["project", "domain"]));
        }
        if project.is_null() && domain.is_null() {
            return Err(invalid(format!(
                "Either project or domain must be specified for role {}",
                py_str(get(assignment, "role"))
            )));
        }
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::template_error;

    // Expected messages from the oracle (real Heat, full mode).
    fn user(roles: &str) -> Option<String> {
        template_error(&format!(
            "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Keystone::UserRoleAssignment\n    properties:\n      user: u\n      roles: {roles}\n"
        ))
    }

    #[test]
    fn a_project_or_a_domain() {
        assert_eq!(
            user("[{role: admin, project: p, domain: d}]").as_deref(),
            Some("Cannot define the following properties at the same time: project, domain.")
        );
        assert_eq!(
            user("[{role: admin}]").as_deref(),
            Some("Either project or domain must be specified for role admin")
        );
        assert_eq!(user("[{role: admin, domain: d}]"), None);
    }
}
