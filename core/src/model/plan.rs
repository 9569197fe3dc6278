//! An update plan as data: Heat's preview (`Plan::to_json` writes the
//! oracle's preview format), and per resource what the update does and why,
//! its changed values as text and their places. `plan/` makes it.

use indexmap::IndexMap;

use crate::model::diag::HeatError;
use crate::model::rendered::Rendered;
use crate::model::request::{Document, Request, StackInputs};
use crate::value::{Map, Value};

/// What the update does to one resource.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "serialize", serde(rename_all = "lowercase"))]
#[cfg_attr(feature = "ts", ts(rename = "PlanAction"))]
pub enum Action {
    /// Created by the update.
    Added,
    /// Deleted by the update.
    Deleted,
    /// Deleted and created again (a new physical resource).
    Replaced,
    /// Changed in place.
    Updated,
    /// Left alone.
    Unchanged,
}

impl Action {
    /// Heat's list name (`added`, `deleted`, `replaced`, `updated`, `unchanged`).
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Added => "added",
            Action::Deleted => "deleted",
            Action::Replaced => "replaced",
            Action::Updated => "updated",
            Action::Unchanged => "unchanged",
        }
    }

    /// Heat's five lists, in the order its result names them.
    pub const ALL: [Action; 5] = [Action::Added, Action::Deleted, Action::Replaced, Action::Unchanged, Action::Updated];
}

/// Why a resource is replaced or updated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reason {
    /// Its type now maps to another plugin class (`type(current) is not
    /// type(new)`): Heat replaces it, whatever else changed.
    TypeChanged {
        /// The type before, as written.
        from: String,
        /// The new type.
        to: String,
        /// The plugin class of each (its name; a provider template's is
        /// `TemplateResource`).
        from_class: &'static str,
        /// The new class.
        to_class: &'static str,
    },
    /// Changed properties that cannot be updated in place (not
    /// `update_allowed` in the type's schema).
    NotUpdatable {
        /// The properties, sorted.
        properties: Vec<String>,
    },
    /// A rule of the resource's plugin (`flavor_update_policy is REPLACE`,
    /// `replacement_policy is REPLACE_ALWAYS`, …).
    Rule {
        /// The rule in words.
        rule: String,
        /// The property it concerns.
        property: Option<String>,
    },
    /// Heat always replaces this type on update (`UpdateWaitConditionHandle`).
    AlwaysReplaced,
    /// A nested stack that exists is always updated: its own resources decide.
    NestedStack,
    /// The definition changed (properties, metadata, `depends_on`, policies, …).
    Changed {
        /// The changed fields of the definition, in Heat's `render_hot` order.
        fields: Vec<&'static str>,
    },
    /// `always_update` is set (`OS::Mistral::ExternalResource`).
    AlwaysUpdate,
    /// A property changed in place whose update policy makes
    /// `handle_update` rebuild, resize or ignore (hotplate's note: Heat's
    /// preview lists the resource as updated).
    InPlace {
        /// The changed property (`image`).
        property: String,
        /// Its policy property and value (`image_update_policy`, `REBUILD`).
        policy: String,
        value: String,
        effect: InPlace,
    },
    /// hotplate's note on a resource Heat's preview lists as unchanged that
    /// references (`get_resource`, `get_attr`) replaced ones: the real update
    /// gives it their new ids and attributes.
    ReferencesReplaced {
        /// The replaced resources it references, in the order found.
        names: Vec<String>,
    },
}

/// Where something is in the sources (1-based lines and columns).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "serialize", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "ts", ts(rename = "PlanPlace"))]
pub struct Place {
    /// The source's name (the template's file name, a file of `files`).
    pub file: String,
    /// 1-based start line.
    pub line: u32,
    /// 1-based start column (code points).
    pub column: u32,
    /// 1-based end line.
    pub end_line: u32,
    /// 1-based end column (exclusive).
    pub end_column: u32,
}

/// A changed property or definition field: its value before and after, as
/// the core renderer writes them (`None`: not given; the schema's default
/// applies to a property).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "serialize", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "ts", ts(rename = "PlanChange"))]
pub struct Change {
    /// The property name, or the field (`metadata`, `depends_on`, …).
    pub name: String,
    /// The value in the existing stack.
    pub before: Option<Rendered>,
    /// The value in the new stack (deploy-time values marked).
    pub after: Option<Rendered>,
    /// This change alone forces the replacement.
    pub forces_replacement: bool,
    /// Can be updated in place (a property's `update_allowed`; fields: true).
    pub update_allowed: bool,
    /// Where it is written in the new template (none when removed).
    pub place: Option<Place>,
}

