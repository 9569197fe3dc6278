//! A plan as data: the oracle's preview result (Heat's five lists and the
//! nested stacks), the whole plan with its reasons, and the reasons in words.

use super::{Action, Change, Place, Plan, Reason, ResourcePlan, StackPlan};
use crate::diag::HeatError;
use crate::pyfmt::{json_dumps, JsonStyle};
use crate::render::Rendered;
use crate::value::{Map, Value};

impl Plan {
    /// The oracle's preview result as a value: `error`, `preview` (five
    /// lists of `{name, type}` sorted by name), `nested`.
    pub fn to_value(&self) -> Value {
        let mut m = Map::new();
        m.insert_str("error", error_value(self.error.as_ref()));
        let (preview, nested) = if self.error.is_some() {
            (lists(&StackPlan::default()), Map::new())
        } else {
            (lists(&self.stack), nested_value(&self.stack))
        };
        m.insert_str("preview", preview);
        m.insert_str("nested", Value::map(nested));
        Value::map(m)
    }

    /// The oracle's preview result text (sorted keys, indent 2).
    pub fn to_json(&self) -> String {
        // Names, types and messages only: nothing here fails to write.
        json_dumps(&self.to_value(), JsonStyle::RESULT).unwrap_or_default()
    }

    /// Every resource of the plan with its stack path (resource names from
    /// the top), depth first.
    pub fn resources(&self) -> Vec<(Vec<String>, &ResourcePlan)> {
        let mut out = Vec::new();
        walk(&self.stack, &mut Vec::new(), &mut out);
        out
    }
}

fn walk<'a>(s: &'a StackPlan, path: &mut Vec<String>, out: &mut Vec<(Vec<String>, &'a ResourcePlan)>) {
    for r in &s.resources {
        out.push((path.clone(), r));
    }
    for (name, n) in &s.nested {
        path.push(name.clone());
        walk(n, path, out);
        path.pop();
    }
}

fn error_value(e: Option<&HeatError>) -> Value {
    e.map_or(Value::Null, HeatError::to_value)
}

fn lists(s: &StackPlan) -> Value {
    let mut m = Map::new();
    for action in Action::ALL {
        let mut entries: Vec<&ResourcePlan> = s.resources.iter().filter(|r| r.action == action).collect();
        crate::sort::sort_by(&mut entries, |a, b| (&a.name, &a.type_name).cmp(&(&b.name, &b.type_name)));
        let items = entries
            .iter()
            .map(|r| {
                let mut e = Map::new();
                e.insert_str("name", Value::from(r.name.as_str()));
                e.insert_str("type", Value::from(r.type_name.as_str()));
                Value::map(e)
            })
            .collect();
        m.insert_str(action.as_str(), Value::list(items));
    }
    Value::map(m)
}

fn nested_value(s: &StackPlan) -> Map {
    let mut m = Map::new();
    for (name, n) in &s.nested {
        let mut e = Map::new();
        e.insert_str("preview", lists(n));
        e.insert_str("nested", Value::map(nested_value(n)));
        m.insert_str(name, Value::map(e));
    }
    m
}

/// How many resources each action touches, nested stacks included.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlanSummary {
    /// Created.
    pub added: usize,
    /// Deleted.
    pub deleted: usize,
    /// Deleted and created again.
    pub replaced: usize,
    /// Changed in place.
    pub updated: usize,
    /// Left alone.
    pub unchanged: usize,
    /// Refused by the real update (`restricted_actions`).
    pub restricted: usize,
    /// Replaced or deleted with `deletion_policy: Delete` (their data is lost).
    pub data_lost: usize,
}

impl PlanSummary {
    /// The count of one action.
    pub fn count(&self, action: Action) -> usize {
        match action {
            Action::Added => self.added,
            Action::Deleted => self.deleted,
            Action::Replaced => self.replaced,
            Action::Updated => self.updated,
            Action::Unchanged => self.unchanged,
        }
    }
}

impl Plan {
    /// The counts of the plan (every stack).
    pub fn summary(&self) -> PlanSummary {
        let mut s = PlanSummary::default();
        if self.error.is_some() {
            return s;
        }
        for (_, r) in self.resources() {
            match r.action {
                Action::Added => s.added += 1,
                Action::Deleted => s.deleted += 1,
                Action::Replaced => s.replaced += 1,
                Action::Updated => s.updated += 1,
                Action::Unchanged => s.unchanged += 1,
            }
            s.restricted += usize::from(r.restricted.is_some());
            s.data_lost += usize::from(r.loses_data());
        }
        s
    }

    /// The whole plan as data: Heat's answer (`heat`: the oracle's preview
    /// result), the counts, and every stack's resources with their reasons,
    /// changed values (text with deploy-time marks, UTF-16 offsets) and places.
    pub fn detail_value(&self) -> Value {
        let mut m = Map::new();
        m.insert_str("heat", self.to_value());
        let s = self.summary();
        let mut counts = Map::new();
        for a in Action::ALL {
            counts.insert_str(a.as_str(), count(s.count(a)));
        }
        counts.insert_str("restricted", count(s.restricted));
        counts.insert_str("data_lost", count(s.data_lost));
        m.insert_str("summary", Value::map(counts));
        let stack = if self.error.is_some() { StackPlan::default() } else { self.stack.clone() };
        m.insert_str("stack", stack_value(&stack));
        Value::map(m)
    }
}

fn count(n: usize) -> Value {
    Value::Int(i64::try_from(n).unwrap_or(i64::MAX))
}

fn text(s: &str) -> Value {
    Value::from(s)
}

