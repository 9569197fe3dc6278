//! Environments: the inline `environment`, environment files merged in order with
//! merge strategies, and explicit parameters — with Heat's real precedence
//! (`heat.common.environment_format` and `environment_util.merge_environments`).

use crate::engine::parameters::ParamType;
use crate::eval::EvalError;
use crate::model::diag::{Diagnostic, PathItem};
use crate::model::parameters::Contribution;
use crate::pyfmt::json_key;
use crate::pyfmt::{json_dumps, JsonStyle};
use crate::source::SourceId;
use crate::syntax::{load_yaml, Node};
use crate::value::{Map, Value};

/// The sections an environment may have.
pub const SECTIONS: &[&str] = &[
    "parameters",
    "parameter_defaults",
    "resource_registry",
    "event_sinks",
    "encrypted_param_names",
    "parameter_merge_strategies",
];

/// A parsed environment (sections in document order) and its syntax tree.
#[derive(Clone, Debug)]
pub struct ParsedEnv {
    /// The sections.
    pub sections: Map,
    /// The tree, for spans (absent for environments given as objects).
    pub root: Option<Node>,
}

/// An environment problem: Heat's message and where.
#[derive(Clone, Debug)]
pub struct EnvError {
    /// The Python exception Heat raises (`ValueError`; `KeyError`/`IndexError`
    /// for values Python's own conversions refuse).
    pub class: &'static str,
    /// Its text (for a YAML error, PyYAML's whole text with its excerpt).
    pub message: String,
    /// The diagnostic for editors.
    pub diagnostic: Diagnostic,
}

/// `environment_format.validate`: section names and empty sections, in order.
fn validate_sections(sections: &Map, root: Option<&Node>, file: &str) -> Result<(), EnvError> {
    for (k, v) in sections.iter() {
        let key = crate::pyfmt::py_str(k);
        let span = root
            .and_then(|r| r.as_map())
            .and_then(|entries| entries.iter().find(|(kn, _)| kn.scalar().is_some_and(|kv| kv.py_eq(k))))
            .map(|(kn, _)| kn.span);
        let message = if k.as_str().is_none_or(|s| !SECTIONS.contains(&s)) {
            format!("environment has wrong section \"{key}\"")
        } else if v.is_null() {
            format!("environment has empty section \"{key}\"")
        } else {
            continue;
        };
        let diagnostic =
            Diagnostic::error("bad-environment", message.clone()).at_opt(span).with_path(format!("{file}: {key}"));
        return Err(EnvError { class: "ValueError", message, diagnostic });
    }
    Ok(())
}

/// `environment_format.parse` of a text.
pub fn parse_text(text: &str, source: SourceId, file: &str) -> Result<ParsedEnv, EnvError> {
    let loaded = load_yaml(text, source).map_err(|d| {
        let (class, message) = crate::syntax::heat_exception(text, &d, None);
        EnvError { class, message, diagnostic: d }
    })?;
    let value = loaded.root.to_value();
    let Value::Map(m) = value else {
        let message = "The environment is not a valid YAML mapping data type.".to_string();
        return Err(EnvError {
            class: "ValueError",
            diagnostic: Diagnostic::error("bad-environment", message.clone()).at(loaded.root.span).with_path(file),
            message,
        });
    };
    validate_sections(&m, Some(&loaded.root), file)?;
    Ok(ParsedEnv { sections: (*m).clone(), root: Some(loaded.root) })
}

/// `environment_format.validate` of an environment given as an object.
pub fn from_value(value: &Value, file: &str) -> Result<ParsedEnv, EnvError> {
    let Value::Map(m) = value else {
        let message = "The environment is not a valid YAML mapping data type.".to_string();
        return Err(EnvError {
            class: "ValueError",
            diagnostic: Diagnostic::error("bad-environment", message.clone()),
            message,
        });
    };
    validate_sections(m, None, file)?;
    Ok(ParsedEnv { sections: (**m).clone(), root: None })
}

/// The merged environment the stack is built from.
#[derive(Clone, Debug, Default)]
pub struct Environment {
    /// `parameters`: user values.
    pub parameters: Map,
    /// `parameter_defaults`.
    pub parameter_defaults: Map,
    /// `resource_registry`.
    pub resource_registry: Map,
    /// `event_sinks`, as given (only template validate shows them).
    pub event_sinks: Vec<Value>,
    /// Which environment (file name) last set each parameter / default, for the UI.
    pub parameter_sources: Vec<(String, String)>,
    /// Same for parameter_defaults.
    pub default_sources: Vec<(String, String)>,
    /// What each file gave to each `parameters` value, in merge order (an
    /// `overwrite` starts the list again).
    pub parameter_contributions: Contributions,
    /// Same for parameter_defaults.
    pub default_contributions: Contributions,
}

