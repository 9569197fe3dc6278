//! Runs of the built `hotplate` binary: output formats, exit codes, flags, files.
//!
//! Exit codes: 0 no errors, 1 the template has errors, 2 usage or IO errors.
//! `fixtures/NAME.expected.json` is the oracle's output for `fixtures/NAME.request.json`
//! (`../shared/oracle/heat_oracle.py`), so the CLI must print exactly those bytes.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

fn hotplate(args: &[&str]) -> Output {
    hotplate_in(&fixtures(), args, None)
}

/// Run the binary in `dir` with `args`, feeding `stdin` if given.
fn hotplate_in(dir: &Path, args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_hotplate"))
        .args(args)
        .current_dir(dir)
        .env_remove("RUST_BACKTRACE")
        .stdin(if stdin.is_some() { Stdio::piped() } else { Stdio::null() })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run hotplate");
    if let Some(text) = stdin {
        child.stdin.take().expect("stdin").write_all(text.as_bytes()).expect("write stdin");
    }
    child.wait_with_output().expect("wait for hotplate")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).expect("stderr is UTF-8")
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_str(&stdout(o)).unwrap_or_else(|e| panic!("stdout is not JSON ({e}):\n{}", stdout(o)))
}

/// A usage or IO error: status 2, one line on stderr naming the problem, nothing on stdout.
fn assert_usage_error(o: &Output, mentions: &str) {
    let err = stderr(o);
    assert_eq!(o.status.code(), Some(2), "stderr: {err}");
    assert!(o.stdout.is_empty(), "stdout should be empty: {}", stdout(o));
    assert!(!err.contains("panicked") && !err.contains("backtrace"), "a panic: {err}");
    let lines: Vec<&str> = err.lines().filter(|l| !l.trim().is_empty()).collect();
    assert_eq!(lines.len(), 1, "want one line on stderr, got:\n{err}");
    assert!(lines[0].contains(mentions), "stderr should mention {mentions:?}: {err}");
}

#[test]
fn eval_request_prints_the_oracle_result_exactly() {
    let o = hotplate(&["eval", "ok.request.json"]);
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(&o));
    let want = std::fs::read_to_string(fixtures().join("ok.expected.json")).unwrap();
    assert_eq!(stdout(&o).trim_end(), want.trim_end());
    assert!(o.stderr.is_empty(), "stderr: {}", stderr(&o));
}

#[test]
fn non_string_keys_are_written_as_the_oracle_writes_them() {
    // YAML int/bool/null/float keys and map_replace to non-string keys, mixed with
    // string keys in one map (`mixed_keys.expected.json` is the oracle's output).
    let o = hotplate(&["eval", "mixed_keys.request.json"]);
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(&o));
    let want = std::fs::read_to_string(fixtures().join("mixed_keys.expected.json")).unwrap();
    assert_eq!(stdout(&o).trim_end(), want.trim_end());
}

#[test]
fn eval_reads_the_request_from_stdin() {
    let request = std::fs::read_to_string(fixtures().join("ok.request.json")).unwrap();
    let o = hotplate_in(&fixtures(), &["eval", "-"], Some(&request));
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(&o));
    let want = std::fs::read_to_string(fixtures().join("ok.expected.json")).unwrap();
    assert_eq!(stdout(&o).trim_end(), want.trim_end());
}

#[test]
fn a_template_with_errors_exits_1_with_the_error_in_the_result() {
    let o = hotplate(&["eval", "error.request.json"]);
    assert_eq!(o.status.code(), Some(1), "stderr: {}", stderr(&o));
    let v = json(&o);
    assert_eq!(v["error"]["type"], "StackValidationFailed");
    assert_eq!(v["error"]["path"], serde_json::json!(["resources", "server", "properties", "flavor"]));
    assert_eq!(v["resources"], serde_json::json!({}));
}

#[test]
fn unreadable_request_file_exits_2() {
    assert_usage_error(&hotplate(&["eval", "no-such-request.json"]), "no-such-request.json");
    assert_usage_error(&hotplate(&["eval", "-t", "no-such-template.yaml"]), "no-such-template.yaml");
    assert_usage_error(&hotplate(&["eval", "-t", "stack/template.yaml", "-e", "no-such-env.yaml"]), "no-such-env.yaml");
    // A directory is not a readable file either.
    assert_usage_error(&hotplate(&["eval", "stack"]), "stack");
}

#[test]
fn malformed_requests_exit_2() {
    assert_usage_error(&hotplate(&["eval", "malformed.request.json"]), "malformed.request.json");
    assert_usage_error(&hotplate_in(&fixtures(), &["eval", "-"], Some("[1, 2]")), "JSON object");
    assert_usage_error(&hotplate_in(&fixtures(), &["eval", "-"], Some("{\"stack_name\": \"s\"}")), "template");
    assert_usage_error(&hotplate_in(&fixtures(), &["eval", "-"], Some("")), "JSON");
}

