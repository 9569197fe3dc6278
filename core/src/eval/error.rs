//! Evaluation errors: Heat's exception class, its text, and where it happened.

use std::borrow::Cow;

use crate::model::diag::{Diagnostic, PathItem};
use crate::pyfmt::str_repr;
use crate::source::Span;

/// The class of [`EvalError::unknown`] (hotplate's own: Heat has no such state).
const UNKNOWN_CLASS: &str = "UnknownValue";
/// The code of [`EvalError::unknown`].
pub(crate) const UNKNOWN_CODE: &str = "unknown-value";

/// The extra parts of a `StackValidationFailed`: its error prefix and path.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Svf {
    /// `error` (e.g. `Property error`), rendered as `<error>: `.
    pub error: String,
    /// The path items, rendered `a.b[0].c` (list indices of property
    /// validation are ints in Heat's path).
    pub path: Vec<PathItem>,
}

/// An error raised while parsing, validating or resolving a snippet.
#[derive(Clone, Debug, PartialEq)]
pub struct EvalError {
    /// Python exception class (`ValueError`, `KeyError`, `StackValidationFailed`, …).
    pub class: Cow<'static, str>,
    /// The exception's message argument (for SVF: `error_message`).
    pub message: String,
    /// Set for `StackValidationFailed`.
    pub svf: Option<Svf>,
    /// Where (the innermost call or node known).
    pub span: Option<Span>,
    /// Stable diagnostic code.
    pub code: &'static str,
    /// A `KeyError` built from a string: its text is the quoted repr.
    pub quoted: bool,
}

impl EvalError {
    fn new(class: impl Into<Cow<'static, str>>, message: impl Into<String>) -> EvalError {
        EvalError {
            class: class.into(),
            message: message.into(),
            svf: None,
            span: None,
            code: "eval-error",
            quoted: false,
        }
    }

    /// Python `ValueError`.
    pub fn value(message: impl Into<String>) -> EvalError {
        EvalError::new("ValueError", message)
    }

    /// Python `TypeError`.
    pub fn type_error(message: impl Into<String>) -> EvalError {
        EvalError::new("TypeError", message)
    }

    /// Python `KeyError` (its text is the quoted repr of the message).
    pub fn key(message: impl Into<String>) -> EvalError {
        EvalError { quoted: true, ..EvalError::new("KeyError", message) }
    }

    /// Any other exception class.
    pub fn other(class: impl Into<Cow<'static, str>>, message: impl Into<String>) -> EvalError {
        EvalError::new(class, message)
    }

    /// `StackValidationFailed(message=…)`.
    pub fn svf(message: impl Into<String>) -> EvalError {
        EvalError { svf: Some(Svf::default()), ..EvalError::new("StackValidationFailed", message) }
    }

    /// `StackValidationFailed(path=<one dotted string>, message=…)`.
    pub fn svf_path(path: &str, message: impl Into<String>) -> EvalError {
        EvalError {
            svf: Some(Svf { error: String::new(), path: vec![PathItem::Key(path.to_string())] }),
            ..EvalError::new("StackValidationFailed", message)
        }
    }

    /// `StackValidationFailed(error=…, path=…, message=…)`.
    pub fn svf_full(error: &str, path: Vec<String>, message: impl Into<String>) -> EvalError {
        EvalError::svf_items(error, path.into_iter().map(PathItem::Key).collect(), message)
    }

    /// `StackValidationFailed(error=…, path=…, message=…)` with typed path items.
    pub fn svf_items(error: &str, path: Vec<PathItem>, message: impl Into<String>) -> EvalError {
        EvalError {
            svf: Some(Svf { error: error.to_string(), path }),
            ..EvalError::new("StackValidationFailed", message)
        }
    }

    /// `UserParameterMissing`.
    pub fn param_missing(name: &str) -> EvalError {
        EvalError::new("UserParameterMissing", format!("The Parameter ({name}) was not provided."))
            .with_code("missing-parameter")
    }

    /// A value hotplate does not have (a parameter without a value, a
    /// resource or parameter that failed, a file named by URL), met while
    /// resolving in a display evaluation: whatever needs it is not checked
    /// (never an error, never a made-up value). `labels` say what is needed
    /// (`parameter key_name`); only display evaluations raise it.
    pub fn unknown(labels: &[String]) -> EvalError {
        EvalError::new(UNKNOWN_CLASS, labels.join("\n")).with_code(UNKNOWN_CODE)
    }

    /// Whether this is [`EvalError::unknown`] (wrapped or not).
    pub fn is_unknown(&self) -> bool {
        self.code == UNKNOWN_CODE
    }

    /// What an unknown error needs, once each (empty for any other error).
    pub fn unknown_labels(&self) -> Vec<String> {
        if !self.is_unknown() {
            return Vec::new();
        }
        let mut out: Vec<String> = Vec::new();
        for l in self.message.split('\n').filter(|l| !l.is_empty()) {
            if !out.iter().any(|o| o == l) {
                out.push(l.to_string());
            }
        }
        out
    }

    /// `InvalidTemplateReference`.
    pub fn bad_reference(resource: &str, key: &str) -> EvalError {
        EvalError::new(
            "InvalidTemplateReference",
            format!("The specified reference \"{resource}\" (in {key}) is incorrect."),
        )
        .with_code("unknown-resource")
    }

