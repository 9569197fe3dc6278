//! Display values: what a value computed from deploy-time inputs is shown as.
//!
//! Before a stack exists Heat resolves `get_attr` to null and `get_resource`
//! to the resource's name, so `list_join: ['-', [{get_attr: [s, name]}, x]]`
//! is `"-x"`. That stays the canonical result; this module computes a second,
//! display-only resolution of the same [`Expr`] in which a deploy-time input is
//! a [`Hole`] and stays one through every function:
//!
//! ```text
//! list_join: ['-', [{get_attr: [s, name]}, x]]           ⟨get_attr s name⟩-x
//! str_replace: {template: http://H:80, params: {H: ..}}   http://⟨get_attr lb vip⟩:80
//! map_merge: [{get_attr: [v, value]}, {a: 1}]             {"<<": ⟨get_attr v value⟩, a: 1}
//! list_concat: [[a], {get_attr: [g, refs]}]               [a, ...⟨get_attr g refs⟩]
//! yaql: {expression: $.data.x.len(), data: {x: ..}}       ⟨yaql over get_attr s name⟩
//! ```
//!
//! Strings are sequences of literal and placeholder [`Piece`]s; lists and maps
//! keep concrete items in place and list a deploy-time collection merged into
//! them as a spread ([`Part::Spread`]). Each function's rule is a column of
//! the function table ([`crate::functions::FnSpec::symbolic`]): a rule
//! that cannot express its result with the pieces it got (a deploy-time
//! delimiter, a JSON-encoded map with a placeholder inside) makes the whole
//! value one derived placeholder (`⟨list_join over get_attr g refs⟩`), never a
//! made-up concrete value.
//!
//! Invariants: a subtree with no deploy-time input is resolved by the real
//! evaluator (so its display is the canonical value); a display value exists
//! only where Heat's resolution of the same snippet succeeds; the work is
//! bounded by a step budget of its own ([`Stack::with_display_budget`]), so the
//! canonical result never depends on it. The engine computes display values
//! only for the snippets that carry a deploy-time mark.

use crate::eval::{self, Call, EvalError, Expr};
use crate::functions::str_replace::{self, Mode};
use crate::pyfmt::{json_dumps, JsonStyle};
use crate::stack::Stack;
use crate::value::Value;

/// A value Heat only knows once the stack exists, in a display value.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Hole {
    /// What it stands for (`get_attr server first_address`, `yaql over get_attr s a`).
    pub label: String,
    /// `true`: the deploy-time input itself; `false`: computed from one.
    pub exact: bool,
}

/// A piece of a string.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Piece {
    /// Known text.
    Lit(String),
    /// Deploy-time text.
    Hole(Hole),
}

/// An item of a list (or an entry of a map), or a whole deploy-time collection
/// merged in at that place (`list_concat`, `map_merge`).
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Part<T> {
    /// One item.
    One(T),
    /// The items of a deploy-time collection.
    Spread(Hole),
}

/// A display value.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Sym {
    /// Known: exactly the canonical value.
    Value(Value),
    /// Deploy-time as a whole.
    Hole(Hole),
    /// A string with at least one deploy-time piece.
    Text(Vec<Piece>),
    /// A list with a deploy-time item or spread.
    List(Vec<Part<Sym>>),
    /// A map with a deploy-time value or spread (keys are always known).
    Map(Vec<Part<(Value, Sym)>>),
}

/// How a function's display value is built when a deploy-time input reaches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Rule {
    /// A deploy-time input itself (`get_attr`, `get_resource`, `Ref`, the
    /// stack and project ids): a placeholder unless the request mocked it.
    Input,
    /// `if`: the branch chosen at parse time.
    Branch,
    /// `[delimiter, list, ...]` joined; `multi`: several lists, maps and lists as JSON.
    Join {
        /// `JoinMultiple` rather than `Join`.
        multi: bool,
    },
    /// `{template, params}` (`str_replace*`) or `[params, template]` (`Fn::Replace`).
    Replace {
        /// How params become text.
        mode: Mode,
        /// The CloudFormation argument order.
        cfn: bool,
    },
    /// Lists concatenated; a deploy-time list is a spread.
    Concat {
        /// `list_concat_unique`: known items deduplicated.
        unique: bool,
    },
    /// Maps merged, later keys win; a deploy-time map is a spread.
    Merge,
    /// Not expressible: the whole value is one derived placeholder.
    Opaque,
}

impl Sym {
    /// A string of pieces (adjacent literals merged; known text is a value).
    fn text(pieces: Vec<Piece>) -> Sym {
        let mut out: Vec<Piece> = Vec::with_capacity(pieces.len());
        for p in pieces {
            match (out.last_mut(), p) {
                (_, Piece::Lit(s)) if s.is_empty() => {}
                (Some(Piece::Lit(prev)), Piece::Lit(s)) => prev.push_str(&s),
                (_, p) => out.push(p),
            }
        }
        match out.as_slice() {
            [] => Sym::Value(Value::from("")),
            [Piece::Lit(s)] => Sym::Value(Value::from(s.as_str())),
            _ => Sym::Text(out),
        }
    }

