//! `hotplate plan --format text|json|plan-json|markdown|sarif|github`.
//!
//! - `text`: Terraform-like — `+` added, `-` deleted, `-/+` replaced, `~`
//!   updated in place — each with why, the changed values (before → after,
//!   as the core renderer writes them; `⟨…⟩` is known only once the update
//!   runs) and what is at risk; nested stacks below their parent.
//! - `json`: the oracle's preview result (Heat's five lists, `nested`, `error`).
//! - `plan-json`: the whole plan (`heat`: the oracle's result; `summary`;
//!   `stack`: every resource with its reasons, changes and places).
//! - `markdown`: for a pull-request comment: the counts, a table of what
//!   changes and why, the values in a collapsed section.
//! - `sarif` (2.1.0) and `github` (workflow commands): replacements and
//!   deletions as warnings, `restricted_actions` the real update stops at and
//!   Heat's refusal as errors, on the lines that cause them.

use std::fmt::Write as _;

use clap::ValueEnum;
use hotplate_core::api::Format;
use hotplate_core::api::{Action, Change, Place, Plan, ResourcePlan, StackPlan};
use serde_json::{json, Value as Json};

use crate::check::formats::{escape_data, escape_property, sarif_log, SarifResult};

/// How `hotplate plan` writes the plan.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum PlanFormat {
    /// For people: symbols, reasons, values.
    Text,
    /// The oracle's preview result (Heat's answer).
    Json,
    /// The whole plan as JSON: Heat's answer, counts, reasons, values, places.
    PlanJson,
    /// Markdown for a pull-request comment.
    Markdown,
    /// SARIF 2.1.0 (GitHub code scanning and other tools).
    Sarif,
    /// GitHub Actions annotations (workflow commands).
    Github,
}

/// How values are written in a format.
pub fn value_format(_: PlanFormat) -> Format {
    Format::JsonLine
}

/// The plan in `format`; `label` names the stack (the template, or the files
/// compared).
pub fn write(plan: &Plan, format: PlanFormat, label: &str) -> String {
    match format {
        PlanFormat::Text => text(plan, label),
        PlanFormat::Json => format!("{}\n", plan.to_json()),
        // The package's `UpdatePlan`: the api type, serialized.
        PlanFormat::PlanJson => {
            format!("{}\n", serde_json::to_string_pretty(&plan.clone().into_detail()).unwrap_or_default())
        }
        PlanFormat::Markdown => markdown(plan, label),
        PlanFormat::Sarif => format!("{:#}\n", sarif(plan)),
        PlanFormat::Github => github(plan),
    }
}

/// The order resources are listed in: what destroys first.
const ORDER: [Action; 4] = [Action::Replaced, Action::Deleted, Action::Updated, Action::Added];

fn symbol(a: Action) -> &'static str {
    match a {
        Action::Added => "+",
        Action::Deleted => "-",
        Action::Replaced => "-/+",
        Action::Updated => "~",
        Action::Unchanged => " ",
    }
}

fn verb(a: Action) -> &'static str {
    match a {
        Action::Added => "will be created",
        Action::Deleted => "will be deleted",
        Action::Replaced => "must be replaced",
        Action::Updated => "will be updated in place",
        Action::Unchanged => "is unchanged",
    }
}

/// `1 to add, 2 to replace, …`.
fn counts(plan: &Plan) -> String {
    let s = plan.summary();
    format!(
        "{} to add, {} to replace, {} to update in place, {} to delete, {} unchanged",
        s.added, s.replaced, s.updated, s.deleted, s.unchanged
    )
}

/// A value as shown, or what stands for its absence.
fn shown(v: Option<&hotplate_core::api::Rendered>) -> String {
    v.map_or_else(|| "(default)".to_string(), |r| r.text.trim_end().to_string())
}

/// What happens to a resource's data, in words.
fn risk(r: &ResourcePlan) -> Option<String> {
    let policy = r.deletion_policy.as_deref()?;
    Some(match policy {
        "Delete" => "the existing resource is deleted with its data (deletion_policy: Delete)".to_string(),
        "Retain" => "the existing resource is kept, no longer managed (deletion_policy: Retain)".to_string(),
        other => format!("a snapshot of the existing resource is kept (deletion_policy: {other})"),
    })
}

/// The sentence the real update's `restricted_actions` gives.
fn restriction(r: &ResourcePlan) -> Option<String> {
    r.restricted.as_ref().map(|a| {
        format!(
            "restricted_actions forbids {a}: the real update fails here (Heat's preview does not check restricted_actions)"
        )
    })
}

