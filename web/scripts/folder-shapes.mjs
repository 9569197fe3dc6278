// Folders shaped like real repositories, written by hand for the tests and the
// benchmark (never other projects' files): their layout, the way their files
// name each other and their counts, with small contents of our own.
//   magnumShape(): a Magnum "drivers" folder — two cluster drivers whose root
//     templates name shared templates by `../../common/templates/…`, 13
//     environment files (pairs that contradict each other, enable/disable and
//     with/no, and one of parameter defaults), scripts read by get_file; 73 files.
//   tripleoShape(): a TripleO subset — Jinja2 sources (`*.j2.yaml`) beside
//     plain service templates and environment files.
// Each returns { folder, files: { path: text } }; writeShape writes one to disk.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

const HOT = "heat_template_version: 2021-04-16\n";

/** The optional types a driver's templates use, each mapped by a pair of environment files. */
const OPTIONAL = [
  ["floating_ip", "OS::Magnum::Optional::FloatingIP", "OS::Neutron::FloatingIP", "enable", "disable"],
  ["volume", "OS::Magnum::Optional::Volume", "OS::Cinder::Volume", "with", "no"],
  ["api_floating_ip", "OS::Magnum::Optional::ApiFloatingIP", "OS::Neutron::FloatingIP", "enable", "disable"],
  ["master_lb", "OS::Magnum::Optional::ApiLb", "../lb_api.yaml", "with", "no"],
  ["etcd_volume", "OS::Magnum::Optional::EtcdVolume", "OS::Cinder::Volume", "with", "no"],
  ["metrics", "OS::Magnum::Optional::Metrics", "OS::Heat::SoftwareConfig", "enable", "disable"],
];

function driver(name, prefix) {
  const files = {};
  const t = `drivers/${name}/templates`;
  const fragments = Array.from({ length: 26 }, (_, i) => `../../common/templates/fragments/${prefix}-step-${i}.sh`);
  files[`${t}/${prefix}cluster.yaml`] = `${HOT}description: a ${prefix} cluster (masters, minions, network, api load balancer)
parameters:
  external_network: {type: string, default: public}
  fixed_network_cidr: {type: string, default: 10.0.0.0/24, description: the cluster's private subnet}
  dns_nameserver:
    type: comma_delimited_list
    default:
      - 8.8.8.8
  number_of_masters: {type: number, default: 1}
  number_of_minions: {type: number, default: 2}
  master_flavor: {type: string, default: m1.small}
  minion_flavor: {type: string, default: m1.small}
  server_image: {type: string, default: fedora-coreos}
  docker_volume_size: {type: number, default: 0}
  keypair: {type: string, default: mine}
resources:
  network:
    type: ../../common/templates/network.yaml
    properties:
      existing_network: ''
      private_network_cidr: {get_param: fixed_network_cidr}
      dns_nameserver: {get_param: dns_nameserver}
      external_network: {get_param: external_network}
  api_lb:
    type: OS::Magnum::Optional::ApiLb
    properties:
      fixed_network: {get_attr: [network, fixed_network]}
      fixed_subnet: {get_attr: [network, fixed_subnet]}
      external_network: {get_param: external_network}
  masters:
    type: OS::Heat::ResourceGroup
    properties:
      count: {get_param: number_of_masters}
      resource_def:
        type: ${prefix}master.yaml
        properties:
          name: ${prefix}-master-%index%
          flavor: {get_param: master_flavor}
          image: {get_param: server_image}
          fixed_network: {get_attr: [network, fixed_network]}
          docker_volume_size: {get_param: docker_volume_size}
  minions:
    type: OS::Heat::ResourceGroup
    properties:
      count: {get_param: number_of_minions}
      resource_def:
        type: ${prefix}minion.yaml
        properties:
          name: ${prefix}-minion-%index%
          flavor: {get_param: minion_flavor}
          image: {get_param: server_image}
          fixed_network: {get_attr: [network, fixed_network]}
          docker_volume_size: {get_param: docker_volume_size}
outputs:
  api_address: {value: {get_attr: [api_lb, address]}}
  master_addresses: {value: {get_attr: [masters, ip]}}
`;
  const node = (role) => `${HOT}description: one ${prefix} ${role}
parameters:
  name: {type: string}
  flavor: {type: string}
  image: {type: string}
  fixed_network: {type: string}
  docker_volume_size: {type: number}
resources:
  config:
    type: OS::Heat::SoftwareConfig
    properties:
      group: ungrouped
      config:
        list_join:
          - "\\n"
          -
${fragments.map((f) => `            - {get_file: ${f}}`).join("\n")}
  port:
    type: OS::Neutron::Port
    properties:
      network: {get_param: fixed_network}
  floating:
    type: OS::Magnum::Optional::FloatingIP
    properties:
      floating_network: public
      port_id: {get_resource: port}
  docker_volume:
    type: OS::Magnum::Optional::Volume
    properties:
      size: {get_param: docker_volume_size}
  server:
    type: OS::Nova::Server
    properties:
      name: {get_param: name}
      flavor: {get_param: flavor}
      image: {get_param: image}
      user_data_format: RAW
      user_data: {get_resource: config}
      networks: [{port: {get_resource: port}}]
outputs:
  ip: {value: {get_attr: [port, fixed_ips, 0, ip_address]}}
`;
  files[`${t}/${prefix}master.yaml`] = node("master");
  files[`${t}/${prefix}minion.yaml`] = node("minion");
  for (const f of fragments) files[`drivers/common/templates/fragments/${f.split("/").pop()}`] = `#!/bin/sh\n# ${f.split("/").pop()}: one step of a node's set-up\necho "${prefix} step"\n`;
  return files;
}