    /// A list of parts (all known: a value).
    fn list(parts: Vec<Part<Sym>>) -> Sym {
        let known: Option<Vec<Value>> = parts
            .iter()
            .map(|p| match p {
                Part::One(Sym::Value(v)) => Some(v.clone()),
                _ => None,
            })
            .collect();
        match known {
            Some(items) => Sym::Value(Value::list(items)),
            None => Sym::List(parts),
        }
    }

    /// A map of parts (all known: a value).
    fn map(parts: Vec<Part<(Value, Sym)>>) -> Sym {
        let mut known = crate::value::Map::with_capacity(parts.len());
        for p in &parts {
            match p {
                Part::One((k, Sym::Value(v))) => {
                    let _ = known.insert(k.clone(), v.clone());
                }
                _ => return Sym::Map(parts),
            }
        }
        Sym::Value(Value::map(known))
    }

    /// The items, if this is a list (known or not).
    fn items(self) -> Option<Vec<Part<Sym>>> {
        match self {
            Sym::Value(Value::List(l)) => Some(l.iter().map(|v| Part::One(Sym::Value(v.clone()))).collect()),
            Sym::List(parts) => Some(parts),
            _ => None,
        }
    }

    /// The pieces of a string (`None` for anything else).
    fn pieces(self) -> Option<Vec<Piece>> {
        match self {
            Sym::Value(Value::Str(s)) => Some(vec![Piece::Lit(s.to_string())]),
            Sym::Text(pieces) => Some(pieces),
            Sym::Hole(h) => Some(vec![Piece::Hole(h)]),
            _ => None,
        }
    }
}

/// The label of a deploy-time input, or `None` when the call is known now
/// (a mocked resource, an ordinary parameter).
pub(crate) fn input_label(stack: &Stack, call: &Call) -> Option<String> {
    use crate::functions::Refers;
    let not_created = |name: &str| stack.resources.get(name).is_none_or(|r| !r.created);
    match call.spec.refers {
        Refers::Resource | Refers::ResourceOrParameter => {
            let name = call.args.as_str()?;
            let created = stack.resources.get(name).is_some_and(|r| r.created && r.reference_id.is_some());
            // `Ref` of a parameter is the parameter's value.
            let resource = call.spec.refers == Refers::Resource || stack.resources.contains_key(name);
            (resource && !created).then(|| format!("{} {name}", call.name))
        }
        Refers::Attribute => {
            let parts: Vec<String> = match &call.args {
                Expr::List(items, _) => items.iter().map(|e| crate::pyfmt::py_str(&e.to_value())).collect(),
                other => vec![crate::pyfmt::py_str(&other.to_value())],
            };
            let input = parts.first().is_some_and(|n| not_created(n))
                && !crate::functions::get_attr::computed_once_created(stack, call);
            input.then(|| format!("get_attr {}", parts.join(" ")))
        }
        Refers::Parameter if matches!(call.args.as_str(), Some("OS::stack_id" | "OS::project_id")) => {
            Some(format!("get_param {}", crate::pyfmt::py_str(&call.args.to_value())))
        }
        // A display evaluation's file named by URL (never fetched).
        _ if stack.mode.past_errors() && std::ptr::eq(call.spec, &crate::functions::get_file::GET_FILE) => call
            .args
            .as_str()
            .filter(|name| crate::functions::get_file::unfetched(stack, name))
            .map(|n| format!("{} {n}", call.name)),
        _ => None,
    }
}

/// A `get_param` (or `Ref`) of a parameter the parent stack gives a
/// deploy-time value ([`Stack::deploy_params`]): its display value as the
/// parent shows it, followed along a `get_param` path where the parts on the
/// way are known (a later `map_merge` spread or an earlier list spread makes
/// the rest unknown: one derived placeholder).
pub(crate) fn seeded(stack: &Stack, call: &Call) -> Option<Sym> {
    use crate::functions::Refers;
    if stack.deploy_params.is_empty() {
        return None;
    }
    let (name, path) = match (call.spec.refers, &call.args) {
        (Refers::Parameter, Expr::List(items, _)) => (items.first()?.as_str()?, items.get(1..).unwrap_or_default()),
        (Refers::Parameter, args) => (args.as_str()?, &[][..]),
        (Refers::ResourceOrParameter, args) if !stack.resources.contains_key(args.as_str()?) => {
            (args.as_str()?, &[][..])
        }
        _ => return None,
    };
    let whole = stack.deploy_params.get(name)?;
    let mut at = whole;
    for step in path {
        let unknown = || {
            let mut labels = Vec::new();
            hole_labels(whole, &mut labels);
            Some(Sym::Hole(Hole { label: format!("{} over {}", call.name, labels.join(", ")), exact: false }))
        };
        let Ok(key) = eval::resolve(stack, step) else { return unknown() };
        at = match at {
            Sym::Value(_) => break,
            Sym::Map(parts) => {
                let mut found = None;
                for p in parts {
                    match p {
                        Part::One((k, v)) if crate::pyfmt::py_str(k) == crate::pyfmt::py_str(&key) => found = Some(v),
                        Part::One(_) => {}
                        Part::Spread(_) => found = None,
                    }
                }
                match found {
                    Some(v) => v,
                    None => return unknown(),
                }
            }
            Sym::List(parts) => {
                let i = key.as_int().and_then(|i| usize::try_from(i).ok());
                let known = parts.iter().take(i.map_or(0, |i| i + 1)).all(|p| matches!(p, Part::One(_)));
                match (i.and_then(|i| parts.get(i)), known) {
                    (Some(Part::One(v)), true) => v,
                    _ => return unknown(),
                }
            }
            Sym::Hole(_) | Sym::Text(_) => return unknown(),
        };
    }
    match at {
        // A known part: the canonical value is right (no mark).
        Sym::Value(_) if !path.is_empty() => None,
        other => Some(other.clone()),
    }
}

