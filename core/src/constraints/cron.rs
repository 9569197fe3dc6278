//! `cron_expression`: `croniter.croniter(value)` (croniter 7.0) with no start time,
//! i.e. `croniter._expand`, with its exception texts.
//!
//! A faithful port of `_expand` (and of `HashExpander`): the comma-separated items
//! of a field are processed from the last one (`e_list.pop()`), ranges push their
//! values back onto that list, and the first exception raised is the one reported.
//! `R` (random) expressions draw a value in a range that `_expand` has already
//! checked; every draw is valid, so the lowest one is used.

use std::collections::HashSet;

use super::{Custom, INT_MAX_STR_DIGITS};
use crate::value::Value;

const DAY: usize = 2;
const MONTH: usize = 3;
const DOW: usize = 4;
const RANGES: [(i64, i64); 7] = [(0, 59), (0, 23), (1, 31), (1, 12), (0, 6), (0, 59), (1970, 2099)];
const LEN_MEANS_ALL: [usize; 7] = [60, 24, 31, 12, 7, 60, 130];

/// `CRONExpressionConstraint`.
pub(super) fn cron_expression(value: &Value) -> Custom {
    if !value.truthy() {
        return Custom::Valid;
    }
    let result = match value {
        Value::Str(s) => expand(s),
        other => Err(format!("'{}' object has no attribute 'lower'", other.type_name())),
    };
    match result {
        Ok(()) => Custom::Valid,
        Err(m) => Custom::Invalid(Some(format!("Invalid CRON expression: {m}"))),
    }
}

/// An item of `e_list`: text from the expression, or a value a range produced.
#[derive(Clone, PartialEq, Eq, Hash)]
enum Elem {
    Str(String),
    Int(i64),
}

/// An item of a field's result.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Item {
    Int(i64),
    Star,
    L,
}

/// The `nth` of a day-of-week item: `2#3` gives 3, `l2` gives `'l'`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Nth {
    N(i64),
    L,
}

/// `int(s)` for ASCII digits, saturated (only comparisons with small bounds matter);
/// `Err` is the ValueError for more than 4300 digits.
fn dec(s: &str) -> Result<u64, String> {
    if s.len() > INT_MAX_STR_DIGITS {
        return Err(crate::pyconv::int_digits_error(s.len()));
    }
    let t = s.trim_start_matches('0');
    if t.is_empty() {
        return Ok(0);
    }
    if t.len() > 19 {
        return Ok(u64::MAX);
    }
    Ok(t.parse().unwrap_or(u64::MAX))
}

/// `str(int(s))` for ASCII digits.
fn dec_text(s: &str) -> &str {
    let t = s.trim_start_matches('0');
    if t.is_empty() {
        "0"
    } else {
        t
    }
}

/// `int(a) >= int(b)` for ASCII digit strings of any length.
fn dec_ge(a: &str, b: &str) -> bool {
    let (a, b) = (dec_text(a), dec_text(b));
    (a.len(), a) >= (b.len(), b)
}

fn all_digits(s: &str) -> bool {
    !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())
}

/// `croniter.value_alias` (the 5/6/7-field forms never alias day or month 0).
fn value_alias(v: u64, field: usize) -> u64 {
    if field == DOW && v == 7 {
        0
    } else {
        v
    }
}

/// `croniter.ALPHACONV[field][key]`.
fn alphaconv(field: usize, key: &str) -> Option<Item> {
    const MONTHS: [&str; 12] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
    const DAYS: [&str; 7] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
    let pos = |names: &[&str]| names.iter().position(|n| *n == key);
    match field {
        DAY if key == "l" => Some(Item::L),
        MONTH => pos(&MONTHS).map(|i| Item::Int(i as i64 + 1)),
        DOW => pos(&DAYS).map(|i| Item::Int(i as i64)),
        _ => None,
    }
}

fn item_text(i: Item) -> String {
    match i {
        Item::Int(v) => v.to_string(),
        Item::Star => "*".into(),
        Item::L => "l".into(),
    }
}

