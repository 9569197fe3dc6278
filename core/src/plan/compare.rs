//! Heat's comparison, stack by stack: `StackUpdate.preview`
//! (`heat/engine/update.py`), `Resource.preview_update` with its hooks
//! (`heat/engine/resource.py`), and the `show_nested` recursion of
//! `EngineService.preview_update_stack` — plus the reasons, changed values
//! and places the plan adds.

use std::rc::Rc;

use super::record::{Res, StackRec, Stacks};
use super::rules::{self, NeedsUpdate, PropsView};
use super::{result_path, Action, Change, Reason, ResourcePlan, Side, StackPlan};
use crate::catalogue::PropSchema;
use crate::engine::properties::{PropError, Validation};
use crate::eval::Expr;
use crate::model::diag::{Diagnostic, HeatError, PathItem};
use crate::model::{Format, Rendered};
use crate::pyhash::PySet;
use crate::render::{self, Placeholders};
use crate::stack::Stack;
use crate::value::{Map, Value};
use crate::version::HotVersion;

/// Both stacks and how to show them.
pub(super) struct Ctx<'a> {
    pub cur: &'a Stacks,
    pub new: &'a Stacks,
    pub cur_view: Side<'a>,
    pub new_view: Side<'a>,
    pub format: Format,
    /// The new stack's `resource_registry` (`restricted_actions`).
    pub registry: Map,
    /// How the answering release's Python hashes strings (set order).
    pub hash: crate::pyhash::StrHash,
}

/// The whole preview: the top-level stack, then the nested ones.
pub(super) fn preview(ctx: &Ctx<'_>) -> Result<StackPlan, HeatError> {
    let scratch = Stack::new(HotVersion::V2018_08_31);
    stack(ctx, &scratch, &[])
}

/// `StackUpdate.preview` of the stacks at `path`, then its `show_nested` part.
fn stack(ctx: &Ctx<'_>, scratch: &Stack, path: &[Rc<str>]) -> Result<StackPlan, HeatError> {
    let empty = StackRec::default();
    let cur = ctx.cur.get(path).unwrap_or(&empty);
    let new = ctx.new.get(path).unwrap_or(&empty);
    let cur_keys = PySet::from_sequence(ctx.hash, cur.resources.keys().map(|k| &**k));
    let upd_keys = PySet::from_sequence(ctx.hash, new.resources.keys().map(|k| &**k));
    let common = super::request::intersection(&cur_keys, &upd_keys);
    let mut out = StackPlan::default();
    for name in common.iter() {
        let (Some(c), Some(n)) = (cur.resources.get(name), new.resources.get(name)) else { continue };
        out.resources.push(compare(ctx, scratch, path, c, n)?);
    }
    for (name, c) in &cur.resources {
        if !new.resources.contains_key(name) {
            out.resources.push(listed(ctx, c, Action::Deleted));
        }
    }
    for (name, n) in &new.resources {
        if !cur.resources.contains_key(name) {
            out.resources.push(listed(ctx, n, Action::Added));
        }
    }
    // show_nested: deleted and replaced nested stacks' resources deleted,
    // added and replaced ones' resources added, updated ones compared.
    for r in &out.resources {
        let name: Rc<str> = Rc::from(r.name.as_str());
        let mut at = path.to_vec();
        at.push(name.clone());
        let has = |stacks: &Stacks, rec: &StackRec| {
            rec.resources.get(&name).is_some_and(|res| res.nested) && stacks.contains_key(&at)
        };
        let mut nested = StackPlan::default();
        if matches!(r.action, Action::Deleted | Action::Replaced) && has(ctx.cur, cur) {
            merge(&mut nested, listing(ctx, ctx.cur, &at, Action::Deleted));
        }
        if matches!(r.action, Action::Added | Action::Replaced) && has(ctx.new, new) {
            merge(&mut nested, listing(ctx, ctx.new, &at, Action::Added));
        }
        if !nested.resources.is_empty() || !nested.nested.is_empty() {
            out.nested.insert(r.name.clone(), nested);
        }
    }
    let updated: Vec<String> =
        out.resources.iter().filter(|r| r.action == Action::Updated).map(|r| r.name.clone()).collect();
    for name in updated {
        let key: Rc<str> = Rc::from(name.as_str());
        let mut at = path.to_vec();
        at.push(key.clone());
        // A created nested-stack resource always has its stack (an empty
        // one when the engine built none); the new one has it when built.
        let nested_both = cur.resources.get(&key).is_some_and(|r| r.nested)
            && new.resources.get(&key).is_some_and(|r| r.nested)
            && ctx.new.contains_key(&at);
        if nested_both {
            let sub = stack(ctx, scratch, &at)?;
            if !sub.resources.is_empty() || !sub.nested.is_empty() {
                out.nested.insert(name, sub);
            }
        }
    }
    crate::sort::sort_by(&mut out.resources, |a, b| a.name.cmp(&b.name));
    Ok(out)
}

