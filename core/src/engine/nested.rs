//! Nested stacks (Heat's `StackResource`): provider templates and resource
//! groups. A parent validates each of its nested stacks non-strictly
//! (`validate_nested_stack`, recursively, at most `max_nested_stack_depth` deep), and the
//! result shows each one as Heat would create it: the child template with the
//! parameters the parent's properties give it, validated strictly, resolved,
//! and its own nested stacks in turn. Both run the same stages as the
//! top-level stack ([`Run::stack_stages`]).

use std::rc::Rc;

use indexmap::IndexMap;

use super::file_schemata;
use super::parameters::{self, ParamSchema, ParamType};
use super::properties::Validation;
use super::resources::ResourceDefn;
use super::result::{Evaluation, HeatResult, SkippedCheck, SkippedProperty};
use super::{Built, Run, StackInput, Stop};
use crate::catalogue::{self, NestedKind, PropKind};
use crate::diag::PathItem;
use crate::eval::{self, EvalError, Expr};
use crate::functions::FnKind;
use crate::pyfmt::py_str;
use crate::source::Span;
use crate::syntax::{load_template_limited, Node};
use crate::value::{Map, Value};
use crate::version::HotVersion;

/// A parsed provider template, shared by every stack that uses it.
#[derive(Debug)]
pub(crate) struct Parsed {
    pub(crate) root: Node,
    pub(crate) dates: Vec<Span>,
}

/// What a nested stack is made of (`child_template()`, `child_params()`).
struct Child {
    /// `template_url`: the file, or `nested_stack` for a generated template.
    url: String,
    root: Rc<Parsed>,
    /// Whether the template is a file (whose parameter defaults the
    /// environment's `parameter_defaults` replace, as `param_schemata` does).
    file: bool,
    params: Map,
    /// The registry entry that led to the template (removed in the child).
    registry_key: Option<(Option<String>, String)>,
    /// Registry entries the parent adds (`child_params()`'s `resource_registry`).
    registry: Map,
    /// Parameters whose values are deploy-time in the parent, as it shows them.
    deploy: IndexMap<String, crate::symbolic::Sym>,
}

/// The provider's view of a template parameter as a property
/// (`Schema.from_parameter`).
fn prop_kind(kind: ParamType) -> PropKind {
    match kind {
        ParamType::String => PropKind::String,
        ParamType::Number => PropKind::Number,
        ParamType::List => PropKind::List,
        ParamType::Json => PropKind::Map,
        ParamType::Boolean => PropKind::Boolean,
    }
}

impl Run {
    /// The nested-stack checks of one resource after its own validation:
    /// a provider's properties against the template's parameters, then (for
    /// the top-level stack, or any stack validated non-strictly) the nested
    /// stack itself, then a provider's facade.
    pub(super) fn nested_checks(
        &mut self,
        input: &StackInput<'_>,
        built: &Built,
        d: &ResourceDefn,
        skipped: &mut Vec<SkippedProperty>,
        checks: &mut Vec<SkippedCheck>,
    ) -> Result<(), EvalError> {
        let Some(kind) = d.info.nested_kind() else { return Ok(()) };
        // A provider's template and parameters, read once for every check here.
        let provider = match kind {
            NestedKind::Template => {
                let Some(parsed) = self.provider_template(input, d)? else { return Ok(()) };
                let schemas = self.provider_schemas(input, &parsed)?;
                provider_properties(&built.stack, d, &schemas, input.strict, skipped)?;
                Some((parsed, schemas))
            }
            _ => None,
        };
        if input.depth == 0 || !input.strict {
            let child = match &provider {
                Some((parsed, schemas)) => Some(provider_child_of(&built.stack, d, parsed, schemas)?),
                None => self.group_child(input, built, d, kind, true)?,
            };
            if let Some(child) = child {
                let (result, ev) = self.child_run(input, d, &child, false);
                let prefix = format!("{}/", d.name);
                skipped.extend(ev.result.skipped_properties.into_iter().map(|mut s| {
                    s.resource.insert_str(0, &prefix);
                    s
                }));
                checks.extend(ev.result.skipped_checks.into_iter().map(|mut c| {
                    c.resource.insert_str(0, &prefix);
                    c
                }));
                result.map_err(|e| wrap_nested(e, &d.name, &child.url, d.node.span))?;
            }
        }
        if let (Some((parsed, schemas)), Some(key)) = (&provider, &d.info.registry_key) {
            facade_checks(built, d, key, parsed, schemas)?;
        }
        Ok(())
    }

    /// The nested result of every enabled nested-stack resource.
    pub(super) fn nested_results(&mut self, input: &StackInput<'_>, built: &Built) {
        for d in &built.defns {
            let Some(kind) = d.info.nested_kind() else { continue };
            let child = match kind {
                NestedKind::Template => self.provider_child(input, built, d),
                group => self.group_child(input, built, d, group, false),
            };
            let result = match child {
                Ok(Some(mut child)) => {
                    if kind == NestedKind::Template {
                        child.deploy = deploy_params(&built.stack, d);
                    }
                    let (_, ev) = self.child_run(input, d, &child, true);
                    // A failure there (or in a stack nested in it) is a problem
                    // Heat reports when it creates that nested stack: one more
                    // diagnostic for the page.
                    for diag in ev.diagnostics {
                        if !self.ev.diagnostics.contains(&diag) {
                            self.ev.diagnostics.push(diag);
                        }
                    }
                    if ev.result.error.is_none() {
                        // Its deploy-time values, at their place in this result.
                        let at = [PathItem::Key("nested".into()), PathItem::Key(d.name.to_string())];
                        self.ev.deferred.extend(super::result::rebase(&at, ev.deferred, |m| &mut m.path));
                        self.ev.display.extend(super::result::rebase(&at, ev.display, |d| &mut d.path));
                    }
                    ev.result
                }
                Ok(None) => continue,
                Err(e) => HeatResult { error: Some(super::heat_error(&e)), ..HeatResult::default() },
            };
            self.ev.result.nested.insert(d.name.to_string(), result);
        }
    }

    /// Run a child stack: Heat's `_parse_nested_stack`, then its validation
    /// (strict for a nested stack being created, non-strict when its parent
    /// validates it) and, when created, what its result shows.
    fn child_run(
        &mut self,
        input: &StackInput<'_>,
        d: &ResourceDefn,
        child: &Child,
        create: bool,
    ) -> (Result<(), EvalError>, Evaluation) {
        let mut run = Run::child(self);
        let result = run.child_stages(input, d, child, create);
        let mut ev = std::mem::take(&mut run.ev);
        self.ev.sources = std::mem::take(&mut ev.sources);
        self.budget = run.budget;
        if create && ev.result.error.is_some() {
            ev.result.clear_sections();
        }
        (result, ev)
    }

