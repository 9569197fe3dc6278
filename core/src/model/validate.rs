//! Template validate's request and answer: the oracle's validate request
//! (the body heat-api reads, as for create, and the two query flags,
//! `x-show-nested` and `x-ignore-errors`) and Heat's answer
//! ([`Validation`], written as the oracle's validate result); the engine's
//! `engine/validate/` makes the answer.

use crate::model::diag::{Diagnostic, HeatError};
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

/// Heat's answer to a template validate request.
#[derive(Clone, Debug, Default)]
pub struct Validation {
    /// The error heat-api answers with (`type` is the fault's class), if any.
    pub error: Option<HeatError>,
    /// The response body when there is no error: an object (`Description`,
    /// `Parameters`, …, with Heat's keys) or, for unknown `ignore_errors`
    /// codes, [`INVALID_IGNORE_ERRORS_ANSWER`] as a string.
    pub body: Option<Value>,
    /// Every diagnostic found on the way (Heat's error among them).
    pub diagnostics: Vec<Diagnostic>,
    /// The source texts the diagnostics' spans point into.
    pub sources: SourceMap,
}

impl Validation {
    /// The oracle's validate result: `{"error": null|{type, message, path},
    /// "validate": body|null}`.
    pub fn to_value(&self) -> Value {
        let mut m = Map::with_capacity(2);
        let error = self.error.as_ref().map_or(Value::Null, HeatError::to_value);
        m.insert_str("error", error);
        m.insert_str("validate", self.body.clone().unwrap_or(Value::Null));
        Value::map(m)
    }

    /// [`Validation::to_value`] as the oracle writes it (sorted keys, indent 2).
    pub fn to_json(&self) -> String {
        json_dumps_oracle_keys(&self.to_value(), JsonStyle::RESULT)
    }
}

/// One template validate request.
#[derive(Clone, Debug)]
pub struct ValidateRequest {
    /// The body (`template`, `environment`, `environment_files`, `files`,
    /// `parameters`); `None` when it has no `template` (heat-api: `No
    /// template specified`).
    pub request: Option<Request>,
    /// The `show_nested` query parameter as sent (heatclient sends
    /// `True`/`False`; anything but `true`/`false` in any case is refused).
    pub show_nested: Option<String>,
    /// The `ignore_errors` query parameter: error codes, comma-separated.
    pub ignore_errors: Option<String>,
}

impl ValidateRequest {
    /// A request for this body, without query flags.
    pub fn new(request: Request) -> ValidateRequest {
        ValidateRequest { request: Some(request), show_nested: None, ignore_errors: None }
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
        let request = match obj.get("template") {
            None => None,
            Some(_) => Some(Request::from_json_value(raw)?),
        };
        Ok(ValidateRequest {
            request,
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
