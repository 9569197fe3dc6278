//! `hotplate validate`: Heat's template validate.
//!
//! `hotplate validate -t T [-e E…] [-P k=v…] [--show-nested] [--ignore-errors
//! CODES]` prints what `openstack orchestration template validate` prints:
//! the answer as YAML (cliff's YAML formatter: each top-level key dumped by
//! PyYAML) or JSON (`--format json`), or on Heat's refusal `ERROR: <message>`
//! on stderr. `hotplate validate REQUEST.json` takes the oracle's validate
//! request as it is and prints the oracle's result (`{"error", "validate"}`).
//!
//! Exit codes, as `eval`'s: 0 Heat accepts the template, 1 Heat refuses it
//! (an error, or the answer to unknown `--ignore-errors` codes), 2 usage or
//! IO errors.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use hotplate_core::api::{self, ClientFormat, ValidateRequest};

use crate::{emit, template_mode};

/// The command line of `hotplate validate`.
#[derive(clap::Args)]
pub struct Args {
    /// An oracle validate request file (JSON), or `-` for stdin.
    request: Option<PathBuf>,
    #[command(flatten)]
    files: template_mode::FileArgs,
    /// Show the parameters of nested stacks too (`NestedParameters`).
    #[arg(long = "show-nested")]
    show_nested: bool,
    /// Heat error codes to ignore, comma-separated (Heat knows one, 99001).
    #[arg(long = "ignore-errors", value_name = "CODES")]
    ignore_errors: Option<String>,
    /// Output format (-t: yaml by default, as the client; a request file: json).
    #[arg(long, short = 'f', value_enum)]
    format: Option<ValidateFormat>,
    #[command(flatten)]
    release: crate::ReleaseArg,
}

/// `--format`.
#[derive(Clone, Copy, clap::ValueEnum, PartialEq, Eq)]
pub enum ValidateFormat {
    /// YAML (the client's default; the oracle's result as YAML for a request file).
    Yaml,
    /// JSON (the oracle's result for a request file).
    Json,
}

/// Run `hotplate validate`.
pub fn run(args: &Args) -> ExitCode {
    match (&args.request, &args.files.template) {
        (Some(path), None) => {
            if args.show_nested || args.ignore_errors.is_some() || !args.files.environment.is_empty() {
                return usage(
                    "a request file carries its own flags: give -e, --show-nested or --ignore-errors with -t",
                );
            }
            request_file(path, args.format.unwrap_or(ValidateFormat::Json), args.release.heat_release.as_deref())
        }
        (None, Some(template)) => template_file(template, args),
        (Some(_), Some(_)) => usage("give either a request file or -t TEMPLATE, not both"),
        (None, None) => usage("nothing to validate: give a request file (or -) or -t TEMPLATE"),
    }
}

fn usage(msg: &str) -> ExitCode {
    eprintln!("hotplate: {msg}");
    ExitCode::from(2)
}

/// `hotplate validate REQUEST.json`: the oracle's result.
fn request_file(path: &Path, format: ValidateFormat, release: Option<&str>) -> ExitCode {
    let text = match crate::read_input(path) {
        Ok(t) => t,
        Err(msg) => return usage(&msg),
    };
    let mut req = match ValidateRequest::from_json(&text) {
        Ok(r) => r,
        Err(e) => return usage(&format!("{}: {e}", path.display())),
    };
    if let Some(release) = release {
        req.request.inputs.heat_release = Some(release.to_string());
    }
    let v = api::validate(&req);
    match format {
        ValidateFormat::Json => emit(&format!("{}\n", v.to_json())),
        ValidateFormat::Yaml => emit(&api::value_text(&v.to_value(), api::Format::Yaml)),
    }
    exit(&v)
}

/// `hotplate validate -t T`: what the client prints.
fn template_file(template: &Path, args: &Args) -> ExitCode {
    let built = args.files.build(template, "dummy");
    let built = match built {
        Ok(b) => b,
        Err(msg) => return usage(&msg),
    };
    let mut request = built.request.clone();
    request.inputs.heat_release = args.release.heat_release.clone();
    let mut req = ValidateRequest::new(request);
    if args.show_nested {
        req = req.show_nested(true);
    }
    // heatclient sends `ignore_errors` only when it is not empty.
    req.ignore_errors = args.ignore_errors.clone().filter(|c| !c.is_empty());
    let mut v = api::validate(&req);
    let notes = template_mode::refused_notes(&built, &mut v.sources);
    for d in &notes {
        eprint!("{}", d.render(&v.sources));
    }
    let format = match args.format.unwrap_or(ValidateFormat::Yaml) {
        ValidateFormat::Yaml => ClientFormat::Yaml,
        ValidateFormat::Json => ClientFormat::Json,
    };
    match api::validate_client_output(&v, format) {
        Ok(text) => emit(&text),
        Err(line) => eprintln!("{line}"),
    }
    exit(&v)
}

/// 0 when Heat accepts the template, 1 when it refuses it.
fn exit(v: &api::Validation) -> ExitCode {
    if api::validate_accepted(v) {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
