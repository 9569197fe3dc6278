//! Resources: definition parsing, dependencies, validation and the resolved view.

use std::rc::Rc;

use crate::catalogue::{resolve_type, Registry, TypeInfo};
use crate::engine::properties::{PropError, Validation};
use crate::eval::{self, EvalError, Expr};
use crate::functions::Table;
use crate::model::diag::PathItem;
use crate::model::result::{SkippedCheck, SkippedProperty};
use crate::pyfmt::py_str;
use crate::source::Span;
use crate::stack::Stack;
use crate::syntax::Node;
use crate::value::{Map, Value};
use crate::version::HotVersion;

/// A parsed resource definition (Heat's `ResourceDefinition`).
#[derive(Clone, Debug)]
pub struct ResourceDefn {
    /// Its name.
    pub name: Rc<str>,
    /// The raw snippet.
    pub node: Node,
    /// `type`.
    pub type_name: String,
    /// `properties` (parsed).
    pub properties: Option<Expr>,
    /// `metadata` (parsed).
    pub metadata: Option<Expr>,
    /// `depends_on` as written.
    pub depends_on: Option<Vec<String>>,
    /// `deletion_policy`, resolved and normalised.
    pub deletion_policy: Option<String>,
    /// `update_policy` (parsed).
    pub update_policy: Option<Expr>,
    /// `external_id` (parsed).
    pub external_id: Option<Expr>,
    /// `condition` (parsed).
    pub condition: Option<Expr>,
    /// What the registry knows of the type.
    pub info: TypeInfo,
    /// What its condition needs when a display evaluation cannot decide it
    /// (the resource is then checked as if enabled); empty when decided.
    pub condition_needs: Vec<String>,
}

const BASE_KEYS: &[&str] =
    &["type", "properties", "metadata", "depends_on", "deletion_policy", "update_policy", "description"];

/// The resource keys of a version.
pub fn resource_keys(version: HotVersion) -> Vec<&'static str> {
    let mut keys = BASE_KEYS.to_vec();
    if version.has_conditions() {
        keys.extend(["external_id", "condition"]);
    }
    keys
}

/// `HOTemplate.validate_section` for resources (sorted by name), then the
/// `Each Resource must contain a Type key.` check in template order.
pub fn validate_structure(resources: &Node, version: HotVersion, max_resources: i64) -> Result<(), EvalError> {
    let Some(entries) = resources.as_map() else {
        if resources.is_null() {
            return Ok(());
        }
        return Err(EvalError::svf("\"resources\" must be a map").at(resources.span).with_code("bad-section"));
    };
    let keys = resource_keys(version);
    let mut sorted: Vec<&(Node, Node)> = entries.iter().collect();
    crate::sort::sort_by_key(&mut sorted, |a| py_str(&a.0.to_value()));
    let no_type = "Each resource must contain a type key.";
    for (_, attrs) in sorted {
        if !attrs.truthy() {
            return Err(EvalError::svf(no_type).at(attrs.span).with_code("bad-resource"));
        }
        let Some(items) = attrs.as_map() else {
            return Err(EvalError::svf(format!(
                "\"resources\" must contain a map of resource maps. Found a [<class '{}'>] instead",
                attrs.type_name()
            ))
            .at(attrs.span)
            .with_code("bad-resource"));
        };
        for (k, _) in items {
            let key = py_str(&k.to_value());
            if !keys.contains(&key.as_str()) {
                return Err(EvalError::svf(format!("\"{key}\" is not a valid keyword inside a resource definition"))
                    .at(k.span)
                    .with_code("bad-resource-key"));
            }
        }
        if attrs.get("type").is_none() {
            return Err(EvalError::svf(no_type).at(attrs.span).with_code("bad-resource"));
        }
    }
    for (_, attrs) in entries {
        if !attrs.get("type").is_some_and(|t| t.truthy()) {
            return Err(EvalError::svf("Each Resource must contain a Type key.")
                .at(attrs.span)
                .with_code("bad-resource"));
        }
    }
    check_count(entries.len(), max_resources)
}

/// Heat's `max_resources_per_stack` (-1: no limit) for a template's resources.
pub(super) fn check_count(n: usize, max: i64) -> Result<(), EvalError> {
    if max != -1 && i64::try_from(n).unwrap_or(i64::MAX) > max {
        return Err(EvalError::other(
            "RequestLimitExceeded",
            "Request limit exceeded: Maximum resources per stack exceeded.",
        )
        .with_code("too-many-resources"));
    }
    Ok(())
}

fn field_type_error(name: &str, version: HotVersion, key: &str, typename: &str) -> EvalError {
    EvalError::type_error(format!("Resource {name} {} type must be {typename}", version.key(key)))
}

/// Heat's parser turns a Python error in a field into `StackValidationFailed`.
fn to_svf(e: EvalError) -> EvalError {
    match &*e.class {
        "TypeError" | "ValueError" | "KeyError" => {
            let span = e.span;
            let code = e.code;
            let mut s = EvalError::svf(e.text()).with_code(code);
            s.span = span;
            s
        }
        _ => e,
    }
}

/// One resource definition's fields as `_rsrc_defn_args` reads them.
struct Fields<'a> {
    stack: &'a Stack,
    name: &'a str,
    node: &'a Node,
}

