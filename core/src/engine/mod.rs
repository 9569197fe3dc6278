//! The evaluation pipeline: a request in, Heat's canonical result and every
//! diagnostic out. Stages follow Heat's stack-create path in order (see
//! ARCHITECTURE.md), so the first error is the one Heat would raise.

mod cfn;
#[cfg(test)]
mod deploy_time_tests;
#[cfg(test)]
mod display_tests;
mod driver;
pub mod environment;
pub(crate) mod existing;
pub(crate) mod file_schemata;
pub mod heat_config;
pub(crate) mod mode;
mod nested;
pub mod parameters;
pub(crate) mod properties;
pub mod resources;
pub(crate) mod result;
mod reuse;
mod stack_cache;
mod stages;
mod update_policy;
pub mod validate;

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use indexmap::IndexMap;

pub(crate) use stack_cache::{read_file, same_value, NestedCache};

use crate::eval::EvalError;
use crate::model::diag::{Diagnostic, Severity};
use crate::model::request::{Display, Request};
use crate::model::result::{DeployTime, Evaluation, HeatResult, NotChecked, Unknown};
use crate::source::SourceId;
use crate::stack::Stack;
use crate::syntax::Node;
use crate::value::{Map, Value};
use crate::version::HotVersion;
use environment::Environment;
use parameters::ParamSchema;
use stages::Failed;

/// The top-level sections a HOT template of `version` may have
/// (`HOTemplate.SECTIONS`, `conditions` since 2016-10-14).
pub fn template_sections(version: HotVersion) -> Vec<&'static str> {
    let mut allowed =
        vec!["heat_template_version", "description", "parameter_groups", "parameters", "resources", "outputs"];
    if version.has_conditions() {
        allowed.push("conditions");
    }
    allowed
}

/// Evaluate a request the way Heat's stack create would: Heat's canonical
/// result and, when Heat refuses the stack or one of its nested stacks, the
/// display evaluation that goes on past the first error
/// ([`Evaluation::shown`]); [`Request::display`] says when.
pub fn evaluate(req: &Request) -> Evaluation {
    evaluate_with(req, None, Through::default())
}

/// Heat's run alone: [`evaluate`] without the deploy-time runs that tell
/// which of Heat's errors depend only on deploy-time values. The work Heat's
/// own evaluation does, for the benches' side-by-side figure
/// (`api::test_support::heats_run`); nothing else evaluates so.
pub fn heats_run(req: &Request) -> Evaluation {
    evaluate_with(req, None, Through { heats_run_only: true, ..Through::default() })
}

/// [`evaluate`] with deploy-time runs that take nothing from Heat's run
/// (`reuse.rs`): every check and nested stack run again. What those runs
/// reuse is checked against it (`core/tests/reuse.rs`); nothing else
/// evaluates so.
pub fn evaluate_without_reuse(req: &Request) -> Evaluation {
    evaluate_with(req, None, Through { without_reuse: true, ..Through::default() })
}

/// [`evaluate`] with the deploy-time runs made even where Heat refused the
/// stack before its validation ended (where `evaluate` knows they find no
/// artifact): the tests compare the two (`api::test_support`).
pub fn every_pass(req: &Request) -> Evaluation {
    evaluate_with(req, None, Through { every_pass: true, ..Through::default() })
}

/// How an update plan's evaluations read what the request does not say of
/// the stack as it is ([`evaluate_existing`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Through {
    /// The deploy-time treatment: an attribute not known yet, of a new
    /// resource or of an existing one not mocked, is unknown, not null (the
    /// stack exists: it had the value when it was created).
    pub deployed: bool,
    /// A top-level parameter without any value is unknown (symbolic, as the
    /// display evaluation has it), not Heat's `UserParameterMissing`: the
    /// stack exists with a value the request does not give.
    pub missing_params: bool,
    /// Heat's run alone: no deploy-time runs after it ([`heats_run`]).
    pub heats_run_only: bool,
    /// The deploy-time runs reuse nothing ([`evaluate_without_reuse`]).
    pub without_reuse: bool,
    /// The deploy-time runs also after a refusal before the top-level
    /// stack's validation ended ([`every_pass`]).
    pub every_pass: bool,
}

