//! The cloud's Heat settings (`heat.conf`) that change an offline answer:
//! the request's `x-heat-config`, applied as `cfg.CONF.set_override` would
//! apply them. Defaults are Heat 27's.
//!
//! `[DEFAULT]` options are top-level keys, another section is a nested
//! object (`{"yaql": {"memory_quota": 100000}}`). Each value is converted by
//! its option's type as oslo.config does (an integer option takes `"10"`,
//! `1.5` or `true`; a boolean option `"yes"`/`"off"`/…); an option that
//! changes nothing offline, an unknown one, or a value its type refuses is a
//! `HeatConfigError` (the oracle's type: no Heat answer exists for it).

use crate::pyconv::py_int_value;
use crate::pyfmt::{py_repr, py_str};
use crate::release::Release;
use crate::value::{Map, Value};

/// The settings, each with Heat's default.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeatConfig {
    /// `max_template_size`: characters of a template (the request's and each
    /// provider template).
    pub max_template_size: i64,
    /// `max_json_body_size`: bytes of the request body heat-api accepts.
    pub max_json_body_size: i64,
    /// `max_nested_stack_depth`: provider templates and groups.
    pub max_nested_stack_depth: i64,
    /// `max_resources_per_stack` (-1: no limit).
    pub max_resources_per_stack: i64,
    /// `max_stacks_per_tenant`: offline the project owns no stack, so only 0 refuses.
    pub max_stacks_per_tenant: i64,
    /// `stack_action_timeout` in seconds (`OS::Heat::Delay`'s longest delay).
    pub stack_action_timeout: i64,
    /// `max_server_name_length` (at most 53): only physical names use it.
    pub max_server_name_length: i64,
    /// `[yaql] limit_iterators`.
    pub yaql_limit_iterators: i64,
    /// `[yaql] memory_quota`.
    pub yaql_memory_quota: i64,
    /// `[volumes] backups_enabled`: the `Snapshot` deletion policy of volumes.
    pub volumes_backups_enabled: bool,
}

impl Default for HeatConfig {
    fn default() -> HeatConfig {
        HeatConfig {
            max_template_size: 524_288,
            max_json_body_size: 1_048_576,
            max_nested_stack_depth: 5,
            max_resources_per_stack: 1000,
            max_stacks_per_tenant: 512,
            stack_action_timeout: 3600,
            max_server_name_length: 53,
            yaql_limit_iterators: 200,
            yaql_memory_quota: 10_000,
            volumes_backups_enabled: true,
        }
    }
}

/// How an option's value is converted.
#[derive(Clone, Copy)]
enum Kind {
    /// `IntOpt`, with its maximum.
    Int(Option<i64>),
    /// `BoolOpt`.
    Bool,
}

/// Every option a request may set: (section, name, type).
const OPTIONS: &[(Option<&str>, &str, Kind)] = &[
    (None, "max_template_size", Kind::Int(None)),
    (None, "max_json_body_size", Kind::Int(None)),
    (None, "max_nested_stack_depth", Kind::Int(None)),
    (None, "max_resources_per_stack", Kind::Int(None)),
    (None, "max_stacks_per_tenant", Kind::Int(None)),
    (None, "stack_action_timeout", Kind::Int(None)),
    (None, "max_server_name_length", Kind::Int(Some(53))),
    (Some("yaql"), "limit_iterators", Kind::Int(None)),
    (Some("yaql"), "memory_quota", Kind::Int(None)),
    (Some("volumes"), "backups_enabled", Kind::Bool),
];

/// An option's converted value.
enum Setting {
    Int(i64),
    Bool(bool),
    /// `None`: the option's value becomes None.
    Unset,
}

impl HeatConfig {
    /// The settings of a request, its `x-heat-config` object, and the
    /// release that answers, its `x-heat-release` (none: 27.0.1; not a
    /// `heat.conf` option: the evaluation's mode carries it,
    /// `Mode::release`).
    ///
    /// # Errors
    /// As [`HeatConfig::from_value`]; an unknown release, naming the known ones.
    pub fn of_request(conf: &Value, release: Option<&str>) -> Result<(HeatConfig, Release), String> {
        let config = HeatConfig::from_value(conf)?;
        let release = match release {
            Some(r) => Release::parse(r)?,
            None => Release::LATEST,
        };
        Ok((config, release))
    }

