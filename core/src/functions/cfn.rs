//! The CloudFormation functions: those HOT 2013-05-23 still understands
//! (`Fn::Select` (until 2015-04-30), `Fn::Join`, `Fn::Split`, `Fn::Replace`,
//! `Fn::Base64`, `Fn::MemberListToMap`, `Fn::GetAZs`, `Fn::ResourceFacade`,
//! `Ref`), and those only CloudFormation-format templates have (`Fn::GetAtt`,
//! `Fn::FindInMap`, `Fn::Not`, `Ref` in conditions; `Fn::If`, `Fn::Equals`,
//! `Fn::And`, `Fn::Or` share the HOT implementations). Kept in one file: they
//! are legacy and share little with the HOT functions.

use std::rc::Rc;

use super::{
    condition_bool, equals, get_attr, if_, list_join, no_check, resolve_or_null, resource_facade, str_replace,
};
use super::{Doc, FnSpec, Refers};
use crate::eval::{resolve as resolve_expr, Call, EvalError, Expr};
use crate::pyconv::{json_loads, py_int};
use crate::stack::{py_index, Stack};
use crate::symbolic::Rule;
use crate::value::{Map, Value};

const fn doc(args: &'static str, summary: &'static str, example: &'static str) -> Doc {
    Doc { args, summary, example }
}

/// `Select` (`Fn::Select`).
pub static SELECT: FnSpec = FnSpec::function(
    "Select",
    check_select,
    resolve_select,
    doc("[index, list or map]", "An item of a list or map (CloudFormation form).", "{'Fn::Select': [0, [a, b]]}"),
);

/// `GetAZs` (`Fn::GetAZs`).
pub static GET_AZS: FnSpec = FnSpec::function(
    "GetAZs",
    no_check,
    resolve_get_azs,
    doc("region", "The availability zones (hotplate: [nova]).", "{'Fn::GetAZs': ''}"),
);

/// `Join` (`Fn::Join`): `list_join`'s single-list form.
pub static JOIN: FnSpec = FnSpec {
    symbolic: Rule::Join { multi: false },
    ..FnSpec::function(
        "Join",
        list_join::check_single,
        list_join::resolve_single,
        doc("[delimiter, list]", "Joins strings (CloudFormation form).", "{'Fn::Join': [',', [a, b]]}"),
    )
};

/// `Split` (`Fn::Split`).
pub static SPLIT: FnSpec = FnSpec::function(
    "Split",
    check_split,
    resolve_split,
    doc("[delimiter, text]", "Splits a string (CloudFormation form).", "{'Fn::Split': [',', 'a,b']}"),
);

/// `Replace` (`Fn::Replace`): `[params, template]`.
pub static REPLACE: FnSpec = FnSpec {
    symbolic: Rule::Replace { mode: str_replace::Mode::Plain, cfn: true },
    ..FnSpec::function(
        "Replace",
        check_replace,
        resolve_replace,
        doc(
            "[{key: value}, text]",
            "Replaces keys in a string (CloudFormation form).",
            "{'Fn::Replace': [{$x: 1}, 'x=$x']}",
        ),
    )
};

/// `Base64` (`Fn::Base64`).
pub static BASE64: FnSpec = FnSpec::function(
    "Base64",
    no_check,
    resolve_base64,
    doc("text", "The text unchanged (Heat does not encode).", "{'Fn::Base64': hello}"),
);

/// `MemberListToMap` (`Fn::MemberListToMap`).
pub static MEMBER_LIST_TO_MAP: FnSpec = FnSpec::function(
    "MemberListToMap",
    check_member_list_to_map,
    resolve_member_list_to_map,
    doc(
        "[key name, value name, list]",
        "A map from a CloudFormation member list.",
        "{'Fn::MemberListToMap': [Name, Value, ['.member.0.Name=a', '.member.0.Value=1']]}",
    ),
);

/// `ResourceFacade` (`Fn::ResourceFacade`, CloudFormation spellings).
pub static RESOURCE_FACADE: FnSpec = FnSpec::function(
    "ResourceFacade",
    check_resource_facade,
    resource_facade::resolve,
    doc(
        "Metadata | DeletionPolicy | UpdatePolicy",
        "The facade resource's data (CloudFormation form).",
        "{'Fn::ResourceFacade': Metadata}",
    ),
);

