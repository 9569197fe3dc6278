//! Heat's service-free custom constraints (`heat/engine/constraint/common_constraints.py`),
//! checked for real with Heat 27's exact messages.
//!
//! Each constraint reproduces the library Heat calls: neutron-lib's
//! `validate_ip_address`/`validate_subnet` on netaddr 1.3 and glibc's `inet_pton`
//! (`ip.rs`), `netaddr.valid_mac` (`mac.rs`), `heat.common.netutils.validate_dns_format`
//! (`dns.rs`), `oslo_utils.timeutils.parse_isotime` on `iso8601` (`iso8601.rs`),
//! `croniter.croniter(value)` of croniter 7.0 (`cron.rs`), `zoneinfo.ZoneInfo` on the
//! oracle machine's time-zone files (`timezone.rs`, data in `tz_keys.rs`) and
//! `json.loads` ([`crate::pyconv::json_loads`]).
//!
//! The vectors in `core/tests/data/custom_constraints.json` come from running the
//! real classes (`tools/gen_constraint_vectors.py`); the test at the bottom checks
//! every one. `schema.rs` holds Heat's base constraint classes (range, length,
//! modulo, allowed values, allowed pattern) shared by parameters and properties.

mod cron;
mod dns;
mod ip;
mod iso8601;
mod mac;
pub(crate) mod schema;

#[cfg(feature = "lint")]
pub(crate) use ip::inet_pton;
pub(crate) use ip::is_valid_ip;
mod timezone;
mod tz_keys;

use crate::pyfmt::py_str;
use crate::release::Release;
use crate::value::Value;

/// Outcome of a custom constraint Heat can check without a service.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Custom {
    /// `validate()` returned True.
    Valid,
    /// `validate()` returned False: Heat's `_error_message` of the constraint
    /// class, `None` when it sets none (see [`error_text`] for the full text).
    Invalid(Option<String>),
    /// `validate()` itself raised (Heat does not turn this into a constraint
    /// error; it propagates to the caller): the Python exception class and
    /// `str()` of it. Happens for a truthy non-string given to `dns_name`,
    /// `rel_dns_name`, `dns_domain` (`AttributeError: 'int' object has no
    /// attribute 'endswith'`) or `json_string` (`TypeError: the JSON object must
    /// be str, bytes or bytearray, not int`), and for JSON nested too deeply
    /// (`RecursionError`).
    Raised {
        /// Python exception class name, e.g. `AttributeError`.
        class: &'static str,
        /// `str(exception)`.
        message: String,
    },
}

/// `None`: `name` is not one of the offline constraints of `release` (the
/// caller records it as skipped, or as not found when the release does not
/// register it: `json_string` before 24.0.0). Before 22.0.0 `timezone` is
/// pytz's (`timezone::pytz`, with the zones of the release's pytz).
pub(crate) fn check_offline(release: Release, name: &str, value: &Value) -> Option<Custom> {
    if !crate::catalogue::has_custom_constraint(release, name, true) {
        return None;
    }
    if name == "timezone" {
        if let Some(zones) = crate::catalogue::pytz_zones(release) {
            return Some(timezone::pytz(zones, value));
        }
    }
    Some(match name {
        "ip_addr" => ip::ip_addr(value),
        "ip_or_cidr" => ip::ip_or_cidr(value),
        "net_cidr" => ip::net_cidr(value),
        "mac_addr" => mac::mac_addr(value),
        "dns_name" => dns::dns_name(value),
        "rel_dns_name" => dns::rel_dns_name(value),
        "dns_domain" => dns::dns_domain(value),
        "iso_8601" => iso8601::iso_8601(value),
        "cron_expression" => cron::cron_expression(value),
        "timezone" => timezone::timezone(value),
        "json_string" => json_string(value),
        _ => return None,
    })
}

/// The full text Heat reports for a failed custom constraint: `BaseCustomConstraint.error(value)`.
pub(crate) fn error_text(value: &Value, message: Option<&str>) -> String {
    match message {
        None => format!("Error validating value '{}'", py_str(value)),
        Some(m) => format!("Error validating value '{}': {m}", py_str(value)),
    }
}

/// `JsonStringConstraint`: `json.loads(value)`; only `JSONDecodeError` is caught.
fn json_string(value: &Value) -> Custom {
    if !value.truthy() {
        return Custom::Valid;
    }
    let Value::Str(s) = value else {
        return Custom::Raised {
            class: "TypeError",
            message: format!("the JSON object must be str, bytes or bytearray, not {}", value.type_name()),
        };
    };
    if s.starts_with('\u{feff}') {
        return Custom::Invalid(Some(format!(
            "JSON string {s} is invalid: Unexpected UTF-8 BOM (decode using utf-8-sig): line 1 column 1 (char 0)"
        )));
    }
    match crate::pyconv::json_loads(s) {
        Ok(_) => Custom::Valid,
        Err(e) if e.starts_with("maximum recursion depth exceeded") => {
            // The C scanner raises RecursionError (not a JSONDecodeError) naming the
            // container it was entering; the depth at which it happens depends on
            // Heat's stack, ours is pyconv's fixed limit.
            let at = e
                .rsplit("(char ")
                .next()
                .and_then(|t| t.trim_end_matches(')').parse::<usize>().ok())
                .and_then(|i| s.chars().nth(i));
            let what = if at == Some('{') { "object" } else { "array" };
            Custom::Raised {
                class: "RecursionError",
                message: format!("maximum recursion depth exceeded while decoding a JSON {what} from a unicode string"),
            }
        }
        Err(e) => Custom::Invalid(Some(format!("JSON string {s} is invalid: {e}"))),
    }
}