/// One resource of a plan.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "serialize", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "ts", ts(rename = "PlannedResource"))]
pub struct ResourcePlan {
    /// The resource name.
    pub name: String,
    /// What the update does.
    pub action: Action,
    /// The type as Heat lists it (the new definition's for added, replaced
    /// and unchanged resources, the existing one's for updated and deleted).
    #[cfg_attr(feature = "serialize", serde(rename = "type"))]
    pub type_name: String,
    /// Why (empty for added and deleted resources; for an unchanged one,
    /// only hotplate's [`Reason::ReferencesReplaced`]).
    #[cfg_attr(feature = "ts", ts(as = "Vec<ReasonView>"))]
    pub reasons: Vec<Reason>,
    /// The changed properties (updated and replaced resources).
    pub properties: Vec<Change>,
    /// The changed definition fields besides properties.
    pub fields: Vec<Change>,
    /// The `restricted_actions` entry the real update would stop at
    /// (`update` or `replace`): Heat's preview does not check them.
    pub restricted: Option<String>,
    /// For a replaced or deleted resource: its `deletion_policy` (`Delete`
    /// destroys its data; `Retain` and `Snapshot` keep it).
    pub deletion_policy: Option<String>,
    /// Where the resource is defined (the new template; the current one for
    /// a deleted resource).
    pub place: Option<Place>,
}

/// One stack of a plan.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "StackPlan"))]
pub struct StackPlan {
    /// The resources Heat lists for this stack, sorted by name.
    pub resources: Vec<ResourcePlan>,
    /// The nested stacks Heat lists resources of, by resource name.
    #[cfg_attr(feature = "ts", ts(type = "Record<string, StackPlan>"))]
    pub nested: IndexMap<String, StackPlan>,
}

/// An update plan: Heat's preview, and why.
#[derive(Clone, Debug, Default)]
pub struct Plan {
    /// Heat's error (then every list is empty).
    pub error: Option<HeatError>,
    /// Where the error is (the new stack's sources; the current stack's for
    /// `CurrentStackFailed`).
    pub error_place: Option<Place>,
    /// The top-level stack.
    pub stack: StackPlan,
}

/// Heat's update preview as the oracle writes it (`preview_update_stack`
/// with `show_nested`). When `error` is set, the lists are empty.
#[derive(Clone, Debug, Default, PartialEq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PreviewResult {
    /// The error Heat would raise.
    pub error: Option<HeatError>,
    /// The top-level stack's five lists.
    pub preview: PreviewLists,
    /// Nested-stack resource name → the resources Heat lists of it.
    #[cfg_attr(feature = "ts", ts(type = "{ [key in string]: NestedPreview }"))]
    pub nested: IndexMap<String, NestedPreview>,
}

/// The five lists of a preview, each sorted by name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PreviewLists {
    /// Created by the update.
    pub added: Vec<PreviewEntry>,
    /// Deleted.
    pub deleted: Vec<PreviewEntry>,
    /// Deleted and created again.
    pub replaced: Vec<PreviewEntry>,
    /// Left alone.
    pub unchanged: Vec<PreviewEntry>,
    /// Changed in place.
    pub updated: Vec<PreviewEntry>,
}

/// A nested stack's part of a preview.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct NestedPreview {
    /// Its five lists.
    pub preview: PreviewLists,
    /// Its nested stacks.
    #[cfg_attr(feature = "ts", ts(type = "{ [key in string]: NestedPreview }"))]
    pub nested: IndexMap<String, NestedPreview>,
}

/// A resource of a preview list.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PreviewEntry {
    /// The resource name.
    pub name: String,
    /// Its type.
    #[cfg_attr(feature = "ts", ts(rename = "type"))]
    pub type_name: String,
}

impl PreviewResult {
    /// The oracle's preview result as a value: `error`, `preview`, `nested`.
    pub fn to_value(&self) -> Value {
        let mut m = Map::with_capacity(3);
        m.insert_str("error", self.error.as_ref().map_or(Value::Null, HeatError::to_value));
        m.insert_str("preview", self.preview.to_value());
        m.insert_str("nested", nested_value(&self.nested));
        Value::map(m)
    }
}

impl PreviewLists {
    /// The list of one action.
    pub fn list_mut(&mut self, action: Action) -> &mut Vec<PreviewEntry> {
        match action {
            Action::Added => &mut self.added,
            Action::Deleted => &mut self.deleted,
            Action::Replaced => &mut self.replaced,
            Action::Updated => &mut self.updated,
            Action::Unchanged => &mut self.unchanged,
        }
    }

