//! Which files `hotplate check` evaluates.
//!
//! - **Found**: a file named on the command line; under a directory, every
//!   `.yaml`, `.yml`, `.json` and `.template` file (the walk skips hidden files
//!   and what `.gitignore`/`.ignore` exclude); for a glob (`'deploy/**/*.yaml'`),
//!   every file it matches. The config's `exclude` globs remove files.
//! - **Templates** are the found files that load to a map with a template
//!   version key (`heat_template_version`, `HeatTemplateFormatVersion`,
//!   `AWSTemplateFormatVersion`: heatclient's `is_template`), and the files that
//!   do not load but have such a key at the start of a line (the evaluation
//!   reports their syntax error). **Environment files** are maps whose
//!   top-level keys are all environment sections: they are not evaluated
//!   (checks name them in the config). Everything else is left alone.
//! - **Provider templates**: a template that another found template uses as a
//!   resource type — by its file name (`type: lib/db.yaml`, also in a group's
//!   `resource_def`), or through the `resource_registry` of an environment
//!   file one of the parent's checks names, for a type the parent uses — is
//!   evaluated as that parent's nested stack, with the properties the parent
//!   gives it, not on its own (alone, its required parameters have no value).
//!   Templates no other found template uses are evaluated on their own, and
//!   so is every template that cannot be reached from one of those (a cycle of
//!   provider templates). A template a registry maps for a type no found
//!   template uses (TripleO's service templates, whose parent is a Jinja
//!   source) is checked on its own, with the environments its check names.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use rayon::prelude::*;

use super::config::{glob, Config};
pub use crate::root::normalize;
use crate::root::{Root, Unread};
use crate::template_mode::{find_refs, registry_files, RefKind};
use hotplate_core::api::{is_environment, is_template, load_map, VERSION_KEYS};

/// File extensions a directory walk looks at.
const EXTENSIONS: [&str; 4] = ["yaml", "yml", "json", "template"];

/// What the paths hold.
#[derive(Debug, Default)]
pub struct Found {
    /// Templates evaluated on their own, sorted.
    pub roots: Vec<PathBuf>,
    /// What each of them names (`get_file` files, provider templates), as written.
    pub refs: BTreeMap<PathBuf, Vec<(RefKind, String)>>,
    /// Provider templates evaluated as nested stacks only, with the found
    /// templates that name them.
    pub providers: BTreeMap<PathBuf, Vec<PathBuf>>,
    /// Environment files found (not evaluated).
    pub environments: Vec<PathBuf>,
    /// Other files looked at and left alone.
    pub others: usize,
}

/// What one file is.
enum Kind {
    /// A template: what it names as written, and the files it names as
    /// provider types (normalised paths).
    Template(Vec<(RefKind, String)>, Vec<PathBuf>),
    Environment,
    Other,
}

