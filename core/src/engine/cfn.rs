//! CloudFormation-format templates (`AWSTemplateFormatVersion: 2010-09-09`,
//! `HeatTemplateFormatVersion: 2012-12-12`), Heat's `CfnTemplate` and
//! `HeatTemplate`.
//!
//! Heat runs the same stack code for both formats; only the template class
//! differs: section and key names (`Resources`, `Properties`, `DependsOn`,
//! ...), the structure check, the parameter schema form, the pseudo
//! parameters (`AWS::StackId`, `AWS::StackName`, `AWS::Region`) and the
//! function table (`Ref`, `Fn::GetAtt`, `Fn::FindInMap`, `Fn::If`, ...). So the
//! engine reads a CFN template *normalised* to the HOT names (spans kept) and
//! spells paths back in CFN names when an error leaves a CFN stack
//! ([`localize`]); everything else is the version's data (function table,
//! [`HotVersion::key`]).

use std::rc::Rc;

use crate::eval::EvalError;
use crate::model::diag::PathItem;
use crate::pyfmt::py_str;
use crate::syntax::{Node, NodeKind};
use crate::value::Value;
use crate::version::{HotVersion, CFN_KEYS};

/// `CfnTemplateBase.SECTIONS` (+ `Conditions` for `CfnTemplate`).
fn sections(version: HotVersion) -> &'static [&'static str] {
    const ALL: &[&str] = &[
        "AWSTemplateFormatVersion",
        "HeatTemplateFormatVersion",
        "Description",
        "Mappings",
        "Parameters",
        "Resources",
        "Outputs",
        "Conditions",
    ];
    with_conditions(ALL, version)
}

/// The names of a list whose last one is the conditions' (dropped without them).
fn with_conditions(all: &'static [&'static str], version: HotVersion) -> &'static [&'static str] {
    if version.has_conditions() {
        all
    } else {
        all.split_last().map_or(all, |(_, rest)| rest)
    }
}

/// The resource keys a CFN version reads (`_RESOURCE_KEYS`); others are ignored.
fn resource_keys(version: HotVersion) -> &'static [&'static str] {
    const ALL: &[&str] =
        &["Type", "Properties", "Metadata", "DependsOn", "DeletionPolicy", "UpdatePolicy", "Description", "Condition"];
    with_conditions(ALL, version)
}

/// The output keys a CFN version reads.
fn output_keys(version: HotVersion) -> &'static [&'static str] {
    with_conditions(&["Description", "Value", "Condition"], version)
}

/// The HOT name of a CFN key.
fn hot_name(cfn: &str) -> &str {
    CFN_KEYS.iter().find(|(_, c)| *c == cfn).map_or(cfn, |(h, _)| h)
}

/// `CfnTemplateBase.validate`: the sections, then every resource is a map
/// with a `Type`.
pub(crate) fn validate(root: &Node, version: HotVersion, max_resources: i64) -> Result<(), EvalError> {
    let top = root.as_map().unwrap_or(&[]);
    for (k, _) in top {
        let key = py_str(&k.to_value());
        if !sections(version).contains(&key.as_str()) {
            return Err(EvalError::svf(format!("The template section is invalid: {key}"))
                .with_code("bad-section")
                .at(k.span));
        }
    }
    let Some(resources) = root.get("Resources").filter(|n| n.truthy()) else { return Ok(()) };
    let Some(entries) = resources.as_map() else {
        return Err(EvalError::svf("\"Resources\" must be a map").at(resources.span).with_code("bad-section"));
    };
    for (_, res) in entries {
        if !res.truthy() {
            return Err(EvalError::svf("Each Resource must contain a Type key.")
                .at(res.span)
                .with_code("bad-resource"));
        }
        if res.as_map().is_none() {
            let class = match res.scalar() {
                Some(v) => v.type_name(),
                None => res.type_name(),
            };
            return Err(EvalError::svf(format!(
                "Resources must contain Resource. Found a [<class '{class}'>] instead"
            ))
            .at(res.span)
            .with_code("bad-resource"));
        }
        if !res.get("Type").is_some_and(|t| t.truthy()) {
            return Err(EvalError::svf("Each Resource must contain a Type key.")
                .at(res.span)
                .with_code("bad-resource"));
        }
    }
    super::resources::check_count(entries.len(), max_resources)
}

