//! The stages of one stack, in Heat's order. A stage is one function that
//! reads the stack's input and the parts earlier stages made. Every stage
//! (request, structure, parameters, conditions, definitions, graph, outputs,
//! validation, results, and the nested stacks' in `engine/nested`)
//! is `fn(&inputs, &earlier parts…) -> Staged<Part>`: their part and their
//! [`Report`], which the driver ([`super::driver`]) applies as the mode says
//! (Heat stops at the first stop or at the end of the stage with the first
//! note; a display evaluation records each and goes on). What a stage finds
//! besides errors (the page's parameter view, a value it does not have, a
//! check Heat would make with a service) is in the report too ([`Found`]),
//! and the driver writes it. A stage never reads the mode: where its work
//! differs by mode, the driver passes what the mode says as an input
//! ([`Treatment`]). A stage that needs a nested stack asks the driver
//! (`nested::Stacks`, [`validation::NestedChecks`]); one that loads files
//! writes the caches (`engine::Caches`), never the `Run`.
//!
//! | stage | function | part |
//! |---|---|---|
//! | request (top-level stack only) | [`request::request`] | [`request::Top`]: the template, version, parameter schemas, merged environment (the version in its report) |
//! | structure | [`structure::structure`] | [`structure::Structure`]: the template read as HOT, sections checked |
//! | parameters | [`parameters::parameters`] | [`Stack`](crate::stack::Stack): the functions' view with each parameter's value (a failed value is an `Err` piece) |
//! | conditions | [`conditions::conditions`] | [`conditions::Conditions`] |
//! | definitions | [`definitions::definitions`] | [`definitions::Definitions`] |
//! | graph | [`graph::graph`] | [`graph::Graph`] |
//! | outputs | [`outputs::outputs`] | [`outputs::Outputs`] |
//! | validation | [`validation::validation`] | none: its report (Heat's errors, the checks it would make with a service); a nested stack's checks asked of the driver ([`validation::NestedChecks`]) |
//! | results | [`results::results`] | [`results::Sections`] (the values' marks and edges in its report) |
//! | nested stacks | [`super::nested::nested`] | [`super::nested::Nested`] (each child run by the driver; what it found in the report) |
//!
//! Parts are made of pieces (a condition, a resource, an output, a nested
//! stack), each a [`Piece`]: known, failed with its error, or unknown. A stage
//! records a failed piece and goes on checking the others (every independent
//! problem becomes a diagnostic); [`Driver::end_stage`](super::Driver::end_stage)
//! then stops where Heat stops. A later stage reads only the known pieces, so
//! it can run on a partial part (see ARCHITECTURE.md, "The display evaluation").

pub(crate) mod conditions;
pub(crate) mod definitions;
pub(crate) mod graph;
pub(crate) mod outputs;
pub(crate) mod parameters;
pub(crate) mod request;
pub(crate) mod results;
pub(crate) mod structure;
pub(crate) mod validation;

use crate::engine::result::Marks;
use crate::eval::EvalError;
use crate::model::diag::{Diagnostic, HeatError, PathItem};
use crate::model::result::{NotChecked, ParamInfo, SkippedCheck, SkippedProperty, Unknown};
use crate::release::Release;
use crate::version::HotVersion;

/// Why a stage stopped: Heat's error, as a parent stack wraps it and as this
/// stack's result reports it.
#[derive(Clone, Debug)]
pub(crate) struct Failed {
    /// The error, its paths in the template's own spelling.
    pub(crate) error: EvalError,
    /// How the result reports it.
    pub(crate) reported: HeatError,
}

impl Failed {
    /// An error as the result reports it.
    pub(crate) fn heat(error: EvalError) -> Failed {
        Failed { reported: heat_error(&error), error }
    }

    /// heat-api's own 400 for a malformed request (`No stack name specified`):
    /// `HTTPBadRequest(detail)`, whose detail is what heatclient prints.
    pub(crate) fn bad_request(diagnostic: Diagnostic) -> Failed {
        let message = diagnostic.message.clone();
        Failed::answer("HTTPBadRequest", message, diagnostic)
    }

    /// A template or inline environment that does not load
    /// (`InstantiationData.format_parse`, `what` is `Template`/`Environment`):
    /// a `ValueError` is heat-api's 400 `"<what> not in valid format: <text>"`;
    /// any other Python exception passes through as an internal error.
    pub(crate) fn unparseable(what: &str, class: &'static str, text: String, diagnostic: Diagnostic) -> Failed {
        if class == "ValueError" {
            Failed::answer("HTTPBadRequest", format!("{what} not in valid format: {text}"), diagnostic)
        } else {
            Failed::answer(class, text, diagnostic)
        }
    }

    /// An answer of class `kind` with no path, its diagnostic at the place.
    pub(crate) fn answer(kind: &str, message: String, diagnostic: Diagnostic) -> Failed {
        let mut error = EvalError::other(kind.to_string(), message.clone()).with_code(diagnostic.code);
        error.span = diagnostic.span;
        let reported = HeatError { kind: kind.into(), message, path: Vec::new(), diagnostic };
        Failed { error, reported }
    }

