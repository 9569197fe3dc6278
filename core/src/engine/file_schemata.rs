//! Heat's `Template.all_param_schemata(files)`: before the environment files
//! are merged, Heat parses every file of the request that looks like a
//! template (provider templates, nested stacks) and collects the types of
//! their parameters, which the merge strategies need. A file that does not
//! load, is not a mapping or has no version key is skipped; anything else
//! wrong in it (its version, its parameter schemas) fails the stack here,
//! before the template's own parameter schemas are read.

use super::parameters::{check_dict, get_num, schema_error, ParamSchema, ParamType};
use crate::eval::EvalError;
use crate::pyfmt::py_str;
use crate::source::{SourceId, Span};
use crate::syntax::{load_template_limited, Loaded, Node};
use crate::value::Value;
use crate::version::HotVersion;

/// The keys Heat recognises as a template version.
pub const VERSION_KEYS: [&str; 3] = ["heat_template_version", "HeatTemplateFormatVersion", "AWSTemplateFormatVersion"];

/// `template_format.parse`'s check: some version key is present (whatever its value).
pub fn has_version_key(top: &[(Node, Node)]) -> bool {
    top.iter().any(|(k, _)| k.as_str().is_some_and(|k| VERSION_KEYS.contains(&k)))
}

/// Heat's `template.get_version` and class lookup: exactly one version key with
/// a string value (a date from the pure-loader fallback is not a string) and a
/// version Heat knows (HOT or CloudFormation format), with the node of its value.
pub fn detect_version<'a>(
    top: &'a [(Node, Node)],
    dates: &[Span],
    root: Span,
) -> Result<(HotVersion, &'a Node), EvalError> {
    let string_keys: Vec<(&str, &Node)> = top
        .iter()
        .filter_map(|(k, v)| {
            let k = k.as_str()?;
            let is_string = v.as_str().is_some() && !dates.contains(&v.span);
            (VERSION_KEYS.contains(&k) && is_string).then_some((k, v))
        })
        .collect();
    let (key, node) = match string_keys.as_slice() {
        [] => {
            return Err(EvalError::other(
                "InvalidTemplateVersion",
                "The template version is invalid: Template version was not provided",
            )
            .with_code("no-version")
            .at(root))
        }
        [one] => *one,
        several => {
            // Heat prints a Python set; this is its order under PYTHONHASHSEED=0.
            const SET_ORDER: [&str; 3] =
                ["heat_template_version", "AWSTemplateFormatVersion", "HeatTemplateFormatVersion"];
            let names: Vec<&str> = SET_ORDER.iter().copied().filter(|k| several.iter().any(|(n, _)| n == k)).collect();
            return Err(EvalError::other(
                "InvalidTemplateVersion",
                format!("The template version is invalid: Ambiguous versions ({})", names.join(", ")),
            )
            .with_code("ambiguous-version")
            .at(root));
        }
    };
    let text = node.as_str().unwrap_or_default();
    let cfn = match key {
        "HeatTemplateFormatVersion" => Some(HotVersion::Cfn2012_12_12),
        "AWSTemplateFormatVersion" => Some(HotVersion::Cfn2010_09_09),
        _ => None,
    };
    if let Some(version) = cfn {
        let (cfn_key, valid) = (key, version.date());
        if text != valid {
            return Err(EvalError::other(
                "InvalidTemplateVersion",
                format!("The template version is invalid: \"{cfn_key}: {text}\". \"{cfn_key}\" should be: {valid}"),
            )
            .with_code("unknown-version")
            .at(node.span));
        }
        return Ok((version, node));
    }
    match HotVersion::parse(text) {
        Some(v) => Ok((v, node)),
        None => Err(EvalError::other(
            "InvalidTemplateVersion",
            format!(
                "The template version is invalid: \"heat_template_version: {text}\". \"heat_template_version\" should be one of: {}",
                HotVersion::valid_spellings().join(", ")
            ),
        )
        .with_code("unknown-version")
        .at(node.span)),
    }
}

/// A template's `parameters` section as `param_schemata` reads it:
/// `self.t.get(PARAMETERS) or {}`, then `.items()`.
pub fn parameter_entries(section: Option<&Node>) -> Result<&[(Node, Node)], EvalError> {
    let Some(node) = section.filter(|n| n.truthy()) else { return Ok(&[]) };
    node.as_map().ok_or_else(|| {
        EvalError::other("AttributeError", format!("'{}' object has no attribute 'items'", node.to_value().type_name()))
            .with_code("bad-section")
            .at(node.span)
    })
}

/// What one file of the request gives `all_param_schemata`.
pub struct FileSchemata {
    /// Its parameters' types (empty when Heat skips the file).
    pub types: Vec<(String, ParamType)>,
    /// The loaded file, when it loads: a provider template reuses it instead of
    /// loading the same text again.
    pub loaded: Option<Loaded>,
}

