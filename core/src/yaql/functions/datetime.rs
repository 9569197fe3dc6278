//! `yaql.standard_library.date_time` (Tier 3): datetimes with a fixed UTC offset and
//! timespans, microsecond precision. `datetime(string)` accepts ISO 8601 forms
//! (dateutil's parser accepts more).

use super::super::eval::{Call, Dft, FnDef, R};
use super::super::types::{PyClass, ANY, DT, INT, NUM, SPAN, SPAN_N, STR, STR_N, T};
use super::super::value::V;
use super::super::YaqlError;
use super::table::{func, method, p, pd, Overload};
use super::value_error;

const US_PER_DAY: i64 = 86_400_000_000;
const US_PER_SEC: i64 = 1_000_000;

fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

fn civil_from_days(z: i64) -> (i64, i64, i64) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    (if m <= 2 { y + 1 } else { y }, m, d)
}

fn is_leap(y: i64) -> bool {
    (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
}

fn days_in_month(y: i64, m: i64) -> i64 {
    match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        _ => {
            if is_leap(y) {
                29
            } else {
                28
            }
        }
    }
}

/// Broken-down local time of a datetime.
struct Parts {
    y: i64,
    mo: i64,
    d: i64,
    h: i64,
    mi: i64,
    s: i64,
    us: i64,
}

fn parts(utc_us: i64, off: i32) -> Parts {
    let local = utc_us + i64::from(off) * US_PER_SEC;
    let days = local.div_euclid(US_PER_DAY);
    let rem = local.rem_euclid(US_PER_DAY);
    let (y, mo, d) = civil_from_days(days);
    Parts {
        y,
        mo,
        d,
        h: rem / 3_600_000_000,
        mi: rem / 60_000_000 % 60,
        s: rem / US_PER_SEC % 60,
        us: rem % US_PER_SEC,
    }
}

fn build(p: &Parts, off: i32) -> R<V> {
    if !(1..=9999).contains(&p.y) {
        return Err(value_error(format!("year {} is out of range", p.y)));
    }
    if !(1..=12).contains(&p.mo) {
        return Err(value_error("month must be in 1..12"));
    }
    if p.d < 1 || p.d > days_in_month(p.y, p.mo) {
        return Err(value_error("day is out of range for month"));
    }
    if !(0..24).contains(&p.h) {
        return Err(value_error("hour must be in 0..23"));
    }
    if !(0..60).contains(&p.mi) {
        return Err(value_error("minute must be in 0..59"));
    }
    if !(0..60).contains(&p.s) {
        return Err(value_error("second must be in 0..59"));
    }
    if !(0..US_PER_SEC).contains(&p.us) {
        return Err(value_error("microsecond must be in 0..999999"));
    }
    let local = days_from_civil(p.y, p.mo, p.d) * US_PER_DAY
        + p.h * 3_600_000_000
        + p.mi * 60_000_000
        + p.s * US_PER_SEC
        + p.us;
    Ok(V::DateTime(local - i64::from(off) * US_PER_SEC, off))
}

fn check_range(v: V) -> R<V> {
    if let V::DateTime(t, off) = v {
        let p = parts(t, off);
        if !(1..=9999).contains(&p.y) {
            return Err(YaqlError::new("OverflowError", "date value out of range"));
        }
    }
    Ok(v)
}

fn offset_seconds(span_us: i64) -> R<i32> {
    if span_us % US_PER_SEC != 0 {
        return Err(value_error("offset must be a timedelta representing a whole number of seconds"));
    }
    let s = span_us / US_PER_SEC;
    if s.abs() >= 86400 {
        return Err(value_error(
            "offset must be a timedelta strictly between -timedelta(hours=24) and timedelta(hours=24).",
        ));
    }
    i32::try_from(s).map_err(|_| value_error("offset out of range"))
}

fn tz_repr(off: i32) -> String {
    if off == 0 {
        "tzutc()".into()
    } else {
        format!("tzoffset(None, {off})")
    }
}

fn off_text(off: i32) -> String {
    let sign = if off < 0 { '-' } else { '+' };
    let a = off.unsigned_abs();
    format!("{sign}{:02}:{:02}", a / 3600, a / 60 % 60)
}

/// `repr(datetime)`.
pub(crate) fn datetime_repr(t: i64, off: i32) -> String {
    let p = parts(t, off);
    let mut args = format!("{}, {}, {}, {}, {}", p.y, p.mo, p.d, p.h, p.mi);
    if p.s != 0 || p.us != 0 {
        args.push_str(&format!(", {}", p.s));
    }
    if p.us != 0 {
        args.push_str(&format!(", {}", p.us));
    }
    format!("datetime.datetime({args}, tzinfo={})", tz_repr(off))
}

/// `str(datetime)`.
pub(crate) fn datetime_str(t: i64, off: i32) -> String {
    let p = parts(t, off);
    let mut s = format!("{:04}-{:02}-{:02} {:02}:{:02}:{:02}", p.y, p.mo, p.d, p.h, p.mi, p.s);
    if p.us != 0 {
        s.push_str(&format!(".{:06}", p.us));
    }
    s.push_str(&off_text(off));
    s
}

