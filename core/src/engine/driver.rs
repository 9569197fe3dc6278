//! The driver: runs one stack's stages in Heat's order and writes the
//! evaluation. A stage in the second step's shape returns its part and its
//! report ([`stages::Staged`]); [`Run::apply`] applies the report as the mode
//! says and hands the part on, so the stage itself never reads the mode.

use super::resources::ResourceDefn;
use super::result::{SkippedCheck, SkippedProperty};
use super::stages::{self, Failed, Found, Piece, Report, Staged};
use super::{existing, nested, HeatResult, Parts, Run, StackInput};
use crate::eval::EvalError;

impl Run {
    /// A stage's report applied as the mode says ([`Run::stop`] for a stop,
    /// [`Run::note`] for a piece's error, [`Run::end_stage`] at the end of a
    /// step and of the stage): Heat's
    /// first error stops the stack; a display evaluation records each and
    /// goes on. The part is the stage's whole part either way.
    pub(crate) fn apply<T>(&mut self, staged: Staged<T>) -> Result<T, Failed> {
        let mut first = None;
        for report in staged.report {
            match report {
                Report::Stop(e) => self.stop(e)?,
                Report::Note(e) => self.note(&mut first, e)?,
                Report::EndStep => self.end_stage(first.take())?,
                Report::Problem(e) => self.problem(e),
                Report::Diagnostic(d) => self.diagnostic(d),
                Report::Failed(failed) => return Err(failed),
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
        self.end_stage(first)?;
        Ok(staged.part)
    }

    /// What the mode asks of the stages.
    pub(crate) fn treatment(&self) -> stages::Treatment {
        stages::Treatment {
            strict: self.mode.strict(),
            template_only: self.mode.template_only(),
            display: self.mode.past_errors(),
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
        if !self.mode.collects() {
            return Ok(());
        }
        // Validated: with the deploy-time treatment, what is resolved from
        // here on sees an attribute as the unknown value it is once created.
        parts.stack.deployed = self.mode.deploy_time();
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
        let nested = nested::nested(self, input, &parts);
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

    /// [`Run::build`] after the structure stage.
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

/// The validation's nested stacks: each a run of its own sharing this one's caches.
impl stages::validation::NestedChecks for Run {
    fn checks(
        &mut self,
        input: &StackInput<'_>,
        parts: &Parts,
        d: &ResourceDefn,
        skipped: &mut Vec<SkippedProperty>,
        checks: &mut Vec<SkippedCheck>,
        unknown: &mut Vec<EvalError>,
    ) -> Result<(), EvalError> {
        nested::checks(self, input, parts, d, skipped, checks, unknown)
    }

    fn provider_names(&mut self, input: &StackInput<'_>, parts: &Parts, d: &ResourceDefn) -> Result<(), EvalError> {
        nested::provider_names(self, input, parts, d)
    }
}
