//! Loaded files kept between evaluations of one editing session, by their text.
//!
//! An editor evaluates after every keystroke, and a keystroke changes one file: the
//! others load to the same tree as last time. While an [`api::Session`] evaluates,
//! its [`ParseCache`] is the thread's active cache and the loaders
//! ([`super::load_template_limited`], [`super::load_yaml`]) answer from it: a text
//! loaded by the previous evaluation (or earlier in this one) is not loaded again.
//! Loading is a pure function of the text, the loader and its size limit; the only
//! input that varies is the [`SourceId`] the engine gave the file, so a tree loaded
//! under another id is handed out with its spans moved to the new one. Outside a
//! session no cache is active and the loaders run as before.
//!
//! After each evaluation the session drops what that evaluation did not load, so
//! the cache holds at most one evaluation's files.
//!
//! [`api::Session`]: crate::api::Session

use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::BuildHasher;
use std::rc::Rc;

use super::node::{Node, NodeKind};
use super::Loaded;
use crate::model::diag::Diagnostic;
use crate::source::{SourceId, Span};
use crate::value::same_text;

/// Which loader produced an entry (the same text may load differently).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Loader {
    /// `load_template_limited` with this `max_template_size`.
    Template(i64),
    /// `load_yaml` (environments).
    Yaml,
}

struct Entry {
    /// What the loader returned, under `source`.
    loaded: Result<Loaded, Diagnostic>,
    source: SourceId,
    /// Loaded (or reused) by the evaluation in progress.
    used: bool,
}

/// The entries by their text's hash, each holding its text: a lookup compares the
/// texts with [`same_text`] (a byte at a time on wasm32 with `==`).
type Texts = HashMap<u64, Vec<(String, Entry)>, foldhash::fast::FixedState>;

fn text_hash(text: &str) -> u64 {
    foldhash::fast::FixedState::default().hash_one(text)
}

/// Loads by loader and text (see the module's documentation).
#[derive(Default)]
pub struct ParseCache {
    entries: HashMap<Loader, Texts>,
}

impl std::fmt::Debug for ParseCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ParseCache").field("texts", &self.len()).finish()
    }
}

impl ParseCache {
    /// How many loaded texts it holds.
    pub fn len(&self) -> usize {
        self.entries.values().flat_map(HashMap::values).map(Vec::len).sum()
    }

    /// Run `f` with this cache active for the loaders of this thread, then drop
    /// the entries `f` did not use.
    pub fn scope<R>(&mut self, f: impl FnOnce() -> R) -> R {
        /// Puts the cache back even if `f` unwinds.
        struct Restore<'a>(&'a mut ParseCache);
        impl Drop for Restore<'_> {
            fn drop(&mut self) {
                if let Some(cache) = ACTIVE.with(|a| a.borrow_mut().take()) {
                    *self.0 = cache;
                }
                for texts in self.0.entries.values_mut() {
                    texts.retain(|_, bucket| {
                        bucket.retain_mut(|(_, e)| std::mem::take(&mut e.used));
                        !bucket.is_empty()
                    });
                }
            }
        }
        let cache = std::mem::take(self);
        ACTIVE.with(|a| *a.borrow_mut() = Some(cache));
        let _restore = Restore(self);
        f()
    }
}

thread_local! {
    static ACTIVE: RefCell<Option<ParseCache>> = const { RefCell::new(None) };
}

/// `load()`'s answer for `text` under `source`: from the active cache when there is
/// one and it holds the text, otherwise `load()`'s own (then kept in the cache).
pub(crate) fn load(
    loader: Loader,
    text: &str,
    source: SourceId,
    load: impl FnOnce() -> Result<Loaded, Diagnostic>,
) -> Result<Loaded, Diagnostic> {
    let hash = text_hash(text);
    let hit = ACTIVE.with(|a| {
        let mut active = a.borrow_mut();
        let cache = active.as_mut()?;
        let bucket = cache.entries.get_mut(&loader)?.get_mut(&hash)?;
        let (_, entry) = bucket.iter_mut().find(|(t, _)| same_text(t, text))?;
        entry.used = true;
        Some(moved(&entry.loaded, entry.source, source))
    });
    if let Some(loaded) = hit {
        return loaded;
    }
    let loaded = load();
    ACTIVE.with(|a| {
        if let Some(cache) = a.borrow_mut().as_mut() {
            let entry = Entry { loaded: loaded.clone(), source, used: true };
            cache.entries.entry(loader).or_default().entry(hash).or_default().push((text.to_owned(), entry));
        }
    });
    loaded
}

/// A copy of `loaded` (loaded under `from`) with its spans in source `to`.
fn moved(loaded: &Result<Loaded, Diagnostic>, from: SourceId, to: SourceId) -> Result<Loaded, Diagnostic> {
    if from == to {
        return loaded.clone();
    }
    let span = |s: Span| Span { source: to, ..s };
    let diagnostic = |d: &Diagnostic| Diagnostic { span: d.span.map(span), ..d.clone() };
    match loaded {
        Ok(l) => Ok(Loaded {
            root: moved_node(&l.root, to),
            warnings: l.warnings.iter().map(diagnostic).collect(),
            dates: l.dates.iter().copied().map(span).collect(),
        }),
        Err(d) => Err(diagnostic(d)),
    }
}

fn moved_node(node: &Node, to: SourceId) -> Node {
    let kind = match &node.kind {
        NodeKind::Scalar(v) => NodeKind::Scalar(v.clone()),
        NodeKind::List(items) => NodeKind::List(Rc::new(items.iter().map(|n| moved_node(n, to)).collect())),
        NodeKind::Map(entries) => {
            NodeKind::Map(Rc::new(entries.iter().map(|(k, v)| (moved_node(k, to), moved_node(v, to))).collect()))
        }
    };
    Node { span: Span { source: to, ..node.span }, kind }
}