    /// With a diagnostic code.
    pub fn with_code(mut self, code: &'static str) -> EvalError {
        self.code = code;
        self
    }

    /// With a span.
    pub fn at(mut self, span: Span) -> EvalError {
        self.span = Some(span);
        self
    }

    /// With a span unless one is known already (inner spans are more precise).
    pub fn at_if_unset(mut self, span: Span) -> EvalError {
        if self.span.is_none() {
            self.span = Some(span);
        }
        self
    }

    /// PEP 479: a `StopIteration` raised inside a generator (Heat resolves a
    /// map's and a list's items in generator expressions) comes out as
    /// `RuntimeError("generator raised StopIteration")`.
    pub fn through_generator(self) -> EvalError {
        if self.class == "StopIteration" && self.svf.is_none() {
            EvalError { class: "RuntimeError".into(), message: "generator raised StopIteration".into(), ..self }
        } else {
            self
        }
    }

    /// `str(exception)`.
    pub fn text(&self) -> String {
        match (&self.svf, self.quoted) {
            (Some(svf), _) => {
                let mut out = String::new();
                if !svf.error.is_empty() {
                    out.push_str(&svf.error);
                    out.push_str(": ");
                }
                let path = render_path(&svf.path);
                if !path.is_empty() {
                    out.push_str(&path);
                    out.push_str(": ");
                }
                out.push_str(&self.message);
                out
            }
            (None, true) => str_repr(&self.message),
            (None, _) => self.message.clone(),
        }
    }

    /// Heat's `except (ValueError, TypeError, KeyError) as e: raise SVF(path=path, message=str(e))`
    /// in the parser; other exceptions (already SVF, or Heat's own) pass unchanged.
    pub fn into_svf_at_path(self, path: &str) -> EvalError {
        match &*self.class {
            "ValueError" | "TypeError" | "KeyError" => {
                let code = self.code;
                let span = self.span;
                EvalError { span, code, ..EvalError::svf_path(path, self.text()) }
            }
            _ => self,
        }
    }

    /// `SVF(path=path, message=str(e))` for any exception (function.validate).
    pub fn into_svf_with_path(self, path: Vec<String>) -> EvalError {
        let code = self.code;
        let span = self.span;
        EvalError { span, code, ..EvalError::svf_full("", path, self.text()) }
    }

    /// Re-raise an SVF under a new prefix path: `SVF(error=ex.error, path=prefix + ex.path,
    /// message=ex.error_message)`; a non-SVF becomes `SVF(message=str(e))` first.
    pub fn prefixed(self, prefix: &[&str]) -> EvalError {
        self.prefixed_items(prefix.iter().map(|s| PathItem::Key((*s).to_string())).collect())
    }

    /// [`EvalError::prefixed`] with typed path items.
    pub fn prefixed_items(self, prefix: Vec<PathItem>) -> EvalError {
        let (error, path, message) = match &self.svf {
            Some(svf) => (svf.error.clone(), svf.path.clone(), self.message.clone()),
            None => (String::new(), Vec::new(), self.text()),
        };
        let mut full = prefix;
        full.extend(path);
        EvalError { span: self.span, code: self.code, ..EvalError::svf_items(&error, full, message) }
    }

    /// An unknown error naming the check it stopped (`Server.validate`).
    pub fn with_check(mut self, check: &str) -> EvalError {
        if let Some(svf) = &mut self.svf {
            svf.error = check.to_string();
        }
        self
    }

    /// Heat's error path list (SVF only).
    pub fn heat_path(&self) -> Vec<PathItem> {
        self.svf.as_ref().map_or_else(Vec::new, |svf| svf.path.clone())
    }

    /// As a diagnostic (message = the full text Heat shows).
    pub fn to_diagnostic(&self) -> Diagnostic {
        let path = self.svf.as_ref().map(|s| render_path(&s.path)).unwrap_or_default();
        Diagnostic::error(self.code, self.text()).with_path(path).at_opt(self.span)
    }
}

/// Heat's path rendering: first item verbatim, then `.item`, digits as `[n]`.
pub fn render_path(items: &[PathItem]) -> String {
    let mut out = String::new();
    for item in items {
        let item = match item {
            PathItem::Index(i) => {
                out.push('[');
                out.push_str(&i.to_string());
                out.push(']');
                continue;
            }
            PathItem::Key(k) => k,
        };
        if !item.is_empty() && item.bytes().all(|b| b.is_ascii_digit()) {
            out.push('[');
            out.push_str(item);
            out.push(']');
        } else if out.is_empty() {
            out.push_str(item);
        } else {
            out.push('.');
            out.push_str(item);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn svf_text_has_error_path_and_message() {
        let e =
            EvalError::svf_full("Property error", vec!["resources".into(), "r".into(), "0".into(), "x".into()], "m");
        assert_eq!(e.text(), "Property error: resources.r[0].x: m");
        assert_eq!(EvalError::key("a\nb").text(), "'a\\nb'");
    }

    #[test]
    fn parse_errors_wrap_only_python_errors() {
        let e = EvalError::value("bad").into_svf_at_path("resources.r.properties.a.list_join");
        assert_eq!(e.text(), "resources.r.properties.a.list_join: bad");
        let p = EvalError::param_missing("x").into_svf_at_path("p");
        assert_eq!(p.class, "UserParameterMissing");
    }
}
