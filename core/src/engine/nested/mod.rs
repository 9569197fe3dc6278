//! Nested stacks (Heat's `StackResource`): provider templates
//! ([`provider`]) and resource groups ([`group`]). A parent validates each
//! of its nested stacks non-strictly (`validate_nested_stack`, recursively,
//! at most `max_nested_stack_depth` deep), and the result shows each one as Heat would
//! create it: the child template with the parameters the parent's
//! properties give it, validated strictly, resolved, and its own nested
//! stacks in turn. Both run the same stages as the top-level stack
//! ([`Run::stack`]).

mod cache;
mod group;
mod provider;

use std::rc::Rc;

use indexmap::IndexMap;

pub(crate) use cache::{begin, read_file, NestedCache};
pub(crate) use provider::Template;

use super::environment::Environment;
use super::resources::ResourceDefn;
use super::result::{Evaluation, HeatResult, SkippedCheck, SkippedProperty};
use super::stages::{Failed, Piece, Pieces};
use super::{Parts, Run, StackInput};
use crate::catalogue::NestedKind;
use crate::diag::PathItem;
use crate::eval::EvalError;
use crate::pystd::{fnmatch, uuid5_url};
use crate::source::Span;
use crate::syntax::Node;
use crate::value::{Map, Value};

/// What a nested stack is made of (`child_template()`, `child_params()`).
struct Child {
    /// `template_url`: the file, or `nested_stack` for a generated template.
    url: String,
    template: Rc<Template>,
    /// Whether the template is a file (whose parameter defaults the
    /// environment's `parameter_defaults` replace, as `param_schemata` does).
    file: bool,
    params: Map,
    /// The registry entry that led to the template (removed in the child).
    registry_key: Option<(Option<String>, String)>,
    /// Registry entries the parent adds (`child_params()`'s `resource_registry`).
    registry: Map,
    /// Parameters whose values are deploy-time in the parent, as it shows them.
    deploy: IndexMap<String, crate::symbolic::Sym>,
    /// Parameters whose values a display evaluation's parent does not have.
    unknown: provider::Unknowns,
}

/// The nested stacks of a stack's result.
pub(crate) struct Nested {
    /// Each nested-stack resource's stack, by resource name: its result (with
    /// its own error when Heat would fail to create it), failed when its
    /// template or parameters cannot be made, unknown when Heat would read its
    /// template from elsewhere.
    pub(crate) pieces: Pieces<HeatResult>,
}