    fn child_stages(
        &mut self,
        input: &StackInput<'_>,
        d: &ResourceDefn,
        child: &Child,
        create: bool,
    ) -> Result<(), EvalError> {
        let fail = |run: &mut Run, e: EvalError| {
            let _ = run.fail(e.clone());
            e
        };
        // `_child_nested_depth`.
        let max_depth = input.config.max_nested_stack_depth;
        if i64::try_from(input.depth).unwrap_or(i64::MAX) >= max_depth {
            let e = EvalError::other(
                "RequestLimitExceeded",
                format!("Request limit exceeded: Recursion depth exceeds {max_depth}."),
            )
            .with_code("nested-too-deep")
            .at(d.node.span);
            return Err(fail(self, e));
        }
        let root = &child.root.root;
        let size = root.get("resources").and_then(Node::as_map).map_or(0, <[(Node, Node)]>::len);
        let cost = u32::try_from(size).unwrap_or(u32::MAX).saturating_add(1);
        if self.budget < cost {
            return Err(fail(self, budget_exceeded(d.node.span)));
        }
        self.budget -= cost;
        let Some(top) = root.as_map() else {
            return Err(fail(self, EvalError::svf("The template is not a JSON object or YAML mapping.").at(root.span)));
        };
        let version = match file_schemata::detect_version(top, &child.root.dates, root.span) {
            Ok((version, vnode)) => {
                self.ev.result.template_version = Some(vnode.as_str().unwrap_or_default().to_string());
                self.ev.version = Some(version);
                version
            }
            Err(e) => return Err(fail(self, e)),
        };
        let mut schemas = match self.param_schemas(root, version) {
            Ok(s) => s,
            Err(Stop) => return Err(self.failure.clone().unwrap_or_else(|| EvalError::svf("invalid parameters"))),
        };
        if child.file {
            with_param_defaults(&mut schemas, &input.env.parameter_defaults);
        }
        let mut env = child_environment(&input.env, &child.params, &d.name, child.registry_key.as_ref());
        for (k, v) in child.registry.iter() {
            let _ = env.resource_registry.insert(k.clone(), v.clone());
        }
        let stack_name = format!("{}-{}", input.stack_name, d.name);
        let child_input = StackInput {
            root,
            version,
            stack_name: &stack_name,
            stack_id: uuid5_url(&format!("{}/{}", input.stack_id, d.name)),
            project_id: input.project_id,
            files: input.files.clone(),
            env,
            schemas,
            depth: input.depth + 1,
            strict: create,
            collect: create,
            mocks: None,
            deploy_params: child.deploy.clone(),
            config: input.config.clone(),
        };
        match self.stack_stages(&child_input) {
            Ok(()) => Ok(()),
            Err(Stop) => Err(self.failure.clone().unwrap_or_else(|| EvalError::svf("nested stack failed"))),
        }
    }

    /// A provider's template, parsed once per request; `None` when Heat would
    /// read it from its own installation (a `file://` default mapping).
    fn provider_template(&mut self, input: &StackInput<'_>, d: &ResourceDefn) -> Result<Option<Rc<Parsed>>, EvalError> {
        let Some((file, _)) = &d.info.template else { return Ok(None) };
        if let Some(parsed) = self.templates.borrow().get(file) {
            return Ok(Some(parsed.clone()));
        }
        let Some(Some(text)) = input.files.get(file) else { return Ok(None) };
        let id = match self.file_ids.get(file) {
            Some(id) => *id,
            None => {
                let id = self.ev.sources.add(file.clone(), text.clone());
                self.file_ids.insert(file.clone(), id);
                id
            }
        };
        let loaded = load_template_limited(text, id, input.config.max_template_size).map_err(|diag| {
            // Heat's `template_format.parse` error: PyYAML's own text after
            // `Error parsing template <file> ` when PyYAML refuses it too.
            let pyyaml = match crate::syntax::LoadFailure::of(&diag) {
                crate::syntax::LoadFailure::Syntax => crate::syntax::pyyaml_error_text(text),
                _ => None,
            };
            let message = match pyyaml {
                Some(yaml) => format!("Error parsing template {file} {yaml}"),
                None => format!("Failed to parse template {file}: {}", diag.message),
            };
            EvalError::svf(message)
                .with_code("bad-nested-template")
                .at(d.node.get("type").map_or(d.node.span, |n| n.span))
        })?;
        let parsed = Rc::new(Parsed { root: loaded.root, dates: loaded.dates });
        self.templates.borrow_mut().insert(file.clone(), parsed.clone());
        Ok(Some(parsed))
    }

    /// The template's parameter schemas, as its provider resource sees them
    /// (`param_schemata(param_defaults)`).
    fn provider_schemas(&mut self, input: &StackInput<'_>, parsed: &Parsed) -> Result<Vec<ParamSchema>, EvalError> {
        let Some(top) = parsed.root.as_map() else { return Ok(Vec::new()) };
        let Ok((version, _)) = file_schemata::detect_version(top, &parsed.dates, parsed.root.span) else {
            return Ok(Vec::new());
        };
        let section = parsed.root.get(version.key("parameters")).filter(|n| !n.is_null());
        let mut schemas = Vec::new();
        for (k, v) in file_schemata::parameter_entries(section)? {
            let name = py_str(&k.to_value());
            schemas.push(ParamSchema::from_template(&name, v, version).map_err(|e| e.at_if_unset(v.span))?);
        }
        with_param_defaults(&mut schemas, &input.env.parameter_defaults);
        Ok(schemas)
    }

    /// A provider resource's child stack.
    fn provider_child(
        &mut self,
        input: &StackInput<'_>,
        built: &Built,
        d: &ResourceDefn,
    ) -> Result<Option<Child>, EvalError> {
        let Some(parsed) = self.provider_template(input, d)? else { return Ok(None) };
        let schemas = self.provider_schemas(input, &parsed)?;
        provider_child_of(&built.stack, d, &parsed, &schemas).map(Some)
    }

