//! No input panics the loader or the evaluator.
//!
//! Properties, each over generated requests:
//! * `evaluate` returns (no panic), and so do `to_json` and rendering every diagnostic;
//! * every diagnostic span lies inside its source (`start <= end <= len`, both on
//!   char boundaries), the error's diagnostic included;
//! * the canonical result is valid JSON, and evaluating the same request twice gives
//!   the same JSON and the same diagnostics;
//! * no case runs longer than 30 s (then the process exits, printing the input).
//!
//! Inputs: arbitrary text; a template of our own with random edits; and HOT-like
//! documents built from a generator of snippets (intrinsic and condition functions
//! with plausible or random arguments) under every `heat_template_version`, with
//! environments, files and mocks, given as YAML text, JSON text or an object.
//!
//! `PROPTEST_CASES` sets the cases per property (default: a few dozen, about a
//! second in a debug build); `make fuzz` runs 20000. `PROPTEST_RNG_SEED` replays a run.

use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use hotplate_core::api::{evaluate, Document, Request};
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::{Config, RngSeed, TestCaseError, TestError, TestRunner};
use serde_json::{json, Map, Value as J};

// ---------------------------------------------------------------- the checks

/// Evaluate twice and check everything the properties promise.
/// Returns the error type of the result (`ok` when none) for the statistics.
fn check(req: &Request) -> Result<String, TestCaseError> {
    let first = evaluate(req);
    let text = first.result.to_json();
    for d in first.diagnostics.iter().chain(first.result.error.as_ref().map(|e| &e.diagnostic)) {
        if let Some(span) = d.span {
            let Some(src) = first.sources.get(span.source) else {
                return Err(TestCaseError::fail(format!("diagnostic {d:?} points to an unknown source")));
            };
            let (start, end, len) = (span.start as usize, span.end as usize, src.text.len());
            prop_assert!(start <= end && end <= len, "span {start}..{end} outside {} (len {len}): {d:?}", src.name);
            prop_assert!(
                src.text.is_char_boundary(start) && src.text.is_char_boundary(end),
                "span {start}..{end} splits a character of {}: {d:?}",
                src.name
            );
        }
        let _ = d.render(&first.sources);
    }
    if let Err(e) = serde_json::from_str::<J>(&text) {
        return Err(TestCaseError::fail(format!("the result is not JSON ({e}): {text}")));
    }
    let second = evaluate(req);
    prop_assert_eq!(&text, &second.result.to_json(), "not deterministic");
    prop_assert_eq!(&first.diagnostics, &second.diagnostics, "diagnostics not deterministic");
    Ok(first.result.error.map_or_else(|| "ok".to_string(), |e| e.kind))
}

/// Requests decoded from the JSON request format (as the CLI and the oracle get them).
fn json_request(raw: &J) -> Option<Request> {
    Request::from_json_value(raw).ok()
}

fn cases(default: u32) -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

/// Longest a case may take before the run counts as hung (a debug build on a busy machine).
const HANG: Duration = Duration::from_secs(30);

/// Ends the process, naming the input, when one case runs longer than `HANG`: a
/// hang is a failure too, and proptest cannot interrupt one.
struct Watchdog {
    state: Arc<Mutex<(Instant, String, bool)>>,
}

impl Watchdog {
    fn start(name: &str) -> Watchdog {
        let state = Arc::new(Mutex::new((Instant::now(), String::new(), false)));
        let shared = Arc::clone(&state);
        let name = name.to_string();
        std::thread::spawn(move || loop {
            std::thread::sleep(Duration::from_millis(500));
            let guard = shared.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
            let (since, input, done) = &*guard;
            if *done {
                return;
            }
            if since.elapsed() > HANG {
                eprintln!("property {name}: a case has run for over {HANG:?} (a hang?); its input:\n{input}");
                std::process::exit(3);
            }
        });
        Watchdog { state }
    }

    fn case(&self, input: &dyn std::fmt::Debug) {
        let mut guard = self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        *guard = (Instant::now(), format!("{input:#?}"), false);
    }

    fn stop(&self) {
        self.state.lock().unwrap_or_else(std::sync::PoisonError::into_inner).2 = true;
    }
}

