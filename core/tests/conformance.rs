//! Conformance ratchet over the shared corpus and the oracle's examples.
//!
//! Every case `NAME.json` of `../shared/conformance/corpus-full` (relative to the
//! workspace root) is evaluated in-process, exactly as `hotplate eval NAME.json`
//! would, and compared with `NAME.expected.json` the way
//! `../shared/oracle/compare.py --loose-messages` compares: JSON types must match
//! (`1` is not `1.0`), object key order is ignored, list order matters, the
//! error's type and path must match but its message may differ.
//!
//! The test fails when a case fails that is not listed in
//! `conformance-known-failures.txt`, and when a listed case passes (then remove it
//! from the list: the ratchet only turns one way). The corpus holds the oracle's
//! full-mode expectations (real plugin classes, nested stacks); the hot-mode
//! corpus and examples left the ratchet with it (the product has one behaviour).
//!
//! Where `../shared` is absent (a bare clone) both tests say so and pass, unless
//! `HOTPLATE_REQUIRE_SHARED=1` (CI sets it). `HOTPLATE_CASE=SUBSTRING` runs only
//! the matching cases and prints their differences.

use std::collections::{BTreeMap, BTreeSet};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};

use hotplate_core::api::{evaluate, plan, validate, Format, PlanRequest, Request, ValidateRequest};

#[test]
fn corpus_ratchet() {
    ratchet(Suite {
        title: "conformance corpus-full (--loose-messages)",
        dir: "conformance/corpus-full",
        known: Some(("conformance-known-failures.txt", include_str!("conformance-known-failures.txt"))),
        loose: true,
        run: evaluate_json,
        release: None,
    });
}

/// The update-preview corpus, as `hotplate plan NAME.json` answers it, with
/// exact messages.
#[test]
fn preview_ratchet() {
    ratchet(Suite {
        title: "conformance preview",
        dir: "conformance/preview",
        known: Some(("preview-known-failures.txt", include_str!("preview-known-failures.txt"))),
        loose: false,
        run: plan_json,
        release: None,
    });
}

/// The template-validate corpus, as `hotplate validate NAME.json` answers it,
/// with exact messages.
#[test]
fn validate_ratchet() {
    ratchet(Suite {
        title: "conformance validate",
        dir: "conformance/validate",
        known: Some(("validate-known-failures.txt", include_str!("validate-known-failures.txt"))),
        loose: false,
        run: validate_json,
        release: None,
    });
}

/// Where a release's answers that differ from 27.0.1's are: the reference's
/// (`../shared/conformance/releases/<release>`, requests and answers) for the
/// releases it publishes; `core/tests/data/releases/<release>` (the oracle's
/// answers, made as the reference's are: `gen_releases.py run/store`, the
/// answers kept, the requests being the corpus's with `x-heat-release`) for
/// the others.
fn release_answers(release: &str) -> PathBuf {
    let ours = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/releases").join(release);
    if ours.is_dir() {
        ours
    } else {
        shared_dir().join("conformance/releases").join(release)
    }
}

/// Heat's checks that changed between releases, one small case each, with
/// the oracle's answer under the release the request names
/// (`core/tests/data/releases/checks`, made with each release's venv:
/// `heat_oracle.py NAME.json > NAME.expected.json`): every one must pass.
#[test]
fn release_checks() {
    every_case_exact("tests/data/releases/checks", 15);
}

/// The deploy-time corpus: Heat's answers before creation, exact (the
/// deploy-time treatment never touches the canonical result).
#[test]
fn deploy_time_ratchet() {
    ratchet(Suite {
        title: "conformance deploy-time",
        dir: "conformance/deploy-time",
        known: None,
        loose: false,
        run: evaluate_json,
        release: None,
    });
}

