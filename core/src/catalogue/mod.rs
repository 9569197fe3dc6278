//! Heat's resource-type registry: which type names exist and what validation
//! needs of them (attribute names, Snapshot support, update-policy keys).
//!
//! [`data`] is generated from the catalogue produced by running real Heat
//! (`tools/gen_catalogue.py`); this module resolves a type name the way Heat's
//! `ResourceRegistry` does: the user environment's `resource_registry` first,
//! then the shipped default environment, then the plugin types.

mod data;
mod decode;
mod release_data;
mod releases;

use crate::model::PropInfo;
use std::sync::OnceLock;

pub use data::ALIASES;
pub use releases::{has_custom_constraint, pytz_zones, same_data};

use crate::release::Release;
use crate::value::Value;

/// How an alias of the default environment maps a type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AliasKind {
    /// `A: B`.
    Mapping,
    /// `A*: B*`.
    Wildcard,
    /// `A: file:///…yaml` (a provider template).
    Template,
}

/// A default-environment alias.
#[derive(Clone, Copy, Debug)]
pub struct Alias {
    /// The type name (or glob ending with `*`).
    pub name: &'static str,
    /// What kind of mapping.
    pub kind: AliasKind,
    /// Where it points.
    pub target: &'static str,
}

/// A literal in generated data (defaults, allowed values, translation values).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Lit {
    /// `None`.
    Null,
    /// A bool.
    Bool(bool),
    /// An int.
    Int(i64),
    /// A float.
    Float(f64),
    /// A string.
    Str(&'static str),
    /// A list.
    List(&'static [Lit]),
    /// A dict, in Heat's order.
    Map(&'static [(&'static str, Lit)]),
    /// The value of a property (translation values only).
    Prop(&'static str),
}

// By reference: the engine maps slices of literals (`.map(Lit::to_value)`).
#[allow(clippy::wrong_self_convention)]
impl Lit {
    /// As a runtime value (`Prop` is null).
    pub fn to_value(&self) -> Value {
        self.to_value_with(&|_| Value::Null)
    }

    /// As a runtime value, with `Prop(name)` given by `prop`.
    pub fn to_value_with(&self, prop: &dyn Fn(&str) -> Value) -> Value {
        match *self {
            Lit::Null => Value::Null,
            Lit::Prop(name) => prop(name),
            Lit::Bool(b) => Value::Bool(b),
            Lit::Int(i) => Value::Int(i),
            Lit::Float(f) => Value::Float(f),
            Lit::Str(s) => Value::from(s),
            Lit::List(items) => Value::list(items.iter().map(|i| i.to_value_with(prop)).collect()),
            Lit::Map(entries) => {
                let mut m = crate::value::Map::with_capacity(entries.len());
                for (k, v) in entries {
                    m.insert_str(k, v.to_value_with(prop));
                }
                Value::map(m)
            }
        }
    }
}

/// Heat's property types (`properties.Schema.TYPES`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PropKind {
    /// `String`.
    String,
    /// `Integer`.
    Integer,
    /// `Number`.
    Number,
    /// `Boolean`.
    Boolean,
    /// `Map`.
    Map,
    /// `List`.
    List,
    /// `Any`.
    Any,
}

impl PropKind {
    /// The name Heat's API shows (`dict(schema)["type"]`: lower case).
    pub fn api_name(self) -> &'static str {
        match self {
            PropKind::String => "string",
            PropKind::Integer => "integer",
            PropKind::Number => "number",
            PropKind::Boolean => "boolean",
            PropKind::Map => "map",
            PropKind::List => "list",
            PropKind::Any => "any",
        }
    }

    /// Heat's type name (`Schema.type`).
    pub fn heat_name(self) -> &'static str {
        match self {
            PropKind::String => "String",
            PropKind::Integer => "Integer",
            PropKind::Number => "Number",
            PropKind::Boolean => "Boolean",
            PropKind::Map => "Map",
            PropKind::List => "List",
            PropKind::Any => "Any",
        }
    }
}