/// Evaluate a request whose stack (or part of it) already exists: `hook`
/// says which resources are created (see [`existing`]); none for the
/// create of the stack as it is. Heat's canonical result with what
/// `through` leaves unknown (an update plan compares those).
pub(crate) fn evaluate_existing(req: &Request, hook: Option<&dyn existing::Existing>, through: Through) -> Evaluation {
    evaluate_with(req, hook, through)
}

/// The request stage, then the top-level stack's stages; then, as
/// [`Request::display`] says, the display evaluation.
fn evaluate_with(req: &Request, hook: Option<&dyn existing::Existing>, through: Through) -> Evaluation {
    // The stacks of this evaluation share what they parse of one template.
    let _parsed = crate::eval::parse_cache_scope();
    let mut run = Driver::new();
    if through.deployed {
        run.mode = run.mode.deployed();
    }
    let staged = stages::request::request(&mut run.caches(), req);
    let top = match run.apply(staged) {
        Ok(Some(top)) => {
            run.mode = run.mode.answered_by(top.release);
            top
        }
        Ok(None) => return run.finish(),
        Err(failed) => {
            run.report(failed);
            run.ev.result.clear_sections();
            return run.finish();
        }
    };
    let env = match hook {
        Some(h) => h.environment(top.env, &top.schemas),
        None => top.env,
    };
    let unknown_params = if through.missing_params { without_values(&env, &top.schemas) } else { IndexMap::new() };
    let files = Rc::new(req.inputs.files.clone());
    // An editing session's nested-stack results checked against these files.
    let _evaluating = stack_cache::begin(&files);
    // The deploy-time runs reuse what this one records (`reuse.rs`): the
    // top-level stack's checks of its nested stacks; without a display
    // evaluation, outside an editing session, which created ones they run.
    if hook.is_none() && !through.heats_run_only && !through.without_reuse {
        let focus = req.display == Display::Never && !stack_cache::active();
        run.reuse.trace = Some(Rc::new(RefCell::new(reuse::Trace { focus, ..reuse::Trace::default() })));
    }
    let input = StackInput {
        root: &top.root,
        version: top.version,
        stack_name: top.stack_name,
        stack_id: req.playground.stack_id.clone(),
        project_id: &req.playground.project_id,
        files,
        env,
        schemas: top.schemas,
        depth: 0,
        mocks: Some((&req.playground.attributes, &req.playground.reference_ids)),
        deploy_params: IndexMap::new(),
        unknown_params,
        config: top.config,
        existing: hook,
        path: Vec::new(),
    };
    // Heat's result alone: no marks for the panes.
    if req.display == Display::Never {
        run.mode = run.mode.without_marks();
    }
    let refused = match run.stack(&input) {
        Ok(()) => api_failed(&run.ev.result),
        Err(failed) => {
            run.report(failed);
            run.ev.result.clear_sections();
            true
        }
    };
    // Heat refused the stack before its validation ended: the deploy-time
    // treatment starts once a stack is validated, so those runs would fail
    // it the same way (their error places are Heat's: no artifact).
    if hook.is_none()
        && !through.heats_run_only
        && (run.validated || through.every_pass)
        && !run.ev.result.error_places().is_empty()
    {
        run.deploy_time(&input);
    }
    let artifacts = !run.ev.deploy_time.is_empty();
    if (refused || artifacts) && req.display != Display::Never && hook.is_none() {
        let without_values = req.display == Display::WithoutValues;
        let heats = if without_values { std::mem::take(&mut run.ev.diagnostics) } else { Vec::new() };
        run.display(&input, without_values);
        if without_values && run.ev.unknowns.is_empty() {
            // Every value given: Heat's verdict stands, its diagnostics first.
            let shown = std::mem::replace(&mut run.ev.diagnostics, heats);
            for d in shown {
                push_once(&mut run.ev.diagnostics, d);
            }
        } else if without_values {
            // Heat's verdict would be about the values not given: none.
            let template_version = run.ev.result.template_version.take();
            run.ev.result = HeatResult { template_version, ..HeatResult::default() };
        }
        if let Some(shown) = &mut run.ev.shown {
            heats_errors(&run.ev.result, shown, "", &run.ev.deploy_time);
        }
    }
    crate::pyhash::set_order_notes(&mut run.ev.diagnostics, run.mode.release().info().python);
    run.finish()
}