/// Find and classify the files under `paths` (relative to `cwd` or absolute);
/// `environments`: each config check's environment files (as `config.checks`).
/// Every file is read through `root`; a path named that leads outside it is
/// refused as one that is not there.
pub fn discover(
    paths: &[PathBuf],
    config: &Config,
    environments: &[Vec<PathBuf>],
    cwd: &Path,
    root: &Root,
) -> Result<Found, String> {
    let mut files = BTreeSet::new();
    for p in paths {
        let text = p.to_string_lossy();
        if let Err(Unread::Outside(o)) = root.resolve(&cwd.join(p)) {
            return Err(format!("{}: {o}", p.display()));
        }
        if cwd.join(p).is_file() {
            files.insert(normalize(p));
        } else if cwd.join(p).is_dir() {
            walk(&cwd.join(p), p, &mut files);
        } else if text.contains(['*', '?', '[', '{']) {
            let matched = expand_glob(cwd, &text)?;
            if matched.is_empty() {
                return Err(format!("{text}: no file matches"));
            }
            files.extend(matched);
        } else {
            return Err(format!("{}: no such file or directory", p.display()));
        }
    }
    files.retain(|f| !config.excluded(f, cwd));
    let files: Vec<PathBuf> = files.into_iter().collect();
    let kinds: Vec<Kind> = files.par_iter().map(|f| classify(&cwd.join(f), f, root)).collect();
    let mut found = Found::default();
    let mut templates: BTreeMap<PathBuf, Vec<PathBuf>> = BTreeMap::new();
    let mut refs = BTreeMap::new();
    for (f, kind) in files.into_iter().zip(kinds) {
        match kind {
            Kind::Template(named, providers) => {
                refs.insert(f.clone(), named);
                templates.insert(f, providers);
            }
            Kind::Environment => found.environments.push(f),
            Kind::Other => found.others += 1,
        }
    }
    // A resource type of a template that the `resource_registry` of one of
    // its checks' environments maps to a file names that file too.
    let mut registries: BTreeMap<&Path, Vec<(String, PathBuf)>> = BTreeMap::new();
    for (t, providers) in &mut templates {
        let types: BTreeSet<&str> =
            refs.get(t).into_iter().flatten().filter(|(k, _)| *k == RefKind::Type).map(|(_, s)| s.as_str()).collect();
        if types.is_empty() {
            continue;
        }
        for (i, _) in config.checks_for(t, cwd) {
            for env in environments.get(i).into_iter().flatten() {
                let registry = registries.entry(env).or_insert_with(|| registry(env, cwd, root));
                providers.extend(registry.iter().filter(|(ty, _)| types.contains(ty.as_str())).map(|(_, f)| f.clone()));
            }
        }
    }
    // Parents of each template among the found ones (paths compared from the root).
    let by_abs: BTreeMap<PathBuf, &Path> = templates.keys().map(|k| (normalize(&cwd.join(k)), k.as_path())).collect();
    let edges: BTreeMap<&Path, Vec<&Path>> = templates
        .iter()
        .map(|(t, providers)| {
            let mut found: Vec<&Path> = providers
                .iter()
                .filter_map(|p| by_abs.get(&normalize(&cwd.join(p))).copied())
                .filter(|p| *p != t.as_path())
                .collect();
            found.sort();
            found.dedup();
            (t.as_path(), found)
        })
        .collect();
    let mut parents: BTreeMap<&Path, Vec<&Path>> = BTreeMap::new();
    for (t, providers) in &edges {
        for p in providers {
            parents.entry(p).or_default().push(t);
        }
    }
    // Templates reached from the unnamed ones are covered by them.
    let mut covered: BTreeSet<&Path> = BTreeSet::new();
    let mut stack: Vec<&Path> = templates.keys().map(PathBuf::as_path).filter(|t| !parents.contains_key(t)).collect();
    while let Some(t) = stack.pop() {
        if covered.insert(t) {
            stack.extend(edges.get(t).into_iter().flatten());
        }
    }
    for t in templates.keys() {
        match parents.get(t.as_path()) {
            Some(ps) if covered.contains(t.as_path()) => {
                found.providers.insert(t.clone(), ps.iter().map(|p| p.to_path_buf()).collect());
            }
            _ => {
                if let Some(named) = refs.remove(t) {
                    found.refs.insert(t.clone(), named);
                }
                found.roots.push(t.clone());
            }
        }
    }
    Ok(found)
}

/// What an environment file's `resource_registry` maps: (type, file path),
/// paths as the environment's own (relative to the working directory or absolute).
fn registry(env: &Path, cwd: &Path, root: &Root) -> Vec<(String, PathBuf)> {
    let Ok(text) = root.read(&cwd.join(env)) else { return Vec::new() };
    let dir = env.parent().unwrap_or(Path::new(""));
    registry_files(&text, dir).into_iter().map(|(ty, base, file)| (ty, normalize(&base.join(file)))).collect()
}

/// Every candidate file under `dir` (shown as under `shown`), honouring ignore files.
fn walk(dir: &Path, shown: &Path, out: &mut BTreeSet<PathBuf>) {
    for entry in ignore::WalkBuilder::new(dir).build().flatten() {
        let path = entry.path();
        let wanted = entry.file_type().is_some_and(|t| t.is_file())
            && path.extension().and_then(|e| e.to_str()).is_some_and(|e| EXTENSIONS.contains(&e));
        if wanted {
            if let Ok(rel) = path.strip_prefix(dir) {
                out.insert(normalize(&shown.join(rel)));
            }
        }
    }
}

