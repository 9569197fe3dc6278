//! hotplate-wasm: the WebAssembly binding of `hotplate-core`.
//!
//! Each export decodes its arguments, calls one core function and returns a plain DTO.
//! Template problems are data; an export throws (`JsError`) only for malformed arguments.

use hotplate_core::api::{self, Located};
use hotplate_core::catalogue::TYPES;
use hotplate_core::engine::parameters::ValueSource;
use hotplate_core::engine::request::json_to_value;
use hotplate_core::engine::{DeferredMark, Edge, ParamInfo};
use hotplate_core::pyfmt::{json_dumps, JsonStyle};
use hotplate_core::{Request, Value};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Install the panic hook (logs the panic message to `console.error`).
#[wasm_bindgen(start)]
pub fn start() {
    #[cfg(feature = "panic-hook")]
    console_error_panic_hook::set_once();
}

/// Response of [`evaluate`]; field names are the JS API's.
#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
pub struct EvaluateDto {
    #[serde(skip)] // returned beside the DTO: the canonical result text, the source of truth
    pub result_json: String,
    /// Every diagnostic with editor positions.
    pub diagnostics: Vec<DiagnosticDto>,
    /// Where deploy-time values land in the result.
    pub deferred: Vec<DeferredDto>,
    /// Parameters with where their values came from.
    pub parameters: Vec<ParameterDto>,
    /// Dependency edges between enabled resources.
    pub edges: Vec<EdgeDto>,
    /// The detected HOT version (date form), if any.
    pub version: Option<&'static str>,
}

/// A diagnostic; `from`/`to` are UTF-16 offsets (CodeMirror's unit).
#[derive(Serialize, Debug)]
pub struct DiagnosticDto {
    pub code: &'static str,
    pub severity: &'static str,
    pub message: String,
    pub path: String,
    pub file: Option<String>,
    pub from: u32,
    pub to: u32,
    pub line: u32,
    pub column: u32,
}

/// A value Heat only knows at deploy time.
#[derive(Serialize, Debug)]
pub struct DeferredDto {
    pub path: String,
    pub label: String,
    pub exact: bool,
}

/// A template parameter as the UI shows it.
#[derive(Serialize, Debug)]
pub struct ParameterDto {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub source: &'static str,
    pub file: Option<String>,
    pub label: String,
    pub description: String,
    pub hidden: bool,
    pub default: serde_json::Value,
    pub constraints: Vec<String>,
}

/// One dependency edge: `from` needs `to`.
#[derive(Serialize, Debug)]
pub struct EdgeDto {
    pub from: String,
    pub to: String,
    pub kind: &'static str,
}

/// A HOT version.
#[derive(Serialize, Debug)]
pub struct VersionDto {
    pub date: &'static str,
    pub alias: Option<&'static str>,
}

/// An intrinsic function as one version sees it.
#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
pub struct FunctionDto {
    pub name: &'static str,
    pub in_templates: bool,
    pub in_conditions: bool,
    pub removed: bool,
}

/// A resource type of the catalogue.
#[derive(Serialize, Debug)]
pub struct ResourceTypeDto {
    pub name: &'static str,
    pub status: &'static str,
    pub description: &'static str,
    pub properties: Vec<PropertyDto>,
    pub attributes: &'static [&'static str],
}

/// A property of a resource type.
#[derive(Serialize, Debug)]
pub struct PropertyDto {
    pub name: &'static str,
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub required: bool,
    pub description: &'static str,
}

/// Result of [`yaql`]: `{ok: true, value, json}` or `{ok: false, error: {type, message}}`.
#[derive(Serialize, Debug)]
#[serde(untagged)]
pub enum YaqlDto {
    Ok { ok: bool, value: serde_json::Value, json: String },
    Err { ok: bool, error: YaqlErrorDto },
}

/// A yaql error: the Python exception class and `str()` of it.
#[derive(Serialize, Debug)]
pub struct YaqlErrorDto {
    #[serde(rename = "type")]
    pub kind: String,
    pub message: String,
}

/// JSON text of a value with the result's conventions (non-string keys as
/// strings, non-finite floats as `"inf"`/`"-inf"`/`"nan"`), key order kept.
fn value_json(v: &Value, indent: Option<usize>) -> String {
    let style = JsonStyle { sort_keys: false, ensure_ascii: false, indent, nonfinite_as_strings: true };
    // Unsorted output cannot fail (only sorting mixed key types does).
    json_dumps(v, style).unwrap_or_else(|_| "null".into())
}

fn to_js<T: Serialize>(v: &T) -> Result<JsValue, JsError> {
    v.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_err(|e| JsError::new(&e.to_string()))
}

fn from_js(v: JsValue, what: &str) -> Result<serde_json::Value, JsError> {
    serde_wasm_bindgen::from_value(v).map_err(|e| JsError::new(&format!("{what} is not JSON data: {e}")))
}

/// DTO of one located diagnostic.
pub fn diagnostic_dto(d: Located) -> DiagnosticDto {
    DiagnosticDto {
        code: d.code,
        severity: d.severity.as_str(),
        message: d.message,
        path: d.path,
        file: d.file,
        from: d.from,
        to: d.to,
        line: d.line,
        column: d.column,
    }
}