/// The parameters without any value (given, a default of the environment's
/// or the template's), each unknown as `parameter NAME`.
fn without_values(env: &Environment, schemas: &[ParamSchema]) -> IndexMap<String, Vec<String>> {
    let given = |m: &Map, name: &str| m.get_str(name).is_some_and(|v| !v.is_null());
    schemas
        .iter()
        .filter(|s| s.default.is_none() && !given(&env.parameters, &s.name) && !given(&env.parameter_defaults, &s.name))
        .map(|s| (s.name.clone(), vec![format!("parameter {}", s.name)]))
        .collect()
}

/// Heat's verdict on each stack (the top-level one, a nested one it fails)
/// kept in what the display evaluation shows of it: failures marked in place
/// (not those that depend only on deploy-time values). `at`: the stack's
/// nested path.
fn heats_errors(heat: &HeatResult, shown: &mut HeatResult, at: &str, deploy_time: &[DeployTime]) {
    if heat.error.is_some() && !deploy_time.iter().any(|d| d.stack == at && d.output.is_none()) {
        shown.error.clone_from(&heat.error);
    }
    for (name, nested) in &heat.nested {
        if let Some(s) = shown.nested.get_mut(name) {
            let path = if at.is_empty() { name.clone() } else { format!("{at}/{name}") };
            heats_errors(nested, s, &path, deploy_time);
        }
    }
}

/// Whether Heat refuses a stack or fails one of its nested stacks.
fn api_failed(r: &HeatResult) -> bool {
    r.error.is_some() || r.nested.values().any(api_failed)
}

/// `str(stack.id)` of a stack that is not stored (template validate's
/// `dummy` stack): what `OS::stack_id` and `AWS::StackId` show for it.
pub(crate) const UNSTORED_STACK_ID: &str = "None";

/// How many nested stacks and resources in them one request may build
/// (validation and results together): a group of providers of groups is
/// bounded here, not by time.
const NESTED_BUDGET: u32 = 20_000;

/// What one request's evaluations share (a nested stack's run gets them
/// from its parent, the display and deploy-time evaluations too): the
/// source texts spans point into, the templates loaded, each file's source
/// id, the nested stacks that may still be built. No result: the driver
/// writes that ([`Driver`]).
pub(crate) struct Run {
    /// The source texts (the evaluation's when it ends).
    sources: crate::source::SourceMap,
    /// Template files loaded so far (shared with nested runs).
    templates: Rc<RefCell<HashMap<String, Rc<stages::request::Template>>>>,
    /// The source id of each file already registered (a nested run's copy
    /// is made when it registers one: most never do).
    file_ids: Rc<HashMap<String, SourceId>>,
    /// Nested stacks that may still be built.
    budget: u32,
}

/// One stack's evaluation in progress (`engine/driver.rs`): what the
/// stages found so far, the mode it applies their reports in, and the
/// request's caches.
pub(crate) struct Driver {
    ev: Evaluation,
    /// What this stack's evaluation is for ([`mode::Mode`]).
    mode: mode::Mode,
    /// The caches.
    run: Run,
    /// What the deploy-time runs reuse of Heat's run (`reuse.rs`).
    reuse: reuse::Reuse,
    /// The stack's validation stage ended without Heat's error: from there
    /// on the deploy-time treatment differs ([`Driver::stack`]).
    validated: bool,
}

/// The caches a stage that loads files writes: the source texts, each
/// file's source id, the templates loaded (a [`Run`]'s), and the nested
/// budget left.
pub(crate) struct Caches<'a> {
    sources: &'a mut crate::source::SourceMap,
    file_ids: &'a mut Rc<HashMap<String, SourceId>>,
    templates: &'a RefCell<HashMap<String, Rc<stages::request::Template>>>,
    /// Nested stacks and resources that may still be built (a group's bound).
    budget: u32,
}

