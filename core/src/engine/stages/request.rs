//! The request stage (the top-level stack only): heat-api decodes the body
//! (stack name, template, inline environment), then the engine reads the
//! version, every parameter schema (`all_param_schemata(files)`) and merges
//! the environment files. A nested stack gets the same from its parent
//! ([`crate::engine::nested`]).

use std::cell::OnceCell;
use std::rc::Rc;

use indexmap::IndexMap;

use super::{Failed, Found, Report, Staged};
use crate::engine::cfn;
use crate::engine::environment::{self, EnvFile, Environment, ParsedEnv};
use crate::engine::file_schemata;
use crate::engine::heat_config::HeatConfig;
use crate::engine::parameters::{ParamSchema, ParamType};
use crate::engine::Caches;
use crate::eval::EvalError;
use crate::model::diag::Diagnostic;
use crate::model::request::{Document, Request};
use crate::pyfmt::py_str;
use crate::release::Release;
use crate::source::{SourceId, Span};
use crate::syntax::{load_template_limited, Node};
use crate::version::HotVersion;

/// The top-level stack as the request gives it.
pub(crate) struct Top<'r> {
    /// `stack_name`.
    pub(crate) stack_name: &'r str,
    /// The loaded template.
    pub(crate) root: Node,
    /// Its version.
    pub(crate) version: HotVersion,
    /// The template's parameter schemas.
    pub(crate) schemas: Vec<ParamSchema>,
    /// The environment files merged (or the inline environment).
    pub(crate) env: Environment,
    /// The cloud's Heat settings.
    pub(crate) config: Rc<HeatConfig>,
    /// The Heat release that answers (the driver puts it in the mode).
    pub(crate) release: Release,
}

/// A template's parameter schemas, with every problem found reading them
/// (Heat stops at the first).
#[derive(Clone, Debug, Default)]
pub(crate) struct Schemas {
    /// The schemas that parsed, in template order.
    pub(crate) schemas: Vec<ParamSchema>,
    /// The problems, in Heat's order.
    pub(crate) problems: Vec<EvalError>,
}

/// Read `section` (a template's `parameters`) as `param_schemata` does.
pub(crate) fn param_schemas(root: &Node, version: HotVersion) -> Schemas {
    let mut out = Schemas::default();
    let section = root.get(version.key("parameters")).filter(|n| !n.is_null());
    let entries = match file_schemata::parameter_entries(section) {
        Ok(entries) => entries,
        Err(e) => {
            out.problems.push(e);
            &[]
        }
    };
    for (k, v) in entries {
        let name = py_str(&k.to_value());
        match ParamSchema::from_template(&name, v, version) {
            Ok(mut s) => {
                s.name_span = Some(k.span);
                out.schemas.push(s)
            }
            Err(e) => out.problems.push(e.at_if_unset(v.span)),
        }
    }
    out
}

/// Each parameter's type, as the environment files' merge strategies need them.
type ParamTypes = Vec<(String, ParamType)>;

/// The request stage. Its part is the stack (none when it fails: the
/// report ends with Heat's answer, [`Report::Failed`]); the template's
/// version is in the report as soon as it is read.
pub(crate) fn request<'r>(caches: &mut Caches<'_>, req: &'r Request) -> Staged<Option<Top<'r>>> {
    let mut out = Staged::new(None);
    let top = settings(req).and_then(|(config, release)| {
        // heat-api reads the stack name before the template.
        let Some(stack_name) = req.stack_name.as_deref() else {
            return Err(Failed::bad_request(Diagnostic::error("no-stack-name", "No stack name specified")));
        };
        let body = body(caches, req, &config)?;
        let top = template(caches, req, body, stack_name, (config, release), &mut out.report)?;
        // `_validate_new_stack`'s stack limit: offline the project owns no stack.
        if top.config.max_stacks_per_tenant == 0 {
            let message =
                "Request limit exceeded: You have reached the maximum stacks per tenant, 0. Please delete some stacks.";
            let e = EvalError::other("RequestLimitExceeded", message).with_code("too-many-stacks");
            return Err(Failed::heat(cfn::localize(e, top.version)));
        }
        Ok(top)
    });
    match top {
        Ok(top) => out.part = Some(top),
        Err(failed) => out.report.push(Report::Failed(failed)),
    }
    out
}

/// The cloud's settings and the release that answers; then heat-api's body
/// limit, before anything is read.
pub(crate) fn settings(req: &Request) -> Result<(HeatConfig, Release), Failed> {
    let (config, release) = HeatConfig::of_request(&req.inputs.heat_config, req.inputs.heat_release.as_deref())
        .map_err(|m| Failed::heat(EvalError::other("HeatConfigError", m).with_code("bad-heat-config")))?;
    let size = req.json_body_size();
    if i64::try_from(size).unwrap_or(i64::MAX) > config.max_json_body_size {
        let message = format!(
            "Request limit exceeded: JSON body size ({size} bytes) exceeds maximum allowed size ({} bytes).",
            config.max_json_body_size
        );
        return Err(Failed::heat(EvalError::other("RequestLimitExceeded", message).with_code("body-too-large")));
    }
    Ok((config, release))
}