/// A Python `AttributeError` for `value.endswith` on a non-string.
fn no_endswith(value: &Value) -> Custom {
    Custom::Raised {
        class: "AttributeError",
        message: format!("'{}' object has no attribute 'endswith'", value.type_name()),
    }
}

// ---------------------------------------------------------------------------
// Python `int(str)` (base 10), as the libraries above call it on user text.
// ---------------------------------------------------------------------------

use crate::pyconv::INT_MAX_STR_DIGITS;

/// Why Python's `int(str)` raised `ValueError`.
#[derive(Debug, PartialEq, Eq)]
enum IntError {
    /// `invalid literal for int() with base 10: ...`
    Invalid,
    /// More than 4300 digits (counted without underscores).
    TooManyDigits(usize),
}

/// A Python int parsed from text: sign and normalized decimal digits (no leading zeros).
#[derive(Clone, Debug, PartialEq, Eq)]
struct PyInt {
    neg: bool,
    digits: String,
}

impl PyInt {
    fn from_digits(neg: bool, ascii_digits: &str) -> PyInt {
        let trimmed = ascii_digits.trim_start_matches('0');
        let digits = if trimmed.is_empty() { "0".to_string() } else { trimmed.to_string() };
        let neg = neg && digits != "0";
        PyInt { neg, digits }
    }

    /// The value if it fits in an i64.
    fn to_i64(&self) -> Option<i64> {
        if self.digits.len() > 18 {
            return None;
        }
        let v: i64 = self.digits.parse().ok()?;
        Some(if self.neg { -v } else { v })
    }

    /// `lo <= self <= hi`.
    fn in_range(&self, lo: i64, hi: i64) -> bool {
        self.to_i64().is_some_and(|v| (lo..=hi).contains(&v))
    }

    /// `repr()` / `'%d'` of the int.
    fn text(&self) -> String {
        if self.neg {
            format!("-{}", self.digits)
        } else {
            self.digits.clone()
        }
    }
}

/// Python `int(s)` for a `str` (base 10): surrounding whitespace, a sign, single
/// underscores between digits and any Unicode decimal digits are accepted.
fn py_int(s: &str) -> Result<PyInt, IntError> {
    let t = crate::pyconv::ascii_number_text(s);
    let (neg, body) = match t.strip_prefix('-') {
        Some(b) => (true, b),
        None => (false, t.strip_prefix('+').unwrap_or(&t)),
    };
    let mut ascii = String::with_capacity(body.len());
    let mut digits = 0usize;
    let mut prev_underscore = false;
    if body.starts_with('_') {
        return Err(IntError::Invalid);
    }
    let mut bad = false;
    for c in body.chars() {
        if c == '_' {
            if prev_underscore {
                bad = true;
                break;
            }
            prev_underscore = true;
            continue;
        }
        match c {
            '0'..='9' => {
                digits += 1;
                prev_underscore = false;
                ascii.push(c);
            }
            _ => {
                bad = true;
                break;
            }
        }
    }
    if digits > INT_MAX_STR_DIGITS {
        // CPython counts the run of digits before it looks at what follows.
        return Err(IntError::TooManyDigits(digits));
    }
    if bad || prev_underscore || digits == 0 {
        return Err(IntError::Invalid);
    }
    Ok(PyInt::from_digits(neg, &ascii))
}

