//! Template validate's request and answer: the oracle's validate request
//! (the body heat-api reads, as for create, and the two query flags,
//! `x-show-nested` and `x-ignore-errors`) and Heat's answer
//! ([`Validation`], written as the oracle's validate result); the engine's
//! `engine/validate/` makes the answer.

use indexmap::IndexMap;

use crate::model::diag::{Diagnostic, HeatError};
use crate::model::result::json_keys;
use crate::model::Request;
use crate::pyfmt::py_str;
use crate::pyfmt::{json_dumps_oracle_keys, JsonStyle};
use crate::source::SourceMap;
use crate::value::{Map, Value};

/// What the engine answers for `ignore_errors` codes it does not know: it
/// *returns* a webob `HTTPBadRequest` instead of raising it, RPC sends its
/// `repr`, and heat-api answers 200 with that text (the oracle writes the
/// object's address `0x0`).
pub const INVALID_IGNORE_ERRORS_ANSWER: &str = "<HTTPBadRequest at 0x0 400 Bad Request>";

/// Heat's answer to a template validate request: the response body, or the
/// error heat-api answers with (then `validate` is null). Written as the
/// oracle's validate result (`error`, `validate`); the diagnostics and
/// sources are hotplate's.
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "ValidateResult"))]
pub struct Validation {
    /// The error (`HTTPBadRequest` for the engine's `{'Error': …}`, else the exception's class).
    pub error: Option<HeatError>,
    /// The body; a text for unknown `ignore_errors` codes (heat-api answers 200 with the
    /// engine's `repr` of an `HTTPBadRequest`).
    #[cfg_attr(feature = "ts", ts(rename = "validate"))]
    pub body: Option<ValidateAnswer>,
    /// Every diagnostic found on the way (Heat's error among them).
    #[cfg_attr(feature = "ts", ts(skip))]
    pub diagnostics: Vec<Diagnostic>,
    /// The source texts the diagnostics' spans point into.
    #[cfg_attr(feature = "ts", ts(skip))]
    pub sources: SourceMap,
}

/// The response body of a template validate.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(untagged))]
pub enum ValidateAnswer {
    /// The template's parameters and environment.
    Body(Box<ValidateBody>),
    /// `<HTTPBadRequest at 0x0 400 Bad Request>` ([`INVALID_IGNORE_ERRORS_ANSWER`]).
    Text(String),
}

/// The template's description, parameters (with Heat's API keys), parameter
/// groups, nested stacks' parameters (with `show_nested`) and environment.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename_all = "PascalCase"))]
pub struct ValidateBody {
    /// The template's description, or `No description`.
    pub description: Value,
    /// Each template parameter (pseudo parameters excluded).
    #[cfg_attr(feature = "ts", ts(type = "{ [key in string]: ValidateParameter }"))]
    pub parameters: IndexMap<String, ValidateParameter>,
    /// `parameter_groups` as written, when the template has them.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub parameter_groups: Option<Value>,
    /// With `show_nested`: each nested-stack resource's stack.
    #[cfg_attr(feature = "ts", ts(optional, type = "{ [key in string]: NestedParameters }"))]
    pub nested_parameters: Option<IndexMap<String, NestedParameters>>,
    /// The merged user environment.
    pub environment: ValidateEnvironment,
}

/// A parameter as `format_validate_parameter` writes it: defaults and values
/// as given (not converted), constraints by kind.
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename_all = "PascalCase"))]
pub struct ValidateParameter {
    /// `String`, `Number`, `CommaDelimitedList`, `Json` or `Boolean`.
    #[cfg_attr(feature = "ts", ts(rename = "Type"))]
    pub kind: String,
    /// The description (`""` when none).
    pub description: String,
    /// `"true"` for a hidden parameter, else `"false"`.
    #[cfg_attr(feature = "ts", ts(type = "\"true\" | \"false\""))]
    pub no_echo: String,
    /// The label, or the name.
    pub label: String,
    /// The default (`parameter_defaults` replaces the template's), as written.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub default: Option<Value>,
    /// The user's value when truthy, as given.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub value: Option<Value>,
    /// `tags`.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub tags: Option<Vec<Value>>,
    /// `length`'s min.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub min_length: Option<Value>,
    /// `length`'s max.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub max_length: Option<Value>,
    /// `range`'s min.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub min_value: Option<Value>,
    /// `range`'s max.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub max_value: Option<Value>,
    /// `modulo`'s step.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub step: Option<Value>,
    /// `modulo`'s offset.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub offset: Option<Value>,
    /// `allowed_values`.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub allowed_values: Option<Vec<Value>>,
    /// `allowed_pattern`.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub allowed_pattern: Option<String>,
    /// `custom_constraint`.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub custom_constraint: Option<String>,
    /// The constraints' descriptions joined by a space.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub constraint_description: Option<String>,
    /// The order Heat writes the constraint members in: where each was first
    /// set, in the order of the template's constraints (`-f json` keeps it).
    #[cfg_attr(feature = "ts", ts(skip))]
    pub constraint_order: Vec<ConstraintKey>,
}

