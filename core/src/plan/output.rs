//! A plan as data: the oracle's preview result (Heat's five lists and the
//! nested stacks), the whole plan with its reasons, and the reasons in words.

use super::{Action, Plan, Reason, ResourcePlan, StackPlan};
use indexmap::IndexMap;

use crate::model::plan::{InPlace, NestedPreview, PlanDetail, PlanSummary, PreviewEntry, PreviewLists, PreviewResult};
use crate::pyfmt::{json_dumps, JsonStyle};
use crate::value::Value;

impl Plan {
    /// Heat's answer as the oracle's preview result: `error`, `preview` (five
    /// lists of `{name, type}` sorted by name), `nested` (the lists are empty
    /// when there is an error).
    pub fn preview(&self) -> PreviewResult {
        match &self.error {
            Some(e) => PreviewResult { error: Some(e.clone()), ..PreviewResult::default() },
            None => PreviewResult { error: None, preview: lists(&self.stack), nested: nested(&self.stack) },
        }
    }

    /// [`Plan::preview`] as a value.
    pub fn to_value(&self) -> Value {
        self.preview().to_value()
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

fn lists(s: &StackPlan) -> PreviewLists {
    let mut out = PreviewLists::default();
    for action in Action::ALL {
        let mut entries: Vec<&ResourcePlan> = s.resources.iter().filter(|r| r.action == action).collect();
        crate::sort::sort_by(&mut entries, |a, b| (&a.name, &a.type_name).cmp(&(&b.name, &b.type_name)));
        let list = out.list_mut(action);
        list.extend(entries.iter().map(|r| PreviewEntry { name: r.name.clone(), type_name: r.type_name.clone() }));
    }
    out
}

fn nested(s: &StackPlan) -> IndexMap<String, NestedPreview> {
    s.nested.iter().map(|(name, n)| (name.clone(), NestedPreview { preview: lists(n), nested: nested(n) })).collect()
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

    /// The whole plan as data: Heat's answer, the counts, and every stack's
    /// resources with their reasons, changed values and places. It takes the
    /// plan (no copy of its stacks: the wasm module has no `StackPlan::clone`).
    pub fn into_detail(self) -> PlanDetail {
        let (heat, summary) = (self.to_value(), self.summary());
        let stack = if self.error.is_some() { StackPlan::default() } else { self.stack };
        PlanDetail { heat, summary, error_place: self.error_place, stack }
    }
}

#[cfg(feature = "serialize")]
impl serde::Serialize for Reason {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct as _;
        let kind = match self {
            Reason::TypeChanged { .. } => "type-changed",
            Reason::NotUpdatable { .. } => "not-updatable",
            Reason::Rule { .. } => "rule",
            Reason::AlwaysReplaced => "always-replaced",
            Reason::NestedStack => "nested-stack",
            Reason::Changed { .. } => "changed",
            Reason::AlwaysUpdate => "always-update",
            Reason::InPlace { effect: InPlace::Rebuild { .. }, .. } => "rebuild",
            Reason::InPlace { effect: InPlace::Resize, .. } => "resize",
            Reason::InPlace { effect: InPlace::Ignored, .. } => "ignored",
            Reason::ReferencesReplaced { .. } => "references-replaced",
        };
        let mut s = ser.serialize_struct("PlanReason", 3)?;
        s.serialize_field("kind", kind)?;
        s.serialize_field("text", &self.text())?;
        s.serialize_field("properties", &self.properties())?;
        s.end()
    }
}

/// Its resources, and its nested stacks as an object (in their order).
#[cfg(feature = "serialize")]
impl serde::Serialize for StackPlan {
    fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct as _;
        struct InOrder<'a>(&'a indexmap::IndexMap<String, StackPlan>);
        impl serde::Serialize for InOrder<'_> {
            fn serialize<S: serde::Serializer>(&self, ser: S) -> Result<S::Ok, S::Error> {
                ser.collect_map(self.0)
            }
        }
        let mut s = ser.serialize_struct("StackPlan", 2)?;
        s.serialize_field("resources", &self.resources)?;
        s.serialize_field("nested", &InOrder(&self.nested))?;
        s.end()
    }
}

impl ResourcePlan {
    /// Replaced or deleted with `deletion_policy: Delete` (the physical
    /// resource and its data are destroyed), or rebuilt in place (a server's
    /// root disk is replaced by the new image).
    pub fn loses_data(&self) -> bool {
        (matches!(self.action, Action::Replaced | Action::Deleted) && self.deletion_policy.as_deref() == Some("Delete"))
            || self.rebuilt()
    }

    /// Updated in place by a rebuild (`image_update_policy: REBUILD`, …).
    pub fn rebuilt(&self) -> bool {
        self.action == Action::Updated
            && self.reasons.iter().any(|r| matches!(r, Reason::InPlace { effect: InPlace::Rebuild { .. }, .. }))
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
                if from == to {
                    format!("its type {to} now maps to another plugin ({from_class} → {to_class})")
                } else {
                    format!("type {from} → {to} ({from_class} → {to_class}): Heat replaces it")
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
            Reason::InPlace { property, policy, value, effect } => {
                let what = match effect {
                    InPlace::Rebuild { preserve_ephemeral: false } => {
                        "Heat rebuilds the server: its root disk is replaced by the image, and the data on it is lost"
                    }
                    InPlace::Rebuild { preserve_ephemeral: true } => {
                        "Heat rebuilds the server: its root disk is replaced by the image (the ephemeral disk is kept)"
                    }
                    InPlace::Resize => {
                        "Heat resizes the server: it is stopped and restarted on the new flavor (downtime)"
                    }
                    InPlace::Ignored => "Heat does not apply this change",
                };
                format!("{property} changed and {policy} is {value}: {what}")
            }
            Reason::ReferencesReplaced { names } => {
                let list: Vec<String> = names.iter().map(|n| format!("`{n}`")).collect();
                let (verb, whose) = if names.len() > 1 { ("are", "resources'") } else { ("is", "resource's") };
                format!(
                    "will change: it references {}, which {verb} replaced (Heat's preview lists it as unchanged; the real update gives it the new {whose} id and attributes)",
                    list.join(", ")
                )
            }
        }
    }
}
