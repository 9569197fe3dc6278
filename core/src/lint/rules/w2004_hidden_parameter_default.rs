//! W2004: a hidden parameter with a default: a secret written in the template.

use crate::model::diag::Severity;
use crate::lint::{Ctx, Doc, Findings, Info, Rule};
use crate::value::Value;

pub(crate) const RULE: Rule = Rule {
    info: Info {
        id: "W2004",
        name: "hidden-parameter-default",
        severity: Severity::Warning,
        on_by_default: true,
    },
    check,
};

pub(crate) const DOC: Doc = Doc {
    summary: "a hidden parameter (a password, a key) with a non-empty default",
    text: r#"
`hidden: true` keeps a parameter's value out of Heat's API answers, because
it is a secret. A default for it is a secret written in the template, in
version control and in every copy of the template: every stack created
without a value shares it. Leave the default out (the value becomes
required) or generate the secret with `OS::Heat::RandomString`.

The rule reads parameters whose name says they hold a secret (a password, a
passphrase, a secret, a token, a credential, a private or API key): `hidden`
is also used for values that are merely long or noisy (a certificate's path,
a user name), whose defaults are no secret. An empty default (`''`) is not
reported: it is the usual way to make the parameter optional.
"#,
    bad: "heat_template_version: 2018-08-31\nparameters:\n  db_password:\n    type: string\n    hidden: true\n    default: hunter2\n",
    good: "heat_template_version: 2018-08-31\nparameters:\n  db_password:\n    type: string\n    hidden: true\n",
    files: &[],
};

/// What a secret's name contains (lower case, without `_`/`-`).
const SECRET_NAMES: &[&str] =
    &["password", "passwd", "passphrase", "secret", "token", "credential", "privatekey", "apikey"];

/// Whether a parameter's name says it holds a secret.
fn secret_name(name: &str) -> bool {
    let folded: String = name.chars().filter(|c| *c != '_' && *c != '-').collect::<String>().to_ascii_lowercase();
    SECRET_NAMES.iter().any(|w| folded.contains(w))
}

fn check(cx: &Ctx<'_>, out: &mut Findings<'_>) {
    for p in &cx.params {
        let (Some(schema), Some(node)) = (&p.schema, p.def.get("default")) else { continue };
        if !schema.hidden || !secret_name(p.name) {
            continue;
        }
        let empty = match node.scalar() {
            Some(Value::Str(s)) => s.is_empty(),
            Some(Value::Null) => true,
            Some(_) => false,
            None => node.as_map().is_some_and(<[_]>::is_empty) || node.as_list().is_some_and(<[_]>::is_empty),
        };
        if !empty {
            out.report(
                node.span,
                format!("parameters.{}.default", p.name),
                format!("`{}` is hidden, and its default writes the secret into the template", p.name),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::lint::tests::run;

    #[test]
    fn empty_defaults_and_names_of_no_secret_are_fine() {
        let t = "heat_template_version: 2018-08-31\nparameters:\n  a_password: {type: string, hidden: true, default: ''}\n  b_secret: {type: json, hidden: true, default: {}}\n  c_token: {type: string, hidden: false, default: x}\n  DbPassword: {type: number, hidden: true, default: 0}\n  db_username: {type: string, hidden: true, default: admin}\n  KraAdminCertFile: {type: string, hidden: true, default: /etc/kra.pem}\n  ssh-private-key: {type: string, hidden: true, default: k}\n";
        let found = run("W2004", t, &[]);
        let texts: Vec<&str> = found.iter().map(|(_, t)| t.as_str()).collect();
        assert_eq!(texts, ["0", "k"], "{found:?}");
    }
}