/// A constraint member of [`ValidateParameter`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConstraintKey {
    /// `MinLength`.
    MinLength,
    /// `MaxLength`.
    MaxLength,
    /// `MinValue`.
    MinValue,
    /// `MaxValue`.
    MaxValue,
    /// `Step`.
    Step,
    /// `Offset`.
    Offset,
    /// `AllowedValues`.
    AllowedValues,
    /// `AllowedPattern`.
    AllowedPattern,
    /// `CustomConstraint`.
    CustomConstraint,
}

/// A nested stack's parameters (`show_nested`), recursively.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename_all = "PascalCase"))]
pub struct NestedParameters {
    /// The resource's type.
    #[cfg_attr(feature = "ts", ts(rename = "Type"))]
    pub kind: String,
    /// The nested template's description, or `No description`.
    pub description: Value,
    /// Its parameters, with the values the parent gives.
    #[cfg_attr(feature = "ts", ts(type = "{ [key in string]: ValidateParameter }"))]
    pub parameters: IndexMap<String, ValidateParameter>,
    /// Its `parameter_groups`, when it has them.
    #[cfg_attr(feature = "ts", ts(optional))]
    pub parameter_groups: Option<Value>,
    /// Its own nested stacks.
    #[cfg_attr(feature = "ts", ts(optional, type = "{ [key in string]: NestedParameters }"))]
    pub nested_parameters: Option<IndexMap<String, NestedParameters>>,
}

/// The merged user environment (`user_env_as_dict()`).
#[derive(Clone, Debug)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ValidateEnvironment {
    /// `parameters`.
    #[cfg_attr(feature = "ts", ts(type = "Record<string, JsonValue>"))]
    pub parameters: Map,
    /// `parameter_defaults`.
    #[cfg_attr(feature = "ts", ts(type = "Record<string, JsonValue>"))]
    pub parameter_defaults: Map,
    /// The user's registry, with `resources` and the provider templates used.
    #[cfg_attr(feature = "ts", ts(type = "Record<string, JsonValue>"))]
    pub resource_registry: Map,
    /// `event_sinks`.
    pub event_sinks: Vec<Value>,
}

impl ValidateAnswer {
    /// The answer as heat-api writes it (Heat's key order; the keys as
    /// they are: [`Validation::body_value`] makes them strings).
    pub fn to_value(&self) -> Value {
        match self {
            ValidateAnswer::Body(b) => b.to_value(),
            ValidateAnswer::Text(t) => Value::from(t.as_str()),
        }
    }
}

impl ValidateBody {
    /// `Description`, `Parameters`, `ParameterGroups`, `NestedParameters`,
    /// `Environment`, in Heat's order.
    pub fn to_value(&self) -> Value {
        let mut m = Map::with_capacity(5);
        m.insert_str("Description", self.description.clone());
        m.insert_str("Parameters", parameters_value(&self.parameters));
        if let Some(groups) = &self.parameter_groups {
            m.insert_str("ParameterGroups", groups.clone());
        }
        if let Some(nested) = &self.nested_parameters {
            m.insert_str("NestedParameters", nested_value(nested));
        }
        m.insert_str("Environment", self.environment.to_value());
        Value::map(m)
    }
}