/// Heat's errors that only deploy-time values cause are checked at deploy
/// time, the others stay errors: each error place of `NAME.expected.json`
/// that `NAME.deployed.expected.json` lacks (the oracle's answer once every
/// attribute has a value) is in `Evaluation::deploy_time`, each one both have
/// is not, and the verdict (`Evaluation::fails`) is an error exactly when a
/// real place exists; the overclouds' (`scale`) too: their 3
/// `AllNodesDeploySteps` places are real through a chain of what Heat
/// computes once created (`Networks` fails, so its attributes are null,
/// `NetCidrMapValue` lacks the networks, a service's `repeat` over
/// `ServiceData.net_cidr_map.<net>` fails its role's stack, whose role data
/// is then null: `engine::nested::created`).
#[test]
fn deploy_time_verdicts() {
    let parts = Path::new(env!("CARGO_MANIFEST_DIR")).join(PARTS);
    let shared =
        ["conformance/deploy-time", "conformance/corpus-full", "conformance/scale"].map(|d| shared_dir().join(d));
    let [deploy_time, corpus_full, scale] = shared;
    for dir in [parts, deploy_time, corpus_full, scale] {
        if !dir.is_dir() {
            let require = std::env::var("HOTPLATE_REQUIRE_SHARED").is_ok_and(|v| v == "1");
            assert!(!require, "HOTPLATE_REQUIRE_SHARED=1 but {} is absent", dir.display());
            eprintln!("skipped deploy-time verdicts: {} is absent", dir.display());
            continue;
        }
        let mut problems = Vec::new();
        let (mut artifacts, mut reals) = (0, 0);
        for name in list_cases(&dir) {
            let read = |file: String| std::fs::read_to_string(dir.join(file)).unwrap_or_default();
            let deployed = read(format!("{name}.deployed.expected.json"));
            if deployed.is_empty() {
                continue;
            }
            let places =
                |text: &str| hotplate_core::api::json_loads(text).map(|v| error_places(&v, "")).unwrap_or_default();
            let (plain, deployed) = (places(&read(format!("{name}.expected.json"))), places(&deployed));
            let Ok(req) = Request::from_json(&read(format!("{name}.json"))) else { continue };
            let ev = evaluate(&req);
            let ours = |(stack, output): &(String, Option<String>)| {
                ev.deploy_time.iter().any(|d| d.stack == *stack && d.output == *output)
            };
            let real = plain.iter().any(|p| deployed.contains(p));
            for place in &plain {
                if deployed.contains(place) {
                    reals += 1;
                    if ours(place) {
                        problems.push(format!("{name}: real error {place:?} is checked at deploy time"));
                    }
                } else {
                    artifacts += 1;
                    if !ours(place) {
                        problems.push(format!("{name}: {place:?} depends on deploy-time values, still an error"));
                    }
                }
            }
            if ev.fails() != real {
                problems.push(format!("{name}: verdict {} where the oracle says {}", ev.fails(), real));
            }
        }
        eprintln!("{}: {artifacts} artifact places, {reals} real", dir.display());
        assert!(problems.is_empty(), "{} problem(s):\n{}", problems.len(), problems.join("\n"));
    }
}

/// Values unknown in part and what Heat computes once created
/// (`core/tests/data/deploy-time-parts`, the oracle's answers): a json
/// parameter's known parts stay known beside a deploy-time leaf; Values,
/// nested outputs and failed nested stacks' null attributes flow on.
const PARTS: &str = "tests/data/deploy-time-parts";

/// [`PARTS`]: Heat's answers before creation, exact.
#[test]
fn deploy_time_parts_ratchet() {
    every_case_exact(PARTS, 9);
}

/// Every case of a folder of the repository (at least `at_least` of them)
/// gets the oracle's answer exactly.
fn every_case_exact(folder: &str, at_least: usize) {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(folder);
    let cases = list_cases(&dir);
    assert!(cases.len() >= at_least, "{} cases in {}", cases.len(), dir.display());
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|name| {
            check_case(&dir, name, false, evaluate_json, None).err().map(|why| format!("FAIL {name}{}", indent(&why)))
        })
        .collect();
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The error places of a result as `deploy_time_check.py` names them: the
/// nested stack (names joined by `/`), and the output, if it is an output's.
fn error_places(r: &hotplate_core::api::Value, at: &str) -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    let Some(m) = r.as_map() else { return out };
    if m.get_str("error").is_some_and(|e| !e.is_null()) {
        out.push((at.to_string(), None));
    }
    for (name, o) in m.get_str("outputs").and_then(|o| o.as_map()).into_iter().flat_map(|o| o.iter()) {
        if o.as_map().and_then(|o| o.get_str("error")).is_some_and(|e| !e.is_null()) {
            out.push((at.to_string(), name.as_str().map(str::to_string)));
        }
    }
    for (name, sub) in m.get_str("nested").and_then(|n| n.as_map()).into_iter().flat_map(|n| n.iter()) {
        let name = name.as_str().unwrap_or_default();
        let path = if at.is_empty() { name.to_string() } else { format!("{at}/{name}") };
        out.extend(error_places(sub, &path));
    }
    out
}

