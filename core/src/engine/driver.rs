//! The driver: runs one stack's stages in Heat's order and writes the
//! evaluation. A stage in the second step's shape returns its part and its
//! report ([`stages::Staged`]); [`Driver::apply`] applies the report as the mode
//! says and hands the part on, so the stage itself never reads the mode.

use std::rc::Rc;

use super::nested::Child;
use super::resources::ResourceDefn;
use super::reuse::Checked;
use super::stages::{self, Failed, Found, Piece, Report, Staged};
use super::{existing, nested, Caches, Driver, Parts, StackInput};
use crate::eval::EvalError;
use crate::model::result::Evaluation;
use crate::model::result::HeatResult;
use crate::pystd::uuid5_url;
use crate::syntax::Node;

impl Driver {
    /// A stage's report applied as the mode says ([`Driver::stop`] for a stop,
    /// [`Driver::note`] for a piece's error, [`Driver::end_stage`] at the end of a
    /// step and of the stage): Heat's
    /// first error stops the stack; a display evaluation records each and
    /// goes on. The part is the stage's whole part either way.
    pub(crate) fn apply<T>(&mut self, staged: Staged<T>) -> Result<T, Failed> {
        self.apply_report(staged.report)?;
        Ok(staged.part)
    }

    /// [`Driver::apply`]'s work, once for every part type.
    fn apply_report(&mut self, report: Vec<Report>) -> Result<(), Failed> {
        let mut first = None;
        for report in report {
            match report {
                Report::Stop(e) => self.stop(e)?,
                Report::Note(e) => self.note(&mut first, e)?,
                Report::EndStep => self.end_stage(first.take())?,
                Report::Problem(e) => self.problem(e),
                Report::Diagnostic(d) => self.diagnostic(d),
                Report::Failed(failed) => return Err(failed),
                Report::Info(d) => {
                    if !self.ev.diagnostics.contains(&d) {
                        self.ev.diagnostics.push(d);
                    }
                }
                Report::DiagnosticOnce(d) => {
                    if !self.ev.diagnostics.contains(&d) {
                        self.diagnostic(d);
                    }
                }
                Report::Found(found) => self.found(found),
                Report::UntilError(found) => {
                    if first.is_none() {
                        self.found(found);
                    }
                }
            }
        }
        self.end_stage(first)
    }

    /// What the mode asks of the stages.
    pub(crate) fn treatment(&self) -> stages::Treatment {
        stages::Treatment {
            strict: self.mode.strict(),
            template_only: self.mode.template_only(),
            display: self.mode.past_errors(),
            release: self.mode.release(),
            marks: self.mode.marks(),
        }
    }

    /// What a stage found, written to the evaluation.
    fn found(&mut self, found: Found) {
        let ev = &mut self.ev;
        match found {
            Found::ParamInfo(info) => ev.param_info = info,
            Found::Unknown(u) => {
                if !ev.unknowns.iter().any(|o| o.label == u.label) {
                    ev.unknowns.push(u);
                }
            }
            Found::NotChecked(item) => self.not_checked(item),
            Found::SkippedConstraint(parameter, constraint) => {
                let item = (parameter, constraint);
                if !ev.result.skipped_constraints.contains(&item) {
                    ev.result.skipped_constraints.push(item);
                    crate::sort::sort(&mut ev.result.skipped_constraints);
                }
            }
            Found::SkippedProperties(skipped) => ev.result.skipped_properties.extend(skipped),
            Found::SkippedChecks(checks) => ev.result.skipped_checks.extend(checks),
            Found::Version(version, text) => {
                ev.result.template_version = Some(text);
                ev.version = Some(version);
            }
            Found::Marks(marks) => {
                ev.deferred.extend(marks.deferred);
                ev.display.extend(marks.display);
                ev.edges.extend(marks.edges);
            }
        }
    }

