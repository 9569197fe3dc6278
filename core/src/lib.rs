//! hotplate-core: evaluate OpenStack Heat Orchestration Templates exactly as Heat does.
//!
//! The entry point is [`evaluate`]: a [`Request`] (Heat's stack-create body) in,
//! an [`Evaluation`] out — Heat's canonical result plus every diagnostic. The
//! crate does no IO, reads no clock and knows nothing of JavaScript.
#![forbid(unsafe_code)]

pub mod api;
pub mod catalogue;
pub mod diag;
pub mod engine;
pub mod eval;
pub mod functions;
pub mod pyconv;
pub mod pyfmt;
pub mod pyhash;
pub mod pyregex;
pub mod source;
pub mod stack;
pub mod syntax;
pub mod value;
pub mod version;
pub mod yaql;

#[cfg(test)]
mod testing;

pub use diag::{Diagnostic, HeatError, Severity};
pub use engine::{evaluate, Document, Evaluation, HeatResult, Request};
pub use value::{Map, Value};
pub use version::HotVersion;