impl Fields<'_> {
    fn version(&self) -> HotVersion {
        self.stack.version()
    }

    fn type_error(&self, key: &str, typename: &str) -> EvalError {
        field_type_error(self.name, self.version(), key, typename)
    }

    /// A field parsed with a function table (or as a condition).
    fn parse(&self, key: &str, table: Table) -> Result<Option<Expr>, EvalError> {
        let Some(n) = self.node.get(key) else { return Ok(None) };
        let path = format!("resources.{}.{key}", self.name);
        let e = if table == Table::Conditions {
            self.stack.parse_condition(n, &path)?
        } else {
            eval::parse(self.stack, n, &path, table)?
        };
        Ok(Some(e))
    }

    /// A field whose value must be a map (or a function).
    fn object(&self, key: &str) -> Result<Option<Expr>, EvalError> {
        let e = self.parse(key, Table::Functions)?;
        match &e {
            None | Some(Expr::Map(..) | Expr::Call(_)) => Ok(e),
            Some(_) => Err(to_svf(
                self.type_error(key, "object").at(self.node.get(key).map(|n| n.span).unwrap_or(self.node.span)),
            )),
        }
    }

    /// `depends_on`: a name or a list of names.
    fn depends_on(&self) -> Result<Option<Vec<String>>, EvalError> {
        let Some(n) = self.node.get("depends_on") else { return Ok(None) };
        match n.to_value() {
            Value::Str(s) => Ok(Some(vec![s.to_string()])),
            Value::List(items) => {
                let mut out = Vec::new();
                for i in items.iter() {
                    let Value::Str(s) = i else {
                        return Err(EvalError::svf(format!(
                            "Resource {} {} must be a list of strings",
                            self.name,
                            self.version().key("depends_on")
                        ))
                        .at(n.span));
                    };
                    out.push(s.to_string());
                }
                Ok(Some(out))
            }
            Value::Null => Ok(None),
            _ => Err(to_svf(self.type_error("depends_on", "list or string").at(n.span))),
        }
    }

    /// `deletion_policy`, resolved and normalised.
    fn deletion_policy(&self) -> Result<Option<String>, EvalError> {
        let e = match self.parse("deletion_policy", Table::Functions)? {
            None => return Ok(None),
            Some(e @ (Expr::Scalar(Value::Str(_)) | Expr::Call(_))) => e,
            Some(_) => return Err(to_svf(self.type_error("deletion_policy", "string").at(self.node.span))),
        };
        let text = match eval::resolve(self.stack, &e).map_err(to_svf)? {
            Value::Null => return Ok(None),
            other => py_str(&other),
        };
        match text.as_str() {
            "Delete" | "Retain" | "Snapshot" => Ok(Some(text)),
            "delete" | "retain" | "snapshot" if self.version().lowercase_policies() => {
                let mut c = text.chars();
                Ok(Some(c.next().map(|f| f.to_uppercase().collect::<String>() + c.as_str()).unwrap_or_default()))
            }
            _ => Err(EvalError::svf(format!("Invalid deletion policy \"{text}\""))
                .at(self.node.get("deletion_policy").map_or(self.node.span, |n| n.span))
                .with_code("bad-deletion-policy")),
        }
    }

    /// `external_id` and `condition` (versions with conditions).
    fn external_id_and_condition(&self) -> Result<(Option<Expr>, Option<Expr>), EvalError> {
        let version = self.version();
        if !version.has_conditions() {
            return Ok((None, None));
        }
        let ext = if version.is_cfn() { None } else { self.parse("external_id", Table::Functions)? };
        if !matches!(ext, None | Some(Expr::Scalar(Value::Str(_)) | Expr::Call(_))) {
            return Err(to_svf(self.type_error("external_id", "string").at(self.node.span)));
        }
        let cond = self.parse("condition", Table::Conditions)?;
        if !matches!(cond, None | Some(Expr::Scalar(Value::Str(_) | Value::Bool(_)) | Expr::Call(_))) {
            let typename = if version.is_cfn() { "string or boolean" } else { "string_or_boolean" };
            return Err(to_svf(self.type_error("condition", typename).at(self.node.span)));
        }
        Ok((ext, cond))
    }

    /// The resource's condition, evaluated.
    fn enabled(&self, cond: &Expr) -> Result<bool, EvalError> {
        let cond_span = self.node.get("condition").map_or(self.node.span, |n| n.span);
        let resolved = eval::resolve(self.stack, cond).map_err(to_svf)?;
        self.stack.is_enabled(&resolved).map_err(|e| {
            if &*e.class == "ValueError" {
                EvalError::svf_full("", vec!["resources".into(), self.name.into(), "condition".into()], e.message)
                    .with_code(e.code)
                    .at(cond_span)
            } else {
                e
            }
        })
    }
}

/// Parse one resource definition (`_rsrc_defn_args`), and evaluate its condition.
/// Returns `None` for a disabled resource.
pub fn parse_definition(stack: &Stack, name: &str, node: &Node) -> Result<Option<ResourceDefn>, EvalError> {
    let f = Fields { stack, name, node };
    let keys = resource_keys(f.version());
    let entries = node.as_map().unwrap_or(&[]);
    let invalid: Vec<String> =
        entries.iter().map(|(k, _)| py_str(&k.to_value())).filter(|k| !keys.contains(&k.as_str())).collect();
    if !invalid.is_empty() {
        return Err(EvalError::svf(format!("Invalid keyword(s) inside a resource definition: {}", invalid.join(", ")))
            .at(node.span));
    }
    let type_name = match f.parse("type", Table::Functions)? {
        Some(Expr::Scalar(Value::Str(s))) => s.to_string(),
        _ => return Err(to_svf(f.type_error("type", "string").at(node.span))),
    };
    let properties = f.object("properties")?;
    let metadata = f.object("metadata")?;
    let depends_on = f.depends_on()?;
    let deletion_policy = f.deletion_policy()?;
    let update_policy = f.object("update_policy")?;
    if let Some(d) = node.get("description") {
        if d.as_str().is_none() {
            return Err(to_svf(f.type_error("description", "string").at(d.span)));
        }
    }
    let (external_id, condition) = f.external_id_and_condition()?;
    let mut condition_needs = Vec::new();
    if let Some(cond) = &condition {
        match f.enabled(cond) {
            Ok(true) => {}
            Ok(false) => return Ok(None),
            Err(e) if e.is_unknown() => condition_needs = e.unknown_labels(),
            Err(e) => return Err(e),
        }
    }
    Ok(Some(ResourceDefn {
        name: Rc::from(name),
        node: node.clone(),
        type_name,
        properties,
        metadata,
        depends_on,
        deletion_policy,
        update_policy,
        external_id,
        condition,
        info: TypeInfo::provider("", false),
        condition_needs,
    }))
}

