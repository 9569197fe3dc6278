//! Provider templates (Heat's `TemplateResource`): a template file of the
//! request loaded once per request ([`Template`]: its version and parameter
//! schemas read once, on first use, for every stack that uses it), the
//! provider resource's properties against the template's parameters, the
//! child's parameters, and the facade checks of a template registered over
//! an existing type.

use std::rc::Rc;

use indexmap::IndexMap;

use super::Child;
use crate::catalogue::{self, PropKind};
use crate::engine::parameters::{self, ParamSchema, ParamType};
use crate::engine::resources::ResourceDefn;
use crate::engine::stack_cache;
use crate::engine::stages::request::Template;
use crate::engine::stages::Report;
use crate::engine::{Caches, Parts, StackInput};
use crate::eval::{self, EvalError, Expr};
use crate::model::diag::{Diagnostic, PathItem};
use crate::model::result::SkippedProperty;
use crate::pyfmt::py_str;
use crate::source::Span;
use crate::stack::Stack;
use crate::syntax::{load_template_limited, Node};
use crate::value::{Map, Value};

impl Template {
    /// The template's parameter schemas as its provider resource sees them
    /// (`param_schemata(param_defaults)`): none when it has no version, Heat's
    /// first error when one does not read.
    fn provider_schemas(&self, defaults: &Map) -> Result<Vec<ParamSchema>, EvalError> {
        let Some(Ok(_)) = self.version() else { return Ok(Vec::new()) };
        let schemas = self.schemas();
        if let Some(e) = schemas.problems.first() {
            return Err(e.clone());
        }
        let mut out = schemas.schemas.clone();
        with_param_defaults(&mut out, defaults);
        Ok(out)
    }
}

/// A provider resource's template and its parameter schemas.
pub(super) struct Provider {
    /// The template.
    pub(super) template: Rc<Template>,
    /// Its parameters, as the resource sees them.
    pub(super) schemas: Vec<ParamSchema>,
}

/// A provider's template, loaded once per request, and its schemas; `None`
/// when Heat would read it from elsewhere (a `file://` default mapping).
/// A note on the way goes to `report`.
pub(super) fn provider(
    caches: &mut Caches<'_>,
    input: &StackInput<'_>,
    d: &ResourceDefn,
    report: &mut Vec<Report>,
) -> Result<Option<Provider>, EvalError> {
    let Some(template) = load(caches, input, d)? else {
        packaged_note(d, report);
        return Ok(None);
    };
    let schemas = template.provider_schemas(&input.env.parameter_defaults)?;
    Ok(Some(Provider { template, schemas }))
}

fn load(caches: &mut Caches<'_>, input: &StackInput<'_>, d: &ResourceDefn) -> Result<Option<Rc<Template>>, EvalError> {
    let Some((file, _)) = &d.info.template else { return Ok(None) };
    // What an editing session's nested-stack cache compares (`engine/stack_cache.rs`).
    stack_cache::read_file(file);
    let found = caches.templates.borrow().get(file).cloned();
    stack_cache::read_template(file, found.as_ref());
    if let Some(template) = found {
        return Ok(Some(template));
    }
    let Some(Some(text)) = input.files.get(file) else { return Ok(None) };
    let found = caches.file_ids.get(file).copied();
    stack_cache::read_file_id(file, found);
    let id = match found {
        Some(id) => id,
        None => {
            let id = caches.sources.add(file.clone(), text.clone());
            std::rc::Rc::make_mut(caches.file_ids).insert(file.clone(), id);
            id
        }
    };
    let loaded = load_template_limited(text, id, input.config.max_template_size).map_err(|diag| {
        // `TemplateResource.validate_template`: the load error's text.
        let message = match crate::syntax::LoadFailure::of(&diag) {
            crate::syntax::LoadFailure::Syntax => crate::syntax::heat_exception(text, &diag, Some(file)).1,
            _ => format!("Failed to parse template {file}: {}", diag.message),
        };
        EvalError::svf(message).with_code("bad-nested-template").at(d.node.get("type").map_or(d.node.span, |n| n.span))
    })?;
    let template = Template::new(loaded.root, loaded.dates);
    caches.templates.borrow_mut().insert(file.clone(), template.clone());
    stack_cache::loaded(file, &template);
    Ok(Some(template))
}

