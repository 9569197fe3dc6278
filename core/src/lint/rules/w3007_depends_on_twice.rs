//! W3007: a resource named twice in one `depends_on`.

use super::w3006_depends_on_implied::depends_on;
use crate::model::diag::Severity;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W3007",
        name: "depends-on-twice",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "a resource named twice in one depends_on list",
    text: r#"
Heat accepts a `depends_on` list that names the same resource twice and keeps
one dependency. The second entry is usually a copy-paste slip: another
resource was meant. The fix removes the repeated entry.
"#,
    bad: "heat_template_version: 2018-08-31\nresources:\n  db: {type: OS::Heat::None}\n  cache: {type: OS::Heat::None}\n  app:\n    type: OS::Heat::None\n    depends_on: [db, db]\n",
    good: "heat_template_version: 2018-08-31\nresources:\n  db: {type: OS::Heat::None}\n  cache: {type: OS::Heat::None}\n  app:\n    type: OS::Heat::None\n    depends_on: [db, cache]\n",
    files: &[],
};

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    for r in &cx.resources {
        let Some((_, value, items)) = depends_on(r.def) else { continue };
        for (n, item) in items.iter().enumerate() {
            let Some(name) = item.as_str() else { continue };
            if !items.iter().take(n).any(|earlier| earlier.as_str() == Some(name)) {
                continue;
            }
            out.report(
                item.span,
                format!("resources.{}.depends_on", r.name),
                format!("`{name}` is already in depends_on"),
            );
            if let Some(edits) = value.as_list().and_then(|list| super::remove_item(cx.t.text, list, n)) {
                out.fix(format!("Remove the second `{name}`"), edits);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::tests::{fixed, run};

    #[test]
    fn the_repeat_is_reported_and_removed() {
        let t = "heat_template_version: 2018-08-31\nresources:\n  a: {type: OS::Heat::None}\n  b:\n    type: OS::Heat::None\n    depends_on:\n      - a\n      - a\n";
        let found = run("W3007", t, &[]);
        assert_eq!(found.len(), 1);
        assert_eq!(fixed("W3007", t), t.replace("      - a\n      - a\n", "      - a\n"));
        assert!(run("W3007", "heat_template_version: 2018-08-31\nresources:\n  a: {type: OS::Heat::None}\n  b: {type: OS::Heat::None, depends_on: a}\n", &[]).is_empty());
    }
}