/// Every resource of a nested stack (recursively) as deleted or added.
fn listing(ctx: &Ctx<'_>, stacks: &Stacks, path: &[Rc<str>], action: Action) -> StackPlan {
    let mut out = StackPlan::default();
    let Some(rec) = stacks.get(path) else { return out };
    for res in rec.resources.values() {
        out.resources.push(listed(ctx, res, action));
        let mut at = path.to_vec();
        at.push(res.name.clone());
        if res.nested && stacks.contains_key(&at) {
            let sub = listing(ctx, stacks, &at, action);
            if !sub.resources.is_empty() || !sub.nested.is_empty() {
                out.nested.insert(res.name.to_string(), sub);
            }
        }
    }
    crate::sort::sort_by(&mut out.resources, |a, b| a.name.cmp(&b.name));
    out
}

/// Lay `more` into `into` (a replaced nested stack: its resources deleted and added).
fn merge(into: &mut StackPlan, more: StackPlan) {
    into.resources.extend(more.resources);
    crate::sort::sort_by(&mut into.resources, |a, b| (a.name.as_str(), a.action).cmp(&(b.name.as_str(), b.action)));
    for (k, v) in more.nested {
        match into.nested.get_mut(&k) {
            Some(existing) => merge(existing, v),
            None => {
                into.nested.insert(k, v);
            }
        }
    }
}

/// A resource that is only added or deleted.
fn listed(ctx: &Ctx<'_>, res: &Res, action: Action) -> ResourcePlan {
    let side = if action == Action::Deleted { &ctx.cur_view } else { &ctx.new_view };
    ResourcePlan {
        name: res.name.to_string(),
        action,
        type_name: res.frozen.type_name.clone(),
        reasons: Vec::new(),
        properties: Vec::new(),
        fields: Vec::new(),
        restricted: None,
        deletion_policy: (action == Action::Deleted).then(|| deletion_policy(res)),
        place: side.place(res.span_of("type", true).unwrap_or(res.span)),
    }
}

fn deletion_policy(res: &Res) -> String {
    res.frozen.deletion_policy.clone().unwrap_or_else(|| "Delete".into())
}

/// A resource's `Properties` as the preview reads them: over its frozen
/// data, with its class's schema and no translation rules (a frozen
/// definition has none).
struct Props<'a> {
    schema: &'static [PropSchema],
    entries: Vec<(Value, Expr)>,
    stack: &'a Stack,
}

impl<'a> Props<'a> {
    fn of(res: &Res, stack: &'a Stack) -> Props<'a> {
        let entries = match &res.frozen.properties {
            Some(Value::Map(m)) => m.iter().map(|(k, v)| (k.clone(), Expr::Scalar(v.clone()))).collect(),
            _ => Vec::new(),
        };
        Props { schema: res.schema, entries, stack }
    }
}

impl PropsView for Props<'_> {
    fn get(&self, key: &str) -> Result<Value, String> {
        if !self.schema.iter().any(|s| s.name == key) {
            return Ok(Value::Null);
        }
        let v = Validation::new(self.stack, self.schema, &[], &self.entries);
        v.read(self.schema, &self.entries, key).map_err(|e| match e {
            PropError::Value(m) | PropError::Svf(_, m) => m,
            PropError::Fatal(e) | PropError::Unknown(e) => e.text(),
        })
    }
}

/// A Python exception the preview raises.
fn raised(kind: &str, message: String) -> HeatError {
    let d = Diagnostic::error("plan-error", message.clone());
    HeatError { kind: kind.into(), message, path: Vec::new(), diagnostic: d }
}

/// The outcome of `preview_update` for one resource.
enum Outcome {
    Unchanged,
    Updated(Vec<Reason>),
    Replaced(Vec<Reason>),
}

