//! An update request (the oracle's preview request: Heat's `PUT|PATCH
//! …/preview` body plus `x-current`, the create request of the stack as it
//! is) and the new stack's request heat-api and `_prepare_stack_updates` make
//! of it (`heat/api/openstack/v1/stacks.py`, `heat/engine/service.py`).

use indexmap::IndexMap;

use crate::engine::environment::Environment;
use crate::engine::parameters::{ParamSchema, Parameter};
use crate::eval::EvalError;
use crate::model::{Document, Request};
use crate::pyhash::{PySet, StrHash};
use crate::value::{Map, Value};

use super::record::Patch;

/// `PUT` (`preview_update`) or `PATCH` (`preview_update_patch`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// The new template and environment replace the stored ones.
    Put,
    /// The stored template, files and environment stay under the new ones.
    Patch,
}

/// An update request: the stack as it is and the update body.
#[derive(Clone, Debug)]
pub struct PlanRequest {
    /// The create request of the existing stack (`x-current`); its
    /// `x-playground` mocks apply to both stacks.
    pub current: Request,
    /// The update body's template, if it has one (a PATCH without one keeps
    /// the stored template).
    pub template: Option<Document>,
    /// The template's file name (for diagnostics).
    pub template_name: Option<String>,
    /// `environment` (ignored when `environment_files` is non-empty).
    pub environment: Option<Document>,
    /// `environment_files`: names in `files`, merged in order.
    pub environment_files: Vec<String>,
    /// `files`.
    pub files: IndexMap<String, Option<String>>,
    /// `parameters`.
    pub parameters: Map,
    /// heat-api's method.
    pub method: Method,
    /// `existing`: merge with the stored stack (PATCH sets it).
    pub existing: bool,
    /// `clear_parameters`: stored parameters a PATCH forgets.
    pub clear_parameters: Vec<String>,
    /// The Heat settings (`x-heat-config`) of the whole preview (`current`
    /// may carry its own for its create).
    pub heat_config: Value,
    /// The release that answers the whole preview (`x-heat-release`; the
    /// update body's, else `x-current`'s).
    pub heat_release: Option<String>,
    /// Plan without values (two templates, not an oracle request; the
    /// request's `x-without-values`): a parameter neither side gives a value
    /// is unknown on both (the stack exists with one), not Heat's
    /// `UserParameterMissing`.
    pub without_values: bool,
}

impl PlanRequest {
    /// An update of `current` to a new template (PUT, nothing else given).
    pub fn new(current: Request, template: Document) -> PlanRequest {
        PlanRequest {
            current,
            template: Some(template),
            template_name: None,
            environment: None,
            environment_files: Vec::new(),
            files: IndexMap::new(),
            parameters: Map::new(),
            method: Method::Put,
            existing: false,
            clear_parameters: Vec::new(),
            heat_config: Value::Null,
            heat_release: None,
            without_values: false,
        }
    }

    /// Decode the oracle's preview request (README, "Update preview").
    /// `Err` says what is malformed: a request problem, not Heat's answer.
    pub fn from_json(text: &str) -> Result<PlanRequest, String> {
        let raw: serde_json::Value =
            serde_json::from_str(text).map_err(|e| format!("the request is not valid JSON: {e}"))?;
        PlanRequest::from_json_value(&raw)
    }

