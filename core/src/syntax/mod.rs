//! Syntax: template and environment text → a tree of [`Node`]s that keep their spans.
//!
//! Heat loads a template with `json.loads` first and YAML second; an environment with
//! YAML only. Its YAML step is `yaml.load` with PyYAML's libyaml-based `CSafeLoader`
//! (YAML 1.1 resolution, timestamps kept as text) and, if that raises a YAML error, again
//! with the pure-Python `SafeLoader`, whose result or error then counts. The loaders here
//! reproduce all of it:
//!
//! * `json.rs` — Python's `json.loads` (strict; `NaN`/`Infinity`; first key position,
//!   last value).
//! * `scanner.rs`, `parser.rs` — a YAML 1.1 scanner and parser written for this crate
//!   with both PyYAML behaviours (`scanner::Mode`: libyaml's and the pure loader's
//!   rules differ on tabs, BOMs, directives, tags, `x:` in flow collections, surrogate
//!   escapes). Iterative, byte spans, PyYAML's error texts and marks.
//! * `yaml.rs` — PyYAML's composer and SafeConstructor: anchors and aliases, merge keys
//!   (`flatten_mapping`), tags, construction errors in PyYAML's (breadth-first) order.
//! * `resolve.rs` — PyYAML's implicit resolvers and scalar constructors.
//! * `collapse.rs` — dict semantics for keys (`1`, `1.0` and `true` are one key).
//! * `pyerr.rs` — `str()` of a PyYAML error, for Heat's exact messages
//!   ([`pyyaml_error_text`]).
//!
//! Spans are byte ranges. A scalar spans its text (quotes and properties such as `&a
//! !!str` included), a flow collection its brackets, a block collection runs from its
//! first key or `-` to the end of its last child; an aliased or merged node keeps the span
//! where it was written. An empty document is an empty map at 0..0.
//!
//! Limits (Heat has none of the last two; they keep the engine safe on any input):
//! * template size: [`MAX_TEMPLATE_CHARS`] characters, as Heat's `max_template_size`;
//! * nesting: [`MAX_DEPTH`] levels of collections (`yaml-too-deep`; Heat itself loads
//!   deeper documents and then fails with a recursion error);
//! * alias expansion: [`MAX_ALIAS_NODES`] nodes copied through aliases (`yaml-alias-limit`).
//!
//! Where Heat would build something templates cannot hold, the loader refuses with a
//! clear diagnostic instead: `!!binary`
//! and `!!set` values (`yaml-unsupported-tag`), self-containing aliases
//! (`yaml-recursive-alias`). `!!omap`/`!!pairs` load as lists of `[key, value]` lists
//! (Python tuples in Heat). Lone UTF-16 surrogates (JSON `"\ud800"`, YAML `"\ud800"` on
//! the pure loader's path), which Python strings keep, become U+FFFD. `.nan` loads as a
//! NaN with a marked payload, because PyYAML returns one shared object for every `.nan`
//! (so two `.nan` keys are one key). On the pure loader's path Heat gets dates for
//! unquoted timestamps; we keep the text and warn (`yaml-pure-fallback`).

mod cache;
mod collapse;
mod json;
mod node;
mod parser;
mod pyerr;
mod resolve;
mod scanner;
mod yaml;

pub use cache::ParseCache;
pub use node::{Node, NodeKind};

use crate::model::diag::Diagnostic;
use crate::source::{SourceId, Span};

/// Heat's default `max_template_size` (compared with the number of characters).
pub const MAX_TEMPLATE_CHARS: usize = 524_288;
/// Deepest nesting of collections the loaders accept.
pub const MAX_DEPTH: usize = 512;
/// Most nodes the YAML loader copies through aliases in one document.
pub const MAX_ALIAS_NODES: usize = 100_000;

/// A loaded document.
#[derive(Clone, Debug)]
pub struct Loaded {
    /// The document's root (an empty YAML document is an empty map).
    pub root: Node,
    /// Warnings found while loading (duplicate keys: the lint rule W1010 reports them).
    pub warnings: Vec<Diagnostic>,
    /// Scalars Heat gets as `datetime` objects, not strings: unquoted timestamps,
    /// when only PyYAML's pure loader (Heat's fallback) accepts the text.
    pub dates: Vec<Span>,
}