/// Run one property; report its case count, executions and slowest case.
fn run<S: Strategy>(name: &str, default_cases: u32, strategy: S, to_request: impl Fn(S::Value) -> Option<Request>)
where
    S::Value: std::fmt::Debug,
{
    let mut config = Config { cases: cases(default_cases), failure_persistence: None, ..Config::default() };
    let seed = match config.rng_seed {
        RngSeed::Fixed(s) => s,
        RngSeed::Random => {
            let s =
                std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64);
            config.rng_seed = RngSeed::Fixed(s);
            s
        }
    };
    let n = config.cases;
    let mut runner = TestRunner::new(config);
    let slowest = Cell::new(Duration::ZERO);
    let executions = Cell::new(0u64);
    let outcomes = RefCell::new(BTreeMap::<String, u64>::new());
    let started = Instant::now();
    let watchdog = Watchdog::start(name);
    let outcome = runner.run(&strategy, |input| {
        watchdog.case(&input);
        let Some(req) = to_request(input) else { return Ok(()) };
        let t = Instant::now();
        let r = check(&req);
        executions.set(executions.get() + 2);
        slowest.set(slowest.get().max(t.elapsed()));
        let label = r.as_ref().map_or("FAILED", String::as_str);
        *outcomes.borrow_mut().entry(label.to_string()).or_default() += 1;
        r.map(drop)
    });
    watchdog.stop();
    let mut outcomes: Vec<(String, u64)> = outcomes.into_inner().into_iter().collect();
    outcomes.sort_by_key(|o| std::cmp::Reverse(o.1));
    let outcomes: Vec<String> = outcomes.iter().take(6).map(|(k, n)| format!("{k} {n}")).collect();
    eprintln!(
        "property {name}: {n} cases, {} evaluations (shrinking included), {:.1}s, slowest case {:.1} ms, seed {seed}\n    results: {}",
        executions.get(),
        started.elapsed().as_secs_f64(),
        slowest.get().as_secs_f64() * 1000.0,
        outcomes.join(", ")
    );
    match outcome {
        Ok(()) => {}
        Err(TestError::Fail(why, input)) => {
            panic!("property {name} failed (PROPTEST_RNG_SEED={seed}): {why}\nminimal input: {input:#?}")
        }
        Err(TestError::Abort(why)) => panic!("property {name} aborted (PROPTEST_RNG_SEED={seed}): {why}"),
    }
}

// ---------------------------------------------------------------- vocabulary

const VERSIONS: &[&str] = &[
    "2013-05-23",
    "2014-10-16",
    "2015-04-30",
    "2015-10-15",
    "2016-04-08",
    "2016-10-14",
    "2017-02-24",
    "2017-09-01",
    "2018-03-02",
    "2018-08-31",
    "2021-04-16",
    "newton",
    "ocata",
    "pike",
    "queens",
    "rocky",
    "wallaby",
];
const BAD_VERSIONS: &[&str] = &["2012-12-12", "Rocky", "", "2018-08-31 "];

const FUNCTIONS: &[&str] = &[
    "get_param",
    "get_attr",
    "get_resource",
    "get_file",
    "resource_facade",
    "str_replace",
    "str_replace_strict",
    "str_replace_vstrict",
    "list_join",
    "repeat",
    "digest",
    "str_split",
    "map_merge",
    "map_replace",
    "yaql",
    "equals",
    "if",
    "not",
    "and",
    "or",
    "contains",
    "filter",
    "make_url",
    "list_concat",
    "list_concat_unique",
    "condition",
    "Fn::Select",
    "Fn::Join",
    "Fn::Split",
    "Fn::Replace",
    "Fn::Base64",
    "Fn::GetAZs",
    "Fn::GetAtt",
    "Fn::MemberListToMap",
    "Fn::ResourceFacade",
    "Fn::FindInMap",
    "Fn::Equals",
    "Fn::If",
    "Fn::Not",
    "Ref",
];

