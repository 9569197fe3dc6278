//! Template parameters: schemas, constraints, type conversion and validation,
//! as `heat.engine.parameters` and `heat.engine.hot.parameters` do them.

use crate::constraints::schema;
use crate::eval::EvalError;
use crate::model::parameters::ValueSource;
use crate::pyconv::{json_loads, py_float, py_int_value, str_to_num};
use crate::pyfmt::py_str;
use crate::release::Release;
use crate::source::Span;
use crate::syntax::Node;
use crate::value::{Map, Value};
use crate::version::HotVersion;

/// The five parameter types.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamType {
    /// `string`.
    String,
    /// `number`.
    Number,
    /// `comma_delimited_list`.
    List,
    /// `json`.
    Json,
    /// `boolean`.
    Boolean,
}

impl ParamType {
    fn parse(s: &str) -> Option<ParamType> {
        Some(match s {
            "string" => ParamType::String,
            "number" => ParamType::Number,
            "comma_delimited_list" => ParamType::List,
            "json" => ParamType::Json,
            "boolean" => ParamType::Boolean,
            _ => return None,
        })
    }

    /// The HOT name.
    pub fn name(self) -> &'static str {
        match self {
            ParamType::String => "string",
            ParamType::Number => "number",
            ParamType::List => "comma_delimited_list",
            ParamType::Json => "json",
            ParamType::Boolean => "boolean",
        }
    }
}

/// One constraint of a parameter.
#[derive(Clone, Debug)]
pub enum ConstraintKind {
    /// `length: {min, max}`.
    Length(Option<Value>, Option<Value>),
    /// `range: {min, max}`.
    Range(Option<Value>, Option<Value>),
    /// `modulo: {step, offset}`.
    Modulo(Value, Value),
    /// `allowed_values: [...]`.
    AllowedValues(Vec<Value>),
    /// `allowed_pattern: regex`.
    AllowedPattern(String),
    /// `custom_constraint: name` (needs a cloud: never checked here).
    Custom(String),
}

/// A constraint with its optional description.
#[derive(Clone, Debug)]
pub struct Constraint {
    /// What it checks.
    pub kind: ConstraintKind,
    /// Replaces the message when set.
    pub description: Option<String>,
}

impl Constraint {
    /// A short hint for forms (`one of: a, b`, `range: 1 to 10`, …), with the
    /// template's description when it has one.
    pub fn hint(&self) -> String {
        let bound = |lo: &Option<Value>, hi: &Option<Value>, what: &str| match (lo, hi) {
            (Some(lo), Some(hi)) => format!("{what}: {} to {}", py_str(lo), py_str(hi)),
            (Some(lo), None) => format!("{what}: at least {}", py_str(lo)),
            (None, Some(hi)) => format!("{what}: at most {}", py_str(hi)),
            (None, None) => what.to_string(),
        };
        let text = match &self.kind {
            ConstraintKind::Length(lo, hi) => bound(lo, hi, "length"),
            ConstraintKind::Range(lo, hi) => bound(lo, hi, "range"),
            ConstraintKind::Modulo(step, offset) => format!("modulo: step {}, offset {}", py_str(step), py_str(offset)),
            ConstraintKind::AllowedValues(values) => {
                format!("one of: {}", values.iter().map(py_str).collect::<Vec<_>>().join(", "))
            }
            ConstraintKind::AllowedPattern(p) => format!("pattern: {p}"),
            ConstraintKind::Custom(name) => format!("{name} (checked by the cloud)"),
        };
        match &self.description {
            Some(d) if !d.is_empty() => format!("{text} — {d}"),
            _ => text,
        }
    }
}

