//! Rendering for terminals: a readable report, and YAML output.
//!
//! The report is the canonical result made readable: parameters (where each
//! value came from), conditions, resources, outputs, what only a cloud can
//! check, then every diagnostic with its source line. A resource that is a
//! nested stack (a provider template, a group, a chain, a deployment group)
//! shows that stack under it, indented, recursively, with the same sections.
//! Members of a group that differ from its first member only by their own
//! name (`%index%` in a ResourceGroup) are listed on one line instead of
//! repeating the whole tree for each.

use std::collections::{BTreeMap, HashSet};

use hotplate_core::api::{
    hidden_parameters, is_group_type, py_str, value_text, DeployTime, Evaluation, Format, HeatError, HeatResult, Map,
    PathItem, Request, ResultView, Value, ValueSource,
};

/// Pseudo parameters: a nested stack's are left out (its name is in its header).
const PSEUDO: [&str; 6] =
    ["OS::stack_id", "OS::project_id", "OS::stack_name", "AWS::StackId", "AWS::StackName", "AWS::Region"];

/// Values longer than this many characters are cut in the report (a TripleO
/// `EndpointMap` or `role_data` runs to thousands); `--format yaml|json`
/// shows them whole.
const WIDTH: usize = 200;

/// How many members of one group, shown in full, later members are compared
/// with (each comparison reads a member's whole tree).
const MAX_SHOWN_MEMBERS: usize = 8;

/// What rendering needs beyond one stack's result.
struct Ctx<'a> {
    /// Parameters declared `hidden` in any template of the request: their
    /// values in nested stacks are masked (the engine reports hidden-ness for
    /// the top-level stack only, so this errs on the side of masking).
    hidden: &'a HashSet<String>,
    /// Cut values longer than this (`None`: never, to compare group members).
    width: Option<usize>,
    /// Set once a value was cut.
    cut: std::cell::Cell<bool>,
    /// The result with its deploy-time placeholders.
    view: &'a ResultView,
}

impl Ctx<'_> {
    /// A value (at `path` in the result) on one line, its deploy-time parts as
    /// ⟨placeholders⟩, never as if they were data; cut at the width.
    fn value(&self, v: &Value, path: &[PathItem]) -> String {
        let text = self.view.render_value(v, path, Format::JsonLine).text;
        let Some(width) = self.width else { return text };
        let chars = text.chars().count();
        if chars <= width {
            return text;
        }
        self.cut.set(true);
        let kept: String = text.chars().take(width).collect();
        format!("{kept}… ({chars} characters)")
    }
}