/// The files a glob matches (relative to `cwd` unless absolute), sorted; hidden
/// files only when the pattern names them.
pub fn expand_glob(cwd: &Path, pattern: &str) -> Result<Vec<PathBuf>, String> {
    if !pattern.contains(['*', '?', '[', '{']) {
        let path = normalize(Path::new(pattern));
        return Ok(if cwd.join(&path).is_file() { vec![path] } else { Vec::new() });
    }
    let matcher = glob(pattern)?.compile_matcher();
    let literal: PathBuf = Path::new(pattern)
        .components()
        .take_while(|c| !c.as_os_str().to_string_lossy().contains(['*', '?', '[', '{']))
        .collect();
    let start = cwd.join(&literal);
    let mut out = Vec::new();
    if !start.is_dir() {
        return Ok(out);
    }
    for entry in ignore::WalkBuilder::new(&start).standard_filters(false).hidden(true).build().flatten() {
        if !entry.file_type().is_some_and(|t| t.is_file()) {
            continue;
        }
        let Ok(rel) = entry.path().strip_prefix(&start) else { continue };
        let shown = normalize(&literal.join(rel));
        if matcher.is_match(&shown) {
            out.push(shown);
        }
    }
    out.sort();
    Ok(out)
}

/// What a file holds. Unreadable and non-UTF-8 files, and files outside the
/// root, are left alone.
fn classify(path: &Path, shown: &Path, root: &Root) -> Kind {
    let Ok(text) = root.read(path) else { return Kind::Other };
    let Some(root) = load_map(&text) else {
        let looks_like_template = text.lines().any(|l| {
            let l = l.trim_start_matches(['{', ' ', '"', '\'']);
            VERSION_KEYS.iter().any(|k| l.starts_with(k))
        });
        return if looks_like_template { Kind::Template(Vec::new(), Vec::new()) } else { Kind::Other };
    };
    if is_template(&root) {
        let mut refs = Vec::new();
        find_refs(&root, &mut refs);
        let dir = shown.parent().unwrap_or(Path::new(""));
        let providers = refs
            .iter()
            .filter(|(kind, r)| *kind == RefKind::Provider && !r.contains("://"))
            .map(|(_, r)| normalize(&dir.join(r)))
            .collect();
        return Kind::Template(refs, providers);
    }
    if is_environment(&root) {
        Kind::Environment
    } else {
        Kind::Other
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::test_common::Tree;

    const T: &str = "heat_template_version: 2021-04-16\n";

    fn root(dir: &Path) -> Root {
        Root::of_dirs(vec![dir.to_path_buf()], dir, false, crate::root::Hint::Flag)
    }

    fn paths(v: &[PathBuf]) -> Vec<String> {
        v.iter().map(|p| p.display().to_string()).collect()
    }

    #[test]
    fn templates_environments_and_providers_are_told_apart() {
        let main = format!("{T}resources:\n  db: {{type: lib/db.yaml}}\n  g:\n    type: OS::Heat::ResourceGroup\n    properties: {{resource_def: {{type: ../shared/node.yaml}}}}\n");
        let tree = Tree::new(
            "classify",
            &[
                ("stack/main.yaml", main.as_str()),
                ("stack/lib/db.yaml", T),
                ("shared/node.yaml", T),
                ("alone.yml", "AWSTemplateFormatVersion: '2010-09-09'\n"),
                ("env/prod.yaml", "parameter_defaults: {a: 1}\nresource_registry: {X: lib/db.yaml}\n"),
                ("broken.yaml", "heat_template_version: 2021-04-16\nresources: [\n"),
                ("data.yaml", "parameters: {a: 1}\nother: 2\n"),
                ("notes.txt", T),
                ("cycle/a.yaml", "heat_template_version: 2021-04-16\nresources: {b: {type: b.yaml}}\n"),
                ("cycle/b.yaml", "heat_template_version: 2021-04-16\nresources: {a: {type: a.yaml}}\n"),
                (".hidden/x.yaml", T),
            ],
        );
        let found = discover(&[PathBuf::from(".")], &Config::default(), &[], &tree.0, &root(&tree.0)).unwrap();
        assert_eq!(
            paths(&found.roots),
            ["alone.yml", "broken.yaml", "cycle/a.yaml", "cycle/b.yaml", "stack/main.yaml"]
        );
        let providers: Vec<(String, Vec<String>)> =
            found.providers.iter().map(|(k, v)| (k.display().to_string(), paths(v))).collect();
        assert_eq!(
            providers,
            [
                ("shared/node.yaml".to_string(), vec!["stack/main.yaml".to_string()]),
                ("stack/lib/db.yaml".to_string(), vec!["stack/main.yaml".to_string()])
            ]
        );
        assert_eq!(paths(&found.environments), ["env/prod.yaml"]);
        assert_eq!(found.others, 1);
        // A provider named alone is a root; so is one whose parent is not found.
        let found =
            discover(&[PathBuf::from("stack/lib/db.yaml")], &Config::default(), &[], &tree.0, &root(&tree.0)).unwrap();
        assert_eq!(paths(&found.roots), ["stack/lib/db.yaml"]);
        // Globs, and a file named twice counts once.
        let found = discover(
            &[PathBuf::from("stack/**/*.yaml"), PathBuf::from("./stack/main.yaml")],
            &Config::default(),
            &[],
            &tree.0,
            &root(&tree.0),
        )
        .unwrap();
        assert_eq!(paths(&found.roots), ["stack/main.yaml"]);
        assert_eq!(found.providers.len(), 1);
        // Excluded files are not looked at.
        let config = Config::parse("exclude: ['cycle/**', broken.yaml]\n", tree.0.clone()).unwrap();
        let found = discover(&[PathBuf::from(".")], &config, &[], &tree.0, &root(&tree.0)).unwrap();
        assert_eq!(paths(&found.roots), ["alone.yml", "stack/main.yaml"]);
        // Missing paths and globs that match nothing are errors.
        assert!(discover(&[PathBuf::from("nope")], &Config::default(), &[], &tree.0, &root(&tree.0))
            .unwrap_err()
            .contains("nope"));
        assert!(discover(&[PathBuf::from("x/*.yaml")], &Config::default(), &[], &tree.0, &root(&tree.0))
            .unwrap_err()
            .contains("no file"));
    }

    #[test]
    fn a_template_mapped_by_a_checks_registry_for_a_type_its_parent_uses_is_a_provider() {
        let tree = Tree::new(
            "registry",
            &[
                ("main.yaml", "heat_template_version: 2021-04-16\nresources:\n  app: {type: My::App}\n"),
                ("lib/app.yaml", T),
                // Mapped, but no found template uses the type (TripleO's services).
                ("services/web.yaml", T),
                (
                    "env/registry.yaml",
                    "resource_registry:\n  My::App: ../lib/app.yaml\n  My::Web: ../services/web.yaml\n",
                ),
            ],
        );
        let config =
            Config::parse("checks:\n  - files: '*.yaml'\n    environments: [env/registry.yaml]\n", tree.0.clone())
                .unwrap();
        let envs = vec![vec![PathBuf::from("env/registry.yaml")]];
        let found = discover(&[PathBuf::from(".")], &config, &envs, &tree.0, &root(&tree.0)).unwrap();
        assert_eq!(paths(&found.roots), ["main.yaml", "services/web.yaml"]);
        assert_eq!(found.providers.keys().cloned().collect::<Vec<_>>(), [PathBuf::from("lib/app.yaml")]);
        // Without the check (no environment), main.yaml names no file.
        let found = discover(&[PathBuf::from(".")], &Config::default(), &[], &tree.0, &root(&tree.0)).unwrap();
        assert_eq!(paths(&found.roots), ["lib/app.yaml", "main.yaml", "services/web.yaml"]);
    }

    #[test]
    fn paths_are_normalised_without_the_file_system() {
        for (p, want) in [
            ("./a/./b.yaml", "a/b.yaml"),
            ("a/lib/../b.yaml", "a/b.yaml"),
            ("../x/../y.yaml", "../y.yaml"),
            ("/r/../../z", "/z"),
        ] {
            assert_eq!(normalize(Path::new(p)), PathBuf::from(want), "{p}");
        }
    }
}
