//! The model: the types the api exposes, as data — what goes in (a request,
//! decoded from the oracle's JSON) and what comes out (an evaluation:
//! Heat's canonical result, diagnostics, skipped checks, parameter
//! information, deploy-time marks, edges). The engine and the other parts
//! fill them; `api.rs` re-exports them.
//!
//! Invariant: the model names no part above it (`engine`, `plan`, `ide`,
//! `lint`, `api`): it is built on the value, source and formatting modules
//! only, so every part can use it and it changes only when the data does
//! (`core/tests/model.rs` checks it).

pub(crate) mod diag;
pub(crate) mod parameters;
pub(crate) mod request;
pub(crate) mod result;

pub use diag::{Diagnostic, HeatError, PathItem, Severity};
pub use parameters::{Contribution, ValueSource};
pub use request::{Display, Document, Request};
pub use result::{
    DeferredMark, DeployTime, DisplayValue, Edge, Evaluation, HeatResult, NotChecked, OutputResult, ParamInfo,
    SkippedCheck, SkippedConstraint, Unknown,
};