/// `step_search_re = ^([^-]+)-([^-/]+)(/(\d+))?$`: (low, high, step).
fn step_search(t: &str) -> Option<(String, String, Option<String>)> {
    let (low, rest) = t.split_once('-')?;
    if low.is_empty() {
        return None;
    }
    let (high, step) = match rest.split_once('/') {
        Some((h, s)) => (h, Some(s)),
        None => (rest, None),
    };
    if high.is_empty() || high.contains('-') {
        return None;
    }
    if let Some(s) = step {
        if !all_digits(s) {
            return None;
        }
    }
    Some((low.to_string(), high.to_string(), step.map(str::to_string)))
}

/// `re.sub(r"^(.+)\/(.+)$", r"\1-<max>/\2", e)`: split at the last '/' that has
/// text on both sides.
fn start_step_form(e: &str, max: i64) -> String {
    for (i, _) in e.rmatch_indices('/') {
        if i > 0 && i + 1 < e.len() {
            if let (Some(a), Some(b)) = (e.get(..i), e.get(i + 1..)) {
                return format!("{a}-{max}/{b}");
            }
        }
    }
    e.to_string()
}

/// `special_dow_re`: `(he '#' | 'l') last`, giving (he, last).
fn special_dow(e: &str) -> Option<(Option<String>, String)> {
    const DAYS: [&str; 7] = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
    const MONTHS: [&str; 12] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
    let pair = |s: &str, names: &[&str]| match s.split_once('-') {
        Some((a, b)) => names.contains(&a) && names.contains(&b),
        None => false,
    };
    if let Some((he, last)) = e.split_once('#') {
        let word = !he.is_empty() && he.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
        if (word || pair(he, &DAYS) || pair(he, &MONTHS)) && all_digits(last) {
            return Some((Some(he.to_string()), last.to_string()));
        }
    }
    let last = e.strip_prefix('l')?;
    all_digits(last).then(|| (None, last.to_string()))
}

/// `nearest_weekday_re = ^(?:(\d+)w|w(\d+))$`: the digits.
fn nearest_weekday(e: &str) -> Option<&str> {
    if let Some(d) = e.strip_suffix('w') {
        if all_digits(d) {
            return Some(d);
        }
    }
    e.strip_prefix('w').filter(|d| all_digits(d))
}

/// `HashExpander.expand` without a `hash_id`.
fn hash_expand(field: usize, expr: &str) -> Result<String, String> {
    // ^(?P<hash_type>h|r)(\((?P<range_begin>\d+)-(?P<range_end>\d+)\))?(\/(?P<divisor>\d+))?$
    let kind = match expr.as_bytes().first() {
        Some(b'h') => 'h',
        Some(b'r') => 'r',
        _ => return Ok(expr.to_string()),
    };
    let mut rest = expr.get(1..).unwrap_or("");
    let mut range: Option<(&str, &str)> = None;
    if let Some(inner) = rest.strip_prefix('(') {
        if let Some((body, after)) = inner.split_once(')') {
            if let Some((a, b)) = body.split_once('-') {
                if all_digits(a) && all_digits(b) {
                    range = Some((a, b));
                    rest = after;
                }
            }
        }
    }
    let mut divisor: Option<&str> = None;
    if let Some(d) = rest.strip_prefix('/') {
        if all_digits(d) {
            divisor = Some(d);
            rest = "";
        }
    }
    if !rest.is_empty() {
        return Ok(expr.to_string());
    }
    if kind == 'h' {
        return Err("Hashed definitions must include hash_id".into());
    }
    let (min, max) = RANGES.get(field).copied().unwrap_or((0, 0));
    let (begin, end) = match range {
        Some((a, b)) => {
            dec(a)?;
            dec(b)?;
            if dec_ge(a, b) {
                return Err("Range end must be greater than range begin".into());
            }
            for bound in [a, b] {
                let v = value_alias(dec(bound)?, field);
                if !(min as u64..=max as u64).contains(&v) {
                    return Err(format!("[{expr}] is not acceptable, out of range"));
                }
            }
            (dec(a)? as i64, dec(b)? as i64)
        }
        None => (min, max),
    };
    if let Some(d) = divisor {
        let d = dec(d)?;
        if d == 0 {
            return Err(format!("Bad expression: {expr}"));
        }
        // _expand_divisor: a draw in [begin, min(begin + d - 1, end)].
        return Ok(if begin == end { begin.to_string() } else { format!("{begin}-{end}/{d}") });
    }
    Ok(begin.to_string())
}