/// A type Heat maps to one of its own packaged templates (the default
/// environment's `file:///etc/heat/templates/…`) that the request does not
/// carry: hotplate does not ship Heat's templates, so the nested stack is not
/// evaluated; a note says which file Heat would load and how to add it.
fn packaged_note(d: &ResourceDefn, report: &mut Vec<Report>) {
    let Some((file, false)) = &d.info.template else { return };
    let note = Diagnostic::note(
        "packaged-template",
        format!(
            "{} is Heat's packaged template {file}, which hotplate does not ship: its nested stack is not evaluated. \
             To evaluate it, add the template's text to `files` under the name {file}",
            d.type_name
        ),
    )
    .at(d.node.get("type").map_or(d.node.span, |n| n.span));
    report.push(Report::Info(note));
}

/// A provider resource's child stack.
pub(super) fn child(stack: &Stack, d: &ResourceDefn, provider: &Provider) -> Result<Child, EvalError> {
    let (params, unknown) = child_params(stack, d, &provider.schemas)?;
    let url = d.info.template.as_ref().map(|(f, _)| f.clone()).unwrap_or_default();
    Ok(Child {
        url,
        template: provider.template.clone(),
        file: true,
        params,
        registry_key: d.info.registry_key.clone(),
        registry: Map::new(),
        deploy: IndexMap::new(),
        unknown,
    })
}

/// The provider's view of a template parameter as a property
/// (`Schema.from_parameter`).
fn prop_kind(kind: ParamType) -> PropKind {
    match kind {
        ParamType::String => PropKind::String,
        ParamType::Number => PropKind::Number,
        ParamType::List => PropKind::List,
        ParamType::Json => PropKind::Map,
        ParamType::Boolean => PropKind::Boolean,
    }
}

/// `param_schemata(param_defaults)`: an environment default replaces the
/// template's (so the parameter is no longer required).
pub(crate) fn with_param_defaults(schemas: &mut [ParamSchema], defaults: &Map) {
    for s in schemas {
        if let Some(v) = defaults.get_str(&s.name) {
            s.default = Some(v.clone());
        }
    }
}

/// A provider's properties the parent only knows once it is created, as it
/// shows them (the child's parameters of the same names).
pub(super) fn deploy_params(stack: &Stack, d: &ResourceDefn) -> IndexMap<String, crate::symbolic::Sym> {
    let mut out = IndexMap::new();
    let Some(Expr::Map(entries, _)) = &d.properties else { return out };
    for (k, e) in entries.iter() {
        if crate::symbolic::input_labels(stack, e).is_empty() {
            continue;
        }
        match crate::symbolic::display(stack, e) {
            Some(crate::symbolic::Sym::Value(_)) | None => {}
            Some(sym) => {
                out.insert(py_str(k), sym);
            }
        }
    }
    out
}

/// The properties of a resource's definition (none unless a map).
pub(super) fn entries(properties: Option<&Expr>) -> &[(Value, Expr)] {
    match properties {
        Some(Expr::Map(entries, _)) => entries,
        _ => &[],
    }
}

/// Where a provider's property error is marked: the key or the value of
/// `key`, or the `properties` key.
fn property_span(d: &ResourceDefn, key: Option<&str>, value: bool) -> Span {
    let Some(props) = d.node.get("properties") else { return d.node.span };
    let Some(key) = key else {
        return d
            .node
            .as_map()
            .and_then(|m| m.iter().find(|(k, _)| k.as_str() == Some("properties")).map(|(k, _)| k.span))
            .unwrap_or(props.span);
    };
    props.as_map().and_then(|m| m.iter().find(|(k, _)| k.as_str() == Some(key))).map_or(props.span, |(k, v)| {
        if value {
            v.span
        } else {
            k.span
        }
    })
}

