//! The DTOs of the binding: plain data as JavaScript sees it (field names are
//! the JS API's), and their conversions from the core's types.

use hotplate_core::api::{PathItem, Rendered};
use serde::Serialize;
/// Response of `evaluate`; field names are the JS API's.
#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
pub struct EvaluateDto {
    #[serde(skip)] // returned beside the DTO: the canonical result text, the source of truth
    pub result_json: String,
    /// Every diagnostic with editor positions.
    pub diagnostics: Vec<DiagnosticDto>,
    /// Where deploy-time values land in the result.
    pub deferred: Vec<DeferredDto>,
    /// Parameters with where their values came from.
    pub parameters: Vec<ParameterDto>,
    /// Dependency edges between enabled resources.
    pub edges: Vec<EdgeDto>,
    /// The detected HOT version (date form), if any.
    pub version: Option<&'static str>,
}

/// A diagnostic; `from`/`to` are UTF-16 offsets (CodeMirror's unit).
#[derive(Serialize, Debug)]
pub struct DiagnosticDto {
    pub code: &'static str,
    pub severity: &'static str,
    pub message: String,
    pub path: String,
    pub file: Option<String>,
    pub from: u32,
    pub to: u32,
    pub line: u32,
    pub column: u32,
}

/// A value Heat only knows at deploy time.
#[derive(Serialize, Debug)]
pub struct DeferredDto {
    pub steps: Vec<StepDto>,
    pub label: String,
    pub exact: bool,
}

/// One step of a path in the result: a map key or a list index.
#[derive(Serialize, Debug, Clone, PartialEq)]
#[serde(untagged)]
pub enum StepDto {
    Index(i64),
    Key(String),
}

impl From<&PathItem> for StepDto {
    fn from(p: &PathItem) -> StepDto {
        match p {
            PathItem::Key(k) => StepDto::Key(k.clone()),
            PathItem::Index(i) => StepDto::Index(*i),
        }
    }
}

impl From<StepDto> for PathItem {
    fn from(s: StepDto) -> PathItem {
        match s {
            StepDto::Key(k) => PathItem::Key(k),
            StepDto::Index(i) => PathItem::Index(i),
        }
    }
}

/// A value of the last evaluation as text: `renderValue`'s answer.
#[derive(Serialize, Debug)]
pub struct RenderedDto {
    pub text: String,
    pub marks: Vec<RenderedMarkDto>,
}

/// A deploy-time placeholder in a rendered text; `from`/`to` are UTF-16
/// offsets (JavaScript string indexes) of `⟨label⟩`; `exact`: the deploy-time
/// value itself (`⟨get_attr s a⟩`), not one computed from it (`⟨yaql over …⟩`).
#[derive(Serialize, Debug)]
pub struct RenderedMarkDto {
    pub path: Vec<StepDto>,
    pub label: String,
    pub exact: bool,
    pub from: u32,
    pub to: u32,
}

impl From<Rendered> for RenderedDto {
    fn from(r: Rendered) -> RenderedDto {
        let marks = r
            .marks
            .into_iter()
            .map(|m| RenderedMarkDto {
                path: m.path.iter().map(StepDto::from).collect(),
                label: m.label,
                exact: m.exact,
                from: m.from,
                to: m.to,
            })
            .collect();
        RenderedDto { text: r.text, marks }
    }
}

/// A template parameter as the UI shows it.
#[derive(Serialize, Debug)]
pub struct ParameterDto {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub source: &'static str,
    pub file: Option<String>,
    pub contributions: Vec<ContributionDto>,
    pub label: String,
    pub description: String,
    pub hidden: bool,
    pub default: serde_json::Value,
    pub constraints: Vec<String>,
}

/// One dependency edge: `from` needs `to`.
#[derive(Serialize, Debug)]
pub struct EdgeDto {
    pub from: String,
    pub to: String,
    pub kind: &'static str,
}

/// A HOT version.
#[derive(Serialize, Debug)]
pub struct VersionDto {
    pub date: &'static str,
    pub alias: Option<&'static str>,
}

/// An intrinsic function as one version sees it.
#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
pub struct FunctionDto {
    pub name: &'static str,
    pub in_templates: bool,
    pub in_conditions: bool,
    pub removed: bool,
}

/// A resource type of the catalogue.
#[derive(Serialize, Debug)]
pub struct ResourceTypeDto {
    pub name: &'static str,
    pub status: &'static str,
    pub description: &'static str,
    pub properties: Vec<PropertyDto>,
    pub attributes: &'static [&'static str],
}

/// A property of a resource type.
#[derive(Serialize, Debug)]
pub struct PropertyDto {
    pub name: &'static str,
    #[serde(rename = "type")]
    pub kind: &'static str,
    pub required: bool,
    pub description: &'static str,
}

/// Result of `yaql`: `{ok: true, value, json}` or `{ok: false, error: {type, message}}`.
#[derive(Serialize, Debug)]
#[serde(untagged)]
pub enum YaqlDto {
    Ok { ok: bool, value: serde_json::Value, json: String },
    Err { ok: bool, error: YaqlErrorDto },
}

/// A yaql error: the Python exception class and `str()` of it.
#[derive(Serialize, Debug)]
pub struct YaqlErrorDto {
    #[serde(rename = "type")]
    pub kind: String,
    pub message: String,
}

/// One environment file's part of a parameter's value.
#[derive(Serialize, Debug)]
pub struct ContributionDto {
    pub file: String,
    pub strategy: String,
    /// The map keys or list indexes it gave; empty: the whole value.
    pub parts: Vec<StepDto>,
}
