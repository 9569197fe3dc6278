//! The display evaluation: past Heat's first error, unknown values symbolic,
//! Heat's canonical result unchanged.

use crate::api::ResultView;
use crate::engine::evaluate;
use crate::model::diag::PathItem;
use crate::model::result::Evaluation;
use crate::model::Format;
use crate::model::{Display, Request};

/// The shown value at a dotted path as YAML text (placeholders included).
fn shown(ev: &Evaluation, path: &str) -> Option<String> {
    let view = ResultView::new(ev);
    let path: Vec<PathItem> = path.split('.').map(|k| PathItem::Key(k.to_string())).collect();
    view.render(&path, Format::Yaml).map(|r| r.text.trim_end().to_string())
}

fn codes(ev: &Evaluation) -> Vec<(String, String)> {
    ev.diagnostics.iter().map(|d| (d.code.to_string(), d.path.clone())).collect()
}

fn eval(template: &str) -> Evaluation {
    evaluate(&Request::new(template))
}

const EXAMPLE_09: &str = "heat_template_version: 2021-04-16
parameters:
  count:
    type: number
    default: two
  name:
    type: string
    default: x
    constraints:
      - length: {min: 3}
resources:
  server:
    type: OS::Nova::Server
    properties:
      flavor: {get_param: flavour}
      image: cirros
  port:
    type: OS::Neutron::Port
    properties:
      network: {get_resource: missing_net}
outputs:
  ip:
    value: {get_attr: [server, first_address]}
";

#[test]
fn every_independent_problem_at_once_and_heats_first_as_the_result() {
    let ev = eval(EXAMPLE_09);
    let error = ev.result.error.as_ref().expect("Heat refuses it");
    assert!(error.message.contains("count"), "{}", error.message);
    assert!(ev.result.resources.is_empty() && ev.result.outputs.is_empty(), "canonical sections stay empty");
    let found = codes(&ev);
    // The two parameters' values, the undeclared parameter, the missing resource.
    let has = |code: &str, path: &str| found.iter().any(|(c, p)| c == code && p.contains(path));
    assert!(has("bad-parameter-schema", "") && has("invalid-parameter", ""), "{found:?}");
    assert!(has("property-error", "resources.server.properties.flavor"), "{found:?}");
    // The missing resource: the dependency graph's error, not also the
    // property's that holds the reference.
    let missing = ev.diagnostics.iter().filter(|d| d.message.contains("missing_net")).count();
    assert_eq!(missing, 1, "{:#?}", ev.diagnostics);
    // Each once: the undeclared parameter is the property's error, not also
    // the resolution's when the properties are shown.
    let flavour = ev.diagnostics.iter().filter(|d| d.message.contains("(flavour)")).count();
    assert_eq!(flavour, 1, "{:#?}", ev.diagnostics);
    // What is known is shown: the image, the resources, the output's placeholder.
    assert_eq!(shown(&ev, "resources.server.properties.image").as_deref(), Some("cirros"));
    assert!(shown(&ev, "resources.port.type").is_some());
    assert!(shown(&ev, "outputs.ip.value").is_some_and(|t| t.contains("get_attr server first_address")));
}

#[test]
fn a_server_without_flavor_shows_everything_else() {
    // Also the page's test of the same case (playwright-tests/known.spec.ts).
    let ev = eval(include_str!("../../../playwright-tests/fixtures/no-flavor.yaml"));
    assert!(ev.result.error.is_some());
    assert!(ev.diagnostics.iter().any(|d| d.message.contains("flavor")), "{:?}", codes(&ev));
    assert_eq!(shown(&ev, "parameters.image").as_deref(), Some("cirros"));
    assert_eq!(shown(&ev, "conditions.big").as_deref(), Some("false"));
    assert_eq!(shown(&ev, "resources.server.properties.name").as_deref(), Some("web"));
    assert_eq!(shown(&ev, "outputs.image.value").as_deref(), Some("cirros"));
}

/// Also the page's test of the same case (playwright-tests/known.spec.ts).
const TWO_REQUIRED: &str = include_str!("../../../playwright-tests/fixtures/two-required.yaml");

#[test]
fn missing_values_are_symbolic_and_listed_once() {
    let ev = eval(TWO_REQUIRED);
    // Heat's verdict: the first missing value.
    assert_eq!(ev.result.error.as_ref().map(|e| e.message.contains("key_name")), Some(true));
    let labels: Vec<&str> = ev.unknowns.iter().map(|u| u.label.as_str()).collect();
    assert_eq!(labels, ["parameter key_name", "parameter flavor"]);
    assert_eq!(shown(&ev, "parameters.key_name").as_deref(), Some("⟨parameter key_name⟩"));
    assert_eq!(shown(&ev, "resources.server.properties.image").as_deref(), Some("cirros"));
    assert_eq!(shown(&ev, "resources.server.properties.flavor").as_deref(), Some("⟨parameter flavor⟩"));
    assert!(shown(&ev, "resources.server.properties.name").is_some_and(|t| t.contains("web-")), "{ev:#?}");
    assert_eq!(shown(&ev, "conditions.always").as_deref(), Some("true"));
    assert_eq!(shown(&ev, "outputs.fixed.value").as_deref(), Some("42"));
    assert_eq!(shown(&ev, "outputs.key.value").as_deref(), Some("⟨parameter key_name⟩"));
    // A check that needs an unknown is not checked, never passed.
    assert!(ev.not_checked.iter().any(|n| n.needs.contains(&"parameter flavor".to_string())), "{:?}", ev.not_checked);
}

