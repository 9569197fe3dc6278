//! The plugins' `add_dependencies()`: implicit dependencies Heat adds to the
//! graph before validating (`Stack.dependencies` in strict validation), e.g.
//! a server on every subnet of its networks. They change the order in which
//! resources are validated, so which error comes first. One function per
//! type, each reading the resources' converted properties as Heat's
//! `self.properties[...]` does: a value that fails to convert skips that
//! pair (Heat ignores `ValueError`/`TypeError` here), any other error (a
//! translation conflict) fails the stack as it is.

use crate::engine::properties::{PropError, Validation};
use crate::engine::resources::{Graph, ResourceDefn};
use crate::eval::{EvalError, Expr};
use crate::stack::Stack;
use crate::value::Value;

use super::get;

/// The resources of the stack, in Heat's order (`self.stack.values()`).
pub(crate) struct Deps<'a> {
    pub stack: &'a Stack,
    pub resources: Vec<&'a ResourceDefn>,
}

/// A property read: `Ok(None)` when Heat's `ValueError`/`TypeError` would be
/// caught.
type Read = Result<Option<Value>, EvalError>;

impl Deps<'_> {
    fn read(&self, res: &ResourceDefn, key: &str) -> Read {
        if res.info.provider || res.info.plugin.is_empty() {
            return Ok(None);
        }
        let entries: &[(Value, Expr)] = match &res.properties {
            None => &[],
            Some(Expr::Map(entries, _)) => entries,
            Some(_) => return Ok(None),
        };
        let v = Validation::new(self.stack, res.info.schema, res.info.translation, entries);
        match v.read(res.info.schema, entries, key) {
            Ok(value) => Ok(Some(value)),
            Err(PropError::Value(_) | PropError::Unknown(_)) => Ok(None),
            Err(PropError::Svf(_, message)) => {
                Err(EvalError::svf(message).with_code("property-conflict").at(res.node.span))
            }
            Err(PropError::Fatal(e)) => Err(e),
        }
    }

    /// `res.has_interface(type)`.
    fn of_type<'r>(&'r self, type_name: &'r str) -> impl Iterator<Item = &'r ResourceDefn> + 'r {
        self.resources.iter().copied().filter(move |r| r.type_name == type_name || r.info.plugin == type_name)
    }
}

