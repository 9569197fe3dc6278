//! What an evaluation returns, as data: Heat's canonical result
//! ([`HeatResult`], written as the oracle's JSON by [`HeatResult::to_json`]),
//! every diagnostic, and the extras editors need (parameter sources,
//! deploy-time value markers, edges). The engine fills these
//! (`engine/result.rs` walks the template for the marks and edges).

use indexmap::IndexMap;

use crate::model::diag::{Diagnostic, HeatError, PathItem};
use crate::model::parameters::ValueSource;
use crate::pyfmt::{json_dumps_oracle_keys, JsonStyle};
use crate::source::{SourceMap, Span};
use crate::symbolic;
use crate::value::{Map, Value};
use crate::version::HotVersion;

/// One output in the canonical result: its value, or the error resolving it.
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OutputResult {
    /// The value (null when disabled or failed).
    pub value: Value,
    /// `str(exception)` when resolving failed.
    pub error: Option<String>,
}

/// A resource of the canonical result: enabled, with its parts resolved,
/// or removed by its condition (then every member but `type` is null).
#[derive(Clone, Debug)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(untagged))]
pub enum ResourceResult {
    /// An enabled resource.
    Enabled(EnabledResource),
    /// A resource whose condition is false.
    Disabled(DisabledResource),
}

/// An enabled resource with its properties resolved.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct EnabledResource {
    /// The type as written.
    #[cfg_attr(feature = "ts", ts(rename = "type"))]
    pub type_name: String,
    /// Always `true` (no data: the variant says it).
    #[cfg_attr(feature = "ts", ts(type = "true"))]
    pub enabled: (),
    /// The resolved properties.
    pub properties: Value,
    /// The resolved metadata (`{}` when none).
    pub metadata: Value,
    /// Explicit dependencies.
    pub depends_on: Vec<String>,
    /// Every resource it needs (explicit and through references).
    pub requires: Vec<String>,
    /// `deletion_policy` (`Retain` for a resource with an `external_id`, as Heat forces).
    pub deletion_policy: String,
    /// `update_policy` (`{}` when none).
    pub update_policy: Value,
    /// `external_id`.
    pub external_id: Value,
}

/// A resource whose condition is false: every member but `type` is null
/// (those members hold no data).
#[derive(Clone, Debug)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DisabledResource {
    /// The type as written.
    #[cfg_attr(feature = "ts", ts(rename = "type"))]
    pub type_value: Value,
    /// Always `false`.
    #[cfg_attr(feature = "ts", ts(type = "false"))]
    pub enabled: (),
    /// null.
    pub properties: (),
    /// null.
    pub metadata: (),
    /// null.
    pub depends_on: (),
    /// null.
    pub requires: (),
    /// null.
    pub deletion_policy: (),
    /// null.
    pub update_policy: (),
    /// null.
    pub external_id: (),
}

impl DisabledResource {
    /// A disabled resource of this type (as written).
    pub fn new(type_value: Value) -> DisabledResource {
        DisabledResource {
            type_value,
            enabled: (),
            properties: (),
            metadata: (),
            depends_on: (),
            requires: (),
            deletion_policy: (),
            update_policy: (),
            external_id: (),
        }
    }
}

impl ResourceResult {
    /// The resolved properties of an enabled resource.
    pub fn properties(&self) -> Option<&Value> {
        match self {
            ResourceResult::Enabled(r) => Some(&r.properties),
            ResourceResult::Disabled(_) => None,
        }
    }

