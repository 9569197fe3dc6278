//! Resource properties validated as Heat's `heat.engine.properties.Properties`
//! does on the create path: unknown keys first (in the data's order), then
//! every schema key in Heat's definition order — the user's value resolved,
//! translated (deprecated names, `translation.Translation`), converted to the
//! schema type with Heat's quirks, its nested schema validated, then its
//! constraints checked. A value that depends on a resource not created yet
//! (`get_resource`/`get_attr`) is converted but not checked against its
//! constraints, nor are its children validated (`_find_deps_any_in_init`).
//!
//! Schemas and translation rules are generated data (`catalogue::data`).

use std::cell::{Cell, RefCell};

use crate::catalogue::{Lit, PropKind, PropSchema, Rule, TransKind, TransRule};
use crate::constraints::schema;
use crate::eval::{self, EvalError, Expr};
use crate::model::diag::PathItem;
use crate::pyconv::py_int_value;
use crate::pyfmt::{py_repr, py_str};
use crate::stack::Stack;
use crate::value::{Map, Value};

/// What a failed property raises, before it becomes a `StackValidationFailed`.
#[derive(Debug)]
pub(crate) enum PropError {
    /// `ValueError`/`TypeError` (the message is `str(e)`).
    Value(String),
    /// `StackValidationFailed(path=…, message=…)`.
    Svf(Vec<PathItem>, String),
    /// Anything that must stop the evaluation as it is (the step budget).
    Fatal(EvalError),
    /// A value a display evaluation does not have ([`EvalError::unknown`]):
    /// what needs it is not checked.
    Unknown(EvalError),
}

type PResult<T> = Result<T, PropError>;

/// A custom constraint recorded as not checked: (property path, constraint).
pub(crate) type SkippedConstraint = (String, String);

/// The state of one resource's property validation.
pub(crate) struct Validation<'a> {
    stack: &'a Stack,
    /// The rules in effect, each with its dotted `translation_path`.
    rules: Vec<(String, TransRule)>,
    /// Values of `Lit::Prop` in rule values, resolved when the rules were set.
    rule_values: Vec<(&'static str, Value)>,
    deleted: Vec<String>,
    replaced: Vec<String>,
    active: Cell<bool>,
    /// Custom constraints a service would have checked.
    pub skipped: RefCell<Vec<SkippedConstraint>>,
    /// Properties whose values a display evaluation does not have (their
    /// paths and what they need): not checked.
    pub unknown: RefCell<Vec<(String, EvalError)>>,
}

/// The data of a `Properties` object: the definition's snippets at the top,
/// resolved values below.
#[derive(Clone, Copy)]
enum Data<'d> {
    Top(&'d [(Value, Expr)]),
    Nested(&'d [(Value, Value)]),
}

impl<'d> Data<'d> {
    fn keys(&self) -> Vec<Value> {
        match self {
            Data::Top(e) => e.iter().map(|(k, _)| k.clone()).collect(),
            Data::Nested(e) => e.iter().map(|(k, _)| k.clone()).collect(),
        }
    }

    fn has(&self, key: &Value) -> bool {
        match self {
            Data::Top(e) => e.iter().any(|(k, _)| k.py_eq(key)),
            Data::Nested(e) => e.iter().any(|(k, _)| k.py_eq(key)),
        }
    }
}

/// One `Properties` object: a schema (map keys or list indices) over data.
struct Props<'s, 'd> {
    schema: Schemata<'s>,
    data: Data<'d>,
    /// Heat's `parent_name`: the dotted path of the property holding these.
    parent: String,
}

#[derive(Clone, Copy)]
enum Schemata<'s> {
    /// Named keys in definition order.
    Keys(&'s [PropSchema]),
    /// `count` list indices with one item schema.
    Items(&'s PropSchema, usize),
}

impl<'s> Schemata<'s> {
    fn get(&self, key: &Value) -> Option<&'s PropSchema> {
        match *self {
            Schemata::Keys(keys) => match key {
                Value::Str(k) => keys.iter().find(|s| s.name == &**k),
                _ => None,
            },
            Schemata::Items(item, n) => match key {
                Value::Int(i) if usize::try_from(*i).is_ok_and(|i| i < n) => Some(item),
                _ => None,
            },
        }
    }

    fn entries(&self) -> Vec<(Value, &'s PropSchema)> {
        match *self {
            Schemata::Keys(keys) => keys.iter().map(|s| (Value::from(s.name), s)).collect(),
            Schemata::Items(item, n) => {
                (0..n).map(|i| (Value::Int(i64::try_from(i).unwrap_or(i64::MAX)), item)).collect()
            }
        }
    }
}

impl<'d> Props<'static, 'd> {
    /// The resource's own `Properties`: the definition's snippets over the type's schema.
    fn top(schema: &'static [PropSchema], data: &'d [(Value, Expr)]) -> Self {
        Props { schema: Schemata::Keys(schema), data: Data::Top(data), parent: String::new() }
    }
}

