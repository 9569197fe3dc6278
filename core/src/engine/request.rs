//! The request: Heat's stack-create body plus the playground's `x-playground` block.

use indexmap::IndexMap;

use crate::value::{Map, Value};

/// Default `OS::stack_id` (the oracle's).
pub const DEFAULT_STACK_ID: &str = "11111111-2222-3333-4444-555555555555";
/// Default `OS::project_id` (the oracle's).
pub const DEFAULT_PROJECT_ID: &str = "00000000000000000000000000000001";

/// Text, or an already-parsed object (then no YAML parsing happens).
#[derive(Clone, Debug)]
pub enum Document {
    /// YAML or JSON text.
    Text(String),
    /// A parsed value.
    Value(Value),
}

/// One evaluation request.
#[derive(Clone, Debug)]
pub struct Request {
    /// `stack_name`; heat-api answers a body without one with HTTPBadRequest.
    pub stack_name: Option<String>,
    /// `template`.
    pub template: Document,
    /// The template's file name (for diagnostics).
    pub template_name: String,
    /// `environment` (ignored by Heat when `environment_files` is non-empty).
    pub environment: Option<Document>,
    /// `environment_files`: names in `files`, merged in order.
    pub environment_files: Vec<String>,
    /// `files`: contents for environment files, `get_file` and provider templates.
    pub files: IndexMap<String, Option<String>>,
    /// `parameters`: explicit values (`--parameter`).
    pub parameters: Map,
    /// `OS::stack_id`.
    pub stack_id: String,
    /// `OS::project_id`.
    pub project_id: String,
    /// Mocked attributes per resource (the resource counts as created).
    pub attributes: IndexMap<String, Map>,
    /// Mocked reference ids per resource.
    pub reference_ids: IndexMap<String, String>,
}

impl Request {
    /// A request for a template text with no environment.
    pub fn new(template: impl Into<String>) -> Request {
        Request {
            stack_name: Some("test".into()),
            template: Document::Text(template.into()),
            template_name: "template.yaml".into(),
            environment: None,
            environment_files: Vec::new(),
            files: IndexMap::new(),
            parameters: Map::new(),
            stack_id: DEFAULT_STACK_ID.into(),
            project_id: DEFAULT_PROJECT_ID.into(),
            attributes: IndexMap::new(),
            reference_ids: IndexMap::new(),
        }
    }

    /// Decode the JSON request format of the oracle README. `Err` says what is
    /// malformed (a request problem, not a template problem).
    pub fn from_json(text: &str) -> Result<Request, String> {
        let raw: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("the request is not valid JSON: {e}"))?;
        Request::from_json_value(&raw)
    }

    /// Decode an already-parsed JSON request.
    pub fn from_json_value(raw: &serde_json::Value) -> Result<Request, String> {
        let obj = raw.as_object().ok_or("the request must be a JSON object")?;
        let template = match obj.get("template") {
            Some(serde_json::Value::String(s)) => Document::Text(s.clone()),
            Some(serde_json::Value::Null) | None => return Err("the request has no \"template\"".into()),
            Some(other) => Document::Value(json_to_value(other)),
        };
        let mut req = Request::new(String::new());
        req.template = template;
        req.stack_name = match obj.get("stack_name") {
            None => None,
            Some(name) => Some(name.as_str().ok_or("\"stack_name\" must be a string")?.to_string()),
        };
        if let Some(name) = obj.get("x-template-name").and_then(|v| v.as_str()) {
            req.template_name = name.to_string();
        }
        req.environment = match obj.get("environment") {
            None | Some(serde_json::Value::Null) => None,
            Some(serde_json::Value::String(s)) => Some(Document::Text(s.clone())),
            Some(other) => Some(Document::Value(json_to_value(other))),
        };
        if let Some(files) = obj.get("environment_files") {
            let list = files.as_array().ok_or("\"environment_files\" must be a list of names")?;
            for f in list {
                req.environment_files
                    .push(f.as_str().ok_or("\"environment_files\" must be a list of names")?.to_string());
            }
        }
        if let Some(files) = obj.get("files") {
            let map = files.as_object().ok_or("\"files\" must be an object")?;
            for (k, v) in map {
                let content = match v {
                    serde_json::Value::Null => None,
                    serde_json::Value::String(s) => Some(s.clone()),
                    _ => return Err(format!("files[\"{k}\"] must be a string")),
                };
                req.files.insert(k.clone(), content);
            }
        }
        if let Some(params) = obj.get("parameters") {
            match json_to_value(params) {
                Value::Map(m) => req.parameters = (*m).clone(),
                Value::Null => {}
                _ => return Err("\"parameters\" must be an object".into()),
            }
        }
        if let Some(play) = obj.get("x-playground") {
            let play = play.as_object().ok_or("\"x-playground\" must be an object")?;
            if let Some(v) = play.get("stack_id") {
                req.stack_id = json_text(v);
            }
            if let Some(v) = play.get("project_id") {
                req.project_id = json_text(v);
            }
            if let Some(attrs) = play.get("attributes") {
                let attrs = attrs.as_object().ok_or("\"x-playground.attributes\" must be an object")?;
                for (res, a) in attrs {
                    match json_to_value(a) {
                        Value::Map(m) => {
                            req.attributes.insert(res.clone(), (*m).clone());
                        }
                        _ => return Err(format!("\"x-playground.attributes.{res}\" must be an object")),
                    }
                }
            }
            if let Some(refs) = play.get("reference_ids") {
                let refs = refs.as_object().ok_or("\"x-playground.reference_ids\" must be an object")?;
                for (res, id) in refs {
                    req.reference_ids.insert(res.clone(), json_text(id));
                }
            }
        }
        Ok(req)
    }
}

/// `str(v)` of a JSON scalar (the oracle does `str(play.get(...))`).
fn json_text(v: &serde_json::Value) -> String {
    match v {
        serde_json::Value::String(s) => s.clone(),
        other => crate::pyfmt::py_str(&json_to_value(other)),
    }
}

/// A JSON value as a template value (ints stay ints, floats stay floats).
pub fn json_to_value(v: &serde_json::Value) -> Value {
    match v {
        serde_json::Value::Null => Value::Null,
        serde_json::Value::Bool(b) => Value::Bool(*b),
        serde_json::Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                Value::Int(i)
            } else if n.is_f64() {
                Value::Float(n.as_f64().unwrap_or(f64::NAN))
            } else {
                // u64 beyond i64: keep the nearest float rather than fail.
                Value::Float(n.as_f64().unwrap_or(f64::NAN))
            }
        }
        serde_json::Value::String(s) => Value::from(s.as_str()),
        serde_json::Value::Array(items) => Value::list(items.iter().map(json_to_value).collect()),
        serde_json::Value::Object(obj) => {
            let mut m = Map::with_capacity(obj.len());
            for (k, v) in obj {
                m.insert_str(k, json_to_value(v));
            }
            Value::map(m)
        }
    }
}
