//! Runs of the built `hotplate` binary: output formats, exit codes, flags, files.
//!
//! Exit codes: 0 no errors, 1 the template has errors, 2 usage or IO errors.
//! `fixtures/NAME.expected.json` is the oracle's output for `fixtures/NAME.request.json`
//! (`../shared/oracle/heat_oracle.py`), so the CLI must print exactly those bytes.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

mod common;

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
fn heat_release_chooses_which_heat_answers() {
    // yaql < 3 (Heat 16.1.0's 1.1.3) formats null as 'None'; yaql 3 has no
    // `format`. `release.16.1.0.expected.json` is Heat 16.1.0's answer (the
    // oracle built with HEAT_RELEASE=16.1.0), `release.expected.json` 27.0.1's.
    // Under 27.0.1 the output has an error (exit status 1), under 16.1.0 none.
    for (args, want, status) in [
        (&["eval", "release.request.json"][..], "release.expected.json", 1),
        (&["eval", "release.request.json", "--heat-release", "27.0.1"][..], "release.expected.json", 1),
        (&["eval", "release.request.json", "--heat-release", "16.1.0"][..], "release.16.1.0.expected.json", 0),
    ] {
        let o = hotplate(args);
        assert_eq!(o.status.code(), Some(status), "{args:?}: {}", stderr(&o));
        let want = std::fs::read_to_string(fixtures().join(want)).unwrap();
        assert_eq!(stdout(&o).trim_end(), want.trim_end(), "{args:?}");
    }
    // The text report says which release answered.
    let o = hotplate(&["eval", "release.request.json", "--heat-release", "16.1.0", "--format", "text"]);
    assert!(stdout(&o).contains("answered as: openstack-heat 16.1.0 (2021.1 wallaby)"), "{}", stdout(&o));
    // An unknown release: one line naming the known ones, for every command.
    for cmd in [
        &["eval", "release.request.json"][..],
        &["validate", "release.request.json"],
        &["plan", "x.json"],
        &["check"],
        &["lsp"],
    ] {
        let mut args = cmd.to_vec();
        args.extend(["--heat-release", "16.0.0"]);
        let o = hotplate(&args);
        assert_usage_error(&o, "unknown Heat release '16.0.0': the known openstack-heat releases are 16.1.0, 17.0.0");
    }
    // In a request, the result is the error (no Heat answers it).
    let mut request: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(fixtures().join("release.request.json")).unwrap()).unwrap();
    request["x-heat-release"] = "28.0.0".into();
    let o = hotplate_in(&fixtures(), &["eval", "-"], Some(&request.to_string()));
    assert_eq!(o.status.code(), Some(1), "stderr: {}", stderr(&o));
    assert_eq!(json(&o)["error"]["type"], "HeatConfigError");
    assert!(json(&o)["error"]["message"].as_str().unwrap().ends_with("26.0.2, 27.0.0, 27.0.1"));
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
    common::write_files(&root, files);
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

/// Every nested stack of a result: (path of resource names joined by `/`,
/// the stack's name as the report shows it, its result).
fn nested_stacks<'v>(
    v: &'v serde_json::Value,
    path: &str,
    name: &str,
    out: &mut Vec<(String, String, &'v serde_json::Value)>,
) {
    for (res, child) in v["nested"].as_object().into_iter().flatten() {
        let child_path = if path.is_empty() { res.clone() } else { format!("{path}/{res}") };
        let child_name = format!("{name}-{res}");
        out.push((child_path.clone(), child_name.clone(), child));
        nested_stacks(child, &child_path, &child_name, out);
    }
}

