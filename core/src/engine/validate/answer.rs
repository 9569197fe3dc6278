//! The answer's body (`EngineService.validate_template` after validation):
//! `Description`, `Parameters` (`api.format_validate_parameter` of each
//! template parameter), `ParameterGroups`, `NestedParameters` (see
//! [`super::nested`]) and `Environment` (`user_env_as_dict()`), with Heat's
//! keys and values as written (heat-semantics §12.3).

use indexmap::IndexMap;

use crate::engine::parameters::{ConstraintKind, ParamSchema, ParamType};
use crate::engine::{Parts, StackInput};
use crate::model::validate::{ConstraintKey, NestedParameters, ValidateBody, ValidateEnvironment, ValidateParameter};
use crate::syntax::Node;
use crate::value::{Map, Value};
use crate::version::HotVersion;

/// The body of a stack: `Description`, `Parameters`, `ParameterGroups`,
/// `NestedParameters` (with `show_nested`: given) and `Environment`.
pub(super) fn body(
    input: &StackInput<'_>,
    parts: &Parts,
    nested: Option<IndexMap<String, NestedParameters>>,
) -> ValidateBody {
    ValidateBody {
        description: description(input.root, input.version),
        parameters: parameters(input, input.version.is_cfn()),
        parameter_groups: parameter_groups(input.root, input.version),
        nested_parameters: nested,
        environment: environment(input, parts),
    }
}

/// `tmpl.get('Description', '')`: the section, or `No description` when it
/// is absent or empty.
pub(super) fn description(root: &Node, version: HotVersion) -> Value {
    match root.get(version.key("description")).map(Node::to_value) {
        Some(v) if v.truthy() => v,
        _ => Value::from("No description"),
    }
}

/// `ParameterGroups(tmpl).parameter_groups` when truthy: the section as
/// written (a CloudFormation-format template has none).
pub(super) fn parameter_groups(root: &Node, version: HotVersion) -> Option<Value> {
    if version.is_cfn() {
        return None;
    }
    root.get("parameter_groups").map(Node::to_value).filter(Value::truthy)
}

/// `stack.parameters.map(format_validate_parameter, filter_func)`: each
/// template parameter with the environment's user value and default. The
/// filter is the validated stack's (`p.name not in PSEUDO_PARAMETERS`, of
/// the top-level template's format, `top_cfn`): a nested stack of the other
/// format shows its own pseudo parameters first.
pub(super) fn parameters(input: &StackInput<'_>, top_cfn: bool) -> IndexMap<String, ValidateParameter> {
    let env = &input.env;
    let mut out = IndexMap::with_capacity(input.schemas.len());
    if input.version.is_cfn() != top_cfn {
        for (name, description, default) in pseudo_parameters(input) {
            let mut p = ValidateParameter {
                kind: "String".into(),
                description: description.into(),
                no_echo: "false".into(),
                label: name.into(),
                default: Some(Value::from(default)),
                ..ValidateParameter::default()
            };
            if name == "AWS::Region" {
                p.allowed_values = Some(REGIONS.iter().map(|r| Value::from(*r)).collect());
                p.place(ConstraintKey::AllowedValues);
            }
            out.insert(name.to_string(), p);
        }
    }
    for s in &input.schemas {
        let value = env.parameters.get_str(&s.name).filter(|v| !v.is_null());
        let default = env.parameter_defaults.get_str(&s.name).filter(|v| !v.is_null());
        out.insert(s.name.clone(), parameter(s, value, default));
    }
    out
}

/// The regions `AWS::Region` allows.
const REGIONS: &[&str] =
    &["us-east-1", "us-west-1", "us-west-2", "sa-east-1", "eu-west-1", "ap-southeast-1", "ap-northeast-1"];

/// A stack's pseudo parameters in Heat's order: name, description, default
/// (`HOTParameters`/`CfnParameters._pseudo_parameters`).
fn pseudo_parameters(input: &StackInput<'_>) -> Vec<(&'static str, &'static str, String)> {
    let name = input.stack_name;
    let mut out = Vec::new();
    if input.version.is_cfn() {
        let arn = format!("arn:openstack:heat::{}:stacks/{}/{}", input.project_id, name, input.stack_id);
        out.push(("AWS::StackId", "Stack ID", arn));
        if !name.is_empty() {
            out.push(("AWS::StackName", "Stack Name", name.to_string()));
            out.push(("AWS::Region", "", "ap-southeast-1".to_string()));
        }
    } else {
        out.push(("OS::stack_id", "Stack ID", input.stack_id.clone()));
        out.push(("OS::project_id", "Project ID", input.project_id.to_string()));
        if !name.is_empty() {
            out.push(("OS::stack_name", "Stack Name", name.to_string()));
        }
    }
    out
}

