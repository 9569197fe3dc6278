//! The evaluation pipeline: a request in, Heat's canonical result and every
//! diagnostic out. Stages follow Heat's stack-create path in order (see
//! ARCHITECTURE.md), so the first error is the one Heat would raise.

mod cfn;
pub mod environment;
mod file_schemata;
mod nested;
pub mod parameters;
pub(crate) mod properties;
pub mod request;
pub mod resources;
pub(crate) mod result;
mod update_policy;

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use indexmap::IndexMap;

pub use request::{Document, Request};
pub use result::{DeferredMark, DisplayValue, Edge, Evaluation, HeatResult, OutputResult, ParamInfo, SkippedCheck};

use crate::catalogue::Registry;
use crate::diag::{Diagnostic, HeatError, PathItem};
use crate::eval::{self, EvalError, Expr};
use crate::functions::Table;
use crate::pyfmt::py_str;
use crate::pyhash::PySet;
use crate::source::{SourceId, Span};
use crate::stack::{ResourceRef, Stack};
use crate::syntax::{load_template, Node};
use crate::value::{Map, Value};
use crate::version::HotVersion;
use environment::{EnvFile, Environment};
use parameters::{ParamSchema, Parameter, ValueSource};
use resources::ResourceDefn;

/// The top-level sections a HOT template of `version` may have
/// (`HOTemplate.SECTIONS`, `conditions` since 2016-10-14).
pub fn template_sections(version: HotVersion) -> Vec<&'static str> {
    let mut allowed =
        vec!["heat_template_version", "description", "parameter_groups", "parameters", "resources", "outputs"];
    if version.has_conditions() {
        allowed.push("conditions");
    }
    allowed
}

/// Evaluate a request the way Heat's stack create would.
pub fn evaluate(req: &Request) -> Evaluation {
    let mut run = Run::new();
    run.evaluate(req);
    run.ev
}

/// How many nested stacks and resources in them one request may build
/// (validation and results together): a group of providers of groups is
/// bounded here, not by time.
const NESTED_BUDGET: u32 = 20_000;

struct Run {
    ev: Evaluation,
    /// The error [`Run::fail`] reported, for a parent to wrap.
    failure: Option<EvalError>,
    /// Provider templates parsed so far (shared with nested runs).
    templates: Rc<RefCell<HashMap<String, Rc<nested::Parsed>>>>,
    /// The source id of each file already registered.
    file_ids: HashMap<String, SourceId>,
    /// Nested stacks that may still be built.
    budget: u32,
}

/// One stack's inputs: the top-level stack from the request, a nested one
/// from its parent resource.
pub(crate) struct StackInput<'a> {
    root: &'a Node,
    version: HotVersion,
    stack_name: &'a str,
    stack_id: String,
    project_id: &'a str,
    files: Rc<IndexMap<String, Option<String>>>,
    env: Environment,
    schemas: Vec<ParamSchema>,
    /// 0 for the top-level stack.
    depth: usize,
    /// Heat's `strict_validate`: values checked, not only names.
    strict: bool,
    /// Whether the result sections are wanted (not for a parent's validation).
    collect: bool,
    mocks: Option<Mocks<'a>>,
    /// Parameters the parent gives a deploy-time value ([`Stack::deploy_params`]).
    deploy_params: IndexMap<String, crate::symbolic::Sym>,
}

/// The request's mocked attributes and reference ids.
type Mocks<'a> = (&'a IndexMap<String, Map>, &'a IndexMap<String, String>);

/// What [`Run::build`] makes of a stack for the later stages.
pub(crate) struct Built {
    stack: Stack,
    registry: Registry,
    condition_names: Vec<String>,
    defns: Vec<ResourceDefn>,
    disabled: Vec<(String, Value)>,
    res_names: Vec<String>,
    /// The enabled resources in Heat's (Python set) order.
    set_order: Vec<usize>,
    requires: Vec<Vec<String>>,
    graph: resources::Graph,
    outputs: Vec<(String, OutputDef)>,
}

/// An error as the result reports it.
fn heat_error(e: &EvalError) -> HeatError {
    let d = e.to_diagnostic();
    HeatError { kind: e.class.to_string(), message: e.text(), path: e.heat_path(), diagnostic: d }
}

/// Stop the pipeline with Heat's error.
struct Stop;

impl Run {
    fn new() -> Run {
        Run {
            ev: Evaluation::default(),
            failure: None,
            templates: Rc::default(),
            file_ids: HashMap::new(),
            budget: NESTED_BUDGET,
        }
    }

    /// A run for a nested stack: the sources, parsed templates and budget
    /// are the parent's.
    fn child(parent: &mut Run) -> Run {
        let mut run = Run::new();
        run.ev.sources = std::mem::take(&mut parent.ev.sources);
        run.templates = parent.templates.clone();
        run.file_ids = parent.file_ids.clone();
        run.budget = parent.budget;
        run
    }