/// The deploy-time inputs a display value is made of, in order, once each.
pub(crate) fn hole_labels(sym: &Sym, out: &mut Vec<String>) {
    fn add(h: &Hole, out: &mut Vec<String>) {
        if !out.contains(&h.label) {
            out.push(h.label.clone());
        }
    }
    match sym {
        Sym::Value(_) => {}
        Sym::Hole(h) => add(h, out),
        Sym::Text(pieces) => {
            for p in pieces {
                if let Piece::Hole(h) = p {
                    add(h, out);
                }
            }
        }
        Sym::List(parts) => {
            for p in parts {
                match p {
                    Part::One(s) => hole_labels(s, out),
                    Part::Spread(h) => add(h, out),
                }
            }
        }
        Sym::Map(parts) => {
            for p in parts {
                match p {
                    Part::One((_, s)) => hole_labels(s, out),
                    Part::Spread(h) => add(h, out),
                }
            }
        }
    }
}

/// The labels of the deploy-time inputs in a snippet, in order, once each.
pub(crate) fn input_labels(stack: &Stack, expr: &Expr) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    eval::for_each_call(expr, &mut |c| {
        if let Some(sym) = seeded(stack, c) {
            hole_labels(&sym, &mut out);
        } else if let Some(l) = input_label(stack, c) {
            if !out.contains(&l) {
                out.push(l);
            }
        }
    });
    out
}

/// The display value of a snippet that contains a deploy-time input, or
/// `None` when Heat's own resolution of it fails (or the display budget ran out).
pub(crate) fn display(stack: &Stack, expr: &Expr) -> Option<Sym> {
    stack.with_display_budget(|| {
        match eval::resolve(stack, expr) {
            // A display evaluation's value it does not have is a placeholder too.
            Err(e) if !e.is_unknown() => return None,
            _ => {}
        }
        resolve(stack, expr).ok()?.or(Some(Sym::Value(Value::Null)))
    })
}

/// Resolve symbolically; `None` is Heat's absent marker.
fn resolve(stack: &Stack, expr: &Expr) -> Result<Option<Sym>, EvalError> {
    stack.tick()?;
    match expr {
        Expr::Scalar(v) => Ok(Some(Sym::Value(v.clone()))),
        Expr::Absent => Ok(None),
        Expr::List(items, _) => {
            let mut parts = Vec::with_capacity(items.len());
            for item in items.iter() {
                if let Some(s) = resolve(stack, item)? {
                    parts.push(Part::One(s));
                }
            }
            Ok(Some(Sym::list(parts)))
        }
        Expr::Map(entries, _) => {
            let mut parts = Vec::with_capacity(entries.len());
            for (k, v) in entries.iter() {
                if let Some(s) = resolve(stack, v)? {
                    parts.push(Part::One((k.clone(), s)));
                }
            }
            Ok(Some(Sym::map(parts)))
        }
        Expr::Call(call) => {
            if input_labels(stack, expr).is_empty() {
                return Ok(eval::resolve_nullable(stack, expr)?.map(Sym::Value));
            }
            stack.enter()?;
            let out = resolve_call(stack, expr, call);
            stack.leave();
            out
        }
    }
}

fn resolve_call(stack: &Stack, expr: &Expr, call: &Call) -> Result<Option<Sym>, EvalError> {
    let built = match call.spec.symbolic {
        Rule::Input => match seeded(stack, call) {
            Some(sym) => Some(sym),
            None => match input_label(stack, call) {
                Some(label) => Some(Sym::Hole(Hole { label, exact: true })),
                None => return Ok(eval::resolve_nullable(stack, expr)?.map(Sym::Value)),
            },
        },
        Rule::Branch => return resolve(stack, &call.args),
        Rule::Join { multi } => join(stack, &call.args, multi)?,
        Rule::Replace { mode, cfn } => replace(stack, &call.name, &call.args, mode, cfn)?,
        Rule::Concat { unique } => concat(resolve(stack, &call.args)?, unique),
        Rule::Merge => merge(resolve(stack, &call.args)?),
        Rule::Opaque => None,
    };
    Ok(Some(built.unwrap_or_else(|| {
        Sym::Hole(Hole {
            label: format!("{} over {}", call.name, input_labels(stack, &call.args).join(", ")),
            exact: false,
        })
    })))
}

/// A known item of a join as text (`None`: Heat would refuse it).
fn join_text(v: &Value, multi: bool) -> Option<String> {
    match v {
        Value::Null => Some(String::new()),
        Value::Str(s) => Some(s.to_string()),
        Value::List(_) | Value::Map(_) if multi => json_dumps(v, JsonStyle::SORTED).ok(),
        _ => None,
    }
}

