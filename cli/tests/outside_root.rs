//! Safe on someone else's pull request (issue 29): every way a template can name
//! a file outside the checked tree, through `eval -t` (text, json, yaml),
//! `check` (text, json, sarif, github, junit) and `lsp`. The outside files hold
//! a marker string; no output may carry it, and each refusal comes with
//! hotplate's note. The same runs with `--allow-outside-root` (or the config
//! key) do show the marker: the runs can tell a read from a refusal.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use serde_json::{json, Value};

mod common;
use common::Tree;

#[path = "common/lsp_client.rs"]
mod lsp_client;
use lsp_client::Client;

/// What the outside files hold: found in an output only if one was read.
const MARKER: &str = "hotplate-outside-marker-7f3a91";

const V: &str = "heat_template_version: 2021-04-16\n";

/// A template whose `length` (an integer property: Heat quotes the value it
/// refuses) and one output are the content of `file`.
fn get_file(file: &str) -> String {
    format!(
        "{V}resources:\n  v:\n    type: OS::Heat::RandomString\n    properties:\n      length: {{get_file: '{file}'}}\noutputs:\n  leak: {{value: {{get_file: '{file}'}}}}\n"
    )
}

/// A way out: the template's file name in the tree, its text, and the
/// environment files it is evaluated with (`-e`, and in `.hotplate.yaml`).
struct Way {
    name: &'static str,
    template: String,
    environments: Vec<&'static str>,
    /// Read with `--allow-outside-root` (`file://` never is).
    readable: bool,
    /// The editor shows the file's content when it is read (a provider's is
    /// not shown on its parent: there, being read shows as no fetch error).
    shown_in_editor: bool,
}

/// The tree: `outside/` (the files a pull request must not read) beside
/// `repo/` (a git work tree: its `.git` entry) with one template per way out.
fn tree(name: &str) -> (Tree, Vec<Way>) {
    // Its parameter's description shows in an editor's hover and completion;
    // its resource's error in every report.
    let provider = format!(
        "{V}parameters:\n  knob: {{type: string, default: x, description: {MARKER}}}\nresources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      length: {MARKER}\n"
    );
    let tree = Tree::new(
        name,
        &[
            ("outside/secret.txt", &format!("{MARKER}\n")),
            ("outside/provider.yaml", &provider),
            ("outside/env.yaml", &format!("parameter_defaults:\n  n: {MARKER}\n")),
            ("repo/.git/HEAD", "ref: refs/heads/main\n"),
            ("repo/env/registry.yaml", "resource_registry:\n  My::Leak: ../../outside/provider.yaml\n"),
        ],
    );
    let secret = tree.0.join("outside/secret.txt");
    std::os::unix::fs::symlink("../outside/secret.txt", tree.0.join("repo/link.txt")).expect("a symlink");
    let provider_use = |ty: &str| format!("{V}resources:\n  p:\n    type: {ty}\n    properties:\n      knob: x\n");
    // (name, template, environments, readable when allowed, shown in the editor when read)
    let table: [(&'static str, String, Vec<&'static str>, bool, bool); 7] = [
        ("absolute", get_file(&secret.display().to_string()), vec![], true, true),
        ("dotdot", get_file("../outside/secret.txt"), vec![], true, true),
        ("symlink", get_file("link.txt"), vec![], true, true),
        ("file_url", get_file(&format!("file://{}", secret.display())), vec![], false, true),
        ("provider", provider_use("../outside/provider.yaml"), vec![], true, false),
        ("registry", provider_use("My::Leak"), vec!["env/registry.yaml"], true, false),
        (
            "environment",
            format!("{V}parameters:\n  n: {{type: number}}\noutputs:\n  n: {{value: {{get_param: n}}}}\n"),
            vec!["../outside/env.yaml"],
            true,
            true,
        ),
    ];
    let ways: Vec<Way> = table
        .into_iter()
        .map(|(name, template, environments, readable, shown_in_editor)| Way {
            name,
            template,
            environments,
            readable,
            shown_in_editor,
        })
        .collect();
    let mut config = String::from("checks:\n");
    for w in &ways {
        tree.write(&format!("repo/{}.yaml", w.name), &w.template);
        if !w.environments.is_empty() {
            config.push_str(&format!("  - files: {}.yaml\n    environments: {:?}\n", w.name, w.environments));
        }
    }
    tree.write("repo/.hotplate.yaml", &config);
    (tree, ways)
}