impl ResourceDefn {
    /// Look the type up in the registry (Heat builds the resource object).
    pub fn resolve_type(&mut self, registry: &Registry) -> Result<(), EvalError> {
        self.info = resolve_type(registry, &self.name, &self.type_name).map_err(|m| {
            EvalError::svf(m)
                .with_code("unknown-resource-type")
                .at(self.node.get("type").map_or(self.node.span, |n| n.span))
        })?;
        Ok(())
    }

    /// `ResourceDefinition.render_hot()`: the fields given, functions back in
    /// their `{name: args}` form and macros replaced by their result (what
    /// `copy.deepcopy` of a parsed snippet gives). Two definitions with equal
    /// renderings are equal whatever their names.
    pub fn render_hot(&self) -> Value {
        let mut m = Map::new();
        m.insert_str("type", Value::from(self.type_name.as_str()));
        let exprs = [
            ("properties", &self.properties),
            ("metadata", &self.metadata),
            ("update_policy", &self.update_policy),
            ("external_id", &self.external_id),
            ("condition", &self.condition),
        ];
        for (key, expr) in exprs {
            if let Some(e) = expr {
                m.insert_str(key, raw_snippet(e));
            }
        }
        if let Some(p) = &self.deletion_policy {
            m.insert_str("deletion_policy", Value::from(p.as_str()));
        }
        if let Some(d) = &self.depends_on {
            m.insert_str("depends_on", Value::list(d.iter().map(|n| Value::from(n.as_str())).collect()));
        }
        Value::map(m)
    }

    /// `required_resource_names()`: explicit `depends_on`, then every resource
    /// `get_resource`/`get_attr` reference in properties and metadata (unknown or
    /// disabled references fail here). An external resource requires nothing.
    pub fn required_names(&self, stack: &Stack) -> Result<Vec<String>, EvalError> {
        let explicit = self.depends_on.clone().unwrap_or_default();
        if let Some(e) = &self.external_id {
            let ext = eval::resolve(stack, e)?;
            if ext.truthy() {
                if !explicit.is_empty() {
                    return Err(EvalError::other(
                        "InvalidExternalResourceDependency",
                        format!("Invalid dependency with external {} resource: {}", self.type_name, py_str(&ext)),
                    )
                    .at(self.node.span));
                }
                return Ok(Vec::new());
            }
        }
        let mut implicit: Vec<Rc<str>> = Vec::new();
        if let Some(p) = &self.properties {
            eval::dependencies(stack, p, &format!("{}.Properties", self.name), &mut implicit)?;
        }
        if let Some(m) = &self.metadata {
            eval::dependencies(stack, m, &format!("{}.Metadata", self.name), &mut implicit)?;
        }
        let mut names = explicit;
        names.extend(implicit.iter().map(|n| n.to_string()));
        Ok(names)
    }

    /// `Resource.validate()`: `validate_template()` with the properties'
    /// values (when `strict`), then the plugin's own checks. None-like types
    /// validate nothing; external resources are only looked up.
    ///
    /// A value a display evaluation does not have makes what needs it not
    /// checked: each such check is an unknown error in `unknown`, and the
    /// others are still made.
    pub fn validate(
        &self,
        stack: &Stack,
        strict: bool,
        skipped: &mut Vec<SkippedProperty>,
        checks: &mut Vec<SkippedCheck>,
        unknown: &mut Vec<EvalError>,
    ) -> Result<(), EvalError> {
        if self.info.none_like {
            return Ok(());
        }
        if self.external_id.is_some() {
            if let Some(service) = self.info.external_service {
                checks.push(SkippedCheck {
                    resource: self.name.to_string(),
                    check: format!("{}.validate_external", self.info.class),
                    service: service.to_string(),
                });
            }
            return Ok(());
        }
        if crate::plugins::checks_only(self.info.plugin) {
            // Its `validate()` replaces this one: the plugin's checks ran
            // before ([`Self::plugin_checks_first`]).
            return Ok(());
        }
        self.validate_definition(stack, unknown)?;
        let entries = self.property_entries(stack, unknown)?;
        if self.info.provider || self.info.plugin.is_empty() {
            // Provider templates: their parameters are the nested stack's
            // business; each value is still resolved when validating strictly
            // (`Properties.validate(with_value=strict_validate)`).
            for (k, v) in entries.iter().filter(|_| strict) {
                self.resolve_property(stack, v, Some(&py_str(k)), unknown)?;
            }
            return Ok(());
        }
        let schema = self.schema(stack, entries);
        let v = Validation::new(stack, schema, self.info.translation, entries);
        // A display evaluation reads every property (each one it cannot
        // check is put aside); Heat stops at the first error.
        let result = if stack.mode.past_errors() {
            v.problems_top(schema, entries).into_iter().next().map_or(Ok(()), Err)
        } else {
            v.validate_top(schema, entries, strict)
        };
        for (path, constraint) in v.skipped.borrow().iter() {
            skipped.push(SkippedProperty {
                resource: self.name.to_string(),
                property: path.clone(),
                constraint: constraint.clone(),
            });
        }
        for (path, e) in v.unknown.take() {
            unknown.push(self.unknown_property(&path, e));
        }
        match result {
            Ok(()) => self.plugin_checks(stack, &v, schema, entries, checks, unknown),
            Err(e) => Err(self.property_svf(stack, e)),
        }
    }

