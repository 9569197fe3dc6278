//! The results stage: what the result shows once Heat's validation passed.
//! The request's mocks are applied (a mocked resource counts as created),
//! then parameters, conditions, resources and outputs are resolved, with
//! the deploy-time marks, display values and graph edges of each.

use indexmap::IndexMap;

use super::definitions::Resource;
use super::outputs::Output;
use super::{Failed, Found, Piece, Report, Staged, Treatment};
use crate::engine::resources::ResourceDefn;
use crate::engine::result::{self, Marks};
use crate::engine::{Parts, StackInput};
use crate::eval::{self, EvalError, Expr};
use crate::model::diag::PathItem;
use crate::model::result::{DisabledResource, EnabledResource, OutputResult, ResourceResult};
use crate::stack::Stack;
use crate::symbolic::{Hole, Sym};
use crate::value::{Map, Value};

/// The result's sections.
pub(crate) struct Sections {
    /// Parameter name → value.
    pub(crate) parameters: Map,
    /// Condition name → value.
    pub(crate) conditions: Map,
    /// Resource name → its resolved view.
    pub(crate) resources: IndexMap<String, ResourceResult>,
    /// Output name → value or error.
    pub(crate) outputs: IndexMap<String, OutputResult>,
}

/// What the stage finds on the way: its report and the values' marks.
#[derive(Default)]
struct Findings {
    report: Vec<Report>,
    marks: Marks,
}

impl Findings {
    /// A problem beside Heat's errors.
    fn problem(&mut self, e: EvalError) {
        self.report.push(Report::Problem(e));
    }
}

/// The results stage. Its report fails the stack only for Heat's error in
/// a section (or the evaluation's budget run out), and it stops there.
pub(crate) fn results(input: &StackInput<'_>, parts: &mut Parts, treatment: Treatment) -> Staged<Sections> {
    if let Some((attributes, reference_ids)) = input.mocks {
        for (name, r) in parts.stack.resources.iter_mut() {
            let attrs = attributes.get(&**name);
            let rid = reference_ids.get(&**name);
            if attrs.is_some() || rid.is_some() {
                r.created = true;
                r.reference_id = rid.cloned();
                r.attributes = attrs.cloned().unwrap_or_default();
            }
        }
    }
    if let Some(hook) = input.existing {
        crate::engine::existing::mark_created(hook, &input.path, &input.stack_id, &mut parts.stack);
    }
    let parts = &*parts;
    let mut found = Findings::default();
    let display = treatment.display;
    let sections = parameters(&mut found, input, &parts.stack, display).and_then(|parameters| {
        let mut conditions = Map::new();
        for name in parts.conditions.names() {
            if display {
                conditions.insert_str(name, shown_condition(&mut found, &parts.stack, name));
            } else {
                conditions.insert_str(name, parts.stack.reported_condition(name));
            }
        }
        let resources = resources(&mut found, parts, display, treatment.marks)?;
        let outputs = outputs(&mut found, parts, display, treatment.marks)?;
        Ok((parameters, conditions, resources, outputs))
    });
    // The marks made so far are the evaluation's, even when a section fails.
    let Findings { mut report, marks } = found;
    report.push(Report::Found(Found::Marks(marks)));
    let (parameters, conditions, resources, outputs) = match sections {
        Ok(sections) => sections,
        Err(stop) => {
            report.push(stop);
            Default::default()
        }
    };
    Staged { part: Sections { parameters, conditions, resources, outputs }, report }
}

/// A display evaluation's condition: its value, or null with its
/// placeholder when it needs a value the evaluation does not have.
fn shown_condition(found: &mut Findings, stack: &Stack, name: &str) -> Value {
    match stack.probe_condition(name) {
        Ok(b) => Value::Bool(b),
        Err(e) => {
            let needs = e.unknown_labels();
            if !needs.is_empty() {
                let at = vec![PathItem::Key("conditions".into()), PathItem::Key(name.to_string())];
                result::mark_display(at, &derived(&needs), &mut found.marks);
            }
            Value::Null
        }
    }
}

/// One placeholder for what is computed from `needs`.
fn derived(needs: &[String]) -> Sym {
    Sym::Hole(Hole { label: needs.join(", "), exact: false })
}

/// Each parameter's value (a deploy-time one the parent gives: marked).
fn parameters(found: &mut Findings, input: &StackInput<'_>, stack: &Stack, display: bool) -> Result<Map, Report> {
    let mut out = Map::new();
    for (k, v) in &stack.params {
        match v {
            Ok(v) => out.insert_str(k, v.clone()),
            // Shown as its placeholder (a deploy-time parameter, below).
            // A value the evaluation does not have (deploy-time treatment too).
            Err(e) if display || e.is_unknown() => out.insert_str(k, Value::Null),
            Err(e) => return Err(Report::Failed(Failed::in_section("parameters", e.clone()))),
        }
    }
    for (name, sym) in &stack.deploy_params {
        let hidden = input.schemas.iter().any(|s| s.name == *name && s.hidden);
        if !hidden && stack.params.contains_key(name.as_str()) {
            let at = vec![PathItem::Key("parameters".into()), PathItem::Key(name.clone())];
            result::mark_display(at, sym, &mut found.marks);
        }
    }
    Ok(out)
}