/// Python's `re` `$` (no MULTILINE): the end, or just before a final newline.
fn strip_final_newline(s: &str) -> &str {
    s.strip_suffix('\n').unwrap_or(s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// A vector's value: JSON, with `{"$float": "nan"|"inf"|"-inf"}` for the
    /// floats JSON cannot write.
    fn decode(v: &serde_json::Value) -> Value {
        match v {
            serde_json::Value::Array(a) => Value::list(a.iter().map(decode).collect()),
            serde_json::Value::Object(o) => {
                if let Some(serde_json::Value::String(f)) = o.get("$float") {
                    return Value::Float(match f.as_str() {
                        "nan" => f64::NAN,
                        "inf" => f64::INFINITY,
                        _ => f64::NEG_INFINITY,
                    });
                }
                let mut m = crate::value::Map::new();
                for (k, v) in o {
                    m.insert_str(k, decode(v));
                }
                Value::map(m)
            }
            scalar => crate::value::json_to_value(scalar),
        }
    }

    #[test]
    fn heat_vectors() {
        let data: serde_json::Value =
            serde_json::from_str(include_str!("../../tests/data/custom_constraints.json")).unwrap();
        let rows = data.as_array().unwrap();
        let mut failures = Vec::new();
        let mut per_name: std::collections::BTreeMap<String, (usize, usize)> = Default::default();
        for row in rows {
            let name = row["name"].as_str().unwrap();
            let value = decode(&row["value"]);
            let expected = if let Some(r) = row["raises"].as_array() {
                format!("raises {}: {}", r[0].as_str().unwrap(), r[1].as_str().unwrap())
            } else if row["valid"].as_bool().unwrap() {
                "valid".to_string()
            } else {
                format!("invalid: {}", row["message"].as_str().unwrap())
            };
            let got = match check_offline(Release::LATEST, name, &value).expect("offline constraint") {
                Custom::Valid => "valid".to_string(),
                Custom::Invalid(m) => format!("invalid: {}", error_text(&value, m.as_deref())),
                Custom::Raised { class, message } => format!("raises {class}: {message}"),
            };
            let entry = per_name.entry(name.to_string()).or_default();
            entry.0 += 1;
            if got == expected {
                entry.1 += 1;
            } else {
                let shown = crate::pyfmt::py_repr(&value);
                let shown: String = shown.chars().take(120).collect();
                failures.push(format!(
                    "{name} {shown}\n   expected {}\n   got      {}",
                    expected.chars().take(300).collect::<String>(),
                    got.chars().take(300).collect::<String>()
                ));
            }
        }
        for (name, (total, ok)) in &per_name {
            eprintln!("{name}: {ok}/{total}");
        }
        assert!(failures.is_empty(), "{} of {} vectors differ:\n{}", failures.len(), rows.len(), failures.join("\n"));
    }

    #[test]
    fn unknown_constraint_is_skipped() {
        assert_eq!(check_offline(Release::LATEST, "nova.flavor", &Value::str("m1.small")), None);
        assert_eq!(check_offline(Release::LATEST, "expiration", &Value::str("2012")), None);
    }

    #[test]
    fn error_text_forms() {
        assert_eq!(error_text(&Value::Int(5), None), "Error validating value '5'");
        assert_eq!(error_text(&Value::str("x"), Some("bad")), "Error validating value 'x': bad");
    }

    #[test]
    fn python_int() {
        assert_eq!(py_int(" +1_0 ").unwrap().text(), "10");
        assert_eq!(py_int("-0").unwrap().text(), "0");
        assert_eq!(py_int("\u{661}\u{662}").unwrap().text(), "12");
        assert_eq!(py_int("\u{a0}7\u{3000}").unwrap().text(), "7");
        assert_eq!(py_int("\u{1c}5"), Err(IntError::Invalid));
        assert_eq!(py_int("1__0"), Err(IntError::Invalid));
        assert_eq!(py_int("_1"), Err(IntError::Invalid));
        assert_eq!(py_int("1_"), Err(IntError::Invalid));
        assert_eq!(py_int("\u{b2}"), Err(IntError::Invalid));
        assert_eq!(py_int(&"1".repeat(4301)), Err(IntError::TooManyDigits(4301)));
        assert!(py_int(&"1".repeat(4300)).is_ok());
    }

    const NAMES: [&str; 11] = [
        "ip_addr",
        "mac_addr",
        "net_cidr",
        "ip_or_cidr",
        "dns_name",
        "rel_dns_name",
        "dns_domain",
        "iso_8601",
        "cron_expression",
        "timezone",
        "json_string",
    ];

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(256))]
        #[test]
        fn never_panics_on_text(s in "\\PC{0,40}") {
            for name in NAMES {
                let v = Value::str(s.as_str());
                if let Some(Custom::Invalid(m)) = check_offline(Release::LATEST, name, &v) {
                    let _ = error_text(&v, m.as_deref());
                }
            }
        }

        #[test]
        fn never_panics_on_shaped_text(s in "[0-9a-fA-Z:./#,*?wWlLrRhH()\\- _+\n\u{0}\u{661}]{0,40}") {
            for name in NAMES {
                let _ = check_offline(Release::LATEST, name, &Value::str(s.as_str()));
            }
        }

        #[test]
        fn never_panics_on_numbers(i in any::<i64>(), f in any::<f64>(), b in any::<bool>()) {
            for name in NAMES {
                let _ = check_offline(Release::LATEST, name, &Value::Int(i));
                let _ = check_offline(Release::LATEST, name, &Value::Float(f));
                let _ = check_offline(Release::LATEST, name, &Value::Bool(b));
                let _ = check_offline(Release::LATEST, name, &Value::list(vec![Value::Int(i), Value::str("/")]));
            }
        }
    }
}
