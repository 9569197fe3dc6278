//! hotplate-core: evaluate OpenStack Heat Orchestration Templates exactly as Heat does.
#![forbid(unsafe_code)]

pub mod diag;
pub mod pyfmt;
pub mod source;
pub mod syntax;
pub mod value;
pub mod yaql;