    /// The resource as the result writes it, `keys` applied to the
    /// template-derived values.
    fn to_value(&self, keys: fn(&Value) -> Value) -> Value {
        let names = |names: &[String]| Value::list(names.iter().map(|n| Value::from(n.as_str())).collect());
        let mut m = Map::with_capacity(9);
        match self {
            ResourceResult::Enabled(r) => {
                m.insert_str("type", Value::from(r.type_name.as_str()));
                m.insert_str("enabled", Value::Bool(true));
                m.insert_str("properties", keys(&r.properties));
                m.insert_str("metadata", keys(&r.metadata));
                m.insert_str("depends_on", names(&r.depends_on));
                m.insert_str("requires", names(&r.requires));
                m.insert_str("deletion_policy", Value::from(r.deletion_policy.as_str()));
                m.insert_str("update_policy", keys(&r.update_policy));
                m.insert_str("external_id", keys(&r.external_id));
            }
            ResourceResult::Disabled(r) => {
                m.insert_str("type", keys(&r.type_value));
                m.insert_str("enabled", Value::Bool(false));
                for k in [
                    "properties",
                    "metadata",
                    "depends_on",
                    "requires",
                    "deletion_policy",
                    "update_policy",
                    "external_id",
                ] {
                    m.insert_str(k, Value::Null);
                }
            }
        }
        Value::map(m)
    }
}

/// Heat's canonical result (the oracle's README). When `error` is set, the maps are empty.
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "CanonicalResult"))]
pub struct HeatResult {
    /// The version value as written (null if the template could not be loaded).
    pub template_version: Option<String>,
    /// The error Heat would raise.
    pub error: Option<HeatError>,
    /// Parameter name → converted value (pseudo parameters included).
    #[cfg_attr(feature = "ts", ts(type = "Record<string, JsonValue>"))]
    pub parameters: Map,
    /// Condition name → value.
    #[cfg_attr(feature = "ts", ts(type = "Record<string, JsonValue>"))]
    pub conditions: Map,
    /// Resource name → its resolved view.
    #[cfg_attr(feature = "ts", ts(type = "{ [key in string]: ResourceResult }"))]
    pub resources: IndexMap<String, ResourceResult>,
    /// Output name → value or error.
    #[cfg_attr(feature = "ts", ts(type = "{ [key in string]: OutputResult }"))]
    pub outputs: IndexMap<String, OutputResult>,
    /// Custom constraints a service would have checked: parameters first,
    /// then resource properties (the model keeps the parameters' pairs here,
    /// in the pipeline's order, and the properties' in `skipped_properties`).
    #[cfg_attr(feature = "ts", ts(type = "Array<SkippedConstraint>"))]
    pub skipped_constraints: Vec<(String, String)>,
    /// Resource property constraints a service would have checked.
    #[cfg_attr(feature = "ts", ts(skip))]
    pub skipped_properties: Vec<SkippedProperty>,
    /// Plugin checks that stopped where they would have called a service.
    pub skipped_checks: Vec<SkippedCheck>,
    /// The nested stacks (resource name → their result).
    #[cfg_attr(feature = "ts", ts(type = "{ [key in string]: CanonicalResult }"))]
    pub nested: IndexMap<String, HeatResult>,
}

/// One entry of the canonical result's `skipped_constraints`: a custom
/// constraint only a cloud can check, of a parameter or of a resource
/// property (`property` is Heat's path, list indices as numbers:
/// `networks.0.network`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(untagged))]
pub enum SkippedConstraint {
    /// A parameter's.
    Parameter {
        /// The parameter.
        parameter: String,
        /// The constraint name.
        constraint: String,
    },
    /// A resource property's.
    Property {
        /// The resource (nested stacks: names joined by `/`).
        resource: String,
        /// Heat's property path.
        property: String,
        /// The constraint name.
        constraint: String,
    },
}

impl SkippedConstraint {
    /// The entry as the result writes it.
    fn to_value(&self) -> Value {
        match self {
            SkippedConstraint::Parameter { parameter, constraint } => {
                record(&[("parameter", parameter), ("constraint", constraint)])
            }
            SkippedConstraint::Property { resource, property, constraint } => {
                record(&[("resource", resource), ("property", property), ("constraint", constraint)])
            }
        }
    }
}

