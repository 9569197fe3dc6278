//! `iso_8601`: `oslo_utils.timeutils.parse_isotime` = `iso8601.parse_date` (iso8601 2.x).
//!
//! The library's regex (`ISO8601_REGEX`, matched from the start, ending in `$`) is
//! reproduced by a small backtracking matcher that tries the alternatives in the
//! regex's priority order, so the first match Python's `re` finds is the one we
//! find; then `datetime.datetime(...)` must accept the fields.

use super::Custom;
use crate::value::Value;

/// A capture: byte range in the input.
type Span = Option<(usize, usize)>;

#[derive(Clone, Copy, Default)]
struct Caps {
    year: Span,
    monthdash: Span,
    month: Span,
    daydash: Span,
    day: Span,
    hour: Span,
    minute: Span,
    second: Span,
    second_fraction: Span,
    timezone: Span,
    tz_sign: Span,
    tz_hour: Span,
    tz_minute: Span,
}

/// A continuation: the rest of the pattern from a position.
type Cont<'k> = &'k mut dyn FnMut(usize, &mut Caps) -> bool;

struct Matcher<'a> {
    s: &'a [u8],
}

impl Matcher<'_> {
    fn digit(&self, at: usize) -> bool {
        self.s.get(at).is_some_and(u8::is_ascii_digit)
    }

    fn byte(&self, at: usize) -> Option<u8> {
        self.s.get(at).copied()
    }

    /// `[0-9]{n}` at `at`.
    fn digits(&self, at: usize, n: usize) -> bool {
        (at..at + n).all(|i| self.digit(i))
    }

    /// Python's `$`: at the end, or before a final newline.
    fn dollar(&self, at: usize) -> bool {
        at == self.s.len() || (at + 1 == self.s.len() && self.byte(at) == Some(b'\n'))
    }

    /// `x[0-9]{1,2}` tried with two digits first, capturing the digits in `slot`.
    fn one_or_two(&self, at: usize, caps: &mut Caps, slot: fn(&mut Caps) -> &mut Span, k: Cont<'_>) -> bool {
        for n in [2usize, 1] {
            if self.digits(at, n) {
                let saved = *slot(caps);
                *slot(caps) = Some((at, at + n));
                if k(at + n, caps) {
                    return true;
                }
                *slot(caps) = saved;
            }
        }
        false
    }

    /// `[0-9]{2}` captured in `slot`.
    fn two(&self, at: usize, caps: &mut Caps, slot: fn(&mut Caps) -> &mut Span, k: Cont<'_>) -> bool {
        if !self.digits(at, 2) {
            return false;
        }
        let saved = *slot(caps);
        *slot(caps) = Some((at, at + 2));
        if k(at + 2, caps) {
            return true;
        }
        *slot(caps) = saved;
        false
    }

    /// The whole pattern; the captures of the first match.
    fn run(&self) -> Option<Caps> {
        let mut caps = Caps::default();
        if !self.digits(0, 4) {
            return None;
        }
        caps.year = Some((0, 4));
        let mut found: Option<Caps> = None;
        let mut end = |at: usize, c: &mut Caps| {
            if self.dollar(at) {
                found = Some(*c);
                true
            } else {
                false
            }
        };
        // ( month-part ( day-part ( time-part ){0,1} ){0,1} ){0,1} $
        let matched = self
            .month_part(4, &mut caps, &mut |at, c| self.opt(at, c, &mut |at, c, k| self.day_part(at, c, k), &mut end));
        if !matched {
            end(4, &mut caps);
        }
        found
    }

    /// `(body){0,1}` (greedy): the body followed by `k`, else `k` alone.
    fn opt(
        &self,
        at: usize,
        caps: &mut Caps,
        body: &mut dyn FnMut(usize, &mut Caps, Cont<'_>) -> bool,
        k: Cont<'_>,
    ) -> bool {
        if body(at, caps, &mut |p, c| k(p, c)) {
            return true;
        }
        k(at, caps)
    }

    /// `(-(?P<monthdash>[0-9]{1,2})) | (?P<month>[0-9]{2})(?!$)`
    fn month_part(&self, at: usize, caps: &mut Caps, k: Cont<'_>) -> bool {
        if self.byte(at) == Some(b'-') && self.one_or_two(at + 1, caps, |c| &mut c.monthdash, k) {
            return true;
        }
        self.two(at, caps, |c| &mut c.month, &mut |p, c| !self.dollar(p) && k(p, c))
    }

    /// `( (-(?P<daydash>[0-9]{1,2})) | (?P<day>[0-9]{2}) ) ( time-part ){0,1}`
    fn day_part(&self, at: usize, caps: &mut Caps, k: Cont<'_>) -> bool {
        let mut rest = |p: usize, c: &mut Caps| self.opt(p, c, &mut |p, c, k2| self.time_part(p, c, k2), k);
        if self.byte(at) == Some(b'-') && self.one_or_two(at + 1, caps, |c| &mut c.daydash, &mut rest) {
            return true;
        }
        self.two(at, caps, |c| &mut c.day, &mut rest)
    }

    /// `[ T] hour (:?minute)? (:?second([.,]fraction)?)? (Z | sign tz_hour :? tz_minute?)?`
    fn time_part(&self, at: usize, caps: &mut Caps, k: Cont<'_>) -> bool {
        if !matches!(self.byte(at), Some(b' ' | b'T')) {
            return false;
        }
        self.two(at + 1, caps, |c| &mut c.hour, &mut |p, c| {
            self.opt(p, c, &mut |p, c, k2| self.colon_two(p, c, |c| &mut c.minute, k2), &mut |p, c| {
                self.opt(p, c, &mut |p, c, k3| self.seconds(p, c, k3), &mut |p, c| {
                    self.opt(p, c, &mut |p, c, k4| self.tz(p, c, k4), k)
                })
            })
        })
    }

    /// `:{0,1}` then `[0-9]{2}` captured in `slot`.
    fn colon_two(&self, at: usize, caps: &mut Caps, slot: fn(&mut Caps) -> &mut Span, k: Cont<'_>) -> bool {
        if self.byte(at) == Some(b':') && self.two(at + 1, caps, slot, k) {
            return true;
        }
        self.two(at, caps, slot, k)
    }

    /// `:{0,1}(?P<second>[0-9]{1,2})([.,](?P<second_fraction>[0-9]+)){0,1}`
    fn seconds(&self, at: usize, caps: &mut Caps, k: Cont<'_>) -> bool {
        let mut after = |p: usize, c: &mut Caps| self.opt(p, c, &mut |p, c, k2| self.fraction(p, c, k2), k);
        if self.byte(at) == Some(b':') && self.one_or_two(at + 1, caps, |c| &mut c.second, &mut after) {
            return true;
        }
        self.one_or_two(at, caps, |c| &mut c.second, &mut after)
    }

    /// `[.,](?P<second_fraction>[0-9]+)` (greedy, backing off one digit at a time).
    fn fraction(&self, at: usize, caps: &mut Caps, k: Cont<'_>) -> bool {
        if !matches!(self.byte(at), Some(b'.' | b',')) {
            return false;
        }
        let start = at + 1;
        let mut end = start;
        while self.digit(end) {
            end += 1;
        }
        let saved = caps.second_fraction;
        let mut stop = end;
        while stop > start {
            caps.second_fraction = Some((start, stop));
            if k(stop, caps) {
                return true;
            }
            stop -= 1;
        }
        caps.second_fraction = saved;
        false
    }

    /// `(?P<timezone>Z|((?P<tz_sign>[-+])(?P<tz_hour>[0-9]{2}):{0,1}(?P<tz_minute>[0-9]{2}){0,1}))`
    fn tz(&self, at: usize, caps: &mut Caps, k: Cont<'_>) -> bool {
        let saved = *caps;
        if self.byte(at) == Some(b'Z') {
            caps.timezone = Some((at, at + 1));
            if k(at + 1, caps) {
                return true;
            }
            *caps = saved;
        }
        if !matches!(self.byte(at), Some(b'-' | b'+')) || !self.digits(at + 1, 2) {
            return false;
        }
        caps.tz_sign = Some((at, at + 1));
        caps.tz_hour = Some((at + 1, at + 3));
        let mut p = at + 3;
        // `:{0,1}` greedy, then `(tz_minute){0,1}` greedy: try the four combinations in order.
        let colon_options: &[usize] = if self.byte(p) == Some(b':') { &[1, 0] } else { &[0] };
        for &colon in colon_options {
            p = at + 3 + colon;
            if self.digits(p, 2) {
                caps.tz_minute = Some((p, p + 2));
                caps.timezone = Some((at, p + 2));
                if k(p + 2, caps) {
                    return true;
                }
                caps.tz_minute = saved.tz_minute;
            }
            caps.timezone = Some((at, p));
            if k(p, caps) {
                return true;
            }
        }
        *caps = saved;
        false
    }
}