/// What kind of failure a loader diagnostic is, by its code: tells the caller how Heat
/// itself would have reacted, so it can word the top-level error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LoadFailure {
    /// The template exceeds `max_template_size` (Heat: `RequestLimitExceeded`).
    TooLarge,
    /// PyYAML refuses the text (scanner, parser, composer or constructor error): Heat
    /// reports `Error parsing template …` / the bare problem for environments.
    Syntax,
    /// Python raises a `ValueError` (not a YAML error) on a value, e.g. `!!int abc`:
    /// heat-api answers its 400 with that text.
    PythonValue,
    /// Heat itself would fail with an internal Python error (`KeyError`,
    /// `IndexError`) on this value, e.g. `!!bool x` or `!!int ""`.
    HeatInternal,
    /// Heat would accept the text but hotplate cannot represent the result.
    Unsupported,
    /// A hotplate safety limit (nesting depth, alias expansion).
    Limit,
}

impl LoadFailure {
    /// Classify a diagnostic returned by [`load_template`] or [`load_yaml`].
    pub fn of(diagnostic: &Diagnostic) -> LoadFailure {
        match diagnostic.code {
            "template-too-large" => LoadFailure::TooLarge,
            PY_VALUE_ERROR => LoadFailure::PythonValue,
            PY_INTERNAL_ERROR => LoadFailure::HeatInternal,
            "integer-too-large" | "yaml-unsupported-tag" | "yaml-recursive-alias" => LoadFailure::Unsupported,
            "yaml-too-deep" | "yaml-alias-limit" => LoadFailure::Limit,
            _ => LoadFailure::Syntax,
        }
    }
}

/// Diagnostic code of a load that Python fails with a `ValueError`.
pub(crate) const PY_VALUE_ERROR: &str = "yaml-value-error";
/// Diagnostic code of a load that Python fails with another exception.
const PY_INTERNAL_ERROR: &str = "yaml-invalid-scalar";
const INTERNAL_NOTE: &str = " (Heat fails with an internal Python error on this value)";

/// The diagnostic of a non-YAML Python exception raised while loading a value:
/// a `ValueError` says Python's text; another class says it is an internal error
/// of Heat's (`KeyError: 'x' (Heat fails …)`). [`heat_exception`] reads it back.
pub(crate) fn python_error(class: &'static str, message: String) -> Diagnostic {
    if class == "ValueError" {
        Diagnostic::error(PY_VALUE_ERROR, message)
    } else {
        Diagnostic::error(PY_INTERNAL_ERROR, format!("{class}: {message}{INTERNAL_NOTE}"))
    }
}

/// The exception Heat raises for `text` that [`load_template`] (`template`:
/// the template's URL, `[root stack]` for the request's) or [`load_yaml`] (an
/// environment: `None`) refused with `d`: its Python class and `str()`.
/// `template_format.parse` wraps a YAML error as `ValueError("Error parsing
/// template <url> " + PyYAML's text)`, `environment_format.parse` as
/// `ValueError(PyYAML's text)`; Python's own exceptions pass through. hotplate's
/// own refusals (unsupported values, its limits) are reported as a `ValueError`
/// with hotplate's text.
pub fn heat_exception(text: &str, d: &Diagnostic, template: Option<&str>) -> (&'static str, String) {
    match LoadFailure::of(d) {
        LoadFailure::Syntax => {
            let yaml = pyyaml_error_text(text).unwrap_or_else(|| d.message.clone());
            let message = match template {
                Some(url) => format!("Error parsing template {url} {yaml}"),
                None => yaml,
            };
            ("ValueError", message)
        }
        LoadFailure::HeatInternal => {
            let m = d.message.strip_suffix(INTERNAL_NOTE).unwrap_or(&d.message);
            match m.split_once(": ") {
                Some(("KeyError", rest)) => ("KeyError", rest.to_string()),
                Some(("IndexError", rest)) => ("IndexError", rest.to_string()),
                Some(("OverflowError", rest)) => ("OverflowError", rest.to_string()),
                _ => ("ValueError", m.to_string()),
            }
        }
        LoadFailure::TooLarge | LoadFailure::PythonValue | LoadFailure::Unsupported | LoadFailure::Limit => {
            ("ValueError", d.message.clone())
        }
    }
}

/// Heat's `template_format.parse` (minus the mapping/version checks, which the caller
/// does): the size check, then Python `json.loads`, then YAML if that fails.
pub fn load_template(text: &str, source: SourceId) -> Result<Loaded, Diagnostic> {
    load_template_limited(text, source, MAX_TEMPLATE_CHARS as i64)
}

