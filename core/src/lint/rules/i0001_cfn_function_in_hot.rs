//! I0001: a CloudFormation function in a HOT 2013-05-23 template.

use crate::model::diag::Severity;
use crate::functions::{self, FnSpec};
use crate::lint::{Ctx, Doc, Findings, Info, Rule};

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "I0001",
        name: "cfn-function-in-hot",
        severity: Severity::Info,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "a CloudFormation function that only HOT 2013-05-23 has, where a HOT function does the same",
    text: r#"
HOT 2013-05-23 still has CloudFormation's functions (`Fn::Join`, `Ref`,
`Fn::Select`, …); every later version removed them and refuses a template
that uses them. The HOT functions that replace them exist in 2013-05-23
already: writing them keeps the template readable for people who know HOT,
and lets it move to a newer version (conditions, `if`, `yaql`, `repeat`)
without a rewrite.
"#,
    bad: "heat_template_version: 2013-05-23\nresources:\n  net:\n    type: OS::Neutron::Net\noutputs:\n  name:\n    value: {\"Fn::Join\": [\"-\", [net, {Ref: net}]]}\n",
    good: "heat_template_version: 2013-05-23\nresources:\n  net:\n    type: OS::Neutron::Net\noutputs:\n  name:\n    value: {list_join: [\"-\", [net, {get_resource: net}]]}\n",
    files: &[],
};

/// The HOT function (or way) that replaces each CloudFormation function.
const HOT: &[(&FnSpec, &str)] = &[
    (&functions::cfn::JOIN, "`list_join`"),
    (&functions::cfn::SPLIT, "`str_split`"),
    (&functions::cfn::REPLACE, "`str_replace`"),
    (&functions::cfn::SELECT, "a path in `get_attr`/`get_param`, or `yaql`"),
    (&functions::cfn::BASE64, "the plain text (Heat encodes user data itself)"),
    (&functions::cfn::MEMBER_LIST_TO_MAP, "`yaql` or `map_merge`"),
    (&functions::cfn::RESOURCE_FACADE, "`resource_facade`"),
    (&functions::cfn::GET_AZS, "a parameter (Heat answers from Nova)"),
    (&functions::cfn::REF, "`get_resource` (or `get_param` for a parameter)"),
];

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    for call in &cx.calls {
        let Some((_, hot)) = HOT.iter().find(|(k, _)| *k == call.kind) else { continue };
        out.report(
            call.key.span,
            &call.path,
            format!("`{}` exists in HOT 2013-05-23 only; {hot} does the same in every version", call.name),
        );
    }
}
