//! The resource plugins' own `validate()` checks that need no service: one
//! file per resource type, each a function of the resource's converted
//! properties (`self.properties[...]` in Heat). A check that reaches the point
//! where Heat would call a service stops there and is reported as skipped,
//! exactly as the oracle records it (`skipped_checks`).

mod access_policy;
mod aws_autoscaling_group;
mod blazar_lease;
mod cinder_volume;
mod cinder_volume_type;
pub(crate) mod dependencies;
mod designate_zone;
mod eip_association;
mod floating_ip;
mod keypair;
mod launch_config;
mod neutron;
mod octavia_l7policy;
mod octavia_l7rule;
mod octavia_listener;
mod octavia_pool;
mod port;
mod random_string;
mod router;
mod router_interface;
mod security_group;
mod security_group_rule;
mod server;
mod server_group;
mod software_component;
mod software_deployment;
mod subnet;
mod value;

use crate::catalogue::PropSchema;
use crate::eval::EvalError;
use crate::value::{Map, Value};

/// What a plugin check sees of its resource.
pub(crate) struct Ctx<'a> {
    /// The resource name.
    pub name: &'a str,
    /// Every schema key with its converted value.
    pub props: &'a Map,
    /// The resolved `metadata` section (null when absent).
    pub metadata: &'a Value,
    /// The stack (its resources, as `self.stack` in Heat).
    pub stack: &'a crate::stack::Stack,
    /// A display evaluation's properties whose values it does not have
    /// (null in `props`), with what they need.
    pub unknown: &'a [(String, EvalError)],
    /// What the check read that is unknown: its outcome then says nothing.
    pub needs: std::cell::RefCell<Vec<String>>,
}

impl Ctx<'_> {
    /// `self.properties[key]`.
    pub fn prop(&self, key: &str) -> &Value {
        if let Some((_, e)) = self.unknown.iter().find(|(k, _)| k == key) {
            let mut needs = self.needs.borrow_mut();
            for l in e.unknown_labels() {
                if !needs.contains(&l) {
                    needs.push(l);
                }
            }
        }
        self.props.get_str(key).unwrap_or(&Value::Null)
    }

    /// `self.stack.resource_by_refid(refid)` before anything is created: the
    /// resource of that name.
    pub fn resource_by_refid(&self, refid: &Value) -> Option<&crate::stack::ResourceRef> {
        refid.as_str().and_then(|n| self.stack.resources.get(n))
    }

    /// `res.properties.get(key)` of another resource: its converted value,
    /// null when it has no such property or it fails to convert.
    pub fn property_of(&self, res: &crate::stack::ResourceRef, key: &str) -> Value {
        let entries: &[(Value, crate::eval::Expr)] = match &res.properties {
            Some(crate::eval::Expr::Map(entries, _)) => entries,
            _ => &[],
        };
        if res.info.provider {
            return Value::Null;
        }
        let v = crate::engine::properties::Validation::new(self.stack, res.info.schema, res.info.translation, entries);
        v.read(res.info.schema, entries, key).unwrap_or(Value::Null)
    }
}

/// How a plugin check ended when it raised nothing.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Outcome {
    /// Every check passed.
    Valid,
    /// It stopped where Heat would ask this service (`glance`, `nova`, …).
    NeedsService(&'static str),
}

type Check = fn(&Ctx<'_>) -> Result<Outcome, EvalError>;

/// Plugin type name → its checks, sorted by name.
const TABLE: &[(&str, Check)] = &[
    ("AWS::AutoScaling::AutoScalingGroup", aws_autoscaling_group::validate),
    ("AWS::AutoScaling::LaunchConfiguration", launch_config::validate),
    ("AWS::EC2::EIPAssociation", eip_association::validate),
    ("OS::Blazar::Lease", blazar_lease::validate),
    ("OS::Cinder::Volume", cinder_volume::validate),
    ("OS::Cinder::VolumeType", cinder_volume_type::validate),
    ("OS::Designate::Zone", designate_zone::validate),
    ("OS::Heat::AccessPolicy", access_policy::validate),
    ("OS::Heat::RandomString", random_string::validate),
    ("OS::Heat::SoftwareComponent", software_component::validate),
    ("OS::Heat::SoftwareDeployment", software_deployment::validate),
    ("OS::Heat::StructuredDeployment", software_deployment::validate),
    ("OS::Neutron::Firewall", neutron::validate),
    ("OS::Neutron::FloatingIP", floating_ip::validate),
    ("OS::Neutron::Net", neutron::validate),
    ("OS::Neutron::Port", port::validate),
    ("OS::Neutron::Router", router::validate),
    ("OS::Neutron::RouterInterface", router_interface::validate),
    ("OS::Neutron::SecurityGroup", security_group::validate),
    ("OS::Neutron::SecurityGroupRule", security_group_rule::validate),
    ("OS::Neutron::Subnet", subnet::validate),
    ("OS::Nova::KeyPair", keypair::validate),
    ("OS::Nova::Server", server::validate),
    ("OS::Nova::ServerGroup", server_group::validate),
    ("OS::Octavia::L7Policy", octavia_l7policy::validate),
    ("OS::Octavia::L7Rule", octavia_l7rule::validate),
    ("OS::Octavia::Listener", octavia_listener::validate),
    ("OS::Octavia::Pool", octavia_pool::validate),
];

/// A plugin's `reparse()` that changes its own schema from its properties
/// (read with the generated schema): the schema to validate with instead.
type Reparse = fn(&Map) -> Option<&'static [PropSchema]>;

const REPARSE: &[(&str, Reparse)] = &[("OS::Heat::Value", value::reparse)];

/// The `reparse()` hook of a plugin type, if it has one.
pub(crate) fn reparse(plugin: &str) -> Option<Reparse> {
    REPARSE.iter().find(|(n, _)| *n == plugin).map(|(_, r)| *r)
}

/// The checks of a plugin type, if it has any that need no service.
pub(crate) fn checks(plugin: &str) -> Option<Check> {
    TABLE.iter().find(|(n, _)| *n == plugin).map(|(_, c)| *c)
}

/// `exception.ResourcePropertyConflict(*props)`.
pub(crate) fn conflict(props: &[&str]) -> EvalError {
    EvalError::other(
        "ResourcePropertyConflict",
        format!("Cannot define the following properties at the same time: {}.", props.join(", ")),
    )
    .with_code("property-conflict")
}

/// `exception.PropertyUnspecifiedError(*props)`.
pub(crate) fn unspecified(props: &[&str]) -> EvalError {
    EvalError::other(
        "PropertyUnspecifiedError",
        format!("At least one of the following properties must be specified: {}.", props.join(", ")),
    )
    .with_code("property-unspecified")
}

/// A plain `StackValidationFailed(message=…)` raised by a plugin.
pub(crate) fn invalid(message: impl Into<String>) -> EvalError {
    EvalError::svf(message).with_code("plugin-check")
}

/// `mapping.get(key)` of a converted child map.
pub(crate) fn get<'v>(v: &'v Value, key: &str) -> &'v Value {
    v.as_map().and_then(|m| m.get_str(key)).unwrap_or(&Value::Null)
}

/// A converted list property (`self.properties[key] or []`).
pub(crate) fn list(v: &Value) -> &[Value] {
    v.as_list().unwrap_or(&[])
}
