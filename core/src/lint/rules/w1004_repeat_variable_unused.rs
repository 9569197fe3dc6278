//! W1004: a `repeat` loop variable that never occurs in its template.

use crate::model::diag::Severity;
use crate::functions;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};
use crate::syntax::Node;

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W1004",
        name: "repeat-variable-unused",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "a repeat for_each variable that does not occur in the template it repeats",
    text: r#"
`repeat` makes one copy of `template` per value (or combination of values)
of its `for_each` variables, replacing each variable's name in the copy's
keys and strings. A variable that does not occur in the template replaces
nothing: every copy is the same (two hosts both named `<%nmae%>`, one
security-group rule where one per port was meant).

The rule reads templates written in place without function calls (a
variable could be produced by one); it stays silent otherwise.
"#,
    bad: "heat_template_version: 2018-08-31\nparameters:\n  names: {type: comma_delimited_list, default: 'web,db'}\nresources:\n  hosts:\n    type: OS::Heat::Value\n    properties:\n      value:\n        repeat:\n          for_each:\n            <%name%>: {get_param: names}\n          template:\n            hostname: <%nmae%>.example.com\n",
    good: "heat_template_version: 2018-08-31\nparameters:\n  names: {type: comma_delimited_list, default: 'web,db'}\nresources:\n  hosts:\n    type: OS::Heat::Value\n    properties:\n      value:\n        repeat:\n          for_each:\n            <%name%>: {get_param: names}\n          template:\n            hostname: <%name%>.example.com\n",
    files: &[],
};

/// Whether `var` occurs in a string or key of `node`.
pub(super) fn occurs(node: &Node, var: &str) -> bool {
    match (node.as_map(), node.as_list()) {
        (Some(entries), _) => entries.iter().any(|(k, v)| k.as_str().is_some_and(|s| s.contains(var)) || occurs(v, var)),
        (_, Some(items)) => items.iter().any(|i| occurs(i, var)),
        _ => node.as_str().is_some_and(|s| s.contains(var)),
    }
}

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    for call in cx.calls_of([&functions::repeat::REPEAT, &functions::repeat::REPEAT_WITH_MAP, &functions::repeat::REPEAT_WITH_NESTED_LOOP]) {
        let (Some(for_each), Some(template)) = (call.args.get("for_each"), call.args.get("template")) else {
            continue;
        };
        if cx.literal(template).is_none() {
            continue;
        }
        for (k, _) in for_each.as_map().unwrap_or(&[]) {
            let Some(var) = k.as_str().filter(|v| !v.is_empty()) else { continue };
            if occurs(template, var) {
                continue;
            }
            out.report(
                k.span,
                format!("{}.for_each", call.path),
                format!("`{var}` does not occur in the repeated template: every copy is the same"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::tests::run;

    #[test]
    fn variables_in_keys_and_strings_count() {
        let t = "heat_template_version: 2018-08-31\noutputs:\n  a: {value: {repeat: {for_each: {'%k%': [a, b], '%v%': [1], '%w%': [2]}, template: {'%k%': 'x-%v%'}}}}\n  b: {value: {repeat: {for_each: {'%k%': [a]}, template: {get_param: OS::stack_name}}}}\n";
        let found = run("W1004", t, &[]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!(found[0].1, "'%w%'");
    }
}
