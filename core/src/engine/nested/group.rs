//! Resource groups: the template a group generates for its members
//! (`child_template()`) — ResourceGroup, AutoScalingGroup, ResourceChain,
//! the deployment groups, InstanceGroup and AWS AutoScalingGroup (whose
//! child is a CloudFormation-format template built from their launch
//! configuration) — with the outputs the parent's references need
//! (`_nested_output_defns`), and the oracle's reproducible member names.

use indexmap::IndexMap;

use super::{provider, Child};
use crate::catalogue::{self, NestedKind};
use crate::engine::properties::{PropError, Validation};
use crate::engine::resources::ResourceDefn;
use crate::engine::stages::request::Template;
use crate::engine::stages::{Found, Report};
use crate::engine::{Caches, Parts, StackInput};
use crate::eval::{self, EvalError, Expr};
use crate::functions::Refers;
use crate::model::diag::PathItem;
use crate::model::result::NotChecked;
use crate::pyfmt::py_str;
use crate::source::Span;
use crate::stack::Stack;
use crate::syntax::Node;
use crate::value::{Map, Value};
use crate::version::HotVersion;

/// The member type of an InstanceGroup (mapped to `AWS::EC2::Instance` in its child).
const SCALED_RESOURCE: &str = "OS::Heat::ScaledResource";

/// One member of a group's generated template.
struct Member {
    name: String,
    ty: Value,
    properties: Value,
    metadata: Value,
    depends_on: Option<String>,
}

/// A group resource with its properties as the group reads them.
struct Group<'d> {
    d: &'d ResourceDefn,
    props: Map,
    /// The parent validates the group: only the first member is built.
    validating: bool,
    /// Heat's `max_resources_per_stack` (-1: none).
    max_resources: i64,
    /// The nested stacks and resources the request may still build.
    budget: u32,
}

impl Group<'_> {
    fn prop(&self, k: &str) -> Value {
        self.props.get_str(k).cloned().unwrap_or(Value::Null)
    }

    fn int(&self, k: &str) -> i64 {
        self.prop(k).as_int().unwrap_or(0).max(0)
    }

    /// A member count within Heat's `max_resources_per_stack` (and, when
    /// Heat has no limit, within hotplate's budget).
    fn limit(&self, n: i64) -> Result<usize, EvalError> {
        if self.max_resources != -1 && n > self.max_resources {
            return Err(EvalError::other(
                "RequestLimitExceeded",
                "Request limit exceeded: Maximum resources per stack exceeded.",
            )
            .with_code("too-many-resources")
            .at(self.d.node.span));
        }
        match usize::try_from(n) {
            Ok(n) if u32::try_from(n).is_ok_and(|n| n < self.budget) => Ok(n),
            _ => Err(super::budget_exceeded(self.d.node.span)),
        }
    }

    /// A field of a member definition map (`resource_def`, `resource`).
    fn field(def: &Value, k: &str) -> Value {
        def.as_map().and_then(|m| m.get_str(k)).cloned().unwrap_or(Value::Null)
    }
}

