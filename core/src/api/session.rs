//! An editing session: successive evaluations that share what did not change.

use std::collections::HashMap;

use foldhash::fast::FixedState;

use super::{Evaluated, Evaluation, Format, Plan, PlanRequest, Request, ShownTexts, ShownValue};
use crate::engine::{same_value, NestedCache};
use crate::model::diag::PathItem;
use crate::model::rendered::Rendered;
use crate::pyfmt::JsonMemo;
use crate::render::{Placeholders, ResultView};
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
    /// The result and shown texts [`Session::result_json`] and
    /// [`Session::shown_json`] wrote last.
    result_json: JsonMemo,
    shown_json: JsonMemo,
}

/// The texts of the shown values [`Session::texts`] (or
/// [`Session::texts_since`]) wrote last, each stack's by its path, with the
/// result and display values they were written from; the number of that call
/// and its format.
#[derive(Default)]
struct Texts {
    /// Each stack's own shown values (the root's at `[]`, a nested stack's at
    /// `["nested", name, …]`), in the panes' order.
    stacks: HashMap<Vec<PathItem>, Vec<Written>, FixedState>,
    /// The shown result they were written from, and its display values.
    result: Option<Value>,
    placeholders: Placeholders,
    call: u32,
    format: Option<Format>,
}

impl std::fmt::Debug for Texts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Texts").field("stacks", &self.stacks.len()).field("call", &self.call).finish()
    }
}

/// A value's text, its place and the value it was written from (its display
/// values are in [`Texts::placeholders`]).
struct Written {
    path: Vec<PathItem>,
    value: Value,
    rendered: Rendered,
}

/// What one call of [`Session::write_texts`] reads and writes.
struct Writing<'a> {
    view: &'a ResultView,
    format: Format,
    /// The last call's texts may be reused (the same format).
    reuse: bool,
    old: HashMap<Vec<PathItem>, Vec<Written>, FixedState>,
    old_placeholders: Placeholders,
    new: HashMap<Vec<PathItem>, Vec<Written>, FixedState>,
    /// `false`: every text goes into `changed`; `true`: only those that differ from the last call's.
    delta: bool,
    changed: Vec<ShownValue>,
    /// Places of stacks still shown that the last call showed and this one does not.
    gone: Vec<Vec<PathItem>>,
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
        self.write_texts(evaluated, format, None).changed
    }

    /// What [`Session::texts`] would answer, as what changed since the call
    /// numbered `since` (its answer's `call`): only the values whose text
    /// differs or is new, and the places no longer shown — an overcloud edit
    /// sends a few of ~9,000 texts. When `since` is not the session's last
    /// call (or that call wrote another format) the answer is `full`: every
    /// shown value. Applying `changed` and `removed` to the texts of call
    /// `since` gives [`Session::texts`]'s answer.
    pub fn texts_since(&mut self, evaluated: &Evaluated, format: Format, since: Option<u32>) -> ShownTexts {
        let base = since.filter(|&c| c == self.texts.call && self.texts.format == Some(format));
        self.write_texts(evaluated, format, base)
    }

    /// The shown values' texts, each reused when its value and display values
    /// are those it was written from; with `base` (the last call, same format)
    /// only those that differ from that call's and the places it showed alone.
    /// A nested stack whose whole value and display values are those of the
    /// last call keeps its texts, and its nested stacks theirs, without a look
    /// at each value (an overcloud edit changes a few of ~530 stacks).
    fn write_texts(&mut self, evaluated: &Evaluated, format: Format, base: Option<u32>) -> ShownTexts {
        let view = evaluated.view();
        let texts = &mut self.texts;
        let old_result = texts.result.take();
        let mut w = Writing {
            view,
            format,
            reuse: texts.format == Some(format) && old_result.is_some(),
            old: std::mem::take(&mut texts.stacks),
            old_placeholders: std::mem::take(&mut texts.placeholders),
            new: HashMap::default(),
            delta: base.is_some(),
            changed: Vec::new(),
            gone: Vec::new(),
        };
        w.stack(&[], view.value(&[]), old_result.as_ref(), false);
        let removed = if base.is_some() {
            w.gone.into_iter().chain(w.old.into_values().flatten().map(|written| written.path)).collect()
        } else {
            Vec::new()
        };
        texts.stacks = w.new;
        texts.result = view.value(&[]).cloned();
        texts.placeholders = view.placeholders().clone();
        texts.call = texts.call.wrapping_add(1).max(1);
        texts.format = Some(format);
        ShownTexts { call: texts.call, full: base.is_none(), changed: w.changed, removed }
    }

    /// [`Evaluated::result_json`], each value the last call's result shared with
    /// this one (a nested stack replayed from the last evaluation shares its
    /// values) copied from the last call's text instead of written again.
    pub fn result_json(&mut self, evaluated: &Evaluated) -> String {
        evaluated.evaluation().result.to_json_reusing(&mut self.result_json)
    }

    /// [`Evaluated::shown_json`], as [`Session::result_json`] writes the result.
    pub fn shown_json(&mut self, evaluated: &Evaluated) -> Option<String> {
        evaluated.evaluation().shown.as_ref().map(|r| r.to_json_reusing(&mut self.shown_json))
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

impl Writing<'_> {
    /// The texts of the stack at `path` (`value`: the value there; `old`: the
    /// last call's) and of its nested stacks; `same`: the stack is known to be
    /// the last call's (its parent's whole value was).
    fn stack(&mut self, path: &[PathItem], value: Option<&Value>, old: Option<&Value>, same: bool) {
        let same = same
            || (self.reuse
                && matches!((value, old), (Some(v), Some(o)) if same_value(o, v))
                && same_display(self.old_placeholders.under(path), self.view.placeholders_under(path)));
        let kept = self.old.remove(path);
        match kept {
            Some(kept) if same => {
                if !self.delta {
                    let shown = kept.iter().map(|w| shown(&w.path, &w.rendered));
                    self.changed.extend(shown);
                }
                self.new.insert(path.to_vec(), kept);
            }
            kept => self.own(path, value, kept.unwrap_or_default()),
        }
        let old_map = old.and_then(Value::as_map).and_then(|o| o.get_str("nested")).and_then(Value::as_map);
        for (child, v) in super::evaluated::nested_stacks(value, path) {
            let old_child = child.last().and_then(|k| match k {
                PathItem::Key(k) => old_map.and_then(|m| m.get_str(k)),
                PathItem::Index(_) => None,
            });
            self.stack(&child, Some(v), old_child, same);
        }
    }

    /// The texts of the stack at `path` itself, each compared with the last
    /// call's (`kept`: that stack's).
    fn own(&mut self, path: &[PathItem], value: Option<&Value>, kept: Vec<Written>) {
        // In the panes' order, as `paths` mostly are: each found at or near the front.
        let mut kept: std::collections::VecDeque<Written> = kept.into();
        let mut paths = Vec::new();
        super::evaluated::own_shown_paths(value, path, &mut paths);
        let mut written = Vec::with_capacity(paths.len());
        for place in paths {
            let Some(value) = self.view.value(&place) else { continue };
            let display = self.view.placeholders_under(&place);
            let old = kept.iter().position(|w| w.path == place).and_then(|i| kept.remove(i)).filter(|_| self.reuse);
            let (rendered, differs) = match old {
                Some(w)
                    if same_value(&w.value, value) && same_display(self.old_placeholders.under(&place), display) =>
                {
                    (w.rendered, false)
                }
                old => {
                    let rendered = self.view.render_value(value, &place, self.format);
                    let differs = old.is_none_or(|w| w.rendered != rendered);
                    (rendered, differs)
                }
            };
            if !self.delta || differs {
                self.changed.push(shown(&place, &rendered));
            }
            written.push(Written { path: place, value: value.clone(), rendered });
        }
        // What the stack no longer shows.
        self.gone.extend(kept.into_iter().map(|w| w.path));
        self.new.insert(path.to_vec(), written);
    }
}