/// `repr(timedelta)`.
pub(crate) fn timedelta_repr(us: i64) -> String {
    let days = us.div_euclid(US_PER_DAY);
    let rem = us.rem_euclid(US_PER_DAY);
    let (secs, micro) = (rem / US_PER_SEC, rem % US_PER_SEC);
    let mut parts = Vec::new();
    if days != 0 {
        parts.push(format!("days={days}"));
    }
    if secs != 0 {
        parts.push(format!("seconds={secs}"));
    }
    if micro != 0 {
        parts.push(format!("microseconds={micro}"));
    }
    if parts.is_empty() {
        return "datetime.timedelta(0)".into();
    }
    format!("datetime.timedelta({})", parts.join(", "))
}

/// `str(timedelta)`.
pub(crate) fn timedelta_str(us: i64) -> String {
    let days = us.div_euclid(US_PER_DAY);
    let rem = us.rem_euclid(US_PER_DAY);
    let (secs, micro) = (rem / US_PER_SEC, rem % US_PER_SEC);
    let mut s = format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60);
    if micro != 0 {
        s.push_str(&format!(".{micro:06}"));
    }
    if days != 0 {
        s = format!("{days} day{}, {s}", if days.abs() != 1 { "s" } else { "" });
    }
    s
}

fn span(v: &V) -> i64 {
    match v {
        V::TimeSpan(t) => *t,
        _ => 0,
    }
}

fn dt(v: &V) -> (i64, i32) {
    match v {
        V::DateTime(t, o) => (*t, *o),
        _ => (0, 0),
    }
}

#[allow(clippy::cast_precision_loss)]
fn ratio(us: i64, per: f64) -> V {
    V::Float(us as f64 / per)
}

fn overflow() -> YaqlError {
    YaqlError::new("OverflowError", "date value out of range")
}

/// ISO-8601-ish parsing for `datetime(string)`.
fn parse_iso(s: &str) -> Option<(Parts, Option<i32>)> {
    let s = s.trim();
    let (date, rest) = match s.find(['T', ' ']) {
        Some(i) => (&s[..i], s[i + 1..].trim()),
        None => (s, ""),
    };
    let dp: Vec<&str> = date.split('-').collect();
    let (y, mo, d) = match dp.as_slice() {
        [y, m, d] => (y.parse().ok()?, m.parse().ok()?, d.parse().ok()?),
        [ymd] if ymd.len() == 8 => (ymd[..4].parse().ok()?, ymd[4..6].parse().ok()?, ymd[6..].parse().ok()?),
        _ => return None,
    };
    let mut p = Parts { y, mo, d, h: 0, mi: 0, s: 0, us: 0 };
    let mut off = None;
    if !rest.is_empty() {
        let (time, tz) = if let Some(t) = rest.strip_suffix('Z') {
            (t, Some(0))
        } else if let Some(i) = rest.rfind(['+', '-']) {
            let tz = &rest[i..];
            let sign = if tz.starts_with('-') { -1 } else { 1 };
            let digits: String = tz[1..].chars().filter(char::is_ascii_digit).collect();
            let (hh, mm) = match digits.len() {
                2 => (digits.parse::<i32>().ok()?, 0),
                4 => (digits[..2].parse::<i32>().ok()?, digits[2..].parse::<i32>().ok()?),
                _ => return None,
            };
            (&rest[..i], Some(sign * (hh * 3600 + mm * 60)))
        } else {
            (rest, None)
        };
        off = tz;
        let tp: Vec<&str> = time.trim().split(':').collect();
        p.h = tp.first()?.parse().ok()?;
        p.mi = tp.get(1).map_or(Some(0), |x| x.parse().ok())?;
        if let Some(sec) = tp.get(2) {
            let (whole, frac) = match sec.split_once('.') {
                Some((a, b)) => (a, b),
                None => (*sec, ""),
            };
            p.s = whole.parse().ok()?;
            if !frac.is_empty() {
                let f6: String = frac.chars().chain(std::iter::repeat('0')).take(6).collect();
                p.us = f6.parse().ok()?;
            }
        }
    }
    Some((p, off))
}

