//! The request JSON formats of the oracle's README, declared for the
//! TypeScript types (feature `ts`): the request [`crate::model::Request`]
//! decodes (Heat's stack-create body plus the playground's extensions; other
//! members are ignored), template validate's request ([`ValidateRequest`])
//! and the update preview's ([`PreviewRequest`]). The answers (the canonical
//! result, the validate and preview results) are the model's types. Nothing
//! reads through these declarations; the binding's test decodes every
//! corpus request with them, so they cannot drift from the data.

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