impl Constraint {
    fn class_name(&self) -> &'static str {
        match self.kind {
            ConstraintKind::Length(..) => "Length",
            ConstraintKind::Range(..) => "Range",
            ConstraintKind::Modulo(..) => "Modulo",
            ConstraintKind::AllowedValues(_) => "AllowedValues",
            ConstraintKind::AllowedPattern(_) => "AllowedPattern",
            ConstraintKind::Custom(_) => "CustomConstraint",
        }
    }

    fn valid_for(&self, t: ParamType) -> bool {
        use ParamType::*;
        match self.kind {
            ConstraintKind::Length(..) => matches!(t, String | List | Json),
            ConstraintKind::Range(..) | ConstraintKind::Modulo(..) => t == Number,
            ConstraintKind::AllowedValues(_) | ConstraintKind::Custom(_) => {
                matches!(t, String | Number | List | Boolean)
            }
            ConstraintKind::AllowedPattern(_) => t == String,
        }
    }
}

/// A parameter definition.
#[derive(Clone, Debug)]
pub struct ParamSchema {
    /// Its name.
    pub name: String,
    /// Its type.
    pub kind: ParamType,
    /// The template default (null counts as none).
    pub default: Option<Value>,
    /// Constraints in declaration order.
    pub constraints: Vec<Constraint>,
    /// `hidden` (any truthy value).
    pub hidden: bool,
    /// `label` (or the name).
    pub label: String,
    /// `description` (or empty).
    pub description: String,
    /// `immutable`.
    // Unread since lib.rs's modules became crate-private (BOARD.md, for the engine's restructure).
    #[allow(dead_code)]
    pub immutable: bool,
    /// `tags`.
    #[allow(dead_code)]
    pub tags: Vec<Value>,
    /// Where it is defined.
    pub span: Span,
    /// Its name in the `parameters` section (set by the section's reader):
    /// where a missing value is marked.
    pub name_span: Option<Span>,
    /// Where its template default is written (an error of that value is
    /// placed there).
    pub default_span: Option<Span>,
}

pub(crate) fn schema_error(message: impl Into<String>) -> EvalError {
    EvalError::other("InvalidSchemaError", message).with_code("bad-parameter-schema")
}

pub(crate) fn check_dict(node: &Node, allowed: &[&str], entity: &str) -> Result<(), EvalError> {
    check_dict_of(node, allowed, || entity.to_string())
}

/// [`check_dict`] with the entity's name made only for an error.
pub(crate) fn check_dict_of(node: &Node, allowed: &[&str], entity: impl Fn() -> String) -> Result<(), EvalError> {
    let Some(entries) = node.as_map() else {
        return Err(schema_error(format!("Invalid {}, expected a mapping", entity())).at(node.span));
    };
    for (k, _) in entries {
        if k.as_str().is_some_and(|key| allowed.contains(&key)) {
            continue;
        }
        let key = k.scalar().map(py_str).unwrap_or_default();
        if !allowed.contains(&key.as_str()) {
            return Err(schema_error(format!("Invalid key '{key}' for {}", entity())).at(k.span));
        }
    }
    Ok(())
}

pub(crate) fn get_num(node: &Node, key: &str) -> Result<Option<Value>, EvalError> {
    match node.get(key) {
        None => Ok(None),
        Some(n) if n.is_null() => Ok(None),
        Some(n) => {
            let v = n.to_value();
            match &v {
                Value::List(_) | Value::Map(_) => Err(EvalError::type_error(format!(
                    "int() argument must be a string, a bytes-like object or a real number, not '{}'",
                    v.type_name()
                ))
                .at(n.span)),
                _ => str_to_num(&v).map(Some).map_err(|m| EvalError::value(m).at(n.span)),
            }
        }
    }
}

fn is_integral(v: &Value) -> bool {
    matches!(v, Value::Int(_) | Value::BigInt(_) | Value::Bool(_))
}

