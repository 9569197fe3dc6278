//! The CloudFormation functions: those HOT 2013-05-23 still understands
//! (`Fn::Select` (until 2015-04-30), `Fn::Join`, `Fn::Split`, `Fn::Replace`,
//! `Fn::Base64`, `Fn::MemberListToMap`, `Fn::GetAZs`, `Fn::ResourceFacade`,
//! `Ref`), and those only CloudFormation-format templates have (`Fn::GetAtt`,
//! `Fn::FindInMap`, `Fn::Not`, `Ref` in conditions; `Fn::If`, `Fn::Equals`,
//! `Fn::And`, `Fn::Or` share the HOT implementations). Kept in one file: they
//! are legacy and share little with the HOT functions.

use std::rc::Rc;

use crate::eval::{resolve as resolve_expr, EvalError, Expr};
use crate::functions::str_replace;
use crate::pyconv::{json_loads, py_int};
use crate::stack::{py_index, Stack};
use crate::value::{Map, Value};

/// `Fn::Select` constructor: `[index, collection]`.
pub fn check_select(args: &Expr) -> Result<(), EvalError> {
    match args {
        Expr::List(items, _) if items.len() == 2 => Ok(()),
        Expr::Map(entries, _) if entries.len() == 2 => Ok(()),
        _ => Err(EvalError::value("Arguments to \"Fn::Select\" must be of the form [index, collection]")),
    }
}

/// `Fn::Select`.
pub fn resolve_select(stack: &Stack, args: &Expr) -> Result<Value, EvalError> {
    let Expr::List(items, _) = args else { return Ok(Value::from("")) };
    let index = match items.first() {
        Some(e) => resolve_expr(stack, e)?,
        None => Value::Null,
    };
    let mut strings = match items.get(1) {
        Some(e) => resolve_expr(stack, e)?,
        None => Value::Null,
    };
    if strings.as_str() == Some("") {
        return Ok(Value::from(""));
    }
    if let Value::Str(s) = &strings {
        strings = json_loads(s).map_err(|e| EvalError::value(format!("\"Fn::Select\": {e}")))?;
    }
    if let Value::Map(m) = &strings {
        let Value::Str(_) = index else {
            return Err(EvalError::type_error("Index to \"Fn::Select\" must be a string"));
        };
        return Ok(m.get(&index).cloned().unwrap_or_else(|| Value::from("")));
    }
    let index = match &index {
        Value::Str(s) => py_int(s).map(Value::Int).unwrap_or(index.clone()),
        Value::Float(f) if f.is_finite() => Value::Int(f.trunc() as i64),
        other => other.clone(),
    };
    match &strings {
        Value::List(l) => {
            let Some(i) = index.as_int() else {
                return Err(EvalError::type_error("Index to \"Fn::Select\" must be an integer"));
            };
            Ok(py_index(l.len(), i).and_then(|i| l.get(i)).cloned().unwrap_or_else(|| Value::from("")))
        }
        Value::Null => Ok(Value::from("")),
        _ => Err(EvalError::type_error("Arguments to Fn::Select not fully resolved")),
    }
}

/// `Fn::Split` constructor.
pub fn check_split(args: &Expr) -> Result<(), EvalError> {
    let example = "Incorrect arguments to \"Fn::Split\" should be: \"Fn::Split\" : [ \",\", \"str1,str2\"]]";
    match args {
        Expr::Scalar(Value::Str(_)) | Expr::Map(..) => Err(EvalError::type_error(example)),
        Expr::List(items, _) if items.len() == 2 => Ok(()),
        _ => Err(EvalError::value(example)),
    }
}

/// `Fn::Split`: the delimiter is used unresolved and must be a literal string.
pub fn resolve_split(stack: &Stack, args: &Expr) -> Result<Value, EvalError> {
    let Expr::List(items, _) = args else { return Ok(Value::Null) };
    let strings = match items.get(1) {
        Some(e) => resolve_expr(stack, e)?,
        None => Value::Null,
    };
    let Some(delim) = items.first().and_then(Expr::as_str) else {
        return Err(EvalError::type_error("Delimiter for Fn::Split must be string"));
    };
    let Value::Str(s) = strings else {
        return Err(EvalError::type_error(format!(
            "String to split must be string; got <class '{}'>",
            strings.type_name()
        )));
    };
    let parts = crate::functions::str_split::py_split(&s, Some(delim))?;
    Ok(Value::list(parts.into_iter().map(Value::from).collect()))
}