/// `StackUpdate.preview` of one resource both stacks have.
fn compare(ctx: &Ctx<'_>, scratch: &Stack, path: &[Rc<str>], cur: &Res, new: &Res) -> Result<ResourcePlan, HeatError> {
    let before = Props::of(cur, scratch);
    let after = Props::of(new, scratch);
    let diff = cur.frozen.differences(&new.frozen);
    let changed = changed_properties(ctx, cur, new, &before, &after)?;
    let outcome = if cur.class != new.class {
        Outcome::Replaced(vec![Reason::TypeChanged {
            from: cur.frozen.type_name.clone(),
            to: new.frozen.type_name.clone(),
            from_class: cur.class.name(),
            to_class: new.class.name(),
        }])
    } else {
        preview_update(cur, new, &before, &after, &diff, &changed)?
    };
    let (action, reasons) = match outcome {
        Outcome::Unchanged => (Action::Unchanged, Vec::new()),
        Outcome::Updated(r) => (Action::Updated, r),
        Outcome::Replaced(r) => (Action::Replaced, r),
    };
    let type_name = if action == Action::Updated { &cur.frozen.type_name } else { &new.frozen.type_name };
    let forcing = forcing_properties(&reasons);
    let mut plan = ResourcePlan {
        name: new.name.to_string(),
        action,
        type_name: type_name.clone(),
        reasons,
        properties: Vec::new(),
        fields: Vec::new(),
        restricted: None,
        deletion_policy: (action == Action::Replaced).then(|| deletion_policy(cur)),
        place: ctx.new_view.place(new.span_of("type", true).unwrap_or(new.span)),
    };
    if action != Action::Unchanged {
        plan.properties = property_changes(ctx, path, cur, new, &changed.keys, &forcing);
        plan.fields = field_changes(ctx, cur, new, &diff);
        plan.restricted = restricted(ctx, path, &new.name, action);
    }
    Ok(plan)
}

/// The properties whose change is named by a replacing reason.
fn forcing_properties(reasons: &[Reason]) -> Vec<String> {
    let mut out = Vec::new();
    for r in reasons {
        match r {
            Reason::NotUpdatable { properties } => out.extend(properties.iter().cloned()),
            Reason::Rule { property: Some(p), .. } => out.push(p.clone()),
            _ => {}
        }
    }
    out
}

/// `update_template_diff_properties`'s changed set (keys of the new
/// properties, in schema order, whose value differs from the stored one),
/// or Heat's error reading a new value. A provider's properties (the
/// template's parameters, all `update_allowed`) are compared as given.
struct Changed {
    keys: Vec<String>,
    /// An error reading a new value (raised only if Heat gets that far).
    error: Option<String>,
    /// The first changed key (in Heat's set order) whose new value does not
    /// read: raised when the resource is updated (Heat returns the new values).
    late_error: Option<String>,
}

fn changed_properties(
    ctx: &Ctx<'_>,
    cur: &Res,
    new: &Res,
    before: &Props<'_>,
    after: &Props<'_>,
) -> Result<Changed, HeatError> {
    let mut keys = Vec::new();
    if new.provider || cur.provider {
        let raw = |r: &Res| match &r.frozen.properties {
            Some(Value::Map(m)) => (**m).clone(),
            _ => Map::new(),
        };
        let (b, a) = (raw(cur), raw(new));
        for (k, v) in a.iter().chain(b.iter()) {
            let name = crate::pyfmt::py_str(k);
            let same = match (b.get(k), a.get(k)) {
                (Some(x), Some(y)) => x.py_eq(y),
                _ => false,
            };
            if !same && !keys.contains(&name) {
                let _ = v;
                keys.push(name);
            }
        }
        return Ok(Changed { keys, error: None, late_error: None });
    }
    for s in new.schema {
        // `prop_changed`: an error reading the stored value counts as a
        // change; one reading the new value is raised.
        let differs = match before.get(s.name) {
            Err(_) => true,
            Ok(old) => match after.get(s.name) {
                Ok(v) => !old.py_eq(&v),
                Err(e) => return Ok(Changed { keys, error: Some(e), late_error: None }),
            },
        };
        if differs {
            keys.push(s.name.to_string());
        }
    }
    let late_error =
        PySet::from_sequence(ctx.hash, keys.iter().map(String::as_str)).iter().find_map(|k| after.get(k).err());
    Ok(Changed { keys, error: None, late_error })
}