fn constraint_from_def(node: &Node, version: HotVersion) -> Result<Constraint, EvalError> {
    let description = node.get("description").map(|d| d.scalar().map(py_str).unwrap_or_else(|| py_str(&d.to_value())));
    let has = |k: &str| node.get(k).is_some();
    let kind = if version >= HotVersion::V2017_02_24 && has("modulo") {
        let cdef = node.get("modulo").unwrap_or(node);
        check_dict(cdef, &["step", "offset"], "modulo constraint")?;
        let step = get_num(cdef, "step")?;
        let offset = get_num(cdef, "offset")?;
        let (Some(step), Some(offset)) = (step, offset) else {
            return Err(schema_error("A modulo constraint must have a step value and an offset value specified."));
        };
        for p in [&step, &offset] {
            let integral = match p {
                Value::Float(f) => f.fract() == 0.0,
                _ => true,
            };
            if !integral {
                return Err(schema_error("step/offset must be integer"));
            }
        }
        let to_i = |v: &Value| match v {
            Value::Float(f) => *f as i64,
            other => other.as_int().unwrap_or(0),
        };
        let (s, o) = (to_i(&step), to_i(&offset));
        if s == 0 {
            return Err(schema_error("step cannot be 0."));
        }
        if o.unsigned_abs() >= s.unsigned_abs() {
            return Err(schema_error("offset must be smaller (by absolute value) than step."));
        }
        if s.signum() * o.signum() < 0 {
            return Err(schema_error("step and offset must be both positive or both negative."));
        }
        ConstraintKind::Modulo(step, offset)
    } else if has("range") {
        let cdef = node.get("range").unwrap_or(node);
        check_dict(cdef, &["min", "max"], "range constraint")?;
        let (min, max) = (get_num(cdef, "min")?, get_num(cdef, "max")?);
        if min.is_none() && max.is_none() {
            return Err(schema_error("A range constraint must have a min value and/or a max value specified."));
        }
        ConstraintKind::Range(min, max)
    } else if has("length") {
        let cdef = node.get("length").unwrap_or(node);
        check_dict(cdef, &["min", "max"], "length constraint")?;
        let (min, max) = (get_num(cdef, "min")?, get_num(cdef, "max")?);
        if min.is_none() && max.is_none() {
            return Err(schema_error("A length constraint must have a min value and/or a max value specified."));
        }
        if [&min, &max].iter().any(|b| b.as_ref().is_some_and(|v| !is_integral(v))) {
            return Err(schema_error("min/max length must be integral"));
        }
        ConstraintKind::Length(min, max)
    } else if let Some(av) = node.get("allowed_values") {
        match av.to_value() {
            Value::List(items) => ConstraintKind::AllowedValues(items.to_vec()),
            _ => return Err(schema_error("AllowedValues must be a list").at(av.span)),
        }
    } else if let Some(ap) = node.get("allowed_pattern") {
        let Some(pattern) = ap.as_str() else {
            return Err(schema_error("AllowedPattern must be a string").at(ap.span));
        };
        crate::pyregex::compile(pattern).map_err(|e| EvalError::other("error", e).at(ap.span))?;
        ConstraintKind::AllowedPattern(pattern.to_string())
    } else if let Some(cc) = node.get("custom_constraint") {
        ConstraintKind::Custom(cc.scalar().map(py_str).unwrap_or_else(|| py_str(&cc.to_value())))
    } else {
        return Err(schema_error("No constraint expressed").at(node.span));
    };
    Ok(Constraint { kind, description })
}

/// The keys a parameter definition may have in `version` (`tags` since queens).
pub fn parameter_keys(version: HotVersion) -> &'static [&'static str] {
    const KEYS: [&str; 9] =
        ["type", "description", "default", "schema", "constraints", "hidden", "label", "immutable", "tags"];
    if version >= HotVersion::V2018_03_02 {
        &KEYS
    } else {
        KEYS.get(..8).unwrap_or(&KEYS)
    }
}