/// DTO of one parameter.
pub fn parameter_dto(p: ParamInfo) -> ParameterDto {
    let source = match p.source {
        ValueSource::User => "user",
        ValueSource::UserDefault => "user_default",
        ValueSource::Default => "default",
        ValueSource::Missing => "missing",
    };
    let default = p.default.map_or(serde_json::Value::Null, |v| {
        serde_json::from_str(&value_json(&v, None)).unwrap_or(serde_json::Value::Null)
    });
    ParameterDto {
        name: p.name,
        kind: p.kind,
        source,
        file: p.file,
        label: p.label,
        description: p.description,
        hidden: p.hidden,
        default,
        constraints: p.constraints,
    }
}

/// Evaluate a request (the oracle's request format, as a JS object) the way
/// Heat's stack create would. Throws only if the request is malformed.
pub fn evaluate_dto(request: &serde_json::Value) -> Result<EvaluateDto, String> {
    let req = Request::from_json_value(request)?;
    #[cfg(feature = "test-panic")]
    if request.get("x-test-panic") == Some(&serde_json::Value::Bool(true)) {
        panic!("x-test-panic: deliberate panic to test trap recovery");
    }
    let ev = hotplate_core::evaluate(&req);
    let diagnostics = api::located_diagnostics(&ev).into_iter().map(diagnostic_dto).collect();
    Ok(EvaluateDto {
        result_json: ev.result.to_json(),
        diagnostics,
        deferred: ev
            .deferred
            .into_iter()
            .map(|DeferredMark { path, label, exact }| DeferredDto { path, label, exact })
            .collect(),
        parameters: ev.param_info.into_iter().map(parameter_dto).collect(),
        edges: ev.edges.into_iter().map(|Edge { from, to, kind }| EdgeDto { from, to, kind }).collect(),
        version: ev.version.map(|v| v.date()),
    })
}

/// `evaluate(requestJson)` → `[resultJson, extrasJson]` (see [`evaluate_dto`]): no JSON-in-JSON escaping.
#[wasm_bindgen]
pub fn evaluate(request_json: &str) -> Result<Vec<String>, JsError> {
    let raw = serde_json::from_str(request_json).map_err(|e| JsError::new(&format!("the request is not JSON: {e}")))?;
    let dto = evaluate_dto(&raw).map_err(|e| JsError::new(&e))?;
    let extras = serde_json::to_string(&dto).map_err(|e| JsError::new(&e.to_string()))?;
    Ok(vec![dto.result_json, extras])
}

/// Every HOT version, oldest first.
pub fn versions_dto() -> Vec<VersionDto> {
    api::versions().into_iter().map(|v| VersionDto { date: v.date, alias: v.alias }).collect()
}

/// `versions()`.
#[wasm_bindgen]
pub fn versions() -> Result<JsValue, JsError> {
    to_js(&versions_dto())
}

/// The functions of a version (date or alias); `None` for an unknown version.
pub fn functions_dto(version: &str) -> Option<Vec<FunctionDto>> {
    let dto = |api::FunctionInfo { name, in_templates, in_conditions, removed }| FunctionDto {
        name,
        in_templates,
        in_conditions,
        removed,
    };
    Some(api::functions(version)?.into_iter().map(dto).collect())
}

/// `functions(version)`: the functions of a version, `null` for an unknown version.
#[wasm_bindgen]
pub fn functions(version: &str) -> Result<JsValue, JsError> {
    to_js(&functions_dto(version))
}

/// Every resource type of the catalogue (Heat's registry, hidden ones included).
pub fn resource_types_dto() -> Vec<ResourceTypeDto> {
    TYPES
        .iter()
        .map(|t| ResourceTypeDto {
            name: t.name,
            status: t.status,
            description: t.description,
            properties: t
                .properties()
                .iter()
                .map(|p| PropertyDto { name: p.name, kind: p.kind, required: p.required, description: p.description })
                .collect(),
            attributes: t.attributes,
        })
        .collect()
}

/// `resourceTypes()`.
#[wasm_bindgen(js_name = resourceTypes)]
pub fn resource_types() -> Result<JsValue, JsError> {
    to_js(&resource_types_dto())
}

/// Evaluate a yaql expression with Heat's settings; `data` is the `data` of
/// Heat's `yaql` function (the expression sees `$.data`).
pub fn yaql_dto(expression: &str, data: &serde_json::Value) -> YaqlDto {
    let result =
        hotplate_core::yaql::parse(expression).and_then(|e| hotplate_core::yaql::evaluate(&e, &json_to_value(data)));
    match result {
        Ok(v) => {
            let json = value_json(&v, Some(2));
            let value = serde_json::from_str(&json).unwrap_or(serde_json::Value::Null);
            YaqlDto::Ok { ok: true, value, json }
        }
        Err(e) => YaqlDto::Err { ok: false, error: YaqlErrorDto { kind: e.class, message: e.message } },
    }
}

/// `yaql(expression, data)`: errors of the expression are returned, not thrown.
#[wasm_bindgen]
pub fn yaql(expression: &str, data: JsValue) -> Result<JsValue, JsError> {
    let data = from_js(data, "yaql data")?;
    to_js(&yaql_dto(expression, &data))
}
