//! Nested stacks (Heat's `StackResource`): provider templates
//! ([`provider`]) and resource groups ([`group`]). A parent validates each
//! of its nested stacks non-strictly (`validate_nested_stack`, recursively,
//! at most `max_nested_stack_depth` deep), and the result shows each one as Heat would
//! create it: the child template with the parameters the parent's
//! properties give it, validated strictly, resolved, and its own nested
//! stacks in turn. Both run the same stages as the top-level stack: the
//! driver runs each child (`Driver::stack`, through [`Stacks`]); the functions
//! here make the child and read what it found, and never the mode.

mod group;
mod provider;

use std::rc::Rc;

use indexmap::IndexMap;

pub(crate) use provider::with_param_defaults;

use super::environment::Environment;
use super::resources::ResourceDefn;
use super::result::Marks;
use super::stages::request::Template;
use super::stages::validation::Records;
use super::stages::{self, Failed, Piece, Pieces, Report, Staged, Treatment};
use super::{Caches, Parts, StackInput};
use crate::catalogue::NestedKind;
use crate::eval::EvalError;
use crate::model::diag::PathItem;
use crate::model::result::{Evaluation, HeatResult};
use crate::pystd::fnmatch;
use crate::source::Span;
use crate::stack::{Attribute, OnceCreated};
use crate::value::{Map, Value};

/// What a nested stack is made of (`child_template()`, `child_params()`).
pub(crate) struct Child {
    /// `template_url`: the file, or `nested_stack` for a generated template.
    pub(super) url: String,
    pub(super) template: Rc<Template>,
    /// Whether the template is a file (whose parameter defaults the
    /// environment's `parameter_defaults` replace, as `param_schemata` does).
    pub(super) file: bool,
    pub(super) params: Map,
    /// The registry entry that led to the template (removed in the child).
    pub(super) registry_key: Option<(Option<String>, String)>,
    /// Registry entries the parent adds (`child_params()`'s `resource_registry`).
    pub(super) registry: Map,
    /// Parameters whose values are deploy-time in the parent, as it shows them.
    pub(super) deploy: IndexMap<String, crate::symbolic::Sym>,
    /// Parameters whose values a display evaluation's parent does not have.
    pub(super) unknown: provider::Unknowns,
}

/// The nested stacks of a stack's result.
pub(crate) struct Nested {
    /// Each nested-stack resource's stack, by resource name: its result (with
    /// its own error when Heat would fail to create it), failed when its
    /// template or parameters cannot be made, unknown when Heat would read its
    /// template from elsewhere.
    pub(crate) pieces: Pieces<HeatResult>,
}

/// What the nested stacks ask of the driver (`engine/driver.rs` implements
/// it for the run): the caches, and a child stack run in a run of its own
/// that shares them.
pub(crate) trait Stacks {
    /// The caches: sources, loaded templates, the budget left.
    fn caches(&mut self) -> Caches<'_>;

    /// A child stack: Heat's `_parse_nested_stack`, then its validation
    /// (strict for a nested stack being created, non-strict when its parent
    /// validates it) and, when created, what its result shows.
    fn child(
        &mut self,
        input: &StackInput<'_>,
        d: &ResourceDefn,
        child: &Child,
        create: bool,
    ) -> (Result<(), Failed>, Evaluation);
}

