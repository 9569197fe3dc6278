//! `hotplate`: evaluate HOT templates exactly as OpenStack Heat does.
//!
//! Exit codes: 0 no errors, 1 the template has errors, 2 usage or IO errors.

mod check;
mod lsp;
mod plan;
mod report;
mod root;
mod rules_cmd;
mod template_mode;
mod validate_cmd;
mod yaql_cmd;

/// The CLI tests' shared support (temporary folders), for the unit tests too.
#[cfg(test)]
#[path = "../tests/common/mod.rs"]
mod test_common;

use std::io::Read as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand, ValueEnum};
use hotplate_core::api::{self, heat_config};

/// mimalloc, not the system allocator: the engine allocates many small values
/// (measured in ARCHITECTURE.md, "Native speed"). Not in the WASI build (the
/// npm package's command line), which has Rust's own.
#[cfg(not(target_family = "wasm"))]
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(name = "hotplate", version, about = "Evaluate OpenStack Heat (HOT) templates exactly as Heat does")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// `--heat-release`: the openstack-heat release that answers (shared by
/// every command that evaluates).
#[derive(clap::Args, Clone, Debug, Default)]
pub(crate) struct ReleaseArg {
    /// The openstack-heat release of the cloud, 16.1.0 (wallaby) to 27.0.1
    /// (the default), e.g. `16.1.0` (over a request's `x-heat-release`).
    #[arg(long = "heat-release", value_name = "RELEASE", value_parser = known_release)]
    pub(crate) heat_release: Option<String>,
}

/// A release `--heat-release` takes: one of `api::RELEASES`.
fn known_release(text: &str) -> Result<String, String> {
    api::Release::parse(text).map(|_| text.to_string())
}

#[derive(Clone, Copy, ValueEnum, PartialEq, Eq)]
enum Format {
    /// A readable report (the default for -t).
    Text,
    /// The canonical result JSON (the oracle's format).
    Json,
    /// The canonical result as YAML.
    Yaml,
}