#[test]
fn the_report_shows_nested_stacks_under_their_resources() {
    let args = ["eval", "-t", "nested/main.yaml", "-e", "nested/env.yaml"];
    assert_report_snapshot(&args, "nested.report.txt", 0);
    let t = stdout(&hotplate(&args));
    // Each nested stack right under its resource, its sections indented below.
    for block in [
        "  db (\"lib/db.yaml\")\n    properties: {\"name\": \"main\", \"password\": \"s3cret\", \"volume_names\": [\"data\", \"logs\"]}\n    nested stack test-db (2021-04-16):\n      parameters:\n        name = \"main\"\n",
        // A list property reaches the child as a comma_delimited_list.
        "        volume_names = [\"data\", \"logs\"]\n",
        // A nested stack's own nested stack, one level further in.
        "        disks (\"OS::Heat::ResourceGroup\")\n",
        "          nested stack test-db-disks (2015-04-30):\n            resources:\n              0 (\"OS::Cinder::Volume\")\n                properties: {\"size\": 10, \"name\": \"main-0\"}\n",
        // What needs a cloud, listed with the nested stack that has it.
        "      not checked (needs a cloud):\n        parameter flavor: nova.flavor\n        resource server:\n          property flavor: nova.flavor\n          property image: glance.image\n          check Server.validate: needs glance\n",
        // The registry's template, with a parameter_defaults value.
        "  cache (\"My::Cache\")\n    nested stack test-cache (2021-04-16):\n      parameters:\n        cache_size = 512\n",
        // Conditions and removed resources of a nested stack.
        "            conditions:\n              debugging = false\n",
        "              trace (\"OS::Heat::None\"): removed by its condition\n",
        // The group's generated stack has the outputs the parent's get_attr
        // needs, its deploy-time values marked as at the top level.
        "      outputs:\n        name = [\"⟨get_attr 0 name⟩\", \"⟨get_attr 1 name⟩\", \"⟨get_attr 2 name⟩\", \"⟨get_attr 3 name⟩\"]\n",
    ] {
        assert!(t.contains(block), "no block\n{block}\nin the report:\n{t}");
    }
    // A hidden parameter of a nested template is masked there too.
    assert!(t.lines().any(|l| l == "        password = ******"), "{t}");
    assert!(!t.lines().any(|l| l.trim_start().starts_with("password = \"")), "{t}");

    let v = json(&hotplate(&[&args[..], &["--format", "json"]].concat()));
    let mut stacks = Vec::new();
    nested_stacks(&v, "", "test", &mut stacks);
    let paths: Vec<&str> = stacks.iter().map(|(p, _, _)| p.as_str()).collect();
    assert_eq!(paths.len(), 11, "the fixture's nested stacks: {paths:?}");
    // Skips made inside `db` are in the result's top-level list too; the report
    // shows them once, under `db`.
    assert!(v["skipped_checks"].as_array().unwrap().iter().any(|c| c["resource"] == "db/server"), "{v}");
    assert!(!t.contains("resource db/server"), "{t}");
    // Members of a group that differ from the first only by the index share a
    // line; every other nested stack has its own header.
    assert!(
        t.lines().any(|l| l == "        1..3 (\"lib/worker.yaml\"): like 0, with its own name where 0 has \"0\""),
        "{t}"
    );
    assert!(
        t.lines().any(|l| l == "              1 (\"OS::Cinder::Volume\"): like 0, with its own name where 0 has \"0\""),
        "{t}"
    );
    for (path, name, _) in &stacks {
        let header = format!("nested stack {name} (");
        let compacted = ["workers/1", "workers/2", "workers/3"].contains(&path.as_str());
        assert_eq!(t.contains(&header), !compacted, "{path}: header {header:?} in the report:\n{t}");
    }
    // The chain's second member depends on the first (Heat chains them): not
    // like the first, so it is shown in full.
    assert!(t.contains("        1 (\"My::Step\")\n          requires: [\"0\"]\n          nested stack test-steps-1 (2021-04-16):\n"), "{t}");
    // Heat's default deletion policy is not repeated for every resource.
    assert!(!t.contains("deletion_policy"), "{t}");
}

