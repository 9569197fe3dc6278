//! The JSON formats of the oracle's README that cross the boundary as
//! text and have no model type of their shape yet, declared for the
//! TypeScript types (feature `ts`): the request [`crate::model::Request`]
//! decodes (Heat's stack-create body plus the playground's extensions; other
//! members are ignored), a resource of the canonical result (the model's
//! `HeatResult` holds resources as values; its own TypeScript type,
//! `CanonicalResult`, comes from the model), template validate's request and
//! answer ([`ValidateRequest`], [`ValidateResult`]) and the update preview's
//! ([`PreviewRequest`], [`PreviewResult`]). Nothing reads or writes through these
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
    /// The environment, files and parameters.
    #[serde(flatten)]
    #[ts(flatten)]
    pub inputs: StackInputs,
    /// Mocks: the stack's ids, resources as if created.
    #[serde(rename = "x-playground")]
    #[ts(optional)]
    pub playground: Option<Playground>,
    /// The template's file name, used in diagnostics (default `template.yaml`).
    #[serde(rename = "x-template-name")]
    #[ts(optional)]
    pub template_name: Option<String>,
}

/// What a stack-create, a stack-update and a template-validate body carry besides the template.
#[derive(Debug, Deserialize, TS)]
pub struct StackInputs {
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
    /// The cloud's `heat.conf` settings (default: Heat's): `max_nested_stack_depth`,
    /// `max_resources_per_stack`, `max_template_size`, `max_json_body_size`, …, and
    /// sections as objects (`{"yaql": {"memory_quota": 100000}}`).
    #[serde(rename = "x-heat-config")]
    #[ts(optional, type = "Record<string, unknown>")]
    pub heat_config: Option<serde_json::Value>,
    /// The openstack-heat release that answers, `16.1.0` (wallaby) to `27.0.1`
    /// (the default); an unknown one is an error naming the known ones.
    #[serde(rename = "x-heat-release")]
    #[ts(optional)]
    pub heat_release: Option<String>,
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

/// The error of a preview or a validate answer, as the binding's test
/// decodes it (its TypeScript type is the model's `HeatError`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ResultError {
    /// Python class name of Heat's exception.
    #[serde(rename = "type")]
    pub kind: String,
    /// `str(exception)`.
    pub message: String,
    /// Heat's error path, or null.
    pub path: Option<serde_json::Value>,
}

/// An update request (the oracle's preview request): Heat's `PUT|PATCH
/// …/preview` body plus `x-current`, the create request of the stack as it is.
#[derive(Debug, Deserialize, TS)]
pub struct PreviewRequest {
    /// The stack as it is: its create request (its `x-playground` mocks apply to both stacks).
    #[serde(rename = "x-current")]
    pub current: EvaluateRequest,
    /// The new template; a PATCH without one keeps the stored template.
    #[ts(optional, type = "string | object | null")]
    pub template: Option<serde_json::Value>,
    /// The environment, files and parameters.
    #[serde(flatten)]
    #[ts(flatten)]
    pub inputs: StackInputs,
    /// `true`: PATCH (the stored template, files, environment and parameters stay under the new ones).
    #[ts(optional)]
    pub existing: Option<bool>,
    /// Stored parameters a PATCH forgets.
    #[ts(optional)]
    pub clear_parameters: Option<Vec<String>>,
    /// heat-api's method (default: PATCH when `existing`, else PUT).
    #[serde(rename = "x-method")]
    #[ts(optional, type = "\"PUT\" | \"PATCH\"")]
    pub method: Option<String>,
    /// The new template's file name, used in diagnostics (default `template.yaml`).
    #[serde(rename = "x-template-name")]
    #[ts(optional)]
    pub template_name: Option<String>,
    /// hotplate's, not Heat's: plan without values (two templates, as the
    /// page's compare mode and `hotplate plan --from/--to` do): a parameter
    /// neither side gives a value is unknown on both (the stack exists with
    /// one), not Heat's `UserParameterMissing`.
    #[serde(rename = "x-without-values")]
    #[ts(optional)]
    pub without_values: Option<bool>,
}