/// A CPython `set` of a few `nth` values, for its iteration order (`repr`).
fn nth_set_repr(items: &[Nth]) -> String {
    const PERTURB_SHIFT: u32 = 5;
    const LINEAR_PROBES: usize = 9;
    let hash = |n: Nth| -> i64 {
        match n {
            Nth::N(v) => v,
            Nth::L => crate::pyhash::str_hash("l"),
        }
    };
    let insert_clean = |table: &mut Vec<Option<(i64, Nth)>>, h: i64, n: Nth| {
        let mask = table.len() - 1;
        let mut perturb = h as u64;
        let mut i = (h as u64 as usize) & mask;
        loop {
            let probes = if i + LINEAR_PROBES <= mask { LINEAR_PROBES } else { 0 };
            for j in 0..=probes {
                if let Some(slot @ None) = table.get_mut(i + j) {
                    *slot = Some((h, n));
                    return;
                }
            }
            perturb >>= PERTURB_SHIFT;
            i = (i.wrapping_mul(5).wrapping_add(1).wrapping_add(perturb as usize)) & mask;
        }
    };
    let mut table: Vec<Option<(i64, Nth)>> = vec![None; 8];
    let mut used = 0usize;
    for &n in items {
        insert_clean(&mut table, hash(n), n);
        used += 1;
        let mask = table.len() - 1;
        if used * 5 >= mask * 3 {
            let mut size = 8usize;
            while size <= used * 4 {
                size <<= 1;
            }
            let old = std::mem::replace(&mut table, vec![None; size]);
            for (h, n) in old.into_iter().flatten() {
                insert_clean(&mut table, h, n);
            }
        }
    }
    let parts: Vec<String> = table
        .iter()
        .flatten()
        .map(|(_, n)| match n {
            Nth::N(v) => v.to_string(),
            Nth::L => "'l'".into(),
        })
        .collect();
    format!("{{{}}}", parts.join(", "))
}