fn opt_text(s: Option<&str>) -> Value {
    s.map_or(Value::Null, Value::from)
}

fn stack_value(s: &StackPlan) -> Value {
    let mut m = Map::new();
    m.insert_str("resources", Value::list(s.resources.iter().map(resource_value).collect()));
    let mut nested = Map::new();
    for (k, n) in &s.nested {
        nested.insert_str(k, stack_value(n));
    }
    m.insert_str("nested", Value::map(nested));
    Value::map(m)
}

fn resource_value(r: &ResourcePlan) -> Value {
    let mut m = Map::new();
    m.insert_str("name", text(&r.name));
    m.insert_str("action", text(r.action.as_str()));
    m.insert_str("type", text(&r.type_name));
    m.insert_str("reasons", Value::list(r.reasons.iter().map(reason_value).collect()));
    m.insert_str("properties", Value::list(r.properties.iter().map(change_value).collect()));
    m.insert_str("fields", Value::list(r.fields.iter().map(change_value).collect()));
    m.insert_str("restricted", opt_text(r.restricted.as_deref()));
    m.insert_str("deletion_policy", opt_text(r.deletion_policy.as_deref()));
    m.insert_str("loses_data", Value::Bool(r.loses_data()));
    m.insert_str("place", place_value(r.place.as_ref()));
    Value::map(m)
}

fn reason_value(r: &Reason) -> Value {
    let mut m = Map::new();
    let kind = match r {
        Reason::TypeChanged { .. } => "type_changed",
        Reason::NotUpdatable { .. } => "not_updatable",
        Reason::Rule { .. } => "rule",
        Reason::AlwaysReplaced => "always_replaced",
        Reason::NestedStack => "nested_stack",
        Reason::Changed { .. } => "changed",
        Reason::AlwaysUpdate => "always_update",
    };
    m.insert_str("kind", text(kind));
    m.insert_str("text", Value::from(r.text()));
    m.insert_str("properties", Value::list(r.properties().into_iter().map(Value::from).collect()));
    Value::map(m)
}

fn change_value(c: &Change) -> Value {
    let mut m = Map::new();
    m.insert_str("name", text(&c.name));
    m.insert_str("before", rendered_value(c.before.as_ref()));
    m.insert_str("after", rendered_value(c.after.as_ref()));
    m.insert_str("forces_replacement", Value::Bool(c.forces_replacement));
    m.insert_str("update_allowed", Value::Bool(c.update_allowed));
    m.insert_str("place", place_value(c.place.as_ref()));
    Value::map(m)
}

fn rendered_value(r: Option<&Rendered>) -> Value {
    let Some(r) = r else { return Value::Null };
    let mut m = Map::new();
    m.insert_str("text", text(&r.text));
    let marks = r
        .marks
        .iter()
        .map(|mark| {
            let mut mm = Map::new();
            mm.insert_str("label", text(&mark.label));
            mm.insert_str("exact", Value::Bool(mark.exact));
            mm.insert_str("from", Value::Int(i64::from(mark.from)));
            mm.insert_str("to", Value::Int(i64::from(mark.to)));
            Value::map(mm)
        })
        .collect();
    m.insert_str("marks", Value::list(marks));
    Value::map(m)
}

fn place_value(p: Option<&Place>) -> Value {
    let Some(p) = p else { return Value::Null };
    let mut m = Map::new();
    m.insert_str("file", text(&p.file));
    m.insert_str("line", Value::Int(i64::from(p.line)));
    m.insert_str("column", Value::Int(i64::from(p.column)));
    m.insert_str("end_line", Value::Int(i64::from(p.end_line)));
    m.insert_str("end_column", Value::Int(i64::from(p.end_column)));
    Value::map(m)
}

impl ResourcePlan {
    /// Replaced or deleted with `deletion_policy: Delete`: the physical
    /// resource and its data are destroyed.
    pub fn loses_data(&self) -> bool {
        matches!(self.action, Action::Replaced | Action::Deleted) && self.deletion_policy.as_deref() == Some("Delete")
    }

    /// The properties whose change forces the replacement.
    pub fn forcing(&self) -> Vec<&str> {
        self.properties.iter().filter(|c| c.forces_replacement).map(|c| c.name.as_str()).collect()
    }
}

impl Reason {
    /// The properties a reason names.
    pub fn properties(&self) -> Vec<&str> {
        match self {
            Reason::NotUpdatable { properties } => properties.iter().map(String::as_str).collect(),
            Reason::Rule { property: Some(p), .. } => vec![p.as_str()],
            _ => Vec::new(),
        }
    }

    /// The reason in words.
    pub fn text(&self) -> String {
        match self {
            Reason::TypeChanged { from, to, from_class, to_class } => {
                let short = |c: &str| c.rsplit('.').next().unwrap_or(c).to_string();
                if from == to {
                    format!("its type {to} now maps to another plugin ({} → {})", short(from_class), short(to_class))
                } else {
                    format!("type {from} → {to} ({} → {}): Heat replaces it", short(from_class), short(to_class))
                }
            }
            Reason::NotUpdatable { properties } => {
                format!("{} cannot be updated in place (not update_allowed)", properties.join(", "))
            }
            Reason::Rule { rule, property: Some(p) } => format!("{p} changed and {rule}"),
            Reason::Rule { rule, property: None } => rule.clone(),
            Reason::AlwaysReplaced => "Heat replaces this type on every update".into(),
            Reason::NestedStack => "a nested stack is always updated: its resources decide".into(),
            Reason::Changed { fields } => format!("{} changed", fields.join(", ")),
            Reason::AlwaysUpdate => "always_update is set".into(),
        }
    }
}