/// Parameter types of one file of the request (empty when Heat skips it).
/// `add_source` registers the file's text for diagnostics and returns its id.
pub fn file_param_types(
    content: Option<&str>,
    add_source: &mut dyn FnMut() -> SourceId,
    max_template_size: i64,
) -> Result<FileSchemata, EvalError> {
    // `template_format.parse(None)`: oslo's JSON decoder refuses it.
    let Some(text) = content else {
        return Err(EvalError::other("TypeError", "<class 'NoneType'> can't be decoded").with_code("unreadable-file"));
    };
    let id = add_source();
    let loaded = match load_template_limited(text, id, max_template_size) {
        Ok(loaded) => loaded,
        Err(d) if d.code == "template-too-large" => {
            return Err(EvalError::other("RequestLimitExceeded", d.message).with_code("template-too-large"))
        }
        Err(_) => return Ok(FileSchemata { types: Vec::new(), loaded: None }),
    };
    let types = loaded_param_types(&loaded)?;
    Ok(FileSchemata { types, loaded: Some(loaded) })
}

/// The parameter types of a loaded file (empty when Heat skips it).
fn loaded_param_types(loaded: &Loaded) -> Result<Vec<(String, ParamType)>, EvalError> {
    let Some(top) = loaded.root.as_map() else { return Ok(Vec::new()) };
    if !has_version_key(top) {
        return Ok(Vec::new());
    }
    let section = |name: &str| top.iter().find(|(k, _)| k.as_str() == Some(name)).map(|(_, v)| v);
    let mut types = Vec::new();
    let (version, _) = detect_version(top, &loaded.dates, loaded.root.span)?;
    for (k, v) in parameter_entries(section(version.key("parameters")))? {
        let name = py_str(&k.to_value());
        let kind = if version.is_cfn() {
            cfn_param_type(&name, v)
        } else {
            ParamSchema::from_node(&name, v, version).map(|s| s.kind)
        };
        types.push((name, kind.map_err(|e| e.at_if_unset(v.span))?));
    }
    Ok(types)
}

/// `parameters.Schema.from_dict` (the CloudFormation form) up to the type: the
/// key check, the type's presence, the constraints' arguments, then the type.
/// (Constraint/type compatibility is not checked by Heat here either.)
pub(crate) fn cfn_param_type(name: &str, node: &Node) -> Result<ParamType, EvalError> {
    const KEYS: [&str; 12] = [
        "Type",
        "Default",
        "NoEcho",
        "AllowedValues",
        "AllowedPattern",
        "MaxLength",
        "MinLength",
        "MaxValue",
        "MinValue",
        "Description",
        "ConstraintDescription",
        "Label",
    ];
    check_dict(node, &KEYS, &format!("parameter ({name})"))?;
    let Some(type_node) = node.get("Type") else {
        return Err(schema_error(format!("Missing parameter type for parameter: {name}")).at(node.span));
    };
    let has = |k: &str| node.get(k).is_some();
    if has("MinValue") || has("MaxValue") {
        let (min, max) = (get_num(node, "MinValue")?, get_num(node, "MaxValue")?);
        if min.is_none() && max.is_none() {
            return Err(schema_error("A range constraint must have a min value and/or a max value specified."));
        }
    }
    if has("MinLength") || has("MaxLength") {
        let (min, max) = (get_num(node, "MinLength")?, get_num(node, "MaxLength")?);
        if min.is_none() && max.is_none() {
            return Err(schema_error("A length constraint must have a min value and/or a max value specified."));
        }
        if [&min, &max]
            .iter()
            .any(|b| b.as_ref().is_some_and(|v| !matches!(v, Value::Int(_) | Value::BigInt(_) | Value::Bool(_))))
        {
            return Err(schema_error("min/max length must be integral"));
        }
    }
    if let Some(av) = node.get("AllowedValues") {
        if av.as_list().is_none() {
            return Err(schema_error("AllowedValues must be a list").at(av.span));
        }
    }
    if let Some(ap) = node.get("AllowedPattern") {
        let Some(pattern) = ap.as_str() else {
            return Err(schema_error("AllowedPattern must be a string").at(ap.span));
        };
        crate::pyregex::compile(pattern).map_err(|e| EvalError::other("error", e).at(ap.span))?;
    }
    let kind = match type_node.as_str() {
        Some("String") => ParamType::String,
        Some("Number") => ParamType::Number,
        Some("CommaDelimitedList") => ParamType::List,
        Some("Json") => ParamType::Json,
        Some("Boolean") => ParamType::Boolean,
        _ => {
            let text = type_node.scalar().map(py_str).unwrap_or_else(|| py_str(&type_node.to_value()));
            return Err(schema_error(format!("Invalid type ({text})")).at(type_node.span));
        }
    };
    Ok(kind)
}