/// `Fn::Replace` constructor: `[mapping, template]`.
pub fn check_replace(args: &Expr) -> Result<(), EvalError> {
    let example = "Incorrect arguments to \"Fn::Replace\" should be: {\"Fn::Replace\": [ {\"$var1\": \"foo\", \"%var2%\": \"bar\"}, \"$var1 is %var2%\"]}";
    match args {
        Expr::Scalar(Value::Str(_)) | Expr::Map(..) => Err(EvalError::type_error(example)),
        Expr::List(items, _) if items.len() == 2 => match items.first() {
            Some(Expr::Map(..) | Expr::Call(_)) => Ok(()),
            _ => Err(EvalError::type_error("\"Fn::Replace\" parameters must be a mapping")),
        },
        _ => Err(EvalError::value(example)),
    }
}

/// `Fn::Replace`: plain `str_replace` with the arguments in list form.
pub fn resolve_replace(stack: &Stack, args: &Expr) -> Result<Value, EvalError> {
    let Expr::List(items, span) = args else { return Ok(Value::Null) };
    let (Some(mapping), Some(template)) = (items.first(), items.get(1)) else { return Ok(Value::Null) };
    let as_map =
        Expr::Map(vec![(Value::from("template"), template.clone()), (Value::from("params"), mapping.clone())], *span);
    str_replace::resolve(stack, "Fn::Replace", &as_map, str_replace::Mode::Plain)
}

/// `Fn::Base64`: the identity on strings (Heat accepts plain user data).
pub fn resolve_base64(stack: &Stack, args: &Expr) -> Result<Value, EvalError> {
    match resolve_expr(stack, args)? {
        s @ Value::Str(_) => Ok(s),
        _ => Err(EvalError::type_error("\"Fn::Base64\" argument must be a string")),
    }
}

/// `Fn::MemberListToMap` constructor.
pub fn check_member_list_to_map(args: &Expr) -> Result<(), EvalError> {
    let Expr::List(items, _) = args else {
        return Err(wrong_member_args());
    };
    let [key, value, _] = items.as_slice() else { return Err(wrong_member_args()) };
    if key.as_str().is_none() {
        return Err(EvalError::type_error("Fn::MemberListToMap Key Name must be a string"));
    }
    if value.as_str().is_none() {
        return Err(EvalError::type_error("Fn::MemberListToMap Value Name must be a string"));
    }
    Ok(())
}

fn wrong_member_args() -> EvalError {
    EvalError::type_error(
        "Wrong Arguments try: \"\n            {'Fn::MemberListToMap': ['Name', 'Value',\n                                     ['.member.0.Name=key',\n                                      '.member.0.Value=door']]}\n            \"",
    )
}

/// `Fn::MemberListToMap`.
pub fn resolve_member_list_to_map(stack: &Stack, args: &Expr) -> Result<Value, EvalError> {
    let Expr::List(items, _) = args else { return Ok(Value::Null) };
    let keyname = items.first().and_then(Expr::as_str).unwrap_or("");
    let valuename = items.get(1).and_then(Expr::as_str).unwrap_or("");
    let list = match items.get(2) {
        Some(e) => resolve_expr(stack, e)?,
        None => Value::Null,
    };
    let Value::List(list) = list else {
        return Err(EvalError::type_error("Member list must be a list"));
    };
    // index → (key, value) from ".member.<index>.<field>=<text>".
    let mut partial: Vec<(String, String)> = Vec::new();
    for s in list.iter() {
        let Value::Str(s) = s else {
            return Err(EvalError::type_error("Member list items must be strings"));
        };
        let (k, v) = s.split_once('=').unwrap_or((s, ""));
        partial.retain(|(pk, _)| pk != k);
        partial.push((k.to_string(), v.to_string()));
    }
    let mut groups: Vec<(i64, Option<String>, Option<String>)> = Vec::new();
    for (k, v) in &partial {
        let Some(rest) = k.strip_prefix(".member.") else { continue };
        let Some((idx, field)) = rest.split_once('.') else { continue };
        let Ok(idx) = idx.parse::<i64>() else { continue };
        let pos = match groups.iter().position(|g| g.0 == idx) {
            Some(p) => p,
            None => {
                groups.push((idx, None, None));
                groups.len() - 1
            }
        };
        if let Some(g) = groups.get_mut(pos) {
            if field == keyname {
                g.1 = Some(v.clone());
            } else if field == valuename {
                g.2 = Some(v.clone());
            }
        }
    }
    crate::sort::sort_by_key(&mut groups, |g| g.0);
    let mut out = Map::new();
    for (_, k, v) in groups {
        if let (Some(k), Some(v)) = (k, v) {
            out.insert_str(&k, Value::from(v));
        }
    }
    Ok(Value::map(out))
}