/// One stack's inputs: the top-level stack from the request, a nested one
/// from its parent resource.
pub(crate) struct StackInput<'a> {
    root: &'a Node,
    version: HotVersion,
    stack_name: &'a str,
    stack_id: String,
    project_id: &'a str,
    files: Rc<IndexMap<String, Option<String>>>,
    env: Environment,
    schemas: Vec<ParamSchema>,
    /// 0 for the top-level stack.
    depth: usize,
    mocks: Option<Mocks<'a>>,
    /// Parameters the parent gives a deploy-time value ([`Stack::deploy_params`]).
    deploy_params: IndexMap<String, crate::symbolic::Sym>,
    /// Parameters a display evaluation's parent gives a value it does not
    /// have, with what they need.
    unknown_params: IndexMap<String, Vec<String>>,
    /// The cloud's Heat settings.
    config: Rc<heat_config::HeatConfig>,
    /// Which resources exist (an update plan's evaluations), and this
    /// stack's path of resource names from the top.
    existing: Option<&'a dyn existing::Existing>,
    path: Vec<Rc<str>>,
}

/// The request's mocked attributes and reference ids.
type Mocks<'a> = (&'a IndexMap<String, Map>, &'a IndexMap<String, String>);

/// What the stages before validation made of a stack, for the later ones.
pub(crate) struct Parts {
    /// What functions see: parameters, conditions, enabled resources.
    stack: Stack,
    conditions: stages::conditions::Conditions,
    definitions: stages::definitions::Definitions,
    graph: stages::graph::Graph,
    outputs: stages::outputs::Outputs,
}

impl Driver {
    fn new() -> Driver {
        Driver {
            ev: Evaluation::default(),
            mode: mode::Mode::create(),
            run: Run {
                sources: crate::source::SourceMap::default(),
                templates: Rc::default(),
                file_ids: Rc::default(),
                budget: NESTED_BUDGET,
            },
            reuse: reuse::Reuse::default(),
            validated: false,
        }
    }

    /// A driver for a nested stack: the sources, loaded templates and budget
    /// are the parent's (its own copy of the file ids).
    fn spawn(&mut self) -> Driver {
        let mut run = Driver::new();
        run.run.sources = std::mem::take(&mut self.run.sources);
        run.run.templates = self.run.templates.clone();
        run.run.file_ids = self.run.file_ids.clone();
        run.run.budget = self.run.budget;
        run.mode = self.mode;
        run.reuse = self.reuse.clone();
        run
    }

    /// The evaluation, with the sources its spans point into.
    fn finish(mut self) -> Evaluation {
        self.ev.sources = self.run.sources;
        self.ev
    }

