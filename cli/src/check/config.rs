//! `.hotplate.yaml`: which environment files and parameters each template is
//! checked with.
//!
//! ```yaml
//! exclude: ['**/*.j2.yaml']            # never checked (globs)
//! checks:
//!   - name: overcloud                  # optional: names this check in reports
//!     files: 'deployment/**'           # a glob or a list of globs
//!     environments:                    # globs, each expanded in name order,
//!       - environments/base.yaml       #   merged in the order written
//!       - 'environments/ha/*.yaml'
//!     parameters: {NodeCount: 3}       # as `-P`, but any YAML value
//!     stack_name: overcloud            # optional, default `test`
//!     heat_config: {max_nested_stack_depth: 10}   # optional, over the top-level one
//!     heat_release: 22.0.1             # optional, over the top-level one
//! heat_config:                         # the cloud's heat.conf settings (a request's
//!   max_json_body_size: 8388608        #   `x-heat-config`): every check
//!   yaql: {memory_quota: 100000}
//! heat_release: 16.1.0                 # the cloud's openstack-heat release (a
//!                                      #   request's `x-heat-release`; default 27.0.1)
//! allow_outside_root: false            # true: read files outside the checked
//!                                      #   tree (see `crate::root`)
//! lint:                                # the lint rules (`hotplate rules`)
//!   enable: [W2001]                    #   rules off by default to run
//!   disable: [W3008]                   #   rules not to run anywhere (`all`)
//!   ignore:                            #   rules not to run on some files
//!     - files: 'deployment/**'
//!       rules: [W2001, W8001]
//! ```
//!
//! Globs are relative to the directory of the config file; `*` stays within
//! one directory, `**` crosses them. A template matched by several entries is
//! checked once per entry; a template matched by none is checked once, with
//! no environment file and no parameter. The file is read with Heat's YAML
//! loader; unknown keys are refused (a typo would otherwise silently check
//! less).

use std::path::{Path, PathBuf};

use globset::{Glob, GlobBuilder, GlobSet, GlobSetBuilder};
use hotplate_core::api::{self, json_dumps, json_loads, load_yaml, py_str, JsonStyle, LintOptions, Map, Value};

/// The default config file name, looked up from the working directory upwards.
pub const FILE_NAME: &str = ".hotplate.yaml";

/// A parsed config file.
#[derive(Debug, Default)]
pub struct Config {
    /// The directory globs are relative to (the config file's).
    pub root: PathBuf,
    /// Files never checked.
    pub exclude: Option<GlobSet>,
    /// The check entries, in file order.
    pub checks: Vec<Check>,
    /// `allow_outside_root: true`: files outside the root may be read.
    pub allow_outside_root: bool,
    /// `heat_config` as JSON text (see [`Check::parameters`] for why text).
    heat_config_json: String,
    /// `heat_release` (none: 27.0.1).
    pub heat_release: Option<String>,
    /// `lint`.
    pub lint: Lint,
}

/// The `lint` section: which rules run, where.
#[derive(Debug, Default)]
pub struct Lint {
    /// Rules to run that are off by default (`all`: every rule).
    pub enable: Vec<String>,
    /// Rules not to run (`all`: none runs unless enabled).
    pub disable: Vec<String>,
    /// Rules not to run on the files a glob matches.
    pub ignore: Vec<(GlobSet, Vec<String>)>,
}

impl Lint {
    /// The rules to run: this section's lists, with the command line's
    /// `--enable`/`--disable` winning over them for the rules they name.
    pub fn options(&self, enable: &[String], disable: &[String]) -> LintOptions {
        let mut o = LintOptions { enable: self.enable.clone(), disable: self.disable.clone() };
        for id in enable {
            o.disable.retain(|d| !d.eq_ignore_ascii_case(id));
            o.enable.push(id.clone());
        }
        for id in disable {
            o.enable.retain(|e| !e.eq_ignore_ascii_case(id));
            o.disable.push(id.clone());
        }
        o
    }
}

/// Rule ids given on the command line or in the config: each must name a
/// rule (or be `all`); a comma-separated list is split.
pub fn rule_ids(given: &[String], place: &str) -> Result<Vec<String>, String> {
    let mut out = Vec::new();
    for id in given.iter().flat_map(|g| g.split(',')).map(str::trim).filter(|s| !s.is_empty()) {
        if id != "all" && api::lint_rule(id).is_none() {
            return Err(format!("{place}: no lint rule `{id}` (`hotplate rules` lists them)"));
        }
        out.push(id.to_string());
    }
    Ok(out)
}