    /// A property snippet resolved (`Property error` when it fails); a value
    /// a display evaluation does not have is put aside in `unknown`.
    fn resolve_property(
        &self,
        stack: &Stack,
        expr: &Expr,
        key: Option<&str>,
        unknown: &mut Vec<EvalError>,
    ) -> Result<(), EvalError> {
        match eval::resolve(stack, expr) {
            Ok(_) => Ok(()),
            Err(e) if e.is_unknown() => {
                unknown.push(property_error(&self.name, "properties", key, e));
                Ok(())
            }
            Err(e) => Err(property_error(&self.name, "properties", key, e)),
        }
    }

    /// `Resource.validate_template()` alone, as template validate runs it
    /// (`validate_res_tmpl_only`, not strict): the definition, then the
    /// properties by name only. A None-like type's properties are reparsed
    /// away (nothing to check); a provider's names are its template's
    /// parameters ([`crate::engine::nested`]).
    pub fn validate_template(&self, stack: &Stack) -> Result<(), EvalError> {
        // Template validate has every value it needs or none: nothing unknown.
        let unknown = &mut Vec::new();
        self.validate_definition(stack, unknown)?;
        if self.info.none_like {
            return Ok(());
        }
        let entries = self.property_entries(stack, unknown)?;
        if self.info.provider || self.info.plugin.is_empty() {
            return Ok(());
        }
        let schema = self.schema(stack, entries);
        let v = Validation::new(stack, schema, self.info.translation, entries);
        v.validate_top(schema, entries, false).map_err(|e| self.property_svf(stack, e))
    }

    /// The definition's functions, deletion policy and update policy (a
    /// value a display evaluation does not have put aside in `unknown`).
    fn validate_definition(&self, stack: &Stack, unknown: &mut Vec<EvalError>) -> Result<(), EvalError> {
        let prefix = ["resources", &*self.name];
        let sections: [(&str, Option<&Expr>); 4] = [
            ("properties", self.properties.as_ref()),
            ("metadata", self.metadata.as_ref()),
            ("update_policy", self.update_policy.as_ref()),
            ("external_id", self.external_id.as_ref()),
        ];
        for (section, expr) in sections {
            if let Some(e) = expr {
                match eval::validate(stack, e, &[section.to_string()]) {
                    Ok(()) => {}
                    Err(e) if e.is_unknown() => unknown.push(e.prefixed(&prefix)),
                    Err(e) => return Err(e.prefixed(&prefix)),
                }
            }
        }
        if self.deletion_policy.as_deref() == Some("Snapshot") && !self.info.snapshot {
            return Err(EvalError::svf_full(
                "",
                vec!["resources".into(), self.name.to_string(), "deletion_policy".into()],
                "\"Snapshot\" deletion policy not supported",
            )
            .with_code("snapshot-not-supported")
            .at(self.node.get("deletion_policy").map_or(self.node.span, |n| n.span)));
        }
        if let Some(message) = self.deletion_policy.as_deref().and_then(|policy| {
            crate::plugins::deletion_policy_error(self.info.plugin, policy, stack.config.volumes_backups_enabled)
        }) {
            return Err(EvalError::svf_full("", vec!["resources".into(), self.name.to_string()], message)
                .with_code("snapshot-not-supported")
                .at(self.node.get("deletion_policy").map_or(self.node.span, |n| n.span)));
        }
        if let Some(up) = &self.update_policy {
            match eval::resolve(stack, up) {
                Ok(Value::Map(m)) => {
                    super::update_policy::validate(&self.name, self.info.update_policy, &m, up, self.node.span)?
                }
                Ok(_) => {}
                Err(e) if e.is_unknown() => unknown.push(property_error(&self.name, "update_policy", None, e)),
                Err(e) => return Err(property_error(&self.name, "update_policy", None, e)),
            }
        }
        Ok(())
    }

    /// The properties' top-level entries: a function is not iterable, a
    /// provider's template must be there, anything else but a map is resolved.
    fn property_entries(&self, stack: &Stack, unknown: &mut Vec<EvalError>) -> Result<&[(Value, Expr)], EvalError> {
        if let Some(Expr::Call(call)) = &self.properties {
            // Heat's Properties iterate the definition's data: a function is not iterable.
            return Err(EvalError::svf_full(
                "TypeError",
                vec!["resources".into(), self.name.to_string()],
                format!("'{}' object is not iterable", call.spec.class),
            )
            .with_code("properties-not-a-map")
            .at(call.span));
        }
        if let Some((template, user)) = &self.info.template {
            if let Some(e) = fetch_error(stack, template, *user) {
                return Err(e.at(self.node.get("type").map_or(self.node.span, |n| n.span)));
            }
        }
        Ok(match &self.properties {
            None => &[],
            Some(Expr::Map(entries, _)) => entries,
            Some(other) => {
                self.resolve_property(stack, other, None, unknown)?;
                &[]
            }
        })
    }

    /// A property whose value a display evaluation does not have, at its
    /// path (`networks.0.network`) and value.
    fn unknown_property(&self, path: &str, e: EvalError) -> EvalError {
        let items: Vec<PathItem> = path
            .split('.')
            .map(|p| match p.parse::<i64>() {
                Ok(i) if p.bytes().all(|b| b.is_ascii_digit()) => PathItem::Index(i),
                _ => PathItem::Key(p.to_string()),
            })
            .collect();
        let span = self.property_span(&items, Target::Value);
        let mut full: Vec<PathItem> =
            ["resources", &*self.name, "properties"].iter().map(|s| PathItem::Key((*s).to_string())).collect();
        full.extend(items);
        EvalError::unknown(&e.unknown_labels()).prefixed_items(full).at(span)
    }

