//! What rules see: a template of the request loaded with its spans and indexed
//! once (parameters, resources with their resolved types, outputs, conditions,
//! every function call with where it is and which `if` branches guard it,
//! every one-key map that is not a function), and the values the evaluation
//! knows. Rules that need a value ask [`Ctx`]; an unknown value is `None`,
//! and the rule stays silent.

use crate::catalogue::{self, PropSchema, Registry, TypeInfo};
use crate::engine::parameters::ParamSchema;
use crate::functions::{self, FnSpec, Lookup, Table};
use crate::model::diag::PathItem;
use crate::model::result::{Evaluation, HeatResult};
use crate::model::{Document, Request};
use crate::source::SourceId;
use crate::syntax::{load_template, load_yaml, Node};
use crate::value::Value;
use crate::version::HotVersion;

/// A HOT template of the request, loaded again (spans into the evaluation's
/// sources).
pub(crate) struct Template<'a> {
    /// Its name (the request's template name, or its key in `files`).
    pub name: &'a str,
    /// Its text.
    pub text: &'a str,
    /// The tree.
    pub root: Node,
    /// Its version.
    pub version: HotVersion,
    /// The request's own template (the evaluation's values are its values).
    pub top: bool,
    /// The loader's warnings: the keys written twice in one mapping (W1010).
    pub duplicates: Vec<crate::model::diag::Diagnostic>,
}

/// The request's HOT templates: its own (when given as text) and every file
/// that loads as one (provider templates), each once. CloudFormation-format
/// templates and texts the evaluation never registered are left out.
pub(crate) fn templates<'a>(req: &'a Request, ev: &Evaluation) -> Vec<Template<'a>> {
    let mut out = Vec::new();
    let source_of =
        |name: &str, text: &str| ev.sources.iter().find(|(_, s)| s.name == name && s.text == text).map(|(id, _)| id);
    if let Document::Text(text) = &req.template {
        if let Some(t) = source_of(&req.template_name, text).and_then(|id| load(&req.template_name, text, id, true)) {
            out.push(t);
        }
    }
    for (name, text) in &req.inputs.files {
        let Some(text) = text.as_deref() else { continue };
        if name == &req.template_name
            || req.inputs.environment_files.contains(name)
            || !text.contains("heat_template_version")
        {
            continue;
        }
        if let Some(t) = source_of(name, text).and_then(|id| load(name, text, id, false)) {
            out.push(t);
        }
    }
    out
}

fn load<'a>(name: &'a str, text: &'a str, source: SourceId, top: bool) -> Option<Template<'a>> {
    let loaded = load_template(text, source).ok()?;
    let (root, duplicates) = (loaded.root, loaded.warnings);
    let version = HotVersion::parse(root.get("heat_template_version")?.as_str()?)?;
    Some(Template { name, text, root, version, top, duplicates })
}

/// A parameter declaration.
pub(crate) struct Param<'a> {
    pub name: &'a str,
    pub key: &'a Node,
    pub def: &'a Node,
    /// Heat's reading of it (`None` when Heat refuses the schema).
    pub schema: Option<ParamSchema>,
}

/// A resource definition.
pub(crate) struct Res<'a> {
    pub name: &'a str,
    pub def: &'a Node,
    /// `type`, when a string.
    pub type_name: Option<&'a str>,
    /// The `type` value.
    pub type_node: Option<&'a Node>,
    /// The type resolved through the registry.
    pub info: Option<TypeInfo>,
    /// `condition`.
    pub condition: Option<&'a Node>,
    /// `properties`, when a map.
    pub properties: Option<&'a Node>,
}

impl<'a> Res<'a> {
    /// The plugin type it resolves to (`OS::Nova::Server`), if a plugin.
    pub fn plugin(&self) -> Option<&'static str> {
        self.info.as_ref().filter(|i| !i.provider).map(|i| i.plugin)
    }

    /// A property's node.
    pub fn prop(&self, key: &str) -> Option<&'a Node> {
        self.properties?.get(key)
    }
}

/// An output definition.
pub(crate) struct Output<'a> {
    pub name: &'a str,
    pub key: &'a Node,
    pub value: Option<&'a Node>,
    pub condition: Option<&'a Node>,
}

/// A condition definition.
pub(crate) struct Cond<'a> {
    pub name: &'a str,
    pub key: &'a Node,
    pub def: &'a Node,
}

