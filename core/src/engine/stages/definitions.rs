//! The definitions stage: each resource definition parsed in template order
//! (its condition evaluated: a disabled resource is dropped), then each
//! enabled resource's type looked up in the environment's registry (in
//! Heat's set order), the enabled resources entered in the [`Stack`], and no
//! name both a parameter and a resource.

use super::structure::Structure;
use super::{Failed, Piece, Pieces};
use crate::catalogue::Registry;
use crate::engine::resources::{self, ResourceDefn};
use crate::engine::{str_name, Run, StackInput};
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

/// The definitions stage.
pub(crate) fn definitions(
    run: &mut Run,
    input: &StackInput<'_>,
    structure: &Structure<'_>,
    stack: &mut Stack,
) -> Result<Definitions, Failed> {
    let mut registry = Registry::from_value(&Value::map(input.env.resource_registry.clone()));
    registry.release = stack.config.release;
    let entries = structure.resources();
    stack.all_resource_names = entries.iter().map(|(k, _)| py_str(&k.to_value())).collect();
    let (defns, pieces) = parse(run, stack, entries)?;
    // Heat keeps the enabled resources in a Python set: its order decides
    // which resource's error comes first from here on.
    let set_order: Vec<usize> = {
        let set = PySet::from_dict_keys(stack.config.str_hash(), defns.iter().map(|d| &*d.name));
        set.iter().filter_map(|n| defns.iter().position(|d| &*d.name == n)).collect()
    };
    let mut out = Definitions { registry, defns, pieces, set_order };
    resolve_types(run, &mut out)?;
    if run.mode.past_errors() {
        out.drop_failed(stack);
    }
    for d in &out.defns {
        stack.resources.insert(
            d.name.clone(),
            ResourceRef {
                name: d.name.clone(),
                type_name: d.type_name.clone(),
                info: d.info.clone(),
                created: false,
                reference_id: None,
                attributes: Map::new(),
                properties: d.properties.clone(),
            },
        );
    }
    // Duplicate names between parameters and resources.
    if let Some(dup) = out.defns.iter().find(|d| stack.params.contains_key(&*d.name)) {
        let e = EvalError::svf(format!("Duplicate names {{'{}'}}", dup.name)).with_code("duplicate-name");
        run.stop(e.at(dup.node.span))?;
    }
    Ok(out)
}

impl Definitions {
    /// A display evaluation goes on without the resources whose definition
    /// or type failed (or is unknown): a reference to one is unknown.
    fn drop_failed(&mut self, stack: &mut Stack) {
        let mut kept = Vec::new();
        let mut index = vec![None; self.defns.len()];
        for (name, piece) in &mut self.pieces {
            match piece {
                Piece::Known(Resource::Enabled(i)) => {
                    if let (Some(d), Some(slot)) = (self.defns.get(*i), index.get_mut(*i)) {
                        *slot = Some(kept.len());
                        *i = kept.len();
                        kept.push(d.clone());
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

/// Each definition parsed in template order (`_rsrc_defn_args`).
fn parse(
    run: &mut Run,
    stack: &Stack,
    entries: &[(Node, Node)],
) -> Result<(Vec<ResourceDefn>, Pieces<Resource>), Failed> {
    let mut defns: Vec<ResourceDefn> = Vec::new();
    let mut pieces = Vec::new();
    let mut first = None;
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
                run.note(&mut first, e.prefixed(&["resources", &name]))?;
                Piece::Unknown
            }
            Err(e) => {
                run.note(&mut first, e.clone())?;
                Piece::Failed(e)
            }
        };
        pieces.push((name, piece));
    }
    run.end_stage(first)?;
    Ok((defns, pieces))
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
fn resolve_types(run: &mut Run, defs: &mut Definitions) -> Result<(), Failed> {
    let mut first = None;
    for &i in &defs.set_order {
        let Some(d) = defs.defns.get_mut(i) else { continue };
        // `Resource.__new__` finds the class, then `__init__` checks the name.
        let resolved = d.resolve_type(&defs.registry).and_then(|()| valid_name(d));
        if let Err(e) = resolved {
            let name = d.name.to_string();
            if let Some((_, piece)) = defs.pieces.iter_mut().find(|(n, _)| *n == name) {
                *piece = Piece::Failed(e.clone());
            }
            run.note(&mut first, e)?;
        }
    }
    run.end_stage(first)
}