/// A custom constraint of a resource property that a service would check.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct SkippedProperty {
    /// The resource (nested stacks: names joined by `/`).
    pub resource: String,
    /// Heat's property path (`networks.0.network`).
    pub property: String,
    /// The constraint name.
    pub constraint: String,
}

/// A plugin check that stopped where Heat would have asked a service.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SkippedCheck {
    /// The resource (nested stacks: names joined by `/`).
    pub resource: String,
    /// `<plugin class>.validate`, `.validate_external`, `.child_template`.
    pub check: String,
    /// The client Heat would ask (`nova`, `glance`, `neutron`, …).
    pub service: String,
}

/// The oracle's `to_json_value`: map keys become strings (`true`/`false`/`null`
/// for those, `str()` otherwise) before anything is sorted; a later key wins a
/// collision, as in the oracle's `dict(...)`.
pub fn json_keys(v: &Value) -> Value {
    // Most results already have string keys only: share them instead of copying.
    if all_string_keys(v) {
        return v.clone();
    }
    match v {
        Value::List(items) => Value::list(items.iter().map(json_keys).collect()),
        Value::Map(m) => {
            let mut out = Map::with_capacity(m.len());
            for (k, val) in m.iter() {
                out.insert_str(&crate::pyfmt::oracle_key(k), json_keys(val));
            }
            Value::map(out)
        }
        other => other.clone(),
    }
}

fn all_string_keys(v: &Value) -> bool {
    match v {
        Value::List(items) => items.iter().all(all_string_keys),
        Value::Map(m) => m.iter().all(|(k, val)| matches!(k, Value::Str(_)) && all_string_keys(val)),
        _ => true,
    }
}

impl HeatResult {
    /// Heat's contract for a failure: every section empty.
    pub fn clear_sections(&mut self) {
        self.parameters = Map::new();
        self.conditions = Map::new();
        self.resources = IndexMap::new();
        self.outputs = IndexMap::new();
        self.nested = IndexMap::new();
    }

    /// As a value (the JSON document's structure).
    pub fn to_value(&self) -> Value {
        self.build_value(json_keys)
    }

    /// The document's structure with `keys` applied to the template-derived
    /// values (parameters, conditions, resources, output values).
    fn build_value(&self, keys: fn(&Value) -> Value) -> Value {
        let mut m = Map::new();
        m.insert_str("template_version", self.template_version.as_deref().map_or(Value::Null, Value::from));
        let error = self.error.as_ref().map_or(Value::Null, HeatError::to_value);
        m.insert_str("error", error);
        m.insert_str("parameters", keys(&Value::map(self.parameters.clone())));
        m.insert_str("conditions", keys(&Value::map(self.conditions.clone())));
        let mut resources = Map::with_capacity(self.resources.len());
        for (k, r) in &self.resources {
            resources.insert_str(k, r.to_value(keys));
        }
        m.insert_str("resources", Value::map(resources));
        let mut outs = Map::new();
        for (k, o) in &self.outputs {
            let mut om = Map::new();
            om.insert_str("value", keys(&o.value));
            om.insert_str("error", o.error.as_deref().map_or(Value::Null, Value::from));
            outs.insert_str(k, Value::map(om));
        }
        m.insert_str("outputs", Value::map(outs));
        let skipped = self.skipped_constraint_list().iter().map(SkippedConstraint::to_value).collect();
        m.insert_str("skipped_constraints", Value::list(skipped));
        let mut checks = self.skipped_checks.clone();
        crate::sort::sort(&mut checks);
        checks.dedup();
        let checks =
            checks.iter().map(|c| record(&[("resource", &c.resource), ("check", &c.check), ("service", &c.service)]));
        m.insert_str("skipped_checks", Value::list(checks.collect()));
        let mut nested = Map::new();
        for (k, r) in &self.nested {
            nested.insert_str(k, r.build_value(keys));
        }
        m.insert_str("nested", Value::map(nested));
        Value::map(m)
    }