/// The nested-stack checks of one resource after its own validation: a
/// provider's properties against the template's parameters, then (for the
/// top-level stack, or any stack validated non-strictly) the nested stack
/// itself, then a provider's facade.
pub(crate) fn checks(
    run: &mut Run,
    input: &StackInput<'_>,
    parts: &Parts,
    d: &ResourceDefn,
    skipped: &mut Vec<SkippedProperty>,
    checks: &mut Vec<SkippedCheck>,
    unknown: &mut Vec<EvalError>,
) -> Result<(), EvalError> {
    let Some(kind) = d.info.nested_kind() else { return Ok(()) };
    // A provider's template and parameters, read once for every check here.
    let provider = match kind {
        NestedKind::Template => {
            let Some(provider) = provider::provider(run, input, d)? else { return Ok(()) };
            provider::properties(&parts.stack, d, &provider.schemas, run.mode.strict(), skipped, unknown)?;
            Some(provider)
        }
        _ => None,
    };
    // A display evaluation makes each nested stack as Heat would create it
    // (strictly: every problem there), not this validation first.
    if !run.mode.past_errors() && (input.depth == 0 || !run.mode.strict()) {
        let child = match &provider {
            Some(provider) => Some(provider::child(&parts.stack, d, provider)?),
            None => group::child(run, input, parts, d, kind, true)?,
        };
        if let Some(child) = child {
            let (result, ev) = child_run(run, input, d, &child, false);
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
/// nested stack Heat builds, without validating it, for a nested-stack
/// resource, given to `visit` as its input (in a run of its own that shares
/// the sources and budget). `None` for other resources, and for a template
/// Heat reads from elsewhere. Heat's errors here are its own classes.
pub(crate) fn parameters_stack<T>(
    run: &mut Run,
    input: &StackInput<'_>,
    parts: &Parts,
    d: &ResourceDefn,
    visit: impl FnOnce(&mut Run, &StackInput<'_>) -> Result<T, Failed>,
) -> Result<Option<T>, Failed> {
    let Some(kind) = d.info.nested_kind() else { return Ok(None) };
    let child = match kind {
        NestedKind::Template => {
            provider::provider(run, input, d).and_then(|p| p.map(|p| provider::child(&parts.stack, d, &p)).transpose())
        }
        group => group::parameters_child(run, input, parts, d, group),
    };
    let Some(child) = child.map_err(|e| run.failed(e))? else { return Ok(None) };
    let mut child_run = Run::child(run);
    let result = child_stages(&mut child_run, input, d, &child, false, visit);
    run.ev.sources = std::mem::take(&mut child_run.ev.sources);
    run.budget = child_run.budget;
    result.map(Some)
}

/// A provider's property names against its template's parameters (what
/// `TemplateResource.validate_template()` checks of them, without values).
pub(crate) fn provider_names(
    run: &mut Run,
    input: &StackInput<'_>,
    parts: &Parts,
    d: &ResourceDefn,
) -> Result<(), EvalError> {
    if d.info.nested_kind() != Some(NestedKind::Template) {
        return Ok(());
    }
    let Some(provider) = provider::provider(run, input, d)? else { return Ok(()) };
    provider::properties(&parts.stack, d, &provider.schemas, false, &mut Vec::new(), &mut Vec::new())
}

/// The nested stage: the result of every enabled nested-stack resource.
pub(crate) fn nested(run: &mut Run, input: &StackInput<'_>, parts: &Parts) -> Nested {
    let mut pieces = Vec::new();
    for d in &parts.definitions.defns {
        let Some(kind) = d.info.nested_kind() else { continue };
        let child = match kind {
            NestedKind::Template => provider::provider(run, input, d).and_then(|p| match p {
                Some(p) => provider::child(&parts.stack, d, &p).map(Some),
                None => Ok(None),
            }),
            group => group::child(run, input, parts, d, group, false),
        };
        let piece = match child {
            Ok(Some(mut child)) => {
                if kind == NestedKind::Template {
                    child.deploy = provider::deploy_params(&parts.stack, d);
                }
                Piece::Known(created(run, input, d, &child))
            }
            Ok(None) => Piece::Unknown,
            Err(e) if e.is_unknown() => {
                run.problem(e.prefixed(&["resources", &d.name]).with_check("nested stack"));
                Piece::Unknown
            }
            Err(e) => Piece::Failed(e),
        };
        pieces.push((d.name.to_string(), piece));
    }
    Nested { pieces }
}

/// A nested stack as Heat would create it: its result, its diagnostics and
/// deploy-time values moved into the parent's.
fn created(run: &mut Run, input: &StackInput<'_>, d: &ResourceDefn, child: &Child) -> HeatResult {
    let (_, ev) = child_run(run, input, d, child, true);
    // A failure there (or in a stack nested in it) is a problem Heat
    // reports when it creates that nested stack: one more diagnostic.
    for diag in ev.diagnostics {
        if !run.ev.diagnostics.contains(&diag) {
            run.diagnostic(diag);
        }
    }
    // What a display evaluation could not check there, and the values it lacks.
    for mut item in ev.not_checked {
        item.stack = if item.stack.is_empty() { d.name.to_string() } else { format!("{}/{}", d.name, item.stack) };
        run.not_checked(item);
    }
    // A value named the same in many stacks is one value (an environment's
    // `parameter_defaults` gives it to all of them): listed once.
    for u in ev.unknowns {
        if !run.ev.unknowns.iter().any(|o| o.label == u.label) {
            run.ev.unknowns.push(u);
        }
    }
    if ev.result.error.is_none() {
        // Its deploy-time values, at their place in this result.
        let at = [PathItem::Key("nested".into()), PathItem::Key(d.name.to_string())];
        run.ev.deferred.extend(super::result::rebase(&at, ev.deferred, |m| &mut m.path));
        run.ev.display.extend(super::result::rebase(&at, ev.display, |d| &mut d.path));
    }
    ev.result
}

/// Run a child stack: Heat's `_parse_nested_stack`, then its validation
/// (strict for a nested stack being created, non-strict when its parent
/// validates it) and, when created, what its result shows.
fn child_run(
    run: &mut Run,
    input: &StackInput<'_>,
    d: &ResourceDefn,
    child: &Child,
    create: bool,
) -> (Result<(), Failed>, Evaluation) {
    // In an editing session, the same child with the same inputs as last time
    // is not run again (`cache`).
    let pending = cache::pending(run, input, d, child, create);
    if let Some(hit) = pending.as_ref().and_then(|p| cache::replay(run, p)) {
        for (name, template) in hit.loaded {
            run.templates.borrow_mut().insert(name.to_string(), template);
        }
        for s in hit.sources {
            run.ev.sources.add(s.name, s.text);
        }
        run.budget = hit.budget;
        return hit.answer;
    }
    let mut child_run = Run::child(run);
    let result = child_stages(&mut child_run, input, d, child, create, |run, input| run.stack(input));
    if let Err(failed) = &result {
        child_run.report(failed.clone());
    }
    let mut ev = std::mem::take(&mut child_run.ev);
    run.ev.sources = std::mem::take(&mut ev.sources);
    run.budget = child_run.budget;
    if create && ev.result.error.is_some() {
        ev.result.clear_sections();
    }
    if let Some(pending) = pending {
        cache::store(pending, run, &result, &ev);
    }
    (result, ev)
}

/// The child's depth and size within bounds, its version and parameter
/// schemas, then `then` on its input (its stages).
fn child_stages<T>(
    run: &mut Run,
    input: &StackInput<'_>,
    d: &ResourceDefn,
    child: &Child,
    create: bool,
    then: impl FnOnce(&mut Run, &StackInput<'_>) -> Result<T, Failed>,
) -> Result<T, Failed> {
    // `_child_nested_depth`.
    let max_depth = input.config.max_nested_stack_depth;
    if i64::try_from(input.depth).unwrap_or(i64::MAX) >= max_depth {
        let e = EvalError::other(
            "RequestLimitExceeded",
            format!("Request limit exceeded: Recursion depth exceeds {max_depth}."),
        )
        .with_code("nested-too-deep")
        .at(d.node.span);
        return Err(run.failed(e));
    }
    let template = &child.template;
    let root = &template.root;
    let size = root.get("resources").and_then(Node::as_map).map_or(0, <[(Node, Node)]>::len);
    let cost = u32::try_from(size).unwrap_or(u32::MAX).saturating_add(1);
    if run.budget < cost {
        return Err(run.failed(budget_exceeded(d.node.span)));
    }
    run.budget -= cost;
    let (version, text) = match template.version() {
        None => {
            let e = EvalError::svf("The template is not a JSON object or YAML mapping.").at(root.span);
            return Err(run.failed(e));
        }
        Some(Err(e)) => return Err(run.failed(e.clone())),
        Some(Ok(found)) => found.clone(),
    };
    run.ev.result.template_version = Some(text);
    run.ev.version = Some(version);
    let mut first = None;
    for e in &template.schemas().problems {
        run.note(&mut first, e.clone())?;
    }
    run.end_stage(first)?;
    let mut schemas = template.schemas().schemas.clone();
    if child.file {
        provider::with_param_defaults(&mut schemas, &input.env.parameter_defaults);
    }
    let mut env = child_environment(&input.env, &child.params, &d.name, child.registry_key.as_ref());
    for (k, v) in child.registry.iter() {
        let _ = env.resource_registry.insert(k.clone(), v.clone());
    }
    let stack_name = format!("{}-{}", input.stack_name, d.name);
    let existing = if create { input.existing } else { None };
    let path: Vec<Rc<str>> = input.path.iter().cloned().chain([d.name.clone()]).collect();
    let stack_id = match existing.and_then(|h| h.stack_id(&path)) {
        Some(id) => id,
        // A stack that is not stored has no id, nor have the stacks built in it.
        None if input.stack_id == super::UNSTORED_STACK_ID => input.stack_id.clone(),
        None => uuid5_url(&format!("{}/{}", input.stack_id, d.name)),
    };
    run.mode = run.mode.nested(create, existing.is_none_or(|h| h.validate_strictly(&path)));
    let child_input = StackInput {
        root,
        version,
        stack_name: &stack_name,
        stack_id,
        project_id: input.project_id,
        files: input.files.clone(),
        env,
        schemas,
        depth: input.depth + 1,
        mocks: None,
        deploy_params: child.deploy.clone(),
        unknown_params: child.unknown.clone(),
        config: input.config.clone(),
        existing,
        path,
    };
    then(run, &child_input)
}

/// hotplate's bound on the nested stacks one request builds.
pub(super) fn budget_exceeded(at: Span) -> EvalError {
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
fn child_environment(
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
    use crate::diag::PathItem;

    #[test]
    fn a_group_of_groups_is_bounded_by_count() {
        // 1000 providers of 1000 members each would be a million resources.
        let inner = "heat_template_version: 2018-08-31\nresources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: 1000\n      resource_def: {type: OS::Heat::None}\n";
        let t = "heat_template_version: 2018-08-31\nresources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: 1000\n      resource_def: {type: inner.yaml}\n";
        let mut req = crate::engine::Request::new(t);
        req.files.insert("inner.yaml".into(), Some(inner.into()));
        let ev = crate::engine::evaluate(&req);
        let text = crate::engine::result::HeatResult::to_value(&ev.result);
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
        let mut req = crate::engine::Request::new(t);
        let ev = crate::engine::evaluate(&req);
        let notes: Vec<&str> =
            ev.diagnostics.iter().filter(|d| d.code == "packaged-template").map(|d| d.message.as_str()).collect();
        assert_eq!(notes.len(), 1, "{:?}", ev.diagnostics);
        assert!(notes[0].contains(file) && notes[0].contains("`files`"), "{notes:?}");
        assert!(ev.result.nested.is_empty());
        // Supplied under that name, it is the nested stack (Heat's has parameters of these names).
        let alarm = "heat_template_version: 2013-05-23\nparameters:\n  MetricName: {type: string}\nresources:\n  a: {type: OS::Heat::None}\n";
        req.files.insert(file.into(), Some(alarm.into()));
        let ev = crate::engine::evaluate(&req);
        assert!(ev.diagnostics.iter().all(|d| d.code != "packaged-template"), "{:?}", ev.diagnostics);
        assert!(ev.result.nested.contains_key("alarm"), "{:?}", ev.result.error);
    }

    #[test]
    fn deploy_time_values_of_nested_stacks_are_marked_where_the_result_has_them() {
        let db = "heat_template_version: 2021-04-16\nresources:\n  vol: {type: OS::Cinder::Volume, properties: {size: 1}}\noutputs:\n  id: {value: {get_resource: vol}}\n";
        let t = "heat_template_version: 2021-04-16\nresources:\n  db: {type: db.yaml}\n  g:\n    type: OS::Heat::ResourceGroup\n    properties: {count: 1, resource_def: {type: db.yaml}}\n";
        let mut req = crate::engine::Request::new(t);
        req.files.insert("db.yaml".into(), Some(db.into()));
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