/// Parameter name → who gave which part of its value.
pub type Contributions = Vec<(String, Vec<Contribution>)>;

/// Record `file`'s part of `key`'s value (`old`: the value before its merge;
/// `json`: a `json` parameter, whose text is read for its keys).
fn contribute(
    out: &mut Contributions,
    (key, value, old): (&Value, &Value, Option<&Value>),
    file: &str,
    strategy: &str,
    json: bool,
) {
    let name = crate::pyfmt::py_str(key);
    let merged = strategy != "overwrite" && old.is_some_and(Value::truthy);
    let parts = match value {
        Value::Map(m) => m.iter().filter(|(_, v)| !v.is_null()).map(|(k, _)| PathItem::Key(json_key(k))).collect(),
        Value::Str(text) if json => match crate::pyconv::json_loads(text) {
            Ok(Value::Map(m)) => {
                m.iter().filter(|(_, v)| !v.is_null()).map(|(k, _)| PathItem::Key(json_key(k))).collect()
            }
            _ => Vec::new(),
        },
        Value::List(items) => {
            let start = match old {
                Some(Value::List(o)) if merged => o.len(),
                _ => 0,
            };
            (start..start + items.len()).map(|i| PathItem::Index(i64::try_from(i).unwrap_or(i64::MAX))).collect()
        }
        _ => Vec::new(),
    };
    let entry = Contribution { file: file.to_string(), strategy: strategy.to_string(), parts };
    match out.iter_mut().find(|(n, _)| *n == name) {
        Some((_, list)) if merged => list.push(entry),
        Some((_, list)) => *list = vec![entry],
        None => out.push((name, vec![entry])),
    }
}

fn section_map(sections: &Map, key: &str) -> Map {
    match sections.get_str(key) {
        Some(Value::Map(m)) => (**m).clone(),
        _ => Map::new(),
    }
}

/// `environment_util.get_param_merge_strategy`.
fn strategy_for(strategies: &Map, key: &Value, recorded: &Map) -> String {
    let allowed = ["overwrite", "merge", "deep_merge"];
    let env_default = strategies.get_str("default").cloned().unwrap_or_else(|| Value::from("overwrite"));
    let chosen = strategies.get(key).cloned().or_else(|| recorded.get(key).cloned()).unwrap_or(env_default.clone());
    match chosen.as_str() {
        Some(s) if allowed.contains(&s) => s.to_string(),
        _ => crate::pyfmt::py_str(&env_default),
    }
}

/// `merge_map(old, new, deep_merge)`.
fn merge_map(old: &Value, new: &Map, deep: bool) -> Value {
    let Value::Map(old_m) = old else { return Value::map(new.clone()) };
    if old_m.is_empty() {
        return Value::map(new.clone());
    }
    let mut out = (**old_m).clone();
    for (k, v) in new.iter() {
        if v.is_null() {
            continue;
        }
        let merged = if !deep {
            v.clone()
        } else {
            let old_v = out.get(k).cloned().unwrap_or(Value::Null);
            match v {
                Value::Map(vm) if old_v.truthy() => merge_map(&old_v, vm, true),
                Value::List(vl) if old_v.truthy() => merge_list(&old_v, &Value::List(vl.clone())),
                Value::Str(s) => {
                    let prefix = match &old_v {
                        Value::Str(o) => o.to_string(),
                        _ => String::new(),
                    };
                    Value::from(format!("{prefix}{s}"))
                }
                other => other.clone(),
            }
        };
        let _ = out.insert(k.clone(), merged);
    }
    Value::map(out)
}

/// `merge_list(old, new)`.
fn merge_list(old: &Value, new: &Value) -> Value {
    if !old.truthy() {
        return new.clone();
    }
    match (old, new) {
        (Value::List(o), Value::List(n)) => {
            let mut out = o.to_vec();
            out.extend(n.iter().cloned());
            Value::list(out)
        }
        (o, n) => Value::from(format!("{},{}", crate::pyfmt::py_str(o), crate::pyfmt::py_str(n))),
    }
}

/// One file's `parameters` or `parameter_defaults` section, merged.
struct Merge<'a> {
    /// Every template parameter's type (`all_param_schemata`).
    schemas: &'a [(String, ParamType)],
    /// The file's `parameter_merge_strategies`.
    strategies: &'a Map,
    /// The file's name.
    file: &'a str,
    /// The section as written (an error about a parameter is marked there).
    section: Option<&'a Node>,
}

