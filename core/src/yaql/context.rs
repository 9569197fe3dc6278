//! yaql contexts: scopes of `$variables` and of functions defined with `def`.

use std::borrow::Cow;
use std::cell::RefCell;
use std::rc::Rc;

use super::eval::Lambda;
use super::value::V;

/// A function registered with `def(name, body)`.
#[derive(Debug)]
pub(crate) struct UserFn {
    pub name: String,
    pub body: Lambda,
}

/// A scope. Children see their parents' variables and functions.
#[derive(Debug, Default)]
pub(crate) struct Context {
    parent: Option<Rc<Context>>,
    data: RefCell<Vec<(Cow<'static, str>, V)>>,
    functions: RefCell<Vec<Rc<UserFn>>>,
}

/// yaql's name normalization: `name` → `$name`, `$` → `$1`.
fn normalize(name: &str) -> Cow<'_, str> {
    if name == "$" {
        Cow::Borrowed("$1")
    } else if name.starts_with('$') {
        Cow::Borrowed(name)
    } else {
        Cow::Owned(format!("${name}"))
    }
}

/// `$1` ... `$9` without allocating.
const POSITIONAL: [&str; 9] = ["$1", "$2", "$3", "$4", "$5", "$6", "$7", "$8", "$9"];

impl Context {
    pub(crate) fn root() -> Rc<Context> {
        Rc::new(Context::default())
    }

    pub(crate) fn child(parent: &Rc<Context>) -> Rc<Context> {
        Rc::new(Context { parent: Some(parent.clone()), ..Context::default() })
    }

    pub(crate) fn parent(&self) -> Option<&Rc<Context>> {
        self.parent.as_ref()
    }

    /// `context[name] = value`.
    pub(crate) fn set(&self, name: &str, value: V) {
        let key = normalize(name);
        let mut data = self.data.borrow_mut();
        if let Some(slot) = data.iter_mut().find(|(k, _)| *k == key) {
            slot.1 = value;
        } else {
            data.push((Cow::Owned(key.into_owned()), value));
        }
    }

    /// `context['$<i+1>'] = value` (lambda parameters).
    pub(crate) fn set_positional(&self, i: usize, value: V) {
        match POSITIONAL.get(i) {
            Some(name) => {
                let mut data = self.data.borrow_mut();
                if let Some(slot) = data.iter_mut().find(|(k, _)| k == name) {
                    slot.1 = value;
                } else {
                    data.push((Cow::Borrowed(name), value));
                }
            }
            None => self.set(&format!("${}", i + 1), value),
        }
    }

    /// `context[name]`: the nearest definition, or None (no error) when unknown.
    pub(crate) fn get(&self, name: &str) -> V {
        let key = normalize(name);
        let mut ctx = Some(self);
        while let Some(c) = ctx {
            // A variable holding yaql's NO_VALUE marker is skipped, as yaql's parent
            // lookups do (every lookup starts from a child context).
            if let Some((_, v)) = c.data.borrow().iter().find(|(k, _)| *k == key) {
                if !matches!(v, V::NoValue) {
                    return v.clone();
                }
            }
            ctx = c.parent.as_deref();
        }
        V::None
    }

    pub(crate) fn register(&self, f: UserFn) {
        self.functions.borrow_mut().push(Rc::new(f));
    }

    /// User-defined functions of this scope called `name` (trailing `_` ignored, as yaql).
    pub(crate) fn functions_named(&self, name: &str) -> Vec<Rc<UserFn>> {
        let name = name.trim_end_matches('_');
        self.functions.borrow().iter().filter(|f| f.name == name).cloned().collect()
    }

    pub(crate) fn has_functions(&self) -> bool {
        !self.functions.borrow().is_empty()
    }
}