/// Python's `datetime.strptime` (C locale): the format becomes a regular expression
/// as `_strptime` builds it, matched case-insensitively against the whole string.
/// `_strptime`'s regular expression for a format (`fmt_repr`: the format's repr, for errors).
fn strptime_pattern(format: &str, fmt_repr: &str) -> R<String> {
    let bad = |msg: String| value_error(msg);
    let mut pat = String::from("(?i)");
    let mut chars = format.chars().peekable();
    let mut ws = false;
    while let Some(ch) = chars.next() {
        if ch.is_whitespace() {
            if !ws {
                pat.push_str(r"\s+");
            }
            ws = true;
            continue;
        }
        ws = false;
        if ch != '%' {
            if "\\.^$*+?(){}[]|".contains(ch) {
                pat.push('\\');
            }
            pat.push(ch);
            continue;
        }
        let Some(d) = chars.next() else {
            return Err(bad(format!("stray % in format {fmt_repr}")));
        };
        let month_names = MONTHS.iter().map(|m| m.to_ascii_lowercase()).collect::<Vec<_>>().join("|");
        let month_abbr = MONTHS.iter().map(|m| m[..3].to_ascii_lowercase()).collect::<Vec<_>>().join("|");
        let day_names = DAYS.iter().map(|m| m.to_ascii_lowercase()).collect::<Vec<_>>().join("|");
        let day_abbr = DAYS.iter().map(|m| m[..3].to_ascii_lowercase()).collect::<Vec<_>>().join("|");
        let piece = match d {
            'd' => r"(?P<d>3[0-1]|[1-2]\d|0[1-9]|[1-9]| [1-9])".to_string(),
            'f' => r"(?P<f>[0-9]{1,6})".to_string(),
            'H' => r"(?P<H>2[0-3]|[0-1]\d|\d)".to_string(),
            'I' => r"(?P<I>1[0-2]|0[1-9]|[1-9])".to_string(),
            'j' => r"(?P<j>36[0-6]|3[0-5]\d|[1-2]\d\d|0[1-9]\d|00[1-9]|[1-9]\d|0[1-9]|[1-9])".to_string(),
            'm' => r"(?P<m>1[0-2]|0[1-9]|[1-9])".to_string(),
            'M' => r"(?P<M>[0-5]\d|\d)".to_string(),
            'S' => r"(?P<S>6[0-1]|[0-5]\d|\d)".to_string(),
            'y' => r"(?P<y>\d\d)".to_string(),
            'Y' => r"(?P<Y>\d\d\d\d)".to_string(),
            'z' => r"(?P<z>[+-]\d\d:?[0-5]\d(:?[0-5]\d(\.\d{1,6})?)?|(?-i:Z))".to_string(),
            'p' => "(?P<p>am|pm)".to_string(),
            'B' => format!("(?P<B>{month_names})"),
            'b' => format!("(?P<b>{month_abbr})"),
            'A' => format!("(?P<A>{day_names})"),
            'a' => format!("(?P<a>{day_abbr})"),
            'w' => "(?P<w>[0-6])".to_string(),
            'Z' => "(?P<Z>utc|gmt)".to_string(),
            '%' => "%".to_string(),
            other => return Err(bad(format!("'{other}' is a bad directive in format {fmt_repr}"))),
        };
        if pat.contains(&piece[..piece.find('>').map_or(0, |i| i + 1)]) && piece.starts_with("(?P<") {
            let name = &piece[4..piece.find('>').unwrap_or(4)];
            return Err(YaqlError::new(
                "error",
                format!("redefinition of group name '{name}' as group 2; was group 1"),
            ));
        }
        pat.push_str(&piece);
    }
    Ok(pat)
}

fn strptime(data: &str, format: &str) -> R<(Parts, Option<i32>)> {
    let bad = |msg: String| value_error(msg);
    let fmt_repr = crate::pyfmt::str_repr(format);
    let pat = strptime_pattern(format, &fmt_repr)?;
    let re = crate::pyre::Regex::new(&pat, 0).map_err(|e| bad(e.msg))?;
    let no_match = || bad(format!("time data {} does not match format {fmt_repr}", crate::pyfmt::str_repr(data)));
    let chars: Vec<char> = data.chars().collect();
    // `_strptime`'s `format_regex.match(data_string)`
    let spans = re.search(&chars, 0, true, false, BACKTRACK_LIMIT).map_err(|_| no_match())?.ok_or_else(no_match)?;
    let end = spans.first().copied().flatten().map_or(0, |(_, e)| e);
    if end != chars.len() {
        return Err(bad(format!(
            "unconverted data remains: {}",
            chars.get(end..).unwrap_or(&[]).iter().collect::<String>()
        )));
    }
    let group = |name: &str| -> Option<String> {
        let g = re.names.iter().find(|(n, _)| n == name)?.1;
        let (a, b) = spans.get(g).copied().flatten()?;
        Some(chars.get(a..b).unwrap_or(&[]).iter().collect())
    };
    let caps = Caps(&group);
    let num = |name: &str| -> Option<i64> {
        caps.name(name).map(|m| {
            m.as_str()
                .trim()
                .chars()
                .filter_map(super::super::lexer::digit_value)
                .fold(0i64, |a, d| a * 10 + i64::from(d))
        })
    };
    let mut p = Parts { y: 1900, mo: 1, d: 1, h: 0, mi: 0, s: 0, us: 0 };
    if let Some(y) = num("Y") {
        p.y = y;
    } else if let Some(y) = num("y") {
        p.y = if y <= 68 { 2000 + y } else { 1900 + y };
    }
    if let Some(m) = num("m") {
        p.mo = m;
    }
    let name_of = |g: &str, list: &[&str], n: usize| -> Option<i64> {
        let t = caps.name(g)?.as_str().to_ascii_lowercase();
        list.iter()
            .position(|x| {
                x.to_ascii_lowercase().get(..n.min(x.len())).unwrap_or("") == t || x.to_ascii_lowercase() == t
            })
            .map(|i| i as i64 + 1)
    };
    if let Some(m) = name_of("B", &MONTHS, 99).or_else(|| name_of("b", &MONTHS, 3)) {
        p.mo = m;
    }
    if let Some(d) = num("d") {
        p.d = d;
    }
    if let Some(h) = num("H") {
        p.h = h;
    } else if let Some(h) = num("I") {
        let pm = caps.name("p").is_some_and(|m| m.as_str().eq_ignore_ascii_case("pm"));
        p.h = match (h, pm) {
            (12, false) => 0,
            (12, true) => 12,
            (h, true) => h + 12,
            (h, false) => h,
        };
    }
    if let Some(mi) = num("M") {
        p.mi = mi;
    }
    if let Some(sec) = num("S") {
        p.s = sec;
    }
    if let Some(f) = caps.name("f") {
        let digits: String = f.as_str().chars().chain(std::iter::repeat('0')).take(6).collect();
        p.us = digits.parse().unwrap_or(0);
    }
    if let Some(j) = num("j") {
        if num("m").is_none() && num("d").is_none() {
            let day0 = days_from_civil(p.y, 1, 1) + j - 1;
            let (y, m, d) = civil_from_days(day0);
            p.y = y;
            p.mo = m;
            p.d = d;
        }
    }
    if p.s == 61 || p.s == 60 {
        p.s = 59;
    }
    let off = caps.name("z").map(|m| utc_offset_seconds(m.as_str()));
    Ok((p, off))
}