/// What heat-api decoded of the body: the template and the inline environment.
pub(crate) struct Body {
    /// The loaded template.
    pub(crate) root: Node,
    /// The scalars Heat gets as dates.
    pub(crate) dates: Vec<Span>,
    /// The inline environment (none with environment files).
    pub(crate) inline_env: Option<ParsedEnv>,
}

/// heat-api's part (`InstantiationData`): the template loaded (JSON/YAML, a
/// mapping, a version key), then the inline environment.
pub(crate) fn body(caches: &mut Caches<'_>, req: &Request, config: &HeatConfig) -> Result<Body, Failed> {
    let (tid, root, dates) = load(caches, &req.template, &req.template_name, config.max_template_size)?;
    let Some(top) = root.as_map() else {
        let d = Diagnostic::error("not-a-mapping", "The template is not a JSON object or YAML mapping.").at(root.span);
        return Err(Failed::unparseable("Template", "ValueError", d.message.clone(), d));
    };
    if !file_schemata::has_version_key(top) {
        let d = Diagnostic::error("no-version", "Template format version not found.").at(Span::new(tid, 0, 0));
        return Err(Failed::unparseable("Template", "ValueError", d.message.clone(), d));
    }
    let inline_env = inline_environment(caches, req)?;
    Ok(Body { root, dates, inline_env })
}

/// The engine's part: the version class, every parameter schema, the
/// environment files merged. The version goes to `report` once read.
pub(crate) fn template<'r>(
    caches: &mut Caches<'_>,
    req: &Request,
    body: Body,
    stack_name: &'r str,
    (config, release): (HeatConfig, Release),
    report: &mut Vec<Report>,
) -> Result<Top<'r>, Failed> {
    let Body { root, dates, inline_env } = body;
    let top = root.as_map().unwrap_or(&[]);
    let (version, vnode) = file_schemata::detect_version(top, &dates, root.span).map_err(Failed::heat)?;
    report.push(Report::Found(Found::Version(version, vnode.as_str().unwrap_or_default().to_string())));
    // Heat's errors from here on, with this version's paths.
    let failed = |e: EvalError| Failed::heat(cfn::localize(e, version));
    let (schemas, types) = all_param_schemata(caches, req, &root, version, config.max_template_size, report)?;
    let env = environment(caches, req, inline_env, &types).map_err(|e| e.unwrap_or_else(failed))?;
    Ok(Top { stack_name, root, version, schemas, env, config: Rc::new(config), release })
}

/// Load the template: its source id, root, and the scalars Heat gets as dates.
fn load(
    caches: &mut Caches<'_>,
    doc: &Document,
    name: &str,
    max_size: i64,
) -> Result<(SourceId, Node, Vec<Span>), Failed> {
    match doc {
        Document::Text(text) => {
            let id = caches.sources.add(name, text.clone());
            match load_template_limited(text, id, max_size) {
                // Its duplicate keys (the loader's warnings) are hotplate's lint rule
                // W1010's, which the user can silence: not Heat's diagnostics.
                Ok(loaded) => Ok((id, loaded.root, loaded.dates)),
                Err(d) if d.code == "template-too-large" => {
                    let message = d.message.clone();
                    Err(Failed::heat(EvalError::other("RequestLimitExceeded", message).with_code("template-too-large")))
                }
                Err(d) => {
                    let (class, message) = crate::syntax::heat_exception(text, &d, Some("[root stack]"));
                    Err(Failed::unparseable("Template", class, message, d))
                }
            }
        }
        Document::Value(v) => {
            let id = caches.sources.add(name, String::new());
            Ok((id, Node::from_value(v, Span::new(id, 0, 0)), Vec::new()))
        }
    }
}

/// The inline environment (ignored when environment files are given).
fn inline_environment(caches: &mut Caches<'_>, req: &Request) -> Result<Option<ParsedEnv>, Failed> {
    if !req.inputs.environment_files.is_empty() {
        return Ok(None);
    }
    let parsed = match &req.inputs.environment {
        None => return Ok(None),
        Some(Document::Text(text)) => {
            let id = caches.sources.add("environment", text.clone());
            environment::parse_text(text, id, "environment")
        }
        Some(Document::Value(v)) => environment::from_value(v, "environment"),
    };
    parsed.map(Some).map_err(|e| Failed::unparseable("Environment", e.class, e.message, e.diagnostic))
}