/// Parameters the generated templates declare.
const DECLARED: &[&str] = &["p_str", "p_num", "p_list", "p_json", "p_bool"];
/// Names `get_param` asks for.
const PARAMS: &[&str] = &["p_str", "p_num", "p_list", "p_json", "p_bool", "OS::stack_name", "OS::stack_id", "nope"];
const RESOURCES: &[&str] = &["r1", "r2", "r3", "missing"];
const CONDITIONS: &[&str] = &["c1", "c2", "c3", "unknown_cond"];
const FILES: &[&str] = &["f.txt", "nested.yaml", "env.yaml", "absent.txt", "files/boot.sh"];
const TYPES: &[&str] = &[
    "OS::Heat::None",
    "OS::Heat::RandomString",
    "OS::Heat::ResourceGroup",
    "OS::Heat::SoftwareDeployment",
    "OS::Heat::Value",
    "OS::Nova::Server",
    "OS::Neutron::Port",
    "OS::Cinder::Volume",
    "OS::Sahara::Cluster",
    "AWS::EC2::Instance",
    "OS::Quantum::Net",
    "OS::No::Such",
    "nested.yaml",
    "My::Mapped",
    "",
];
const WORDS: &[&str] = &[
    "",
    " ",
    "a",
    "x,y,z",
    "a, b ,c",
    "%x%",
    "<%x%>",
    "$x",
    "show",
    "name",
    "first_address",
    "0",
    "-1",
    "1",
    "md5",
    "sha1",
    "sha256",
    "sha512",
    "sha3_256",
    "blake2b",
    "yes",
    "off",
    "0o17",
    "017",
    "1e3",
    "0x1F",
    ".inf",
    "~",
    "null",
    "true",
    "2001-12-14",
    "1:30",
    "{\"a\": [1, 2.5]}",
    "[1, 2]",
    "$.data",
    "$.data.l.select($ * 2)",
    "$.data.where($ > 1).len()",
    "let(a => 1) -> $a",
    "$.data.keys().join(',')",
    "list($.data)",
    "dict(a=>1)",
    "$.data[0]",
    "'x' * 3",
    "$.nope.nope",
    "(((",
    "[] * 99999999999",
    "'x' * 1000000000",
    "range(1000000000).len()",
    "sequence().where($ < 0).first()",
    "Delete",
    "Retain",
    "Snapshot",
    "http",
    "https",
    "example.org",
    "::1",
    "héllo wörld",
    "😀",
    "\u{0}",
    "tab\there",
    "line\nbreak",
];
const KEYS: &[&str] = &[
    "template",
    "params",
    "for_each",
    "permutations",
    "expression",
    "data",
    "keys",
    "values",
    "scheme",
    "host",
    "port",
    "path",
    "query",
    "fragment",
    "username",
    "password",
    "a",
    "b",
    "k1",
    "<%x%>",
    "%y%",
    "0",
];

// ---------------------------------------------------------------- generators

fn word() -> impl Strategy<Value = String> {
    select(WORDS).prop_map(str::to_string)
}

fn pick(list: &'static [&'static str]) -> impl Strategy<Value = J> {
    select(list).prop_map(|s| J::String(s.to_string()))
}

fn scalar() -> BoxedStrategy<J> {
    prop_oneof![
        2 => Just(J::Null),
        2 => any::<bool>().prop_map(J::Bool),
        4 => (-5i64..10).prop_map(J::from),
        1 => any::<i64>().prop_map(J::from),
        1 => any::<u64>().prop_map(J::from),
        2 => prop::num::f64::NORMAL.prop_map(|f| json!(f)),
        1 => Just(json!(1.5)),
        6 => word().prop_map(J::String),
        2 => pick(PARAMS),
        2 => pick(RESOURCES),
        1 => pick(CONDITIONS),
        1 => pick(FILES),
        2 => "[a-z%<>$_ .,:-]{0,10}".prop_map(J::String),
        1 => any::<String>().prop_map(J::String),
    ]
    .boxed()
}

fn object(entries: Vec<(String, J)>) -> J {
    J::Object(entries.into_iter().collect::<Map<String, J>>())
}

fn call(name: &str, args: J) -> J {
    let mut m = Map::new();
    m.insert(name.to_string(), args);
    J::Object(m)
}