/// Every public corpus (corpus-full, plugin-checks, preview, validate,
/// scale) under the two older releases the reference publishes and one it
/// does not (20.0.1, issue 37): each request with `"x-heat-release"` set,
/// compared with the release's answer where it differs from 27.0.1's
/// ([`release_answers`]), else with the corpus's own (27.0.1's, the same
/// answer). The known failures are 27.0.1's lists (a case listed there may
/// pass under a release); every other case must pass.
#[test]
fn releases_ratchet() {
    type Run = fn(&str) -> Result<String, String>;
    type Known = Option<(&'static str, &'static str)>;
    let corpora: [(&str, Known, bool, Run); 5] = [
        (
            "corpus-full",
            Some(("conformance-known-failures.txt", include_str!("conformance-known-failures.txt"))),
            true,
            evaluate_json,
        ),
        (
            "plugin-checks",
            Some(("plugin-checks-known-failures.txt", include_str!("plugin-checks-known-failures.txt"))),
            false,
            evaluate_json,
        ),
        ("preview", Some(("preview-known-failures.txt", include_str!("preview-known-failures.txt"))), false, plan_json),
        (
            "validate",
            Some(("validate-known-failures.txt", include_str!("validate-known-failures.txt"))),
            false,
            validate_json,
        ),
        ("scale", None, false, evaluate_json),
    ];
    for release in ["16.1.0", "22.0.1", "20.0.1"] {
        for (corpus, known, loose, run) in corpora {
            // 20.0.1's overclouds (22 MB of requests and answers) are not
            // kept: they answer byte for byte as 16.1.0's (same yaql < 3,
            // same SipHash-2-4 set order), which the 16.1.0 pass checks.
            if release == "20.0.1" && corpus == "scale" {
                continue;
            }
            ratchet(Suite {
                title: Box::leak(format!("conformance {corpus} under Heat {release}").into_boxed_str()),
                dir: Box::leak(format!("conformance/{corpus}").into_boxed_str()),
                known,
                loose,
                run,
                release: Some(release),
            });
        }
    }
}

struct Suite {
    /// The release that answers (`x-heat-release` set in every request; its
    /// answers from `conformance/releases/<release>/<corpus>` where they differ).
    release: Option<&'static str>,
    title: &'static str,
    /// Folder under `../shared`.
    dir: &'static str,
    /// The known-failures file (under `core/tests/`) and its content, if the suite has one.
    known: Option<(&'static str, &'static str)>,
    /// `--loose-messages`.
    loose: bool,
    /// The result text of a request, or why there is none.
    run: fn(&str) -> Result<String, String>,
}

fn shared_dir() -> PathBuf {
    match std::env::var_os("HOTPLATE_SHARED") {
        Some(p) => PathBuf::from(p),
        None => Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared"),
    }
}

fn ratchet(suite: Suite) {
    let dir = shared_dir().join(suite.dir);
    if !dir.is_dir() {
        let require = std::env::var("HOTPLATE_REQUIRE_SHARED").is_ok_and(|v| v == "1");
        assert!(!require, "HOTPLATE_REQUIRE_SHARED=1 but {} is absent", dir.display());
        eprintln!(
            "skipped {}: {} is absent (../shared is not checked out beside this clone)",
            suite.title,
            dir.display()
        );
        return;
    }
    let filter = std::env::var("HOTPLATE_CASE").ok().filter(|f| !f.is_empty());
    let (list, known) = match suite.known {
        Some((list, text)) => (list, parse_known(text)),
        None => ("(no list: every case must pass)", BTreeMap::new()),
    };
    let cases = list_cases(&dir);
    assert!(!cases.is_empty(), "no cases in {}", dir.display());

    let mut problems = Vec::new();
    let all: BTreeSet<&str> = cases.iter().map(String::as_str).collect();
    for name in known.keys() {
        if !all.contains(name.as_str()) {
            problems.push(format!(
                "{name} is listed in core/tests/{list} but is not a case of {}: remove it from the list",
                dir.display()
            ));
        }
    }
    let (mut passed, mut failed_known, mut run) = (0, 0, 0);
    for name in &cases {
        if filter.as_deref().is_some_and(|f| !name.contains(f)) {
            continue;
        }
        run += 1;
        let outcome = check_case(&dir, name, suite.loose, suite.run, suite.release);
        let listed = known.contains_key(name);
        if filter.is_some() {
            match &outcome {
                Ok(notes) => eprintln!("ok   {name}{}", indent(notes)),
                Err(why) => eprintln!("FAIL {name}{}", indent(why)),
            }
        }
        match (outcome, listed) {
            (Ok(_), false) => passed += 1,
            (Ok(_), true) if suite.release.is_some() => passed += 1,
            (Ok(_), true) => {
                passed += 1;
                problems.push(format!("{name} passes now: remove it from core/tests/{list} (the list only shrinks)"));
            }
            (Err(_), true) => failed_known += 1,
            (Err(why), false) => problems.push(format!("FAIL {name}{}", indent(&why))),
        }
    }
    eprintln!("{}: {passed} passed, {} failed ({failed_known} of them known), {run} cases", suite.title, run - passed);
    assert!(problems.is_empty(), "{}: {} problem(s):\n{}", suite.title, problems.len(), problems.join("\n"));
}

