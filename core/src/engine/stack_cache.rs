//! Nested-stack results kept between evaluations of one editing session, by
//! their inputs.
//!
//! An edit to one service template of an overcloud changes the nested stacks
//! that read it (and their parents), not the hundreds of others. While an
//! [`api::Session`] evaluates, its [`NestedCache`] is the thread's active one,
//! and the driver's `Driver::child_run` asks it before running a child stack (`super::child_run` is in `engine/driver.rs`: `Driver::child_run`): a child whose
//! inputs are the same as when it last ran is not run again; what that run
//! returned and did is replayed instead. Invariants:
//! - *Same answer as cold.* An entry is found by the child's place (its path of
//!   resource names, whether it is created or checked, the parent's mode) and
//!   used only when everything the run read is the same, compared exactly (not
//!   with Python's `1 == True`): the parent's inputs it gets (Heat settings, the
//!   release with them, stack name and ids, the environment's
//!   `parameter_defaults` and registry, depth), the child's template (its loaded
//!   tree, spans included), parameters, registry and deploy-time parameters; the
//!   evaluation's state it starts from (the nested-stack budget left, how many
//!   sources are registered) and each lookup of the loaded templates and
//!   registered files it made (found or not, under which source id); and the text
//!   of every file of the request it or a stack inside it read (`get_file`, a
//!   provider template, a `template_url`). A file's text is compared with the
//!   last evaluation's when an evaluation begins: an entry that read a changed
//!   file is dropped. What the run did besides its answer is replayed too: the
//!   sources it registered (same ids), the nested-stack budget it spent, the
//!   templates it loaded. `core/tests/session.rs` checks the whole evaluation
//!   against a cold one over random edit sequences.
//! - *Bounded.* After each session call the cache drops the entries neither that
//!   call nor the one before stored or used (nor used through a parent they
//!   replayed): it holds two calls' nested stacks at most (typing that breaks a
//!   file and mends it alternates between two sets). Outside a session, or in an update plan's
//!   evaluations of existing stacks (whose hook is an input it does not compare),
//!   nothing is kept.
//!
//! [`api::Session`]: crate::api::Session

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use indexmap::IndexMap;

use super::nested::Child;
use super::stages::request::Template;
use crate::engine::heat_config::HeatConfig;
use crate::engine::mode::Mode;
use crate::engine::resources::ResourceDefn;
use crate::engine::stages::Failed;
use crate::engine::{Driver, StackInput};
use crate::model::result::Evaluation;
use crate::source::{Source, SourceId, Span};
use crate::syntax::{Node, NodeKind};
use crate::value::{Map, Value};

/// The request's files.
pub(crate) type Files = IndexMap<String, Option<String>>;

/// Where a child stack runs: its path of resource names from the top, whether
/// it is created (or checked by its parent), the parent's mode.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Key {
    path: Vec<Rc<str>>,
    create: bool,
    mode: Mode,
}

/// What a child stack's run read or did that a replay must find or do again,
/// in the order it happened.
#[derive(Clone, Debug)]
enum Read {
    /// The text of a file of the request (present or not).
    File(Rc<str>),
    /// A lookup of the loaded templates: the source id of the one found.
    Template(Rc<str>, Option<SourceId>),
    /// A lookup of the registered files: the id found.
    FileId(Rc<str>, Option<SourceId>),
    /// A template loaded and kept for the rest of the evaluation.
    Loaded(Rc<str>, Rc<Template>),
    /// A nested stack's entry stored or used inside it.
    Entry(Rc<Key>),
}

/// The inputs of a child stack's run other than files and lookups.
struct Inputs {
    budget: u32,
    sources: usize,
    depth: usize,
    stack_name: String,
    stack_id: String,
    project_id: String,
    config: Rc<HeatConfig>,
    defaults: Map,
    registry: Map,
    span: Span,
    url: String,
    template: Rc<Template>,
    file: bool,
    params: Map,
    registry_key: Option<(Option<String>, String)>,
    child_registry: Map,
    deploy: String,
    unknown: IndexMap<String, Vec<String>>,
}

