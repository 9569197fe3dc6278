//! An editing session: successive evaluations that share what did not change.

use super::{Evaluated, Evaluation, Format, Plan, PlanRequest, Request};
use crate::engine::NestedCache;
use crate::syntax::ParseCache;

/// Evaluations of successive versions of a request, as an editor makes them after
/// each keystroke: each file's text loaded by the previous evaluation is not loaded
/// again (see ARCHITECTURE.md, "Incremental evaluation"). Every answer is the one a
/// cold [`evaluate`](super::evaluate) of the same request gives; the session only
/// holds the loaded files of its last evaluation.
#[derive(Debug, Default)]
pub struct Session {
    cache: ParseCache,
    nested: NestedCache,
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
        let Session { cache, nested } = self;
        cache.scope(|| nested.scope(f))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(template: &str, env: &str) -> Request {
        let mut req = Request::new(template);
        req.environment_files = vec!["env.yaml".into()];
        req.files.insert("env.yaml".into(), Some(env.into()));
        req.files
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
            assert!(session.loaded_texts() <= 1 + 2 * req.files.len(), "{} texts kept", session.loaded_texts());
        }
        // A file moved to another source id (a new file before it) is loaded under its new id.
        let mut req = request(t1, "parameters: {p: a}\n");
        req.files.shift_insert(0, "other.yaml".into(), Some("a: 1\n".into()));
        req.environment_files.insert(0, "other.yaml".into());
        assert_eq!(format!("{:?}", session.evaluate(&req)), format!("{:?}", super::super::evaluate(&req)));
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
            req.environment_files = update.environment_files;
            req.files = update.files;
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