    /// The settings of an `x-heat-config` object (null: the defaults).
    ///
    /// # Errors
    /// The oracle's `HeatConfigError` text for an object that is not one, an
    /// option that is not taken, or a value its type refuses.
    pub fn from_value(conf: &Value) -> Result<HeatConfig, String> {
        let mut config = HeatConfig::default();
        let top = match conf {
            Value::Null => return Ok(config),
            Value::Map(m) => m,
            _ => return Err("x-heat-config must be an object".to_string()),
        };
        // (section, option, value), as the oracle applies them: keys sorted.
        let mut items: Vec<(Option<String>, String, &Value)> = Vec::new();
        for (key, value) in sorted(top) {
            let is_section = OPTIONS.iter().any(|(s, _, _)| *s == Some(key.as_str()));
            if is_section {
                let Some(options) = value.as_map() else { return Err(format!("[{key}] must be an object")) };
                for (opt, v) in sorted(options) {
                    if !OPTIONS.iter().any(|(s, n, _)| *s == Some(key.as_str()) && *n == opt) {
                        return Err(format!("unsupported heat.conf option [{key}] {opt}"));
                    }
                    items.push((Some(key.clone()), opt, v));
                }
            } else if OPTIONS.iter().any(|(s, n, _)| s.is_none() && *n == key) {
                items.push((None, key, value));
            } else {
                return Err(format!("unsupported heat.conf option [DEFAULT] {key}"));
            }
        }
        for (section, name, value) in items {
            let Some((_, _, kind)) = OPTIONS.iter().find(|(s, n, _)| *s == section.as_deref() && *n == name) else {
                continue;
            };
            let full = section.as_ref().map_or_else(|| name.clone(), |s| format!("{s}.{name}"));
            let setting = convert(*kind, value)
                .map_err(|reason| format!("invalid value {} for {full}: {reason}", py_repr(value)))?;
            config.set(&full, setting)?;
        }
        Ok(config)
    }

    fn set(&mut self, full: &str, setting: Setting) -> Result<(), String> {
        let int = |s: &Setting| match s {
            Setting::Int(i) => Some(*i),
            _ => None,
        };
        let field = match full {
            "max_template_size" => &mut self.max_template_size,
            "max_json_body_size" => &mut self.max_json_body_size,
            "max_nested_stack_depth" => &mut self.max_nested_stack_depth,
            "max_resources_per_stack" => &mut self.max_resources_per_stack,
            "max_stacks_per_tenant" => &mut self.max_stacks_per_tenant,
            "stack_action_timeout" => &mut self.stack_action_timeout,
            "max_server_name_length" => &mut self.max_server_name_length,
            "yaql.limit_iterators" => &mut self.yaql_limit_iterators,
            "yaql.memory_quota" => &mut self.yaql_memory_quota,
            "volumes.backups_enabled" => {
                match setting {
                    Setting::Bool(b) => self.volumes_backups_enabled = b,
                    _ => return Err(unset(full)),
                }
                return Ok(());
            }
            _ => return Ok(()),
        };
        *field = int(&setting).ok_or_else(|| unset(full))?;
        Ok(())
    }
}