    fn fail(&mut self, e: EvalError) -> Stop {
        let e = self.localize(e);
        let err = heat_error(&e);
        self.ev.diagnostics.push(err.diagnostic.clone());
        self.ev.result.error = Some(err);
        self.failure = Some(e);
        Stop
    }

    /// Heat stops at its first error, but the rest of a stage is still checked
    /// so that every independent problem gets a diagnostic: the first error is
    /// kept for the result, later ones only become diagnostics.
    fn note(&mut self, first: &mut Option<EvalError>, e: EvalError) -> Result<(), Stop> {
        if e.code == "budget-exceeded" {
            // Going on would only spend more: stop with what Heat would report.
            let e = first.take().unwrap_or(e);
            return Err(self.fail(e));
        }
        if first.is_none() {
            *first = Some(e);
        } else {
            let e = self.localize(e);
            self.ev.diagnostics.push(e.to_diagnostic());
        }
        Ok(())
    }

    /// An error of this stack with its paths in the template's own spelling.
    fn localize(&self, e: EvalError) -> EvalError {
        match self.ev.version {
            Some(v) => cfn::localize(e, v),
            None => e,
        }
    }

    /// End a stage checked with [`Run::note`].
    fn end_stage(&mut self, first: Option<EvalError>) -> Result<(), Stop> {
        match first {
            Some(e) => Err(self.fail(e)),
            None => Ok(()),
        }
    }

    /// heat-api's own 400 for a malformed request (`No stack name specified`):
    /// `HTTPBadRequest(detail)`, whose detail is what heatclient prints.
    fn bad_request(&mut self, d: Diagnostic) -> Stop {
        let message = d.message.clone();
        self.error_answer("HTTPBadRequest", message, d)
    }

    /// A template or inline environment that does not load
    /// (`InstantiationData.format_parse`, `what` is `Template`/`Environment`):
    /// a `ValueError` is heat-api's 400 `"<what> not in valid format: <text>"`;
    /// any other Python exception passes through as an internal error.
    fn unparseable(&mut self, what: &str, class: &'static str, text: String, d: Diagnostic) -> Stop {
        if class == "ValueError" {
            self.error_answer("HTTPBadRequest", format!("{what} not in valid format: {text}"), d)
        } else {
            self.error_answer(class, text, d)
        }
    }

    fn error_answer(&mut self, kind: &str, message: String, d: Diagnostic) -> Stop {
        self.ev.diagnostics.push(d.clone());
        self.ev.result.error = Some(HeatError { kind: kind.into(), message, path: Vec::new(), diagnostic: d });
        Stop
    }

    fn evaluate(&mut self, req: &Request) {
        let _ = self.pipeline(req);
        if self.ev.result.error.is_some() {
            self.ev.result.clear_sections();
        }
    }

    /// The template's parameter schemas (Heat builds them with the stack), after
    /// the problems of an earlier part of the same stage.
    fn template_param_schemas(
        &mut self,
        root: &Node,
        version: HotVersion,
        mut first: Option<EvalError>,
    ) -> Result<Vec<ParamSchema>, Stop> {
        let mut schemas: Vec<ParamSchema> = Vec::new();
        let section = root.get(version.key("parameters")).filter(|n| !n.is_null());
        let entries = match file_schemata::parameter_entries(section) {
            Ok(entries) => entries,
            Err(e) => {
                self.note(&mut first, e)?;
                &[]
            }
        };
        for (k, v) in entries {
            let name = py_str(&k.to_value());
            match ParamSchema::from_template(&name, v, version) {
                Ok(s) => schemas.push(s),
                Err(e) => self.note(&mut first, e.at_if_unset(v.span))?,
            }
        }
        self.end_stage(first)?;
        Ok(schemas)
    }

    /// A nested template's parameter schemas.
    fn param_schemas(&mut self, root: &Node, version: HotVersion) -> Result<Vec<ParamSchema>, Stop> {
        self.template_param_schemas(root, version, None)
    }

    /// Load the template: its source id, root, and the scalars Heat gets as dates.
    fn load(&mut self, doc: &Document, name: &str) -> Result<(SourceId, Node, Vec<Span>), Stop> {
        match doc {
            Document::Text(text) => {
                let id = self.ev.sources.add(name, text.clone());
                match load_template(text, id) {
                    Ok(loaded) => {
                        self.ev.diagnostics.extend(loaded.warnings);
                        Ok((id, loaded.root, loaded.dates))
                    }
                    Err(d) if d.code == "template-too-large" => {
                        let message = d.message.clone();
                        Err(self
                            .fail(EvalError::other("RequestLimitExceeded", message).with_code("template-too-large")))
                    }
                    Err(d) => {
                        let (class, message) = crate::syntax::heat_exception(text, &d, true);
                        Err(self.unparseable("Template", class, message, d))
                    }
                }
            }
            Document::Value(v) => {
                let id = self.ev.sources.add(name, String::new());
                Ok((id, Node::from_value(v, Span::new(id, 0, 0)), Vec::new()))
            }
        }
    }