/// A HOT-like value: scalars, lists, maps, and function calls with plausible or random arguments.
fn tree() -> BoxedStrategy<J> {
    scalar()
        .prop_recursive(4, 48, 5, |inner| {
            let i = || inner.clone();
            let list = prop::collection::vec(inner.clone(), 0..4).prop_map(J::Array);
            let map =
                prop::collection::vec((select(KEYS).prop_map(str::to_string), inner.clone()), 0..4).prop_map(object);
            prop_oneof![
                3 => list.clone(),
                3 => map.clone(),
                // Any function with any argument.
                4 => (select(FUNCTIONS), prop_oneof![i(), list.clone(), map.clone()])
                    .prop_map(|(f, a)| call(f, a)),
                // Plausible calls.
                2 => (pick(PARAMS), prop::collection::vec(prop_oneof![pick(WORDS), (0i64..3).prop_map(J::from)], 0..3))
                    .prop_map(|(p, path)| if path.is_empty() { call("get_param", p) } else {
                        let mut l = vec![p];
                        l.extend(path);
                        call("get_param", J::Array(l))
                    }),
                2 => (pick(RESOURCES), pick(WORDS), prop::collection::vec(i(), 0..2)).prop_map(|(r, a, path)| {
                    let mut l = vec![r, a];
                    l.extend(path);
                    call("get_attr", J::Array(l))
                }),
                1 => pick(RESOURCES).prop_map(|r| call("get_resource", r)),
                1 => pick(FILES).prop_map(|f| call("get_file", f)),
                2 => (select(vec!["str_replace", "str_replace_strict", "str_replace_vstrict"]), i(),
                      prop::collection::vec((word(), i()), 0..3))
                    .prop_map(|(f, t, p)| call(f, json!({"template": t, "params": object(p)}))),
                2 => (i(), prop::collection::vec(i(), 0..4))
                    .prop_map(|(sep, l)| call("list_join", json!([sep, l]))),
                2 => (prop::collection::vec((select(vec!["<%x%>", "%y%", "$z"]).prop_map(str::to_string), i()), 0..3),
                      i(), prop::option::of(any::<bool>()))
                    .prop_map(|(each, t, perm)| {
                        let mut m = json!({"for_each": object(each), "template": t});
                        if let Some(p) = perm { m["permutations"] = J::Bool(p); }
                        call("repeat", m)
                    }),
                1 => (pick(WORDS), i()).prop_map(|(alg, v)| call("digest", json!([alg, v]))),
                1 => (i(), i(), prop::option::of(i())).prop_map(|(sep, s, n)| match n {
                    Some(n) => call("str_split", json!([sep, s, n])),
                    None => call("str_split", json!([sep, s])),
                }),
                1 => prop::collection::vec(map.clone(), 0..3).prop_map(|l| call("map_merge", J::Array(l))),
                1 => (map.clone(), map.clone(), map.clone())
                    .prop_map(|(m, k, v)| call("map_replace", json!([m, {"keys": k, "values": v}]))),
                2 => (pick(WORDS), i()).prop_map(|(e, d)| call("yaql", json!({"expression": e, "data": d}))),
                2 => (prop_oneof![pick(CONDITIONS), any::<bool>().prop_map(J::Bool), i()], i(), prop::option::of(i()))
                    .prop_map(|(c, a, b)| match b {
                        Some(b) => call("if", json!([c, a, b])),
                        None => call("if", json!([c, a])),
                    }),
                2 => (i(), i()).prop_map(|(a, b)| call("equals", json!([a, b]))),
                1 => i().prop_map(|a| call("not", a)),
                1 => (select(vec!["and", "or"]), prop::collection::vec(i(), 0..4))
                    .prop_map(|(f, l)| call(f, J::Array(l))),
                1 => (i(), i()).prop_map(|(a, b)| call("contains", json!([a, b]))),
                1 => (i(), i()).prop_map(|(a, b)| call("filter", json!([a, b]))),
                1 => map.clone().prop_map(|m| call("make_url", m)),
                1 => (select(vec!["list_concat", "list_concat_unique"]), prop::collection::vec(list.clone(), 0..3))
                    .prop_map(|(f, l)| call(f, J::Array(l))),
                1 => (i(), i()).prop_map(|(n, l)| call("Fn::Select", json!([n, l]))),
                1 => pick(WORDS).prop_map(|w| call("resource_facade", w)),
            ]
        })
        .boxed()
}

/// Mostly valid versions, sometimes not.
fn version() -> impl Strategy<Value = J> {
    prop_oneof![20 => pick(VERSIONS), 1 => pick(BAD_VERSIONS), 1 => tree()]
}