impl ParamSchema {
    /// `HOTParamSchema.from_dict` for a version.
    pub fn from_node(name: &str, node: &Node, version: HotVersion) -> Result<ParamSchema, EvalError> {
        check_dict_of(node, parameter_keys(version), || format!("parameter ({name})"))?;
        let Some(type_node) = node.get("type") else {
            return Err(schema_error(format!("Missing parameter type for parameter: {name}")).at(node.span));
        };
        if let Some(tags) = node.get("tags") {
            if tags.as_list().is_none() {
                return Err(schema_error(format!("Tags property should be a list for parameter: {name}")).at(tags.span));
            }
        }
        let mut constraints = Vec::new();
        if let Some(cons) = node.get("constraints").filter(|c| !c.is_null()) {
            let Some(items) = cons.as_list() else {
                return Err(schema_error(format!(
                    "Invalid parameter constraints for parameter {name}, expected a list"
                ))
                .at(cons.span));
            };
            for item in items {
                check_dict(
                    item,
                    &[
                        "description",
                        "length",
                        "range",
                        "modulo",
                        "allowed_values",
                        "allowed_pattern",
                        "custom_constraint",
                    ],
                    "parameter constraints",
                )?;
                constraints.push(constraint_from_def(item, version).map_err(|e| e.at_if_unset(item.span))?);
            }
        }
        let type_text = type_node.scalar().map(py_str).unwrap_or_else(|| py_str(&type_node.to_value()));
        let Some(kind) = type_node.as_str().and_then(ParamType::parse) else {
            return Err(schema_error(format!("Invalid type ({type_text})")).at(type_node.span));
        };
        let text_of = |k: &str| node.get(k).filter(|n| !n.is_null()).map(|n| py_str(&n.to_value()));
        Ok(ParamSchema {
            name: name.to_string(),
            kind,
            default: node.get("default").map(Node::to_value).filter(|v| !v.is_null()),
            constraints,
            hidden: node.get("hidden").is_some_and(|h| h.truthy()),
            label: text_of("label").unwrap_or_else(|| name.to_string()),
            description: text_of("description").unwrap_or_default(),
            immutable: node.get("immutable").is_some_and(|h| h.truthy()),
            tags: node.get("tags").and_then(|t| t.to_value().as_list().map(<[Value]>::to_vec)).unwrap_or_default(),
            span: node.span,
            name_span: None,
            default_span: node.get("default").map(|d| d.span),
        })
    }
}

impl ParamSchema {
    /// `parameters.Schema.from_dict`: a CloudFormation-format parameter
    /// (`Type: String`, `MinValue`, `AllowedValues`, `NoEcho`, ...).
    pub fn from_cfn(name: &str, node: &Node) -> Result<ParamSchema, EvalError> {
        let kind = super::file_schemata::cfn_param_type(name, node)?;
        let description = node.get("ConstraintDescription").filter(|n| !n.is_null()).map(|n| py_str(&n.to_value()));
        let has = |k: &str| node.get(k).is_some();
        let mut kinds = Vec::new();
        if has("MinValue") || has("MaxValue") {
            kinds.push(ConstraintKind::Range(get_num(node, "MinValue")?, get_num(node, "MaxValue")?));
        }
        if has("MinLength") || has("MaxLength") {
            kinds.push(ConstraintKind::Length(get_num(node, "MinLength")?, get_num(node, "MaxLength")?));
        }
        if let Some(values) = node.get("AllowedValues").and_then(Node::as_list) {
            kinds.push(ConstraintKind::AllowedValues(values.iter().map(Node::to_value).collect()));
        }
        if let Some(pattern) = node.get("AllowedPattern").and_then(Node::as_str) {
            kinds.push(ConstraintKind::AllowedPattern(pattern.to_string()));
        }
        let text_of = |k: &str| node.get(k).filter(|n| !n.is_null()).map(|n| py_str(&n.to_value()));
        Ok(ParamSchema {
            name: name.to_string(),
            kind,
            default: node.get("Default").map(Node::to_value).filter(|v| !v.is_null()),
            constraints: kinds.into_iter().map(|kind| Constraint { kind, description: description.clone() }).collect(),
            // `str(NoEcho).lower() == 'true'`.
            hidden: node.get("NoEcho").is_some_and(|n| py_str(&n.to_value()).to_lowercase() == "true"),
            label: text_of("Label").unwrap_or_else(|| name.to_string()),
            description: text_of("Description").unwrap_or_default(),
            immutable: false,
            tags: Vec::new(),
            span: node.span,
            name_span: None,
            default_span: node.get("Default").map(|d| d.span),
        })
    }