    /// The caches a loading stage writes.
    pub(crate) fn caches(&mut self) -> Caches<'_> {
        Caches {
            sources: &mut self.run.sources,
            file_ids: &mut self.run.file_ids,
            templates: &self.run.templates,
            budget: self.run.budget,
        }
    }

    /// The display evaluation of the top-level stack after Heat's: the
    /// same stages on the same input, in display mode, sharing this run's
    /// sources (spans of both point into one map). Its result is what the
    /// panes show; its diagnostics join this run's (each once). `notes`: the
    /// values it does not have listed as notes (without values; with them,
    /// Heat's own errors say which are missing).
    fn display(&mut self, input: &StackInput<'_>, notes: bool) {
        let mut run = self.spawn();
        run.reuse = reuse::Reuse::default();
        run.mode = self.mode.display().deployed();
        run.run.budget = NESTED_BUDGET;
        run.ev.version = self.ev.version;
        run.ev.result.template_version = self.ev.result.template_version.clone();
        if let Err(failed) = run.stack(input) {
            // Only a bound stops a display evaluation.
            run.problem(failed.error);
        }
        let ev = run.ev;
        self.run.sources = run.run.sources;
        for d in ev.diagnostics {
            push_once(&mut self.ev.diagnostics, d);
        }
        self.ev.shown = Some(ev.result);
        self.ev.param_info = ev.param_info;
        self.ev.deferred = ev.deferred;
        self.ev.display = ev.display;
        self.ev.edges = ev.edges;
        // The values it does not have, listed once, as information.
        for u in ev.unknowns.iter().filter(|_| notes) {
            let why = if u.label.contains("://") { ": hotplate never downloads a file" } else { " has no value" };
            let message = format!("{}{why}; it is left unknown and what needs it is not checked", u.label);
            push_once(&mut self.ev.diagnostics, Diagnostic::note(crate::eval::UNKNOWN_CODE, message).at_opt(u.span));
        }
        self.ev.unknowns = ev.unknowns;
        self.ev.not_checked = ev.not_checked;
    }

    /// Heat's errors that depend only on deploy-time values: the same stages
    /// again with the deploy-time treatment ([`mode::Mode::deployed`]: once a
    /// stack is validated, an attribute of a resource not created is
    /// unknown, and what needs it is not checked). An error place of Heat's
    /// result that this evaluation does not have is one
    /// ([`Evaluation::deploy_time`], with the values it waits for); its
    /// diagnostics give way to one note each.
    fn deploy_time(&mut self, input: &StackInput<'_>) {
        // What Heat's evaluation recorded for these runs (`reuse.rs`), when
        // the top-level stack has no error and the budget is far.
        if let Some(trace) = self.reuse.trace.take() {
            let trace = trace.take();
            let spent = NESTED_BUDGET.saturating_sub(self.run.budget);
            let top_fails = self.ev.result.error_places().iter().any(|(stack, _, _)| stack.is_empty());
            if !top_fails && spent <= NESTED_BUDGET / 4 {
                let focus = trace.focus.then(|| reuse::Focus::new(&trace));
                self.reuse.replay = Some(Rc::new(reuse::Replay { checks: trace.checks, focus }));
            }
        }
        // Every attribute not created unknown: the places that depend on
        // them, and what each waits for.
        let unknown = self.deployed_run(input, false);
        let artifacts = |ev: &Evaluation, places: Vec<(String, Option<String>, String)>| {
            let deployed = ev.result.error_places();
            places.into_iter().filter(|(s, o, _)| !deployed.iter().any(|(ds, dout, _)| ds == s && dout == o)).collect()
        };
        let mut places: Vec<(String, Option<String>, String)> = artifacts(&unknown, self.ev.result.error_places());
        // Then with what Heat computes once a resource is created (an
        // `OS::Heat::Value`'s value): a place that fails there too is real.
        let computed = if places.is_empty() { None } else { Some(self.deployed_run(input, true)) };
        self.reuse.replay = None;
        if let Some(ev) = &computed {
            places = artifacts(ev, places);
        }
        for (stack, output, message) in places {
            let mut waits: Vec<&NotChecked> =
                unknown.not_checked.iter().filter(|n| waits_for(n, &stack, output.as_deref())).collect();
            // The outermost stack's checks: where the value enters.
            let outermost = waits.iter().map(|n| n.stack.matches('/').count() + usize::from(!n.stack.is_empty())).min();
            waits.retain(|n| Some(n.stack.matches('/').count() + usize::from(!n.stack.is_empty())) == outermost);
            let mut needs: Vec<String> = Vec::new();
            for label in waits.iter().flat_map(|n| &n.needs) {
                if !needs.contains(label) {
                    needs.push(label.clone());
                }
            }
            let span = waits.iter().find_map(|n| n.span);
            self.ev.deploy_time.push(DeployTime { stack, output, message, needs, span });
        }
        if self.ev.deploy_time.is_empty() {
            return;
        }
        // Heat's errors that the deploy-time evaluation does not meet are
        // its artifacts: each place is one note instead.
        let sources = &self.run.sources;
        let key = |d: &Diagnostic| {
            let at = d.span.map(|s| (sources.get(s.source).map(|f| f.name.clone()), s.start, s.end));
            (d.code, d.message.clone(), at)
        };
        let ev = computed.as_ref().unwrap_or(&unknown);
        let real: Vec<_> = ev.diagnostics.iter().filter(|d| d.severity == Severity::Error).map(key).collect();
        // The same error at the same place whose message shows values the
        // deploy-time evaluation does not have (`["", null]` for Heat's
        // `["", ""]`) is the same error.
        let real_at: Vec<_> = real.iter().filter(|(_, _, at)| at.is_some()).map(|(code, _, at)| (*code, at)).collect();
        let diagnostics = std::mem::take(&mut self.ev.diagnostics);
        self.ev.diagnostics = diagnostics
            .into_iter()
            .filter(|d| {
                let k = key(d);
                let (code, _, at) = &k;
                d.severity != Severity::Error || real.contains(&k) || (at.is_some() && real_at.contains(&(*code, at)))
            })
            .collect();
        for d in &self.ev.deploy_time {
            self.ev.diagnostics.push(d.note());
        }
    }

    /// The stages again with the deploy-time treatment ([`Driver::deploy_time`]);
    /// `values`: computing what Heat computes once a resource is created.
    fn deployed_run(&mut self, input: &StackInput<'_>, values: bool) -> Evaluation {
        let mut run = self.spawn();
        run.reuse.trace = None;
        // `deploy_time` reads no mark of these runs.
        let mode = if values { self.mode.once_created() } else { self.mode.deployed() };
        run.mode = mode.without_marks();
        run.run.budget = NESTED_BUDGET;
        if let Err(failed) = run.stack(input) {
            run.report(failed);
        }
        self.run.sources = std::mem::take(&mut run.run.sources);
        run.ev
    }

    /// A display evaluation's diagnostic (each problem once).
    pub(crate) fn diagnostic(&mut self, d: Diagnostic) {
        if self.mode.past_errors() {
            push_once(&mut self.ev.diagnostics, d);
        } else {
            self.ev.diagnostics.push(d);
        }
    }

    /// A display evaluation's problem: an unknown value makes what needed it
    /// not checked; any other error is a diagnostic (each once).
    fn problem(&mut self, e: EvalError) {
        let e = self.localize(e);
        if e.is_unknown() {
            // A file named by URL is one of the values it does not have.
            for label in e.unknown_labels().into_iter().filter(|l| l.contains("://")) {
                if !self.ev.unknowns.iter().any(|u| u.label == label) {
                    self.ev.unknowns.push(Unknown { label, span: e.span });
                }
            }
            let path = crate::eval::render_path(&e.heat_path());
            let check = match e.svf.as_ref().map(|s| s.error.as_str()) {
                Some(named) if !named.is_empty() => named.to_string(),
                _ => check_kind(&path).to_string(),
            };
            self.not_checked(NotChecked { stack: String::new(), check, path, needs: e.unknown_labels(), span: e.span });
            return;
        }
        push_once(&mut self.ev.diagnostics, e.to_diagnostic());
    }

    /// One more check not made (each once).
    pub(crate) fn not_checked(&mut self, item: NotChecked) {
        if !self.ev.not_checked.contains(&item) {
            self.ev.not_checked.push(item);
        }
    }

    /// A stage-level error: Heat stops here; a display evaluation records it
    /// and goes on with what the stage could make.
    fn stop(&mut self, e: EvalError) -> Result<(), Failed> {
        if self.mode.past_errors() && e.code != "budget-exceeded" {
            self.problem(e);
            return Ok(());
        }
        Err(self.failed(e))
    }

    /// Heat's error for this stack, its paths in the template's own spelling.
    fn failed(&self, e: EvalError) -> Failed {
        Failed::heat(self.localize(e))
    }

    /// The stack failed: its error is the result's, and a diagnostic.
    fn report(&mut self, failed: Failed) {
        self.ev.diagnostics.push(failed.reported.diagnostic.clone());
        self.ev.result.error = Some(failed.reported);
    }

    /// Heat stops at its first error, but the rest of a stage is still checked
    /// so that every independent problem gets a diagnostic: the first error is
    /// kept for the result, later ones only become diagnostics.
    fn note(&mut self, first: &mut Option<EvalError>, e: EvalError) -> Result<(), Failed> {
        if e.code == "budget-exceeded" {
            // Going on would only spend more: stop with what Heat would report.
            let e = first.take().unwrap_or(e);
            return Err(self.failed(e));
        }
        if self.mode.past_errors() {
            self.problem(e);
            return Ok(());
        }
        if first.is_none() {
            *first = Some(e);
        } else {
            let e = self.localize(e);
            self.ev.diagnostics.push(e.to_diagnostic());
        }
        Ok(())
    }

    /// End a stage checked with [`Driver::note`]: Heat stops here if it failed.
    fn end_stage(&mut self, first: Option<EvalError>) -> Result<(), Failed> {
        match first {
            Some(e) => Err(self.failed(e)),
            None => Ok(()),
        }
    }

    /// An error of this stack with its paths in the template's own spelling.
    fn localize(&self, e: EvalError) -> EvalError {
        match self.ev.version {
            Some(v) => cfn::localize(e, v),
            None => e,
        }
    }
}