/// Which definition something is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Site {
    /// `resources[i]`.
    Resource(usize),
    /// `outputs[i]`.
    Output(usize),
    /// `conditions[i]`.
    Condition(usize),
}

/// An `if` branch a place is in: the condition (a name or an expression) and
/// which branch.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Guard<'a> {
    pub condition: &'a Node,
    pub branch: bool,
}

/// A function call: `{name: args}`.
pub(crate) struct Call<'a> {
    pub name: &'a str,
    pub kind: &'static FnSpec,
    pub key: &'a Node,
    pub map: &'a Node,
    pub args: &'a Node,
    pub site: Site,
    /// Heat's breadcrumb to the call (`resources.r.properties.a`).
    pub path: String,
    /// The `if` branches it is in, outermost first.
    pub guards: Vec<Guard<'a>>,
}

impl<'a> Call<'a> {
    /// The first argument when it is a string (`get_param: x`, `get_attr: [r, a]`).
    pub fn target(&self) -> Option<&'a Node> {
        let first = match self.args.as_list() {
            Some(items) => items.first()?,
            None => self.args,
        };
        first.as_str().map(|_| first)
    }
}

/// A one-key map that is not a function of its table.
pub(crate) struct Plain<'a> {
    pub key: &'a str,
    pub map: &'a Node,
    pub path: String,
    /// Which table its place reads (`Conditions` in condition definitions).
    pub table: Table,
}

/// The evaluated stack as one rule sees it, for one template.
pub(crate) struct Ctx<'a> {
    pub req: &'a Request,
    pub ev: &'a Evaluation,
    pub t: &'a Template<'a>,
    /// The environment files' `resource_registry`, merged.
    pub registry: Registry,
    pub params: Vec<Param<'a>>,
    pub resources: Vec<Res<'a>>,
    pub outputs: Vec<Output<'a>>,
    pub conditions: Vec<Cond<'a>>,
    pub calls: Vec<Call<'a>>,
    pub plain: Vec<Plain<'a>>,
    /// Every place a condition is named (`condition: c`, `if: [c, …]`,
    /// `not: c`, a definition that is a name).
    pub condition_refs: Vec<(&'a str, &'a Node, Site)>,
}

/// The entries of a section, when it is a map.
fn section<'n>(root: &'n Node, name: &str) -> &'n [(Node, Node)] {
    root.get(name).and_then(Node::as_map).unwrap_or(&[])
}