/// `Property.make_path`.
fn make_path(parent: &str, key: &Value) -> String {
    let name = py_str(key);
    if parent.is_empty() {
        name
    } else if parent.ends_with('.') {
        format!("{parent}{name}")
    } else {
        format!("{parent}.{name}")
    }
}

fn path_item(key: &Value) -> PathItem {
    match key {
        Value::Int(i) => PathItem::Index(*i),
        other => PathItem::Key(py_str(other)),
    }
}

/// `Translation.cast_key_to_rule`: list indices dropped.
fn cast_key(key: &str) -> String {
    key.split('.').filter(|p| p.is_empty() || !p.bytes().all(|b| b.is_ascii_digit())).collect::<Vec<_>>().join(".")
}

impl<'a> Validation<'a> {
    /// Set up a resource's validation with its type's rules (`Resource.reparse`
    /// with `client_resolve=False`): a rule with `when` applies when that
    /// property's value (`props.get(name)`) is truthy.
    pub(crate) fn new(
        stack: &'a Stack,
        schema: &'static [PropSchema],
        rules: &'static [TransRule],
        data: &[(Value, Expr)],
    ) -> Validation<'a> {
        let mut v = Validation {
            stack,
            rules: Vec::new(),
            rule_values: Vec::new(),
            deleted: Vec::new(),
            replaced: Vec::new(),
            active: Cell::new(true),
            skipped: RefCell::new(Vec::new()),
            unknown: RefCell::new(Vec::new()),
        };
        let mut active_rules = Vec::new();
        for r in rules {
            if let Some(when) = r.when {
                let value =
                    v.get_property_value(&Props::top(schema, data), &Value::from(when), false).unwrap_or(Value::Null);
                if !value.truthy() {
                    continue;
                }
                v.rule_values.push((when, value));
            }
            let key = r.path.join(".");
            match r.kind {
                TransKind::Delete => v.deleted.push(key.clone()),
                TransKind::Replace => v.replaced.push(value_absolute_path(r, true).join(".")),
                TransKind::Add => {}
            }
            active_rules.push((key, *r));
        }
        v.rules = active_rules;
        v
    }

    // Most types have no rules: these answer without building the rule key.
    fn is_deleted(&self, path: &str) -> bool {
        self.active.get() && !self.deleted.is_empty() && self.deleted.contains(&cast_key(path))
    }

    fn is_replaced(&self, path: &str) -> bool {
        self.active.get() && !self.replaced.is_empty() && self.replaced.contains(&cast_key(path))
    }

    fn has_translation(&self, path: &str) -> bool {
        self.active.get() && !self.rules.is_empty() && {
            let key = cast_key(path);
            self.rules.iter().any(|(k, _)| *k == key)
        }
    }

    /// `Properties.validate(with_value)` of the top level: the error is the
    /// `StackValidationFailed` Heat raises (path under `properties`).
    pub(crate) fn validate_top(
        &self,
        schema: &'static [PropSchema],
        data: &[(Value, Expr)],
        with_value: bool,
    ) -> Result<(), PropError> {
        self.validate(&Props::top(schema, data), with_value)
    }

    /// `self.properties` as a plugin's `validate()` reads it: every schema key
    /// with its converted value (`None` → null), translations applied.
    pub(crate) fn values_top(&self, schema: &'static [PropSchema], data: &[(Value, Expr)]) -> Result<Map, PropError> {
        self.children(&Props::top(schema, data), false)
    }

    /// `self.properties` as a display evaluation's plugin check reads it:
    /// [`Validation::values_top`], with null for each top-level property
    /// whose value it does not have, and those keys with what they need.
    pub(crate) fn values_known(
        &self,
        schema: &'static [PropSchema],
        data: &[(Value, Expr)],
    ) -> Result<(Map, Vec<(String, EvalError)>), PropError> {
        let props = Props::top(schema, data);
        let (mut out, mut unknown) = (Map::new(), Vec::new());
        for (key, _) in props.schema.entries() {
            let v = match self.get_property_value(&props, &key, false) {
                Ok(v) => v,
                Err(PropError::Unknown(e)) => {
                    unknown.push((py_str(&key), e));
                    Value::Null
                }
                Err(e) => return Err(e),
            };
            let _ = out.insert(key, v);
        }
        Ok((out, unknown))
    }

    /// Every problem `Properties.validate(with_value=True)` would find at the
    /// top level if it went on after each one (for diagnostics; the result keeps
    /// Heat's first): each unknown key, then each schema key's first error, in
    /// Heat's order. A fatal error ends the list.
    pub(crate) fn problems_top(&self, schema: &'static [PropSchema], data: &[(Value, Expr)]) -> Vec<PropError> {
        let mut found = Vec::new();
        self.check_each(&Props::top(schema, data), true, &mut |e| {
            let go_on = !matches!(e, PropError::Fatal(_));
            found.push(e);
            go_on
        });
        found
    }

    /// `self.properties[key]` outside validation (`add_dependencies`): the
    /// converted value; a key the schema lacks reads as null (`.get`).
    pub(crate) fn read(&self, schema: &'static [PropSchema], data: &[(Value, Expr)], key: &str) -> PResult<Value> {
        let props = Props::top(schema, data);
        let key = Value::from(key);
        if props.schema.get(&key).is_none() {
            return Ok(Value::Null);
        }
        self.get_property_value(&props, &key, false)
    }

    /// `Properties.validate`.
    fn validate(&self, props: &Props<'_, '_>, with_value: bool) -> PResult<()> {
        let mut first = None;
        self.check_each(props, with_value, &mut |e| {
            first = Some(e);
            false
        });
        first.map_or(Ok(()), Err)
    }

    /// The checks of `Properties.validate` in Heat's order; `found` gets each
    /// failure and answers whether to go on (Heat stops at the first).
    fn check_each(&self, props: &Props<'_, '_>, with_value: bool, found: &mut dyn FnMut(PropError) -> bool) {
        for key in props.data.keys() {
            if props.schema.get(&key).is_none()
                && !found(PropError::Svf(Vec::new(), format!("Unknown Property {}", py_str(&key))))
            {
                return;
            }
        }
        for (key, prop) in props.schema.entries() {
            let path = make_path(&props.parent, &key);
            if self.is_deleted(&path) || self.is_replaced(&path) {
                continue;
            }
            if with_value {
                let failed = match self.value_at(props, PropAt { key: &key, prop, path: &path }, true) {
                    Ok(_) => None,
                    Err(PropError::Unknown(e)) => {
                        self.unknown.borrow_mut().push((path.clone(), e));
                        None
                    }
                    Err(PropError::Svf(p, m)) => {
                        let mut full = vec![path_item(&key)];
                        full.extend(p);
                        Some(PropError::Svf(full, m))
                    }
                    Err(PropError::Value(m)) => {
                        let path =
                            if prop.required && !props.data.has(&key) { Vec::new() } else { vec![path_item(&key)] };
                        Some(PropError::Svf(path, m))
                    }
                    Err(f) => {
                        found(f);
                        return;
                    }
                };
                if let Some(e) = failed {
                    if found(e) {
                        continue;
                    }
                    return;
                }
            }
            if !prop.implemented
                && props.data.has(&key)
                && !found(PropError::Svf(Vec::new(), format!("Property {} not implemented yet", py_str(&key))))
            {
                return;
            }
        }
    }

    /// `Properties._get_property_value`.
    fn get_property_value(&self, props: &Props<'_, '_>, key: &Value, validate: bool) -> PResult<Value> {
        let Some(prop) = props.schema.get(key) else {
            return Err(PropError::Value(format!("'Invalid Property {}'", py_str(key))));
        };
        self.value_at(props, PropAt { key, prop, path: &make_path(&props.parent, key) }, validate)
    }

    /// [`Validation::get_property_value`] of a known key whose path is built.
    fn value_at(&self, props: &Props<'_, '_>, at: PropAt<'_>, validate: bool) -> PResult<Value> {
        let PropAt { key, prop, path } = at;
        if let Some(v) = self.resolve_user_value(props, at, validate)? {
            return Ok(v);
        }
        if self.has_translation(path) {
            let value = self.translate(path, None, props, validate)?;
            if !value.is_null() || prop.default.is_some() {
                // `prop.get_value(value)`: no validation, and the children
                // get a `Properties` of their own without the rules.
                let was = self.active.replace(false);
                let got = self.get_value(prop, path, value, false);
                self.active.set(was);
                return got;
            }
        }
        if prop.default.is_some() {
            self.get_value(prop, path, Value::Null, validate)
        } else if prop.required {
            Err(PropError::Value(format!("Property {} not assigned", py_str(key))))
        } else {
            Ok(Value::Null)
        }
    }

    /// `Properties._resolve_user_value`: `None` when not given (or translated away).
    fn resolve_user_value(&self, props: &Props<'_, '_>, at: PropAt<'_>, validate: bool) -> PResult<Option<Value>> {
        let PropAt { key, prop, path } = at;
        if !props.data.has(key) || self.is_deleted(path) || self.is_replaced(path) {
            return Ok(None);
        }
        let mut validate = validate;
        let value = match props.data {
            Data::Top(entries) => {
                let Some((_, expr)) = entries.iter().find(|(k, _)| k.py_eq(key)) else { return Ok(None) };
                if validate && self.depends_on_new_resource(expr) {
                    validate = false;
                }
                match eval::resolve_nullable(self.stack, expr) {
                    Ok(Some(v)) => v,
                    Ok(None) => return Ok(None),
                    Err(e) if e.code == "budget-exceeded" => return Err(PropError::Fatal(e)),
                    Err(e) if e.is_unknown() => return Err(PropError::Unknown(e)),
                    Err(e) => return Err(PropError::Value(e.text())),
                }
            }
            Data::Nested(entries) => match entries.iter().find(|(k, _)| k.py_eq(key)) {
                Some((_, v)) => v.clone(),
                None => return Ok(None),
            },
        };
        // Heat translates the user's value without `validate`.
        let value = if self.has_translation(path) { self.translate(path, Some(value), props, false)? } else { value };
        self.get_value(prop, path, value, validate).map(Some)
    }

    /// `_find_deps_any_in_init`: every resource is still INIT during validation.
    fn depends_on_new_resource(&self, expr: &Expr) -> bool {
        let mut out = Vec::new();
        let _ = eval::dependencies(self.stack, expr, "", &mut out);
        out.iter().any(|n| self.stack.resources.contains_key(n))
    }

    /// `Property.get_value`: conversion, nested schemas, then constraints.
    fn get_value(&self, prop: &PropSchema, path: &str, value: Value, validate: bool) -> PResult<Value> {
        let default = || prop.default.map(|d| d.to_value());
        // `self.has_default() and self.default() or X`.
        let default_or = |x: Value| default().filter(Value::truthy).unwrap_or(x);
        let out = match prop.kind {
            PropKind::String => {
                let v = if value.is_null() { default_or(Value::from("")) } else { value };
                match v {
                    Value::Str(_) => v,
                    Value::Bool(_) | Value::Int(_) | Value::BigInt(_) => Value::from(py_str(&v)),
                    other => return Err(PropError::Value(format!("Value must be a string; got {}", py_repr(&other)))),
                }
            }
            PropKind::Integer => {
                let v = if value.is_null() { default_or(Value::Int(0)) } else { value };
                py_int_of(&v)?
            }
            PropKind::Number => {
                let v = if value.is_null() { default_or(Value::Int(0)) } else { value };
                crate::pyconv::str_to_num(&v).map_err(PropError::Value)?
            }
            PropKind::Boolean => {
                let v = if value.is_null() { default_or(Value::Bool(false)) } else { value };
                match v {
                    Value::Bool(_) => v,
                    Value::Str(s) => {
                        let n = s.to_lowercase();
                        match n.as_str() {
                            "true" => Value::Bool(true),
                            "false" => Value::Bool(false),
                            _ => return Err(PropError::Value(format!("\"{n}\" is not a valid boolean"))),
                        }
                    }
                    other => return Err(PropError::Value(format!("\"{}\" is not a valid boolean", py_str(&other)))),
                }
            }
            PropKind::Map => {
                let v = if value.is_null() { default().unwrap_or_else(|| Value::map(Map::new())) } else { value };
                let Value::Map(m) = &v else {
                    return Err(PropError::Value(format!("\"{}\" is not a map", py_str(&v))));
                };
                match prop.keys {
                    Some(keys) => {
                        let entries: Vec<(Value, Value)> = m.iter().map(|(k, v)| (k.clone(), v.clone())).collect();
                        let child = Props {
                            schema: Schemata::Keys(keys),
                            data: Data::Nested(&entries),
                            parent: path.to_string(),
                        };
                        Value::map(self.children(&child, validate)?)
                    }
                    None => v,
                }
            }
            PropKind::List => {
                let v = if value.is_null() { default_or(Value::list(Vec::new())) } else { value };
                let Value::List(items) = &v else {
                    return Err(PropError::Value(format!("\"{}\" is not a list", py_repr(&v))));
                };
                match prop.item {
                    Some(item) => {
                        let entries: Vec<(Value, Value)> = items
                            .iter()
                            .enumerate()
                            .map(|(i, v)| (Value::Int(i64::try_from(i).unwrap_or(i64::MAX)), v.clone()))
                            .collect();
                        let child = Props {
                            schema: Schemata::Items(item, items.len()),
                            data: Data::Nested(&entries),
                            parent: path.to_string(),
                        };
                        Value::list(self.children(&child, validate)?.iter().map(|(_, v)| v.clone()).collect())
                    }
                    None => v,
                }
            }
            PropKind::Any => value,
        };
        if validate {
            self.validate_constraints(prop, path, &out)?;
        }
        Ok(out)
    }

    /// `Property._get_children`: validate the nested Properties, then every key's value.
    fn children(&self, props: &Props<'_, '_>, validate: bool) -> PResult<Map> {
        if validate {
            self.validate(props, true)?;
        }
        let mut out = Map::new();
        for (key, _) in props.schema.entries() {
            let v = self.get_property_value(props, &key, false)?;
            let _ = out.insert(key, v);
        }
        Ok(out)
    }

    /// `Schema.validate_constraints`: a failure is an SVF with no path; an
    /// exception a check raises escapes as it is (a `ValueError` for the caller).
    fn validate_constraints(&self, prop: &PropSchema, path: &str, value: &Value) -> PResult<()> {
        let raised = |e: EvalError| PropError::Value(e.message);
        for c in prop.constraints {
            let lit = |l: Option<Lit>| l.map(|l| l.to_value());
            let failure = match c.rule {
                Rule::Range { min, max } => schema::range(value, lit(min).as_ref(), lit(max).as_ref()),
                Rule::Length { min, max } => schema::length(value, lit(min).as_ref(), lit(max).as_ref()),
                Rule::Modulo { step, offset } => schema::modulo(value, &step.to_value(), &offset.to_value()),
                Rule::AllowedValues(allowed) => {
                    let allowed: Vec<Value> = allowed.iter().map(Lit::to_value).collect();
                    schema::allowed_values(value, &allowed, &|v| to_schema_type(prop.kind, v))
                }
                Rule::AllowedPattern(pattern) => schema::allowed_pattern(value, pattern),
                Rule::Custom(name) => match crate::constraints::check_offline(self.stack.release(), name, value) {
                    Some(crate::constraints::Custom::Valid) => Ok(None),
                    Some(crate::constraints::Custom::Invalid(msg)) => {
                        Ok(Some(crate::constraints::error_text(value, msg.as_deref())))
                    }
                    Some(crate::constraints::Custom::Raised { message, .. }) => return Err(PropError::Value(message)),
                    None => {
                        let item = (path.to_string(), name.to_string());
                        let mut skipped = self.skipped.borrow_mut();
                        if !skipped.contains(&item) {
                            skipped.push(item);
                        }
                        Ok(None)
                    }
                },
            };
            if let Some(msg) = failure.map_err(raised)? {
                return Err(PropError::Svf(Vec::new(), c.description.map_or(msg, str::to_string)));
            }
        }
        Ok(())
    }

    /// `Translation.translate` (rules sorted ADD, REPLACE, DELETE).
    fn translate(&self, key: &str, value: Option<Value>, props: &Props<'_, '_>, validate: bool) -> PResult<Value> {
        let cast = cast_key(key);
        let mut rules: Vec<&TransRule> = self.rules.iter().filter(|(k, _)| *k == cast).map(|(_, r)| r).collect();
        crate::sort::sort_by_key(&mut rules, |r| match r.kind {
            TransKind::Add => 0,
            TransKind::Replace => 1,
            TransKind::Delete => 3,
        });
        let at = RuleAt { key, props, validate };
        let mut result = value;
        for r in rules {
            match r.kind {
                TransKind::Delete => result = None,
                TransKind::Replace => result = Some(self.replace(&at, r, result)?),
                TransKind::Add => result = Some(self.add(&at, r, result)?),
            }
        }
        Ok(result.unwrap_or(Value::Null))
    }

    /// A rule's value with `Lit::Prop` taken from the property values read
    /// when the rules were set.
    fn rule_value(&self, lit: &Lit) -> Value {
        lit.to_value_with(&|name| {
            self.rule_values.iter().find(|(n, _)| *n == name).map(|(_, v)| v.clone()).unwrap_or(Value::Null)
        })
    }

    /// `get_path` with the translation inactive (`is_active = False` around
    /// Heat's `get_value` in `add`/`replace`).
    fn get_path_inactive(&self, path: &[&str], props: &Props<'_, '_>, raw: bool, validate: bool) -> PResult<Value> {
        self.active.set(false);
        let got = self.get_path(path, props, raw, validate);
        self.active.set(true);
        got
    }

    fn add(&self, at: &RuleAt<'_, '_, '_, '_>, rule: &TransRule, value: Option<Value>) -> PResult<Value> {
        let RuleAt { key, props, validate } = *at;
        let mut list = match value {
            None | Some(Value::Null) => Vec::new(),
            Some(Value::List(items)) => items.to_vec(),
            Some(_) => {
                return Err(PropError::Value(format!(
                "Incorrect translation rule using - cannot resolve Add rule for non-list translation value \"{key}\"."
            )))
            }
        };
        if let Some(v) = &rule.value {
            if let Value::List(items) = self.rule_value(v) {
                list.extend(items.iter().cloned());
            }
        } else {
            let path = value_absolute_path(rule, false);
            if !path.is_empty() {
                match self.get_path_inactive(&path, props, rule.value_name.is_some(), validate)? {
                    Value::Null => {}
                    Value::List(items) => list.extend(items.iter().cloned()),
                    other => list.push(other),
                }
            }
        }
        Ok(Value::list(list))
    }

    fn replace(&self, at: &RuleAt<'_, '_, '_, '_>, rule: &TransRule, value: Option<Value>) -> PResult<Value> {
        let RuleAt { key, props, validate } = *at;
        let full = value_absolute_path(rule, true);
        let short = value_absolute_path(rule, false);
        let mut replacement = None;
        if !full.is_empty() {
            let subpath = if rule.value_name.is_some() { &short } else { &full };
            let got = self.get_path_inactive(subpath, props, rule.value_name.is_some(), validate)?;
            if got.truthy() && value.as_ref().is_some_and(Value::truthy) {
                return Err(PropError::Svf(
                    Vec::new(),
                    format!(
                        "Cannot define the following properties at the same time: {}, {}",
                        cast_key(key),
                        full.join(".")
                    ),
                ));
            }
            replacement = Some(got);
        } else if let Some(v) = &rule.value {
            replacement = Some(self.rule_value(v));
        }
        Ok(match replacement {
            Some(r) if !r.is_null() => r,
            _ => value.unwrap_or(Value::Null),
        })
    }

    /// `translation.get_value(path, props)`: from the raw data of this level
    /// (`value_name` rules) or from the top-level properties.
    fn get_path(&self, path: &[&str], props: &Props<'_, '_>, raw: bool, validate: bool) -> PResult<Value> {
        let Some((first, rest)) = path.split_first() else { return Ok(Value::Null) };
        let key = Value::from(*first);
        let value = if raw {
            match props.data {
                Data::Nested(entries) => {
                    entries.iter().find(|(k, _)| k.py_eq(&key)).map(|(_, v)| v.clone()).unwrap_or(Value::Null)
                }
                // The unresolved snippet: literal data is used as it is; of a
                // function only its truthiness is looked at.
                Data::Top(entries) => entries
                    .iter()
                    .find(|(k, _)| k.py_eq(&key))
                    .map(|(_, e)| {
                        let mut calls = false;
                        eval::for_each_call(e, &mut |_| calls = true);
                        if !calls {
                            e.to_value()
                        } else if e.truthy() {
                            Value::Bool(true)
                        } else {
                            Value::Null
                        }
                    })
                    .unwrap_or(Value::Null),
            }
        } else {
            self.get_property_value(props, &key, validate)?
        };
        Ok(descend(&value, rest))
    }
}