fn hotplate(dir: &Path, args: &[String]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_hotplate")).args(args).current_dir(dir).output().expect("run hotplate")
}

/// Everything a run printed.
fn printed(o: &Output) -> String {
    format!("{}{}", String::from_utf8_lossy(&o.stdout), String::from_utf8_lossy(&o.stderr))
}

/// The note for a refused file (or, for a file the command line or config
/// names, the refusal itself) names the way to allow it.
fn has_note(out: &str) -> bool {
    out.contains("leads outside") && out.contains("--allow-outside-root")
}

/// One run's verdict: the marker shows exactly when the file may be read
/// (`shown`: when that run can show it), and a refusal says why.
fn judge(way: &Way, run: &str, out: &str, allowed: bool, shown: bool, failures: &mut Vec<String>) {
    let leaked = out.contains(MARKER);
    let expect_leak = allowed && way.readable && shown;
    if leaked != expect_leak {
        failures.push(format!("{} / {run} (allowed: {allowed}): marker shown: {leaked}\n{out}", way.name));
    }
    if !allowed && way.readable && !has_note(out) {
        failures.push(format!("{} / {run}: no note naming --allow-outside-root\n{out}", way.name));
    }
}

#[test]
fn eval_and_check_read_nothing_outside_the_work_tree() {
    let (tree, ways) = tree("outside-cli");
    let repo = tree.0.join("repo");
    let mut failures = Vec::new();
    let mut runs = 0;
    for allowed in [false, true] {
        for way in &ways {
            let template = format!("{}.yaml", way.name);
            for format in ["text", "json", "yaml"] {
                let mut args: Vec<String> = vec!["eval".into(), "-t".into(), template.clone()];
                for e in &way.environments {
                    args.extend(["-e".into(), (*e).into()]);
                }
                args.extend(["--format".into(), format.into()]);
                if allowed {
                    args.push("--allow-outside-root".into());
                }
                let o = hotplate(&repo, &args);
                judge(way, &format!("eval {format}"), &printed(&o), allowed, true, &mut failures);
                runs += 1;
            }
            for format in ["text", "json", "sarif", "github", "junit"] {
                let mut args: Vec<String> = vec!["check".into(), template.clone(), "--format".into(), format.into()];
                if allowed {
                    args.push("--allow-outside-root".into());
                }
                let o = hotplate(&repo, &args);
                let out = printed(&o);
                judge(way, &format!("check {format}"), &out, allowed, true, &mut failures);
                // Refused or read, the template is reported (never a crash).
                // Without values a file named by URL is a value check does not
                // have (never fetched): unknown, not an error (issue 24).
                let unknown = way.name == "file_url" && out.contains("unknown-value");
                let reported = matches!(o.status.code(), Some(1 | 2)) || (unknown && o.status.code() == Some(0));
                if !reported {
                    failures.push(format!("{} / check {format}: exit {:?}\n{out}", way.name, o.status.code()));
                }
                runs += 1;
            }
        }
    }
    assert_eq!(runs, 2 * ways.len() * 8);
    assert!(failures.is_empty(), "{} of {runs} runs wrong:\n{}", failures.len(), failures.join("\n---\n"));

    // The config key allows it too (for `check`).
    let config = std::fs::read_to_string(repo.join(".hotplate.yaml")).unwrap();
    tree.write("repo/.hotplate.yaml", &format!("allow_outside_root: true\n{config}"));
    let o = hotplate(&repo, &["check".into(), "dotdot.yaml".into()]);
    assert!(printed(&o).contains(MARKER), "{}", printed(&o));
}

