//! The one hook an update plan (`crate::plan`) has in the pipeline: an
//! evaluation of a stack some of whose resources already exist (Heat's
//! `StackUpdate.preview` compares a created stack with a new one).
//!
//! The hook decides, for every stack of the evaluation (the top-level one and
//! each nested stack built for the result, named by its path of resource
//! names), which resources are created and with which reference id; it sees
//! the environment before the stack is built (a PATCH lays the stored
//! environment under the new one) and every stack once its result is
//! collected (the definitions and the stack they resolve in). Without a hook
//! nothing here runs.

use std::rc::Rc;

use super::environment::Environment;
use super::parameters::ParamSchema;
use super::resources::ResourceDefn;
use crate::stack::{ResourceRef, Stack};
use crate::value::Map;

/// A stack's place: the resource names from the top-level stack down.
pub(crate) type StackPath = [Rc<str>];

/// What an evaluation of an existing (or updated) stack asks its caller.
pub(crate) trait Existing {
    /// The environment the top-level stack is built from, given the one the
    /// request makes and the template's parameter schemas.
    fn environment(&self, env: Environment, schemas: &[ParamSchema]) -> Environment;

    /// The reference id of resource `r` of the stack at `path` (whose id is
    /// `stack_id`), if that resource exists.
    fn reference_id(&self, path: &StackPath, stack_id: &str, r: &ResourceRef) -> Option<String>;

    /// The id of the nested stack at `path`, when it is not the one its
    /// parent gives it (`uuid5(NAMESPACE_URL, "<parent id>/<name>")`).
    fn stack_id(&self, path: &StackPath) -> Option<String>;

    /// Whether the nested stack at `path` is validated strictly before its
    /// result is collected (as a nested stack create does), or only as its
    /// parent validates it.
    fn validate_strictly(&self, path: &StackPath) -> bool;

    /// The mocked attributes of the resources named `name` (in any stack).
    fn attributes(&self, name: &str) -> Option<Map>;

    /// Whether an existing resource still counts as created while the stack
    /// at `path` builds its nested stacks (Heat builds them at different
    /// moments of its bookkeeping).
    fn created_for_children(&self, path: &StackPath, d: &ResourceDefn) -> bool;

    /// The stack at `path` once its result is collected: its definitions and
    /// the stack they resolve in (existing resources created).
    fn collected(&self, path: &StackPath, stack: &Stack, defns: &[ResourceDefn]);
}

/// Mark the existing resources of a stack created, with their ids and the
/// mocked attributes.
pub(super) fn mark_created(hook: &dyn Existing, path: &StackPath, stack_id: &str, stack: &mut Stack) {
    for (name, r) in stack.resources.iter_mut() {
        if let Some(id) = hook.reference_id(path, stack_id, r) {
            r.created = true;
            r.existing = true;
            r.reference_id = Some(id);
            r.attributes = hook.attributes(name).unwrap_or_default();
        }
    }
}

/// Before the nested stacks are built: the resources that do not count as
/// created for them.
pub(super) fn for_children(hook: &dyn Existing, path: &StackPath, stack: &mut Stack, defns: &[ResourceDefn]) {
    for d in defns {
        if !hook.created_for_children(path, d) {
            if let Some(r) = stack.resources.get_mut(&*d.name) {
                r.created = false;
                r.existing = false;
                r.reference_id = None;
                r.attributes = Map::new();
            }
        }
    }
}