    /// A group's generated template of its members (`child_template()`; a
    /// ResourceGroup validates only its first member, with every property).
    #[allow(clippy::too_many_lines)]
    fn group_child(
        &mut self,
        input: &StackInput<'_>,
        built: &Built,
        d: &ResourceDefn,
        kind: NestedKind,
        validating: bool,
    ) -> Result<Option<Child>, EvalError> {
        let stack = &built.stack;
        let entries: &[(Value, Expr)] = match &d.properties {
            Some(Expr::Map(entries, _)) => entries,
            _ => &[],
        };
        let v = Validation::new(stack, d.info.schema, d.info.translation, entries);
        let Ok(props) = v.values_top(d.info.schema, entries) else { return Ok(None) };
        let prop = |k: &str| props.get_str(k).cloned().unwrap_or(Value::Null);
        let int = |k: &str| prop(k).as_int().unwrap_or(0).max(0);
        let too_many = || {
            EvalError::other("RequestLimitExceeded", "Request limit exceeded: Maximum resources per stack exceeded.")
                .with_code("too-many-resources")
                .at(d.node.span)
        };
        // Heat's `max_resources_per_stack` (-1: none) for the generated
        // template; hotplate's own budget bounds it when Heat has none.
        let max = input.config.max_resources_per_stack;
        let budget = self.budget;
        let limit = |n: i64| {
            if max != -1 && n > max {
                return Err(too_many());
            }
            match usize::try_from(n) {
                Ok(n) if u32::try_from(n).is_ok_and(|n| n < budget) => Ok(n),
                _ => Err(budget_exceeded(d.node.span)),
            }
        };
        // (name, type, properties, metadata, depends_on) of each member.
        let mut members: Vec<(String, Value, Value, Value, Option<String>)> = Vec::new();
        match kind {
            NestedKind::ResourceGroup => {
                let count = int("count");
                // A group of none validates nothing of its member definition.
                if validating && count == 0 {
                    return Ok(None);
                }
                let index_var = prop("index_var").as_str().unwrap_or("%index%").to_string();
                let def = drop_null_properties(&prop("resource_def"));
                let field = |k: &str| def.as_map().and_then(|m| m.get_str(k)).cloned().unwrap_or(Value::Null);
                let member_type = field("type");
                if validating {
                    self.check_member_type(built, d, &member_type)?;
                }
                let mut skip: Vec<String> = Vec::new();
                for policy in prop("removal_policies").as_list().unwrap_or(&[]) {
                    if let Some(list) =
                        policy.as_map().and_then(|m| m.get_str("resource_list")).and_then(Value::as_list)
                    {
                        skip.extend(list.iter().map(py_str));
                    }
                }
                let wanted = if validating { 1 } else { limit(count)? };
                let mut i = 0u64;
                while members.len() < wanted {
                    let n = i.to_string();
                    i += 1;
                    if skip.contains(&n) {
                        continue;
                    }
                    let props = replace_index(&field("properties"), &index_var, &n);
                    members.push((n, member_type.clone(), props, field("metadata"), None));
                }
            }
            NestedKind::AutoScalingGroup => {
                let desired = prop("desired_capacity").as_int().filter(|n| *n != 0);
                let count = limit(desired.unwrap_or_else(|| int("min_size")).max(0))?;
                let def = prop("resource");
                let field = |k: &str| def.as_map().and_then(|m| m.get_str(k)).cloned().unwrap_or(Value::Null);
                let group = format!("{}/{}", input.stack_name, d.name);
                for n in 1..=count {
                    members.push((member_id(&group, n), field("type"), field("properties"), field("metadata"), None));
                }
            }
            NestedKind::ResourceChain => {
                let types: Vec<Value> = prop("resources").as_list().unwrap_or(&[]).to_vec();
                if validating {
                    // `ResourceChain.validate_nested_stack`: each type is
                    // looked up first (the registry's error is not wrapped).
                    for t in &types {
                        catalogue::resolve_type(&built.registry, "", &py_str(t))
                            .map_err(|m| EvalError::svf(m).with_code("unknown-resource-type").at(d.node.span))?;
                    }
                }
                limit(i64::try_from(types.len()).unwrap_or(i64::MAX))?;
                let props = prop("resource_properties");
                for (i, t) in types.into_iter().enumerate() {
                    let depends = i.checked_sub(1).map(|p| p.to_string());
                    members.push((i.to_string(), t, props.clone(), Value::Null, depends));
                }
            }
            NestedKind::DeploymentGroup(member_type) => {
                let servers = prop("servers");
                let names: Vec<String> = servers.as_map().map(|m| m.keys().map(py_str).collect()).unwrap_or_default();
                if validating && names.is_empty() {
                    return Ok(None);
                }
                limit(i64::try_from(names.len()).unwrap_or(i64::MAX))?;
                for name in names.into_iter().take(if validating { 1 } else { usize::MAX }) {
                    let mut p = Map::new();
                    for (k, v) in props.iter() {
                        if k.as_str() != Some("servers") {
                            let _ = p.insert(k.clone(), v.clone());
                        }
                    }
                    p.insert_str(
                        "server",
                        servers.as_map().and_then(|m| m.get_str(&name)).cloned().unwrap_or(Value::Null),
                    );
                    members.push((name, Value::from(member_type), Value::map(p), Value::Null, None));
                }
            }
            NestedKind::InstanceGroup | NestedKind::AwsAutoScalingGroup => {
                let size = if kind == NestedKind::InstanceGroup {
                    int("Size")
                } else {
                    prop("DesiredCapacity").as_int().filter(|n| *n != 0).unwrap_or_else(|| int("MinSize"))
                };
                let count = if validating { 1 } else { limit(size.max(0))? };
                let (mut props, meta) = self.launch_config_member(built, d, &prop, validating)?;
                if kind == NestedKind::AwsAutoScalingGroup {
                    // `AutoScalingGroup._tags`: the group's name as a tag too.
                    if let Value::Map(m) = &mut props {
                        let mut tags =
                            m.get_str("Tags").and_then(Value::as_list).map(<[Value]>::to_vec).unwrap_or_default();
                        let mut tag = Map::new();
                        tag.insert_str("Key", Value::from("metering.AutoScalingGroupName"));
                        tag.insert_str("Value", Value::from(&*d.name));
                        tags.push(Value::map(tag));
                        std::rc::Rc::make_mut(m).insert_str("Tags", Value::list(tags));
                    }
                }
                let group = format!("{}/{}", input.stack_name, d.name);
                for n in 1..=count {
                    members.push((
                        member_id(&group, n),
                        Value::from(SCALED_RESOURCE),
                        props.clone(),
                        meta.clone(),
                        None,
                    ));
                }
            }
            NestedKind::CfnStack => {
                // `NestedStack.child_template`: `urlfetch.get(TemplateURL)`,
                // which never reads `files` (and nothing is downloaded here).
                if !validating {
                    return Ok(None);
                }
                let url = py_str(&prop("TemplateURL"));
                let scheme = super::resources::url_scheme(&url);
                let reason = if matches!(scheme.as_str(), "http" | "https") {
                    format!("Failed to retrieve template from {url}")
                } else {
                    format!("Invalid URL scheme {scheme}")
                };
                let path = vec![PathItem::Key("resources".into()), PathItem::Key(format!("{}<nested_stack>", d.name))];
                return Err(EvalError::svf_items(
                    "ValueError",
                    path,
                    format!("Could not fetch remote template '{url}': {reason}"),
                )
                .with_code("template-not-found")
                .at(d.node.get("properties").map_or(d.node.span, |n| n.span)));
            }
            NestedKind::Template => return Ok(None),
        }
        // An InstanceGroup's template is CloudFormation-format (`HeatTemplate`).
        let cfn = matches!(kind, NestedKind::InstanceGroup | NestedKind::AwsAutoScalingGroup);
        let key = |hot: &'static str| if cfn { HotVersion::Cfn2012_12_12.key(hot) } else { hot };
        let names: Vec<String> = members.iter().map(|m| m.0.clone()).collect();
        let mut resources = Map::new();
        for (name, ty, props, meta, depends) in members {
            let mut r = Map::new();
            r.insert_str(key("type"), ty);
            if props.truthy() {
                r.insert_str(key("properties"), props);
            }
            if meta.truthy() {
                r.insert_str(key("metadata"), meta);
            }
            if let Some(dep) = depends {
                r.insert_str(key("depends_on"), Value::list(vec![Value::from(dep)]));
            }
            resources.insert_str(&name, Value::map(r));
        }
        let outputs = group_outputs(built, d, kind, &names, key("value"));
        let mut t = Map::new();
        if cfn {
            t.insert_str("HeatTemplateFormatVersion", Value::from("2012-12-12"));
        } else {
            t.insert_str("heat_template_version", Value::from("2015-04-30"));
        }
        t.insert_str(key("resources"), Value::map(resources));
        t.insert_str(key("outputs"), Value::map(outputs));
        let mut registry = Map::new();
        if cfn {
            registry.insert_str(SCALED_RESOURCE, Value::from("AWS::EC2::Instance"));
        }
        let id = self.ev.sources.add(format!("{}<nested_stack>", d.name), String::new());
        let root = Node::from_value(&Value::map(t), Span::new(id, 0, 0));
        let parsed = Rc::new(Parsed { root, dates: Vec::new() });
        Ok(Some(Child {
            url: "nested_stack".into(),
            root: parsed,
            file: false,
            params: Map::new(),
            registry_key: None,
            registry,
            deploy: IndexMap::new(),
        }))
    }

