//! Lint rules: the mistakes Heat accepts and deploys.
//!
//! Heat takes `{get_parm: x}` as a plain map, compares a number parameter with
//! the string `"0"` and calls the condition false forever, lets a port's
//! `value_specs` override its own properties. None of that is an error, so the
//! engine (which reports exactly what Heat reports) says nothing; these rules do.
//!
//! A rule is one file in `rules/` (one rule, one file, one doc, as cfn-lint):
//! an [`Info`] (id such as `W1001`, severity, on by default or not), a check
//! over the evaluated stack ([`Ctx`]: the template's tree with spans, the
//! values the evaluation knows, the catalogue) and its texts ([`Doc`]: a
//! one-line summary, documentation with a bad and a good example, which is
//! also the rule's test: the bad example fires, the good one does not),
//! written out as `docs/rules/<ID>.md`. Only listings and docs read the
//! texts ([`RuleInfo`] joins them): running the rules (the wasm module) links
//! none of them. Facts that are data (support status of types
//! and properties, which properties hold secrets) live in tables, not code.
//!
//! Lint is display only: it reads an [`Evaluation`] and returns diagnostics;
//! the canonical result never sees it, and `evaluate` does not run it.
//! Rules never guess: a value the evaluation does not know (a deploy-time
//! attribute, a parameter without a value) makes a rule stay silent.
//!
//! Silencing: `# hotplate: disable=W1001,W3006` at the end of a line (that
//! line) or alone on a line (the next line), `# hotplate: disable-file=W2001`
//! anywhere (the whole file), `all` for every rule; [`Options`] turns rules on
//! and off (the CLI's `--enable/--disable` and `.hotplate.yaml`).

mod facts;
mod model;
mod rules;
mod suppress;

use std::ops::Range;

use crate::model::diag::{Diagnostic, Severity};
use crate::model::result::Evaluation;
use crate::model::Request;
pub use crate::model::{LintOptions as Options, RuleInfo};
use crate::source::Span;

pub(crate) use model::Ctx;

/// What running a rule needs to know of it. Its texts (summary,
/// documentation) are in its [`Doc`], which only listings and docs read: a
/// build that runs the rules (the wasm module) carries no rule text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Info {
    pub id: &'static str,
    pub name: &'static str,
    pub severity: Severity,
    pub on_by_default: bool,
}

/// A rule: what it is and its check.
pub(crate) struct Rule {
    pub info: Info,
    pub check: fn(&Ctx<'_>, &mut Findings<'_>),
}

/// A rule's texts; its examples are its tests.
pub(crate) struct Doc {
    /// One line: what it finds.
    pub summary: &'static str,
    /// Why it matters and what Heat does (markdown).
    pub text: &'static str,
    /// A template the rule fires on.
    pub bad: &'static str,
    /// The same template, fixed: the rule stays silent.
    pub good: &'static str,
    /// Files both examples need (`get_file`, provider templates).
    pub files: &'static [(&'static str, &'static str)],
}

impl Options {
    /// Whether a rule runs: an id named in `disable` is off, one named in
    /// `enable` is on; otherwise `all` in either, then the rule's default.
    pub(crate) fn runs(&self, rule: &Info) -> bool {
        let named = |list: &[String]| list.iter().any(|s| s.eq_ignore_ascii_case(rule.id) || s == rule.name);
        let all = |list: &[String]| list.iter().any(|s| s == "all");
        if named(&self.disable) {
            false
        } else if named(&self.enable) {
            true
        } else if all(&self.disable) {
            false
        } else {
            all(&self.enable) || rule.on_by_default
        }
    }

    /// Every id or name in `enable`/`disable` that names no rule (`all` is one).
    pub fn unknown(&self) -> Vec<String> {
        self.enable.iter().chain(&self.disable).filter(|s| s.as_str() != "all" && rule(s).is_none()).cloned().collect()
    }
}

/// A fix a finding offers: text edits in its template.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Fix {
    /// What it does (`Remove the depends_on entry`).
    pub title: String,
    /// Byte ranges of the template and their new text.
    pub edits: Vec<(Range<usize>, String)>,
}

/// What a rule found: a diagnostic (code = the rule's id) and its fixes.
#[derive(Clone, Debug)]
pub(crate) struct Finding {
    pub diagnostic: Diagnostic,
    pub fixes: Vec<Fix>,
}

/// Where one rule's findings go.
pub(crate) struct Findings<'r> {
    rule: &'r Info,
    out: Vec<Finding>,
}

