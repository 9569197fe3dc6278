//! Template validate (`POST /v1/{tenant}/validate`, what `openstack
//! orchestration template validate` asks): heat-api's
//! `StackController.validate_template` and the engine's
//! `EngineService.validate_template`, as a driver over the same stages as
//! stack create (`../shared/spec/heat-semantics.md` §12).
//!
//! The differences from create are Heat's, and each is a setting of the
//! stack's input, not a copy of a stage: the stack is named `dummy` and
//! validated non-strictly (`strict_validate=False`: no parameter value is
//! checked, a parameter without one fails only where something evaluates
//! it), each resource runs `validate_template()` only
//! (`validate_res_tmpl_only`: functions, policies, property *names*; no
//! plugin check, no nested stack, resources with an `external_id`
//! skipped), and nothing is resolved for a result. What the answer shows
//! is built in [`answer`]; `show_nested` in [`nested`].
//!
//! Error classes follow the two `try` blocks of `validate_template`:
//! whatever the template's own checks raise (`_validate_template`: sections,
//! resource shapes, the resource limit) and a `StackValidationFailed` of
//! `stack.validate()` become `{'Error': str(exc)}`, which heat-api answers
//! as `HTTPBadRequest`; everything else reaches the client as its own class.

mod answer;
mod nested;
use crate::model::validate::{ValidateAnswer, ValidateRequest, Validation, INVALID_IGNORE_ERRORS_ANSWER};

use indexmap::IndexMap;
use std::rc::Rc;

use super::heat_config::HeatConfig;
use super::stages::{self, Failed};
use super::{Driver, StackInput};
use crate::model::diag::{Diagnostic, HeatError};
use crate::pyfmt::json_key;
use crate::release::Release;
use crate::syntax::{Node, NodeKind};
use crate::value::{Map, Value};

/// The name `validate_template` gives its stack.
const STACK_NAME: &str = "dummy";

/// The only code `ignore_errors` may name (`ERROR_CODE_MAP`:
/// `ResourceTypeUnavailable`, a service missing from the catalog; offline
/// every service is available, so ignoring it changes nothing).
const IGNORABLE_CODES: &[&str] = &["99001"];

/// Answer a template validate request as Heat 27 does.
pub fn validate(req: &ValidateRequest) -> Validation {
    let mut run = Driver::new();
    run.mode = super::mode::Mode::template_validate();
    let body = match run_validate(&mut run, req) {
        Ok(body) => Some(body),
        Err(failed) => {
            run.report(failed);
            None
        }
    };
    Validation { error: run.ev.result.error.take(), body, diagnostics: run.ev.diagnostics, sources: run.run.sources }
}

/// heat-api's checks, the engine's `validate_template`, the answer.
fn run_validate(run: &mut Driver, req: &ValidateRequest) -> Result<ValidateAnswer, Failed> {
    // heat-api: its body limit, the query flags, then the body.
    let (config, release) = match req.body() {
        Some(request) => stages::request::settings(request)?,
        None => (HeatConfig::default(), Release::LATEST),
    };
    run.mode = run.mode.answered_by(release);
    let show_nested = match &req.show_nested {
        None => false,
        Some(text) => match text.to_lowercase().as_str() {
            "true" => true,
            "false" => false,
            _ => {
                return Err(Failed::bad_request(Diagnostic::error(
                    "bad-query",
                    format!("Unrecognized value \"{text}\" for \"show_nested\", acceptable values are: true, false."),
                )))
            }
        },
    };
    let Some(request) = req.body() else {
        return Err(Failed::bad_request(Diagnostic::error("no-template", "No template specified")));
    };
    let mut body = stages::request::body(&mut run.caches(), request, &config)?;
    // heat-api sends what it decoded to the engine over RPC, as JSON.
    body.root = json_round_trip(&body.root);
    if let Some(env) = &mut body.inline_env {
        env.sections = match crate::model::result::json_keys(&Value::map(std::mem::take(&mut env.sections))) {
            Value::Map(m) => (*m).clone(),
            _ => Map::new(),
        };
        env.root = env.root.as_ref().map(json_round_trip);
    }
    // The engine: unknown codes are an answer, not an error.
    if let Some(codes) = &req.ignore_errors {
        if codes.split(',').any(|c| !IGNORABLE_CODES.contains(&c)) {
            return Ok(ValidateAnswer::Text(INVALID_IGNORE_ERRORS_ANSWER.to_string()));
        }
    }
    let mut report = Vec::new();
    let settings = (config, release);
    let top = stages::request::template(&mut run.caches(), request, body, STACK_NAME, settings, &mut report);
    run.apply(stages::Staged { part: (), report })?;
    let top = top?;
    let input = StackInput {
        root: &top.root,
        version: top.version,
        stack_name: STACK_NAME,
        stack_id: super::UNSTORED_STACK_ID.to_string(),
        project_id: &request.playground.project_id,
        files: Rc::new(request.inputs.files.clone()),
        env: top.env,
        schemas: top.schemas,
        depth: 0,
        mocks: None,
        deploy_params: IndexMap::new(),
        unknown_params: IndexMap::new(),
        config: top.config,
        existing: None,
        path: Vec::new(),
    };
    // `_validate_template`: any exception is `{'Error': str(exc)}`.
    let structure = run.apply(stages::structure::structure(&input)).map_err(|f| as_bad_request(f, false))?;
    // `stack.validate()`: a `StackValidationFailed` is `{'Error': str(exc)}`.
    let mut parts = run.build_on(&input, &structure).map_err(|f| as_bad_request(f, true))?;
    let validated = stages::validation::validation(&input, &mut parts, run.treatment(), run);
    run.apply(validated).map_err(|f| as_bad_request(f, true))?;
    let nested = match show_nested {
        true => Some(nested::parameters(run, &input, &parts, input.version.is_cfn())?).filter(|n| !n.is_empty()),
        false => None,
    };
    Ok(ValidateAnswer::Body(Box::new(answer::body(&input, &parts, nested))))
}

