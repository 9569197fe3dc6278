//! An editing session: successive evaluations that share what did not change.

use std::collections::HashMap;

use super::{Evaluated, Evaluation, Format, Plan, PlanRequest, Request, ShownValue};
use crate::engine::{same_value, NestedCache};
use crate::model::diag::PathItem;
use crate::model::rendered::Rendered;
use crate::symbolic::{Hole, Part, Piece, Sym};
use crate::syntax::ParseCache;
use crate::value::Value;

/// Evaluations of successive versions of a request, as an editor makes them after
/// each keystroke: each file's text loaded by the previous evaluation is not loaded
/// again (see ARCHITECTURE.md, "Incremental evaluation"). Every answer is the one a
/// cold [`evaluate`](super::evaluate) of the same request gives; the session only
/// holds the loaded files of its last evaluation.
#[derive(Debug, Default)]
pub struct Session {
    cache: ParseCache,
    nested: NestedCache,
    texts: Texts,
}

/// The texts of the shown values [`Session::texts`] wrote last, by format and
/// place, with what each was written from.
#[derive(Default)]
struct Texts(HashMap<(Format, Vec<PathItem>), Written>);

impl std::fmt::Debug for Texts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Texts").field("values", &self.0.len()).finish()
    }
}

/// A value's text and everything it was written from: the value and the
/// display values at or under its place.
struct Written {
    value: Value,
    display: Vec<(Vec<PathItem>, Sym)>,
    rendered: Rendered,
}

impl Session {
    /// A session that has loaded nothing yet.
    pub fn new() -> Session {
        Session::default()
    }

    /// [`evaluate`](super::evaluate) `request`, reusing what the last evaluation loaded.
    pub fn evaluate(&mut self, request: &Request) -> Evaluation {
        self.scope(|| super::evaluate(request))
    }

    /// [`Evaluated::new`], reusing what the last evaluation loaded.
    pub fn evaluated(&mut self, request: Request) -> Evaluated {
        self.scope(|| Evaluated::new(request))
    }

    /// [`Evaluated::new`] then [`Evaluated::lint`] with `options`, reusing what
    /// the last evaluation loaded: the lint rules load every template of the
    /// request again, and in one scope with the evaluation they take the trees
    /// it loaded (an overcloud's ~190 templates are not parsed a second time).
    #[cfg(feature = "lint")]
    pub fn evaluated_linted(&mut self, request: Request, options: &super::LintOptions) -> Evaluated {
        self.scope(|| {
            let mut evaluated = Evaluated::new(request);
            evaluated.lint(options);
            evaluated
        })
    }

    /// [`plan`](super::plan) `request`, reusing what the last evaluation loaded: the
    /// plan's three evaluations (the stack as it is, twice, and the new stack) share
    /// their loaded files, and an editor's plan after its evaluation of the new stack
    /// (the playground's compare mode) loads only the current stack's files.
    pub fn plan(&mut self, request: &PlanRequest, format: Format) -> Plan {
        self.scope(|| super::plan(request, format))
    }

    /// [`Evaluated::texts`] of `evaluated`: a value whose text the last call
    /// wrote from the same value and display values (compared exactly: `1`,
    /// `1.0` and `true` are different values) is not written again. An edit
    /// to one service template of an overcloud changes a few of its ~9,000
    /// shown values. The session keeps the last call's texts only.
    pub fn texts(&mut self, evaluated: &Evaluated, format: Format) -> Vec<ShownValue> {
        let view = evaluated.view();
        let mut last = std::mem::take(&mut self.texts.0);
        let mut out = Vec::new();
        for path in view.shown_paths() {
            let Some(value) = view.value(&path) else { continue };
            let display = view.placeholders_under(&path);
            let key = (format, path);
            let rendered = match last.remove(&key) {
                Some(w) if same_value(&w.value, value) && same_display(&w.display, display) => w.rendered,
                _ => view.render_value(value, &key.1, format),
            };
            let written = Written { value: value.clone(), display: display.to_vec(), rendered: rendered.clone() };
            let (_, path) = key;
            self.texts.0.insert((format, path.clone()), written);
            out.push(ShownValue { path, text: rendered.text, marks: rendered.marks });
        }
        out
    }

    /// How many loaded file texts the session holds (those of its last evaluation).
    pub fn loaded_texts(&self) -> usize {
        self.cache.len()
    }

    /// How many nested stacks' results the session holds (those of its last call).
    pub fn nested_stacks(&self) -> usize {
        self.nested.len()
    }

    /// How many nested stacks its last call took from the previous calls instead of
    /// evaluating them (their inputs and the files they read unchanged).
    pub fn nested_reused(&self) -> usize {
        self.nested.reused()
    }

    /// `f` with both caches active.
    fn scope<R>(&mut self, f: impl FnOnce() -> R) -> R {
        let Session { cache, nested, .. } = self;
        cache.scope(|| nested.scope(f))
    }
}

/// Display values equal exactly (their known parts as [`same_value`]).
fn same_display(a: &[(Vec<PathItem>, Sym)], b: &[(Vec<PathItem>, Sym)]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|((pa, sa), (pb, sb))| pa == pb && same_sym(sa, sb))
}