    /// The result's `skipped_constraints` as the oracle writes them: the
    /// parameters' first (sorted by the pipeline), then the resource
    /// properties'; each kind sorted and unique.
    pub fn skipped_constraint_list(&self) -> Vec<SkippedConstraint> {
        let params = self.skipped_constraints.iter().map(|(parameter, constraint)| SkippedConstraint::Parameter {
            parameter: parameter.clone(),
            constraint: constraint.clone(),
        });
        let mut props = self.skipped_properties.clone();
        crate::sort::sort(&mut props);
        props.dedup();
        let props = props.into_iter().map(|SkippedProperty { resource, property, constraint }| {
            SkippedConstraint::Property { resource, property, constraint }
        });
        params.chain(props).collect()
    }

    /// The canonical JSON text (sorted keys, indent 2, like the oracle).
    pub fn to_json(&self) -> String {
        // The keys are made strings while writing (as `to_value` does first).
        json_dumps_oracle_keys(&self.build_value(Value::clone), JsonStyle::RESULT)
    }

    /// [`HeatResult::to_json`], copying from `memo` the text of each value
    /// the last result it wrote shared with this one (`pyfmt::json_dumps_result`).
    pub(crate) fn to_json_reusing(&self, memo: &mut crate::pyfmt::JsonMemo) -> String {
        crate::pyfmt::json_dumps_result(&self.build_value(Value::clone), memo)
    }
}

/// A map of string fields (one entry of the skipped lists).
fn record(fields: &[(&str, &String)]) -> Value {
    let mut m = Map::with_capacity(fields.len());
    for (k, v) in fields {
        m.insert_str(k, Value::from(v.as_str()));
    }
    Value::map(m)
}

/// What the UI shows about a parameter.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "ParameterInfo"))]
pub struct ParamInfo {
    /// Its name.
    pub name: String,
    /// Its type.
    #[cfg_attr(feature = "serialize", serde(rename = "type"))]
    pub kind: &'static str,
    /// Where the value came from.
    pub source: ValueSource,
    /// Which environment file (or `parameters`) set it, if any (the last one).
    pub file: Option<String>,
    /// Each file's part of the value, in merge order: one whole-value entry
    /// unless environment files merged it (`parameter_merge_strategies`).
    pub contributions: Vec<crate::model::parameters::Contribution>,
    /// `label`.
    pub label: String,
    /// `description`.
    pub description: String,
    /// `hidden`.
    pub hidden: bool,
    /// The template default.
    pub default: Option<Value>,
    /// One hint per constraint (`one of: a, b`, `range: 1 to 10`, …).
    pub constraints: Vec<String>,
    /// Where it is defined: its name in the `parameters` section.
    #[cfg_attr(feature = "serialize", serde(skip))]
    pub span: Option<Span>,
}

/// A value Heat only knows at deploy time, and where it lands in the result.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "Deferred"))]
pub struct DeferredMark {
    /// Where in the result: keys and list indexes (`resources`, `server`,
    /// `properties`, `networks`, 0, `port`).
    #[cfg_attr(feature = "serialize", serde(rename = "steps"))]
    pub path: Vec<PathItem>,
    /// What it stands for (`get_attr server first_address`).
    pub label: String,
    /// `exact`: the value is the placeholder itself; `derived`: it is built from one.
    pub exact: bool,
}

/// A value built from deploy-time values as the page shows it
/// (`⟨get_attr server name⟩-x`), at its place in the result.
#[derive(Clone, Debug)]
pub struct DisplayValue {
    /// Where in the result (as [`DeferredMark::path`]).
    pub path: Vec<PathItem>,
    pub(crate) value: symbolic::Sym,
}

/// A value the display evaluation does not have, shown `⟨label⟩`: a
/// parameter without a value (`parameter key_name`), a file named by URL
/// (`get_file https://…`; hotplate never fetches).
#[derive(Clone, Debug, PartialEq)]
pub struct Unknown {
    /// What it stands for, as the placeholder shows it.
    pub label: String,
    /// Where it is declared or named.
    pub span: Option<Span>,
}