/// Heat's update preview as the oracle writes it (`preview_update_stack`
/// with `show_nested`). When `error` is set, the lists are empty.
#[derive(Debug, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct PreviewResult {
    /// The error Heat would raise.
    #[ts(type = "HeatError | null")]
    pub error: Option<ResultError>,
    /// The top-level stack's five lists.
    pub preview: PreviewLists,
    /// Nested-stack resource name → the resources Heat lists of it.
    pub nested: BTreeMap<String, NestedPreview>,
}

/// The five lists of a preview, each sorted by name.
#[derive(Debug, Deserialize, TS)]
#[serde(deny_unknown_fields)]
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
#[derive(Debug, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct NestedPreview {
    /// Its five lists.
    pub preview: PreviewLists,
    /// Its nested stacks.
    pub nested: BTreeMap<String, NestedPreview>,
}

/// A resource of a preview list.
#[derive(Debug, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct PreviewEntry {
    /// The resource name.
    pub name: String,
    /// Its type.
    #[serde(rename = "type")]
    pub type_name: String,
}

/// A template-validate request (`POST /v1/{tenant}/validate`, the oracle's
/// validate request): the body heat-api reads, as for create (a `stack_name`
/// is ignored), plus the query's two flags.
#[derive(Debug, Deserialize, TS)]
pub struct ValidateRequest {
    /// `"validate"` in the oracle's corpus (ignored here).
    #[serde(rename = "x-operation")]
    #[ts(optional, type = "\"validate\"")]
    pub operation: Option<String>,
    /// YAML or JSON text, or an already-parsed object (without one, heat-api
    /// answers `No template specified`).
    #[ts(type = "string | object")]
    pub template: Option<serde_json::Value>,
    /// The environment, files, parameters and Heat settings.
    #[serde(flatten)]
    #[ts(flatten)]
    pub inputs: StackInputs,
    /// The `show_nested` query parameter: a bool (sent as `True`/`False`, as
    /// heatclient does) or the text sent as it is.
    #[serde(rename = "x-show-nested")]
    #[ts(optional, type = "boolean | string")]
    pub show_nested: Option<serde_json::Value>,
    /// The `ignore_errors` query parameter: Heat error codes, comma-separated
    /// (a list is joined with `,`).
    #[serde(rename = "x-ignore-errors")]
    #[ts(optional, type = "string | string[]")]
    pub ignore_errors: Option<serde_json::Value>,
}

/// Heat's answer to a template-validate request: the response body, or the
/// error heat-api answers with (then `validate` is null).
#[derive(Debug, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ValidateResult {
    /// The error (`HTTPBadRequest` for the engine's `{'Error': …}`, else the exception's class).
    #[ts(type = "HeatError | null")]
    pub error: Option<ResultError>,
    /// The body; a text for unknown `ignore_errors` codes (heat-api answers 200 with the
    /// engine's `repr` of an `HTTPBadRequest`).
    pub validate: Option<ValidateAnswer>,
}

/// The response body of a template validate.
#[derive(Debug, Deserialize, TS)]
#[serde(untagged)]
// A declaration decoded only by a test: its variants' sizes do not matter.
#[allow(clippy::large_enum_variant)]
pub enum ValidateAnswer {
    /// The template's parameters and environment.
    Body(ValidateBody),
    /// `<HTTPBadRequest at 0x0 400 Bad Request>`.
    Text(String),
}

/// The template's description, parameters (with Heat's API keys), parameter
/// groups, nested stacks' parameters (with `show_nested`) and environment.
#[derive(Debug, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ValidateBody {
    /// The template's description, or `No description`.
    #[serde(rename = "Description")]
    #[ts(type = "JsonValue")]
    pub description: serde_json::Value,
    /// Each template parameter (pseudo parameters excluded).
    #[serde(rename = "Parameters")]
    pub parameters: BTreeMap<String, ValidateParameter>,
    /// `parameter_groups` as written, when the template has them.
    #[serde(rename = "ParameterGroups")]
    #[ts(optional, type = "JsonValue")]
    pub parameter_groups: Option<serde_json::Value>,
    /// With `show_nested`: each nested-stack resource's stack.
    #[serde(rename = "NestedParameters")]
    #[ts(optional)]
    pub nested_parameters: Option<BTreeMap<String, NestedParameters>>,
    /// The merged user environment.
    #[serde(rename = "Environment")]
    pub environment: ValidateEnvironment,
}