impl Merge<'_> {
    /// The parameter's type, when the templates have one of that name.
    fn kind(&self, k: &Value) -> Option<ParamType> {
        k.as_str().and_then(|s| self.schemas.iter().find(|(n, _)| n == s)).map(|(_, t)| *t)
    }

    /// An error about `key`, at its place in the file.
    fn place(&self, e: EvalError, key: &Value) -> EvalError {
        let span = self
            .section
            .and_then(Node::as_map)
            .and_then(|m| m.iter().find(|(k, _)| k.to_value() == *key))
            .map(|(k, _)| k.span);
        match span {
            Some(s) => e.at_if_unset(s),
            None => e,
        }
    }

    /// Each parameter's strategy, recorded the first time a file sets it
    /// (a later file with another strategy for it fails).
    fn record_strategies(&self, new: &Map, recorded: &mut Map) -> Result<(), EvalError> {
        for (key, value) in new.iter() {
            if self.kind(key).is_none() || value.is_null() {
                continue;
            }
            let strategy = strategy_for(self.strategies, key, recorded);
            match recorded.get(key).and_then(Value::as_str) {
                None => {
                    let _ = recorded.insert(key.clone(), Value::from(strategy.as_str()));
                }
                Some(prev) if prev != strategy => {
                    let e = EvalError::other(
                        "ConflictingMergeStrategyForParam",
                        format!(
                            "Conflicting merge strategy '{strategy}' for parameter '{}' in file '{}'.",
                            crate::pyfmt::py_str(key),
                            self.file
                        ),
                    )
                    .with_code("conflicting-merge-strategy");
                    return Err(self.place(e, key));
                }
                Some(_) => {}
            }
        }
        Ok(())
    }

    /// Merge the section into `old`.
    fn merge(
        &self,
        old: &Map,
        new: &Map,
        recorded: &mut Map,
        contributions: &mut Contributions,
    ) -> Result<Map, EvalError> {
        self.record_strategies(new, recorded)?;
        let strategy = |key: &Value| recorded.get(key).and_then(Value::as_str).unwrap_or("overwrite").to_string();
        for (key, value) in new.iter() {
            if self.kind(key).is_some() && !value.is_null() {
                let json = self.kind(key) == Some(ParamType::Json);
                contribute(contributions, (key, value, old.get(key)), self.file, &strategy(key), json);
            }
        }
        if old.is_empty() {
            return Ok(new.clone());
        }
        let mut out = old.clone();
        for (key, value) in new.iter() {
            let Some(kind) = self.kind(key) else { continue };
            if value.is_null() {
                continue;
            }
            let strategy = strategy(key);
            let merged = if strategy == "overwrite" {
                value.clone()
            } else {
                self.merged(kind, strategy == "deep_merge", out.get(key).cloned(), key, value)?
            };
            let _ = out.insert(key.clone(), merged);
        }
        Ok(out)
    }

    /// `merge` or `deep_merge` of one parameter's values by its type.
    fn merged(
        &self,
        kind: ParamType,
        deep: bool,
        old_v: Option<Value>,
        key: &Value,
        value: &Value,
    ) -> Result<Value, EvalError> {
        let fail = |e: EvalError| Err(self.place(e, key));
        match kind {
            ParamType::Json => {
                let text = match value {
                    Value::Str(s) => s.to_string(),
                    other => json_dumps(other, JsonStyle::PLAIN).unwrap_or_default(),
                };
                let parsed = if text.is_empty() {
                    value.clone()
                } else {
                    match crate::pyconv::json_loads(&text) {
                        Ok(v) => v,
                        Err(e) => return fail(EvalError::value(format!("Invalid parameter in environment {e}."))),
                    }
                };
                match parsed {
                    Value::Map(pm) => Ok(merge_map(&old_v.unwrap_or_else(|| Value::map(Map::new())), &pm, deep)),
                    other => fail(EvalError::other(
                        "AttributeError",
                        format!("'{}' object has no attribute 'items'", other.type_name()),
                    )),
                }
            }
            _ if !value.is_sequence() => {
                fail(EvalError::value("Invalid parameter in environment .").with_code("bad-merge"))
            }
            ParamType::List => Ok(merge_list(&old_v.unwrap_or(Value::Null), value)),
            ParamType::String => {
                let prefix = old_v.map(|v| crate::pyfmt::py_str(&v)).unwrap_or_default();
                Ok(Value::from(format!("{prefix}{}", crate::pyfmt::py_str(value))))
            }
            ParamType::Number => fail(EvalError::type_error(format!(
                "unsupported operand type(s) for +: '{}' and '{}'",
                old_v.as_ref().map_or("int", Value::type_name),
                value.type_name()
            ))),
            ParamType::Boolean => fail(EvalError::other(
                "InvalidMergeStrategyForParam",
                format!("Invalid merge strategy 'merge' for parameter '{}'.", crate::pyfmt::py_str(key)),
            )),
        }
    }
}

