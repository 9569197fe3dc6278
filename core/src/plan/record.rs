//! The two evaluations a plan makes through the engine's
//! [`Existing`](crate::engine::existing::Existing) hook, and what it records
//! of each stack: every resource's frozen definition (Heat's
//! `frozen_definition()`: every field resolved, with the existing
//! resources created).
//!
//! - The **current** stack: every resource of every stack is created
//!   (`heat_oracle._mark_created`): the top-level ones with the request's
//!   mocked reference ids, every other (and every nested-stack resource) with
//!   `uuid5(NAMESPACE_URL, "<stack id>/<name>")`. Nested stacks are built while
//!   their parent's nested-stack resources are not created yet.
//! - The **new** stack: a resource that exists in the current stack at the
//!   same place resolves as the existing one (its id, the mocked attributes:
//!   `heat_oracle._share_resource_data`); the others are not created. Heat
//!   shares them in the top-level stack before it builds the nested stacks,
//!   and in a nested stack only when it compares it (after its own nested
//!   stacks are built), so a nested stack's children see nothing created.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use indexmap::IndexMap;

use crate::catalogue::PropSchema;
use crate::engine::environment::Environment;
use crate::engine::existing::{Existing, StackPath};
use crate::engine::parameters::ParamSchema;
use crate::engine::resources::ResourceDefn;
use crate::eval;
use crate::source::Span;
use crate::stack::{ResourceRef, Stack};
use crate::value::{Map, Value};

use super::rules::{self, TypeRules};

/// A resource's plugin class: what `type(current) is not type(new)` compares.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Class {
    /// A plugin class: Heat 27 registers each class under one type name
    /// (`tools/gen_plan_data.py` checks it), so the type the registry
    /// resolved to names it; then the class name.
    Plugin(&'static str, &'static str),
    /// `TemplateResource` (a provider template).
    Template,
}

impl Class {
    /// The class as Heat names it.
    pub(crate) fn name(&self) -> &'static str {
        match self {
            Class::Plugin(_, class) => class,
            Class::Template => "TemplateResource",
        }
    }
}

/// `ResourceDefinition.render_hot()` of a frozen definition: each field
/// resolved, `None` when the definition does not have it.
#[derive(Clone, Debug, Default)]
pub(crate) struct Frozen {
    pub type_name: String,
    pub properties: Option<Value>,
    pub metadata: Option<Value>,
    pub depends_on: Option<Vec<String>>,
    pub deletion_policy: Option<String>,
    pub update_policy: Option<Value>,
    pub external_id: Option<Value>,
    pub condition: Option<Value>,
}

impl Frozen {
    /// The fields that differ, by their template key (`render_hot` equality).
    pub(crate) fn differences(&self, other: &Frozen) -> Vec<&'static str> {
        let mut out = Vec::new();
        let same = |a: &Option<Value>, b: &Option<Value>| match (a, b) {
            (None, None) => true,
            (Some(a), Some(b)) => a.py_eq(b),
            _ => false,
        };
        if self.type_name != other.type_name {
            out.push("type");
        }
        if !same(&self.properties, &other.properties) {
            out.push("properties");
        }
        if !same(&self.metadata, &other.metadata) {
            out.push("metadata");
        }
        if self.depends_on != other.depends_on {
            out.push("depends_on");
        }
        if self.deletion_policy != other.deletion_policy {
            out.push("deletion_policy");
        }
        if !same(&self.update_policy, &other.update_policy) {
            out.push("update_policy");
        }
        if !same(&self.external_id, &other.external_id) {
            out.push("external_id");
        }
        if !same(&self.condition, &other.condition) {
            out.push("condition");
        }
        out
    }
}

