//! The one door of the crate: everything the CLI, the wasm binding and the
//! benches use is here, and every other module is private.
//!
//! - evaluation: [`evaluate`] a [`Request`] into an [`Evaluation`] (Heat's
//!   canonical [`HeatResult`], every [`Diagnostic`], parameter sources, edges,
//!   deploy-time marks), [`has_errors`], [`located_diagnostics`] (editor
//!   positions: 1-based line/column and UTF-16 offsets, CodeMirror's unit);
//! - values as text: [`ResultView`] and [`value_text`] (YAML or JSON through
//!   the one renderer), [`json_dumps`]/[`py_str`] (Python-exact text),
//!   [`json_loads`], [`json_to_value`];
//! - tables: [`versions`], [`functions`], [`resource_types`] (of a release:
//!   [`resource_types_in`]), [`releases`], [`is_group_type`];
//! - files as heatclient reads them: [`load_template`], [`load_yaml`],
//!   [`load_map`], [`is_template`], [`is_environment`], [`hidden_parameters`];
//! - update plans: [`plan`] a [`PlanRequest`] (the preview request: the
//!   update body plus the current stack's create request) into a [`Plan`]
//!   (Heat's preview, reasons, changed values; `crate::plan`);
//! - [`yaql`] with Heat's settings;
//! - editor intelligence by position ([`complete`], [`hover`], [`definition`],
//!   [`references`], [`document_symbols`], [`quick_fixes`]; `crate::ide`).

mod digests;
mod evaluated;
mod files;
mod session;
#[cfg(feature = "serialize")]
mod wire;

use crate::catalogue::{self, NestedKind};
pub use crate::engine::evaluate;
pub use crate::engine::heat_config;
use crate::functions::{self, Table};
pub use crate::plan::plan;
pub use crate::pyconv::json_loads;
pub use crate::pyfmt::json_key;
pub use crate::pyfmt::{json_dumps, py_str, JsonStyle};
pub use crate::release::{Release, ReleaseInfo, RELEASES};
pub use crate::render::ResultView;
use crate::render::{self, Placeholders};
use crate::source::LineIndex;
pub use crate::source::{Source, SourceMap};
pub use crate::value::json_to_value;
pub use crate::value::{Map, Value};
// The model: the types of what an evaluation takes and gives, as data.
pub use crate::model::*;
use crate::version::HotVersion;
pub use evaluated::{Evaluated, ShownTexts, ShownValue, Summary};
pub use files::{
    find_refs, hidden_parameters, is_environment, is_template, load_map, load_template, load_yaml, note_at_reference,
    registry_files, summarize_file, VERSION_KEYS,
};
pub use session::Session;

/// True when the stack or any nested stack has an error or a failing output
/// in Heat's result (deploy-time artifacts included: the verdict users read
/// is [`Evaluation::fails`]).
pub fn has_errors(r: &HeatResult) -> bool {
    r.error.is_some() || r.outputs.values().any(|o| o.error.is_some()) || r.nested.values().any(has_errors)
}

/// Whether a resource of this type is a nested stack of members made from one
/// definition (`OS::Heat::ResourceGroup`, `AutoScalingGroup`, `ResourceChain`,
/// the deployment groups, …), as opposed to a provider template.
pub fn is_group_type(type_name: &str) -> bool {
    NestedKind::of_plugin(type_name).is_some_and(NestedKind::is_group)
}

/// Evaluate a yaql expression as Heat's `yaql` function does (yaql 3.2, Heat's
/// limits): `data` is the function's `data`, seen by the expression as `$.data`.
pub fn yaql(expression: &str, data: &Value) -> Result<Value, YaqlError> {
    crate::yaql::parse(expression).and_then(|e| crate::yaql::evaluate(&e, data))
}