/// The readable report: parameters, conditions, resources (with their nested
/// stacks), outputs, what needs a cloud, diagnostics.
pub fn text(ev: &Evaluation, req: &Request) -> String {
    let mut out = String::new();
    let r = &ev.result;
    let hidden = hidden_parameters(req);
    let view = ResultView::new(ev);
    let ctx = Ctx { hidden: &hidden, width: Some(WIDTH), cut: std::cell::Cell::new(false), view: &view };
    let empty = Map::new();
    let top = view.value(&[]).and_then(Value::as_map).unwrap_or(&empty);
    // What is shown (past Heat's first error, the display evaluation's);
    // the verdict at the end is Heat's.
    let known = ev.shown();
    let stack_name = known.parameters.get_str("OS::stack_name").and_then(Value::as_str).unwrap_or_default();
    out.push_str(&format!("template version: {}\n", known.template_version.as_deref().unwrap_or("(unknown)")));
    // Which Heat answered (an unknown release is refused before this).
    let release = req.inputs.heat_release.as_deref().and_then(|r| hotplate_core::api::Release::parse(r).ok());
    let info = release.unwrap_or_default().info();
    out.push_str(&format!("answered as: openstack-heat {} ({} {})\n", info.version, info.series, info.name));
    if !known.parameters.is_empty() {
        out.push_str("\nparameters:\n");
        for (k, v) in known.parameters.iter() {
            let name = py_str(k);
            let info = ev.param_info.iter().find(|p| p.name == name);
            let shown = if info.is_some_and(|p| p.hidden) {
                "******".to_string()
            } else {
                ctx.value(v, &[key("parameters"), key(&name)])
            };
            let merged = info.filter(|p| p.contributions.len() > 1);
            let source = info.map(|p| match (&p.source, &p.file) {
                _ if merged.is_some() => {
                    let mut files: Vec<&str> = p.contributions.iter().map(|c| c.file.as_str()).collect();
                    files.dedup();
                    format!("  (merged from {})", files.join(", "))
                }
                (_, Some(f)) => format!("  ({f})"),
                (ValueSource::Default, None) => "  (template default)".into(),
                _ => String::new(),
            });
            out.push_str(&format!("  {name} = {shown}{}\n", source.unwrap_or_default()));
            // Which file gave which keys or items (not for hidden values).
            if let Some(p) = merged.filter(|p| !p.hidden) {
                for (i, c) in p.contributions.iter().enumerate() {
                    out.push_str(&format!("    {} ({}): {}\n", c.file, c.strategy, parts_text(&c.parts, i > 0)));
                }
            }
        }
    }
    if let Some(conditions) = section(top, "conditions") {
        out.push_str("\nconditions:\n");
        conditions_lines(&mut out, conditions, &[], 2, &ctx);
    }
    if let Some(resources) = section(top, "resources") {
        out.push_str("\nresources:\n");
        resources_lines(&mut out, top, &[], resources, stack_name, 2, false, &ctx);
    }
    if let Some(outputs) = section(top, "outputs") {
        out.push_str("\noutputs:\n");
        outputs_lines(&mut out, outputs, &[], 2, &ctx);
    }
    let mut notes = Vec::new();
    if view.has_placeholders() {
        notes.push(
            "⟨…⟩ marks values Heat only knows once the stack is created (and values computed from them).".to_string(),
        );
    }
    if ctx.cut.get() {
        notes.push(format!("Values longer than {WIDTH} characters are cut (…); --format yaml shows them whole."));
    }
    if !notes.is_empty() {
        out.push('\n');
    }
    for note in notes {
        out.push_str(&format!("  {note}\n"));
    }
    let cloud = not_checked(top, 2);
    if !cloud.is_empty() {
        out.push_str("\nnot checked (needs a cloud):\n");
        out.push_str(&cloud);
    }
    if !ev.diagnostics.is_empty() {
        out.push_str("\ndiagnostics:\n");
        // In source order (the engine lists them in the order it found them).
        let mut sorted: Vec<_> = ev.diagnostics.iter().collect();
        sorted.sort_by_key(|d| d.span.map_or((u32::MAX, u32::MAX), |s| (s.source.0, s.start)));
        for d in sorted {
            out.push_str(&d.render(&ev.sources));
        }
    }
    let deploy_time = |stack: &str| ev.deploy_time.iter().any(|d| d.stack == stack && d.output.is_none());
    match &r.error {
        Some(e) if !deploy_time("") => {
            out.push_str(&format!("\nHeat would refuse this stack: {}: {}\n", e.kind, e.message));
        }
        _ => {
            let mut failed = Vec::new();
            nested_failures(r, "", &mut failed);
            // Those that fail only for a value known once deployed do not fail then.
            failed.retain(|(path, _)| !deploy_time(path));
            // One line per error; the nested stacks that fail with it (the
            // members of a group often do) named together.
            let mut lines: Vec<(String, Vec<String>)> = Vec::new();
            for (path, e) in failed {
                let error = format!("{}: {}", e.kind, e.message);
                match lines.iter_mut().find(|(err, _)| *err == error) {
                    Some((_, paths)) => paths.push(path),
                    None => lines.push((error, vec![path])),
                }
            }
            if !lines.is_empty() {
                out.push('\n');
            }
            for (error, paths) in lines {
                let which = if paths.len() == 1 { "stack" } else { "stacks" };
                out.push_str(&format!(
                    "Heat would accept this stack, then fail to create its nested {which} {}: {error}\n",
                    path_list(&paths)
                ));
            }
        }
    }
    deploy_time_lines(&mut out, &ev.deploy_time);
    out
}