#[derive(Subcommand)]
enum Command {
    /// Evaluate a request file (`-` for stdin), or a template with `-t` like `openstack stack create`.
    Eval {
        /// A request JSON file (Heat's stack-create body), or `-` for stdin.
        request: Option<PathBuf>,
        #[command(flatten)]
        files: template_mode::FileArgs,
        /// The stack name.
        #[arg(long = "stack-name", default_value = "test")]
        stack_name: String,
        /// A Heat setting of the cloud (`heat.conf`) `KEY=VALUE`, e.g.
        /// `max_nested_stack_depth=10` or `yaql.memory_quota=100000`
        /// (repeatable; over a request's `x-heat-config`).
        #[arg(long = "heat-config", value_name = "KEY=VALUE")]
        heat_config: Vec<String>,
        #[command(flatten)]
        release: ReleaseArg,
        /// Output format.
        #[arg(long, value_enum)]
        format: Option<Format>,
    },
    /// Validate a template as `openstack orchestration template validate` does
    /// (Heat's template validate: no values needed), or answer an oracle
    /// validate request file.
    ///
    /// With -t, prints what the client prints (YAML, or JSON with --format
    /// json; `ERROR: …` on stderr when Heat refuses the template). With a
    /// request file (`-` for stdin), prints the oracle's result
    /// (`{"error", "validate"}`). Exit 1 when Heat refuses the template.
    Validate(validate_cmd::Args),
    /// Plan an update: what `openstack stack update` would add, delete,
    /// replace or change in place, and why (exit 1: Heat would refuse it, or
    /// `--fail-on` matched).
    Plan(plan::PlanArgs),
    /// Run the language server (LSP over stdio) for editors: diagnostics,
    /// completion, hover, definition, references, outline and quick fixes.
    Lsp {
        /// Read files outside the workspace folders.
        #[arg(long = "allow-outside-root")]
        allow_outside_root: bool,
        #[command(flatten)]
        release: ReleaseArg,
    },
    /// Check every template of a tree as Heat would (for CI and pre-commit).
    ///
    /// Every template under the paths (files, directories, globs; `.` by
    /// default), each with the environments and parameters `.hotplate.yaml`
    /// names for it, in parallel. Exit 1 when a template has errors.
    Check {
        /// Files, directories or globs.
        paths: Vec<PathBuf>,
        /// The config file (default: the nearest `.hotplate.yaml` upwards).
        #[arg(long)]
        config: Option<PathBuf>,
        /// Output format.
        #[arg(long, value_enum, default_value = "text")]
        format: check::CheckFormat,
        /// Worker threads (default: one per core).
        #[arg(short = 'j', long)]
        jobs: Option<usize>,
        /// Read files outside the git work tree holding the paths (else the
        /// working directory): only for templates you trust.
        #[arg(long = "allow-outside-root")]
        allow_outside_root: bool,
        /// A Heat setting of the cloud `KEY=VALUE` (repeatable; over the
        /// config file's `heat_config`).
        #[arg(long = "heat-config", value_name = "KEY=VALUE")]
        heat_config: Vec<String>,
        #[command(flatten)]
        release: ReleaseArg,
        /// Run a lint rule that is off by default (an id such as W2001, a
        /// name, or `all`; repeatable or comma-separated).
        #[arg(long, value_name = "RULE")]
        enable: Vec<String>,
        /// Do not run a lint rule (an id, a name, or `all`; repeatable or
        /// comma-separated).
        #[arg(long, value_name = "RULE")]
        disable: Vec<String>,
    },
    /// List the lint rules (the mistakes Heat accepts), or show one's documentation.
    Rules {
        /// A rule's id (`W1001`) or name: print its documentation.
        id: Option<String>,
        /// Output format of the list.
        #[arg(long, value_enum, default_value = "text")]
        format: rules_cmd::RulesFormat,
    },
    /// Evaluate one yaql expression as Heat's `yaql` function does: the data is the
    /// function's `data:` argument, seen as `$.data`.
    Yaql {
        /// The expression, e.g. `$.data.servers.select($.name)` (one starting
        /// with `-`, like `-5`, is taken as the expression too).
        #[arg(allow_hyphen_values = true)]
        expression: String,
        /// The data as JSON.
        #[arg(long, conflicts_with = "data_file")]
        data: Option<String>,
        /// A file holding the data as JSON.
        #[arg(long = "data-file")]
        data_file: Option<PathBuf>,
    },
}