/// A yaql answer as a binding returns it: the value (as data, and as JSON
/// text indented by 2 that keeps what data loses: `1.0`, big integers), or
/// the error; errors of the expression are answers, not failures.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "serialize", serde(untagged))]
#[cfg_attr(feature = "ts", ts(rename = "YaqlResult"))]
pub enum YaqlAnswer {
    /// The expression's value.
    Ok {
        /// Always `true`.
        #[cfg_attr(feature = "ts", ts(type = "true"))]
        ok: bool,
        /// The value as data.
        value: Value,
        /// The value as JSON text (indented by 2, keys in order).
        json: String,
    },
    /// What the expression raised.
    Err {
        /// Always `false`.
        #[cfg_attr(feature = "ts", ts(type = "false"))]
        ok: bool,
        /// The Python exception.
        error: YaqlError,
    },
}

/// [`yaql`] as a [`YaqlAnswer`].
pub fn yaql_answer(expression: &str, data: &Value) -> YaqlAnswer {
    match yaql(expression, data) {
        Ok(value) => {
            let style =
                JsonStyle { sort_keys: false, ensure_ascii: false, indent: Some(2), nonfinite_as_strings: true };
            // Unsorted output cannot fail (only sorting mixed key types does).
            let json = json_dumps(&value, style).unwrap_or_else(|_| "null".into());
            YaqlAnswer::Ok { ok: true, value, json }
        }
        Err(error) => YaqlAnswer::Err { ok: false, error },
    }
}

/// A resource type of Heat's registry, for editors and bindings.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ResourceType {
    /// The type name.
    pub name: &'static str,
    /// `SUPPORTED`, `HIDDEN`, `DEPRECATED`, …
    pub status: &'static str,
    /// First line of its description.
    pub description: &'static str,
    /// Its properties, sorted by name.
    pub properties: Vec<PropInfo>,
    /// Its attributes.
    pub attributes: &'static [&'static str],
}

/// Every resource type of the catalogue (Heat 27.0.1's registry, hidden ones included).
pub fn resource_types() -> Vec<ResourceType> {
    resource_types_in(Release::LATEST)
}

/// Every resource type a release registers (hidden ones included), sorted by
/// name: under an older release its own records (Senlin's types before
/// 23.0.0), without the types it lacks.
pub fn resource_types_in(release: Release) -> Vec<ResourceType> {
    catalogue::types_in(release)
        .into_iter()
        .map(|t| ResourceType {
            name: t.name,
            status: t.status,
            description: t.description,
            properties: t.properties(),
            attributes: t.attributes,
        })
        .collect()
}

/// One openstack-heat release hotplate answers as (`x-heat-release`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "serialize", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "ts", ts(rename = "HeatRelease"))]
pub struct HeatReleaseInfo {
    /// The version, as `x-heat-release` names it (`16.1.0`).
    pub version: &'static str,
    /// The OpenStack series (`2021.1`).
    pub series: &'static str,
    /// The series' name (`wallaby`).
    pub name: &'static str,
    /// How a person names it: `2021.1 wallaby — Heat 16.1.0`.
    pub label: String,
    /// The Python it runs on (`3.8`): the order it iterates sets in.
    pub python: &'static str,
    /// The yaql its series pins (`1.1.3`).
    pub yaql: &'static str,
    /// The release that answers a request naming none (27.0.1).
    pub default: bool,
    /// The newest release of its series that answers every request as this
    /// one does (the same catalogue data, changes, Python and yaql), when it
    /// is not this one: `19.0.2` for 19.0.0.
    pub same_as: Option<&'static str>,
}

/// Every release hotplate answers as, oldest first.
pub fn releases() -> Vec<HeatReleaseInfo> {
    Release::all()
        .map(|r| {
            let i = r.info();
            let same = r.same_behaviour();
            HeatReleaseInfo {
                version: i.version,
                series: i.series,
                name: i.name,
                label: r.label(),
                python: i.python.version(),
                yaql: i.yaql.version(),
                default: r == Release::default(),
                same_as: (same != r).then(|| same.version()),
            }
        })
        .collect()
}

/// One HOT version.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "VersionInfo"))]
pub struct VersionInfo {
    /// The date form (`2018-08-31`).
    pub date: &'static str,
    /// The release alias (`rocky`), if any.
    pub alias: Option<&'static str>,
}