#[test]
fn bad_arguments_exit_2() {
    assert_usage_error(&hotplate(&["eval", "-t", "stack/template.yaml", "-P", "no-equals-sign"]), "no-equals-sign");
    assert_usage_error(&hotplate(&["eval", "-t", "stack/template.yaml", "--parameter-file", "k"]), "key=FILE");
    assert_usage_error(&hotplate(&["eval", "-t", "stack/template.yaml", "--parameter-file", "k=nope.txt"]), "nope.txt");
    assert_usage_error(&hotplate(&["eval", "ok.request.json", "-t", "stack/template.yaml"]), "not both");
    assert_usage_error(&hotplate(&["eval"]), "nothing to evaluate");
}

const BAD_FLAGS: [(&[&str], &str); 3] = [
    (&["eval", "--no-such-flag", "ok.request.json"], "--no-such-flag"),
    (&["eval", "--format", "xml", "ok.request.json"], "xml"),
    (&["frobnicate"], "frobnicate"),
];

#[test]
fn bad_flags_exit_2_and_say_why_first() {
    for (args, mentions) in BAD_FLAGS {
        let o = hotplate(args);
        let err = stderr(&o);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}: stdout should be empty: {}", stdout(&o));
        assert!(!err.contains("panicked"), "{args:?}: a panic: {err}");
        let first = err.lines().next().unwrap_or_default();
        assert!(first.starts_with("error: ") && first.contains(mentions), "{args:?}: first line {first:?}");
    }
}

#[test]
fn bad_flags_get_one_line() {
    // The issue: "unreadable files, bad flags and malformed requests get one clear line".
    for (args, mentions) in BAD_FLAGS {
        assert_usage_error(&hotplate(args), mentions);
    }
}

#[test]
fn a_closed_stdout_is_not_a_panic() {
    // `hotplate eval big.json | head -1`: the reader goes away before the result is
    // written. The output is larger than a pipe buffer, so the write must fail.
    let big = "x".repeat(1 << 18);
    let request = serde_json::json!({
        "stack_name": "s",
        "template": "heat_template_version: 2021-04-16\noutputs:\n  o: {value: {get_file: big.txt}}\n",
        "files": {"big.txt": big},
    })
    .to_string();
    let mut child = Command::new(env!("CARGO_BIN_EXE_hotplate"))
        .args(["eval", "-"])
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run hotplate");
    drop(child.stdout.take());
    child.stdin.take().expect("stdin").write_all(request.as_bytes()).expect("write stdin");
    let o = child.wait_with_output().expect("wait for hotplate");
    let err = stderr(&o);
    assert!(!err.contains("panicked"), "a panic on a closed stdout: {err}");
    assert_ne!(o.status.code(), Some(101), "the panic status: {err}");
}

