//! W6002: an output that shows a hidden parameter.

use crate::model::diag::Severity;
use crate::functions::{self, FnSpec};
use crate::lint::model::Site;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W6002",
        name: "output-reveals-hidden-parameter",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "an output whose value contains a hidden parameter",
    text: r#"
Heat masks a `hidden: true` parameter wherever it shows parameters, but an
output shows its value as computed: an output that is `get_param` of a
password, or a string built from one (`str_replace`, `list_join`,
`make_url`: a connection URL), prints the password in `openstack stack
output show` for everyone who can read the stack.

Outputs that are maps or lists are not reported: nested templates pass
their data (hieradata with passwords, as TripleO's service templates do) to
their parent that way.
"#,
    bad: "heat_template_version: 2018-08-31\nparameters:\n  db_password: {type: string, hidden: true}\noutputs:\n  connection:\n    value:\n      str_replace:\n        template: mysql://app:$pw@db/app\n        params: {$pw: {get_param: db_password}}\n",
    good: "heat_template_version: 2018-08-31\nparameters:\n  db_password: {type: string, hidden: true}\noutputs:\n  connection:\n    value: mysql://app@db/app\n",
    files: &[],
};

/// The functions whose value is a string built from their arguments.
const STRINGS: &[&FnSpec] = &[
    &functions::get_param::GET_PARAM,
    &functions::str_replace::REPLACE,
    &functions::str_replace::REPLACE_JSON,
    &functions::str_replace::REPLACE_JSON_STRICT,
    &functions::str_replace::REPLACE_JSON_VERY_STRICT,
    &functions::list_join::JOIN,
    &functions::list_join::JOIN_MULTIPLE,
    &functions::make_url::MAKE_URL,
];

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    for call in cx.calls_of([&functions::get_param::GET_PARAM]) {
        let Site::Output(i) = call.site else { continue };
        let Some(value) = cx.outputs.get(i).and_then(|o| o.value) else { continue };
        if cx.call_of(value).is_none_or(|k| !STRINGS.contains(&k)) {
            continue;
        }
        let Some(p) = cx.param_of(call) else { continue };
        if p.schema.as_ref().is_some_and(|s| s.hidden) {
            out.report(call.map.span, &call.path, format!("`{}` is hidden, and this output shows its value", p.name));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::tests::run;

    #[test]
    fn strings_not_data_structures() {
        let t = "heat_template_version: 2018-08-31\nparameters:\n  pw: {type: string, hidden: true}\n  user: {type: string}\noutputs:\n  a: {value: {get_param: pw}}\n  b: {value: {list_join: [':', [{get_param: user}, {get_param: pw}]]}}\n  c: {value: {config: {password: {get_param: pw}}}}\n  d: {value: {digest: [sha512, {get_param: pw}]}}\n";
        let found = run("W6002", t, &[]);
        assert_eq!(found.len(), 2, "{found:?}");
    }
}