/// Every version Heat accepts, oldest first.
pub fn versions() -> Vec<VersionInfo> {
    HotVersion::all().map(|v| VersionInfo { date: v.date(), alias: v.alias() }).collect()
}

/// One intrinsic function as a version sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "serialize", serde(rename_all = "camelCase"))]
pub struct FunctionInfo {
    /// Its name in templates.
    pub name: &'static str,
    /// Usable in resources and outputs.
    pub in_templates: bool,
    /// Usable in condition definitions.
    pub in_conditions: bool,
    /// Present but removed in this version (using it fails validation).
    pub removed: bool,
}

/// The functions of a version (a date or an alias), or `None` for an unknown one.
pub fn functions(version: &str) -> Option<Vec<FunctionInfo>> {
    let v = HotVersion::parse(version)?;
    let tmpl = functions::names(v, Table::Functions);
    let cond = functions::names(v, Table::Conditions);
    let mut names: Vec<&'static str> = tmpl.iter().chain(cond.iter()).map(|(n, _)| *n).collect();
    crate::sort::sort(&mut names);
    names.dedup();
    Some(
        names
            .into_iter()
            .map(|name| {
                let t = tmpl.iter().find(|(n, _)| *n == name).map(|(_, k)| *k);
                let c = cond.iter().find(|(n, _)| *n == name).map(|(_, k)| *k);
                let removed = t.is_some_and(|s| s.is_removed()) || c.is_some_and(|s| s.is_removed());
                FunctionInfo {
                    name,
                    in_templates: t.is_some_and(|s| !s.is_removed()),
                    in_conditions: c.is_some_and(|s| !s.is_removed() && !s.is_invalid()),
                    removed,
                }
            })
            .collect(),
    )
}

/// A diagnostic with editor positions.
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "serialize", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "ts", ts(rename = "Diagnostic"))]
pub struct Located {
    /// Stable code.
    pub code: &'static str,
    /// `error` or `warning`.
    pub severity: Severity,
    /// Heat's message.
    pub message: String,
    /// Heat's breadcrumb (`resources.r.properties.x`).
    pub path: String,
    /// The source's name (template or file name), if located.
    pub file: Option<String>,
    /// Start, UTF-16 code units from the start of the source.
    pub from: u32,
    /// End, UTF-16 code units.
    pub to: u32,
    /// 1-based line of the start.
    pub line: u32,
    /// 1-based column (code points) of the start.
    pub column: u32,
    /// 1-based line of the end.
    pub end_line: u32,
    /// 1-based column (code points) of the end (exclusive).
    pub end_column: u32,
    /// A lint finding's rule documentation (the site's `/rules/<ID>`, rendered from `docs/rules/<ID>.md`).
    #[cfg_attr(feature = "serialize", serde(skip_serializing_if = "Option::is_none"))]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub help: Option<String>,
}

/// Where the documentation of the lint rule whose id is `code` is, if it is one.
fn rule_help(code: &str) -> Option<String> {
    #[cfg(feature = "lint")]
    {
        crate::lint::rule(code).filter(|r| r.id == code).map(|r| crate::lint::help_uri(r.id))
    }
    #[cfg(not(feature = "lint"))]
    {
        let _ = code;
        None
    }
}

/// Every diagnostic of an evaluation with positions.
pub fn located_diagnostics(ev: &Evaluation) -> Vec<Located> {
    locate(ev, &ev.diagnostics)
}