fn param_decl() -> impl Strategy<Value = J> {
    let constraint = prop_oneof![
        prop::collection::vec(scalar(), 0..3).prop_map(|l| json!({"allowed_values": l})),
        (scalar(), scalar()).prop_map(|(a, b)| json!({"length": {"min": a, "max": b}})),
        (scalar(), scalar()).prop_map(|(a, b)| json!({"range": {"min": a, "max": b}})),
        (scalar(), scalar()).prop_map(|(a, b)| json!({"modulo": {"step": a, "offset": b}})),
        word().prop_map(|p| json!({"allowed_pattern": p, "description": "pattern"})),
        select(vec!["nova.flavor", "glance.image", "no.such"]).prop_map(|c| json!({"custom_constraint": c})),
        tree(),
    ];
    (
        prop_oneof![10 => pick(&["string", "number", "comma_delimited_list", "json", "boolean"]), 1 => pick(&["float", ""])],
        prop::option::of(prop_oneof![3 => scalar(), 1 => tree()]),
        prop::option::weighted(0.3, prop::collection::vec(constraint, 1..3)).prop_map(Option::unwrap_or_default),
        prop::option::weighted(0.2, any::<bool>()),
        prop::option::weighted(0.1, tree()),
    )
        .prop_map(|(ty, default, constraints, hidden, extra)| {
            let mut m = json!({"type": ty});
            if let Some(d) = default {
                m["default"] = d;
            }
            if !constraints.is_empty() {
                m["constraints"] = J::Array(constraints);
            }
            if let Some(h) = hidden {
                m["hidden"] = J::Bool(h);
            }
            if let Some(x) = extra {
                m["label"] = x;
            }
            m
        })
}

fn resource() -> impl Strategy<Value = J> {
    (
        pick(TYPES),
        prop::option::weighted(0.8, prop::collection::vec((word(), tree()), 0..4).prop_map(object)),
        prop::option::weighted(
            0.3,
            prop_oneof![pick(RESOURCES), prop::collection::vec(pick(RESOURCES), 0..3).prop_map(J::Array)],
        ),
        prop::option::weighted(
            0.3,
            prop_oneof![4 => pick(CONDITIONS), 1 => any::<bool>().prop_map(J::Bool), 1 => tree()],
        ),
        prop::option::weighted(0.2, tree()),
        prop::option::weighted(0.2, prop_oneof![4 => pick(&["Delete", "Retain", "Snapshot", "delete"]), 1 => tree()]),
        prop::option::weighted(0.1, tree()),
        prop::option::weighted(0.1, tree()),
    )
        .prop_map(|(ty, props, deps, cond, meta, del, upd, ext)| {
            let mut m = json!({"type": ty});
            let mut set = |k: &str, v: Option<J>| {
                if let Some(v) = v {
                    m[k] = v;
                }
            };
            set("properties", props);
            set("depends_on", deps);
            set("condition", cond);
            set("metadata", meta);
            set("deletion_policy", del);
            set("update_policy", upd);
            set("external_id", ext);
            m
        })
}

fn section<S: Strategy<Value = J>>(names: &'static [&'static str], item: S) -> impl Strategy<Value = J> {
    prop::collection::vec((select(names), item), 0..names.len().min(4))
        .prop_map(|l| object(l.into_iter().map(|(k, v)| (k.to_string(), v)).collect()))
}

/// A whole template as a JSON value.
fn template() -> impl Strategy<Value = J> {
    (
        version(),
        prop::option::of(section(DECLARED, param_decl())),
        prop::option::of(section(CONDITIONS, tree())),
        prop::option::of(section(RESOURCES, resource())),
        prop::option::of(section(
            &["o1", "o2"],
            (tree(), prop::option::of(pick(CONDITIONS))).prop_map(|(v, c)| {
                let mut m = json!({"value": v, "description": "an output"});
                if let Some(c) = c {
                    m["condition"] = c;
                }
                m
            }),
        )),
        prop::option::weighted(0.05, tree()),
        prop::option::weighted(0.2, prop::collection::vec(prop::collection::vec(pick(PARAMS), 0..3), 0..2)),
    )
        .prop_map(|(version, params, conds, res, outs, junk, groups)| {
            let mut m = Map::new();
            m.insert("heat_template_version".into(), version);
            m.insert("description".into(), json!("generated"));
            for (k, v) in [("parameters", params), ("conditions", conds), ("resources", res), ("outputs", outs)] {
                if let Some(v) = v {
                    m.insert(k.into(), v);
                }
            }
            if let Some(g) = groups {
                let groups: Vec<J> = g.into_iter().map(|p| json!({"label": "g", "parameters": p})).collect();
                m.insert("parameter_groups".into(), J::Array(groups));
            }
            if let Some(j) = junk {
                m.insert("extra_section".into(), j);
            }
            J::Object(m)
        })
}