    #[allow(clippy::too_many_lines)]
    fn pipeline(&mut self, req: &Request) -> Result<(), Stop> {
        // 0. heat-api reads the stack name before the template.
        let Some(stack_name) = req.stack_name.as_deref() else {
            return Err(self.bad_request(Diagnostic::error("no-stack-name", "No stack name specified")));
        };
        // 1. The API decodes the template: JSON/YAML, a mapping, a version key.
        let (tid, root, dates) = self.load(&req.template, &req.template_name)?;
        let Some(top) = root.as_map() else {
            let d =
                Diagnostic::error("not-a-mapping", "The template is not a JSON object or YAML mapping.").at(root.span);
            return Err(self.unparseable("Template", "ValueError", d.message.clone(), d));
        };
        if !file_schemata::has_version_key(top) {
            let d = Diagnostic::error("no-version", "Template format version not found.").at(Span::new(tid, 0, 0));
            return Err(self.unparseable("Template", "ValueError", d.message.clone(), d));
        }
        // 2. The inline environment (ignored when environment files are given).
        let inline_env = if req.environment_files.is_empty() {
            match &req.environment {
                None => None,
                Some(Document::Text(text)) => {
                    let id = self.ev.sources.add("environment", text.clone());
                    match environment::parse_text(text, id, "environment") {
                        Ok(p) => Some(p),
                        Err(e) => return Err(self.unparseable("Environment", e.class, e.message, e.diagnostic)),
                    }
                }
                Some(Document::Value(v)) => match environment::from_value(v, "environment") {
                    Ok(p) => Some(p),
                    Err(e) => return Err(self.unparseable("Environment", e.class, e.message, e.diagnostic)),
                },
            }
        } else {
            None
        };
        // 3. The version class.
        let (version, vnode) = match file_schemata::detect_version(top, &dates, root.span) {
            Ok(found) => found,
            Err(e) => return Err(self.fail(e)),
        };
        let vtext = vnode.as_str().unwrap_or_default().to_string();
        self.ev.result.template_version = Some(vtext);
        self.ev.version = Some(version);

        // 4. Parameter schemas (`all_param_schemata(files)`): every file that is a
        // template first (later files win), then the template's own, which win.
        let mut all_types: IndexMap<String, parameters::ParamType> = IndexMap::new();
        let mut first = None;
        for (name, content) in &req.files {
            let file_ids = &mut self.file_ids;
            let sources = &mut self.ev.sources;
            let mut add_source = || {
                let id = sources.add(name.clone(), content.clone().unwrap_or_default());
                file_ids.insert(name.clone(), id);
                id
            };
            match file_schemata::file_param_types(content.as_deref(), &mut add_source) {
                Ok(file) => {
                    all_types.extend(file.types);
                    if let Some(loaded) = file.loaded {
                        // The same text and source id a provider template would load.
                        let parsed = nested::Parsed { root: loaded.root, dates: loaded.dates };
                        self.templates.borrow_mut().insert(name.clone(), Rc::new(parsed));
                    }
                }
                Err(e) => self.note(&mut first, e)?,
            }
        }
        let schemas = self.template_param_schemas(&root, version, first)?;
        for s in &schemas {
            all_types.insert(s.name.clone(), s.kind);
        }
        let schema_types: Vec<(String, parameters::ParamType)> = all_types.into_iter().collect();

        // 5. Environment files merged in order (or the single environment).
        let env: Environment = if req.environment_files.is_empty() {
            environment::single(inline_env, &req.parameters, "environment")
        } else {
            let mut files = Vec::new();
            for name in &req.environment_files {
                let Some(Some(text)) = req.files.get(name) else {
                    return Err(self.fail(EvalError::key(name.clone()).with_code("missing-environment-file")));
                };
                let id = self.ev.sources.add(name.clone(), text.clone());
                match environment::parse_text(text, id, name) {
                    Ok(parsed) => files.push(EnvFile { name, parsed }),
                    Err(e) => {
                        self.ev.diagnostics.push(e.diagnostic.clone());
                        self.ev.result.error = Some(HeatError {
                            kind: e.class.into(),
                            message: e.message,
                            path: Vec::new(),
                            diagnostic: e.diagnostic,
                        });
                        return Err(Stop);
                    }
                }
            }
            match environment::merge_files(&req.parameters, files, &schema_types) {
                Ok(env) => env,
                Err(e) => return Err(self.fail(e)),
            }
        };
        let input = StackInput {
            root: &root,
            version,
            stack_name,
            stack_id: req.stack_id.clone(),
            project_id: &req.project_id,
            files: Rc::new(req.files.clone()),
            env,
            schemas,
            depth: 0,
            strict: true,
            collect: true,
            mocks: Some((&req.attributes, &req.reference_ids)),
            deploy_params: IndexMap::new(),
        };
        self.stack_stages(&input)
    }