export function magnumShape() {
  const files = {
    ...driver("k8s_fedora_coreos_v1", "kube"),
    ...driver("swarm_fedora_v2", "swarm"),
  };
  files["drivers/common/templates/network.yaml"] = `${HOT}description: the cluster's private network, subnet and router
parameters:
  existing_network: {type: string, default: ''}
  private_network_cidr: {type: string}
  dns_nameserver: {type: comma_delimited_list}
  external_network: {type: string}
resources:
  private_network:
    type: OS::Neutron::Net
  private_subnet:
    type: OS::Neutron::Subnet
    properties:
      network: {get_resource: private_network}
      cidr: {get_param: private_network_cidr}
      dns_nameservers: {get_param: dns_nameserver}
  router:
    type: OS::Neutron::Router
    properties:
      external_gateway_info: {network: {get_param: external_network}}
  router_interface:
    type: OS::Neutron::RouterInterface
    properties:
      router: {get_resource: router}
      subnet: {get_resource: private_subnet}
outputs:
  fixed_network: {value: {get_resource: private_network}}
  fixed_subnet: {value: {get_resource: private_subnet}}
`;
  files["drivers/common/templates/lb_api.yaml"] = `${HOT}description: the cluster API's load balancer
parameters:
  fixed_network: {type: string}
  fixed_subnet: {type: string}
  external_network: {type: string}
resources:
  lb:
    type: OS::Octavia::LoadBalancer
    properties:
      vip_subnet: {get_param: fixed_subnet}
outputs:
  address: {value: {get_attr: [lb, vip_address]}}
`;
  const env = "drivers/common/templates/environments";
  for (const [what, type, on, yes, no] of OPTIONAL) {
    files[`${env}/${yes}_${what}.yaml`] = `# ${yes} the ${what.replace(/_/g, " ")}\nresource_registry:\n  "${type}": ${on}\n`;
    files[`${env}/${no}_${what}.yaml`] = `# ${no} ${what.replace(/_/g, " ")}\nresource_registry:\n  "${type}": OS::Heat::None\n`;
  }
  files[`${env}/cluster_size.yaml`] = "parameter_defaults:\n  number_of_masters: 3\n  number_of_minions: 5\n";
  return { folder: "drivers", files };
}

