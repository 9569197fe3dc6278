//! Update plans: what `openstack stack update` would add, delete, replace or
//! change in place, and why — before anyone runs it.
//!
//! [`plan`] answers an update request ([`PlanRequest`]: the oracle's preview
//! request, Heat's `PUT|PATCH …/preview` body plus `x-current`, the create
//! request of the stack as it is) exactly as Heat's
//! `EngineService.preview_update_stack` with `show_nested` does (the canonical
//! result, [`Plan::to_json`], is the oracle's preview format), and past it,
//! for every resource: which change forces a replacement and by what rule,
//! the changed properties and definition fields (before → after, as the
//! core renderer writes values, deploy-time values marked), the
//! `restricted_actions` the real update would refuse (Heat's preview ignores
//! them), and what data is at risk (replaced or deleted resources and their
//! `deletion_policy`).
//!
//! How (see `heat_oracle.py`, "Update preview", and
//! `../shared/spec/heat-semantics.md` §11):
//! 1. the current request is evaluated as a create; a stack (or nested
//!    stack) with an error could not exist: `CurrentStackFailed`;
//! 2. it is evaluated again with every resource created ([`record`]): each
//!    stack's frozen definitions are recorded;
//! 3. the new stack's request is made from the update (PUT, or PATCH over
//!    the stored template, files and environment: [`request`]), evaluated
//!    with the existing resources created, and recorded the same way; its
//!    error (validation of the new stack, `ImmutableParameterModified`) is
//!    the preview's;
//! 4. [`compare`] runs `StackUpdate.preview` per stack with each plugin
//!    class's hooks ([`rules`], data generated from Heat's classes).

mod compare;
mod data;
#[cfg(test)]
mod deploy_time_tests;
mod output;
mod record;
mod request;
mod rules;

use std::rc::Rc;

use crate::engine;
use crate::model::diag::{Diagnostic, HeatError, PathItem};
use crate::model::plan::{Action, Change, Place, Plan, Reason, ResourcePlan, StackPlan};
use crate::model::rendered::{Format, Rendered};
use crate::model::result::{DeployTime, Evaluation, HeatResult};
use crate::render::ResultView;
use crate::source::{LineIndex, Span};

pub use crate::model::plan::PlanRequest;

impl Plan {
    /// Heat's error `e`, located in `ev`'s sources.
    fn failed(e: HeatError, ev: &Evaluation) -> Plan {
        let error_place = e.diagnostic.span.and_then(|span| Side::new(ev).place(span));
        Plan { error: Some(e), error_place, stack: StackPlan::default() }
    }
}

fn heat_error(kind: &str, message: String, path: Vec<PathItem>, diagnostic: Diagnostic) -> HeatError {
    HeatError { kind: kind.into(), message, path, diagnostic }
}

