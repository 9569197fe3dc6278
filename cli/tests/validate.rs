//! `hotplate validate`: what `openstack orchestration template validate`
//! prints (`-t`), and the oracle's result for a validate request file.
//!
//! Expectations come from real Heat: `fixtures/validate/nested.expected.json`
//! is the oracle's answer to `nested.request.json`, and `server.client.yaml`
//! is the oracle's answer to `server.yaml` with `env.yaml` and show_nested,
//! written as the client writes it (cliff's YAML formatter: each top-level key
//! of Heat's answer, in Heat's order, through PyYAML's `safe_dump`).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/validate")
}

fn hotplate(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hotplate"))
        .args(args)
        .current_dir(fixtures())
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::null())
        .output()
        .expect("run hotplate")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8(bytes.to_vec()).expect("UTF-8 output")
}

fn fixture(name: &str) -> String {
    std::fs::read_to_string(fixtures().join(name)).unwrap_or_else(|e| panic!("cannot read {name}: {e}"))
}

#[test]
fn a_template_prints_what_the_client_prints() {
    let o = hotplate(&["validate", "-t", "server.yaml", "-e", "env.yaml", "--show-nested"]);
    assert_eq!(o.status.code(), Some(0), "stderr: {}", text(&o.stderr));
    assert_eq!(text(&o.stdout), fixture("server.client.yaml"));
    assert!(o.stderr.is_empty(), "stderr: {}", text(&o.stderr));
}

#[test]
fn json_is_the_answer_as_heat_orders_it() {
    let o = hotplate(&["validate", "-t", "server.yaml", "-e", "env.yaml", "-f", "json"]);
    assert_eq!(o.status.code(), Some(0), "stderr: {}", text(&o.stderr));
    let out = text(&o.stdout);
    let v: serde_json::Value = serde_json::from_str(&out).expect("JSON");
    let keys: Vec<&str> = v.as_object().expect("an object").keys().map(String::as_str).collect();
    assert_eq!(keys, ["Description", "Parameters", "ParameterGroups", "Environment"]);
    // `format_validate_parameter`'s order: Type, Description, NoEcho, Label, Default, Value, constraints.
    let tags: Vec<&str> = v["Parameters"]["tags"].as_object().expect("tags").keys().map(String::as_str).collect();
    assert_eq!(tags, ["Type", "Description", "NoEcho", "Label", "Default", "Value"]);
    assert!(out.starts_with("{\n  \"Description\": "), "indent 2: {out}");
}

#[test]
fn a_refused_template_prints_heats_error_and_exits_1() {
    let o = hotplate(&["validate", "-t", "unknown_property.yaml"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(o.stdout.is_empty(), "stdout: {}", text(&o.stdout));
    assert_eq!(text(&o.stderr), "ERROR: Property error: resources.label.properties: Unknown Property valu\n");
}

#[test]
fn unknown_ignore_errors_codes_are_refused_as_the_client_refuses_them() {
    // The engine answers with a text, which the client cannot list.
    let o = hotplate(&["validate", "-t", "server.yaml", "--ignore-errors", "12345"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(text(&o.stderr), "'str' object has no attribute 'values'\n");
    let o = hotplate(&["validate", "-t", "server.yaml", "-e", "env.yaml", "--ignore-errors", "99001"]);
    assert_eq!(o.status.code(), Some(0), "stderr: {}", text(&o.stderr));
}

#[test]
fn a_request_file_prints_the_oracle_result_exactly() {
    let o = hotplate(&["validate", "nested.request.json"]);
    assert_eq!(o.status.code(), Some(0), "stderr: {}", text(&o.stderr));
    assert_eq!(text(&o.stdout).trim_end(), fixture("nested.expected.json").trim_end());
}

#[test]
fn usage_errors_exit_2() {
    for args in [
        &["validate"][..],
        &["validate", "nested.request.json", "-t", "server.yaml"],
        &["validate", "nested.request.json", "--show-nested"],
        &["validate", "-t", "missing.yaml"],
    ] {
        let o = hotplate(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", text(&o.stderr));
        assert!(o.stdout.is_empty(), "{args:?}: {}", text(&o.stdout));
        assert!(text(&o.stderr).starts_with("hotplate: "), "{args:?}: {}", text(&o.stderr));
    }
}
