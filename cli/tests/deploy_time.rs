//! Deploy-time values through the built binary: the error places of Heat's
//! two answers against what `hotplate eval` reports (`tools/dt_places.py`),
//! and an overcloud's update plan as the oracle answers it.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use serde_json::Value as Json;

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

fn shared() -> PathBuf {
    match std::env::var_os("HOTPLATE_SHARED") {
        Some(p) => PathBuf::from(p),
        None => repo().join("../shared"),
    }
}

/// `None` (and a message saying why) when `../shared`'s folder is absent.
fn shared_dir(rel: &str, what: &str) -> Option<PathBuf> {
    let dir = shared().join(rel);
    if dir.is_dir() {
        return Some(dir);
    }
    let require = std::env::var("HOTPLATE_REQUIRE_SHARED").is_ok_and(|v| v == "1");
    assert!(!require, "HOTPLATE_REQUIRE_SHARED=1 but {} is absent", dir.display());
    eprintln!("skipped {what}: {} is absent (../shared is not checked out beside this clone)", dir.display());
    None
}

/// `tools/dt_places.py`'s figures: the repository's own cases (values
/// unknown in part, what Heat computes once created) always, the deploy-time corpus and the overclouds when
/// `../shared` is there.
#[test]
fn error_places_of_heat_s_two_answers() {
    let mut dirs = vec![repo().join("core/tests/data/deploy-time-parts")];
    let mut expected = vec!["artifacts checked at deploy time 8/8; real places kept 12/12"];
    if let Some(d) = shared_dir("conformance/deploy-time", "dt_places over deploy-time/") {
        dirs.push(d);
        expected.push("artifacts checked at deploy time 50/50; real places kept 12/12");
    }
    if let Some(d) = shared_dir("conformance/scale", "dt_places over the overclouds") {
        dirs.push(d);
        expected.push("artifacts checked at deploy time 54/54; real places kept 21/21");
    }
    let mut cmd = Command::new("python3");
    cmd.arg(repo().join("tools/dt_places.py")).arg(env!("CARGO_BIN_EXE_hotplate")).args(&dirs);
    let out = cmd.output().expect("python3 runs tools/dt_places.py");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
    let figures: Vec<&str> = text.lines().filter_map(|l| l.split_once(": ").map(|(_, f)| f)).collect();
    assert_eq!(figures, expected, "{text}");
}

/// An overcloud planned against itself with one service template changed
/// (memcached's `MemcachedMaxMemory` default): the oracle's preview
/// (`cli/tests/fixtures/overcloud-memcached-update.expected.json`, made
/// with `heat_oracle.py --preview`, the same with `x-deployed` on
/// `x-current`) refuses it, `CurrentStackFailed` for its first nested error
/// by name; hotplate says the same, byte for byte.
#[test]
fn an_overcloud_with_one_service_template_changed_is_planned_as_heat_does() {
    let Some(scale) = shared_dir("conformance/scale", "the overcloud update plan") else { return };
    let text = std::fs::read_to_string(scale.join("overcloud-wallaby-ctrl-compute.json")).expect("the overcloud");
    let mut current: Json = serde_json::from_str(&text).expect("JSON");
    current.as_object_mut().expect("a request").remove("x-source");
    let mut update = current.clone();
    let file = "deployment/memcached/memcached-container-puppet.yaml";
    let service = update["files"][file].as_str().expect("memcached's template").to_string();
    let old = "  MemcachedMaxMemory:\n    default: '50%'\n";
    assert_eq!(service.matches(old).count(), 1, "the default to change");
    update["files"][file] = Json::from(service.replace(old, "  MemcachedMaxMemory:\n    default: '60%'\n"));
    update["x-current"] = current;
    let mut child = Command::new(env!("CARGO_BIN_EXE_hotplate"))
        .args(["plan", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("run hotplate");
    let body = serde_json::to_vec(&update).expect("JSON");
    std::io::Write::write_all(child.stdin.as_mut().expect("stdin"), &body).expect("write the request");
    drop(child.stdin.take());
    let out = child.wait_with_output().expect("hotplate plan");
    let expected = std::fs::read_to_string(repo().join("cli/tests/fixtures/overcloud-memcached-update.expected.json"))
        .expect("the oracle's answer");
    assert_eq!(String::from_utf8_lossy(&out.stdout), expected);
    assert_eq!(out.status.code(), Some(1), "Heat refuses it: exit 1");
}