fn environment() -> impl Strategy<Value = J> {
    (
        prop::option::weighted(0.3, section(DECLARED, prop_oneof![3 => scalar(), 1 => tree()])),
        prop::option::of(section(DECLARED, prop_oneof![3 => scalar(), 1 => tree()])),
        prop::option::weighted(
            0.3,
            section(&["p_str", "p_list", "p_json", "default"], pick(&["overwrite", "merge", "deep_merge", "bogus"])),
        ),
        prop::option::weighted(
            0.3,
            section(&["My::Mapped", "OS::Heat::None", "r1"], prop_oneof![4 => pick(TYPES), 1 => tree()]),
        ),
        prop::option::weighted(0.05, tree()),
    )
        .prop_map(|(params, defaults, strategies, registry, junk)| {
            let mut m = Map::new();
            for (k, v) in [
                ("parameters", params),
                ("parameter_defaults", defaults),
                ("parameter_merge_strategies", strategies),
                ("resource_registry", registry),
                ("event_sinks", junk),
            ] {
                if let Some(v) = v {
                    m.insert(k.into(), v);
                }
            }
            J::Object(m)
        })
}

/// How a document travels: an object, JSON text, or YAML text (block or flow).
#[derive(Clone, Copy, Debug)]
enum Form {
    Object,
    Json,
    Block,
    Flow,
}

fn form() -> impl Strategy<Value = Form> {
    prop_oneof![1 => Just(Form::Object), 1 => Just(Form::Json), 2 => Just(Form::Block), 1 => Just(Form::Flow)]
}

fn encode(v: &J, form: Form) -> J {
    match form {
        Form::Object => v.clone(),
        Form::Json => J::String(v.to_string()),
        Form::Block => J::String(yaml::block(v)),
        Form::Flow => J::String(yaml::flow_document(v)),
    }
}

/// A full request in the oracle's JSON format.
fn request() -> impl Strategy<Value = J> {
    (
        (template(), form()),
        prop::option::of((environment(), form())),
        prop::collection::vec((environment(), form()), 0..3),
        prop::option::weighted(0.2, section(DECLARED, scalar())),
        prop::option::of(section(RESOURCES, section(&["show", "name", "first_address", "0"], tree()))),
        prop::option::of(section(RESOURCES, scalar())),
        (tree(), form()),
    )
        .prop_map(|((t, tf), env, env_files, params, attrs, refs, (file, ff))| {
            let mut files = Map::new();
            files.insert("f.txt".into(), json!("file content\n"));
            files.insert("files/boot.sh".into(), json!("#!/bin/sh\necho $x\n"));
            files.insert(
                "nested.yaml".into(),
                encode(
                    &file,
                    match ff {
                        Form::Object => Form::Json,
                        other => other,
                    },
                ),
            );
            let mut names = Vec::new();
            for (i, (e, f)) in env_files.iter().enumerate() {
                let name = format!("env{i}.yaml");
                let text = match encode(e, *f) {
                    J::String(s) => J::String(s),
                    other => J::String(other.to_string()),
                };
                files.insert(name.clone(), text);
                names.push(J::String(name));
            }
            let mut req = json!({"stack_name": "fuzz", "template": encode(&t, tf), "files": files});
            if let Some((e, f)) = env {
                req["environment"] = encode(&e, f);
            }
            if !names.is_empty() {
                req["environment_files"] = J::Array(names);
            }
            if let Some(p) = params {
                req["parameters"] = p;
            }
            let mut play = Map::new();
            if let Some(a) = attrs {
                play.insert("attributes".into(), a);
            }
            if let Some(r) = refs {
                play.insert("reference_ids".into(), r);
            }
            if !play.is_empty() {
                req["x-playground"] = J::Object(play);
            }
            req
        })
}

/// YAML emitters for generated documents (plain scalars where that is safe).
mod yaml {
    use serde_json::Value as J;

