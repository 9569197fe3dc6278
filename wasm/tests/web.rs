//! The exports as JavaScript calls them, run by wasm-bindgen-test in Node and
//! (with `--features browser`) in headless Chromium.
#![cfg(target_arch = "wasm32")]

use hotplate_wasm::{functions, resource_types, versions, yaql, Evaluation};
use js_sys::{Reflect, JSON};
use wasm_bindgen::JsValue;
use wasm_bindgen_test::*;

#[cfg(feature = "browser")]
wasm_bindgen_test_configure!(run_in_browser);

fn js(json: &str) -> JsValue {
    JSON::parse(json).expect("test JSON")
}

/// An evaluation's response as the package puts it together: the summary
/// (JSON text) with the result text beside it.
fn evaluate(request: JsValue) -> Result<JsValue, wasm_bindgen::JsError> {
    open(request).map(|ev| {
        let response = JSON::parse(&ev.summary_json().expect("summary")).expect("response JSON");
        let result = String::from_utf8(ev.result_utf8()).expect("UTF-8");
        Reflect::set(&response, &JsValue::from_str("resultJson"), &JsValue::from_str(&result)).expect("set");
        response
    })
}

fn open(request: JsValue) -> Result<Evaluation, wasm_bindgen::JsError> {
    Evaluation::new(JSON::stringify(&request).expect("stringify").as_string().unwrap_or_default().as_bytes(), &[], &[])
}

fn get(v: &JsValue, key: &str) -> JsValue {
    Reflect::get(v, &JsValue::from_str(key)).expect("property")
}

fn text(v: &JsValue) -> String {
    JSON::stringify(v).expect("stringify").as_string().unwrap_or_default()
}

const TEMPLATE: &str = "heat_template_version: 2021-04-16\n\
parameters:\n  n: {type: number, default: 2}\n\
resources:\n  s: {type: OS::Nova::Server, properties: {flavor: m1.small, image: cirros}}\n\
outputs:\n  twice: {value: {yaql: {expression: '$.data.n * 2', data: {n: {get_param: n}}}}}\n  ip: {value: {get_attr: [s, first_address]}}\n";

#[wasm_bindgen_test]
fn evaluate_returns_the_canonical_result_and_its_extras() {
    let request = js(&format!(
        "{{\"stack_name\": \"demo\", \"template\": {}, \"parameters\": {{\"n\": 21}}}}",
        text(&JsValue::from_str(TEMPLATE))
    ));
    let response = evaluate(request).expect("a well-formed request");
    let result = JSON::parse(&get(&response, "resultJson").as_string().unwrap()).unwrap();
    assert_eq!(text(&get(&get(&get(&result, "outputs"), "twice"), "value")), "42");
    assert_eq!(text(&get(&get(&result, "parameters"), "OS::stack_name")), "\"demo\"");
    assert_eq!(get(&response, "version").as_string().as_deref(), Some("2021-04-16"));
    // get_attr before creation: a deploy-time marker at the output's path.
    let deferred = text(&get(&response, "deferred"));
    assert!(deferred.contains("\"steps\":[\"outputs\",\"ip\",\"value\"]"), "{deferred}");
    assert!(deferred.contains("get_attr s first_address"), "{deferred}");
    let params = text(&get(&response, "parameters"));
    assert!(params.contains("\"name\":\"n\"") && params.contains("\"source\":\"user\""), "{params}");
}

#[wasm_bindgen_test]
fn template_problems_are_data_with_utf16_positions() {
    let request = js(
        r#"{"stack_name": "s", "template": "heat_template_version: 2021-04-16\ndescription: é😀\noutputs:\n  o: {value: {get_attr: [nope, a]}}\n"}"#,
    );
    let response = evaluate(request).expect("template problems are not exceptions");
    let diagnostics = get(&response, "diagnostics");
    let first = Reflect::get(&diagnostics, &JsValue::from(0)).unwrap();
    assert_eq!(get(&first, "line").as_f64(), Some(4.0));
    // "é😀" is 3 UTF-16 units (2 code points, 6 bytes): from counts UTF-16 units.
    let before = "heat_template_version: 2021-04-16\ndescription: é😀\noutputs:\n  o: {value: {";
    assert_eq!(get(&first, "from").as_f64(), Some(before.encode_utf16().count() as f64));
    let result = JSON::parse(&get(&response, "resultJson").as_string().unwrap()).unwrap();
    assert_eq!(text(&get(&get(&result, "error"), "type")), "\"StackValidationFailed\"");
}

