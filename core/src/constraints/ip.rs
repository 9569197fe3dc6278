//! `ip_addr`, `ip_or_cidr` and `net_cidr`: neutron-lib's `validate_ip_address` and
//! `validate_subnet` and netaddr 1.3's `IPAddress`, `IPNetwork` and
//! `cidr_abbrev_to_verbose`, on glibc's `inet_pton` (what Python's
//! `socket.inet_pton` calls on Linux).

use super::{py_int, Custom};
use crate::pyconv::is_py_space;
use crate::pyfmt::py_str;
use crate::value::Value;

/// An exception inside netaddr, as far as the callers tell them apart.
enum NetError {
    /// `netaddr.AddrFormatError` (caught by `IPAddress`/`IPNetwork`; its text never surfaces).
    AddrFormat,
    /// Any other exception (a `ValueError` in practice): propagates, with `str()`.
    Other(String),
}

/// `socket.inet_pton` refuses a NUL before calling the C function.
fn check_nul(addr: &str) -> Result<(), NetError> {
    if addr.contains('\0') {
        Err(NetError::Other("embedded null character".into()))
    } else {
        Ok(())
    }
}

/// glibc `inet_pton4`: exactly four dotted decimal octets, no leading zeros.
fn inet_pton4(src: &[u8]) -> Option<u32> {
    let mut out: u32 = 0;
    let mut octets = 0usize;
    let mut saw_digit = false;
    let mut cur: u32 = 0;
    for &ch in src {
        if ch.is_ascii_digit() {
            if saw_digit && cur == 0 {
                return None;
            }
            let new = cur * 10 + u32::from(ch - b'0');
            if new > 255 {
                return None;
            }
            cur = new;
            if !saw_digit {
                octets += 1;
                if octets > 4 {
                    return None;
                }
                saw_digit = true;
            }
        } else if ch == b'.' && saw_digit {
            if octets == 4 {
                return None;
            }
            out = (out << 8) | cur;
            cur = 0;
            saw_digit = false;
        } else {
            return None;
        }
    }
    if octets < 4 {
        return None;
    }
    Some((out << 8) | cur)
}

/// glibc `inet_pton6` (glibc ≥ 2.26).
fn inet_pton6(src: &[u8]) -> Option<u128> {
    let mut words: Vec<u16> = Vec::with_capacity(8);
    let mut colonp: Option<usize> = None;
    let mut s = src;
    match s.first() {
        None => return None,
        Some(b':') => {
            if s.get(1) != Some(&b':') {
                return None;
            }
            s = s.get(1..)?;
        }
        Some(_) => {}
    }
    let mut curtok = s;
    let mut xdigits = 0usize;
    let mut val: u32 = 0;
    let mut i = 0usize;
    let mut v4_tail: Option<u32> = None;
    while let Some(&ch) = s.get(i) {
        i += 1;
        if let Some(d) = char::from(ch).to_digit(16) {
            if xdigits == 4 {
                return None;
            }
            val = (val << 4) | d;
            xdigits += 1;
            continue;
        }
        if ch == b':' {
            curtok = s.get(i..)?;
            if xdigits == 0 {
                if colonp.is_some() {
                    return None;
                }
                colonp = Some(words.len());
                continue;
            } else if i == s.len() {
                return None;
            }
            if words.len() >= 8 {
                return None;
            }
            words.push(val as u16);
            xdigits = 0;
            val = 0;
            continue;
        }
        if ch == b'.' && words.len() + 2 <= 8 {
            if let Some(v4) = inet_pton4(curtok) {
                v4_tail = Some(v4);
                xdigits = 0;
                break;
            }
        }
        return None;
    }
    if let Some(v4) = v4_tail {
        words.push((v4 >> 16) as u16);
        words.push(v4 as u16);
    } else if xdigits > 0 {
        if words.len() >= 8 {
            return None;
        }
        words.push(val as u16);
    }
    if let Some(at) = colonp {
        if words.len() == 8 {
            return None;
        }
        let tail = words.split_off(at);
        words.resize(8 - tail.len(), 0);
        words.extend(tail);
    }
    if words.len() != 8 {
        return None;
    }
    Some(words.iter().fold(0u128, |acc, w| (acc << 16) | u128::from(*w)))
}