/// `Fn::GetAZs`: the zones of the (simulated) region.
pub fn resolve_get_azs(stack: &Stack, _args: &Expr) -> Result<Value, EvalError> {
    Ok(Value::list(stack.availability_zones.iter().map(|z| Value::from(z.as_str())).collect()))
}

/// `Fn::ResourceFacade` constructor (CFN spellings).
pub fn check_resource_facade(args: &Expr) -> Result<(), EvalError> {
    match args.as_str() {
        Some("Metadata" | "DeletionPolicy" | "UpdatePolicy") => Ok(()),
        _ => Err(EvalError::value(
            "Incorrect arguments to \"Fn::ResourceFacade\" should be one of: Metadata, DeletionPolicy, UpdatePolicy",
        )),
    }
}

/// `Ref`: a resource's reference id, else a parameter's value.
pub fn resolve_ref(stack: &Stack, args: &Expr) -> Result<Value, EvalError> {
    let name = resolve_expr(stack, args)?;
    if let Some(n) = name.as_str() {
        if let Some(r) = stack.resources.get(n) {
            return Ok(r.ref_id());
        }
        if stack.all_resource_names.iter().any(|r| r == n) {
            return Err(EvalError::bad_reference(n, "unknown"));
        }
        return match stack.params.get(n) {
            Some(Ok(v)) => Ok(v.clone()),
            Some(Err(e)) => Err(e.clone()),
            None => Err(EvalError::bad_reference(n, "unknown")),
        };
    }
    Err(EvalError::bad_reference(&crate::pyfmt::py_str(&name), "unknown"))
}

/// The dependency a `Ref` creates (only when it names a resource).
pub fn ref_dependency(stack: &Stack, args: &Expr) -> Result<Option<Rc<str>>, EvalError> {
    let Some(n) = args.as_str() else { return Ok(None) };
    Ok(stack.resources.get(n).map(|r| r.name.clone()))
}

/// `Fn::GetAtt` constructor: exactly `[resource_name, attribute]`.
pub fn check_get_att(name: &str, args: &Expr) -> Result<(), EvalError> {
    match args {
        Expr::List(items, _) if items.len() == 2 => Ok(()),
        _ => Err(EvalError::value(format!("Arguments to \"{name}\" must be of the form [resource_name, attribute]"))),
    }
}

/// Python's error for unpacking `args` into `want` names, if it fails.
fn unpack_error(args: &Expr, want: usize) -> Option<EvalError> {
    let got = match args {
        Expr::List(items, _) => items.len(),
        Expr::Map(entries, _) => entries.len(),
        Expr::Scalar(Value::Str(s)) => s.chars().count(),
        other => {
            let t = match other.to_value() {
                Value::Null => "NoneType",
                v => v.type_name(),
            };
            return Some(EvalError::type_error(format!("cannot unpack non-iterable {t} object")));
        }
    };
    match got.cmp(&want) {
        std::cmp::Ordering::Equal => None,
        std::cmp::Ordering::Less => {
            Some(EvalError::key(format!("not enough values to unpack (expected {want}, got {got})")))
        }
        std::cmp::Ordering::Greater => Some(EvalError::key(format!("too many values to unpack (expected {want})"))),
    }
}