/// A constraint of a property schema.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Rule {
    /// `range`.
    Range {
        /// Minimum.
        min: Option<Lit>,
        /// Maximum.
        max: Option<Lit>,
    },
    /// `length`.
    Length {
        /// Minimum.
        min: Option<Lit>,
        /// Maximum.
        max: Option<Lit>,
    },
    /// `modulo`.
    Modulo {
        /// Step.
        step: Lit,
        /// Offset.
        offset: Lit,
    },
    /// `allowed_values`.
    AllowedValues(&'static [Lit]),
    /// `allowed_pattern`.
    AllowedPattern(&'static str),
    /// `custom_constraint`.
    Custom(&'static str),
}

/// A constraint with its optional description (Heat reports the description
/// instead of the constraint's own message when there is one).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PropConstraint {
    /// What it checks.
    pub rule: Rule,
    /// Heat's `description`.
    pub description: Option<&'static str>,
}

/// A property schema, as Heat's `properties.Schema`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PropSchema {
    /// The key (`*` for a list's item schema).
    pub name: &'static str,
    /// Its type.
    pub kind: PropKind,
    /// Required.
    pub required: bool,
    /// Implemented (an unimplemented one given a value is an error).
    pub implemented: bool,
    /// Can be updated in place.
    pub update_allowed: bool,
    /// The default.
    pub default: Option<Lit>,
    /// Constraints, in order.
    pub constraints: &'static [PropConstraint],
    /// A list's item schema.
    pub item: Option<&'static PropSchema>,
    /// A map's key schemas, in Heat's definition order.
    pub keys: Option<&'static [PropSchema]>,
}

/// Translation rule kinds (RESOLVE is never applied during validation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TransKind {
    /// Append values to a list.
    Add,
    /// Take the value of a deprecated property.
    Replace,
    /// Drop a property.
    Delete,
}

/// One of a plugin's translation rules (Heat's `TranslationRule`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TransRule {
    /// Add, Replace or Delete.
    pub kind: TransKind,
    /// `translation_path`.
    pub path: &'static [&'static str],
    /// `value`.
    pub value: Option<Lit>,
    /// `value_name`.
    pub value_name: Option<&'static str>,
    /// `value_path`.
    pub value_path: Option<&'static [&'static str]>,
    /// `custom_value_path`.
    pub custom_value_path: Option<&'static [&'static str]>,
    /// Only when this property has a (truthy) value.
    pub when: Option<&'static str>,
}

/// One entry of a type's update-policy schema: a map of scalar fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct UpdatePolicy {
    /// Its key (`rolling_update`, …).
    pub name: &'static str,
    /// Its fields, in Heat's definition (= validation) order.
    pub fields: &'static [PolicyField],
}

/// A field of an update policy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PolicyField {
    /// Its key (`max_batch_size`, …).
    pub name: &'static str,
    /// Heat's schema type.
    pub kind: FieldKind,
    /// A `range` constraint's minimum, if any.
    pub min: Option<i64>,
}

/// The scalar schema types update policies use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldKind {
    /// `integer`: Python `int(value)`.
    Integer,
    /// `number`: Heat's `str_to_num`.
    Number,
    /// `string`: ints and bools become text, other non-strings fail.
    String,
}

/// One registered resource type.
#[derive(Clone, Copy, Debug)]
pub struct TypeEntry {
    /// The type name.
    pub name: &'static str,
    /// Support status (`SUPPORTED`, `HIDDEN`, …).
    pub status: &'static str,
    /// First line of Heat's description.
    pub description: &'static str,
    /// Attribute names (`show` included).
    pub attributes: &'static [&'static str],
    /// First line of each attribute's description, parallel to `attributes`
    /// (read through [`description`]).
    pub attribute_descriptions: &'static [&'static str],
    /// The class accepts any attribute name (overrides attribute lookup).
    pub dynamic_attributes: bool,
    /// `OS::Heat::None` or a type re-based on it: Heat validates nothing of it.
    pub none_like: bool,
    /// Supports `deletion_policy: Snapshot`.
    pub snapshot: bool,
    /// Its update-policy schema, in Heat's definition order.
    pub update_policy: &'static [UpdatePolicy],
    /// The first line of each property's description, in `schema` order.
    pub descriptions: &'static [&'static str],
    /// The plugin's class name (`Server`), as Heat names its checks.
    pub class: &'static str,
    /// Its property schema, in Heat's definition order.
    pub schema: &'static [PropSchema],
    /// Its translation rules (no RESOLVE).
    pub translation: &'static [TransRule],
    /// The service an `external_id` is looked up in, if any.
    pub external_service: Option<&'static str>,
}