    /// Every independent problem of this resource's properties, in Heat's
    /// order (unknown keys, then each schema key's first error), for the
    /// diagnostics: [`ResourceDefn::validate`] reports only Heat's first.
    pub fn property_problems(&self, stack: &Stack) -> Vec<EvalError> {
        let Some(Expr::Map(entries, _)) = &self.properties else { return Vec::new() };
        if self.info.none_like || self.external_id.is_some() || self.info.provider || self.info.plugin.is_empty() {
            return Vec::new();
        }
        let schema = self.schema(stack, entries);
        let v = Validation::new(stack, schema, self.info.translation, entries);
        v.problems_top(schema, entries).into_iter().map(|e| self.property_svf(stack, e)).collect()
    }

    /// A property failure as Heat's `Property error: resources.<r>.properties…`.
    fn property_svf(&self, stack: &Stack, e: PropError) -> EvalError {
        let (path, message) = match e {
            PropError::Fatal(e) | PropError::Unknown(e) => return e,
            PropError::Svf(path, message) => (path, message),
            // `validate` turns these into SVFs; kept total all the same.
            PropError::Value(message) => (Vec::new(), message),
        };
        let span = self
            .failed_function(stack, &path, &message)
            .unwrap_or_else(|| self.property_span(&path, Target::of(&message)));
        let mut full: Vec<PathItem> =
            ["resources", &*self.name, "properties"].iter().map(|s| PathItem::Key((*s).to_string())).collect();
        full.extend(path);
        EvalError::svf_items("Property error", full, message).with_code("property-error").at(span)
    }

    /// Where a property's value failed to resolve: the function inside it
    /// that raised `message` (`{get_param: portz}` inside a `repeat`), not
    /// the value around it. Only on the error path: the snippet is resolved
    /// again.
    fn failed_function(&self, stack: &Stack, path: &[PathItem], message: &str) -> Option<Span> {
        let [PathItem::Key(key)] = path else { return None };
        let Some(Expr::Map(entries, _)) = &self.properties else { return None };
        let (_, expr @ Expr::Call(outer)) = entries.iter().find(|(k, _)| k.as_str() == Some(key.as_str()))? else {
            return None;
        };
        let value = self.property_span(path, Target::Value);
        let e = eval::resolve_nullable(stack, expr).err()?;
        let at = e.span?;
        // The value's own function failing keeps the usual place (its
        // argument: `flavour` of `{get_param: flavour}`); only a function
        // nested deeper is named by its own span.
        let inside = at.source == value.source
            && value.start <= at.start
            && at.end <= value.end
            && at != value
            && at != outer.span;
        (inside && e.text() == message).then_some(at)
    }

    /// An `OS::Heat::Value`'s `value` property as its `type` converts it
    /// (what its `value` attribute is once created), when every input is
    /// known and it converts; else `None`.
    pub(crate) fn value_once_created(&self, stack: &Stack) -> Option<Value> {
        let Some(Expr::Map(entries, _)) = &self.properties else { return None };
        let schema = self.schema(stack, entries);
        let v = Validation::new(stack, schema, self.info.translation, entries);
        v.values_top(schema, entries).ok()?.get_str("value").cloned()
    }