/// Heat's errors that only a value known once deployed causes: checked at
/// deploy time, one line each with what it waits for (no failure).
fn deploy_time_lines(out: &mut String, deploy_time: &[DeployTime]) {
    if deploy_time.is_empty() {
        return;
    }
    out.push_str(
        "\nChecked at deploy time (Heat reports these before anything exists; once deployed the values are there):\n",
    );
    for d in deploy_time {
        let waits = d.needs.iter().map(|n| format!("\u{27e8}{n}\u{27e9}")).collect::<Vec<_>>().join(", ");
        let waits = if waits.is_empty() { String::new() } else { format!(", waits for {waits}") };
        out.push_str(&format!("  {}{waits}\n", d.place()));
    }
}

/// Every nested stack (resource names joined by `/`) whose creation fails.
pub(crate) fn nested_failures<'r>(r: &'r HeatResult, prefix: &str, out: &mut Vec<(String, &'r HeatError)>) {
    for (name, child) in &r.nested {
        let path = format!("{prefix}{name}");
        match &child.error {
            Some(e) => out.push((path, e)),
            None => nested_failures(child, &format!("{path}/"), out),
        }
    }
}

/// Nested stack paths, those under one parent written together:
/// `group/0..2, other`.
fn path_list(paths: &[String]) -> String {
    let mut groups: Vec<(&str, Vec<String>)> = Vec::new();
    for p in paths {
        let (parent, name) = p.rsplit_once('/').map_or(("", p.as_str()), |(a, b)| (a, b));
        match groups.iter_mut().find(|(g, _)| *g == parent) {
            Some((_, names)) => names.push(name.to_string()),
            None => groups.push((parent, vec![name.to_string()])),
        }
    }
    let mut parts: Vec<String> = Vec::new();
    for (parent, names) in groups {
        for part in name_parts(&names) {
            parts.push(if parent.is_empty() { part } else { format!("{parent}/{part}") });
        }
    }
    parts.join(", ")
}

/// What one file gave to a merged value: its keys or the indexes of its items
/// (at most 10 named); `later`: not the first contribution.
fn parts_text(parts: &[PathItem], later: bool) -> String {
    if parts.is_empty() {
        return if later { "its text appended".into() } else { "the whole value".into() };
    }
    let named: Vec<String> = parts
        .iter()
        .take(10)
        .map(|p| match p {
            PathItem::Key(k) => k.clone(),
            PathItem::Index(i) => format!("[{i}]"),
        })
        .collect();
    let more = if parts.len() > 10 { format!(", … ({} in all)", parts.len()) } else { String::new() };
    format!("{}{more}", named.join(", "))
}

/// A non-empty map section of a result.
fn section<'v>(result: &'v Map, name: &str) -> Option<&'v Map> {
    result.get_str(name).and_then(Value::as_map).filter(|m| !m.is_empty())
}

fn pad(indent: usize) -> String {
    " ".repeat(indent)
}

/// A key step of a result path.
fn key(k: &str) -> PathItem {
    PathItem::Key(k.to_string())
}

/// `at` (a stack's place in the result) followed by `steps`.
fn under(at: &[PathItem], steps: &[&str]) -> Vec<PathItem> {
    at.iter().cloned().chain(steps.iter().map(|s| key(s))).collect()
}

fn conditions_lines(out: &mut String, conditions: &Map, at: &[PathItem], indent: usize, ctx: &Ctx<'_>) {
    for (k, v) in conditions.iter() {
        let name = py_str(k);
        out.push_str(&format!("{}{name} = {}\n", pad(indent), ctx.value(v, &under(at, &["conditions", &name]))));
    }
}