/// The template with HOT section and key names (spans kept): the keys a CFN
/// version reads renamed, the others of resources and outputs dropped (Heat
/// never reads them). `Mappings` and the version key stay as they are.
pub(crate) fn normalize(root: &Node, version: HotVersion) -> Node {
    let Some(top) = root.as_map() else { return root.clone() };
    let mut out = Vec::with_capacity(top.len());
    for (k, v) in top {
        let key = k.as_str().unwrap_or_default();
        let value = match key {
            "Resources" => rename_entries(v, resource_keys(version)),
            "Outputs" => rename_entries(v, output_keys(version)),
            _ => v.clone(),
        };
        let name = match key {
            "Description" | "Parameters" | "Resources" | "Outputs" | "Conditions" => hot_name(key),
            other => other,
        };
        out.push((renamed(k, name), value));
    }
    Node { span: root.span, kind: NodeKind::Map(Rc::new(out)) }
}

/// Each entry of a section (a map of maps) with its keys renamed.
fn rename_entries(section: &Node, keys: &[&str]) -> Node {
    let Some(entries) = section.as_map() else { return section.clone() };
    let entries = entries
        .iter()
        .map(|(name, def)| {
            let def = match def.as_map() {
                Some(fields) => Node {
                    span: def.span,
                    kind: NodeKind::Map(Rc::new(
                        fields
                            .iter()
                            .filter_map(|(k, v)| {
                                let key = k.as_str().filter(|k| keys.contains(k))?;
                                Some((renamed(k, hot_name(key)), v.clone()))
                            })
                            .collect(),
                    )),
                },
                None => def.clone(),
            };
            (name.clone(), def)
        })
        .collect();
    Node { span: section.span, kind: NodeKind::Map(Rc::new(entries)) }
}

fn renamed(key: &Node, name: &str) -> Node {
    Node { span: key.span, kind: NodeKind::Scalar(Value::from(name)) }
}

/// An error leaving a CFN stack: its path spelled with the CFN names
/// (`Resources.r.Properties.x`, `Outputs.o.Value`, `Conditions.c`). Only the
/// stack's own positions change: a section first, then (after a resource or
/// output name) its key; a nested stack's part of the path is its own.
pub(crate) fn localize(mut e: EvalError, version: HotVersion) -> EvalError {
    if !version.is_cfn() {
        return e;
    }
    if let Some(svf) = e.svf.as_mut() {
        if let [PathItem::Key(dotted)] = svf.path.as_mut_slice() {
            let mut parts: Vec<String> = dotted.split('.').map(str::to_string).collect();
            localize_parts(&mut parts, version);
            *dotted = parts.join(".");
        } else {
            let mut parts: Vec<String> = svf
                .path
                .iter()
                .take(3)
                .map(|p| match p {
                    PathItem::Key(k) => k.clone(),
                    PathItem::Index(_) => String::new(),
                })
                .collect();
            localize_parts(&mut parts, version);
            for (item, part) in svf.path.iter_mut().zip(parts) {
                if let PathItem::Key(k) = item {
                    *k = part;
                }
            }
        }
    }
    e
}

fn localize_parts(parts: &mut [String], version: HotVersion) {
    let Some(section) = parts.first().cloned() else { return };
    let keys: &[&str] = match section.as_str() {
        "resources" => {
            &["type", "properties", "metadata", "depends_on", "deletion_policy", "update_policy", "condition"]
        }
        "outputs" => &["value", "condition", "description"],
        "conditions" | "parameters" => &[],
        _ => return,
    };
    if let Some(first) = parts.first_mut() {
        *first = version.key(&section).to_string();
    }
    if let Some(key) = parts.get_mut(2) {
        if keys.contains(&key.as_str()) {
            *key = version.key(key).to_string();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_are_spelled_in_cfn_names() {
        let items = |v: &[&str]| v.iter().map(|s| PathItem::Key((*s).to_string())).collect::<Vec<_>>();
        let e = EvalError::svf_items("Property error", items(&["resources", "r", "properties", "type"]), "m");
        let e = localize(e, HotVersion::Cfn2010_09_09);
        assert_eq!(e.heat_path(), items(&["Resources", "r", "Properties", "type"]));
        let e = localize(EvalError::svf_path("outputs.o.value.Fn::GetAtt", "m"), HotVersion::Cfn2012_12_12);
        assert_eq!(e.heat_path(), items(&["Outputs.o.Value.Fn::GetAtt"]));
        // A nested stack's part of the path is its own.
        let e = EvalError::svf_items("", items(&["resources", "p<x.yaml>", "resources", "q", "properties"]), "m");
        let e = localize(e, HotVersion::Cfn2010_09_09);
        assert_eq!(e.heat_path(), items(&["Resources", "p<x.yaml>", "resources", "q", "properties"]));
        // HOT errors are left alone.
        let e = localize(EvalError::svf_path("resources.r.properties", "m"), HotVersion::V2013_05_23);
        assert_eq!(e.heat_path(), items(&["resources.r.properties"]));
    }
}