#[wasm_bindgen_test]
fn a_malformed_request_throws() {
    assert!(evaluate(js(r#"{"stack_name": "s"}"#)).is_err());
    assert!(evaluate(js(r#"{"template": "x", "files": {"a": 5}}"#)).is_err());
}

#[wasm_bindgen_test]
fn tables_for_editors() {
    let v = versions().unwrap();
    assert!(v.contains("{\"date\":\"2021-04-16\",\"alias\":\"wallaby\"}"), "{v}");
    let f = functions("2016-10-14").unwrap();
    assert!(f.contains("{\"name\":\"yaql\",\"inTemplates\":true,\"inConditions\":false,\"removed\":false}"), "{f}");
    assert_eq!(functions("1999-01-01").unwrap(), "null");
    let types = resource_types(None).unwrap();
    assert!(types.contains("\"name\":\"OS::Nova::Server\""));
    assert!(types.contains("\"first_address\""));
    // PrometheusAlarm came in 22.0.0: wallaby's Heat lacks it.
    assert!(types.contains("\"name\":\"OS::Aodh::PrometheusAlarm\""));
    let wallaby = resource_types(Some("16.1.0".into())).unwrap();
    assert!(wallaby.contains("\"name\":\"OS::Nova::Server\""));
    assert!(!wallaby.contains("\"name\":\"OS::Aodh::PrometheusAlarm\""));
}

#[wasm_bindgen_test]
fn yaql_values_and_errors() {
    let ok = js(&yaql("$.data.a.sum()", r#"{"a": [1, 2, 3.5]}"#).unwrap());
    assert_eq!(text(&get(&ok, "value")), "6.5");
    let err = js(&yaql("$.data.a.nope()", r#"{"a": 1}"#).unwrap());
    assert_eq!(get(&err, "ok").as_bool(), Some(false));
    assert_eq!(text(&get(&get(&err, "error"), "type")), "\"NoMethodRegisteredException\"");
}

#[wasm_bindgen_test]
fn an_evaluation_renders_its_values_with_placeholders() {
    let template = "heat_template_version: 2021-04-16\nresources:\n  s: {type: OS::Nova::Server, properties: {flavor: m1.small, image: cirros}}\noutputs:\n  o: {value: {f: 1.0, ip: {get_attr: [s, first_address]}}}\n";
    let request = js(&format!("{{\"stack_name\": \"s\", \"template\": {}}}", text(&JsValue::from_str(template))));
    let ev = open(request).expect("a well-formed request");
    let path = |keys: &[&str]| keys.iter().map(|k| JsValue::from_str(k)).collect::<Vec<_>>();
    let r = js(&ev.render(path(&["outputs", "o", "value"]), "yaml").unwrap());
    // The float stays a float; the attribute is a located placeholder.
    assert_eq!(get(&r, "text").as_string().as_deref(), Some("f: 1.0\nip: ⟨get_attr s first_address⟩\n"));
    assert_eq!(
        text(&get(&r, "marks")),
        r#"[{"path":["ip"],"label":"get_attr s first_address","exact":true,"from":11,"to":37}]"#
    );
    assert_eq!(ev.render(path(&["outputs", "nope"]), "json").unwrap(), "null");
    let first = js(&ev.render(path(&["outputs", "o", "value", "f"]), "json").unwrap());
    assert_eq!(get(&first, "text").as_string().as_deref(), Some("1.0"));
    assert!(ev.render(path(&["outputs"]), "toml").is_err());
    assert!(ev.render(vec![js(r#"{"a": 1}"#)], "json").is_err());
    assert!(ev.render(vec![JsValue::from_f64(0.5)], "json").is_err());
    // Every shown value in one call: the output's value among them.
    let texts = ev.texts("json-line").unwrap();
    assert!(
        texts.contains(
            r#"{"path":["outputs","o","value"],"text":"{\"f\": 1.0, \"ip\": \"⟨get_attr s first_address⟩\"}""#
        ),
        "{texts}"
    );
}