/// One child stack's run: its inputs, what it read, its answer and effects.
struct Entry {
    inputs: Inputs,
    reads: Vec<Read>,
    /// The files among `reads`, once each.
    files: Vec<Rc<str>>,
    /// Sources it registered.
    sources: Vec<Source>,
    /// The budget left after it.
    budget: u32,
    result: Result<(), Failed>,
    ev: Evaluation,
    /// Session calls since it was last stored or used (0: this one).
    age: u8,
}

/// Nested-stack results by their inputs (see the module's documentation).
#[derive(Default)]
pub struct NestedCache {
    entries: HashMap<Rc<Key>, Entry>,
    /// The files of the last evaluation.
    files: Option<Rc<Files>>,
    /// What the evaluation in progress read, in order.
    log: Vec<Read>,
    /// Evaluations begun and not finished (caching only in the outermost).
    depth: u32,
    /// Child stacks replayed since the scope began.
    reused: usize,
}

impl std::fmt::Debug for NestedCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("NestedCache").field("stacks", &self.entries.len()).finish()
    }
}

thread_local! {
    static ACTIVE: RefCell<Option<NestedCache>> = const { RefCell::new(None) };
}

impl NestedCache {
    /// How many nested-stack results it holds.
    pub(crate) fn len(&self) -> usize {
        self.entries.len()
    }

    /// How many child stacks its last scope replayed instead of running.
    pub(crate) fn reused(&self) -> usize {
        self.reused
    }

    /// Run `f` with this cache active for this thread's evaluations, then drop
    /// the entries neither `f` nor the call before stored or used.
    pub(crate) fn scope<R>(&mut self, f: impl FnOnce() -> R) -> R {
        /// Puts the cache back even if `f` unwinds.
        struct Restore<'a>(&'a mut NestedCache);
        impl Drop for Restore<'_> {
            fn drop(&mut self) {
                if let Some(cache) = ACTIVE.with(|a| a.borrow_mut().take()) {
                    *self.0 = cache;
                }
                // Kept through one call that does not use it: typing that breaks a
                // file and mends it again alternates between two sets of stacks.
                self.0.entries.retain(|_, e| {
                    e.age += 1;
                    e.age <= 2
                });
                self.0.log = Vec::new();
                self.0.depth = 0;
            }
        }
        self.reused = 0;
        let cache = std::mem::take(self);
        ACTIVE.with(|a| *a.borrow_mut() = Some(cache));
        let _restore = Restore(self);
        f()
    }
}

fn with<R>(f: impl FnOnce(&mut NestedCache) -> R) -> Option<R> {
    ACTIVE.with(|a| a.borrow_mut().as_mut().map(f))
}

/// The cache in use for this evaluation, if any.
fn with_on<R>(f: impl FnOnce(&mut NestedCache) -> R) -> Option<R> {
    ACTIVE.with(|a| a.borrow_mut().as_mut().filter(|c| c.depth == 1).map(f))
}

/// Whether an editing session's cache is in use (`reuse.rs` runs every
/// nested stack then).
pub(crate) fn active() -> bool {
    with_on(|_| ()).is_some()
}

/// An evaluation in progress (see [`begin`]).
pub(crate) struct Evaluating;

impl Drop for Evaluating {
    fn drop(&mut self) {
        let _ = with(|c| c.depth = c.depth.saturating_sub(1));
    }
}

/// An evaluation of a request with these files begins: the entries that read a
/// file whose text changed since the last evaluation are dropped. An evaluation
/// begun inside another (none does today) keeps nothing.
pub(crate) fn begin(files: &Rc<Files>) -> Evaluating {
    let _ = with(|c| {
        c.depth += 1;
        if c.depth > 1 {
            return;
        }
        c.log.clear();
        let changed: HashSet<&str> = match &c.files {
            Some(old) if Rc::ptr_eq(old, files) => HashSet::new(),
            Some(old) => {
                let mut changed: HashSet<&str> =
                    files.iter().filter(|(k, v)| old.get(*k) != Some(*v)).map(|(k, _)| k.as_str()).collect();
                changed.extend(old.keys().filter(|k| !files.contains_key(*k)).map(String::as_str));
                changed
            }
            None => {
                c.entries.clear();
                HashSet::new()
            }
        };
        if !changed.is_empty() {
            c.entries.retain(|_, e| !e.files.iter().any(|f| changed.contains(&**f)));
        }
        c.files = Some(files.clone());
    });
    Evaluating
}

