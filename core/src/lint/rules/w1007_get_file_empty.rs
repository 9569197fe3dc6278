//! W1007: `get_file` of an empty file.

use crate::model::diag::Severity;
use crate::functions;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W1007",
        name: "get-file-empty",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "get_file of a file that is empty",
    text: r#"
`get_file` inserts a file's content. An empty file (or one of blanks only)
inserts an empty string: a server boots with no user data, a config runs an
empty script, and nothing fails. The file was truncated, not saved yet, or
the wrong one is named.
"#,
    bad: "heat_template_version: 2018-08-31\nresources:\n  config:\n    type: OS::Heat::SoftwareConfig\n    properties:\n      config: {get_file: empty.sh}\n",
    good: "heat_template_version: 2018-08-31\nresources:\n  config:\n    type: OS::Heat::SoftwareConfig\n    properties:\n      config: {get_file: setup.sh}\n",
    files: &[("empty.sh", ""), ("setup.sh", "#!/bin/sh\necho configured\n")],
};

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    for call in cx.calls_of([&functions::get_file::GET_FILE]) {
        let Some(name) = call.args.as_str() else { continue };
        let Some(text) = cx.file(name) else { continue };
        if text.trim().is_empty() {
            out.report(call.args.span, &call.path, format!("`{name}` is empty: get_file inserts an empty string"));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::tests::run;

    #[test]
    fn blank_files_count_as_empty() {
        let t = "heat_template_version: 2018-08-31\noutputs:\n  a: {value: {get_file: a}}\n  b: {value: {get_file: b}}\n";
        let found = run("W1007", t, &[("a", " \n\n"), ("b", "x")]);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].1, "a");
    }
}