/// What validation needs to know of a resolved type.
#[derive(Clone, Debug, PartialEq)]
pub struct TypeInfo {
    /// Attribute names.
    pub attributes: &'static [&'static str],
    /// Any attribute name is accepted.
    pub dynamic_attributes: bool,
    /// Nothing is validated and attributes are always null.
    pub none_like: bool,
    /// Supports the Snapshot deletion policy.
    pub snapshot: bool,
    /// Its update-policy schema, in Heat's definition order.
    pub update_policy: &'static [UpdatePolicy],
    /// A provider template (a file) rather than a plugin.
    pub provider: bool,
    /// The plugin type name the registry resolved to (empty for providers).
    pub plugin: &'static str,
    /// A provider template's file name, and whether a user's registry (or
    /// the type itself) names it (then only http(s) may be fetched).
    pub template: Option<(String, bool)>,
    /// The plugin's class name.
    pub class: &'static str,
    /// Its property schema (empty for providers).
    pub schema: &'static [PropSchema],
    /// Its translation rules.
    pub translation: &'static [TransRule],
    /// The service an `external_id` is looked up in, if any.
    pub external_service: Option<&'static str>,
    /// The user registry entry that mapped the type to its template, as the
    /// path Heat removes from a nested stack's registry: `(Some(resource),
    /// key)` for a `resources:` entry, `(None, key)` for a global one.
    pub registry_key: Option<(Option<String>, String)>,
}

/// The resources Heat implements as nested stacks (`StackResource`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NestedKind {
    /// A provider template.
    Template,
    /// `OS::Heat::ResourceGroup`.
    ResourceGroup,
    /// `OS::Heat::AutoScalingGroup`.
    AutoScalingGroup,
    /// `OS::Heat::ResourceChain`.
    ResourceChain,
    /// `OS::Heat::InstanceGroup`: members made from a launch configuration,
    /// in a CloudFormation-format template.
    InstanceGroup,
    /// `AWS::AutoScaling::AutoScalingGroup`: an InstanceGroup sized by
    /// `DesiredCapacity` or `MinSize`, its members tagged with its name.
    AwsAutoScalingGroup,
    /// `AWS::CloudFormation::Stack`: a template Heat downloads (never here).
    CfnStack,
    /// `OS::Heat::SoftwareDeploymentGroup` / `StructuredDeploymentGroup`:
    /// the member type.
    DeploymentGroup(&'static str),
}

impl TypeInfo {
    fn from_entry(e: &TypeEntry) -> TypeInfo {
        TypeInfo {
            attributes: e.attributes,
            dynamic_attributes: e.dynamic_attributes,
            none_like: e.none_like,
            snapshot: e.snapshot,
            update_policy: e.update_policy,
            provider: false,
            plugin: e.name,
            template: None,
            class: e.class,
            schema: e.schema,
            translation: e.translation,
            external_service: e.external_service,
            registry_key: None,
        }
    }

    /// Whether (and how) Heat validates and creates it as a nested stack.
    pub fn nested_kind(&self) -> Option<NestedKind> {
        if self.template.is_some() {
            return Some(NestedKind::Template);
        }
        NestedKind::of_plugin(self.plugin)
    }
}

