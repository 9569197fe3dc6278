//! `hotplate rules [ID]`: every lint rule with its id, severity, whether it
//! is on by default and its summary; with an id, that rule's documentation
//! (the markdown of `docs/rules/<ID>.md`).

use std::fmt::Write as _;
use std::process::ExitCode;

use clap::ValueEnum;
use hotplate_core::api::{self, RuleInfo};
use serde_json::json;

/// How `hotplate rules` writes the list.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum RulesFormat {
    /// A table for people.
    Text,
    /// A JSON array (id, name, severity, on_by_default, summary, help_uri).
    Json,
}

/// Run the command.
pub fn run(id: Option<&str>, format: RulesFormat) -> ExitCode {
    if let Some(id) = id {
        return match api::lint_rule_doc(id) {
            Some(doc) => {
                crate::emit(&doc);
                ExitCode::SUCCESS
            }
            None => {
                eprintln!("hotplate rules: no lint rule `{id}` (`hotplate rules` lists them)");
                ExitCode::from(2)
            }
        };
    }
    let rules = api::lint_rules();
    crate::emit(&match format {
        RulesFormat::Text => table(&rules),
        RulesFormat::Json => {
            let list: Vec<_> = rules
                .iter()
                .map(|r| {
                    json!({
                        "id": r.id,
                        "name": r.name,
                        "severity": r.severity.as_str(),
                        "on_by_default": r.on_by_default,
                        "summary": r.summary,
                        "help_uri": api::lint_help_uri(r.id),
                    })
                })
                .collect();
            format!("{:#}\n", json!(list))
        }
    });
    ExitCode::SUCCESS
}

fn table(rules: &[RuleInfo]) -> String {
    let width = rules.iter().map(|r| r.name.len()).max().unwrap_or(0);
    let mut out = String::new();
    for r in rules {
        let on = if r.on_by_default { "on" } else { "off" };
        let _ = writeln!(out, "{}  {:<7}  {on:<3}  {:<width$}  {}", r.id, r.severity.as_str(), r.name, r.summary);
    }
    let _ = writeln!(
        out,
        "\n{} rules. `hotplate rules ID` shows one's documentation; `hotplate check --enable ID` runs one that is off.",
        rules.len()
    );
    out
}
