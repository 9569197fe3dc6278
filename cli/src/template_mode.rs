//! `hotplate eval -t TEMPLATE -e ENV ... -P k=v ...`: build a request from files
//! the way python-heatclient does (`get_file` paths relative to the template),
//! every file read through a [`Root`] (files outside it are left out, each with
//! hotplate's note: [`evaluate`]).

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use hotplate_core::api::{self, load_yaml, Document, Evaluation, Map, Request, Value};
pub(crate) use hotplate_core::api::{find_refs, RefKind};

use crate::root::{Hint, Outside, Root, Unread, NOTE_CODE};

/// The files of a request built from the command line, as the heat client
/// takes them (`hotplate eval -t`, `hotplate validate -t`).
#[derive(clap::Args)]
pub struct FileArgs {
    /// The template file.
    #[arg(short = 't', long = "template")]
    pub template: Option<PathBuf>,
    /// An environment file (repeatable; merged in order).
    #[arg(short = 'e', long = "environment")]
    pub environment: Vec<PathBuf>,
    /// A parameter `key=value` (repeatable; `k1=v1;k2=v2` also works).
    #[arg(short = 'P', long = "parameter")]
    pub parameter: Vec<String>,
    /// A parameter whose value is a file's content, `key=FILE`.
    #[arg(long = "parameter-file")]
    pub parameter_file: Vec<String>,
    /// Read files outside the git work tree holding the template (else the
    /// working directory): only for templates you trust.
    #[arg(long = "allow-outside-root")]
    pub allow_outside_root: bool,
}

impl FileArgs {
    /// The request for `template` (one of the options), its files read
    /// through the root of the working directory.
    pub fn build(&self, template: &Path, stack_name: &str) -> Result<Built, String> {
        let cwd = std::env::current_dir().map_err(|e| format!("no working directory: {e}"))?;
        let root = Root::of_paths(&[template.to_path_buf()], &cwd, self.allow_outside_root, Hint::Flag);
        build(template, &self.environment, &self.parameter, &self.parameter_file, stack_name, &root)
    }
}

/// Build the request for `hotplate eval -t`: `-P key=value` strings (a repeated
/// key becomes a list, as the heat client does) and `--parameter-file key=FILE`.
pub fn build(
    template: &Path,
    envs: &[PathBuf],
    params: &[String],
    param_files: &[String],
    stack_name: &str,
    root: &Root,
) -> Result<Built, String> {
    let mut parameters = self::parameters(params)?;
    for p in param_files {
        let (k, path) =
            p.split_once('=').ok_or_else(|| format!("malformed --parameter-file `{p}`: expected key=FILE"))?;
        parameters.insert_str(k, Value::from(read_named(Path::new(path), &|p| root.read(p))?));
    }
    build_request(template, None, envs, parameters, stack_name, root)
}

/// `-P key=value` strings as the heat client reads them (`k1=v1;k2=v2` also
/// works; a repeated key becomes a list).
pub fn parameters(params: &[String]) -> Result<Map, String> {
    let mut parameters = Map::new();
    for p in params {
        for part in p.split(';') {
            if part.is_empty() {
                continue;
            }
            let (k, v) =
                part.split_once('=').ok_or_else(|| format!("malformed parameter `{part}`: expected key=value"))?;
            let value = match parameters.get_str(k).cloned() {
                // A repeated key becomes a list, as the heat client does.
                Some(Value::List(items)) => {
                    let mut l = items.to_vec();
                    l.push(Value::from(v));
                    Value::list(l)
                }
                Some(prev) => Value::list(vec![prev, Value::from(v)]),
                None => Value::from(v),
            };
            parameters.insert_str(k, value);
        }
    }
    Ok(parameters)
}

/// A request built from files, and where each file came from.
pub struct Built {
    /// Heat's stack-create body.
    pub request: Request,
    /// The path each key of `request.files` was read from (the template and
    /// environment files are named by their paths already).
    pub paths: HashMap<String, PathBuf>,
    /// The files named in them that were not read: outside the root.
    pub refused: Vec<Refused>,
}

