//! The deploy-time treatment: Heat's errors that only a value known once
//! deployed causes are checked at deploy time (no failure, a note with the
//! value they wait for); real errors stay errors; Heat's canonical result is
//! unchanged. One test per class of `../shared/conformance/deploy-time/`.

use crate::engine::evaluate;
use crate::model::diag::Severity;
use crate::model::result::Evaluation;
use crate::model::result::DEPLOY_TIME_CODE;
use crate::model::Request;

fn eval_with(template: &str, files: &[(&str, &str)]) -> Evaluation {
    let mut req = Request::new(template);
    for (name, text) in files {
        req.inputs.files.insert((*name).to_string(), Some((*text).to_string()));
    }
    evaluate(&req)
}

/// (place, needs) of each error checked at deploy time.
fn deploy_time(ev: &Evaluation) -> Vec<(String, Vec<String>)> {
    ev.deploy_time.iter().map(|d| (d.place(), d.needs.clone())).collect()
}

fn errors(ev: &Evaluation) -> Vec<String> {
    ev.diagnostics.iter().filter(|d| d.severity == Severity::Error).map(|d| d.message.clone()).collect()
}

/// The 13 lines: a group member's required property from `get_attr`.
const GROUP_FLAVOR: &str = include_str!("../../../playwright-tests/fixtures/deploy-time-group.yaml");

#[test]
fn a_group_member_fed_by_an_attribute_is_checked_at_deploy_time() {
    let ev = eval_with(GROUP_FLAVOR, &[]);
    // Heat's answer before creation, unchanged: the member's error in the nested result.
    let nested = ev.result.nested.get("group").and_then(|g| g.error.as_ref()).expect("Heat's nested error");
    assert!(nested.message.contains("Property flavor not assigned"), "{}", nested.message);
    assert!(ev.result.error.is_none());
    // The verdict: no failure; the place waits for the attribute.
    assert!(!ev.fails() && crate::api::has_errors(&ev.result));
    assert_eq!(deploy_time(&ev), vec![("nested stack group".to_string(), vec!["get_attr net name".to_string()])]);
    assert!(errors(&ev).is_empty(), "{:?}", ev.diagnostics);
    let note = ev.diagnostics.iter().find(|d| d.code == DEPLOY_TIME_CODE).expect("a note");
    assert!(note.message.contains("\u{27e8}get_attr net name\u{27e9}"), "{}", note.message);
    // At the get_attr in the user's template.
    let span = note.span.expect("placed");
    assert_eq!(ev.sources.get(span.source).map(|s| s.name.as_str()), Some("template.yaml"));
    assert!(GROUP_FLAVOR.get(span.start as usize..).is_some_and(|t| t.starts_with("get_attr")));
    // The shown result keeps no failure of the group.
    assert!(ev.shown().nested.get("group").is_none_or(|g| g.error.is_none()));
}

#[test]
fn a_member_s_own_mistake_stays_an_error_beside_a_deploy_time_value() {
    // The member's literal `size: 0` fails whatever the attribute is.
    let t = "heat_template_version: 2018-08-31
resources:
  net:
    type: OS::Neutron::Net
  disks:
    type: OS::Heat::ResourceGroup
    properties:
      count: 1
      resource_def:
        type: OS::Cinder::Volume
        properties:
          name: {get_attr: [net, name]}
          size: 0
";
    let ev = eval_with(t, &[]);
    assert!(ev.result.nested.get("disks").is_some_and(|g| g.error.is_some()));
    assert!(ev.fails() && ev.deploy_time.is_empty(), "{:?}", ev.deploy_time);
    assert!(!errors(&ev).is_empty());
}

#[test]
fn a_provider_parameter_fed_by_an_attribute_waits_for_it() {
    let edge = "heat_template_version: 2018-08-31
parameters:
  label:
    type: string
    constraints:
      - length: {min: 1}
resources:
  none: {type: OS::Heat::None}
";
    let t = "heat_template_version: 2018-08-31
resources:
  net:
    type: OS::Neutron::Net
  edge:
    type: edge.yaml
    properties:
      label: {get_attr: [net, name]}
";
    let ev = eval_with(t, &[("edge.yaml", edge)]);
    assert!(ev.result.nested.get("edge").is_some_and(|n| n.error.is_some()), "Heat's answer");
    assert!(!ev.fails());
    assert_eq!(deploy_time(&ev), vec![("nested stack edge".to_string(), vec!["get_attr net name".to_string()])]);
    // A parameter the parent does not pass is a real error, attribute or not.
    let t = t.replace("label: {get_attr: [net, name]}", "{}");
    let t = t.replace("    properties:\n      {}\n", "");
    let ev = eval_with(&t, &[("edge.yaml", edge)]);
    assert!(ev.fails() && ev.deploy_time.is_empty());
}

