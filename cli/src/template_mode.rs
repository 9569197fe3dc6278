//! `hotplate eval -t TEMPLATE -e ENV ... -P k=v ...`: build a request from files
//! the way python-heatclient does (`get_file` paths relative to the template).

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
    let text = read(template)?;
    let mut req = Request::new(text.clone());
    req.stack_name = Some(stack_name.to_string());
    req.template_name = template.display().to_string();
    req.template = Document::Text(text.clone());
    let base = template.parent().map(Path::to_path_buf).unwrap_or_default();
    collect_files(&text, &base, &mut req, 0)?;
    for env in envs {
        let name = env.display().to_string();
        let content = read(env)?;
        let env_base = env.parent().map(Path::to_path_buf).unwrap_or_default();
        collect_registry_files(&content, &env_base, &mut req)?;
        req.files.insert(name.clone(), Some(content));
        req.environment_files.push(name);
    }
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
    Ok(req)
}

fn read(path: &Path) -> Result<String, String> {
    std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))
}

/// Find `get_file: <path>` and `type: <file>.yaml` references and load them,
/// keyed exactly as written (the playground's `files` convention).
fn collect_files(text: &str, base: &Path, req: &mut Request, depth: usize) -> Result<(), String> {
    if depth > 8 {
        return Ok(());
    }
    let Ok(loaded) = hotplate_core::syntax::load_template(text, hotplate_core::source::SourceId(0)) else {
        return Ok(());
    };
    let mut refs = Vec::new();
    find_refs(&loaded.root.to_value(), &mut refs);
    for r in refs {
        if req.files.contains_key(&r) || r.contains("://") {
            continue;
        }
        let path = base.join(&r);
        if let Ok(content) = std::fs::read_to_string(&path) {
            req.files.insert(r.clone(), Some(content.clone()));
            if r.ends_with(".yaml") || r.ends_with(".template") {
                let nested_base = path.parent().map(Path::to_path_buf).unwrap_or_default();
                collect_files(&content, &nested_base, req, depth + 1)?;
            }
        }
    }
    Ok(())
}

fn collect_registry_files(env_text: &str, base: &Path, req: &mut Request) -> Result<(), String> {
    let Ok(loaded) = hotplate_core::syntax::load_yaml(env_text, hotplate_core::source::SourceId(0)) else {
        return Ok(());
    };
    if let Some(Value::Map(reg)) = loaded.root.to_value().as_map().and_then(|m| m.get_str("resource_registry").cloned())
    {
        for (_, v) in reg.iter() {
            if let Some(f) = v.as_str().filter(|f| f.ends_with(".yaml") || f.ends_with(".template")) {
                if !req.files.contains_key(f) {
                    if let Ok(content) = std::fs::read_to_string(base.join(f)) {
                        req.files.insert(f.to_string(), Some(content));
                    }
                }
            }
        }
    }
    Ok(())
}

fn find_refs(v: &Value, out: &mut Vec<String>) {
    match v {
        Value::Map(m) => {
            if m.len() == 1 {
                if let Some(Value::Str(p)) = m.get_str("get_file") {
                    out.push(p.to_string());
                }
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