#[test]
fn the_note_is_hotplates_at_the_reference_and_heats_error_is_the_missing_file() {
    let (tree, _) = tree("outside-note");
    let repo = tree.0.join("repo");
    let o = hotplate(&repo, &["check".into(), "dotdot.yaml".into(), "--format".into(), "json".into()]);
    let report: Value = serde_json::from_slice(&o.stdout).unwrap();
    let diagnostics = report["templates"][0]["diagnostics"].as_array().unwrap().clone();
    let note = diagnostics.iter().find(|d| d["code"] == "outside-root").unwrap_or_else(|| panic!("{report}"));
    assert_eq!(note["severity"], "note");
    assert_eq!(
        (note["file"].as_str(), note["line"].as_u64(), note["column"].as_u64()),
        (Some("dotdot.yaml"), Some(6), Some(26))
    );
    let message = note["message"].as_str().unwrap();
    assert!(message.starts_with("hotplate did not read ../outside/secret.txt: it leads outside "), "{message}");
    assert!(message.contains("`allow_outside_root: true` in .hotplate.yaml"), "{message}");
    // Heat's own error for a file that is not there.
    let heat = &report["templates"][0]["error"]["message"];
    assert!(
        heat.as_str()
            .unwrap()
            .contains("No content found in the \"files\" section for get_file path: ../outside/secret.txt"),
        "{heat}"
    );
    // SARIF's level and GitHub's command for a note.
    let o = hotplate(&repo, &["check".into(), "provider.yaml".into(), "--format".into(), "github".into()]);
    let out = printed(&o);
    assert!(out.contains("::notice file=provider.yaml,line=4,"), "{out}");
    assert!(out.contains("Could not fetch remote template"), "{out}");
    let o = hotplate(&repo, &["check".into(), "symlink.yaml".into(), "--format".into(), "sarif".into()]);
    let sarif: Value = serde_json::from_slice(&o.stdout).unwrap();
    let levels: Vec<&str> =
        sarif["runs"][0]["results"].as_array().unwrap().iter().filter_map(|r| r["level"].as_str()).collect();
    assert!(levels.contains(&"note") && levels.contains(&"error"), "{sarif}");
}

#[test]
fn the_root_is_the_work_tree_holding_the_paths_else_the_working_directory() {
    let (tree, _) = tree("outside-where");
    // From above the work tree: still the work tree (the checked path's).
    let o = hotplate(&tree.0, &["eval".into(), "-t".into(), "repo/dotdot.yaml".into()]);
    assert!(!printed(&o).contains(MARKER) && has_note(&printed(&o)), "{}", printed(&o));
    let o = hotplate(&tree.0, &["check".into(), "repo".into()]);
    assert!(!printed(&o).contains(MARKER) && has_note(&printed(&o)), "{}", printed(&o));
    // A path named on the command line is the user's choice (issue 34): out of
    // the working directory's work tree and in none, it is checked in its own
    // folder (its provider's error quotes the marker).
    let o = hotplate(&tree.0.join("repo"), &["check".into(), "../outside".into()]);
    assert_eq!(o.status.code(), Some(1), "{}", printed(&o));
    assert!(printed(&o).contains(MARKER) && !has_note(&printed(&o)), "{}", printed(&o));
    let o = hotplate(&tree.0.join("repo"), &["eval".into(), "-t".into(), "../outside/provider.yaml".into()]);
    assert_eq!(o.status.code(), Some(1), "{}", printed(&o));
    assert!(printed(&o).contains(MARKER), "{}", printed(&o));
    // A file a template or the command line names for it (`--parameter-file`,
    // `-e`) is not a checked path: refused.
    let args = ["eval", "-t", "dotdot.yaml", "--parameter-file", "k=../outside/secret.txt"].map(String::from);
    let o = hotplate(&tree.0.join("repo"), &args);
    assert_eq!(o.status.code(), Some(2));
    assert!(!printed(&o).contains(MARKER) && has_note(&printed(&o)), "{}", printed(&o));
    // Without a work tree, the working directory: here it holds `outside/`.
    std::fs::remove_dir_all(tree.0.join("repo/.git")).unwrap();
    let o = hotplate(&tree.0, &["eval".into(), "-t".into(), "repo/dotdot.yaml".into()]);
    assert!(printed(&o).contains(MARKER), "{}", printed(&o));
    let o = hotplate(&tree.0.join("repo"), &["eval".into(), "-t".into(), "dotdot.yaml".into()]);
    assert!(!printed(&o).contains(MARKER) && has_note(&printed(&o)), "{}", printed(&o));
}

fn uri(p: &Path) -> String {
    format!("file://{}", p.display())
}