impl Built {
    /// A request given whole (`hotplate eval REQUEST`: it carries its files).
    pub fn of(request: Request) -> Built {
        Built { request, paths: HashMap::new(), refused: Vec::new() }
    }
}

/// A file a template or environment names that lies outside the root.
pub struct Refused {
    /// The reference as written.
    pub reference: String,
    /// The request's name of the file that names it.
    pub named_in: String,
    /// Why.
    pub outside: Outside,
}

/// How the request's files are read: through a [`Root`], and for the
/// language server from the open documents first.
pub type Reader<'r> = &'r dyn Fn(&Path) -> Result<String, Unread>;

/// Build a request from files as python-heatclient does: the template (named by
/// its path), every file it needs (`get_file`, provider templates, recursively),
/// the environment files in order with their `resource_registry` files, and the
/// parameters as given. `refs`: what the template names, when the caller has
/// read it already (`find_refs` of its text: the template is not loaded again).
pub fn build_request(
    template: &Path,
    refs: Option<&[(RefKind, String)]>,
    envs: &[PathBuf],
    parameters: Map,
    stack_name: &str,
    root: &Root,
) -> Result<Built, String> {
    let mut built = build_with(template, refs, envs, &|p| root.read(p))?;
    built.request.stack_name = Some(stack_name.to_string());
    built.request.inputs.parameters = parameters;
    Ok(built)
}

/// The request for a template and its environment files (without a stack name
/// or parameters), every file read through `read`.
pub fn build_with(
    template: &Path,
    refs: Option<&[(RefKind, String)]>,
    envs: &[PathBuf],
    read: Reader<'_>,
) -> Result<Built, String> {
    let text = read_named(template, read)?;
    let mut req = Request::new(text.clone());
    req.template_name = template.display().to_string();
    req.template = Document::Text(text.clone());
    let base = template.parent().map(Path::to_path_buf).unwrap_or_default();
    let mut collector =
        Collector { queue: Vec::new(), scanned: HashSet::new(), paths: HashMap::new(), refused: Vec::new(), read };
    let name = req.template_name.clone();
    match refs {
        None => {
            collector.queue.push((text, base, name));
            collector.drain(&mut req);
        }
        Some(refs) => {
            for (_, r) in refs.iter().filter(|(kind, _)| *kind != RefKind::Type) {
                collector.add(&mut req, r, &base, &name);
            }
            collector.drain(&mut req);
        }
    }
    for env in envs {
        let name = env.display().to_string();
        let content = read_named(env, read)?;
        let env_base = env.parent().map(Path::to_path_buf).unwrap_or_default();
        collect_registry_files(&content, &env_base, &name, &mut req, &mut collector);
        req.inputs.files.insert(name.clone(), Some(content));
        req.inputs.environment_files.push(name);
    }
    Ok(Built { request: req, paths: collector.paths, refused: collector.refused })
}

/// A file the command line or the config names: `cannot read …` when it cannot be.
fn read_named(path: &Path, read: Reader<'_>) -> Result<String, String> {
    read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// Evaluate a built request as core does, then add hotplate's note for each
/// file left out because it is outside the root, at the reference (the
/// canonical result is core's, unchanged).
pub fn evaluate(built: &Built) -> Evaluation {
    let mut ev = api::evaluate(&built.request);
    let notes = refused_notes(built, &mut ev.sources);
    ev.diagnostics.extend(notes);
    ev
}

/// hotplate's note for each file left out because it is outside the root, at
/// the reference (its document's source added to `sources` when they lack it).
pub fn refused_notes(built: &Built, sources: &mut api::SourceMap) -> Vec<api::Diagnostic> {
    let note = |r: &Refused, sources: &mut api::SourceMap| {
        let message = r.outside.note(&r.reference);
        api::note_at_reference(sources, &built.request, &r.named_in, &r.reference, NOTE_CODE, message)
    };
    built.refused.iter().map(|r| note(r, sources)).collect()
}

/// The most files one request collects (templates, `get_file` files, providers).
const MAX_FILES: usize = 1000;

/// Files found so far: `req.files` holds the contents by the key as written; the
/// queue holds the templates still to scan, each with its directory and its
/// name in the request.
struct Collector<'r> {
    queue: Vec<(String, PathBuf, String)>,
    scanned: HashSet<PathBuf>,
    /// Where each key of `req.files` was read from.
    paths: HashMap<String, PathBuf>,
    /// What was not read: outside the root.
    refused: Vec<Refused>,
    read: Reader<'r>,
}