fn same_sym(a: &Sym, b: &Sym) -> bool {
    let hole = |a: &Hole, b: &Hole| a.label == b.label && a.exact == b.exact;
    let piece = |a: &Piece, b: &Piece| match (a, b) {
        (Piece::Lit(x), Piece::Lit(y)) => x == y,
        (Piece::Hole(x), Piece::Hole(y)) => hole(x, y),
        _ => false,
    };
    fn parts<T>(a: &[Part<T>], b: &[Part<T>], same: impl Fn(&T, &T) -> bool) -> bool {
        a.len() == b.len()
            && a.iter().zip(b).all(|(x, y)| match (x, y) {
                (Part::One(x), Part::One(y)) => same(x, y),
                (Part::Spread(x), Part::Spread(y)) => x.label == y.label && x.exact == y.exact,
                _ => false,
            })
    }
    match (a, b) {
        (Sym::Value(x), Sym::Value(y)) => same_value(x, y),
        (Sym::Hole(x), Sym::Hole(y)) => hole(x, y),
        (Sym::Text(x), Sym::Text(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| piece(p, q)),
        (Sym::List(x), Sym::List(y)) => parts(x, y, same_sym),
        (Sym::Map(x), Sym::Map(y)) => parts(x, y, |(ka, va), (kb, vb)| same_value(ka, kb) && same_sym(va, vb)),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(template: &str, env: &str) -> Request {
        let mut req = Request::new(template);
        req.inputs.environment_files = vec!["env.yaml".into()];
        req.inputs.files.insert("env.yaml".into(), Some(env.into()));
        req.inputs
            .files
            .insert("child.yaml".into(), Some("heat_template_version: 2018-08-31\noutputs:\n  o: {value: 1}\n".into()));
        req
    }

    #[test]
    fn a_session_answers_as_a_cold_evaluation_and_keeps_only_the_last_files() {
        let t1 = "heat_template_version: 2018-08-31\nparameters:\n  p: {type: string}\nresources:\n  c: {type: child.yaml}\noutputs:\n  v: {value: {get_param: p}}\n";
        let t2 = t1.replace("  v:", "  w:");
        let bad = "heat_template_version: 2018-08-31\nresources: [\n";
        let mut session = Session::new();
        for (template, env) in [
            (t1, "parameters: {p: a}\n"),
            (t2.as_str(), "parameters: {p: a}\n"),
            (bad, "parameters: {p: a}\n"),
            (t1, "parameter_defaults: {p: b}\n"),
            (t1, "parameter_defaults: {p: b}\n"),
        ] {
            let req = request(template, env);
            let cold = super::super::evaluate(&req);
            let warm = session.evaluate(&req);
            assert_eq!(warm.result.to_json(), cold.result.to_json());
            assert_eq!(format!("{warm:?}"), format!("{cold:?}"));
            // The template, and each file as a template and as an environment at most.
            assert!(session.loaded_texts() <= 1 + 2 * req.inputs.files.len(), "{} texts kept", session.loaded_texts());
        }
        // A file moved to another source id (a new file before it) is loaded under its new id.
        let mut req = request(t1, "parameters: {p: a}\n");
        req.inputs.files.shift_insert(0, "other.yaml".into(), Some("a: 1\n".into()));
        req.inputs.environment_files.insert(0, "other.yaml".into());
        assert_eq!(format!("{:?}", session.evaluate(&req)), format!("{:?}", super::super::evaluate(&req)));
    }

    #[test]
    fn texts_are_written_again_when_a_value_changes_type_not_only_when_it_differs() {
        let mut session = Session::new();
        for (value, yaml) in [("1", "1\n"), ("1.0", "1.0\n"), ("true", "true\n"), ("'1'", "\"1\"\n"), ("1", "1\n")] {
            let t = format!("heat_template_version: 2018-08-31\noutputs:\n  o: {{value: {value}}}\n");
            let ev = session.evaluated(Request::new(t));
            let texts = session.texts(&ev, Format::Yaml);
            assert_eq!(texts, ev.texts(Format::Yaml));
            let o =
                texts.iter().find(|t| t.path.first() == Some(&PathItem::Key("outputs".into()))).expect("the output");
            assert_eq!(o.text, yaml, "{value}");
        }
    }

    #[test]
    fn a_plan_through_a_session_answers_as_a_cold_plan() {
        let current = "heat_template_version: 2018-08-31\nparameters:\n  p: {type: string}\nresources:\n  c: {type: child.yaml}\n  s: {type: OS::Nova::Server, properties: {image: a, flavor: f, image_update_policy: REPLACE}}\n";
        let mut session = Session::new();
        for new in [
            current.to_string(),
            current.replace("image: a", "image: b"),
            current.replace("resources:", "resources: ["),
        ] {
            let update = request(&new, "parameters: {p: b}\n");
            let mut req = PlanRequest::new(request(current, "parameters: {p: a}\n"), update.template);
            req.inputs.environment_files = update.inputs.environment_files;
            req.inputs.files = update.inputs.files;
            // The editor's order: the new stack evaluated, then the plan.
            assert_eq!(
                format!("{:?}", session.evaluate(&req.new_request())),
                format!("{:?}", super::super::evaluate(&req.new_request()))
            );
            let (warm, cold) = (session.plan(&req, Format::Yaml), super::super::plan(&req, Format::Yaml));
            assert_eq!(warm.to_json(), cold.to_json());
            assert_eq!(format!("{warm:?}"), format!("{cold:?}"));
        }
    }
}