/// `Fn::FindInMap` constructor: `[map, key, value]` (an unpacking error is a `KeyError`).
pub fn check_find_in_map(args: &Expr) -> Result<(), EvalError> {
    match unpack_error(args, 3) {
        None => Ok(()),
        Some(e) => Err(e),
    }
}

/// `mapping[key]` as Python does it: a missing key is a `KeyError` of its repr.
fn subscript(container: &Value, key: &Value) -> Result<Value, EvalError> {
    match container {
        Value::Map(m) => match key {
            Value::List(_) | Value::Map(_) => {
                Err(EvalError::type_error(format!("unhashable type: '{}'", key.type_name())))
            }
            _ => m.get(key).cloned().ok_or_else(|| match key {
                Value::Str(s) => EvalError::key(s.to_string()),
                other => EvalError::other("KeyError", crate::pyfmt::py_repr(other)),
            }),
        },
        other => Err(EvalError::type_error(format!("'{}' object is not subscriptable", other.type_name()))),
    }
}

/// `Fn::FindInMap`: `Mappings[map][key][value]`.
pub fn resolve_find_in_map(stack: &Stack, args: &Expr) -> Result<Value, EvalError> {
    let Expr::List(items, _) = args else { return Ok(Value::Null) };
    let mut parts = Vec::with_capacity(3);
    for e in items {
        parts.push(resolve_expr(stack, e)?);
    }
    let mut current = stack.mappings.clone();
    for key in &parts {
        current = subscript(&current, key)?;
    }
    Ok(current)
}

/// CFN `Not` constructor: a list of exactly one condition.
pub fn check_not(name: &str, args: &Expr) -> Result<(), EvalError> {
    match args {
        Expr::List(items, _) if items.len() == 1 => Ok(()),
        _ => Err(EvalError::value(format!("Arguments to \"{name}\" must be of the form: [condition]"))),
    }
}

/// CFN `Not`.
pub fn resolve_not(stack: &Stack, args: &Expr) -> Result<Value, EvalError> {
    let Expr::List(items, _) = args else { return Ok(Value::Null) };
    let cd = match items.first() {
        Some(e) => resolve_expr(stack, e)?,
        None => Value::Null,
    };
    Ok(Value::Bool(!stack.is_enabled(&cd)?))
}

/// `ParamRef` (`Ref` in CFN condition definitions): a parameter's value.
pub fn resolve_param_ref(stack: &Stack, args: &Expr) -> Result<Value, EvalError> {
    let name = resolve_expr(stack, args)?;
    let key = crate::pyfmt::py_str(&name);
    match stack.params.get(key.as_str()).filter(|_| name.as_str().is_some()) {
        Some(Ok(v)) => Ok(v.clone()),
        Some(Err(e)) => Err(e.clone()),
        None => Err(EvalError::bad_reference(&key, "unknown")),
    }
}

#[cfg(test)]
mod tests {
    use crate::testing::eval_output_v;

    #[test]
    fn select_and_friends_in_2013() {
        let v = "2013-05-23";
        assert_eq!(eval_output_v(v, "", "{'Fn::Select': ['1', [a, b]]}"), Ok("\"b\"".into()));
        assert_eq!(eval_output_v(v, "", "{'Fn::Select': [x, {x: 1}]}"), Ok("1".into()));
        assert_eq!(eval_output_v(v, "", "{'Fn::Select': [5, [a]]}"), Ok("\"\"".into()));
        assert_eq!(eval_output_v(v, "", "{'Fn::Join': [',', [a, b]]}"), Ok("\"a,b\"".into()));
        assert_eq!(eval_output_v(v, "", "{'Fn::Split': [',', 'a,b']}"), Ok("[\"a\", \"b\"]".into()));
        assert_eq!(eval_output_v(v, "", "{'Fn::Replace': [{x: 1}, 'axb']}"), Ok("\"a1b\"".into()));
        assert_eq!(eval_output_v(v, "", "{Ref: 'OS::stack_name'}"), Ok("\"test\"".into()));
        assert_eq!(
            eval_output_v(v, "", "{'Fn::MemberListToMap': [Name, Value, ['.member.0.Name=k', '.member.0.Value=v']]}"),
            Ok("{\"k\": \"v\"}".into())
        );
    }
}