/// A group's child stack (a ResourceGroup validates only its first member,
/// with every property); `None` when the group makes none (or its
/// properties do not read). A check it cannot make goes to `report`.
pub(super) fn child(
    caches: &mut Caches<'_>,
    input: &StackInput<'_>,
    parts: &Parts,
    d: &ResourceDefn,
    kind: NestedKind,
    validating: bool,
    report: &mut Vec<Report>,
) -> Result<Option<Child>, EvalError> {
    let mut entries = provider::entries(d.properties.as_ref()).to_vec();
    // With the deploy-time treatment a member's property that reads an
    // attribute is a parameter of the members' stack, unknown there; so is
    // one that reads a parameter without a value (an update plan's).
    let mut unknown = IndexMap::new();
    let unknown_params = parts.stack.params.values().any(|p| p.as_ref().is_err_and(EvalError::is_unknown));
    if parts.stack.deployed || unknown_params {
        let mut marked = Vec::new();
        for (k, e) in entries.iter_mut() {
            if let Some(key @ ("resource_def" | "resource" | "resource_properties")) = k.as_str() {
                let at = format!("resources.{}.properties.{key}", d.name);
                let value = resolve_marking_unknown(&parts.stack, e, &at, &mut unknown, &mut marked)?;
                *e = Expr::Scalar(value.unwrap_or(Value::Null));
            }
        }
        for item in marked {
            report.push(Report::Found(Found::NotChecked(item)));
        }
    }
    let entries = &entries[..];
    let v = Validation::new(&parts.stack, d.info.schema, d.info.translation, entries);
    let props = match v.values_top(d.info.schema, entries) {
        Ok(props) => props,
        // A display evaluation cannot make a group from a value it does not have.
        Err(crate::engine::properties::PropError::Unknown(e)) => return Err(e),
        Err(_) => return Ok(None),
    };
    let g = Group { d, props, validating, max_resources: input.config.max_resources_per_stack, budget: caches.budget };
    let members = match kind {
        NestedKind::ResourceGroup => resource_group(parts, &g)?,
        NestedKind::AutoScalingGroup => Some(scaling_group(input, &g)?),
        NestedKind::ResourceChain => Some(chain(parts, &g)?),
        NestedKind::DeploymentGroup(member_type) => deployment_group(&g, member_type)?,
        NestedKind::InstanceGroup | NestedKind::AwsAutoScalingGroup => Some(instance_group(input, parts, &g, kind)?),
        NestedKind::CfnStack => return cfn_stack(&g).map(|()| None),
        NestedKind::Template => None,
    };
    Ok(members.map(|members| {
        let mut child = generated(caches, parts, d, kind, members, &unknown);
        child.unknown = unknown;
        child
    }))
}

/// A member definition resolved with each call that needs a deploy-time
/// value (the outermost that fails for it) replaced by `{get_param: LABEL}`:
/// a parameter of the members' stack that is unknown there (`unknown`:
/// label → what it needs), so the member is checked with everything else.
fn resolve_marking_unknown(
    stack: &Stack,
    e: &Expr,
    at: &str,
    unknown: &mut IndexMap<String, Vec<String>>,
    marked: &mut Vec<NotChecked>,
) -> Result<Option<Value>, EvalError> {
    eval::resolve_marking_unknown(stack, e, &mut |call, err| {
        let needs = err.unknown_labels();
        let label = needs.join(", ");
        let check = "member property".to_string();
        let path = at.to_string();
        marked.push(NotChecked { stack: String::new(), path, check, needs: needs.clone(), span: Some(call.span) });
        unknown.insert(label.clone(), needs);
        let mut param = Map::new();
        param.insert_str("get_param", Value::from(label));
        Value::map(param)
    })
}