    /// `InstanceGroup.validate_launchconfig` (when validating) and
    /// `_get_conf_properties`: the member's properties (the launch
    /// configuration's given properties and the group's `Tags`) and metadata.
    fn launch_config_member(
        &self,
        built: &Built,
        d: &ResourceDefn,
        prop: &dyn Fn(&str) -> Value,
        validating: bool,
    ) -> Result<(Value, Value), EvalError> {
        let stack = &built.stack;
        let refid = prop("LaunchConfigurationName");
        let refid_text = py_str(&refid);
        let conf = refid.as_str().and_then(|n| built.defns.iter().find(|c| &*c.name == n));
        let invalid = |m: String| {
            EvalError::svf_items(
                "ValueError",
                vec![PathItem::Key("resources".into()), PathItem::Key(d.name.to_string())],
                m,
            )
            .with_code("plugin-check")
            .at(d.node.span)
        };
        let Some(conf) = conf else {
            if validating && refid.truthy() {
                return Err(invalid(format!("LaunchConfigurationName ({refid_text}) reference can not be found.")));
            }
            return Ok((Value::Null, Value::Null));
        };
        if validating {
            // `conf.required_by()`: the group's dependencies as `build` found them.
            let requires = built.defns.iter().position(|x| x.name == d.name).and_then(|i| built.requires.get(i));
            if !requires.is_some_and(|r| r.iter().any(|n| n == &*conf.name)) {
                return Err(invalid(format!(
                    "LaunchConfigurationName ({refid_text}) requires a reference to the configuration not just the name of the resource."
                )));
            }
        }
        let entries: &[(Value, Expr)] = match &conf.properties {
            Some(Expr::Map(entries, _)) => entries,
            _ => &[],
        };
        let v = Validation::new(stack, conf.info.schema, conf.info.translation, entries);
        let values = v.values_top(conf.info.schema, entries).unwrap_or_default();
        let given: Vec<String> = entries.iter().map(|(k, _)| py_str(k)).collect();
        let mut props = Map::new();
        for (k, val) in values.iter() {
            let name = py_str(k);
            if !given.contains(&name) || name == "InstanceId" {
                continue;
            }
            let _ = props.insert(k.clone(), val.clone());
        }
        // The group's `Tags`, with Ceilometer's `metering.groupname` unless one is there.
        let mut tags: Vec<Value> = prop("Tags").as_list().map(<[Value]>::to_vec).unwrap_or_default();
        let metered = tags.iter().any(|t| {
            t.as_map()
                .and_then(|m| m.get_str("Key"))
                .and_then(Value::as_str)
                .is_some_and(|k| k.starts_with("metering."))
        });
        if !metered {
            let mut tag = Map::new();
            tag.insert_str("Key", Value::from("metering.groupname"));
            tag.insert_str("Value", Value::from(&*d.name));
            tags.push(Value::map(tag));
        }
        props.insert_str("Tags", Value::list(tags));
        let meta = match &conf.metadata {
            Some(e) => eval::resolve(stack, e).unwrap_or(Value::Null),
            None => Value::Null,
        };
        Ok((Value::map(props), meta))
    }

    /// `get_class_to_instantiate(member type)`: an unknown type fails as such.
    fn check_member_type(&self, built: &Built, d: &ResourceDefn, member_type: &Value) -> Result<(), EvalError> {
        let type_name = member_type.as_str().unwrap_or_default();
        catalogue::resolve_type(&built.registry, "0", type_name)
            .map(|_| ())
            .map_err(|m| EvalError::svf(m).with_code("unknown-resource-type").at(d.node.span))
    }
}

/// hotplate's bound on the nested stacks one request builds.
fn budget_exceeded(at: Span) -> EvalError {
    EvalError::other(
        "RequestLimitExceeded",
        format!(
            "Request limit exceeded: hotplate evaluates at most {} nested stacks and their resources per request.",
            super::NESTED_BUDGET
        ),
    )
    .with_code("budget-exceeded")
    .at(at)
}

/// `TemplateResource._validate_against_facade` for a template registered
/// over an existing type.
fn facade_checks(
    built: &Built,
    d: &ResourceDefn,
    key: &(Option<String>, String),
    parsed: &Parsed,
    schemas: &[ParamSchema],
) -> Result<(), EvalError> {
    let mut registry = built.registry.clone();
    match &key.0 {
        None => registry.mappings.retain(|(k, _)| *k != key.1),
        Some(r) => registry.per_resource.retain(|(rn, k, _)| !(rn == r && *k == key.1)),
    }
    let Ok(facade) = catalogue::resolve_type(&registry, &d.name, &d.type_name) else { return Ok(()) };
    if facade.provider || facade.plugin.is_empty() {
        return Ok(());
    }
    let ty = &d.type_name;
    let err = |m: String| EvalError::svf(m).with_code("facade-mismatch").at(d.node.span);
    for fs in facade.schema {
        let ps = schemas.iter().find(|s| s.name == fs.name);
        if fs.required && ps.is_none() {
            return Err(err(format!("Required property {} for facade {ty} missing in provider", fs.name)));
        }
        if let Some(ps) = ps {
            let allowed = if fs.kind == PropKind::Integer { PropKind::Number } else { fs.kind };
            let pk = prop_kind(ps.kind);
            if allowed != pk {
                return Err(err(format!(
                    "Property {} type mismatch between facade {ty} ({}) and provider ({})",
                    fs.name,
                    fs.kind.heat_name(),
                    pk.heat_name()
                )));
            }
        }
    }
    for ps in schemas {
        if ps.default.is_none() && !facade.schema.iter().any(|fs| fs.name == ps.name) {
            return Err(err(format!("Provider requires property {} unknown in facade {ty}", ps.name)));
        }
    }
    let outputs: Vec<String> = parsed
        .root
        .get("outputs")
        .and_then(Node::as_map)
        .map(|m| m.iter().map(|(k, _)| py_str(&k.to_value())).collect())
        .unwrap_or_default();
    for attr in facade.attributes {
        if *attr != "show" && !outputs.iter().any(|o| o == attr) {
            return Err(err(format!("Attribute {attr} for facade {ty} missing in provider")));
        }
    }
    Ok(())
}