fn main() -> ExitCode {
    #[cfg(target_os = "wasi")]
    wasi_working_directory();
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) if e.use_stderr() => {
            // One clear line, e.g. "unexpected argument '--x' found (see hotplate --help)".
            let text = e.to_string();
            let first = text.lines().next().unwrap_or("error: invalid arguments");
            eprintln!("{first} (see hotplate --help)");
            return ExitCode::from(2);
        }
        Err(e) => {
            let _ = e.print();
            return ExitCode::SUCCESS;
        }
    };
    match cli.command {
        Command::Plan(args) => plan::run(&args),
        Command::Lsp { allow_outside_root, release } => match lsp::run(allow_outside_root, release.heat_release) {
            Ok(()) => ExitCode::SUCCESS,
            Err(e) => {
                eprintln!("hotplate lsp: {e}");
                ExitCode::from(2)
            }
        },
        Command::Check { paths, config, format, jobs, allow_outside_root, heat_config, release, enable, disable } => {
            let heat_config = match heat_settings(&heat_config) {
                Ok(v) => api::json_dumps(&v, api::JsonStyle::PLAIN).unwrap_or_default(),
                Err(msg) => {
                    eprintln!("hotplate: {msg}");
                    return ExitCode::from(2);
                }
            };
            check::run(&check::Options {
                paths,
                config,
                format,
                jobs,
                allow_outside_root,
                heat_config,
                heat_release: release.heat_release,
                enable,
                disable,
            })
        }
        Command::Validate(args) => validate_cmd::run(&args),
        Command::Rules { id, format } => rules_cmd::run(id.as_deref(), format),
        Command::Yaql { expression, data, data_file } => {
            let data = match (data, data_file) {
                (Some(d), _) => Some(d),
                (None, Some(path)) => match std::fs::read_to_string(&path) {
                    Ok(text) => Some(text),
                    Err(e) => {
                        eprintln!("error: cannot read {}: {}", path.display(), root::io_text(&e));
                        return ExitCode::from(2);
                    }
                },
                (None, None) => None,
            };
            yaql_cmd::run(&expression, data.as_deref())
        }
        Command::Eval { request, files, stack_name, heat_config, release, format } => {
            let built = match (&request, &files.template) {
                (Some(path), None) => read_request(path).map(template_mode::Built::of),
                (None, Some(t)) => files.build(t, &stack_name),
                (Some(_), Some(_)) => Err("give either a request file or -t TEMPLATE, not both".to_string()),
                (None, None) => Err("nothing to evaluate: give a request file (or -) or -t TEMPLATE".to_string()),
            };
            let mut built = match built.and_then(|mut b| {
                let flags = heat_settings(&heat_config)?;
                b.request.inputs.heat_config = heat_config::merged(&b.request.inputs.heat_config, &flags);
                if release.heat_release.is_some() {
                    b.request.inputs.heat_release = release.heat_release.clone();
                }
                Ok(b)
            }) {
                Ok(b) => b,
                Err(msg) => {
                    eprintln!("hotplate: {msg}");
                    return ExitCode::from(2);
                }
            };
            let default = if files.template.is_some() { Format::Text } else { Format::Json };
            let format = format.unwrap_or(default);
            if format != Format::Text {
                // Heat's result alone is printed: the display evaluation past its
                // first error (what the text report shows) is not made.
                built.request.display = api::Display::Never;
            }
            let ev = template_mode::evaluate(&built);
            if format != Format::Text {
                // The canonical result has no place for hotplate's notes: they go to stderr.
                for d in ev.diagnostics.iter().filter(|d| d.severity == api::Severity::Note) {
                    eprint!("{}", d.render(&ev.sources));
                }
            }
            match format {
                Format::Json => emit(&format!("{}\n", ev.result.to_json())),
                Format::Yaml => emit(&api::value_text(&ev.result.to_value(), api::Format::Yaml)),
                Format::Text => emit(&report::text(&ev, &built.request)),
            }
            // Heat's errors that only deploy-time values cause are no failure.
            if ev.fails() {
                ExitCode::from(1)
            } else {
                ExitCode::SUCCESS
            }
        }
    }
}

/// WASI has no working directory of its own (wasi-libc starts at `/`): the
/// npm package's runner (packages/hotplate/bin) passes Node's as `PWD` and
/// preopens `/`, so relative paths mean what they mean to the native program.
#[cfg(target_os = "wasi")]
fn wasi_working_directory() {
    if let Some(dir) = std::env::var_os("PWD") {
        let _ = std::env::set_current_dir(dir);
    }
}

/// Write to stdout; a closed pipe (`hotplate … | head`) is not an error worth a panic.
pub(crate) fn emit(text: &str) {
    use std::io::Write as _;
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
}

/// The `--heat-config KEY=VALUE` settings as an `x-heat-config` object,
/// refused here (a usage error) when Heat would not take them.
fn heat_settings(settings: &[String]) -> Result<api::Value, String> {
    let mut config = api::Value::Null;
    for s in settings {
        heat_config::set_from_text(&mut config, s).map_err(|e| format!("--heat-config: {e}"))?;
    }
    heat_config::HeatConfig::from_value(&config).map_err(|e| format!("--heat-config: {e}"))?;
    Ok(config)
}

fn read_request(path: &Path) -> Result<api::Request, String> {
    let text = read_input(path)?;
    api::Request::from_json(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// A request file's text, or stdin's for `-`.
pub(crate) fn read_input(path: &Path) -> Result<String, String> {
    if path.as_os_str() == "-" {
        let mut s = String::new();
        std::io::stdin().read_to_string(&mut s).map_err(|e| format!("cannot read stdin: {}", root::io_text(&e)))?;
        Ok(s)
    } else {
        std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {}", path.display(), root::io_text(&e)))
    }
}