/// An address as `socket.inet_pton` reads it (IPv4, else IPv6): its value
/// and version (4 or 6). (The lint rules read addresses with it.)
#[cfg(feature = "lint")]
pub(crate) fn inet_pton(addr: &str) -> Option<(u128, u8)> {
    let src = addr.as_bytes();
    inet_pton4(src).map(|v| (u128::from(v), 4)).or_else(|| inet_pton6(src).map(|v| (v, 6)))
}

/// `netaddr.strategy.ipv4.str_to_int(addr, flags)`; `zerofill` is `ZEROFILL`
/// (with the default `INET_PTON` mode).
fn ipv4_str_to_int(addr: &str, zerofill: bool) -> Result<u32, NetError> {
    if addr.contains(':') {
        return Err(NetError::AddrFormat);
    }
    let text = if zerofill {
        let mut parts = Vec::new();
        for p in addr.split('.') {
            match py_int(p) {
                Ok(i) => parts.push(i.text()),
                Err(_) => return Err(NetError::Other(format!("invalid literal for int() with base 10: {p}"))),
            }
        }
        parts.join(".")
    } else {
        if addr.split('.').any(|p| p.chars().count() > 1 && p.starts_with('0')) {
            return Err(NetError::AddrFormat);
        }
        addr.to_string()
    };
    check_nul(&text)?;
    inet_pton4(text.as_bytes()).ok_or(NetError::AddrFormat)
}

/// `netaddr.strategy.ipv6.str_to_int(addr)`.
fn ipv6_str_to_int(addr: &str) -> Result<u128, NetError> {
    check_nul(addr)?;
    inet_pton6(addr.as_bytes()).ok_or(NetError::AddrFormat)
}

/// `oslo_utils.netutils.is_valid_ip`: an IPv4 address as glibc's `inet_aton`
/// reads it (`netaddr.valid_ipv4(flags=INET_ATON)`) or an IPv6 one with an optional
/// `%scope` of 1 to 15 characters.
pub(crate) fn is_valid_ip(address: &str) -> bool {
    if address.is_empty() {
        return false;
    }
    if !address.contains(':') && !address.contains('\0') && inet_aton(address.as_bytes()).is_some() {
        return true;
    }
    let (addr, scope) = match address.rsplit_once('%') {
        Some((a, s)) => (a, Some(s)),
        None => (address, None),
    };
    if scope.is_some_and(|s| s.is_empty() || s.chars().count() > 15) {
        return false;
    }
    !addr.is_empty() && ipv6_str_to_int(addr).is_ok()
}

/// glibc's `inet_aton`: one to four numbers in C notation (`0x` hex, `0`
/// octal) separated by dots, the last filling the remaining bytes; anything
/// after ASCII whitespace is ignored.
fn inet_aton(src: &[u8]) -> Option<u32> {
    let mut parts: Vec<u64> = Vec::with_capacity(4);
    let mut i = 0;
    loop {
        let (value, next) = strtoul(src, i)?;
        i = next;
        match src.get(i) {
            Some(b'.') => {
                if parts.len() > 2 || value > 0xff {
                    return None;
                }
                parts.push(value);
                i += 1;
            }
            Some(c) if !c.is_ascii_whitespace() && *c != 0x0b => return None,
            _ => {
                let max = [0xffff_ffff_u64, 0xff_ffff, 0xffff, 0xff];
                if value > *max.get(parts.len())? {
                    return None;
                }
                let head = parts.iter().enumerate().fold(0u64, |acc, (n, p)| acc | (p << (24 - 8 * n)));
                return u32::try_from(head | value).ok();
            }
        }
    }
}