#[test]
fn help_and_version_exit_0() {
    let o = hotplate(&["--help"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("eval"), "{}", stdout(&o));
    let o = hotplate(&["--version"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).starts_with("hotplate "), "{}", stdout(&o));
}

/// `-t` with two environment files and explicit parameters, as the heat client sends them.
fn stack_json(extra: &[&str]) -> serde_json::Value {
    let mut args = vec!["eval", "-t", "stack/template.yaml", "-e", "stack/env1.yaml", "-e", "stack/env2.yaml"];
    args.extend_from_slice(extra);
    args.extend_from_slice(&["--format", "json"]);
    let o = hotplate(&args);
    assert_eq!(o.status.code(), Some(0), "stderr: {}\nstdout: {}", stderr(&o), stdout(&o));
    json(&o)
}

#[test]
fn later_environment_files_win_and_parameters_merge_as_in_heat() {
    let v = stack_json(&["-P", "owner=alice", "-P", "size=3;tier=bronze"]);
    let p = &v["parameters"];
    assert_eq!(p["region"], "from-env2", "env2 comes after env1");
    assert_eq!(p["size"], 3, "-P beats parameter_defaults, and numbers are converted");
    assert_eq!(p["owner"], "alice");
    assert_eq!(p["tier"], "platinum", "an environment file's `parameters` beat -P in Heat");
    assert_eq!(p["tags"], serde_json::json!(["a", "b"]), "template default");
    assert_eq!(v["conditions"]["big"], true);
    assert_eq!(v["resources"]["box"]["properties"]["name"], "alice-from-env2");
    assert_eq!(v["outputs"]["summary"]["value"], "region=from-env2 size=3 owner=alice tier=platinum");
}

#[test]
fn get_file_is_resolved_relative_to_the_template() {
    let script = std::fs::read_to_string(fixtures().join("stack/files/setup.sh")).unwrap();
    // Run from elsewhere: the path is relative to the template, not to the working directory.
    let dir = std::env::temp_dir();
    let template = fixtures().join("stack/template.yaml");
    let o = hotplate_in(&dir, &["eval", "-t", template.to_str().unwrap(), "--format", "json"], None);
    assert_eq!(o.status.code(), Some(0), "stderr: {}\nstdout: {}", stderr(&o), stdout(&o));
    let v = json(&o);
    assert_eq!(v["outputs"]["script"]["value"], script.as_str());
    assert_eq!(v["resources"]["config"]["properties"]["config"], script.as_str());
    assert_eq!(v["parameters"]["region"], "template-default");
    assert_eq!(v["resources"]["box"]["enabled"], false, "size 1: the condition is false");
}

#[test]
fn formats_yaml_and_text() {
    let base = ["eval", "-t", "stack/template.yaml", "-e", "stack/env1.yaml", "-P", "owner=bob"];
    let yaml = hotplate(&[&base[..], &["--format", "yaml"]].concat());
    assert_eq!(yaml.status.code(), Some(0), "stderr: {}", stderr(&yaml));
    let y = stdout(&yaml);
    // Strings that YAML 1.1 would read as something else (a date here) are quoted.
    for line in
        ["template_version: \"2018-08-31\"", "error: null", "  owner: bob", "  region: from-env1", "  big: false"]
    {
        assert!(y.lines().any(|l| l == line), "no line {line:?} in the YAML output:\n{y}");
    }
    // The default for -t is the readable report; --format text asks for it explicitly.
    let text = hotplate(&[&base[..], &["--format", "text"]].concat());
    assert_eq!(text.status.code(), Some(0), "stderr: {}", stderr(&text));
    assert_eq!(stdout(&text), stdout(&hotplate(&base)));
    let t = stdout(&text);
    for needle in
        ["template version: 2018-08-31", "parameters:", "owner = \"bob\"", "conditions:", "resources:", "outputs:"]
    {
        assert!(t.contains(needle), "no {needle:?} in the report:\n{t}");
    }
    assert!(t.contains("env1.yaml"), "the report says where a value came from:\n{t}");
}

#[test]
fn the_report_points_at_the_error_in_the_source() {
    let o = hotplate(&["eval", "-t", "stack/broken.yaml"]);
    assert_eq!(o.status.code(), Some(1), "stderr: {}", stderr(&o));
    let t = stdout(&o);
    // file:line:col of `{get_param: flavour}`, then the source line.
    assert!(t.contains("stack/broken.yaml:8:"), "no file:line:col in the report:\n{t}");
    assert!(t.contains("flavor: {get_param: flavour}"), "no source excerpt in the report:\n{t}");
    assert!(t.contains("flavour"), "{t}");
}

/// The readable report is our own format: `fixtures/NAME.report.txt` is its
/// snapshot (`UPDATE_SNAPSHOTS=1 cargo test -p hotplate-cli` rewrites them).
fn assert_report_snapshot(args: &[&str], snapshot: &str, status: i32) {
    let o = hotplate(args);
    assert_eq!(o.status.code(), Some(status), "stderr: {}", stderr(&o));
    let path = fixtures().join(snapshot);
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, stdout(&o)).unwrap();
    }
    let want = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(stdout(&o), want, "the report differs from {snapshot} (UPDATE_SNAPSHOTS=1 to accept)");
}

#[test]
fn requests_with_property_checks_print_the_oracle_result_exactly() {
    // `cloud`: what only a cloud can check (skipped constraints and plugin
    // checks); `props`: property errors in two resources (Heat reports one).
    for (name, status) in [("cloud", 0), ("props", 1)] {
        let o = hotplate(&["eval", &format!("{name}.request.json")]);
        assert_eq!(o.status.code(), Some(status), "{name}: {}", stderr(&o));
        let want = std::fs::read_to_string(fixtures().join(format!("{name}.expected.json"))).unwrap();
        assert_eq!(stdout(&o).trim_end(), want.trim_end(), "{name}");
    }
}

#[test]
fn the_report_lists_what_needs_a_cloud_per_parameter_resource_and_property() {
    assert_report_snapshot(&["eval", "-t", "stack/cloud.yaml"], "cloud.report.txt", 0);
    let t = stdout(&hotplate(&["eval", "-t", "stack/cloud.yaml"]));
    for line in [
        "not checked (needs a cloud):",
        "  parameter flavor: nova.flavor",
        "  resource server:",
        "    property image: glance.image",
        "    property networks.0.network: neutron.network",
        "    check Server.validate: needs glance",
        "  resource port:",
        "    property fixed_ips.0.subnet: neutron.subnet",
    ] {
        assert!(t.lines().any(|l| l == line), "no line {line:?} in the report:\n{t}");
    }
}

