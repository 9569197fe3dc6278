//! Rendering for terminals: a readable report, and YAML output.

use hotplate_core::pyfmt::{json_dumps, JsonStyle};
use hotplate_core::{Evaluation, Value};

/// The readable report: parameters, conditions, resources, outputs, diagnostics.
pub fn text(ev: &Evaluation) -> String {
    let mut out = String::new();
    let r = &ev.result;
    // Deploy-time values shown as ⟨placeholders⟩, never as if they were data.
    let shown = hotplate_core::api::result_with_placeholders(ev);
    let shown_map = shown.as_map();
    let section = |name: &str| shown_map.and_then(|m| m.get_str(name)).and_then(Value::as_map).cloned();
    out.push_str(&format!("template version: {}\n", r.template_version.as_deref().unwrap_or("(unknown)")));
    if !r.parameters.is_empty() {
        out.push_str("\nparameters:\n");
        for (k, v) in r.parameters.iter() {
            let name = hotplate_core::pyfmt::py_str(k);
            let info = ev.param_info.iter().find(|p| p.name == name);
            let shown = if info.is_some_and(|p| p.hidden) { "******".to_string() } else { compact(v) };
            let source = info.map(|p| match (&p.source, &p.file) {
                (_, Some(f)) => format!("  ({f})"),
                (hotplate_core::engine::parameters::ValueSource::Default, None) => "  (template default)".into(),
                _ => String::new(),
            });
            out.push_str(&format!("  {name} = {shown}{}\n", source.unwrap_or_default()));
        }
    }
    if !r.conditions.is_empty() {
        out.push_str("\nconditions:\n");
        for (k, v) in r.conditions.iter() {
            out.push_str(&format!("  {} = {}\n", hotplate_core::pyfmt::py_str(k), compact(v)));
        }
    }
    if let Some(resources) = section("resources").filter(|m| !m.is_empty()) {
        out.push_str("\nresources:\n");
        for (k, v) in resources.iter() {
            let name = hotplate_core::pyfmt::py_str(k);
            let m = v.as_map();
            let ty = m.and_then(|m| m.get_str("type")).map(compact).unwrap_or_default();
            let enabled = m.and_then(|m| m.get_str("enabled")).is_some_and(Value::truthy);
            if !enabled {
                out.push_str(&format!("  {name} ({ty}): removed by its condition\n"));
                continue;
            }
            out.push_str(&format!("  {name} ({ty})\n"));
            if let Some(m) = m {
                for field in ["properties", "metadata", "requires", "deletion_policy", "update_policy"] {
                    if let Some(v) = m.get_str(field) {
                        if v.truthy() {
                            out.push_str(&format!("    {field}: {}\n", compact(v)));
                        }
                    }
                }
            }
        }
    }
    if let Some(outputs) = section("outputs").filter(|m| !m.is_empty()) {
        out.push_str("\noutputs:\n");
        for (k, o) in outputs.iter() {
            let name = hotplate_core::pyfmt::py_str(k);
            let o = o.as_map();
            match o.and_then(|o| o.get_str("error")).and_then(Value::as_str) {
                Some(e) => out.push_str(&format!("  {name}: error: {e}\n")),
                None => out.push_str(&format!(
                    "  {name} = {}\n",
                    o.and_then(|o| o.get_str("value")).map(compact).unwrap_or_default()
                )),
            }
        }
    }
    if ev.deferred.iter().any(|d| d.exact) {
        out.push_str("\n  ⟨…⟩ marks values Heat only knows once the stack is created.\n");
    }
    out.push_str(&not_checked(r));
    if !ev.diagnostics.is_empty() {
        out.push_str("\ndiagnostics:\n");
        // In source order (the engine lists them in the order it found them).
        let mut sorted: Vec<_> = ev.diagnostics.iter().collect();
        sorted.sort_by_key(|d| d.span.map_or((u32::MAX, u32::MAX), |s| (s.source.0, s.start)));
        for d in sorted {
            out.push_str(&d.render(&ev.sources));
        }
    }
    if let Some(e) = &r.error {
        out.push_str(&format!("\nHeat would refuse this stack: {}: {}\n", e.kind, e.message));
    }
    out
}

