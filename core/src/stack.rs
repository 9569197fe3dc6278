//! The evaluation context functions see: Heat's `StackDefinition`.
//!
//! It holds the parameter values, the enabled resources with their (mocked)
//! state, the `files` map, the parsed condition definitions with their memo, and
//! the evaluation budget that keeps runaway templates bounded.

use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::rc::Rc;

use indexmap::IndexMap;

use crate::catalogue::TypeInfo;
use crate::engine::heat_config::HeatConfig;
use crate::eval::{self, EvalError, Expr};
use crate::functions::Table;
use crate::pyfmt::py_str;
use crate::syntax::Node;
use crate::value::{Map, Value};
use crate::version::HotVersion;

/// Steps of resolution one evaluation may take before it is stopped.
pub const DEFAULT_BUDGET: u64 = 20_000_000;
/// Nesting of function calls during resolution.
const MAX_CALL_DEPTH: u32 = 500;

/// An enabled resource as functions see it.
#[derive(Clone, Debug)]
pub struct ResourceRef {
    /// Its name.
    pub name: Rc<str>,
    /// The type as written.
    // Read by nothing since lib.rs's modules became crate-private; written in
    // engine/mod.rs (left to the engine's restructure: BOARD.md).
    #[allow(dead_code)]
    pub type_name: String,
    /// What the catalogue knows of the type it resolves to.
    pub info: TypeInfo,
    /// Whether the request mocked it as created.
    pub created: bool,
    /// The mocked physical id.
    pub reference_id: Option<String>,
    /// The mocked attributes.
    pub attributes: Map,
    /// Created because it exists (an update plan's current stack): an
    /// attribute not mocked is a value hotplate does not know, not null.
    pub existing: bool,
    /// Its `properties` snippet (for plugins reading another resource's properties).
    pub properties: Option<Expr>,
    /// With the deploy-time treatment, what hotplate computes of the
    /// resource as Heat has it once created (`engine::nested::created`):
    /// an `OS::Heat::Value`'s `value`, a nested stack's outputs, or its
    /// failure; `get_attr` reads it (`functions/get_attr.rs`).
    pub(crate) once_created: OnceCreated,
}

/// A resource once created, as far as the second deploy-time evaluation
/// computes it ([`crate::engine::mode::Mode::values_once_created`]).
#[derive(Clone, Debug, Default)]
pub(crate) enum OnceCreated {
    /// Not computed: every attribute is a deploy-time value.
    #[default]
    Unknown,
    /// Not created (its nested stack fails, in it or below it): every
    /// attribute null, as Heat has them.
    Failed,
    /// Attributes by name: a nested stack's outputs (a provider template's
    /// attributes), an `OS::Heat::Value`'s `value`.
    Attributes(Rc<IndexMap<String, Attribute>>),
    /// A group's members (`OS::Heat::ResourceGroup`, `OS::Heat::ResourceChain`)
    /// in Heat's order, each by name with what it is once created.
    Members(Rc<Vec<(String, OnceCreated)>>),
}

/// One attribute of a resource once created.
#[derive(Clone, Debug)]
pub(crate) enum Attribute {
    /// Its value.
    Value(Value),
    /// The nested output's error: reading it raises Heat's
    /// `TemplateOutputError` with this message.
    Error(String),
    /// A deploy-time value.
    Unknown,
}

impl ResourceRef {
    /// `FnGetRefId()`: the name before creation, else the mocked id.
    pub fn ref_id(&self) -> Value {
        match (&self.reference_id, self.created) {
            (Some(id), true) => Value::from(id.as_str()),
            _ => Value::Str(self.name.clone()),
        }
    }

    /// `FnGetAtt(key, *path)` once created (None-like types: always null).
    pub fn attribute(&self, key: &Value, path: &[Value]) -> Value {
        if !self.created || self.info.none_like {
            return Value::Null;
        }
        let value = self.attributes.get(key).cloned().unwrap_or(Value::Null);
        select_path(&value, path)
    }