    /// The type's property schema, as the plugin's `reparse()` leaves it.
    fn schema(&self, stack: &Stack, entries: &[(Value, Expr)]) -> &'static [crate::catalogue::PropSchema] {
        let generated = self.info.schema;
        let Some(reparse) = crate::plugins::reparse(self.info.plugin) else { return generated };
        let v = Validation::new(stack, generated, self.info.translation, entries);
        v.values_top(generated, entries).ok().and_then(|props| reparse(&props)).unwrap_or(generated)
    }

    /// The plugin's own `validate()` after the properties (`crate::plugins`).
    ///
    /// A display evaluation's check reads null for the properties whose
    /// values it does not have; if it reads one, its outcome says nothing:
    /// the check is not checked (an unknown error in `unknown`).
    fn plugin_checks(
        &self,
        stack: &Stack,
        v: &Validation<'_>,
        schema: &'static [crate::catalogue::PropSchema],
        entries: &[(Value, Expr)],
        checks: &mut Vec<SkippedCheck>,
        unknown: &mut Vec<EvalError>,
    ) -> Result<(), EvalError> {
        let Some(check) = crate::plugins::checks(self.info.plugin) else { return Ok(()) };
        if crate::plugins::checks_first(self.info.plugin) {
            return Ok(());
        }
        let Ok((props, unknown_props)) = self.plugin_props(stack, v, schema, entries) else { return Ok(()) };
        self.run_plugin_check(stack, check, &props, &[], &unknown_props, checks, unknown)
    }

    /// `self.properties` as a plugin check reads it after the schema is
    /// checked: a display evaluation's has null for each property whose value
    /// it does not have, and those keys apart with what they need.
    fn plugin_props(
        &self,
        stack: &Stack,
        v: &Validation<'_>,
        schema: &'static [crate::catalogue::PropSchema],
        entries: &[(Value, Expr)],
    ) -> Result<(Map, Vec<(String, EvalError)>), PropError> {
        if stack.mode.past_errors() {
            v.values_known(schema, entries)
        } else {
            v.values_top(schema, entries).map(|props| (props, Vec::new()))
        }
    }

    /// The checks a plugin's `validate()` makes before the base class's
    /// (`plugins::checks_first`): the properties are read without the schema
    /// checked, a value that does not convert failing when read.
    pub fn plugin_checks_first(
        &self,
        stack: &Stack,
        checks: &mut Vec<SkippedCheck>,
        unknown: &mut Vec<EvalError>,
    ) -> Result<(), EvalError> {
        if self.info.none_like || self.external_id.is_some() || !crate::plugins::checks_first(self.info.plugin) {
            return Ok(());
        }
        let Some(check) = crate::plugins::checks(self.info.plugin) else { return Ok(()) };
        let entries: &[(Value, Expr)] = match &self.properties {
            Some(Expr::Map(entries, _)) => entries,
            _ => &[],
        };
        let schema = self.info.schema;
        let v = Validation::new(stack, schema, self.info.translation, entries);
        let (mut props, mut unread, mut unknown_props) = (Map::new(), Vec::new(), Vec::new());
        for p in schema {
            match v.read(schema, entries, p.name) {
                Ok(value) => props.insert_str(p.name, value),
                Err(PropError::Fatal(e)) => return Err(e),
                Err(PropError::Unknown(e)) => {
                    props.insert_str(p.name, Value::Null);
                    unknown_props.push((p.name.to_string(), e));
                }
                Err(PropError::Svf(_, message) | PropError::Value(message)) => {
                    unread.push((p.name.to_string(), message));
                }
            }
        }
        self.run_plugin_check(stack, check, &props, &unread, &unknown_props, checks, unknown)
    }

    /// The checks a stack resource's `validate()` makes after its nested
    /// stack (`plugins::checks_after_nested`).
    pub fn plugin_checks_after_nested(
        &self,
        stack: &Stack,
        checks: &mut Vec<SkippedCheck>,
        unknown: &mut Vec<EvalError>,
    ) -> Result<(), EvalError> {
        let Some(check) = crate::plugins::checks_after_nested(self.info.plugin) else { return Ok(()) };
        let entries: &[(Value, Expr)] = match &self.properties {
            Some(Expr::Map(entries, _)) => entries,
            _ => &[],
        };
        let v = Validation::new(stack, self.info.schema, self.info.translation, entries);
        let Ok((props, unknown_props)) = self.plugin_props(stack, &v, self.info.schema, entries) else { return Ok(()) };
        self.run_plugin_check(stack, check, &props, &[], &unknown_props, checks, unknown)
    }

    /// Run one of the plugin's checks on its properties. A display
    /// evaluation's check reads null for the properties whose values it does
    /// not have; if it reads one, its outcome says nothing: the check is not
    /// checked (an unknown error in `unknown`).
    #[allow(clippy::too_many_arguments)]
    fn run_plugin_check(
        &self,
        stack: &Stack,
        check: crate::plugins::Check,
        props: &Map,
        unread: &[(String, String)],
        unknown_props: &[(String, EvalError)],
        checks: &mut Vec<SkippedCheck>,
        unknown: &mut Vec<EvalError>,
    ) -> Result<(), EvalError> {
        let resolved = |section: &Option<Expr>| match section {
            Some(e) => eval::resolve(stack, e).unwrap_or(Value::Null),
            None => Value::Null,
        };
        let (metadata, update_policy) = (resolved(&self.metadata), resolved(&self.update_policy));
        let ctx = crate::plugins::Ctx {
            name: &self.name,
            plugin: self.info.plugin,
            props,
            metadata: &metadata,
            stack,
            unread,
            update_policy: &update_policy,
            strict: stack.mode.strict(),
            timeout_secs: stack.timeout_secs(),
            unknown: unknown_props,
            needs: std::cell::RefCell::new(Vec::new()),
        };
        let outcome = check(&ctx);
        let needs = ctx.needs.take();
        if !needs.is_empty() {
            let path = vec![PathItem::Key("resources".into()), PathItem::Key(self.name.to_string())];
            let check = format!("{}.validate", self.info.class);
            let e = EvalError::unknown(&needs).prefixed_items(path).with_check(&check);
            unknown.push(e.at(self.property_span(&[], Target::Container)));
            return Ok(());
        }
        match outcome {
            Ok(crate::plugins::Outcome::Valid) => Ok(()),
            Ok(crate::plugins::Outcome::NeedsService(service)) => {
                checks.push(SkippedCheck {
                    resource: self.name.to_string(),
                    check: format!("{}.validate", self.info.class),
                    service: service.to_string(),
                });
                Ok(())
            }
            Err(e) => Err(e.at_if_unset(self.property_span(&[], Target::Container))),
        }
    }

    /// Where a property error points: the key for a property that is unknown,
    /// not implemented or missing (a missing one: the key of the map that lacks
    /// it — `properties:` at the top, the resource's type without one), else
    /// the deepest node of `path` the template has (the bad value).
    fn property_span(&self, path: &[PathItem], target: Target<'_>) -> Span {
        let Some((properties_key, mut node)) = key_of(&self.node, "properties") else {
            return self.node.get("type").map_or(self.node.span, |t| t.span);
        };
        // The span of the map holding the last key (its key, or a list item).
        let mut container = properties_key;
        let mut value = node.span;
        for item in path {
            let next = match item {
                PathItem::Key(k) => key_of(node, k),
                PathItem::Index(i) => {
                    usize::try_from(*i).ok().and_then(|i| node.as_list().and_then(|l| l.get(i))).map(|n| (n.span, n))
                }
            };
            let Some((span, child)) = next else { break };
            container = span;
            value = child.span;
            node = child;
        }
        match target {
            Target::Key(name) => key_of(node, name).map_or(container, |(k, _)| k),
            Target::Container => container,
            Target::Value => value,
        }
    }

    /// The resolved properties for the result (None-like types: unresolvable ones null).
    pub fn resolved_properties(&self, stack: &Stack) -> Result<Value, EvalError> {
        match &self.properties {
            None => Ok(Value::map(Map::new())),
            Some(Expr::Map(entries, _)) if self.info.none_like => {
                let mut out = Map::new();
                for (k, v) in entries.iter() {
                    match eval::resolve_nullable(stack, v) {
                        Ok(Some(v)) => {
                            let _ = out.insert(k.clone(), v);
                        }
                        Ok(None) => {}
                        Err(e) if e.code == "budget-exceeded" => return Err(e),
                        Err(_) => {
                            let _ = out.insert(k.clone(), Value::Null);
                        }
                    }
                }
                Ok(Value::map(out))
            }
            Some(e) => {
                let v = eval::resolve(stack, e)?;
                Ok(if v.truthy() { v } else { Value::map(Map::new()) })
            }
        }
    }
}