    /// A failure while the result's `section` is evaluated (after Heat's
    /// validation passed): reported under that section's name.
    pub(crate) fn in_section(section: &str, error: EvalError) -> Failed {
        let diagnostic = error.to_diagnostic();
        let reported = HeatError {
            kind: error.class.to_string(),
            message: diagnostic.message.clone(),
            path: vec![PathItem::Key(section.to_string())],
            diagnostic,
        };
        Failed { error, reported }
    }
}

/// An error as the result reports it.
pub(crate) fn heat_error(e: &EvalError) -> HeatError {
    let d = e.to_diagnostic();
    HeatError { kind: e.class.to_string(), message: e.text(), path: e.heat_path(), diagnostic: d }
}

/// What a stage found besides its part, in the order it found it. The
/// driver ([`super::driver`]) applies each as the mode says; the stage does
/// not know the mode.
#[derive(Debug)]
pub(crate) enum Report {
    /// A stage-level error: Heat stops here; a display evaluation records it
    /// and goes on with what the stage made.
    Stop(EvalError),
    /// A piece's error: Heat stops at the end of the stage (or of the
    /// step, [`Report::EndStep`]) with the first one, the others are
    /// diagnostics; a display evaluation records each.
    Note(EvalError),
    /// The end of a step within the stage: Heat stops here if a piece
    /// failed since the last one.
    EndStep,
    /// A problem beside Heat's errors: a value the evaluation does not have
    /// makes what needs it not checked; any other is a diagnostic (once).
    Problem(EvalError),
    /// One more diagnostic.
    Diagnostic(Diagnostic),
    /// One more diagnostic, unless the evaluation has it already.
    DiagnosticOnce(Diagnostic),
    /// A note about the evaluation itself (what hotplate does not have),
    /// unless the evaluation has it already.
    Info(Diagnostic),
    /// Heat's error as the result reports it, in every mode: the stack
    /// fails here.
    Failed(Failed),
    /// What the evaluation shows besides errors.
    Found(Found),
    /// What Heat records only while the stage has not failed: dropped once
    /// a piece's error is pending in the step (a display evaluation, which
    /// stops at none, keeps each).
    UntilError(Found),
}

/// What a stage found for the evaluation besides errors (the driver writes it).
#[derive(Debug)]
pub(crate) enum Found {
    /// The page's view of each parameter.
    ParamInfo(Vec<ParamInfo>),
    /// A value the evaluation does not have (listed once by label).
    Unknown(Unknown),
    /// A check not made for want of a value (each once).
    NotChecked(NotChecked),
    /// A parameter's constraint Heat would check with a service (each once, sorted).
    SkippedConstraint(String, String),
    /// Properties Heat would check with a service.
    SkippedProperties(Vec<SkippedProperty>),
    /// Plugin checks Heat would make with a service.
    SkippedChecks(Vec<SkippedCheck>),
    /// The result's deploy-time marks, display values and edges.
    Marks(Marks),
    /// The template's version, and as written.
    Version(HotVersion, String),
}

/// A stage's answer: its part and its report (`fn(&inputs, &earlier parts)
/// -> Staged<Part>`).
#[derive(Debug)]
pub(crate) struct Staged<T> {
    /// What the stage made (all of it, whatever the report says).
    pub(crate) part: T,
    /// What it found, in order.
    pub(crate) report: Vec<Report>,
}

impl<T> Staged<T> {
    /// A part and nothing found yet.
    pub(crate) fn new(part: T) -> Staged<T> {
        Staged { part, report: Vec::new() }
    }

    /// A stage-level error.
    pub(crate) fn stop(&mut self, e: EvalError) {
        self.report.push(Report::Stop(e));
    }

    /// A piece's error.
    pub(crate) fn note(&mut self, e: EvalError) {
        self.report.push(Report::Note(e));
    }

    /// The end of a step: Heat stops here if a piece failed in it.
    pub(crate) fn end_step(&mut self) {
        self.report.push(Report::EndStep);
    }

    /// Something found for the evaluation.
    pub(crate) fn found(&mut self, found: Found) {
        self.report.push(Report::Found(found));
    }
}

/// What the mode asks of a stage's work, as the driver passes it (a stage
/// never reads the mode itself).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Treatment {
    /// Heat's `strict_validate`: values checked, not only names.
    pub(crate) strict: bool,
    /// Template validate: each resource's `validate_template()` only.
    pub(crate) template_only: bool,
    /// A display evaluation: a parameter without any value, or whose value
    /// does not convert, is an unknown value, not Heat's error; the result
    /// shows each piece on its own, a value it does not have as its
    /// placeholder.
    pub(crate) display: bool,
    /// The Heat release that answers.
    pub(crate) release: Release,
}

/// What a stage made of one piece of its part.
#[derive(Clone, Debug)]
pub(crate) enum Piece<T> {
    /// Made.
    Known(T),
    /// Not made: the error that stopped it (reported once, by the stage).
    Failed(EvalError),
    /// Not made because it needs what hotplate does not have: a template
    /// Heat reads from elsewhere (a URL, a `file://` mapping of its own
    /// installation; hotplate never fetches).
    Unknown,
}

/// A part's pieces by name, in template order.
pub(crate) type Pieces<T> = Vec<(String, Piece<T>)>;

impl<T> Piece<T> {
    /// The piece, when it is known.
    pub(crate) fn known(&self) -> Option<&T> {
        match self {
            Piece::Known(t) => Some(t),
            Piece::Failed(_) | Piece::Unknown => None,
        }
    }
}