/// A file of the request read by name.
pub(crate) fn read_file(name: &str) {
    let _ = with_on(|c| c.log.push(Read::File(name.into())));
}

/// A lookup of the loaded templates.
pub(crate) fn read_template(name: &str, found: Option<&Rc<Template>>) {
    let _ = with_on(|c| c.log.push(Read::Template(name.into(), found.map(|t| t.root.span.source))));
}

/// A lookup of the registered files' source ids.
pub(crate) fn read_file_id(name: &str, found: Option<SourceId>) {
    let _ = with_on(|c| c.log.push(Read::FileId(name.into(), found)));
}

/// A template loaded and kept for the evaluation.
pub(crate) fn loaded(name: &str, template: &Rc<Template>) {
    let _ = with_on(|c| c.log.push(Read::Loaded(name.into(), template.clone())));
}

/// A child stack about to run, when a cache is in use: its place and inputs.
pub(crate) struct Pending {
    key: Rc<Key>,
    inputs: Inputs,
    log: usize,
}

/// The child's place and inputs, `None` when no cache is in use (or the
/// evaluation marks existing resources: an update plan's).
pub(crate) fn pending(
    run: &Driver,
    input: &StackInput<'_>,
    d: &ResourceDefn,
    child: &Child,
    create: bool,
) -> Option<Pending> {
    if input.existing.is_some() {
        return None;
    }
    let log = with_on(|c| c.log.len())?;
    let path = input.path.iter().cloned().chain([d.name.clone()]).collect();
    let key = Rc::new(Key { path, create, mode: run.mode });
    let inputs = Inputs {
        budget: run.run.budget,
        sources: run.run.sources.len(),
        depth: input.depth,
        stack_name: input.stack_name.to_string(),
        stack_id: input.stack_id.clone(),
        project_id: input.project_id.to_string(),
        config: input.config.clone(),
        defaults: input.env.parameter_defaults.clone(),
        registry: input.env.resource_registry.clone(),
        span: d.node.span,
        url: child.url.clone(),
        template: child.template.clone(),
        file: child.file,
        params: child.params.clone(),
        registry_key: child.registry_key.clone(),
        child_registry: child.registry.clone(),
        deploy: format!("{:?}", child.deploy),
        unknown: child.unknown.clone(),
    };
    Some(Pending { key, inputs, log })
}

/// A stored run to replay: its answer and what it did.
pub(crate) struct Hit {
    pub(crate) answer: (Result<(), Failed>, Evaluation),
    /// Templates it loaded, to keep for the rest of the evaluation.
    pub(crate) loaded: Vec<(Rc<str>, Rc<Template>)>,
    /// Sources it registered, to register again (the same ids).
    pub(crate) sources: Vec<Source>,
    /// The budget left after it.
    pub(crate) budget: u32,
}

/// The stored run of `pending`'s child if its inputs and reads are the same
/// now, for `run` to replay.
pub(crate) fn replay(run: &Driver, pending: &Pending) -> Option<Hit> {
    with_on(|c| {
        let entry = c.entries.get(&pending.key)?;
        if !same_inputs(&entry.inputs, &pending.inputs) || !same_state(run, &entry.reads) {
            return None;
        }
        let loaded = entry
            .reads
            .iter()
            .filter_map(|r| if let Read::Loaded(name, t) = r { Some((name.clone(), t.clone())) } else { None })
            .collect();
        let hit = Hit {
            answer: (entry.result.clone(), entry.ev.clone()),
            loaded,
            sources: entry.sources.clone(),
            budget: entry.budget,
        };
        let reads = entry.reads.clone();
        for read in &reads {
            if let Read::Entry(k) = read {
                if let Some(e) = c.entries.get_mut(k) {
                    e.age = 0;
                }
            }
        }
        if let Some(e) = c.entries.get_mut(&pending.key) {
            e.age = 0;
        }
        c.log.extend(reads);
        c.log.push(Read::Entry(pending.key.clone()));
        c.reused += 1;
        Some(hit)
    })
    .flatten()
}

