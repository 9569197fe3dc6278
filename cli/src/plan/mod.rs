//! `hotplate plan`: what `openstack stack update` would do to a stack, and why.
//!
//! The two sides of an update:
//! - `hotplate plan REQUEST.json`: the oracle's preview request (the update
//!   body plus `x-current`, the stack's create request) as it is;
//! - `--from OLD --to NEW`: each a request JSON file (Heat's create body) or a
//!   template, collected as `eval -t` collects one (its `get_file` files and
//!   providers, `-e` environment files, `-P` parameters); the current side
//!   takes `--from-environment`/`--from-parameter` when given, else the same
//!   environment files and parameters as the new side;
//! - `-t NEW --base GIT_REF`: the current side is the same template and
//!   environment files as they are in that git revision (the CI case: a pull
//!   request's stacks against the branch they go to).
//!
//! `--patch` sends the update as `PATCH` (`existing: true`): the stored
//! template (when no new one is given), files and environment stay under the
//! new ones.
//!
//! Exit status: 0 the update would go through (and nothing `--fail-on` names
//! happens), 1 Heat would refuse it (or something `--fail-on` names happens),
//! 2 a usage or IO error.

mod base;
mod formats;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use hotplate_core::api::{self as core, Action, Method, Plan, PlanRequest};
use hotplate_core::api::{Map, Request};

use crate::read_input;
use crate::root::{Hint, Root};
use crate::template_mode;

pub use formats::PlanFormat;

/// What makes `hotplate plan` exit with 1.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum FailOn {
    /// A resource is replaced (deleted and created again).
    Replace,
    /// A resource is deleted (replacements included).
    Delete,
    /// The real update would stop at a `restricted_actions` entry.
    Restricted,
    /// Anything changes.
    Change,
}

/// The arguments of `hotplate plan`.
#[derive(Args)]
pub struct PlanArgs {
    /// An update request JSON file (the update body plus `x-current`, the
    /// stack's create request), or `-` for stdin.
    request: Option<PathBuf>,
    /// The stack as it is: a request JSON file or a template.
    #[arg(long = "from", value_name = "FILE")]
    from: Option<PathBuf>,
    /// The stack as it will be: a request JSON file or a template.
    #[arg(long = "to", short = 't', value_name = "FILE")]
    to: Option<PathBuf>,
    /// An environment file of the new stack (repeatable; merged in order).
    #[arg(short = 'e', long = "environment")]
    environment: Vec<PathBuf>,
    /// A parameter of the new stack `key=value` (repeatable).
    #[arg(short = 'P', long = "parameter")]
    parameter: Vec<String>,
    /// An environment file of the current stack (default: the new stack's).
    #[arg(long = "from-environment", value_name = "FILE")]
    from_environment: Vec<PathBuf>,
    /// A parameter of the current stack `key=value` (default: the new stack's).
    #[arg(long = "from-parameter", value_name = "KEY=VALUE")]
    from_parameter: Vec<String>,
    /// Plan the working tree's template against this git revision.
    #[arg(long = "base", value_name = "GIT_REF", conflicts_with_all = ["from", "request"])]
    base: Option<String>,
    /// Update with PATCH (`existing`): the stored template, files and
    /// environment stay under the new ones.
    #[arg(long)]
    patch: bool,
    /// Parameters the PATCH forgets (repeatable).
    #[arg(long = "clear-parameter", value_name = "NAME", requires = "patch")]
    clear_parameter: Vec<String>,
    /// The stack name.
    #[arg(long = "stack-name", default_value = "test")]
    stack_name: String,
    /// Output format (default: `json` for a request file, else `text`).
    #[arg(long, value_enum)]
    format: Option<PlanFormat>,
    /// Exit with 1 when this happens (repeatable, or comma-separated).
    #[arg(long = "fail-on", value_enum, value_delimiter = ',')]
    fail_on: Vec<FailOn>,
    /// Read files outside the git work tree holding the templates: only for
    /// templates you trust.
    #[arg(long = "allow-outside-root")]
    allow_outside_root: bool,
    #[command(flatten)]
    release: crate::ReleaseArg,
}

