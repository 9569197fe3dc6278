//! hotplate-wasm: the WebAssembly binding of `hotplate-core`.
//!
//! Each export decodes its arguments, calls one core function and returns a plain DTO.
//! Template problems are data; an export throws (`JsError`) only for malformed arguments.

use std::cell::RefCell;

use hotplate_core::api::{
    self, json_dumps, json_to_value, DeferredMark, DisplayValue, Edge, Format, HeatResult, JsonStyle, Located,
    ParamInfo, PathItem, Request, ResultView, Value, ValueSource,
};
use serde::Serialize;
use wasm_bindgen::prelude::*;

mod dto;
mod ide;
pub use dto::*;
pub use ide::*;

/// The last evaluation's result, for [`render_value`]: kept as the engine's
/// values (JSON would lose `1.0` vs `1`); the view is built on first use.
enum Last {
    Result(Box<HeatResult>, Vec<DeferredMark>, Vec<DisplayValue>),
    View(ResultView),
}

thread_local! {
    static LAST: RefCell<Option<Last>> = const { RefCell::new(None) };
}

/// Install the panic hook (logs the panic message to `console.error`).
#[wasm_bindgen(start)]
pub fn start() {
    #[cfg(feature = "panic-hook")]
    console_error_panic_hook::set_once();
}

/// JSON text of a value with the result's conventions (non-string keys as
/// strings, non-finite floats as `"inf"`/`"-inf"`/`"nan"`), key order kept.
fn value_json(v: &Value, indent: Option<usize>) -> String {
    let style = JsonStyle { sort_keys: false, ensure_ascii: false, indent, nonfinite_as_strings: true };
    // Unsorted output cannot fail (only sorting mixed key types does).
    json_dumps(v, style).unwrap_or_else(|_| "null".into())
}

/// A value as JSON data (`Value`'s `Serialize`: the result's conventions).
fn value_to_json(v: &Value) -> serde_json::Value {
    serde_json::to_value(v).unwrap_or(serde_json::Value::Null)
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
    let default = p.default.as_ref().map_or(serde_json::Value::Null, value_to_json);
    ParameterDto {
        name: p.name,
        kind: p.kind,
        source,
        file: p.file,
        contributions: p
            .contributions
            .into_iter()
            .map(|c| ContributionDto {
                file: c.file,
                strategy: c.strategy,
                parts: c.parts.iter().map(StepDto::from).collect(),
            })
            .collect(),
        label: p.label,
        description: p.description,
        hidden: p.hidden,
        default,
        constraints: p.constraints,
    }
}

/// Evaluate a request (the oracle's request format, as JSON text) the way
/// Heat's stack create would. Throws only if the request is malformed. The
/// text is decoded straight into the request (`Request::from_json`, as the CLI
/// does), without a `serde_json` tree in between.
pub fn evaluate_dto(request_json: &str) -> Result<EvaluateDto, String> {
    let req = Request::from_json(request_json)?;
    #[cfg(feature = "test-panic")]
    if request_json.contains(r#""x-test-panic":true"#) {
        panic!("x-test-panic: deliberate panic to test trap recovery");
    }
    let ev = api::evaluate(&req);
    let diagnostics = api::located_diagnostics(&ev).into_iter().map(diagnostic_dto).collect();
    let dto = EvaluateDto {
        result_json: ev.result.to_json(),
        diagnostics,
        deferred: ev
            .deferred
            .iter()
            .map(|m| DeferredDto {
                steps: m.path.iter().map(StepDto::from).collect(),
                label: m.label.clone(),
                exact: m.exact,
            })
            .collect(),
        parameters: ev.param_info.into_iter().map(parameter_dto).collect(),
        edges: ev.edges.into_iter().map(|Edge { from, to, kind }| EdgeDto { from, to, kind }).collect(),
        version: ev.version.map(|v| v.date()),
    };
    LAST.with(|l| *l.borrow_mut() = Some(Last::Result(Box::new(ev.result), ev.deferred, ev.display)));
    Ok(dto)
}

/// The value at `path` in the last evaluation's result (see [`evaluate_dto`])
/// as `format` text (`yaml`, `json`, `json-line`) with its deploy-time
/// placeholders located; `None` when there is no such value (or no evaluation).
pub fn render_value_dto(path: Vec<StepDto>, format: &str) -> Result<Option<RenderedDto>, String> {
    let format = Format::parse(format).ok_or_else(|| format!("unknown format {format:?} (yaml, json, json-line)"))?;
    let path: Vec<PathItem> = path.into_iter().map(PathItem::from).collect();
    Ok(LAST.with(|l| {
        let mut last = l.borrow_mut();
        if let Some(Last::Result(result, deferred, display)) = last.as_ref() {
            let view = ResultView::from_parts(result, deferred, display);
            *last = Some(Last::View(view));
        }
        match last.as_ref() {
            Some(Last::View(view)) => view.render(&path, format).map(RenderedDto::from),
            _ => None,
        }
    }))
}

/// `renderValue(path, format)`: a value of the last `evaluate` as text, or null.
#[wasm_bindgen(js_name = renderValue)]
pub fn render_value(path: Vec<JsValue>, format: &str) -> Result<JsValue, JsError> {
    // Read by hand: serde's untagged decoding would add ~10 KB to the module.
    let step = |v: &JsValue| match (v.as_string(), v.as_f64()) {
        (Some(k), _) => Some(StepDto::Key(k)),
        (None, Some(n)) if n.fract() == 0.0 && n.abs() < 9.0e15 => Some(StepDto::Index(n as i64)),
        _ => None,
    };
    let path = path
        .iter()
        .map(step)
        .collect::<Option<Vec<StepDto>>>()
        .ok_or_else(|| JsError::new("the path is not a list of keys (strings) and list indexes (integers)"))?;
    to_js(&render_value_dto(path, format).map_err(|e| JsError::new(&e))?)
}

/// `evaluate(requestJson)` → `[resultJson, extrasJson]` (see [`evaluate_dto`]): no JSON-in-JSON escaping.
#[wasm_bindgen]
pub fn evaluate(request_json: &str) -> Result<Vec<String>, JsError> {
    let dto = evaluate_dto(request_json).map_err(|e| JsError::new(&e))?;
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
    api::resource_types()
        .into_iter()
        .map(|t| ResourceTypeDto {
            name: t.name,
            status: t.status,
            description: t.description,
            properties: t
                .properties
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
    let result = api::yaql(expression, &json_to_value(data));
    match result {
        Ok(v) => YaqlDto::Ok { ok: true, value: value_to_json(&v), json: value_json(&v, Some(2)) },
        Err(e) => YaqlDto::Err { ok: false, error: YaqlErrorDto { kind: e.class, message: e.message } },
    }
}

/// `yaql(expression, data)`: errors of the expression are returned, not thrown.
#[wasm_bindgen]
pub fn yaql(expression: &str, data: JsValue) -> Result<JsValue, JsError> {
    let data = from_js(data, "yaql data")?;
    to_js(&yaql_dto(expression, &data))
}
