//! `OS::Mistral::Workflow` (`heat.engine.resources.openstack.mistral.workflow.Workflow.validate`):
//! a reverse workflow names its task, and each task runs a workflow or an
//! action with its options.

use super::{conflict, dependency, get, invalid, list, unspecified, Ctx, Outcome};
use crate::eval::EvalError;
use crate::model::diag::PathItem;
use crate::pyfmt::py_str;

pub(super) fn validate(ctx: &Ctx<'_>) -> Result<Outcome, EvalError> {
    // Its own path, without the `resources` section.
    let error = |path: &[&str], message: String| {
        let mut full = vec![ctx.name.to_string(), ctx.stack.version().key("properties").to_string()];
        full.extend(path.iter().map(|s| (*s).to_string()));
        EvalError::svf_items(
            "Mistral resource validation error",
            full.into_iter().map(PathItem::Key).collect(),
            message,
        )
        .with_code("plugin-check")
    };
    let kind = ctx.prop("type");
    if kind.as_str() == Some("reverse") && !get(ctx.prop("params"), "task_name").truthy() {
        return Err(error(
            &["params"],
            "'task_name' is not assigned in 'params' in case of reverse type workflow.".to_string(),
        ));
    }
    for task in list(ctx.prop("tasks")) {
        let (workflow, action) = (get(task, "workflow").truthy(), get(task, "action").truthy());
        if workflow && action {
            return Err(conflict(&["workflow", "action"]));
        }
        if !workflow && !action {
            return Err(unspecified(&["workflow", "action"]));
        }
        if !get(task, "requires").is_null() && kind.as_str() == Some("direct") {
            let name = py_str(get(task, "name"));
            return Err(error(
                &["tasks", &name, "requires"],
                format!(
                    "task {name} contains property 'requires' in case of direct workflow. Only reverse workflows can contain property 'requires'."
                ),
            ));
        }
        if let Some(policies) = get(task, "policies").as_map() {
            for item in policies.keys() {
                if !get(task, &py_str(item)).is_null() {
                    return Err(invalid(format!(
                        "Property policies and {} cannot be used both at one time.",
                        py_str(item)
                    )));
                }
            }
        }
        if get(task, "with_items").is_null() && !get(task, "concurrency").is_null() {
            return Err(dependency("concurrency", "with_items"));
        }
    }
    Ok(Outcome::Valid)
}

#[cfg(test)]
mod tests {
    use crate::testing::template_error;

    // Expected messages from the oracle (real Heat, full mode).
    fn workflow(props: &str) -> Option<String> {
        template_error(&format!(
            "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: OS::Mistral::Workflow\n    properties:\n{props}"
        ))
    }

    #[test]
    fn tasks_and_their_options() {
        assert_eq!(
            workflow("      type: reverse\n      tasks: [{name: t, action: std.noop}]\n").as_deref(),
            Some("Mistral resource validation error: r.properties.params: 'task_name' is not assigned in 'params' in case of reverse type workflow.")
        );
        assert_eq!(
            workflow("      type: direct\n      tasks: [{name: t}]\n").as_deref(),
            Some("At least one of the following properties must be specified: workflow, action.")
        );
        assert_eq!(
            workflow("      type: direct\n      tasks: [{name: t, action: std.noop, concurrency: 2}]\n").as_deref(),
            Some("concurrency cannot be specified without with_items.")
        );
    }
}