/// A check the display evaluation did not make because it needs a value it
/// does not have: never reported as passed.
#[derive(Clone, Debug, PartialEq)]
pub struct NotChecked {
    /// The nested stack it is in (resource names joined by `/`; empty: the top).
    pub stack: String,
    /// Heat's path of what was not checked (`resources.server.properties.key_name`).
    pub path: String,
    /// What was not checked: `property`, a plugin's `<class>.validate`,
    /// `condition`, `resource`, `output`, `nested stack`, …
    pub check: String,
    /// The values it needs (their labels, as [`Unknown::label`] or built from them).
    pub needs: Vec<String>,
    /// Where.
    pub span: Option<Span>,
}

/// An error of Heat's result that depends only on deploy-time values: Heat
/// reports it before anything exists (every `get_attr` null), and a real
/// deployment never meets it, because the value exists by then (a nested
/// stack is created after the resources it reads, outputs are read after
/// creation). It is checked at deploy time, with the value it waits for;
/// it is no failure (see ARCHITECTURE.md, "Deploy-time values").
#[derive(Clone, Debug, PartialEq)]
pub struct DeployTime {
    /// The nested stack of the error (resource names joined by `/`; empty: the top).
    pub stack: String,
    /// The output whose error it is; `None`: the stack's own error.
    pub output: Option<String>,
    /// Heat's error there (before creation).
    pub message: String,
    /// The deploy-time values it waits for (`get_attr net name`).
    pub needs: Vec<String>,
    /// Where such a value enters (the property or output that reads it).
    pub span: Option<Span>,
}

impl DeployTime {
    /// Where the error is, as people read it (`output url`, `nested stack
    /// web`, `nested stack web/0, output host`).
    pub fn place(&self) -> String {
        match (&self.output, self.stack.is_empty()) {
            (Some(o), true) => format!("output {o}"),
            (Some(o), false) => format!("nested stack {}, output {o}", self.stack),
            (None, true) => "the stack".to_string(),
            (None, false) => format!("nested stack {}", self.stack),
        }
    }

    /// The note that stands for it among the diagnostics.
    pub fn note(&self) -> Diagnostic {
        let waits = if self.needs.is_empty() {
            "a value known once deployed".to_string()
        } else {
            self.needs.iter().map(|n| format!("\u{27e8}{n}\u{27e9}")).collect::<Vec<_>>().join(", ")
        };
        let message = format!(
            "{}: checked at deploy time, it waits for {waits} (before anything is created Heat reports: {})",
            self.place(),
            self.message
        );
        Diagnostic::note(DEPLOY_TIME_CODE, message).at_opt(self.span)
    }
}

/// The code of the note that stands for an error checked at deploy time.
pub const DEPLOY_TIME_CODE: &str = "deploy-time";

/// One error of a result: its nested stack (names joined by `/`), the
/// output it belongs to (`None`: the stack's own), its text.
pub type ErrorPlace = (String, Option<String>, String);

impl HeatResult {
    /// Every error of the result (the stack's, its outputs', its nested
    /// stacks' and theirs), by place.
    pub fn error_places(&self) -> Vec<ErrorPlace> {
        let mut out = Vec::new();
        self.places_into("", &mut out);
        out
    }

    fn places_into(&self, at: &str, out: &mut Vec<ErrorPlace>) {
        if let Some(e) = &self.error {
            out.push((at.to_string(), None, format!("{}: {}", e.kind, e.message)));
        }
        for (name, o) in &self.outputs {
            if let Some(e) = &o.error {
                out.push((at.to_string(), Some(name.clone()), e.clone()));
            }
        }
        for (name, nested) in &self.nested {
            let path = if at.is_empty() { name.clone() } else { format!("{at}/{name}") };
            nested.places_into(&path, out);
        }
    }