    /// A stack from its template on: Heat's `Stack.validate`, then (unless only
    /// validating) what the result shows and the nested stacks. A nested stack
    /// runs the same stages.
    pub(crate) fn stack_stages(&mut self, input: &StackInput<'_>) -> Result<(), Stop> {
        let mut built = self.build(input)?;
        self.validate(input, &built)?;
        if !input.collect {
            return Ok(());
        }
        self.collect(input, &mut built)?;
        self.nested_results(input, &built);
        Ok(())
    }

    /// Template structure, parameters, conditions, resource definitions and
    /// their dependencies, outputs: everything Heat checks before it validates
    /// each resource.
    #[allow(clippy::too_many_lines)]
    fn build(&mut self, input: &StackInput<'_>) -> Result<Built, Stop> {
        let (version, stack_name, env, schemas) = (input.version, input.stack_name, &input.env, &input.schemas);
        // 6. Template structure: sections (document order), then resources.
        // A CloudFormation template is checked as written, then read with the
        // HOT names.
        let normalized;
        let root = if version.is_cfn() {
            if let Err(e) = cfn::validate(input.root, version) {
                return Err(self.fail(e));
            }
            normalized = cfn::normalize(input.root, version);
            &normalized
        } else {
            input.root
        };
        let Some(top) = root.as_map() else { return Err(Stop) };
        let section = |name: &str| root.get(name).filter(|n| !n.is_null());
        let registry = Registry::from_value(&Value::map(env.resource_registry.clone()));
        for (k, _) in top.iter().filter(|_| !version.is_cfn()) {
            let key = py_str(&k.to_value());
            if !template_sections(version).contains(&key.as_str()) {
                return Err(self.fail(
                    EvalError::svf(format!("The template section is invalid: {key}"))
                        .with_code("bad-section")
                        .at(k.span),
                ));
            }
        }
        let resources_node = section("resources");
        if let Some(rn) = resources_node.filter(|_| !version.is_cfn()) {
            if let Err(e) = resources::validate_structure(rn, version) {
                return Err(self.fail(e));
            }
        }

        // 7. The stack: its name, the pseudo parameters, the parameters.
        if !valid_stack_name(stack_name) {
            return Err(self.fail(EvalError::svf(format!(
                "Invalid stack name {} must contain only alphanumeric or \"_-.\" characters, must start with alpha and must be 255 characters or less.",
                stack_name
            )).with_code("bad-stack-name")));
        }
        let mut stack = Stack::new(version);
        stack.files = input.files.clone();
        stack.deploy_params = input.deploy_params.clone();
        if version.is_cfn() {
            // `CfnParameters._pseudo_parameters`.
            let arn = format!("arn:openstack:heat::{}:stacks/{}/{}", input.project_id, stack_name, input.stack_id);
            stack.params.insert("AWS::StackId".into(), Ok(Value::from(arn)));
            if !stack_name.is_empty() {
                stack.params.insert("AWS::StackName".into(), Ok(Value::from(stack_name)));
                stack.params.insert("AWS::Region".into(), Ok(Value::from("ap-southeast-1")));
            }
            if let Some(maps) = section("Mappings") {
                stack.mappings = maps.to_value();
            }
        } else {
            stack.params.insert("OS::stack_id".into(), Ok(Value::from(input.stack_id.as_str())));
            stack.params.insert("OS::project_id".into(), Ok(Value::from(input.project_id)));
            if !stack_name.is_empty() {
                stack.params.insert("OS::stack_name".into(), Ok(Value::from(stack_name)));
            }
        }
        let params: Vec<Parameter> = schemas
            .iter()
            .map(|s| Parameter {
                schema: s.clone(),
                user_value: env.parameters.get_str(&s.name).filter(|v| !v.is_null()).cloned(),
                user_default: env.parameter_defaults.get_str(&s.name).filter(|v| !v.is_null()).cloned(),
            })
            .collect();
        for p in &params {
            stack.params.insert(p.schema.name.clone(), p.value());
        }
        self.ev.param_info = params
            .iter()
            .map(|p| {
                let (_, source) = p.raw();
                let file = match source {
                    ValueSource::User => last_source(&env.parameter_sources, &p.schema.name),
                    ValueSource::UserDefault => last_source(&env.default_sources, &p.schema.name),
                    _ => None,
                };
                let contributions = match source {
                    ValueSource::User => &env.parameter_contributions,
                    ValueSource::UserDefault => &env.default_contributions,
                    _ => &Vec::new(),
                };
                let contributions =
                    contributions.iter().find(|(n, _)| *n == p.schema.name).map(|(_, c)| c.clone()).unwrap_or_default();
                ParamInfo {
                    name: p.schema.name.clone(),
                    kind: p.schema.kind.name(),
                    source,
                    file,
                    contributions,
                    label: p.schema.label.clone(),
                    description: p.schema.description.clone(),
                    hidden: p.schema.hidden,
                    default: p.schema.default.clone(),
                    constraints: p.schema.constraints.iter().map(parameters::Constraint::hint).collect(),
                    span: Some(p.schema.span),
                }
            })
            .collect();

        // 8. stack.validate: unknown user parameters, then each parameter.
        let mut first = None;
        for (k, _) in env.parameters.iter() {
            let name = py_str(k);
            if !schemas.iter().any(|s| s.name == name) {
                let e = EvalError::other(
                    "UnknownUserParameter",
                    format!("The Parameter ({name}) was not defined in template."),
                )
                .with_code("unknown-parameter");
                self.note(&mut first, e)?;
            }
        }
        self.end_stage(first)?;
        let mut first = None;
        for p in &params {
            let mut skipped = Vec::new();
            let result = p.validate(input.strict, &mut skipped);
            // Heat stops at the first invalid parameter: later ones record no skips.
            if first.is_none() {
                for c in skipped {
                    let item = (p.schema.name.clone(), c);
                    if !self.ev.result.skipped_constraints.contains(&item) {
                        self.ev.result.skipped_constraints.push(item);
                    }
                }
            }
            if let Err(e) = result {
                self.note(&mut first, e.at_if_unset(p.schema.span))?;
            }
        }
        crate::sort::sort(&mut self.ev.result.skipped_constraints);
        self.end_stage(first)?;
        if let Some(groups) = root.get("parameter_groups") {
            let names: Vec<String> = schemas.iter().map(|s| s.name.clone()).collect();
            if let Err(e) = parameters::validate_groups(groups, &names) {
                return Err(self.fail(e));
            }
        }

        // Conditions: a map, parsed and validated (not evaluated).
        let mut condition_names: Vec<String> = Vec::new();
        if version.has_conditions() {
            if let Some(cn) = root.get("conditions") {
                let Some(entries) = cn.as_map() else {
                    let t = if cn.is_null() { "NoneType" } else { cn.type_name() };
                    return Err(self.fail(
                        EvalError::svf_full(
                            "Conditions validation error",
                            Vec::new(),
                            format!("Condition definitions must be a map. Found a {t} instead"),
                        )
                        .with_code("bad-section")
                        .at(cn.span),
                    ));
                };
                let mut first = None;
                for (k, v) in entries {
                    let name = py_str(&k.to_value());
                    if let Err(e) = str_name(k) {
                        self.note(&mut first, e)?;
                        continue;
                    }
                    match stack.parse_condition(v, &format!("conditions.{name}")) {
                        Ok(e) => {
                            condition_names.push(name.clone());
                            stack.conditions.insert(name, e);
                        }
                        Err(e) => self.note(&mut first, e.at_if_unset(v.span))?,
                    }
                }
                self.end_stage(first)?;
                for (name, defn) in &stack.conditions {
                    let span = entries.iter().find(|(k, _)| py_str(&k.to_value()) == *name).map(|(_, v)| v.span);
                    if !matches!(defn, Expr::Scalar(Value::Bool(_)) | Expr::Call(_)) {
                        let e = EvalError::svf_full(
                            "Condition validation error",
                            Vec::new(),
                            format!("The definition of condition \"{name}\" is invalid: {}", py_str(&defn.to_value())),
                        )
                        .with_code("bad-condition");
                        return Err(self.fail(match span {
                            Some(s) => e.at(s),
                            None => e,
                        }));
                    }
                    if let Err(e) = eval::validate(&stack, defn, &[]) {
                        return Err(self.fail(e));
                    }
                }
            }
        }

        // Resources: definitions parsed in template order; disabled ones dropped.
        let mut defns: Vec<ResourceDefn> = Vec::new();
        let mut disabled: Vec<(String, Value)> = Vec::new();
        let res_entries: &[(Node, Node)] = resources_node.and_then(Node::as_map).unwrap_or(&[]);
        stack.all_resource_names = res_entries.iter().map(|(k, _)| py_str(&k.to_value())).collect();
        let mut first = None;
        for (k, v) in res_entries {
            let name = py_str(&k.to_value());
            if let Err(e) = str_name(k) {
                self.note(&mut first, EvalError::svf(e.message).at(k.span))?;
                continue;
            }
            match resources::parse_definition(&stack, &name, v) {
                Ok(Some(defn)) => defns.push(defn),
                Ok(None) => disabled.push((name, v.get("type").map(Node::to_value).unwrap_or(Value::Null))),
                Err(e) => self.note(&mut first, e)?,
            }
        }
        self.end_stage(first)?;
        // Heat keeps the enabled resources in a Python set: its order decides
        // which resource's error comes first from here on.
        let set_order: Vec<usize> = {
            let set = PySet::from_dict_keys(defns.iter().map(|d| &*d.name));
            set.iter().filter_map(|n| defns.iter().position(|d| &*d.name == n)).collect()
        };
        // Resource objects: the type of each is looked up in the registry.
        let mut first = None;
        for &i in &set_order {
            if let Some(d) = defns.get_mut(i) {
                if let Err(e) = d.resolve_type(&registry) {
                    self.note(&mut first, e)?;
                }
            }
        }
        self.end_stage(first)?;
        for d in &defns {
            stack.resources.insert(
                d.name.clone(),
                ResourceRef {
                    name: d.name.clone(),
                    type_name: d.type_name.clone(),
                    info: d.info.clone(),
                    created: false,
                    reference_id: None,
                    attributes: Map::new(),
                    properties: d.properties.clone(),
                },
            );
        }
        // Duplicate names between parameters and resources.
        let dups: Vec<String> =
            defns.iter().filter(|d| stack.params.contains_key(&*d.name)).map(|d| d.name.to_string()).collect();
        if let Some(first) = dups.first() {
            return Err(self.fail(EvalError::svf(format!("Duplicate names {{'{first}'}}")).with_code("duplicate-name")));
        }
        // The dependency graph, built in the resources' set order.
        let mut requires: Vec<Vec<String>> = vec![Vec::new(); defns.len()];
        let mut graph = resources::Graph::default();
        let mut first = None;
        for &i in &set_order {
            let Some(d) = defns.get(i) else { continue };
            graph.add_node(&d.name);
            let required = match d.required_names(&stack) {
                Ok(r) => r,
                Err(e) => {
                    self.note(&mut first, e.at_if_unset(d.node.span))?;
                    continue;
                }
            };
            for dep in PySet::from_sequence(required.iter().map(String::as_str)).iter() {
                if stack.resources.contains_key(dep) {
                    graph.add_edge(&d.name, dep);
                } else if !stack.all_resource_names.iter().any(|n| n == dep) {
                    let e = EvalError::bad_reference(dep, &d.name)
                        .at(d.node.get("depends_on").map_or(d.node.span, |n| n.span));
                    self.note(&mut first, e)?;
                    break;
                }
            }
            let mut sorted = required;
            crate::sort::sort(&mut sorted);
            sorted.dedup();
            if let Some(slot) = requires.get_mut(i) {
                *slot = sorted;
            }
        }
        self.end_stage(first)?;
        // Outputs are parsed before resources are validated.
        let outputs = self.parse_outputs(&stack, root, version)?;
        // The plugins' implicit dependencies join the graph (strict validation).
        if input.strict {
            let implicit = crate::plugins::dependencies::add_implicit(
                &crate::plugins::dependencies::Deps {
                    stack: &stack,
                    resources: set_order.iter().filter_map(|&i| defns.get(i)).collect(),
                },
                &mut graph,
            );
            if let Err(e) = implicit {
                return Err(self.fail(e));
            }
        }
        let res_names = res_entries.iter().map(|(k, _)| py_str(&k.to_value())).collect();
        Ok(Built { stack, registry, condition_names, defns, disabled, res_names, set_order, requires, graph, outputs })
    }