#[test]
fn only_the_display_evaluation_has_no_verdict() {
    let mut req = Request::new(TWO_REQUIRED);
    req.display = Display::WithoutValues;
    let ev = evaluate(&req);
    assert!(ev.result.error.is_none());
    assert!(ev.diagnostics.iter().all(|d| d.code != "missing-parameter"), "{:?}", codes(&ev));
    assert_eq!(shown(&ev, "resources.server.properties.image").as_deref(), Some("cirros"));
}

#[test]
fn a_valid_stack_has_no_display_evaluation() {
    let ev = eval("heat_template_version: 2021-04-16\nresources:\n  r: {type: OS::Heat::None}\n");
    assert!(ev.result.error.is_none() && ev.shown.is_none() && ev.unknowns.is_empty());
    let mut req = Request::new("heat_template_version: 2021-04-16\nparameters:\n  p: {type: string}\n");
    req.display = Display::Never;
    let ev = evaluate(&req);
    assert!(ev.result.error.is_some() && ev.shown.is_none());
}

#[test]
fn a_nested_parameter_nothing_gives_is_unknown_and_listed_once_by_name() {
    // `lib/db.yaml` needs `password` (an environment's parameter_defaults
    // would give it): without values that is no error, in either stack.
    let child = "heat_template_version: 2021-04-16
parameters:
  password: {type: string}
  size: {type: number, default: 1}
resources:
  secret:
    type: OS::Heat::RandomString
    properties: {salt: {get_param: password}, length: 8}
";
    let mut req = Request::new(
        "heat_template_version: 2021-04-16
parameters:
  password: {type: string}
resources:
  db:
    type: lib/db.yaml
    properties: {size: 2}
  db2:
    type: lib/db.yaml
    properties: {size: 3}
",
    );
    req.inputs.files.insert("lib/db.yaml".into(), Some(child.into()));
    req.display = Display::WithoutValues;
    let ev = evaluate(&req);
    let errors: Vec<_> = ev.diagnostics.iter().filter(|d| d.severity == crate::model::diag::Severity::Error).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    let labels: Vec<&str> = ev.unknowns.iter().map(|u| u.label.as_str()).collect();
    assert_eq!(labels, ["parameter password"]);
    // The provider's properties are not checked for want of it.
    assert!(
        ev.not_checked.iter().any(|n| n.path == "resources.db.properties" && n.needs == ["parameter password"]),
        "{:#?}",
        ev.not_checked
    );
    // With values given, Heat's verdict is its error.
    let mut req = req.clone();
    req.display = Display::WhenRefused;
    let ev = evaluate(&req);
    assert!(ev.result.error.as_ref().is_some_and(|e| e.message.contains("password")), "{:?}", ev.result.error);
}

/// The text each error diagnostic's span covers (its first 20 bytes).
fn error_places(ev: &Evaluation, template: &str) -> Vec<(String, String)> {
    ev.diagnostics
        .iter()
        .filter(|d| d.severity == crate::model::diag::Severity::Error)
        .filter_map(|d| {
            let s = d.span?;
            let text = template.get(s.start as usize..s.end as usize)?;
            Some((d.code.to_string(), text.chars().take(20).collect()))
        })
        .collect()
}

#[test]
fn an_error_inside_repeat_is_at_the_function_that_fails() {
    let t = "heat_template_version: 2018-08-31
parameters:
  ports: {type: comma_delimited_list, default: \"80,443\"}
resources:
  sg:
    type: OS::Neutron::SecurityGroup
    properties:
      rules:
        repeat:
          for_each:
            <%port%>: {get_param: portz}
          template:
            protocol: tcp
            port_range_min: <%port%>
";
    let ev = eval(t);
    assert!(ev.result.error.is_some());
    assert_eq!(error_places(&ev, t), [("property-error".to_string(), "get_param".to_string())]);
}

#[test]
fn a_property_whose_own_function_fails_is_marked_at_its_value() {
    // The whole `{get_param: imagee}`, not the function's name alone: the
    // quick fix that renames the argument is offered over the argument.
    let t = "heat_template_version: 2018-08-31
parameters:
  image: {type: string, default: cirros}
resources:
  s:
    type: OS::Nova::Server
    properties:
      flavor: m1.small
      image: {get_param: imagee}
";
    let ev = eval(t);
    assert!(ev.result.error.is_some());
    assert_eq!(error_places(&ev, t), [("property-error".to_string(), "{get_param: imagee}".to_string())]);
}

#[test]
fn a_default_that_fails_its_type_is_marked_at_the_default() {
    let t = "heat_template_version: 2018-08-31
parameters:
  size:
    type: number
    default: big
resources:
  v:
    type: OS::Cinder::Volume
    properties:
      size: {get_param: size}
";
    let ev = eval(t);
    assert!(ev.result.error.is_some());
    assert_eq!(error_places(&ev, t), [("invalid-parameter".to_string(), "big".to_string())]);
}