fn outputs_lines(out: &mut String, outputs: &Map, at: &[PathItem], indent: usize, ctx: &Ctx<'_>) {
    for (k, o) in outputs.iter() {
        let name = py_str(k);
        let o = o.as_map();
        match o.and_then(|o| o.get_str("error")).and_then(Value::as_str) {
            Some(e) => out.push_str(&format!("{}{name}: error: {e}\n", pad(indent))),
            None => out.push_str(&format!(
                "{}{name} = {}\n",
                pad(indent),
                o.and_then(|o| o.get_str("value"))
                    .map(|v| ctx.value(v, &under(at, &["outputs", &name, "value"])))
                    .unwrap_or_default()
            )),
        }
    }
}

/// The resources of one stack (`result`), each followed by its nested stack.
/// `members`: the stack is a group's, so a member that only differs from one
/// shown before it by its name gets one line (runs of them share it).
#[allow(clippy::too_many_arguments)]
fn resources_lines(
    out: &mut String,
    result: &Map,
    at: &[PathItem],
    resources: &Map,
    stack_name: &str,
    indent: usize,
    members: bool,
    ctx: &Ctx<'_>,
) {
    let nested = result.get_str("nested").and_then(Value::as_map);
    let render = |name: &str, v: &Value, ctx: &Ctx<'_>| {
        let mut text = String::new();
        let parent = Parent { result, name: stack_name };
        resource_lines(&mut text, name, v, nested.and_then(|n| n.get_str(name)), &parent, at, indent, ctx);
        text
    };
    // Members are compared whole: a difference past the width counts.
    let whole = Ctx { hidden: ctx.hidden, width: None, cut: std::cell::Cell::new(false), view: ctx.view };
    // Members shown in full that later ones are compared with (name, type,
    // text), and the run of members like one of them waiting to be written.
    let mut shown_full: Vec<(String, String, String)> = Vec::new();
    let mut run: Option<(usize, Vec<String>)> = None;
    let flush = |out: &mut String, run: &mut Option<(usize, Vec<String>)>, shown_full: &[(String, String, String)]| {
        if let Some((i, names)) = run.take() {
            if let Some((name, ty, _)) = shown_full.get(i) {
                out.push_str(&format!(
                    "{}{} ({ty}): like {name}, with its own name where {name} has \"{name}\"\n",
                    pad(indent),
                    name_list(&names)
                ));
            }
        }
    };
    for (k, v) in resources.iter() {
        let name = py_str(k);
        let mut text = None;
        if members {
            let whole_text = render(&name, v, &whole);
            let like = shown_full.iter().position(|(n, _, t)| same_but_name(t, n, &whole_text, &name));
            if let Some(i) = like {
                match &mut run {
                    Some((j, names)) if *j == i => names.push(name),
                    _ => {
                        flush(out, &mut run, &shown_full);
                        run = Some((i, vec![name]));
                    }
                }
                continue;
            }
            if shown_full.len() < MAX_SHOWN_MEMBERS {
                let ty = v.as_map().and_then(|m| m.get_str("type")).map(compact).unwrap_or_default();
                shown_full.push((name.clone(), ty, whole_text.clone()));
            }
            // Rendering for a comparison already: nothing is cut, so the
            // text is the same (this keeps groups of groups linear).
            if ctx.width.is_none() {
                text = Some(whole_text);
            }
        }
        flush(out, &mut run, &shown_full);
        out.push_str(&text.unwrap_or_else(|| render(&name, v, ctx)));
    }
    flush(out, &mut run, &shown_full);
}

/// The stack a resource is in.
struct Parent<'v> {
    /// Its result.
    result: &'v Map,
    /// Its name.
    name: &'v str,
}