/// A `%z` match (`Z`, `+hh:mm`, `-hhmmss`…) in seconds east of UTC.
fn utc_offset_seconds(z: &str) -> i32 {
    if z.eq_ignore_ascii_case("z") {
        return 0;
    }
    let sign = if z.starts_with('-') { -1 } else { 1 };
    let digits: String = z[1..].chars().filter(char::is_ascii_digit).collect();
    let hh: i32 = digits.get(0..2).and_then(|x| x.parse().ok()).unwrap_or(0);
    let mm: i32 = digits.get(2..4).and_then(|x| x.parse().ok()).unwrap_or(0);
    let ss: i32 = digits.get(4..6).and_then(|x| x.parse().ok()).unwrap_or(0);
    sign * (hh * 3600 + mm * 60 + ss)
}

/// Backtracking budget of the format's regular expression (it has no nested repeats).
const BACKTRACK_LIMIT: usize = 1_000_000;

/// The named groups of a `strptime` match.
struct Caps<'a>(&'a dyn Fn(&str) -> Option<String>);

impl Caps<'_> {
    fn name(&self, n: &str) -> Option<String> {
        (self.0)(n)
    }
}

const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
const DAYS: [&str; 7] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

fn weekday(t: i64, off: i32) -> i64 {
    let local = t + i64::from(off) * US_PER_SEC;
    (local.div_euclid(US_PER_DAY) + 3).rem_euclid(7)
}

fn strftime(t: i64, off: i32, fmt: &str) -> String {
    let p = parts(t, off);
    let wd = weekday(t, off);
    let month = MONTHS.get(usize::try_from(p.mo - 1).unwrap_or(0)).copied().unwrap_or("");
    let day = DAYS.get(usize::try_from(wd).unwrap_or(0)).copied().unwrap_or("");
    let mut out = String::new();
    let mut chars = fmt.chars();
    while let Some(c) = chars.next() {
        if c != '%' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('Y') => out.push_str(&format!("{:04}", p.y)),
            Some('y') => out.push_str(&format!("{:02}", p.y % 100)),
            Some('m') => out.push_str(&format!("{:02}", p.mo)),
            Some('d') => out.push_str(&format!("{:02}", p.d)),
            Some('H') => out.push_str(&format!("{:02}", p.h)),
            Some('I') => out.push_str(&format!("{:02}", if p.h % 12 == 0 { 12 } else { p.h % 12 })),
            Some('M') => out.push_str(&format!("{:02}", p.mi)),
            Some('S') => out.push_str(&format!("{:02}", p.s)),
            Some('f') => out.push_str(&format!("{:06}", p.us)),
            Some('p') => out.push_str(if p.h < 12 { "AM" } else { "PM" }),
            Some('B') => out.push_str(month),
            Some('b') => out.push_str(month.get(..3).unwrap_or("")),
            Some('A') => out.push_str(day),
            Some('a') => out.push_str(day.get(..3).unwrap_or("")),
            Some('w') => out.push_str(&((wd + 1) % 7).to_string()),
            Some('j') => {
                let doy = days_from_civil(p.y, p.mo, p.d) - days_from_civil(p.y, 1, 1) + 1;
                out.push_str(&format!("{doy:03}"));
            }
            Some('z') => out.push_str(&off_text(off).replace(':', "")),
            Some('Z') => out.push_str(if off == 0 { "UTC" } else { "" }),
            Some('%') => out.push('%'),
            Some(o) => {
                out.push('%');
                out.push(o);
            }
            None => out.push('%'),
        }
    }
    out
}