/// A provider's properties against the template's parameters
/// (`Properties.validate(with_value)`; values only when `with_value`).
/// With `display` (a display evaluation) it puts aside in `unknown` a value it does not have,
/// and a parameter without a default that the resource does not give (an
/// environment's `parameter_defaults` would): what needs them is not checked.
pub(super) fn properties(
    stack: &Stack,
    d: &ResourceDefn,
    schemas: &[ParamSchema],
    with_value: bool,
    display: bool,
    skipped: &mut Vec<SkippedProperty>,
    unknown: &mut Vec<EvalError>,
) -> Result<(), EvalError> {
    let entries = entries(d.properties.as_ref());
    let error = |key: Option<&str>, message: String, value: bool| {
        let mut path: Vec<PathItem> =
            ["resources", &*d.name, "properties"].iter().map(|s| PathItem::Key((*s).to_string())).collect();
        if let Some(k) = key {
            path.push(PathItem::Key(k.to_string()));
        }
        EvalError::svf_items("Property error", path, message)
            .with_code("property-error")
            .at(property_span(d, key, value))
    };
    for (k, _) in entries {
        let key = py_str(k);
        if !schemas.iter().any(|s| s.name == key) {
            return Err(error(None, format!("Unknown Property {key}"), false).at(property_span(d, Some(&key), false)));
        }
    }
    if !with_value {
        return Ok(());
    }
    for s in schemas {
        let Some((_, expr)) = entries.iter().find(|(k, _)| k.as_str() == Some(s.name.as_str())) else {
            if s.default.is_none() && display {
                let needs = [format!("parameter {}", s.name)];
                let at = ["resources", &*d.name, "properties"];
                unknown.push(EvalError::unknown(&needs).prefixed(&at).at(property_span(d, None, false)));
            } else if s.default.is_none() {
                return Err(error(None, format!("Property {} not assigned", s.name), false));
            }
            continue;
        };
        let value = match eval::resolve_nullable(stack, expr) {
            Ok(v) => v.unwrap_or(Value::Null),
            Err(e) => {
                let e = crate::engine::resources::property_error(&d.name, "properties", Some(&s.name), e);
                if e.is_unknown() {
                    unknown.push(e);
                    continue;
                }
                return Err(e);
            }
        };
        let converted = convert_property(prop_kind(s.kind), &value).map_err(|m| error(Some(&s.name), m, true))?;
        // Values that depend on resources not created yet are not checked.
        let mut deps = Vec::new();
        let _ = eval::dependencies(stack, expr, "", &mut deps);
        if deps.iter().any(|n| stack.resources.contains_key(n)) {
            continue;
        }
        // Custom constraints need a cloud: recorded, as for any property.
        let mut needs_cloud = Vec::new();
        let checked = parameters::validate_constraints(stack.release(), s, &converted, false, &mut needs_cloud);
        skipped.extend(needs_cloud.into_iter().map(|constraint| SkippedProperty {
            resource: d.name.to_string(),
            property: s.name.clone(),
            constraint,
        }));
        match checked {
            Ok(None) => {}
            Ok(Some(msg)) => return Err(error(Some(&s.name), msg, true)),
            Err(e) => return Err(error(Some(&s.name), e.text(), true)),
        }
    }
    Ok(())
}

/// `Property.get_value` for a provider's property (`allow_conversion` for
/// lists and maps).
fn convert_property(kind: PropKind, value: &Value) -> Result<Value, String> {
    Ok(match kind {
        PropKind::String => match value {
            Value::Null => Value::from(""),
            Value::Str(_) => value.clone(),
            Value::Bool(_) | Value::Int(_) | Value::BigInt(_) => Value::from(py_str(value)),
            other => return Err(format!("Value must be a string; got {}", crate::pyfmt::py_repr(other))),
        },
        PropKind::Number => {
            let v = if value.is_null() { Value::Int(0) } else { value.clone() };
            crate::pyconv::str_to_num(&v)?
        }
        PropKind::Boolean => match value {
            Value::Null => Value::Bool(false),
            Value::Bool(_) => value.clone(),
            Value::Str(s) => match s.to_lowercase().as_str() {
                "true" => Value::Bool(true),
                "false" => Value::Bool(false),
                n => return Err(format!("\"{n}\" is not a valid boolean")),
            },
            other => return Err(format!("\"{}\" is not a valid boolean", py_str(other))),
        },
        PropKind::List => match value {
            Value::Null => Value::list(Vec::new()),
            Value::Str(s) => Value::list(s.split(',').map(Value::from).collect()),
            Value::List(_) => value.clone(),
            other => return Err(format!("\"{}\" is not a list", crate::pyfmt::py_repr(other))),
        },
        PropKind::Map => match value {
            Value::Null => Value::map(Map::new()),
            Value::Map(_) | Value::Str(_) => value.clone(),
            Value::List(_) => Value::from(crate::pyfmt::json_dumps(value, crate::pyfmt::JsonStyle::PLAIN)?),
            other => return Err(format!("\"{}\" is not a map", py_str(other))),
        },
        _ => value.clone(),
    })
}

