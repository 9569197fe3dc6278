//! What the api's tables and tools answer besides an evaluation: a
//! resource property of the catalogue ([`PropInfo`]), a lint rule
//! ([`RuleInfo`]) and which rules run ([`LintOptions`]), a yaql error
//! ([`YaqlError`]). The catalogue, `lint/` and `yaql/` make them.

use crate::model::diag::Severity;

/// One property of a type (for editors).
#[derive(Clone, Copy, Debug)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "ResourceProperty"))]
pub struct PropInfo {
    /// Its name.
    pub name: &'static str,
    /// Heat's schema type (`string`, `integer`, `map`, …).
    #[cfg_attr(feature = "serialize", serde(rename = "type"))]
    pub kind: &'static str,
    /// Whether Heat requires it.
    pub required: bool,
    /// First line of its description.
    pub description: &'static str,
}

/// What a rule is, for listings and SARIF.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RuleInfo {
    /// Its id (`W1001`): `E` error, `W` warning, `I` information, then a
    /// number grouped by what it checks (1 functions, 2 parameters,
    /// 3 resources, 6 outputs, 8 conditions, 0 the template).
    pub id: &'static str,
    /// A short name (`misspelled-function`).
    pub name: &'static str,
    /// How serious a finding is.
    pub severity: Severity,
    /// One line: what it finds.
    pub summary: &'static str,
    /// Whether it runs unless turned off.
    pub on_by_default: bool,
}

/// Which rules run (none named: the rules on by default).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LintOptions {
    /// Rule ids or names to run even when off by default (`all`: every rule).
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<String>>", optional))]
    pub enable: Vec<String>,
    /// Rule ids or names not to run (`all`: every rule not named in `enable`).
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<String>>", optional))]
    pub disable: Vec<String>,
}

/// A yaql error: the Python exception class name and `str()` of the exception.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct YaqlError {
    /// Python exception class name (`YaqlGrammarException`, `KeyError`, ...).
    #[cfg_attr(feature = "serialize", serde(rename = "type"))]
    pub class: String,
    /// `str(exception)`.
    pub message: String,
}

impl YaqlError {
    /// An error of this class.
    pub(crate) fn new(class: &str, message: impl Into<String>) -> YaqlError {
        YaqlError { class: class.to_string(), message: message.into() }
    }

    /// True for errors raised while parsing (Heat reports them as `Bad expression ...`).
    pub fn is_parse_error(&self) -> bool {
        matches!(self.class.as_str(), "YaqlGrammarException" | "YaqlLexicalException")
    }
}

impl std::fmt::Display for YaqlError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: {}", self.class, self.message)
    }
}

impl std::error::Error for YaqlError {}
