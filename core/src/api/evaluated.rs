//! An evaluation a binding holds and asks about afterwards: its summary (what
//! the response carries besides the result text), every value the result
//! panes show as the engine's text (one call), any value by its path, and
//! quick fixes for its diagnostics — without evaluating the request again —
//! and, when asked ([`Evaluated::lint`]), the lint rules' findings.

use std::cell::OnceCell;

use super::{locate, Located, ResultView};
use crate::engine::evaluate;
use crate::model::diag::{Diagnostic, PathItem};
use crate::model::result::{DeferredMark, Edge, Evaluation, ParamInfo};
use crate::model::QuickFix;
use crate::model::Request;
use crate::model::{Format, Rendered, RenderedMark};
use crate::release::Release;
use crate::value::Value;

/// A request and its evaluation, with the rendered view of its result built
/// on first use.
#[derive(Debug)]
pub struct Evaluated {
    request: Request,
    evaluation: Evaluation,
    /// The lint rules' findings, once [`Evaluated::lint`] ran them.
    lint: Vec<Diagnostic>,
    view: OnceCell<ResultView>,
}

/// What an evaluation gives a binding besides the canonical result text.
#[derive(Debug)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "serialize", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "ts", ts(rename = "EvaluateSummary"))]
pub struct Summary<'a> {
    /// Every diagnostic with editor positions.
    pub diagnostics: Vec<Located>,
    /// The lint rules' findings (the mistakes Heat accepts), placed the same
    /// way: empty unless the evaluation was asked to lint. Never part of
    /// Heat's answer: `diagnostics` and the result are the same either way.
    pub lint: Vec<Located>,
    /// Where deploy-time values land in the result.
    pub deferred: &'a [DeferredMark],
    /// The parameters, with where their values came from.
    pub parameters: &'a [ParamInfo],
    /// Dependency edges between enabled resources.
    pub edges: &'a [Edge],
    /// The detected HOT version (date form), if any.
    pub version: Option<&'static str>,
    /// The openstack-heat release that answered (the request's
    /// `x-heat-release`, `27.0.1` when it names none); null when it names a
    /// release hotplate does not know (the result is then that error).
    pub release: Option<&'static str>,
}

/// One value a result pane shows, as the engine writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ShownValue {
    /// Its place in the result (keys and list indexes from the root).
    pub path: Vec<PathItem>,
    /// The text.
    pub text: String,
    /// The deploy-time placeholders in it.
    pub marks: Vec<RenderedMark>,
}

/// What changed in the shown values' texts since a session's earlier call
/// ([`super::Session::texts_since`]): the values whose text differs or is new,
/// and the places no longer shown; `full`: `changed` is every shown value (the
/// earlier call is not the session's last one, or it wrote another format).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ShownTexts {
    /// This call's number in the session: the next call's `since`.
    pub call: u32,
    /// `changed` holds every shown value, not only those that changed.
    pub full: bool,
    /// The values whose text (or its marks) differs from the earlier call's, or that it did not show.
    pub changed: Vec<ShownValue>,
    /// The places the earlier call showed and this one does not.
    pub removed: Vec<Vec<PathItem>>,
}

/// The release that answers a request: the one `x-heat-release` names,
/// 27.0.1 when it names none, none when it names an unknown one.
pub fn answering(req: &Request) -> Option<Release> {
    match req.inputs.heat_release.as_deref() {
        None => Some(Release::LATEST),
        Some(r) => Release::parse(r).ok(),
    }
}

impl Evaluated {
    /// Evaluate `request`.
    pub fn new(request: Request) -> Evaluated {
        let evaluation = evaluate(&request);
        Evaluated { request, evaluation, lint: Vec::new(), view: OnceCell::new() }
    }

    /// Run the lint rules `options` turns on over this evaluation (every
    /// template of the request, less what their comments silence): the
    /// summary lists their findings and [`Evaluated::quick_fixes`] offers
    /// their fixes. Running it again replaces the findings.
    #[cfg(feature = "lint")]
    pub fn lint(&mut self, options: &crate::lint::Options) -> &mut Evaluated {
        self.lint = crate::lint::lint(&self.request, &self.evaluation, options);
        self
    }

    /// The evaluation.
    pub fn evaluation(&self) -> &Evaluation {
        &self.evaluation
    }

    /// The canonical result as the oracle's JSON text.
    pub fn result_json(&self) -> String {
        self.evaluation.result.to_json()
    }

    /// What the panes show when it is not the canonical result (Heat
    /// refused the stack: [`Evaluation::shown`]) as the same JSON text.
    pub fn shown_json(&self) -> Option<String> {
        self.evaluation.shown.as_ref().map(|r| r.to_json())
    }