const INT_N: T = T::Cls { cls: PyClass::Int, nullable: true };
const INTEGER: T = T::Integer { nullable: false };
const DT_CLS: T = T::Cls { cls: PyClass::DateTime, nullable: false };

/// The family's overloads, in yaql's registration order (resolution keeps it).
pub(crate) static OVERLOADS: &[Overload] = &[
    func(
        "datetime",
        &[
            p("year", INT),
            p("month", INT),
            p("day", INT),
            pd("hour", INT, Dft::Int(0)),
            pd("minute", INT, Dft::Int(0)),
            pd("second", INT, Dft::Int(0)),
            pd("microsecond", INT, Dft::Int(0)),
            pd("offset", SPAN, Dft::ZeroSpan),
        ],
        datetime_of_parts,
    ),
    func("datetime", &[p("timestamp", NUM), pd("offset", SPAN, Dft::ZeroSpan)], datetime_of_timestamp),
    func("datetime", &[p("string", STR), pd("format__", STR_N, Dft::None)], datetime_of_string),
    func(
        "timespan",
        &[
            pd("days", INT, Dft::Int(0)),
            pd("hours", INT, Dft::Int(0)),
            pd("minutes", INT, Dft::Int(0)),
            pd("seconds", INTEGER, Dft::Int(0)),
            pd("milliseconds", INTEGER, Dft::Int(0)),
            pd("microseconds", INTEGER, Dft::Int(0)),
        ],
        timespan,
    ),
    func("#property#microseconds", &[p("obj", SPAN)], span_microseconds),
    func("#property#milliseconds", &[p("obj", SPAN)], span_milliseconds),
    func("#property#seconds", &[p("obj", SPAN)], span_seconds),
    func("#property#minutes", &[p("obj", SPAN)], span_minutes),
    func("#property#hours", &[p("obj", SPAN)], span_hours),
    func("#property#days", &[p("obj", SPAN)], span_days),
    // The engine reads no clock (results must be reproducible, and the wasm build
    // has none): `now()` reports that instead of inventing a time.
    func("now", &[pd("offset", SPAN_N, Dft::ZeroSpan)], now),
    func("localtz", &[], localtz),
    func("utctz", &[], utctz),
    func("#operator_+", &[p("dt", DT), p("ts", SPAN)], datetime_plus_span),
    func("#operator_+", &[p("ts", SPAN), p("dt", DT)], span_plus_datetime),
    func("#operator_-", &[p("dt", DT), p("ts", SPAN)], datetime_minus_span),
    func("#operator_-", &[p("dt1", DT), p("dt2", DT)], datetime_minus_datetime),
    func("#operator_+", &[p("ts1", SPAN), p("ts2", SPAN)], span_plus_span),
    func("#operator_-", &[p("ts1", SPAN), p("ts2", SPAN)], span_minus_span),
    func("#operator_>", &[p("dt1", DT), p("dt2", DT)], datetime_gt),
    func("#operator_>", &[p("ts1", SPAN), p("ts2", SPAN)], span_gt),
    func("#operator_>=", &[p("dt1", DT), p("dt2", DT)], datetime_ge),
    func("#operator_>=", &[p("ts1", SPAN), p("ts2", SPAN)], span_ge),
    func("#operator_<", &[p("dt1", DT), p("dt2", DT)], datetime_lt),
    func("#operator_<", &[p("ts1", SPAN), p("ts2", SPAN)], span_lt),
    func("#operator_<=", &[p("dt1", DT), p("dt2", DT)], datetime_le),
    func("#operator_<=", &[p("ts1", SPAN), p("ts2", SPAN)], span_le),
    func("#operator_*", &[p("ts", SPAN), p("n", NUM)], span_times_number),
    func("#operator_*", &[p("n", NUM), p("ts", SPAN)], span_times_number),
    func("#operator_/", &[p("ts1", SPAN), p("ts2", SPAN)], span_div_span),
    func("#operator_/", &[p("ts", SPAN), p("n", NUM)], span_div_number),
    func("#unary_operator_-", &[p("ts", SPAN)], span_neg),
    func("#unary_operator_+", &[p("ts", SPAN)], span_pos),
    func("#property#year", &[p("obj", DT_CLS)], prop_year),
    func("#property#month", &[p("obj", DT_CLS)], prop_month),
    func("#property#day", &[p("obj", DT_CLS)], prop_day),
    func("#property#hour", &[p("obj", DT_CLS)], prop_hour),
    func("#property#minute", &[p("obj", DT_CLS)], prop_minute),
    func("#property#second", &[p("obj", DT_CLS)], prop_second),
    func("#property#microsecond", &[p("obj", DT_CLS)], prop_microsecond),
    func("#property#weekday", &[p("obj", DT_CLS)], prop_weekday),
    func("#property#offset", &[p("obj", DT_CLS)], prop_offset),
    func("#property#timestamp", &[p("obj", DT_CLS)], prop_timestamp),
    func("#property#date", &[p("obj", DT)], prop_date),
    func("#property#time", &[p("obj", DT)], prop_time),
    func("#property#utc", &[p("obj", DT)], prop_utc),
    method(
        "replace",
        &[
            p("dt", DT),
            pd("year", INT_N, Dft::None),
            pd("month", INT_N, Dft::None),
            pd("day", INT_N, Dft::None),
            pd("hour", INT_N, Dft::None),
            pd("minute", INT_N, Dft::None),
            pd("second", INT_N, Dft::None),
            pd("microsecond", INT_N, Dft::None),
            pd("offset", SPAN_N, Dft::None),
        ],
        datetime_replace,
    ),
    method("format", &[p("dt", DT), p("format__", STR)], datetime_format),
    func("isDatetime", &[p("value", ANY)], is_datetime),
    func("isTimespan", &[p("value", ANY)], is_timespan),
];

