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
use super::{Found, Report, Staged, Treatment};
use crate::engine::resources::{self, ResourceDefn};
use crate::engine::{Parts, StackInput};
use crate::eval::{self, EvalError};
use crate::model::result::{SkippedCheck, SkippedProperty};
use crate::pyhash::PySet;

/// What a resource's nested-stack checks write besides their error.
pub(crate) struct Records<'f> {
    /// Properties Heat would check with a service.
    pub(crate) skipped: &'f mut Vec<SkippedProperty>,
    /// Plugin checks Heat would make with a service.
    pub(crate) checks: &'f mut Vec<SkippedCheck>,
    /// What could not be checked for want of a value.
    pub(crate) unknown: &'f mut Vec<EvalError>,
    /// A note on the way.
    pub(crate) report: &'f mut Vec<Report>,
}

/// What the validation asks of the driver: a nested stack is a stack of its
/// own, evaluated in a run that shares the caches (`engine/nested`).
pub(crate) trait NestedChecks {
    /// A resource's nested-stack checks after its own validation
    /// (`nested::checks`).
    fn checks(
        &mut self,
        input: &StackInput<'_>,
        parts: &Parts,
        d: &ResourceDefn,
        records: Records<'_>,
    ) -> Result<(), EvalError>;

    /// A provider's property names against its template's parameters
    /// (template validate, `nested::provider_names`).
    fn provider_names(
        &mut self,
        input: &StackInput<'_>,
        parts: &Parts,
        d: &ResourceDefn,
        report: &mut Vec<Report>,
    ) -> Result<(), EvalError>;
}

/// The validation stage. What it finds beyond Heat's error (the constraints
/// and plugin checks a service would make) is in its report. It stops at an
/// error that ends the evaluation in every mode (the budget run out), and at
/// a stop unless the treatment goes on past errors.
pub(crate) fn validation(
    input: &StackInput<'_>,
    parts: &mut Parts,
    treatment: Treatment,
    nest: &mut dyn NestedChecks,
) -> Staged<()> {
    let mut out = Staged::new(());
    if treatment.strict {
        let deps = crate::plugins::dependencies::Deps {
            stack: &parts.stack,
            resources: parts.definitions.set_order.iter().filter_map(|&i| parts.definitions.defns.get(i)).collect(),
        };
        let mut skipped = Vec::new();
        if let Err(e) = crate::plugins::dependencies::add_implicit(&deps, &mut parts.graph.graph, &mut skipped) {
            out.stop(e);
            if !treatment.display {
                return out;
            }
        }
        out.found(Found::SkippedChecks(skipped));
    }
    let parts = &*parts;
    // A cycle is found only when the sort reaches it.
    let (order, cycle) = parts.graph.graph.toposort();
    // Heat stops at the first error (resources, then a cycle, then outputs in
    // set order); all of them are still checked for the diagnostics.
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
        let ends = if treatment.template_only {
            // Template validate: `validate_template()`; a resource with an
            // `external_id` is skipped.
            if d.external_id.is_none() {
                let result = d
                    .validate_template(&parts.stack)
                    .and_then(|()| nest.provider_names(input, parts, d, &mut out.report));
                match result {
                    Err(e) => note(&mut out, e),
                    Ok(()) => false,
                }
            } else {
                false
            }
        } else {
            resource(input, parts, d, treatment, nest, &mut out)
        };
        if ends {
            return out;
        }
    }
    if let Some(cycle) = cycle {
        if note(&mut out, cycle) {
            return out;
        }
    }
    let output_order = PySet::from_dict_keys(parts.stack.str_hash(), parts.outputs.known().map(|(n, _)| n));
    for name in output_order.iter() {
        if let Some((_, Output::Enabled { expr, .. })) = parts.outputs.known().find(|(n, _)| *n == name) {
            let path = ["outputs".to_string(), name.to_string(), "value".to_string()];
            if let Err(e) = eval::validate(&parts.stack, expr, &path) {
                if note(&mut out, e) {
                    return out;
                }
            }
        }
    }
    out
}

/// A piece's error; whether it ends the evaluation in every mode (the
/// budget run out: going on would only spend more).
fn note<T>(out: &mut Staged<T>, e: EvalError) -> bool {
    let ends = e.code == "budget-exceeded";
    out.note(e);
    ends
}

/// One resource: its own validation, then its nested stack's checks.
/// Whether its error ends the evaluation ([`note`]).
fn resource(
    input: &StackInput<'_>,
    parts: &Parts,
    d: &ResourceDefn,
    treatment: Treatment,
    nest: &mut dyn NestedChecks,
    out: &mut Staged<()>,
) -> bool {
    let stack = &parts.stack;
    let (mut skipped, mut checks, mut unknown) = (Vec::new(), Vec::new(), Vec::new());
    // A plugin's own checks that come first, `Resource.validate`, the
    // nested stack, then a plugin's checks after it (`crate::plugins`).
    let mut result = d.plugin_checks_first(stack, &mut checks, &mut unknown);
    if result.is_ok() {
        result = d.validate(stack, treatment.strict, &mut skipped, &mut checks, &mut unknown);
    }
    if result.is_ok() {
        let report = &mut out.report;
        let records = Records { skipped: &mut skipped, checks: &mut checks, unknown: &mut unknown, report };
        result = nest.checks(input, parts, d, records);
    }
    if result.is_ok() {
        result = d.plugin_checks_after_nested(stack, &mut checks, &mut unknown);
    }
    // What a display evaluation could not check for want of a value.
    for e in unknown {
        out.report.push(Report::Problem(e));
    }
    // Heat stops at the first failing resource: later ones record no skips.
    out.report.push(Report::UntilError(Found::SkippedProperties(skipped)));
    out.report.push(Report::UntilError(Found::SkippedChecks(checks)));
    let Err(e) = result else { return false };
    // Heat reports one property error per resource; the others of that
    // resource still get diagnostics.
    let more = if e.code == "property-error" { d.property_problems(stack) } else { Vec::new() };
    let reported = e.to_diagnostic();
    if note(out, e) {
        return true;
    }
    for p in more {
        let p = p.to_diagnostic();
        if p != reported {
            out.report.push(Report::DiagnosticOnce(p));
        }
    }
    false
}
