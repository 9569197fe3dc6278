//! `hotplate plan`: runs of the built binary — `--base GIT_REF` in a throwaway
//! git repository (SARIF validated against the OASIS schema, the replacement
//! at the changed line), `--from`/`--to`, `--fail-on`, a request file as the
//! oracle takes it, and usage errors.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value as Json;

mod common;
use common::Tree;

fn hotplate(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hotplate")).args(args).current_dir(dir).output().expect("run hotplate")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn git(dir: &Path, args: &[&str]) {
    let o = Command::new("git")
        .args(["-c", "user.email=t@example.invalid", "-c", "user.name=t"])
        .args(args)
        .current_dir(dir)
        .output()
        .expect("git");
    assert!(o.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&o.stderr));
}

fn git_available() -> bool {
    Command::new("git").arg("--version").output().is_ok_and(|o| o.status.success())
}

/// A server whose image change replaces it (`image_update_policy: REPLACE`,
/// Heat's `Server.needs_replace_with_prop_diff`), and a volume left alone.
const STACK: &str = "heat_template_version: 2021-04-16
resources:
  volume:
    type: OS::Cinder::Volume
    properties: {size: 1}
  server:
    type: OS::Nova::Server
    properties:
      flavor: m1.small
      image: cirros
      image_update_policy: REPLACE
";