/// Set one option, `KEY=VALUE` as the command line gives it (`--heat-config
/// max_nested_stack_depth=10`, `--heat-config yaql.memory_quota=100000`),
/// in an `x-heat-config` object; the value stays text, which the option's
/// type converts as `heat.conf`'s text is.
///
/// # Errors
/// A setting without `=`, or an empty option name.
pub fn set_from_text(config: &mut Value, setting: &str) -> Result<(), String> {
    let (key, value) =
        setting.split_once('=').ok_or_else(|| format!("malformed setting `{setting}`: expected KEY=VALUE"))?;
    let (section, option) = match key.split_once('.') {
        Some((section, option)) => (Some(section.trim()), option.trim()),
        None => (None, key.trim()),
    };
    if option.is_empty() || section.is_some_and(str::is_empty) {
        return Err(format!("malformed setting `{setting}`: expected KEY=VALUE"));
    }
    let mut top = config.as_map().cloned().unwrap_or_default();
    match section {
        None => top.insert_str(option, Value::from(value)),
        Some(section) => {
            let mut inner = top.get_str(section).and_then(Value::as_map).cloned().unwrap_or_default();
            inner.insert_str(option, Value::from(value));
            top.insert_str(section, Value::map(inner));
        }
    }
    *config = Value::map(top);
    Ok(())
}

/// The `x-heat-config` object `over` on top of `base`, option by option (a
/// section's options merged too).
pub fn merged(base: &Value, over: &Value) -> Value {
    let (Some(b), Some(o)) = (base.as_map(), over.as_map()) else {
        return if over.is_null() { base.clone() } else { over.clone() };
    };
    let mut out = b.clone();
    for (k, v) in o.iter() {
        let value = match (out.get(k), v) {
            (Some(prev @ Value::Map(_)), Value::Map(_)) => merged(prev, v),
            _ => v.clone(),
        };
        let _ = out.insert(k.clone(), value);
    }
    Value::map(out)
}

/// A null option value: Heat would run with `None` there and fail on its first use.
fn unset(full: &str) -> String {
    format!("invalid value None for {full}: hotplate needs a value for this option")
}

/// The object's entries with string keys, sorted as Python sorts them.
fn sorted(m: &Map) -> Vec<(String, &Value)> {
    let mut items: Vec<(String, &Value)> = m.iter().map(|(k, v)| (py_str(k), v)).collect();
    crate::sort::sort_by(&mut items, |a, b| a.0.cmp(&b.0));
    items
}