impl Findings<'_> {
    /// Report `message` at `span`, Heat's breadcrumb `path`.
    pub fn report(&mut self, span: Span, path: impl Into<String>, message: impl Into<String>) {
        let diagnostic = Diagnostic {
            code: self.rule.id,
            severity: self.rule.severity,
            message: message.into(),
            path: path.into(),
            span: Some(span),
        };
        self.out.push(Finding { diagnostic, fixes: Vec::new() });
    }

    /// Offer a fix for the finding reported last.
    pub fn fix(&mut self, title: impl Into<String>, edits: Vec<(Range<usize>, String)>) {
        if let Some(f) = self.out.last_mut() {
            f.fixes.push(Fix { title: title.into(), edits });
        }
    }
}

/// Every rule, in id order (by number).
pub fn rules() -> impl Iterator<Item = RuleInfo> {
    rules::RULES.iter().zip(rules::DOCS).map(|(r, doc)| {
        let Info { id, name, severity, on_by_default } = r.info;
        RuleInfo { id, name, severity, summary: doc.summary, on_by_default }
    })
}

/// The rule with this id (any case) or name.
pub fn find(id: &str) -> Option<RuleInfo> {
    rules().find(|r| r.id.eq_ignore_ascii_case(id) || r.name == id)
}

/// The rule with this id (any case) or name, without its texts.
pub(crate) fn rule(id: &str) -> Option<&'static Info> {
    rules::RULES.iter().map(|r| &r.info).find(|r| r.id.eq_ignore_ascii_case(id) || r.name == id)
}

/// Where the rules' documentation is published: the playground site's
/// `/rules/<ID>` (its build renders `docs/rules/`), or the base URL given by
/// `HOTPLATE_RULES_URL` when hotplate is built.
const RULES_URL: Option<&str> = option_env!("HOTPLATE_RULES_URL");

/// Where a rule's documentation is published (SARIF's `helpUri`, the rules'
/// listings, a finding's `help`): `<site>/rules/<ID>`, the site being the
/// workspace's `homepage` unless `HOTPLATE_RULES_URL` names another base.
pub fn help_uri(id: &str) -> String {
    match RULES_URL {
        Some(base) => format!("{}/{id}", base.trim_end_matches('/')),
        None => format!("{}/rules/{id}", env!("CARGO_PKG_HOMEPAGE")),
    }
}

/// A rule's documentation as markdown (what `docs/rules/<ID>.md` holds).
pub fn markdown(id: &str) -> Option<String> {
    let (rule, doc) = rules::RULES.iter().zip(rules::DOCS).find(|(r, _)| r.info.id == id)?;
    let info = find(rule.info.id)?;
    // What the rule says of its bad example, as `hotplate check` writes it.
    let mut req = Request::new(doc.bad);
    for (name, text) in doc.files {
        req.inputs.files.insert((*name).to_string(), Some((*text).to_string()));
    }
    let ev = crate::engine::evaluate(&req);
    let options = Options { enable: vec![info.id.to_string()], disable: vec!["all".into()] };
    let said: String = findings(&req, &ev, &options, None).iter().map(|f| f.diagnostic.render(&ev.sources)).collect();
    Some(rules::render_doc(&info, doc, &said))
}

/// The lint diagnostics of an evaluated request: every template of it (the
/// request's and the provider templates among its files), the rules
/// `options` turns on, less what the templates' comments silence.
pub fn lint(req: &Request, ev: &Evaluation, options: &Options) -> Vec<Diagnostic> {
    findings(req, ev, options, None).into_iter().map(|f| f.diagnostic).collect()
}

/// The findings (with their fixes) of the enabled rules, in the template
/// named `only` when given.
pub(crate) fn findings(req: &Request, ev: &Evaluation, options: &Options, only: Option<&str>) -> Vec<Finding> {
    let active: Vec<&Rule> = rules::RULES.iter().filter(|r| options.runs(&r.info)).collect();
    let mut out = Vec::new();
    if active.is_empty() {
        return out;
    }
    for template in model::templates(req, ev) {
        if only.is_some_and(|name| name != template.name) {
            continue;
        }
        let silenced = suppress::Silenced::read(template.text);
        let cx = Ctx::new(req, ev, &template);
        for rule in &active {
            if silenced.file(rule.info.id) {
                continue;
            }
            let mut found = Findings { rule: &rule.info, out: Vec::new() };
            (rule.check)(&cx, &mut found);
            out.extend(found.out.into_iter().filter(|f| {
                f.diagnostic.span.is_none_or(|s| !silenced.at(template.text, s.start as usize, rule.info.id))
            }));
        }
    }
    out
}

