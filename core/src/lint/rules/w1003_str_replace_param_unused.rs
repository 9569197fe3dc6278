//! W1003: a `str_replace` param that never occurs in its template.

use crate::diag::Severity;
use crate::functions;
use crate::lint::{Ctx, Doc, Findings, Rule, RuleInfo};
use crate::pyfmt::py_str;
use crate::syntax::Node;

pub(crate) const RULE: Rule = Rule {
    info: RuleInfo {
        id: "W1003",
        name: "str-replace-param-unused",
        severity: Severity::Warning,
        summary: "a str_replace param that does not occur in its template",
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    text: r#"
`str_replace` replaces each key of `params` where it occurs in `template`;
a key that does not occur is ignored without a word (only
`str_replace_strict` and `str_replace_vstrict` refuse it). Usually the
template spells the placeholder differently (`$DB_HOST` against `$db_host`,
`%host%` against `$host`), and the script is deployed with the placeholder
still in it.

The rule reads the template when it is written in place or comes from
`get_file` of a file of the request; a template computed by another function
is not checked.
"#,
    bad: "heat_template_version: 2018-08-31\nparameters:\n  db_host: {type: string, default: db.example.com}\nresources:\n  config:\n    type: OS::Heat::SoftwareConfig\n    properties:\n      config:\n        str_replace:\n          template: |\n            #!/bin/sh\n            echo \"host=$DB_HOST\" > /etc/app.conf\n          params:\n            $db_host: {get_param: db_host}\n",
    good: "heat_template_version: 2018-08-31\nparameters:\n  db_host: {type: string, default: db.example.com}\nresources:\n  config:\n    type: OS::Heat::SoftwareConfig\n    properties:\n      config:\n        str_replace:\n          template: |\n            #!/bin/sh\n            echo \"host=$DB_HOST\" > /etc/app.conf\n          params:\n            $DB_HOST: {get_param: db_host}\n",
    files: &[],
};

/// A function's template text when it is known: written in place, or the
/// text of a `get_file` of a file of the request.
pub(super) fn template_text<'a>(cx: &Ctx<'a>, node: &'a Node) -> Option<&'a str> {
    if let Some(s) = node.as_str() {
        return Some(s);
    }
    let [(_, arg)] = node.as_map()? else { return None };
    if cx.call_of(node)? != &functions::get_file::GET_FILE {
        return None;
    }
    cx.file(arg.as_str()?)
}

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    for call in cx.calls_of([&functions::str_replace::REPLACE, &functions::str_replace::REPLACE_JSON]) {
        let (Some(template), Some(params)) = (call.args.get("template"), call.args.get("params")) else { continue };
        let Some(text) = template_text(cx, template) else { continue };
        if cx.call_of(params).is_some() {
            continue;
        }
        for (k, _) in params.as_map().unwrap_or(&[]) {
            let Some(key) = k.scalar().map(py_str) else { continue };
            if key.is_empty() || text.contains(key.as_str()) {
                continue;
            }
            out.report(
                k.span,
                format!("{}.params", call.path),
                format!("`{key}` does not occur in the template: str_replace leaves the template unchanged for it"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::tests::run;

    #[test]
    fn templates_in_place_and_from_files_are_read() {
        let t = "heat_template_version: 2018-08-31\noutputs:\n  a: {value: {str_replace: {template: 'x=$X y=$Y', params: {$X: 1, $Z: 2}}}}\n  b: {value: {str_replace: {template: {get_file: s.sh}, params: {'%host%': h, port: 1}}}}\n  c: {value: {str_replace: {template: {get_param: OS::stack_name}, params: {nope: 1}}}}\n  d: {value: {str_replace_strict: {template: 'x', params: {x: 1}}}}\n";
        let found = run("W1003", t, &[("s.sh", "connect %host%\n")]);
        let texts: Vec<&str> = found.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(texts, ["$Z", "port"], "{found:?}");
    }
}