    /// Each resource validated in Heat's order (nested stacks included, as
    /// their parent validates them), then the outputs.
    fn validate(&mut self, input: &StackInput<'_>, built: &Built) -> Result<(), Stop> {
        let Built { stack, defns, graph, outputs, .. } = built;
        // Each resource validated in Heat's topological order; a cycle is found
        // only when the sort reaches it.
        let (order, cycle) = graph.toposort();
        // Heat stops at the first error (resources, then a cycle, then outputs in
        // set order); all of them are still checked for the diagnostics.
        let mut first = None;
        let unique: std::collections::HashSet<Rc<str>> =
            resources::unique_definition_names(built.set_order.iter().filter_map(|&i| defns.get(i)))
                .into_iter()
                .collect();
        for name in &order {
            let Some(d) = defns.iter().find(|d| &*d.name == name.as_str()) else { continue };
            if !unique.contains(name.as_str()) {
                continue;
            }
            // Heat stops at the first failing resource: later ones record no skips.
            let (mut skipped, mut checks) = (Vec::new(), Vec::new());
            let mut result = d.validate(stack, input.strict, &mut skipped, &mut checks);
            if result.is_ok() {
                result = self.nested_checks(input, built, d, &mut skipped, &mut checks);
            }
            if first.is_none() {
                self.ev.result.skipped_properties.extend(skipped);
                self.ev.result.skipped_checks.extend(checks);
            }
            if let Err(e) = result {
                // Heat reports one property error per resource; the others of
                // that resource still get diagnostics.
                let more = if e.code == "property-error" { d.property_problems(stack) } else { Vec::new() };
                let reported = e.to_diagnostic();
                self.note(&mut first, e)?;
                for p in more {
                    let p = p.to_diagnostic();
                    if p != reported && !self.ev.diagnostics.contains(&p) {
                        self.ev.diagnostics.push(p);
                    }
                }
            }
        }
        if let Some(cycle) = cycle {
            self.note(&mut first, cycle)?;
        }
        let output_order = PySet::from_dict_keys(outputs.iter().map(|(n, _)| n.as_str()));
        for name in output_order.iter() {
            if let Some((_, OutputDef::Enabled { expr, .. })) = outputs.iter().find(|(n, _)| n == name) {
                if let Err(e) =
                    eval::validate(stack, expr, &["outputs".to_string(), name.to_string(), "value".to_string()])
                {
                    self.note(&mut first, e)?;
                }
            }
        }
        self.end_stage(first)
    }