/// A parameter as `format_validate_parameter` writes it: defaults and values
/// as given (not converted), constraints by kind.
#[derive(Debug, Deserialize, TS)]
#[serde(deny_unknown_fields, rename_all = "PascalCase")]
pub struct ValidateParameter {
    /// `String`, `Number`, `CommaDelimitedList`, `Json` or `Boolean`.
    #[serde(rename = "Type")]
    pub kind: String,
    /// The description (`""` when none).
    #[ts(type = "JsonValue")]
    pub description: serde_json::Value,
    /// `"true"` for a hidden parameter, else `"false"`.
    #[ts(type = "\"true\" | \"false\"")]
    pub no_echo: String,
    /// The label, or the name.
    #[ts(type = "JsonValue")]
    pub label: serde_json::Value,
    /// The default (`parameter_defaults` replaces the template's), as written.
    #[ts(optional, type = "JsonValue")]
    pub default: Option<serde_json::Value>,
    /// The user's value when truthy, as given.
    #[ts(optional, type = "JsonValue")]
    pub value: Option<serde_json::Value>,
    /// `tags`.
    #[ts(optional, type = "JsonValue")]
    pub tags: Option<serde_json::Value>,
    /// `length`'s min.
    #[ts(optional, type = "JsonValue")]
    pub min_length: Option<serde_json::Value>,
    /// `length`'s max.
    #[ts(optional, type = "JsonValue")]
    pub max_length: Option<serde_json::Value>,
    /// `range`'s min.
    #[ts(optional, type = "JsonValue")]
    pub min_value: Option<serde_json::Value>,
    /// `range`'s max.
    #[ts(optional, type = "JsonValue")]
    pub max_value: Option<serde_json::Value>,
    /// `modulo`'s step.
    #[ts(optional, type = "JsonValue")]
    pub step: Option<serde_json::Value>,
    /// `modulo`'s offset.
    #[ts(optional, type = "JsonValue")]
    pub offset: Option<serde_json::Value>,
    /// `allowed_values`.
    #[ts(optional, type = "JsonValue")]
    pub allowed_values: Option<serde_json::Value>,
    /// `allowed_pattern`.
    #[ts(optional, type = "JsonValue")]
    pub allowed_pattern: Option<serde_json::Value>,
    /// `custom_constraint`.
    #[ts(optional, type = "JsonValue")]
    pub custom_constraint: Option<serde_json::Value>,
    /// The constraints' descriptions joined by a space.
    #[ts(optional, type = "JsonValue")]
    pub constraint_description: Option<serde_json::Value>,
}

/// A nested stack's parameters (`show_nested`), recursively.
#[derive(Debug, Deserialize, TS)]
#[serde(deny_unknown_fields, rename_all = "PascalCase")]
pub struct NestedParameters {
    /// The resource's type.
    #[serde(rename = "Type")]
    pub kind: String,
    /// The nested template's description, or `No description`.
    #[ts(type = "JsonValue")]
    pub description: serde_json::Value,
    /// Its parameters, with the values the parent gives.
    pub parameters: BTreeMap<String, ValidateParameter>,
    /// Its `parameter_groups`, when it has them.
    #[ts(optional, type = "JsonValue")]
    pub parameter_groups: Option<serde_json::Value>,
    /// Its own nested stacks.
    #[ts(optional)]
    pub nested_parameters: Option<BTreeMap<String, NestedParameters>>,
}

/// The merged user environment (`user_env_as_dict()`).
#[derive(Debug, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct ValidateEnvironment {
    /// `parameters`.
    #[ts(type = "Record<string, JsonValue>")]
    pub parameters: serde_json::Value,
    /// `parameter_defaults`.
    #[ts(type = "Record<string, JsonValue>")]
    pub parameter_defaults: serde_json::Value,
    /// The user's registry, with `resources` and the provider templates used.
    #[ts(type = "Record<string, JsonValue>")]
    pub resource_registry: serde_json::Value,
    /// `event_sinks`.
    #[ts(type = "JsonValue[]")]
    pub event_sinks: Vec<serde_json::Value>,
}