    /// The five lists as an object (Heat's list names, in [`Action::ALL`]'s order).
    pub fn to_value(&self) -> Value {
        let mut m = Map::with_capacity(5);
        for (action, list) in [
            (Action::Added, &self.added),
            (Action::Deleted, &self.deleted),
            (Action::Replaced, &self.replaced),
            (Action::Unchanged, &self.unchanged),
            (Action::Updated, &self.updated),
        ] {
            let items = list
                .iter()
                .map(|e| {
                    let mut m = Map::with_capacity(2);
                    m.insert_str("name", Value::from(e.name.as_str()));
                    m.insert_str("type", Value::from(e.type_name.as_str()));
                    Value::map(m)
                })
                .collect();
            m.insert_str(action.as_str(), Value::list(items));
        }
        Value::map(m)
    }
}

/// Nested previews as an object (in their order).
fn nested_value(nested: &IndexMap<String, NestedPreview>) -> Value {
    let mut m = Map::with_capacity(nested.len());
    for (name, n) in nested {
        let mut e = Map::with_capacity(2);
        e.insert_str("preview", n.preview.to_value());
        e.insert_str("nested", nested_value(&n.nested));
        m.insert_str(name, Value::map(e));
    }
    Value::map(m)
}

/// `PUT` (`preview_update`) or `PATCH` (`preview_update_patch`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The new template and environment replace the stored ones.
    Put,
    /// The stored template, files and environment stay under the new ones.
    Patch,
}

/// An update request (the oracle's preview request): Heat's `PUT|PATCH
/// …/preview` body plus `x-current`, the create request of the stack as it is.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "PreviewRequest"))]
pub struct PlanRequest {
    /// The stack as it is: its create request (its `x-playground` mocks apply to both stacks).
    #[cfg_attr(feature = "ts", ts(rename = "x-current"))]
    pub current: Request,
    /// The new template; a PATCH without one keeps the stored template.
    #[cfg_attr(feature = "ts", ts(optional = nullable, type = "string | object | null"))]
    pub template: Option<Document>,
    /// The environment, files and parameters; the Heat settings (`x-heat-config`)
    /// of the whole preview (`current` may carry its own for its create) and the
    /// release that answers it (`x-heat-release`: the update body's, else `x-current`'s).
    #[cfg_attr(feature = "ts", ts(flatten))]
    pub inputs: StackInputs,
    /// `true`: PATCH (the stored template, files, environment and parameters stay under the new ones).
    #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
    pub existing: bool,
    /// Stored parameters a PATCH forgets.
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<String>>", optional))]
    pub clear_parameters: Vec<String>,
    /// heat-api's method (default: PATCH when `existing`, else PUT).
    #[cfg_attr(feature = "ts", ts(rename = "x-method", optional = nullable, type = "\"PUT\" | \"PATCH\""))]
    pub method: Method,
    /// The new template's file name, used in diagnostics (default `template.yaml`).
    #[cfg_attr(feature = "ts", ts(rename = "x-template-name", optional))]
    pub template_name: Option<String>,
    /// hotplate's, not Heat's: plan without values (two templates, as the
    /// page's compare mode and `hotplate plan --from/--to` do): a parameter
    /// neither side gives a value is unknown on both (the stack exists with
    /// one), not Heat's `UserParameterMissing`.
    #[cfg_attr(feature = "ts", ts(rename = "x-without-values", as = "Option<bool>", optional))]
    pub without_values: bool,
}

impl PlanRequest {
    /// An update of `current` to a new template (PUT, nothing else given).
    pub fn new(current: Request, template: Document) -> PlanRequest {
        PlanRequest {
            current,
            template: Some(template),
            template_name: None,
            inputs: StackInputs::default(),
            method: Method::Put,
            existing: false,
            clear_parameters: Vec::new(),
            without_values: false,
        }
    }

