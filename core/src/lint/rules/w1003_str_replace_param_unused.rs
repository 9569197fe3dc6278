//! W1003: a `str_replace` param that never occurs in its template.

use crate::model::diag::Severity;
use crate::functions;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};
use crate::pyfmt::py_str;
use crate::syntax::Node;

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W1003",
        name: "str-replace-param-unused",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "a str_replace param that its template spells differently, so it is never replaced",
    text: r#"
`str_replace` replaces each key of `params` where it occurs in `template`;
a key that does not occur is ignored without a word (only
`str_replace_strict` and `str_replace_vstrict` refuse it). Usually the
template spells the placeholder differently (`$DB_HOST` against `$db_host`,
`%host%` against `$host`), and the script is deployed with the placeholder
still in it. The rule reports a param whose name the template writes
otherwise: in another case, with other sigils, or one edit away. A param
that the template does not mention at all is left alone: params blocks copied
between calls (TripleO's deployment steps share one) are harmless.

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
            let Some(written) = near_miss(text, &key) else { continue };
            out.report(
                k.span,
                format!("{}.params", call.path),
                format!(
                    "`{key}` does not occur in the template, which has `{written}`: str_replace leaves that unchanged"
                ),
            );
        }
    }
}

/// A word of the template written where `key` seems meant: the key's name
/// with other sigils (`%host%` for `$host`), in another case (`$DB_HOST` for
/// `$db_host`), or one edit away (a name of six characters or more). A param
/// that has no such word is a leftover (a params block copied between calls,
/// as TripleO does): harmless, and not reported.
fn near_miss<'t>(text: &'t str, key: &str) -> Option<&'t str> {
    let name = key.trim_matches(|c: char| !c.is_ascii_alphanumeric() && c != '_');
    if name.len() < 3 {
        return None;
    }
    let mut words = text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_')).filter(|w| !w.is_empty());
    words.find(|w| {
        (*w == name && name != key)
            || (w.eq_ignore_ascii_case(name) && *w != name)
            || (name.len() >= 6 && crate::ide::distance(w, name, 1) == Some(1))
    })
}

#[cfg(test)]
mod tests {
    use crate::lint::tests::run;

    #[test]
    fn templates_in_place_and_from_files_are_read() {
        let t = "heat_template_version: 2018-08-31\noutputs:\n  a: {value: {str_replace: {template: 'x=$X y=$DB_HOST', params: {$X: 1, $db_host: 2, $leftover: 3}}}}\n  b: {value: {str_replace: {template: {get_file: s.sh}, params: {'$host': h, '%hostname%': 1, port: 1}}}}\n  c: {value: {str_replace: {template: {get_param: OS::stack_name}, params: {nope: 1}}}}\n  d: {value: {str_replace_strict: {template: 'x', params: {x: 1}}}}\n";
        let found = run("W1003", t, &[("s.sh", "connect %host% %host_name%\n")]);
        let texts: Vec<&str> = found.iter().map(|(_, t)| t.as_str()).collect();
        // Another case, other sigils, one edit away; not a leftover (`$leftover`,
        // `port`), nor a template computed by a function.
        assert_eq!(texts, ["$db_host", "'$host'", "'%hostname%'"], "{found:?}");
        assert!(found[0].0.contains("which has `DB_HOST`"), "{found:?}");
    }
}
