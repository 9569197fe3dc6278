//! The resource plugins' own `validate()` checks that need no service: one
//! file per resource type, each a function of the resource's converted
//! properties (`self.properties[...]` in Heat). A check that reaches the point
//! where Heat would call a service stops there and is reported as skipped,
//! exactly as the oracle records it (`skipped_checks`).

mod access_policy;
mod autoscaling_group;
mod barbican_container;
mod barbican_order;
mod barbican_secret;
mod blazar_lease;
mod cinder_volume;
mod cinder_volume_type;
mod delay;
pub(crate) mod dependencies;
mod designate_zone;
mod ec2_instance;
mod eip_association;
mod elb;
mod floating_ip;
mod glance_web_image;
mod instance_group;
mod keypair;
mod keystone_role_assignment;
mod launch_config;
mod magnum_cluster_template;
mod manila_share_network;
mod mistral_cron_trigger;
mod mistral_workflow;
mod monasca_notification;
mod network_gateway;
mod neutron;
mod octavia_l7policy;
mod octavia_l7rule;
mod octavia_listener;
mod octavia_pool;
mod port;
mod provider_net;
mod quota;
mod random_string;
mod rbac_policy;
mod router;
mod router_interface;
mod sahara;
mod sahara_job_binary;
mod scaling_policy;
mod security_group;
mod security_group_rule;
mod segment;
mod senlin_cluster;
mod server;
mod server_group;
mod software_component;
mod software_deployment;
mod subnet;
mod subnetpool;
mod value;
mod vitrage_template;
mod zaqar_subscription;
mod zun_container;

use crate::catalogue::PropSchema;
use crate::eval::EvalError;
use crate::model::diag::PathItem;
use crate::value::{Map, Value};

/// What a plugin check sees of its resource.
pub(crate) struct Ctx<'a> {
    /// The resource name.
    pub name: &'a str,
    /// The plugin type it resolves to (`AWS::…`/`OS::…`).
    pub plugin: &'a str,
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
    /// Properties whose conversion failed, with the message: only for the
    /// checks Heat makes before the property schema ([`FIRST`], [`ONLY`]), where a
    /// read of one raises.
    pub unread: &'a [(String, String)],
    /// The resolved `update_policy` section (null when absent).
    pub update_policy: &'a Value,
    /// Heat's `strict_validate` (false while a parent validates a nested stack).
    pub strict: bool,
    /// `stack.timeout_secs()`: the request's `timeout_mins`, else
    /// `stack_action_timeout`.
    pub timeout_secs: i64,
}

impl Ctx<'_> {
    /// Whether the answering Heat release has a change of a plugin's checks.
    pub fn has(&self, change: crate::release::Change) -> bool {
        self.stack.release().has(change)
    }

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

    /// `self.properties[key]` where the schema has not been checked yet: a
    /// value that does not convert raises (`ValueError`, at the resource).
    pub fn get(&self, key: &str) -> Result<&Value, EvalError> {
        match self.unread.iter().find(|(k, _)| k == key) {
            Some((_, message)) => Err(python_error(self, "ValueError", message.clone())),
            None => Ok(self.prop(key)),
        }
    }

    /// The template's name of its `resources` section.
    pub fn resources_section(&self) -> &'static str {
        self.stack.version().key("resources")
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

