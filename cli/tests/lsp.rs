//! A conversation with `hotplate lsp` over stdio: a template with an error and a
//! workspace file naming its environment; diagnostics, completion, hover and
//! definition as an editor would ask for them.

use serde_json::{json, Value};

#[path = "common/lsp_client.rs"]
mod lsp_client;
use lsp_client::Client;

const TEMPLATE: &str = "heat_template_version: 2021-04-16\nparameters:\n  flavor:\n    type: string\nresources:\n  server:\n    type: OS::Nova::Server\n    properties:\n      flavour: {get_param: flavor}\n      image: cirros\noutputs:\n  ip:\n    value: {get_attr: [server, first_address]}\n";

#[test]
fn an_editor_conversation() {
    let dir = std::env::temp_dir().join(format!("hotplate-lsp-test-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("env")).unwrap();
    std::fs::write(dir.join(".hotplate.yaml"), "checks:\n  - files: \"*.yaml\"\n    environments: [env/common.yaml]\n")
        .unwrap();
    std::fs::write(dir.join("env/common.yaml"), "parameter_defaults:\n  flavor: m1.large\n").unwrap();
    let path = dir.join("server.yaml");
    std::fs::write(&path, TEMPLATE).unwrap();
    let uri = format!("file://{}", path.display());

    let mut c = Client::start(&[]);
    let init = c.request("initialize", json!({"processId": null, "rootUri": null, "capabilities": {}}));
    assert_eq!(init["capabilities"]["hoverProvider"], json!(true));
    c.notify("initialized", json!({}));
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": TEMPLATE}}),
    );

    // Diagnostics: the unknown property, at its key (line 8, 0-based).
    let diags = c.wait_for("textDocument/publishDiagnostics");
    let unknown = diags["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["message"].as_str().unwrap().ends_with("Unknown Property flavour"))
        .unwrap_or_else(|| panic!("{diags}"));
    assert_eq!(unknown["range"]["start"], json!({"line": 8, "character": 6}));
    assert_eq!(unknown["code"], json!("property-error"));

    // Completion inside the misspelt key: the type's properties.
    let items = c.request(
        "textDocument/completion",
        json!({"textDocument": {"uri": uri}, "position": {"line": 8, "character": 9}}),
    );
    let labels: Vec<&str> = items.as_array().unwrap().iter().map(|i| i["label"].as_str().unwrap()).collect();
    assert!(labels.contains(&"flavor") && labels.contains(&"networks"), "{labels:?}");
    let flavor = items.as_array().unwrap().iter().find(|i| i["label"] == json!("flavor")).unwrap();
    assert_eq!(flavor["detail"], json!("string, required"));
    assert_eq!(flavor["textEdit"]["range"]["start"], json!({"line": 8, "character": 6}));

    // Hover on the get_param argument: the value the environment file gives.
    let hover = c
        .request("textDocument/hover", json!({"textDocument": {"uri": uri}, "position": {"line": 8, "character": 29}}));
    let text = hover["contents"]["value"].as_str().unwrap();
    assert!(text.contains("value: `\"m1.large\"`") && text.contains("common.yaml"), "{text}");

    // Definition of the get_attr resource: the resource's key.
    let def = c.request(
        "textDocument/definition",
        json!({"textDocument": {"uri": uri}, "position": {"line": 12, "character": 24}}),
    );
    assert_eq!(def[0]["range"], json!({"start": {"line": 5, "character": 2}, "end": {"line": 5, "character": 8}}));
    assert_eq!(def[0]["uri"], json!(uri));

    // A quick fix for the unknown property.
    let actions = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": unknown["range"], "context": {"diagnostics": [unknown]}}),
    );
    assert_eq!(actions[0]["title"], json!("Change to `flavor`"));

    // A change re-publishes the diagnostics: the error is gone.
    let fixed = TEMPLATE.replace("flavour", "flavor");
    c.notify(
        "textDocument/didChange",
        json!({"textDocument": {"uri": uri, "version": 2}, "contentChanges": [{"text": fixed}]}),
    );
    let diags = c.wait_for("textDocument/publishDiagnostics");
    assert_eq!(diags["diagnostics"], json!([]), "{diags}");

    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    assert!(c.child.wait().unwrap().success());
    let _ = std::fs::remove_dir_all(&dir);
}

#[path = "common/mod.rs"]
mod common;

/// Each Heat setting in `.hotplate.yaml` (`heat_config:`, top level and in a
/// check) reaches the language server's analysis: the error the oracle gives
/// for the request carrying it (`core/tests/golden/heat_config_*`) is among
/// the document's diagnostics, no error where Heat accepts the stack, and a
/// setting Heat would not take is said. The JSON body limit only where every
/// body exceeds it (the server sends a body of its own); an error of a
/// resource in a nested template is that template's diagnostic, not the
/// document's (the depth is compared on `heat_config_depth_0`).
#[test]
fn heat_settings_in_the_config_file() {
    let mut c = Client::start(&[]);
    c.request("initialize", json!({"processId": null, "rootUri": null, "capabilities": {}}));
    c.notify("initialized", json!({}));
    let (mut checked, mut failures) = (0, Vec::new());
    for (name, req, expected) in common::heat_config_cases() {
        if name.contains("json_body") && name != common::BODY_LIMIT_CASE {
            continue;
        }
        let Some(tree) = common::heat_config_tree(&name, &req) else { continue };
        let settings = serde_json::to_string(&req["x-heat-config"]).expect("JSON");
        let want = &expected["error"];
        let want_message = want["message"].as_str().unwrap_or_default();
        let in_nested = want["path"].as_array().is_some_and(|p| p.iter().filter(|s| *s == "resources").count() > 1);
        if in_nested {
            continue;
        }
        let path = tree.0.join("main.yaml");
        let uri = format!("file://{}", path.display());
        let text = std::fs::read_to_string(&path).expect("the template");
        let places = [
            format!("heat_config: {settings}\n"),
            format!("checks:\n  - files: main.yaml\n    heat_config: {settings}\n"),
        ];
        for (i, file) in places.iter().enumerate() {
            tree.write(".hotplate.yaml", file);
            let version = i as i64 + 1;
            if i == 0 {
                c.notify(
                    "textDocument/didOpen",
                    json!({"textDocument": {"uri": uri, "languageId": "yaml", "version": version, "text": text}}),
                );
            } else {
                c.notify(
                    "textDocument/didChange",
                    json!({"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]}),
                );
            }
            let diags = loop {
                let d = c.wait_for("textDocument/publishDiagnostics");
                if d["uri"] == json!(uri) {
                    break d;
                }
            };
            let all = diags["diagnostics"].as_array().cloned().unwrap_or_default();
            let messages = |severity: i64| -> Vec<String> {
                all.iter()
                    .filter(|d| d["severity"] == json!(severity))
                    .map(|d| d["message"].as_str().unwrap_or_default().to_string())
                    .collect()
            };
            let (errors, warnings) = (messages(1), messages(2));
            let shown = if want["type"] == "HeatConfigError" {
                let tail = common::heat_config_error_tail(want_message);
                warnings.iter().any(|m| m.contains(tail) || m.contains("must be a mapping"))
            } else if name == common::BODY_LIMIT_CASE {
                errors.iter().any(|m| m.ends_with(common::body_limit_words(want_message)))
            } else if want.is_null() {
                errors.is_empty()
            } else {
                errors.iter().any(|m| m == want_message)
            };
            if !shown {
                failures.push(format!("{name} place {i}: want {want}\n  got {diags}"));
            }
        }
        c.notify("textDocument/didClose", json!({"textDocument": {"uri": uri}}));
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} cases");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    assert!(c.child.wait().unwrap().success());
}

#[test]
fn lint_findings_are_published_with_their_codes_and_fixes() {
    let dir = std::env::temp_dir().join(format!("hotplate-lsp-lint-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join(".hotplate.yaml"),
        "lint:\n  enable: [W2001]\n  ignore: [{files: other.yaml, rules: [W3006]}]\n",
    )
    .unwrap();
    let text = "heat_template_version: 2021-04-16\nparameters:\n  unused: {type: string, default: x}\nresources:\n  a: {type: OS::Heat::None}\n  b:\n    type: OS::Heat::Value\n    depends_on: [a]\n    properties:\n      value: {get_resource: a}\n";
    let mut c = Client::start(&[]);
    c.request("initialize", json!({"processId": null, "rootUri": null, "capabilities": {}}));
    c.notify("initialized", json!({}));
    let mut published = Vec::new();
    for name in ["server.yaml", "other.yaml"] {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        let uri = format!("file://{}", path.display());
        c.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}),
        );
        let diags = c.wait_for("textDocument/publishDiagnostics");
        let codes: Vec<(String, u64)> = diags["diagnostics"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| (d["code"].as_str().unwrap().to_string(), d["severity"].as_u64().unwrap()))
            .collect();
        published.push((uri, codes, diags));
    }
    // Warnings (severity 2) with their rule ids; W2001 on through the workspace file.
    assert_eq!(published[0].1, [("W2001".to_string(), 2), ("W3006".to_string(), 2)]);
    // `lint.ignore` turns W3006 off for other.yaml only.
    assert_eq!(published[1].1, [("W2001".to_string(), 2)]);
    let (uri, _, diags) = &published[0];
    let w3006 = diags["diagnostics"].as_array().unwrap().iter().find(|d| d["code"] == "W3006").unwrap();
    assert_eq!(w3006["range"]["start"], json!({"line": 7, "character": 17}));
    let actions = c.request(
        "textDocument/codeAction",
        json!({"textDocument": {"uri": uri}, "range": w3006["range"], "context": {"diagnostics": [w3006]}}),
    );
    assert_eq!(actions[0]["title"], json!("Remove `a` from depends_on"), "{actions}");
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    assert!(c.child.wait().unwrap().success());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn deploy_time_values_are_notes_checked_at_deploy_time_not_errors() {
    // Issue 34's 13 lines: a group member's required flavor from an attribute.
    let dir = std::env::temp_dir().join(format!("hotplate-lsp-deploy-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let text = "heat_template_version: 2018-08-31\nresources:\n  net:\n    type: OS::Neutron::Net\n  group:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: 2\n      resource_def:\n        type: OS::Nova::Server\n        properties:\n          image: cirros\n          flavor: {get_attr: [net, name]}\n";
    let path = dir.join("group.yaml");
    std::fs::write(&path, text).unwrap();
    let uri = format!("file://{}", path.display());
    let mut c = Client::start(&[]);
    c.request("initialize", json!({"processId": null, "rootUri": null, "capabilities": {}}));
    c.notify("initialized", json!({}));
    c.notify(
        "textDocument/didOpen",
        json!({"textDocument": {"uri": uri, "languageId": "yaml", "version": 1, "text": text}}),
    );
    let diags = c.wait_for("textDocument/publishDiagnostics");
    let all = diags["diagnostics"].as_array().unwrap();
    // No error (severity 1); the place is a note at the get_attr that it waits for.
    assert!(all.iter().all(|d| d["severity"] != json!(1)), "{diags}");
    let note = all.iter().find(|d| d["code"] == json!("deploy-time")).unwrap_or_else(|| panic!("{diags}"));
    let message = note["message"].as_str().unwrap();
    assert!(message.contains("checked at deploy time") && message.contains("get_attr net name"), "{message}");
    assert_eq!(note["range"]["start"], json!({"line": 12, "character": 19}));
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    assert!(c.child.wait().unwrap().success());
    let _ = std::fs::remove_dir_all(&dir);
}