    /// `FnGetAtts()`: every attribute but `show`.
    pub fn all_attributes(&self) -> Value {
        let mut out = Map::new();
        for name in self.info.attributes.iter().filter(|a| **a != "show") {
            let key = Value::from(*name);
            out.insert_str(name, self.attribute(&key, &[]));
        }
        if self.info.dynamic_attributes {
            for (k, v) in self.attributes.iter() {
                if k.as_str() != Some("show") && !out.contains_key(k) {
                    let _ = out
                        .insert(k.clone(), if self.created && !self.info.none_like { v.clone() } else { Value::Null });
                }
            }
        }
        Value::map(out)
    }
}

impl ResourceRef {
    /// `FnGetAtt(key, *path)` of the resource once created, as far as the
    /// second deploy-time evaluation computes it ([`OnceCreated`]); `None`
    /// for a deploy-time value.
    pub(crate) fn once_created_attribute(&self, key: &Value, path: &[Value]) -> Option<Result<Value, EvalError>> {
        attribute_once_created(&self.name, &self.once_created, key, path)
    }
}

/// [`ResourceRef::once_created_attribute`] of the resource `name`: a
/// failed one's attributes are null; a nested output's error is Heat's
/// `TemplateOutputError` (`StackResource.get_output`); a group's attribute
/// is read from its members (below).
fn attribute_once_created(
    name: &str,
    state: &OnceCreated,
    key: &Value,
    path: &[Value],
) -> Option<Result<Value, EvalError>> {
    match state {
        OnceCreated::Unknown => None,
        OnceCreated::Failed => Some(Ok(Value::Null)),
        OnceCreated::Attributes(attributes) => {
            let key = key.as_str()?;
            match attributes.get(key)? {
                Attribute::Value(v) => Some(Ok(select_path(v, path))),
                Attribute::Error(message) => Some(Err(EvalError::other(
                    "TemplateOutputError",
                    format!("Error in {name} output {key}: {message}"),
                ))),
                Attribute::Unknown => None,
            }
        }
        OnceCreated::Members(members) => group_attribute(members, key.as_str()?, path),
    }
}

/// A group's attribute once created, as `ResourceGroup`/`ResourceChain`'s
/// `get_attribute` reads it from the members (`grouputils.get_rsrc_attr`,
/// each member's `FnGetAtt` in order): `resource.N.attr` one member's,
/// `attributes` with a path a map by member, any other name a list. A
/// member's error is raised whatever the others are (Heat meets it reading
/// them in order; an unknown one before it could only fail too); the
/// group's own attributes (`refs`, ...) stay deploy-time values.
fn group_attribute(members: &[(String, OnceCreated)], key: &str, path: &[Value]) -> Option<Result<Value, EvalError>> {
    let member = |(name, state): &(String, OnceCreated), key: &Value, path: &[Value]| {
        attribute_once_created(name, state, key, path)
    };
    if let Some(rest) = key.strip_prefix("resource.") {
        let (target, attribute) = rest.split_once('.')?;
        let found = members.iter().find(|(n, _)| n == target)?;
        return member(found, &Value::from(attribute), path);
    }
    let read: Vec<Option<Result<Value, EvalError>>> = match key {
        "attributes" => {
            let (first, rest) = path.split_first()?;
            members.iter().map(|m| member(m, first, rest)).collect()
        }
        "refs" | "refs_map" | "removed_rsrc_list" | "outputs" | "outputs_list" | "current_size" => return None,
        _ => members.iter().map(|m| member(m, &Value::from(key), path)).collect(),
    };
    if let Some(e) = read.iter().find_map(|r| r.as_ref().and_then(|r| r.as_ref().err())) {
        return Some(Err(e.clone()));
    }
    let values: Vec<Value> = read.into_iter().collect::<Option<Result<Vec<Value>, EvalError>>>()?.ok()?;
    if key == "attributes" {
        let mut map = Map::new();
        for ((name, _), v) in members.iter().zip(values) {
            map.insert_str(name, v);
        }
        return Some(Ok(Value::map(map)));
    }
    Some(Ok(Value::list(values)))
}

