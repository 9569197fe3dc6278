//! W1010: a key written twice in one mapping.

use crate::model::diag::Severity;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W1010",
        name: "duplicate-key",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "a key written twice in one mapping: the last value wins, the first is silently dropped",
    text: r#"
Heat's YAML loader keeps the last value of a key written twice in one mapping
and says nothing: a property set twice (often after a copy and paste, or a
merge) keeps only its second value, wherever the first one was meant to go.
The finding is at the key written again (the value Heat keeps; the key keeps
its first place in the mapping's order). Delete one of the two, or rename one.
"#,
    bad: "heat_template_version: 2018-08-31\nresources:\n  web:\n    type: OS::Heat::Value\n    properties:\n      value: blue\n      value: green\n",
    good: "heat_template_version: 2018-08-31\nresources:\n  web:\n    type: OS::Heat::Value\n    properties:\n      value: green\n",
    files: &[],
};

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    // The loader found them (core/src/syntax/collapse.rs): each at its place, in its words.
    for d in &cx.t.duplicates {
        if let Some(span) = d.span {
            out.report(span, d.path.clone(), d.message.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::tests::run;

    #[test]
    fn each_duplicate_once_in_the_loaders_words() {
        let t = "heat_template_version: 2018-08-31\nparameters:\n  a: {type: string, default: x}\n  a: {type: string, default: y}\noutputs:\n  o: {value: 1, value: 2}\n";
        let found = run("W1010", t, &[]);
        let texts: Vec<&str> = found.iter().map(|(m, _)| m.as_str()).collect();
        assert_eq!(texts, ["duplicate key \"a\" (the last value wins, as in Heat)", "duplicate key \"value\" (the last value wins, as in Heat)"], "{found:?}");
    }
}