/// A provider resource's child stack from its parsed template and parameters.
fn provider_child_of(
    stack: &crate::stack::Stack,
    d: &ResourceDefn,
    parsed: &Rc<Parsed>,
    schemas: &[ParamSchema],
) -> Result<Child, EvalError> {
    let params = child_params(stack, d, schemas)?;
    let url = d.info.template.as_ref().map(|(f, _)| f.clone()).unwrap_or_default();
    Ok(Child {
        url,
        root: parsed.clone(),
        file: true,
        params,
        registry_key: d.info.registry_key.clone(),
        registry: Map::new(),
        deploy: IndexMap::new(),
    })
}

/// A provider's properties the parent only knows once it is created, as it
/// shows them (the child's parameters of the same names).
fn deploy_params(stack: &crate::stack::Stack, d: &ResourceDefn) -> IndexMap<String, crate::symbolic::Sym> {
    let mut out = IndexMap::new();
    let Some(Expr::Map(entries, _)) = &d.properties else { return out };
    for (k, e) in entries {
        if crate::symbolic::input_labels(stack, e).is_empty() {
            continue;
        }
        match crate::symbolic::display(stack, e) {
            Some(crate::symbolic::Sym::Value(_)) | None => {}
            Some(sym) => {
                out.insert(py_str(k), sym);
            }
        }
    }
    out
}

/// `param_schemata(param_defaults)`: an environment default replaces the
/// template's (so the parameter is no longer required).
fn with_param_defaults(schemas: &mut [ParamSchema], defaults: &Map) {
    for s in schemas {
        if let Some(v) = defaults.get_str(&s.name) {
            s.default = Some(v.clone());
        }
    }
}

/// A provider's properties against the template's parameters
/// (`Properties.validate(with_value)`; values only when `with_value`).
fn provider_properties(
    stack: &crate::stack::Stack,
    d: &ResourceDefn,
    schemas: &[ParamSchema],
    with_value: bool,
    skipped: &mut Vec<SkippedProperty>,
) -> Result<(), EvalError> {
    let entries: &[(Value, Expr)] = match &d.properties {
        Some(Expr::Map(entries, _)) => entries,
        _ => &[],
    };
    let span_of = |key: Option<&str>, value: bool| -> Span {
        let Some(props) = d.node.get("properties") else { return d.node.span };
        let Some(key) = key else {
            return d
                .node
                .as_map()
                .and_then(|m| m.iter().find(|(k, _)| k.as_str() == Some("properties")).map(|(k, _)| k.span))
                .unwrap_or(props.span);
        };
        props.as_map().and_then(|m| m.iter().find(|(k, _)| k.as_str() == Some(key))).map_or(props.span, |(k, v)| {
            if value {
                v.span
            } else {
                k.span
            }
        })
    };
    let error = |key: Option<&str>, message: String, value: bool| {
        let mut path: Vec<PathItem> =
            ["resources", &*d.name, "properties"].iter().map(|s| PathItem::Key((*s).to_string())).collect();
        if let Some(k) = key {
            path.push(PathItem::Key(k.to_string()));
        }
        EvalError::svf_items("Property error", path, message).with_code("property-error").at(span_of(key, value))
    };
    for (k, _) in entries {
        let key = py_str(k);
        if !schemas.iter().any(|s| s.name == key) {
            return Err(error(None, format!("Unknown Property {key}"), false).at(span_of(Some(&key), false)));
        }
    }
    if !with_value {
        return Ok(());
    }
    for s in schemas {
        let Some((_, expr)) = entries.iter().find(|(k, _)| k.as_str() == Some(s.name.as_str())) else {
            if s.default.is_none() {
                return Err(error(None, format!("Property {} not assigned", s.name), false));
            }
            continue;
        };
        let value = eval::resolve_nullable(stack, expr)
            .map_err(|e| super::resources::property_error(&d.name, "properties", Some(&s.name), e))?
            .unwrap_or(Value::Null);
        let converted = convert_property(prop_kind(s.kind), &value).map_err(|m| error(Some(&s.name), m, true))?;
        // Values that depend on resources not created yet are not checked.
        let mut deps = Vec::new();
        let _ = eval::dependencies(stack, expr, "", &mut deps);
        if deps.iter().any(|n| stack.resources.contains_key(n)) {
            continue;
        }
        // Custom constraints need a cloud: recorded, as for any property.
        let mut needs_cloud = Vec::new();
        let checked = parameters::validate_constraints(s, &converted, false, &mut needs_cloud);
        skipped.extend(needs_cloud.into_iter().map(|constraint| SkippedProperty {
            resource: d.name.to_string(),
            property: s.name.clone(),
            constraint,
        }));
        match checked {
            Ok(None) => {}
            Ok(Some(msg)) => return Err(error(Some(&s.name), msg, true)),
            Err(e) => return Err(error(Some(&s.name), e.text(), true)),
        }
    }
    Ok(())
}

/// `Property.get_value` for a provider's property (`allow_conversion` for
/// lists and maps).
fn convert_property(kind: PropKind, value: &Value) -> Result<Value, String> {
    Ok(match kind {
        PropKind::String => match value {
            Value::Null => Value::from(""),
            Value::Str(_) => value.clone(),
            Value::Bool(_) | Value::Int(_) | Value::BigInt(_) => Value::from(py_str(value)),
            other => return Err(format!("Value must be a string; got {}", crate::pyfmt::py_repr(other))),
        },
        PropKind::Number => {
            let v = if value.is_null() { Value::Int(0) } else { value.clone() };
            crate::pyconv::str_to_num(&v)?
        }
        PropKind::Boolean => match value {
            Value::Null => Value::Bool(false),
            Value::Bool(_) => value.clone(),
            Value::Str(s) => match s.to_lowercase().as_str() {
                "true" => Value::Bool(true),
                "false" => Value::Bool(false),
                n => return Err(format!("\"{n}\" is not a valid boolean")),
            },
            other => return Err(format!("\"{}\" is not a valid boolean", py_str(other))),
        },
        PropKind::List => match value {
            Value::Null => Value::list(Vec::new()),
            Value::Str(s) => Value::list(s.split(',').map(Value::from).collect()),
            Value::List(_) => value.clone(),
            other => return Err(format!("\"{}\" is not a list", crate::pyfmt::py_repr(other))),
        },
        PropKind::Map => match value {
            Value::Null => Value::map(Map::new()),
            Value::Map(_) | Value::Str(_) => value.clone(),
            Value::List(_) => Value::from(crate::pyfmt::json_dumps(value, crate::pyfmt::JsonStyle::PLAIN)?),
            other => return Err(format!("\"{}\" is not a map", py_str(other))),
        },
        _ => value.clone(),
    })
}

