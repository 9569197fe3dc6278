//! `hotplate check`: runs of the built binary over folders written by each test,
//! its formats (SARIF validated against the OASIS schema), the config file, exit
//! codes, the public corpus in one command, and the pre-commit hook.

use std::path::{Path, PathBuf};
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

fn json(o: &Output) -> Json {
    serde_json::from_str(&stdout(o)).unwrap_or_else(|e| panic!("not JSON ({e}):\n{}", stdout(o)))
}

const MAIN: &str = "heat_template_version: 2021-04-16
parameters:
  size: {type: number}
resources:
  db:
    type: lib/db.yaml
    properties: {size: {get_param: size}}
";
const DB: &str = "heat_template_version: 2021-04-16
parameters:
  size: {type: number}
resources:
  secret:
    type: OS::Heat::RandomString
    properties: {length: {get_param: size}}
";
const BROKEN: &str = "heat_template_version: 2021-04-16
description: é
outputs:
  o: {value: {get_attr: [nope, x]}}
";

/// A stack whose parameter comes from the config, its provider template, an
/// environment file, a broken template and a file that is no template.
fn stack_tree(name: &str, size: &str) -> Tree {
    Tree::new(
        name,
        &[
            ("stack/main.yaml", MAIN),
            ("stack/lib/db.yaml", DB),
            ("env/big.yaml", &format!("parameter_defaults: {{size: {size}}}\n")),
            ("other/broken.yaml", BROKEN),
            ("other/data.yaml", "a: 1\n"),
            (".hotplate.yaml", "checks:\n  - name: sized\n    files: 'stack/**'\n    environments: ['env/*.yaml']\n"),
        ],
    )
}

#[test]
fn each_template_is_checked_with_what_the_config_names() {
    let tree = stack_tree("config", "4");
    let o = hotplate(&tree.0, &["check"]);
    let text = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{text}");
    assert!(text.contains("stack/main.yaml [sized]: ok\n"), "{text}");
    assert!(text.contains("other/broken.yaml: 1 error (without values)\n"), "{text}");
    assert!(text.contains("other/broken.yaml:4:15: error[unknown-resource]"), "{text}");
    assert!(text.contains("stack/lib/db.yaml: checked as a nested stack of stack/main.yaml"), "{text}");
    assert!(text.contains("1 environment file not evaluated"), "{text}");
    // Only the fine template: exit 0.
    let o = hotplate(&tree.0, &["check", "stack"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));

    // The provider's problem is reported at its line, through its parent.
    let tree = stack_tree("config-nested", "1000");
    let o = hotplate(&tree.0, &["check", "stack", "--format", "json"]);
    assert_eq!(o.status.code(), Some(1));
    let report = json(&o);
    let t = &report["templates"][0];
    assert_eq!(t["file"], "stack/main.yaml");
    assert_eq!(t["check"], "sized");
    assert_eq!(t["status"], "error");
    assert_eq!(t["nested_errors"][0]["stack"], "db");
    let d = &t["diagnostics"][0];
    assert_eq!(
        (d["file"].as_str(), d["line"].as_u64(), d["column"].as_u64()),
        (Some("stack/lib/db.yaml"), Some(7), Some(26))
    );
    assert_eq!(report["nested_only"][0]["file"], "stack/lib/db.yaml");

    // Two entries for one template: two evaluations; parameters from the config.
    tree.write(
        ".hotplate.yaml",
        "checks:\n  - {name: small, files: 'stack/*.yaml', parameters: {size: 3}}\n  - {name: big, files: stack/main.yaml, environments: [env/big.yaml]}\n",
    );
    let o = hotplate(&tree.0, &["check", "stack", "--format", "json"]);
    let report = json(&o);
    let runs: Vec<(&str, &str)> = report["templates"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| (t["check"].as_str().unwrap(), t["status"].as_str().unwrap()))
        .collect();
    assert_eq!(runs, [("small", "ok"), ("big", "error")]);
    assert_eq!(report["summary"]["evaluations"], 2);
}