/// `attributes.select_from_attribute`: walk a path; any failure gives null.
pub fn select_path(value: &Value, path: &[Value]) -> Value {
    let mut current = value.clone();
    for key in path {
        let next = match (&current, key) {
            (Value::Map(m), k) if k.is_hashable() && !matches!(k, Value::Null | Value::Float(_)) => m.get(k).cloned(),
            (Value::List(items), k) => {
                k.as_int().and_then(|i| py_index(items.len(), i)).and_then(|i| items.get(i).cloned())
            }
            (Value::Str(s), k) => k
                .as_int()
                .and_then(|i| py_index(s.chars().count(), i))
                .and_then(|i| s.chars().nth(i))
                .map(|c| Value::from(c.to_string())),
            _ => None,
        };
        match next {
            Some(v) => current = v,
            None => return Value::Null,
        }
    }
    current
}

/// A Python index (negative counts from the end) into a sequence of `len`.
pub fn py_index(len: usize, index: i64) -> Option<usize> {
    let len_i = i64::try_from(len).ok()?;
    let i = if index < 0 { index.checked_add(len_i)? } else { index };
    if (0..len_i).contains(&i) {
        usize::try_from(i).ok()
    } else {
        None
    }
}

#[derive(Clone, Debug)]
enum CondMemo {
    InProgress,
    Done(bool),
}

/// Heat's stack definition during evaluation.
pub struct Stack {
    version: HotVersion,
    /// Final values of the parameters (pseudo parameters included), or the error
    /// their conversion raises.
    pub params: IndexMap<String, Result<Value, EvalError>>,
    /// `files`.
    pub files: Rc<IndexMap<String, Option<String>>>,
    /// Enabled resources.
    pub resources: IndexMap<Rc<str>, ResourceRef>,
    /// All resource names of the template (enabled or not).
    pub all_resource_names: Vec<String>,
    /// Parsed condition definitions.
    pub conditions: IndexMap<String, Expr>,
    condition_memo: RefCell<HashMap<String, CondMemo>>,
    /// The zone list `Fn::GetAZs` returns.
    pub availability_zones: Vec<String>,
    /// A CloudFormation template's `Mappings` (`Fn::FindInMap`).
    pub mappings: Value,
    budget: Cell<u64>,
    /// The budget of display-only work ([`Stack::with_display_budget`]).
    display_budget: Cell<u64>,
    depth: Cell<u32>,
    /// A nested stack's parameters whose values the parent only knows once it
    /// is created (a property given `get_attr`), as the parent shows them:
    /// `get_param` of one is deploy-time in this stack too (display only).
    pub(crate) deploy_params: IndexMap<String, crate::symbolic::Sym>,
    /// The json parameters among those that the parent gives a map or list
    /// with deploy-time parts: their value unknown in part, the known parts
    /// known (`get_param` with a path reads them, `functions/get_param.rs`).
    pub(crate) known_parts: IndexMap<String, crate::symbolic::Sym>,
    /// A display evaluation's resources and conditions whose definitions
    /// failed (or are unknown), with what they stand for (`resource r`):
    /// a reference to one is unknown there, not a second error.
    pub(crate) unknown_names: Vec<String>,
    /// What the stack's evaluation is for (a display evaluation's stack
    /// goes on past errors, see `engine::Driver::display`; `mode.strict()` is
    /// Heat's `strict_validate`).
    pub(crate) mode: crate::engine::mode::Mode,
    /// Validated, and evaluated with the deploy-time treatment
    /// ([`crate::engine::mode::Mode::deploy_time`]): `get_attr` of a resource
    /// that is not created is an unknown value.
    pub(crate) deployed: bool,
    /// The cloud's Heat settings.
    pub config: Rc<HeatConfig>,
}

impl Stack {
    /// A file of the request by name (`get_file`'s key), its text when the
    /// request carries one. The read is noted for an editing session's cache
    /// (`engine/stack_cache.rs`): a nested stack that read a file runs again
    /// when its text changes.
    pub(crate) fn file(&self, key: &str) -> Option<&Option<String>> {
        crate::engine::read_file(key);
        self.files.get(key)
    }