/// What the whole plan warns of: a headline and why, in the words every
/// format shows (`text` as `! …`, `markdown` as a quote with the headline bold).
fn warnings(plan: &Plan) -> Vec<(String, &'static str)> {
    let s = plan.summary();
    let mut out = Vec::new();
    if s.data_lost > 0 {
        out.push((
            format!("{} resource(s) lose their data", s.data_lost),
            "replaced or deleted with deletion_policy: Delete",
        ));
    }
    if s.restricted > 0 {
        out.push((
            format!("{} change(s) are refused by restricted_actions: the real update fails", s.restricted),
            "Heat's preview does not check restricted_actions",
        ));
    }
    out
}

fn text(plan: &Plan, label: &str) -> String {
    let mut out = String::new();
    if let Some(e) = &plan.error {
        let _ = writeln!(out, "hotplate plan: {label}");
        let at = plan.error_place.as_ref().map(|p| format!("{}:{}:{}: ", p.file, p.line, p.column)).unwrap_or_default();
        let _ = writeln!(out, "{at}Heat would refuse this update: {}: {}", e.kind, e.message);
        return out;
    }
    let _ = writeln!(out, "hotplate plan: {label}: {}.", counts(plan));
    text_stack(&plan.stack, "", &mut out);
    for (i, (headline, why)) in warnings(plan).iter().enumerate() {
        let _ = writeln!(out, "{}! {headline} ({why}).", if i == 0 { "\n" } else { "" });
    }
    out
}

fn text_stack(stack: &StackPlan, indent: &str, out: &mut String) {
    for action in ORDER {
        for r in stack.resources.iter().filter(|r| r.action == action) {
            let _ = writeln!(out, "\n{indent}{:>3} {} ({}) {}", symbol(action), r.name, r.type_name, verb(action));
            let pad = format!("{indent}      ");
            for reason in &r.reasons {
                let _ = writeln!(out, "{pad}# {}", reason.text());
            }
            for c in r.properties.iter().chain(&r.fields) {
                let mut line = format!("{pad}~ {}: {} → {}", c.name, shown(c.before.as_ref()), shown(c.after.as_ref()));
                if c.forces_replacement {
                    line.push_str("   # forces replacement");
                }
                let _ = writeln!(out, "{line}");
            }
            for warning in restriction(r).into_iter().chain(risk(r)) {
                let _ = writeln!(out, "{pad}! {warning}");
            }
        }
    }
    for (name, nested) in &stack.nested {
        let ty = stack.resources.iter().find(|r| r.name == *name).map(|r| r.type_name.as_str()).unwrap_or("");
        let _ = writeln!(out, "\n{indent}  in nested stack {name} ({ty}):");
        text_stack(nested, &format!("{indent}    "), out);
    }
}

/// Markdown inline code that survives any content (backticks and table pipes).
fn code(s: &str) -> String {
    let s = s.replace('|', "\\|").replace('\n', " ");
    let fence = if s.contains('`') { "`` " } else { "`" };
    let close = if s.contains('`') { " ``" } else { "`" };
    format!("{fence}{s}{close}")
}

fn markdown(plan: &Plan, label: &str) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "### hotplate plan: {}\n", code(label));
    if let Some(e) = &plan.error {
        let _ = writeln!(out, "**Heat would refuse this update**: `{}`: {}", e.kind, e.message.replace('\n', " "));
        return out;
    }
    let _ = writeln!(out, "{}.\n", counts(plan));
    for (headline, why) in warnings(plan) {
        let _ = writeln!(out, "> **{headline}** ({why}).\n");
    }
    let rows: Vec<(Vec<String>, &ResourcePlan)> =
        ORDER.iter().flat_map(|a| plan.resources().into_iter().filter(move |(_, r)| r.action == *a)).collect();
    if rows.is_empty() {
        out.push_str("Nothing changes.\n");
        return out;
    }
    out.push_str("| | Resource | Type | Why |\n|:-:|---|---|---|\n");
    for (path, r) in &rows {
        let mut name = path.clone();
        name.push(r.name.clone());
        let mut why: Vec<String> = r.reasons.iter().map(|x| x.text()).collect();
        why.extend(restriction(r).map(|t| format!("**{t}**")));
        why.extend(risk(r).map(|t| if r.loses_data() { format!("**{t}**") } else { t }));
        let _ = writeln!(
            out,
            "| {} {} | {} | {} | {} |",
            symbol(r.action).replace('|', "\\|"),
            r.action.as_str(),
            code(&name.join("/")),
            code(&r.type_name),
            why.join("; ").replace('|', "\\|").replace('\n', " ")
        );
    }
    let changed: Vec<&(Vec<String>, &ResourcePlan)> =
        rows.iter().filter(|(_, r)| !r.properties.is_empty() || !r.fields.is_empty()).collect();
    if !changed.is_empty() {
        out.push_str("\n<details><summary>Changed values</summary>\n\n| Resource | Property | Before | After |\n|---|---|---|---|\n");
        for (path, r) in changed {
            let mut name = path.clone();
            name.push(r.name.clone());
            for c in r.properties.iter().chain(&r.fields) {
                let mark = if c.forces_replacement { " (forces replacement)" } else { "" };
                let _ = writeln!(
                    out,
                    "| {} | {}{mark} | {} | {} |",
                    code(&name.join("/")),
                    code(&c.name),
                    code(&shown(c.before.as_ref())),
                    code(&shown(c.after.as_ref()))
                );
            }
        }
        out.push_str("\n</details>\n");
    }
    out
}