/// `Ref`: Heat's `GetResource` class, which also reads parameters.
pub static REF: FnSpec = FnSpec {
    symbolic: Rule::Input,
    refers: Refers::ResourceOrParameter,
    ..FnSpec::function(
        "GetResource",
        no_check,
        resolve_ref,
        doc("parameter or resource name", "A parameter's value or a resource's reference id.", "{Ref: my_param}"),
    )
};

/// `GetAtt` (`Fn::GetAtt`: `[resource, attribute]`, no path).
pub static GET_ATT: FnSpec = FnSpec {
    validate: get_attr::validate_path,
    symbolic: Rule::Input,
    refers: Refers::Attribute,
    ..FnSpec::function(
        "GetAtt",
        check_get_att,
        get_attr::resolve_then_select,
        doc(
            "[resource, attribute]",
            "An attribute of a resource (CloudFormation form).",
            "{'Fn::GetAtt': [server, PublicIp]}",
        ),
    )
};

/// `FindInMap` (`Fn::FindInMap`: `[map, key, value]` in `Mappings`).
pub static FIND_IN_MAP: FnSpec = FnSpec::function(
    "FindInMap",
    check_find_in_map,
    resolve_find_in_map,
    doc("[map, key, key]", "A value of the Mappings section.", "{'Fn::FindInMap': [Regions, us, ami]}"),
);

/// `If` (`Fn::If`): the HOT macro.
pub static IF: FnSpec = FnSpec {
    doc: Some(doc(
        "[condition, value if true, value if false]",
        "Chooses a value by a condition (CloudFormation form).",
        "{'Fn::If': [IsProd, a, b]}",
    )),
    ..if_::IF
};

/// `Equals` (`Fn::Equals`, condition definitions).
pub static EQUALS: FnSpec = FnSpec {
    doc: Some(doc(
        "[value, value]",
        "Whether two values are equal (CloudFormation conditions).",
        "{'Fn::Equals': [a, a]}",
    )),
    ..equals::EQUALS
};

/// `ParamRef` (`Ref` in condition definitions: parameters only).
pub static PARAM_REF: FnSpec = FnSpec {
    refers: Refers::Parameter,
    ..FnSpec::function(
        "ParamRef",
        no_check,
        resolve_param_ref,
        doc("parameter or resource name", "A parameter's value or a resource's reference id.", "{Ref: my_param}"),
    )
};

/// `Not` (`Fn::Not`: `[condition]`).
pub static NOT: FnSpec = FnSpec::function(
    "Not",
    check_not,
    resolve_not,
    doc("[condition]", "The negation of a condition (CloudFormation form).", "{'Fn::Not': [IsProd]}"),
);

/// `And` (`Fn::And`).
pub static AND: FnSpec = FnSpec {
    doc: Some(doc(
        "[condition, condition, ...]",
        "True when every condition is (CloudFormation form).",
        "{'Fn::And': [A, B]}",
    )),
    ..condition_bool::AND
};

/// `Or` (`Fn::Or`).
pub static OR: FnSpec = FnSpec {
    doc: Some(doc(
        "[condition, condition, ...]",
        "True when any condition is (CloudFormation form).",
        "{'Fn::Or': [A, B]}",
    )),
    ..condition_bool::OR
};

/// `Fn::Select` constructor: `[index, collection]`.
fn check_select(_name: &str, args: &Expr) -> Result<(), EvalError> {
    match args {
        Expr::List(items, _) if items.len() == 2 => Ok(()),
        Expr::Map(entries, _) if entries.len() == 2 => Ok(()),
        _ => Err(EvalError::value("Arguments to \"Fn::Select\" must be of the form [index, collection]")),
    }
}