/// A source of environment content for [`merge_files`].
pub struct EnvFile<'a> {
    /// Its name in `files`.
    pub name: &'a str,
    /// The parsed content.
    pub parsed: ParsedEnv,
}

/// `merge_environments`: start from the explicit parameters and merge each file.
pub fn merge_files(
    explicit: &Map,
    files: Vec<EnvFile<'_>>,
    schemas: &[(String, ParamType)],
) -> Result<Environment, EvalError> {
    let mut env = Environment { parameters: explicit.clone(), ..Environment::default() };
    for (k, v) in explicit.iter() {
        env.parameter_sources.push((crate::pyfmt::py_str(k), "parameters".into()));
        contribute(&mut env.parameter_contributions, (k, v, None), "parameters", "overwrite", false);
    }
    let mut recorded = Map::new();
    for file in files {
        let mut sections = file.parsed.sections.clone();
        let strategies = match sections.shift_remove(&Value::from("parameter_merge_strategies")) {
            Some(Value::Map(m)) => (*m).clone(),
            _ => Map::new(),
        };
        for (key, value) in sections.iter() {
            if !value.truthy() {
                continue;
            }
            match key.as_str() {
                Some(name @ ("parameters" | "parameter_defaults")) => {
                    let new = section_map(&sections, name);
                    let section = file.parsed.root.as_ref().and_then(|r| r.get(name));
                    let merge = Merge { schemas, strategies: &strategies, file: file.name, section };
                    let (values, sources, contributions) = if name == "parameters" {
                        (&mut env.parameters, &mut env.parameter_sources, &mut env.parameter_contributions)
                    } else {
                        (&mut env.parameter_defaults, &mut env.default_sources, &mut env.default_contributions)
                    };
                    *values = merge.merge(values, &new, &mut recorded, contributions)?;
                    for (k, _) in new.iter() {
                        sources.push((crate::pyfmt::py_str(k), file.name.to_string()));
                    }
                }
                Some("event_sinks") if env.event_sinks.is_empty() => {
                    // `merge_map`: the first file's list (a later one would fail in Heat).
                    env.event_sinks = value.as_list().map(<[Value]>::to_vec).unwrap_or_default();
                }
                Some("resource_registry") => {
                    if let Value::Map(new) = value {
                        env.resource_registry = match merge_map(&Value::map(env.resource_registry.clone()), new, false)
                        {
                            Value::Map(m) => (*m).clone(),
                            _ => Map::new(),
                        };
                    }
                }
                _ => {}
            }
        }
    }
    Ok(env)
}