impl<'a> Ctx<'a> {
    pub fn new(req: &'a Request, ev: &'a Evaluation, t: &'a Template<'a>) -> Ctx<'a> {
        let registry = registry(req);
        let mut cx = Ctx {
            req,
            ev,
            t,
            registry,
            params: Vec::new(),
            resources: Vec::new(),
            outputs: Vec::new(),
            conditions: Vec::new(),
            calls: Vec::new(),
            plain: Vec::new(),
            condition_refs: Vec::new(),
        };
        let root = &t.root;
        for (k, def) in section(root, "parameters") {
            let Some(name) = k.as_str() else { continue };
            let schema = ParamSchema::from_template(name, def, t.version).ok();
            cx.params.push(Param { name, key: k, def, schema });
        }
        for (k, def) in section(root, "resources") {
            let Some(name) = k.as_str() else { continue };
            let type_node = def.get("type");
            let type_name = type_node.and_then(Node::as_str);
            let info = type_name.and_then(|tn| catalogue::resolve_type(&cx.registry, name, tn).ok());
            let properties = def.get("properties").filter(|p| p.as_map().is_some());
            let condition = def.get("condition");
            cx.resources.push(Res { name, def, type_name, type_node, info, condition, properties });
        }
        for (k, def) in section(root, "outputs") {
            let Some(name) = k.as_str() else { continue };
            cx.outputs.push(Output { name, key: k, value: def.get("value"), condition: def.get("condition") });
        }
        for (k, def) in section(root, "conditions") {
            let Some(name) = k.as_str() else { continue };
            cx.conditions.push(Cond { name, key: k, def });
        }
        let mut w = Walker { version: t.version, calls: Vec::new(), plain: Vec::new(), refs: Vec::new() };
        for (i, r) in cx.resources.iter().enumerate() {
            let site = Site::Resource(i);
            for (k, v) in r.def.as_map().unwrap_or(&[]) {
                let Some(key) = k.as_str() else { continue };
                let path = format!("resources.{}.{key}", r.name);
                match key {
                    "type" => {}
                    "condition" => w.condition(v, site, path),
                    _ => w.walk(v, Table::Functions, site, &mut path.clone(), &mut Vec::new()),
                }
            }
        }
        for (i, o) in cx.outputs.iter().enumerate() {
            let site = Site::Output(i);
            if let Some(v) = o.value {
                w.walk(v, Table::Functions, site, &mut format!("outputs.{}.value", o.name), &mut Vec::new());
            }
            if let Some(c) = o.condition {
                w.condition(c, site, format!("outputs.{}.condition", o.name));
            }
        }
        for (i, c) in cx.conditions.iter().enumerate() {
            w.condition(c.def, Site::Condition(i), format!("conditions.{}", c.name));
        }
        cx.calls = w.calls;
        cx.plain = w.plain;
        cx.condition_refs = w.refs;
        cx
    }

    /// A resource by name.
    pub fn resource(&self, name: &str) -> Option<&Res<'a>> {
        self.resources.iter().find(|r| r.name == name)
    }

    /// A parameter by name.
    pub fn param(&self, name: &str) -> Option<&Param<'a>> {
        self.params.iter().find(|p| p.name == name)
    }

    /// A condition by name.
    pub fn condition(&self, name: &str) -> Option<&Cond<'a>> {
        self.conditions.iter().find(|c| c.name == name)
    }

    /// The calls of one function kind (any of `kinds`).
    pub fn calls_of<'s, const N: usize>(
        &'s self,
        kinds: [&'static FnSpec; N],
    ) -> impl Iterator<Item = &'s Call<'a>> + 's {
        self.calls.iter().filter(move |c| kinds.contains(&c.kind))
    }

    /// The function a node calls, when it is a one-key map naming one of the
    /// template's functions.
    pub fn call_of(&self, node: &Node) -> Option<&'static FnSpec> {
        match node.as_map() {
            Some([(k, _)]) => match functions::lookup(self.t.version, Table::Functions, k.as_str()?) {
                Lookup::Found(kind) => Some(kind),
                Lookup::Unknown => None,
            },
            _ => None,
        }
    }

    /// The node's value when it calls no function (a literal).
    pub fn literal(&self, node: &Node) -> Option<Value> {
        self.is_literal(node).then(|| node.to_value())
    }

    fn is_literal(&self, node: &Node) -> bool {
        if self.call_of(node).is_some() {
            return false;
        }
        match (node.as_map(), node.as_list()) {
            (Some(entries), _) => entries.iter().all(|(_, v)| self.is_literal(v)),
            (_, Some(items)) => items.iter().all(|i| self.is_literal(i)),
            _ => true,
        }
    }

    /// The evaluation's values for this template: the request's own
    /// template, when Heat created the stack.
    pub fn values(&self) -> Option<&'a HeatResult> {
        let r = &self.ev.result;
        (self.t.top && r.error.is_none()).then_some(r)
    }

    /// A resource property's value: Heat's resolved value when the stack was
    /// created and no part of it waits for deploy time, else the literal
    /// written in the template; `None` when neither is known.
    pub fn property(&self, res: &Res<'_>, key: &str) -> Option<Value> {
        if let Some(v) = self.resolved_property(res, key) {
            return Some(v);
        }
        self.literal(res.prop(key)?)
    }

    fn resolved_property(&self, res: &Res<'_>, key: &str) -> Option<Value> {
        let values = self.values()?;
        let props = values.resources.get(res.name)?.properties()?.as_map()?;
        let value = props.get_str(key)?;
        let at = [
            PathItem::Key("resources".into()),
            PathItem::Key(res.name.into()),
            PathItem::Key("properties".into()),
            PathItem::Key(key.into()),
        ];
        let deferred = self.ev.deferred.iter().any(|m| m.path.starts_with(&at));
        (!deferred).then(|| value.clone())
    }

    /// The text of a file of the request (`get_file`), when given.
    pub fn file(&self, name: &str) -> Option<&'a str> {
        self.req.inputs.files.get(name)?.as_deref()
    }

    /// The template text a node covers.
    pub fn text_of(&self, node: &Node) -> &'a str {
        self.t.text.get(node.span.start as usize..node.span.end as usize).unwrap_or("")
    }
}

/// One property of a resource met by [`Ctx::properties`].
pub(crate) struct PropVisit<'n> {
    /// Its path in the schema: keys, `*` for a list's items (`fixed_ips.*.subnet_id`).
    pub path: String,
    /// Heat's breadcrumb (`resources.p.properties.fixed_ips[0].subnet_id`).
    pub breadcrumb: String,
    /// Its schema, when the type's schema has one for it.
    pub schema: Option<&'static PropSchema>,
    /// The key it is written under (not for list items).
    pub key: Option<&'n Node>,
    /// Its value.
    pub value: &'n Node,
}