pub(crate) fn register(defs: &mut Vec<FnDef>) {
    super::table::register(defs, OVERLOADS);
}

/// `datetime(year, month, day, …, offset)`.
fn datetime_of_parts(c: &mut Call<'_>) -> R<V> {
    let off = offset_seconds(span(c.v(7)))?;
    let p = Parts { y: c.int(0), mo: c.int(1), d: c.int(2), h: c.int(3), mi: c.int(4), s: c.int(5), us: c.int(6) };
    build(&p, off)
}

/// `datetime(timestamp, offset)`: from seconds since the epoch.
fn datetime_of_timestamp(c: &mut Call<'_>) -> R<V> {
    let off = offset_seconds(span(c.v(1)))?;
    #[allow(clippy::cast_possible_truncation)]
    let us = match c.v(0) {
        V::Int(i) => i.checked_mul(US_PER_SEC).ok_or_else(overflow)?,
        V::Float(f) => {
            let x = (f * 1e6).round();
            if !x.is_finite() || x.abs() > 2.5e17 {
                return Err(overflow());
            }
            x as i64
        }
        _ => 0,
    };
    check_range(V::DateTime(us, off))
}

/// `datetime(string, format)`: parsed as ISO 8601 or with the strptime format.
fn datetime_of_string(c: &mut Call<'_>) -> R<V> {
    let s = c.s(0);
    if let V::Str(f) = c.v(1) {
        if !f.is_empty() {
            let (p, off) = strptime(&s, f)?;
            return build(&p, off.unwrap_or(0));
        }
    }
    if s.trim().is_empty() {
        return Err(YaqlError::new("ParserError", format!("String does not contain a date: {s}")));
    }
    let (p, off) = parse_iso(&s).ok_or_else(|| YaqlError::new("ParserError", format!("Unknown string format: {s}")))?;
    build(&p, off.unwrap_or(0))
}

/// `timespan(days, hours, minutes, seconds, milliseconds, microseconds)`.
fn timespan(c: &mut Call<'_>) -> R<V> {
    let total = (|| -> Option<i64> {
        c.int(0)
            .checked_mul(US_PER_DAY)?
            .checked_add(c.int(1).checked_mul(3_600_000_000)?)?
            .checked_add(c.int(2).checked_mul(60_000_000)?)?
            .checked_add(c.int(3).checked_mul(US_PER_SEC)?)?
            .checked_add(c.int(4).checked_mul(1000)?)?
            .checked_add(c.int(5))
    })();
    total
        .map(V::TimeSpan)
        .ok_or_else(|| YaqlError::new("OverflowError", "days=1000000000; must have magnitude <= 999999999"))
}

/// `timespan.microseconds`: the span in microseconds.
fn span_microseconds(c: &mut Call<'_>) -> R<V> {
    Ok(V::Int(span(c.v(0))))
}

/// `timespan.milliseconds`: the span in milliseconds.
fn span_milliseconds(c: &mut Call<'_>) -> R<V> {
    Ok(ratio(span(c.v(0)), 1000.0))
}

/// `timespan.seconds`: the span in seconds.
fn span_seconds(c: &mut Call<'_>) -> R<V> {
    Ok(ratio(span(c.v(0)), 1e6))
}

/// `timespan.minutes`: the span in minutes.
fn span_minutes(c: &mut Call<'_>) -> R<V> {
    Ok(ratio(span(c.v(0)), 6e7))
}

/// `timespan.hours`: the span in hours.
fn span_hours(c: &mut Call<'_>) -> R<V> {
    Ok(ratio(span(c.v(0)), 3.6e9))
}

/// `timespan.days`: the span in days.
fn span_days(c: &mut Call<'_>) -> R<V> {
    Ok(ratio(span(c.v(0)), 8.64e10))
}

/// `now(offset)`: an error (the engine reads no clock).
fn now(c: &mut Call<'_>) -> R<V> {
    offset_seconds(span(c.v(0)))?;
    Err(YaqlError::new(
        "NotImplementedError",
        "now() needs the current time, which hotplate does not read: its results are reproducible",
    ))
}

/// `localtz()`: the local offset, UTC here (the engine reads no clock).
fn localtz(_: &mut Call<'_>) -> R<V> {
    Ok(V::TimeSpan(0))
}