fn indent(lines: &[String]) -> String {
    lines.iter().map(|l| format!("\n    {l}")).collect()
}

/// Case names of the list: one a line, `#` starts a comment.
fn parse_known(text: &str) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    for line in text.lines() {
        let (name, why) = line.split_once('#').unwrap_or((line, ""));
        let name = name.trim();
        if !name.is_empty() {
            out.insert(name.to_string(), why.trim().to_string());
        }
    }
    out
}

/// `NAME` for every `NAME.json` that has a `NAME.expected.json`, sorted.
fn list_cases(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.file_name().to_string_lossy().into_owned()))
        .filter(|n| n.ends_with(".json") && !n.ends_with(".expected.json"))
        .map(|n| n.trim_end_matches(".json").to_string())
        .filter(|n| dir.join(format!("{n}.expected.json")).is_file())
        .collect();
    names.sort();
    names
}

/// `Ok(ignored message differences)` or `Err(differences)`.
fn check_case(
    dir: &Path,
    name: &str,
    loose: bool,
    run: fn(&str) -> Result<String, String>,
    release: Option<&str>,
) -> Result<Vec<String>, Vec<String>> {
    let read_in = |dir: &Path, file: String| {
        std::fs::read_to_string(dir.join(&file)).map_err(|e| vec![format!("cannot read {file}: {e}")])
    };
    let read = |file: String| read_in(dir, file);
    let mut request = read(format!("{name}.json"))?;
    let mut expected = read(format!("{name}.expected.json"))?;
    if let Some(release) = release {
        let corpus = dir.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let own = release_answers(release).join(corpus);
        if own.join(format!("{name}.json")).is_file() {
            request = read_in(&own, format!("{name}.json"))?;
        }
        if own.join(format!("{name}.expected.json")).is_file() {
            expected = read_in(&own, format!("{name}.expected.json"))?;
        }
        if !request.contains("\"x-heat-release\"") {
            let rest = request.trim_start().strip_prefix('{').ok_or_else(|| vec!["the request is no object".into()])?;
            request = format!("{{\"x-heat-release\": \"{release}\", {rest}");
        }
    }
    let expected = json::parse(&expected).map_err(|e| vec![format!("{name}.expected.json is not JSON: {e}")])?;
    let actual = run(&request).map_err(|e| vec![e])?;
    let actual = json::parse(&actual).map_err(|e| vec![format!("the result is not valid JSON: {e}")])?;
    let (diffs, message_diffs) = json::compare(&expected, &actual, loose);
    if diffs.is_empty() {
        Ok(message_diffs.into_iter().map(|d| format!("(ignored) {d}")).collect())
    } else {
        let mut out: Vec<String> = diffs.iter().take(10).cloned().collect();
        if diffs.len() > 10 {
            out.push(format!("... {} more differences", diffs.len() - 10));
        }
        Err(out)
    }
}

/// What `hotplate eval REQUEST.json` prints, or why it would not print a result.
fn evaluate_json(request: &str) -> Result<String, String> {
    let req = Request::from_json(request).map_err(|e| format!("request rejected (the CLI exits 2): {e}"))?;
    no_panic(|| evaluate(&req).result.to_json())
}

/// What `hotplate plan REQUEST.json` prints, or why it would not print a result.
fn plan_json(request: &str) -> Result<String, String> {
    let req = PlanRequest::from_json(request).map_err(|e| format!("request rejected (the CLI exits 2): {e}"))?;
    no_panic(|| plan(&req, Format::JsonLine).to_json())
}

/// What `hotplate validate REQUEST.json` prints, or why it would not print a result.
fn validate_json(request: &str) -> Result<String, String> {
    let req = ValidateRequest::from_json(request).map_err(|e| format!("request rejected (the CLI exits 2): {e}"))?;
    no_panic(|| validate(&req).to_json())
}

/// `f`'s text, or the engine's panic as an error.
fn no_panic(f: impl FnOnce() -> String) -> Result<String, String> {
    catch_unwind(AssertUnwindSafe(f)).map_err(|p| {
        let msg = p
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| p.downcast_ref::<&str>().map(|s| (*s).to_string()))
            .unwrap_or_default();
        format!("the engine panicked: {msg}")
    })
}