fn parameters_value(parameters: &IndexMap<String, ValidateParameter>) -> Value {
    let mut m = Map::with_capacity(parameters.len());
    for (name, p) in parameters {
        m.insert_str(name, p.to_value());
    }
    Value::map(m)
}

fn nested_value(nested: &IndexMap<String, NestedParameters>) -> Value {
    let mut m = Map::with_capacity(nested.len());
    for (name, n) in nested {
        m.insert_str(name, n.to_value());
    }
    Value::map(m)
}

impl ValidateParameter {
    /// Record that a constraint member is set (its place: the first time).
    pub fn place(&mut self, key: ConstraintKey) {
        if !self.constraint_order.contains(&key) {
            self.constraint_order.push(key);
        }
    }

    /// Heat's keys in its order: `Type`, `Description`, `NoEcho`, `Label`,
    /// `Default`, `Value`, `Tags`, the constraints' members (in
    /// `constraint_order`), `ConstraintDescription`.
    pub fn to_value(&self) -> Value {
        let mut m = Map::new();
        m.insert_str("Type", Value::from(self.kind.as_str()));
        m.insert_str("Description", Value::from(self.description.as_str()));
        m.insert_str("NoEcho", Value::from(self.no_echo.as_str()));
        m.insert_str("Label", Value::from(self.label.as_str()));
        let mut set = |k: &str, v: Option<Value>| {
            if let Some(v) = v {
                m.insert_str(k, v);
            }
        };
        set("Default", self.default.clone());
        set("Value", self.value.clone());
        set("Tags", self.tags.clone().map(Value::list));
        for key in &self.constraint_order {
            let (name, value) = match key {
                ConstraintKey::MinLength => ("MinLength", self.min_length.clone()),
                ConstraintKey::MaxLength => ("MaxLength", self.max_length.clone()),
                ConstraintKey::MinValue => ("MinValue", self.min_value.clone()),
                ConstraintKey::MaxValue => ("MaxValue", self.max_value.clone()),
                ConstraintKey::Step => ("Step", self.step.clone()),
                ConstraintKey::Offset => ("Offset", self.offset.clone()),
                ConstraintKey::AllowedValues => ("AllowedValues", self.allowed_values.clone().map(Value::list)),
                ConstraintKey::AllowedPattern => ("AllowedPattern", self.allowed_pattern.as_deref().map(Value::from)),
                ConstraintKey::CustomConstraint => {
                    ("CustomConstraint", self.custom_constraint.as_deref().map(Value::from))
                }
            };
            set(name, value);
        }
        set("ConstraintDescription", self.constraint_description.as_deref().map(Value::from));
        Value::map(m)
    }
}

impl NestedParameters {
    /// `Type`, `Description`, `Parameters`, `ParameterGroups`, `NestedParameters`.
    pub fn to_value(&self) -> Value {
        let mut m = Map::with_capacity(5);
        m.insert_str("Type", Value::from(self.kind.as_str()));
        m.insert_str("Description", self.description.clone());
        m.insert_str("Parameters", parameters_value(&self.parameters));
        if let Some(groups) = &self.parameter_groups {
            m.insert_str("ParameterGroups", groups.clone());
        }
        if let Some(nested) = &self.nested_parameters {
            m.insert_str("NestedParameters", nested_value(nested));
        }
        Value::map(m)
    }
}

impl ValidateEnvironment {
    /// `resource_registry`, `parameters`, `parameter_defaults`, `event_sinks`.
    pub fn to_value(&self) -> Value {
        let mut m = Map::with_capacity(4);
        m.insert_str("resource_registry", Value::map(self.resource_registry.clone()));
        m.insert_str("parameters", Value::map(self.parameters.clone()));
        m.insert_str("parameter_defaults", Value::map(self.parameter_defaults.clone()));
        m.insert_str("event_sinks", Value::list(self.event_sinks.clone()));
        Value::map(m)
    }
}

impl Validation {
    /// The answer's body as it crosses RPC and HTTP (as JSON: keys become strings).
    pub fn body_value(&self) -> Option<Value> {
        self.body.as_ref().map(|b| json_keys(&b.to_value()))
    }