/// What a cloud would have checked, grouped per parameter and per resource:
/// parameter constraints, then for each resource its property constraints (Heat's
/// property path) and the plugin checks that stopped where they would ask a service.
fn not_checked(r: &hotplate_core::HeatResult) -> String {
    use std::collections::BTreeMap;
    let mut params: Vec<(&str, Vec<&str>)> = Vec::new();
    for (p, c) in &r.skipped_constraints {
        match params.iter_mut().find(|(name, _)| name == p) {
            Some((_, cs)) => cs.push(c),
            None => params.push((p, vec![c])),
        }
    }
    /// One resource's entries: property path → constraints, and check lines.
    type Entries<'r> = (BTreeMap<&'r str, Vec<&'r str>>, Vec<String>);
    let mut resources: BTreeMap<&str, Entries<'_>> = BTreeMap::new();
    for s in &r.skipped_properties {
        let cs = resources.entry(&s.resource).or_default().0.entry(&s.property).or_default();
        if !cs.contains(&s.constraint.as_str()) {
            cs.push(&s.constraint);
        }
    }
    for c in &r.skipped_checks {
        let line = format!("check {}: needs {}", c.check, c.service);
        let checks = &mut resources.entry(&c.resource).or_default().1;
        if !checks.contains(&line) {
            checks.push(line);
        }
    }
    if params.is_empty() && resources.is_empty() {
        return String::new();
    }
    let mut out = String::from("\nnot checked (needs a cloud):\n");
    for (name, cs) in params {
        out.push_str(&format!("  parameter {name}: {}\n", cs.join(", ")));
    }
    for (name, (props, mut checks)) in resources {
        out.push_str(&format!("  resource {name}:\n"));
        for (path, mut cs) in props {
            cs.sort_unstable();
            out.push_str(&format!("    property {path}: {}\n", cs.join(", ")));
        }
        checks.sort();
        for c in checks {
            out.push_str(&format!("    {c}\n"));
        }
    }
    out
}

fn compact(v: &Value) -> String {
    json_dumps(v, JsonStyle { sort_keys: false, ensure_ascii: false, indent: None, nonfinite_as_strings: true })
        .unwrap_or_default()
}

/// A small YAML emitter for result values (block style, JSON-quoted strings).
pub fn to_yaml(v: &Value) -> String {
    let mut out = String::new();
    emit(&mut out, v, 0, false);
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out
}

fn scalar(v: &Value) -> String {
    match v {
        Value::Str(s) => {
            let plain = !s.is_empty()
                && s.chars().all(|c| c.is_ascii_alphanumeric() || "_-./".contains(c))
                && !matches!(
                    s.to_ascii_lowercase().as_str(),
                    "yes" | "no" | "on" | "off" | "true" | "false" | "null" | "~"
                )
                && s.parse::<f64>().is_err()
                && hotplate_core::syntax::plain_scalar_is_string(s);
            if plain {
                s.to_string()
            } else {
                compact(v)
            }
        }
        other => compact(other),
    }
}

fn emit(out: &mut String, v: &Value, indent: usize, inline_first: bool) {
    let pad = " ".repeat(indent);
    match v {
        Value::Map(m) if !m.is_empty() => {
            for (i, (k, val)) in m.iter().enumerate() {
                if !(inline_first && i == 0) {
                    out.push_str(&pad);
                }
                out.push_str(&scalar(&Value::from(hotplate_core::pyfmt::py_str(k))));
                out.push(':');
                match val {
                    Value::Map(mm) if !mm.is_empty() => {
                        out.push('\n');
                        emit(out, val, indent + 2, false);
                    }
                    Value::List(l) if !l.is_empty() => {
                        out.push('\n');
                        emit(out, val, indent + 2, false);
                    }
                    other => {
                        out.push(' ');
                        out.push_str(&scalar(other));
                        out.push('\n');
                    }
                }
            }
        }
        Value::List(l) if !l.is_empty() => {
            for item in l.iter() {
                out.push_str(&pad);
                out.push_str("- ");
                match item {
                    Value::Map(mm) if !mm.is_empty() => emit(out, item, indent + 2, true),
                    Value::List(ll) if !ll.is_empty() => {
                        out.push('\n');
                        emit(out, item, indent + 2, false);
                    }
                    other => {
                        out.push_str(&scalar(other));
                        out.push('\n');
                    }
                }
            }
        }
        other => {
            out.push_str(&pad);
            out.push_str(&scalar(other));
            out.push('\n');
        }
    }
}