/// The nested-stack checks of one resource after its own validation: a
/// provider's properties against the template's parameters, then (for the
/// top-level stack, or any stack validated non-strictly) the nested stack
/// itself, then a provider's facade.
pub(crate) fn checks(
    stacks: &mut dyn Stacks,
    treatment: Treatment,
    input: &StackInput<'_>,
    parts: &Parts,
    d: &ResourceDefn,
    records: Records<'_>,
) -> Result<(), EvalError> {
    let Records { skipped, checks, unknown, report } = records;
    let Some(kind) = d.info.nested_kind() else { return Ok(()) };
    // A provider's template and parameters, read once for every check here.
    let provider = match kind {
        NestedKind::Template => {
            let Some(provider) = provider::provider(&mut stacks.caches(), input, d, report)? else { return Ok(()) };
            provider::properties(
                &parts.stack,
                d,
                &provider.schemas,
                treatment.strict,
                treatment.display,
                skipped,
                unknown,
            )?;
            Some(provider)
        }
        _ => None,
    };
    // A display evaluation makes each nested stack as Heat would create it
    // (strictly: every problem there), not this validation first.
    if !treatment.display && (input.depth == 0 || !treatment.strict) {
        let child = match &provider {
            Some(provider) => Some(provider::child(&parts.stack, d, provider)?),
            None => group::child(&mut stacks.caches(), input, parts, d, kind, true, report)?,
        };
        if let Some(child) = child {
            let (result, ev) = stacks.child(input, d, &child, false);
            let prefix = format!("{}/", d.name);
            skipped.extend(ev.result.skipped_properties.into_iter().map(|mut s| {
                s.resource.insert_str(0, &prefix);
                s
            }));
            checks.extend(ev.result.skipped_checks.into_iter().map(|mut c| {
                c.resource.insert_str(0, &prefix);
                c
            }));
            result.map_err(|f| wrap_nested(f.error, &d.name, &child.url, d.node.span))?;
        }
    }
    if let (Some(provider), Some(key)) = (&provider, &d.info.registry_key) {
        provider::facade_checks(parts, d, key, provider)?;
    }
    Ok(())
}

/// `get_nested_parameters_stack()` (template validate's `show_nested`): the
/// child Heat builds, without validating it, for a nested-stack resource;
/// `None` for other resources, and for a template Heat reads from
/// elsewhere. A note on the way goes to `report`.
pub(crate) fn parameters_child(
    caches: &mut Caches<'_>,
    input: &StackInput<'_>,
    parts: &Parts,
    d: &ResourceDefn,
    report: &mut Vec<Report>,
) -> Result<Option<Child>, EvalError> {
    let Some(kind) = d.info.nested_kind() else { return Ok(None) };
    match kind {
        NestedKind::Template => provider::provider(caches, input, d, report)
            .and_then(|p| p.map(|p| provider::child(&parts.stack, d, &p)).transpose()),
        group => group::parameters_child(caches, input, parts, d, group),
    }
}

/// A provider's property names against its template's parameters (what
/// `TemplateResource.validate_template()` checks of them, without values).
pub(crate) fn provider_names(
    caches: &mut Caches<'_>,
    input: &StackInput<'_>,
    parts: &Parts,
    d: &ResourceDefn,
    report: &mut Vec<Report>,
) -> Result<(), EvalError> {
    if d.info.nested_kind() != Some(NestedKind::Template) {
        return Ok(());
    }
    let Some(provider) = provider::provider(caches, input, d, report)? else { return Ok(()) };
    provider::properties(&parts.stack, d, &provider.schemas, false, false, &mut Vec::new(), &mut Vec::new())
}

/// The nested stage: the result of every enabled nested-stack resource,
/// each child run by the driver ([`Stacks`]).
pub(crate) fn nested(input: &StackInput<'_>, parts: &Parts, stacks: &mut dyn Stacks) -> Staged<Nested> {
    let mut pieces = Vec::new();
    let mut report = Vec::new();
    for d in &parts.definitions.defns {
        let Some(kind) = d.info.nested_kind() else { continue };
        let (piece, _) = one(stacks, input, parts, d, kind, &mut report);
        pieces.push((d.name.to_string(), piece));
    }
    Staged { part: Nested { pieces }, report }
}

