//! The validation stage (Heat's `Stack.validate` after the stack is built):
//! the plugins' implicit dependencies join the graph (strict validation),
//! then each resource is validated in Heat's topological order (its nested
//! stack too, as the parent validates it), then a dependency cycle, then the
//! outputs in their set order. As in Heat, identical definitions (equal
//! `render_hot()`, names aside) are validated once, the first in the
//! resources' set order.

use std::collections::HashSet;
use std::rc::Rc;

use super::outputs::Output;
use super::Failed;
use crate::engine::resources::{self, ResourceDefn};
use crate::engine::{nested, Parts, Run, StackInput};
use crate::eval::{self, EvalError};
use crate::pyhash::PySet;

/// The validation stage. What it finds beyond Heat's error (the constraints
/// and plugin checks a service would make) goes to the result.
pub(crate) fn validation(run: &mut Run, input: &StackInput<'_>, parts: &mut Parts) -> Result<(), Failed> {
    if run.mode.strict() {
        let deps = crate::plugins::dependencies::Deps {
            stack: &parts.stack,
            resources: parts.definitions.set_order.iter().filter_map(|&i| parts.definitions.defns.get(i)).collect(),
        };
        let mut skipped = Vec::new();
        if let Err(e) = crate::plugins::dependencies::add_implicit(&deps, &mut parts.graph.graph, &mut skipped) {
            run.stop(e)?;
        }
        run.ev.result.skipped_checks.extend(skipped);
    }
    let parts = &*parts;
    // A cycle is found only when the sort reaches it.
    let (order, cycle) = parts.graph.graph.toposort();
    // Heat stops at the first error (resources, then a cycle, then outputs in
    // set order); all of them are still checked for the diagnostics.
    let mut first = None;
    let defns = &parts.definitions.defns;
    let unique: HashSet<Rc<str>> =
        resources::unique_definition_names(parts.definitions.set_order.iter().filter_map(|&i| defns.get(i)))
            .into_iter()
            .collect();
    for name in &order {
        let Some(d) = defns.iter().find(|d| &*d.name == name.as_str()) else { continue };
        if !unique.contains(name.as_str()) {
            continue;
        }
        if run.mode.template_only() {
            // Template validate: `validate_template()`; a resource with an
            // `external_id` is skipped.
            if d.external_id.is_none() {
                let result =
                    d.validate_template(&parts.stack).and_then(|()| nested::provider_names(run, input, parts, d));
                if let Err(e) = result {
                    run.note(&mut first, e)?;
                }
            }
        } else {
            resource(run, input, parts, d, &mut first)?;
        }
    }
    if let Some(cycle) = cycle {
        run.note(&mut first, cycle)?;
    }
    let output_order = PySet::from_dict_keys(parts.stack.config.str_hash(), parts.outputs.known().map(|(n, _)| n));
    for name in output_order.iter() {
        if let Some((_, Output::Enabled { expr, .. })) = parts.outputs.known().find(|(n, _)| *n == name) {
            let path = ["outputs".to_string(), name.to_string(), "value".to_string()];
            if let Err(e) = eval::validate(&parts.stack, expr, &path) {
                run.note(&mut first, e)?;
            }
        }
    }
    run.end_stage(first)
}

/// One resource: its own validation, then its nested stack's checks.
fn resource(
    run: &mut Run,
    input: &StackInput<'_>,
    parts: &Parts,
    d: &ResourceDefn,
    first: &mut Option<EvalError>,
) -> Result<(), Failed> {
    let stack = &parts.stack;
    let (mut skipped, mut checks, mut unknown) = (Vec::new(), Vec::new(), Vec::new());
    // A plugin's own checks that come first, `Resource.validate`, the
    // nested stack, then a plugin's checks after it (`crate::plugins`).
    let mut result = d.plugin_checks_first(stack, &mut checks, &mut unknown);
    if result.is_ok() {
        result = d.validate(stack, run.mode.strict(), &mut skipped, &mut checks, &mut unknown);
    }
    if result.is_ok() {
        result = nested::checks(run, input, parts, d, &mut skipped, &mut checks, &mut unknown);
    }
    if result.is_ok() {
        result = d.plugin_checks_after_nested(stack, &mut checks, &mut unknown);
    }
    // What a display evaluation could not check for want of a value.
    for e in unknown {
        run.problem(e);
    }
    // Heat stops at the first failing resource: later ones record no skips.
    if first.is_none() {
        run.ev.result.skipped_properties.extend(skipped);
        run.ev.result.skipped_checks.extend(checks);
    }
    let Err(e) = result else { return Ok(()) };
    // Heat reports one property error per resource; the others of that
    // resource still get diagnostics.
    let more = if e.code == "property-error" { d.property_problems(stack) } else { Vec::new() };
    let reported = e.to_diagnostic();
    run.note(first, e)?;
    for p in more {
        let p = p.to_diagnostic();
        if p != reported && !run.ev.diagnostics.contains(&p) {
            run.diagnostic(p);
        }
    }
    Ok(())
}