/// Each resource in template order: an enabled one resolved, a disabled one
/// as such.
fn resources(
    found: &mut Findings,
    parts: &Parts,
    display: bool,
    marks: bool,
) -> Result<IndexMap<String, ResourceResult>, Report> {
    let (stack, defs) = (&parts.stack, &parts.definitions);
    let mut out = IndexMap::new();
    for (name, piece) in &defs.pieces {
        let i = match piece {
            Piece::Known(Resource::Enabled(i)) => *i,
            Piece::Known(Resource::Disabled(ty)) => {
                out.insert(name.clone(), ResourceResult::Disabled(DisabledResource::new(ty.clone())));
                continue;
            }
            Piece::Failed(_) | Piece::Unknown => continue,
        };
        let Some(d) = defs.defns.get(i) else { continue };
        if display {
            let shown = shown_view(found, stack, d, parts.graph.requires(i));
            out.insert(name.clone(), ResourceResult::Enabled(shown));
            let depends_on = d.depends_on.as_deref().unwrap_or(&[]);
            let exprs = [d.properties.as_ref(), d.metadata.as_ref()];
            found.marks.edges.extend(result::resource_edges(stack, name, depends_on, &exprs));
            continue;
        }
        match view(stack, d, parts.graph.requires(i)) {
            Ok(v) => {
                out.insert(name.clone(), ResourceResult::Enabled(v));
            }
            // The deploy-time treatment's unknown value: no error of Heat's;
            // shown as the display shows it (its placeholders marked).
            Err(e) if e.is_unknown() => {
                let shown = shown_view(found, stack, d, parts.graph.requires(i));
                out.insert(name.clone(), ResourceResult::Enabled(shown));
            }
            Err(e) => return Err(Report::Failed(Failed::in_section("resources", e))),
        }
        if !marks {
            continue;
        }
        let at =
            vec![PathItem::Key("resources".into()), PathItem::Key(name.clone()), PathItem::Key("properties".into())];
        result::mark_deferred(stack, at, d.properties.as_ref(), &mut found.marks);
        let depends_on = d.depends_on.as_deref().unwrap_or(&[]);
        let exprs = [d.properties.as_ref(), d.metadata.as_ref()];
        found.marks.edges.extend(result::resource_edges(stack, name, depends_on, &exprs));
    }
    Ok(out)
}

/// One enabled resource as the result shows it.
fn view(stack: &Stack, d: &ResourceDefn, requires: &[String]) -> Result<EnabledResource, EvalError> {
    let properties = d.resolved_properties(stack)?;
    let metadata = match &d.metadata {
        Some(e) => eval::resolve(stack, e)?,
        None => Value::Null,
    };
    let external_id = match &d.external_id {
        Some(e) => eval::resolve(stack, e)?,
        None => Value::Null,
    };
    let update_policy = match &d.update_policy {
        Some(e) => eval::resolve(stack, e)?,
        None => Value::Null,
    };
    Ok(enabled(d, requires, ResourceParts { properties, metadata, update_policy, external_id }))
}

/// An enabled resource's evaluated parts ([`view`]'s or [`shown_view`]'s).
struct ResourceParts {
    properties: Value,
    metadata: Value,
    update_policy: Value,
    external_id: Value,
}

/// An enabled resource of the result: its evaluated parts, the rest as the
/// definition and the graph have them.
fn enabled(d: &ResourceDefn, requires: &[String], parts: ResourceParts) -> EnabledResource {
    EnabledResource {
        type_name: d.type_name.to_string(),
        enabled: (),
        properties: parts.properties,
        metadata: or_empty(parts.metadata),
        depends_on: d.depends_on.clone().unwrap_or_default(),
        requires: requires.to_vec(),
        deletion_policy: deletion_policy(d),
        update_policy: or_empty(parts.update_policy),
        external_id: parts.external_id,
    }
}

/// A falsy metadata or update policy shows as `{}`.
fn or_empty(v: Value) -> Value {
    if v.truthy() {
        v
    } else {
        Value::map(Map::new())
    }
}

/// The deletion policy: Heat forces Retain on any resource that has an
/// external_id; `Delete` when none is written.
fn deletion_policy(d: &ResourceDefn) -> String {
    if d.external_id.is_some() {
        "Retain".to_string()
    } else {
        d.deletion_policy.clone().unwrap_or_else(|| "Delete".to_string())
    }
}

