//! The two JSON formats of the oracle's README that cross the boundary as
//! text, declared for the TypeScript types (feature `ts`): the request
//! [`crate::engine::Request`] decodes (Heat's stack-create body plus the
//! playground's extensions; other members are ignored) and the canonical
//! result `HeatResult::to_json` writes. Nothing reads or writes through these
//! declarations; the binding's test decodes every corpus request and expected
//! result with them (a result strictly: no unknown member), so they cannot
//! drift from the data.

use serde::Deserialize;
use std::collections::BTreeMap;
use ts_rs::TS;

/// Heat's stack-create body (the oracle's request format) plus the playground's extensions.
#[derive(Debug, Deserialize, TS)]
pub struct EvaluateRequest {
    /// The stack's name (`OS::stack_name`). Heat answers a request without one with HTTPBadRequest.
    pub stack_name: String,
    /// YAML or JSON text, or an already-parsed object (then YAML 1.1 scalar rules do not apply).
    #[ts(type = "string | object")]
    pub template: serde_json::Value,
    /// Ignored when `environment_files` is non-empty (as heat-api does).
    #[ts(optional, type = "string | object")]
    pub environment: Option<serde_json::Value>,
    /// Names in `files`, merged in order.
    #[ts(optional)]
    pub environment_files: Option<Vec<String>>,
    /// Contents for environment files, `get_file` and provider templates; `null` = unreadable.
    #[ts(optional)]
    pub files: Option<BTreeMap<String, Option<String>>>,
    /// Explicit parameter values.
    #[ts(optional, type = "Record<string, unknown>")]
    pub parameters: Option<serde_json::Value>,
    /// Mocks: the stack's ids, resources as if created.
    #[serde(rename = "x-playground")]
    #[ts(optional)]
    pub playground: Option<Playground>,
    /// The template's file name, used in diagnostics (default `template.yaml`).
    #[serde(rename = "x-template-name")]
    #[ts(optional)]
    pub template_name: Option<String>,
}

/// The playground's mocks (`x-playground`).
#[derive(Debug, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct Playground {
    /// `OS::stack_id`.
    #[ts(optional)]
    pub stack_id: Option<String>,
    /// `OS::project_id`.
    #[ts(optional)]
    pub project_id: Option<String>,
    /// Mocked attributes per resource (the resource then counts as created).
    #[ts(optional, type = "Record<string, Record<string, unknown>>")]
    pub attributes: Option<serde_json::Value>,
    /// Mocked reference ids (`get_resource`) per resource.
    #[ts(optional)]
    pub reference_ids: Option<BTreeMap<String, String>>,
}

/// Heat's canonical result (the oracle's README). When `error` is set, the maps are empty.
#[derive(Debug, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct CanonicalResult {
    /// The version value as written (null if the template could not be loaded).
    pub template_version: Option<String>,
    /// The error Heat would raise.
    pub error: Option<ResultError>,
    /// Parameter name → converted value (pseudo parameters included).
    #[ts(type = "Record<string, JsonValue>")]
    pub parameters: BTreeMap<String, serde_json::Value>,
    /// Condition name → value.
    #[ts(type = "Record<string, JsonValue>")]
    pub conditions: BTreeMap<String, serde_json::Value>,
    /// Resource name → its resolved view.
    pub resources: BTreeMap<String, ResourceResult>,
    /// Output name → value or error.
    pub outputs: BTreeMap<String, OutputValue>,
    /// Custom constraints a service would have checked: parameters first, then resource properties.
    pub skipped_constraints: Vec<SkippedConstraint>,
    /// Plugin checks that stopped where Heat would have asked a service.
    pub skipped_checks: Vec<SkippedCheck>,
    /// Nested stacks (resource name → their result).
    pub nested: BTreeMap<String, CanonicalResult>,
}

/// The error Heat would raise.
#[derive(Debug, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(rename = "HeatError")]
pub struct ResultError {
    /// Python class name of Heat's exception (`StackValidationFailed`, ...).
    #[serde(rename = "type")]
    pub kind: String,
    /// `str(exception)`.
    pub message: String,
    /// Heat's error path, or null.
    #[ts(type = "PathStep[] | null")]
    pub path: Option<serde_json::Value>,
}

/// A resource: enabled, with its properties resolved, or removed by its
/// condition (then every field but `type` is null).
#[derive(Debug, Deserialize, TS)]
#[serde(untagged)]
// A declaration decoded only by a test: its variants' sizes do not matter.
#[allow(clippy::large_enum_variant)]
pub enum ResourceResult {
    /// An enabled resource.
    Enabled(EnabledResource),
    /// A resource whose condition is false.
    Disabled(DisabledResource),
}

/// An enabled resource with its properties resolved.
#[derive(Debug, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct EnabledResource {
    /// The type as written.
    #[serde(rename = "type")]
    pub kind: String,
    /// Always `true`.
    #[ts(type = "true")]
    pub enabled: bool,
    /// The resolved properties.
    #[ts(type = "JsonValue")]
    pub properties: serde_json::Value,
    /// The resolved metadata.
    #[ts(type = "JsonValue")]
    pub metadata: serde_json::Value,
    /// Explicit dependencies.
    #[ts(type = "JsonValue[]")]
    pub depends_on: Vec<serde_json::Value>,
    /// Every resource it needs (explicit and through references).
    pub requires: Vec<String>,
    /// `deletion_policy`.
    #[ts(type = "JsonValue")]
    pub deletion_policy: serde_json::Value,
    /// `update_policy`.
    #[ts(type = "JsonValue")]
    pub update_policy: serde_json::Value,
    /// `external_id`.
    #[ts(type = "JsonValue")]
    pub external_id: serde_json::Value,
}

/// A resource whose condition is false: every field but `type` is null.
#[derive(Debug, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct DisabledResource {
    /// The type as written.
    #[serde(rename = "type")]
    #[ts(type = "JsonValue")]
    pub kind: serde_json::Value,
    /// Always `false`.
    #[ts(type = "false")]
    pub enabled: bool,
    /// null.
    #[ts(type = "null")]
    pub properties: (),
    /// null.
    #[ts(type = "null")]
    pub metadata: (),
    /// null.
    #[ts(type = "null")]
    pub depends_on: (),
    /// null.
    #[ts(type = "null")]
    pub requires: (),
    /// null.
    #[ts(type = "null")]
    pub deletion_policy: (),
    /// null.
    #[ts(type = "null")]
    pub update_policy: (),
    /// null.
    #[ts(type = "null")]
    pub external_id: (),
}

/// An output's value, or the error resolving it.
#[derive(Debug, Deserialize, TS)]
#[serde(deny_unknown_fields)]
#[ts(rename = "OutputResult")]
pub struct OutputValue {
    /// The value (null when it fails).
    #[ts(type = "JsonValue")]
    pub value: serde_json::Value,
    /// `str()` of the error, or null.
    pub error: Option<String>,
}

/// A custom constraint only a cloud can check: of a parameter, or of a
/// resource property (`property` is Heat's path, list indices as numbers:
/// `networks.0.network`).
#[derive(Debug, Deserialize, TS)]
#[serde(untagged)]
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

/// A plugin check that stopped where Heat would ask a service.
#[derive(Debug, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct SkippedCheck {
    /// The resource (nested stacks: names joined by `/`).
    pub resource: String,
    /// `<plugin class>.validate`, `.validate_external`, `.child_template`.
    pub check: String,
    /// The client Heat would ask (`nova`, `glance`, `neutron`, ...).
    pub service: String,
}