fn join(stack: &Stack, args: &Expr, multi: bool) -> Result<Option<Sym>, EvalError> {
    let Expr::List(items, _) = args else { return Ok(None) };
    let Some(Sym::Value(Value::Str(delim))) = resolve(stack, items.first().unwrap_or(&Expr::Absent))? else {
        return Ok(None);
    };
    let mut strings: Vec<Part<Sym>> = Vec::new();
    let lists = if multi { items.get(1..).unwrap_or_default() } else { items.get(1..2).unwrap_or_default() };
    for list in lists {
        match resolve(stack, list)? {
            None | Some(Sym::Value(Value::Null)) => {}
            Some(s) => match s.items() {
                Some(parts) => strings.extend(parts),
                None => return Ok(None),
            },
        }
    }
    let mut pieces = Vec::with_capacity(strings.len() * 2);
    for (i, part) in strings.into_iter().enumerate() {
        if i > 0 {
            pieces.push(Piece::Lit(delim.to_string()));
        }
        match part {
            Part::One(Sym::Value(v)) => match join_text(&v, multi) {
                Some(text) => pieces.push(Piece::Lit(text)),
                None => return Ok(None),
            },
            Part::One(s @ (Sym::Hole(_) | Sym::Text(_))) => pieces.extend(s.pieces().unwrap_or_default()),
            _ => return Ok(None),
        }
    }
    Ok(Some(Sym::text(pieces)))
}

fn replace(stack: &Stack, name: &str, args: &Expr, mode: Mode, cfn: bool) -> Result<Option<Sym>, EvalError> {
    let (template, params) = match (args, cfn) {
        (Expr::List(items, _), true) => (items.get(1), items.first()),
        (_, false) => (args.get("template"), args.get("params")),
        _ => return Ok(None),
    };
    let (Some(template), Some(params)) = (template, params) else { return Ok(None) };
    let Some(template) = resolve(stack, template)?.and_then(Sym::pieces) else { return Ok(None) };
    if template.iter().all(|p| matches!(p, Piece::Hole(_))) {
        // Nothing known to replace in.
        return Ok(None);
    }
    let params: Vec<(Value, Sym)> = match resolve(stack, params)? {
        Some(Sym::Value(Value::Map(m))) => m.iter().map(|(k, v)| (k.clone(), Sym::Value(v.clone()))).collect(),
        Some(Sym::Map(parts)) => {
            let mut out = Vec::with_capacity(parts.len());
            for p in parts {
                match p {
                    Part::One(kv) => out.push(kv),
                    Part::Spread(_) => return Ok(None),
                }
            }
            out
        }
        _ => return Ok(None),
    };
    let Ok(order) = str_replace::placeholder_order(params.iter().map(|(k, _)| k.clone()).collect()) else {
        return Ok(None);
    };
    let mut keys: Vec<(String, Vec<Piece>)> = Vec::with_capacity(order.len());
    for key in &order {
        let (Some(k), Some((_, value))) = (key.as_str(), params.iter().find(|(k, _)| k.py_eq(key))) else {
            return Ok(None);
        };
        let pieces = match value {
            Sym::Value(v) => match str_replace::replacement(name, mode, v, k) {
                Ok(text) => vec![Piece::Lit(text)],
                Err(_) => return Ok(None),
            },
            other => match other.clone().pieces() {
                Some(p) => p,
                None => return Ok(None),
            },
        };
        keys.push((k.to_string(), pieces));
    }
    Ok(Some(Sym::text(replace_pieces(stack, &template, &keys)?)))
}

/// Heat's replacement on pieces: split the known text at the longest
/// placeholder, replace the rest in each part, join with its value (values
/// are never scanned again; a placeholder never spans a deploy-time piece).
fn replace_pieces(stack: &Stack, pieces: &[Piece], keys: &[(String, Vec<Piece>)]) -> Result<Vec<Piece>, EvalError> {
    let Some(((key, value), rest)) = keys.split_first() else { return Ok(pieces.to_vec()) };
    let mut segments: Vec<Vec<Piece>> = vec![Vec::new()];
    for p in pieces {
        stack.tick()?;
        match p {
            Piece::Lit(s) => {
                for (i, part) in s.split(key.as_str()).enumerate() {
                    if i > 0 {
                        segments.push(Vec::new());
                    }
                    if let Some(seg) = segments.last_mut() {
                        seg.push(Piece::Lit(part.to_string()));
                    }
                }
            }
            hole => {
                if let Some(seg) = segments.last_mut() {
                    seg.push(hole.clone());
                }
            }
        }
    }
    let mut out = Vec::new();
    for (i, seg) in segments.iter().enumerate() {
        if i > 0 {
            out.extend(value.iter().cloned());
        }
        out.extend(replace_pieces(stack, seg, rest)?);
    }
    Ok(out)
}

fn concat(args: Option<Sym>, unique: bool) -> Option<Sym> {
    let mut out: Vec<Part<Sym>> = Vec::new();
    for list in args?.items()? {
        match list {
            Part::One(Sym::Value(Value::Null)) => {}
            Part::One(Sym::Hole(h)) | Part::Spread(h) => out.push(Part::Spread(h)),
            Part::One(s) => out.extend(s.items()?),
        }
    }
    if unique {
        let mut kept: Vec<Part<Sym>> = Vec::with_capacity(out.len());
        for part in out {
            let seen = |k: &Part<Sym>| matches!((k, &part), (Part::One(Sym::Value(a)), Part::One(Sym::Value(b))) if a.py_eq(b));
            if !kept.iter().any(seen) {
                kept.push(part);
            }
        }
        out = kept;
    }
    Some(Sym::list(out))
}

