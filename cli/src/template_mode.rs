//! `hotplate eval -t TEMPLATE -e ENV ... -P k=v ...`: build a request from files
//! the way python-heatclient does (`get_file` paths relative to the template).

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use hotplate_core::{Document, Request, Value};

/// Build the request.
pub fn build(
    template: &Path,
    envs: &[PathBuf],
    params: &[String],
    param_files: &[String],
    stack_name: &str,
) -> Result<Request, String> {
    let mut req = build_with(template, envs, &|p| read(p).ok())?;
    req.stack_name = Some(stack_name.to_string());
    parse_parameters(&mut req, params, param_files)?;
    Ok(req)
}

/// The request for a template and its environment files, every file read
/// through `read` (the language server reads open documents from memory).
pub fn build_with(
    template: &Path,
    envs: &[PathBuf],
    read: &dyn Fn(&Path) -> Option<String>,
) -> Result<Request, String> {
    let text = read(template).ok_or_else(|| format!("cannot read {}", template.display()))?;
    let mut req = Request::new(text.clone());
    req.template_name = template.display().to_string();
    req.template = Document::Text(text.clone());
    let base = template.parent().map(Path::to_path_buf).unwrap_or_default();
    let mut collector = Collector { queue: Vec::new(), scanned: HashSet::new(), read };
    collect_files(&text, &base, &mut req, &mut collector);
    for env in envs {
        let name = env.display().to_string();
        let content = read(env).ok_or_else(|| format!("cannot read {}", env.display()))?;
        let env_base = env.parent().map(Path::to_path_buf).unwrap_or_default();
        collect_registry_files(&content, &env_base, &mut req, &mut collector);
        req.files.insert(name.clone(), Some(content));
        req.environment_files.push(name);
    }
    Ok(req)
}

/// `-P k=v` and `--parameter-file k=FILE` into the request's parameters.
fn parse_parameters(req: &mut Request, params: &[String], param_files: &[String]) -> Result<(), String> {
    for p in params {
        for part in p.split(';') {
            if part.is_empty() {
                continue;
            }
            let (k, v) =
                part.split_once('=').ok_or_else(|| format!("malformed parameter `{part}`: expected key=value"))?;
            let entry = req.parameters.get_str(k).cloned();
            let value = match entry {
                // A repeated key becomes a list, as the heat client does.
                Some(Value::List(items)) => {
                    let mut l = items.to_vec();
                    l.push(Value::from(v));
                    Value::list(l)
                }
                Some(prev) => Value::list(vec![prev, Value::from(v)]),
                None => Value::from(v),
            };
            req.parameters.insert_str(k, value);
        }
    }
    for p in param_files {
        let (k, path) =
            p.split_once('=').ok_or_else(|| format!("malformed --parameter-file `{p}`: expected key=FILE"))?;
        req.parameters.insert_str(k, Value::from(read(Path::new(path))?));
    }
    Ok(())
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// The most files one request collects (templates, `get_file` files, providers).
const MAX_FILES: usize = 1000;

/// Files found so far: `req.files` holds the contents by the key as written; the
/// queue holds the templates still to scan, each with its directory.
struct Collector<'r> {
    queue: Vec<(String, PathBuf)>,
    scanned: HashSet<PathBuf>,
    read: &'r dyn Fn(&Path) -> Option<String>,
}

impl Collector<'_> {
    /// Load `reference` (as written in a file in `base`) into `req.files` under
    /// the reference itself, the key core looks it up by, and queue it for
    /// scanning when it is a template. A missing file is left out: core then
    /// reports Heat's "Could not fetch remote template".
    fn add(&mut self, req: &mut Request, reference: &str, base: &Path) {
        if reference.is_empty() || reference.contains("://") || req.files.contains_key(reference) {
            return;
        }
        if req.files.len() >= MAX_FILES {
            return;
        }
        let path = base.join(reference);
        let Some(content) = (self.read)(&path) else { return };
        req.files.insert(reference.to_string(), Some(content.clone()));
        let key = std::fs::canonicalize(&path).unwrap_or_else(|_| path.clone());
        if self.scanned.insert(key) {
            let dir = path.parent().map(Path::to_path_buf).unwrap_or_default();
            self.queue.push((content, dir));
        }
    }

    /// Scan queued templates (heatclient's `resolve_template_get_files`, applied
    /// again to every file that is a template) until none is left.
    fn drain(&mut self, req: &mut Request) {
        while let Some((text, base)) = self.queue.pop() {
            let Some(root) = parse_template(&text) else { continue };
            let mut refs = Vec::new();
            find_refs(&root, &mut refs);
            for r in refs {
                self.add(req, &r, &base);
            }
        }
    }
}

