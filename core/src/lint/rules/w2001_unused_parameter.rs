//! W2001: a parameter nothing reads.

use crate::model::diag::Severity;
use crate::functions;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W2001",
        name: "unused-parameter",
        severity: Severity::Warning,
        on_by_default: false,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "a parameter that no get_param of the template reads",
    text: r#"
A parameter that no `get_param` reads does nothing: a value given for it is
accepted and dropped. Often the template was meant to use it (a `flavor`
parameter next to a hard-coded `flavor: m1.small`), or it is left over.

Off by default: some conventions declare parameters a template ignores on
purpose. TripleO passes `ServiceNetMap`, `EndpointMap`, `RoleParameters` and
the like to every service template, used or not. The rule stays silent in a
template where some `get_param` names its parameter with a function (it
could read any of them).
"#,
    bad: "heat_template_version: 2018-08-31\nparameters:\n  flavor: {type: string, default: m1.large}\nresources:\n  server:\n    type: OS::Nova::Server\n    properties:\n      image: cirros\n      flavor: m1.small\n",
    good: "heat_template_version: 2018-08-31\nparameters:\n  flavor: {type: string, default: m1.large}\nresources:\n  server:\n    type: OS::Nova::Server\n    properties:\n      image: cirros\n      flavor: {get_param: flavor}\n",
    files: &[],
};

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    let mut read: Vec<&str> = Vec::new();
    for call in cx.calls_of([&functions::get_param::GET_PARAM]) {
        match call.target() {
            Some(t) => read.extend(t.as_str()),
            // A computed name: any parameter may be read.
            None => return,
        }
    }
    for p in &cx.params {
        if !read.contains(&p.name) {
            out.report(p.key.span, format!("parameters.{}", p.name), format!("no get_param reads `{}`", p.name));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::tests::run;

    #[test]
    fn reads_in_conditions_and_paths_count_and_computed_names_silence_it() {
        let t = "heat_template_version: 2018-08-31\nparameters:\n  a: {type: string, default: x}\n  b: {type: json, default: {}}\n  c: {type: string, default: x}\n  d: {type: string, default: x}\nconditions:\n  ca: {equals: [{get_param: a}, x]}\noutputs:\n  o: {value: {get_param: [b, k]}, condition: ca}\n";
        let found = run("W2001", t, &[]);
        let texts: Vec<&str> = found.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(texts, ["c", "d"]);
        let computed = format!("{t}  p: {{value: {{get_param: {{get_param: a}}}}}}\n");
        assert!(run("W2001", &computed, &[]).is_empty());
    }
}