    /// Everything else a response carries.
    pub fn summary(&self) -> Summary<'_> {
        let ev = &self.evaluation;
        Summary {
            diagnostics: locate(ev, &ev.diagnostics),
            lint: locate(ev, &self.lint),
            deferred: &ev.deferred,
            parameters: &ev.param_info,
            edges: &ev.edges,
            version: ev.version.map(|v| v.date()),
            release: answering(&self.request).map(Release::version),
        }
    }

    /// The result with its placeholders.
    pub fn view(&self) -> &ResultView {
        self.view.get_or_init(|| ResultView::new(&self.evaluation))
    }

    /// The value at `path` of the result as `format` text, if there is one.
    pub fn render(&self, path: &[PathItem], format: Format) -> Option<Rendered> {
        self.view().render(path, format)
    }

    /// Every value the result panes show ([`ResultView::shown_paths`]) as
    /// `format` text.
    pub fn texts(&self, format: Format) -> Vec<ShownValue> {
        let view = self.view();
        view.shown_paths()
            .into_iter()
            .filter_map(|path| {
                let Rendered { text, marks } = view.render(&path, format)?;
                Some(ShownValue { path, text, marks })
            })
            .collect()
    }

    /// Quick fixes for the diagnostics (and lint findings) located in document `file`.
    pub fn quick_fixes(&self, file: &str) -> Vec<QuickFix> {
        crate::ide::fixes::quick_fixes(&self.request, &self.evaluation, &self.lint, file)
    }
}

/// Whether a value has entries (JavaScript's `Object.keys(v).length` of a
/// truthy value: a map's keys, a list's indexes, a string's characters).
fn has_entries(v: Option<&Value>) -> bool {
    match v {
        Some(Value::Map(m)) => !m.is_empty(),
        Some(Value::List(l)) => !l.is_empty(),
        Some(Value::Str(s)) => !s.is_empty(),
        _ => false,
    }
}

impl ResultView {
    /// Every value the result panes show, for the stack and, recursively, its
    /// nested stacks (`["nested", "db", …]`): parameters, conditions, the
    /// values of outputs without an error, and each enabled resource's
    /// properties, dependencies (when any), metadata and update policy (when
    /// not empty); the top-level stack's resources also their deletion policy
    /// and `requires` (when any). `playwright-tests/values.spec.ts` enumerates
    /// the panes' values on its own and compares.
    pub fn shown_paths(&self) -> Vec<Vec<PathItem>> {
        let mut out = Vec::new();
        shown_paths(self.value(&[]), &[], &mut out);
        out
    }
}

fn shown_paths(stack: Option<&Value>, base: &[PathItem], out: &mut Vec<Vec<PathItem>>) {
    own_shown_paths(stack, base, out);
    for (child, c) in nested_stacks(stack, base) {
        shown_paths(Some(c), &child, out);
    }
}

/// The nested stacks of the stack at `base` (`stack`, the value there): each one's path and value.
pub(crate) fn nested_stacks<'a>(stack: Option<&'a Value>, base: &[PathItem]) -> Vec<(Vec<PathItem>, &'a Value)> {
    let Some(nested) = stack.and_then(Value::as_map).and_then(|s| s.get_str("nested")).and_then(Value::as_map) else {
        return Vec::new();
    };
    let key = |k: &Value| k.as_str().map_or_else(|| super::json_key(k), str::to_string);
    nested
        .iter()
        .map(|(k, child)| {
            let mut path = base.to_vec();
            path.extend([PathItem::Key("nested".into()), PathItem::Key(key(k))]);
            (path, child)
        })
        .collect()
}

