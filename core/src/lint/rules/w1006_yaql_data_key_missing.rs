//! W1006: a yaql expression reads a key its `data` does not have.

use crate::model::diag::Severity;
use crate::functions;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W1006",
        name: "yaql-data-key-missing",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "a yaql expression reads $.data.KEY and its data map has no such key",
    text: r#"
In a `yaql` function, `$.data.name` reads key `name` of the `data` argument;
yaql answers null for a key the map does not have, and the expression goes
on with null. When `data` is a map written in the template, its keys are
known: a `$.data.KEY` whose key is not among them is a typo, or a key that
was renamed in one place only.

Methods (`$.data.keys()`) are not keys; a `data` computed by a function
(`get_param`, `get_attr`) is not checked.
"#,
    bad: "heat_template_version: 2018-08-31\nparameters:\n  servers: {type: json, default: []}\noutputs:\n  names:\n    value:\n      yaql:\n        expression: $.data.server.select($.name)\n        data:\n          servers: {get_param: servers}\n",
    good: "heat_template_version: 2018-08-31\nparameters:\n  servers: {type: json, default: []}\noutputs:\n  names:\n    value:\n      yaql:\n        expression: $.data.servers.select($.name)\n        data:\n          servers: {get_param: servers}\n",
    files: &[],
};

/// The names read as `$.data.NAME` (not followed by `(`), with their byte offsets.
fn data_keys(expression: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut rest = 0;
    while let Some(i) = expression.get(rest..).and_then(|t| t.find("$.data.")) {
        let start = rest + i + "$.data.".len();
        let tail = expression.get(start..).unwrap_or("");
        let len = tail.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(tail.len());
        let name = tail.get(..len).unwrap_or("");
        let method = tail.get(len..).is_some_and(|t| t.trim_start().starts_with('('));
        if !name.is_empty() && !method && !name.starts_with(|c: char| c.is_ascii_digit()) {
            out.push((start, name));
        }
        rest = start;
    }
    out
}

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    for call in cx.calls_of([&functions::yaql::YAQL]) {
        let (Some(expr), Some(data)) = (call.args.get("expression"), call.args.get("data")) else { continue };
        let (Some(text), Some(entries)) = (expr.as_str(), data.as_map()) else { continue };
        if cx.call_of(data).is_some() {
            continue;
        }
        let keys: Vec<&str> = entries.iter().filter_map(|(k, _)| k.as_str()).collect();
        if keys.len() != entries.len() {
            continue;
        }
        for (_, name) in data_keys(text) {
            if keys.contains(&name) {
                continue;
            }
            out.report(
                expr.span,
                format!("{}.expression", call.path),
                format!("`$.data.{name}`: the data map has no key `{name}` (it has {}): yaql reads null", keys.join(", ")),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::data_keys;
    use crate::lint::tests::run;

    #[test]
    fn keys_not_methods() {
        let names: Vec<&str> = data_keys("$.data.a.b + $.data.keys() + $.data.c_1[0] + $.data.0").into_iter().map(|(_, n)| n).collect();
        assert_eq!(names, ["a", "c_1"]);
    }

    #[test]
    fn literal_data_maps_only() {
        let t = "heat_template_version: 2018-08-31\noutputs:\n  a: {value: {yaql: {expression: '$.data.x + $.data.y', data: {x: 1}}}}\n  b: {value: {yaql: {expression: '$.data.z', data: {get_param: OS::stack_name}}}}\n";
        let found = run("W1006", t, &[]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert!(found[0].0.contains("no key `y`"));
    }
}