/// The nested stage of the second deploy-time evaluation
/// ([`crate::engine::mode::Mode::values_once_created`]), before the result
/// sections: the resources in creation order, as the oracle's `x-deployed`
/// creates them. An `OS::Heat::Value` gets its `value` when its inputs are
/// known; a nested stack is built from what the resources before it are
/// once created, then its resource is what Heat has once it is created
/// ([`OnceCreated`]): its outputs (a group's members' outputs), or null
/// attributes when it fails (in it or below it: Heat would not create it).
/// The parent's properties and outputs, resolved after, see them too.
pub(crate) fn created(input: &StackInput<'_>, parts: &mut Parts, stacks: &mut dyn Stacks) -> Staged<Nested> {
    let mut pieces = Vec::new();
    let mut report = Vec::new();
    for i in creation_order(parts) {
        let Some(d) = parts.definitions.defns.get(i) else { continue };
        let state = if let Some(kind) = d.info.nested_kind() {
            let (piece, state) = one(stacks, input, parts, d, kind, &mut report);
            pieces.push((i, d.name.to_string(), piece));
            state
        } else if d.info.plugin == "OS::Heat::Value" {
            match d.value_once_created(&parts.stack) {
                Some(value) => {
                    OnceCreated::Attributes(Rc::new(IndexMap::from([("value".to_string(), Attribute::Value(value))])))
                }
                None => continue,
            }
        } else {
            continue;
        };
        let name = d.name.clone();
        if let Some(r) = parts.stack.resources.get_mut(&name) {
            r.once_created = state;
        }
    }
    // The result lists them in template order.
    pieces.sort_by_key(|(i, _, _)| *i);
    Staged { part: Nested { pieces: pieces.into_iter().map(|(_, name, piece)| (name, piece)).collect() }, report }
}

/// The resources' indexes in an order Heat creates them in: each after
/// the resources it requires (the dependency graph is acyclic once
/// validated), else in template order.
fn creation_order(parts: &Parts) -> Vec<usize> {
    let defns = &parts.definitions.defns;
    let index: std::collections::HashMap<&str, usize> = defns.iter().enumerate().map(|(i, d)| (&*d.name, i)).collect();
    let mut done = vec![false; defns.len()];
    let mut order = Vec::with_capacity(defns.len());
    for i in 0..defns.len() {
        // An explicit stack: a long chain of requirements is no recursion.
        let mut todo = vec![(i, false)];
        while let Some((j, ready)) = todo.pop() {
            if ready {
                order.push(j);
                continue;
            }
            match done.get_mut(j) {
                Some(d) if !*d => *d = true,
                _ => continue,
            }
            todo.push((j, true));
            for name in parts.graph.requires(j).iter().rev() {
                if let Some(&k) = index.get(name.as_str()) {
                    todo.push((k, false));
                }
            }
        }
    }
    order
}

/// One nested-stack resource's stack as Heat would create it, and what its
/// resource is once created.
fn one(
    stacks: &mut dyn Stacks,
    input: &StackInput<'_>,
    parts: &Parts,
    d: &ResourceDefn,
    kind: NestedKind,
    report: &mut Vec<Report>,
) -> (Piece<HeatResult>, OnceCreated) {
    let child = match kind {
        NestedKind::Template => provider::provider(&mut stacks.caches(), input, d, report).and_then(|p| match p {
            Some(p) => provider::child(&parts.stack, d, &p).map(Some),
            None => Ok(None),
        }),
        group => group::child(&mut stacks.caches(), input, parts, d, group, false, report),
    };
    match child {
        Ok(Some(mut child)) => {
            if kind == NestedKind::Template {
                child.deploy = provider::deploy_params(&parts.stack, d);
            }
            let (result, state) = created_stack(stacks, input, d, kind, &child, report);
            (Piece::Known(result), state)
        }
        Ok(None) => (Piece::Unknown, OnceCreated::Unknown),
        Err(e) if e.is_unknown() => {
            report.push(Report::Problem(e.prefixed(&["resources", &d.name]).with_check("nested stack")));
            (Piece::Unknown, OnceCreated::Unknown)
        }
        Err(e) => (Piece::Failed(e), OnceCreated::Failed),
    }
}