/// The single-environment path (no environment files): explicit parameters
/// update the environment's `parameters`.
pub fn single(parsed: Option<ParsedEnv>, explicit: &Map, file: &str) -> Environment {
    let sections = parsed.map(|p| p.sections).unwrap_or_default();
    let mut env = Environment {
        parameters: section_map(&sections, "parameters"),
        parameter_defaults: section_map(&sections, "parameter_defaults"),
        resource_registry: section_map(&sections, "resource_registry"),
        event_sinks: sections
            .get_str("event_sinks")
            .and_then(Value::as_list)
            .map(<[Value]>::to_vec)
            .unwrap_or_default(),
        ..Environment::default()
    };
    for (k, v) in env.parameters.iter() {
        env.parameter_sources.push((crate::pyfmt::py_str(k), file.to_string()));
        contribute(&mut env.parameter_contributions, (k, v, None), file, "overwrite", false);
    }
    for (k, v) in env.parameter_defaults.iter() {
        env.default_sources.push((crate::pyfmt::py_str(k), file.to_string()));
        contribute(&mut env.default_contributions, (k, v, None), file, "overwrite", false);
    }
    for (k, v) in explicit.iter() {
        let _ = env.parameters.insert(k.clone(), v.clone());
        env.parameter_sources.push((crate::pyfmt::py_str(k), "parameters".into()));
        contribute(&mut env.parameter_contributions, (k, v, None), "parameters", "overwrite", false);
    }
    env
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::evaluate;
    use crate::model::diag::PathItem;
    use crate::model::Request;

    /// (file, strategy, parts) of each contribution to parameter `name`.
    fn contributions(req: &Request, name: &str) -> Vec<(String, String, Vec<PathItem>)> {
        let ev = evaluate(req);
        assert!(ev.result.error.is_none(), "{:?}", ev.result.error);
        let p = ev.param_info.iter().find(|p| p.name == name).unwrap();
        p.contributions.iter().map(|c| (c.file.clone(), c.strategy.clone(), c.parts.clone())).collect()
    }

    fn request(envs: &[(&str, &str)]) -> Request {
        let mut req = Request::new(
            "heat_template_version: 2021-04-16\nparameters:\n  conf: {type: json, default: {}}\n  names: {type: comma_delimited_list, default: []}\n  flavor: {type: string, default: x}\n",
        );
        for (name, text) in envs {
            req.inputs.environment_files.push((*name).to_string());
            req.inputs.files.insert((*name).to_string(), Some((*text).to_string()));
        }
        req
    }

    #[test]
    fn merged_values_name_each_file_and_what_it_gave() {
        let key = |k: &str| PathItem::Key(k.into());
        let req = request(&[
            ("a.yaml", "parameter_defaults:\n  conf: {x: 1, y: 2}\n  names: [a, b]\n  flavor: small\nparameter_merge_strategies:\n  conf: deep_merge\n  names: merge\n"),
            ("b.yaml", "parameter_defaults:\n  conf: {y: 3, z: 4}\n  names: [c]\n  flavor: large\nparameter_merge_strategies:\n  conf: deep_merge\n  names: merge\n"),
        ]);
        assert_eq!(
            contributions(&req, "conf"),
            vec![
                ("a.yaml".into(), "deep_merge".into(), vec![key("x"), key("y")]),
                ("b.yaml".into(), "deep_merge".into(), vec![key("y"), key("z")]),
            ]
        );
        // List items appended by the second file are at indexes 2.. of the value.
        assert_eq!(
            contributions(&req, "names"),
            vec![
                ("a.yaml".into(), "merge".into(), vec![PathItem::Index(0), PathItem::Index(1)]),
                ("b.yaml".into(), "merge".into(), vec![PathItem::Index(2)]),
            ]
        );
        // Overwritten: only the last file's value is left.
        assert_eq!(contributions(&req, "flavor"), vec![("b.yaml".into(), "overwrite".into(), vec![])]);
    }

    #[test]
    fn an_overwrite_after_a_merge_leaves_one_contribution() {
        let req =
            request(&[("a.yaml", "parameters:\n  conf: {x: 1}\n"), ("b.yaml", "parameters:\n  conf: '{\"w\": 0}'\n")]);
        assert_eq!(
            contributions(&req, "conf"),
            vec![("b.yaml".into(), "overwrite".into(), vec![PathItem::Key("w".into())])]
        );
        let mut req = request(&[]);
        req.inputs.parameters.insert_str("flavor", crate::value::Value::from("tiny"));
        assert_eq!(contributions(&req, "flavor"), vec![("parameters".into(), "overwrite".into(), vec![])]);
    }

    #[test]
    fn merge_errors_are_marked_at_the_parameter_in_the_file() {
        let schemas = [("n".to_string(), ParamType::Number), ("s".to_string(), ParamType::String)];
        let merge = "parameter_merge_strategies:\n  n: merge\nparameters:\n  n: 5\n";
        let second = "parameter_merge_strategies:\n  n: merge\nparameters:\n  n: 6\n";
        let err = merge_files(&Map::new(), vec![file("a.yaml", merge, 1), file("b.yaml", second, 2)], &schemas)
            .err()
            .unwrap_or_else(|| panic!("a number cannot be merged"));
        assert_eq!(err.code, "bad-merge");
        let span = err.span.unwrap_or_else(|| panic!("no span"));
        assert_eq!(
            (span.source, span.start),
            (SourceId(2), u32::try_from(second.find("n: 6").unwrap_or(0)).unwrap_or(0))
        );
        let conflict = "parameter_merge_strategies:\n  s: overwrite\nparameters:\n  s: y\n";
        let first = "parameter_merge_strategies:\n  s: merge\nparameters:\n  s: x\n";
        let err = merge_files(&Map::new(), vec![file("a.yaml", first, 1), file("c.yaml", conflict, 3)], &schemas)
            .err()
            .unwrap_or_else(|| panic!("conflicting strategies"));
        assert_eq!(err.code, "conflicting-merge-strategy");
        assert_eq!(err.span.map(|s| s.source), Some(SourceId(3)));
    }

    fn file<'a>(name: &'a str, text: &str, id: u32) -> EnvFile<'a> {
        let parsed = parse_text(text, SourceId(id), name).unwrap_or_else(|e| panic!("{}", e.message));
        EnvFile { name, parsed }
    }
}
