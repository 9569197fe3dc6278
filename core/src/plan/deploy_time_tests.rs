//! Plans through unknowns (issue 34): a current stack whose nested stacks or
//! outputs fail only on attributes known once deployed is planned, and so is
//! one whose parameters have no value when two templates are planned (not an
//! oracle request); what Heat refuses for real is still refused.

use super::{plan, Action, Plan, PlanRequest};
use crate::model::Format;
use crate::model::{Document, Request};

/// The 13 lines: a group member's required property from `get_attr`.
const GROUP: &str = include_str!("../../../playwright-tests/fixtures/deploy-time-group.yaml");

fn request(current: &str, new: &str, files: &[(&str, &str)]) -> PlanRequest {
    let mut cur = Request::new(current);
    let mut req = PlanRequest::new(cur.clone(), Document::Text(new.to_string()));
    for (name, text) in files {
        cur.inputs.files.insert((*name).to_string(), Some((*text).to_string()));
        req.inputs.files.insert((*name).to_string(), Some((*text).to_string()));
    }
    req.current = cur;
    req
}

fn plan_of(current: &str, new: &str, files: &[(&str, &str)]) -> Plan {
    plan(&request(current, new, files), Format::Yaml)
}

/// `path/name: action` of every resource, depth first.
fn actions(p: &Plan) -> Vec<String> {
    p.resources()
        .into_iter()
        .map(|(at, r)| {
            let at: String = at.iter().map(|s| format!("{s}/")).collect();
            format!("{at}{}: {}", r.name, r.action.as_str())
        })
        .collect()
}

fn refusal(p: &Plan) -> String {
    p.error.as_ref().map(|e| format!("{}: {}", e.kind, e.message)).unwrap_or_default()
}

#[test]
fn a_group_fed_by_an_attribute_is_planned() {
    let p = plan_of(GROUP, GROUP, &[]);
    assert!(p.error.is_none(), "{}", refusal(&p));
    assert!(p.resources().iter().all(|(_, r)| matches!(r.action, Action::Unchanged | Action::Updated)));
    let p = plan_of(GROUP, &GROUP.replace("count: 2", "count: 3"), &[]);
    assert!(p.error.is_none(), "{}", refusal(&p));
    assert_eq!(
        actions(&p),
        ["group: updated", "net: unchanged", "group/0: unchanged", "group/1: unchanged", "group/2: added"]
    );
    let group = p.stack.resources.iter().find(|r| r.name == "group").expect("the group");
    assert_eq!(group.properties.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["count"]);
}

#[test]
fn outputs_and_provider_parameters_from_attributes_are_planned() {
    // Magnum's shape: a group of provider stacks given a network by attribute,
    // an output over an attribute.
    let member = "heat_template_version: 2018-08-31
parameters:
  fixed_network: {type: string}
resources:
  port:
    type: OS::Neutron::Port
    properties:
      network: {get_param: fixed_network}
outputs:
  ip:
    value: {get_attr: [port, fixed_ips, 0, ip_address]}
";
    let top = "heat_template_version: 2018-08-31
resources:
  net:
    type: OS::Neutron::Net
  masters:
    type: OS::Heat::ResourceGroup
    properties:
      count: 1
      resource_def:
        type: master.yaml
        properties:
          fixed_network: {get_attr: [net, name]}
outputs:
  api:
    value: {make_url: {scheme: https, host: {get_attr: [masters, ip, 0]}, port: 6443, path: /}}
";
    let p = plan_of(top, &top.replace("count: 1", "count: 2"), &[("master.yaml", member)]);
    assert!(p.error.is_none(), "{}", refusal(&p));
    assert!(actions(&p).contains(&"masters/1: added".to_string()), "{:?}", actions(&p));
}

#[test]
fn a_real_error_of_the_stack_is_still_refused() {
    // The member's literal `size: 0` fails whatever the attribute is.
    let t = GROUP.replace("type: OS::Nova::Server", "type: OS::Cinder::Volume").replace(
        "          image: cirros\n          flavor: {get_attr: [net, name]}",
        "          name: {get_attr: [net, name]}\n          size: 0",
    );
    let p = plan_of(&t, &t, &[]);
    assert!(refusal(&p).starts_with("CurrentStackFailed: nested stack group: "), "{}", refusal(&p));
}

const KEYED: &str = "heat_template_version: 2018-08-31
parameters:
  key: {type: string}
resources:
  server:
    type: OS::Nova::Server
    properties:
      image: cirros
      flavor: m1.small
      key_name: {get_param: key}
";

#[test]
fn parameters_without_values_are_unknown_in_a_plan_of_two_templates() {
    let mut req = request(KEYED, &KEYED.replace("m1.small", "m1.large"), &[]);
    // An oracle request: Heat could not have created the stack.
    let p = plan(&req, Format::Yaml);
    assert!(refusal(&p).contains("UserParameterMissing"), "{}", refusal(&p));
    // Two templates: the parameter has some value, the same on both sides.
    req.without_values = true;
    let p = plan(&req, Format::Yaml);
    assert!(p.error.is_none(), "{}", refusal(&p));
    assert_eq!(actions(&p), ["server: updated"]);
    // Its value against a literal: a change that forces the replacement.
    let mut req = request(KEYED, &KEYED.replace("{get_param: key}", "mine"), &[]);
    req.without_values = true;
    let p = plan(&req, Format::Yaml);
    assert_eq!(actions(&p), ["server: replaced"]);
    let change = p.stack.resources.first().and_then(|r| r.properties.first()).expect("key_name changed");
    let before = change.before.as_ref().map(|r| r.text.as_str()).unwrap_or_default();
    assert!(change.name == "key_name" && before.contains("parameter key"), "{change:?}");
}

#[test]
fn the_request_says_when_it_is_planned_without_values() {
    let current = serde_json::json!({"stack_name": "test", "template": KEYED});
    let body = |flag: serde_json::Value| {
        serde_json::json!({"x-current": current, "template": KEYED.replace("m1.small", "m1.large"), "x-without-values": flag})
            .to_string()
    };
    let req = PlanRequest::from_json(&body(serde_json::json!(true))).expect("a request");
    assert!(req.without_values);
    let p = plan(&req, Format::Yaml);
    assert_eq!(actions(&p), ["server: updated"], "{}", refusal(&p));
    let req = PlanRequest::from_json(&body(serde_json::Value::Null)).expect("a request");
    assert!(!req.without_values);
    assert!(PlanRequest::from_json(&body(serde_json::json!("yes"))).is_err());
}