/// One enabled resource as a display evaluation shows it: [`view`], each
/// part on its own (a part that fails is null and a diagnostic, a value it
/// does not have is its placeholder), the other parts as Heat has them.
fn shown_view(found: &mut Findings, stack: &Stack, d: &ResourceDefn, requires: &[String]) -> EnabledResource {
    let at = |key: &str| {
        vec![PathItem::Key("resources".into()), PathItem::Key(d.name.to_string()), PathItem::Key(key.into())]
    };
    if !d.condition_needs.is_empty() {
        result::mark_display(at("enabled"), &derived(&d.condition_needs), &mut found.marks);
    }
    let properties = match &d.properties {
        None => Value::map(Map::new()),
        Some(e) if d.info.none_like => match d.resolved_properties(stack) {
            Ok(v) => v,
            Err(_) => shown(found, stack, e, at("properties")),
        },
        Some(e) => shown(found, stack, e, at("properties")),
    };
    let metadata = d.metadata.as_ref().map_or(Value::Null, |e| shown(found, stack, e, at("metadata")));
    let external_id = d.external_id.as_ref().map_or(Value::Null, |e| shown(found, stack, e, at("external_id")));
    let update_policy = d.update_policy.as_ref().map_or(Value::Null, |e| shown(found, stack, e, at("update_policy")));
    enabled(d, requires, ResourceParts { properties: or_empty(properties), metadata, update_policy, external_id })
}

/// A snippet's value as a display evaluation shows it, at `at` in the
/// result, with its marks: resolved whole when it can be; else a map is
/// shown key by key, and what fails is null (its diagnostic) or, when it
/// needs a value the evaluation does not have, null shown as its display
/// value (`⟨parameter key_name⟩`, `{a: 1, b: ⟨…⟩}`).
fn shown(found: &mut Findings, stack: &Stack, expr: &Expr, at: Vec<PathItem>) -> Value {
    let e = match eval::resolve(stack, expr) {
        Ok(v) => {
            result::mark_deferred(stack, at, Some(expr), &mut found.marks);
            return v;
        }
        Err(e) if e.code == "budget-exceeded" => return Value::Null,
        Err(e) => e,
    };
    if let Expr::Map(entries, _) = expr {
        let mut out = Map::new();
        for (k, v) in entries.iter() {
            let mut here = at.clone();
            here.push(PathItem::Key(result::json_key(k)));
            let value = shown(found, stack, v, here);
            let _ = out.insert(k.clone(), value);
        }
        return Value::map(out);
    }
    if e.is_unknown() {
        if let Some(sym) = crate::symbolic::display(stack, expr) {
            result::mark_display(at, &sym, &mut found.marks);
        }
    } else {
        found.problem(e);
    }
    Value::Null
}

/// Each output resolved: one that fails shows its error (the stack does not
/// fail), unless the evaluation's budget ran out.
fn outputs(
    found: &mut Findings,
    parts: &Parts,
    display: bool,
    marks: bool,
) -> Result<IndexMap<String, OutputResult>, Report> {
    let stack = &parts.stack;
    let mut out = IndexMap::new();
    for (name, piece) in &parts.outputs.pieces {
        let (name, output) = match piece {
            Piece::Known(output) => (name.as_str(), output),
            // A display evaluation shows an output that does not parse with its error.
            Piece::Failed(e) if display => {
                out.insert(name.clone(), OutputResult { value: Value::Null, error: Some(e.text()) });
                continue;
            }
            Piece::Failed(_) | Piece::Unknown => continue,
        };
        let value = match output {
            Output::Disabled => OutputResult { value: Value::Null, error: None },
            Output::Enabled { expr, span } => match eval::resolve(stack, expr) {
                Ok(v) => OutputResult { value: v, error: None },
                Err(e) if e.code == "budget-exceeded" => return Err(Report::Stop(e)),
                Err(e) if e.is_unknown() => {
                    let at = vec![
                        PathItem::Key("outputs".into()),
                        PathItem::Key(name.to_string()),
                        PathItem::Key("value".into()),
                    ];
                    if let Some(sym) = crate::symbolic::display(stack, expr) {
                        result::mark_display(at, &sym, &mut found.marks);
                    }
                    found.problem(e.prefixed(&["outputs", name, "value"]).at_if_unset(*span));
                    out.insert(name.to_string(), OutputResult { value: Value::Null, error: None });
                    continue;
                }
                Err(e) => {
                    let e = e.at_if_unset(*span);
                    let mut d = e.to_diagnostic();
                    d.path = format!("outputs.{name}.value");
                    found.report.push(Report::Diagnostic(d));
                    OutputResult { value: Value::Null, error: Some(e.text()) }
                }
            },
        };
        if let (Output::Enabled { expr, .. }, true) = (output, marks) {
            let at =
                vec![PathItem::Key("outputs".into()), PathItem::Key(name.to_string()), PathItem::Key("value".into())];
            result::mark_deferred(stack, at, Some(expr), &mut found.marks);
        }
        out.insert(name.to_string(), value);
    }
    Ok(out)
}