/// `Resource.preview_update` with the class's hooks.
fn preview_update(
    cur: &Res,
    new: &Res,
    before: &Props<'_>,
    after: &Props<'_>,
    diff: &[&'static str],
    changed: &Changed,
) -> Result<Outcome, HeatError> {
    let value_error = |m: String| raised("ValueError", m);
    let rules = cur.rules;
    let needs_update =
        if cur.provider { NeedsUpdate::NestedStack } else { rules.map_or(NeedsUpdate::Base, |r| r.needs_update) };
    let mut reasons = Vec::new();
    // `_needs_update`.
    let base = |reasons: &mut Vec<Reason>| -> Result<Option<Outcome>, HeatError> {
        if let Some(f) =
            rules::needs_replace(rules.map_or(rules::Replace::Base, |r| r.replace), after).map_err(value_error)?
        {
            return Ok(Some(Outcome::Replaced(vec![Reason::Rule { rule: f.rule, property: f.property }])));
        }
        if !diff.is_empty() {
            reasons.push(Reason::Changed { fields: diff.to_vec() });
            return Ok(None);
        }
        // `before_props != after_props` (a ValueError counts as different).
        let all = |p: &Props<'_>| p.schema.iter().map(|s| p.get(s.name)).collect::<Result<Vec<_>, _>>();
        match (all(before), all(after)) {
            (Ok(b), Ok(a)) if b.len() == a.len() && b.iter().zip(&a).all(|(x, y)| x.py_eq(y)) => {
                Ok(Some(Outcome::Unchanged))
            }
            _ => {
                reasons.push(Reason::Changed { fields: vec!["properties"] });
                Ok(None)
            }
        }
    };
    match needs_update {
        NeedsUpdate::Base => {
            if let Some(done) = base(&mut reasons)? {
                return Ok(done);
            }
        }
        NeedsUpdate::NestedStack => {
            reasons.push(Reason::NestedStack);
            if !diff.is_empty() {
                reasons.push(Reason::Changed { fields: diff.to_vec() });
            }
        }
        NeedsUpdate::AlwaysReplace => return Ok(Outcome::Replaced(vec![Reason::AlwaysReplaced])),
        NeedsUpdate::MistralExternal => {
            let (forced, always) = rules::mistral_external(before, after, before).map_err(value_error)?;
            if let Some(f) = forced {
                return Ok(Outcome::Replaced(vec![Reason::Rule { rule: f.rule, property: f.property }]));
            }
            if always {
                reasons.push(Reason::AlwaysUpdate);
                if !diff.is_empty() {
                    reasons.push(Reason::Changed { fields: diff.to_vec() });
                }
            } else if let Some(done) = base(&mut reasons)? {
                return Ok(done);
            }
        }
    }
    // `needs_replace_with_tmpl_diff` (the diff of the raw definitions).
    let tmpl_changed = diff.iter().any(|f| matches!(*f, "properties" | "metadata" | "update_policy"));
    if tmpl_changed {
        let rule = rules.map_or(rules::TmplDiff::Base, |r| r.tmpl_diff);
        if let Some(f) = rules::tmpl_diff_replaces(rule, diff.contains(&"metadata")) {
            return Ok(Outcome::Replaced(vec![Reason::Rule { rule: f.rule, property: f.property }]));
        }
    }
    // `update_template_diff_properties`.
    if let Some(e) = &changed.error {
        return Err(value_error(e.clone()));
    }
    if let Some(r) = rules {
        let mut forbidden: Vec<&str> =
            changed.keys.iter().filter(|k| r.immutable.contains(&k.as_str())).map(String::as_str).collect();
        if !forbidden.is_empty() {
            crate::sort::sort(&mut forbidden);
            return Err(raised(
                "NotSupported",
                format!(
                    "Update to properties {} of {} ({}) is not supported.",
                    forbidden.join(", "),
                    cur.name,
                    cur.frozen.type_name
                ),
            ));
        }
        if !changed.keys.is_empty() {
            if let Some(f) =
                rules::prop_diff_replaces(r.prop_diff, &changed.keys, after, before).map_err(value_error)?
            {
                return Ok(Outcome::Replaced(vec![Reason::Rule { rule: f.rule, property: f.property }]));
            }
        }
    }
    if !new.provider {
        let mut not_allowed: Vec<String> = changed
            .keys
            .iter()
            .filter(|k| {
                // No class of Heat 27 has `update_allowed_properties`
                // (tools/gen_plan_data.py checks it): the schema says.
                !new.schema.iter().any(|s| s.name == k.as_str() && s.update_allowed)
            })
            .cloned()
            .collect();
        if !not_allowed.is_empty() {
            crate::sort::sort(&mut not_allowed);
            return Ok(Outcome::Replaced(vec![Reason::NotUpdatable { properties: not_allowed }]));
        }
    }
    // `dict((k, after_props.get(k)) for k in changed_properties_set)`.
    if let Some(e) = &changed.late_error {
        return Err(value_error(e.clone()));
    }
    // What `handle_update` then does with a change under an update policy.
    for &(property, policy, default) in rules.map_or(&[][..], |r| r.policies) {
        if !changed.keys.iter().any(|k| k == property) {
            continue;
        }
        let value = match after.get(policy) {
            Ok(Value::Str(v)) if !v.is_empty() => v.to_string(),
            _ => default.to_string(),
        };
        if let Some(effect) = rules::in_place(&value) {
            reasons.push(Reason::InPlace { property: property.to_string(), policy: policy.to_string(), value, effect });
        }
    }
    Ok(Outcome::Updated(reasons))
}

/// Each changed property, before and after.
fn property_changes(
    ctx: &Ctx<'_>,
    path: &[Rc<str>],
    cur: &Res,
    new: &Res,
    keys: &[String],
    forcing: &[String],
) -> Vec<Change> {
    let base = result_path(path);
    keys.iter()
        .map(|k| {
            let at = |name: &str| {
                let mut p = base.clone();
                p.extend([
                    PathItem::Key("resources".into()),
                    PathItem::Key(name.to_string()),
                    PathItem::Key("properties".into()),
                    PathItem::Key(k.clone()),
                ]);
                p
            };
            let given = |r: &Res| matches!(&r.frozen.properties, Some(Value::Map(m)) if m.get_str(k).is_some());
            Change {
                name: k.clone(),
                before: if given(cur) { ctx.cur_view.render(&at(&cur.name), ctx.format) } else { None },
                after: if given(new) { ctx.new_view.render(&at(&new.name), ctx.format) } else { None },
                forces_replacement: forcing.contains(k),
                update_allowed: new.provider || new.schema.iter().any(|s| s.name == k.as_str() && s.update_allowed),
                place: new.span_of(k, false).and_then(|s| ctx.new_view.place(s)),
            }
        })
        .collect()
}

/// Each changed definition field besides properties.
fn field_changes(ctx: &Ctx<'_>, cur: &Res, new: &Res, diff: &[&'static str]) -> Vec<Change> {
    diff.iter()
        .filter(|f| **f != "properties")
        .map(|f| {
            let show = |r: &Res| -> Option<Rendered> {
                let v = match *f {
                    "type" => Some(Value::from(r.frozen.type_name.as_str())),
                    "metadata" => r.frozen.metadata.clone(),
                    "depends_on" => r
                        .frozen
                        .depends_on
                        .as_ref()
                        .map(|d| Value::list(d.iter().map(|s| Value::from(s.as_str())).collect())),
                    "deletion_policy" => r.frozen.deletion_policy.as_deref().map(Value::from),
                    "update_policy" => r.frozen.update_policy.clone(),
                    "external_id" => r.frozen.external_id.clone(),
                    _ => r.frozen.condition.clone(),
                }?;
                Some(render::render(&v, &[], &Placeholders::new(), ctx.format))
            };
            Change {
                name: (*f).to_string(),
                before: show(cur),
                after: show(new),
                forces_replacement: *f == "type" && cur.class != new.class,
                update_allowed: true,
                place: new.span_of(f, true).and_then(|s| ctx.new_view.place(s)),
            }
        })
        .collect()
}

/// The `restricted_actions` entry of the new environment the real update
/// would stop at (top-level resources: `resource_registry.resources.NAME`).
fn restricted(ctx: &Ctx<'_>, path: &[Rc<str>], name: &str, action: Action) -> Option<String> {
    if !path.is_empty() {
        return None;
    }
    let wanted = match action {
        Action::Replaced => "replace",
        Action::Updated => "update",
        _ => return None,
    };
    let entry = ctx.registry.get_str("resources")?.as_map()?.get_str(name)?.as_map()?.get_str("restricted_actions")?;
    let hit = match entry {
        Value::Str(s) => &**s == wanted,
        Value::List(items) => items.iter().any(|i| i.as_str() == Some(wanted)),
        _ => false,
    };
    hit.then(|| wanted.to_string())
}