/// Plan an update: Heat's preview and its reasons. Values are written in
/// `format` (see [`Format`]).
pub fn plan(req: &PlanRequest, format: Format) -> Plan {
    // The preview's Heat settings first.
    let hash = match engine::heat_config::HeatConfig::of_request(
        &req.inputs.heat_config,
        req.inputs.heat_release.as_deref(),
    ) {
        Ok((_, release)) => release.info().python.hash(),
        Err(m) => {
            return Plan::failed(
                heat_error("HeatConfigError", m.clone(), Vec::new(), Diagnostic::error("bad-heat-config", m)),
                &Evaluation::default(),
            )
        }
    };
    // 1. The stack as it is must have been created.
    // Not for an error that only a value known once deployed causes: the
    // stack exists, and had that value when it was created.
    // Without values (a plan of two templates, not of a request), a
    // parameter the request does not give is unknown on both sides, as the
    // display has it: the stack exists with some value of it.
    let missing_params = req.without_values;
    let through = engine::Through {
        deployed: false,
        missing_params,
        heats_run_only: false,
        without_reuse: false,
        every_pass: false,
    };
    let plain = engine::evaluate_existing(&req.current_request(true), None, through);
    // Refused when an error does not depend on deploy-time values; what
    // Heat says then is its own first error, whatever its kind (Heat knows
    // no deploy-time values: an overcloud whose `Networks` fails for real
    // is refused for `AllNodesDeploySteps`, the first by name).
    let real = first_error(&plain.result, &mut Vec::new(), &plain.deploy_time).is_some();
    if let Some((at, e)) = first_error(&plain.result, &mut Vec::new(), &[]).filter(|_| real) {
        let mut message = format!("{}: {}", e.kind, e.message);
        if !at.is_empty() {
            message = format!("nested stack {}: {message}", at.join("/"));
        }
        let error = heat_error("CurrentStackFailed", message, e.path.clone(), e.diagnostic.clone());
        return Plan::failed(error, &plain);
    }
    // heat-api first.
    if let Some(message) = req.bad_request() {
        let d = Diagnostic::error("no-template", message);
        return Plan::failed(heat_error("HTTPBadRequest", message.into(), Vec::new(), d), &plain);
    }
    // 2. Created.
    let current = record::Recorder::new(
        record::Side::Current { reference_ids: &req.current.playground.reference_ids },
        &req.current.playground.attributes,
    );
    // A stack that fails only for values known once deployed is planned
    // through them: an attribute not known is unknown on both sides.
    let through = engine::Through {
        deployed: !plain.deploy_time.is_empty(),
        missing_params,
        heats_run_only: false,
        without_reuse: false,
        every_pass: false,
    };
    let cur_ev = engine::evaluate_existing(&req.current_request(false), Some(&current), through);
    let stored_env = current.environment.borrow().clone().unwrap_or_default();
    let cur_stacks = current.stacks.into_inner();
    // 3. The new stack.
    let new_req = req.new_request();
    let patch = record::Patch { stored: &stored_env, clear: &req.clear_parameters };
    let new = record::Recorder::new(
        record::Side::New { current: &cur_stacks, patch: req.existing.then_some(patch) },
        &req.current.playground.attributes,
    );
    let new_ev = engine::evaluate_existing(&new_req, Some(&new), through);
    let new_env = new.environment.borrow().clone();
    // `immutable_params_modified` runs before the new stack is validated.
    if let Some(env) = &new_env {
        let names: Vec<String> = plain.param_info.iter().map(|p| p.name.clone()).collect();
        let schemas = new.schemas.borrow();
        match request::immutable_modified(&plain.result.parameters, &names, env, &schemas, missing_params, hash) {
            Err(e) => {
                let error = heat_error(&e.class, e.text(), e.heat_path(), e.to_diagnostic());
                return Plan::failed(error, &new_ev);
            }
            Ok(invalid) if !invalid.is_empty() => {
                let message =
                    format!("The following parameters are immutable and may not be updated: {}", invalid.join(", "));
                // Marked at the first one's declaration in the new template.
                let span =
                    invalid.first().and_then(|n| new_ev.param_info.iter().find(|p| &p.name == n)).and_then(|p| p.span);
                let d = Diagnostic::error("immutable-parameter", message.clone()).at_opt(span);
                return Plan::failed(heat_error("ImmutableParameterModified", message, Vec::new(), d), &new_ev);
            }
            Ok(_) => {}
        }
    }
    if let Some(e) = &new_ev.result.error {
        return Plan::failed(e.clone(), &new_ev);
    }
    let new_stacks = new.stacks.into_inner();
    // 4. Heat's comparison.
    let ctx = compare::Ctx {
        cur: &cur_stacks,
        new: &new_stacks,
        cur_view: Side::new(&cur_ev),
        new_view: Side::new(&new_ev),
        format,
        registry: new_env.map(|e| e.resource_registry).unwrap_or_default(),
        hash,
    };
    match compare::preview(&ctx) {
        Ok(mut stack) => {
            note_dependents(&mut stack, &new_ev.edges);
            Plan { error: None, error_place: None, stack }
        }
        Err(e) => Plan::failed(e, &new_ev),
    }
}

/// hotplate's note on the top-level resources Heat lists as unchanged that
/// reference a replaced one (`edges`: the new stack's; `depends_on` orders,
/// it passes no value): [`Reason::ReferencesReplaced`].
fn note_dependents(stack: &mut StackPlan, edges: &[crate::model::result::Edge]) {
    let replaced: Vec<String> =
        stack.resources.iter().filter(|r| r.action == Action::Replaced).map(|r| r.name.clone()).collect();
    if replaced.is_empty() {
        return;
    }
    for r in stack.resources.iter_mut().filter(|r| r.action == Action::Unchanged) {
        let mut names: Vec<String> = Vec::new();
        for e in edges.iter().filter(|e| e.from == r.name && e.kind != "depends_on" && replaced.contains(&e.to)) {
            if !names.contains(&e.to) {
                names.push(e.to.clone());
            }
        }
        if !names.is_empty() {
            r.reasons.push(Reason::ReferencesReplaced { names });
        }
    }
}

