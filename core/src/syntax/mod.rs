//! Syntax: template and environment text → a tree of [`Node`]s that keep their spans.
//!
//! Heat loads templates with `json.loads` first and PyYAML's SafeLoader (YAML 1.1,
//! timestamps kept as text) second; environments with YAML only. The loaders here
//! reproduce that, and every node keeps the byte span it came from.

mod node;

pub use node::{Node, NodeKind};