    /// Whether the result has an error that is not one of `deploy_time`
    /// (the verdict users read: exit status, banner).
    pub fn fails(&self, deploy_time: &[DeployTime]) -> bool {
        self.error_places().iter().any(|(stack, output, _)| {
            !deploy_time.iter().any(|d| d.stack == *stack && d.output.as_deref() == output.as_deref())
        })
    }
}

impl Evaluation {
    /// The result the panes show: the display evaluation's, else Heat's.
    pub fn shown(&self) -> &HeatResult {
        self.shown.as_ref().unwrap_or(&self.result)
    }

    /// The verdict: Heat's result has an error a real deployment meets too
    /// (Heat's errors that depend only on deploy-time values are not failures).
    pub fn fails(&self) -> bool {
        self.result.fails(&self.deploy_time)
    }
}

/// Everything an evaluation produces.
#[derive(Clone, Debug, Default)]
pub struct Evaluation {
    /// Heat's canonical result.
    pub result: HeatResult,
    /// What the panes show when it differs from `result` (Heat refused the
    /// stack, or one of its nested stacks): the display evaluation, which goes
    /// on where Heat stops (every piece that can be made, failed ones left
    /// out and their diagnostics at their place) and shows values it does not
    /// have as placeholders; each stack Heat refuses keeps Heat's error
    /// there. `deferred`, `display` and `edges` are about this
    /// result when there is one. `None`: the canonical result is what is shown.
    pub shown: Option<HeatResult>,
    /// The values the display evaluation does not have (each once).
    pub unknowns: Vec<Unknown>,
    /// The checks it did not make for want of them.
    pub not_checked: Vec<NotChecked>,
    /// Heat's errors that depend only on deploy-time values (checked at
    /// deploy time; in `result` as Heat has them, no failure).
    pub deploy_time: Vec<DeployTime>,
    /// Every diagnostic (errors and warnings), in the order found.
    pub diagnostics: Vec<Diagnostic>,
    /// The source texts spans point into.
    pub sources: SourceMap,
    /// The detected version.
    pub version: Option<HotVersion>,
    /// Parameters with their sources.
    pub param_info: Vec<ParamInfo>,
    /// Deploy-time value markers.
    pub deferred: Vec<DeferredMark>,
    /// How each value built from a deploy-time one is shown (display only;
    /// the canonical result keeps Heat's value).
    pub display: Vec<DisplayValue>,
    /// Dependency edges between enabled resources, for the graph view.
    pub edges: Vec<Edge>,
}

/// One dependency edge: `from` needs `to`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Edge {
    /// The dependent resource.
    pub from: String,
    /// The resource it needs.
    pub to: String,
    /// `depends_on`, `get_resource`, `get_attr` or `Ref`.
    #[cfg_attr(feature = "ts", ts(type = "\"depends_on\" | \"get_resource\" | \"get_attr\" | \"Ref\""))]
    pub kind: &'static str,
}

#[cfg(test)]
mod tests {
    use crate::engine::evaluate;
    use crate::model::Request;
    use crate::pyfmt::{json_dumps, JsonStyle};

    /// `to_json` converts keys while writing; it must equal dumping `to_value`
    /// (keys converted first), collisions and nested stacks included.
    #[test]
    fn to_json_equals_the_dumped_value() {
        let template = r#"
heat_template_version: 2021-04-16
parameters:
  p: {type: json, default: {1: a, "1": b, true: c, null: d, 1.5: e, x: [{2: f, "2": g}]}}
resources:
  r:
    type: OS::Heat::Value
    properties: {value: {get_param: p}}
outputs:
  o: {value: {yaql: {expression: '{1 => a, "1" => b, true => c, null => d, 2.5 => e}'}}}
  q: {value: {get_param: p}}
  n: {value: [1, {3: x}]}
"#;
        let ev = evaluate(&Request::new(template));
        let old = json_dumps(&ev.result.to_value(), JsonStyle::RESULT).unwrap();
        assert_eq!(ev.result.to_json(), old);
        assert!(old.contains("\"1.5\""), "{old}");
    }
}