/// The message the client prints for Heat's error: heat-api's fault body
/// has one only for Heat's own exceptions (and its own `HTTPBadRequest`);
/// for a Python one (a 500) heatclient falls back to `Internal Error`.
pub fn client_message(e: &HeatError) -> &str {
    if PYTHON_EXCEPTIONS.contains(&e.kind.as_str()) {
        "Internal Error"
    } else {
        &e.message
    }
}

/// The Python exceptions the engine can raise that are not Heat's.
const PYTHON_EXCEPTIONS: &[&str] = &[
    "ValueError",
    "KeyError",
    "TypeError",
    "AttributeError",
    "IndexError",
    "RecursionError",
    "OverflowError",
    "ZeroDivisionError",
    "UnicodeDecodeError",
    "UnicodeEncodeError",
    "AssertionError",
    "error",
];

/// What crossing RPC as JSON does to a loaded document: every mapping key
/// becomes a string (`true`, `1`, `null`, `1.5`; a later key equal to an
/// earlier one replaces its value in its place, as `json.loads` keeps the
/// last). Spans stay.
fn json_round_trip(node: &Node) -> Node {
    let kind = match &node.kind {
        NodeKind::Scalar(_) => return node.clone(),
        NodeKind::List(items) => NodeKind::List(Rc::new(items.iter().map(json_round_trip).collect())),
        NodeKind::Map(entries) => {
            let mut out: Vec<(Node, Node)> = Vec::with_capacity(entries.len());
            for (k, v) in entries.iter() {
                let key = match k.scalar() {
                    Some(Value::Str(_)) | None => k.clone(),
                    Some(other) => Node { span: k.span, kind: NodeKind::Scalar(Value::from(json_key(other))) },
                };
                let value = json_round_trip(v);
                match out
                    .iter_mut()
                    .find(|(ek, _)| ek.scalar().is_some_and(|ev| key.scalar().is_some_and(|kv| ev == kv)))
                {
                    Some(slot) => slot.1 = value,
                    None => out.push((key, value)),
                }
            }
            NodeKind::Map(Rc::new(out))
        }
    };
    Node { span: node.span, kind }
}

/// An exception the engine turns into `{'Error': str(exc)}`, which heat-api
/// raises as `HTTPBadRequest(message)`: every one (`only_svf` false), or a
/// `StackValidationFailed` only. The path stays the exception's when it
/// is the one caught.
fn as_bad_request(mut failed: Failed, only_svf: bool) -> Failed {
    let reported = &mut failed.reported;
    if only_svf && reported.kind != "StackValidationFailed" {
        return failed;
    }
    if !only_svf {
        // `_validate_template` raised `StackValidationFailed(message=str(ex))`: no path.
        reported.path.clear();
    }
    reported.kind = "HTTPBadRequest".to_string();
    failed
}
