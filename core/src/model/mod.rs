//! The model: the types the api exposes, as data — what goes in (a request,
//! decoded from the oracle's JSON; a template validate's) and what comes out
//! (an evaluation: Heat's canonical result, diagnostics, skipped checks,
//! parameter information, deploy-time marks, edges; template validate's
//! answer; an update plan; a value as text; what editors are answered; what
//! a file of a folder is). The engine and the other parts fill them;
//! `api.rs` re-exports them.
//!
//! Invariant: the model names no part above it (`engine`, `plan`, `ide`,
//! `lint`, `api`): it is built on the value, source and formatting modules
//! only, so every part can use it and it changes only when the data does
//! (`core/tests/model.rs` checks it).

pub(crate) mod diag;
pub(crate) mod files;
pub(crate) mod ide;
pub(crate) mod info;
pub(crate) mod parameters;
pub(crate) mod plan;
pub(crate) mod rendered;
pub(crate) mod request;
pub(crate) mod result;
pub(crate) mod validate;

pub use diag::{Diagnostic, HeatError, PathItem, Severity};
pub use files::{FileKind, FileSummary, RefKind, RegistryFile};
pub use ide::{Completion, CompletionKind, Completions, Hover, Location, QuickFix, Symbol, SymbolKind, TextEdit};
pub use info::{LintOptions, PropInfo, RuleInfo, YaqlError};
pub use parameters::{Contribution, ValueSource};
#[cfg(feature = "ts")]
pub use plan::ReasonView as PlanReason;
pub use plan::{
    Action, Change, Method, NestedPreview, Place, Plan, PlanDetail, PlanRequest, PlanSummary, PreviewEntry,
    PreviewLists, PreviewResult, Reason, ResourcePlan, StackPlan,
};
pub use rendered::{Format, Rendered, RenderedMark};
pub use request::{Display, Document, Playground, Request, StackInputs};
pub use result::{
    DeferredMark, DeployTime, DisabledResource, DisplayValue, Edge, EnabledResource, Evaluation, HeatResult,
    NotChecked, OutputResult, ParamInfo, ResourceResult, SkippedCheck, SkippedConstraint, Unknown,
};
pub use validate::{
    ConstraintKey, NestedParameters, ValidateAnswer, ValidateBody, ValidateEnvironment, ValidateParameter,
    ValidateRequest, Validation, INVALID_IGNORE_ERRORS_ANSWER,
};
