//! `hotplate check --format text|json|sarif|github|junit`.
//!
//! - `text`: one line per template (`ok`, or its counts), then its diagnostics
//!   as `file:line:col: severity[code]: message` with the source line, and the
//!   error Heat would report.
//! - `json`: `{"templates": [...], "nested_only": [...], "environments":
//!   [...], "summary": {...}}`, every diagnostic with its file, 1-based line and
//!   column (code points) and end.
//! - `sarif`: SARIF 2.1.0, one run; rule ids are the diagnostic codes (a lint
//!   rule's with its name, summary, documentation and `helpUri`), regions
//!   1-based with `columnKind: unicodeCodePoints`, artifact URIs relative to the
//!   working directory (`%SRCROOT%`).
//! - `github`: workflow commands (`::error file=…,line=…,col=…,title=…::message`;
//!   `::warning`, and `::notice` for hotplate's notes), which GitHub Actions
//!   shows as annotations on the pull request.
//! - `junit`: one testcase per evaluation (template, or template and check),
//!   failed when the template has errors.
//!
//! A provider template's problems are reported by every parent that uses it;
//! `sarif` and `github` list each (place, code, message) once.

use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::path::Path;

use clap::ValueEnum;
use hotplate_core::api::{self, Located, Severity};
use serde_json::{json, Value as Json};

use super::Report;

/// How `hotplate check` writes its report.
#[derive(Clone, Copy, Debug, ValueEnum, PartialEq, Eq)]
pub enum CheckFormat {
    /// For people: a line per template, then its problems with source lines.
    Text,
    /// Every result and diagnostic as JSON.
    Json,
    /// SARIF 2.1.0 (GitHub code scanning and other tools).
    Sarif,
    /// GitHub Actions annotations (workflow commands).
    Github,
    /// JUnit XML, one testcase per template.
    Junit,
}

/// The report in `format`.
pub fn write(report: &Report, format: CheckFormat) -> String {
    match format {
        CheckFormat::Text => text(report),
        CheckFormat::Json => format!("{:#}\n", json_report(report)),
        CheckFormat::Sarif => format!("{:#}\n", sarif(report)),
        CheckFormat::Github => github(report),
        CheckFormat::Junit => junit(report),
    }
}

fn plural(n: usize, one: &str) -> String {
    if n == 1 {
        format!("1 {one}")
    } else {
        format!("{n} {one}s")
    }
}

fn text(report: &Report) -> String {
    let mut out = String::new();
    for o in &report.outcomes {
        let (errors, warnings, infos) = (o.count(Severity::Error), o.count(Severity::Warning), o.count(Severity::Info));
        let mut counts: Vec<String> = Vec::new();
        if o.failed {
            counts.push(plural(errors, "error"));
        }
        if warnings > 0 {
            counts.push(plural(warnings, "warning"));
        }
        if infos > 0 {
            counts.push(format!("{infos} info"));
        }
        let status = match (&o.io_error, o.failed) {
            (Some(e), _) => format!("cannot check: {e}"),
            (None, false) if counts.is_empty() => "ok".to_string(),
            (None, false) => format!("ok, {}", counts.join(", ")),
            (None, true) => counts.join(", "),
        };
        let mode = if o.without_values && o.io_error.is_none() { " (without values)" } else { "" };
        let release = o.release.map(|r| format!(" (as openstack-heat {r})")).unwrap_or_default();
        let _ = writeln!(out, "{}: {status}{mode}{release}", o.label());
        out.push_str(&o.rendered);
        if !o.unknowns.is_empty() {
            let _ = writeln!(out, "values not given (left unknown): {}", o.unknowns.join(", "));
        }
        if !o.not_checked.is_empty() {
            let _ = writeln!(out, "not checked without them: {}", plural(o.not_checked.len(), "check"));
        }
        if let Some((kind, message)) = &o.error {
            let _ = writeln!(out, "Heat would refuse this stack: {kind}: {message}");
        }
        for (stack, kind, message) in &o.nested_errors {
            let _ = writeln!(out, "Heat would fail to create its nested stack {stack}: {kind}: {message}");
        }
        for (output, message) in &o.output_errors {
            let _ = writeln!(out, "output {output} fails: {message}");
        }
        for (place, _, needs) in &o.deploy_time {
            let waits = needs.iter().map(|n| format!("\u{27e8}{n}\u{27e9}")).collect::<Vec<_>>().join(", ");
            let waits = if waits.is_empty() { String::new() } else { format!(" (waits for {waits})") };
            let _ = writeln!(out, "checked at deploy time: {place}{waits}");
        }
        if o.failed || !o.rendered.is_empty() || !o.unknowns.is_empty() {
            out.push('\n');
        }
    }
    for (provider, parents) in &report.found.providers {
        let names: Vec<String> = parents.iter().map(|p| p.display().to_string()).collect();
        let _ = writeln!(out, "{}: checked as a nested stack of {}", provider.display(), names.join(", "));
    }
    let failed = report.outcomes.iter().filter(|o| o.failed || o.io_error.is_some()).count();
    let roots = report.found.roots.len();
    let mut summary = format!(
        "checked {} ({} on {} own",
        plural(roots + report.found.providers.len(), "template"),
        roots,
        if roots == 1 { "its" } else { "their" }
    );
    if report.outcomes.len() != roots {
        let _ = write!(summary, ", {}", plural(report.outcomes.len(), "evaluation"));
    }
    let _ = write!(
        summary,
        ", {} as nested stacks only): {} with errors",
        report.found.providers.len(),
        plural(failed, "evaluation")
    );
    if !report.found.environments.is_empty() {
        let _ = write!(summary, "; {} not evaluated", plural(report.found.environments.len(), "environment file"));
    }
    let _ = writeln!(out, "{summary}");
    if report.found.roots.is_empty() && report.found.providers.is_empty() {
        out.push_str("no template found (a template is a YAML or JSON map with a `heat_template_version` key)\n");
    }
    out
}