/// Add a display evaluation's diagnostic unless the problem has one
/// ([`same_problem`]), or unless it is an error about a place that holds an
/// error already reported: a later stage meeting what an earlier one found
/// (a reference to a missing resource: the dependency graph's error, then
/// the property that holds it failing to resolve).
fn push_once(diagnostics: &mut Vec<Diagnostic>, d: Diagnostic) {
    let consequence = |o: &Diagnostic| match (o.span, d.span) {
        (Some(inner), Some(outer)) => {
            o.severity == Severity::Error
                && d.severity == Severity::Error
                && inner.source == outer.source
                && outer.start <= inner.start
                && inner.end <= outer.end
        }
        _ => false,
    };
    if !diagnostics.iter().any(|o| same_problem(o, &d) || consequence(o)) {
        diagnostics.push(d);
    }
}

/// Whether two diagnostics report one problem: the same one; one of the
/// same code at the same place (Heat's validation and resolution of one
/// snippet word it differently); or one error and the same error wrapped
/// (`Property error: resources.r.properties.p: <message>` at the value, the
/// resolution's `<message>` at the function inside it).
fn same_problem(a: &Diagnostic, b: &Diagnostic) -> bool {
    if a == b {
        return true;
    }
    let (Some(x), Some(y)) = (a.span, b.span) else { return false };
    if x == y && a.code == b.code {
        return true;
    }
    let inside =
        |x: crate::source::Span, y: crate::source::Span| x.source == y.source && x.start <= y.start && y.end <= x.end;
    let wraps = |outer: &Diagnostic, inner: &Diagnostic| {
        outer.message.strip_suffix(inner.message.as_str()).is_some_and(|prefix| prefix.ends_with(": "))
    };
    a.severity == b.severity && ((inside(x, y) && wraps(a, b)) || (inside(y, x) && wraps(b, a)))
}