/// One resource of a recorded stack.
#[derive(Clone, Debug)]
pub(crate) struct Res {
    pub name: Rc<str>,
    pub class: Class,
    /// The update hooks of its class (none for providers and unknown types).
    pub rules: Option<&'static TypeRules>,
    /// The property schema its `Properties` use (empty for the types the
    /// oracle runs as its no-schema stand-in, and for providers).
    pub schema: &'static [PropSchema],
    /// A provider template (its properties are the template's parameters,
    /// every one `update_allowed`).
    pub provider: bool,
    /// It is a nested stack the engine builds (its stack is recorded at
    /// `path + [name]`).
    pub nested: bool,
    pub frozen: Frozen,
    /// Its reference id once created.
    pub reference_id: Option<String>,
    /// Where it is defined (its definition), and each property (its key)
    /// and field (its key).
    pub span: Span,
    pub spans: Vec<(String, Span)>,
}

impl Res {
    /// Where property (or, with `field`, definition field) `name` is written.
    pub(crate) fn span_of(&self, name: &str, field: bool) -> Option<Span> {
        let key = if field { format!(":{name}") } else { name.to_string() };
        self.spans.iter().find(|(k, _)| *k == key).map(|(_, s)| *s)
    }
}

/// One recorded stack: its resources in template order.
#[derive(Clone, Debug, Default)]
pub(crate) struct StackRec {
    pub resources: IndexMap<Rc<str>, Res>,
}

/// Stacks by path.
pub(crate) type Stacks = HashMap<Vec<Rc<str>>, StackRec>;

/// Which evaluation the hook serves.
pub(crate) enum Side<'a> {
    /// The current stack: everything created.
    Current {
        /// The request's mocked reference ids (top-level resources).
        reference_ids: &'a IndexMap<String, String>,
    },
    /// The new stack: what exists in `current` is created.
    New {
        current: &'a Stacks,
        /// A PATCH's environment: laid over the stored one.
        patch: Option<Patch<'a>>,
    },
}

/// PATCH: the stored environment and the parameters to forget.
pub(crate) struct Patch<'a> {
    pub stored: &'a Environment,
    pub clear: &'a [String],
}

/// The hook: records every collected stack and the environment.
pub(crate) struct Recorder<'a> {
    pub side: Side<'a>,
    /// The mocked attributes (the current request's, for both stacks).
    pub attributes: &'a IndexMap<String, Map>,
    pub stacks: RefCell<Stacks>,
    pub environment: RefCell<Option<Environment>>,
    /// The template's parameter schemas.
    pub schemas: RefCell<Vec<ParamSchema>>,
}

impl<'a> Recorder<'a> {
    pub(crate) fn new(side: Side<'a>, attributes: &'a IndexMap<String, Map>) -> Recorder<'a> {
        Recorder {
            side,
            attributes,
            stacks: RefCell::default(),
            environment: RefCell::default(),
            schemas: RefCell::default(),
        }
    }
}

impl Existing for Recorder<'_> {
    fn environment(&self, env: Environment, schemas: &[ParamSchema]) -> Environment {
        let env = match &self.side {
            Side::New { patch: Some(p), .. } => super::request::patch_environment(p, env, schemas),
            _ => env,
        };
        *self.environment.borrow_mut() = Some(env.clone());
        *self.schemas.borrow_mut() = schemas.to_vec();
        env
    }

    fn reference_id(&self, path: &StackPath, stack_id: &str, r: &ResourceRef) -> Option<String> {
        match &self.side {
            Side::Current { reference_ids } => {
                let mocked = if path.is_empty() && r.info.nested_kind().is_none() {
                    reference_ids.get(&*r.name).cloned()
                } else {
                    None
                };
                Some(mocked.unwrap_or_else(|| crate::pystd::uuid5_url(&format!("{stack_id}/{}", r.name))))
            }
            Side::New { current, .. } => {
                current.get(path).and_then(|s| s.resources.get(&*r.name)).and_then(|res| res.reference_id.clone())
            }
        }
    }

    fn stack_id(&self, path: &StackPath) -> Option<String> {
        // Heat builds the new stack's nested stacks (`preview_resources`)
        // without storing them: their id is None, `str()`'d by the pseudo
        // parameters.
        match self.side {
            Side::New { .. } if !path.is_empty() => Some("None".into()),
            _ => None,
        }
    }

    fn validate_strictly(&self, _path: &StackPath) -> bool {
        // The current stack's nested stacks were created; the new stack's
        // are only built (`preview_resources`), never validated.
        matches!(self.side, Side::Current { .. })
    }

    fn attributes(&self, name: &str) -> Option<Map> {
        self.attributes.get(name).cloned()
    }

    fn created_for_children(&self, path: &StackPath, d: &ResourceDefn) -> bool {
        match self.side {
            Side::Current { .. } => d.info.nested_kind().is_none(),
            Side::New { .. } => path.is_empty(),
        }
    }

    fn collected(&self, path: &StackPath, stack: &Stack, defns: &[ResourceDefn]) {
        let mut rec = StackRec::default();
        for d in defns {
            let reference_id = stack.resources.get(&*d.name).filter(|r| r.created).and_then(|r| r.reference_id.clone());
            rec.resources.insert(d.name.clone(), resource(stack, d, reference_id));
        }
        self.stacks.borrow_mut().insert(path.to_vec(), rec);
    }
}