/// One resource: its line, its fields, and its nested stack.
#[allow(clippy::too_many_arguments)]
fn resource_lines(
    out: &mut String,
    name: &str,
    v: &Value,
    nested: Option<&Value>,
    parent: &Parent<'_>,
    at: &[PathItem],
    indent: usize,
    ctx: &Ctx<'_>,
) {
    let m = v.as_map();
    let ty = m.and_then(|m| m.get_str("type")).map(compact).unwrap_or_default();
    let enabled = m.and_then(|m| m.get_str("enabled")).is_some_and(Value::truthy);
    if !enabled {
        out.push_str(&format!("{}{name} ({ty}): removed by its condition\n", pad(indent)));
        return;
    }
    out.push_str(&format!("{}{name} ({ty})\n", pad(indent)));
    let Some(m) = m else { return };
    for field in ["properties", "metadata", "requires", "deletion_policy", "update_policy"] {
        if let Some(v) = m.get_str(field) {
            // `Delete` is Heat's default deletion policy: only others are news.
            if v.truthy() && !(field == "deletion_policy" && v.as_str() == Some("Delete")) {
                let path = under(at, &["resources", name, field]);
                out.push_str(&format!("{}{field}: {}\n", pad(indent + 2), ctx.value(v, &path)));
            }
        }
    }
    if let Some(child) = nested.and_then(Value::as_map) {
        let raw_type = m.get_str("type").and_then(Value::as_str).unwrap_or_default();
        let group = is_group_type(raw_type);
        let child_at = under(at, &["nested", name]);
        nested_stack(out, child, &child_at, &format!("{}-{name}", parent.name), indent + 2, group, parent, ctx);
    }
}

/// A nested stack: a header with its name and version, then its error or
/// its sections, indented under the resource that made it. A long parameter
/// value passed down unchanged from the parent stack's parameter of the same
/// name (TripleO's `EndpointMap`, `ServiceNetMap`, …) is not repeated.
#[allow(clippy::too_many_arguments)]
fn nested_stack(
    out: &mut String,
    result: &Map,
    at: &[PathItem],
    stack_name: &str,
    indent: usize,
    group: bool,
    parent: &Parent<'_>,
    ctx: &Ctx<'_>,
) {
    let version = result.get_str("template_version").and_then(Value::as_str);
    let head = match version {
        Some(v) => format!("{}nested stack {stack_name} ({v})", pad(indent)),
        None => format!("{}nested stack {stack_name}", pad(indent)),
    };
    let inner = indent + 2;
    if let Some(e) = result.get_str("error").and_then(Value::as_map) {
        let field = |k: &str| e.get_str(k).and_then(Value::as_str).unwrap_or_default();
        out.push_str(&format!("{head}: Heat would fail to create it\n"));
        out.push_str(&format!("{}{}: {}\n", pad(inner), field("type"), field("message")));
        let cloud = not_checked(result, inner + 2);
        if !cloud.is_empty() {
            out.push_str(&format!("{}not checked (needs a cloud):\n{cloud}", pad(inner)));
        }
        return;
    }
    out.push_str(&format!("{head}:\n"));
    let params: Vec<(String, &Value)> = result
        .get_str("parameters")
        .and_then(Value::as_map)
        .map(|m| m.iter().map(|(k, v)| (py_str(k), v)).filter(|(k, _)| !PSEUDO.contains(&k.as_str())).collect())
        .unwrap_or_default();
    if !params.is_empty() {
        out.push_str(&format!("{}parameters:\n", pad(inner)));
        for (name, v) in params {
            let from_parent =
                parent.result.get_str("parameters").and_then(Value::as_map).and_then(|p| p.get_str(&name));
            let inherited = from_parent.is_some_and(|p| {
                let text = compact(v);
                ctx.width.is_some_and(|w| text.chars().count() > w) && compact(p) == text
            });
            let shown = if ctx.hidden.contains(&name) {
                "******".to_string()
            } else if inherited {
                format!("(the same as in {})", parent.name)
            } else {
                ctx.value(v, &under(at, &["parameters", &name]))
            };
            out.push_str(&format!("{}{name} = {shown}\n", pad(inner + 2)));
        }
    }
    if let Some(conditions) = section(result, "conditions") {
        out.push_str(&format!("{}conditions:\n", pad(inner)));
        conditions_lines(out, conditions, at, inner + 2, ctx);
    }
    if let Some(resources) = section(result, "resources") {
        out.push_str(&format!("{}resources:\n", pad(inner)));
        resources_lines(out, result, at, resources, stack_name, inner + 2, group, ctx);
    }
    if let Some(outputs) = section(result, "outputs") {
        out.push_str(&format!("{}outputs:\n", pad(inner)));
        outputs_lines(out, outputs, at, inner + 2, ctx);
    }
    let cloud = not_checked(result, inner + 2);
    if !cloud.is_empty() {
        out.push_str(&format!("{}not checked (needs a cloud):\n{cloud}", pad(inner)));
    }
}