/// The fixes lint offers for those of `diagnostics` that are [`lint`]'s
/// findings of `ev` (the request's evaluation) in document `file`.
pub(crate) fn quick_fixes<'d>(
    req: &Request,
    ev: &Evaluation,
    diagnostics: impl IntoIterator<Item = &'d Diagnostic>,
    file: &str,
) -> Vec<crate::model::QuickFix> {
    let here = |d: &&Diagnostic| {
        rule(d.code).is_some_and(|r| r.id == d.code)
            && d.span.and_then(|s| ev.sources.get(s.source)).is_some_and(|s| s.name == file)
    };
    let wanted: Vec<&Diagnostic> = diagnostics.into_iter().filter(here).collect();
    if wanted.is_empty() {
        return Vec::new();
    }
    let options = Options { enable: wanted.iter().map(|d| d.code.to_string()).collect(), disable: vec!["all".into()] };
    let mut out = Vec::new();
    for f in findings(req, ev, &options, Some(file)) {
        let Some(span) = f.diagnostic.span else { continue };
        if !wanted.iter().any(|d| d.code == f.diagnostic.code && d.span == Some(span)) {
            continue;
        }
        let Some(text) = ev.sources.get(span.source).map(|s| s.text.as_str()) else { continue };
        let (diagnostic_from, diagnostic_to) = crate::ide::utf16_range(text, &(span.start as usize..span.end as usize));
        for fix in f.fixes {
            let edits = fix
                .edits
                .into_iter()
                .map(|(r, t)| {
                    let (from, to) = crate::ide::utf16_range(text, &r);
                    crate::model::TextEdit { file: file.to_string(), from, to, text: t }
                })
                .collect();
            out.push(crate::model::QuickFix {
                title: fix.title,
                code: f.diagnostic.code,
                diagnostic_from,
                diagnostic_to,
                edits,
            });
        }
    }
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::engine::evaluate;

    /// The request of a template and its files.
    pub fn request(template: &str, files: &[(&str, &str)]) -> Request {
        let mut req = Request::new(template);
        for (name, text) in files {
            req.inputs.files.insert((*name).to_string(), Some((*text).to_string()));
        }
        req
    }

    /// What rule `id` finds in `template` (with `files`): (message, the text
    /// its span covers).
    pub fn run(id: &str, template: &str, files: &[(&str, &str)]) -> Vec<(String, String)> {
        run_findings(id, template, files).into_iter().map(|(f, text)| (f.diagnostic.message, text)).collect()
    }

    /// The findings of rule `id` with the text each span covers.
    pub fn run_findings(id: &str, template: &str, files: &[(&str, &str)]) -> Vec<(Finding, String)> {
        let req = request(template, files);
        let ev = evaluate(&req);
        let options = Options { enable: vec![id.to_string()], disable: vec!["all".into()] };
        findings(&req, &ev, &options, None)
            .into_iter()
            .map(|f| {
                let text = f
                    .diagnostic
                    .span
                    .and_then(|s| {
                        ev.sources.get(s.source).and_then(|src| src.text.get(s.start as usize..s.end as usize))
                    })
                    .unwrap_or("")
                    .to_string();
                (f, text)
            })
            .collect()
    }

    /// `template` with one fix of its only finding of `id` applied.
    pub fn fixed(id: &str, template: &str) -> String {
        let found = run_findings(id, template, &[]);
        let [(f, _)] = found.as_slice() else { panic!("one finding expected: {found:?}") };
        let fix = f.fixes.first().expect("a fix");
        let mut text = template.to_string();
        let mut edits = fix.edits.clone();
        edits.sort_by_key(|(r, _)| std::cmp::Reverse(r.start));
        for (r, t) in edits {
            text.replace_range(r, &t);
        }
        text
    }

    #[test]
    fn every_rule_fires_on_its_bad_example_and_not_on_its_good_one() {
        let mut wrong = Vec::new();
        for (rule, doc) in rules::RULES.iter().zip(rules::DOCS) {
            let id = rule.info.id;
            // Both are templates Heat accepts, given values for their required
            // parameters: the rules are about what it accepts. (W2002's bad
            // example is about the default, which it uses.)
            for example in [doc.bad, doc.good].into_iter().filter(|e| id != "W2002" || *e == doc.good) {
                let ev = evaluate(&request(example, doc.files));
                if let Some(e) = ev.result.error.filter(|e| e.kind != "UserParameterMissing") {
                    wrong.push(format!("{id}: Heat refuses an example: {}", e.message));
                }
            }
            if run(id, doc.bad, doc.files).is_empty() {
                wrong.push(format!("{id} does not fire on its bad example"));
            }
            let good = run(id, doc.good, doc.files);
            if !good.is_empty() {
                wrong.push(format!("{id} fires on its good example: {good:?}"));
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }

    #[test]
    fn quick_fixes_of_lint_diagnostics_come_through_the_editor() {
        let t = "heat_template_version: 2018-08-31\nresources:\n  a: {type: OS::Heat::None}\n  b:\n    type: OS::Heat::Value\n    depends_on: [a]\n    properties:\n      value: [{get_resource: a}, {get_parm: x}]\n";
        let req = request(t, &[]);
        let mut ev = evaluate(&req);
        let found = lint(&req, &ev, &Options::default());
        assert_eq!(found.iter().map(|d| d.code).collect::<Vec<_>>(), ["W1001", "W3006"]);
        ev.diagnostics.extend(found);
        let fixes = crate::ide::fixes::quick_fixes(&req, &ev, &[], "template.yaml");
        let titles: Vec<(&str, &str)> = fixes.iter().map(|f| (f.code, f.title.as_str())).collect();
        assert!(titles.contains(&("W1001", "Change to `get_param`")), "{titles:?}");
        assert!(titles.contains(&("W3006", "Remove `a` from depends_on")), "{titles:?}");
        assert_eq!(titles.len(), 2, "{titles:?}");
    }

    #[test]
    fn rules_are_listed_once_in_id_order_with_their_docs() {
        // In number order (the letter is the severity).
        let ids: Vec<&str> = rules().map(|r| r.id).collect();
        let mut sorted = ids.clone();
        sorted.sort_unstable_by_key(|id| id.get(1..));
        sorted.dedup_by_key(|id| id.get(1..));
        assert_eq!(ids, sorted);
        assert_eq!(rules::RULES.len(), rules::DOCS.len());
        assert!(ids.len() >= 30, "{} rules", ids.len());
        for r in rules() {
            let prefix = match r.severity {
                Severity::Error => 'E',
                Severity::Warning => 'W',
                Severity::Info => 'I',
                Severity::Note => '?',
            };
            assert!(r.id.starts_with(prefix) && r.id.len() == 5, "{}: id and severity disagree", r.id);
            assert!(!r.summary.ends_with('.') && r.summary.len() < 100, "{}: one short line", r.id);
            assert_eq!(find(&r.id.to_lowercase()), Some(r));
            assert_eq!(find(r.name), Some(r));
        }
    }

    #[test]
    fn options_turn_rules_on_and_off() {
        let on = Info { id: "W0001", name: "x", severity: Severity::Warning, on_by_default: true };
        let off = Info { on_by_default: false, ..on };
        let o = |e: &[&str], d: &[&str]| Options {
            enable: e.iter().map(|s| s.to_string()).collect(),
            disable: d.iter().map(|s| s.to_string()).collect(),
        };
        assert!(o(&[], &[]).runs(&on) && !o(&[], &[]).runs(&off));
        assert!(!o(&[], &["W0001"]).runs(&on) && !o(&[], &["w0001"]).runs(&on) && !o(&[], &["x"]).runs(&on));
        assert!(o(&["W0001"], &[]).runs(&off) && o(&["all"], &[]).runs(&off));
        assert!(!o(&[], &["all"]).runs(&on) && o(&["W0001"], &["all"]).runs(&on));
        assert!(!o(&["all"], &["W0001"]).runs(&on));
        assert_eq!(o(&["W9999", "all"], &["W1001"]).unknown(), vec!["W9999".to_string()]);
    }

    #[test]
    fn comments_silence_a_line_the_next_line_or_the_file() {
        let template = |comment_line: &str, trailing: &str| {
            format!(
                "heat_template_version: 2018-08-31\n{comment_line}\nresources:\n  a:\n    type: OS::Heat::Value\n    properties:\n      value: {{get_parm: x}}{trailing}\n      b: {{get_parm: y}}\n"
            )
        };
        let count = |t: &str| run("W1001", t, &[]).len();
        assert_eq!(count(&template("", "")), 2);
        assert_eq!(count(&template("", "  # hotplate: disable=W1001")), 1);
        assert_eq!(count(&template("", " # hotplate: disable=W3006, W1001")), 1);
        assert_eq!(count(&template("", " # hotplate: disable=all")), 1);
        assert_eq!(count(&template("", " # hotplate: disable=W3006")), 2);
        assert_eq!(count(&template("# hotplate: disable-file=W1001", "")), 0);
        assert_eq!(count(&template("# hotplate: disable-file=all", "")), 0);
        // Alone on a line: the next line.
        let above = "heat_template_version: 2018-08-31\nresources:\n  a:\n    type: OS::Heat::Value\n    properties:\n      # hotplate: disable=W1001\n      value: {get_parm: x}\n      b: {get_parm: y}\n";
        assert_eq!(count(above), 1);
        // Inside a string it is text, not a comment.
        let quoted = template("", "\n      c: '# hotplate: disable-file=W1001'");
        assert_eq!(count(&quoted), 2);
    }
}