pub(crate) type Check = fn(&Ctx<'_>) -> Result<Outcome, EvalError>;

/// Plugin type name → its checks, sorted by name.
const TABLE: &[(&str, Check)] = &[
    ("AWS::AutoScaling::AutoScalingGroup", autoscaling_group::validate),
    ("AWS::AutoScaling::LaunchConfiguration", launch_config::validate),
    ("AWS::AutoScaling::ScalingPolicy", scaling_policy::validate),
    ("AWS::EC2::EIPAssociation", eip_association::validate),
    ("AWS::EC2::Instance", ec2_instance::validate),
    ("AWS::ElasticLoadBalancing::LoadBalancer", elb::validate),
    ("OS::Barbican::CertificateContainer", barbican_container::validate),
    ("OS::Barbican::GenericContainer", barbican_container::validate),
    ("OS::Barbican::Order", barbican_order::validate),
    ("OS::Barbican::RSAContainer", barbican_container::validate),
    ("OS::Barbican::Secret", barbican_secret::validate),
    ("OS::Blazar::Lease", blazar_lease::validate),
    ("OS::Cinder::Quota", quota::validate),
    ("OS::Cinder::Volume", cinder_volume::validate),
    ("OS::Cinder::VolumeType", cinder_volume_type::validate),
    ("OS::Designate::Zone", designate_zone::validate),
    ("OS::Glance::WebImage", glance_web_image::validate),
    ("OS::Heat::AccessPolicy", access_policy::validate),
    ("OS::Heat::AutoScalingGroup", autoscaling_group::validate),
    ("OS::Heat::Delay", delay::validate),
    ("OS::Heat::RandomString", random_string::validate),
    ("OS::Heat::ScalingPolicy", scaling_policy::validate),
    ("OS::Heat::SoftwareComponent", software_component::validate),
    ("OS::Heat::SoftwareDeployment", software_deployment::validate),
    ("OS::Heat::StructuredDeployment", software_deployment::validate),
    ("OS::Keystone::Group", keystone_role_assignment::validate),
    ("OS::Keystone::GroupRoleAssignment", keystone_role_assignment::validate),
    ("OS::Keystone::User", keystone_role_assignment::validate),
    ("OS::Keystone::UserRoleAssignment", keystone_role_assignment::validate),
    ("OS::Magnum::ClusterTemplate", magnum_cluster_template::validate),
    ("OS::Manila::ShareNetwork", manila_share_network::validate),
    ("OS::Mistral::CronTrigger", mistral_cron_trigger::validate),
    ("OS::Mistral::Workflow", mistral_workflow::validate),
    ("OS::Monasca::Notification", monasca_notification::validate),
    ("OS::Neutron::Firewall", neutron::validate),
    ("OS::Neutron::FloatingIP", floating_ip::validate),
    ("OS::Neutron::Net", neutron::validate),
    ("OS::Neutron::NetworkGateway", network_gateway::validate),
    ("OS::Neutron::Port", port::validate),
    ("OS::Neutron::ProviderNet", provider_net::validate),
    ("OS::Neutron::Quota", quota::validate),
    ("OS::Neutron::RBACPolicy", rbac_policy::validate),
    ("OS::Neutron::Router", router::validate),
    ("OS::Neutron::RouterInterface", router_interface::validate),
    ("OS::Neutron::SecurityGroup", security_group::validate),
    ("OS::Neutron::SecurityGroupRule", security_group_rule::validate),
    ("OS::Neutron::Segment", segment::validate),
    ("OS::Neutron::Subnet", subnet::validate),
    ("OS::Neutron::SubnetPool", subnetpool::validate),
    ("OS::Nova::KeyPair", keypair::validate),
    ("OS::Nova::Quota", quota::validate),
    ("OS::Nova::Server", server::validate),
    ("OS::Nova::ServerGroup", server_group::validate),
    ("OS::Octavia::L7Policy", octavia_l7policy::validate),
    ("OS::Octavia::L7Rule", octavia_l7rule::validate),
    ("OS::Octavia::Listener", octavia_listener::validate),
    ("OS::Octavia::Pool", octavia_pool::validate),
    ("OS::Octavia::Quota", quota::validate),
    ("OS::Sahara::Cluster", sahara::cluster),
    ("OS::Sahara::ClusterTemplate", sahara::cluster_template),
    ("OS::Sahara::JobBinary", sahara_job_binary::validate),
    ("OS::Sahara::NodeGroupTemplate", sahara::node_group_template),
    ("OS::Senlin::Cluster", senlin_cluster::validate),
    ("OS::Vitrage::Template", vitrage_template::validate),
    ("OS::Zaqar::Subscription", zaqar_subscription::validate),
    ("OS::Zun::Container", zun_container::validate),
];

/// Types whose `validate()` makes its own checks before calling the base
/// class's (and so before the property schema, the functions and the
/// policies are checked).
const FIRST: &[&str] = &["AWS::AutoScaling::AutoScalingGroup", "OS::Heat::AutoScalingGroup"];

/// Types whose `validate()` replaces the base class's and never calls it:
/// Heat checks neither their definition nor their property schema, policies
/// or custom constraints, only what the plugin's own checks read (with the
/// properties read as for [`FIRST`]).
const ONLY: &[&str] = &["OS::Senlin::Cluster"];

/// Whether a type's checks come before the property schema ([`FIRST`], [`ONLY`]).
pub(crate) fn checks_first(plugin: &str) -> bool {
    FIRST.contains(&plugin) || ONLY.contains(&plugin)
}

/// Whether a type's checks are all of its validation ([`ONLY`]).
pub(crate) fn checks_only(plugin: &str) -> bool {
    ONLY.contains(&plugin)
}

/// Checks a stack resource's `validate()` makes after its nested stack was
/// validated (`StackResource.validate()` first).
const AFTER_NESTED: &[(&str, Check)] = &[
    ("AWS::AutoScaling::AutoScalingGroup", instance_group::pause_time),
    ("OS::Heat::InstanceGroup", instance_group::pause_time),
];

/// The checks of a type made after its nested stack, if it has any.
pub(crate) fn checks_after_nested(plugin: &str) -> Option<Check> {
    AFTER_NESTED.iter().find(|(n, _)| *n == plugin).map(|(_, c)| *c)
}

/// Types whose class refuses a deletion policy with the cloud's settings
/// (`validate_deletion_policy`): the message, given the policy and
/// `[volumes] backups_enabled`.
type DeletionPolicy = fn(&str, bool) -> Option<String>;

const DELETION_POLICY: &[(&str, DeletionPolicy)] = &[
    ("AWS::EC2::Volume", cinder_volume::validate_deletion_policy),
    ("OS::Cinder::Volume", cinder_volume::validate_deletion_policy),
];

/// Why the type refuses this deletion policy with these settings, if it does.
pub(crate) fn deletion_policy_error(plugin: &str, policy: &str, backups_enabled: bool) -> Option<String> {
    DELETION_POLICY.iter().find(|(n, _)| *n == plugin).and_then(|(_, check)| check(policy, backups_enabled))
}

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

/// `exception.ResourcePropertyDependency(prop1=…, prop2=…)`.
pub(crate) fn dependency(prop1: &str, prop2: &str) -> EvalError {
    EvalError::other("ResourcePropertyDependency", format!("{prop1} cannot be specified without {prop2}."))
        .with_code("property-dependency")
}

/// `exception.ResourcePropertyValueDependency(prop1=…, prop2=…, value=…)`.
pub(crate) fn value_dependency(prop1: &str, prop2: &str, value: &str) -> EvalError {
    EvalError::other(
        "ResourcePropertyValueDependency",
        format!("{prop1} property should only be specified for {prop2} with value {value}."),
    )
    .with_code("property-dependency")
}

/// A Python exception (`ValueError`, …) escaping a plugin's `validate()`:
/// `Stack.validate` wraps it as `StackValidationFailed(error=ex, resource=res)`,
/// `<class>: resources.<name>: <message>`.
pub(crate) fn python_error(ctx: &Ctx<'_>, class: &str, message: impl Into<String>) -> EvalError {
    let path = vec![PathItem::Key(ctx.resources_section().to_string()), PathItem::Key(ctx.name.to_string())];
    EvalError::svf_items(class, path, message).with_code("plugin-check")
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