/// The member type of an InstanceGroup (mapped to `AWS::EC2::Instance` in its child).
const SCALED_RESOURCE: &str = "OS::Heat::ScaledResource";

/// `TemplateResource.child_params`: each given property converted, lists
/// comma-joined (lists of maps as `.member.N.key=value`), maps as they are.
fn child_params(stack: &crate::stack::Stack, d: &ResourceDefn, schemas: &[ParamSchema]) -> Result<Map, EvalError> {
    let entries: &[(Value, Expr)] = match &d.properties {
        Some(Expr::Map(entries, _)) => entries,
        _ => &[],
    };
    let mut out = Map::new();
    for s in schemas {
        let Some((_, expr)) = entries.iter().find(|(k, _)| k.as_str() == Some(s.name.as_str())) else { continue };
        let value = match eval::resolve_nullable(stack, expr) {
            Ok(v) => v.unwrap_or(Value::Null),
            Err(e) if e.code == "budget-exceeded" => return Err(e),
            Err(_) => Value::Null,
        };
        let kind = prop_kind(s.kind);
        let converted = match convert_property(kind, &value) {
            Ok(v) => v,
            Err(_) => convert_property(kind, &Value::Null).unwrap_or(Value::Null),
        };
        let param = match (kind, &converted) {
            (PropKind::List, Value::List(items)) => {
                if items.is_empty() {
                    Value::from("")
                } else if items.first().is_some_and(|i| i.as_map().is_some()) {
                    let mut parts = Vec::new();
                    for (count, item) in items.iter().enumerate() {
                        for (ik, iv) in item.as_map().map(|m| m.iter().collect::<Vec<_>>()).unwrap_or_default() {
                            parts.push(format!(".member.{count}.{}={}", py_str(ik), py_str(iv)));
                        }
                    }
                    Value::from(parts.join(","))
                } else {
                    let mut parts = Vec::new();
                    for (i, item) in items.iter().enumerate() {
                        match item {
                            Value::Str(s) => parts.push(s.to_string()),
                            Value::Null => parts.push(String::new()),
                            other => {
                                return Err(EvalError::type_error(format!(
                                    "sequence item {i}: expected str instance, {} found",
                                    other.type_name()
                                )))
                            }
                        }
                    }
                    Value::from(parts.join(","))
                }
            }
            _ => converted,
        };
        out.insert_str(&s.name, param);
    }
    Ok(out)
}

/// `environment.get_child_environment`: the parent's registry without the
/// entry that led here and with only the `resources:` entries for this
/// resource, the child parameters, the parent's `parameter_defaults`.
fn child_environment(
    parent: &super::environment::Environment,
    params: &Map,
    resource: &str,
    removed: Option<&(Option<String>, String)>,
) -> super::environment::Environment {
    let mut registry = parent.resource_registry.clone();
    if let Some((res, key)) = removed {
        match res {
            None => {
                let _ = registry.shift_remove(&Value::from(key.as_str()));
            }
            Some(r) => {
                if let Some(Value::Map(per)) = registry.get_str("resources").cloned() {
                    let mut per = (*per).clone();
                    if let Some(Value::Map(entry)) = per.get_str(r).cloned() {
                        let mut entry = (*entry).clone();
                        let _ = entry.shift_remove(&Value::from(key.as_str()));
                        per.insert_str(r, Value::map(entry));
                    }
                    registry.insert_str("resources", Value::map(per));
                }
            }
        }
    }
    if let Some(Value::Map(per)) = registry.get_str("resources").cloned() {
        let mut merged = Map::new();
        for (pattern, entry) in per.iter() {
            if pattern.as_str().is_some_and(|p| fnmatch(resource, p)) {
                if let Some(m) = entry.as_map() {
                    for (k, v) in m.iter() {
                        let _ = merged.insert(k.clone(), v.clone());
                    }
                }
            }
        }
        if let Some(m) = per.get_str(resource).and_then(Value::as_map) {
            for (k, v) in m.iter() {
                let _ = merged.insert(k.clone(), v.clone());
            }
        }
        registry.insert_str("resources", Value::map(merged));
    }
    super::environment::Environment {
        parameters: params.clone(),
        parameter_defaults: parent.parameter_defaults.clone(),
        resource_registry: registry,
        parameter_sources: Vec::new(),
        default_sources: Vec::new(),
        parameter_contributions: Vec::new(),
        default_contributions: Vec::new(),
    }
}

/// Heat's `StackValidationFailed(error=ex, path=[resources, "<name><<url>>"])`.
fn wrap_nested(e: EvalError, name: &str, url: &str, span: Span) -> EvalError {
    let mut path = vec![PathItem::Key("resources".into()), PathItem::Key(format!("{name}<{url}>"))];
    let (error, message) = match &e.svf {
        Some(svf) if &*e.class == "StackValidationFailed" => {
            path.extend(svf.path.iter().cloned());
            (svf.error.clone(), e.message.clone())
        }
        _ => (e.class.to_string(), e.text()),
    };
    let mut out = EvalError::svf_items(&error, path, message).with_code(e.code);
    out.span = e.span.or(Some(span));
    out
}

/// `ResourceGroup._clean_props`: the member definition's properties whose
/// value is null are left out; nulls deeper in a value stay (checked with
/// the oracle: `[1, null]` and `{x: null}` reach the member as they are).
fn drop_null_properties(def: &Value) -> Value {
    let Some(m) = def.as_map() else { return def.clone() };
    let Some(Value::Map(props)) = m.get_str("properties") else { return def.clone() };
    let mut clean = Map::new();
    for (k, x) in props.iter() {
        if !x.is_null() {
            let _ = clean.insert(k.clone(), x.clone());
        }
    }
    let mut out = m.clone();
    out.insert_str("properties", Value::map(clean));
    Value::map(out)
}

/// `_handle_repl_val`: the index variable replaced in every string value.
fn replace_index(v: &Value, var: &str, name: &str) -> Value {
    match v {
        Value::Str(s) => Value::from(s.replace(var, name)),
        Value::Map(m) => {
            let mut out = Map::new();
            for (k, x) in m.iter() {
                let _ = out.insert(k.clone(), replace_index(x, var, name));
            }
            Value::map(out)
        }
        Value::List(items) => Value::list(items.iter().map(|x| replace_index(x, var, name)).collect()),
        other => other.clone(),
    }
}

fn get_attr(path: Vec<Value>) -> Value {
    let mut m = Map::new();
    m.insert_str("get_attr", Value::list(path));
    Value::map(m)
}

fn get_res(n: &str) -> Value {
    let mut m = Map::new();
    m.insert_str("get_resource", Value::from(n));
    Value::map(m)
}

fn member_attr(r: &str, path: &[Value]) -> Value {
    let mut full = vec![Value::from(r)];
    full.extend(path.iter().cloned());
    get_attr(full)
}