fn num(s: &str, span: Span) -> Option<i64> {
    let (a, b) = span?;
    s.get(a..b)?.parse().ok()
}

fn is_leap(y: i64) -> bool {
    y % 4 == 0 && (y % 100 != 0 || y % 400 == 0)
}

/// `parse_isotime(s)` succeeds.
fn parses(s: &str) -> bool {
    let Some(c) = (Matcher { s: s.as_bytes() }).run() else {
        return false;
    };
    let year = num(s, c.year).unwrap_or(0);
    let month = num(s, c.month).or_else(|| num(s, c.monthdash)).unwrap_or(1);
    let day = num(s, c.day).or_else(|| num(s, c.daydash)).unwrap_or(1);
    let hour = num(s, c.hour).unwrap_or(0);
    let minute = num(s, c.minute).unwrap_or(0);
    let second = num(s, c.second).unwrap_or(0);
    if !(1..=9999).contains(&year) || !(1..=12).contains(&month) {
        return false;
    }
    let days = match month {
        2 if is_leap(year) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    };
    if !(1..=days).contains(&day) || hour > 23 || minute > 59 || second > 59 {
        return false;
    }
    // microsecond = int(Decimal("0." + fraction) * Decimal("1000000.0")), rounded to
    // the context's 28 digits: only 28 nines followed by a digit >= 5 carry to 10**6.
    if let Some(frac) = c.second_fraction.and_then(|(a, b)| s.get(a..b)) {
        let b = frac.as_bytes();
        if b.len() > 28 && b.iter().take(28).all(|d| *d == b'9') && b.get(28).is_some_and(|d| *d >= b'5') {
            return false;
        }
    }
    let is_z = c.timezone.and_then(|(a, b)| s.get(a..b)) == Some("Z");
    if c.timezone.is_some() && !is_z {
        let h = num(s, c.tz_hour).unwrap_or(0);
        let m = num(s, c.tz_minute).unwrap_or(0);
        // datetime.timezone: strictly between -24h and 24h.
        if h * 60 + m >= 24 * 60 {
            return false;
        }
    }
    true
}

/// `ISO8601Constraint` (it never sets a message).
pub(super) fn iso_8601(value: &Value) -> Custom {
    match value {
        Value::Str(s) if parses(s) => Custom::Valid,
        _ => Custom::Invalid(None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forms() {
        for ok in ["2012", "2012-02", "20120214", "2012-02-14T20:53:07Z", "2012-02-14 20:53:07.5+05:30", "2012\n"] {
            assert!(parses(ok), "{ok}");
        }
        for bad in ["201202", "2012-02-30", "2012-01-01T24:00", "2012-01-01T00:00+24:00", "0000-01-01", "2012\n\n"] {
            assert!(!parses(bad), "{bad}");
        }
    }
}