/// The shown values of the stack at `base` itself ([`ResultView::shown_paths`]
/// less its nested stacks'), in the panes' order.
pub(crate) fn own_shown_paths(stack: Option<&Value>, base: &[PathItem], out: &mut Vec<Vec<PathItem>>) {
    let Some(stack) = stack.and_then(Value::as_map) else { return };
    let section = |name: &str| stack.get_str(name).and_then(Value::as_map).map(|m| m.iter().collect::<Vec<_>>());
    let at = |base: &[PathItem], steps: &[&str]| -> Vec<PathItem> {
        base.iter().cloned().chain(steps.iter().map(|s| PathItem::Key((*s).to_string()))).collect()
    };
    let key = |k: &Value| k.as_str().map_or_else(|| super::json_key(k), str::to_string);
    for name in ["parameters", "conditions"] {
        for (k, _) in section(name).unwrap_or_default() {
            out.push(at(base, &[name, &key(k)]));
        }
    }
    for (k, o) in section("outputs").unwrap_or_default() {
        if o.as_map().and_then(|o| o.get_str("error")).is_some_and(|e| *e == Value::Null) {
            out.push(at(base, &["outputs", &key(k), "value"]));
        }
    }
    for (k, r) in section("resources").unwrap_or_default() {
        let Some(r) = r.as_map().filter(|r| r.get_str("enabled").is_some_and(Value::truthy)) else { continue };
        let name = key(k);
        let field = |f: &str| at(base, &["resources", &name, f]);
        out.push(field("properties"));
        if has_entries(r.get_str("depends_on")) {
            out.push(field("depends_on"));
        }
        if base.is_empty() {
            // Only the top-level resources pane shows these.
            out.push(field("deletion_policy"));
            if has_entries(r.get_str("requires")) {
                out.push(field("requires"));
            }
        }
        for f in ["metadata", "update_policy"] {
            if has_entries(r.get_str(f)) {
                out.push(field(f));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shown_values_are_those_the_panes_show() {
        let mut req = Request::new(
            "heat_template_version: 2021-04-16\nparameters:\n  p: {type: number, default: 1.0}\nconditions:\n  c: true\nresources:\n  a:\n    type: OS::Heat::None\n    properties: {x: {get_param: p}}\n    metadata: {m: 1}\n  b:\n    type: OS::Heat::None\n    depends_on: a\n    condition: {not: c}\n  n:\n    type: child.yaml\noutputs:\n  o: {value: {get_attr: [a, x]}}\n  bad: {value: {yaql: {expression: '1 / 0', data: {}}}}\n",
        );
        req.inputs.files.insert(
            "child.yaml".into(),
            Some("heat_template_version: 2021-04-16\nresources:\n  r: {type: OS::Heat::None}\n".into()),
        );
        let ev = Evaluated::new(req);
        let texts = ev.texts(Format::Yaml);
        let names: Vec<String> = texts
            .iter()
            .map(|t| t.path.iter().map(|p| format!("{p:?}")).collect::<Vec<_>>().join("."))
            .map(|s| s.replace("Key(\"", "").replace("\")", ""))
            .collect();
        for want in [
            "parameters.p",
            "conditions.c",
            "outputs.o.value",
            "resources.a.properties",
            "resources.a.deletion_policy",
            "resources.a.metadata",
            "resources.n.properties",
            "nested.n.resources.r.properties",
        ] {
            assert!(names.iter().any(|n| n == want), "{want} not in {names:?}");
        }
        // A disabled resource and an output that fails show no value; a nested
        // stack's resources no deletion policy.
        assert!(!names.iter().any(|n| n.starts_with("resources.b") || n == "outputs.bad.value"), "{names:?}");
        assert!(!names.iter().any(|n| n == "nested.n.resources.r.deletion_policy"), "{names:?}");
        let p = texts.iter().find(|t| t.path == [PathItem::Key("parameters".into()), PathItem::Key("p".into())]);
        assert_eq!(p.map(|t| t.text.as_str()), Some("1.0\n"));
        let p = [PathItem::Key("parameters".into()), PathItem::Key("p".into())];
        assert_eq!(ev.render(&p, Format::JsonLine).map(|r| r.text), Some("1.0".to_string()));
    }

    #[cfg(feature = "lint")]
    #[test]
    fn lint_findings_are_listed_apart_with_their_fixes_and_change_nothing_else() {
        let t = "heat_template_version: 2018-08-31\nresources:\n  v:\n    type: OS::Heat::Value\n    properties:\n      value: {get_parm: x}\n  w:\n    type: OS::Heat::Value\n    properties:\n      value: {get_parm: y} # hotplate: disable=W1001\n";
        let mut ev = Evaluated::new(Request::new(t));
        let (result, before) = (ev.result_json(), format!("{:?}", ev.summary().diagnostics));
        assert!(ev.summary().lint.is_empty() && ev.quick_fixes("template.yaml").is_empty());
        ev.lint(&crate::lint::Options::default());
        let summary = ev.summary();
        let found: Vec<(&str, u32, Option<&str>)> =
            summary.lint.iter().map(|d| (d.code, d.line, d.help.as_deref())).collect();
        let help = crate::lint::help_uri("W1001");
        assert_eq!(found, [("W1001", 6, Some(help.as_str()))]);
        assert!(help.ends_with("/rules/W1001"), "{help}");
        assert_eq!((ev.result_json(), format!("{:?}", summary.diagnostics)), (result, before));
        let fixes = ev.quick_fixes("template.yaml");
        assert_eq!(
            fixes.iter().map(|f| (f.code, f.title.as_str())).collect::<Vec<_>>(),
            [("W1001", "Change to `get_param`")]
        );
        // Turned off: nothing.
        let off = crate::lint::Options { enable: vec![], disable: vec!["all".into()] };
        assert!(ev.lint(&off).summary().lint.is_empty());
    }
}