/// The child `get_nested_parameters_stack()` builds for template validate's
/// `show_nested` (not validated): one member (a ResourceGroup's first name
/// not removed, whatever its count; a scaling group's one new member; a
/// deployment group's first server), every member of a ResourceChain. Only
/// the properties Heat reads there are read, and one that fails to resolve
/// is Heat's `ValueError`, except in a ResourceGroup's member definition,
/// where a parameter without a value is null (`get_resource_def`'s
/// `ignore_param_resolve`).
pub(super) fn parameters_child(
    caches: &mut Caches<'_>,
    input: &StackInput<'_>,
    parts: &Parts,
    d: &ResourceDefn,
    kind: NestedKind,
) -> Result<Option<Child>, EvalError> {
    let schema = d.info.schema;
    let mut entries: Vec<(Value, Expr)> = provider::entries(d.properties.as_ref()).to_vec();
    if kind == NestedKind::ResourceGroup {
        if let Some((_, e)) = entries.iter_mut().find(|(k, _)| k.as_str() == Some("resource_def")) {
            *e = Expr::Scalar(resolve_ignoring_missing(&parts.stack, e)?.unwrap_or(Value::Null));
        }
    }
    let v = Validation::new(&parts.stack, schema, d.info.translation, &entries);
    let read = |key: &str| {
        v.read(schema, &entries, key).map_err(|e| match e {
            PropError::Fatal(e) | PropError::Unknown(e) => e,
            PropError::Value(m) => EvalError::value(m).at(d.node.span),
            PropError::Svf(path, m) => EvalError::svf_items("", path, m).at(d.node.span),
        })
    };
    let keys: &[&str] = match kind {
        NestedKind::ResourceGroup => &["removal_policies", "resource_def", "index_var"],
        NestedKind::AutoScalingGroup => &["resource"],
        NestedKind::ResourceChain => &["resources", "resource_properties"],
        NestedKind::InstanceGroup | NestedKind::AwsAutoScalingGroup => &["LaunchConfigurationName", "Tags"],
        NestedKind::DeploymentGroup(_) => &[],
        NestedKind::CfnStack | NestedKind::Template => return Ok(None),
    };
    let mut props = Map::new();
    if let NestedKind::DeploymentGroup(_) = kind {
        // `dict(self.properties)`: every property.
        for p in schema {
            props.insert_str(p.name, read(p.name)?);
        }
    }
    for key in keys {
        props.insert_str(key, read(key)?);
    }
    if let Some(conf) = props.get_str("LaunchConfigurationName").and_then(Value::as_str) {
        // `conf.frozen_definition()`: the launch configuration's definition resolved whole.
        if let Some(conf) = parts.definitions.defns.iter().find(|c| &*c.name == conf) {
            for e in [&conf.properties, &conf.metadata, &conf.update_policy, &conf.external_id].into_iter().flatten() {
                eval::resolve(&parts.stack, e)?;
            }
        }
    }
    // One member: the size properties say 1.
    for key in ["count", "desired_capacity", "Size", "DesiredCapacity"] {
        props.insert_str(key, Value::Int(1));
    }
    let g = Group {
        d,
        props,
        validating: true,
        max_resources: input.config.max_resources_per_stack,
        budget: caches.budget,
    };
    let members = match kind {
        NestedKind::ResourceGroup => resource_group(parts, &g)?,
        NestedKind::AutoScalingGroup => Some(scaling_group(input, &g)?),
        NestedKind::ResourceChain => Some(chain(parts, &g)?),
        // No servers: a child without members.
        NestedKind::DeploymentGroup(member_type) => Some(deployment_group(&g, member_type)?.unwrap_or_default()),
        _ => Some(instance_group(input, parts, &g, kind)?),
    };
    Ok(members.map(|members| generated(caches, parts, d, kind, members, &IndexMap::new())))
}

/// `function.resolve` with a parameter that has no value as null (at the
/// outermost function that needs it), absent values dropped.
fn resolve_ignoring_missing(stack: &Stack, e: &Expr) -> Result<Option<Value>, EvalError> {
    Ok(match e {
        Expr::Scalar(v) => Some(v.clone()),
        Expr::Absent => None,
        Expr::List(items, _) => {
            let mut out = Vec::with_capacity(items.len());
            for item in items.iter() {
                out.extend(resolve_ignoring_missing(stack, item)?);
            }
            Some(Value::list(out))
        }
        Expr::Map(entries, _) => {
            let mut out = Map::with_capacity(entries.len());
            for (k, v) in entries.iter() {
                if let Some(v) = resolve_ignoring_missing(stack, v)? {
                    let _ = out.insert(k.clone(), v);
                }
            }
            Some(Value::map(out))
        }
        Expr::Call(_) => match eval::resolve_nullable(stack, e) {
            Err(err) if &*err.class == "UserParameterMissing" => Some(Value::Null),
            other => other?,
        },
    })
}