    /// The schema of a parameter as its template's version writes it.
    pub fn from_template(name: &str, node: &Node, version: HotVersion) -> Result<ParamSchema, EvalError> {
        if version.is_cfn() {
            ParamSchema::from_cfn(name, node)
        } else {
            ParamSchema::from_node(name, node, version)
        }
    }
}

/// `strutils.bool_from_string(str(v), strict=True)`.
pub fn bool_from_string(v: &Value) -> Result<bool, String> {
    if let Value::Bool(b) = v {
        return Ok(*b);
    }
    let s = py_str(v);
    match s.trim_matches(crate::pyconv::is_py_space).to_lowercase().as_str() {
        "1" | "t" | "true" | "on" | "y" | "yes" => Ok(true),
        "0" | "f" | "false" | "off" | "n" | "no" => Ok(false),
        _ => Err(format!(
            "Unrecognized value '{s}', acceptable values are: '0', '1', 'f', 'false', 'n', 'no', 'off', 'on', 't', 'true', 'y', 'yes'"
        )),
    }
}

/// `CommaDelimitedListParam.parse`.
pub fn parse_list(v: &Value) -> Result<Value, String> {
    match v {
        Value::List(items) => Ok(Value::list(items.iter().map(|x| Value::from(py_str(x))).collect())),
        Value::Str(s) if s.is_empty() => Ok(Value::list(Vec::new())),
        Value::Str(s) => Ok(Value::list(s.split(',').map(Value::from).collect())),
        other => Err(format!(
            "Value must be a comma-delimited list string: '{}' object has no attribute 'split'",
            other.type_name()
        )),
    }
}

/// `JsonParam.parse`.
pub fn parse_json(v: &Value) -> Result<Value, String> {
    match v {
        Value::Str(s) if s.is_empty() => Ok(v.clone()),
        Value::Str(s) => json_loads(s).map_err(|e| format!("Value must be valid JSON: {e}")),
        // `json.loads(json.dumps(v))` without the text: keys become strings.
        other => Ok(crate::model::result::json_keys(other)),
    }
}

/// The value `get_param` returns for a raw value of this type.
pub fn convert(kind: ParamType, raw: &Value) -> Result<Value, EvalError> {
    match kind {
        ParamType::String => Ok(Value::from(py_str(raw))),
        ParamType::Number => str_to_num(raw).map_err(EvalError::value),
        ParamType::Boolean => bool_from_string(raw).map(Value::Bool).map_err(EvalError::value),
        ParamType::List => parse_list(raw).map_err(EvalError::value),
        ParamType::Json => parse_json(raw).map_err(EvalError::value),
    }
}

/// `Schema.to_schema_type` for allowed-values comparison.
fn to_schema_type(kind: ParamType, v: &Value) -> Result<Value, String> {
    let invalid = || format!("Value \"{}\" is invalid for data type \"{}\".", py_str(v), kind.name());
    match kind {
        ParamType::Number => str_to_num(v).map_err(|_| invalid()),
        ParamType::String => Ok(Value::from(py_str(v))),
        ParamType::Boolean => bool_from_string(v).map(Value::Bool).map_err(|_| invalid()),
        _ => Ok(v.clone()),
    }
}

/// Outcome of checking one constraint.
enum Check {
    Ok,
    Skipped(String),
    Failed(String),
}