/// A JSON reader and the comparison of `../shared/oracle/compare.py`.
///
/// Python's `json` semantics: a number with a fraction or exponent is a float,
/// else an int of any size; strings are sequences of code points (kept here as
/// UTF-16 units so lone surrogate escapes survive); `NaN` and `Infinity` are
/// accepted; a repeated key keeps its last value.
mod json {
    use std::collections::BTreeMap;
    use std::fmt::Write as _;

    #[derive(Clone, Debug)]
    pub enum J {
        Null,
        Bool(bool),
        /// Normalised decimal digits with an optional `-` (never `-0`).
        Int(String),
        Float(f64),
        Str(Vec<u16>),
        List(Vec<J>),
        Obj(BTreeMap<Vec<u16>, J>),
    }

    impl J {
        fn kind(&self) -> &'static str {
            match self {
                J::Null => "null",
                J::Bool(_) => "bool",
                J::Int(_) => "int",
                J::Float(_) => "float",
                J::Str(_) => "string",
                J::List(_) => "list",
                J::Obj(_) => "object",
            }
        }
    }

    pub fn parse(text: &str) -> Result<J, String> {
        let mut p = Parser { s: text.as_bytes(), i: 0, text };
        p.ws();
        let v = p.value(0)?;
        p.ws();
        if p.i != p.s.len() {
            return Err(p.err("extra data"));
        }
        Ok(v)
    }

    struct Parser<'a> {
        s: &'a [u8],
        i: usize,
        text: &'a str,
    }

    impl Parser<'_> {
        fn err(&self, what: &str) -> String {
            format!("{what} at byte {}", self.i)
        }

        fn ws(&mut self) {
            while self.i < self.s.len() && matches!(self.s[self.i], b' ' | b'\t' | b'\n' | b'\r') {
                self.i += 1;
            }
        }

        fn eat(&mut self, lit: &str) -> bool {
            if self.s[self.i..].starts_with(lit.as_bytes()) {
                self.i += lit.len();
                true
            } else {
                false
            }
        }

        fn value(&mut self, depth: usize) -> Result<J, String> {
            if depth > 10_000 {
                return Err(self.err("nested too deeply"));
            }
            match self.s.get(self.i) {
                None => Err(self.err("expecting value")),
                Some(b'{') => {
                    self.i += 1;
                    let mut m = BTreeMap::new();
                    self.ws();
                    if self.eat("}") {
                        return Ok(J::Obj(m));
                    }
                    loop {
                        self.ws();
                        if self.s.get(self.i) != Some(&b'"') {
                            return Err(self.err("expecting property name in double quotes"));
                        }
                        let k = self.string()?;
                        self.ws();
                        if !self.eat(":") {
                            return Err(self.err("expecting ':'"));
                        }
                        self.ws();
                        let v = self.value(depth + 1)?;
                        m.insert(k, v);
                        self.ws();
                        if self.eat("}") {
                            return Ok(J::Obj(m));
                        }
                        if !self.eat(",") {
                            return Err(self.err("expecting ',' delimiter"));
                        }
                    }
                }
                Some(b'[') => {
                    self.i += 1;
                    let mut l = Vec::new();
                    self.ws();
                    if self.eat("]") {
                        return Ok(J::List(l));
                    }
                    loop {
                        self.ws();
                        l.push(self.value(depth + 1)?);
                        self.ws();
                        if self.eat("]") {
                            return Ok(J::List(l));
                        }
                        if !self.eat(",") {
                            return Err(self.err("expecting ',' delimiter"));
                        }
                    }
                }
                Some(b'"') => Ok(J::Str(self.string()?)),
                Some(_) => {
                    for (lit, v) in [
                        ("null", J::Null),
                        ("true", J::Bool(true)),
                        ("false", J::Bool(false)),
                        ("NaN", J::Float(f64::NAN)),
                        ("Infinity", J::Float(f64::INFINITY)),
                        ("-Infinity", J::Float(f64::NEG_INFINITY)),
                    ] {
                        if self.eat(lit) {
                            return Ok(v);
                        }
                    }
                    self.number()
                }
            }
        }

        /// `-?(0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?`: a float with a fraction or an exponent.
        fn number(&mut self) -> Result<J, String> {
            let start = self.i;
            let digits = |p: &mut Self| {
                let s = p.i;
                while p.i < p.s.len() && p.s[p.i].is_ascii_digit() {
                    p.i += 1;
                }
                p.i - s
            };
            let neg = self.eat("-");
            let int_start = self.i;
            let n = digits(self);
            if n == 0 || (n > 1 && self.s[int_start] == b'0') {
                self.i = start;
                return Err(self.err("expecting value"));
            }
            let int_end = self.i;
            let mut float = false;
            if self.s.get(self.i) == Some(&b'.') && self.s.get(self.i + 1).is_some_and(u8::is_ascii_digit) {
                self.i += 1;
                digits(self);
                float = true;
            }
            if matches!(self.s.get(self.i), Some(b'e' | b'E')) {
                let save = self.i;
                self.i += 1;
                if matches!(self.s.get(self.i), Some(b'+' | b'-')) {
                    self.i += 1;
                }
                if digits(self) == 0 {
                    self.i = save;
                } else {
                    float = true;
                }
            }
            if float {
                let f = self.text[start..self.i].parse::<f64>().map_err(|e| self.err(&e.to_string()))?;
                return Ok(J::Float(f));
            }
            let digits = &self.text[int_start..int_end];
            Ok(J::Int(if neg && digits != "0" { format!("-{digits}") } else { digits.to_string() }))
        }

        fn hex4(&mut self) -> Result<u16, String> {
            let h = self.text.get(self.i..self.i + 4).ok_or_else(|| self.err("invalid \\uXXXX escape"))?;
            if !h.bytes().all(|b| b.is_ascii_hexdigit()) {
                return Err(self.err("invalid \\uXXXX escape"));
            }
            self.i += 4;
            u16::from_str_radix(h, 16).map_err(|e| self.err(&e.to_string()))
        }

        fn string(&mut self) -> Result<Vec<u16>, String> {
            self.i += 1; // the opening quote
            let mut out = Vec::new();
            loop {
                let Some(&b) = self.s.get(self.i) else { return Err(self.err("unterminated string")) };
                match b {
                    b'"' => {
                        self.i += 1;
                        return Ok(out);
                    }
                    b'\\' => {
                        self.i += 1;
                        let e = self.s.get(self.i).copied();
                        self.i += 1;
                        let unit = match e {
                            Some(b'"') => '"' as u16,
                            Some(b'\\') => '\\' as u16,
                            Some(b'/') => '/' as u16,
                            Some(b'b') => 8,
                            Some(b'f') => 12,
                            Some(b'n') => 10,
                            Some(b'r') => 13,
                            Some(b't') => 9,
                            Some(b'u') => self.hex4()?,
                            _ => return Err(self.err("invalid \\escape")),
                        };
                        out.push(unit);
                    }
                    0..=0x1f => return Err(self.err("invalid control character")),
                    _ => {
                        // `self.i` is on a char boundary: escapes and quotes are ASCII.
                        let c = self.text[self.i..].chars().next().unwrap_or('\u{fffd}');
                        let mut buf = [0u16; 2];
                        out.extend_from_slice(c.encode_utf16(&mut buf));
                        self.i += c.len_utf8();
                    }
                }
            }
        }
    }

    #[derive(Clone)]
    enum Seg {
        Key(Vec<u16>),
        Index(usize),
    }

    fn fmt_path(path: &[Seg]) -> String {
        let mut out = String::from("$");
        for p in path {
            match p {
                Seg::Key(k) => {
                    out.push('.');
                    out.push_str(&String::from_utf16_lossy(k));
                }
                Seg::Index(i) => {
                    let _ = write!(out, "[{i}]");
                }
            }
        }
        out
    }

    /// `json.dumps(v, sort_keys=True, ensure_ascii=False)`, cut at 120 characters.
    fn short(v: &J) -> String {
        fn dump(v: &J, out: &mut String) {
            match v {
                J::Null => out.push_str("null"),
                J::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
                J::Int(s) => out.push_str(s),
                J::Float(f) if f.is_nan() => out.push_str("NaN"),
                J::Float(f) if f.is_infinite() => out.push_str(if *f > 0.0 { "Infinity" } else { "-Infinity" }),
                J::Float(f) => {
                    let _ = write!(out, "{f:?}");
                }
                J::Str(s) => str_lit(s, out),
                J::List(l) => {
                    out.push('[');
                    for (i, x) in l.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        dump(x, out);
                    }
                    out.push(']');
                }
                J::Obj(m) => {
                    out.push('{');
                    for (i, (k, x)) in m.iter().enumerate() {
                        if i > 0 {
                            out.push_str(", ");
                        }
                        str_lit(k, out);
                        out.push_str(": ");
                        dump(x, out);
                    }
                    out.push('}');
                }
            }
        }
        fn str_lit(s: &[u16], out: &mut String) {
            out.push('"');
            for c in char::decode_utf16(s.iter().copied()) {
                match c {
                    Ok('"') => out.push_str("\\\""),
                    Ok('\\') => out.push_str("\\\\"),
                    Ok('\n') => out.push_str("\\n"),
                    Ok('\r') => out.push_str("\\r"),
                    Ok('\t') => out.push_str("\\t"),
                    Ok(c) if (c as u32) < 0x20 => {
                        let _ = write!(out, "\\u{:04x}", c as u32);
                    }
                    Ok(c) => out.push(c),
                    Err(e) => {
                        let _ = write!(out, "\\u{:04x}", e.unpaired_surrogate());
                    }
                }
            }
            out.push('"');
        }
        let mut text = String::new();
        dump(v, &mut text);
        if text.chars().count() <= 120 {
            text
        } else {
            text.chars().take(117).collect::<String>() + "..."
        }
    }

    /// Python's `str.isspace()` (what `\s` and `strip()` use).
    fn py_space(c: char) -> bool {
        c.is_whitespace() || ('\x1c'..='\x1f').contains(&c)
    }

    /// `re.sub(r"\s+", " ", msg).strip()`.
    fn norm(s: &[u16]) -> Vec<u16> {
        let mut out: Vec<u16> = Vec::with_capacity(s.len());
        let mut in_space = false;
        for c in char::decode_utf16(s.iter().copied()) {
            match c {
                Ok(c) if py_space(c) => in_space = true,
                other => {
                    if in_space && !out.is_empty() {
                        out.push(u16::from(b' '));
                    }
                    in_space = false;
                    match other {
                        Ok(c) => {
                            let mut buf = [0u16; 2];
                            out.extend_from_slice(c.encode_utf16(&mut buf));
                        }
                        Err(e) => out.push(e.unpaired_surrogate()),
                    }
                }
            }
        }
        out
    }

    struct Comparer {
        loose: bool,
        diffs: Vec<String>,
        message_diffs: Vec<String>,
    }

    fn key_is(seg: &Seg, name: &str) -> bool {
        matches!(seg, Seg::Key(k) if k.iter().copied().eq(name.encode_utf16()))
    }

    impl Comparer {
        /// `$.error.message`, or `$.outputs.<name>.error`.
        fn is_message(path: &[Seg]) -> bool {
            match path {
                [a, b] => key_is(a, "error") && key_is(b, "message"),
                [a, _, c] => key_is(a, "outputs") && key_is(c, "error"),
                _ => false,
            }
        }

        fn compare(&mut self, exp: &J, act: &J, path: &mut Vec<Seg>) {
            let (ke, ka) = (exp.kind(), act.kind());
            if ke != ka {
                self.diffs.push(format!("{}: expected {ke} {}, got {ka} {}", fmt_path(path), short(exp), short(act)));
                return;
            }
            match (exp, act) {
                (J::Obj(e), J::Obj(a)) => {
                    let keys: std::collections::BTreeSet<&Vec<u16>> = e.keys().chain(a.keys()).collect();
                    for k in keys {
                        path.push(Seg::Key(k.clone()));
                        match (e.get(k), a.get(k)) {
                            (Some(x), None) => {
                                self.diffs.push(format!("{}: missing key (expected {})", fmt_path(path), short(x)));
                            }
                            (None, Some(y)) => {
                                self.diffs.push(format!("{}: unexpected key (got {})", fmt_path(path), short(y)));
                            }
                            (Some(x), Some(y)) => self.compare(x, y, path),
                            (None, None) => {}
                        }
                        path.pop();
                    }
                }
                (J::List(e), J::List(a)) => {
                    if e.len() != a.len() {
                        self.diffs.push(format!(
                            "{}: expected list of {}, got {}: {}",
                            fmt_path(path),
                            e.len(),
                            a.len(),
                            short(act)
                        ));
                    }
                    for (i, (x, y)) in e.iter().zip(a).enumerate() {
                        path.push(Seg::Index(i));
                        self.compare(x, y, path);
                        path.pop();
                    }
                }
                (J::Str(e), J::Str(a)) if Self::is_message(path) => {
                    if norm(e) != norm(a) {
                        let line = format!("{}: message {} != {}", fmt_path(path), short(exp), short(act));
                        if self.loose {
                            self.message_diffs.push(line);
                        } else {
                            self.diffs.push(line);
                        }
                    }
                }
                _ => {
                    let same = match (exp, act) {
                        (J::Null, J::Null) => true,
                        (J::Bool(x), J::Bool(y)) => x == y,
                        (J::Int(x), J::Int(y)) => x == y,
                        (J::Float(x), J::Float(y)) => x == y,
                        (J::Str(x), J::Str(y)) => x == y,
                        _ => false,
                    };
                    if !same {
                        self.diffs.push(format!("{}: expected {}, got {}", fmt_path(path), short(exp), short(act)));
                    }
                }
            }
        }
    }

    /// (differences, ignored message differences).
    pub fn compare(expected: &J, actual: &J, loose: bool) -> (Vec<String>, Vec<String>) {
        let mut c = Comparer { loose, diffs: Vec::new(), message_diffs: Vec::new() };
        c.compare(expected, actual, &mut Vec::new());
        (c.diffs, c.message_diffs)
    }

    #[test]
    fn reads_json_as_python_does() {
        let v =
            parse(r#" {"a": [1, 1.0, -0, 1e2, 12345678901234567890123, "\u00e9\ud83d\ude00", null, true], "a": 2} "#)
                .unwrap();
        let J::Obj(m) = &v else { panic!("{v:?}") };
        assert_eq!(m.len(), 1, "a repeated key keeps its last value");
        assert!(matches!(m.values().next(), Some(J::Int(s)) if s == "2"));
        let J::List(l) = parse(r#"[1, 1.0, -0, 1e2, 12345678901234567890123, "\u00e9\ud83d\ude00"]"#).unwrap() else {
            panic!()
        };
        let kinds: Vec<&str> = l.iter().map(J::kind).collect();
        assert_eq!(kinds, ["int", "float", "int", "float", "int", "string"]);
        assert!(matches!(&l[2], J::Int(s) if s == "0"));
        assert!(matches!(&l[4], J::Int(s) if s == "12345678901234567890123"));
        assert!(matches!(&l[5], J::Str(s) if String::from_utf16(s).unwrap() == "é😀"));
        assert!(matches!(parse("NaN").unwrap(), J::Float(f) if f.is_nan()));
        for bad in ["", "01", "[1,]", "{\"a\" 1}", "\"\u{1}\"", "1 2", "\"\\x\"", "tru", "-", "1.", ".5"] {
            assert!(parse(bad).is_err(), "{bad:?} should be rejected");
        }
    }

    #[test]
    fn compares_like_compare_py() {
        let cmp = |e: &str, a: &str, loose: bool| compare(&parse(e).unwrap(), &parse(a).unwrap(), loose);
        // Types are strict, key order is not, list order is.
        assert_eq!(cmp("1", "1.0", false).0.len(), 1);
        assert_eq!(cmp("true", "1", false).0.len(), 1);
        assert_eq!(cmp(r#""1""#, "1", false).0.len(), 1);
        assert!(cmp(r#"{"a": 1, "b": 2}"#, r#"{"b": 2, "a": 1}"#, false).0.is_empty());
        assert_eq!(cmp("[1, 2]", "[2, 1]", false).0.len(), 2);
        assert_eq!(cmp("[1, 2]", "[1]", false).0, ["$: expected list of 2, got 1: [1]"]);
        assert_eq!(cmp(r#"{"a": 1}"#, r#"{"b": 1}"#, false).0.len(), 2);
        assert!(cmp("1.0", "1.00", false).0.is_empty());
        // Messages: whitespace is normalised in both modes; text may differ only when loose.
        let e = r#"{"error": {"type": "X", "message": "a  b\n", "path": ["p", 0]}, "outputs": {"o": {"error": "m"}}}"#;
        let same_ws =
            r#"{"error": {"type": "X", "message": " a b", "path": ["p", 0]}, "outputs": {"o": {"error": "m"}}}"#;
        assert!(cmp(e, same_ws, false).0.is_empty());
        let other = r#"{"error": {"type": "X", "message": "c", "path": ["p", 0]}, "outputs": {"o": {"error": "n"}}}"#;
        assert_eq!(cmp(e, other, false).0.len(), 2);
        let (d, m) = cmp(e, other, true);
        assert!(d.is_empty() && m.len() == 2, "{d:?} {m:?}");
        // Type and path of the error must still match; an error string must not be null.
        let bad_type =
            r#"{"error": {"type": "Y", "message": "a b", "path": ["p", 0]}, "outputs": {"o": {"error": "m"}}}"#;
        assert_eq!(cmp(e, bad_type, true).0.len(), 1);
        let bad_path =
            r#"{"error": {"type": "X", "message": "a b", "path": ["p", 1]}, "outputs": {"o": {"error": "m"}}}"#;
        assert_eq!(cmp(e, bad_path, true).0, ["$.error.path[1]: expected 0, got 1"]);
        let no_err =
            r#"{"error": {"type": "X", "message": "a b", "path": ["p", 0]}, "outputs": {"o": {"error": null}}}"#;
        assert_eq!(cmp(e, no_err, true).0.len(), 1);
        // Only those two places are messages.
        assert_eq!(cmp(r#"{"x": {"message": "a"}}"#, r#"{"x": {"message": "b"}}"#, true).0.len(), 1);
    }
}