    /// An empty stack definition for a version.
    pub fn new(version: HotVersion) -> Stack {
        Stack {
            version,
            params: IndexMap::new(),
            files: Rc::default(),
            resources: IndexMap::new(),
            all_resource_names: Vec::new(),
            conditions: IndexMap::new(),
            condition_memo: RefCell::new(HashMap::new()),
            availability_zones: vec!["nova".to_string()],
            mappings: Value::map(Map::new()),
            budget: Cell::new(DEFAULT_BUDGET),
            display_budget: Cell::new(DEFAULT_BUDGET),
            depth: Cell::new(0),
            deploy_params: IndexMap::new(),
            known_parts: IndexMap::new(),
            unknown_names: Vec::new(),
            mode: crate::engine::mode::Mode::create(),
            deployed: false,
            config: Rc::default(),
        }
    }

    /// The Heat release that answers (the evaluation's mode,
    /// [`crate::engine::mode::Mode::release`]).
    pub(crate) fn release(&self) -> crate::release::Release {
        self.mode.release()
    }

    /// How the release's Python hashes strings (the order it iterates sets in).
    pub(crate) fn str_hash(&self) -> crate::pyhash::StrHash {
        self.mode.str_hash()
    }

    /// `Stack.timeout_secs()`: no request sets `timeout_mins`, so the
    /// `stack_action_timeout` setting.
    pub fn timeout_secs(&self) -> i64 {
        self.config.stack_action_timeout
    }

    /// The template version.
    pub fn version(&self) -> HotVersion {
        self.version
    }

    /// Set the evaluation budget (steps).
    #[cfg(test)]
    pub(crate) fn set_budget(&self, steps: u64) {
        self.budget.set(steps);
    }

    /// Spend `n` steps of the budget.
    pub fn spend(&self, n: u64) -> Result<(), EvalError> {
        let left = self.budget.get();
        if left < n {
            self.budget.set(0);
            return Err(EvalError::other(
                "BudgetExceeded",
                "Evaluation stopped: the template needs more work than hotplate's evaluation budget allows \
                 (Heat has none and would keep evaluating)",
            )
            .with_code("budget-exceeded"));
        }
        self.budget.set(left - n);
        Ok(())
    }

    /// Run `f` (display-only work, [`crate::symbolic`]) on a budget of its
    /// own: what it spends never shortens the evaluation's, and all display
    /// work of a stack together is bounded like its evaluation.
    pub fn with_display_budget<T>(&self, f: impl FnOnce() -> T) -> T {
        let evaluation = self.budget.replace(self.display_budget.get());
        let depth = self.depth.get();
        let out = f();
        self.display_budget.set(self.budget.replace(evaluation));
        self.depth.set(depth);
        out
    }

    /// One step of the budget.
    pub fn tick(&self) -> Result<(), EvalError> {
        self.spend(1)
    }

    /// Enter a nested call.
    pub fn enter(&self) -> Result<(), EvalError> {
        let d = self.depth.get() + 1;
        if d > MAX_CALL_DEPTH {
            return Err(EvalError::other("RecursionError", "maximum recursion depth exceeded").with_code("too-deep"));
        }
        self.depth.set(d);
        Ok(())
    }

    /// Leave a nested call.
    pub fn leave(&self) {
        self.depth.set(self.depth.get().saturating_sub(1));
    }

    /// `self.parameters[name]` (KeyError → UserParameterMissing).
    pub fn param(&self, name: &str) -> Result<Value, EvalError> {
        match self.params.get(name) {
            Some(Ok(v)) => Ok(v.clone()),
            Some(Err(e)) => Err(e.clone()),
            None => Err(EvalError::param_missing(name)),
        }
    }

    /// `self.stack[name]`: an enabled resource, or InvalidTemplateReference(key=path).
    pub fn resource_ref(&self, name: &Value, path: &str) -> Result<&ResourceRef, EvalError> {
        if !name.is_hashable() {
            return Err(EvalError::type_error(format!("unhashable type: '{}'", name.type_name())));
        }
        match name.as_str().and_then(|n| self.resources.get(n)) {
            Some(r) => Ok(r),
            None => Err(self
                .unknown(&format!("resource {}", py_str(name)))
                .unwrap_or_else(|| EvalError::bad_reference(&py_str(name), path))),
        }
    }

    /// The unknown error for `label`, if it names an unknown resource or
    /// condition of a display evaluation.
    fn unknown(&self, label: &str) -> Option<EvalError> {
        self.unknown_names.iter().any(|l| l == label).then(|| EvalError::unknown(&[label.to_string()]))
    }