    /// What the result shows: the mocks applied, then parameters, conditions,
    /// resources and outputs resolved.
    #[allow(clippy::too_many_lines)]
    fn collect(&mut self, input: &StackInput<'_>, built: &mut Built) -> Result<(), Stop> {
        let Built { stack, condition_names, defns, disabled, res_names, requires, outputs, .. } = built;
        // Evaluation: mocks, then what the playground shows.
        if let Some((attributes, reference_ids)) = input.mocks {
            for (name, r) in stack.resources.iter_mut() {
                let attrs = attributes.get(&**name);
                let rid = reference_ids.get(&**name);
                if attrs.is_some() || rid.is_some() {
                    r.created = true;
                    r.reference_id = rid.cloned();
                    r.attributes = attrs.cloned().unwrap_or_default();
                }
            }
        }
        let stage_error = |run: &mut Run, stage: &str, e: EvalError| {
            let mut e = e;
            let d = e.to_diagnostic();
            run.ev.diagnostics.push(d.clone());
            e.svf = None;
            run.ev.result.error = Some(HeatError {
                kind: e.class.to_string(),
                message: d.message.clone(),
                path: vec![crate::diag::PathItem::Key(stage.to_string())],
                diagnostic: d,
            });
            Stop
        };
        let mut pmap = Map::new();
        for (k, v) in &stack.params {
            match v {
                Ok(v) => pmap.insert_str(k, v.clone()),
                Err(e) => return Err(stage_error(self, "parameters", e.clone())),
            }
        }
        self.ev.result.parameters = pmap;
        for (name, sym) in &stack.deploy_params {
            let hidden = input.schemas.iter().any(|s| s.name == *name && s.hidden);
            if !hidden && stack.params.contains_key(name.as_str()) {
                let at = vec![PathItem::Key("parameters".into()), PathItem::Key(name.clone())];
                result::mark_display(at, sym, &mut self.ev);
            }
        }
        let mut cmap = Map::new();
        for name in condition_names.iter() {
            cmap.insert_str(name, stack.reported_condition(name));
        }
        self.ev.result.conditions = cmap;
        let mut rmap = Map::new();
        let mut by_name: IndexMap<String, usize> = IndexMap::new();
        for (i, d) in defns.iter().enumerate() {
            by_name.insert(d.name.to_string(), i);
        }
        for name in res_names {
            let name = name.clone();
            let Some(&i) = by_name.get(&name) else {
                let ty = disabled.iter().find(|(n, _)| *n == name).map(|(_, t)| t.clone()).unwrap_or(Value::Null);
                rmap.insert_str(&name, result::disabled_resource(ty));
                continue;
            };
            let (Some(d), Some(req_names)) = (defns.get(i), requires.get(i)) else { continue };
            match self.resource_view(stack, d, req_names) {
                Ok(v) => rmap.insert_str(&name, v),
                Err(e) => return Err(stage_error(self, "resources", e)),
            }
            result::mark_deferred(
                stack,
                vec![
                    PathItem::Key("resources".into()),
                    PathItem::Key(name.clone()),
                    PathItem::Key("properties".into()),
                ],
                d.properties.as_ref(),
                &mut self.ev,
            );
            self.ev.edges.extend(result::resource_edges(
                stack,
                &name,
                d.depends_on.as_deref().unwrap_or(&[]),
                &[d.properties.as_ref(), d.metadata.as_ref()],
            ));
        }
        self.ev.result.resources = rmap;
        let mut omap = IndexMap::new();
        for (name, out) in outputs.iter() {
            let value = match out {
                OutputDef::Disabled => OutputResult { value: Value::Null, error: None },
                OutputDef::Enabled { expr, span } => match eval::resolve(stack, expr) {
                    Ok(v) => OutputResult { value: v, error: None },
                    Err(e) => {
                        if e.code == "budget-exceeded" {
                            return Err(self.fail(e));
                        }
                        let e = e.at_if_unset(*span);
                        let mut d = e.to_diagnostic();
                        d.path = format!("outputs.{name}.value");
                        self.ev.diagnostics.push(d);
                        OutputResult { value: Value::Null, error: Some(e.text()) }
                    }
                },
            };
            if let OutputDef::Enabled { expr, .. } = out {
                let at =
                    vec![PathItem::Key("outputs".into()), PathItem::Key(name.clone()), PathItem::Key("value".into())];
                result::mark_deferred(stack, at, Some(expr), &mut self.ev);
            }
            omap.insert(name.clone(), value);
        }
        self.ev.result.outputs = omap;
        Ok(())
    }