fn descend(value: &Value, path: &[&str]) -> Value {
    let Some((first, rest)) = path.split_first() else { return value.clone() };
    match value {
        Value::List(items) => Value::list(items.iter().map(|i| descend(i, path)).collect()),
        Value::Map(m) => descend(m.get_str(first).unwrap_or(&Value::Null), rest),
        _ => Value::Null,
    }
}

/// `TranslationRule.get_value_absolute_path`.
fn value_absolute_path(rule: &TransRule, full_value_name: bool) -> Vec<&'static str> {
    let mut path = Vec::new();
    if let Some(name) = rule.value_name {
        if full_value_name {
            if let Some((_, init)) = rule.path.split_last() {
                path.extend_from_slice(init);
            }
        }
        path.push(name);
    } else if let Some(vp) = rule.value_path {
        path.extend_from_slice(vp);
    }
    if let Some(cp) = rule.custom_value_path {
        path.extend_from_slice(cp);
    }
    path
}

/// Python `int(v)` as `Property._get_integer` uses it.
fn py_int_of(v: &Value) -> PResult<Value> {
    match v {
        Value::Int(_) | Value::BigInt(_) => Ok(v.clone()),
        Value::Bool(b) => Ok(Value::Int(i64::from(*b))),
        Value::Float(f) => {
            if f.is_nan() {
                Err(PropError::Value("Value 'nan' is not an integer".into()))
            } else if f.is_infinite() {
                Err(PropError::Value("cannot convert float infinity to integer".into()))
            } else {
                // Python truncates toward zero, at any size.
                Ok(num_traits::FromPrimitive::from_f64(f.trunc()).map_or(Value::Null, Value::big))
            }
        }
        Value::Str(s) => match py_int_value(s) {
            Some(i) => Ok(i),
            None => Err(PropError::Value(format!("Value '{s}' is not an integer"))),
        },
        other => Err(PropError::Value(format!(
            "int() argument must be a string, a bytes-like object or a real number, not '{}'",
            if other.is_null() { "NoneType" } else { other.type_name() }
        ))),
    }
}