/** The environment files that make a Magnum driver's cluster whole (one of each pair). */
export const MAGNUM_CHOICE = ["disable_floating_ip.yaml", "no_volume.yaml", "disable_api_floating_ip.yaml", "no_master_lb.yaml", "no_etcd_volume.yaml", "disable_metrics.yaml"];

export function tripleoShape() {
  const files = {};
  files["tripleo-heat-templates/overcloud.j2.yaml"] = `${HOT}description: the overcloud, rendered per role
parameters:
{% for role in roles %}
  {{role.name}}Count: {type: number, default: {{role.CountDefault|default(0)}}}
{% endfor %}
resources:
{% for role in roles %}
  {{role.name}}:
    type: OS::Heat::ResourceGroup
    properties:
      count: {get_param: {{role.name}}Count}
      resource_def: {type: OS::TripleO::{{role.name}}}
{% endfor %}
`;
  files["tripleo-heat-templates/common/services/role.role.j2.yaml"] = `${HOT}description: the services of the {{role.name}} role
resources:
  ServiceChain:
    type: OS::TripleO::{{role.name}}ServiceChain
outputs:
  role_data: {value: {get_attr: [ServiceChain, role_data]}}
`;
  files["tripleo-heat-templates/deployment/nova/nova-api-container-puppet.yaml"] = `${HOT}description: the nova API service
parameters:
  ServiceData: {type: json, default: {}}
  EndpointMap: {type: json, default: {}}
  NovaWorkers: {type: number, default: 0}
  EnableInternalTLS: {type: boolean, default: false}
resources:
  NovaBase:
    type: nova-base-puppet.yaml
    properties:
      EndpointMap: {get_param: EndpointMap}
outputs:
  role_data:
    value:
      service_name: nova_api
      config_settings:
        map_merge:
          - {get_attr: [NovaBase, role_data, config_settings]}
          - nova::api::workers: {get_param: NovaWorkers}
            nova::api::enable_proxy_headers_parsing: true
      service_config_settings: {get_attr: [NovaBase, role_data, service_config_settings]}
      global_config_settings:
        yaql:
          expression: dict($.data.items().where($[1] != null))
          data: {get_attr: [NovaBase, role_data, global_config_settings]}
      puppet_config:
        config_volume: nova_api
        step_config:
          list_join:
            - "\\n"
            - - {get_attr: [NovaBase, role_data, step_config]}
              - include tripleo::profile::base::nova::api
      upgrade_tasks:
        list_concat:
          - {get_attr: [NovaBase, role_data, upgrade_tasks]}
          - - name: Stop the nova API before the upgrade
              when: step|int == 2
      docker_config:
        step_3:
          nova_api_db_sync:
            image: nova-api:current
            net: host
            command: ["/usr/bin/bootstrap_host_exec", "nova_api", "nova-manage api_db sync"]
`;
  files["tripleo-heat-templates/deployment/nova/nova-base-puppet.yaml"] = `${HOT}description: what every nova service shares
parameters:
  EndpointMap: {type: json, default: {}}
  NovaPassword: {type: string, hidden: true, default: ''}
resources:
  RoleData:
    type: OS::Heat::Value
    properties:
      value:
        config_settings:
          nova::debug: false
        service_config_settings: {}
        global_config_settings: {}
        step_config: include tripleo::profile::base::nova
        upgrade_tasks: []
outputs:
  role_data: {value: {get_attr: [RoleData, value]}}
`;
  files["tripleo-heat-templates/environments/nova-workers.yaml"] = "parameter_defaults:\n  NovaWorkers: 4\n";
  files["tripleo-heat-templates/roles_data.yaml"] = "- name: Controller\n  CountDefault: 1\n- name: Compute\n  CountDefault: 1\n";
  return { folder: "tripleo-heat-templates", files };
}

/** Write `shape` under `root` (its folder is created there); returns the folder's path. */
export function writeShape(root, shape) {
  for (const [path, text] of Object.entries(shape.files)) {
    const file = join(root, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  return join(root, shape.folder);
}