    /// Decode the oracle's preview request (README, "Update preview").
    /// `Err` says what is malformed: a request problem, not Heat's answer.
    pub fn from_json(text: &str) -> Result<PlanRequest, String> {
        let raw: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("the request is not valid JSON: {e}"))?;
        PlanRequest::from_json_value(&raw)
    }

    /// Decode an already-parsed preview request.
    pub fn from_json_value(raw: &serde_json::Value) -> Result<PlanRequest, String> {
        let body = raw.as_object().ok_or("the request must be a JSON object")?;
        let current = body.get("x-current").ok_or("the request has no \"x-current\" (the stack as it is)")?;
        if !current.is_object() {
            return Err("\"x-current\" must be a request object (the stack's create request)".into());
        }
        let current = Request::from_json_value(current).map_err(|e| format!("x-current: {e}"))?;
        // The update body is decoded as a create body is: a stand-in name and
        // template where it has none.
        let mut update = body.clone();
        update.insert("stack_name".into(), serde_json::Value::from("update"));
        let has_template = !matches!(update.get("template"), None | Some(serde_json::Value::Null));
        if !has_template {
            update.insert("template".into(), serde_json::Value::from(""));
        }
        update.remove("x-playground");
        let mut decoded = Request::from_json_value(&serde_json::Value::Object(update))?;
        let existing_flag = body.get("existing").is_some_and(truthy);
        let method = match body.get("x-method").and_then(serde_json::Value::as_str) {
            Some(m) if m.eq_ignore_ascii_case("PATCH") => Method::Patch,
            Some(m) if m.eq_ignore_ascii_case("PUT") => Method::Put,
            Some(m) => return Err(format!("\"x-method\" must be PUT or PATCH, not {m}")),
            None if existing_flag => Method::Patch,
            None => Method::Put,
        };
        let clear_parameters = match body.get("clear_parameters") {
            None | Some(serde_json::Value::Null) => Vec::new(),
            Some(serde_json::Value::Array(items)) => items
                .iter()
                .map(|v| v.as_str().map(str::to_string).ok_or("\"clear_parameters\" must be a list of names"))
                .collect::<Result<_, _>>()?,
            Some(_) => return Err("\"clear_parameters\" must be a list of names".into()),
        };
        Ok(PlanRequest {
            template: has_template.then_some(decoded.template),
            template_name: body.get("x-template-name").and_then(|v| v.as_str()).map(str::to_string),
            existing: existing_flag || method == Method::Patch,
            method,
            clear_parameters,
            inputs: StackInputs {
                heat_release: decoded.inputs.heat_release.take().or_else(|| current.inputs.heat_release.clone()),
                ..decoded.inputs
            },
            current,
            without_values: match body.get("x-without-values") {
                None | Some(serde_json::Value::Null) => false,
                Some(serde_json::Value::Bool(b)) => *b,
                Some(_) => return Err("\"x-without-values\" must be true or false".into()),
            },
        })
    }
}

fn truthy(v: &serde_json::Value) -> bool {
    match v {
        serde_json::Value::Null => false,
        serde_json::Value::Bool(b) => *b,
        serde_json::Value::Number(n) => n.as_f64().is_some_and(|f| f != 0.0),
        serde_json::Value::String(s) => !s.is_empty(),
        serde_json::Value::Array(a) => !a.is_empty(),
        serde_json::Value::Object(o) => !o.is_empty(),
    }
}

/// What `handle_update` does with a property changed in place under an
/// update policy (`Server.handle_update`: `image_update_policy`,
/// `flavor_update_policy`, `user_data_update_policy`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InPlace {
    /// `REBUILD`: the server is rebuilt from the new image (its root disk is
    /// replaced); `preserve_ephemeral`: `REBUILD_PRESERVE_EPHEMERAL`.
    Rebuild { preserve_ephemeral: bool },
    /// `RESIZE`: the server is resized (stopped, moved, restarted).
    Resize,
    /// `IGNORE`: the change is not applied.
    Ignored,
}

/// How many resources each action touches, nested stacks included.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "serialize", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "ts", ts(rename = "PlanSummary"))]
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
    /// Replaced or deleted with `deletion_policy: Delete`, or rebuilt in
    /// place (their data is lost).
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

/// An update plan as the CLI's `plan-json` and the package's `plan()` give
/// it: Heat's answer (the oracle's preview result), the counts, and every
/// stack's resources with their reasons, changed values (text with
/// deploy-time marks, UTF-16 offsets) and places.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "serialize", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "ts", ts(rename = "UpdatePlan"))]
pub struct PlanDetail {
    /// Heat's preview: `error`, the five lists, `nested` (the oracle's format).
    #[cfg_attr(feature = "ts", ts(type = "PreviewResult"))]
    pub heat: Value,
    /// The counts of every stack.
    pub summary: PlanSummary,
    /// Where Heat's error is (the new stack's sources; the current stack's
    /// for `CurrentStackFailed`).
    pub error_place: Option<Place>,
    /// The top-level stack (empty when Heat refuses the update).
    pub stack: StackPlan,
}

/// A reason as data: its kind, its words and the properties it names.
#[cfg(feature = "ts")]
#[derive(ts_rs::TS)]
#[ts(rename = "PlanReason")]
pub struct ReasonView {
    /// `type-changed`, `not-updatable`, `rule`, `always-replaced`,
    /// `nested-stack`, `changed`, `always-update`, what an update policy
    /// does in place (`rebuild`, `resize`, `ignored`), or hotplate's note on
    /// an unchanged resource that references replaced ones
    /// (`references-replaced`).
    pub kind: String,
    /// The reason in words.
    pub text: String,
    /// The properties it names (the ones that force the replacement).
    pub properties: Vec<String>,
}