/// The group's `_nested_output_defns`: an output per attribute of the group
/// that the parent references (and, but for chains and deployment groups,
/// `refs_map`).
fn group_outputs(built: &Built, d: &ResourceDefn, kind: NestedKind, names: &[String], value_key: &str) -> Map {
    let mut attrs: Vec<Vec<Value>> = Vec::new();
    let mut visit = |e: &Expr| collect_attr_refs(&built.stack, e, &d.name, &mut attrs);
    for other in &built.defns {
        for e in [&other.properties, &other.metadata, &other.update_policy].into_iter().flatten() {
            visit(e);
        }
    }
    for (_, out) in &built.outputs {
        if let super::OutputDef::Enabled { expr, .. } = out {
            visit(expr);
        }
    }
    let per_member = |path: &[Value]| {
        let mut m = Map::new();
        for r in names {
            m.insert_str(r, member_attr(r, path));
        }
        Value::map(m)
    };
    let list_of = |path: &[Value]| Value::list(names.iter().map(|r| member_attr(r, path)).collect());
    let joined = |parts: &[Value]| parts.iter().map(py_str).collect::<Vec<_>>().join(", ");
    let mut out = Map::new();
    let mut add = |name: String, value: Value| {
        let mut o = Map::new();
        o.insert_str(value_key, value);
        out.insert_str(&name, Value::map(o));
    };
    for attr in attrs {
        let Some(key) = attr.first().map(py_str) else { continue };
        let path: Vec<Value> = attr.iter().skip(1).cloned().collect();
        let resource_key = key.strip_prefix("resource.").map(|rest| {
            let mut parts = rest.splitn(2, '.');
            let res = parts.next().unwrap_or_default().to_string();
            let mut attr_path: Vec<Value> = parts.next().map(|p| vec![Value::from(p)]).unwrap_or_default();
            attr_path.extend(path.iter().cloned());
            (res, attr_path)
        });
        match kind {
            NestedKind::ResourceGroup => {
                let group_attrs = ["refs", "refs_map", "attributes", "removed_rsrc_list"];
                let name = if key == "refs" { "refs".to_string() } else { joined(&attr) };
                if let Some((res, attr_path)) = resource_key {
                    if !attr_path.is_empty() && names.contains(&res) {
                        add(name, member_attr(&res, &attr_path));
                    }
                } else if key == "refs" {
                    add(name, Value::list(names.iter().map(|r| get_res(r)).collect()));
                } else if key == "attributes" && !path.is_empty() {
                    add(name, per_member(&path));
                } else if !group_attrs.contains(&key.as_str()) {
                    let mut full = vec![Value::from(key.as_str())];
                    full.extend(path.iter().cloned());
                    add(name, list_of(&full));
                }
            }
            NestedKind::AutoScalingGroup => {
                let (key, path) = match resource_key {
                    Some((_, attr_path)) if !attr_path.is_empty() => ("outputs".to_string(), attr_path),
                    Some(_) => (key, path),
                    None if key == "outputs_list" => ("outputs".to_string(), path),
                    None => (key, path),
                };
                if key == "outputs" && !path.is_empty() {
                    add(format!("outputs, {}", joined(&path)), per_member(&path));
                }
            }
            NestedKind::ResourceChain => {
                let name = joined(&attr);
                if let Some((res, attr_path)) = resource_key {
                    if names.contains(&res) {
                        if attr_path.is_empty() {
                            add(name, get_res(&res));
                        } else {
                            add(name, member_attr(&res, &attr_path));
                        }
                    }
                } else if key == "refs" {
                    add(name, Value::list(names.iter().map(|r| get_res(r)).collect()));
                } else if key == "attributes" && !path.is_empty() {
                    add(name, per_member(&path));
                } else if key != "attributes" {
                    let mut full = vec![Value::from(key.as_str())];
                    full.extend(path.iter().cloned());
                    add(name, list_of(&full));
                }
            }
            NestedKind::DeploymentGroup(_) => {
                let member = match key.as_str() {
                    "deploy_stdouts" => "deploy_stdout",
                    "deploy_stderrs" => "deploy_stderr",
                    "deploy_status_codes" => "deploy_status_code",
                    other => other,
                }
                .to_string();
                let m = Value::from(member.as_str());
                add(format!("attributes, {member}"), per_member(&[m]));
            }
            NestedKind::InstanceGroup | NestedKind::AwsAutoScalingGroup => {
                // `_nested_output_defns`: only `InstanceList` has an output.
                if key == "InstanceList" {
                    let mut m = Map::new();
                    for r in names {
                        let mut call = Map::new();
                        call.insert_str(
                            "Fn::GetAtt",
                            Value::list(vec![Value::from(r.as_str()), Value::from("PublicIp")]),
                        );
                        m.insert_str(r, Value::map(call));
                    }
                    add(key, Value::map(m));
                }
            }
            NestedKind::Template | NestedKind::CfnStack => {}
        }
    }
    if matches!(kind, NestedKind::InstanceGroup | NestedKind::AwsAutoScalingGroup) {
        let mut refs = Map::new();
        for r in names {
            let mut call = Map::new();
            call.insert_str("Ref", Value::from(r.as_str()));
            refs.insert_str(r, Value::map(call));
        }
        add("references".into(), Value::map(refs));
    }
    if matches!(kind, NestedKind::ResourceGroup | NestedKind::AutoScalingGroup) {
        let mut refs = Map::new();
        for r in names {
            refs.insert_str(r, get_res(r));
        }
        add("refs_map".into(), Value::map(refs));
    }
    out
}

/// The short id the oracle gives the `n`-th member a scaling group creates
/// (Heat draws it at random): `short_id.get_id` of the version-4 UUID made
/// of the first 16 bytes of `sha256("<stack>/<group>/<n>")`.
fn member_id(group: &str, n: usize) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(format!("{group}/{n}").as_bytes());
    let byte = |i: usize| u64::from(digest.get(i).copied().unwrap_or(0));
    let time_low = (byte(0) << 24) | (byte(1) << 16) | (byte(2) << 8) | byte(3);
    let time_mid = (byte(4) << 8) | byte(5);
    // Version 4: the high nibble of byte 6 is replaced, and `time` drops it.
    let time_hi = ((byte(6) & 0x0f) << 8) | byte(7);
    let time = (time_hi << 48) | (time_mid << 32) | time_low;
    // `_to_byte_string(time, 60)` then base32: the 60 bits are the first 12 characters.
    const ALPHABET: &[u8; 32] = b"abcdefghijklmnopqrstuvwxyz234567";
    (0..12)
        .map(|i| {
            let shift = 55 - 5 * i;
            let bits = (time >> shift) & 0x1f;
            ALPHABET.get(usize::try_from(bits).unwrap_or(0)).map_or('a', |b| char::from(*b))
        })
        .collect()
}