/// The first error of a result or of its nested results (depth first, by
/// name, as the oracle's `_nested_errors`), with the nested stack's path;
/// not one of `deploy_time`.
fn first_error<'a>(
    r: &'a HeatResult,
    at: &mut Vec<String>,
    deploy_time: &[DeployTime],
) -> Option<(Vec<String>, &'a HeatError)> {
    if let Some(e) = &r.error {
        let place = at.join("/");
        if !deploy_time.iter().any(|d| d.stack == place && d.output.is_none()) {
            return Some((at.clone(), e));
        }
    }
    let mut names: Vec<&String> = r.nested.keys().collect();
    crate::sort::sort(&mut names);
    for name in names {
        let Some(n) = r.nested.get(name) else { continue };
        at.push(name.clone());
        if let Some(found) = first_error(n, at, deploy_time) {
            return Some(found);
        }
        at.pop();
    }
    None
}

/// One evaluation as the comparison shows it: its values through the
/// renderer, its sources for places.
pub(crate) struct Side<'a> {
    pub view: ResultView,
    pub ev: &'a Evaluation,
    lines: Vec<LineIndex<'a>>,
}

impl<'a> Side<'a> {
    fn new(ev: &'a Evaluation) -> Side<'a> {
        let lines = ev.sources.iter().map(|(_, s)| LineIndex::new(&s.text)).collect();
        Side { view: ResultView::new(ev), ev, lines }
    }

    /// The value at `path` of the result as text.
    pub(crate) fn render(&self, path: &[PathItem], format: Format) -> Option<Rendered> {
        self.view.render(path, format)
    }

    /// Where a span is.
    pub(crate) fn place(&self, span: Span) -> Option<Place> {
        let src = self.ev.sources.get(span.source)?;
        if src.text.is_empty() {
            return None;
        }
        let index = self.lines.get(span.source.0 as usize)?;
        let (start, end) = (index.position(span.start), index.position(span.end));
        Some(Place {
            file: src.name.clone(),
            line: start.line,
            column: start.column,
            end_line: end.line.max(start.line),
            end_column: if end.line >= start.line { end.column } else { start.column },
        })
    }
}

/// A stack path as result keys: `nested.<name>` for each step.
pub(crate) fn result_path(path: &[Rc<str>]) -> Vec<PathItem> {
    let mut out = Vec::new();
    for name in path {
        out.push(PathItem::Key("nested".into()));
        out.push(PathItem::Key(name.to_string()));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan_of(current: &str, new: &str) -> Plan {
        let body = serde_json::json!({"template": new, "x-current": {"stack_name": "s", "template": current}});
        plan(&PlanRequest::from_json(&body.to_string()).expect("a request"), Format::Yaml)
    }

    fn kinds(p: &Plan, name: &str) -> (Action, Vec<String>) {
        let r = p.stack.resources.iter().find(|r| r.name == name).expect("listed");
        (r.action, r.reasons.iter().map(Reason::text).collect())
    }

    #[test]
    fn in_place_policies_and_dependents_of_replaced_resources_are_named() {
        let current = "heat_template_version: 2021-04-16\nresources:\n  net: {type: OS::Neutron::Net}\n  subnet:\n    type: OS::Neutron::Subnet\n    properties: {network: {get_resource: net}, cidr: 10.0.0.0/24}\n  port:\n    type: OS::Neutron::Port\n    properties:\n      network: {get_resource: net}\n      fixed_ips: [{subnet: {get_resource: subnet}}]\n  later: {type: OS::Heat::Value, depends_on: subnet, properties: {value: 1}}\n  server:\n    type: OS::Nova::Server\n    properties: {image: cirros, flavor: m1.small}\n";
        let new = current.replace("10.0.0.0/24", "10.0.1.0/24").replace("image: cirros", "image: fedora");
        let p = plan_of(current, &new);
        assert!(p.error.is_none(), "{:?}", p.error);
        assert_eq!(kinds(&p, "subnet").0, Action::Replaced);
        // Heat's "unchanged" stays; hotplate's note says why it changes anyway.
        let (action, why) = kinds(&p, "port");
        assert_eq!(action, Action::Unchanged);
        assert_eq!(why, ["will change: it references `subnet`, which is replaced (Heat's preview lists it as unchanged; the real update gives it the new resource's id and attributes)"]);
        // depends_on passes no value; the network is not replaced.
        assert!(kinds(&p, "later").1.is_empty() && kinds(&p, "net").1.is_empty());
        // The image's default policy rebuilds the server: updated in place, its data lost.
        let server = p.stack.resources.iter().find(|r| r.name == "server").expect("listed");
        assert_eq!(server.action, Action::Updated);
        assert!(server.rebuilt() && server.loses_data());
        assert!(server
            .reasons
            .iter()
            .any(|r| r.text().starts_with("image changed and image_update_policy is REBUILD")));
    }
}
