//! The properties that hold secrets (data for W3008 and W3009): (type,
//! property path with `*` for a list's items).

pub(super) const SECRET_PROPERTIES: &[(&str, &str)] = &[
    ("AWS::IAM::User", "LoginProfile.Password"),
    ("OS::Barbican::Order", "pass_phrase"),
    ("OS::Barbican::Secret", "payload"),
    ("OS::Keystone::User", "password"),
    ("OS::Manila::SecurityService", "password"),
    ("OS::Neutron::IPsecSiteConnection", "psk"),
    ("OS::Nova::Server", "admin_pass"),
    ("OS::Trove::Instance", "users.*.password"),
];

/// Whether a property path of a type holds a secret.
pub(super) fn is_secret(plugin: &str, path: &str) -> bool {
    SECRET_PROPERTIES.iter().any(|(t, p)| *t == plugin && *p == path)
}