/// A nested stack as Heat would create it: its result and what its resource
/// is once created; its diagnostics and deploy-time values, for the
/// parent's, in `report`.
fn created_stack(
    stacks: &mut dyn Stacks,
    input: &StackInput<'_>,
    d: &ResourceDefn,
    kind: NestedKind,
    child: &Child,
    report: &mut Vec<Report>,
) -> (HeatResult, OnceCreated) {
    let (_, ev) = stacks.child(input, d, child, true);
    let state = once_created(kind, &ev);
    // A failure there (or in a stack nested in it) is a problem Heat
    // reports when it creates that nested stack: one more diagnostic.
    for diag in ev.diagnostics {
        report.push(Report::DiagnosticOnce(diag));
    }
    // What a display evaluation could not check there, and the values it lacks.
    for mut item in ev.not_checked {
        item.stack = if item.stack.is_empty() { d.name.to_string() } else { format!("{}/{}", d.name, item.stack) };
        report.push(Report::Found(stages::Found::NotChecked(item)));
    }
    // A value named the same in many stacks is one value (an environment's
    // `parameter_defaults` gives it to all of them): listed once.
    for u in ev.unknowns {
        report.push(Report::Found(stages::Found::Unknown(u)));
    }
    if ev.result.error.is_none() {
        // Its deploy-time values, at their place in this result.
        let at = [PathItem::Key("nested".into()), PathItem::Key(d.name.to_string())];
        let deferred = super::result::rebase(&at, ev.deferred, |m| &mut m.path);
        let display = super::result::rebase(&at, ev.display, |d| &mut d.path);
        report.push(Report::Found(stages::Found::Marks(Marks { deferred, display, edges: Vec::new() })));
    }
    (ev.result, state)
}

/// What a nested stack's resource is once created, from the stack's
/// evaluation: failed when it (or a stack below it) has an error; a
/// provider's attributes are its outputs (an output the evaluation could
/// not resolve for want of a deploy-time value is one too); a
/// `ResourceGroup`'s or `ResourceChain`'s members are read as Heat reads
/// them, in their order, each provider member by its outputs (other
/// members' attributes are deploy-time values). Other groups' attributes
/// stay deploy-time values (Heat asks heat-engine for an
/// `AutoScalingGroup`'s members).
fn once_created(kind: NestedKind, ev: &Evaluation) -> OnceCreated {
    if super::api_failed(&ev.result) {
        return OnceCreated::Failed;
    }
    // The outputs not resolved for want of a deploy-time value, by stack
    // (`super::waits_for`'s `outputs.<name>` paths, read once).
    let mut waiting: std::collections::HashMap<&str, Vec<&str>> = std::collections::HashMap::new();
    for n in &ev.not_checked {
        if let Some(rest) = n.path.strip_prefix("outputs.") {
            waiting.entry(n.stack.as_str()).or_default().push(rest);
        }
    }
    let outputs = |result: &HeatResult, stack: &str| {
        let waits = waiting.get(stack).map_or(&[][..], Vec::as_slice);
        let attributes = result
            .outputs
            .iter()
            .map(|(name, o)| {
                let unknown = waits
                    .iter()
                    .any(|rest| rest.strip_prefix(name.as_str()).is_some_and(|r| r.is_empty() || r.starts_with('.')));
                let attribute = match &o.error {
                    _ if unknown => Attribute::Unknown,
                    Some(e) => Attribute::Error(e.clone()),
                    None => Attribute::Value(o.value.clone()),
                };
                (name.clone(), attribute)
            })
            .collect();
        OnceCreated::Attributes(Rc::new(attributes))
    };
    match kind {
        NestedKind::Template => outputs(&ev.result, ""),
        NestedKind::ResourceGroup | NestedKind::ResourceChain => {
            let mut names: Vec<&str> = ev.result.resources.keys().map(String::as_str).collect();
            names.sort_by_key(|n| (n.parse::<u64>().unwrap_or(u64::MAX), *n));
            let members = names
                .into_iter()
                .map(|name| {
                    let state = match ev.result.nested.get(name) {
                        Some(member) if super::api_failed(member) => OnceCreated::Failed,
                        Some(member) => outputs(member, name),
                        None => OnceCreated::Unknown,
                    };
                    (name.to_string(), state)
                })
                .collect();
            OnceCreated::Members(Rc::new(members))
        }
        _ => OnceCreated::Unknown,
    }
}

