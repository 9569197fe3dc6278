//! W1009: `22:30`-like numbers that YAML 1.1 reads in base 60.

use crate::model::diag::Severity;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};
use crate::pyfmt::py_str;
use crate::value::Value;

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W1009",
        name: "yaml-sexagesimal-number",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "an unquoted value like 22:30 or 2222:22 that YAML 1.1 reads as a base-60 number",
    text: r#"
YAML 1.1, which Heat reads templates with, takes plain scalars of digits
separated by colons as numbers in base 60 (when each part after a colon is
below 60): `22:30` is 1350 and a port mapping `2222:22` is 133342. A time, a
duration or a `host:container` port pair written that way reaches the
resource as an integer. Quote it.
"#,
    bad: "heat_template_version: 2018-08-31\nresources:\n  web:\n    type: OS::Heat::Value\n    properties:\n      value:\n        ports:\n          - 2222:22\n",
    good: "heat_template_version: 2018-08-31\nresources:\n  web:\n    type: OS::Heat::Value\n    properties:\n      value:\n        ports:\n          - '2222:22'\n",
    files: &[],
};

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    let mut found = Vec::new();
    cx.nodes(&mut |n, _| {
        if matches!(n.scalar(), Some(Value::Int(_) | Value::BigInt(_) | Value::Float(_))) {
            let text = cx.text_of(n);
            if text.contains(':') && !text.starts_with(['\'', '"']) {
                found.push((n, text));
            }
        }
    });
    for (n, text) in found {
        let value = n.scalar().map(py_str).unwrap_or_default();
        out.report(n.span, "", format!("`{text}` is the number {value} in YAML 1.1 (base 60): quote it"));
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::tests::run;

    #[test]
    fn base_sixty_only() {
        let t = "heat_template_version: 2018-08-31\noutputs:\n  a: {value: [22:30, '22:30', 1:2:3, 10.0, 'a:1', 12:30:00.5]}\n";
        let found = run("W1009", t, &[]);
        let texts: Vec<&str> = found.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(texts, ["22:30", "1:2:3", "12:30:00.5"], "{found:?}");
        assert!(found[0].0.contains("1350"));
    }
}