/// `Fn::Select`.
fn resolve_select(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    let args = &call.args;
    let Expr::List(items, _) = args else { return Ok(Value::from("")) };
    let index = resolve_or_null(stack, items.first())?;
    let mut strings = resolve_or_null(stack, items.get(1))?;
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
fn check_split(_name: &str, args: &Expr) -> Result<(), EvalError> {
    let example = "Incorrect arguments to \"Fn::Split\" should be: \"Fn::Split\" : [ \",\", \"str1,str2\"]]";
    match args {
        Expr::Scalar(Value::Str(_)) | Expr::Map(..) => Err(EvalError::type_error(example)),
        Expr::List(items, _) if items.len() == 2 => Ok(()),
        _ => Err(EvalError::value(example)),
    }
}

/// `Fn::Split`: the delimiter is used unresolved and must be a literal string.
fn resolve_split(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    let args = &call.args;
    let Expr::List(items, _) = args else { return Ok(Value::Null) };
    let strings = resolve_or_null(stack, items.get(1))?;
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
fn check_replace(_name: &str, args: &Expr) -> Result<(), EvalError> {
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
fn resolve_replace(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    let args = &call.args;
    let Expr::List(items, span) = args else { return Ok(Value::Null) };
    let (Some(mapping), Some(template)) = (items.first(), items.get(1)) else { return Ok(Value::Null) };
    let as_map = Expr::Map(
        Rc::from(vec![(Value::from("template"), template.clone()), (Value::from("params"), mapping.clone())]),
        *span,
    );
    str_replace::replace(stack, "Fn::Replace", &as_map, str_replace::Mode::Plain)
}

/// `Fn::Base64`: the identity on strings (Heat accepts plain user data).
fn resolve_base64(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    let args = &call.args;
    match resolve_expr(stack, args)? {
        s @ Value::Str(_) => Ok(s),
        _ => Err(EvalError::type_error("\"Fn::Base64\" argument must be a string")),
    }
}

/// `Fn::MemberListToMap` constructor.
fn check_member_list_to_map(_name: &str, args: &Expr) -> Result<(), EvalError> {
    let Expr::List(items, _) = args else {
        return Err(wrong_member_args());
    };
    let [key, value, _] = &items[..] else { return Err(wrong_member_args()) };
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
fn resolve_member_list_to_map(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    let args = &call.args;
    let Expr::List(items, _) = args else { return Ok(Value::Null) };
    let keyname = items.first().and_then(Expr::as_str).unwrap_or("");
    let valuename = items.get(1).and_then(Expr::as_str).unwrap_or("");
    let list = resolve_or_null(stack, items.get(2))?;
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
fn resolve_get_azs(stack: &Stack, _call: &Call) -> Result<Value, EvalError> {
    Ok(Value::list(stack.availability_zones.iter().map(|z| Value::from(z.as_str())).collect()))
}

/// `Fn::ResourceFacade` constructor (CFN spellings).
fn check_resource_facade(_name: &str, args: &Expr) -> Result<(), EvalError> {
    match args.as_str() {
        Some("Metadata" | "DeletionPolicy" | "UpdatePolicy") => Ok(()),
        _ => Err(EvalError::value(
            "Incorrect arguments to \"Fn::ResourceFacade\" should be one of: Metadata, DeletionPolicy, UpdatePolicy",
        )),
    }
}

/// `Ref`: a resource's reference id, else a parameter's value.
fn resolve_ref(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    let args = &call.args;
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
pub(crate) fn ref_dependency(stack: &Stack, args: &Expr) -> Result<Option<Rc<str>>, EvalError> {
    let Some(n) = args.as_str() else { return Ok(None) };
    Ok(stack.resources.get(n).map(|r| r.name.clone()))
}

/// `Fn::GetAtt` constructor: exactly `[resource_name, attribute]`.
fn check_get_att(name: &str, args: &Expr) -> Result<(), EvalError> {
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
fn check_find_in_map(_name: &str, args: &Expr) -> Result<(), EvalError> {
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
fn resolve_find_in_map(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    let args = &call.args;
    let Expr::List(items, _) = args else { return Ok(Value::Null) };
    let mut parts = Vec::with_capacity(3);
    for e in items.iter() {
        parts.push(resolve_expr(stack, e)?);
    }
    let mut current = stack.mappings.clone();
    for key in &parts {
        current = subscript(&current, key)?;
    }
    Ok(current)
}

/// CFN `Not` constructor: a list of exactly one condition.
fn check_not(name: &str, args: &Expr) -> Result<(), EvalError> {
    match args {
        Expr::List(items, _) if items.len() == 1 => Ok(()),
        _ => Err(EvalError::value(format!("Arguments to \"{name}\" must be of the form: [condition]"))),
    }
}

/// CFN `Not`.
fn resolve_not(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    let args = &call.args;
    let Expr::List(items, _) = args else { return Ok(Value::Null) };
    let cd = resolve_or_null(stack, items.first())?;
    Ok(Value::Bool(!stack.is_enabled(&cd)?))
}

/// `ParamRef` (`Ref` in CFN condition definitions): a parameter's value.
fn resolve_param_ref(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    let args = &call.args;
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