#[test]
fn a_nested_stack_heat_would_fail_to_create_is_an_error() {
    // The top-level stack is valid; each member's nested stack fails when Heat
    // creates it (a value only the strict, create-time validation checks).
    let o = hotplate(&["eval", "-t", "nested/failing.yaml"]);
    assert_eq!(o.status.code(), Some(1), "stderr: {}\nstdout: {}", stderr(&o), stdout(&o));
    let t = stdout(&o);
    assert!(t.contains(
        "          nested stack test-tokens-0 (2021-04-16): Heat would fail to create it\n            StackValidationFailed: Property error: resources.value.properties.length: 1000 is out of range (min: 1, max: 512)\n"
    ), "{t}");
    // The error is in the nested template: its file, line and column.
    assert!(t.contains("lib/token.yaml:7:26: error[property-error]"), "{t}");
    assert_eq!(
        t.lines().last(),
        Some("Heat would accept this stack, then fail to create its nested stacks tokens/0..2: StackValidationFailed: Property error: resources.value.properties.length: 1000 is out of range (min: 1, max: 512)"),
        "{t}"
    );
    assert!(!t.contains("Heat would refuse this stack"), "{t}");
    // The exit status is the same in every format.
    let o = hotplate(&["eval", "-t", "nested/failing.yaml", "--format", "json"]);
    assert_eq!(o.status.code(), Some(1), "stderr: {}", stderr(&o));
    let v = json(&o);
    assert!(v["error"].is_null(), "{v}");
    assert_eq!(v["nested"]["tokens"]["nested"]["2"]["error"]["type"], "StackValidationFailed", "{v}");
}