fn located_json(d: &Located) -> Json {
    json!({
        "code": d.code,
        "severity": d.severity.as_str(),
        "message": d.message,
        "path": d.path,
        "file": d.file,
        "line": d.line,
        "column": d.column,
        "end_line": d.end_line,
        "end_column": d.end_column,
    })
}

fn json_report(report: &Report) -> Json {
    let templates: Vec<Json> = report
        .outcomes
        .iter()
        .map(|o| {
            json!({
                "file": o.template,
                "check": o.check,
                "status": if o.io_error.is_some() { "unreadable" } else if o.failed { "error" } else { "ok" },
                "io_error": o.io_error,
                "error": o.error.as_ref().map(|(t, m)| json!({"type": t, "message": m})),
                "nested_errors": o.nested_errors.iter().map(|(s, t, m)| json!({"stack": s, "type": t, "message": m})).collect::<Vec<_>>(),
                "output_errors": o.output_errors.iter().map(|(n, m)| json!({"output": n, "message": m})).collect::<Vec<_>>(),
                "diagnostics": o.diagnostics.iter().map(located_json).collect::<Vec<_>>(),
                "mode": if o.without_values { "without-values" } else { "create" },
                "unknowns": o.unknowns,
                "not_checked": o.not_checked.iter().map(|(p, c, n)| json!({"path": p, "check": c, "needs": n})).collect::<Vec<_>>(),
                "deploy_time": o.deploy_time.iter().map(|(p, m, n)| json!({"place": p, "message": m, "needs": n})).collect::<Vec<_>>(),
            })
        })
        .collect();
    let nested_only: Vec<Json> = report
        .found
        .providers
        .iter()
        .map(|(p, parents)| {
            json!({"file": p.display().to_string(), "parents": parents.iter().map(|p| p.display().to_string()).collect::<Vec<_>>()})
        })
        .collect();
    json!({
        "templates": templates,
        "nested_only": nested_only,
        "environments": report.found.environments.iter().map(|p| p.display().to_string()).collect::<Vec<_>>(),
        "summary": {
            "templates": report.found.roots.len() + report.found.providers.len(),
            "evaluations": report.outcomes.len(),
            "failed": report.outcomes.iter().filter(|o| o.failed).count(),
            "errors": report.outcomes.iter().map(|o| o.count(Severity::Error)).sum::<usize>(),
            "warnings": report.outcomes.iter().map(|o| o.count(Severity::Warning)).sum::<usize>(),
        },
    })
}

/// One problem to report once: a diagnostic, or an evaluation that failed
/// without one (an unreadable file), at its template.
struct Finding<'a> {
    code: &'a str,
    severity: Severity,
    message: String,
    file: String,
    /// Line, column, end line, end column (1-based); `None`: the file as a whole.
    region: Option<(u32, u32, u32, u32)>,
}

/// Every finding of the report, each (place, code, message) once.
fn findings(report: &Report) -> Vec<Finding<'_>> {
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for o in &report.outcomes {
        let mut of_outcome: Vec<Finding<'_>> = o
            .diagnostics
            .iter()
            .map(|d| {
                // Heat's breadcrumb, unless the message names it already.
                let message = if d.path.is_empty() || d.message.contains(&d.path) {
                    d.message.clone()
                } else {
                    format!("{} (at {})", d.message, d.path)
                };
                let region = (d.line > 0).then_some((d.line, d.column, d.end_line.max(d.line), d.end_column.max(1)));
                let file = d.file.clone().filter(|_| d.line > 0).unwrap_or_else(|| o.template.clone());
                Finding { code: d.code, severity: d.severity, message, file, region }
            })
            .collect();
        if let Some(e) = &o.io_error {
            of_outcome.push(Finding {
                code: "unreadable-file",
                severity: Severity::Error,
                message: e.clone(),
                file: o.template.clone(),
                region: None,
            });
        }
        for f in of_outcome {
            if seen.insert((f.file.clone(), f.region, f.code, f.message.clone())) {
                out.push(f);
            }
        }
    }
    out
}