/// One annotation: (rule, level, message, file, region).
struct Finding {
    rule: &'static str,
    level: &'static str,
    message: String,
    file: String,
    region: Option<(u32, u32, u32, u32)>,
}

/// The rules of `sarif`: id and description.
const RULES: &[(&str, &str)] = &[
    ("plan-refused", "Heat would refuse this update (the preview fails)."),
    ("plan-replace", "The update replaces a resource: it is deleted and created again (a new physical resource)."),
    ("plan-delete", "The update deletes a resource."),
    ("plan-restricted", "restricted_actions forbids what the update does to a resource: the real update fails (Heat's preview does not check restricted_actions)."),
];

fn region(p: &Place) -> Option<(u32, u32, u32, u32)> {
    (p.line > 0).then_some((p.line, p.column, p.end_line.max(p.line), p.end_column.max(1)))
}

/// Where a replacement is caused: the first property forcing it, else the definition.
fn cause(r: &ResourcePlan) -> Option<&Place> {
    r.properties
        .iter()
        .chain(&r.fields)
        .filter(|c| c.forces_replacement)
        .find_map(|c: &Change| c.place.as_ref())
        .or(r.place.as_ref())
}

fn findings(plan: &Plan) -> Vec<Finding> {
    let mut out = Vec::new();
    if let Some(e) = &plan.error {
        let p = plan.error_place.as_ref();
        out.push(Finding {
            rule: "plan-refused",
            level: "error",
            message: format!("Heat would refuse this update: {}: {}", e.kind, e.message),
            file: p.map(|p| p.file.clone()).unwrap_or_default(),
            region: p.and_then(region),
        });
        return out;
    }
    for (path, r) in plan.resources() {
        let mut name = path.clone();
        name.push(r.name.clone());
        let name = name.join("/");
        let mut tail: Vec<String> = Vec::new();
        tail.extend(risk(r));
        let (rule, what, place) = match r.action {
            Action::Replaced => {
                let why: Vec<String> = r.reasons.iter().map(|x| x.text()).collect();
                ("plan-replace", format!("{name} ({}) is replaced: {}", r.type_name, why.join("; ")), cause(r))
            }
            // A deleted resource is no longer in the new template: the file.
            Action::Deleted => ("plan-delete", format!("{name} ({}) is deleted", r.type_name), None),
            _ => ("", String::new(), None),
        };
        let file = r.place.as_ref().map(|p| p.file.clone()).unwrap_or_default();
        if !rule.is_empty() {
            let message = if tail.is_empty() { what } else { format!("{what}; {}", tail.join("; ")) };
            out.push(Finding { rule, level: "warning", message, file: file.clone(), region: place.and_then(region) });
        }
        if let Some(t) = restriction(r) {
            out.push(Finding {
                rule: "plan-restricted",
                level: "error",
                message: format!("{name} ({}): {t}", r.type_name),
                file,
                region: r.place.as_ref().and_then(region),
            });
        }
    }
    out
}

fn sarif(plan: &Plan) -> Json {
    let cwd = std::env::current_dir().unwrap_or_default();
    let findings = findings(plan);
    let results: Vec<SarifResult<'_>> = findings
        .iter()
        .map(|f| SarifResult {
            rule: f.rule,
            index: RULES.iter().position(|(id, _)| *id == f.rule).unwrap_or_default(),
            level: f.level,
            message: &f.message,
            file: &f.file,
            region: f.region,
        })
        .collect();
    let rules = RULES.iter().map(|(id, d)| json!({"id": id, "shortDescription": {"text": d}})).collect();
    sarif_log(rules, &results, &cwd)
}

fn github(plan: &Plan) -> String {
    let mut out = String::new();
    for f in findings(plan) {
        let mut props = vec![format!("file={}", escape_property(&f.file))];
        if let Some((line, col, end_line, end_col)) = f.region {
            props.push(format!("line={line},col={col},endLine={end_line},endColumn={end_col}"));
        }
        props.push(format!("title={}", escape_property(&format!("hotplate: {}", f.rule))));
        let _ = writeln!(out, "::{} {}::{}", f.level, props.join(","), escape_data(&f.message));
    }
    let _ = writeln!(
        out,
        "hotplate plan: {}",
        if plan.error.is_some() { "Heat would refuse this update".to_string() } else { counts(plan) }
    );
    out
}