#[test]
fn a_nested_output_that_fails_is_an_error() {
    let root = temp_tree(
        "nested-output",
        &[
            ("main.yaml", "heat_template_version: 2021-04-16\nresources:\n  p: {type: o.yaml}\n"),
            (
                "o.yaml",
                "heat_template_version: 2021-04-16\noutputs:\n  bad: {value: {yaql: {expression: '$.data.x.y', data: {x: 1}}}}\n  good: {value: 1}\n",
            ),
        ],
    );
    let o = hotplate_in(&root, &["eval", "-t", "main.yaml"], None);
    let t = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "stderr: {}\nstdout: {t}", stderr(&o));
    assert!(
        t.contains("      outputs:\n        bad: error: Unknown function \"#property#y\"\n        good = 1\n"),
        "{t}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn long_values_are_cut_and_not_repeated_down_the_tree() {
    // A large map passed down unchanged (as TripleO passes EndpointMap to every
    // service template) and a long output.
    let entries: Vec<String> = (0..40).map(|i| format!("svc{i}: {{host: 10.0.0.{i}, port: {}}}", 8000 + i)).collect();
    let root = temp_tree(
        "long-values",
        &[
            (
                "main.yaml",
                &format!(
                    "heat_template_version: 2021-04-16\nparameters:\n  EndpointMap:\n    type: json\n    default: {{{}}}\nresources:\n  svc:\n    type: svc.yaml\n    properties: {{EndpointMap: {{get_param: EndpointMap}}, other: {{get_param: EndpointMap}}}}\n",
                    entries.join(", ")
                ),
            ),
            (
                "svc.yaml",
                "heat_template_version: 2021-04-16\nparameters:\n  EndpointMap: {type: json}\n  other: {type: json}\noutputs:\n  hosts: {value: {yaql: {expression: '$.data.values().select($.host)', data: {get_param: EndpointMap}}}}\n",
            ),
        ],
    );
    let o = hotplate_in(&root, &["eval", "-t", "main.yaml"], None);
    let t = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "stderr: {}\nstdout: {t}", stderr(&o));
    let full = json(&hotplate_in(&root, &["eval", "-t", "main.yaml", "--format", "json"], None));
    let whole = serde_json::to_string(&full["parameters"]["EndpointMap"]).unwrap();
    assert!(whole.len() > 1000, "{whole}");
    // The same value under the same name as in the parent: not repeated.
    assert!(t.lines().any(|l| l == "        EndpointMap = (the same as in test)"), "{t}");
    // Under another name it is shown, cut, with its length.
    let other = t.lines().find(|l| l.starts_with("        other = {")).unwrap_or_else(|| panic!("{t}"));
    assert!(other.ends_with(" characters)") && other.contains("… ("), "{other}");
    assert!(other.chars().count() < 260, "{other}");
    let hosts = t.lines().find(|l| l.starts_with("        hosts = [\"10.0.0.0\"")).unwrap_or_else(|| panic!("{t}"));
    assert!(hosts.contains("… ("), "{hosts}");
    assert!(t.contains("Values longer than 200 characters are cut (…); --format yaml shows them whole."), "{t}");
    assert!(t.lines().all(|l| l.chars().count() < 300), "{t}");
    // The whole output value is in the result.
    assert_eq!(full["nested"]["svc"]["outputs"]["hosts"]["value"].as_array().map(Vec::len), Some(40), "{full}");
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn group_members_are_compared_with_each_member_shown_before_them() {
    // A deployment group's members are named after the servers; a member whose
    // server id is its own name plus the same prefix is like the first such one.
    let root = temp_tree(
        "members",
        &[(
            "main.yaml",
            "heat_template_version: 2021-04-16\nresources:\n  cfg: {type: OS::Heat::SoftwareConfig, properties: {config: x}}\n  deploy:\n    type: OS::Heat::SoftwareDeploymentGroup\n    properties:\n      config: {get_resource: cfg}\n      servers: {a: s-a, b: s-b, c: x-c, d: s-d, e: x-e}\n",
        )],
    );
    let o = hotplate_in(&root, &["eval", "-t", "main.yaml"], None);
    let t = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "stderr: {}\nstdout: {t}", stderr(&o));
    let members: Vec<&str> = t
        .lines()
        .skip_while(|l| !l.starts_with("    nested stack test-deploy"))
        .filter(|l| l.starts_with("        ") && !l.starts_with("         "))
        .collect();
    let ty = "(\"OS::Heat::SoftwareDeployment\")";
    assert_eq!(
        members,
        [
            format!("        a {ty}"),
            format!("        b {ty}: like a, with its own name where a has \"a\""),
            format!("        c {ty}"),
            format!("        d {ty}: like a, with its own name where a has \"a\""),
            format!("        e {ty}: like c, with its own name where c has \"c\""),
        ],
        "{t}"
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[test]
fn the_report_names_each_file_a_merged_parameter_came_from() {
    let args = ["eval", "-t", "merge/main.yaml", "-e", "merge/base.yaml", "-e", "merge/site.yaml"];
    let o = hotplate(&args);
    assert_eq!(o.status.code(), Some(0), "stderr: {}", stderr(&o));
    let t = stdout(&o);
    for block in [
        // deep_merge: the keys each file gave (debug from both; the later wins).
        "  ExtraConfig = {\"debug\": true, \"workers\": 4, \"ratio\": 1.0}  (merged from merge/base.yaml, merge/site.yaml)\n    merge/base.yaml (deep_merge): debug, workers\n    merge/site.yaml (deep_merge): debug, ratio\n",
        // merge of lists: the items each file appended.
        "  Hosts = [\"a\", \"b\", \"c\"]  (merged from merge/base.yaml, merge/site.yaml)\n    merge/base.yaml (merge): [0], [1]\n    merge/site.yaml (merge): [2]\n",
        // Not merged: the one file.
        "  Flavor = \"m1.large\"  (merge/base.yaml)\n",
        // A float stays a float in every value printed.
        "  config = {\"debug\": true, \"workers\": 4, \"ratio\": 1.0}\n",
    ] {
        assert!(t.contains(block), "no block\n{block}\nin the report:\n{t}");
    }
}

#[test]
fn yaql_expressions_may_start_with_a_minus() {
    // Expected values from yaql 3 itself (`YaqlFactory().create()(expr).evaluate(...)`).
    for (args, want) in [
        (vec!["yaql", "-5"], "-5"),
        (vec!["yaql", "-2 * 3"], "-6"),
        (vec!["yaql", "--", "-5"], "-5"),
        (vec!["yaql", "-$.data.a", "--data", r#"{"a": 2}"#], "-2"),
        (vec!["yaql", "--data", r#"{"a": 2}"#, "-$.data.a"], "-2"),
    ] {
        let o = hotplate(&args);
        assert_eq!(o.status.code(), Some(0), "{args:?}: {}", stderr(&o));
        assert_eq!(stdout(&o).trim_end(), want, "{args:?}");
    }
    // Options are still options.
    let o = hotplate(&["yaql", "--help"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stdout(&o).contains("Usage: hotplate yaql"), "{}", stdout(&o));
}

#[test]
fn the_report_shows_values_built_from_deploy_time_ones_symbolically() {
    // list_join, str_replace, map_merge and yaql over get_attr: the report
    // keeps the placeholder where Heat's value has null (or nothing).
    let o = hotplate(&["eval", "-t", "symbolic.yaml"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let report = stdout(&o);
    for line in [
        "  name = \"⟨get_attr server name⟩-x\"\n",
        "  url = \"http://⟨get_attr lb vip_address⟩:80\"\n",
        "  config_settings = {\"<<\": \"⟨get_attr RoleParametersValue value⟩\", \"tripleo::profile::base::sshd::port\": 22}\n",
        "  count = \"⟨yaql over get_attr server name⟩\"\n",
    ] {
        assert!(report.contains(line), "no {line:?} in:\n{report}");
    }
    // The canonical result stays Heat's value before creation.
    let o = hotplate(&["eval", "-t", "symbolic.yaml", "--format", "json"]);
    let outputs = &json(&o)["outputs"];
    assert_eq!(outputs["name"]["value"], "-x");
    assert_eq!(outputs["url"]["value"], "http://:80");
    assert_eq!(outputs["config_settings"]["value"], serde_json::json!({"tripleo::profile::base::sshd::port": 22}));
    assert_eq!(outputs["count"]["value"], 1);
}

#[test]
fn rules_lists_every_lint_rule_and_shows_each_ones_documentation() {
    let o = hotplate(&["rules"]);
    assert_eq!(o.status.code(), Some(0));
    let text = stdout(&o);
    let rows: Vec<&str> =
        text.lines().filter(|l| l.starts_with(['E', 'W', 'I']) && l.as_bytes()[1].is_ascii_digit()).collect();
    assert!(rows.len() >= 30, "{text}");
    assert!(text.contains("W1001  warning  on   misspelled-function "), "{text}");
    assert!(text.contains("W2001  warning  off  unused-parameter "), "{text}");
    let o = hotplate(&["rules", "--format", "json"]);
    let list: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    let list = list.as_array().unwrap();
    assert_eq!(list.len(), rows.len());
    assert!(list
        .iter()
        .all(|r| r["help_uri"].as_str().unwrap().ends_with(&format!("/rules/{}", r["id"].as_str().unwrap()))));
    // One rule's documentation, by id or name; an unknown one is a usage error.
    let doc = stdout(&hotplate(&["rules", "w1001"]));
    assert!(doc.starts_with("# W1001: misspelled-function\n"), "{doc}");
    assert!(doc.contains("## Example") && doc.contains("get_parm"), "{doc}");
    assert_eq!(stdout(&hotplate(&["rules", "misspelled-function"])), doc);
    let o = hotplate(&["rules", "W9999"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no lint rule `W9999`"));
}

/// Each Heat setting given with `--heat-config` instead of the request's
/// `x-heat-config`: the oracle's result for the request that carries it
/// (`core/tests/golden/heat_config_*`), or a usage error where Heat would not
/// take the setting.
#[test]
fn heat_settings_on_the_command_line_are_the_request_s() {
    let dir = std::env::temp_dir().join(format!("hotplate-cli-heat-config-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut checked = 0;
    for (name, mut req, expected) in common::heat_config_cases() {
        let config = req.as_object_mut().and_then(|o| o.remove("x-heat-config")).unwrap_or_default();
        let Some(flags) = common::heat_config_flags(&config) else { continue };
        let path = dir.join(format!("{name}.json"));
        std::fs::write(&path, serde_json::to_string(&req).expect("JSON")).expect("write");
        let mut args = vec!["eval".to_string(), path.display().to_string()];
        for f in &flags {
            args.extend(["--heat-config".to_string(), f.clone()]);
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = hotplate_in(&dir, &args, None);
        if expected["error"]["type"] == "HeatConfigError" {
            assert_usage_error(
                &o,
                common::heat_config_error_tail(expected["error"]["message"].as_str().unwrap_or_default()),
            );
        } else {
            assert_eq!(json(&o), expected, "{name}: {flags:?}");
        }
        checked += 1;
    }
    let _ = std::fs::remove_dir_all(&dir);
    assert!(checked >= 20, "only {checked} cases");
    // Over a request's own settings, option by option.
    let o = hotplate(&["eval", "-t", "symbolic.yaml", "--heat-config", "max_nested_stack_depth"]);
    assert_usage_error(&o, "--heat-config: malformed setting `max_nested_stack_depth`");
}