/// `TemplateResource.child_params`: each given property converted, lists
/// comma-joined (lists of maps as `.member.N.key=value`), maps as they are;
/// and, apart, those a display evaluation does not have, with what they need.
fn child_params(stack: &Stack, d: &ResourceDefn, schemas: &[ParamSchema]) -> Result<(Map, Unknowns), EvalError> {
    let entries = entries(d.properties.as_ref());
    let mut out = Map::new();
    let mut unknown = IndexMap::new();
    for s in schemas {
        let Some((_, expr)) = entries.iter().find(|(k, _)| k.as_str() == Some(s.name.as_str())) else { continue };
        let value = match eval::resolve_nullable(stack, expr) {
            Ok(v) => v.unwrap_or(Value::Null),
            Err(e) if e.code == "budget-exceeded" => return Err(e),
            Err(e) if e.is_unknown() => {
                unknown.insert(s.name.clone(), e.unknown_labels());
                continue;
            }
            Err(_) => Value::Null,
        };
        let kind = prop_kind(s.kind);
        let converted = match convert_property(kind, &value) {
            Ok(v) => v,
            Err(_) => convert_property(kind, &Value::Null).unwrap_or(Value::Null),
        };
        let param = match (kind, &converted) {
            (PropKind::List, Value::List(items)) => joined_list(items)?,
            _ => converted,
        };
        out.insert_str(&s.name, param);
    }
    Ok((out, unknown))
}

/// Parameters by name with what their values need.
pub(super) type Unknowns = IndexMap<String, Vec<String>>;

/// A list property as the child's parameter: comma-joined strings, or a
/// list of maps as `.member.N.key=value` items.
fn joined_list(items: &[Value]) -> Result<Value, EvalError> {
    if items.is_empty() {
        return Ok(Value::from(""));
    }
    let mut parts = Vec::new();
    if items.first().is_some_and(|i| i.as_map().is_some()) {
        for (count, item) in items.iter().enumerate() {
            for (ik, iv) in item.as_map().map(|m| m.iter().collect::<Vec<_>>()).unwrap_or_default() {
                parts.push(format!(".member.{count}.{}={}", py_str(ik), py_str(iv)));
            }
        }
        return Ok(Value::from(parts.join(",")));
    }
    for (i, item) in items.iter().enumerate() {
        match item {
            Value::Str(s) => parts.push(s.to_string()),
            Value::Null => parts.push(String::new()),
            other => {
                return Err(EvalError::type_error(format!(
                    "sequence item {i}: expected str instance, {} found",
                    other.type_name()
                )))
            }
        }
    }
    Ok(Value::from(parts.join(",")))
}

/// `TemplateResource._validate_against_facade` for a template registered
/// over an existing type.
pub(super) fn facade_checks(
    parts: &Parts,
    d: &ResourceDefn,
    key: &(Option<String>, String),
    provider: &Provider,
) -> Result<(), EvalError> {
    let mut registry = parts.definitions.registry.clone();
    match &key.0 {
        None => registry.mappings.retain(|(k, _)| *k != key.1),
        Some(r) => registry.per_resource.retain(|(rn, k, _)| !(rn == r && *k == key.1)),
    }
    let Ok(facade) = catalogue::resolve_type(&registry, &d.name, &d.type_name) else { return Ok(()) };
    if facade.provider || facade.plugin.is_empty() {
        return Ok(());
    }
    let ty = &d.type_name;
    let err = |m: String| EvalError::svf(m).with_code("facade-mismatch").at(d.node.span);
    let schemas = &provider.schemas;
    for fs in facade.schema {
        let ps = schemas.iter().find(|s| s.name == fs.name);
        if fs.required && ps.is_none() {
            return Err(err(format!("Required property {} for facade {ty} missing in provider", fs.name)));
        }
        if let Some(ps) = ps {
            let allowed = if fs.kind == PropKind::Integer { PropKind::Number } else { fs.kind };
            let pk = prop_kind(ps.kind);
            if allowed != pk {
                return Err(err(format!(
                    "Property {} type mismatch between facade {ty} ({}) and provider ({})",
                    fs.name,
                    fs.kind.heat_name(),
                    pk.heat_name()
                )));
            }
        }
    }
    for ps in schemas {
        if ps.default.is_none() && !facade.schema.iter().any(|fs| fs.name == ps.name) {
            return Err(err(format!("Provider requires property {} unknown in facade {ty}", ps.name)));
        }
    }
    let outputs: Vec<String> = provider
        .template
        .root
        .get("outputs")
        .and_then(Node::as_map)
        .map(|m| m.iter().map(|(k, _)| py_str(&k.to_value())).collect())
        .unwrap_or_default();
    for attr in facade.attributes {
        if *attr != "show" && !outputs.iter().any(|o| o == attr) {
            return Err(err(format!("Attribute {attr} for facade {ty} missing in provider")));
        }
    }
    Ok(())
}
