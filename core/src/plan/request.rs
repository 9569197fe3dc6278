//! The new stack's request heat-api and `_prepare_stack_updates` make of an
//! update request (the model's [`PlanRequest`]: the oracle's preview request,
//! Heat's `PUT|PATCH …/preview` body plus `x-current`, the create request of
//! the stack as it is; `heat/api/openstack/v1/stacks.py`,
//! `heat/engine/service.py`).

use crate::engine::environment::Environment;
use crate::engine::parameters::{ParamSchema, Parameter};
use crate::eval::EvalError;
use crate::model::plan::{Method, PlanRequest};
use crate::model::Request;
use crate::pyhash::{PySet, StrHash};
use crate::value::{Map, Value};

use super::record::Patch;

impl PlanRequest {
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
        req.playground.stack_id = cur.playground.stack_id.clone();
        req.playground.project_id = cur.playground.project_id.clone();
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
        req.inputs.environment = self.inputs.environment.clone();
        req.inputs.environment_files = self.inputs.environment_files.clone();
        if self.existing {
            req.inputs.files = cur.inputs.files.clone();
        }
        for (k, v) in &self.inputs.files {
            req.inputs.files.insert(k.clone(), v.clone());
        }
        req.inputs.parameters = self.inputs.parameters.clone();
        req.inputs.heat_config = self.inputs.heat_config.clone();
        req.inputs.heat_release = self.inputs.heat_release.clone();
        req
    }

    /// The current stack's create request as the preview builds it: with the
    /// preview's settings, or (`own`: to learn whether it could be created)
    /// those with its own laid over them.
    pub(crate) fn current_request(&self, own: bool) -> Request {
        let mut req = self.current.clone();
        req.inputs.heat_config = if own {
            crate::engine::heat_config::merged(&self.inputs.heat_config, &self.current.inputs.heat_config)
        } else {
            self.inputs.heat_config.clone()
        };
        req.inputs.heat_release = self.inputs.heat_release.clone();
        req
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