/// `diagnostics` (placed in `ev`'s sources) with positions.
fn locate(ev: &Evaluation, diagnostics: &[Diagnostic]) -> Vec<Located> {
    // A source's line index is built when a diagnostic is first placed in it:
    // most evaluations have few diagnostics and many files.
    let mut indexes: Vec<Option<LineIndex<'_>>> = ev.sources.iter().map(|_| None).collect();
    diagnostics
        .iter()
        .map(|d| {
            let mut out = Located {
                code: d.code,
                severity: d.severity,
                message: d.message.clone(),
                path: d.path.clone(),
                file: None,
                from: 0,
                to: 0,
                line: 0,
                column: 0,
                end_line: 0,
                end_column: 0,
                help: rule_help(d.code),
            };
            if let Some(span) = d.span {
                if let (Some(src), Some(slot)) = (ev.sources.get(span.source), indexes.get_mut(span.source.0 as usize))
                {
                    let index = slot.get_or_insert_with(|| LineIndex::new(&src.text));
                    let start = index.position(span.start);
                    let end = index.position(span.end);
                    out.file = Some(src.name.clone());
                    out.from = start.utf16;
                    out.to = end.utf16.max(start.utf16);
                    out.line = start.line;
                    out.column = start.column;
                    (out.end_line, out.end_column) =
                        if end.utf16 >= start.utf16 { (end.line, end.column) } else { (start.line, start.column) };
                }
            }
            out
        })
        .collect()
}

/// Completions at `offset` (UTF-16) of document `file` of the request: the
/// template (`template_name`) or a key of `files` (an environment file when it
/// is listed in `environment_files`, a template otherwise). Works on text that
/// does not parse (the user is typing).
pub fn complete(req: &Request, file: &str, offset: u32) -> Completions {
    crate::ide::complete::complete(req, file, offset)
}

/// What the word at `offset` of `file` is. A parameter's final value needs the
/// request's evaluation: pass it if you have one, or it is evaluated here.
pub fn hover(req: &Request, ev: Option<&Evaluation>, file: &str, offset: u32) -> Option<Hover> {
    crate::ide::hover::hover(req, ev, file, offset)
}

/// Where the name at `offset` of `file` is defined: a parameter, resource or
/// condition of the template, a file (a provider template, `get_file`), a
/// `resource_registry` mapping.
pub fn definition(req: &Request, file: &str, offset: u32) -> Vec<Location> {
    crate::ide::navigate::definition(req, file, offset)
}

/// The definition and every use of the parameter, resource or condition named
/// at `offset` of `file` (the template and the environment files).
pub fn references(req: &Request, file: &str, offset: u32) -> Vec<Location> {
    crate::ide::navigate::references(req, file, offset)
}

/// The outline of `file`: its sections and their entries.
pub fn document_symbols(req: &Request, file: &str) -> Vec<Symbol> {
    crate::ide::navigate::document_symbols(req, file)
}

/// Quick fixes for the diagnostics of `ev` (the request's evaluation) in `file`.
pub fn quick_fixes(req: &Request, ev: &Evaluation, file: &str) -> Vec<QuickFix> {
    crate::ide::fixes::quick_fixes(req, ev, &[], file)
}

/// A value as text (no placeholders: the canonical value as it is).
pub fn value_text(value: &Value, format: Format) -> String {
    render::render(value, &[], &Placeholders::new(), format).text
}

// Template validate (`openstack orchestration template validate`, Heat's
// `POST /v1/{tenant}/validate`): the request (the body and the query's
// `show_nested`/`ignore_errors`), Heat's answer, and what the client prints.

/// Answer a template validate request as Heat 27 does: the response body
/// (`Description`, `Parameters`, `ParameterGroups`, `NestedParameters` with
/// `show_nested`, `Environment`) or Heat's error.
pub fn validate(req: &ValidateRequest) -> Validation {
    crate::engine::validate::validate(req)
}

/// Whether Heat accepts the template: no error, and an answer that is a body
/// (unknown `ignore_errors` codes get a text instead).
pub fn validate_accepted(v: &Validation) -> bool {
    v.error.is_none() && matches!(v.body, Some(crate::model::ValidateAnswer::Body(_)))
}

/// The output formats of `openstack orchestration template validate`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClientFormat {
    /// `-f yaml` (the default): cliff's YAML formatter, each top-level key
    /// dumped by PyYAML (`safe_dump`, block style, sorted keys).
    Yaml,
    /// `-f json`: `json.dump(body, indent=2)`, Heat's key order.
    Json,
}

