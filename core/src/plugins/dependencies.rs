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

type AddDependencies = fn(&Deps<'_>, &ResourceDefn, &mut Graph) -> Result<(), EvalError>;

/// Plugin type name → its `add_dependencies`.
const TABLE: &[(&str, AddDependencies)] =
    &[("OS::Neutron::Port", port), ("OS::Neutron::Router", router), ("OS::Nova::Server", server)];

/// `Stack._add_implicit_dependencies`: every resource's `add_dependencies`, in order.
pub(crate) fn add_implicit(deps: &Deps<'_>, graph: &mut Graph) -> Result<(), EvalError> {
    for res in &deps.resources {
        if let Some((_, add)) = TABLE.iter().find(|(n, _)| *n == res.info.plugin) {
            add(deps, res, graph)?;
        }
    }
    Ok(())
}

/// `Server.add_dependencies`: every subnet of a network the server uses (or
/// of an unknown network).
fn server(deps: &Deps<'_>, res: &ResourceDefn, graph: &mut Graph) -> Result<(), EvalError> {
    let Some(nets) = deps.read(res, "networks")? else { return Ok(()) };
    let nets = super::list(&nets);
    if nets.is_empty() {
        return Ok(());
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
    Ok(())
}

/// `Port.add_dependencies`: every subnet of its network.
fn port(deps: &Deps<'_>, res: &ResourceDefn, graph: &mut Graph) -> Result<(), EvalError> {
    for subnet in deps.of_type("OS::Neutron::Subnet") {
        let Some(subnet_net) = deps.read(subnet, "network")? else { continue };
        let Some(network) = deps.read(res, "network")? else { continue };
        if subnet_net.py_eq(&network) {
            graph.add_edge(&res.name, &subnet.name);
        }
    }
    Ok(())
}

/// `Router.add_dependencies`: every subnet of its external gateway's network.
fn router(deps: &Deps<'_>, res: &ResourceDefn, graph: &mut Graph) -> Result<(), EvalError> {
    let gateway = deps.read(res, "external_gateway_info")?;
    let Some(gateway) = gateway.filter(Value::truthy) else { return Ok(()) };
    let gateway_net = get(&gateway, "network");
    for subnet in deps.of_type("OS::Neutron::Subnet") {
        let Some(subnet_net) = deps.read(subnet, "network")? else { continue };
        if subnet_net.py_eq(gateway_net) {
            graph.add_edge(&res.name, &subnet.name);
        }
    }
    Ok(())
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