/// [`load_template`] with the cloud's `max_template_size` (characters).
pub fn load_template_limited(text: &str, source: SourceId, max_chars: i64) -> Result<Loaded, Diagnostic> {
    cache::load(cache::Loader::Template(max_chars), text, source, || load_template_uncached(text, source, max_chars))
}

fn load_template_uncached(text: &str, source: SourceId, max_chars: i64) -> Result<Loaded, Diagnostic> {
    // Counting characters is only needed when the byte length could exceed the limit.
    if i64::try_from(text.len()).unwrap_or(i64::MAX) > max_chars {
        let n = text.chars().count();
        if i64::try_from(n).unwrap_or(i64::MAX) > max_chars {
            return Err(Diagnostic::error(
                "template-too-large",
                format!(
                    "Request limit exceeded: Template size ({n} bytes) exceeds maximum allowed size ({max_chars} bytes)."
                ),
            )
            .at(Span::new(source, 0, text.len())));
        }
    }
    match json::parse(text, source) {
        json::JsonOutcome::Ok(root, warnings) => Ok(Loaded { root, warnings, dates: Vec::new() }),
        json::JsonOutcome::NotJson => yaml::load(text, source).map_err(|f| f.into_diagnostic(text, source)),
    }
}

/// Whether `text` written as a plain (unquoted) YAML scalar would load back as
/// that string under YAML 1.1 (PyYAML's implicit resolvers): not a bool, null,
/// number, date, merge key... Writers of YAML use it to decide on quoting.
pub fn plain_scalar_is_string(text: &str) -> bool {
    resolve::resolve_plain(text) == resolve::Implicit::Str
}

/// PyYAML's `str()` of the YAML error Heat reports for `text`, byte for byte, or `None`
/// when Heat's fallback loader (PyYAML's pure `SafeLoader`) accepts the text.
///
/// Heat re-parses a text that fails to load with that loader to get a readable message.
/// It then raises, for a template, `ValueError("Error parsing template [root stack] " +
/// text)` (the API answers 400 `Template not in valid format: …`); for an environment,
/// `ValueError(text)` (the API answers 400 `Environment not in valid format: …`; an
/// environment *file* of `environment_files` surfaces the bare text). Only call this
/// after [`load_template`]/[`load_yaml`] failed with a [`LoadFailure::Syntax`] error.
pub fn pyyaml_error_text(text: &str) -> Option<String> {
    yaml::pure_error(text).map(|e| pyerr::format(text, &e))
}

/// Heat's `environment_format.parse` loading step: YAML only, same scalar rules.
pub fn load_yaml(text: &str, source: SourceId) -> Result<Loaded, Diagnostic> {
    cache::load(cache::Loader::Yaml, text, source, || {
        yaml::load(text, source).map_err(|f| f.into_diagnostic(text, source))
    })
}

#[cfg(test)]
mod timing {
    //! `cargo test --release -p hotplate-core syntax::timing -- --ignored --nocapture`
    use super::*;
    use std::time::Instant;

    #[test]
    #[ignore = "timing report, run by hand in release mode"]
    fn phases() {
        let mut t = String::from("heat_template_version: 2018-08-31\nresources:\n");
        for i in 0..3000 {
            t.push_str(&format!(
                "  server_{i}:\n    type: OS::Nova::Server\n    properties:\n      name: {{get_param: name}}\n      flavor: m1.small\n      networks: [{{network: net_{i}}}]\n"
            ));
        }
        let best = |f: &dyn Fn() -> usize| {
            (0..7)
                .map(|_| {
                    let s = Instant::now();
                    std::hint::black_box(f());
                    s.elapsed()
                })
                .min()
                .unwrap_or_default()
        };
        let scan = best(&|| {
            let mut s = scanner::Scanner::new(&t, scanner::Mode::Libyaml);
            let mut n = 0;
            while let Ok(Some(_)) = s.next() {
                n += 1;
            }
            n
        });
        let parse = best(&|| {
            let mut p = parser::Parser::new(&t, scanner::Mode::Libyaml);
            let mut n = 0;
            while let Ok(Some(_)) = p.next_event() {
                n += 1;
            }
            n
        });
        let load = best(&|| load_yaml(&t, SourceId(0)).map(|l| l.warnings.len()).unwrap_or(0));
        let value = best(&|| {
            load_yaml(&t, SourceId(0)).map(|l| l.root.to_value().as_map().map_or(0, |m| m.len())).unwrap_or(0)
        });
        eprintln!("{} bytes: scan {scan:?}, parse {parse:?}, load {load:?}, load+to_value {value:?}", t.len());
    }
}