/// `strtoul(src + i, &end, 0)` from a digit: the value (None past 32 bits) and `end`.
fn strtoul(src: &[u8], start: usize) -> Option<(u64, usize)> {
    if !src.get(start)?.is_ascii_digit() {
        return None;
    }
    let (radix, mut i) = match (src.get(start), src.get(start + 1), src.get(start + 2)) {
        (Some(b'0'), Some(b'x' | b'X'), Some(c)) if c.is_ascii_hexdigit() => (16, start + 2),
        (Some(b'0'), ..) => (8, start),
        _ => (10, start),
    };
    let mut value: u64 = 0;
    while let Some(d) = src.get(i).and_then(|c| char::from(*c).to_digit(radix)) {
        value = value.checked_mul(u64::from(radix))?.checked_add(u64::from(d))?;
        if value > 0xffff_ffff {
            return None;
        }
        i += 1;
    }
    Some((value, i))
}

/// A parsed address: the IPv4 value (the only one whose text is compared), or IPv6.
#[derive(Clone, Copy)]
enum Ip {
    V4(u32),
    V6,
}

/// `IPAddress(addr, flags=...)` with the version detected.
fn ip_address(addr: &str, zerofill: bool) -> Result<Ip, NetError> {
    if addr.contains('/') {
        return Err(NetError::Other(MASK_IN_ADDRESS.into()));
    }
    match ipv4_str_to_int(addr, zerofill) {
        Ok(v) => return Ok(Ip::V4(v)),
        Err(NetError::AddrFormat) => {}
        Err(e) => return Err(e),
    }
    match ipv6_str_to_int(addr) {
        Ok(_) => Ok(Ip::V6),
        Err(e) => Err(e),
    }
}

const MASK_IN_ADDRESS: &str =
    "IPAddress() does not support netmasks or subnet prefixes! See documentation for details.";

fn v4_text(v: u32) -> String {
    format!("{}.{}.{}.{}", v >> 24, (v >> 16) & 0xff, (v >> 8) & 0xff, v & 0xff)
}

/// neutron-lib `validate_ip_address(data)` for a string: `None` when valid.
fn validate_ip_address(data: &str) -> Option<String> {
    let not_valid = || Some(format!("'{data}' is not a valid IP address"));
    if data.chars().any(is_py_space) {
        return not_valid();
    }
    let ip = match ip_address(data, true) {
        Ok(ip) => ip,
        // The retry without ZEROFILL is for the ValueError netaddr raises.
        Err(NetError::Other(_)) => match ip_address(data, false) {
            Ok(ip) => ip,
            Err(_) => return not_valid(),
        },
        Err(NetError::AddrFormat) => return not_valid(),
    };
    if !data.contains(':') && data.matches('.').count() != 3 {
        return not_valid();
    }
    if let Ip::V4(v) = ip {
        let canonical = v4_text(v);
        if canonical != data {
            return Some(format!("'{data}' is not an accepted IP address, '{canonical}' is recommended"));
        }
    }
    None
}

/// The message neutron-lib gives for a non-string `data` (`re.search` raises TypeError).
fn non_string_message(data: &Value, what: &str) -> String {
    format!("'{}' is not a valid IP {what}", py_str(data))
}