/// `format_validate_parameter`: Heat's API keys; the default and the value
/// as given (not converted), the value only when truthy, the last
/// constraint of each kind, the constraints' descriptions joined.
pub(super) fn parameter(s: &ParamSchema, value: Option<&Value>, user_default: Option<&Value>) -> ValidateParameter {
    let kind = match s.kind {
        ParamType::String => "String",
        ParamType::Number => "Number",
        ParamType::List => "CommaDelimitedList",
        ParamType::Json => "Json",
        ParamType::Boolean => "Boolean",
    };
    let mut p = ValidateParameter {
        kind: kind.into(),
        description: s.description.clone(),
        no_echo: if s.hidden { "true" } else { "false" }.into(),
        // `label or name`.
        label: if s.label.is_empty() { s.name.clone() } else { s.label.clone() },
        default: user_default.or(s.default.as_ref()).cloned(),
        value: value.filter(|v| v.truthy()).cloned(),
        tags: (!s.tags.is_empty()).then(|| s.tags.clone()),
        ..ValidateParameter::default()
    };
    let mut descriptions = Vec::new();
    for c in &s.constraints {
        // A member keeps the place it was first set at; the last constraint's value wins.
        match &c.kind {
            ConstraintKind::Length(min, max) => {
                if let Some(v) = min {
                    p.min_length = Some(v.clone());
                    p.place(ConstraintKey::MinLength);
                }
                if let Some(v) = max {
                    p.max_length = Some(v.clone());
                    p.place(ConstraintKey::MaxLength);
                }
            }
            ConstraintKind::Range(min, max) => {
                if let Some(v) = min {
                    p.min_value = Some(v.clone());
                    p.place(ConstraintKey::MinValue);
                }
                if let Some(v) = max {
                    p.max_value = Some(v.clone());
                    p.place(ConstraintKey::MaxValue);
                }
            }
            ConstraintKind::Modulo(step, offset) => {
                p.step = Some(step.clone());
                p.place(ConstraintKey::Step);
                p.offset = Some(offset.clone());
                p.place(ConstraintKey::Offset);
            }
            ConstraintKind::AllowedValues(values) => {
                p.allowed_values = Some(values.clone());
                p.place(ConstraintKey::AllowedValues);
            }
            ConstraintKind::AllowedPattern(pattern) => {
                p.allowed_pattern = Some(pattern.clone());
                p.place(ConstraintKey::AllowedPattern);
            }
            ConstraintKind::Custom(name) => {
                p.custom_constraint = Some(name.clone());
                p.place(ConstraintKey::CustomConstraint);
            }
        }
        if let Some(d) = c.description.as_deref().filter(|d| !d.is_empty()) {
            descriptions.push(d);
        }
    }
    if !descriptions.is_empty() {
        p.constraint_description = Some(descriptions.join(" "));
    }
    p
}

/// `Environment`: `user_env_as_dict()` of the merged user environment.
fn environment(input: &StackInput<'_>, parts: &Parts) -> ValidateEnvironment {
    let env = &input.env;
    ValidateEnvironment {
        parameters: env.parameters.clone(),
        parameter_defaults: env.parameter_defaults.clone(),
        resource_registry: registry(&env.resource_registry, input, parts),
        event_sinks: env.event_sinks.clone(),
    }
}

/// `ResourceRegistry.as_dict()`: the user's registry as Heat loaded it (a
/// null entry removes what it names, a `*` one every entry it prefixes; a
/// name that is a template file maps to itself), `resources: {}` always,
/// then what building the stack's resources registered there (TRAP
/// [TV-ENV-REG]): each provider resource whose template Heat could read
/// registers its registry path with the template (`TemplateResource.
/// template_data`), a type written as a template file name under itself.
fn registry(user: &Map, input: &StackInput<'_>, parts: &Parts) -> Map {
    let mut out = Map::new();
    out.insert_str("resources", Value::map(Map::new()));
    load(&mut out, user);
    for d in &parts.definitions.defns {
        let Some((url, user)) = &d.info.template else { continue };
        let readable = input.files.get(url).is_some_and(|t| t.as_deref().is_some_and(|t| !t.is_empty()))
            || (!*user && url.starts_with("file:"));
        if !readable {
            continue;
        }
        let (resource, key) = match &d.info.registry_key {
            Some((resource, key)) => (resource.as_deref(), key.as_str()),
            None => (None, d.type_name.as_str()),
        };
        let value = if is_template_name(key) { key } else { url.as_str() };
        let mut entry = Map::new();
        entry.insert_str(key, Value::from(value));
        let entry = match resource {
            None => entry,
            Some(r) => {
                let mut per = Map::new();
                per.insert_str(r, Value::map(entry));
                let mut resources = Map::new();
                resources.insert_str("resources", Value::map(per));
                resources
            }
        };
        load(&mut out, &entry);
    }
    out
}

/// `_load_registry` into `level`.
fn load(level: &mut Map, entries: &Map) {
    for (k, v) in entries.iter() {
        let name = k.as_str().unwrap_or_default();
        match v {
            Value::Null => {
                if let Some(prefix) = name.strip_suffix('*') {
                    let gone: Vec<Value> = level
                        .iter()
                        .filter(|(ek, ev)| ev.as_map().is_none() && ek.as_str().is_some_and(|e| e.starts_with(prefix)))
                        .map(|(ek, _)| ek.clone())
                        .collect();
                    for g in gone {
                        let _ = level.shift_remove(&g);
                    }
                } else {
                    let _ = level.shift_remove(k);
                }
            }
            Value::Map(inner) if !is_hook_or_action(name, v) => {
                let mut sub = match level.get(k) {
                    Some(Value::Map(existing)) => (**existing).clone(),
                    _ => Map::new(),
                };
                load(&mut sub, inner);
                let _ = level.insert(k.clone(), Value::map(sub));
            }
            _ if is_template_name(name) => {
                let _ = level.insert(k.clone(), k.clone());
            }
            _ => {
                let _ = level.insert(k.clone(), v.clone());
            }
        }
    }
}

/// A type that names a template file.
fn is_template_name(t: &str) -> bool {
    t.ends_with(".yaml") || t.ends_with(".template")
}

/// `is_hook_definition` / `is_valid_restricted_action`: kept as an item.
fn is_hook_or_action(name: &str, _v: &Value) -> bool {
    matches!(name, "hooks" | "restricted_actions")
}