/// `utctz()`: the zero offset.
fn utctz(_: &mut Call<'_>) -> R<V> {
    Ok(V::TimeSpan(0))
}

/// `datetime + timespan`.
fn datetime_plus_span(c: &mut Call<'_>) -> R<V> {
    let (t, o) = dt(c.v(0));
    check_range(V::DateTime(t.checked_add(span(c.v(1))).ok_or_else(overflow)?, o))
}

/// `timespan + datetime`.
fn span_plus_datetime(c: &mut Call<'_>) -> R<V> {
    let (t, o) = dt(c.v(1));
    check_range(V::DateTime(t.checked_add(span(c.v(0))).ok_or_else(overflow)?, o))
}

/// `datetime - timespan`.
fn datetime_minus_span(c: &mut Call<'_>) -> R<V> {
    let (t, o) = dt(c.v(0));
    check_range(V::DateTime(t.checked_sub(span(c.v(1))).ok_or_else(overflow)?, o))
}

/// `datetime - datetime`: the timespan between.
fn datetime_minus_datetime(c: &mut Call<'_>) -> R<V> {
    Ok(V::TimeSpan(dt(c.v(0)).0 - dt(c.v(1)).0))
}

/// `timespan + timespan`.
fn span_plus_span(c: &mut Call<'_>) -> R<V> {
    Ok(V::TimeSpan(span(c.v(0)).saturating_add(span(c.v(1)))))
}

/// `timespan - timespan`.
fn span_minus_span(c: &mut Call<'_>) -> R<V> {
    Ok(V::TimeSpan(span(c.v(0)).saturating_sub(span(c.v(1)))))
}

/// `datetime > datetime`.
fn datetime_gt(c: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(dt(c.v(0)).0 > dt(c.v(1)).0))
}

/// `timespan > timespan`.
fn span_gt(c: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(span(c.v(0)) > span(c.v(1))))
}

/// `datetime >= datetime`.
fn datetime_ge(c: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(dt(c.v(0)).0 >= dt(c.v(1)).0))
}

/// `timespan >= timespan`.
fn span_ge(c: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(span(c.v(0)) >= span(c.v(1))))
}

/// `datetime < datetime`.
fn datetime_lt(c: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(dt(c.v(0)).0 < dt(c.v(1)).0))
}

/// `timespan < timespan`.
fn span_lt(c: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(span(c.v(0)) < span(c.v(1))))
}

/// `datetime <= datetime`.
fn datetime_le(c: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(dt(c.v(0)).0 <= dt(c.v(1)).0))
}

/// `timespan <= timespan`.
fn span_le(c: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(span(c.v(0)) <= span(c.v(1))))
}

/// `timespan * number` and `number * timespan`.
fn span_times_number(c: &mut Call<'_>) -> R<V> {
    let (ts, n) = if let V::TimeSpan(t) = c.v(0) { (*t, c.v(1).clone()) } else { (span(c.v(1)), c.v(0).clone()) };
    #[allow(clippy::cast_possible_truncation, clippy::cast_precision_loss)]
    match n {
        V::Int(i) => ts.checked_mul(i).map(V::TimeSpan).ok_or_else(overflow),
        V::Float(f) => Ok(V::TimeSpan((ts as f64 * f).round_ties_even() as i64)),
        _ => Ok(V::TimeSpan(ts)),
    }
}

/// `timespan / timespan`: their ratio.
fn span_div_span(c: &mut Call<'_>) -> R<V> {
    let b = span(c.v(1));
    if b == 0 {
        return Err(YaqlError::new("ZeroDivisionError", "float division by zero"));
    }
    #[allow(clippy::cast_precision_loss)]
    Ok(V::Float(span(c.v(0)) as f64 / b as f64))
}

/// `timespan / number`.
fn span_div_number(c: &mut Call<'_>) -> R<V> {
    #[allow(clippy::cast_possible_truncation, clippy::cast_precision_loss)]
    match c.v(1) {
        V::Int(0) => Err(YaqlError::new("ZeroDivisionError", "INTEGER division or modulo by zero")),
        V::Int(i) => Ok(V::TimeSpan((span(c.v(0)) as f64 / *i as f64).round_ties_even() as i64)),
        V::Float(f) if *f == 0.0 => Err(YaqlError::new("ZeroDivisionError", "float division by zero")),
        V::Float(f) => Ok(V::TimeSpan((span(c.v(0)) as f64 / f).round_ties_even() as i64)),
        _ => Ok(c.v(0).clone()),
    }
}

/// `-timespan`.
fn span_neg(c: &mut Call<'_>) -> R<V> {
    Ok(V::TimeSpan(-span(c.v(0))))
}

/// `+timespan`.
fn span_pos(c: &mut Call<'_>) -> R<V> {
    Ok(c.v(0).clone())
}

/// `datetime.year`.
fn prop_year(c: &mut Call<'_>) -> R<V> {
    Ok(V::Int(parts(dt(c.v(0)).0, dt(c.v(0)).1).y))
}