/// `all_param_schemata(files)`: every file that is a template first (later
/// files win), then the template's own schemas, which win. Each file that
/// loads is kept for a provider resource to use. Its problems are notes
/// in `report` (Heat stops at the end with the first); the budget run out
/// stops it at once.
fn all_param_schemata(
    caches: &mut Caches<'_>,
    req: &Request,
    root: &Node,
    version: HotVersion,
    max_template_size: i64,
    report: &mut Vec<Report>,
) -> Result<(Vec<ParamSchema>, ParamTypes), Failed> {
    let mut all_types: IndexMap<String, ParamType> = IndexMap::new();
    let mut first = None;
    let mut note = |e: EvalError, report: &mut Vec<Report>| {
        if e.code == "budget-exceeded" {
            return Err(Failed::heat(cfn::localize(first.take().unwrap_or(e), version)));
        }
        if first.is_none() {
            first = Some(e);
        } else {
            report.push(Report::Diagnostic(cfn::localize(e, version).to_diagnostic()));
        }
        Ok(())
    };
    for (name, content) in &req.inputs.files {
        let file_ids = &mut *caches.file_ids;
        let sources = &mut *caches.sources;
        let mut add_source = || {
            let id = sources.add(name.clone(), content.clone().unwrap_or_default());
            Rc::make_mut(file_ids).insert(name.clone(), id);
            id
        };
        match file_schemata::file_param_types(content.as_deref(), &mut add_source, max_template_size) {
            Ok(file) => {
                all_types.extend(file.types);
                if let Some(loaded) = file.loaded {
                    // The same text and source id a provider template would load.
                    caches.templates.borrow_mut().insert(name.clone(), Template::new(loaded.root, loaded.dates));
                }
            }
            Err(e) => note(e, report)?,
        }
    }
    let own = param_schemas(root, version);
    for e in own.problems {
        note(e, report)?;
    }
    if let Some(e) = first {
        return Err(Failed::heat(cfn::localize(e, version)));
    }
    for s in &own.schemas {
        all_types.insert(s.name.clone(), s.kind);
    }
    Ok((own.schemas, all_types.into_iter().collect()))
}

/// The environment files merged in order (or the single environment). An
/// error is Heat's answer as it is, or an error of the stack (`Err(Err)`).
fn environment(
    caches: &mut Caches<'_>,
    req: &Request,
    inline_env: Option<ParsedEnv>,
    types: &[(String, ParamType)],
) -> Result<Environment, Result<Failed, EvalError>> {
    if req.inputs.environment_files.is_empty() {
        return Ok(environment::single(inline_env, &req.inputs.parameters, "environment"));
    }
    let mut files = Vec::new();
    for name in &req.inputs.environment_files {
        let Some(Some(text)) = req.inputs.files.get(name) else {
            return Err(Err(EvalError::key(name.clone()).with_code("missing-environment-file")));
        };
        let id = caches.sources.add(name.clone(), text.clone());
        match environment::parse_text(text, id, name) {
            Ok(parsed) => files.push(EnvFile { name, parsed }),
            Err(e) => return Err(Ok(Failed::answer(e.class, e.message, e.diagnostic))),
        }
    }
    environment::merge_files(&req.inputs.parameters, files, types).map_err(Err)
}

/// A template of a nested stack: a file of the request (loaded once, shared
/// by every stack that uses it) or a group's generated template.
#[derive(Debug)]
pub(crate) struct Template {
    /// The loaded template.
    pub(crate) root: Node,
    /// The scalars Heat gets as dates (not version strings).
    dates: Vec<Span>,
    /// Its version and parameter schemas, read on first use.
    head: OnceCell<Head>,
}

/// What a template's head says.
#[derive(Debug)]
struct Head {
    /// The version and its text as written, or why not (`None`: the
    /// template is not a mapping).
    version: Option<Result<(HotVersion, String), EvalError>>,
    /// Its parameter schemas (none without a version).
    schemas: Schemas,
}

impl Template {
    /// A loaded template.
    pub(crate) fn new(root: Node, dates: Vec<Span>) -> Rc<Template> {
        Rc::new(Template { root, dates, head: OnceCell::new() })
    }

    fn head(&self) -> &Head {
        self.head.get_or_init(|| {
            let Some(top) = self.root.as_map() else { return Head { version: None, schemas: Schemas::default() } };
            let version = file_schemata::detect_version(top, &self.dates, self.root.span)
                .map(|(v, node)| (v, node.as_str().unwrap_or_default().to_string()));
            let schemas = match &version {
                Ok((v, _)) => param_schemas(&self.root, *v),
                Err(_) => Schemas::default(),
            };
            Head { version: Some(version), schemas }
        })
    }

    /// Whether both are the same template: the same tree, spans included.
    pub(crate) fn identical(&self, other: &Template) -> bool {
        self.dates == other.dates && crate::engine::stack_cache::same_node(&self.root, &other.root)
    }

    /// Its version and the version's text (`None`: not a mapping).
    pub(crate) fn version(&self) -> Option<&Result<(HotVersion, String), EvalError>> {
        self.head().version.as_ref()
    }

    /// Its parameter schemas and the problems reading them.
    pub(crate) fn schemas(&self) -> &Schemas {
        &self.head().schemas
    }
}