/// What of a property path a diagnostic points at.
#[derive(Clone, Copy)]
enum Target<'m> {
    /// This key of the map the path leads to (unknown, not implemented).
    Key(&'m str),
    /// The map the path leads to (a key missing from it, a plugin's check).
    Container,
    /// The value at the path (conversion, constraints, translation).
    Value,
}

impl<'m> Target<'m> {
    /// From Heat's message text, the only place the kind of failure is told.
    fn of(message: &'m str) -> Target<'m> {
        let named = message
            .strip_prefix("Unknown Property ")
            .or_else(|| message.strip_prefix("Property ").and_then(|m| m.strip_suffix(" not implemented yet")));
        match named {
            Some(name) => Target::Key(name),
            None if message.starts_with("Property ") && message.ends_with(" not assigned") => Target::Container,
            None => Target::Value,
        }
    }
}

/// The key span and value of `key` in a mapping node.
fn key_of<'n>(node: &'n Node, key: &str) -> Option<(Span, &'n Node)> {
    node.as_map().and_then(|m| m.iter().find(|(k, _)| k.as_str() == Some(key)).map(|(k, v)| (k.span, v)))
}

/// `copy.deepcopy` of a parsed snippet: a function becomes `{name: args}`, a
/// macro (`if`) the snippet it chose.
fn raw_snippet(expr: &Expr) -> Value {
    match expr {
        Expr::Call(c) if c.spec.is_macro() => raw_snippet(&c.args),
        Expr::Call(c) => {
            let mut m = Map::new();
            m.insert_str(&c.name, raw_snippet(&c.args));
            Value::map(m)
        }
        Expr::List(items, _) => Value::list(items.iter().map(raw_snippet).collect()),
        Expr::Map(entries, _) => {
            let mut m = Map::with_capacity(entries.len());
            for (k, v) in entries.iter() {
                let _ = m.insert(k.clone(), raw_snippet(v));
            }
            Value::map(m)
        }
        other => other.to_value(),
    }
}

/// `Stack.validate` validates identical definitions once (`unique_defns`, a
/// set filled in the resources' order, so the first of equal ones stays):
/// the names that are validated, given the definitions in that order.
pub fn unique_definition_names<'a>(defns: impl Iterator<Item = &'a ResourceDefn>) -> Vec<Rc<str>> {
    // Bucketed by their JSON text; Python equality decides within a bucket.
    // Equal texts have equal types (the rendering's `type`), so a definition
    // is only rendered once another of its type is met: most are unique.
    let mut by_type: std::collections::HashMap<&str, Vec<(&ResourceDefn, Option<Rendered>)>> =
        std::collections::HashMap::new();
    let mut kept: Vec<Rc<str>> = Vec::new();
    for d in defns {
        let same_type = by_type.entry(d.type_name.as_str()).or_default();
        if same_type.is_empty() {
            same_type.push((d, None));
            kept.push(d.name.clone());
            continue;
        }
        let (key, value) = rendered(d);
        let duplicate = same_type.iter_mut().any(|(other, other_rendered)| {
            let (other_key, other_value) = other_rendered.get_or_insert_with(|| rendered(other));
            *other_key == key && other_value.py_eq(&value)
        });
        if !duplicate {
            same_type.push((d, Some((key, value))));
            kept.push(d.name.clone());
        }
    }
    kept
}

/// A definition's `render_hot()` as JSON text (sorted keys), and as a value.
type Rendered = (String, Value);

/// A definition's [`Rendered`].
fn rendered(d: &ResourceDefn) -> Rendered {
    let rendered = d.render_hot();
    (crate::pyfmt::json_dumps(&rendered, crate::pyfmt::JsonStyle::SORTED).unwrap_or_default(), rendered)
}

/// `TemplateResource.template_data` for a file that is not in `files`: Heat
/// fetches it (`urlfetch.get`); offline nothing is downloaded, and an http(s)
/// URL fails as an unreachable one does.
fn fetch_error(stack: &Stack, template: &str, user: bool) -> Option<EvalError> {
    super::stack_cache::read_file(template);
    if stack.files.get(template).is_some_and(|c| c.as_deref().is_some_and(|c| !c.is_empty())) {
        return None;
    }
    if template.is_empty() {
        return None;
    }
    let scheme = url_scheme(template);
    let allowed = matches!(scheme.as_str(), "http" | "https") || (!user && scheme == "file");
    if allowed && stack.mode.past_errors() && template.contains("://") {
        // heatclient would download it; hotplate never fetches.
        return Some(EvalError::unknown(&[format!("template {template}")]));
    }
    let reason = if !allowed {
        format!("Invalid URL scheme {scheme}")
    } else if scheme == "file" {
        // Heat's packaged provider templates are not part of hotplate.
        return None;
    } else {
        format!("Failed to retrieve template from {template}")
    };
    Some(
        EvalError::svf(format!("Could not fetch remote template \"{template}\": {reason}"))
            .with_code("template-not-found"),
    )
}

