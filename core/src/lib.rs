//! hotplate-core: evaluate OpenStack Heat Orchestration Templates exactly as Heat does.
//!
//! The entry point is [`evaluate`]: a [`Request`] (Heat's stack-create body) in,
//! an [`Evaluation`] out — Heat's canonical result plus every diagnostic. The
//! crate does no IO, reads no clock and knows nothing of JavaScript.
#![forbid(unsafe_code)]
// No panics reachable from input (tests may unwrap).
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic))]
// Errors are rare and carry Heat's text and path; boxing them would cost more
// indirection than the copies it saves.
#![allow(clippy::result_large_err)]

pub mod api;
pub mod catalogue;
pub(crate) mod constraints;
pub mod diag;
pub mod engine;
pub mod eval;
pub mod functions;
pub(crate) mod ide;
pub(crate) mod lint;
mod plugins;
pub mod pyconv;
pub mod pyfmt;
pub mod pyhash;
pub(crate) mod pyre;
pub mod pyregex;
pub(crate) mod render;
mod sort;
pub mod source;
pub mod stack;
pub(crate) mod symbolic;
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