    fn resource_view(&mut self, stack: &Stack, d: &ResourceDefn, requires: &[String]) -> Result<Value, EvalError> {
        let mut m = Map::new();
        m.insert_str("type", Value::from(d.type_name.as_str()));
        m.insert_str("enabled", Value::Bool(true));
        m.insert_str("properties", d.resolved_properties(stack)?);
        let metadata = match &d.metadata {
            Some(e) => eval::resolve(stack, e)?,
            None => Value::Null,
        };
        m.insert_str("metadata", if metadata.truthy() { metadata } else { Value::map(Map::new()) });
        let depends: Vec<Value> = d.depends_on.iter().flatten().map(|s| Value::from(s.as_str())).collect();
        m.insert_str("depends_on", Value::list(depends));
        m.insert_str("requires", Value::list(requires.iter().map(|s| Value::from(s.as_str())).collect()));
        let external = match &d.external_id {
            Some(e) => eval::resolve(stack, e)?,
            None => Value::Null,
        };
        // Heat forces Retain on any resource that has an external_id.
        let policy = if d.external_id.is_some() {
            "Retain".to_string()
        } else {
            d.deletion_policy.clone().unwrap_or_else(|| "Delete".to_string())
        };
        m.insert_str("deletion_policy", Value::from(policy));
        let up = match &d.update_policy {
            Some(e) => eval::resolve(stack, e)?,
            None => Value::Null,
        };
        m.insert_str("update_policy", if up.truthy() { up } else { Value::map(Map::new()) });
        m.insert_str("external_id", external);
        Ok(Value::map(m))
    }

