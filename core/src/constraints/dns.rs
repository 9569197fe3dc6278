//! `dns_name`, `rel_dns_name` and `dns_domain`: `heat.common.netutils.validate_dns_format`.

use super::{no_endswith, strip_final_newline, Custom};
use crate::value::Value;

const DNS_LABEL_MAX_LEN: usize = 63;
const FQDN_MAX_LEN: usize = 255;

/// `re.match(pattern + "$", s)` for a pattern that is one character class with
/// the given length bounds.
fn class_run(s: &str, lo: usize, hi: usize, class: impl Fn(char) -> bool) -> bool {
    let body = strip_final_newline(s);
    let n = body.chars().count();
    (lo..=hi).contains(&n) && body.chars().all(class)
}

/// `validate_dns_format(data)` for a non-empty string; `Err` is the ValueError text.
fn validate_dns_format(data: &str) -> Result<(), String> {
    if data.is_empty() {
        return Ok(());
    }
    let trimmed = data.strip_suffix('.').unwrap_or(data);
    if trimmed.chars().count() > FQDN_MAX_LEN {
        return Err(format!("'{trimmed}' exceeds the {FQDN_MAX_LEN} character FQDN limit"));
    }
    let names: Vec<&str> = trimmed.split('.').collect();
    for name in &names {
        if name.is_empty() {
            return Err("Encountered an empty component.".into());
        }
        if name.ends_with('-') || name.starts_with('-') {
            return Err(format!("Name '{name}' must not start or end with a hyphen."));
        }
        let label = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
        if !class_run(name, 1, DNS_LABEL_MAX_LEN, label) {
            return Err(format!(
                "Name '{name}' must be 1-{DNS_LABEL_MAX_LEN} characters long, each of which can only be \
                 alphanumeric or a hyphen."
            ));
        }
    }
    if data.ends_with('.') && names.len() > 1 {
        if let Some(last) = names.last() {
            if class_run(last, 1, usize::MAX, |c| c.is_ascii_digit()) {
                return Err(format!("TLD '{last}' must not be all numeric."));
            }
        }
    }
    Ok(())
}

/// `DNSNameConstraint.validate` for a string.
fn dns_name_str(value: &str) -> Custom {
    match validate_dns_format(value) {
        Ok(()) => Custom::Valid,
        Err(reason) => Custom::Invalid(Some(format!("'{value}' not in valid format. Reason: {reason}"))),
    }
}

/// `DNSNameConstraint`.
pub(super) fn dns_name(value: &Value) -> Custom {
    match value {
        Value::Str(s) => dns_name_str(s),
        // validate_dns_format: `if not data: return`, then `data.endswith('.')`.
        v if !v.truthy() => Custom::Valid,
        v => no_endswith(v),
    }
}

/// `RelativeDNSNameConstraint`.
pub(super) fn rel_dns_name(value: &Value) -> Custom {
    if !value.truthy() {
        return Custom::Valid;
    }
    let Value::Str(s) = value else {
        return no_endswith(value);
    };
    if s.ends_with('.') {
        return Custom::Invalid(Some(format!("'{s}' is a FQDN. It should be a relative domain name.")));
    }
    let length = s.chars().count();
    if length > FQDN_MAX_LEN - 3 {
        return Custom::Invalid(Some(format!(
            "'{s}' contains '{length}' characters. Adding a domain name will cause it to exceed the maximum \
             length of a FQDN of '{FQDN_MAX_LEN}'."
        )));
    }
    dns_name_str(s)
}

/// `DNSDomainConstraint`.
pub(super) fn dns_domain(value: &Value) -> Custom {
    if !value.truthy() {
        return Custom::Valid;
    }
    let Value::Str(s) = value else {
        return no_endswith(value);
    };
    match dns_name_str(s) {
        Custom::Valid if !s.ends_with('.') => Custom::Invalid(Some(format!("'{s}' must end with '.'."))),
        other => other,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn format_rules() {
        assert_eq!(validate_dns_format("example.com."), Ok(()));
        assert_eq!(validate_dns_format("a-\n.com"), Ok(()));
        assert_eq!(validate_dns_format("a..b"), Err("Encountered an empty component.".into()));
        assert_eq!(validate_dns_format("com.123."), Err("TLD '123' must not be all numeric.".into()));
        assert!(validate_dns_format("Example.com").is_err());
    }
}