impl<'a> Ctx<'a> {
    /// For each plugin resource, in order, what `pick` keeps of its
    /// properties (see [`Ctx::properties`]), with the resource and its type.
    pub fn plugin_properties<T>(
        &self,
        mut pick: impl FnMut(&'static str, &PropVisit<'a>) -> Option<T>,
    ) -> Vec<(&Res<'a>, &'static str, Vec<T>)> {
        let mut all = Vec::new();
        for r in &self.resources {
            let Some(plugin) = r.plugin() else { continue };
            let mut found = Vec::new();
            self.properties(r, &mut |v| found.extend(pick(plugin, v)));
            all.push((r, plugin, found));
        }
        all
    }

    /// Every property of a plugin resource as written, with its schema,
    /// parents before children; function calls are not entered.
    pub fn properties(&self, res: &Res<'a>, f: &mut dyn FnMut(&PropVisit<'a>)) {
        let (Some(props), Some(info)) = (res.properties, res.info.as_ref()) else { return };
        if info.provider {
            return;
        }
        let mut at = PropVisit {
            path: String::new(),
            breadcrumb: format!("resources.{}.properties", res.name),
            schema: None,
            key: None,
            value: props,
        };
        self.visit_map(props, info.schema, &mut at, f);
    }

    fn visit_map(
        &self,
        node: &'a Node,
        schema: &'static [PropSchema],
        at: &mut PropVisit<'a>,
        f: &mut dyn FnMut(&PropVisit<'a>),
    ) {
        for (k, v) in node.as_map().unwrap_or(&[]) {
            let Some(name) = k.as_str() else { continue };
            let s = schema.iter().find(|s| s.name == name);
            let (plen, blen) = (at.path.len(), at.breadcrumb.len());
            if !at.path.is_empty() {
                at.path.push('.');
            }
            at.path.push_str(name);
            at.breadcrumb.push('.');
            at.breadcrumb.push_str(name);
            self.visit(v, s, Some(k), at, f);
            at.path.truncate(plen);
            at.breadcrumb.truncate(blen);
        }
    }

    fn visit(
        &self,
        value: &'a Node,
        schema: Option<&'static PropSchema>,
        key: Option<&'a Node>,
        at: &mut PropVisit<'a>,
        f: &mut dyn FnMut(&PropVisit<'a>),
    ) {
        at.schema = schema;
        at.key = key;
        at.value = value;
        f(at);
        if self.call_of(value).is_some() {
            return;
        }
        let Some(schema) = schema else { return };
        if let (Some(keys), Some(_)) = (schema.keys, value.as_map()) {
            self.visit_map(value, keys, at, f);
        } else if let (Some(item), Some(items)) = (schema.item, value.as_list()) {
            for (i, it) in items.iter().enumerate() {
                let (plen, blen) = (at.path.len(), at.breadcrumb.len());
                at.path.push_str(".*");
                at.breadcrumb.push_str(&format!("[{i}]"));
                self.visit(it, Some(item), None, at, f);
                at.path.truncate(plen);
                at.breadcrumb.truncate(blen);
            }
        }
    }

    /// Every node of the template (keys included: `true` for a key), parents first.
    pub fn nodes(&self, f: &mut dyn FnMut(&'a Node, bool)) {
        fn go<'n>(n: &'n Node, f: &mut dyn FnMut(&'n Node, bool)) {
            f(n, false);
            if let Some(entries) = n.as_map() {
                for (k, v) in entries {
                    f(k, true);
                    go(v, f);
                }
            } else if let Some(items) = n.as_list() {
                for i in items {
                    go(i, f);
                }
            }
        }
        go(&self.t.root, f);
    }

    /// The parameters a get_param call names: its first argument when a string.
    pub fn param_of(&self, call: &Call<'a>) -> Option<&Param<'a>> {
        self.param(call.target()?.as_str()?)
    }
}

/// The user's `resource_registry`: environment files in order, or the inline environment.
fn registry(req: &Request) -> Registry {
    let mut registry = Registry::default();
    for env in &req.inputs.environment_files {
        let Some(Some(text)) = req.inputs.files.get(env) else { continue };
        let Ok(loaded) = load_yaml(text, SourceId(0)) else { continue };
        if let Some(section) = loaded.root.get("resource_registry") {
            let reg = Registry::from_value(&section.to_value());
            registry.mappings.extend(reg.mappings);
            registry.per_resource.extend(reg.per_resource);
        }
    }
    if req.inputs.environment_files.is_empty() {
        let inline = match &req.inputs.environment {
            Some(Document::Value(v)) => v.as_map().and_then(|m| m.get_str("resource_registry")).cloned(),
            Some(Document::Text(text)) => {
                load_yaml(text, SourceId(0)).ok().and_then(|l| l.root.get("resource_registry").map(Node::to_value))
            }
            None => None,
        };
        if let Some(section) = inline {
            registry = Registry::from_value(&section);
        }
    }
    registry.release = req.release();
    registry
}

/// Collects calls, plain one-key maps and condition names.
struct Walker<'a> {
    version: HotVersion,
    calls: Vec<Call<'a>>,
    plain: Vec<Plain<'a>>,
    refs: Vec<(&'a str, &'a Node, Site)>,
}

impl<'a> Walker<'a> {
    /// A condition: a name, or an expression of the condition functions.
    fn condition(&mut self, node: &'a Node, site: Site, mut path: String) {
        match node.as_str() {
            Some(name) => self.refs.push((name, node, site)),
            None => self.walk(node, Table::Conditions, site, &mut path, &mut Vec::new()),
        }
    }

    fn walk(&mut self, node: &'a Node, table: Table, site: Site, path: &mut String, guards: &mut Vec<Guard<'a>>) {
        if let Some(items) = node.as_list() {
            for (i, item) in items.iter().enumerate() {
                let len = path.len();
                path.push_str(&format!("[{i}]"));
                self.walk(item, table, site, path, guards);
                path.truncate(len);
            }
            return;
        }
        let Some(entries) = node.as_map() else { return };
        if let [(k, args)] = entries {
            if let Some(name) = k.as_str() {
                let len = path.len();
                path.push('.');
                path.push_str(name);
                match functions::lookup(self.version, table, name) {
                    Lookup::Found(kind) => {
                        let call = Call {
                            name,
                            kind,
                            key: k,
                            map: node,
                            args,
                            site,
                            path: path.get(..len).unwrap_or("").to_string(),
                            guards: guards.clone(),
                        };
                        self.calls.push(call);
                        self.arguments(kind, args, table, site, path, guards);
                    }
                    Lookup::Unknown => {
                        let at = path.get(..len).unwrap_or("").to_string();
                        self.plain.push(Plain { key: name, map: node, path: at, table });
                        self.walk(args, table, site, path, guards);
                    }
                }
                path.truncate(len);
                return;
            }
        }
        for (k, v) in entries {
            let len = path.len();
            path.push('.');
            path.push_str(k.as_str().unwrap_or("?"));
            self.walk(v, table, site, path, guards);
            path.truncate(len);
        }
    }

    /// A call's arguments: an `if`'s condition and guarded branches, the
    /// condition names `and`/`or`/`not` take, the rest as values.
    fn arguments(
        &mut self,
        kind: &'static FnSpec,
        args: &'a Node,
        table: Table,
        site: Site,
        path: &mut String,
        guards: &mut Vec<Guard<'a>>,
    ) {
        let is = |specs: &[&FnSpec]| specs.contains(&kind);
        if is(&[&functions::if_::IF, &functions::if_::IF_NULLABLE]) {
            let items = args.as_list().unwrap_or(&[]);
            let Some((cond, branches)) = items.split_first() else { return };
            self.condition(cond, site, format!("{path}[0]"));
            for (i, b) in branches.iter().enumerate() {
                guards.push(Guard { condition: cond, branch: i == 0 });
                let len = path.len();
                path.push_str(&format!("[{}]", i + 1));
                self.walk(b, table, site, path, guards);
                path.truncate(len);
                guards.pop();
            }
        } else if is(&[
            &functions::condition_bool::NOT,
            &functions::condition_bool::AND,
            &functions::condition_bool::OR,
        ]) {
            let items = args.as_list().map_or(std::slice::from_ref(args), |l| l);
            for (i, item) in items.iter().enumerate() {
                match item.as_str() {
                    Some(name) => self.refs.push((name, item, site)),
                    None => self.walk(item, table, site, &mut format!("{path}[{i}]"), guards),
                }
            }
        } else {
            self.walk(args, table, site, path, guards);
        }
    }
}