/// `datetime.month`.
fn prop_month(c: &mut Call<'_>) -> R<V> {
    Ok(V::Int(parts(dt(c.v(0)).0, dt(c.v(0)).1).mo))
}

/// `datetime.day`.
fn prop_day(c: &mut Call<'_>) -> R<V> {
    Ok(V::Int(parts(dt(c.v(0)).0, dt(c.v(0)).1).d))
}

/// `datetime.hour`.
fn prop_hour(c: &mut Call<'_>) -> R<V> {
    Ok(V::Int(parts(dt(c.v(0)).0, dt(c.v(0)).1).h))
}

/// `datetime.minute`.
fn prop_minute(c: &mut Call<'_>) -> R<V> {
    Ok(V::Int(parts(dt(c.v(0)).0, dt(c.v(0)).1).mi))
}

/// `datetime.second`.
fn prop_second(c: &mut Call<'_>) -> R<V> {
    Ok(V::Int(parts(dt(c.v(0)).0, dt(c.v(0)).1).s))
}

/// `datetime.microsecond`.
fn prop_microsecond(c: &mut Call<'_>) -> R<V> {
    Ok(V::Int(parts(dt(c.v(0)).0, dt(c.v(0)).1).us))
}

/// `datetime.weekday`: Monday is 0.
fn prop_weekday(c: &mut Call<'_>) -> R<V> {
    Ok(V::Int(weekday(dt(c.v(0)).0, dt(c.v(0)).1)))
}

/// `datetime.offset`: its UTC offset as a timespan.
fn prop_offset(c: &mut Call<'_>) -> R<V> {
    Ok(V::TimeSpan(i64::from(dt(c.v(0)).1) * US_PER_SEC))
}

/// `datetime.timestamp`: seconds since the epoch.
fn prop_timestamp(c: &mut Call<'_>) -> R<V> {
    Ok(ratio(dt(c.v(0)).0, 1e6))
}

/// `datetime.date`: midnight of its day.
fn prop_date(c: &mut Call<'_>) -> R<V> {
    let (t, o) = dt(c.v(0));
    let local = t + i64::from(o) * US_PER_SEC;
    let day = local.div_euclid(US_PER_DAY) * US_PER_DAY;
    Ok(V::DateTime(day - i64::from(o) * US_PER_SEC, o))
}

/// `datetime.time`: the timespan since midnight.
fn prop_time(c: &mut Call<'_>) -> R<V> {
    let (t, o) = dt(c.v(0));
    let local = t + i64::from(o) * US_PER_SEC;
    Ok(V::TimeSpan(local.rem_euclid(US_PER_DAY)))
}

/// `datetime.utc`: the same instant at offset zero.
fn prop_utc(c: &mut Call<'_>) -> R<V> {
    Ok(V::DateTime(dt(c.v(0)).0, 0))
}

/// `datetime.replace(year, …, offset)`: the datetime with the given parts replaced.
fn datetime_replace(c: &mut Call<'_>) -> R<V> {
    let (t, o) = dt(c.v(0));
    let mut p = parts(t, o);
    let pick = |i: usize, cur: i64| if c.v(i).is_none() { cur } else { c.int(i) };
    p.y = pick(1, p.y);
    p.mo = pick(2, p.mo);
    p.d = pick(3, p.d);
    p.h = pick(4, p.h);
    p.mi = pick(5, p.mi);
    p.s = pick(6, p.s);
    p.us = pick(7, p.us);
    let off = if c.v(8).is_none() { o } else { offset_seconds(span(c.v(8)))? };
    build(&p, off)
}

/// `datetime.format(format)`: Python's `strftime`.
fn datetime_format(c: &mut Call<'_>) -> R<V> {
    let (t, o) = dt(c.v(0));
    Ok(V::string(strftime(t, o, &c.s(1))))
}

/// `isDatetime(value)`.
fn is_datetime(c: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(matches!(c.v(0), V::DateTime(..))))
}

/// `isTimespan(value)`.
fn is_timespan(c: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(matches!(c.v(0), V::TimeSpan(_))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_round_trip_and_text() {
        for (y, m, d) in [(1970, 1, 1), (2000, 2, 29), (1, 1, 1), (9999, 12, 31)] {
            assert_eq!(civil_from_days(days_from_civil(y, m, d)), (y, m, d));
        }
        let V::DateTime(t, o) = build(&Parts { y: 2020, mo: 1, d: 2, h: 3, mi: 4, s: 5, us: 0 }, 3600).unwrap() else {
            panic!()
        };
        assert_eq!(datetime_str(t, o), "2020-01-02 03:04:05+01:00");
        assert_eq!(datetime_repr(t, o), "datetime.datetime(2020, 1, 2, 3, 4, 5, tzinfo=tzoffset(None, 3600))");
        assert_eq!(timedelta_str(90_061_000_000), "1 day, 1:01:01");
        assert_eq!(timedelta_repr(-1), "datetime.timedelta(days=-1, seconds=86399, microseconds=999999)");
    }
}
