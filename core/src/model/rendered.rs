//! A value as text, as the one renderer (`render.rs`) writes it: the
//! text and where its deploy-time placeholders are.

use crate::model::diag::PathItem;

/// How a value is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "serialize", serde(rename_all = "kebab-case"))]
#[cfg_attr(feature = "ts", ts(rename = "RenderFormat"))]
pub enum Format {
    /// Block-style YAML, one entry per line, ending with a newline.
    Yaml,
    /// JSON indented by 2 (Python's `indent=2`), no final newline.
    Json,
    /// JSON on one line (`{"a": [1, 2.0]}`).
    JsonLine,
}

impl Format {
    /// `yaml`, `json` or `json-line`.
    pub fn parse(name: &str) -> Option<Format> {
        match name {
            "yaml" => Some(Format::Yaml),
            "json" => Some(Format::Json),
            "json-line" => Some(Format::JsonLine),
            _ => None,
        }
    }
}

/// A rendered value: the text and where its deploy-time placeholders are.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "RenderedValue"))]
pub struct Rendered {
    /// The text.
    pub text: String,
    /// Every placeholder, in text order.
    pub marks: Vec<RenderedMark>,
}

/// One placeholder in a rendered text.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RenderedMark {
    /// Where it is in the rendered value (keys and list indexes; empty: the
    /// value itself).
    pub path: Vec<PathItem>,
    /// What it stands for (`get_attr server first_address`, `yaql over get_attr s a`).
    pub label: String,
    /// `true`: the deploy-time value itself; `false`: a value computed from one.
    pub exact: bool,
    /// Byte range of `⟨label⟩` in the text.
    #[cfg_attr(feature = "serialize", serde(skip))]
    pub start: u32,
    /// End of the byte range.
    #[cfg_attr(feature = "serialize", serde(skip))]
    pub end: u32,
    /// The same range in UTF-16 code units (JavaScript string offsets).
    pub from: u32,
    /// End of the UTF-16 range.
    pub to: u32,
}