    fn plain_ok(s: &str) -> bool {
        !s.is_empty()
            && s.chars().all(|c| c.is_ascii_alphanumeric() || "_.%<>/$-".contains(c))
            && !s.starts_with(['-', '%', '<', '>', '$'])
    }

    /// A scalar, plain when safe (so YAML 1.1 resolution applies), else double-quoted.
    fn scalar(v: &J) -> String {
        match v {
            J::String(s) if plain_ok(s) => s.clone(),
            other => other.to_string(),
        }
    }

    pub fn flow(v: &J) -> String {
        match v {
            J::Array(l) => format!("[{}]", l.iter().map(flow).collect::<Vec<_>>().join(", ")),
            J::Object(m) => {
                let items: Vec<String> =
                    m.iter().map(|(k, x)| format!("{}: {}", scalar(&J::String(k.clone())), flow(x))).collect();
                format!("{{{}}}", items.join(", "))
            }
            other => scalar(other),
        }
    }

    pub fn flow_document(v: &J) -> String {
        flow(v) + "\n"
    }

    fn nonempty(v: &J) -> bool {
        matches!(v, J::Array(l) if !l.is_empty()) || matches!(v, J::Object(m) if !m.is_empty())
    }

    fn block_into(v: &J, indent: usize, out: &mut String) {
        let pad = " ".repeat(indent);
        match v {
            J::Object(m) if !m.is_empty() => {
                for (k, x) in m {
                    out.push_str(&format!("{pad}{}:", scalar(&J::String(k.clone()))));
                    if nonempty(x) {
                        out.push('\n');
                        block_into(x, indent + 2, out);
                    } else {
                        out.push_str(&format!(" {}\n", flow(x)));
                    }
                }
            }
            J::Array(l) if !l.is_empty() => {
                for x in l {
                    if nonempty(x) {
                        out.push_str(&format!("{pad}-\n"));
                        block_into(x, indent + 2, out);
                    } else {
                        out.push_str(&format!("{pad}- {}\n", flow(x)));
                    }
                }
            }
            other => out.push_str(&format!("{pad}{}\n", flow(other))),
        }
    }

    pub fn block(v: &J) -> String {
        let mut out = String::new();
        block_into(v, 0, &mut out);
        out
    }
}

/// A template of our own, for random edits.
const BASE: &str = "heat_template_version: 2021-04-16
description: >
  base for edits
parameters:
  size: {type: number, default: 2, constraints: [{range: {min: 1, max: 5}}]}
  names: {type: comma_delimited_list, default: 'a,b'}
  cfg:
    type: json
    default: {k: [1, 2.5, yes, 0o17, 1:30]}
conditions:
  big: {equals: [{get_param: size}, 5]}
  small: {not: big}
resources:
  box: &box
    type: OS::Heat::None
    properties:
      joined: {list_join: [',', {get_param: names}]}
      rep: {repeat: {for_each: {'%n%': {get_param: names}}, template: 'x-%n%'}}
      sel: {if: [big, {get_param: [cfg, k, 0]}, {get_file: f.txt}]}
      y: {yaql: {expression: '$.data.select($ * 2)', data: [1, 2]}}
      \"quoted \\u00e9\": |
        literal
        block
  other:
    <<: *box
    depends_on: [box]
    condition: small
outputs:
  o: {value: {get_attr: [box, show]}}
  r: {value: {str_replace: {template: 'a-b', params: {a: {get_resource: other}}}}}
";

/// Random edits of `BASE`: insert, delete or replace characters.
fn edited() -> impl Strategy<Value = String> {
    let edit = (
        any::<prop::sample::Index>(),
        0usize..4,
        prop_oneof![
            Just(String::new()),
            select(vec![
                ":",
                " ",
                "\n",
                "  ",
                "- ",
                "{",
                "}",
                "[",
                "]",
                "&a",
                "*a",
                "!!str ",
                "!!binary ",
                "'",
                "\"",
                "#",
                "\t",
                "\u{feff}",
                "é",
                "%",
                "<<: *box\n"
            ])
            .prop_map(str::to_string),
            any::<char>().prop_map(String::from),
        ],
    );
    prop::collection::vec(edit, 1..6).prop_map(|edits| {
        let mut s = BASE.to_string();
        for (at, del, ins) in edits {
            let bounds: Vec<usize> = s.char_indices().map(|(i, _)| i).chain([s.len()]).collect();
            let start_i = at.index(bounds.len());
            let end_i = (start_i + del).min(bounds.len() - 1);
            s.replace_range(bounds[start_i]..bounds[end_i], &ins);
        }
        s
    })
}