/// `croniter._expand(expr_format)`; `Err` is `str()` of the exception.
fn expand(expr_format: &str) -> Result<(), String> {
    let lowered = expr_format.to_lowercase();
    let efl: &str = match lowered.as_str() {
        "@midnight" | "@daily" => "0 0 * * *",
        "@hourly" => "0 * * * *",
        "@weekly" => "0 0 * * 0",
        "@monthly" => "0 0 1 * *",
        "@yearly" | "@annually" => "0 0 1 1 *",
        other => other,
    };
    // field_re = \S+ with re.ASCII
    let expressions: Vec<&str> =
        efl.split([' ', '\t', '\n', '\r', '\u{b}', '\u{c}']).filter(|t| !t.is_empty()).collect();
    if !(5..=7).contains(&expressions.len()) {
        return Err("Exactly 5, 6 or 7 columns has to be specified for iterator expression.".into());
    }
    let not_alpha = || format!("[{}] is not acceptable", expressions.join(" "));
    let out_of_range = || format!("[{expr_format}] is not acceptable, out of range");

    let mut dow_expanded: Vec<Item> = Vec::new();
    let mut nth_weekday_of_month: Vec<(i64, Vec<Nth>)> = Vec::new();

    for (field, token) in expressions.iter().enumerate() {
        let (min, max) = RANGES.get(field).copied().unwrap_or((0, 0));
        let mut expr = hash_expand(field, token)?;
        if expr.contains('?') {
            if expr != "?" {
                return Err(format!(
                    "[{expr_format}] is not acceptable. Question mark can not used with other characters"
                ));
            }
            if field != DAY && field != DOW {
                return Err(format!(
                    "[{expr_format}] is not acceptable. Question mark can only used in day_of_month or day_of_week"
                ));
            }
            expr = "*".into();
        }
        let mut e_list: Vec<Elem> = expr.split(',').map(|p| Elem::Str(p.to_string())).collect();
        let mut res: Vec<Item> = Vec::new();
        let mut seen: HashSet<Elem> = HashSet::new();

        while let Some(e) = e_list.pop() {
            let mut nth: Option<Nth> = None;
            let mut e_str = match &e {
                Elem::Str(s) => s.clone(),
                Elem::Int(i) => i.to_string(),
            };

            if field == DOW {
                if let Some((he, last)) = special_dow(&e_str) {
                    match he {
                        Some(he) => {
                            let n = if last.len() > INT_MAX_STR_DIGITS { None } else { dec(&last).ok() };
                            match n {
                                Some(n @ 1..=5) => nth = Some(Nth::N(n as i64)),
                                _ => {
                                    return Err(format!(
                                        "[{expr_format}] is not acceptable. Invalid day_of_week value: '{last}'"
                                    ))
                                }
                            }
                            e_str = he;
                        }
                        None => {
                            e_str = last;
                            nth = Some(Nth::L);
                        }
                    }
                }
            }

            if field == DAY {
                if let Some(digits) = nearest_weekday(&e_str) {
                    let w = dec(digits)?;
                    if !(1..=31).contains(&w) {
                        return Err(format!(
                            "[{expr_format}] is not acceptable, nearest weekday day value '{}' out of range",
                            dec_text(digits)
                        ));
                    }
                    if !e_list.is_empty() || !res.is_empty() {
                        return Err(format!(
                            "[{expr_format}] is not acceptable. 'W' can only be used with a single day value, \
                             not in a list or range"
                        ));
                    }
                    res.push(Item::Int(w as i64));
                    continue;
                }
            }

            // "*/step" becomes "min-max/step".
            let mut t = match e_str.strip_prefix("*/") {
                Some(rest) if !rest.is_empty() => format!("{min}-{max}/{rest}"),
                _ => e_str.clone(),
            };
            let mut m = step_search(&t);
            let mut start_with_step = false;
            if m.is_none() {
                t = start_step_form(&e_str, max);
                m = step_search(&t);
                start_with_step = m.is_some();
            }

            if let Some((mut low_s, mut high_s, step_s)) = m {
                if field == DAY && high_s == "l" {
                    high_s = "31".into();
                }
                if !all_digits(&low_s) {
                    low_s = item_text(alphaconv(field, &low_s).ok_or_else(not_alpha)?);
                }
                if !all_digits(&high_s) {
                    high_s = item_text(alphaconv(field, &high_s).ok_or_else(not_alpha)?);
                }
                let step = match &step_s {
                    Some(s) => dec(s)?,
                    None => 1,
                };
                if step == 0 {
                    return Err(format!("[{expr_format}] step '0' in field {field} is not acceptable"));
                }
                if !all_digits(&low_s) || !all_digits(&high_s) {
                    return Err(format!(
                        "[{expr_format}] bands '{low_s}-{high_s}' in field {field} are not acceptable"
                    ));
                }
                let low = value_alias(dec(&low_s)?, field);
                let high = value_alias(dec(&high_s)?, field);
                if low.max(high) > max as u64 {
                    return Err(format!("{expr_format} is out of bands"));
                }
                let (mut low, mut high) = (low as i64, high as i64);
                let start_at_field_max = start_with_step && low == high;
                if low == high && !start_with_step {
                    (low, high) = (min, max);
                }
                // Any step wider than every field behaves the same.
                let step = step.min(1_000_000) as i64;
                let stride = step as usize;
                let rng: Vec<i64> = if start_at_field_max {
                    vec![low]
                } else if low > high {
                    let mut rng: Vec<i64> = (low..=max).step_by(stride).collect();
                    let mut to_skip = 0;
                    if let Some(&last) = rng.last() {
                        let already_skipped = max - last;
                        let curpos = last - min;
                        if curpos + step > max - min + 1 && already_skipped < step {
                            to_skip = step - already_skipped;
                        }
                    }
                    rng.extend((min + to_skip..=high).step_by(stride));
                    rng
                } else {
                    (low..=high).step_by(stride).collect()
                };
                let items: Vec<Elem> = match nth {
                    Some(Nth::N(n)) if field == DOW => rng.iter().map(|i| Elem::Str(format!("{i}#{n}"))).collect(),
                    _ => rng.into_iter().map(Elem::Int).collect(),
                };
                for a in &items {
                    if !seen.contains(a) {
                        e_list.push(a.clone());
                    }
                }
                seen.extend(items);
            } else {
                if t.starts_with('-') {
                    return Err(format!("[{expr_format}] is not acceptable, negative numbers not allowed"));
                }
                // star_or_int_re = ^(\d+|\*)$
                let item = if t == "*" {
                    Item::Star
                } else if all_digits(&t) {
                    let v = value_alias(dec(&t)?, field);
                    if v < min as u64 || v > max as u64 {
                        return Err(out_of_range());
                    }
                    Item::Int(v as i64)
                } else {
                    match alphaconv(field, &t).ok_or_else(not_alpha)? {
                        Item::Int(v) => {
                            let v = value_alias(v as u64, field) as i64;
                            if v < min || v > max {
                                return Err(out_of_range());
                            }
                            Item::Int(v)
                        }
                        other => other,
                    }
                };
                res.push(item);
                if field == DOW {
                    if let (Some(n), Item::Int(key)) = (nth, item) {
                        match nth_weekday_of_month.iter_mut().find(|(k, _)| *k == key) {
                            Some((_, set)) => {
                                if !set.contains(&n) {
                                    set.push(n);
                                }
                            }
                            None => nth_weekday_of_month.push((key, vec![n])),
                        }
                    }
                }
            }
        }

        if field == DOW {
            let mut distinct: Vec<Item> = Vec::new();
            for r in res {
                if !distinct.contains(&r) {
                    distinct.push(r);
                }
            }
            let day_has_star = expressions.get(DAY).is_some_and(|d| d.contains('*'));
            if distinct.len() == LEN_MEANS_ALL[DOW] && day_has_star {
                distinct = vec![Item::Star];
            }
            dow_expanded = distinct;
        }
    }

    if !nth_weekday_of_month.is_empty() {
        let mut dow_set: Vec<i64> = dow_expanded
            .iter()
            .filter_map(|i| match i {
                Item::Int(v) if !nth_weekday_of_month.iter().any(|(k, _)| k == v) => Some(*v),
                _ => None,
            })
            .collect();
        crate::sort::sort(&mut dow_set);
        if !dow_set.is_empty() && dow_expanded.len() != LEN_MEANS_ALL[DOW] {
            let dow: Vec<String> = dow_set.iter().map(i64::to_string).collect();
            let nth: Vec<String> =
                nth_weekday_of_month.iter().map(|(k, set)| format!("{k}: {}", nth_set_repr(set))).collect();
            return Err(format!(
                "day-of-week field does not support mixing literal values and nth day of week syntax.  \
                 Cron: '{expr_format}'    dow={{{}}} vs nth={{{}}}",
                dow.join(", "),
                nth.join(", ")
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages() {
        assert_eq!(expand("* * * * *"), Ok(()));
        assert_eq!(expand("@daily"), Ok(()));
        assert_eq!(expand("1,99 * * * *"), Err("[1,99 * * * *] is not acceptable, out of range".into()));
        assert_eq!(expand("1-2-3 * * * *"), Err("[1-2-3 * * * *] is not acceptable".into()));
        assert_eq!(expand("*/0 * * * *"), Err("[*/0 * * * *] step '0' in field 0 is not acceptable".into()));
        assert_eq!(
            expand("* * * *"),
            Err("Exactly 5, 6 or 7 columns has to be specified for iterator expression.".into())
        );
        assert_eq!(
            expand("* * * * 1#2,l1,3"),
            Err("day-of-week field does not support mixing literal values and nth day of week syntax.  \
                 Cron: '* * * * 1#2,l1,3'    dow={3} vs nth={1: {2, 'l'}}"
                .into())
        );
    }
}
