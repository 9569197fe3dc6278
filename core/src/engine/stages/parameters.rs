//! The parameters stage: the stack's name, its pseudo parameters and each
//! template parameter's value (Heat's `Stack` with its `Parameters`), then
//! `stack.validate`'s parameter checks: unknown user parameters, each
//! parameter's value, the parameter groups.
//!
//! Its part is the [`Stack`] functions see, with every parameter's value: a
//! value that cannot be had (a required parameter without one, a conversion
//! that fails) is an `Err` there, failed alone; only `get_param` of it fails.

use super::structure::Structure;
use super::{Found, Report, Staged, Treatment};
use crate::engine::parameters::{self, ParamType, Parameter};
use crate::engine::StackInput;
use crate::eval::EvalError;
use crate::model::parameters::ValueSource;
use crate::model::result::{NotChecked, ParamInfo, Unknown};
use crate::pyfmt::py_str;
use crate::stack::Stack;
use crate::symbolic::{Hole, Sym};
use crate::value::Value;

/// The parameters stage.
pub(crate) fn parameters(input: &StackInput<'_>, structure: &Structure<'_>, treatment: Treatment) -> Staged<Stack> {
    let stack_name = input.stack_name;
    let mut out = Staged::new(Stack::new(input.version));
    if !valid_stack_name(stack_name) {
        out.stop(EvalError::svf(format!(
            "Invalid stack name {stack_name} must contain only alphanumeric or \"_-.\" characters, must start with alpha and must be 255 characters or less."
        )).with_code("bad-stack-name"));
    }
    let (stack, params) = stack_parameters(input, structure, treatment, &mut out.report);
    out.part = stack;
    validate(input, &params, treatment, &mut out);
    if let Some(groups) = structure.root.get("parameter_groups") {
        let names: Vec<String> = input.schemas.iter().map(|s| s.name.clone()).collect();
        if let Err(e) = parameters::validate_groups(groups, &names) {
            out.stop(e);
        }
    }
    out
}

/// The stack with each parameter's value, not validated (Heat's `Stack`
/// before `validate()`; also a nested stack that is only built).
pub(crate) fn values(input: &StackInput<'_>, structure: &Structure<'_>, treatment: Treatment) -> Staged<Stack> {
    let mut report = Vec::new();
    let stack = stack_parameters(input, structure, treatment, &mut report).0;
    Staged { part: stack, report }
}

/// The stack with its pseudo and template parameters, and the parameters.
fn stack_parameters(
    input: &StackInput<'_>,
    structure: &Structure<'_>,
    treatment: Treatment,
    report: &mut Vec<Report>,
) -> (Stack, Vec<Parameter>) {
    let mut stack = pseudo_parameters(input, structure);
    let env = &input.env;
    let params: Vec<Parameter> = input
        .schemas
        .iter()
        .map(|s| Parameter {
            schema: s.clone(),
            user_value: env.parameters.get_str(&s.name).filter(|v| !v.is_null()).cloned(),
            user_default: env.parameter_defaults.get_str(&s.name).filter(|v| !v.is_null()).cloned(),
        })
        .collect();
    for p in &params {
        stack.params.insert(p.schema.name.clone(), p.value());
    }
    if treatment.display || !input.unknown_params.is_empty() {
        unknown_values(input, &params, treatment, &mut stack, report);
    }
    report.push(Report::Found(Found::ParamInfo(params.iter().map(|p| param_info(input, p)).collect())));
    (stack, params)
}

/// A display evaluation's parameters without a value: one the parent gives
/// a value it does not have, one without any value (listed once, at the
/// top), one whose value does not convert (its error is the diagnostic).
/// Each is unknown to functions and shown as its placeholder.
fn unknown_values(
    input: &StackInput<'_>,
    params: &[Parameter],
    treatment: Treatment,
    stack: &mut Stack,
    report: &mut Vec<Report>,
) {
    for p in params {
        let name = &p.schema.name;
        let needs = match input.unknown_params.get(name) {
            Some(needs) => needs.clone(),
            // Outside a display evaluation only what the parent gives is unknown.
            None if !treatment.display => continue,
            None if stack.params.get(name).is_some_and(Result::is_ok) => continue,
            None => {
                let label = format!("parameter {name}");
                // Not given anywhere (a nested stack's too: an environment's
                // `parameter_defaults` would give it): listed once by name.
                if p.raw().0.is_none() {
                    report.push(Report::Found(Found::Unknown(Unknown {
                        label: label.clone(),
                        span: Some(p.schema.span),
                    })));
                }
                vec![label]
            }
        };
        match stack.deploy_params.get(name) {
            None => {
                let hole = Hole { label: needs.join(", "), exact: needs.len() == 1 };
                stack.deploy_params.insert(name.clone(), Sym::Hole(hole));
            }
            // A map or list with deploy-time parts given to a json parameter
            // (Heat takes it as it is): its known parts stay known.
            Some(sym @ (Sym::Map(_) | Sym::List(_))) if p.schema.kind == ParamType::Json => {
                stack.known_parts.insert(name.clone(), sym.clone());
            }
            Some(_) => {}
        }
        stack.params.insert(name.clone(), Err(EvalError::unknown(&needs)));
    }
}