    /// A stack from its template on: Heat's `Stack.validate`, then (unless only
    /// validating) what the result shows and the nested stacks. A nested stack
    /// runs the same stages.
    pub(crate) fn stack(&mut self, input: &StackInput<'_>) -> Result<(), Failed> {
        let mut parts = self.build(input)?;
        let validated = stages::validation::validation(input, &mut parts, self.treatment(), self);
        self.apply(validated)?;
        self.validated = true;
        if !self.mode.collects() {
            return Ok(());
        }
        // Validated: with the deploy-time treatment, what is resolved from
        // here on sees an attribute as the unknown value it is once created.
        parts.stack.deployed = self.mode.deploy_time();
        // The second deploy-time evaluation creates the nested stacks first,
        // in creation order: what each is once created flows back to the
        // stacks after it and to the result sections
        // ([`nested::created`], as the oracle's `x-deployed`).
        let created = if self.mode.values_once_created() && input.existing.is_none() {
            let staged = nested::created(input, &mut parts, self);
            Some(self.apply(staged)?)
        } else {
            None
        };
        let sections = self.apply(stages::results::results(input, &mut parts, self.treatment()))?;
        let result = &mut self.ev.result;
        result.parameters = sections.parameters;
        result.conditions = sections.conditions;
        result.resources = sections.resources;
        result.outputs = sections.outputs;
        if let Some(hook) = input.existing {
            hook.collected(&input.path, &parts.stack, &parts.definitions.defns);
            existing::for_children(hook, &input.path, &mut parts.stack, &parts.definitions.defns);
        }
        let nested = match created {
            Some(created) => created,
            None => {
                let staged = nested::nested(input, &parts, self);
                self.apply(staged)?
            }
        };
        for (name, piece) in nested.pieces {
            let result = match piece {
                Piece::Known(result) => result,
                Piece::Failed(e) => HeatResult { error: Some(stages::heat_error(&e)), ..HeatResult::default() },
                Piece::Unknown => continue,
            };
            self.ev.result.nested.insert(name, result);
        }
        Ok(())
    }

    /// Everything Heat checks before it validates each resource: template
    /// structure, parameters, conditions, resource definitions and their
    /// dependencies, outputs.
    pub(crate) fn build(&mut self, input: &StackInput<'_>) -> Result<Parts, Failed> {
        let structure = self.apply(stages::structure::structure(input))?;
        self.build_on(input, &structure)
    }

    /// [`Driver::build`] after the structure stage.
    pub(crate) fn build_on(
        &mut self,
        input: &StackInput<'_>,
        structure: &stages::structure::Structure<'_>,
    ) -> Result<Parts, Failed> {
        let mut stack = self.apply(stages::parameters::parameters(input, structure, self.treatment()))?;
        stack.mode = self.mode;
        let conditions = self.apply(stages::conditions::conditions(input, structure, &mut stack))?;
        let definitions = self.apply(stages::definitions::definitions(input, structure, &mut stack))?;
        let graph = self.apply(stages::graph::graph(&definitions, &stack))?;
        let outputs = self.apply(stages::outputs::outputs(structure, &stack, input.version))?;
        Ok(Parts { stack, conditions, definitions, graph, outputs })
    }
}

