//! `get_attr: [resource, attribute, path...]` — a resource attribute.
//!
//! ```yaml
//! ip: {get_attr: [server, networks, private, 0]}
//! all: {get_attr: [server]}        # 2015-10-15 on: every attribute
//! ```
//! Before a resource is created (the only case without mocks) the value is null.
//! With the deploy-time treatment (a stack validated and evaluated as once
//! deployed, [`Stack::deployed`]) it is an unknown value instead: it exists
//! in a real deployment, hotplate does not know it.

use super::{resolve_or_null, Doc, FnSpec, Refers};
use crate::eval::{resolve as resolve_expr, Call, EvalError, Expr};
use crate::pyfmt::py_str;
use crate::stack::{select_path, OnceCreated, Stack};
use crate::symbolic::Rule;
use crate::value::Value;

/// What editors say about `get_attr`.
const DOC: Doc = Doc {
    args: "[resource, attribute, key/index, ...]",
    summary: "An attribute of a resource (and a path into it); known once the resource exists.",
    example: "{get_attr: [server, first_address]}",
};

/// `GetAttThenSelect` (2013-05-23): the path applied after fetching the attribute.
pub static GET_ATT_THEN_SELECT: FnSpec = FnSpec {
    validate: validate_path,
    symbolic: Rule::Input,
    refers: Refers::Attribute,
    ..FnSpec::function("GetAttThenSelect", check_path, resolve_then_select, DOC)
};

/// `GetAtt` (2014-10-16 to 2015-04-30): the path passed to the resource.
pub static GET_ATT: FnSpec = FnSpec {
    validate: validate_path,
    symbolic: Rule::Input,
    refers: Refers::Attribute,
    ..FnSpec::function("GetAtt", check_path, resolve_att, DOC)
};

/// `GetAttAllAttributes` (2015-10-15 on): also `[resource]` alone.
pub static GET_ATT_ALL: FnSpec = FnSpec {
    validate: validate_all,
    symbolic: Rule::Input,
    refers: Refers::Attribute,
    ..FnSpec::function("GetAttAllAttributes", check_all, resolve_all, DOC)
};

/// `GetAtt` constructor.
fn check_path(name: &str, args: &Expr) -> Result<(), EvalError> {
    check(name, args, false)
}

/// `GetAttAllAttributes` constructor.
fn check_all(name: &str, args: &Expr) -> Result<(), EvalError> {
    check(name, args, true)
}

/// Argument shape (constructor). `all_form`: the 2015-10-15 `[resource]` form.
fn check(name: &str, args: &Expr, all_form: bool) -> Result<(), EvalError> {
    if all_form && !args.truthy() {
        return Err(EvalError::value(format!(
            "Arguments to \"{name}\" can be of the next forms: [resource_name] or [resource_name, attribute, (path), ...]"
        )));
    }
    match args {
        Expr::List(items, _) => {
            if items.len() < 2 && !all_form {
                return Err(EvalError::value(format!(
                    "Arguments to \"{name}\" must be of the form [resource_name, attribute, (path), ...]"
                )));
            }
            Ok(())
        }
        // Heat's v3 accepts a one-character string as a Sequence of one item.
        Expr::Scalar(Value::Str(s)) if all_form && s.chars().count() <= 1 => Ok(()),
        _ => Err(EvalError::type_error(format!("Argument to \"{name}\" must be a list"))),
    }
}

/// The resource-name part of the arguments.
pub fn resource_expr(args: &Expr) -> Option<&Expr> {
    match args {
        Expr::List(items, _) => items.first(),
        other @ Expr::Scalar(Value::Str(_)) => Some(other),
        _ => None,
    }
}

fn parts(args: &Expr) -> (Option<&Expr>, &[Expr]) {
    match args {
        Expr::List(items, _) => match items.get(1..) {
            Some([attr, path @ ..]) => (Some(attr), path),
            _ => (None, &[]),
        },
        _ => (None, &[]),
    }
}

fn resolve_path(stack: &Stack, path: &[Expr]) -> Result<Vec<Value>, EvalError> {
    let mut out = Vec::with_capacity(path.len());
    for p in path {
        if let Some(v) = crate::eval::resolve_nullable(stack, p)? {
            out.push(v);
        }
    }
    Ok(out)
}

fn resource_name(stack: &Stack, args: &Expr) -> Result<Value, EvalError> {
    match resource_expr(args) {
        Some(e) => resolve_expr(stack, e),
        None => Ok(Value::Null),
    }
}

/// `GetAtt` (and `GetAttThenSelect`, `Fn::GetAtt`) validation.
pub(crate) fn validate_path(stack: &Stack, call: &Call) -> Result<(), EvalError> {
    validate(stack, &call.args, false)
}

/// `GetAttAllAttributes` validation.
fn validate_all(stack: &Stack, call: &Call) -> Result<(), EvalError> {
    validate(stack, &call.args, true)
}

/// Validation: the resource exists and the attribute is one its type has.
fn validate(stack: &Stack, args: &Expr, all_form: bool) -> Result<(), EvalError> {
    let name = resource_name(stack, args)?;
    let res = stack.resource_ref(&name, "unknown")?;
    let (attr, _) = parts(args);
    let Some(attr) = attr else {
        return if all_form { Ok(()) } else { Err(EvalError::value("get_attr needs an attribute")) };
    };
    let attr = resolve_expr(stack, attr)?;
    let known =
        attr.as_str().is_some_and(|a| res.info.has_attribute(a)) || (res.info.dynamic_attributes && attr.is_hashable());
    if !known {
        let shown = resource_expr(args).map(|e| py_str(&e.to_value())).unwrap_or_default();
        return Err(EvalError::other(
            "InvalidTemplateAttribute",
            format!("The Referenced Attribute ({shown} {}) is incorrect.", py_str(&attr)),
        )
        .with_code("unknown-attribute"));
    }
    Ok(())
}