#[test]
fn base_in_a_git_repository_warns_of_the_replacement_at_the_changed_line() {
    if !git_available() {
        eprintln!("skipped: git is not installed");
        return;
    }
    let tree = Tree::new("plan-base", &[("stacks/app.yaml", STACK)]);
    git(&tree.0, &["init", "-q"]);
    git(&tree.0, &["add", "."]);
    git(&tree.0, &["commit", "-qm", "base"]);
    // Nothing changed yet: nothing to report.
    let o = hotplate(&tree.0, &["plan", "-t", "stacks/app.yaml", "--base", "HEAD", "--fail-on", "replace"]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), String::from_utf8_lossy(&o.stderr));
    assert!(stdout(&o).contains("0 to replace"), "{}", stdout(&o));

    tree.write("stacks/app.yaml", &STACK.replace("image: cirros", "image: fedora"));
    let o = hotplate(&tree.0, &["plan", "-t", "stacks/app.yaml", "--base", "HEAD", "--format", "sarif"]);
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), String::from_utf8_lossy(&o.stderr));
    let sarif: Json = serde_json::from_str(&stdout(&o)).unwrap();
    let schema_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sarif/sarif-schema-2.1.0.json");
    let schema: Json = serde_json::from_str(&std::fs::read_to_string(schema_path).unwrap()).unwrap();
    let validator = jsonschema::validator_for(&schema).expect("the schema compiles");
    let errors: Vec<String> = validator.iter_errors(&sarif).map(|e| format!("{e} at {}", e.instance_path())).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    let results = sarif["runs"][0]["results"].as_array().unwrap();
    assert_eq!(results.len(), 1, "{results:#?}");
    let r = &results[0];
    assert_eq!(r["ruleId"], "plan-replace");
    assert_eq!(r["level"], "warning");
    let text = r["message"]["text"].as_str().unwrap();
    assert!(text.starts_with("server (OS::Nova::Server) is replaced"), "{text}");
    assert!(text.contains("image changed and image_update_policy is REPLACE"), "{text}");
    let location = &r["locations"][0]["physicalLocation"];
    assert_eq!(location["artifactLocation"]["uri"], "stacks/app.yaml");
    assert_eq!(location["artifactLocation"]["uriBaseId"], "%SRCROOT%");
    // `image: fedora` is line 10; the region is the property's name.
    assert_eq!(location["region"]["startLine"], 10);
    assert_eq!(location["region"]["startColumn"], 7);

    // The same as GitHub annotations, and `--fail-on replace` fails.
    let o = hotplate(
        &tree.0,
        &["plan", "-t", "stacks/app.yaml", "--base", "HEAD", "--format", "github", "--fail-on", "replace"],
    );
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stdout(&o).starts_with("::warning file=stacks/app.yaml,line=10,col=7,"), "{}", stdout(&o));

    // A revision git does not know: a usage error naming it.
    let o = hotplate(&tree.0, &["plan", "-t", "stacks/app.yaml", "--base", "no-such-branch"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no-such-branch"), "{}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn from_to_text_names_the_forcing_property_and_the_data_at_risk() {
    let tree = Tree::new(
        "plan-from-to",
        &[("old.yaml", STACK), ("new.yaml", &STACK.replace("size: 1", "size: 2").replace("image: cirros", "image: f"))],
    );
    let o = hotplate(&tree.0, &["plan", "--from", "old.yaml", "--to", "new.yaml"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(out.contains("1 to replace, 1 to update in place"), "{out}");
    assert!(out.contains("-/+ server (OS::Nova::Server) must be replaced"), "{out}");
    assert!(out.contains("~ image: \"cirros\" → \"f\"   # forces replacement"), "{out}");
    assert!(out.contains("~ volume (OS::Cinder::Volume) will be updated in place"), "{out}");
    assert!(out.contains("deletion_policy: Delete"), "{out}");
    // The plan's warnings, in the words markdown shows too.
    let lost = "1 resource(s) lose their data";
    assert!(out.contains(&format!("! {lost} (replaced or deleted with deletion_policy: Delete).")), "{out}");
    let o = hotplate(&tree.0, &["plan", "--from", "old.yaml", "--to", "new.yaml", "--fail-on", "delete"]);
    assert_eq!(o.status.code(), Some(1), "a replacement deletes: {}", stdout(&o));
    // Markdown for a pull request's comment.
    let o = hotplate(&tree.0, &["plan", "--from", "old.yaml", "--to", "new.yaml", "--format", "markdown"]);
    let md = stdout(&o);
    assert!(md.contains("| -/+ replaced | `server` | `OS::Nova::Server` |"), "{md}");
    assert!(md.contains(&format!("> **{lost}** (replaced or deleted with deletion_policy: Delete).")), "{md}");
}

#[test]
fn a_refused_update_exits_1_with_heats_error() {
    let tree = Tree::new(
        "plan-refused",
        &[("old.yaml", STACK), ("new.yaml", &STACK.replace("image: cirros", "image: {get_param: nope}"))],
    );
    let o = hotplate(&tree.0, &["plan", "--from", "old.yaml", "--to", "new.yaml", "--format", "json"]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    let result: Json = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(result["error"]["type"], "StackValidationFailed", "{result:#}");
    assert_eq!(result["error"]["path"], serde_json::json!(["resources", "server", "properties", "image"]));
    assert_eq!(result["preview"]["replaced"], serde_json::json!([]), "no lists past Heat's error");
}

#[test]
fn usage_errors_exit_2() {
    let tree = Tree::new("plan-usage", &[("new.yaml", STACK)]);
    for args in [&["plan", "-t", "new.yaml"][..], &["plan"], &["plan", "missing.json"]] {
        let o = hotplate(&tree.0, args);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stdout(&o));
        assert!(String::from_utf8_lossy(&o.stderr).starts_with("hotplate plan: "), "{args:?}");
    }
}

/// A request of the preview corpus as the oracle takes it: the oracle's
/// result, as `run.sh --corpus …/preview -- hotplate plan` compares it
/// (skipped without ../shared).
#[test]
fn a_request_file_gives_the_oracles_preview() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/conformance/preview");
    let case = dir.join("pv_001_ht_mistral_external_yaml__add_none.json");
    if !case.exists() {
        eprintln!("skipped: {} is absent (the shared corpus)", case.display());
        return;
    }
    let o = hotplate(&dir, &["plan", case.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let actual: Json = serde_json::from_str(&stdout(&o)).unwrap();
    let expected: Json = serde_json::from_str(
        &std::fs::read_to_string(dir.join("pv_001_ht_mistral_external_yaml__add_none.expected.json")).unwrap(),
    )
    .unwrap();
    assert_eq!(actual, expected);
}
