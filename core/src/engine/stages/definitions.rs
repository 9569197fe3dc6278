//! The definitions stage: each resource definition parsed in template order
//! (its condition evaluated: a disabled resource is dropped), then each
//! enabled resource's type looked up in the environment's registry (in
//! Heat's set order), the enabled resources entered in the [`Stack`], and no
//! name both a parameter and a resource.

use super::structure::Structure;
use super::{Piece, Pieces, Report, Staged};
use crate::catalogue::Registry;
use crate::engine::resources::{self, ResourceDefn};
use crate::engine::{str_name, StackInput};
use crate::eval::EvalError;
use crate::pyfmt::py_str;
use crate::pyhash::PySet;
use crate::stack::{ResourceRef, Stack};
use crate::syntax::Node;
use crate::value::{Map, Value};

/// The stack's resource definitions.
pub(crate) struct Definitions {
    /// The environment's `resource_registry`.
    pub(crate) registry: Registry,
    /// The enabled resources whose definitions parsed, in template order.
    pub(crate) defns: Vec<ResourceDefn>,
    /// Every resource of the template in template order.
    pub(crate) pieces: Pieces<Resource>,
    /// The enabled resources in Heat's (Python set) order: indexes into `defns`.
    pub(crate) set_order: Vec<usize>,
}

/// What a resource of the template is.
#[derive(Clone, Debug)]
pub(crate) enum Resource {
    /// Enabled: its definition is `defns[i]`.
    Enabled(usize),
    /// Its condition is false: only its `type` as written is shown.
    Disabled(Value),
}

/// The definitions stage. The resources whose definition or type failed
/// are dropped from what the later stages see (only a display evaluation
/// gets there: a reference to one is unknown).
pub(crate) fn definitions(input: &StackInput<'_>, structure: &Structure<'_>, stack: &mut Stack) -> Staged<Definitions> {
    let mut registry = Registry::from_map(&input.env.resource_registry);
    registry.release = stack.release();
    let entries = structure.resources();
    stack.all_resource_names = entries.iter().map(|(k, _)| py_str(&k.to_value())).collect();
    let mut report = Vec::new();
    let (defns, pieces) = parse(stack, entries, &mut report);
    // Heat keeps the enabled resources in a Python set: its order decides
    // which resource's error comes first from here on.
    let set_order: Vec<usize> = {
        let set = PySet::from_dict_keys(stack.str_hash(), defns.iter().map(|d| &*d.name));
        set.iter().filter_map(|n| defns.iter().position(|d| &*d.name == n)).collect()
    };
    let mut out = Staged { part: Definitions { registry, defns, pieces, set_order }, report };
    resolve_types(&mut out);
    out.part.drop_failed(stack);
    for d in &out.part.defns {
        stack.resources.insert(
            d.name.clone(),
            ResourceRef {
                name: d.name.clone(),
                type_name: d.type_name.clone(),
                info: d.info.clone(),
                created: false,
                reference_id: None,
                attributes: Map::new(),
                existing: false,
                properties: d.properties.clone(),
                once_created: crate::stack::OnceCreated::default(),
            },
        );
    }
    // Duplicate names between parameters and resources.
    if let Some(dup) = out.part.defns.iter().find(|d| stack.params.contains_key(&*d.name)) {
        let e = EvalError::svf(format!("Duplicate names {{'{}'}}", dup.name)).with_code("duplicate-name");
        let e = e.at(dup.node.span);
        out.stop(e);
    }
    out
}

impl Definitions {
    /// A display evaluation goes on without the resources whose definition
    /// or type failed (or is unknown): a reference to one is unknown.
    fn drop_failed(&mut self, stack: &mut Stack) {
        let mut kept = Vec::new();
        let mut index = vec![None; self.defns.len()];
        // Moved, not copied: each definition is some piece's, once.
        let mut defns: Vec<Option<ResourceDefn>> = std::mem::take(&mut self.defns).into_iter().map(Some).collect();
        for (name, piece) in &mut self.pieces {
            match piece {
                Piece::Known(Resource::Enabled(i)) => {
                    if let (Some(d), Some(slot)) = (defns.get_mut(*i).and_then(Option::take), index.get_mut(*i)) {
                        *slot = Some(kept.len());
                        *i = kept.len();
                        kept.push(d);
                    }
                }
                Piece::Known(Resource::Disabled(_)) => {}
                Piece::Failed(_) | Piece::Unknown => stack.unknown_names.push(format!("resource {name}")),
            }
        }
        self.set_order = self.set_order.iter().filter_map(|i| index.get(*i).copied().flatten()).collect();
        self.defns = kept;
    }
}

/// Each definition parsed in template order (`_rsrc_defn_args`); each
/// failure a note of `report`, then the end of the step.
fn parse(stack: &Stack, entries: &[(Node, Node)], report: &mut Vec<Report>) -> (Vec<ResourceDefn>, Pieces<Resource>) {
    let mut defns: Vec<ResourceDefn> = Vec::new();
    let mut pieces = Vec::new();
    for (k, v) in entries {
        let name = py_str(&k.to_value());
        let parsed = str_name(k)
            .map_err(|e| EvalError::svf(e.message).at(k.span))
            .and_then(|()| resources::parse_definition(stack, &name, v));
        let piece = match parsed {
            Ok(Some(defn)) => {
                defns.push(defn);
                Piece::Known(Resource::Enabled(defns.len() - 1))
            }
            Ok(None) => Piece::Known(Resource::Disabled(v.get("type").map(Node::to_value).unwrap_or(Value::Null))),
            Err(e) if e.is_unknown() => {
                report.push(Report::Note(e.prefixed(&["resources", &name])));
                Piece::Unknown
            }
            Err(e) => {
                report.push(Report::Note(e.clone()));
                Piece::Failed(e)
            }
        };
        pieces.push((name, piece));
    }
    report.push(Report::EndStep);
    (defns, pieces)
}

/// `Resource._validate_name`.
fn valid_name(d: &ResourceDefn) -> Result<(), EvalError> {
    if d.name.contains('/') {
        let span = d.node.span;
        return Err(EvalError::svf("Resource name may not contain \"/\"").with_code("bad-resource-name").at(span));
    }
    Ok(())
}

/// Resource objects: the type of each is looked up in the registry.
fn resolve_types(out: &mut Staged<Definitions>) {
    let defs = &mut out.part;
    let mut found = Vec::new();
    for &i in &defs.set_order {
        let Some(d) = defs.defns.get_mut(i) else { continue };
        // `Resource.__new__` finds the class, then `__init__` checks the name.
        let resolved = d.resolve_type(&defs.registry).and_then(|()| valid_name(d));
        if let Err(e) = resolved {
            let name = d.name.to_string();
            if let Some((_, piece)) = defs.pieces.iter_mut().find(|(n, _)| *n == name) {
                *piece = Piece::Failed(e.clone());
            }
            found.push(e);
        }
    }
    for e in found {
        out.note(e);
    }
    out.end_step();
}
