//! Test support shared by the CLI's tests (integration tests include it as a
//! module; `check::discover`'s unit tests by path). Each includer uses part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// Write `files` (path, contents) under `root`, creating directories.
pub fn write_files(root: &Path, files: &[(&str, &str)]) {
    for (path, text) in files {
        let p = root.join(path);
        std::fs::create_dir_all(p.parent().expect("a file has a parent")).expect("create the directory");
        std::fs::write(p, text).expect("write the file");
    }
}

/// A fresh folder of files for one test (`name` and the process id make it
/// unique), removed at the end.
pub struct Tree(pub PathBuf);

impl Tree {
    pub fn new(name: &str, files: &[(&str, &str)]) -> Tree {
        let dir = std::env::temp_dir().join(format!("hotplate-test-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create the folder");
        write_files(&dir, files);
        Tree(dir)
    }

    /// Write (or replace) one file.
    pub fn write(&self, path: &str, text: &str) {
        write_files(&self.0, &[(path, text)]);
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The golden cases of the Heat settings (`core/tests/golden/heat_config_*`),
/// each as (name, request, the oracle's expected result).
pub fn heat_config_cases() -> Vec<(String, serde_json::Value, serde_json::Value)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../core/tests/golden");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .expect("golden dir")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with("heat_config_") && !n.ends_with(".expected.json"))
        .map(|n| n.trim_end_matches(".json").to_string())
        .collect();
    names.sort();
    let read = |p: PathBuf| -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(&p).expect("read")).expect("JSON")
    };
    names
        .into_iter()
        .map(|n| {
            let req = read(dir.join(format!("{n}.json")));
            let exp = read(dir.join(format!("{n}.expected.json")));
            (n, req, exp)
        })
        .collect()
}

/// A settings case's template as `main.yaml` with its `files` beside it, in a
/// fresh folder (`None` for a case whose template is not text or that has no
/// `x-heat-config`).
pub fn heat_config_tree(name: &str, req: &serde_json::Value) -> Option<Tree> {
    let template = req["template"].as_str()?;
    req.get("x-heat-config")?;
    let mut files: Vec<(String, String)> = vec![("main.yaml".into(), template.into())];
    for (k, v) in req["files"].as_object().into_iter().flatten() {
        files.push((k.clone(), v.as_str().unwrap_or_default().into()));
    }
    let refs: Vec<(&str, &str)> = files.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    Some(Tree::new(&format!("hc-{name}"), &refs))
}

/// A request's `x-heat-config` as `KEY=VALUE` command-line settings, when it
/// can be written so (an object of scalars; a number that is not an integer
/// would be text the option refuses, so such a case is left out).
pub fn heat_config_flags(config: &serde_json::Value) -> Option<Vec<String>> {
    let scalar = |v: &serde_json::Value| match v {
        serde_json::Value::String(s) => Some(s.clone()),
        serde_json::Value::Bool(b) => Some(b.to_string()),
        serde_json::Value::Number(n) if n.is_i64() => Some(n.to_string()),
        _ => None,
    };
    let mut flags = Vec::new();
    for (k, v) in config.as_object()? {
        match v {
            serde_json::Value::Object(section) => {
                for (o, v) in section {
                    flags.push(format!("{k}.{o}={}", scalar(v)?));
                }
            }
            v => flags.push(format!("{k}={}", scalar(v)?)),
        }
    }
    Some(flags)
}

/// What a `HeatConfigError` says of the option, without the value's repr
/// (a command-line setting is text: `'54'` where the request had `54`).
pub fn heat_config_error_tail(message: &str) -> &str {
    match message.strip_prefix("invalid value ") {
        Some(rest) => rest.split_once(" for ").map_or(message, |(_, tail)| tail),
        None => message,
    }
}

/// The body-limit case every request body exceeds. A place that sends a body
/// of its own (check, the language server, the page) cannot be compared on
/// the other `json_body` cases, and on this one only by the words after the
/// body's size ([`body_limit_words`]).
pub const BODY_LIMIT_CASE: &str = "heat_config_json_body_10";

/// `exceeds maximum allowed size (10 bytes).` of a `RequestLimitExceeded` message.
pub fn body_limit_words(message: &str) -> &str {
    message.split_once(") exceeds ").map_or(message, |(_, words)| words)
}