fn check_constraint(release: Release, c: &Constraint, kind: ParamType, value: &Value) -> Result<Check, EvalError> {
    let failed = |msg: String| Ok(Check::Failed(c.description.clone().unwrap_or(msg)));
    let outcome = |failure: Option<String>| failure.map_or(Ok(Check::Ok), failed);
    match &c.kind {
        ConstraintKind::Range(min, max) => outcome(schema::range(value, min.as_ref(), max.as_ref())?),
        ConstraintKind::Length(min, max) => outcome(schema::length(value, min.as_ref(), max.as_ref())?),
        ConstraintKind::Modulo(step, offset) => outcome(schema::modulo(value, step, offset)?),
        ConstraintKind::AllowedValues(allowed) => {
            outcome(schema::allowed_values(value, allowed, &|v| to_schema_type(kind, v))?)
        }
        ConstraintKind::AllowedPattern(pattern) => outcome(schema::allowed_pattern(value, pattern)?),
        ConstraintKind::Custom(name) => {
            // The constraints that need no service run for real (full mode).
            match crate::constraints::check_offline(release, name, value) {
                Some(crate::constraints::Custom::Valid) => return Ok(Check::Ok),
                Some(crate::constraints::Custom::Invalid(m)) => {
                    return failed(crate::constraints::error_text(value, m.as_deref()))
                }
                Some(crate::constraints::Custom::Raised { class, message }) => {
                    return Err(EvalError::other(class, message))
                }
                None => {}
            }
            let known = KNOWN_CUSTOM_CONSTRAINTS.contains(&name.as_str());
            if crate::catalogue::has_custom_constraint(release, name, known) {
                Ok(Check::Skipped(name.clone()))
            } else {
                failed(format!("\"{}\" does not validate {name} (constraint not found)", py_str(value)))
            }
        }
    }
}

/// The custom constraint names Heat registers (from running Heat 27).
pub const KNOWN_CUSTOM_CONSTRAINTS: &[&str] = &[
    "barbican.container",
    "barbican.secret",
    "blazar.reservation",
    "cinder.backup",
    "cinder.qos_specs",
    "cinder.snapshot",
    "cinder.volume",
    "cinder.vtype",
    "cron_expression",
    "designate.zone",
    "dns_domain",
    "dns_name",
    "expiration",
    "glance.image",
    "ip_addr",
    "ip_or_cidr",
    "ironic.node",
    "ironic.portgroup",
    "iso_8601",
    "json_string",
    "keystone.domain",
    "keystone.group",
    "keystone.project",
    "keystone.region",
    "keystone.role",
    "keystone.service",
    "keystone.user",
    "mac_addr",
    "magnum.cluster_template",
    "manila.share_network",
    "manila.share_snapshot",
    "manila.share_type",
    "mistral.workflow",
    "net_cidr",
    "neutron.address_scope",
    "neutron.flow_classifier",
    "neutron.lbaas.listener",
    "neutron.lbaas.loadbalancer",
    "neutron.lbaas.pool",
    "neutron.lbaas.provider",
    "neutron.network",
    "neutron.port",
    "neutron.port_pair",
    "neutron.port_pair_group",
    "neutron.qos_policy",
    "neutron.router",
    "neutron.security_group",
    "neutron.segment",
    "neutron.subnet",
    "neutron.subnetpool",
    "neutron.taas.tap_flow",
    "neutron.taas.tap_service",
    "nova.flavor",
    "nova.host",
    "nova.keypair",
    "nova.network",
    "nova.server",
    "octavia.availabilityzone",
    "octavia.availabilityzoneprofile",
    "octavia.flavor",
    "octavia.flavorprofile",
    "octavia.l7policy",
    "octavia.listener",
    "octavia.loadbalancer",
    "octavia.pool",
    "rel_dns_name",
    "test_constr",
    "timezone",
    "trove.flavor",
    "zaqar.queue",
];