/// Whether a check not made belongs to an error place (a nested stack by
/// path, one of its outputs): what that error waits for.
fn waits_for(n: &NotChecked, stack: &str, output: Option<&str>) -> bool {
    let under = |path: &str, prefix: &str| {
        path.strip_prefix(prefix).is_some_and(|rest| rest.is_empty() || rest.starts_with('.'))
    };
    match output {
        Some(o) => n.stack == stack && under(&n.path, &format!("outputs.{o}")),
        None => {
            let (parent, name) = stack.rsplit_once('/').unwrap_or(("", stack));
            n.stack == stack
                || n.stack.strip_prefix(stack).is_some_and(|rest| rest.starts_with('/'))
                || (!stack.is_empty() && n.stack == parent && under(&n.path, &format!("resources.{name}")))
        }
    }
}

/// What kind of check a Heat path names (for the not-checked list).
fn check_kind(path: &str) -> &'static str {
    let mut parts = path.split('.');
    match (parts.next(), parts.next(), parts.next()) {
        (Some("resources"), Some(_), Some(p)) if p.starts_with("properties") => "property",
        (Some("resources"), Some(_), Some(_)) => "resource field",
        (Some("resources"), _, None) => "resource",
        (Some("outputs"), _, _) => "output",
        (Some("conditions"), _, _) => "condition",
        (Some("parameters"), _, _) => "parameter",
        _ => "check",
    }
}

/// Heat joins section names into dotted paths with `'.'.join`, which fails for a
/// name that YAML loaded as something other than a string (`no:` is `False`).
fn str_name(k: &Node) -> Result<(), EvalError> {
    match k.scalar() {
        Some(Value::Str(_)) => Ok(()),
        other => Err(EvalError::type_error(format!(
            "sequence item 1: expected str instance, {} found",
            other.map_or("NoneType", Value::type_name)
        ))
        .at(k.span)),
    }
}