/// A ResourceGroup's members: `count` of them (one when validating, none
/// for a group of none), the index variable replaced, removed names skipped.
fn resource_group(parts: &Parts, g: &Group<'_>) -> Result<Option<Vec<Member>>, EvalError> {
    let count = g.int("count");
    // A group of none validates nothing of its member definition.
    if g.validating && count == 0 {
        return Ok(None);
    }
    let index_var = g.prop("index_var").as_str().unwrap_or("%index%").to_string();
    // `get_resource_def(include_all)`: the parent's validation keeps a null
    // property (it reads as its type's empty value there).
    let def = if g.validating { g.prop("resource_def") } else { drop_null_properties(&g.prop("resource_def")) };
    let member_type = Group::field(&def, "type");
    if g.validating {
        check_member_type(parts, g.d, &member_type)?;
    }
    let mut skip: Vec<String> = Vec::new();
    for policy in g.prop("removal_policies").as_list().unwrap_or(&[]) {
        if let Some(list) = policy.as_map().and_then(|m| m.get_str("resource_list")).and_then(Value::as_list) {
            skip.extend(list.iter().map(py_str));
        }
    }
    let wanted = if g.validating { 1 } else { g.limit(count)? };
    let mut members = Vec::new();
    let mut i = 0u64;
    while members.len() < wanted {
        let n = i.to_string();
        i += 1;
        if skip.contains(&n) {
            continue;
        }
        let properties = replace_index(&Group::field(&def, "properties"), &index_var, &n);
        let metadata = Group::field(&def, "metadata");
        members.push(Member { name: n, ty: member_type.clone(), properties, metadata, depends_on: None });
    }
    Ok(Some(members))
}

/// An AutoScalingGroup's members: `desired_capacity` (else `min_size`) of
/// them, named as the oracle names them.
fn scaling_group(input: &StackInput<'_>, g: &Group<'_>) -> Result<Vec<Member>, EvalError> {
    let desired = g.prop("desired_capacity").as_int().filter(|n| *n != 0);
    let count = g.limit(desired.unwrap_or_else(|| g.int("min_size")).max(0))?;
    let def = g.prop("resource");
    let group = format!("{}/{}", input.stack_name, g.d.name);
    Ok((1..=count)
        .map(|n| Member {
            name: member_id(&group, n),
            ty: Group::field(&def, "type"),
            properties: Group::field(&def, "properties"),
            metadata: Group::field(&def, "metadata"),
            depends_on: None,
        })
        .collect())
}

/// A ResourceChain's members: one per type, each depending on the one before.
fn chain(parts: &Parts, g: &Group<'_>) -> Result<Vec<Member>, EvalError> {
    let types: Vec<Value> = g.prop("resources").as_list().unwrap_or(&[]).to_vec();
    if g.validating {
        // `ResourceChain.validate_nested_stack`: each type is looked up
        // first (the registry's error is not wrapped).
        for t in &types {
            catalogue::resolve_type(&parts.definitions.registry, "", &py_str(t))
                .map_err(|m| EvalError::svf(m).with_code("unknown-resource-type").at(g.d.node.span))?;
        }
    }
    g.limit(i64::try_from(types.len()).unwrap_or(i64::MAX))?;
    let props = g.prop("resource_properties");
    Ok(types
        .into_iter()
        .enumerate()
        .map(|(i, ty)| Member {
            name: i.to_string(),
            ty,
            properties: props.clone(),
            metadata: Value::Null,
            depends_on: i.checked_sub(1).map(|p| p.to_string()),
        })
        .collect())
}

/// A deployment group's members: one deployment per server (the first when
/// validating, none without servers).
fn deployment_group(g: &Group<'_>, member_type: &str) -> Result<Option<Vec<Member>>, EvalError> {
    let servers = g.prop("servers");
    let names: Vec<String> = servers.as_map().map(|m| m.keys().map(py_str).collect()).unwrap_or_default();
    if g.validating && names.is_empty() {
        return Ok(None);
    }
    g.limit(i64::try_from(names.len()).unwrap_or(i64::MAX))?;
    let mut members = Vec::new();
    for name in names.into_iter().take(if g.validating { 1 } else { usize::MAX }) {
        let mut p = Map::new();
        for (k, v) in g.props.iter() {
            if k.as_str() != Some("servers") {
                let _ = p.insert(k.clone(), v.clone());
            }
        }
        p.insert_str("server", servers.as_map().and_then(|m| m.get_str(&name)).cloned().unwrap_or(Value::Null));
        members.push(Member {
            name,
            ty: Value::from(member_type),
            properties: Value::map(p),
            metadata: Value::Null,
            depends_on: None,
        });
    }
    Ok(Some(members))
}