/// The stack with its pseudo parameters (`OS::stack_id`, …; a CloudFormation
/// template's `AWS::StackId`, … and its `Mappings`).
fn pseudo_parameters(input: &StackInput<'_>, structure: &Structure<'_>) -> Stack {
    let (version, stack_name) = (input.version, input.stack_name);
    let mut stack = Stack::new(version);
    stack.files = input.files.clone();
    stack.deploy_params = input.deploy_params.clone();
    stack.config = input.config.clone();
    if version.is_cfn() {
        // `CfnParameters._pseudo_parameters`.
        let arn = format!("arn:openstack:heat::{}:stacks/{}/{}", input.project_id, stack_name, input.stack_id);
        stack.params.insert("AWS::StackId".into(), Ok(Value::from(arn)));
        if !stack_name.is_empty() {
            stack.params.insert("AWS::StackName".into(), Ok(Value::from(stack_name)));
            stack.params.insert("AWS::Region".into(), Ok(Value::from("ap-southeast-1")));
        }
        if let Some(maps) = structure.section("Mappings") {
            stack.mappings = maps.to_value();
        }
    } else {
        stack.params.insert("OS::stack_id".into(), Ok(Value::from(input.stack_id.as_str())));
        stack.params.insert("OS::project_id".into(), Ok(Value::from(input.project_id)));
        if !stack_name.is_empty() {
            stack.params.insert("OS::stack_name".into(), Ok(Value::from(stack_name)));
        }
    }
    stack
}

/// What the page shows of a parameter: its schema, and where its value came from.
fn param_info(input: &StackInput<'_>, p: &Parameter) -> ParamInfo {
    let env = &input.env;
    let (_, source) = p.raw();
    let file = match source {
        ValueSource::User => last_source(&env.parameter_sources, &p.schema.name),
        ValueSource::UserDefault => last_source(&env.default_sources, &p.schema.name),
        _ => None,
    };
    let contributions = match source {
        ValueSource::User => &env.parameter_contributions,
        ValueSource::UserDefault => &env.default_contributions,
        _ => &Vec::new(),
    };
    let contributions =
        contributions.iter().find(|(n, _)| *n == p.schema.name).map(|(_, c)| c.clone()).unwrap_or_default();
    ParamInfo {
        name: p.schema.name.clone(),
        kind: p.schema.kind.name(),
        source,
        file,
        contributions,
        label: p.schema.label.clone(),
        description: p.schema.description.clone(),
        hidden: p.schema.hidden,
        default: p.schema.default.clone(),
        constraints: p.schema.constraints.iter().map(parameters::Constraint::hint).collect(),
        span: Some(p.schema.name_span.unwrap_or(p.schema.span)),
    }
}

/// `stack.validate`: unknown user parameters, then each parameter.
fn validate(input: &StackInput<'_>, params: &[Parameter], treatment: Treatment, out: &mut Staged<Stack>) {
    for (k, _) in input.env.parameters.iter() {
        let name = py_str(k);
        if !input.schemas.iter().any(|s| s.name == name) {
            let e = EvalError::other(
                "UnknownUserParameter",
                format!("The Parameter ({name}) was not defined in template."),
            )
            .with_code("unknown-parameter");
            out.note(e);
        }
    }
    out.end_step();
    for p in params {
        // A display evaluation has no value for these: not an error there.
        if let Some(needs) = input.unknown_params.get(&p.schema.name) {
            // The parent gives it a value not known yet: checked once it is.
            let path = format!("parameters.{}", p.schema.name);
            let check = "parameter".to_string();
            out.found(Found::NotChecked(NotChecked {
                stack: String::new(),
                path,
                check,
                needs: needs.clone(),
                span: Some(p.schema.span),
            }));
            continue;
        }
        if treatment.display && p.raw().0.is_none() {
            continue;
        }
        let mut skipped = Vec::new();
        let result = p.validate(treatment.release, treatment.strict, &mut skipped);
        // Heat stops at the first invalid parameter: later ones record no skips.
        for c in skipped {
            out.report.push(Report::UntilError(Found::SkippedConstraint(p.schema.name.clone(), c)));
        }
        if let Err(e) = result {
            out.note(e.at_if_unset(p.schema.span));
        }
    }
    out.end_step();
}

fn last_source(sources: &[(String, String)], name: &str) -> Option<String> {
    sources.iter().rev().find(|(n, _)| n == name).map(|(_, f)| f.clone())
}

/// `[a-zA-Z][a-zA-Z0-9_.-]{0,254}`.
fn valid_stack_name(name: &str) -> bool {
    let mut chars = name.chars();
    match chars.next() {
        Some(c) if c.is_ascii_alphabetic() => {}
        _ => return false,
    }
    name.chars().count() <= 255 && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '-'))
}