    /// The oracle's validate result: `{"error": null|{type, message, path},
    /// "validate": body|null}`.
    pub fn to_value(&self) -> Value {
        let mut m = Map::with_capacity(2);
        let error = self.error.as_ref().map_or(Value::Null, HeatError::to_value);
        m.insert_str("error", error);
        m.insert_str("validate", self.body_value().unwrap_or(Value::Null));
        Value::map(m)
    }

    /// [`Validation::to_value`] as the oracle writes it (sorted keys, indent 2).
    pub fn to_json(&self) -> String {
        json_dumps_oracle_keys(&self.to_value(), JsonStyle::RESULT)
    }
}

/// One template validate request (`POST /v1/{tenant}/validate`, the
/// oracle's validate request): the body heat-api reads, as for create (a
/// `stack_name` is ignored), plus the query's two flags.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ValidateRequest {
    /// `"validate"` in the oracle's corpus (ignored).
    #[cfg_attr(feature = "ts", ts(rename = "x-operation", optional = nullable, type = "\"validate\""))]
    pub operation: Option<String>,
    /// The body (`template`, `environment`, `environment_files`, `files`,
    /// `parameters`, the Heat settings), read only when it has a `template`
    /// ([`ValidateRequest::body`]).
    #[cfg_attr(feature = "ts", ts(flatten))]
    pub request: Request,
    /// Whether the body has a `template` (heat-api answers a body without
    /// one `No template specified`, reading nothing else of it).
    #[cfg_attr(feature = "ts", ts(skip))]
    pub has_template: bool,
    /// The `show_nested` query parameter as sent (heatclient sends
    /// `True`/`False`; anything but `true`/`false` in any case is refused);
    /// in JSON a bool (sent as `True`/`False`) or the text sent as it is.
    #[cfg_attr(feature = "ts", ts(rename = "x-show-nested", optional = nullable, type = "boolean | string"))]
    pub show_nested: Option<String>,
    /// The `ignore_errors` query parameter: Heat error codes, comma-separated
    /// (in JSON a list is joined with `,`).
    #[cfg_attr(feature = "ts", ts(rename = "x-ignore-errors", optional = nullable, type = "string | string[]"))]
    pub ignore_errors: Option<String>,
}

impl ValidateRequest {
    /// A request for this body, without query flags.
    pub fn new(request: Request) -> ValidateRequest {
        ValidateRequest { operation: None, request, has_template: true, show_nested: None, ignore_errors: None }
    }

    /// The body heat-api reads, when it has a `template`.
    pub fn body(&self) -> Option<&Request> {
        self.has_template.then_some(&self.request)
    }

    /// With `--show-nested` (as heatclient sends it).
    pub fn show_nested(mut self, on: bool) -> ValidateRequest {
        self.show_nested = Some(if on { "True" } else { "False" }.to_string());
        self
    }

    /// Decode the oracle's JSON validate request. `Err` says what is
    /// malformed (a request problem, not a template problem).
    pub fn from_json(text: &str) -> Result<ValidateRequest, String> {
        let raw: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("the request is not valid JSON: {e}"))?;
        ValidateRequest::from_json_value(&raw)
    }

    /// Decode an already-parsed validate request.
    pub fn from_json_value(raw: &serde_json::Value) -> Result<ValidateRequest, String> {
        let obj = raw.as_object().ok_or("the request must be a JSON object")?;
        let has_template = obj.contains_key("template");
        let request = if has_template { Request::from_json_value(raw)? } else { Request::new(String::new()) };
        Ok(ValidateRequest {
            operation: obj.get("x-operation").map(|v| query_text(v, " ")),
            request,
            has_template,
            show_nested: obj.get("x-show-nested").map(|v| query_text(v, " ")),
            ignore_errors: obj.get("x-ignore-errors").map(|v| query_text(v, ",")),
        })
    }
}

/// A flag's JSON value as the query string the oracle sends: a bool as
/// Python writes it, a list joined with `sep`, a string as it is, anything
/// else as `str()`.
fn query_text(v: &serde_json::Value, sep: &str) -> String {
    match v {
        serde_json::Value::Bool(b) => if *b { "True" } else { "False" }.to_string(),
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Array(items) if sep == "," => {
            items.iter().map(|i| query_text(i, sep)).collect::<Vec<_>>().join(sep)
        }
        other => py_str(&crate::value::json_to_value(other)),
    }
}