    fn parse_outputs(
        &mut self,
        stack: &Stack,
        root: &Node,
        version: HotVersion,
    ) -> Result<Vec<(String, OutputDef)>, Stop> {
        let mut out = Vec::new();
        let Some(section) = root.get("outputs").filter(|n| !n.is_null()) else { return Ok(out) };
        let Some(entries) = section.as_map() else {
            return Err(
                self.fail(EvalError::svf("\"outputs\" must be a map").at(section.span).with_code("bad-section"))
            );
        };
        let mut first = None;
        for (k, v) in entries {
            match parse_output(stack, k, v, version) {
                Ok(o) => out.push(o),
                Err(e) => self.note(&mut first, e)?,
            }
        }
        self.end_stage(first)?;
        Ok(out)
    }
}

/// One output definition: its name, and its parsed value unless its condition is false.
fn parse_output(stack: &Stack, k: &Node, v: &Node, version: HotVersion) -> Result<(String, OutputDef), EvalError> {
    let name = py_str(&k.to_value());
    let path = vec!["outputs".to_string(), name.clone()];
    if v.as_map().is_some_and(|m| m.iter().any(|(mk, _)| mk.as_str() == Some("value"))) {
        str_name(k)?;
    }
    if v.as_map().is_none() {
        let t = if v.is_null() { "NoneType" } else { v.type_name() };
        return Err(EvalError::svf_full(
            "Output validation error",
            path,
            format!("Output definitions must be a map. Found a {t} instead"),
        )
        .at(v.span)
        .with_code("bad-output"));
    }
    let Some(value) = v.get("value") else {
        return Err(EvalError::svf_full(
            "Output validation error",
            path,
            format!("Each output definition must contain a {} key.", version.key("value")),
        )
        .at(v.span)
        .with_code("bad-output"));
    };
    if version.has_conditions() {
        let cond_path = format!("outputs.{name}.condition");
        let cond = match v.get("condition") {
            Some(c) => stack.parse_condition(c, &cond_path)?,
            None => Expr::Scalar(Value::Null),
        };
        let resolved = eval::resolve(stack, &cond)?;
        let enabled = stack.is_enabled(&resolved).map_err(|e| {
            if &*e.class == "ValueError" {
                EvalError::svf_full("", vec!["outputs".into(), name.clone(), "condition".into()], e.message)
                    .at(v.get("condition").map_or(v.span, |c| c.span))
            } else {
                e
            }
        })?;
        if !enabled {
            return Ok((name, OutputDef::Disabled));
        }
    }
    let expr = eval::parse(stack, value, &format!("outputs.{name}.value"), Table::Functions)?;
    Ok((name, OutputDef::Enabled { expr, span: value.span }))
}

enum OutputDef {
    Disabled,
    Enabled { expr: Expr, span: Span },
}

/// Heat joins section names into dotted paths with `'.'.join`, which fails for a
/// name that YAML loaded as something other than a string (`no:` is `False`).
fn str_name(k: &Node) -> Result<(), EvalError> {
    match k.scalar() {
        Some(Value::Str(_)) => Ok(()),
        other => Err(EvalError::type_error(format!(
            "sequence item 1: expected str instance, {} found",
            other.map_or("NoneType", Value::type_name)
        ))
        .at(k.span)),
    }
}

fn last_source(sources: &[(String, String)], name: &str) -> Option<String> {
    sources.iter().rev().find(|(n, _)| n == name).map(|(_, f)| f.clone())
}

/// `[a-zA-Z][a-zA-Z0-9_.-]{0,254}`.
fn valid_stack_name(name: &str) -> bool {
    let mut chars = name.chars();
    match chars.next() {
        Some(c) if c.is_ascii_alphabetic() => {}
        _ => return false,
    }
    name.chars().count() <= 255 && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'))
}