impl NestedKind {
    /// How Heat's plugin of this name makes a nested stack, if it does.
    pub fn of_plugin(plugin: &str) -> Option<NestedKind> {
        match plugin {
            "OS::Heat::ResourceGroup" => Some(NestedKind::ResourceGroup),
            "OS::Heat::AutoScalingGroup" => Some(NestedKind::AutoScalingGroup),
            "OS::Heat::ResourceChain" => Some(NestedKind::ResourceChain),
            "OS::Heat::InstanceGroup" => Some(NestedKind::InstanceGroup),
            "AWS::AutoScaling::AutoScalingGroup" => Some(NestedKind::AwsAutoScalingGroup),
            "AWS::CloudFormation::Stack" => Some(NestedKind::CfnStack),
            "OS::Heat::SoftwareDeploymentGroup" | "OS::Heat::SoftwareDeployments" => {
                Some(NestedKind::DeploymentGroup("OS::Heat::SoftwareDeployment"))
            }
            "OS::Heat::StructuredDeploymentGroup" | "OS::Heat::StructuredDeployments" => {
                Some(NestedKind::DeploymentGroup("OS::Heat::StructuredDeployment"))
            }
            _ => None,
        }
    }

    /// A nested stack of members made from one definition (a group, a chain).
    pub fn is_group(self) -> bool {
        !matches!(self, NestedKind::Template | NestedKind::CfnStack)
    }
}

impl TypeInfo {
    /// A provider template: any attribute, nothing else known.
    pub fn provider(template: &str, user: bool) -> TypeInfo {
        TypeInfo {
            attributes: &[],
            dynamic_attributes: true,
            none_like: false,
            snapshot: false,
            update_policy: &[],
            provider: true,
            plugin: "",
            template: Some((template.to_string(), user)),
            class: "TemplateResource",
            schema: &[],
            translation: &[],
            external_service: None,
            registry_key: None,
        }
    }

    /// Whether `get_attr` may name this attribute before creation.
    pub fn has_attribute(&self, name: &str) -> bool {
        self.dynamic_attributes || self.attributes.contains(&name)
    }
}

impl TypeEntry {
    /// Its properties for editors, sorted by name (from the schema, so the two
    /// cannot disagree).
    pub fn properties(&self) -> Vec<PropInfo> {
        let mut out: Vec<PropInfo> = self
            .schema
            .iter()
            .map(|s| PropInfo {
                name: s.name,
                kind: s.kind.api_name(),
                required: s.required,
                description: description(self.name, Described::Property(s.name)).unwrap_or(""),
            })
            .collect();
        crate::sort::sort_by(&mut out, |a, b| a.name.cmp(b.name));
        out
    }
}

/// What a description is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Described<'a> {
    /// The type itself.
    Type,
    /// One of its (top-level) properties.
    Property(&'a str),
    /// One of its attributes.
    Attribute(&'a str),
}

/// The first line of Heat's description of a plugin type, one of its
/// properties or one of its attributes (`None` when unknown or empty).
///
/// Every description is read through this one function, so the text can move
/// out of the module (loaded on demand) without touching its readers.
pub fn description(type_name: &str, what: Described<'_>) -> Option<&'static str> {
    description_in(Release::LATEST, type_name, what)
}

/// [`description`] as a release has it.
pub fn description_in(release: Release, type_name: &str, what: Described<'_>) -> Option<&'static str> {
    let e = entry_in(release, type_name)?;
    let text = match what {
        Described::Type => Some(e.description),
        Described::Property(p) => {
            e.schema.iter().position(|s| s.name == p).and_then(|i| e.descriptions.get(i)).copied()
        }
        Described::Attribute(a) => {
            e.attributes.iter().position(|n| *n == a).and_then(|i| e.attribute_descriptions.get(i)).copied()
        }
    };
    text.filter(|t| !t.is_empty())
}

/// Look up a plugin type by exact name.
pub fn entry(name: &str) -> Option<&'static TypeEntry> {
    data::NAMES.binary_search_by(|n| (*n).cmp(name)).ok().and_then(decoded)
}

/// Every registered type, sorted by name.
pub fn types() -> impl Iterator<Item = &'static TypeEntry> {
    (0..data::NAMES.len()).filter_map(decoded)
}

/// Look up a plugin type of a release by exact name (see `releases`).
pub fn entry_in(release: Release, name: &str) -> Option<&'static TypeEntry> {
    releases::entry(release, name)
}