    /// `Conditions.is_enabled(x)`.
    pub fn is_enabled(&self, x: &Value) -> Result<bool, EvalError> {
        match x {
            Value::Null => Ok(true),
            Value::Bool(b) => Ok(*b),
            Value::Str(name) if self.conditions.contains_key(&**name) => self.condition(name),
            Value::Str(name) if self.unknown(&format!("condition {name}")).is_some() => {
                Err(EvalError::unknown(&[format!("condition {name}")]))
            }
            other => {
                Err(EvalError::value(format!("Invalid condition \"{}\"", py_str(other))).with_code("unknown-condition"))
            }
        }
    }

    fn condition(&self, name: &str) -> Result<bool, EvalError> {
        let memo = self.condition_memo.borrow().get(name).cloned();
        match memo {
            Some(CondMemo::Done(b)) => return Ok(b),
            Some(CondMemo::InProgress) => {
                return Err(EvalError::svf_full(
                    "Condition validation error",
                    Vec::new(),
                    format!("Circular definition for condition \"{name}\""),
                )
                .with_code("condition-cycle"))
            }
            None => {}
        }
        self.condition_memo.borrow_mut().insert(name.to_string(), CondMemo::InProgress);
        let Some(defn) = self.conditions.get(name) else {
            return Err(EvalError::value(format!("Invalid condition \"{name}\"")));
        };
        // Heat leaves the entry "in progress" when resolving fails (a value a
        // display evaluation does not have is no failure: asked again, it is
        // unknown again).
        let resolved = eval::resolve(self, defn).inspect_err(|e| {
            if e.is_unknown() {
                self.condition_memo.borrow_mut().remove(name);
            }
        })?;
        match resolved {
            Value::Bool(b) => {
                self.condition_memo.borrow_mut().insert(name.to_string(), CondMemo::Done(b));
                Ok(b)
            }
            other => Err(EvalError::svf_full(
                "Condition validation error",
                Vec::new(),
                format!("The definition of condition \"{name}\" is invalid: {}", py_str(&other)),
            )
            .with_code("bad-condition")),
        }
    }

    /// A condition's value as the result reports it once the stack is
    /// validated. Heat resolves a condition only when something asks for it
    /// (a resource's or output's `condition`, a parsed `if`, a condition
    /// function naming it while another is resolved), so the ones it resolved
    /// are in the memo. Any other is resolved on a probe that starts from
    /// Heat's resolved values only, to report it: if that fails Heat would
    /// never have noticed, and the value is null (e.g. TripleO conditions that
    /// read an undeclared parameter). The probe leaves the memo as it was.
    pub fn reported_condition(&self, name: &str) -> Value {
        self.probe_condition(name).map_or(Value::Null, Value::Bool)
    }

    /// [`Stack::reported_condition`] with the error of a condition that does
    /// not resolve (a display evaluation's unknown one says what it needs).
    pub(crate) fn probe_condition(&self, name: &str) -> Result<bool, EvalError> {
        if let Some(CondMemo::Done(b)) = self.condition_memo.borrow().get(name) {
            return Ok(*b);
        }
        let saved = self.condition_memo.borrow().clone();
        self.condition_memo.borrow_mut().retain(|_, m| matches!(m, CondMemo::Done(_)));
        let value = self.condition(name);
        *self.condition_memo.borrow_mut() = saved;
        value
    }

    /// Parse a snippet in condition context (for `if` and `condition:` keys).
    pub fn parse_condition(&self, node: &Node, path: &str) -> Result<Expr, EvalError> {
        eval::parse(self, node, path, Table::Conditions)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn attribute_paths_never_convert_strings_to_indexes() {
        let v = Value::list(vec![Value::from("a"), Value::from("b")]);
        assert_eq!(select_path(&v, &[Value::Int(-1)]).as_str(), Some("b"));
        assert!(select_path(&v, &[Value::from("1")]).is_null());
        assert!(select_path(&v, &[Value::Int(5)]).is_null());
        assert_eq!(select_path(&Value::from("xyz"), &[Value::Bool(true)]).as_str(), Some("y"));
    }
}