#[test]
fn the_report_shows_every_property_error_at_its_property() {
    assert_report_snapshot(&["eval", "-t", "stack/props.yaml"], "props.report.txt", 1);
    let t = stdout(&hotplate(&["eval", "-t", "stack/props.yaml"]));
    // Heat's first error is the verdict; every property problem is a diagnostic.
    assert!(t.contains("Heat would refuse this stack: StackValidationFailed: Property error: resources.secret.properties.length: Value 'twelve' is not an integer"), "{t}");
    for (at, source) in [
        ("stack/props.yaml:6:7: error[property-error]: Property error: resources.server.properties: Unknown Property flavour", "flavour: m1.small"),
        ("stack/props.yaml:5:5: error[property-error]: Property error: resources.server.properties: Property flavor not assigned", "properties:"),
        ("stack/props.yaml:11:15: error[property-error]: Property error: resources.secret.properties.length: Value 'twelve' is not an integer", "length: twelve"),
    ] {
        assert!(t.lines().any(|l| l == at), "no {at:?} in the report:\n{t}");
        assert!(t.contains(source), "no source excerpt {source:?}:\n{t}");
    }
}

/// Write `files` (path, contents) under a fresh directory.
fn temp_tree(name: &str, files: &[(&str, &str)]) -> PathBuf {
    let root = std::env::temp_dir().join(format!("hotplate-cli-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    for (path, text) in files {
        let p = root.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    root
}

#[test]
fn provider_templates_are_collected_relative_to_the_file_that_names_them() {
    let none = "heat_template_version: 2018-08-31\nresources:\n  n:\n    type: OS::Heat::None\n";
    let root = temp_tree(
        "providers",
        &[
            (
                "main.yaml",
                "heat_template_version: 2018-08-31\nresources:\n  app:\n    type: ./nested/app.yaml\n  thing:\n    type: My::Thing\n",
            ),
            (
                "nested/app.yaml",
                "heat_template_version: 2018-08-31\nresources:\n  other:\n    type: ../other.yaml\noutputs:\n  data:\n    value: {get_file: files/data.txt}\n",
            ),
            ("nested/files/data.txt", "nested data\n"),
            ("other.yaml", none),
            // The registry's template names its own provider, relative to itself.
            ("lib/thing.yaml", "heat_template_version: 2018-08-31\nresources:\n  helper:\n    type: ./helper.yaml\n"),
            ("lib/helper.yaml", none),
            ("envs/env.yaml", "resource_registry:\n  My::Thing: ../lib/thing.yaml\n"),
        ],
    );
    let o = hotplate_in(&root, &["eval", "-t", "main.yaml", "-e", "envs/env.yaml", "--format", "json"], None);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "stderr: {}\nstdout: {out}", stderr(&o));
    assert!(!out.contains("Could not fetch"), "{out}");
    let v = json(&o);
    let app = &v["nested"]["app"];
    assert!(app.is_object(), "no nested stack for app:\n{out}");
    assert_eq!(app["outputs"]["data"]["value"], "nested data\n", "{out}");
    assert!(app["nested"]["other"].is_object(), "no nested stack for app.other:\n{out}");
    let thing = &v["nested"]["thing"];
    assert!(thing.is_object(), "no nested stack for thing:\n{out}");
    assert!(thing["nested"]["helper"].is_object(), "no nested stack for thing.helper:\n{out}");

    // A file that is not there is left out: Heat's fetch error, no IO error.
    std::fs::remove_file(root.join("other.yaml")).unwrap();
    let o = hotplate_in(&root, &["eval", "-t", "main.yaml", "-e", "envs/env.yaml", "--format", "json"], None);
    assert_eq!(o.status.code(), Some(1), "stderr: {}\nstdout: {}", stderr(&o), stdout(&o));
    assert!(stdout(&o).contains("Could not fetch remote template \\\"../other.yaml\\\""), "{}", stdout(&o));
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn a_provider_template_that_names_itself_is_collected_once() {
    let root = temp_tree(
        "cycle",
        &[
            ("main.yaml", "heat_template_version: 2018-08-31\nresources:\n  a:\n    type: sub/loop.yaml\n"),
            ("sub/loop.yaml", "heat_template_version: 2018-08-31\nresources:\n  again:\n    type: ../sub/loop.yaml\n"),
        ],
    );
    let o = hotplate_in(&root, &["eval", "-t", "main.yaml", "--format", "json"], None);
    assert!(matches!(o.status.code(), Some(0 | 1)), "stderr: {}\nstdout: {}", stderr(&o), stdout(&o));
    assert!(!stdout(&o).contains("Could not fetch"), "{}", stdout(&o));
    let _ = std::fs::remove_dir_all(&root);
}