fn shown(path: &[PathItem], rendered: &Rendered) -> ShownValue {
    ShownValue { path: path.to_vec(), text: rendered.text.clone(), marks: rendered.marks.clone() }
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
    fn texts_since_sends_what_changed_and_what_went() {
        let t = |value: &str, extra: &str| {
            format!("heat_template_version: 2018-08-31\noutputs:\n  o: {{value: {value}}}\n  k: {{value: 1}}\n{extra}")
        };
        let mut session = Session::new();
        let ev = session.evaluated(Request::new(t("1", "  x: {value: 2}\n")));
        let first = session.texts_since(&ev, Format::Yaml, None);
        assert!(first.full && first.removed.is_empty());
        assert_eq!(first.changed, ev.texts(Format::Yaml));
        // `1` becomes `1.0` and `x` goes: only those.
        let ev = session.evaluated(Request::new(t("1.0", "")));
        let next = session.texts_since(&ev, Format::Yaml, Some(first.call));
        assert!(!next.full);
        let paths = |v: &[ShownValue]| v.iter().map(|v| v.path.clone()).collect::<Vec<_>>();
        let out = |name: &str| {
            vec![PathItem::Key("outputs".into()), PathItem::Key(name.into()), PathItem::Key("value".into())]
        };
        assert_eq!(paths(&next.changed), vec![out("o")]);
        assert_eq!(next.changed[0].text, "1.0\n");
        assert_eq!(next.removed, vec![out("x")]);
        // An older call, another format, or `texts` in between: everything again.
        assert!(session.texts_since(&ev, Format::Yaml, Some(first.call)).full);
        let json = session.texts_since(&ev, Format::Json, Some(session.texts.call));
        assert!(json.full && json.changed == ev.texts(Format::Json));
        let call = session.texts.call;
        session.texts(&ev, Format::Json);
        assert!(session.texts_since(&ev, Format::Json, Some(call)).full);
        let same = session.texts_since(&ev, Format::Json, Some(session.texts.call));
        assert!(!same.full && same.changed.is_empty() && same.removed.is_empty());
    }

    #[test]
    fn a_nested_stack_edited_sends_its_texts_alone() {
        let request = |other: &str| {
            let mut req = request(
                "heat_template_version: 2018-08-31\nresources:\n  c: {type: child.yaml}\n  d: {type: other.yaml}\n",
                "{}\n",
            );
            req.inputs.files.insert("other.yaml".into(), Some(other.into()));
            req
        };
        let child = |v: &str| {
            format!("heat_template_version: 2018-08-31\nresources:\n  v: {{type: OS::Heat::Value, properties: {{value: {v}}}}}\n")
        };
        let mut session = Session::new();
        let ev = session.evaluated(request(&child("1")));
        let first = session.texts_since(&ev, Format::Yaml, None);
        let ev = session.evaluated(request(&child("2")));
        let next = session.texts_since(&ev, Format::Yaml, Some(first.call));
        let d =
            |rest: &[&str]| ["nested", "d"].iter().chain(rest).map(|k| PathItem::Key((*k).into())).collect::<Vec<_>>();
        assert_eq!(
            next.changed.iter().map(|v| v.path.clone()).collect::<Vec<_>>(),
            vec![d(&["resources", "v", "properties"])]
        );
        assert!(next.removed.is_empty());
        // The stacks kept whole answer in the panes' order.
        assert_eq!(session.texts(&ev, Format::Yaml), ev.texts(Format::Yaml));
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