/// `Schema.to_schema_type` (allowed-values comparison).
fn to_schema_type(kind: PropKind, v: &Value) -> Result<Value, String> {
    let invalid = || format!("Value \"{}\" is invalid for data type \"{}\".", py_str(v), kind.heat_name());
    match kind {
        PropKind::Integer => match crate::pyconv::str_to_num(v) {
            Ok(Value::Float(_)) | Err(_) => Err(invalid()),
            Ok(n) => Ok(n),
        },
        PropKind::Number => crate::pyconv::str_to_num(v).map_err(|_| invalid()),
        PropKind::String => Ok(Value::from(py_str(v))),
        PropKind::Boolean => super::parameters::bool_from_string(v).map(Value::Bool).map_err(|_| invalid()),
        _ => Ok(v.clone()),
    }
}

/// A property being read: its key, its schema and its path (`a.b.c`).
#[derive(Clone, Copy)]
struct PropAt<'a> {
    key: &'a Value,
    prop: &'a PropSchema,
    path: &'a str,
}

/// What every translation rule of one property is applied with: the
/// property's key, the property values read so far, and whether values are
/// validated.
#[derive(Clone, Copy)]
struct RuleAt<'k, 'p, 'a, 'b> {
    key: &'k str,
    props: &'p Props<'a, 'b>,
    validate: bool,
}