/// `GetAtt` result.
fn resolve_att(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    if let Some(value) = deployed(stack, call)? {
        return Ok(value);
    }
    resolve(stack, &call.args, false)
}

/// `GetAttAllAttributes` result.
fn resolve_all(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    if let Some(value) = deployed(stack, call)? {
        return Ok(value);
    }
    resolve(stack, &call.args, true)
}

/// With the deploy-time treatment, an attribute of a resource that is not
/// created (and not of a type whose attributes are always null) is an
/// unknown value, labelled as the display shows it (`get_attr net name`); so
/// is one an existing resource (an update plan's) has that is not mocked.
/// One hotplate computes as Heat does once the resource exists
/// ([`crate::stack::ResourceRef::once_created`]: an `OS::Heat::Value`'s
/// `value`, a nested stack's output, null for a failed one) is that value,
/// the path applied (`Some`), or the error reading it raises.
fn deployed(stack: &Stack, call: &Call) -> Result<Option<Value>, EvalError> {
    if !stack.deployed {
        return Ok(None);
    }
    let name = resource_name(stack, &call.args)?;
    let res = stack.resource_ref(&name, "unknown")?;
    if res.info.none_like {
        return Ok(None);
    }
    if res.created {
        let given = match parts(&call.args).0 {
            Some(attr) => res.attributes.contains_key(&resolve_expr(stack, attr)?),
            None => !res.attributes.is_empty(),
        };
        if !res.existing || given {
            return Ok(None);
        }
    } else if let (Some(attr), path) = parts(&call.args) {
        let key = resolve_expr(stack, attr)?;
        let path = resolve_path(stack, path)?;
        if let Some(value) = res.once_created_attribute(&key, &path) {
            return value.map(Some);
        }
    } else if matches!(res.once_created, OnceCreated::Failed) {
        // Not created: every attribute null, as before creation.
        return Ok(None);
    }
    let words: Vec<String> = match &call.args {
        Expr::List(items, _) => items.iter().map(|e| py_str(&e.to_value())).collect(),
        other => vec![py_str(&other.to_value())],
    };
    Err(EvalError::unknown(&[format!("get_attr {}", words.join(" "))]))
}

/// Whether a `get_attr` of a deploy-time evaluation reads what the second
/// one computed of a resource once created
/// ([`crate::stack::ResourceRef::once_created`]: a value, null for a
/// failed nested stack, or the error reading it raises): then it is no
/// deploy-time input (`crate::symbolic::input_label`).
pub(crate) fn computed_once_created(stack: &Stack, call: &Call) -> bool {
    if !stack.deployed {
        return false;
    }
    // Most resources have nothing computed: no need to resolve the call.
    let resource = resource_name(stack, &call.args).ok().and_then(|name| stack.resource_ref(&name, "unknown").ok());
    let Some(resource) = resource.filter(|r| !matches!(r.once_created, OnceCreated::Unknown)) else { return false };
    match deployed(stack, call) {
        Ok(Some(_)) => true,
        Ok(None) => !resource.created && matches!(resource.once_created, OnceCreated::Failed),
        Err(e) => !e.is_unknown(),
    }
}

/// `GetAtt` / `GetAttAllAttributes` result.
fn resolve(stack: &Stack, args: &Expr, all_form: bool) -> Result<Value, EvalError> {
    let (attr, path) = parts(args);
    let path = resolve_path(stack, path)?;
    let attr = match attr {
        Some(a) => Some(resolve_expr(stack, a)?),
        None => None,
    };
    let name = resource_name(stack, args)?;
    let res = stack.resource_ref(&name, "unknown")?;
    match attr {
        None if all_form => Ok(if res.created { res.all_attributes() } else { Value::Null }),
        None => Ok(Value::Null),
        Some(attr) => Ok(res.attribute(&attr, &path)),
    }
}

/// `GetAttThenSelect` result (2013-05-23).
pub(crate) fn resolve_then_select(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    if let Some(value) = deployed(stack, call)? {
        return Ok(value);
    }
    let args = &call.args;
    let (attr, path) = parts(args);
    let attr = resolve_or_null(stack, attr)?;
    let name = resource_name(stack, args)?;
    let res = stack.resource_ref(&name, "unknown")?;
    let value = res.attribute(&attr, &[]);
    if value.is_null() {
        return Ok(Value::Null);
    }
    let path = resolve_path(stack, path)?;
    Ok(select_path(&value, &path))
}

#[cfg(test)]
mod tests {
    use crate::testing::{eval_output, eval_result_error};

    #[test]
    fn null_before_creation() {
        let t = "resources:\n  s: {type: OS::Nova::Server, properties: {flavor: m1.small, image: cirros}}\n";
        assert_eq!(eval_output(t, "{get_attr: [s, first_address]}"), "null");
        assert_eq!(eval_output(t, "{get_attr: [s]}"), "null");
    }

    #[test]
    fn unknown_attribute_fails_validation() {
        let t = "resources:\n  s: {type: OS::Nova::Server, properties: {flavor: m1.small, image: cirros}}\n";
        assert_eq!(
            eval_result_error(t, "{get_attr: [s, nope]}"),
            "outputs.o.value.get_attr: The Referenced Attribute (s nope) is incorrect."
        );
    }
}