impl Collector<'_> {
    /// Load `reference` (as written in `named_in`, a file in `base`) into
    /// `req.files` under the reference itself, the key core looks it up by, and
    /// queue it for scanning when it is a template. A file that is not there,
    /// or not read, is left out: core then reports Heat's error for a missing
    /// file ("Could not fetch remote template", "No content found").
    fn add(&mut self, req: &mut Request, reference: &str, base: &Path, named_in: &str) {
        if reference.is_empty() || reference.contains("://") || req.inputs.files.contains_key(reference) {
            return;
        }
        if req.inputs.files.len() >= MAX_FILES {
            return;
        }
        let path = base.join(reference);
        let content = match (self.read)(&path) {
            Ok(content) => content,
            Err(Unread::Outside(outside)) => {
                if !self.refused.iter().any(|r| r.reference == reference) {
                    let (reference, named_in) = (reference.to_string(), named_in.to_string());
                    self.refused.push(Refused { reference, named_in, outside });
                }
                return;
            }
            Err(Unread::Io(_)) => return,
        };
        req.inputs.files.insert(reference.to_string(), Some(content.clone()));
        self.paths.insert(reference.to_string(), path.clone());
        let key = crate::root::canonicalize(&path).unwrap_or_else(|_| path.clone());
        if self.scanned.insert(key) {
            let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
            self.queue.push((content, dir, reference.to_string()));
        }
    }

    /// Scan queued templates (heatclient's `resolve_template_get_files`, applied
    /// again to every file that is a template) until none is left.
    fn drain(&mut self, req: &mut Request) {
        while let Some((text, base, name)) = self.queue.pop() {
            // Its references as the playground's folder loading finds them (`api::summarize_file`).
            let summary = api::summarize_file(&text);
            if summary.kind != api::FileKind::Template {
                continue;
            }
            for r in summary.refs {
                self.add(req, &r, &base, &name);
            }
        }
    }
}

/// The environment's `resource_registry` files (heatclient's
/// `resolve_environment_urls`): every string value that is not a type name
/// (`::`), at the top and under `resources: {name: {...}}`, relative to the
/// environment file's directory (or its `base_url`), then recursively the files
/// those templates need.
fn collect_registry_files(env_text: &str, base: &Path, name: &str, req: &mut Request, c: &mut Collector<'_>) {
    for (_, dir, file) in registry_files(env_text, base) {
        c.add(req, &file, &dir, name);
    }
    c.drain(req);
}

/// The files an environment's `resource_registry` maps types to, as
/// heatclient finds them (`api::registry_files`), each with the directory it
/// is relative to (the environment file's `base`, joined with each local
/// `base_url`) and the type it maps. An environment that does not load maps nothing.
pub(crate) fn registry_files(env_text: &str, base: &Path) -> Vec<(String, PathBuf, String)> {
    let Ok(root) = load_yaml(env_text) else { return Vec::new() };
    api::registry_files(&root)
        .into_iter()
        .map(|f| {
            let dir = f.base_urls.iter().fold(base.to_path_buf(), |dir, u| match u.as_str() {
                u if !u.contains("://") || u.starts_with("file://") => dir.join(u.strip_prefix("file://").unwrap_or(u)),
                _ => dir,
            });
            (f.type_name, dir, f.file)
        })
        .collect()
}