/// Check a value against the constraints (Heat's `validate_constraints`), recording
/// skipped custom constraints. `Err` is the SVF message (or a raw Python error).
pub(crate) fn validate_constraints(
    release: Release,
    schema: &ParamSchema,
    value: &Value,
    skip_custom: bool,
    skipped: &mut Vec<String>,
) -> Result<Option<String>, EvalError> {
    for c in &schema.constraints {
        if skip_custom && matches!(c.kind, ConstraintKind::Custom(_)) {
            continue;
        }
        match check_constraint(release, c, schema.kind, value) {
            Ok(Check::Ok) => {}
            Ok(Check::Skipped(name)) => skipped.push(name),
            Ok(Check::Failed(msg)) => return Ok(Some(msg)),
            // ValueErrors inside a constraint become SVF messages; others escape.
            Err(e) if &*e.class == "ValueError" => return Ok(Some(e.message)),
            Err(e) => return Err(e),
        }
    }
    Ok(None)
}

/// A parameter with its sources.
#[derive(Clone, Debug)]
pub struct Parameter {
    /// The definition.
    pub schema: ParamSchema,
    /// The environment's `parameters` value (not null).
    pub user_value: Option<Value>,
    /// The environment's `parameter_defaults` value (not null).
    pub user_default: Option<Value>,
}

impl Parameter {
    /// The raw value Heat uses, and where it came from.
    pub fn raw(&self) -> (Option<&Value>, ValueSource) {
        if let Some(v) = &self.user_value {
            return (Some(v), ValueSource::User);
        }
        if let Some(v) = &self.user_default {
            return (Some(v), ValueSource::UserDefault);
        }
        match &self.schema.default {
            Some(v) => (Some(v), ValueSource::Default),
            None => (None, ValueSource::Missing),
        }
    }

    /// `Parameter.value()`: the converted value.
    pub fn value(&self) -> Result<Value, EvalError> {
        match self.raw().0 {
            Some(raw) => convert(self.schema.kind, raw),
            None => Err(EvalError::param_missing(&self.schema.name)),
        }
    }

    /// `Parameter.validate()`; `skipped` collects custom constraints not checked.
    pub fn validate(&self, release: Release, validate_value: bool, skipped: &mut Vec<String>) -> Result<(), EvalError> {
        let name = &self.schema.name;
        let wrap_svf = |msg: String| {
            EvalError::svf(format!("Parameter '{name}' is invalid: {msg}")).with_code("invalid-parameter")
        };
        let wrap_schema = |msg: String| schema_error(format!("Parameter '{name}' is invalid: {msg}"));
        // Schema: constraint applicability, then the template default.
        for c in &self.schema.constraints {
            if !c.valid_for(self.schema.kind) {
                return Err(wrap_schema(format!(
                    "{} constraint invalid for {}",
                    c.class_name(),
                    self.schema.kind.name()
                ))
                .at(self.schema.span));
            }
        }
        let default_span = self.schema.default_span.unwrap_or(self.schema.span);
        if let Some(default) = &self.schema.default {
            let as_checked = match (self.schema.kind, default) {
                (ParamType::List, Value::List(items)) => {
                    Value::list(items.iter().map(|x| Value::from(py_str(x))).collect())
                }
                (ParamType::List, Value::Str(s)) => Value::list(s.split(',').map(Value::from).collect()),
                (ParamType::List, other) => {
                    return Err(wrap_schema(format!(
                        "Default must be a comma-delimited list string: '{}' object has no attribute 'split'",
                        other.type_name()
                    ))
                    .at(default_span))
                }
                (_, other) => other.clone(),
            };
            let mut ignore = Vec::new();
            match validate_constraints(release, &self.schema, &as_checked, true, &mut ignore) {
                Ok(None) => {}
                Ok(Some(msg)) => {
                    return Err(wrap_schema(format!("Invalid default {} ({msg})", py_str(default))).at(default_span))
                }
                Err(e) if matches!(&*e.class, "ValueError" | "TypeError") => {
                    return Err(
                        wrap_schema(format!("Invalid default {} ({})", py_str(default), e.text())).at(default_span)
                    )
                }
                Err(e) => return Err(e),
            }
        }
        if !validate_value {
            return Ok(());
        }
        let (raw, at) = match (&self.user_value, self.raw()) {
            (Some(v), _) => (v, self.schema.span),
            // The template's default: its value is where it fails.
            (None, (Some(v), ValueSource::Default)) => (v, default_span),
            (None, (Some(v), _)) => (v, self.schema.span),
            (None, (None, _)) => {
                return Err(EvalError::param_missing(name).at(self.schema.name_span.unwrap_or(self.schema.span)))
            }
        };
        // Type check, then constraints on the (parsed) value.
        let wrap_svf = |msg: String| wrap_svf(msg).at(at);
        let checked = match self.schema.kind {
            ParamType::Number => {
                str_to_num(raw).map_err(wrap_svf)?;
                raw.clone()
            }
            ParamType::Boolean => {
                bool_from_string(raw).map_err(wrap_svf)?;
                raw.clone()
            }
            ParamType::List => parse_list(raw).map_err(wrap_svf)?,
            ParamType::Json => parse_json(raw).map_err(wrap_svf)?,
            ParamType::String => raw.clone(),
        };
        match validate_constraints(release, &self.schema, &checked, false, skipped) {
            Ok(None) => Ok(()),
            Ok(Some(msg)) => Err(wrap_svf(msg)),
            Err(e) => Err(e.at_if_unset(at)),
        }
    }
}