// ---------------------------------------------------------------- properties

#[test]
fn arbitrary_text_never_panics() {
    run("arbitrary_text", 48, any::<String>(), |s| Some(Request::new(s)));
}

#[test]
fn arbitrary_text_after_a_version_never_panics() {
    let strategy = (select(VERSIONS), "(.|\n){0,200}");
    run("text_after_version", 48, strategy, |(v, body)| {
        Some(Request::new(format!("heat_template_version: {v}\n{body}")))
    });
}

#[test]
fn yaml_with_structure_never_panics() {
    // Lines of YAML-ish tokens: indentation, keys, dashes, anchors, flow brackets.
    let line = prop::collection::vec(
        select(vec![
            " ",
            "  ",
            "- ",
            "a: ",
            "? ",
            ": ",
            "{",
            "}",
            "[",
            "]",
            ",",
            "&x ",
            "*x",
            "<<: ",
            "!!map ",
            "'q'",
            "\"d\"",
            "|",
            ">",
            "#c",
            "get_param: ",
            "yes",
            "1e3",
            "~",
        ]),
        0..8,
    )
    .prop_map(|l| l.concat());
    let strategy = (select(VERSIONS), prop::collection::vec(line, 0..12));
    run("yaml_structure", 48, strategy, |(v, lines)| {
        Some(Request::new(format!("heat_template_version: {v}\nresources:\n{}\n", lines.join("\n"))))
    });
}

#[test]
fn edited_template_never_panics() {
    run("edited_template", 48, edited(), |s| Some(Request::new(s)));
}

#[test]
fn generated_requests_never_panic() {
    run("generated_requests", 64, request(), |raw| json_request(&raw));
}

#[test]
fn snippets_across_versions_never_panic() {
    // One generated snippet as a resource property and as an output, under a
    // random version, with well-formed parameters: most cases reach the functions.
    let strategy = (pick(VERSIONS), tree(), tree(), prop::option::of(tree()), form());
    run("snippets", 96, strategy, |(v, prop_value, output, cond, f)| {
        let mut t = json!({
            "heat_template_version": v,
            "parameters": {
                "p_str": {"type": "string", "default": "a,b"},
                "p_num": {"type": "number", "default": 2},
                "p_list": {"type": "comma_delimited_list", "default": "x,y"},
                "p_json": {"type": "json", "default": {"k": [1, 2.5, "s"]}},
                "p_bool": {"type": "boolean", "default": true},
            },
            "conditions": {"c1": true, "c2": {"equals": [{"get_param": "p_num"}, 2]}},
            "resources": {
                "r1": {"type": "OS::Heat::Value", "properties": {"value": prop_value}},
                "r2": {"type": "OS::Nova::Server", "properties": {"name": "n"}},
            },
            "outputs": {"o1": {"value": output}},
        });
        if let Some(c) = cond {
            t["conditions"]["c3"] = c;
        }
        let mut raw = json!({"template": encode(&t, f), "files": {"f.txt": "text", "files/boot.sh": "echo $x"}});
        raw["x-playground"] = json!({"attributes": {"r2": {"first_address": "10.0.0.1", "show": {"a": [1, 2]}}}});
        json_request(&raw)
    });
}

#[test]
fn generated_templates_as_text_never_panic() {
    // The same documents straight as template text, without an environment.
    run("generated_templates", 48, (template(), form()), |(t, f)| match encode(&t, f) {
        J::String(s) => Some(Request::new(s)),
        other => {
            let mut req = Request::new(String::new());
            req.template = Document::Value(hotplate_core::api::json_to_value(&other));
            Some(req)
        }
    });
}

#[test]
fn the_base_template_loads() {
    // The edits start from a template that loads: otherwise they would test only the error path.
    let mut req = Request::new(BASE.to_string());
    req.inputs.files.insert("f.txt".into(), Some("text".into()));
    let ev = evaluate(&req);
    let kind = ev.result.error.as_ref().map(|e| e.kind.as_str());
    assert_ne!(kind, Some("HTTPBadRequest"), "BASE does not load: {:?}", ev.result.error);
}