/// Run `hotplate plan`.
pub fn run(args: &PlanArgs) -> ExitCode {
    let (mut req, label) = match request(args) {
        Ok(r) => r,
        Err(msg) => {
            eprintln!("hotplate plan: {msg}");
            return ExitCode::from(2);
        }
    };
    if args.release.heat_release.is_some() {
        req.inputs.heat_release = args.release.heat_release.clone();
    }
    let format = args.format.unwrap_or(if args.request.is_some() { PlanFormat::Json } else { PlanFormat::Text });
    let plan = core::plan(&req, formats::value_format(format));
    crate::emit(&formats::write(&plan, format, &label));
    if plan.error.is_some() || fails(&plan, &args.fail_on) {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Whether something `--fail-on` names happens.
fn fails(plan: &Plan, fail_on: &[FailOn]) -> bool {
    plan.resources().iter().any(|(_, r)| {
        fail_on.iter().any(|f| match f {
            FailOn::Replace => r.action == Action::Replaced,
            FailOn::Delete => matches!(r.action, Action::Deleted | Action::Replaced),
            FailOn::Restricted => r.restricted.is_some(),
            FailOn::Change => r.action != Action::Unchanged,
        })
    })
}

/// The update request and the name the report gives the stack.
fn request(args: &PlanArgs) -> Result<(PlanRequest, String), String> {
    if let Some(path) = &args.request {
        if args.to.is_some() || args.from.is_some() {
            return Err("give either an update request file or --from/--to, not both".into());
        }
        let text = read_input(path)?;
        let req = PlanRequest::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        return Ok((req, path.display().to_string()));
    }
    let cwd = std::env::current_dir().map_err(|e| format!("no working directory: {e}"))?;
    let named: Vec<PathBuf> = args.to.iter().chain(&args.from).cloned().collect();
    let root = Root::of_paths(&named, &cwd, args.allow_outside_root, Hint::Flag);
    let new_params = parameters(&args.parameter)?;
    let cur_params =
        if args.from_parameter.is_empty() { new_params.clone() } else { parameters(&args.from_parameter)? };
    let cur_envs = if args.from_environment.is_empty() { &args.environment } else { &args.from_environment };
    let to = match &args.to {
        Some(path) => Some(side(path, &args.environment, new_params, &args.stack_name, &|p| root.read(p))?),
        None if args.patch => None,
        None => return Err("nothing to plan: give an update request file, --to (-t) TEMPLATE, or --patch".into()),
    };
    let (current, label) = match (&args.from, &args.base) {
        (Some(path), None) => {
            (side(path, cur_envs, cur_params, &args.stack_name, &|p| root.read(p))?, path.display().to_string())
        }
        (None, Some(rev)) => {
            let Some(path) = &args.to else { return Err("--base needs the template: -t TEMPLATE".into()) };
            let read = base::reader(&root, rev)?;
            let current = side(path, cur_envs, cur_params, &args.stack_name, &|p| read.read(p))
                .map_err(|e| format!("at {rev}: {e}"))?;
            (current, format!("{} ({rev} → working tree)", path.display()))
        }
        (None, None) => return Err("which stack is updated? give --from FILE or --base GIT_REF".into()),
        (Some(_), Some(_)) => return Err("give either --from or --base, not both".into()),
    };
    let label = match (&args.to, &args.from) {
        (Some(to), Some(_)) => format!("{label} → {}", to.display()),
        _ => label,
    };
    let mut req = match to {
        Some(new) => {
            let mut r = PlanRequest::new(current, new.template);
            r.template_name = Some(new.template_name);
            r.inputs.environment = new.inputs.environment;
            r.inputs.environment_files = new.inputs.environment_files;
            r.inputs.files = new.inputs.files;
            r.inputs.parameters = new.inputs.parameters;
            r
        }
        None => {
            let mut r = PlanRequest::new(current.clone(), current.template.clone());
            r.template = None;
            r
        }
    };
    // Two templates, not an oracle request: a parameter given no value is
    // unknown on both sides (the stack exists with one), not Heat's refusal.
    req.without_values = true;
    if args.patch {
        req.method = Method::Patch;
        req.existing = true;
        req.clear_parameters = args.clear_parameter.clone();
    }
    Ok((req, label))
}

/// One side: a request JSON file as it is, or a template collected with
/// its environment files and parameters.
fn side(
    path: &Path,
    envs: &[PathBuf],
    parameters: Map,
    stack_name: &str,
    read: template_mode::Reader<'_>,
) -> Result<Request, String> {
    if path.extension().is_some_and(|e| e == "json") {
        let text = read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        // A create request has a `template`; a JSON template has none.
        if let Ok(json @ serde_json::Value::Object(_)) = serde_json::from_str::<serde_json::Value>(&text) {
            if json.get("template").is_some() {
                return Request::from_json_value(&json).map_err(|e| format!("{}: {e}", path.display()));
            }
        }
    }
    let mut built = template_mode::build_with(path, None, envs, read)?;
    for r in &built.refused {
        eprintln!("hotplate plan: {}", r.outside.note(&r.reference));
    }
    built.request.stack_name = Some(stack_name.to_string());
    built.request.inputs.parameters = parameters;
    Ok(built.request)
}

/// `-P key=value` strings as heatclient reads them (see `eval -t`).
fn parameters(params: &[String]) -> Result<Map, String> {
    template_mode::parameters(params)
}
