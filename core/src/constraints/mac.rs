//! `mac_addr`: `netaddr.valid_mac` (`netaddr.strategy.eui48.valid_str`).

use super::{strip_final_newline, Custom};
use crate::value::Value;

/// `eui48.valid_str(addr)`: one of netaddr's EUI-48 regexes matches (`re.IGNORECASE`,
/// anchored with `^…$`, so one final newline is allowed). A non-string makes
/// `findall` raise TypeError, which `valid_str` swallows: False.
fn valid_mac(addr: &str) -> bool {
    let body = strip_final_newline(addr);
    let hex = |g: &str, lo: usize, hi: usize| (lo..=hi).contains(&g.len()) && g.bytes().all(|b| b.is_ascii_hexdigit());
    let groups_ok = |sep: char, count: usize, lo: usize, hi: usize| {
        let groups: Vec<&str> = body.split(sep).collect();
        groups.len() == count && groups.iter().all(|g| hex(g, lo, hi))
    };
    // 2 bytes x 6 (UNIX, Windows, EUI-48)
    groups_ok(':', 6, 1, 2)
        || groups_ok('-', 6, 1, 2)
        // 4 bytes x 3 (Cisco)
        || groups_ok(':', 3, 1, 4)
        || groups_ok('-', 3, 1, 4)
        || groups_ok('.', 3, 1, 4)
        // 6 bytes x 2 (PostgreSQL)
        || groups_ok('-', 2, 5, 6)
        || groups_ok(':', 2, 5, 6)
        // 12 or 11 hex digits (bare)
        || hex(body, 11, 12)
}

/// `MACConstraint`.
pub(super) fn mac_addr(value: &Value) -> Custom {
    match value {
        Value::Str(s) if valid_mac(s) => Custom::Valid,
        _ => Custom::Invalid(Some("Invalid MAC address.".into())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        for ok in [
            "00:11:22:33:44:55",
            "0-1-2-3-4-5",
            "0011.2233.4455",
            "1.2.3",
            "001122:334455",
            "00112233445",
            "AABBCCDDEEFF\n",
        ] {
            assert!(valid_mac(ok), "{ok}");
        }
        for bad in
            ["00:11:22:33:44", "00:11-22:33:44:55", "0011223344556", "00:11:22:33:44:55\n\n", "gg:11:22:33:44:55", ""]
        {
            assert!(!valid_mac(bad), "{bad}");
        }
    }
}