    /// Decode an already-parsed preview request.
    pub fn from_json_value(raw: &serde_json::Value) -> Result<PlanRequest, String> {
        let body = raw.as_object().ok_or("the request must be a JSON object")?;
        let current = body.get("x-current").ok_or("the request has no \"x-current\" (the stack as it is)")?;
        if !current.is_object() {
            return Err("\"x-current\" must be a request object (the stack's create request)".into());
        }
        let current = Request::from_json_value(current).map_err(|e| format!("x-current: {e}"))?;
        // The update body is decoded as a create body is: a stand-in name and
        // template where it has none.
        let mut update = body.clone();
        update.insert("stack_name".into(), serde_json::Value::from("update"));
        let has_template = !matches!(update.get("template"), None | Some(serde_json::Value::Null));
        if !has_template {
            update.insert("template".into(), serde_json::Value::from(""));
        }
        update.remove("x-playground");
        let decoded = Request::from_json_value(&serde_json::Value::Object(update))?;
        let existing_flag = body.get("existing").is_some_and(truthy);
        let method = match body.get("x-method").and_then(serde_json::Value::as_str) {
            Some(m) if m.eq_ignore_ascii_case("PATCH") => Method::Patch,
            Some(m) if m.eq_ignore_ascii_case("PUT") => Method::Put,
            Some(m) => return Err(format!("\"x-method\" must be PUT or PATCH, not {m}")),
            None if existing_flag => Method::Patch,
            None => Method::Put,
        };
        let clear_parameters = match body.get("clear_parameters") {
            None | Some(serde_json::Value::Null) => Vec::new(),
            Some(serde_json::Value::Array(items)) => items
                .iter()
                .map(|v| v.as_str().map(str::to_string).ok_or("\"clear_parameters\" must be a list of names"))
                .collect::<Result<_, _>>()?,
            Some(_) => return Err("\"clear_parameters\" must be a list of names".into()),
        };
        Ok(PlanRequest {
            template: has_template.then_some(decoded.template),
            template_name: body.get("x-template-name").and_then(|v| v.as_str()).map(str::to_string),
            environment: decoded.environment,
            environment_files: decoded.environment_files,
            files: decoded.files,
            parameters: decoded.parameters,
            existing: existing_flag || method == Method::Patch,
            method,
            clear_parameters,
            heat_config: decoded.heat_config,
            heat_release: decoded.heat_release.or_else(|| current.heat_release.clone()),
            current,
            without_values: match body.get("x-without-values") {
                None | Some(serde_json::Value::Null) => false,
                Some(serde_json::Value::Bool(b)) => *b,
                Some(_) => return Err("\"x-without-values\" must be true or false".into()),
            },
        })
    }

    /// heat-api's own answer before the engine runs, if any.
    pub(crate) fn bad_request(&self) -> Option<&'static str> {
        (self.template.is_none() && self.method == Method::Put).then_some("No template specified")
    }

    /// The new stack's create request (`_prepare_stack_updates`): the
    /// existing stack's name and ids; with `existing`, the stored template
    /// when the body has none and the stored files under the new ones (the
    /// environment is merged by [`patch_environment`]).
    pub(crate) fn new_request(&self) -> Request {
        let cur = &self.current;
        let mut req = Request::new(String::new());
        req.stack_name = cur.stack_name.clone();
        req.stack_id = cur.stack_id.clone();
        req.project_id = cur.project_id.clone();
        match &self.template {
            Some(t) => {
                req.template = t.clone();
                req.template_name = self.template_name.clone().unwrap_or_else(|| cur.template_name.clone());
            }
            None => {
                req.template = cur.template.clone();
                req.template_name = cur.template_name.clone();
            }
        }
        req.environment = self.environment.clone();
        req.environment_files = self.environment_files.clone();
        if self.existing {
            req.files = cur.files.clone();
        }
        for (k, v) in &self.files {
            req.files.insert(k.clone(), v.clone());
        }
        req.parameters = self.parameters.clone();
        req.heat_config = self.heat_config.clone();
        req.heat_release = self.heat_release.clone();
        req
    }

    /// The current stack's create request as the preview builds it: with the
    /// preview's settings, or (`own`: to learn whether it could be created)
    /// those with its own laid over them.
    pub(crate) fn current_request(&self, own: bool) -> Request {
        let mut req = self.current.clone();
        req.heat_config = if own {
            crate::engine::heat_config::merged(&self.heat_config, &self.current.heat_config)
        } else {
            self.heat_config.clone()
        };
        req.heat_release = self.heat_release.clone();
        req
    }
}

fn truthy(v: &serde_json::Value) -> bool {
    match v {
        serde_json::Value::Null => false,
        serde_json::Value::Bool(b) => *b,
        serde_json::Value::Number(n) => n.as_f64().is_some_and(|f| f != 0.0),
        serde_json::Value::String(s) => !s.is_empty(),
        serde_json::Value::Array(a) => !a.is_empty(),
        serde_json::Value::Object(o) => !o.is_empty(),
    }
}