/// What `openstack orchestration template validate` prints for Heat's
/// answer: `Ok(stdout)`, or `Err(line)` for stderr (the client's error:
/// `ERROR: <message>`, `ERROR: Internal Error` for an exception that is not
/// Heat's, or what Python says of a text answer).
pub fn validate_client_output(v: &Validation, format: ClientFormat) -> Result<String, String> {
    if let Some(e) = &v.error {
        return Err(format!("ERROR: {}", crate::engine::validate::client_message(e)));
    }
    match v.body_value() {
        Some(Value::Map(body)) => Ok(match format {
            ClientFormat::Yaml => {
                let mut out = String::new();
                for (k, val) in body.iter() {
                    let mut one = crate::value::Map::with_capacity(1);
                    let _ = one.insert(k.clone(), val.clone());
                    out.push_str(&crate::pyyaml::safe_dump(&Value::map(one)));
                }
                out
            }
            ClientFormat::Json => {
                let style = crate::pyfmt::JsonStyle {
                    sort_keys: false,
                    ensure_ascii: true,
                    indent: Some(2),
                    nonfinite_as_strings: false,
                };
                format!("{}\n", crate::pyfmt::json_dumps_oracle_keys(&Value::Map(body.clone()), style))
            }
        }),
        // `six.itervalues(validation)` of the text heat-api answered.
        Some(Value::Str(_)) => Err("'str' object has no attribute 'values'".to_string()),
        _ => Err("ERROR: Internal Error".to_string()),
    }
}

// The lint rules (feature `lint`, on by default; the wasm module leaves it out:
// see ARCHITECTURE.md, "The wasm package"). Their types, `RuleInfo` and
// `LintOptions`, are the model's.

/// Every lint rule, in id order.
#[cfg(feature = "lint")]
pub fn lint_rules() -> Vec<RuleInfo> {
    crate::lint::rules().collect()
}

/// The lint rule with this id (any case) or name.
#[cfg(feature = "lint")]
pub fn lint_rule(id: &str) -> Option<RuleInfo> {
    crate::lint::find(id)
}

/// Where a lint rule's documentation is published (the site's `/rules/<ID>`,
/// rendered from `docs/rules/<ID>.md`: SARIF's `helpUri`, the rules' listings).
#[cfg(feature = "lint")]
pub fn lint_help_uri(id: &str) -> String {
    crate::lint::help_uri(id)
}

/// A lint rule's documentation as markdown (`docs/rules/<ID>.md`).
#[cfg(feature = "lint")]
pub fn lint_rule_doc(id: &str) -> Option<String> {
    crate::lint::markdown(crate::lint::find(id)?.id)
}

/// The lint diagnostics of an evaluated request (the mistakes Heat accepts):
/// code = the rule's id, placed like the engine's. Display only: add them to
/// `ev.diagnostics` to show them ([`located_diagnostics`]) and to get their
/// quick fixes ([`quick_fixes`]), or let an [`Evaluated`] hold them
/// ([`Evaluated::lint`]); the canonical result is not touched.
#[cfg(feature = "lint")]
pub fn lint(req: &Request, ev: &Evaluation, options: &LintOptions) -> Vec<Diagnostic> {
    crate::lint::lint(req, ev, options)
}