/// hotplate's bound on the nested stacks one request builds.
pub(crate) fn budget_exceeded(at: Span) -> EvalError {
    EvalError::other(
        "RequestLimitExceeded",
        format!(
            "Request limit exceeded: hotplate evaluates at most {} nested stacks and their resources per request.",
            super::NESTED_BUDGET
        ),
    )
    .with_code("budget-exceeded")
    .at(at)
}

/// `environment.get_child_environment`: the parent's registry without the
/// entry that led here and with only the `resources:` entries for this
/// resource, the child parameters, the parent's `parameter_defaults`.
pub(super) fn child_environment(
    parent: &Environment,
    params: &Map,
    resource: &str,
    removed: Option<&(Option<String>, String)>,
) -> Environment {
    let mut registry = parent.resource_registry.clone();
    if let Some((res, key)) = removed {
        match res {
            None => {
                let _ = registry.shift_remove(&Value::from(key.as_str()));
            }
            Some(r) => {
                if let Some(Value::Map(per)) = registry.get_str("resources").cloned() {
                    let mut per = (*per).clone();
                    if let Some(Value::Map(entry)) = per.get_str(r).cloned() {
                        let mut entry = (*entry).clone();
                        let _ = entry.shift_remove(&Value::from(key.as_str()));
                        per.insert_str(r, Value::map(entry));
                    }
                    registry.insert_str("resources", Value::map(per));
                }
            }
        }
    }
    if let Some(Value::Map(per)) = registry.get_str("resources").cloned() {
        let mut merged = Map::new();
        for (pattern, entry) in per.iter() {
            if pattern.as_str().is_some_and(|p| fnmatch(resource, p)) {
                if let Some(m) = entry.as_map() {
                    for (k, v) in m.iter() {
                        let _ = merged.insert(k.clone(), v.clone());
                    }
                }
            }
        }
        if let Some(m) = per.get_str(resource).and_then(Value::as_map) {
            for (k, v) in m.iter() {
                let _ = merged.insert(k.clone(), v.clone());
            }
        }
        registry.insert_str("resources", Value::map(merged));
    }
    Environment {
        parameters: params.clone(),
        parameter_defaults: parent.parameter_defaults.clone(),
        resource_registry: registry,
        event_sinks: Vec::new(),
        parameter_sources: Vec::new(),
        default_sources: Vec::new(),
        parameter_contributions: Vec::new(),
        default_contributions: Vec::new(),
    }
}

/// Heat's `StackValidationFailed(error=ex, path=[resources, "<name><<url>>"])`.
fn wrap_nested(e: EvalError, name: &str, url: &str, span: Span) -> EvalError {
    let mut path = vec![PathItem::Key("resources".into()), PathItem::Key(format!("{name}<{url}>"))];
    let (error, message) = match &e.svf {
        Some(svf) if &*e.class == "StackValidationFailed" => {
            path.extend(svf.path.iter().cloned());
            (svf.error.clone(), e.message.clone())
        }
        _ => (e.class.to_string(), e.text()),
    };
    let mut out = EvalError::svf_items(&error, path, message).with_code(e.code);
    out.span = e.span.or(Some(span));
    out
}

#[cfg(test)]
mod tests {
    use crate::model::diag::PathItem;

