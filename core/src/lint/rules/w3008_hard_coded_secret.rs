//! W3008: a password or key written into the template.

use super::secrets::is_secret;
use crate::model::diag::Severity;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W3008",
        name: "hard-coded-secret",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "a secret property (a password, a key, a secret's payload) written into the template",
    text: r#"
A server's `admin_pass`, a Keystone user's `password`, a Barbican secret's
`payload` or a VPN's `psk` written as text in the template is a secret in
version control, in every copy of the template and in every stack made from
it. Take it from a `hidden: true` parameter, or generate it with
`OS::Heat::RandomString`.

Which properties hold secrets is a table in the rule (`secrets.rs`).
"#,
    bad: "heat_template_version: 2018-08-31\nresources:\n  user:\n    type: OS::Keystone::User\n    properties:\n      name: app\n      password: s3cret-Passw0rd\n",
    good: "heat_template_version: 2018-08-31\nparameters:\n  app_password: {type: string, hidden: true}\nresources:\n  user:\n    type: OS::Keystone::User\n    properties:\n      name: app\n      password: {get_param: app_password}\n",
    files: &[],
};

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    let found = cx.plugin_properties(|plugin, v| {
        let written = is_secret(plugin, &v.path) && v.value.as_str().is_some_and(|s| !s.is_empty());
        written.then(|| (v.value.span, v.breadcrumb.clone(), v.path.clone()))
    });
    for (_, plugin, found) in found {
        for (span, path, name) in found {
            out.report(span, path, format!("`{name}` of {plugin} is a secret written into the template"));
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::tests::run;

    #[test]
    fn literal_strings_in_secret_properties() {
        let t = "heat_template_version: 2018-08-31\nresources:\n  s:\n    type: OS::Nova::Server\n    properties: {image: i, flavor: f, admin_pass: pw, name: pw}\n  t:\n    type: OS::Trove::Instance\n    properties: {flavor: f, size: 1, users: [{name: u, password: pw2, databases: [d]}]}\n";
        let found = run("W3008", t, &[]);
        let texts: Vec<&str> = found.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(texts, ["pw", "pw2"], "{found:?}");
    }
}