/// A path as a URI reference relative to the working directory (`/` separated,
/// reserved characters percent-encoded), or a `file://` URI outside it.
pub(crate) fn uri(file: &str, cwd: &Path) -> (String, bool) {
    let path = Path::new(file);
    let (rel, relative) = match path.strip_prefix(cwd) {
        Ok(r) => (r.to_path_buf(), true),
        Err(_) if path.is_absolute() => (path.to_path_buf(), false),
        Err(_) => (path.to_path_buf(), true),
    };
    let out = encode(&rel);
    if relative {
        (out, true)
    } else {
        (format!("file://{out}"), false)
    }
}

/// A path as a URI path: `/` separated, reserved characters percent-encoded.
pub(crate) fn encode(path: &Path) -> String {
    let text = path.to_string_lossy().replace('\\', "/");
    let mut out = String::new();
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/!$&'()*+,;=:@".contains(&b) {
            out.push(char::from(b));
        } else {
            let _ = write!(out, "%{b:02X}");
        }
    }
    out
}

/// A rule's SARIF metadata: a lint rule's name, summary, documentation and
/// its `helpUri` in the repository; an engine code's code (Heat's own check).
fn rule_metadata(code: &str) -> Json {
    let Some(r) = api::lint_rule(code) else {
        return json!({"id": code, "shortDescription": {"text": code}});
    };
    let mut out = json!({
        "id": r.id,
        "name": r.name,
        "shortDescription": {"text": r.summary},
        "helpUri": api::lint_help_uri(r.id),
        "defaultConfiguration": {"level": sarif_level(r.severity), "enabled": r.on_by_default},
        "properties": {"tags": ["hotplate-lint"]},
    });
    if let Some(doc) = api::lint_rule_doc(r.id) {
        out["help"] = json!({"text": r.summary, "markdown": doc});
    }
    out
}

/// SARIF's `level` (`error`, `warning`, `note`).
fn sarif_level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Note | Severity::Info => "note",
    }
}

/// One SARIF result: the rule (id and index in the log's rules), level,
/// message, and where: the file as a URI (relative ones based on `%SRCROOT%`)
/// and the region (line, column, end line, end column) when known.
pub(crate) struct SarifResult<'a> {
    pub rule: &'a str,
    pub index: usize,
    pub level: &'a str,
    pub message: &'a str,
    pub file: &'a str,
    pub region: Option<(u32, u32, u32, u32)>,
}

/// A SARIF 2.1.0 log of one hotplate run: its rules' metadata and results,
/// relative URIs based on `cwd`.
pub(crate) fn sarif_log(rules: Vec<Json>, results: &[SarifResult<'_>], cwd: &Path) -> Json {
    let results: Vec<Json> = results
        .iter()
        .map(|f| {
            let (uri, relative) = uri(f.file, cwd);
            let mut artifact = json!({"uri": uri});
            if relative {
                artifact["uriBaseId"] = json!("%SRCROOT%");
            }
            let mut physical = json!({"artifactLocation": artifact});
            if let Some((line, col, end_line, end_col)) = f.region {
                physical["region"] =
                    json!({"startLine": line, "startColumn": col, "endLine": end_line, "endColumn": end_col});
            }
            json!({
                "ruleId": f.rule,
                "ruleIndex": f.index,
                "level": f.level,
                "message": {"text": f.message},
                "locations": [{"physicalLocation": physical}],
            })
        })
        .collect();
    let root = format!("file://{}/", encode(cwd).trim_end_matches('/'));
    json!({
        "$schema": "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "hotplate",
                "version": env!("CARGO_PKG_VERSION"),
                "rules": rules,
            }},
            "originalUriBaseIds": {"%SRCROOT%": {"uri": root}},
            "columnKind": "unicodeCodePoints",
            "results": results,
        }],
    })
}

fn sarif(report: &Report) -> Json {
    let findings = findings(report);
    let rules: Vec<&str> = findings.iter().map(|f| f.code).collect::<BTreeSet<_>>().into_iter().collect();
    let results: Vec<SarifResult<'_>> = findings
        .iter()
        .map(|f| SarifResult {
            rule: f.code,
            index: rules.iter().position(|r| *r == f.code).unwrap_or_default(),
            level: sarif_level(f.severity),
            message: &f.message,
            file: &f.file,
            region: f.region,
        })
        .collect();
    sarif_log(rules.iter().map(|r| rule_metadata(r)).collect(), &results, &report.cwd)
}