/// An InstanceGroup's (or AWS AutoScalingGroup's) members: scaled
/// resources made of the launch configuration.
fn instance_group(
    input: &StackInput<'_>,
    parts: &Parts,
    g: &Group<'_>,
    kind: NestedKind,
) -> Result<Vec<Member>, EvalError> {
    let size = if kind == NestedKind::InstanceGroup {
        g.int("Size")
    } else {
        g.prop("DesiredCapacity").as_int().filter(|n| *n != 0).unwrap_or_else(|| g.int("MinSize"))
    };
    let count = if g.validating { 1 } else { g.limit(size.max(0))? };
    let (mut props, meta) = launch_config_member(parts, g)?;
    if kind == NestedKind::AwsAutoScalingGroup {
        // `AutoScalingGroup._tags`: the group's name as a tag too.
        if let Value::Map(m) = &mut props {
            let mut tags = m.get_str("Tags").and_then(Value::as_list).map(<[Value]>::to_vec).unwrap_or_default();
            let mut tag = Map::new();
            tag.insert_str("Key", Value::from("metering.AutoScalingGroupName"));
            tag.insert_str("Value", Value::from(&*g.d.name));
            tags.push(Value::map(tag));
            std::rc::Rc::make_mut(m).insert_str("Tags", Value::list(tags));
        }
    }
    let group = format!("{}/{}", input.stack_name, g.d.name);
    Ok((1..=count)
        .map(|n| Member {
            name: member_id(&group, n),
            ty: Value::from(SCALED_RESOURCE),
            properties: props.clone(),
            metadata: meta.clone(),
            depends_on: None,
        })
        .collect())
}

/// `NestedStack.child_template`: `urlfetch.get(TemplateURL)`, which never
/// reads `files` (and nothing is downloaded here): when validating, the
/// error Heat gets.
fn cfn_stack(g: &Group<'_>) -> Result<(), EvalError> {
    if !g.validating {
        return Ok(());
    }
    let d = g.d;
    let url = py_str(&g.prop("TemplateURL"));
    let scheme = crate::engine::resources::url_scheme(&url);
    let reason = if matches!(scheme.as_str(), "http" | "https") {
        format!("Failed to retrieve template from {url}")
    } else {
        format!("Invalid URL scheme {scheme}")
    };
    let path = vec![PathItem::Key("resources".into()), PathItem::Key(format!("{}<nested_stack>", d.name))];
    Err(EvalError::svf_items("ValueError", path, format!("Could not fetch remote template '{url}': {reason}"))
        .with_code("template-not-found")
        .at(d.node.get("properties").map_or(d.node.span, |n| n.span)))
}

/// The generated template of the members, as the group's child stack
/// (with a parameter for each deploy-time value of `unknown`).
fn generated(
    caches: &mut Caches<'_>,
    parts: &Parts,
    d: &ResourceDefn,
    kind: NestedKind,
    members: Vec<Member>,
    unknown: &IndexMap<String, Vec<String>>,
) -> Child {
    // An InstanceGroup's template is CloudFormation-format (`HeatTemplate`).
    let cfn = matches!(kind, NestedKind::InstanceGroup | NestedKind::AwsAutoScalingGroup);
    let key = |hot: &'static str| if cfn { HotVersion::Cfn2012_12_12.key(hot) } else { hot };
    let names: Vec<String> = members.iter().map(|m| m.name.clone()).collect();
    let mut resources = Map::new();
    for m in members {
        let mut r = Map::new();
        r.insert_str(key("type"), m.ty);
        if m.properties.truthy() {
            r.insert_str(key("properties"), m.properties);
        }
        if m.metadata.truthy() {
            r.insert_str(key("metadata"), m.metadata);
        }
        if let Some(dep) = m.depends_on {
            r.insert_str(key("depends_on"), Value::list(vec![Value::from(dep)]));
        }
        resources.insert_str(&m.name, Value::map(r));
    }
    let outputs = outputs(parts, d, kind, &names, key("value"));
    let mut t = Map::new();
    if cfn {
        t.insert_str("HeatTemplateFormatVersion", Value::from("2012-12-12"));
    } else {
        t.insert_str("heat_template_version", Value::from("2015-04-30"));
    }
    if !unknown.is_empty() {
        let mut params = Map::new();
        for name in unknown.keys() {
            let mut schema = Map::new();
            schema.insert_str(key("type"), Value::from(if cfn { "Json" } else { "json" }));
            params.insert_str(name, Value::map(schema));
        }
        t.insert_str(key("parameters"), Value::map(params));
    }
    t.insert_str(key("resources"), Value::map(resources));
    t.insert_str(key("outputs"), Value::map(outputs));
    let mut registry = Map::new();
    if cfn {
        registry.insert_str(SCALED_RESOURCE, Value::from("AWS::EC2::Instance"));
    }
    let id = caches.sources.add(format!("{}<nested_stack>", d.name), String::new());
    let root = Node::from_value_shared(&Value::map(t), Span::new(id, 0, 0));
    Child {
        url: "nested_stack".into(),
        template: Template::new(root, Vec::new()),
        file: false,
        params: Map::new(),
        registry_key: None,
        registry,
        deploy: IndexMap::new(),
        unknown: IndexMap::new(),
    }
}

