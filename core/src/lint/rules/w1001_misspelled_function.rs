//! W1001: a one-key map whose key is a misspelt function name.

use super::w1002_function_of_another_version::{condition_function, first_version_with};
use crate::model::diag::Severity;
use crate::functions::{self, Table};
use crate::ide::distance;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W1001",
        name: "misspelled-function",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "a one-key map whose key is one edit away from a function name",
    text: r#"
To Heat, a map with one key is a function call only when the key is exactly
the name of a function of the template's version. `{get_parm: env}` is a
plain map: Heat validates nothing in it, and where a map is allowed (a
server's metadata, a config's inputs, `OS::Heat::Value`, a `json` parameter
of a nested template) the property receives the dictionary
`{'get_parm': 'env'}` instead of the parameter's value. The stack is
created, and the mistake shows up in the server, the config file or the
script that received it.

This rule reports a one-key map whose key differs from a function name of the
template's version by one edit (a letter added, missing, changed or two
swapped, or only by case). The editor's quick fix replaces the key.
"#,
    bad: "heat_template_version: 2018-08-31\nparameters:\n  env: {type: string, default: staging}\nresources:\n  server:\n    type: OS::Nova::Server\n    properties:\n      image: cirros\n      flavor: m1.small\n      metadata:\n        environment: {get_parm: env}\n",
    good: "heat_template_version: 2018-08-31\nparameters:\n  env: {type: string, default: staging}\nresources:\n  server:\n    type: OS::Nova::Server\n    properties:\n      image: cirros\n      flavor: m1.small\n      metadata:\n        environment: {get_param: env}\n",
    files: &[],
};

/// The shortest key this rule reads as a misspelling (`{id: 1}` is not `if`).
const MIN_LEN: usize = 5;

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    let names_of = |table| -> Vec<&str> {
        functions::names(cx.t.version, table)
            .into_iter()
            .filter(|(_, k)| !k.is_removed() && !k.is_invalid())
            .map(|(n, _)| n)
            .collect()
    };
    // Values and condition definitions read different tables
    // (`{get_parm: env}` inside `conditions` is a map Heat compares).
    let tables = [(Table::Functions, names_of(Table::Functions)), (Table::Conditions, names_of(Table::Conditions))];
    // Data keys repeat (a TripleO template has hundreds of one-key maps): each once.
    let mut seen: std::collections::HashMap<(Table, &str), Option<&str>> = std::collections::HashMap::new();
    for p in cx.plain.iter() {
        let Some((_, names)) = tables.iter().find(|(t, _)| *t == p.table) else { continue };
        let closest = *seen.entry((p.table, p.key)).or_insert_with(|| {
            if p.key.chars().count() < MIN_LEN || first_version_with(p.key).is_some() || condition_function(p.key) {
                return None;
            }
            names
                .iter()
                .filter(|n| n.len() >= MIN_LEN && n.len().abs_diff(p.key.len()) <= 1)
                .filter_map(|n| distance(p.key, n, 1).map(|d| (d, *n)))
                .min()
                .map(|(_, n)| n)
        });
        let Some(name) = closest else { continue };
        let keeps = if p.table == Table::Conditions { "Heat compares this map as data" } else { "Heat keeps this map as data" };
        out.report(p.map.span, &p.path, format!("`{}` is not a function (did you mean `{name}`?): {keeps}", p.key));
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::tests::run;

    #[test]
    fn typos_and_case_are_found_at_the_map() {
        let t = "heat_template_version: 2018-08-31\nresources:\n  v:\n    type: OS::Heat::Value\n    properties:\n      value:\n        - {get_atrr: [a, b]}\n        - {Get_Param: x}\n        - {str_repalce: {template: a, params: {}}}\n";
        let found = run("W1001", t, &[]);
        let texts: Vec<&str> = found.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(texts, ["{get_atrr: [a, b]}", "{Get_Param: x}", "{str_repalce: {template: a, params: {}}}"]);
        assert!(found[0].0.contains("did you mean `get_attr`"), "{found:?}");
    }

    #[test]
    fn data_keys_far_from_function_names_are_not_reported() {
        let t = "heat_template_version: 2018-08-31\nresources:\n  v:\n    type: OS::Heat::Value\n    properties:\n      value: [{id: 1}, {get_param_x: 2}, {params: 3}, {ip: 4}]\n";
        assert!(run("W1001", t, &[]).is_empty());
    }

    #[test]
    fn condition_definitions_are_read_too() {
        let t = "heat_template_version: 2018-08-31\nparameters:\n  env_type: {type: string, default: prod}\nconditions:\n  is_prod: {equals: [{get_parm: env_type}, prod]}\n  other: {not: {equls: [a, b]}}\nresources:\n  r: {type: OS::Heat::None, condition: is_prod}\n";
        let found = run("W1001", t, &[]);
        let texts: Vec<&str> = found.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(texts, ["{get_parm: env_type}", "{equls: [a, b]}"], "{found:?}");
        assert!(found[0].0.contains("did you mean `get_param`") && found[0].0.contains("compares"), "{found:?}");
    }
}