/// PATCH: the new environment loaded on top of the stored one
/// (`Environment(existing_env).load(params)`), whose `parameters` lose the
/// `clear_parameters` names; then parameters the new template does not
/// declare are dropped.
pub(crate) fn patch_environment(patch: &Patch<'_>, new: Environment, schemas: &[ParamSchema]) -> Environment {
    let stored = patch.stored;
    let mut parameters = Map::new();
    for (k, v) in stored.parameters.iter() {
        if !k.as_str().is_some_and(|name| patch.clear.iter().any(|c| c == name)) {
            let _ = parameters.insert(k.clone(), v.clone());
        }
    }
    for (k, v) in new.parameters.iter() {
        let _ = parameters.insert(k.clone(), v.clone());
    }
    let parameters = parameters
        .iter()
        .filter(|(k, _)| k.as_str().is_some_and(|name| schemas.iter().any(|s| s.name == name)))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect::<Vec<_>>();
    let mut defaults = stored.parameter_defaults.clone();
    for (k, v) in new.parameter_defaults.iter() {
        let _ = defaults.insert(k.clone(), v.clone());
    }
    let mut out = Environment {
        parameter_defaults: defaults,
        resource_registry: load_registry(&stored.resource_registry, &new.resource_registry),
        ..new
    };
    out.parameters = Map::new();
    for (k, v) in parameters {
        let _ = out.parameters.insert(k, v);
    }
    out
}

/// `ResourceRegistry.load` of `new` over `old`: maps merge key by key
/// (recursively: `resources: {name: {...}}`), a null removes the entry, any
/// other value replaces it.
fn load_registry(old: &Map, new: &Map) -> Map {
    let mut out = old.clone();
    for (k, v) in new.iter() {
        match v {
            Value::Null => {
                out.shift_remove(k);
            }
            Value::Map(m) => {
                let merged = match out.get(k) {
                    Some(Value::Map(o)) => load_registry(o, m),
                    _ => load_registry(&Map::new(), m),
                };
                let _ = out.insert(k.clone(), Value::map(merged));
            }
            other => {
                let _ = out.insert(k.clone(), other.clone());
            }
        }
    }
    out
}

/// `Parameters.immutable_params_modified`, run before the new stack is
/// validated: for each parameter both templates declare (in Heat's set
/// order), the new value (the environment's as given, else the parameter's
/// converted value — whose error Heat raises here) against the stored one;
/// `without_values`: one without any value is unknown, not changed.
pub(crate) fn immutable_modified(
    current: &Map,
    current_names: &[String],
    env: &Environment,
    schemas: &[ParamSchema],
    without_values: bool,
    algo: StrHash,
) -> Result<Vec<String>, EvalError> {
    let new_set = PySet::from_sequence(algo, schemas.iter().map(|s| s.name.as_str()));
    let cur_set = PySet::from_sequence(algo, current_names.iter().map(String::as_str));
    let mut invalid = Vec::new();
    for name in intersection(&new_set, &cur_set).iter() {
        let Some(schema) = schemas.iter().find(|s| s.name == name) else { continue };
        let p = Parameter {
            schema: schema.clone(),
            user_value: None,
            user_default: env.parameter_defaults.get_str(name).filter(|v| !v.is_null()).cloned(),
        };
        let new_value = match env.parameters.get_str(name) {
            Some(v) => v.clone(),
            // Unknown on both sides (a plan without values): unchanged.
            None if without_values && p.raw().0.is_none() => continue,
            None => p.value()?,
        };
        if schema.immutable && !current.get_str(name).is_some_and(|old| old.py_eq(&new_value)) {
            invalid.push(name.to_string());
        }
    }
    Ok(invalid)
}

/// `a & b` (`a.intersection(b)`) of two sets of strings: CPython iterates the
/// smaller one (`b` on a tie) and adds what the other has to a new set.
pub(crate) fn intersection(a: &PySet, b: &PySet) -> PySet {
    let (iterated, other) = if b.iter().count() > a.iter().count() { (a, b) } else { (b, a) };
    PySet::from_sequence(a.algo(), iterated.iter().filter(|n| other.iter().any(|m| m == *n)))
}