fn merge(args: Option<Sym>) -> Option<Sym> {
    let mut out: Vec<Part<(Value, Sym)>> = Vec::new();
    for map in args?.items()? {
        let entries = match map {
            Part::One(Sym::Value(Value::Null)) => continue,
            Part::One(Sym::Hole(h)) | Part::Spread(h) => vec![Part::Spread(h)],
            Part::One(Sym::Value(Value::Map(m))) => {
                m.iter().map(|(k, v)| Part::One((k.clone(), Sym::Value(v.clone())))).collect()
            }
            Part::One(Sym::Map(parts)) => parts,
            Part::One(_) => return None,
        };
        for entry in entries {
            // A later key replaces the value in place, as a Python dict does.
            let slot = match &entry {
                Part::One((k, _)) => out.iter_mut().find(|p| matches!(p, Part::One((old, _)) if old.py_eq(k))),
                Part::Spread(_) => None,
            };
            match slot {
                Some(slot) => *slot = entry,
                None => out.push(entry),
            }
        }
    }
    Some(Sym::map(out))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::{Format, ResultView};
    use crate::engine::evaluate;
    use crate::model::diag::PathItem;
    use crate::model::Request;

    const HEAD: &str = "heat_template_version: 2021-04-16\nresources:\n  server: {type: OS::Nova::Server, properties: {flavor: f, image: i}}\n  lb: {type: OS::Octavia::LoadBalancer, properties: {vip_subnet: s}}\n  RoleParametersValue: {type: OS::Heat::Value, properties: {value: {a: 1}}}\n  g: {type: OS::Heat::ResourceGroup, properties: {count: 2, resource_def: {type: OS::Heat::None}}}\n";

    fn output_path() -> Vec<PathItem> {
        ["outputs", "o", "value"].iter().map(|k| PathItem::Key((*k).into())).collect()
    }

    /// The output `o = expr` (with `HEAD`'s resources) as the page shows it,
    /// with the text each mark covers; and the canonical value as JSON.
    fn shown_request(req: &Request, format: Format) -> (String, Vec<(String, bool)>, String) {
        let ev = evaluate(req);
        assert!(ev.result.error.is_none(), "{:?}", ev.result.error);
        let out = ev.result.outputs.get("o").unwrap();
        assert!(out.error.is_none(), "{:?}", out.error);
        let view = ResultView::new(&ev);
        let r = view.render(&output_path(), format).unwrap();
        let marks = r.marks.iter().map(|m| (r.text[m.start as usize..m.end as usize].to_string(), m.exact)).collect();
        (r.text, marks, crate::pyfmt::json_dumps(&out.value, JsonStyle::PLAIN).unwrap())
    }

    fn shown(expr: &str) -> (String, Vec<(String, bool)>, String) {
        shown_request(&Request::new(format!("{HEAD}outputs:\n  o: {{value: {expr}}}\n")), Format::JsonLine)
    }

    #[test]
    fn joins_keep_the_placeholder_in_place() {
        let (text, marks, canonical) = shown("{list_join: ['-', [{get_attr: [server, name]}, x]]}");
        assert_eq!(text, "\"⟨get_attr server name⟩-x\"");
        assert_eq!(marks, vec![("⟨get_attr server name⟩".to_string(), true)]);
        assert_eq!(canonical, "\"-x\"", "the canonical value stays Heat's");
        // Several lists, maps as JSON, get_resource.
        let (text, ..) = shown("{list_join: [',', [a, {get_resource: server}], [{k: 1}]]}");
        assert_eq!(text, r#""a,⟨get_resource server⟩,{\"k\": 1}""#);
    }

    #[test]
    fn cfn_join_and_replace() {
        let t = "HeatTemplateFormatVersion: '2012-12-12'\nResources:\n  s: {Type: OS::Nova::Server, Properties: {flavor: f, image: i}}\nOutputs:\n  o: {Value: {'Fn::Join': ['', ['http://', {'Fn::GetAtt': [s, first_address]}, ':80']]}}\n  r: {Value: {'Fn::Replace': [{H: {'Fn::GetAtt': [s, first_address]}}, 'http://H/']}}\n  i: {Value: {'Fn::Join': ['', [id=, {Ref: s}]]}}\n";
        let ev = evaluate(&Request::new(t));
        let view = ResultView::new(&ev);
        let at = |o: &str| {
            let path: Vec<PathItem> = ["outputs", o, "value"].iter().map(|k| PathItem::Key((*k).into())).collect();
            view.render(&path, Format::JsonLine).unwrap().text
        };
        assert_eq!(at("o"), "\"http://⟨get_attr s first_address⟩:80\"");
        assert_eq!(at("r"), "\"http://⟨get_attr s first_address⟩/\"");
        assert_eq!(at("i"), "\"id=⟨Ref s⟩\"");
    }

    #[test]
    fn str_replace_with_the_placeholder_in_a_param_or_in_the_template() {
        let (text, marks, canonical) =
            shown("{str_replace: {template: 'http://HOST:80', params: {HOST: {get_attr: [lb, vip_address]}}}}");
        assert_eq!(text, "\"http://⟨get_attr lb vip_address⟩:80\"");
        assert_eq!(marks.len(), 1);
        assert_eq!(canonical, "\"http://:80\"");
        let (text, ..) = shown(
            "{str_replace_strict: {template: {list_join: ['', ['http://', {get_attr: [lb, vip_address]}, ':PORT']]}, params: {PORT: 80}}}",
        );
        assert_eq!(text, "\"http://⟨get_attr lb vip_address⟩:80\"");
        // Longest placeholder first; a replacement is never scanned again.
        let (text, ..) = shown("{str_replace: {template: 'a ab', params: {a: {get_attr: [server, name]}, ab: X}}}");
        assert_eq!(text, "\"⟨get_attr server name⟩ X\"");
    }

    #[test]
    fn lists_keep_the_item_in_place_and_concat_lists_a_deploy_time_list() {
        let (text, marks, canonical) =
            shown("{list_concat: [[a, {get_attr: [server, name]}], {get_attr: [g, refs]}, [b]]}");
        assert_eq!(text, "[\"a\", \"⟨get_attr server name⟩\", \"...⟨get_attr g refs⟩\", \"b\"]");
        assert_eq!(marks.len(), 2);
        assert_eq!(canonical, "[\"a\", null, \"b\"]");
        let (text, ..) = shown("{list_concat_unique: [[a, a], [{get_resource: server}, a]]}");
        assert_eq!(text, "[\"a\", \"⟨get_resource server⟩\"]");
    }

    #[test]
    fn map_merge_lists_the_deploy_time_map_it_merges() {
        let (text, marks, canonical) =
            shown("{map_merge: [{a: 1, b: 2}, {get_attr: [RoleParametersValue, value]}, {b: 3, c: {get_attr: [server, name]}}]}");
        assert_eq!(
            text,
            "{\"a\": 1, \"b\": 3, \"<<\": \"⟨get_attr RoleParametersValue value⟩\", \"c\": \"⟨get_attr server name⟩\"}"
        );
        assert_eq!(marks.len(), 2);
        assert_eq!(canonical, "{\"a\": 1, \"b\": 3, \"c\": null}");
        // In YAML the merged map is a `<<` entry.
        let req = Request::new(format!(
            "{HEAD}outputs:\n  o:\n    value:\n      config_settings:\n        map_merge:\n          - {{get_attr: [RoleParametersValue, value]}}\n          - {{x: y}}\n"
        ));
        let (text, ..) = shown_request(&req, Format::Yaml);
        assert_eq!(text, "config_settings:\n  \"<<\": ⟨get_attr RoleParametersValue value⟩\n  x: y\n");
    }

    #[test]
    fn attribute_paths_if_and_mocks() {
        let (text, ..) = shown("{get_attr: [server, networks, private, 0]}");
        assert_eq!(text, "\"⟨get_attr server networks private 0⟩\"");
        // `if` picks its branch at parse time; the other branch is never shown.
        let t = format!("{HEAD}conditions:\n  c: true\noutputs:\n  o: {{value: {{list_join: ['', [{{if: [c, {{get_attr: [server, name]}}, n]}}, '!']]}}}}\n");
        let (text, ..) = shown_request(&Request::new(t), Format::JsonLine);
        assert_eq!(text, "\"⟨get_attr server name⟩!\"");
        // A mocked attribute is a real value.
        let mut req = Request::new(format!(
            "{HEAD}outputs:\n  o: {{value: {{list_join: ['-', [{{get_attr: [server, name]}}, x]]}}}}\n"
        ));
        req.playground.attributes.insert("server".into(), {
            let mut m = crate::value::Map::new();
            m.insert_str("name", Value::from("web"));
            m
        });
        let (text, marks, _) = shown_request(&req, Format::JsonLine);
        assert_eq!((text.as_str(), marks.len()), ("\"web-x\"", 0));
    }

    #[test]
    fn an_absent_item_moves_the_later_marks_up() {
        // `if` without a false branch drops the item: the placeholder is at index 0.
        let t = format!("{HEAD}conditions:\n  c: false\noutputs:\n  o: {{value: [{{if: [c, x]}}, {{get_attr: [server, name]}}, {{list_join: ['', [{{get_resource: server}}, '!']]}}]}}\n");
        let (text, marks, canonical) = shown_request(&Request::new(t), Format::JsonLine);
        assert_eq!(text, "[\"⟨get_attr server name⟩\", \"⟨get_resource server⟩!\"]");
        assert_eq!(marks.len(), 2);
        assert_eq!(canonical, "[null, \"server!\"]");
    }

    #[test]
    fn what_cannot_be_expressed_is_one_derived_placeholder() {
        let (text, marks, _) = shown("{yaql: {expression: '$.data.l.len()', data: {l: [{get_attr: [server, name]}]}}}");
        assert_eq!(text, "\"⟨yaql over get_attr server name⟩\"");
        assert_eq!(marks, vec![("⟨yaql over get_attr server name⟩".to_string(), false)]);
        let (text, ..) = shown("{str_split: [',', {get_attr: [server, name]}]}");
        assert_eq!(text, "\"⟨str_split over get_attr server name⟩\"");
        // Inside a string the derived value is one piece.
        let (text, _, canonical) =
            shown("{list_join: ['', [n=, {yaql: {expression: 'str($.data.l.len())', data: {l: [{get_attr: [server, name]}]}}}]]}");
        assert_eq!(text, "\"n=⟨yaql over get_attr server name⟩\"");
        assert_eq!(canonical, "\"n=1\"");
        // A deploy-time list given to list_join cannot be spelled out.
        let (text, ..) = shown("{list_join: [',', {get_attr: [g, refs]}]}");
        assert_eq!(text, "\"⟨list_join over get_attr g refs⟩\"");
        // Nor a placeholder inside a map Heat writes as JSON text.
        let (text, ..) = shown("{str_replace: {template: v=V, params: {V: {k: {get_attr: [server, name]}}}}}");
        assert_eq!(text, "\"⟨str_replace over get_attr server name⟩\"");
    }

    #[test]
    fn pseudo_parameters_and_errors() {
        let (text, ..) = shown("{list_join: [/, [{get_param: OS::stack_id}, x]]}");
        assert_eq!(text, "\"⟨get_param OS::stack_id⟩/x\"");
        // Where Heat's resolution fails only for the null before creation, the
        // error stays Heat's answer, the output is checked at deploy time and
        // shows its display value.
        let ev = evaluate(&Request::new(format!(
            "{HEAD}outputs:\n  o: {{value: {{str_replace_vstrict: {{template: H, params: {{H: {{get_attr: [server, name]}}}}}}}}}}\n"
        )));
        assert!(ev.result.outputs.get("o").unwrap().error.is_some());
        assert_eq!(ev.deploy_time.len(), 1, "{:?}", ev.deploy_time);
        assert!(!ev.fails() && !ev.display.is_empty());
    }

    /// Whether a display value agrees with Heat's canonical value: known
    /// parts written identically, known text of a string found in order,
    /// lists and maps with the same items and keys (a spread is what Heat
    /// drops: null), placeholders standing for anything.
    fn agrees(shown: &Sym, canonical: &Value) -> bool {
        let text = |v: &Value| crate::api::value_text(v, Format::JsonLine);
        match (shown, canonical) {
            (Sym::Value(v), c) => text(v) == text(c),
            (Sym::Hole(_), _) => true,
            (Sym::Text(pieces), Value::Str(s)) => {
                let mut rest: &str = s;
                let last = pieces.len().saturating_sub(1);
                for (i, p) in pieces.iter().enumerate() {
                    let Piece::Lit(lit) = p else { continue };
                    let at = match (i, i == last) {
                        (0, _) => rest.starts_with(lit.as_str()).then_some(0),
                        (_, true) => rest.ends_with(lit.as_str()).then(|| rest.len() - lit.len()),
                        _ => rest.find(lit.as_str()),
                    };
                    let Some(at) = at else { return false };
                    rest = &rest[at + lit.len()..];
                }
                true
            }
            (Sym::List(parts), Value::List(items)) => {
                let ones: Vec<&Sym> =
                    parts.iter().filter_map(|p| if let Part::One(s) = p { Some(s) } else { None }).collect();
                ones.len() == items.len() && ones.iter().zip(items.iter()).all(|(s, v)| agrees(s, v))
            }
            (Sym::Map(parts), Value::Map(m)) => {
                let ones: Vec<&(Value, Sym)> =
                    parts.iter().filter_map(|p| if let Part::One(kv) = p { Some(kv) } else { None }).collect();
                ones.len() == m.len()
                    && ones.iter().zip(m.iter()).all(|((k, s), (ck, cv))| k.py_eq(ck) && agrees(s, cv))
            }
            _ => false,
        }
    }

    #[test]
    fn agreement_is_checked() {
        let hole = || Piece::Hole(Hole { label: "get_attr s a".into(), exact: true });
        let text = Sym::Text(vec![Piece::Lit("http://".into()), hole(), Piece::Lit(":80".into())]);
        assert!(agrees(&text, &Value::from("http://:80")));
        assert!(!agrees(&text, &Value::from("http://:8080/")));
        let list = Sym::List(vec![
            Part::One(Sym::Value(Value::Int(1))),
            Part::Spread(Hole { label: "x".into(), exact: true }),
        ]);
        assert!(agrees(&list, &Value::list(vec![Value::Int(1)])));
        assert!(!agrees(&list, &Value::list(vec![Value::Float(1.0)])), "1 is not 1.0 in the text");
    }

    /// The invariant over every corpus-full case and golden case: with
    /// nothing deploy-time the display is the canonical text, and every
    /// display value agrees with Heat's value.
    #[test]
    fn display_equals_canonical_where_nothing_is_deploy_time() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let (mut cases, mut symbolic) = (0, 0);
        for dir in [root.join("../../shared/conformance/corpus-full"), root.join("tests/golden")] {
            let Ok(entries) = std::fs::read_dir(&dir) else {
                eprintln!("skipped {}: absent (../shared is not checked out beside this clone)", dir.display());
                continue;
            };
            let mut files: Vec<_> = entries.flatten().map(|e| e.path()).collect();
            files.sort();
            for file in files {
                let name = file.to_string_lossy().to_string();
                if !name.ends_with(".json") || name.ends_with(".expected.json") {
                    continue;
                }
                let Ok(req) = Request::from_json(&std::fs::read_to_string(&file).unwrap()) else { continue };
                let ev = evaluate(&req);
                if ev.shown.is_some() {
                    // Heat refused it: the panes show the display evaluation,
                    // whose values are not Heat's (engine/display_tests.rs).
                    continue;
                }
                let view = ResultView::new(&ev);
                let canonical = view.value(&[]).unwrap();
                let shown = view.shown(&[]).unwrap();
                assert!(agrees(&shown, canonical), "{name}: the display disagrees with Heat's value");
                if ev.display.is_empty() && ev.deferred.is_empty() {
                    let plain = crate::api::value_text(canonical, Format::Yaml);
                    assert_eq!(view.render(&[], Format::Yaml).unwrap().text, plain, "{name}");
                } else {
                    symbolic += usize::from(!ev.display.is_empty());
                }
                cases += 1;
            }
        }
        eprintln!("{cases} cases, {symbolic} with values built from deploy-time ones");
    }

    #[test]
    fn a_nested_stack_parameter_given_a_deploy_time_value_stays_one() {
        let parent = "heat_template_version: 2021-04-16\nresources:\n  server: {type: OS::Nova::Server, properties: {flavor: f, image: i}}\n  child:\n    type: child.yaml\n    properties:\n      name: {get_attr: [server, name]}\n      addr: {list_join: ['-', [{get_attr: [server, first_address]}, x]]}\n      cfg: {map_merge: [{get_attr: [server, show]}, {a: 1}]}\n      secret: {get_attr: [server, name]}\n      plain: p\n";
        let child = "heat_template_version: 2021-04-16\nparameters:\n  name: {type: string}\n  addr: {type: string}\n  cfg: {type: json}\n  secret: {type: string, hidden: true}\n  plain: {type: string}\nresources:\n  r:\n    type: OS::Heat::Value\n    properties:\n      value: {str_replace: {template: 'N at A', params: {N: {get_param: name}, A: {get_param: addr}}}}\n  known: {type: OS::Heat::Value, properties: {value: {get_param: [cfg, a]}}}\n  unknown: {type: OS::Heat::Value, properties: {value: {get_param: [cfg, b]}}}\n  g: {type: grand.yaml, properties: {who: {get_param: name}}}\n";
        let grand = "heat_template_version: 2021-04-16\nparameters:\n  who: {type: string}\noutputs:\n  o: {value: {get_param: who}}\n";
        let mut req = Request::new(parent.to_string());
        req.inputs.files.insert("child.yaml".into(), Some(child.into()));
        req.inputs.files.insert("grand.yaml".into(), Some(grand.into()));
        let ev = evaluate(&req);
        assert!(ev.result.error.is_none(), "{:?}", ev.result.error);
        let view = ResultView::new(&ev);
        let show = |path: &str| {
            let steps: Vec<PathItem> = path.split('/').map(|k| PathItem::Key(k.into())).collect();
            let r = view.render(&steps, Format::JsonLine).unwrap();
            let marks: Vec<(String, bool)> =
                r.marks.iter().map(|m| (r.text[m.start as usize..m.end as usize].to_string(), m.exact)).collect();
            (r.text, marks)
        };
        let p = "nested/child/parameters/";
        assert_eq!(
            show(&format!("{p}name")),
            ("\"⟨get_attr server name⟩\"".into(), vec![("⟨get_attr server name⟩".into(), true)])
        );
        assert_eq!(show(&format!("{p}addr")).0, "\"⟨get_attr server first_address⟩-x\"");
        assert_eq!(show(&format!("{p}cfg")).0, r#"{"<<": "⟨get_attr server show⟩", "a": 1}"#);
        assert_eq!(show(&format!("{p}plain")), ("\"p\"".into(), vec![]));
        // A hidden parameter keeps its canonical (masked by the page) value.
        assert!(show(&format!("{p}secret")).1.is_empty());
        let r = "nested/child/resources/";
        assert_eq!(
            show(&format!("{r}r/properties/value")).0,
            "\"⟨get_attr server name⟩ at ⟨get_attr server first_address⟩-x\""
        );
        // A path into the map: a key no deploy-time map can override is known.
        assert_eq!(show(&format!("{r}known/properties/value")), ("1".into(), vec![]));
        assert_eq!(show(&format!("{r}unknown/properties/value")).0, "\"⟨get_param over get_attr server show⟩\"");
        // And through a grandchild.
        assert_eq!(show("nested/child/nested/g/outputs/o/value").0, "\"⟨get_attr server name⟩\"");
        // The canonical result is Heat's.
        assert_eq!(ev.result.nested["child"].parameters.get_str("name"), Some(&Value::from("")));
    }

    #[test]
    fn the_display_budget_is_separate_and_bounded() {
        let stack = Stack::new(crate::version::HotVersion::V2021_04_16);
        stack.set_budget(7);
        let left = stack.with_display_budget(|| {
            let _ = stack.spend(3);
            stack.spend(u64::MAX).is_err()
        });
        assert!(left, "the display budget runs out");
        // The evaluation's budget is untouched.
        assert!(stack.spend(7).is_ok() && stack.spend(1).is_err());
    }
}