/// A resource's record: its class, rules and frozen definition.
fn resource(stack: &Stack, d: &ResourceDefn, reference_id: Option<String>) -> Res {
    let info = &d.info;
    let provider = info.template.is_some();
    let rules = if provider { None } else { rules::of(info.plugin) };
    let class = if provider { Class::Template } else { Class::Plugin(info.plugin, info.class) };
    // A field that does not resolve is shown as null (Heat would fail
    // earlier, in validation, for every resource it resolves); a value
    // known once deployed (a plan through deploy-time values) is its
    // placeholder, equal on both sides when it is the same value.
    let resolve = |e: &Option<eval::Expr>| {
        e.as_ref().map(|e| match eval::resolve(stack, e) {
            Ok(v) => v,
            Err(err) if err.is_unknown() => {
                let mut mark = |_: &eval::Call, err: &crate::eval::EvalError| {
                    Value::from(format!("\u{27e8}{}\u{27e9}", err.unknown_labels().join(", ")))
                };
                eval::resolve_marking_unknown(stack, e, &mut mark).ok().flatten().unwrap_or(Value::Null)
            }
            Err(_) => Value::Null,
        })
    };
    let frozen = Frozen {
        type_name: d.type_name.clone(),
        properties: resolve(&d.properties),
        metadata: resolve(&d.metadata),
        depends_on: d.depends_on.clone(),
        // Heat forces Retain on a resource with an external id.
        deletion_policy: if d.external_id.is_some() { Some("Retain".into()) } else { d.deletion_policy.clone() },
        update_policy: resolve(&d.update_policy),
        external_id: resolve(&d.external_id),
        condition: condition(stack, d),
    };
    let mut spans = Vec::new();
    for (k, v) in d.node.as_map().unwrap_or(&[]) {
        let Some(field) = k.as_str() else { continue };
        spans.push((format!(":{field}"), k.span));
        if field == "properties" {
            for (pk, _) in v.as_map().unwrap_or(&[]) {
                if let Some(name) = pk.as_str() {
                    spans.push((name.to_string(), pk.span));
                }
            }
        }
    }
    Res {
        span: d.node.span,
        spans,
        name: d.name.clone(),
        class,
        rules,
        schema: if info.none_like { &[] } else { info.schema },
        provider,
        nested: info.nested_kind().is_some(),
        frozen,
        reference_id,
    }
}

/// The frozen `condition`: a name stays the name, a function its value.
fn condition(stack: &Stack, d: &ResourceDefn) -> Option<Value> {
    let node = d.node.get("condition")?;
    match node.scalar() {
        Some(Value::Null) => None,
        Some(v) => Some(v.clone()),
        None => d.condition.as_ref().map(|e| eval::resolve(stack, e).unwrap_or(Value::Null)),
    }
}
