//! W1002: a function name the template's version does not have.

use crate::model::diag::Severity;
use crate::functions::{self, Lookup, Table};
use crate::lint::{Ctx, Doc, Findings, Info, Rule};
use crate::version::HotVersion;

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W1002",
        name: "function-of-another-version",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "a function of another HOT version (or a condition function) used as data",
    text: r#"
Heat looks a one-key map's key up in the function table of the template's
own `heat_template_version`. A function that only a later version has (`if`
since 2016-10-14, `filter` since 2017-02-24, `list_concat` since 2017-09-01, …)
is not a function there: the map stays as written, and the property gets a
dictionary instead of the value. The condition functions (`equals`, `not`,
`and`, `or`) are functions only in condition definitions; in a property or an
output they are data as well.

The fix offered: the first version that has the function.
"#,
    bad: "heat_template_version: 2016-04-08\nparameters:\n  debug: {type: boolean, default: false}\nresources:\n  config:\n    type: OS::Heat::Value\n    properties:\n      value: {if: [debug, verbose, quiet]}\n",
    good: "heat_template_version: 2016-10-14\nparameters:\n  debug: {type: boolean, default: false}\nconditions:\n  debug: {get_param: debug}\nresources:\n  config:\n    type: OS::Heat::Value\n    properties:\n      value: {if: [debug, verbose, quiet]}\n",
    files: &[],
};

/// Whether any version's table has the name (a quick refusal for data keys).
fn in_any_table(name: &str) -> bool {
    functions::ROWS.iter().any(|r| r.name == name)
}

/// The first HOT version whose templates have `name` as a working function.
pub(super) fn first_version_with(name: &str) -> Option<HotVersion> {
    if !in_any_table(name) {
        return None;
    }
    HotVersion::all().find(|v| {
        matches!(functions::lookup(*v, Table::Functions, name), Lookup::Found(k) if !k.is_removed() && !k.is_invalid())
    })
}

/// Whether `name` is a condition function in some version.
pub(super) fn condition_function(name: &str) -> bool {
    in_any_table(name)
        && HotVersion::all().any(|v| {
        matches!(functions::lookup(v, Table::Conditions, name), Lookup::Found(k) if !k.is_removed() && !k.is_invalid())
    })
}

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    let version = cx.t.version;
    let version_node = cx.t.root.as_map().and_then(|m| {
        m.iter().find(|(k, _)| k.as_str() == Some("heat_template_version")).map(|(_, v)| v)
    });
    // Spans already reported: a condition function's arguments are part of it.
    let mut reported: Vec<std::ops::Range<u32>> = Vec::new();
    for p in cx.plain.iter().filter(|p| p.table == Table::Functions) {
        if reported.iter().any(|r| r.start <= p.map.span.start && p.map.span.end <= r.end) {
            continue;
        }
        match first_version_with(p.key) {
            Some(since) => {
                let spelled = since.alias().map_or(since.date().to_string(), |a| format!("{} ({a})", since.date()));
                let message = if since > version {
                    format!(
                        "`{}` is a function since HOT {spelled}; in a {} template Heat keeps this map as data",
                        p.key,
                        version.date()
                    )
                } else {
                    format!(
                        "`{}` is no longer a function in HOT {}; Heat keeps this map as data",
                        p.key,
                        version.date()
                    )
                };
                out.report(p.map.span, &p.path, message);
                if let (true, Some(v)) = (since > version, version_node) {
                    let r = v.span.start as usize..v.span.end as usize;
                    out.fix(format!("Use heat_template_version {}", since.date()), vec![(r, since.date().to_string())]);
                }
            }
            None if condition_function(p.key) => {
                reported.push(p.map.span.start..p.map.span.end);
                out.report(
                    p.map.span,
                    &p.path,
                    format!(
                        "`{}` is a condition function: only condition definitions read it, here Heat keeps this map as data",
                        p.key
                    ),
                );
            }
            None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::tests::{fixed, run};

    #[test]
    fn newer_functions_and_condition_functions_are_data() {
        let t = "heat_template_version: 2017-02-24\nresources:\n  v:\n    type: OS::Heat::Value\n    properties:\n      value:\n        a: {list_concat: [[1], [2]]}\n        b: {or: [{equals: [1, 1]}, {not: x}]}\n        c: {filter: [null, [1, null]]}\n";
        let found = run("W1002", t, &[]);
        assert_eq!(found.len(), 2, "{found:?}");
        assert!(found[0].0.contains("since HOT 2017-09-01 (pike)"), "{found:?}");
        assert_eq!(found[0].1, "{list_concat: [[1], [2]]}");
        assert!(found[1].0.contains("condition function"), "{found:?}");
        assert!(fixed("W1002", "heat_template_version: 2015-10-15\noutputs:\n  o: {value: {yaql: {expression: '1'}}}\n")
            .starts_with("heat_template_version: 2016-10-14\n"));
    }

    #[test]
    fn conditions_and_functions_of_the_version_are_not_reported() {
        let t = "heat_template_version: 2017-09-01\nconditions:\n  c: {equals: [1, 1]}\nresources:\n  v:\n    type: OS::Heat::Value\n    properties:\n      value: {list_concat: [[1], [2]]}\n";
        assert!(run("W1002", t, &[]).is_empty());
    }
}