/// One entry of `checks`.
#[derive(Debug)]
pub struct Check {
    /// Its name in reports (`name`, or `checks[i]`).
    pub name: String,
    /// Which templates it applies to.
    pub files: GlobSet,
    /// Environment-file globs, in order.
    pub environments: Vec<String>,
    /// Parameters (Heat's `parameters` of the stack-create body) as JSON text:
    /// engine values are not shared across threads, so each evaluation loads
    /// its own copy ([`Check::parameters`]).
    parameters_json: String,
    /// The stack name.
    pub stack_name: String,
    /// Its Heat settings (the top-level ones with its own over them) as JSON text.
    heat_config_json: String,
    /// Its Heat release (its own, else the top-level one; none: 27.0.1).
    pub heat_release: Option<String>,
}

/// An `x-heat-config` object from JSON text (null when empty).
fn settings(json: &str) -> Value {
    json_loads(json).unwrap_or(Value::Null)
}

impl Check {
    /// The Heat settings, as a request's `x-heat-config`.
    pub fn heat_config(&self) -> Value {
        settings(&self.heat_config_json)
    }

    /// The parameters, as a request's `parameters`.
    pub fn parameters(&self) -> Map {
        json_loads(&self.parameters_json).ok().and_then(|v| v.as_map().cloned()).unwrap_or_default()
    }
}

/// The stack name when a check names none (as `hotplate eval`).
pub const DEFAULT_STACK_NAME: &str = "test";

impl Config {
    /// The Heat settings of a template no check applies to.
    pub fn heat_config(&self) -> Value {
        settings(&self.heat_config_json)
    }