/// The nested stacks: each a run of its own sharing this one's caches.
impl Driver {
    /// `get_nested_parameters_stack()` (template validate's `show_nested`):
    /// the nested stack Heat builds, without validating it, for a
    /// nested-stack resource, given to `visit` as its input (in a run of its
    /// own that shares the caches). `None` for other resources, and for a
    /// template Heat reads from elsewhere. Heat's errors here are its own
    /// classes.
    pub(crate) fn parameters_stack<T>(
        &mut self,
        input: &StackInput<'_>,
        parts: &Parts,
        d: &ResourceDefn,
        visit: impl FnOnce(&mut Self, &StackInput<'_>) -> Result<T, Failed>,
    ) -> Result<Option<T>, Failed> {
        let mut report = Vec::new();
        let child = nested::parameters_child(&mut self.caches(), input, parts, d, &mut report);
        self.apply(Staged { part: (), report })?;
        let Some(child) = child.map_err(|e| self.failed(e))? else { return Ok(None) };
        let mut child_run = self.spawn();
        let result = child_run.child_stages(input, d, &child, false, visit);
        self.run.sources = std::mem::take(&mut child_run.run.sources);
        self.run.budget = child_run.run.budget;
        result.map(Some)
    }

    /// Run a child stack: Heat's `_parse_nested_stack`, then its validation
    /// (strict for a nested stack being created, non-strict when its parent
    /// validates it) and, when created, what its result shows.
    fn child_run(
        &mut self,
        input: &StackInput<'_>,
        d: &ResourceDefn,
        child: &Child,
        create: bool,
    ) -> (Result<(), Failed>, Evaluation) {
        // In an editing session, the same child with the same inputs as last time
        // is not run again (`stack_cache.rs`).
        // A deploy-time evaluation's replay of Heat's evaluation (`reuse.rs`).
        if let Some(replay) = &self.reuse.replay {
            if !create && input.depth == 0 {
                if let Some(checked) = replay.checks.get(&d.name) {
                    self.run.budget = self.run.budget.saturating_sub(checked.spent);
                    return (checked.result.clone(), checked.ev.clone());
                }
            }
            let skipped = replay.focus.as_ref().is_some_and(|f| !f.runs(&child_path(input, d)));
            if create && !self.mode.values_once_created() && skipped {
                return (Ok(()), Evaluation::default());
            }
        }
        let budget = self.run.budget;
        let pending = super::stack_cache::pending(self, input, d, child, create);
        if let Some(hit) = pending.as_ref().and_then(|p| super::stack_cache::replay(self, p)) {
            for (name, template) in hit.loaded {
                self.run.templates.borrow_mut().insert(name.to_string(), template);
            }
            for s in hit.sources {
                self.run.sources.add(s.name, s.text);
            }
            self.run.budget = hit.budget;
            let (result, ev) = hit.answer;
            self.trace(input, d, create, budget, &result, &ev);
            return (result, ev);
        }
        let mut child_run = self.spawn();
        let result = child_run.child_stages(input, d, child, create, |run, input| run.stack(input));
        if let Err(failed) = &result {
            child_run.report(failed.clone());
        }
        let mut ev = std::mem::take(&mut child_run.ev);
        self.run.sources = std::mem::take(&mut child_run.run.sources);
        self.run.budget = child_run.run.budget;
        if create && ev.result.error.is_some() {
            ev.result.clear_sections();
        }
        if let Some(pending) = pending {
            super::stack_cache::store(pending, self, &result, &ev);
        }
        self.trace(input, d, create, budget, &result, &ev);
        (result, ev)
    }

    /// What Heat's evaluation records of a child's answer for the
    /// deploy-time runs (`reuse.rs`); `budget`: the budget before it.
    fn trace(
        &self,
        input: &StackInput<'_>,
        d: &ResourceDefn,
        create: bool,
        budget: u32,
        result: &Result<(), Failed>,
        ev: &Evaluation,
    ) {
        let Some(trace) = &self.reuse.trace else { return };
        let mut trace = trace.borrow_mut();
        if create && trace.focus {
            trace.created(child_path(input, d), ev);
        } else if !create && input.depth == 0 {
            let mut kept = Evaluation::default();
            kept.result.skipped_properties.clone_from(&ev.result.skipped_properties);
            kept.result.skipped_checks.clone_from(&ev.result.skipped_checks);
            let spent = budget.saturating_sub(self.run.budget);
            let _ = trace.checks.insert(d.name.clone(), Checked { result: result.clone(), ev: kept, spent });
        }
    }

    /// The child's depth and size within bounds, its version and parameter
    /// schemas, then `then` on its input (its stages).
    fn child_stages<T>(
        &mut self,
        input: &StackInput<'_>,
        d: &ResourceDefn,
        child: &Child,
        create: bool,
        then: impl FnOnce(&mut Self, &StackInput<'_>) -> Result<T, Failed>,
    ) -> Result<T, Failed> {
        let run = self;
        // `_child_nested_depth`.
        let max_depth = input.config.max_nested_stack_depth;
        if i64::try_from(input.depth).unwrap_or(i64::MAX) >= max_depth {
            let e = EvalError::other(
                "RequestLimitExceeded",
                format!("Request limit exceeded: Recursion depth exceeds {max_depth}."),
            )
            .with_code("nested-too-deep")
            .at(d.node.span);
            return Err(run.failed(e));
        }
        let template = &child.template;
        let root = &template.root;
        let size = root.get("resources").and_then(Node::as_map).map_or(0, <[(Node, Node)]>::len);
        let cost = u32::try_from(size).unwrap_or(u32::MAX).saturating_add(1);
        if run.run.budget < cost {
            return Err(run.failed(nested::budget_exceeded(d.node.span)));
        }
        run.run.budget -= cost;
        let (version, text) = match template.version() {
            None => {
                let e = EvalError::svf("The template is not a JSON object or YAML mapping.").at(root.span);
                return Err(run.failed(e));
            }
            Some(Err(e)) => return Err(run.failed(e.clone())),
            Some(Ok(found)) => found.clone(),
        };
        run.ev.result.template_version = Some(text);
        run.ev.version = Some(version);
        let mut first = None;
        for e in &template.schemas().problems {
            run.note(&mut first, e.clone())?;
        }
        run.end_stage(first)?;
        let mut schemas = template.schemas().schemas.clone();
        if child.file {
            nested::with_param_defaults(&mut schemas, &input.env.parameter_defaults);
        }
        let mut env = nested::child_environment(&input.env, &child.params, &d.name, child.registry_key.as_ref());
        for (k, v) in child.registry.iter() {
            let _ = env.resource_registry.insert(k.clone(), v.clone());
        }
        let stack_name = format!("{}-{}", input.stack_name, d.name);
        let existing = if create { input.existing } else { None };
        let path: Vec<Rc<str>> = input.path.iter().cloned().chain([d.name.clone()]).collect();
        let stack_id = match existing.and_then(|h| h.stack_id(&path)) {
            Some(id) => id,
            // A stack that is not stored has no id, nor have the stacks built in it.
            None if input.stack_id == super::UNSTORED_STACK_ID => input.stack_id.clone(),
            None => uuid5_url(&format!("{}/{}", input.stack_id, d.name)),
        };
        run.mode = run.mode.nested(create, existing.is_none_or(|h| h.validate_strictly(&path)));
        let child_input = StackInput {
            root,
            version,
            stack_name: &stack_name,
            stack_id,
            project_id: input.project_id,
            files: input.files.clone(),
            env,
            schemas,
            depth: input.depth + 1,
            mocks: None,
            deploy_params: child.deploy.clone(),
            unknown_params: child.unknown.clone(),
            config: input.config.clone(),
            existing,
            path,
        };
        then(run, &child_input)
    }
}

/// The path of resource names of `d`'s nested stack.
fn child_path(input: &StackInput<'_>, d: &ResourceDefn) -> super::reuse::Path {
    input.path.iter().cloned().chain([d.name.clone()]).collect()
}

/// The nested stage's children, run by the driver.
impl nested::Stacks for Driver {
    fn caches(&mut self) -> Caches<'_> {
        Driver::caches(self)
    }

    fn child(
        &mut self,
        input: &StackInput<'_>,
        d: &ResourceDefn,
        child: &Child,
        create: bool,
    ) -> (Result<(), Failed>, Evaluation) {
        self.child_run(input, d, child, create)
    }
}

/// The validation's nested stacks: each a run of its own sharing this one's caches.
impl stages::validation::NestedChecks for Driver {
    fn checks(
        &mut self,
        input: &StackInput<'_>,
        parts: &Parts,
        d: &ResourceDefn,
        records: stages::validation::Records<'_>,
    ) -> Result<(), EvalError> {
        let treatment = self.treatment();
        nested::checks(self, treatment, input, parts, d, records)
    }

    fn provider_names(
        &mut self,
        input: &StackInput<'_>,
        parts: &Parts,
        d: &ResourceDefn,
        report: &mut Vec<Report>,
    ) -> Result<(), EvalError> {
        nested::provider_names(&mut self.caches(), input, parts, d, report)
    }
}
