//! W1005: `get_param` with a path into a string parameter.

use crate::model::diag::Severity;
use crate::engine::parameters::ParamType;
use crate::functions;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};
use crate::value::Value;

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W1005",
        name: "get-param-index-into-string",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "get_param indexes into a string parameter and gets one character",
    text: r#"
`get_param: [name, 0]` walks into the parameter's value. For a
`comma_delimited_list` or `json` parameter that is the first item; for a
`string` parameter Heat indexes the string and returns its first character,
without an error. The parameter was meant to be a list
(`comma_delimited_list`), or the index is a leftover.
"#,
    bad: "heat_template_version: 2018-08-31\nparameters:\n  dns_servers: {type: string, default: '8.8.8.8,8.8.4.4'}\nresources:\n  subnet:\n    type: OS::Neutron::Subnet\n    properties:\n      network: private\n      cidr: 10.0.0.0/24\n      dns_nameservers: [{get_param: [dns_servers, 0]}]\n",
    good: "heat_template_version: 2018-08-31\nparameters:\n  dns_servers: {type: comma_delimited_list, default: '8.8.8.8,8.8.4.4'}\nresources:\n  subnet:\n    type: OS::Neutron::Subnet\n    properties:\n      network: private\n      cidr: 10.0.0.0/24\n      dns_nameservers: [{get_param: [dns_servers, 0]}]\n",
    files: &[],
};

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    for call in cx.calls_of([&functions::get_param::GET_PARAM]) {
        let Some([_, step, ..]) = call.args.as_list() else { continue };
        if !matches!(step.scalar(), Some(Value::Int(_))) {
            continue;
        }
        let Some(p) = cx.param_of(call) else { continue };
        if p.schema.as_ref().is_none_or(|s| s.kind != ParamType::String) {
            continue;
        }
        out.report(
            step.span,
            &call.path,
            format!("`{}` is a string parameter: this index picks one character of it", p.name),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::tests::run;

    #[test]
    fn only_integer_steps_into_strings() {
        let t = "heat_template_version: 2018-08-31\nparameters:\n  s: {type: string, default: abc}\n  j: {type: json, default: [1]}\noutputs:\n  a: {value: {get_param: [s, 1]}}\n  b: {value: {get_param: [j, 0]}}\n  c: {value: {get_param: s}}\n";
        let found = run("W1005", t, &[]);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].1, "1");
    }
}
