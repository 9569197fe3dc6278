//! What the deploy-time evaluations (`Driver::deploy_time`) take from Heat's
//! evaluation before them instead of computing it again.
//!
//! `Driver::deploy_time` runs the stack's stages again, once or twice, with the
//! deploy-time treatment, and reads of each run only Heat's error places, the
//! checks not made and the error diagnostics. Two parts of those runs are known
//! without running them:
//! - *The top-level stack's checks of its nested stacks* (`nested::checks`, a
//!   parent's non-strict validation of each nested stack before its own
//!   validation ends). The deploy-time treatment starts once a stack is
//!   validated (`Driver::stack` sets `Stack::deployed` after the validation
//!   stage) and a checked nested stack is never created, so these runs have the
//!   same inputs and the same answers as in Heat's evaluation: each answer and the
//!   budget it spent are recorded there ([`Checked`]) and replayed.
//! - *Nested stacks nothing is read from*, in the first deploy-time run
//!   ([`Focus`]): of it `deploy_time` reads only the error places and the
//!   checks not made for them (the error diagnostics it keeps are the second
//!   run's, which runs whenever a place is left). A created nested stack that
//!   is neither on the way to an error place of Heat's evaluation nor inside a
//!   stack Heat fails (whose checks not made anywhere inside it say what the
//!   error waits for; an output's error waits only for its own stack's) adds
//!   nothing to those: a stack's own evaluation in that run never reads its
//!   nested stacks' results (its results stage runs before its nested stage).
//!   The second run (`Mode::once_created`) runs every stack: what a nested
//!   stack is once created flows back to its parent there.
//!
//! What is not run registers no source: the sources the deploy-time runs add
//! (a group's generated `<nested_stack>`) are fewer, and later ones get other
//! ids (the display evaluation's too). Both are done only when the top-level
//! stack has no error and Heat's evaluation spent at most a quarter of the
//! nested-stack budget (what is not run spends none of it). The checks are
//! replayed in every evaluation that makes the deploy-time runs, an editing
//! session's included: a check its cache replays in Heat's evaluation
//! (`stack_cache.rs`) is recorded from that replay's answer and budget, so a
//! session and a cold evaluation register the same sources. The [`Focus`] is
//! used only where no display evaluation follows (`Display::Never`, as
//! `hotplate eval` evaluates) and outside an editing session (a child
//! replayed from its cache records nothing of the stacks inside it).
//!
//! `core/tests/reuse.rs` compares such evaluations with a session's first one
//! (every stack run) over the corpora, spans compared by source name;
//! `tools/same_results.py` compares the CLI's answers with main's.

use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use super::stages::Failed;
use crate::model::result::Evaluation;

/// A stack's path of resource names from the top.
pub(crate) type Path = Vec<Rc<str>>;

/// One top-level check of a nested stack as Heat's evaluation answered it.
pub(crate) struct Checked {
    pub(crate) result: Result<(), Failed>,
    /// What `nested::checks` reads of the child's evaluation: the properties
    /// and plugin checks it would check with a service.
    pub(crate) ev: Evaluation,
    /// The nested-stack budget it spent.
    pub(crate) spent: u32,
}

/// What Heat's evaluation records for the deploy-time ones.
#[derive(Default)]
pub(crate) struct Trace {
    /// The created nested stacks are recorded too (for a [`Focus`]): no
    /// display evaluation follows and no editing session is in use.
    pub(crate) focus: bool,
    /// The top-level stack's checks, by resource name.
    pub(crate) checks: HashMap<Rc<str>, Checked>,
    /// Created nested stacks that are error places (their error, an output's).
    pub(crate) erring: HashSet<Path>,
    /// Created nested stacks Heat fails (error places of their own; an
    /// output's error place is only erring).
    pub(crate) places: Vec<Path>,
}

impl Trace {
    /// A created nested stack's evaluation seen.
    pub(crate) fn created(&mut self, path: Path, ev: &Evaluation) {
        // A stack's error waits for checks anywhere inside it; an output's,
        // for the stack's own (`waits_for`).
        let failed = ev.result.error.is_some();
        if failed {
            self.places.push(path.clone());
        }
        if failed || ev.result.outputs.values().any(|o| o.error.is_some()) {
            let _ = self.erring.insert(path);
        }
    }
}

/// The created nested stacks a deploy-time evaluation runs (see the module).
pub(crate) struct Focus {
    /// Stacks on the way to an error place (each prefix of its path).
    on_the_way: HashSet<Path>,
    places: Vec<Path>,
}

impl Focus {
    pub(crate) fn new(trace: &Trace) -> Focus {
        let mut on_the_way = HashSet::new();
        for path in &trace.erring {
            let mut prefix = Vec::with_capacity(path.len());
            for step in path {
                prefix.push(step.clone());
                let _ = on_the_way.insert(prefix.clone());
            }
        }
        Focus { on_the_way, places: trace.places.clone() }
    }

    /// Whether the created nested stack at `path` is run.
    pub(crate) fn runs(&self, path: &[Rc<str>]) -> bool {
        self.on_the_way.contains(path) || self.places.iter().any(|p| path.starts_with(p))
    }
}

/// A driver's part in this (`Driver`'s `reuse`): Heat's run records, a
/// deploy-time run replays; a nested stack's run shares its parent's.
#[derive(Clone, Default)]
pub(crate) struct Reuse {
    /// Heat's evaluation recording what the deploy-time ones reuse.
    pub(crate) trace: Option<Rc<std::cell::RefCell<Trace>>>,
    /// A deploy-time evaluation's reuse of Heat's evaluation.
    pub(crate) replay: Option<Rc<Replay>>,
}

/// What a deploy-time evaluation's runs take from Heat's evaluation.
pub(crate) struct Replay {
    pub(crate) checks: HashMap<Rc<str>, Checked>,
    /// The created nested stacks the first deploy-time run runs; all of
    /// them when `None`.
    pub(crate) focus: Option<Focus>,
}