#[test]
fn usage_and_config_errors_exit_2_with_one_line() {
    let tree = stack_tree("usage", "4");
    for (args, config, mentions) in [
        (vec!["check", "missing.yaml"], None, "missing.yaml: no such file"),
        (vec!["check", "x/*.yaml"], None, "no file matches"),
        (vec!["check"], Some("checks:\n  - files: a\n    environment: [b]\n"), "checks[0].environment"),
        (
            vec!["check"],
            Some("checks:\n  - files: stack/main.yaml\n    environments: [env/nope.yaml]\n"),
            "env/nope.yaml",
        ),
        (vec!["check", "--config", "nope.yaml"], None, "cannot read nope.yaml"),
        (vec!["check", "--format", "xml"], None, "xml"),
    ] {
        if let Some(c) = config {
            tree.write(".hotplate.yaml", c);
        }
        let o = hotplate(&tree.0, &args);
        let err = String::from_utf8_lossy(&o.stderr).to_string();
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(o.stdout.is_empty(), "{args:?}: {}", stdout(&o));
        assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(mentions), "{args:?}: {err}");
    }
}

/// The OASIS SARIF 2.1.0 schema (vendored unchanged: `tests/sarif/README.md`).
fn sarif_validator() -> jsonschema::Validator {
    let schema_path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sarif/sarif-schema-2.1.0.json");
    let schema: Json = serde_json::from_str(&std::fs::read_to_string(schema_path).unwrap()).unwrap();
    jsonschema::validator_for(&schema).expect("the schema compiles")
}

