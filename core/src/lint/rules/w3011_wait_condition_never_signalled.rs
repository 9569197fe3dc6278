//! W3011: a wait condition whose handle nothing can signal.

use crate::model::diag::Severity;
use crate::functions;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};
use crate::syntax::Node;

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W3011",
        name: "wait-condition-never-signalled",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "a wait condition whose handle's signal URL or command nothing in the template uses",
    text: r#"
An `OS::Heat::WaitCondition` completes when its `OS::Heat::WaitConditionHandle`
is signalled, by a command or URL that only the handle's attributes give
(`curl_cli`, `endpoint` with `token`, `signal`). When no `get_attr` of the
handle appears anywhere in the template, no server is told how to signal it:
the wait condition waits for its whole `timeout`, then fails the stack. The
`get_attr` usually went into the wrong resource's user data, or was lost in
an edit.
"#,
    bad: "heat_template_version: 2018-08-31\nresources:\n  handle:\n    type: OS::Heat::WaitConditionHandle\n  wait:\n    type: OS::Heat::WaitCondition\n    properties:\n      handle: {get_resource: handle}\n      timeout: 600\n  server:\n    type: OS::Nova::Server\n    properties:\n      image: cirros\n      flavor: m1.small\n      user_data: '#!/bin/sh\n\n        echo booted'\n",
    good: "heat_template_version: 2018-08-31\nresources:\n  handle:\n    type: OS::Heat::WaitConditionHandle\n  wait:\n    type: OS::Heat::WaitCondition\n    properties:\n      handle: {get_resource: handle}\n      timeout: 600\n  server:\n    type: OS::Nova::Server\n    properties:\n      image: cirros\n      flavor: m1.small\n      user_data:\n        str_replace:\n          template: '#!/bin/sh\n\n            wc_notify --data-binary ''{\"status\": \"SUCCESS\"}'''\n          params:\n            wc_notify: {get_attr: [handle, curl_cli]}\n",
    files: &[],
};

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    let attrs = [&functions::get_attr::GET_ATT, &functions::get_attr::GET_ATT_ALL, &functions::get_attr::GET_ATT_THEN_SELECT];
    for w in cx.resources.iter().filter(|r| r.plugin() == Some("OS::Heat::WaitCondition")) {
        let Some(h) = w.prop("handle") else { continue };
        if cx.call_of(h) != Some(&functions::get_resource::GET_RESOURCE) {
            continue;
        }
        let Some(name) = h.as_map().and_then(|m| m.first()).and_then(|(_, a)| a.as_str()) else { continue };
        let Some(handle) = cx.resource(name) else { continue };
        if handle.plugin() != Some("OS::Heat::WaitConditionHandle") {
            continue;
        }
        let used = cx.calls_of(attrs).any(|c| c.target().and_then(Node::as_str) == Some(name));
        // Given to a nested template, it may be signalled there.
        let passed = cx.calls_of([&functions::get_resource::GET_RESOURCE]).any(|c| {
            c.args.as_str() == Some(name) && !c.path.starts_with(&format!("resources.{}.", w.name))
        });
        if used || passed {
            continue;
        }
        out.report(
            h.span,
            format!("resources.{}.properties.handle", w.name),
            format!("no get_attr of `{name}` gives anyone its signal: `{}` waits until its timeout, then fails", w.name),
        );
    }
}
