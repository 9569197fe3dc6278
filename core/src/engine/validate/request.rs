//! The oracle's validate request: the body heat-api reads (as for create)
//! and the two query flags, `x-show-nested` and `x-ignore-errors`.

use crate::model::Request;
use crate::pyfmt::py_str;

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