/// `urllib.parse.urlparse(url).scheme`.
pub(super) fn url_scheme(url: &str) -> String {
    let Some((head, _)) = url.split_once(':') else { return String::new() };
    let valid = head.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        && head.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    if valid {
        head.to_ascii_lowercase()
    } else {
        String::new()
    }
}

/// `Property error: resources.<r>.<section>[.<key>]: <message>`.
pub(crate) fn property_error(name: &str, section: &str, key: Option<&str>, e: EvalError) -> EvalError {
    let mut path: Vec<PathItem> =
        ["resources", name, section].iter().map(|s| PathItem::Key((*s).to_string())).collect();
    if let Some(k) = key {
        path.push(PathItem::Key(k.to_string()));
    }
    if e.is_unknown() {
        // Not checked, not a property error.
        return e.prefixed_items(path);
    }
    let message = match &e.svf {
        Some(svf) => {
            path.extend(svf.path.iter().cloned());
            e.message.clone()
        }
        None => e.text(),
    };
    let span = e.span;
    let code = if e.code == "eval-error" { "property-error" } else { e.code };
    let mut out = EvalError::svf_items("Property error", path, message).with_code(code);
    out.span = span;
    out
}

/// Heat's dependency graph (`heat.engine.dependencies.Graph`): insertion-ordered
/// nodes, each with the set of nodes it requires.
#[derive(Clone, Debug, Default)]
pub struct Graph {
    nodes: indexmap::IndexMap<String, Vec<String>>,
    /// Each resource's class name (`str(resource)` is `Class "name"`).
    classes: std::collections::HashMap<String, &'static str>,
}

impl Graph {
    /// `deps += (name, None)`, for a resource of this plugin class.
    pub fn add_node(&mut self, name: &str, class: &'static str) {
        self.nodes.entry(name.to_string()).or_default();
        self.classes.insert(name.to_string(), class);
    }

    /// `deps.graph()[name]`: what `name` requires so far.
    pub fn requires_of(&self, name: &str) -> Vec<String> {
        self.nodes.get(name).cloned().unwrap_or_default()
    }

    /// `deps += (requirer, required)`: the required node is created first.
    pub fn add_edge(&mut self, requirer: &str, required: &str) {
        self.nodes.entry(required.to_string()).or_default();
        let reqs = self.nodes.entry(requirer.to_string()).or_default();
        if !reqs.iter().any(|r| r == required) {
            reqs.push(required.to_string());
        }
    }

    /// `Graph.toposort`: repeatedly take the first node (in insertion order) with
    /// no requirements. Returns the order reached and, if a cycle stopped it,
    /// Heat's `CircularDependencyException`.
    pub fn toposort(&self) -> (Vec<String>, Option<EvalError>) {
        let mut graph = self.nodes.clone();
        let mut order = Vec::with_capacity(graph.len());
        while !graph.is_empty() {
            let Some(key) = graph.iter().find(|(_, reqs)| reqs.is_empty()).map(|(k, _)| k.clone()) else {
                // `str(graph)`: `{Class "a": {Class "b", …}, …}` (Heat's
                // requirements are a set ordered by memory address: with more
                // than one, its order is not reproducible; ours is the graph's).
                let node = |k: &str| format!("{} \"{k}\"", self.classes.get(k).copied().unwrap_or("Resource"));
                let cycle: Vec<String> = graph
                    .iter()
                    .map(|(k, reqs)| {
                        let reqs: Vec<String> = reqs.iter().map(|r| node(r)).collect();
                        format!("{}: {{{}}}", node(k), reqs.join(", "))
                    })
                    .collect();
                let err = EvalError::other(
                    "CircularDependencyException",
                    format!("Circular Dependency Found: {{{}}}", cycle.join(", ")),
                )
                .with_code("dependency-cycle");
                return (order, Some(err));
            };
            graph.shift_remove(&key);
            for reqs in graph.values_mut() {
                reqs.retain(|r| *r != key);
            }
            order.push(key);
        }
        (order, None)
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::{template_error, template_skips};

    // Expected results from the oracle (real Heat, full mode).

    #[test]
    fn identical_definitions_are_validated_once() {
        let t = "heat_template_version: 2018-08-31\nresources:\n  p1:\n    type: OS::Neutron::Port\n    properties:\n      network_id: abc\n  p2:\n    type: OS::Neutron::Port\n    properties:\n      network_id: abc\n  p3:\n    type: OS::Neutron::Port\n    properties:\n      network_id: abcd\n";
        assert_eq!(template_skips(t), ["p1 network_id neutron.network", "p3 network_id neutron.network"]);
    }

    #[test]
    fn definitions_compare_with_macros_resolved_and_empty_fields_kept() {
        let t = "heat_template_version: 2018-08-31\nresources:\n  a:\n    type: OS::Neutron::Port\n    properties:\n      network: {if: [true, abc, x]}\n  b:\n    type: OS::Neutron::Port\n    properties:\n      network: abc\n  c:\n    type: OS::Neutron::Port\n    properties:\n      network: abc\n    depends_on: []\n";
        assert_eq!(template_skips(t), ["a network neutron.network", "c network neutron.network"]);
    }

    #[test]
    fn a_translated_value_is_read_without_its_constraints() {
        let t = "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      network: abc\n      network_id: abc\n";
        assert_eq!(
            template_error(t).as_deref(),
            Some("Property error: resources.p.properties.network: Cannot define the following properties at the same time: network, network_id")
        );
        assert!(template_skips(t).is_empty());
    }
}
