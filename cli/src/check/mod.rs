//! `hotplate check PATH...`: every template under the paths, each evaluated as
//! `hotplate eval -t` would (the same request building, `core`'s `evaluate`)
//! with the environment files and parameters `.hotplate.yaml` gives it, in
//! parallel; one report in a format for people or for CI.
//!
//! A template no check entry applies to has no values: it is checked without
//! them (`Display::WithoutValues`: Heat's verdict when it needs no value it
//! lacks; else every independent problem, a value it does not have left
//! unknown and whatever needs one listed as not checked), not as a stack
//! create that would stop at the first required parameter. The report says
//! which of the two each evaluation is.
//!
//! Every evaluation is also linted (`hotplate rules`): the rules the config's
//! `lint` section and `--enable`/`--disable` turn on, less the rules
//! `lint.ignore` names for a file and the template's own silencing comments.
//!
//! Exit codes as `eval`: 0 no template has errors, 1 one has (nested stacks'
//! included, and lint rules of severity error; warnings do not count), 2
//! usage, config or IO errors.

pub mod config;
pub mod discover;
pub(crate) mod formats;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use hotplate_core::api::{self, located_diagnostics, Display, HeatResult, LintOptions, Located, Severity, SourceMap};
use rayon::prelude::*;

use crate::root::{Hint, Root};
use crate::template_mode::{self, RefKind};
use config::{rule_ids, Check, Config, DEFAULT_STACK_NAME};
use discover::{discover, expand_glob, normalize, Found};

pub use formats::CheckFormat;

/// What the command line gave.
pub struct Options {
    /// Files, directories, globs (`.` when none).
    pub paths: Vec<PathBuf>,
    /// `--config FILE` (else the nearest `.hotplate.yaml`).
    pub config: Option<PathBuf>,
    /// Output format.
    pub format: CheckFormat,
    /// Worker threads (`None`: one per core).
    pub jobs: Option<usize>,
    /// `--allow-outside-root`: read files wherever templates name them.
    pub allow_outside_root: bool,
    /// `--enable`: lint rules to run (ids, names, `all`).
    pub enable: Vec<String>,
    /// `--disable`: lint rules not to run (ids, names, `all`).
    pub disable: Vec<String>,
    /// `--heat-config` settings: an `x-heat-config` object as JSON text
    /// (engine values are not shared across threads).
    pub heat_config: String,
    /// `--heat-release`: over the config file's `heat_release`.
    pub heat_release: Option<String>,
}

/// One evaluation: a template with one check entry (or none).
struct Job<'c> {
    template: PathBuf,
    /// What the template names (read by discovery: not loaded again).
    refs: Option<&'c [(RefKind, String)]>,
    check: Option<&'c Check>,
    /// The entry's environment files, expanded.
    environments: Vec<PathBuf>,
}

/// What one evaluation found, with file names as paths from the working directory.
#[derive(Debug)]
pub struct Outcome {
    /// The template.
    pub template: String,
    /// The check entry's name, when one applied.
    pub check: Option<String>,
    /// Heat would refuse the stack, fail one of its nested stacks or an
    /// output, or a lint rule of severity error found something.
    pub failed: bool,
    /// The error Heat would report for the stack (class, message).
    pub error: Option<(String, String)>,
    /// Nested stacks whose creation fails (`group/0`, class, message).
    pub nested_errors: Vec<(String, String, String)>,
    /// Outputs that fail (`name`, or `stack/name` in a nested stack; message).
    pub output_errors: Vec<(String, String)>,
    /// Every diagnostic, in source order; `file` is a path.
    pub diagnostics: Vec<Located>,
    /// The diagnostics as the text report shows them (source line and caret).
    pub rendered: String,
    /// The request could not be built (an unreadable file).
    pub io_error: Option<String>,
    /// Checked without values (no check entry applies), not as a stack create.
    pub without_values: bool,
    /// The openstack-heat release that answered, when not the default 27.0.1.
    pub release: Option<&'static str>,
    /// The values it did not have (`parameter key_name`, `get_file https://…`).
    pub unknowns: Vec<String>,
    /// The checks not made for want of them: Heat's path, what, and what it needs.
    pub not_checked: Vec<(String, String, Vec<String>)>,
    /// Heat's errors that only a value known once deployed causes (checked
    /// at deploy time, no failure): where, Heat's message, what it waits for.
    pub deploy_time: Vec<(String, String, Vec<String>)>,
}

impl Outcome {
    /// `template` or `template [check]`.
    pub fn label(&self) -> String {
        match &self.check {
            Some(c) => format!("{} [{c}]", self.template),
            None => self.template.clone(),
        }
    }

    /// Diagnostics of a severity.
    pub fn count(&self, severity: Severity) -> usize {
        self.diagnostics.iter().filter(|d| d.severity == severity).count()
    }
}