/// How an `add_dependencies` ended when it raised nothing Heat would stop for.
enum Added {
    /// Every edge it would add is in the graph (or a `ValueError`/`TypeError`
    /// stopped it, which Heat ignores here).
    Done,
    /// It stopped where Heat would ask this service; the edges it found
    /// before stay.
    NeedsService(&'static str),
}

type AddDependencies = fn(&Deps<'_>, &ResourceDefn, &mut Graph) -> Result<Added, EvalError>;

/// Plugin type name → its `add_dependencies`.
const TABLE: &[(&str, AddDependencies)] = &[
    ("OS::Neutron::FloatingIP", floating_ip),
    ("OS::Neutron::FloatingIPAssociation", floating_ip_association),
    ("OS::Neutron::FloatingIPPortForward", floating_ip_association),
    ("OS::Neutron::Port", port),
    ("OS::Neutron::Router", router),
    ("OS::Nova::Server", server),
];

/// `Stack._add_implicit_dependencies`: every resource's `add_dependencies`, in
/// order; a look-up that needs a service is recorded in `skipped`.
pub(crate) fn add_implicit(
    deps: &Deps<'_>,
    graph: &mut Graph,
    skipped: &mut Vec<crate::model::result::SkippedCheck>,
) -> Result<(), EvalError> {
    for res in &deps.resources {
        if let Some((_, add)) = TABLE.iter().find(|(n, _)| *n == res.info.plugin) {
            if let Added::NeedsService(service) = add(deps, res, graph)? {
                skipped.push(crate::model::result::SkippedCheck {
                    resource: res.name.to_string(),
                    check: format!("{}.add_dependencies", res.info.class),
                    service: service.to_string(),
                });
            }
        }
    }
    Ok(())
}

/// `a or b` of two property reads (a read Heat's errors stop is `None`).
fn or(a: Option<Value>, b: impl FnOnce() -> Read) -> Read {
    match a {
        Some(v) if v.truthy() => Ok(Some(v)),
        Some(_) => b(),
        None => Ok(None),
    }
}

/// `FloatingIP.add_dependencies`: the router gateways and routers of its
/// floating network, and the router interfaces on the subnet of a port it
/// requires (a port without fixed IPs is looked up in Neutron: the look-up
/// is skipped, and so are the edges after it).
fn floating_ip(deps: &Deps<'_>, res: &ResourceDefn, graph: &mut Graph) -> Result<Added, EvalError> {
    for other in &deps.resources {
        let is = |t: &str| other.type_name == t || other.info.plugin == t;
        if is("OS::Neutron::RouterGateway") {
            let Some(gateway) = or(deps.read(other, "network")?, || deps.read(other, "network_id"))? else { continue };
            let Some(floating) = deps.read(res, "floating_network")? else { continue };
            if gateway.py_eq(&floating) {
                graph.add_edge(&res.name, &other.name);
            }
        } else if is("OS::Neutron::RouterInterface") {
            // Not caught: a value that does not read ends the look-up.
            let Some(subnet) = or(deps.read(other, "subnet")?, || deps.read(other, "subnet_id"))? else {
                return Ok(Added::Done);
            };
            for required in graph.requires_of(&res.name) {
                let Some(port) = deps.resources.iter().find(|r| *r.name == *required) else { continue };
                match port_on_subnet(deps, port, &subnet)? {
                    Some(true) => {
                        graph.add_edge(&res.name, &other.name);
                        break;
                    }
                    Some(false) => {}
                    None => return Ok(Added::NeedsService("neutron")),
                }
            }
        } else if is("OS::Neutron::Router") {
            let Some(gateway) = deps.read(other, "external_gateway_info")? else { continue };
            let Some(floating) = deps.read(res, "floating_network")? else { continue };
            if gateway.truthy() && get(&gateway, "network").py_eq(&floating) {
                graph.add_edge(&res.name, &other.name);
            }
        }
    }
    Ok(Added::Done)
}

/// `FloatingIP._add_router_interface_dependencies.port_on_subnet`: `None`
/// where Heat asks Neutron for the port's network.
fn port_on_subnet(deps: &Deps<'_>, port: &ResourceDefn, subnet: &Value) -> Result<Option<bool>, EvalError> {
    if !(port.type_name == "OS::Neutron::Port" || port.info.plugin == "OS::Neutron::Port") {
        return Ok(Some(false));
    }
    let Some(fixed_ips) = deps.read(port, "fixed_ips")? else { return Ok(Some(false)) };
    if !fixed_ips.truthy() {
        if subnet.is_null() {
            return Ok(Some(true));
        }
        let Some(network) = or(deps.read(port, "network")?, || deps.read(port, "network_id"))? else {
            return Ok(Some(false));
        };
        return Ok(if network.truthy() { None } else { Some(false) });
    }
    for fixed_ip in super::list(&fixed_ips) {
        let port_subnet = match get(fixed_ip, "subnet") {
            v if v.truthy() => v,
            _ => get(fixed_ip, "subnet_id"),
        };
        if subnet.py_eq(port_subnet) {
            return Ok(Some(true));
        }
    }
    Ok(Some(false))
}

/// `FloatingIPAssociation.add_dependencies` (and `FloatingIPPortForward`'s):
/// the router interfaces on the subnet of a port it requires (the port's
/// first fixed IP only).
fn floating_ip_association(deps: &Deps<'_>, res: &ResourceDefn, graph: &mut Graph) -> Result<Added, EvalError> {
    for other in &deps.resources {
        if !(other.type_name == "OS::Neutron::RouterInterface" || other.info.plugin == "OS::Neutron::RouterInterface") {
            continue;
        }
        // Nothing here is caught: a value that does not read ends it all.
        let Some(subnet) = or(deps.read(other, "subnet")?, || deps.read(other, "subnet_id"))? else {
            return Ok(Added::Done);
        };
        for required in graph.requires_of(&res.name) {
            let Some(port) = deps.resources.iter().find(|r| *r.name == *required) else { continue };
            if !(port.type_name == "OS::Neutron::Port" || port.info.plugin == "OS::Neutron::Port") {
                continue;
            }
            let Some(fixed_ips) = deps.read(port, "fixed_ips")? else { return Ok(Added::Done) };
            let on_subnet = super::list(&fixed_ips).first().is_some_and(|fixed_ip| {
                let port_subnet = match get(fixed_ip, "subnet") {
                    v if v.truthy() => v,
                    _ => get(fixed_ip, "subnet_id"),
                };
                subnet.py_eq(port_subnet)
            });
            if on_subnet {
                graph.add_edge(&res.name, &other.name);
                break;
            }
        }
    }
    Ok(Added::Done)
}

/// `Server.add_dependencies`: every subnet of a network the server uses (or
/// of an unknown network).
fn server(deps: &Deps<'_>, res: &ResourceDefn, graph: &mut Graph) -> Result<Added, EvalError> {
    let Some(nets) = deps.read(res, "networks")? else { return Ok(Added::Done) };
    let nets = super::list(&nets);
    if nets.is_empty() {
        return Ok(Added::Done);
    }
    for subnet in deps.of_type("OS::Neutron::Subnet") {
        let Some(subnet_net) = deps.read(subnet, "network")? else { continue };
        if !subnet_net.truthy() {
            graph.add_edge(&res.name, &subnet.name);
            continue;
        }
        for net in nets {
            let net_id = get(net, "network");
            if !net_id.truthy() || net_id.py_eq(&subnet_net) {
                graph.add_edge(&res.name, &subnet.name);
                break;
            }
        }
    }
    Ok(Added::Done)
}

/// `Port.add_dependencies`: every subnet of its network.
fn port(deps: &Deps<'_>, res: &ResourceDefn, graph: &mut Graph) -> Result<Added, EvalError> {
    for subnet in deps.of_type("OS::Neutron::Subnet") {
        let Some(subnet_net) = deps.read(subnet, "network")? else { continue };
        let Some(network) = deps.read(res, "network")? else { continue };
        if subnet_net.py_eq(&network) {
            graph.add_edge(&res.name, &subnet.name);
        }
    }
    Ok(Added::Done)
}

/// `Router.add_dependencies`: every subnet of its external gateway's network.
fn router(deps: &Deps<'_>, res: &ResourceDefn, graph: &mut Graph) -> Result<Added, EvalError> {
    let gateway = deps.read(res, "external_gateway_info")?;
    let Some(gateway) = gateway.filter(Value::truthy) else { return Ok(Added::Done) };
    let gateway_net = get(&gateway, "network");
    for subnet in deps.of_type("OS::Neutron::Subnet") {
        let Some(subnet_net) = deps.read(subnet, "network")? else { continue };
        if subnet_net.py_eq(gateway_net) {
            graph.add_edge(&res.name, &subnet.name);
        }
    }
    Ok(Added::Done)
}

#[cfg(test)]
mod tests {
    use crate::testing::template_error;

    // Expected messages from the oracle (real Heat, full mode).
    const SUBNET: &str = "  s:\n    type: OS::Neutron::Subnet\n    properties:\n      network: a\n      cidr: 10.0.0.0/24\n      allocation_pools: [{start: 1.2.3.4}]\n";

    fn server(network: &str) -> String {
        format!("heat_template_version: 2018-08-31\nresources:\n  srv:\n    type: OS::Nova::Server\n    properties:\n      flavor: f\n      image: i\n      networks: [{{network: {network}}}]\n      flavour: x\n{SUBNET}")
    }

    #[test]
    fn a_server_waits_for_the_subnets_of_its_networks() {
        assert_eq!(
            template_error(&server("a")).as_deref(),
            Some("Property error: resources.s.properties.allocation_pools[0]: Property end not assigned")
        );
        assert_eq!(
            template_error(&server("b")).as_deref(),
            Some("Property error: resources.srv.properties: Unknown Property flavour")
        );
    }

    #[test]
    fn a_conflict_read_for_dependencies_fails_the_stack() {
        let t = "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties:\n      network: a\n      network_id: b\n  s:\n    type: OS::Neutron::Subnet\n    properties:\n      network: a\n      cidr: 10.0.0.0/24\n";
        assert_eq!(
            template_error(t).as_deref(),
            Some("Cannot define the following properties at the same time: network, network_id")
        );
    }
}