/// `InstanceGroup.validate_launchconfig` (when validating) and
/// `_get_conf_properties`: the member's properties (the launch
/// configuration's given properties and the group's `Tags`) and metadata.
fn launch_config_member(parts: &Parts, g: &Group<'_>) -> Result<(Value, Value), EvalError> {
    let (stack, defns, d) = (&parts.stack, &parts.definitions.defns, g.d);
    let refid = g.prop("LaunchConfigurationName");
    let refid_text = py_str(&refid);
    // `Stack.resource_by_refid`: a created resource by its reference id, one
    // not created by its id (its name).
    let conf = refid.as_str().and_then(|n| {
        defns.iter().find(|c| match stack.resources.get(&*c.name) {
            Some(r) if r.created => r.ref_id().as_str() == Some(n),
            _ => &*c.name == n,
        })
    });
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
        if g.validating && refid.truthy() {
            return Err(invalid(format!("LaunchConfigurationName ({refid_text}) reference can not be found.")));
        }
        return Ok((Value::Null, Value::Null));
    };
    if g.validating {
        // `conf.required_by()`: the group's dependencies as the graph found them.
        let requires = defns.iter().position(|x| x.name == d.name).map(|i| parts.graph.requires(i));
        if !requires.is_some_and(|r| r.iter().any(|n| n == &*conf.name)) {
            return Err(invalid(format!(
                "LaunchConfigurationName ({refid_text}) requires a reference to the configuration not just the name of the resource."
            )));
        }
    }
    let entries = provider::entries(conf.properties.as_ref());
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
    let mut tags: Vec<Value> = g.prop("Tags").as_list().map(<[Value]>::to_vec).unwrap_or_default();
    let metered = tags.iter().any(|t| {
        t.as_map().and_then(|m| m.get_str("Key")).and_then(Value::as_str).is_some_and(|k| k.starts_with("metering."))
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
fn check_member_type(parts: &Parts, d: &ResourceDefn, member_type: &Value) -> Result<(), EvalError> {
    let type_name = member_type.as_str().unwrap_or_default();
    catalogue::resolve_type(&parts.definitions.registry, "0", type_name)
        .map(|_| ())
        .map_err(|m| EvalError::svf(m).with_code("unknown-resource-type").at(d.node.span))
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

/// `{fn: arg}`.
fn call(function: &str, arg: Value) -> Value {
    let mut m = Map::new();
    m.insert_str(function, arg);
    Value::map(m)
}

fn get_res(n: &str) -> Value {
    call("get_resource", Value::from(n))
}

fn member_attr(r: &str, path: &[Value]) -> Value {
    let mut full = vec![Value::from(r)];
    full.extend(path.iter().cloned());
    call("get_attr", Value::list(full))
}

/// The outputs of a group's template being built.
struct GroupOutputs<'n> {
    /// The members' names.
    names: &'n [String],
    /// `value` (`Value` in a CloudFormation-format template).
    value_key: &'static str,
    out: Map,
}

impl GroupOutputs<'_> {
    fn add(&mut self, name: String, value: Value) {
        let mut o = Map::new();
        o.insert_str(self.value_key, value);
        self.out.insert_str(&name, Value::map(o));
    }

    /// `{member: get_attr [member, path...]}` for every member.
    fn per_member(&self, path: &[Value]) -> Value {
        let mut m = Map::new();
        for r in self.names {
            m.insert_str(r, member_attr(r, path));
        }
        Value::map(m)
    }

    /// `[get_attr [member, path...], ...]`.
    fn list_of(&self, path: &[Value]) -> Value {
        Value::list(self.names.iter().map(|r| member_attr(r, path)).collect())
    }

    /// `[get_resource member, ...]`.
    fn refs(&self) -> Value {
        Value::list(self.names.iter().map(|r| get_res(r)).collect())
    }

    /// `{member: {fn: arg(member)}}` for every member.
    fn map_of(&self, f: impl Fn(&str) -> Value) -> Value {
        let mut m = Map::new();
        for r in self.names {
            m.insert_str(r, f(r));
        }
        Value::map(m)
    }
}

/// One attribute of the group the parent references: `[key, path...]`, with
/// a `resource.<member>.<attr>` key split into the member and its path.
struct AttrRef {
    key: String,
    path: Vec<Value>,
    /// The whole reference joined as Heat names its output (`key, path...`).
    joined: String,
    resource: Option<(String, Vec<Value>)>,
}

impl AttrRef {
    fn new(attr: &[Value]) -> Option<AttrRef> {
        let key = attr.first().map(py_str)?;
        let path: Vec<Value> = attr.iter().skip(1).cloned().collect();
        let resource = key.strip_prefix("resource.").map(|rest| {
            let mut parts = rest.splitn(2, '.');
            let res = parts.next().unwrap_or_default().to_string();
            let mut attr_path: Vec<Value> = parts.next().map(|p| vec![Value::from(p)]).unwrap_or_default();
            attr_path.extend(path.iter().cloned());
            (res, attr_path)
        });
        let joined = attr.iter().map(py_str).collect::<Vec<_>>().join(", ");
        Some(AttrRef { key, path, joined, resource })
    }

    /// `[key, path...]`.
    fn full(&self) -> Vec<Value> {
        let mut full = vec![Value::from(self.key.as_str())];
        full.extend(self.path.iter().cloned());
        full
    }
}

/// The group's `_nested_output_defns`: an output per attribute of the group
/// that the parent references (and, but for chains and deployment groups,
/// `refs_map`).
fn outputs(parts: &Parts, d: &ResourceDefn, kind: NestedKind, names: &[String], value_key: &'static str) -> Map {
    let mut out = GroupOutputs { names, value_key, out: Map::new() };
    for attr in attr_refs(parts, d).iter().filter_map(|a| AttrRef::new(a)) {
        match kind {
            NestedKind::ResourceGroup => resource_group_output(&mut out, &attr),
            NestedKind::AutoScalingGroup => scaling_group_output(&mut out, attr),
            NestedKind::ResourceChain => chain_output(&mut out, &attr),
            NestedKind::DeploymentGroup(_) => {
                let member = match attr.key.as_str() {
                    "deploy_stdouts" => "deploy_stdout",
                    "deploy_stderrs" => "deploy_stderr",
                    "deploy_status_codes" => "deploy_status_code",
                    other => other,
                }
                .to_string();
                let value = out.per_member(&[Value::from(member.as_str())]);
                out.add(format!("attributes, {member}"), value);
            }
            NestedKind::InstanceGroup | NestedKind::AwsAutoScalingGroup => {
                // `_nested_output_defns`: only `InstanceList` has an output.
                if attr.key == "InstanceList" {
                    let value =
                        out.map_of(|r| call("Fn::GetAtt", Value::list(vec![Value::from(r), Value::from("PublicIp")])));
                    out.add(attr.key, value);
                }
            }
            NestedKind::Template | NestedKind::CfnStack => {}
        }
    }
    if matches!(kind, NestedKind::InstanceGroup | NestedKind::AwsAutoScalingGroup) {
        let value = out.map_of(|r| call("Ref", Value::from(r)));
        out.add("references".into(), value);
    }
    if matches!(kind, NestedKind::ResourceGroup | NestedKind::AutoScalingGroup) {
        let value = out.map_of(get_res);
        out.add("refs_map".into(), value);
    }
    out.out
}

/// Every `get_attr` of the group in the parent's resources and outputs.
fn attr_refs(parts: &Parts, d: &ResourceDefn) -> Vec<Vec<Value>> {
    let mut attrs: Vec<Vec<Value>> = Vec::new();
    for other in &parts.definitions.defns {
        for e in [&other.properties, &other.metadata, &other.update_policy].into_iter().flatten() {
            collect_attr_refs(&parts.stack, e, &d.name, &mut attrs);
        }
    }
    for (_, expr) in parts.outputs.values() {
        collect_attr_refs(&parts.stack, expr, &d.name, &mut attrs);
    }
    attrs
}

fn resource_group_output(out: &mut GroupOutputs<'_>, attr: &AttrRef) {
    let name = if attr.key == "refs" { "refs".to_string() } else { attr.joined.clone() };
    if let Some((res, attr_path)) = &attr.resource {
        if !attr_path.is_empty() && out.names.contains(res) {
            out.add(name, member_attr(res, attr_path));
        }
    } else if !matches!(attr.key.as_str(), "refs_map" | "removed_rsrc_list") {
        // (`refs_map` is added for every group, above; `removed_rsrc_list` is
        // the group's own attribute: neither is a member output.)
        member_lists(out, attr, name);
    }
}

/// The group attributes every group kind answers alike: `refs`, `attributes`
/// with a path (per member), and any other attribute as the members' list.
fn member_lists(out: &mut GroupOutputs<'_>, attr: &AttrRef, name: String) {
    let value = if attr.key == "refs" {
        out.refs()
    } else if attr.key == "attributes" {
        if attr.path.is_empty() {
            return;
        }
        out.per_member(&attr.path)
    } else {
        out.list_of(&attr.full())
    };
    out.add(name, value);
}

fn scaling_group_output(out: &mut GroupOutputs<'_>, attr: AttrRef) {
    let (key, path) = match attr.resource {
        Some((_, attr_path)) if !attr_path.is_empty() => ("outputs".to_string(), attr_path),
        Some(_) => (attr.key, attr.path),
        None if attr.key == "outputs_list" => ("outputs".to_string(), attr.path),
        None => (attr.key, attr.path),
    };
    if key == "outputs" && !path.is_empty() {
        let joined = path.iter().map(py_str).collect::<Vec<_>>().join(", ");
        let value = out.per_member(&path);
        out.add(format!("outputs, {joined}"), value);
    }
}

fn chain_output(out: &mut GroupOutputs<'_>, attr: &AttrRef) {
    let name = attr.joined.clone();
    if let Some((res, attr_path)) = &attr.resource {
        if out.names.contains(res) {
            let value = if attr_path.is_empty() { get_res(res) } else { member_attr(res, attr_path) };
            out.add(name, value);
        }
    } else {
        member_lists(out, attr, name);
    }
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
fn collect_attr_refs(stack: &Stack, e: &Expr, target: &str, out: &mut Vec<Vec<Value>>) {
    match e {
        Expr::Scalar(_) | Expr::Absent => {}
        Expr::List(items, _) => items.iter().for_each(|i| collect_attr_refs(stack, i, target, out)),
        Expr::Map(entries, _) => entries.iter().for_each(|(_, v)| collect_attr_refs(stack, v, target, out)),
        Expr::Call(call) => {
            if call.spec.refers == Refers::Attribute {
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

#[cfg(test)]
mod tests {
    use super::member_id;

    #[test]
    fn member_ids_as_the_oracle() {
        assert_eq!(member_id("full/asg", 1), "7dxt55fknl3d");
        assert_eq!(member_id("full/asg", 2), "wsdbuzveb4bj");
    }
}
