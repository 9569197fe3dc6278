//! The graph stage: Heat's dependency graph, built in the resources' set
//! order from each one's `depends_on` and its `get_resource`/`get_attr`
//! references (a reference to an unknown or disabled resource fails here).
//! The plugins' implicit dependencies join it when resources are validated
//! ([`super::validation`]), after the outputs are parsed, as in Heat.

use super::definitions::Definitions;
use super::{Piece, Staged};
use crate::engine::resources;
use crate::eval::EvalError;
use crate::pyhash::PySet;
use crate::stack::Stack;

/// The dependency graph.
pub(crate) struct Graph {
    /// Heat's graph of the enabled resources.
    pub(crate) graph: resources::Graph,
    /// What each resource of `defns` requires (sorted, deduplicated): known
    /// unless its references could not be read.
    pub(crate) requires: Vec<Piece<Vec<String>>>,
}

impl Graph {
    /// What `defns[i]` requires (nothing when that is not known).
    pub(crate) fn requires(&self, i: usize) -> &[String] {
        self.requires.get(i).and_then(Piece::known).map_or(&[], Vec::as_slice)
    }
}

/// The graph stage.
pub(crate) fn graph(defs: &Definitions, stack: &Stack) -> Staged<Graph> {
    let mut staged = Staged::new(Graph {
        graph: resources::Graph::default(),
        requires: defs.defns.iter().map(|_| Piece::Known(Vec::new())).collect(),
    });
    let out = &mut staged.part;
    let mut found = Vec::new();
    for &i in &defs.set_order {
        let Some(d) = defs.defns.get(i) else { continue };
        let required = match d.required_names(stack) {
            Ok(r) => r,
            Err(e) => {
                out.graph.add_node(&d.name, d.info.class);
                let e = e.at_if_unset(d.node.span);
                if let Some(slot) = out.requires.get_mut(i) {
                    *slot = Piece::Failed(e.clone());
                }
                found.push(e);
                continue;
            }
        };
        for dep in PySet::from_sequence(stack.str_hash(), required.iter().map(String::as_str)).iter() {
            if stack.resources.contains_key(dep) {
                out.graph.add_edge(&d.name, dep);
            } else if !stack.all_resource_names.iter().any(|n| n == dep) {
                let e: EvalError =
                    EvalError::bad_reference(dep, &d.name).at(d.node.get("depends_on").map_or(d.node.span, |n| n.span));
                found.push(e);
                break;
            }
        }
        // `add_explicit_dependencies`: the edges, then `deps += (self, None)`
        // (a resource required earlier is in the graph before its requirer).
        out.graph.add_node(&d.name, d.info.class);
        let mut sorted = required;
        crate::sort::sort(&mut sorted);
        sorted.dedup();
        if let Some(slot) = out.requires.get_mut(i) {
            *slot = Piece::Known(sorted);
        }
    }
    for e in found {
        staged.note(e);
    }
    staged
}