/// oslo.config's `types.Integer(max=…)` / `types.Boolean` of a value.
fn convert(kind: Kind, value: &Value) -> Result<Setting, String> {
    if value.is_null() {
        return Ok(Setting::Unset);
    }
    match kind {
        Kind::Bool => match value {
            Value::Bool(b) => Ok(Setting::Bool(*b)),
            Value::Str(s) => match s.to_lowercase().as_str() {
                "true" | "1" | "on" | "yes" => Ok(Setting::Bool(true)),
                "false" | "0" | "off" | "no" => Ok(Setting::Bool(false)),
                _ => Err(format!("Unexpected boolean value {}", py_repr(value))),
            },
            other => Err(format!("'{}' object has no attribute 'lower'", other.type_name())),
        },
        Kind::Int(max) => {
            let n = match value {
                Value::Bool(b) => i64::from(*b),
                Value::Int(i) => *i,
                Value::BigInt(_) => i64::MAX,
                Value::Float(f) if f.is_finite() => f.trunc().clamp(i64::MIN as f64, i64::MAX as f64) as i64,
                Value::Float(f) => {
                    let what = if f.is_nan() { "NaN" } else { "infinity" };
                    return Err(format!("cannot convert float {what} to integer"));
                }
                Value::Str(s) if s.trim().is_empty() => return Ok(Setting::Unset),
                Value::Str(s) => match py_int_value(s) {
                    Some(Value::Int(i)) => i,
                    Some(_) => i64::MAX,
                    None => return Err(format!("invalid literal for int() with base 10: {}", py_repr(value))),
                },
                other => {
                    return Err(format!(
                        "int() argument must be a string, a bytes-like object or a real number, not '{}'",
                        other.type_name()
                    ))
                }
            };
            match max {
                Some(max) if n > max => Err(format!("Should be less than or equal to {max}")),
                _ => Ok(Setting::Int(n)),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{merged, set_from_text, HeatConfig};
    use crate::value::Value;

    fn config(json: &str) -> Result<HeatConfig, String> {
        HeatConfig::from_value(&crate::pyconv::json_loads(json).expect("json"))
    }

    // Messages from the oracle (`HeatConfigError`).
    #[test]
    fn options_converted_as_oslo_config_does() {
        let c =
            config(r#"{"max_nested_stack_depth": "10", "max_resources_per_stack": -1, "yaql": {"memory_quota": 1.5}}"#)
                .expect("valid");
        assert_eq!((c.max_nested_stack_depth, c.max_resources_per_stack, c.yaql_memory_quota), (10, -1, 1));
        assert_eq!(config(r#"{"volumes": {"backups_enabled": "Off"}}"#).map(|c| c.volumes_backups_enabled), Ok(false));
        assert_eq!(HeatConfig::from_value(&Value::Null), Ok(HeatConfig::default()));
        assert_eq!(
            config(r#"{"max_nested_stack_depth": "abc"}"#),
            Err("invalid value 'abc' for max_nested_stack_depth: invalid literal for int() with base 10: 'abc'".into())
        );
        assert_eq!(
            config(r#"{"max_server_name_length": 54}"#),
            Err("invalid value 54 for max_server_name_length: Should be less than or equal to 53".into())
        );
        assert_eq!(
            config(r#"{"max_nested_stack_depth": [1]}"#),
            Err("invalid value [1] for max_nested_stack_depth: int() argument must be a string, a bytes-like object or a real number, not 'list'".into())
        );
        assert_eq!(config(r#"{"debug": true}"#), Err("unsupported heat.conf option [DEFAULT] debug".into()));
        assert_eq!(config(r#"{"yaql": {"x": 1}}"#), Err("unsupported heat.conf option [yaql] x".into()));
    }

    #[test]
    fn settings_from_the_command_line_merge_over_a_file() {
        let mut flags = Value::Null;
        set_from_text(&mut flags, "max_nested_stack_depth=10").expect("valid");
        set_from_text(&mut flags, "yaql.memory_quota=100000").expect("valid");
        let file = crate::pyconv::json_loads(r#"{"max_nested_stack_depth": 3, "yaql": {"limit_iterators": 50}}"#)
            .expect("json");
        let c = HeatConfig::from_value(&merged(&file, &flags)).expect("valid");
        assert_eq!((c.max_nested_stack_depth, c.yaql_memory_quota, c.yaql_limit_iterators), (10, 100_000, 50));
        assert!(set_from_text(&mut flags, "max_nested_stack_depth").is_err());
        assert!(set_from_text(&mut flags, ".x=1").is_err());
    }

    /// The output `o`'s error or value with these settings.
    fn yaql_output(expression: &str, config: &str) -> String {
        let mut req = crate::model::Request::new(format!(
            "heat_template_version: 2018-08-31\noutputs:\n  o:\n    value: {{yaql: {{expression: '{expression}'}}}}\n"
        ));
        req.inputs.heat_config = crate::pyconv::json_loads(config).expect("json");
        let ev = crate::engine::evaluate(&req);
        let out = ev.result.outputs.get("o").expect("output o");
        out.error.clone().unwrap_or_else(|| crate::pyfmt::py_str(&out.value))
    }

    // Expected from the oracle, one request per process: in its folder mode
    // Heat's yaql engine (a class attribute) keeps the first request's limits.
    #[test]
    fn yaql_settings_reach_yaql() {
        let expr = "range(0, 300).select($).len()";
        assert_eq!(yaql_output(expr, "{}"), "Collection length exceeds 200 elements");
        assert_eq!(
            yaql_output(expr, r#"{"yaql": {"limit_iterators": 100}}"#),
            "Collection length exceeds 100 elements"
        );
        assert_eq!(yaql_output(expr, r#"{"yaql": {"limit_iterators": -1}}"#), "300");
        let expr = "range(0, 50).toList()";
        assert_eq!(yaql_output(expr, r#"{"yaql": {"memory_quota": 100}}"#), "Expression consumed too much memory");
        assert_eq!(
            yaql_output(expr, r#"{"yaql": {"memory_quota": 0, "limit_iterators": 10}}"#),
            "Collection length exceeds 10 elements"
        );
    }
}