    #[test]
    fn a_group_of_groups_is_bounded_by_count() {
        // 1000 providers of 1000 members each would be a million resources.
        let inner = "heat_template_version: 2018-08-31\nresources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: 1000\n      resource_def: {type: OS::Heat::None}\n";
        let t = "heat_template_version: 2018-08-31\nresources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: 1000\n      resource_def: {type: inner.yaml}\n";
        let mut req = crate::model::Request::new(t);
        req.inputs.files.insert("inner.yaml".into(), Some(inner.into()));
        let ev = crate::engine::evaluate(&req);
        let text = crate::model::result::HeatResult::to_value(&ev.result);
        let shown = crate::pyfmt::json_dumps(&text, crate::pyfmt::JsonStyle::SORTED).unwrap_or_default();
        assert!(
            shown.contains("at most 20000 nested stacks and their resources"),
            "{}",
            shown.get(..400).unwrap_or("")
        );
    }

    #[test]
    fn heat_s_packaged_template_is_named_and_evaluated_when_supplied() {
        // AWS::CloudWatch::Alarm is Heat's AWS_CloudWatch_Alarm.yaml (the default environment's).
        let t = "heat_template_version: 2018-08-31\nresources:\n  alarm:\n    type: AWS::CloudWatch::Alarm\n    properties: {MetricName: m}\n";
        let file = "file:///etc/heat/templates/AWS_CloudWatch_Alarm.yaml";
        let mut req = crate::model::Request::new(t);
        let ev = crate::engine::evaluate(&req);
        let notes: Vec<&str> =
            ev.diagnostics.iter().filter(|d| d.code == "packaged-template").map(|d| d.message.as_str()).collect();
        assert_eq!(notes.len(), 1, "{:?}", ev.diagnostics);
        assert!(notes[0].contains(file) && notes[0].contains("`files`"), "{notes:?}");
        assert!(ev.result.nested.is_empty());
        // Supplied under that name, it is the nested stack (Heat's has parameters of these names).
        let alarm = "heat_template_version: 2013-05-23\nparameters:\n  MetricName: {type: string}\nresources:\n  a: {type: OS::Heat::None}\n";
        req.inputs.files.insert(file.into(), Some(alarm.into()));
        let ev = crate::engine::evaluate(&req);
        assert!(ev.diagnostics.iter().all(|d| d.code != "packaged-template"), "{:?}", ev.diagnostics);
        assert!(ev.result.nested.contains_key("alarm"), "{:?}", ev.result.error);
    }

    #[test]
    fn deploy_time_values_of_nested_stacks_are_marked_where_the_result_has_them() {
        let db = "heat_template_version: 2021-04-16\nresources:\n  vol: {type: OS::Cinder::Volume, properties: {size: 1}}\noutputs:\n  id: {value: {get_resource: vol}}\n";
        let t = "heat_template_version: 2021-04-16\nresources:\n  db: {type: db.yaml}\n  g:\n    type: OS::Heat::ResourceGroup\n    properties: {count: 1, resource_def: {type: db.yaml}}\n";
        let mut req = crate::model::Request::new(t);
        req.inputs.files.insert("db.yaml".into(), Some(db.into()));
        let ev = crate::engine::evaluate(&req);
        let marks: Vec<(Vec<PathItem>, &str, bool)> =
            ev.deferred.iter().map(|m| (m.path.clone(), m.label.as_str(), m.exact)).collect();
        let path = |steps: &[&str]| steps.iter().map(|s| PathItem::Key((*s).into())).collect::<Vec<_>>();
        let db = path(&["nested", "db", "outputs", "id", "value"]);
        assert!(marks.contains(&(db, "get_resource vol", true)), "{marks:?}");
        let member = path(&["nested", "g", "nested", "0", "outputs", "id", "value"]);
        assert!(marks.contains(&(member, "get_resource vol", true)), "{marks:?}");
    }
}