/// Every type a release registers, sorted by name.
pub fn types_in(release: Release) -> Vec<&'static TypeEntry> {
    releases::types(release)
}

/// The types decoded so far (each on its first lookup, then kept: see `decode`).
static DECODED: [OnceLock<&'static TypeEntry>; data::NAMES.len()] = [const { OnceLock::new() }; data::NAMES.len()];

fn decoded(i: usize) -> Option<&'static TypeEntry> {
    let (name, record, slot) = (data::NAMES.get(i)?, data::RECORDS.get(i)?, DECODED.get(i)?);
    Some(*slot.get_or_init(|| Box::leak(Box::new(decode::entry(name, record)))))
}

/// Heat's template-resource test: a name that is a template file.
pub fn is_template_name(name: &str) -> bool {
    name.ends_with(".yaml") || name.ends_with(".template")
}

/// The user environment's `resource_registry` as far as type resolution needs it.
#[derive(Clone, Debug, Default)]
pub struct Registry {
    /// Global mappings in order: (type or glob, target or `None` for a deletion).
    pub mappings: Vec<(String, Option<String>)>,
    /// Per-resource mappings: (resource name, type or glob, target).
    pub per_resource: Vec<(String, String, Option<String>)>,
    /// The Heat release whose plugin types the names resolve to.
    pub release: Release,
}

impl Registry {
    /// Read a merged `resource_registry` section.
    pub fn from_value(section: &Value) -> Registry {
        section.as_map().map(Registry::from_map).unwrap_or_default()
    }

    /// [`Registry::from_value`] of a map.
    pub fn from_map(map: &crate::value::Map) -> Registry {
        let mut reg = Registry::default();
        for (k, v) in map.iter() {
            let Some(key) = k.as_str() else { continue };
            if key == "resources" {
                if let Some(per) = v.as_map() {
                    for (rname, rmap) in per.iter() {
                        let (Some(rname), Some(rmap)) = (rname.as_str(), rmap.as_map()) else { continue };
                        for (t, target) in rmap.iter() {
                            if let Some(t) = t.as_str() {
                                if t.contains("::") || is_template_name(t) || t.ends_with('*') {
                                    reg.per_resource.push((
                                        rname.to_string(),
                                        t.to_string(),
                                        target.as_str().map(str::to_string),
                                    ));
                                }
                            }
                        }
                    }
                }
                continue;
            }
            reg.mappings.push((key.to_string(), v.as_str().map(str::to_string)));
        }
        reg
    }
}

fn glob_map(pattern: &str, target: &str, name: &str) -> Option<String> {
    let prefix = pattern.strip_suffix('*')?;
    let rest = name.strip_prefix(prefix)?;
    Some(match target.strip_suffix('*') {
        Some(t) => format!("{t}{rest}"),
        None => target.to_string(),
    })
}

/// Resolve a resource type the way Heat's registry does, for one resource.
/// `Err` carries Heat's message.
pub fn resolve_type(registry: &Registry, resource: &str, type_name: &str) -> Result<TypeInfo, String> {
    let not_found = || format!("The Resource Type ({type_name}) could not be found.");
    let mut current = type_name.to_string();
    // Mappings may chain; a loop is bounded by the number of mappings.
    for _ in 0..=(registry.mappings.len() + registry.per_resource.len() + ALIASES.len() + 1) {
        if let Some((key, next)) = user_mapping(registry, resource, &current) {
            match next {
                Some(target) if target != current => {
                    if is_template_name(&target) {
                        let mut info = TypeInfo::provider(&target, true);
                        info.registry_key = Some(key);
                        return Ok(info);
                    }
                    current = target;
                    continue;
                }
                Some(_) => {}
                None => return Err(not_found()),
            }
        }
        if is_template_name(&current) {
            return Ok(TypeInfo::provider(&current, true));
        }
        if let Some(e) = entry_in(registry.release, &current) {
            return Ok(TypeInfo::from_entry(e));
        }
        match default_alias(&current) {
            Some((AliasKind::Template, target)) => return Ok(TypeInfo::provider(&target, false)),
            Some((_, target)) => current = target,
            None => return Err(not_found()),
        }
    }
    Err(not_found())
}

