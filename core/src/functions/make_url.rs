//! `make_url` — assemble a URL from parts, quoting like Python's `urllib.parse`.
//!
//! ```yaml
//! url: {make_url: {scheme: https, host: example.org, port: 8443, path: /api, query: {q: x y}}}
//! ```

use super::{no_check, Doc, FnSpec};
use crate::eval::{resolve as resolve_expr, Call, EvalError, Expr};
use crate::pyfmt::{py_repr, py_str};
use crate::stack::Stack;
use crate::value::{Map, Value};

/// `MakeURL`.
pub static MAKE_URL: FnSpec = FnSpec {
    validate,
    ..FnSpec::function(
        "MakeURL",
        no_check,
        resolve,
        Doc {
            args: "{scheme, host, port, path, query, fragment}",
            summary: "Builds a URL, quoting each part.",
            example: "{make_url: {scheme: https, host: example.com, path: /v1}}",
        },
    )
};

const KEYS: [&str; 8] = ["scheme", "username", "password", "host", "port", "path", "query", "fragment"];

/// A view of the arguments: unresolved (`Expr`) at validation, values at resolution.
enum Arg<'a> {
    Function,
    Map,
    Str(&'a str),
    Int(i64),
    Other(Value),
}

fn check_args(name: &str, present: Vec<(&str, Arg<'_>)>, shown: &dyn Fn() -> String) -> Result<(), EvalError> {
    for (key, arg) in present {
        match key {
            "query" => {
                return match arg {
                    Arg::Function | Arg::Map => Ok(()),
                    _ => Err(EvalError::type_error(format!("The \"query\" argument to \"{name}\" must be a map"))),
                };
            }
            "port" => {
                let port = match arg {
                    Arg::Function => continue,
                    Arg::Int(i) => i,
                    Arg::Str(s) => match crate::pyconv::py_int(s) {
                        Some(i) => i,
                        None => {
                            return Err(EvalError::value(format!(
                                "Invalid URL port \"{s}\" for {name} called with {}",
                                shown()
                            )))
                        }
                    },
                    Arg::Other(Value::Float(f)) if f.is_finite() => f.trunc() as i64,
                    Arg::Other(v) => {
                        return Err(EvalError::type_error(format!(
                            "int() argument must be a string, a bytes-like object or a real number, not '{}'",
                            v.type_name()
                        )))
                    }
                    Arg::Map => {
                        return Err(EvalError::type_error(
                            "int() argument must be a string, a bytes-like object or a real number, not 'dict'",
                        ))
                    }
                };
                if !(1..=65535).contains(&port) {
                    return Err(EvalError::value(format!("Invalid URL port {port}, must be in range 1-65535")));
                }
            }
            _ => match arg {
                Arg::Function | Arg::Str(_) => {}
                _ => {
                    return Err(EvalError::type_error(format!("The \"{key}\" argument to \"{name}\" must be a string")))
                }
            },
        }
    }
    Ok(())
}

fn expr_arg(e: &Expr) -> Arg<'_> {
    match e {
        Expr::Call(_) => Arg::Function,
        Expr::Map(..) => Arg::Map,
        Expr::Scalar(Value::Str(s)) => Arg::Str(s),
        Expr::Scalar(Value::Int(i)) => Arg::Int(*i),
        Expr::Scalar(Value::Bool(b)) => Arg::Int(i64::from(*b)),
        other => Arg::Other(other.to_value()),
    }
}

fn value_arg(v: &Value) -> Arg<'_> {
    match v {
        Value::Map(_) => Arg::Map,
        Value::Str(s) => Arg::Str(s),
        Value::Int(i) => Arg::Int(*i),
        Value::Bool(b) => Arg::Int(i64::from(*b)),
        other => Arg::Other(other.clone()),
    }
}

/// Validation of literal arguments.
fn validate(_stack: &Stack, call: &Call) -> Result<(), EvalError> {
    let (name, args) = (&*call.name, &call.args);
    let Expr::Map(entries, _) = args else {
        return Err(EvalError::type_error(format!("The arguments to \"{name}\" must be a map")));
    };
    let invalid: Vec<String> = entries.iter().map(|(k, _)| py_str(k)).filter(|k| !KEYS.contains(&k.as_str())).collect();
    if !invalid.is_empty() {
        return Err(EvalError::value(format!("Invalid arguments to \"{name}\": {}", invalid.join(", "))));
    }
    let present = KEYS.iter().filter_map(|k| args.get(k).map(|e| (*k, expr_arg(e)))).collect();
    check_args(name, present, &|| py_repr(&args.to_value()))
}