#[test]
fn outputs_over_attributes_are_checked_at_deploy_time_and_real_ones_stay() {
    let t = "heat_template_version: 2018-08-31
resources:
  server:
    type: OS::Nova::Server
    properties: {image: cirros, flavor: m1.small}
outputs:
  url:
    value: {make_url: {scheme: http, host: {get_attr: [server, first_address]}, path: /}}
  third:
    value: {str_split: [',', 'a,b', 5]}
";
    let ev = eval_with(t, &[]);
    let url = ev.result.outputs.get("url").and_then(|o| o.error.as_deref()).unwrap_or_default();
    assert!(url.contains("make_url"), "Heat's error stays in the result: {url}");
    assert_eq!(deploy_time(&ev), vec![("output url".to_string(), vec!["get_attr server first_address".to_string()])]);
    // `third` fails whatever is deployed.
    assert!(ev.fails());
    assert!(ev.result.outputs.get("third").is_some_and(|o| o.error.is_some()));
    assert!(errors(&ev).iter().any(|m| m.contains("index")), "{:?}", errors(&ev));
    assert!(!errors(&ev).iter().any(|m| m.contains("make_url")), "{:?}", errors(&ev));
}

#[test]
fn a_known_item_that_is_no_list_fails_list_concat_whatever_the_unknown_ones_are() {
    let inner = "heat_template_version: 2018-08-31
parameters:
  tasks: {type: json}
resources:
  v:
    type: OS::Heat::Value
    properties:
      value: {list_concat: ['', {get_param: tasks}]}
";
    let t = "heat_template_version: 2018-08-31
resources:
  net:
    type: OS::Neutron::Net
  steps:
    type: inner.yaml
    properties:
      tasks: {get_attr: [net, name]}
";
    let ev = eval_with(t, &[("inner.yaml", inner)]);
    assert!(ev.fails() && ev.deploy_time.is_empty(), "{:?}", ev.deploy_time);
}

/// A provider's json parameter given a map with one deploy-time leaf: the
/// known leaves stay known in the nested stack (`get_param` with a path
/// reads them, a key the map lacks is Heat's `''`), the deploy-time one is
/// unknown. The oracle (`x-deployed`) answers both stacks so: the key the
/// map lacks fails `list_concat_unique` in both answers (real), the key
/// pair's name from the attribute fails only before creation.
#[test]
fn a_json_parameter_s_known_parts_stay_known_beside_a_deploy_time_leaf() {
    let top = "heat_template_version: 2018-08-31
resources:
  net:
    type: OS::Neutron::Net
  inner:
    type: inner.yaml
    properties:
      data:
        known: [a, b]
        name: {get_attr: [net, name]}
";
    let inner = |tasks: &str| {
        format!(
            "heat_template_version: 2018-08-31
parameters:
  data:
    type: json
resources:
  key:
    type: OS::Nova::KeyPair
    properties:
      name: {{get_param: [data, name]}}
  tasks:
    type: OS::Heat::Value
    properties:
      type: comma_delimited_list
      value:
        list_concat_unique:
          - {{get_param: [data, known]}}
          - {{get_param: [data, {tasks}]}}
"
        )
    };
    // Known parts: `known` is a list, the key pair waits for the attribute.
    let ev = eval_with(top, &[("inner.yaml", &inner("known"))]);
    let nested = ev.result.nested.get("inner").and_then(|n| n.error.as_ref()).expect("Heat's nested error");
    assert!(nested.message.contains("length (0) is out of range"), "{}", nested.message);
    assert!(!ev.fails(), "{:?}", ev.diagnostics);
    assert_eq!(deploy_time(&ev), vec![("nested stack inner".to_string(), vec!["get_attr net name".to_string()])]);
    // A key the known map lacks is `''` whatever the attribute is: real.
    let ev = eval_with(top, &[("inner.yaml", &inner("scale_tasks"))]);
    assert!(ev.fails() && ev.deploy_time.is_empty(), "{:?}", ev.deploy_time);
    assert!(errors(&ev).iter().any(|m| m.contains("Items to concat must be lists")), "{:?}", errors(&ev));
}

#[test]
fn a_clean_stack_makes_no_deploy_time_evaluation() {
    let t = "heat_template_version: 2018-08-31
resources:
  net:
    type: OS::Neutron::Net
  port:
    type: OS::Neutron::Port
    properties:
      network: {get_resource: net}
      name: {get_attr: [net, name]}
";
    let ev = eval_with(t, &[]);
    assert!(!ev.fails() && ev.deploy_time.is_empty() && ev.shown.is_none());
}