/// A user mapping for `name`: `Some(Some(target))`, `Some(None)` when deleted,
/// `None` when unmapped; with the entry that matched.
#[allow(clippy::type_complexity)]
fn user_mapping(registry: &Registry, resource: &str, name: &str) -> Option<((Option<String>, String), Option<String>)> {
    let exact = |k: &str| k == name;
    let per = |k: &str| (Some(resource.to_string()), k.to_string());
    for (r, k, v) in &registry.per_resource {
        if r == resource && exact(k) {
            return Some((per(k), v.clone()));
        }
    }
    for (r, k, v) in &registry.per_resource {
        if r == resource {
            if let Some(t) = v.as_deref().and_then(|v| user_glob(k, v, name)) {
                return Some((per(k), Some(t)));
            }
        }
    }
    if let Some((k, v)) = registry.mappings.iter().rev().find(|(k, _)| exact(k)) {
        return Some(((None, k.clone()), v.clone()));
    }
    for (k, v) in registry.mappings.iter().rev() {
        if let Some(t) = v.as_deref().and_then(|v| user_glob(k, v, name)) {
            return Some(((None, k.clone()), Some(t)));
        }
    }
    None
}

/// A user's wildcard mapping. Heat registers a key ending in `*` whose target
/// is a template as that template under the literal key (`ResourceInfo`
/// checks the target before the wildcard), so it maps no other type.
fn user_glob(pattern: &str, target: &str, name: &str) -> Option<String> {
    // The pattern first: most keys are no wildcard.
    glob_map(pattern, target, name).filter(|_| !is_template_name(target))
}

fn default_alias(name: &str) -> Option<(AliasKind, String)> {
    if let Some(a) = ALIASES.iter().find(|a| a.name == name) {
        return Some((a.kind, a.target.to_string()));
    }
    ALIASES
        .iter()
        .filter(|a| a.kind == AliasKind::Wildcard)
        .find_map(|a| glob_map(a.name, a.target, name).map(|t| (a.kind, t)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plugin_types_and_aliases_resolve() {
        let reg = Registry::default();
        assert!(resolve_type(&reg, "r", "OS::Nova::Server").unwrap().snapshot);
        assert!(resolve_type(&reg, "r", "OS::Heat::None").unwrap().none_like);
        let alarm = resolve_type(&reg, "r", "OS::Ceilometer::Alarm").unwrap();
        assert!(alarm.attributes.contains(&"show"));
        assert!(resolve_type(&reg, "r", "OS::Quantum::Net").is_ok());
        assert!(resolve_type(&reg, "r", "AWS::RDS::DBInstance").unwrap().provider);
        assert_eq!(
            resolve_type(&reg, "r", "OS::Nope").unwrap_err(),
            "The Resource Type (OS::Nope) could not be found."
        );
    }

    #[test]
    fn user_registry_maps_types_and_templates() {
        let reg = Registry {
            mappings: vec![
                ("My::Server".into(), Some("OS::Nova::Server".into())),
                ("My::Nested".into(), Some("nested.yaml".into())),
                ("Mine::*".into(), Some("OS::Heat::*".into())),
            ],
            per_resource: vec![],
            release: Release::LATEST,
        };
        assert!(resolve_type(&reg, "r", "My::Server").unwrap().snapshot);
        assert!(resolve_type(&reg, "r", "My::Nested").unwrap().provider);
        assert!(resolve_type(&reg, "r", "Mine::None").unwrap().none_like);
        assert!(resolve_type(&reg, "r", "local.template").unwrap().provider);
        // A wildcard whose target is a template maps nothing (Heat registers it literally).
        let reg = Registry { mappings: vec![("Mine::*".into(), Some("t.yaml".into()))], ..Registry::default() };
        assert!(resolve_type(&reg, "r", "Mine::A").is_err());
    }
}
