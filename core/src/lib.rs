//! hotplate-core: evaluate OpenStack Heat Orchestration Templates exactly as Heat does.
//!
//! The one door is [`api`]: [`api::evaluate`] takes a [`api::Request`] (Heat's
//! stack-create body) and gives an [`api::Evaluation`] — Heat's canonical
//! result plus every diagnostic — and `api` has everything else the CLI and the
//! wasm binding use. Every other module is private to the crate. The crate does
//! no IO, reads no clock and knows nothing of JavaScript.
#![forbid(unsafe_code)]
// No panics reachable from input (tests may unwrap).
#![cfg_attr(not(test), deny(clippy::unwrap_used, clippy::expect_used, clippy::indexing_slicing, clippy::panic))]
// Errors are rare and carry Heat's text and path; boxing them would cost more
// indirection than the copies it saves.
#![allow(clippy::result_large_err)]

pub mod api;
pub(crate) mod catalogue;
pub(crate) mod constraints;
pub(crate) mod engine;
pub(crate) mod eval;
pub(crate) mod functions;
pub(crate) mod ide;
#[cfg(feature = "lint")]
pub(crate) mod lint;
pub(crate) mod model;
pub(crate) mod plan;
mod plugins;
pub(crate) mod pyconv;
pub(crate) mod pyfmt;
pub(crate) mod pyhash;
pub(crate) mod pyre;
pub(crate) mod pyregex;
pub(crate) mod pystd;
pub(crate) mod pyyaml;
pub(crate) mod release;
pub(crate) mod render;
mod sort;
pub(crate) mod source;
pub(crate) mod stack;
pub(crate) mod symbolic;
pub(crate) mod syntax;
pub(crate) mod value;
pub(crate) mod version;
pub(crate) mod yaql;

#[cfg(test)]
mod testing;