#[test]
fn sarif_is_valid_sarif_2_1_0_with_codes_regions_and_relative_uris() {
    let tree = stack_tree("sarif", "1000");
    tree.write(
        "other/space name.yaml",
        "heat_template_version: 2021-04-16\nresources:\n  r: {type: OS::Nova::Servr}\n",
    );
    let o = hotplate(&tree.0, &["check", "--format", "sarif"]);
    assert_eq!(o.status.code(), Some(1));
    let sarif = json(&o);
    let validator = sarif_validator();
    let errors: Vec<String> = validator.iter_errors(&sarif).map(|e| format!("{e} at {}", e.instance_path())).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    // The schema is strict enough to catch a mistake (a test that can fail).
    let mut bad = sarif.clone();
    bad["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["region"]["startLine"] = Json::from(0);
    assert!(!validator.is_valid(&bad));

    let run = &sarif["runs"][0];
    let results = run["results"].as_array().unwrap();
    let rules: Vec<&str> =
        run["tool"]["driver"]["rules"].as_array().unwrap().iter().map(|r| r["id"].as_str().unwrap()).collect();
    let found: Vec<(&str, &str, u64, u64)> = results
        .iter()
        .map(|r| {
            let loc = &r["locations"][0]["physicalLocation"];
            assert_eq!(loc["artifactLocation"]["uriBaseId"], "%SRCROOT%");
            assert_eq!(rules[r["ruleIndex"].as_u64().unwrap() as usize], r["ruleId"]);
            (
                r["ruleId"].as_str().unwrap(),
                loc["artifactLocation"]["uri"].as_str().unwrap(),
                loc["region"]["startLine"].as_u64().unwrap(),
                loc["region"]["startColumn"].as_u64().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        found,
        [
            ("unknown-resource", "other/broken.yaml", 4, 15),
            ("unknown-resource-type", "other/space%20name.yaml", 3, 13),
            ("property-error", "stack/lib/db.yaml", 7, 26),
        ]
    );
    assert_eq!(run["columnKind"], "unicodeCodePoints");
    let root = run["originalUriBaseIds"]["%SRCROOT%"]["uri"].as_str().unwrap();
    assert!(root.starts_with("file:///") && root.ends_with('/'), "{root}");
}

const LINTED: &str = "heat_template_version: 2021-04-16
parameters:
  n: {type: number, default: 0}
  unused: {type: string, default: x}
conditions:
  zero: {equals: [{get_param: n}, '0']}
resources:
  a: {type: OS::Heat::None}
  v:
    type: OS::Heat::Value
    condition: zero
    depends_on: [a]  # hotplate: disable=W3006
    properties:
      value: [{get_parm: x}, {get_resource: a}]
  p:
    type: OS::Neutron::Port
    properties: {network: private, port_security_enabled: false, security_groups: [default]}
  route:
    type: OS::Neutron::ExtraRoute
    properties: {router_id: r1, destination: 10.1.0.0/24, nexthop: 10.0.0.254}
";

fn codes(o: &Output) -> Vec<String> {
    let report = json(o);
    let mut out: Vec<String> = report["templates"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|t| t["diagnostics"].as_array().unwrap().iter())
        .map(|d| format!("{}:{}", d["file"].as_str().unwrap(), d["code"].as_str().unwrap()))
        .collect();
    out.sort();
    out
}

#[test]
fn lint_rules_run_and_are_silenced_and_configured_per_file_and_glob() {
    let tree = Tree::new(
        "lint",
        &[("t.yaml", LINTED), ("other/u.yaml", "heat_template_version: 2021-04-16\nparameters:\n  b: {type: boolean, default: true}\nconditions:\n  on_: {equals: [{get_param: b}, 'true']}\noutputs:\n  o: {value: 1, condition: on_}\n")],
    );
    let run = |args: &[&str]| {
        let mut all = vec!["check", "--format", "json"];
        all.extend_from_slice(args);
        hotplate(&tree.0, &all)
    };
    // On by default; W3006 silenced by its line's comment; W2001 off by default.
    let o = run(&[]);
    assert_eq!(o.status.code(), Some(1), "E3012 is an error: {}", stdout(&o));
    assert_eq!(codes(&o), ["other/u.yaml:W8002", "t.yaml:E3012", "t.yaml:I3004", "t.yaml:W1001", "t.yaml:W8002"]);
    let text = stdout(&hotplate(&tree.0, &["check", "t.yaml"]));
    // No check entry gives it values: checked without them (it needs none).
    assert!(text.contains("t.yaml: 1 error, 2 warnings, 1 info (without values)\n"), "{text}");
    assert!(
        text.contains("t.yaml:14:15: warning[W1001]: `get_parm` is not a function (did you mean `get_param`?)"),
        "{text}"
    );
    // The command line turns rules on and off.
    let o = run(&["--disable", "E3012,I3004", "--enable", "unused-parameter"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert_eq!(codes(&o), ["other/u.yaml:W8002", "t.yaml:W1001", "t.yaml:W2001", "t.yaml:W8002"]);
    assert_eq!(codes(&run(&["--disable", "all", "--enable", "W1001"])), ["t.yaml:W1001"]);
    // The config: everywhere, and per glob; the command line wins over it.
    tree.write(
        ".hotplate.yaml",
        "lint:\n  disable: [W1001, I3004, E3012]\n  ignore:\n    - {files: 'other/**', rules: [W8002]}\n",
    );
    assert_eq!(codes(&run(&[])), ["t.yaml:W8002"]);
    assert_eq!(codes(&run(&["--enable", "W1001"])), ["t.yaml:W1001", "t.yaml:W8002"]);
    // A file's own comment.
    tree.write("t.yaml", &format!("# hotplate: disable-file=W8002\n{LINTED}"));
    assert!(codes(&run(&[])).is_empty());
    // Names that are no rule are refused, in one line.
    for (args, config, mentions) in [
        (vec!["check", "--enable", "W9999"], None, "--enable: no lint rule `W9999`"),
        (
            vec!["check"],
            Some("lint: {ignore: [{files: a, rules: [nope]}]}\n"),
            "lint.ignore[0].rules: no lint rule `nope`",
        ),
    ] {
        if let Some(c) = config {
            tree.write(".hotplate.yaml", c);
        }
        let o = hotplate(&tree.0, &args);
        let err = String::from_utf8_lossy(&o.stderr).to_string();
        assert_eq!((o.status.code(), err.trim_end().lines().count()), (Some(2), 1), "{err}");
        assert!(err.contains(mentions), "{err}");
    }
}

#[test]
fn sarif_carries_the_lint_rules_metadata() {
    let tree = Tree::new("lint-sarif", &[("t.yaml", LINTED)]);
    let o = hotplate(&tree.0, &["check", "--format", "sarif"]);
    let sarif = json(&o);
    let validator = sarif_validator();
    let errors: Vec<String> = validator.iter_errors(&sarif).map(|e| format!("{e} at {}", e.instance_path())).collect();
    assert!(errors.is_empty(), "{errors:#?}");
    let run = &sarif["runs"][0];
    let rules = run["tool"]["driver"]["rules"].as_array().unwrap();
    let rule = |id: &str| rules.iter().find(|r| r["id"] == id).unwrap_or_else(|| panic!("no rule {id}"));
    let w1001 = rule("W1001");
    assert_eq!(w1001["name"], "misspelled-function");
    assert!(w1001["helpUri"].as_str().unwrap().ends_with("/rules/W1001"), "{w1001}");
    assert_eq!(w1001["defaultConfiguration"], serde_json::json!({"level": "warning", "enabled": true}));
    assert!(w1001["shortDescription"]["text"].as_str().unwrap().starts_with("a one-key map"));
    assert!(w1001["help"]["markdown"].as_str().unwrap().starts_with("# W1001: misspelled-function\n"));
    assert_eq!(rule("I3004")["defaultConfiguration"]["level"], "note");
    let levels: Vec<(&str, &str)> = run["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| (r["ruleId"].as_str().unwrap(), r["level"].as_str().unwrap()))
        .collect();
    for want in [("E3012", "error"), ("W1001", "warning"), ("I3004", "note")] {
        assert!(levels.contains(&want), "{levels:?}");
    }
}

#[test]
fn github_annotations_and_junit_name_each_problem_and_template() {
    let tree = stack_tree("github", "1000");
    let o = hotplate(&tree.0, &["check", "--format", "github"]);
    assert_eq!(o.status.code(), Some(1));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "::error file=other/broken.yaml,line=4,col=15,endLine=4,endColumn=23,title=hotplate%3A unknown-resource::\
         outputs.o.value.get_attr: The specified reference \"nope\" (in unknown) is incorrect."
    );
    assert!(lines[1].starts_with("::error file=stack/lib/db.yaml,line=7,col=26,"), "{text}");
    assert_eq!(lines.len(), 3, "{text}");

    let o = hotplate(&tree.0, &["check", "--format", "junit"]);
    let xml = stdout(&o);
    assert!(xml.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"hotplate check\" tests=\"2\" failures=\"2\""), "{xml}");
    assert_eq!(xml.matches("<testcase ").count(), 2, "{xml}");
    assert!(
        xml.contains("<testcase classname=\"hotplate\" name=\"stack/main.yaml [sized]\" file=\"stack/main.yaml\">"),
        "{xml}"
    );
    assert!(xml.contains("<failure type=\"StackValidationFailed\" message=\"nested stack db: "), "{xml}");
}

/// The shared corpus (`../shared/conformance/corpus`), when present.
fn corpus() -> Option<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/conformance/corpus");
    dir.is_dir().then_some(dir)
}

/// Extract every request of the corpus into `root`: its template at its
/// repository path under a folder per request, its `files` beside it, its
/// inline environment as an environment file, and a `.hotplate.yaml` entry
/// giving that template its environment, parameters and stack name.
/// Returns each template's path, and how many environment files were written.
fn extract_corpus(corpus: &Path, root: &Path) -> (Vec<String>, usize) {
    let mut templates = Vec::new();
    let mut checks = Vec::new();
    let mut environments = 0;
    let mut names: Vec<PathBuf> = std::fs::read_dir(corpus).unwrap().map(|e| e.unwrap().path()).collect();
    names.sort();
    for path in names {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let Some(stem) = name.strip_suffix(".json").filter(|s| !s.ends_with(".expected")) else { continue };
        let req: Json = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        // `owner/repo:path/to/template.yaml@commit`
        let source = req["x-source"].as_str().unwrap_or_default();
        let rel = source.split_once(':').map_or("template.yaml", |(_, p)| p.rsplit_once('@').map_or(p, |(p, _)| p));
        let template = format!("{stem}/{rel}");
        let dir = Path::new(&template).parent().unwrap().to_path_buf();
        let write = |p: &Path, text: &str| {
            let p = root.join(p);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        };
        write(Path::new(&template), req["template"].as_str().unwrap());
        for (k, v) in req["files"].as_object().into_iter().flatten() {
            write(&dir.join(k), v.as_str().unwrap_or_default());
        }
        let mut check = serde_json::json!({
            "files": template,
            "parameters": req["parameters"],
            "stack_name": req["stack_name"],
        });
        if let Some(env) = req.get("environment").filter(|e| e.is_object()) {
            let env_path = format!("{stem}/environment.yaml");
            write(Path::new(&env_path), &env.to_string());
            check["environments"] = serde_json::json!([env_path]);
            environments += 1;
        }
        checks.push(check);
        templates.push(template);
    }
    // JSON is YAML.
    std::fs::write(root.join(".hotplate.yaml"), serde_json::json!({ "checks": checks }).to_string()).unwrap();
    (templates, environments)
}

#[test]
fn the_public_corpus_is_checked_in_one_command() {
    let Some(corpus) = corpus() else {
        eprintln!("SKIP the_public_corpus_is_checked_in_one_command: ../shared is absent");
        return;
    };
    let tree = Tree::new("corpus", &[]);
    let (templates, environments) = extract_corpus(&corpus, &tree.0);
    assert!(templates.len() > 300, "{}", templates.len());
    let o = hotplate(&tree.0, &["check", "--format", "json", "."]);
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
    let report = json(&o);
    assert_eq!(report["summary"]["templates"], templates.len());
    assert_eq!(report["summary"]["evaluations"], templates.len());
    // Environment files are recognised, not evaluated.
    assert!(environments > 0);
    assert_eq!(report["environments"].as_array().unwrap().len(), environments);
    let results = report["templates"].as_array().unwrap();
    for t in &templates {
        let r = results.iter().find(|r| r["file"] == t.as_str()).unwrap_or_else(|| panic!("no result for {t}"));
        // One entry per template in the config: every one was checked with it.
        assert!(r["check"].is_string(), "{t}");
        assert!(["ok", "error"].contains(&r["status"].as_str().unwrap()), "{t}: {r}");
        // A failing template says why.
        if r["status"] == "error" {
            let some = |k: &str| !r[k].as_array().unwrap().is_empty();
            let lint_error = r["diagnostics"].as_array().unwrap().iter().any(|d| d["severity"] == "error");
            assert!(r["error"].is_object() || some("nested_errors") || some("output_errors") || lint_error, "{t}: {r}");
        }
    }
    let failed = report["summary"]["failed"].as_u64().unwrap();
    assert!(failed > 0 && failed < templates.len() as u64, "{failed}");
}

/// The hook, read from `.pre-commit-hooks.yaml` (its `entry` and flags).
fn hook(id: &str) -> (String, bool) {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../.pre-commit-hooks.yaml")).unwrap();
    // The hook's lines: from its `- id:` to the next hook's.
    let start = text.find(&format!("- id: {id}\n")).unwrap_or_else(|| panic!("no hook {id}"));
    let block = &text[start + 2..];
    let block = &block[..block.find("\n- id:").unwrap_or(block.len())];
    let field = |k: &str| {
        let line = |l: &str| l.trim().strip_prefix(&format!("{k}:")).map(|v| v.trim().to_string());
        block.lines().find_map(line).unwrap()
    };
    let language = if id == "hotplate-check" { "system" } else { "python" };
    assert_eq!(field("language"), language);
    (field("entry"), field("pass_filenames") == "true")
}

/// `pre-commit`: `$PRE_COMMIT`, or on the PATH.
fn pre_commit() -> Option<PathBuf> {
    let candidate = std::env::var_os("PRE_COMMIT").map(PathBuf::from).unwrap_or_else(|| PathBuf::from("pre-commit"));
    Command::new(&candidate).arg("--version").output().ok().filter(|o| o.status.success()).map(|_| candidate)
}

fn git(dir: &Path, args: &[&str]) {
    let o = Command::new("git").args(args).current_dir(dir).output().expect("git");
    assert!(o.status.success(), "git {args:?}: {}", String::from_utf8_lossy(&o.stderr));
}

#[test]
fn the_pre_commit_hook_checks_the_repository() {
    let (entry, pass_filenames) = hook("hotplate-check");
    assert!(!pass_filenames, "the hook checks the whole tree: a provider or an environment file changes its parents");
    let tree = stack_tree("pre-commit", "1000");
    let bin_dir = Path::new(env!("CARGO_BIN_EXE_hotplate")).parent().unwrap().to_path_buf();
    let path = format!("{}:{}", bin_dir.display(), std::env::var("PATH").unwrap_or_default());
    let Some(pre_commit) = pre_commit() else {
        // As pre-commit runs a `language: system` hook with `pass_filenames:
        // false`: the entry, split on whitespace, in the repository's root.
        eprintln!("pre-commit is not installed (set PRE_COMMIT, or `make test-pre-commit`): running the hook's entry `{entry}` as pre-commit would");
        let words: Vec<&str> = entry.split_whitespace().collect();
        let o = Command::new(words[0]).args(&words[1..]).current_dir(&tree.0).env("PATH", &path).output().unwrap();
        assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
        assert!(stdout(&o).contains("stack/lib/db.yaml:7:26: error[property-error]"), "{}", stdout(&o));
        return;
    };
    eprintln!("running the hook with {} try-repo", pre_commit.display());
    git(&tree.0, &["init", "-q"]);
    git(&tree.0, &["-c", "user.email=t@example.invalid", "-c", "user.name=t", "add", "."]);
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let run = |args: &[&str]| {
        Command::new(&pre_commit)
            .args(args)
            .current_dir(&tree.0)
            .env("PATH", &path)
            .env("PRE_COMMIT_HOME", tree.0.join(".pre-commit-home"))
            .env("PRE_COMMIT_COLOR", "never")
            .output()
            .unwrap()
    };
    // `try-repo` runs the hook of this working tree (committed or not).
    let o = run(&["try-repo", repo.to_str().unwrap(), "hotplate-check", "--all-files"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{}", String::from_utf8_lossy(&o.stderr));
    assert!(out.contains("Failed") && out.contains("stack/lib/db.yaml:7:26: error[property-error]"), "{out}");
    // Fixed: the hook passes.
    tree.write("env/big.yaml", "parameter_defaults: {size: 4}\n");
    std::fs::remove_file(tree.0.join("other/broken.yaml")).unwrap();
    git(&tree.0, &["add", "-A"]);
    let o = run(&["try-repo", repo.to_str().unwrap(), "hotplate-check", "--all-files"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}{}", String::from_utf8_lossy(&o.stderr));
    assert!(out.contains("Passed"), "{out}");
}

/// The version of the root's pyproject.toml (what pre-commit's `language:
/// python` hook installs) and the wheel it depends on are the crate's.
#[test]
fn the_python_hook_package_pins_this_version_of_the_wheel() {
    let text = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../pyproject.toml")).unwrap();
    let version = env!("CARGO_PKG_VERSION");
    assert!(text.contains(&format!("\nversion = \"{version}\"\n")), "pyproject.toml's version is not {version}");
    assert!(
        text.contains(&format!("dependencies = [\"hotplate=={version}\"]")),
        "pyproject.toml does not pin hotplate=={version}"
    );
}

/// The `language: python` hook as pre-commit installs it: pip installs the
/// root's package, whose dependency is the wheel, found in
/// `HOTPLATE_WHEEL_DIR` (`make test-pre-commit` builds it there with `make
/// wheel`) as PyPI would serve it. The `hotplate` the hook runs is the
/// wheel's, in the hook's environment.
#[test]
fn the_python_pre_commit_hook_runs_the_wheel() {
    let (entry, pass_filenames) = hook("hotplate-check-python");
    assert!(!pass_filenames);
    assert_eq!(entry, hook("hotplate-check").0, "both hooks run the same check");
    let Some(wheels) = std::env::var_os("HOTPLATE_WHEEL_DIR") else {
        eprintln!("skipped: HOTPLATE_WHEEL_DIR is not set (`make test-pre-commit` sets it to the wheel's folder)");
        return;
    };
    let Some(pre_commit) = pre_commit() else {
        eprintln!("skipped: pre-commit is not installed (set PRE_COMMIT, or `make test-pre-commit`)");
        return;
    };
    let tree = stack_tree("pre-commit-python", "1000");
    git(&tree.0, &["init", "-q"]);
    git(&tree.0, &["add", "."]);
    let repo = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let home = tree.0.join(".pre-commit-home");
    // No `hotplate` on the PATH: the one the hook runs is what pip installed
    // into the hook's environment (try-repo keeps it in a temporary store).
    let path = std::env::var_os("PATH").unwrap_or_default();
    let path = std::env::join_paths(std::env::split_paths(&path).filter(|d| !d.join("hotplate").exists())).unwrap();
    let o = Command::new(&pre_commit)
        .args(["try-repo", repo.to_str().unwrap(), "hotplate-check-python", "--all-files"])
        .current_dir(&tree.0)
        .env("PRE_COMMIT_HOME", &home)
        .env("PRE_COMMIT_COLOR", "never")
        .env("PIP_FIND_LINKS", &wheels)
        .env("PATH", &path)
        .output()
        .unwrap();
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}{}", String::from_utf8_lossy(&o.stderr));
    assert!(out.contains("Failed") && out.contains("stack/lib/db.yaml:7:26: error[property-error]"), "{out}");
}

/// Each Heat setting in `.hotplate.yaml` (`heat_config:`, top level and in a
/// check) and with `check --heat-config`: the error the oracle gives for the
/// request carrying it (`core/tests/golden/heat_config_*`). The JSON body
/// limit only where every body exceeds it: `check` sends a body built from
/// files, not the case's.
#[test]
fn heat_settings_in_the_config_file_and_on_the_command_line() {
    let mut checked = 0;
    for (name, req, expected) in common::heat_config_cases() {
        if name.contains("json_body") && name != common::BODY_LIMIT_CASE {
            continue;
        }
        let Some(tree) = common::heat_config_tree(&name, &req) else { continue };
        let config = &req["x-heat-config"];
        let want = &expected["error"];
        let settings = serde_json::to_string(config).expect("JSON");
        let places = [
            (format!("heat_config: {settings}\n"), Vec::new()),
            (format!("checks:\n  - files: main.yaml\n    heat_config: {settings}\n"), Vec::new()),
            (String::new(), common::heat_config_flags(config).unwrap_or_default()),
        ];
        for (i, (file, flags)) in places.iter().enumerate() {
            if i == 2 && flags.is_empty() {
                continue;
            }
            tree.write(".hotplate.yaml", file);
            let mut args = vec!["check", "main.yaml", "--format", "json"];
            for f in flags {
                args.extend(["--heat-config", f]);
            }
            let o = hotplate(&tree.0, &args);
            if want["type"] == "HeatConfigError" {
                let err = String::from_utf8_lossy(&o.stderr).to_string();
                assert_eq!(o.status.code(), Some(2), "{name} {i}: {err}");
                // A config file says which mapping is not one in its own words.
                let message = common::heat_config_error_tail(want["message"].as_str().unwrap_or_default());
                assert!(err.contains(message) || err.contains("must be a mapping"), "{name} {i}: {err}");
                continue;
            }
            let report = json(&o);
            let t = &report["templates"][0];
            let got = (t["error"]["type"].as_str(), t["error"]["message"].as_str());
            if name == common::BODY_LIMIT_CASE {
                let words = common::body_limit_words(want["message"].as_str().unwrap_or_default());
                assert_eq!(got.0, want["type"].as_str(), "{name} place {i}: {report}");
                assert!(got.1.is_some_and(|m| m.ends_with(words)), "{name} place {i}: {report}");
                continue;
            }
            assert_eq!(got, (want["type"].as_str(), want["message"].as_str()), "{name} place {i}: {report}");
        }
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} cases");
}

/// Each template needs a value it is not given (`PLANTED_HEAD`'s `key` has no
/// default), and has one planted mistake at the line marked `# <- part of its
/// message`; its text is `PLANTED_HEAD` then its body.
const PLANTED_HEAD: &str = "heat_template_version: 2021-04-16\nparameters:\n  key: {type: string}\n";
const PLANTED: &[(&str, &str)] = &[
    (
        "misspelled_property.yaml",
        "resources:
  server:
    type: OS::Nova::Server
    properties:
      key_name: {get_param: key}
      image: cirros
      flavor: m1.small
      netwroks: []  # <- netwroks
",
    ),
    (
        "literal_type.yaml",
        "resources:
  secret:
    type: OS::Heat::RandomString
    properties:
      salt: {get_param: key}
      length: twelve  # <- twelve
",
    ),
    (
        "missing_required.yaml",
        "resources:
  volume:
    type: OS::Cinder::VolumeAttachment
    properties:  # <- volume_id
      instance_uuid: {get_param: key}
      mountpoint: /dev/vdb
",
    ),
    (
        "undeclared_param.yaml",
        "resources:
  server:
    type: OS::Nova::Server
    properties:
      key_name: {get_param: key}
      image: {get_param: image}  # <- image
      flavor: m1.small
",
    ),
    (
        "bad_get_attr.yaml",
        "resources:
  secret:
    type: OS::Heat::RandomString
    properties: {salt: {get_param: key}}
outputs:
  value:
    value: {get_attr: [secrte, value]}  # <- secrte
",
    ),
    (
        "unknown_type.yaml",
        "resources:
  server:
    type: OS::Nova::Serverr  # <- OS::Nova::Serverr
    properties:
      key_name: {get_param: key}
",
    ),
    (
        "bad_condition.yaml",
        "resources:
  secret:
    type: OS::Heat::RandomString
    condition: is_prod  # <- is_prod
    properties: {salt: {get_param: key}}
",
    ),
    (
        "get_parm.yaml",
        "resources:
  secret:
    type: OS::Heat::RandomString
    properties:
      salt: {get_parm: key}  # <- get_parm
",
    ),
    (
        "nested.yaml",
        "resources:
  child:
    type: lib/child.yaml
    properties: {key: {get_param: key}}
",
    ),
    (
        "lib/child.yaml",
        "resources:
  secret:
    type: OS::Heat::RandomString
    properties:
      salt: {get_param: key}
      lenght: 8  # <- lenght
",
    ),
    (
        "plugin_check.yaml",
        "resources:
  secret:
    type: OS::Heat::RandomString
    properties:  # <- Length property cannot be smaller
      salt: {get_param: key}
      length: 4
      character_classes: [{class: digits, min: 3}]
      character_sequences: [{sequence: '!', min: 2}]
",
    ),
];

#[test]
fn planted_mistakes_are_each_found_at_their_line_without_values() {
    let planted_files: Vec<(&str, String)> =
        PLANTED.iter().map(|(file, body)| (*file, format!("{PLANTED_HEAD}{body}"))).collect();
    let files: Vec<(&str, &str)> = planted_files.iter().map(|(f, t)| (*f, t.as_str())).collect();
    let tree = Tree::new("planted", &files);
    let o = hotplate(&tree.0, &["check", "--format", "json", "."]);
    assert_eq!(o.status.code(), Some(1), "{}", String::from_utf8_lossy(&o.stderr));
    let report = json(&o);
    let results = report["templates"].as_array().unwrap();
    let mut planted = 0;
    for (file, text) in &files {
        let Some((line, code)) =
            text.lines().enumerate().find_map(|(i, l)| l.split_once("# <- ").map(|(_, c)| (i as u64 + 1, c)))
        else {
            continue;
        };
        planted += 1;
        // A provider's mistake is reported through its parent.
        let checked = if file.starts_with("lib/") { "nested.yaml" } else { file };
        let r = results.iter().find(|r| r["file"] == checked).unwrap_or_else(|| panic!("no result for {checked}"));
        assert_eq!(r["mode"], "without-values", "{r}");
        assert_eq!(r["status"], "error", "{file}: {r}");
        let diagnostics = r["diagnostics"].as_array().unwrap();
        let errors: Vec<&Json> = diagnostics.iter().filter(|d| d["severity"] == "error").collect();
        // The mistake, at its line, and nothing else: no value's absence is an error.
        assert_eq!(errors.len(), 1, "{file}: {errors:#?}");
        let d = errors[0];
        assert_eq!((d["file"].as_str(), d["line"].as_u64()), (Some(*file), Some(line)), "{file}: {d}");
        assert!(d["message"].as_str().is_some_and(|m| m.contains(code)), "{file}: {d}");
        // The value it was not given is listed once, as information.
        assert_eq!(r["unknowns"], serde_json::json!(["parameter key"]), "{file}: {r}");
        assert!(diagnostics.iter().any(|d| d["severity"] == "note" && d["code"] == "unknown-value"), "{file}: {r}");
    }
    assert_eq!(planted, 10);
}

#[test]
fn heat_release_from_the_config_or_the_command_line_answers() {
    // json_string exists from Heat 24.0.0: before, the constraint is not found
    // (the oracle's answer under 20.0.1, core/tests/data/releases/checks/json_string_20).
    let main = "heat_template_version: 2021-04-16\nparameters:\n  p: {type: string, default: '{}', constraints: [{custom_constraint: json_string}]}\n";
    let tree = Tree::new(
        "release",
        &[("main.yaml", main), (".hotplate.yaml", "heat_release: '20.0.1'\nchecks:\n  - files: main.yaml\n")],
    );
    let o = hotplate(&tree.0, &["check"]);
    let text = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{text}");
    assert!(text.contains("main.yaml [checks[0]]: 1 error (as openstack-heat 20.0.1)\n"), "{text}");
    assert!(text.contains("does not validate json_string (constraint not found)"), "{text}");
    // The command line's release over the file's.
    let o = hotplate(&tree.0, &["check", "--heat-release", "27.0.1"]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).contains("main.yaml [checks[0]]: ok\n"), "{}", stdout(&o));
}