    /// Read the config: `explicit` when given, else the nearest
    /// `.hotplate.yaml` from `cwd` upwards, else an empty config rooted at `cwd`.
    pub fn find(explicit: Option<&Path>, cwd: &Path) -> Result<Config, String> {
        let path = match explicit {
            Some(p) => Some(p.to_path_buf()),
            None => cwd.ancestors().map(|d| d.join(FILE_NAME)).find(|p| p.is_file()),
        };
        let Some(path) = path else { return Ok(Config { root: cwd.to_path_buf(), ..Config::default() }) };
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {}", path.display(), crate::root::io_text(&e)))?;
        let root = path.parent().map(Path::to_path_buf).unwrap_or_default();
        let root = if root.as_os_str().is_empty() { cwd.to_path_buf() } else { cwd.join(root) };
        Config::parse(&text, root).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Parse a config's text; `root` is the directory its globs are relative to.
    pub fn parse(text: &str, root: PathBuf) -> Result<Config, String> {
        let top = load_yaml(text).map_err(|d| format!("not valid YAML: {}", d.message))?;
        let mut config = Config { root, ..Config::default() };
        let Some(top) = top.as_map() else {
            return if top == Value::Null { Ok(config) } else { Err("expected a mapping at the top".into()) };
        };
        let top_settings = match top.get_str("heat_config") {
            Some(v) => heat_config(v, "heat_config")?,
            None => Value::Null,
        };
        config.heat_release = match top.get_str("heat_release") {
            Some(v) => Some(heat_release(v, "heat_release")?),
            None => None,
        };
        for (k, v) in top.iter() {
            match k.as_str() {
                Some("exclude") => config.exclude = Some(glob_set(&strings(v, "exclude")?)?),
                Some("checks") => {
                    let Value::List(items) = v else { return Err("`checks` must be a list".into()) };
                    for (i, item) in items.iter().enumerate() {
                        config.checks.push(check(item, i, &top_settings, config.heat_release.as_deref())?);
                    }
                }
                Some("lint") => config.lint = lint(v)?,
                Some("heat_config" | "heat_release") => {}
                Some("allow_outside_root") => match v {
                    Value::Bool(b) => config.allow_outside_root = *b,
                    _ => return Err("`allow_outside_root` must be true or false".into()),
                },
                _ => {
                    return Err(format!(
                    "unknown key `{}` (expected `checks`, `exclude`, `heat_config`, `heat_release`, `lint` or `allow_outside_root`)",
                    key_text(k)
                ))
                }
            }
        }
        config.heat_config_json = json_dumps(&top_settings, JsonStyle::PLAIN).unwrap_or_default();
        Ok(config)
    }

    /// The path of `file` (absolute or relative to `cwd`) as the config's globs see it.
    pub fn relative(&self, file: &Path, cwd: &Path) -> Option<PathBuf> {
        let abs = super::discover::normalize(&cwd.join(file));
        abs.strip_prefix(super::discover::normalize(&self.root)).ok().map(Path::to_path_buf)
    }

    /// True when `file` is excluded.
    pub fn excluded(&self, file: &Path, cwd: &Path) -> bool {
        match (&self.exclude, self.relative(file, cwd)) {
            (Some(set), Some(rel)) => set.is_match(rel),
            _ => false,
        }
    }

    /// Whether lint rule `id` is ignored for `file` (`lint.ignore`).
    pub fn lint_ignored(&self, file: &Path, cwd: &Path, id: &str) -> bool {
        let Some(rel) = self.relative(file, cwd) else { return false };
        self.lint
            .ignore
            .iter()
            .any(|(set, rules)| set.is_match(&rel) && rules.iter().any(|r| r == "all" || r.eq_ignore_ascii_case(id)))
    }

    /// The entries that apply to `file`, with their positions in `checks`.
    pub fn checks_for(&self, file: &Path, cwd: &Path) -> Vec<(usize, &Check)> {
        let Some(rel) = self.relative(file, cwd) else { return Vec::new() };
        self.checks.iter().enumerate().filter(|(_, c)| c.files.is_match(&rel)).collect()
    }
}

/// A `heat_config` mapping, refused with its place when Heat would not take it.
fn heat_config(v: &Value, place: &str) -> Result<Value, String> {
    if !matches!(v, Value::Map(_) | Value::Null) {
        return Err(format!("{place} must be a mapping"));
    }
    hotplate_core::api::heat_config::HeatConfig::from_value(v).map_err(|e| format!("{place}: {e}"))?;
    Ok(v.clone())
}

/// A `heat_release` (a version text such as `16.1.0`; YAML may read `16.1`
/// as a number, so only text is taken), refused with its place when unknown.
fn heat_release(v: &Value, place: &str) -> Result<String, String> {
    let Some(text) = v.as_str() else {
        return Err(format!("{place} must be a release such as \"16.1.0\" (quoted if YAML reads it as a number)"));
    };
    api::Release::parse(text).map_err(|e| format!("{place}: {e}"))?;
    Ok(text.to_string())
}

fn check(item: &Value, i: usize, top_settings: &Value, top_release: Option<&str>) -> Result<Check, String> {
    let at = format!("checks[{i}]");
    let Some(m) = item.as_map() else { return Err(format!("{at} must be a mapping")) };
    let mut name = at.clone();
    let mut files = None;
    let mut environments = Vec::new();
    let mut parameters = Value::map(Map::new());
    let mut stack_name = DEFAULT_STACK_NAME.to_string();
    let mut own_settings = Value::Null;
    let mut heat_release = top_release.map(str::to_string);
    for (k, v) in m.iter() {
        let field = key_text(k);
        let place = format!("{at}.{field}");
        match field.as_str() {
            "name" => name = v.as_str().ok_or_else(|| format!("{place} must be a string"))?.to_string(),
            "files" => files = Some(glob_set(&strings(v, &place)?)?),
            "environments" => environments = strings(v, &place)?,
            "parameters" => match v {
                Value::Map(_) => parameters = v.clone(),
                Value::Null => {}
                _ => return Err(format!("{place} must be a mapping")),
            },
            "stack_name" => stack_name = v.as_str().ok_or_else(|| format!("{place} must be a string"))?.to_string(),
            "heat_config" => own_settings = heat_config(v, &place)?,
            "heat_release" => heat_release = Some(self::heat_release(v, &place)?),
            _ => {
                return Err(format!(
                    "unknown key `{place}` (expected name, files, environments, parameters, stack_name, heat_config, heat_release)"
                ))
            }
        }
    }
    let files = files.ok_or_else(|| format!("{at} has no `files`"))?;
    let parameters_json = json_dumps(&parameters, JsonStyle::PLAIN).map_err(|e| format!("{at}.parameters: {e}"))?;
    let settings = hotplate_core::api::heat_config::merged(top_settings, &own_settings);
    let heat_config_json = json_dumps(&settings, JsonStyle::PLAIN).map_err(|e| format!("{at}.heat_config: {e}"))?;
    Ok(Check { name, files, environments, parameters_json, stack_name, heat_config_json, heat_release })
}

fn lint(v: &Value) -> Result<Lint, String> {
    let mut out = Lint::default();
    let Some(m) = v.as_map() else { return Err("`lint` must be a mapping".into()) };
    for (k, v) in m.iter() {
        let field = key_text(k);
        let place = format!("lint.{field}");
        match field.as_str() {
            "enable" => out.enable = rule_ids(&strings(v, &place)?, &place)?,
            "disable" => out.disable = rule_ids(&strings(v, &place)?, &place)?,
            "ignore" => {
                let Value::List(items) = v else { return Err(format!("{place} must be a list")) };
                for (i, item) in items.iter().enumerate() {
                    let at = format!("{place}[{i}]");
                    let Some(entry) = item.as_map() else { return Err(format!("{at} must be a mapping")) };
                    let (mut files, mut rules) = (None, None);
                    for (k, v) in entry.iter() {
                        match key_text(k).as_str() {
                            "files" => files = Some(glob_set(&strings(v, &format!("{at}.files"))?)?),
                            "rules" => {
                                rules = Some(rule_ids(&strings(v, &format!("{at}.rules"))?, &format!("{at}.rules"))?)
                            }
                            other => return Err(format!("unknown key `{at}.{other}` (expected files, rules)")),
                        }
                    }
                    let files = files.ok_or_else(|| format!("{at} has no `files`"))?;
                    let rules = rules.ok_or_else(|| format!("{at} has no `rules`"))?;
                    out.ignore.push((files, rules));
                }
            }
            _ => return Err(format!("unknown key `{place}` (expected enable, disable, ignore)")),
        }
    }
    Ok(out)
}

fn key_text(k: &Value) -> String {
    k.as_str().map_or_else(|| py_str(k), str::to_string)
}

/// A string, or a list of strings.
fn strings(v: &Value, place: &str) -> Result<Vec<String>, String> {
    let one = |v: &Value| {
        v.as_str().map(str::to_string).ok_or_else(|| format!("{place} must be a string or a list of strings"))
    };
    match v {
        Value::List(items) => items.iter().map(one).collect(),
        other => Ok(vec![one(other)?]),
    }
}

/// A glob as `hotplate check` reads them: `*` within a directory, `**` across.
pub fn glob(pattern: &str) -> Result<Glob, String> {
    let pattern = pattern.strip_prefix("./").unwrap_or(pattern);
    GlobBuilder::new(pattern).literal_separator(true).build().map_err(|e| format!("bad glob `{pattern}`: {e}"))
}

fn glob_set(patterns: &[String]) -> Result<GlobSet, String> {
    let mut b = GlobSetBuilder::new();
    for p in patterns {
        b.add(glob(p)?);
    }
    b.build().map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(text: &str) -> Result<Config, String> {
        Config::parse(text, PathBuf::from("/repo"))
    }

    #[test]
    fn entries_apply_by_glob_relative_to_the_config_file() {
        let c = parse(
            "exclude: '**/*.j2.yaml'\nchecks:\n  - name: services\n    files: ['deployment/**', top.yaml]\n    environments: [env/a.yaml, 'env/b/*.yaml']\n    parameters: {Count: 3, Names: [a, b]}\n    stack_name: overcloud\n  - files: 'deployment/nova/*.yaml'\n",
        )
        .unwrap();
        let cwd = Path::new("/repo");
        let names = |f: &str| c.checks_for(Path::new(f), cwd).iter().map(|(_, c)| c.name.clone()).collect::<Vec<_>>();
        assert_eq!(names("deployment/nova/api.yaml"), ["services", "checks[1]"]);
        assert_eq!(names("deployment/a/b/c.yaml"), ["services"]);
        assert_eq!(names("top.yaml"), ["services"]);
        // `*` does not cross a directory; paths outside the root match nothing.
        assert!(names("deployment/nova/x/api.yaml") == ["services"]);
        assert!(names("other.yaml").is_empty());
        assert!(c.checks_for(Path::new("/elsewhere/deployment/a.yaml"), cwd).is_empty());
        // From a subdirectory, the same file by a relative path.
        assert_eq!(c.checks_for(Path::new("nova/api.yaml"), Path::new("/repo/deployment")).len(), 2);
        let first = &c.checks[0];
        assert_eq!(first.environments, ["env/a.yaml", "env/b/*.yaml"]);
        assert_eq!(first.stack_name, "overcloud");
        let params = first.parameters();
        assert_eq!(params.get_str("Count"), Some(&Value::Int(3)));
        assert_eq!(params.get_str("Names"), Some(&Value::list(vec![Value::from("a"), Value::from("b")])));
        assert_eq!(c.checks[1].stack_name, DEFAULT_STACK_NAME);
        assert!(c.excluded(Path::new("./roles/x.j2.yaml"), cwd));
        assert!(!c.excluded(Path::new("roles/x.yaml"), cwd));
    }

    #[test]
    fn heat_settings_for_every_check_and_one() {
        let c = parse(
            "heat_config: {max_nested_stack_depth: 10, yaql: {memory_quota: 1}}\nchecks:\n  - files: a\n    heat_config: {yaql: {memory_quota: 2}}\n  - files: b\n",
        )
        .unwrap();
        let depth_and_quota = |v: Value| {
            let m = v.as_map().cloned().unwrap_or_default();
            let quota = m.get_str("yaql").and_then(|y| y.as_map()?.get_str("memory_quota").cloned());
            (m.get_str("max_nested_stack_depth").cloned(), quota)
        };
        assert_eq!(depth_and_quota(c.checks[0].heat_config()), (Some(Value::Int(10)), Some(Value::Int(2))));
        assert_eq!(depth_and_quota(c.checks[1].heat_config()), (Some(Value::Int(10)), Some(Value::Int(1))));
        assert_eq!(depth_and_quota(c.heat_config()), (Some(Value::Int(10)), Some(Value::Int(1))));
    }

    #[test]
    fn heat_release_for_every_check_and_one() {
        let c =
            parse("heat_release: 16.1.0\nchecks:\n  - files: a\n    heat_release: '22.0.1'\n  - files: b\n").unwrap();
        assert_eq!(c.heat_release.as_deref(), Some("16.1.0"));
        assert_eq!(c.checks[0].heat_release.as_deref(), Some("22.0.1"));
        assert_eq!(c.checks[1].heat_release.as_deref(), Some("16.1.0"));
        assert_eq!(parse("checks: []\n").unwrap().heat_release, None);
        let e = parse("heat_release: 16.0.0\n").unwrap_err();
        assert!(
            e.starts_with(
                "heat_release: unknown Heat release '16.0.0': the known openstack-heat releases are 16.1.0, "
            ),
            "{e}"
        );
        let e = parse("checks:\n  - files: a\n    heat_release: 22.0\n").unwrap_err();
        assert!(e.starts_with("checks[0].heat_release must be a release such as \"16.1.0\""), "{e}");
    }

    #[test]
    fn mistakes_are_refused_with_the_place() {
        for (text, want) in [
            ("checks:\n  - files: a\n    enviroments: [b]\n", "checks[0].enviroments"),
            ("checks:\n  - environments: [b]\n", "checks[0] has no `files`"),
            ("checks: {files: a}\n", "`checks` must be a list"),
            ("check: []\n", "unknown key `check`"),
            ("checks:\n  - files: [a, 1]\n", "checks[0].files must be a string or a list"),
            ("checks:\n  - files: 'a/[b'\n", "bad glob"),
            ("checks:\n  - files: a\n    parameters: [x]\n", "checks[0].parameters must be a mapping"),
            ("checks: [\n", "not valid YAML"),
            ("- a\n", "expected a mapping"),
            ("allow_outside_root: yes please\n", "must be true or false"),
            ("lint: {disable: [W9999]}\n", "lint.disable: no lint rule `W9999`"),
            ("lint: {enabel: [W2001]}\n", "unknown key `lint.enabel`"),
            ("lint: {ignore: [{files: a}]}\n", "lint.ignore[0] has no `rules`"),
            ("lint: {ignore: [{rules: [W2001]}]}\n", "lint.ignore[0] has no `files`"),
        ] {
            let e = parse(text).unwrap_err();
            assert!(e.contains(want), "{text:?}: {e}");
        }
        let c = parse("lint:\n  enable: W2001, W8001\n  disable: [W3008, all]\n  ignore:\n    - {files: 'deployment/**', rules: [w1001]}\n").unwrap();
        assert_eq!(c.lint.enable, ["W2001", "W8001"]);
        assert!(c.lint_ignored(Path::new("deployment/a/b.yaml"), Path::new("/repo"), "W1001"));
        assert!(!c.lint_ignored(Path::new("other.yaml"), Path::new("/repo"), "W1001"));
        // The command line wins over the file for the rules it names.
        let o = c.lint.options(&["W3008".into()], &["W8001".into()]);
        assert_eq!(
            (o.enable, o.disable),
            (vec!["W2001".to_string(), "W3008".into()], vec!["all".to_string(), "W8001".into()])
        );
        for (text, want) in [
            ("heat_config: {debug: true}\n", "heat_config: unsupported heat.conf option [DEFAULT] debug"),
            ("heat_config: [1]\n", "heat_config must be a mapping"),
            (
                "checks:\n  - files: a\n    heat_config: {max_nested_stack_depth: ten}\n",
                "checks[0].heat_config: invalid value 'ten' for max_nested_stack_depth",
            ),
        ] {
            let e = parse(text).unwrap_err();
            assert!(e.contains(want), "{text:?}: {e}");
        }
        // An empty file is an empty config.
        assert!(parse("").unwrap().checks.is_empty());
        assert!(!parse("").unwrap().allow_outside_root);
        assert!(parse("allow_outside_root: true\n").unwrap().allow_outside_root);
    }
}