/// Python's `urllib.parse.quote(s, safe)` on UTF-8 bytes.
pub fn quote(s: &str, safe: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        let c = char::from(b);
        if b.is_ascii_alphanumeric() || "_.-~".contains(c) || (b < 0x80 && safe.contains(c)) {
            out.push(c);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

fn quote_plus(s: &str) -> String {
    quote(s, " ").replace(' ', "+")
}

/// Python `urlencode(map)` (values `str()`'d), then `%2F` back to `/`.
fn urlencode(m: &Map) -> String {
    m.iter()
        .map(|(k, v)| format!("{}={}", quote_plus(&py_str(k)), quote_plus(&py_str(v))))
        .collect::<Vec<_>>()
        .join("&")
        .replace("%2F", "/")
}

const USES_NETLOC: &[&str] = &[
    "",
    "ftp",
    "http",
    "gopher",
    "nntp",
    "telnet",
    "imap",
    "wais",
    "file",
    "mms",
    "https",
    "shttp",
    "snews",
    "prospero",
    "rtsp",
    "rtsps",
    "rtspu",
    "rsync",
    "svn",
    "svn+ssh",
    "sftp",
    "nfs",
    "git",
    "git+ssh",
    "ws",
    "wss",
    "itms-services",
];

/// Resolve the function.
fn resolve(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    let name = &*call.name;
    let args = resolve_expr(stack, &call.args)?;
    let Value::Map(m) = &args else {
        return Err(EvalError::other(
            "AttributeError",
            format!("'{}' object has no attribute 'get'", args.type_name()),
        ));
    };
    let present = KEYS.iter().filter_map(|k| m.get_str(k).map(|v| (*k, value_arg(v)))).collect();
    check_args(name, present, &|| py_repr(&args))?;
    let text = |k: &str| m.get_str(k).and_then(Value::as_str).unwrap_or("").to_string();
    let scheme = text("scheme");
    if scheme.contains(':') {
        return Err(EvalError::value("URL \"scheme\" should not contain ':'"));
    }
    let mut netloc = String::new();
    let username = quote(&text("username"), "");
    let password = quote(&text("password"), "");
    if !username.is_empty() || !password.is_empty() {
        netloc.push_str(&username);
        if !password.is_empty() {
            netloc.push(':');
            netloc.push_str(&password);
        }
        netloc.push('@');
    }
    let mut host = text("host");
    if host.starts_with('[') && host.ends_with(']') && host.len() >= 2 {
        host = host.get(1..host.len() - 1).unwrap_or("").to_string();
    }
    let host = quote(&host, ":");
    if host.contains(':') {
        netloc.push_str(&format!("[{host}]"));
    } else {
        netloc.push_str(&host);
    }
    if let Some(port) = m.get_str("port") {
        if port.truthy() {
            netloc.push(':');
            netloc.push_str(&py_str(port));
        }
    }
    let mut path = quote(&text("path"), "/");
    let query = match m.get_str("query") {
        Some(Value::Map(q)) => urlencode(q),
        _ => String::new(),
    };
    let fragment = quote(&text("fragment"), "/");
    // Python 3.11's urlunsplit.
    let mut url = String::new();
    if !netloc.is_empty() || (!scheme.is_empty() && USES_NETLOC.contains(&scheme.as_str()) && !path.starts_with("//")) {
        if !path.is_empty() && !path.starts_with('/') {
            path.insert(0, '/');
        }
        url.push_str("//");
        url.push_str(&netloc);
    }
    url.push_str(&path);
    if !scheme.is_empty() {
        url = format!("{scheme}:{url}");
    }
    if !query.is_empty() {
        url.push('?');
        url.push_str(&query);
    }
    if !fragment.is_empty() {
        url.push('#');
        url.push_str(&fragment);
    }
    Ok(Value::from(url))
}

#[cfg(test)]
mod tests {
    use crate::testing::{eval_output, eval_output_err};

    #[test]
    fn assembles_like_urlunsplit() {
        assert_eq!(
            eval_output(
                "",
                r#"{make_url: {scheme: http, host: example.com, port: 8080, path: "/a b/c", query: {x: "1 2", y: "a/b&c"}, fragment: "f g"}}"#
            ),
            r#""http://example.com:8080/a%20b/c?x=1+2&y=a/b%26c#f%20g""#
        );
        assert_eq!(
            eval_output("", "{make_url: {scheme: https, host: '::1', port: 443, path: /a b, query: {q: x y}}}"),
            r#""https://[::1]:443/a%20b?q=x+y""#
        );
        assert_eq!(eval_output("", "{make_url: {scheme: file, path: /etc}}"), r#""file:///etc""#);
        assert_eq!(eval_output("", "{make_url: {host: h}}"), r#""//h""#);
        assert_eq!(eval_output("", "{make_url: {}}"), r#""""#);
    }

    #[test]
    fn port_checks() {
        assert_eq!(
            eval_output_err("", "{make_url: {port: {get_param: 'OS::stack_name'}}}"),
            "Invalid URL port \"test\" for make_url called with {'port': 'test'}"
        );
    }
}