/// GitHub's escaping of a workflow command's message (`escapeData`).
pub(crate) fn escape_data(s: &str) -> String {
    s.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")
}

/// GitHub's escaping of a workflow command's property value (`escapeProperty`).
pub(crate) fn escape_property(s: &str) -> String {
    escape_data(s).replace(':', "%3A").replace(',', "%2C")
}

fn github(report: &Report) -> String {
    let mut out = String::new();
    for f in findings(report) {
        let kind = match f.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note | Severity::Info => "notice",
        };
        let mut props = vec![format!("file={}", escape_property(&f.file))];
        if let Some((line, col, end_line, end_col)) = f.region {
            props.push(format!("line={line},col={col},endLine={end_line},endColumn={end_col}"));
        }
        props.push(format!("title={}", escape_property(&format!("hotplate: {}", f.code))));
        let _ = writeln!(out, "::{kind} {}::{}", props.join(","), escape_data(&f.message));
    }
    let failed = report.outcomes.iter().filter(|o| o.failed || o.io_error.is_some()).count();
    let _ =
        writeln!(out, "hotplate check: {} evaluated, {failed} with errors", plural(report.outcomes.len(), "template"));
    out
}

/// Text for XML 1.0 attribute values and character data: markup escaped,
/// characters XML cannot carry replaced by U+FFFD.
fn xml(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => out.push('\u{FFFD}'),
            c => out.push(c),
        }
    }
    out
}

fn junit(report: &Report) -> String {
    let failures = report.outcomes.iter().filter(|o| o.failed).count();
    let errors = report.outcomes.iter().filter(|o| o.io_error.is_some()).count();
    let n = report.outcomes.len();
    let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    let _ =
        writeln!(out, "<testsuites name=\"hotplate check\" tests=\"{n}\" failures=\"{failures}\" errors=\"{errors}\">");
    let _ = writeln!(
        out,
        "  <testsuite name=\"hotplate check\" tests=\"{n}\" failures=\"{failures}\" errors=\"{errors}\">"
    );
    for o in &report.outcomes {
        let _ = write!(
            out,
            "    <testcase classname=\"hotplate\" name=\"{}\" file=\"{}\"",
            xml(&o.label()),
            xml(&o.template)
        );
        match (&o.io_error, &o.error) {
            (Some(e), _) => {
                let _ = writeln!(out, ">\n      <error message=\"{}\"/>\n    </testcase>", xml(e));
            }
            _ if o.failed => {
                let (kind, message) = o
                    .error
                    .clone()
                    .or_else(|| o.nested_errors.first().map(|(s, k, m)| (k.clone(), format!("nested stack {s}: {m}"))))
                    .or_else(|| o.output_errors.first().map(|(n, m)| ("output".into(), format!("output {n}: {m}"))))
                    .or_else(|| {
                        let d = o.diagnostics.iter().find(|d| d.severity == Severity::Error)?;
                        Some((d.code.to_string(), d.message.clone()))
                    })
                    .unwrap_or_default();
                let _ = writeln!(
                    out,
                    ">\n      <failure type=\"{}\" message=\"{}\">{}</failure>\n    </testcase>",
                    xml(&kind),
                    xml(&message),
                    xml(&o.rendered)
                );
            }
            _ if !o.rendered.is_empty() => {
                let _ = writeln!(out, ">\n      <system-out>{}</system-out>\n    </testcase>", xml(&o.rendered));
            }
            _ => out.push_str("/>\n"),
        }
    }
    out.push_str("  </testsuite>\n</testsuites>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn github_commands_are_escaped_as_the_actions_toolkit_escapes_them() {
        assert_eq!(escape_data("50% of a\r\nb: c, d"), "50%25 of a%0D%0Ab: c, d");
        assert_eq!(escape_property("dir:a,b%\n"), "dir%3Aa%2Cb%25%0A");
    }

    #[test]
    fn xml_text_is_escaped_and_kept_well_formed() {
        assert_eq!(xml("a<b & \"c\" 'd'>"), "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;");
        assert_eq!(xml("tab\there\u{1}\u{FFFF}é"), "tab\there\u{FFFD}\u{FFFD}é");
    }

    #[test]
    fn uris_are_relative_to_the_working_directory_and_encoded() {
        let cwd = Path::new("/work/repo");
        assert_eq!(uri("deploy/a b#1.yaml", cwd), ("deploy/a%20b%231.yaml".to_string(), true));
        assert_eq!(uri("/work/repo/x/é.yaml", cwd), ("x/%C3%A9.yaml".to_string(), true));
        assert_eq!(uri("/elsewhere/t.yaml", cwd), ("file:///elsewhere/t.yaml".to_string(), false));
    }
}