/// Keep the run of `pending`'s child that just ended: `run` after it, its answer.
pub(crate) fn store(pending: Pending, run: &Driver, result: &Result<(), Failed>, ev: &Evaluation) {
    let _ = with_on(|c| {
        let reads: Vec<Read> = c.log.get(pending.log..).unwrap_or_default().to_vec();
        let mut seen = HashSet::new();
        let files = reads
            .iter()
            .filter_map(|r| if let Read::File(f) = r { Some(f.clone()) } else { None })
            .filter(|f| seen.insert(f.clone()))
            .collect();
        let sources = run.run.sources.iter().skip(pending.inputs.sources).map(|(_, s)| s.clone()).collect();
        let entry = Entry {
            inputs: pending.inputs,
            reads,
            files,
            sources,
            budget: run.run.budget,
            result: result.clone(),
            ev: ev.clone(),
            age: 0,
        };
        c.entries.insert(pending.key.clone(), entry);
        c.log.push(Read::Entry(pending.key));
    });
}

/// Whether the evaluation's shared state is what the stored run found: each
/// name's first lookup of the loaded templates and of the registered files.
fn same_state(run: &Driver, reads: &[Read]) -> bool {
    let mut templates = HashSet::new();
    let mut ids = HashSet::new();
    let loaded = run.run.templates.borrow();
    reads.iter().all(|r| match r {
        Read::Template(name, found) if templates.insert(name.clone()) => {
            loaded.get(&**name).map(|t| t.root.span.source) == *found
        }
        Read::FileId(name, found) if ids.insert(name.clone()) => run.run.file_ids.get(&**name).copied() == *found,
        _ => true,
    })
}

fn same_inputs(a: &Inputs, b: &Inputs) -> bool {
    a.budget == b.budget
        && a.sources == b.sources
        && a.depth == b.depth
        && a.span == b.span
        && a.file == b.file
        && a.stack_name == b.stack_name
        && a.stack_id == b.stack_id
        && a.project_id == b.project_id
        && a.url == b.url
        && a.registry_key == b.registry_key
        && a.unknown == b.unknown
        && a.deploy == b.deploy
        && (Rc::ptr_eq(&a.config, &b.config) || a.config == b.config)
        && same_map(&a.params, &b.params)
        && same_map(&a.child_registry, &b.child_registry)
        && (Rc::ptr_eq(&a.template, &b.template) || a.template.identical(&b.template))
        && same_map(&a.registry, &b.registry)
        && same_map(&a.defaults, &b.defaults)
}

/// Values equal exactly: the same type and value (Python's `1 == 1.0 == True`
/// is not enough: the result would print them differently), maps in order.
pub(crate) fn same_value(a: &Value, b: &Value) -> bool {
    match (a, b) {
        (Value::Null, Value::Null) => true,
        (Value::Bool(x), Value::Bool(y)) => x == y,
        (Value::Int(x), Value::Int(y)) => x == y,
        (Value::BigInt(x), Value::BigInt(y)) => x == y,
        (Value::Float(x), Value::Float(y)) => x.to_bits() == y.to_bits(),
        (Value::Str(x), Value::Str(y)) => Rc::ptr_eq(x, y) || crate::value::same_text(x, y),
        (Value::List(x), Value::List(y)) => {
            Rc::ptr_eq(x, y) || (x.len() == y.len() && x.iter().zip(y.iter()).all(|(a, b)| same_value(a, b)))
        }
        (Value::Map(x), Value::Map(y)) => Rc::ptr_eq(x, y) || same_map(x, y),
        _ => false,
    }
}

fn same_map(a: &Map, b: &Map) -> bool {
    a.len() == b.len() && a.iter().zip(b.iter()).all(|((ka, va), (kb, vb))| same_value(ka, kb) && same_value(va, vb))
}

/// Loaded trees equal exactly, spans included.
pub(crate) fn same_node(a: &Node, b: &Node) -> bool {
    a.span == b.span
        && match (&a.kind, &b.kind) {
            (NodeKind::Scalar(x), NodeKind::Scalar(y)) => same_value(x, y),
            (NodeKind::List(x), NodeKind::List(y)) => {
                x.len() == y.len() && x.iter().zip(y.iter()).all(|(a, b)| same_node(a, b))
            }
            (NodeKind::Map(x), NodeKind::Map(y)) => {
                x.len() == y.len()
                    && x.iter().zip(y.iter()).all(|((ka, va), (kb, vb))| same_node(ka, kb) && same_node(va, vb))
            }
            _ => false,
        }
}