/// Everything a report shows.
pub struct Report {
    /// One per evaluation, sorted by template then check.
    pub outcomes: Vec<Outcome>,
    /// What was found.
    pub found: Found,
    /// The working directory (SARIF's `%SRCROOT%`).
    pub cwd: PathBuf,
}

/// Run the command.
pub fn run(opts: &Options) -> ExitCode {
    match check(opts) {
        Ok(report) => {
            crate::emit(&formats::write(&report, opts.format));
            if report.outcomes.iter().any(|o| o.io_error.is_some()) {
                ExitCode::from(2)
            } else if report.outcomes.iter().any(|o| o.failed) {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(msg) => {
            eprintln!("hotplate check: {msg}");
            ExitCode::from(2)
        }
    }
}

fn check(opts: &Options) -> Result<Report, String> {
    let cwd = std::env::current_dir().map_err(|e| format!("no working directory: {e}"))?;
    let config = Config::find(opts.config.as_deref(), &cwd)?;
    let lint = config.lint.options(&rule_ids(&opts.enable, "--enable")?, &rule_ids(&opts.disable, "--disable")?);
    let paths = if opts.paths.is_empty() { vec![PathBuf::from(".")] } else { opts.paths.clone() };
    let root = Root::of_paths(&paths, &cwd, opts.allow_outside_root || config.allow_outside_root, Hint::FlagOrConfig);
    let pool = pool_builder(opts.jobs).build().map_err(|e| format!("cannot start threads: {e}"))?;
    // Each check's environment files (a glob that matches nothing is an error,
    // whether or not the check applies to the paths given).
    let environments =
        config.checks.iter().map(|c| environments(c, &config, &cwd)).collect::<Result<Vec<_>, String>>()?;
    pool.install(|| {
        let found = discover(&paths, &config, &environments, &cwd, &root)?;
        let jobs = jobs(&found, &config, &environments, &cwd);
        let outcomes = jobs.par_iter().map(|job| evaluate(job, &root, &config, opts, &lint, &cwd)).collect();
        Ok(Report { outcomes, found, cwd })
    })
}

/// The pool of `-j N` threads (0: one per core).
#[cfg(not(target_os = "wasi"))]
fn pool_builder(jobs: Option<usize>) -> rayon::ThreadPoolBuilder {
    rayon::ThreadPoolBuilder::new().num_threads(jobs.unwrap_or(0))
}

/// WASI (the npm package's command line) has no threads: a pool of the
/// current one, whatever `-j` says (the output does not depend on it).
#[cfg(target_os = "wasi")]
fn pool_builder(_jobs: Option<usize>) -> rayon::ThreadPoolBuilder {
    rayon::ThreadPoolBuilder::new().num_threads(1).use_current_thread()
}

/// One job per template and applying check entry (one with none when none applies).
fn jobs<'c>(found: &'c Found, config: &'c Config, environments: &[Vec<PathBuf>], cwd: &Path) -> Vec<Job<'c>> {
    let mut out = Vec::new();
    for t in &found.roots {
        let checks = config.checks_for(t, cwd);
        let refs = found.refs.get(t).map(Vec::as_slice);
        if checks.is_empty() {
            out.push(Job { template: t.clone(), refs, check: None, environments: Vec::new() });
        }
        for (i, c) in checks {
            let environments = environments.get(i).cloned().unwrap_or_default();
            out.push(Job { template: t.clone(), refs, check: Some(c), environments });
        }
    }
    out
}

/// A check's environment files: each glob expanded in name order, relative to
/// the config's directory, shown relative to the working directory when under it.
pub(crate) fn environments(c: &Check, config: &Config, cwd: &Path) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    for pattern in &c.environments {
        let matched = expand_glob(&config.root, pattern)?;
        if matched.is_empty() {
            return Err(format!("{}: environment `{pattern}` matches no file", c.name));
        }
        for m in matched {
            let abs = normalize(&config.root.join(m));
            out.push(abs.strip_prefix(normalize(cwd)).map(Path::to_path_buf).unwrap_or(abs));
        }
    }
    Ok(out)
}

fn evaluate(job: &Job<'_>, root: &Root, config: &Config, opts: &Options, lint: &LintOptions, cwd: &Path) -> Outcome {
    let template = job.template.display().to_string();
    let mut outcome = Outcome {
        template: template.clone(),
        check: job.check.map(|c| c.name.clone()),
        failed: false,
        error: None,
        nested_errors: Vec::new(),
        output_errors: Vec::new(),
        diagnostics: Vec::new(),
        rendered: String::new(),
        io_error: None,
        without_values: job.check.is_none(),
        release: None,
        unknowns: Vec::new(),
        not_checked: Vec::new(),
        deploy_time: Vec::new(),
    };
    let params = job.check.map(Check::parameters).unwrap_or_default();
    let stack_name = job.check.map_or(DEFAULT_STACK_NAME, |c| c.stack_name.as_str());
    let mut built =
        match template_mode::build_request(&job.template, job.refs, &job.environments, params, stack_name, root) {
            Ok(b) => b,
            Err(e) => {
                outcome.io_error = Some(e);
                return outcome;
            }
        };
    // The cloud's settings: the config file's, a check's over them, the command line's over both.
    let flags = api::json_loads(&opts.heat_config).unwrap_or(api::Value::Null);
    let settings = job.check.map_or_else(|| config.heat_config(), Check::heat_config);
    built.request.inputs.heat_config = api::heat_config::merged(&settings, &flags);
    // The release likewise: the command line's, else the check's (its own or the file's).
    let release = job.check.map_or(config.heat_release.as_ref(), |c| c.heat_release.as_ref());
    built.request.inputs.heat_release = opts.heat_release.as_ref().or(release).cloned();
    let answering = built.request.release();
    outcome.release = (!answering.is_latest()).then(|| answering.version());
    if outcome.without_values {
        built.request.display = Display::WithoutValues;
    }
    let mut ev = template_mode::evaluate(&built);
    // Linted before the sources are renamed: lint finds them by their names in the request.
    let found = api::lint(&built.request, &ev, lint);
    // Sources by their paths: a provider template or a `get_file` file is
    // named in the request as its parent wrote it (`lib/db.yaml`).
    let mut sources = SourceMap::default();
    for (_, s) in ev.sources.iter() {
        let name = built.paths.get(&s.name).map_or_else(|| s.name.clone(), |p| normalize(p).display().to_string());
        sources.add(name, s.text.clone());
    }
    ev.sources = sources;
    let path_of = |d: &api::Diagnostic| d.span.and_then(|s| ev.sources.get(s.source)).map(|s| PathBuf::from(&s.name));
    let found: Vec<_> =
        found.into_iter().filter(|d| path_of(d).is_none_or(|p| !config.lint_ignored(&p, cwd, d.code))).collect();
    let lint_errors = found.iter().any(|d| d.severity == Severity::Error);
    ev.diagnostics.extend(found);
    // Without values there is no verdict of Heat's: the problems found are it.
    let unverdicted = outcome.without_values && !ev.unknowns.is_empty();
    let shown = if unverdicted { ev.shown() } else { &ev.result };
    // Heat's errors that only deploy-time values cause are no failure.
    outcome.failed = shown.fails(&ev.deploy_time)
        || lint_errors
        || (unverdicted && ev.diagnostics.iter().any(|d| d.severity == Severity::Error));
    outcome.error = ev.result.error.as_ref().map(|e| (e.kind.clone(), e.message.clone()));
    let mut failed = Vec::new();
    crate::report::nested_failures(shown, "", &mut failed);
    let deploy_time = |stack: &str, output: Option<&str>| {
        ev.deploy_time.iter().any(|d| d.stack == stack && d.output.as_deref() == output)
    };
    outcome.nested_errors = failed
        .into_iter()
        .filter(|(p, _)| !deploy_time(p, None))
        .map(|(p, e)| (p, e.kind.clone(), e.message.clone()))
        .collect();
    output_errors(shown, "", &mut outcome.output_errors);
    outcome.output_errors.retain(|(path, _)| {
        let (stack, name) = path.rsplit_once('/').unwrap_or(("", path));
        !deploy_time(stack, Some(name))
    });
    outcome.deploy_time = ev.deploy_time.iter().map(|d| (d.place(), d.message.clone(), d.needs.clone())).collect();
    outcome.unknowns = ev.unknowns.iter().map(|u| u.label.clone()).collect();
    outcome.not_checked = ev
        .not_checked
        .iter()
        .map(|n| {
            let path = if n.stack.is_empty() { n.path.clone() } else { format!("{}: {}", n.stack, n.path) };
            (path, n.check.clone(), n.needs.clone())
        })
        .collect();
    let mut order: Vec<usize> = (0..ev.diagnostics.len()).collect();
    let key =
        |i: &usize| ev.diagnostics.get(*i).and_then(|d| d.span).map_or((u32::MAX, u32::MAX), |s| (s.source.0, s.start));
    order.sort_by_key(key);
    let located = located_diagnostics(&ev);
    for i in order {
        if let (Some(d), Some(l)) = (ev.diagnostics.get(i), located.get(i)) {
            outcome.rendered.push_str(&d.render(&ev.sources));
            outcome.diagnostics.push(l.clone());
        }
    }
    outcome
}

/// Failing outputs of a stack and of its nested stacks that are created.
fn output_errors(r: &HeatResult, prefix: &str, out: &mut Vec<(String, String)>) {
    for (name, o) in &r.outputs {
        if let Some(e) = &o.error {
            out.push((format!("{prefix}{name}"), e.clone()));
        }
    }
    for (name, child) in r.nested.iter().filter(|(_, c)| c.error.is_none()) {
        output_errors(child, &format!("{prefix}{name}/"), out);
    }
}
