//! Test helpers: every unit test goes through the public `evaluate` door.

use crate::engine::evaluate;
use crate::model::Request;

fn template(version: &str, head: &str, expr: &str) -> String {
    format!("heat_template_version: {version}\n{head}outputs:\n  o:\n    value: {expr}\n")
}

fn run(version: &str, head: &str, expr: &str) -> crate::model::result::Evaluation {
    evaluate(&Request::new(template(version, head, expr)))
}

/// The output's value as compact sorted JSON, or `Err` with the output error.
pub fn eval_output_v(version: &str, head: &str, expr: &str) -> Result<String, String> {
    let ev = run(version, head, expr);
    if let Some(e) = &ev.result.error {
        panic!("template failed: {} {}", e.kind, e.message);
    }
    let out = ev.result.outputs.get("o").expect("output o");
    match &out.error {
        Some(e) => Err(e.clone()),
        None => Ok(crate::pyfmt::json_dumps(&out.value, crate::pyfmt::JsonStyle::SORTED).unwrap_or_default()),
    }
}

/// The output's value (2021-04-16) as compact sorted JSON.
pub fn eval_output(head: &str, expr: &str) -> String {
    match eval_output_v("2021-04-16", head, expr) {
        Ok(v) => v,
        Err(e) => panic!("output failed: {e}"),
    }
}

/// The output's error (2021-04-16).
pub fn eval_output_err(head: &str, expr: &str) -> String {
    match eval_output_v("2021-04-16", head, expr) {
        Ok(v) => panic!("expected an output error, got {v}"),
        Err(e) => e,
    }
}

/// The whole result's error message (2021-04-16).
pub fn eval_result_error(head: &str, expr: &str) -> String {
    let ev = run("2021-04-16", head, expr);
    ev.result.error.map(|e| e.message).expect("expected the template to fail")
}

/// The conditions of a template whose `conditions:` section is `body` (indented by us).
pub fn eval_conditions(body: &str) -> String {
    let indented: String = body.lines().map(|l| format!("  {l}\n")).collect();
    let ev = evaluate(&Request::new(format!("heat_template_version: 2021-04-16\nconditions:\n{indented}")));
    if let Some(e) = &ev.result.error {
        panic!("template failed: {} {}", e.kind, e.message);
    }
    crate::pyfmt::json_dumps(&crate::value::Value::map(ev.result.conditions), crate::pyfmt::JsonStyle::SORTED)
        .unwrap_or_default()
}

/// A whole template's error message, if it fails.
pub fn template_error(template: &str) -> Option<String> {
    template_error_in(template, None)
}

/// A whole template's error message under Heat `release` (none: 27.0.1), if it fails.
pub fn template_error_in(template: &str, release: Option<&str>) -> Option<String> {
    let mut req = Request::new(template.to_string());
    req.inputs.heat_release = release.map(String::from);
    evaluate(&req).result.error.map(|e| e.message)
}

/// A whole template's skips, sorted: `resource check service` for the plugin
/// checks, `resource property constraint` for the property constraints.
pub fn template_skips(template: &str) -> Vec<String> {
    let ev = evaluate(&Request::new(template.to_string()));
    let mut out: Vec<String> =
        ev.result.skipped_checks.iter().map(|c| format!("{} {} {}", c.resource, c.check, c.service)).collect();
    out.extend(ev.result.skipped_properties.iter().map(|p| format!("{} {} {}", p.resource, p.property, p.constraint)));
    out.sort();
    out
}