/// Load every file the template needs, recursively: `get_file` arguments and
/// `type: <file>.yaml|.template` provider templates, each relative to the
/// directory of the template that names it and keyed exactly as written.
fn collect_files(text: &str, base: &Path, req: &mut Request, c: &mut Collector<'_>) {
    c.queue.push((text.to_string(), base.to_path_buf()));
    c.drain(req);
}

/// A file's contents as a template, when it is one (heatclient's `is_template`:
/// a map with a template version key).
fn parse_template(text: &str) -> Option<Value> {
    let loaded = hotplate_core::syntax::load_template(text, hotplate_core::source::SourceId(0)).ok()?;
    let root = loaded.root.to_value();
    let top = root.as_map()?;
    ["heat_template_version", "HeatTemplateFormatVersion", "AWSTemplateFormatVersion"]
        .iter()
        .any(|k| top.get_str(k).is_some())
        .then_some(root)
}

/// The environment's `resource_registry` files (heatclient's
/// `resolve_environment_urls`): every string value that is not a type name
/// (`::`), at the top and under `resources: {name: {...}}`, relative to the
/// environment file's directory (or its `base_url`), then recursively the files
/// those templates need.
fn collect_registry_files(env_text: &str, base: &Path, req: &mut Request, c: &mut Collector<'_>) {
    let Ok(loaded) = hotplate_core::syntax::load_yaml(env_text, hotplate_core::source::SourceId(0)) else {
        return;
    };
    let root = loaded.root.to_value();
    let Some(Value::Map(reg)) = root.as_map().and_then(|m| m.get_str("resource_registry")) else { return };
    let base = base_url(reg, base);
    registry_entries(reg, &base, req, c);
    if let Some(Value::Map(resources)) = reg.get_str("resources") {
        for (_, r) in resources.iter() {
            if let Value::Map(r) = r {
                let res_base = base_url(r, &base);
                registry_entries(r, &res_base, req, c);
            }
        }
    }
    c.drain(req);
}

/// A registry's `base_url` when it names a local directory, else `default`.
fn base_url(reg: &hotplate_core::Map, default: &Path) -> PathBuf {
    match reg.get_str("base_url").and_then(Value::as_str) {
        Some(u) if !u.contains("://") || u.starts_with("file://") => {
            default.join(u.strip_prefix("file://").unwrap_or(u))
        }
        _ => default.to_path_buf(),
    }
}

fn registry_entries(reg: &hotplate_core::Map, base: &Path, req: &mut Request, c: &mut Collector<'_>) {
    for (k, v) in reg.iter() {
        let key = k.as_str().unwrap_or_default();
        if matches!(key, "base_url" | "hooks" | "restricted_actions" | "resources") {
            continue;
        }
        if let Some(f) = v.as_str().filter(|f| !f.contains("::")) {
            c.add(req, f, base);
        }
    }
}

/// heatclient's `resolve_template_get_files`: string values of `get_file` keys,
/// and of `type` keys ending in `.yaml` or `.template`, anywhere in the template.
fn find_refs(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Map(m) => {
            if let Some(Value::Str(p)) = m.get_str("get_file") {
                out.push(p.to_string());
            }
            if let Some(Value::Str(t)) = m.get_str("type") {
                if t.ends_with(".yaml") || t.ends_with(".template") {
                    out.push(t.to_string());
                }
            }
            for (_, x) in m.iter() {
                find_refs(x, out);
            }
        }
        Value::List(l) => l.iter().for_each(|x| find_refs(x, out)),
        _ => {}
    }
}