/// netaddr `parse_ip_network(module, addr)` for a string.
fn parse_ip_network(v6: bool, addr: &str) -> Result<(u128, u32), NetError> {
    let (val1, val2) = match addr.split_once('/') {
        Some((a, b)) => (a, Some(b)),
        None => (addr, None),
    };
    let width: u32 = if v6 { 128 } else { 32 };
    let parse = |s: &str| -> Result<u128, NetError> {
        if s.contains('/') {
            return Err(NetError::Other(MASK_IN_ADDRESS.into()));
        }
        if v6 {
            ipv6_str_to_int(s)
        } else {
            ipv4_str_to_int(s, false).map(u128::from)
        }
    };
    let value = parse(val1)?;
    let prefix: i64 = match val2 {
        None => i64::from(width),
        Some(p) => match py_int(p) {
            Ok(i) => i.to_i64().unwrap_or(i64::MAX),
            Err(_) => {
                let mask = parse(p)?;
                let max: u128 = if v6 { u128::MAX } else { u128::from(u32::MAX) };
                let inv = mask ^ max;
                if inv.checked_add(1).is_none_or(|x| x & (x - 1) == 0) {
                    // is_netmask: (value ^ max) + 1 is a power of two.
                    i64::from(width - (128 - inv.leading_zeros()).min(width))
                } else if mask.checked_add(1).is_none_or(|x| x & (x - 1) == 0) {
                    // is_hostmask: value + 1 is a power of two.
                    i64::from(width - (128 - mask.leading_zeros()).min(width))
                } else {
                    return Err(NetError::AddrFormat);
                }
            }
        },
    };
    if !(0..=i64::from(width)).contains(&prefix) {
        return Err(NetError::AddrFormat);
    }
    Ok((value, prefix as u32))
}

/// `IPNetwork(addr)` for a string: (is IPv6, value, prefix length).
fn ip_network(addr: &str) -> Result<(bool, u128, u32), String> {
    match parse_ip_network(false, addr) {
        Ok((v, p)) => return Ok((false, v, p)),
        Err(NetError::Other(m)) => return Err(m),
        Err(NetError::AddrFormat) => {}
    }
    match parse_ip_network(true, addr) {
        Ok((v, p)) => Ok((true, v, p)),
        Err(NetError::Other(m)) => Err(m),
        Err(NetError::AddrFormat) => Err(format!("invalid IPNetwork {addr}")),
    }
}

/// neutron-lib `validate_subnet(data)` for a string: `None` when valid.
fn validate_subnet(data: &str) -> Option<String> {
    let msg = || Some(format!("'{data}' is not a valid IP subnet"));
    if data.chars().any(is_py_space) {
        return msg();
    }
    match ip_network(data) {
        Err(_) => msg(),
        Ok(_) if !data.contains('/') => msg(),
        Ok((false, v, p)) if format!("{}/{p}", v4_text(v as u32)) != data => msg(),
        Ok(_) => None,
    }
}

/// `IPConstraint`.
pub(super) fn ip_addr(value: &Value) -> Custom {
    match value {
        Value::Str(s) if validate_ip_address(s).is_none() => Custom::Valid,
        _ => Custom::Invalid(Some("Invalid IP address".into())),
    }
}

/// `IPCIDRConstraint`.
pub(super) fn ip_or_cidr(value: &Value) -> Custom {
    let slash = Value::str("/");
    let msg = match value {
        Value::Str(s) => {
            if s.contains('/') {
                validate_subnet(s)
            } else {
                validate_ip_address(s)
            }
        }
        Value::List(items) => Some(if items.iter().any(|i| i.py_eq(&slash)) {
            non_string_message(value, "subnet")
        } else {
            non_string_message(value, "address")
        }),
        Value::Map(m) => Some(if m.contains_key(&slash) {
            non_string_message(value, "subnet")
        } else {
            non_string_message(value, "address")
        }),
        // `'/' in value` raises TypeError.
        _ => Some(format!("{} is not a valid IP or CIDR", py_str(value))),
    };
    match msg {
        None => Custom::Valid,
        Some(m) => Custom::Invalid(Some(m)),
    }
}

/// What `cidr_abbrev_to_verbose` returns.
enum Verbose {
    Text(String),
    /// The (non-string) value itself.
    Unchanged,
}