/// Each way's template opened in `hotplate lsp` with `repo` as the workspace
/// folder: every diagnostic published, hovers and completions all over it,
/// and its outline.
fn lsp_outputs(repo: &Path, ways: &[Way], args: &[&str]) -> Vec<(String, String)> {
    let mut c = Client::start(args);
    c.request(
        "initialize",
        json!({"processId": null, "rootUri": null, "capabilities": {},
               "workspaceFolders": [{"uri": uri(repo), "name": "repo"}]}),
    );
    c.notify("initialized", json!({}));
    let mut out = Vec::new();
    for w in ways {
        let path: PathBuf = repo.join(format!("{}.yaml", w.name));
        let u = uri(&path);
        c.notify(
            "textDocument/didOpen",
            json!({"textDocument": {"uri": u, "languageId": "yaml", "version": 1, "text": w.template}}),
        );
        let diags = c.wait_for("textDocument/publishDiagnostics");
        let mut seen = diags.to_string();
        for (line, text) in w.template.lines().enumerate() {
            for character in (0..text.len()).step_by(4) {
                let at = json!({"textDocument": {"uri": u}, "position": {"line": line, "character": character}});
                seen.push_str(&c.call("textDocument/hover", at.clone()).to_string());
                seen.push_str(&c.call("textDocument/completion", at).to_string());
            }
        }
        seen.push_str(&c.call("textDocument/documentSymbol", json!({"textDocument": {"uri": u}})).to_string());
        out.push((w.name.to_string(), seen));
    }
    c.request("shutdown", Value::Null);
    c.notify("exit", Value::Null);
    assert!(c.child.wait().unwrap().success());
    out
}

#[test]
fn the_language_server_reads_nothing_outside_the_workspace_folder() {
    let (tree, ways) = tree("outside-lsp");
    let repo = std::fs::canonicalize(tree.0.join("repo")).unwrap();
    let mut failures = Vec::new();
    for (allowed, args) in [(false, &[][..]), (true, &["--allow-outside-root"][..])] {
        for (way, (name, seen)) in ways.iter().zip(lsp_outputs(&repo, &ways, args)) {
            judge(way, &format!("lsp {name}"), &seen, allowed, way.shown_in_editor, &mut failures);
            // A provider read (allowed) or not: the fetch error says which.
            if way.readable && !way.shown_in_editor && seen.contains("Could not fetch") == allowed {
                failures.push(format!("{name} (allowed: {allowed}): fetch error {}\n{seen}", !allowed));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n---\n"));
}

#[test]
fn a_file_that_never_ends_is_not_read() {
    let tree = Tree::new("outside-fifo", &[("t.yaml", &get_file("pipe"))]);
    let made = Command::new("mkfifo").arg(tree.0.join("pipe")).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("SKIP a_file_that_never_ends_is_not_read: no mkfifo");
        return;
    }
    // Read, a FIFO nobody writes to would block forever.
    let o = hotplate(&tree.0, &["eval".into(), "-t".into(), "t.yaml".into()]);
    assert_eq!(o.status.code(), Some(1), "{}", printed(&o));
    assert!(
        printed(&o).contains("No content found in the \"files\" section for get_file path: pipe"),
        "{}",
        printed(&o)
    );
}

/// A path the user names on the command line is the user's choice (issue 34):
/// `hotplate check ../elsewhere/stack.yaml` from inside another git work tree
/// checks it, its root being its own folder (no work tree holds it), so the
/// files beside it are read and a reference out of that folder is still refused.
#[test]
fn a_named_path_outside_the_working_directory_is_checked_in_its_own_folder() {
    let (tree, _) = tree("outside-named");
    let repo = tree.0.join("repo");
    let beside = "hotplate-beside-marker-52c1";
    tree.write("elsewhere/data.txt", &format!("{beside}\n"));
    tree.write(
        "elsewhere/stack.yaml",
        &format!(
            "{V}outputs:\n  beside: {{value: {{get_file: data.txt}}}}\n  out: {{value: {{get_file: '../outside/secret.txt'}}}}\n"
        ),
    );
    let absolute = tree.0.join("elsewhere/stack.yaml").display().to_string();
    for named in ["../elsewhere/stack.yaml", absolute.as_str()] {
        for args in [vec!["eval", "-t", named], vec!["check", named, "--format", "json"]] {
            let args: Vec<String> = args.into_iter().map(String::from).collect();
            let o = hotplate(&repo, &args);
            let out = printed(&o);
            // eval shows the value read; check reports only problems (none for data.txt).
            let read = if args[0] == "eval" { out.contains(beside) } else { !out.contains("data.txt") };
            assert!(read && o.status.code() == Some(1), "{args:?}: the named template's own folder is read\n{out}");
            assert!(!out.contains(MARKER) && has_note(&out), "{args:?}: a reference out of it is refused\n{out}");
        }
    }
}