/// Member names: runs of three or more consecutive numbers as `first..last`.
fn name_list(names: &[String]) -> String {
    name_parts(names).join(", ")
}

fn name_parts(names: &[String]) -> Vec<String> {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < names.len() {
        let mut j = i;
        while let (Some(a), Some(b)) =
            (names.get(j).and_then(|n| int_name(n)), names.get(j + 1).and_then(|n| int_name(n)))
        {
            if b != a + 1 {
                break;
            }
            j += 1;
        }
        match (names.get(i), names.get(j)) {
            (Some(a), Some(b)) if j >= i + 2 => parts.push(format!("{a}..{b}")),
            _ => parts.extend(names.iter().skip(i).take(j + 1 - i).cloned()),
        }
        i = j + 1;
    }
    parts
}

/// A member name that is a number as Heat writes it (no sign, no leading zero).
fn int_name(n: &str) -> Option<u64> {
    (n == "0" || (!n.starts_with('0') && !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit())))
        .then(|| n.parse().ok())
        .flatten()
}

/// True when `b` is `a` with some occurrences of `a_name` written `b_name`
/// (and nothing else different): a member that is the first one with its own
/// name (`%index%`, the stack name, …) in those places.
fn same_but_name(a: &str, a_name: &str, b: &str, b_name: &str) -> bool {
    let (a, b, an, bn) = (a.as_bytes(), b.as_bytes(), a_name.as_bytes(), b_name.as_bytes());
    if an.is_empty() || bn.is_empty() {
        return a == b;
    }
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if a[i..].starts_with(an) && b[j..].starts_with(bn) {
            i += an.len();
            j += bn.len();
        } else if a[i] == b[j] {
            i += 1;
            j += 1;
        } else {
            return false;
        }
    }
    i == a.len() && j == b.len()
}