/// Every `get_attr` of `target` in a snippet: `[attribute, path...]`.
fn collect_attr_refs(stack: &crate::stack::Stack, e: &Expr, target: &str, out: &mut Vec<Vec<Value>>) {
    match e {
        Expr::Scalar(_) | Expr::Absent => {}
        Expr::List(items, _) => items.iter().for_each(|i| collect_attr_refs(stack, i, target, out)),
        Expr::Map(entries, _) => entries.iter().for_each(|(_, v)| collect_attr_refs(stack, v, target, out)),
        Expr::Call(call) => {
            if matches!(call.kind, FnKind::GetAtt | FnKind::GetAttAll | FnKind::GetAttThenSelect | FnKind::FnGetAtt) {
                if let Ok(Value::List(args)) = eval::resolve(stack, &call.args) {
                    if args.first().and_then(Value::as_str) == Some(target) && args.len() > 1 {
                        let attr: Vec<Value> = args.iter().skip(1).cloned().collect();
                        if !out.contains(&attr) {
                            out.push(attr);
                        }
                    }
                }
            }
            collect_attr_refs(stack, &call.args, target, out);
        }
    }
}

/// `uuid.uuid5(uuid.NAMESPACE_URL, name)`.
pub(crate) fn uuid5_url(name: &str) -> String {
    use sha1::{Digest, Sha1};
    const NAMESPACE_URL: [u8; 16] =
        [0x6b, 0xa7, 0xb8, 0x11, 0x9d, 0xad, 0x11, 0xd1, 0x80, 0xb4, 0x00, 0xc0, 0x4f, 0xd4, 0x30, 0xc8];
    let mut h = Sha1::new();
    h.update(NAMESPACE_URL);
    h.update(name.as_bytes());
    let digest = h.finalize();
    let mut b: Vec<u8> = digest.iter().take(16).copied().collect();
    if let Some(x) = b.get_mut(6) {
        *x = (*x & 0x0f) | 0x50;
    }
    if let Some(x) = b.get_mut(8) {
        *x = (*x & 0x3f) | 0x80;
    }
    let hex: String = b.iter().map(|x| format!("{x:02x}")).collect();
    let part = |r: std::ops::Range<usize>| hex.get(r).unwrap_or_default();
    format!("{}-{}-{}-{}-{}", part(0..8), part(8..12), part(12..16), part(16..20), part(20..32))
}

/// `fnmatch.fnmatchcase(name, pattern)`: `*`, `?` and `[...]` classes.
fn fnmatch(name: &str, pattern: &str) -> bool {
    let n: Vec<char> = name.chars().collect();
    let p: Vec<char> = pattern.chars().collect();
    glob(&n, &p)
}

fn glob(n: &[char], p: &[char]) -> bool {
    match p.split_first() {
        None => n.is_empty(),
        Some(('*', rest)) => (0..=n.len()).any(|i| n.get(i..).is_some_and(|tail| glob(tail, rest))),
        Some(('?', rest)) => n.split_first().is_some_and(|(_, tail)| glob(tail, rest)),
        Some(('[', rest)) => {
            let Some(end) = rest.iter().skip(1).position(|c| *c == ']').map(|i| i + 1) else {
                return n.first() == Some(&'[') && glob(n.get(1..).unwrap_or_default(), rest);
            };
            let (class, after) = rest.split_at(end);
            let after = after.get(1..).unwrap_or_default();
            let (negate, class) = match class.split_first() {
                Some(('!', c)) => (true, c),
                _ => (false, class),
            };
            let Some((c, tail)) = n.split_first() else { return false };
            let mut hit = false;
            let mut i = 0;
            while i < class.len() {
                match (class.get(i), class.get(i + 1), class.get(i + 2)) {
                    (Some(lo), Some('-'), Some(hi)) => {
                        hit |= lo <= c && c <= hi;
                        i += 3;
                    }
                    (Some(x), _, _) => {
                        hit |= x == c;
                        i += 1;
                    }
                    _ => break,
                }
            }
            hit != negate && glob(tail, after)
        }
        Some((x, rest)) => n.split_first().is_some_and(|(c, tail)| c == x && glob(tail, rest)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_group_of_groups_is_bounded_by_count() {
        // 1000 providers of 1000 members each would be a million resources.
        let inner = "heat_template_version: 2018-08-31\nresources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: 1000\n      resource_def: {type: OS::Heat::None}\n";
        let t = "heat_template_version: 2018-08-31\nresources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: 1000\n      resource_def: {type: inner.yaml}\n";
        let mut req = crate::engine::Request::new(t);
        req.files.insert("inner.yaml".into(), Some(inner.into()));
        let ev = crate::engine::evaluate(&req);
        let text = crate::engine::result::HeatResult::to_value(&ev.result);
        let shown = crate::pyfmt::json_dumps(&text, crate::pyfmt::JsonStyle::SORTED).unwrap_or_default();
        assert!(
            shown.contains("at most 20000 nested stacks and their resources"),
            "{}",
            shown.get(..400).unwrap_or("")
        );
    }

    #[test]
    fn deploy_time_values_of_nested_stacks_are_marked_where_the_result_has_them() {
        let db = "heat_template_version: 2021-04-16\nresources:\n  vol: {type: OS::Cinder::Volume, properties: {size: 1}}\noutputs:\n  id: {value: {get_resource: vol}}\n";
        let t = "heat_template_version: 2021-04-16\nresources:\n  db: {type: db.yaml}\n  g:\n    type: OS::Heat::ResourceGroup\n    properties: {count: 1, resource_def: {type: db.yaml}}\n";
        let mut req = crate::engine::Request::new(t);
        req.files.insert("db.yaml".into(), Some(db.into()));
        let ev = crate::engine::evaluate(&req);
        let marks: Vec<(Vec<PathItem>, &str, bool)> =
            ev.deferred.iter().map(|m| (m.path.clone(), m.label.as_str(), m.exact)).collect();
        let path = |steps: &[&str]| steps.iter().map(|s| PathItem::Key((*s).into())).collect::<Vec<_>>();
        let db = path(&["nested", "db", "outputs", "id", "value"]);
        assert!(marks.contains(&(db, "get_resource vol", true)), "{marks:?}");
        let member = path(&["nested", "g", "nested", "0", "outputs", "id", "value"]);
        assert!(marks.contains(&(member, "get_resource vol", true)), "{marks:?}");
    }

    #[test]
    fn fnmatch_as_python() {
        assert!(fnmatch("app", "app"));
        assert!(fnmatch("app_1", "app*"));
        assert!(fnmatch("a1", "a?"));
        assert!(fnmatch("a1", "a[0-9]"));
        assert!(!fnmatch("ab", "a[!b]"));
        assert!(!fnmatch("app", "ap"));
    }

    #[test]
    fn member_ids_as_the_oracle() {
        assert_eq!(member_id("full/asg", 1), "7dxt55fknl3d");
        assert_eq!(member_id("full/asg", 2), "wsdbuzveb4bj");
    }

    #[test]
    fn uuid5_matches_python() {
        // uuid.uuid5(uuid.NAMESPACE_URL, "11111111-2222-3333-4444-555555555555/app")
        assert_eq!(uuid5_url("11111111-2222-3333-4444-555555555555/app"), "346f4a68-b959-53e3-a67f-06dc672345f3");
    }
}