/// netaddr's `classful_prefix(octet)` for an int; `Err` is the IndexError text.
fn classful_prefix(octet: &super::PyInt) -> Result<u32, String> {
    let Some(o) = octet.to_i64().filter(|o| (0..=255).contains(o)) else {
        return Err(format!("Invalid octet: {}!", octet.text()));
    };
    Ok(match o {
        0..=127 => 8,
        128..=191 => 16,
        192..=223 => 24,
        224..=239 => 4,
        _ => 32,
    })
}

/// `netaddr.cidr_abbrev_to_verbose(value)`; `Err` is `str()` of an exception it lets escape.
fn cidr_abbrev_to_verbose(value: &Value) -> Result<Verbose, String> {
    let int_form = |i: super::PyInt| match classful_prefix(&i) {
        Ok(p) => Verbose::Text(format!("{}.0.0.0/{p}", i.text())),
        // IndexError inside the `try` is caught: the value comes back unchanged.
        Err(_) => Verbose::Unchanged,
    };
    let s = match value {
        Value::Str(s) => s,
        Value::Bool(b) => return Ok(int_form(super::PyInt::from_digits(false, if *b { "1" } else { "0" }))),
        Value::Int(i) => {
            return Ok(int_form(super::PyInt::from_digits(*i < 0, &i.unsigned_abs().to_string())));
        }
        Value::BigInt(b) => {
            return Ok(int_form(super::PyInt::from_digits(
                b.sign() == num_bigint::Sign::Minus,
                &b.magnitude().to_string(),
            )));
        }
        Value::Float(f) => {
            if f.is_nan() {
                // int(nan) raises ValueError; the handler's `'/' in value` raises TypeError.
                return Err("argument of type 'float' is not iterable".into());
            }
            if f.is_infinite() {
                return Err("cannot convert float infinity to integer".into());
            }
            let t = f.trunc();
            if t.abs() >= 1e18 {
                return Ok(Verbose::Unchanged);
            }
            return Ok(int_form(super::PyInt::from_digits(t < 0.0, &(t.abs() as i64).to_string())));
        }
        Value::Null | Value::List(_) | Value::Map(_) => return Ok(Verbose::Unchanged),
    };
    if s.contains(':') || s.is_empty() {
        return Ok(Verbose::Text(s.to_string()));
    }
    if let Ok(i) = py_int(s) {
        return Ok(match classful_prefix(&i) {
            Ok(p) => Verbose::Text(format!("{}.0.0.0/{p}", i.text())),
            Err(_) => Verbose::Text(s.to_string()),
        });
    }
    // The `except ValueError` branch: an exception raised here escapes.
    let (part_addr, prefix) = match s.split_once('/') {
        Some((a, p)) => {
            if !py_int(p).is_ok_and(|i| i.in_range(0, 32)) {
                return Ok(Verbose::Text(s.to_string()));
            }
            (a, Some(p.to_string()))
        }
        None => (s.as_ref(), None),
    };
    let mut tokens: Vec<&str> = part_addr.split('.').collect();
    if tokens.len() > 4 {
        return Ok(Verbose::Text(s.to_string()));
    }
    while tokens.len() < 4 {
        tokens.push("0");
    }
    let prefix = match prefix {
        Some(p) => p,
        None => {
            let Ok(first) = py_int(tokens.first().copied().unwrap_or("")) else {
                return Ok(Verbose::Text(s.to_string()));
            };
            classful_prefix(&first)?.to_string()
        }
    };
    Ok(Verbose::Text(format!("{}/{prefix}", tokens.join("."))))
}