/// What a cloud would have checked in one stack, grouped per parameter and per
/// resource: parameter constraints, then for each resource its property
/// constraints (Heat's property path) and the plugin checks that stopped where
/// they would ask a service. Entries of a resource whose nested stack is shown
/// (`app/server`) are left to that stack's own list.
fn not_checked(result: &Map, indent: usize) -> String {
    let nested = result.get_str("nested").and_then(Value::as_map);
    let shown_below = |resource: &str| {
        resource.split_once('/').is_some_and(|(first, _)| nested.is_some_and(|n| n.get_str(first).is_some()))
    };
    let records = |name: &str| result.get_str(name).and_then(Value::as_list).unwrap_or(&[]).to_vec();
    let field = |r: &Value, k: &str| r.as_map().and_then(|m| m.get_str(k)).and_then(Value::as_str).map(str::to_string);
    let mut params: Vec<(String, Vec<String>)> = Vec::new();
    /// One resource's entries: property path → constraints, and check lines.
    type Entries = (BTreeMap<String, Vec<String>>, Vec<String>);
    let mut resources: BTreeMap<String, Entries> = BTreeMap::new();
    for rec in records("skipped_constraints") {
        let Some(c) = field(&rec, "constraint") else { continue };
        if let Some(p) = field(&rec, "parameter") {
            match params.iter_mut().find(|(name, _)| *name == p) {
                Some((_, cs)) => cs.push(c),
                None => params.push((p, vec![c])),
            }
        } else if let (Some(res), Some(prop)) = (field(&rec, "resource"), field(&rec, "property")) {
            if shown_below(&res) {
                continue;
            }
            let cs = resources.entry(res).or_default().0.entry(prop).or_default();
            if !cs.contains(&c) {
                cs.push(c);
            }
        }
    }
    for rec in records("skipped_checks") {
        let (Some(res), Some(check), Some(service)) =
            (field(&rec, "resource"), field(&rec, "check"), field(&rec, "service"))
        else {
            continue;
        };
        if shown_below(&res) {
            continue;
        }
        let line = format!("check {check}: needs {service}");
        let checks = &mut resources.entry(res).or_default().1;
        if !checks.contains(&line) {
            checks.push(line);
        }
    }
    let mut out = String::new();
    for (name, cs) in params {
        out.push_str(&format!("{}parameter {name}: {}\n", pad(indent), cs.join(", ")));
    }
    for (name, (props, mut checks)) in resources {
        out.push_str(&format!("{}resource {name}:\n", pad(indent)));
        for (path, mut cs) in props {
            cs.sort_unstable();
            out.push_str(&format!("{}property {path}: {}\n", pad(indent + 2), cs.join(", ")));
        }
        checks.sort();
        for c in checks {
            out.push_str(&format!("{}{c}\n", pad(indent + 2)));
        }
    }
    out
}

/// A value on one line, as it is (no placeholders).
fn compact(v: &Value) -> String {
    value_text(v, Format::JsonLine)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_member_is_like_the_first_only_when_its_name_is_the_only_difference() {
        let first = "0 (\"db.yaml\")\n  name = \"db-0\"\n  size = 10\n  ip = \"10.0.0.5\"\n";
        let second = "1 (\"db.yaml\")\n  name = \"db-1\"\n  size = 10\n  ip = \"10.0.0.5\"\n";
        assert!(same_but_name(first, "0", second, "1"));
        // Not every `0` has to be the name (10, the address) ...
        assert!(same_but_name("size = 10, name = db-0", "0", "size = 10, name = db-1", "1"));
        // ... but each difference has to be one: 12 is not 10 with its 0 as 1.
        let changed = "1 (\"db.yaml\")\n  name = \"db-1\"\n  size = 12\n  ip = \"10.0.0.5\"\n";
        assert!(!same_but_name(first, "0", changed, "1"));
        // Anything else that differs.
        assert!(!same_but_name(first, "0", &second.replace("db.yaml", "dc.yaml"), "1"));
        assert!(!same_but_name(first, "0", &format!("{second}  extra\n"), "1"));
        // Longer names (index 12) and names that share a prefix (scaling-group ids).
        assert!(same_but_name("a-0-b", "0", "a-12-b", "12"));
        assert!(same_but_name("x ab12 y ab12", "ab12", "x ax34 y ax34", "ax34"));
        assert!(!same_but_name("x ab12 y", "ab12", "x ax34 y ab12", "ax34"));
    }

    #[test]
    fn member_names_and_paths_are_listed_compactly() {
        let names = |v: &[&str]| v.iter().map(|s| (*s).to_string()).collect::<Vec<_>>();
        assert_eq!(name_list(&names(&["1", "2"])), "1, 2");
        assert_eq!(name_list(&names(&["1", "2", "3", "5", "7", "8", "9", "10"])), "1..3, 5, 7..10");
        assert_eq!(name_list(&names(&["01", "02", "03"])), "01, 02, 03");
        assert_eq!(name_list(&names(&["abc", "def"])), "abc, def");
        assert_eq!(path_list(&names(&["g/0", "g/1", "g/2", "db", "h/x/4"])), "g/0..2, db, h/x/4");
        assert_eq!(path_list(&names(&["g/0", "g/2"])), "g/0, g/2");
    }
}