/// Validate `parameter_groups` (§3.7). `names` are the template's parameters.
pub fn validate_groups(groups: &Node, names: &[String]) -> Result<(), EvalError> {
    if groups.is_null()
        || groups.as_list().is_some_and(<[Node]>::is_empty)
        || groups.as_map().is_some_and(<[(Node, Node)]>::is_empty)
    {
        return Ok(());
    }
    let err = |path: Vec<String>, msg: String, span: Span| {
        EvalError::svf_full("Parameter Groups error", path, msg).with_code("bad-parameter-group").at(span)
    };
    let Some(items) = groups.as_list() else {
        return Err(err(vec!["parameter_groups".into()], "The parameter_groups should be a list.".into(), groups.span));
    };
    let mut seen: Vec<String> = Vec::new();
    for group in items {
        let Some(_) = group.as_map() else {
            return Err(EvalError::other(
                "AttributeError",
                format!("'{}' object has no attribute 'get'", group.type_name()),
            )
            .at(group.span));
        };
        let label = group.get("label").map(|l| py_str(&l.to_value())).unwrap_or_default();
        let path = vec!["parameter_groups".to_string(), label];
        let Some(params) = group.get("parameters") else {
            return Err(err(path, "The parameters must be provided for each parameter group.".into(), group.span));
        };
        let Some(params) = params.as_list() else {
            return Err(err(path, "The parameters of parameter group should be a list.".into(), params.span));
        };
        for p in params {
            let pname = py_str(&p.to_value());
            if seen.contains(&pname) {
                return Err(err(
                    path,
                    format!("The {pname} parameter must be assigned to one parameter group only."),
                    p.span,
                ));
            }
            seen.push(pname.clone());
        }
        for p in params {
            let pname = py_str(&p.to_value());
            let valid = names.contains(&pname) || pname == "OS::stack_id" || pname == "OS::project_id";
            if !valid {
                return Err(err(
                    path,
                    format!("The grouped parameter {pname} does not reference a valid parameter."),
                    p.span,
                ));
            }
        }
    }
    Ok(())
}

/// Silence "unused" for conversions kept for API users.
// Unused since lib.rs's modules became crate-private (BOARD.md, for the engine's restructure).
#[allow(dead_code)]
pub fn number_from_text(s: &str) -> Option<Value> {
    py_int_value(s).or_else(|| py_float(s).map(Value::Float))
}

/// The parameters of a template as a map of name → converted value.
#[allow(dead_code)] // unused likewise
pub fn values_map(params: &[Parameter]) -> Map {
    let mut m = Map::new();
    for p in params {
        if let Ok(v) = p.value() {
            m.insert_str(&p.schema.name, v);
        }
    }
    m
}