/// The crate's internals that its own integration tests (`core/tests/`) and
/// benches (`core/benches/`) exercise directly: the loader against PyYAML's
/// cases and the yaql engine against yaql's vectors need more than the API
/// gives. Not part of the API: the CLI and the binding never use it (a test of
/// the CLI keeps it so).
#[doc(hidden)]
pub mod test_support {
    /// The YAML/JSON loader.
    pub mod syntax {
        pub use crate::syntax::{
            load_template, load_yaml, pyyaml_error_text, LoadFailure, Loaded, Node, NodeKind, MAX_ALIAS_NODES,
            MAX_DEPTH, MAX_TEMPLATE_CHARS,
        };
    }
    /// Sources, spans and positions.
    pub mod source {
        pub use crate::source::{LineIndex, SourceId, Span};
    }
    /// Python-exact text.
    pub mod pyfmt {
        pub use crate::pyfmt::{float_repr, py_repr, write_json_str};
    }
    /// The yaql engine in parts.
    pub mod yaql {
        pub use crate::yaql::{evaluate, evaluate_tagged, parse, Expression, YaqlError};
    }
    /// `evaluate` with deploy-time runs that reuse nothing of Heat's run
    /// (`core/tests/reuse.rs` compares what they reuse with it).
    pub use crate::engine::evaluate_without_reuse;
    /// `evaluate` with the deploy-time runs even where Heat refused the
    /// stack before its validation ended (`evaluate` skips them there: they
    /// would fail it the same way).
    pub use crate::engine::every_pass;
    /// Heat's run alone, without the deploy-time runs `evaluate` makes
    /// after it when Heat fails a place: the work Heat's own evaluation
    /// does (the benches' `HOTPLATE_BENCH_HEATS_RUN=1`).
    pub use crate::engine::heats_run;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_mark_deploy_time_values() {
        let ev = evaluate(&Request::new(
            "heat_template_version: 2021-04-16\nresources:\n  s: {type: OS::Nova::Server, properties: {flavor: m1.small, image: cirros}}\n  p:\n    type: OS::Heat::None\n    properties: {b: {get_attr: [s, first_address]}, a: [x, {get_resource: s}], f: 1.0}\noutputs:\n  o: {value: {get_attr: [s, first_address]}}\n",
        ));
        let view = ResultView::new(&ev);
        let key = |k: &str| PathItem::Key(k.into());
        let props = [key("resources"), key("p"), key("properties")];
        let r = view.render(&props, Format::JsonLine).unwrap();
        assert_eq!(r.text, r#"{"b": "⟨get_attr s first_address⟩", "a": ["x", "⟨get_resource s⟩"], "f": 1.0}"#);
        let paths: Vec<Vec<PathItem>> = r.marks.iter().map(|m| m.path.clone()).collect();
        assert_eq!(paths, vec![vec![key("b")], vec![key("a"), PathItem::Index(1)]]);
        // The canonical value keeps Heat's (null for the attribute, the name for the reference).
        assert_eq!(
            view.value(&[key("resources"), key("p"), key("properties"), key("a"), PathItem::Index(1)]),
            Some(&Value::from("s"))
        );
        let out = view.render(&[key("outputs"), key("o"), key("value")], Format::Yaml).unwrap();
        assert_eq!(out.text, "⟨get_attr s first_address⟩\n");
        assert_eq!((out.marks[0].from, out.marks[0].to), (0, 26));
        assert!(view.render(&[key("outputs"), key("nope")], Format::Yaml).is_none());
    }

    #[test]
    fn function_table_for_editors() {
        let f = functions("wallaby").unwrap();
        let get = |n: &str| f.iter().find(|i| i.name == n).unwrap().clone();
        assert!(get("if").in_templates && !get("if").in_conditions);
        assert!(get("equals").in_conditions && !get("equals").in_templates);
        assert!(get("Ref").removed);
        assert!(functions("2012-12-12").is_none());
        assert_eq!(versions().len(), 11);
    }

    #[test]
    fn positions_are_utf16_for_non_ascii_text() {
        let ev = evaluate(&Request::new(
            "heat_template_version: 2021-04-16\ndescription: é😀\noutputs:\n  o: {value: {get_param: nope}}\n",
        ));
        let d = located_diagnostics(&ev);
        let err = d.iter().find(|d| d.severity == Severity::Error).unwrap();
        assert_eq!(err.line, 4);
        // The error points at the function name.
        let text = "heat_template_version: 2021-04-16\ndescription: é😀\noutputs:\n  o: {value: {";
        assert_eq!(err.from as usize, text.encode_utf16().count());
        // The end, in code points on the same line, after the start.
        assert_eq!(err.end_line, 4);
        assert_eq!(err.end_column - err.column, err.to - err.from);
    }

    #[test]
    fn every_validation_error_gets_a_diagnostic_while_the_result_keeps_heats() {
        let ev = evaluate(&Request::new(
            "heat_template_version: 2021-04-16\nresources:\n  r:\n    type: OS::Heat::None\noutputs:\n  o1: {value: {get_attr: [missing1, a]}}\n  o2: {value: {get_attr: [r, a]}}\n  o3: {value: {get_attr: [missing3, a]}}\n",
        ));
        // Heat validates outputs in set order and reports o3 (the oracle agrees).
        let error = ev.result.error.as_ref().unwrap();
        assert!(error.message.contains("missing3"), "{}", error.message);
        let located = located_diagnostics(&ev);
        let lines: Vec<u32> = located.iter().filter(|d| d.severity == Severity::Error).map(|d| d.line).collect();
        assert_eq!(lines.len(), 2, "{located:?}");
        for line in [6, 8] {
            assert!(lines.contains(&line), "no diagnostic on line {line}: {located:?}");
        }
    }

    #[test]
    fn independent_problems_of_one_stage_are_all_reported() {
        // Parameter schemas, unknown resource types, bad output definitions: Heat
        // stops at the first of each stage; the others still get diagnostics.
        for (template, lines) in [
            ("heat_template_version: 2021-04-16\nparameters:\n  a: {type: strin}\n  b: {type: numbr}\n", vec![3, 4]),
            (
                "heat_template_version: 2021-04-16\nresources:\n  r: {type: OS::Nova::Servr}\n  s: {type: OS::Heat::Nonee}\n",
                vec![3, 4],
            ),
            ("heat_template_version: 2021-04-16\noutputs:\n  a: {value: {list_join: 5}}\n  b: 7\n", vec![3, 4]),
        ] {
            let ev = evaluate(&Request::new(template));
            assert!(ev.result.error.is_some(), "{template}");
            let located = located_diagnostics(&ev);
            let mut found: Vec<u32> = located.iter().filter(|d| d.severity == Severity::Error).map(|d| d.line).collect();
            found.sort_unstable();
            assert_eq!(found, lines, "{template}: {located:?}");
        }
    }

    /// (message, the text its span covers) of every error diagnostic.
    fn marked(template: &str) -> (Evaluation, Vec<(String, String)>) {
        let ev = evaluate(&Request::new(template));
        let marks = ev
            .diagnostics
            .iter()
            .filter(|d| d.severity == Severity::Error)
            .map(|d| {
                let text = d
                    .span
                    .and_then(|s| {
                        ev.sources.get(s.source).and_then(|src| src.text.get(s.start as usize..s.end as usize))
                    })
                    .unwrap_or("<no span>");
                (d.message.clone(), text.to_string())
            })
            .collect();
        (ev, marks)
    }

    fn has(marks: &[(String, String)], message: &str, text: &str) -> bool {
        marks.iter().any(|(m, t)| m == message && t == text)
    }

    #[test]
    fn property_errors_point_at_the_key_or_the_value() {
        let (ev, marks) = marked(
            "heat_template_version: 2021-04-16\nresources:\n  s:\n    type: OS::Nova::Server\n    properties:\n      flavour: m1.small\n      image: cirros\n",
        );
        let error = ev.result.error.as_ref().unwrap();
        assert_eq!(error.message, "Property error: resources.s.properties: Unknown Property flavour");
        // The misspelled key; the property it stands for is missing from the map.
        assert!(
            has(&marks, "Property error: resources.s.properties: Unknown Property flavour", "flavour"),
            "{marks:?}"
        );
        assert!(
            has(&marks, "Property error: resources.s.properties: Property flavor not assigned", "properties"),
            "{marks:?}"
        );
        assert_eq!(marks.len(), 2, "{marks:?}");
        for (template, message, text) in [
            // A bad value: the value.
            (
                "  r:\n    type: OS::Heat::RandomString\n    properties:\n      length: abc\n",
                "Property error: resources.r.properties.length: Value 'abc' is not an integer",
                "abc",
            ),
            // Nested list of maps: the item's value.
            (
                "  s:\n    type: OS::Nova::Server\n    properties:\n      flavor: m1.small\n      networks:\n        - network: private\n        - port: [p1]\n",
                "Property error: resources.s.properties.networks[1].port: Value must be a string; got ['p1']",
                "[p1]",
            ),
            // An unknown key inside a list item: that key.
            (
                "  r:\n    type: OS::Heat::RandomString\n    properties:\n      character_classes: [{class: digits}, {class: letters, mn: 2}]\n",
                "Property error: resources.r.properties.character_classes[1]: Unknown Property mn",
                "mn",
            ),
            // A required key missing in a list item: the item.
            (
                "  r:\n    type: OS::Heat::RandomString\n    properties:\n      character_sequences: [{sequence: ab}, {min: 2}]\n",
                "Property error: resources.r.properties.character_sequences[1]: Property sequence not assigned",
                "{min: 2}",
            ),
            // No `properties` at all: the resource's type.
            ("  k:\n    type: OS::Nova::KeyPair\n", "Property error: resources.k.properties: Property name not assigned", "OS::Nova::KeyPair"),
            // A constraint: the value.
            (
                "  r:\n    type: OS::Heat::RandomString\n    properties:\n      length: 1000\n",
                "Property error: resources.r.properties.length: 1000 is out of range (min: 1, max: 512)",
                "1000",
            ),
            // A plugin's cross-property check: the `properties` key.
            (
                "  pool:\n    type: OS::Octavia::Pool\n    properties:\n      lb_algorithm: ROUND_ROBIN\n      protocol: HTTP\n",
                "At least one of the following properties must be specified: listener, loadbalancer.",
                "properties",
            ),
        ] {
            let (ev, marks) = marked(&format!("heat_template_version: 2021-04-16\nresources:\n{template}"));
            assert!(ev.result.error.is_some(), "{template}");
            assert!(has(&marks, message, text), "{template}: {marks:?}");
        }
    }

    #[test]
    fn every_property_problem_of_every_resource_is_a_diagnostic() {
        // Heat reports the first (resources in validation order, then each
        // resource's properties in Heat's order); the diagnostics have them all.
        let (ev, marks) = marked(
            "heat_template_version: 2021-04-16\nresources:\n  a:\n    type: OS::Heat::RandomString\n    properties:\n      length: abc\n      salt: {x: 1}\n      zzz: 1\n  b:\n    type: OS::Heat::RandomString\n    properties:\n      lenght: 8\n  c:\n    type: OS::Heat::RandomString\n    properties: {length: 8}\n",
        );
        let error = ev.result.error.as_ref().unwrap();
        assert_eq!(error.message, "Property error: resources.a.properties: Unknown Property zzz");
        let want = [
            ("Property error: resources.a.properties: Unknown Property zzz", "zzz"),
            ("Property error: resources.a.properties.length: Value 'abc' is not an integer", "abc"),
            ("Property error: resources.a.properties.salt: Value must be a string; got {'x': 1}", "{x: 1}"),
            ("Property error: resources.b.properties: Unknown Property lenght", "lenght"),
        ];
        for (message, text) in want {
            assert!(has(&marks, message, text), "no {message:?} at {text:?}: {marks:?}");
        }
        assert_eq!(marks.len(), want.len(), "each problem once: {marks:?}");
        // The canonical result is Heat's alone.
        assert_eq!(ev.result.resources.len(), 0);
    }

    #[test]
    fn parameter_constraints_become_form_hints() {
        let ev = evaluate(&Request::new(
            "heat_template_version: 2021-04-16\nparameters:\n  f:\n    type: string\n    default: a\n    constraints:\n      - allowed_values: [a, b]\n      - length: {min: 1}\n        description: not empty\n  n:\n    type: number\n    default: 2\n    constraints: [{range: {min: 1, max: 9}}, {custom_constraint: nova.flavor}]\n",
        ));
        let hints: Vec<Vec<String>> = ev.param_info.iter().map(|p| p.constraints.clone()).collect();
        assert_eq!(
            hints,
            vec![
                vec!["one of: a, b".to_string(), "length: at least 1 — not empty".to_string()],
                vec!["range: 1 to 9".to_string(), "nova.flavor (checked by the cloud)".to_string()],
            ]
        );
    }
}
