//! What the page and editors show about a parameter besides its value:
//! where the value came from, and each environment file's part of it.

use crate::model::diag::PathItem;

/// Where a parameter's value came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "serialize", serde(rename_all = "snake_case"))]
pub enum ValueSource {
    /// `parameters` (explicit or an environment's).
    User,
    /// `parameter_defaults`.
    UserDefault,
    /// The template's `default`.
    Default,
    /// Nothing: the parameter is missing.
    Missing,
}

/// One environment file's part of a parameter's value.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Contribution {
    /// The environment file, or `parameters` (the request's own).
    pub file: String,
    /// `overwrite`, `merge` or `deep_merge` (the parameter's strategy in that file).
    #[cfg_attr(feature = "ts", ts(type = "\"overwrite\" | \"merge\" | \"deep_merge\""))]
    pub strategy: String,
    /// What of the value it gave: the top-level keys of a map (`json`), the
    /// indexes of the items it appended to a list; empty: the whole value (or,
    /// merged into a string, its text appended).
    pub parts: Vec<PathItem>,
}