/// `CIDRConstraint`.
pub(super) fn net_cidr(value: &Value) -> Custom {
    let parsed = match cidr_abbrev_to_verbose(value) {
        Err(m) => Err(m),
        Ok(Verbose::Unchanged) => Err(format!("unexpected type <class '{}'> for addr arg", value.type_name())),
        Ok(Verbose::Text(t)) => ip_network(&t).map(|_| ()),
    };
    if let Err(m) = parsed {
        return Custom::Invalid(Some(format!("Invalid net cidr {m} ")));
    }
    let msg = match value {
        Value::Str(s) => validate_subnet(s),
        other => Some(non_string_message(other, "subnet")),
    };
    match msg {
        None => Custom::Valid,
        Some(m) => Custom::Invalid(Some(m)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `oslo_utils.netutils.is_valid_ip`, vectors from the oracle's venv.
    #[test]
    fn oslo_is_valid_ip() {
        for good in [
            "1.2.3.4",
            "1.2.3",
            "1",
            "0x7f.1",
            "010.0.0.1",
            "1.2.3.4 junk",
            "1.2.3.4\tx",
            "4294967295",
            "fe80::1",
            "fe80::1%eth0",
            "::ffff:1.2.3.4",
            "0xffffffff",
            "1.0xff.0377.1",
            "1.2.3.4\n",
            "1.2.3.4 ",
            "::",
        ] {
            assert!(is_valid_ip(good), "{good:?}");
        }
        for bad in [
            "0x",
            "0x.1",
            "08.1.1.1",
            "1.2.3.4x",
            " 1.2.3.4",
            "256.1.1.1",
            "1.2.65536",
            "1.16777216",
            "4294967296",
            "1.2.3.4.5",
            "",
            "fe80::1%",
            "fe80::1%0123456789abcdef",
            "1..2",
            "1.2.3.",
            ".1.2.3",
            "0x100000000",
            "99999999999999999999999",
            "+1.2.3.4",
            "-1",
            "gggg::1",
            "1:2:3:4:5:6:7:8:9",
            "abc",
        ] {
            assert!(!is_valid_ip(bad), "{bad:?}");
        }
    }

    #[test]
    fn pton4() {
        assert_eq!(inet_pton4(b"1.2.3.4"), Some(0x0102_0304));
        assert_eq!(inet_pton4(b"255.255.255.255"), Some(u32::MAX));
        for bad in ["01.2.3.4", "1.2.3", "1.2.3.4.5", "256.1.1.1", "1..2.3", "1.2.3.4.", ".1.2.3", ""] {
            assert_eq!(inet_pton4(bad.as_bytes()), None, "{bad}");
        }
    }

    #[test]
    fn pton6() {
        assert_eq!(inet_pton6(b"::"), Some(0));
        assert_eq!(inet_pton6(b"::1"), Some(1));
        assert_eq!(inet_pton6(b"1::"), Some(1u128 << 112));
        assert_eq!(inet_pton6(b"::ffff:1.2.3.4"), Some(0xffff_0102_0304));
        assert_eq!(inet_pton6(b"1:2:3:4:5:6:7::"), Some(0x0001_0002_0003_0004_0005_0006_0007_0000));
        assert_eq!(inet_pton6(b"1::2:3:4:5:6:7"), Some(0x0001_0000_0002_0003_0004_0005_0006_0007));
        for bad in [":1", "1:", "1:::2", "1::2::3", "12345::", "1:2:3:4:5:6:7:8::", "::1.2.3", "1:2:3:4:5:6:7:1.2.3.4"]
        {
            assert_eq!(inet_pton6(bad.as_bytes()), None, "{bad}");
        }
    }

    #[test]
    fn messages() {
        assert_eq!(validate_ip_address("1.2.3.4"), None);
        assert_eq!(
            validate_ip_address("010.0.0.1").as_deref(),
            Some("'010.0.0.1' is not an accepted IP address, '10.0.0.1' is recommended")
        );
        assert_eq!(validate_subnet("10.0.0.1/24"), None);
        assert_eq!(
            validate_subnet("10.0.0.0/255.0.0.0").as_deref(),
            Some("'10.0.0.0/255.0.0.0' is not a valid IP subnet")
        );
        assert_eq!(validate_subnet("::/ffff::"), None);
    }
}
