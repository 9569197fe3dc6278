//! `yaql.standard_library.math`, with Python number semantics (64-bit integers; a
//! result beyond them is an `OverflowError` where Python would use a big integer).

use super::super::eval::{Call, Dft, FnDef, R};
use super::super::lexer::{digit_value, is_py_space};
use super::super::types::{ANY, INT, NUM, NUM_N};
use super::super::value::{float_cmp_int, py_repr, V};
use super::super::YaqlError;
use super::{type_error, value_error};

fn overflow() -> YaqlError {
    YaqlError::new(
        "OverflowError",
        "integer result does not fit in 64 bits (Python would use a big integer; hotplate limitation)",
    )
}

/// An integer result of about `bits` bits: Python computes it and then fails yaql's
/// memory quota when `sys.getsizeof` of it (24 + 4 bytes per 30 bits) is over the
/// quota; a smaller one is only beyond hotplate's 64 bits.
fn big_int_result(bits: f64, quota: usize) -> YaqlError {
    let size = 24.0 + 4.0 * (bits / 30.0).ceil();
    #[allow(clippy::cast_precision_loss)]
    if quota > 0 && size > quota as f64 {
        return super::super::eval::memory_error();
    }
    overflow()
}

fn zero_div(msg: &str) -> YaqlError {
    YaqlError::new("ZeroDivisionError", msg)
}

#[allow(clippy::cast_precision_loss)]
fn f(v: &V) -> f64 {
    match v {
        V::Int(i) => *i as f64,
        V::Bool(b) => f64::from(u8::from(*b)),
        V::Float(x) => *x,
        _ => f64::NAN,
    }
}

/// Python int + int / float arithmetic.
pub(crate) fn arith(op: char, a: &V, b: &V) -> R<V> {
    let ints = match (a, b) {
        (V::Int(x), V::Int(y)) => Some((*x, *y)),
        _ => None,
    };
    if let Some((x, y)) = ints {
        return match op {
            '+' => x.checked_add(y).map(V::Int).ok_or_else(overflow),
            '-' => x.checked_sub(y).map(V::Int).ok_or_else(overflow),
            '*' => x.checked_mul(y).map(V::Int).ok_or_else(overflow),
            '/' => {
                if y == 0 {
                    return Err(zero_div("integer division or modulo by zero"));
                }
                let q = x.checked_div(y).ok_or_else(overflow)?;
                Ok(V::Int(if (x % y != 0) && ((x < 0) != (y < 0)) { q - 1 } else { q }))
            }
            _ => {
                if y == 0 {
                    return Err(zero_div("integer modulo by zero"));
                }
                let r = x.checked_rem(y).unwrap_or(0);
                Ok(V::Int(if r != 0 && ((r < 0) != (y < 0)) { r + y } else { r }))
            }
        };
    }
    let (x, y) = (f(a), f(b));
    Ok(V::Float(match op {
        '+' => x + y,
        '-' => x - y,
        '*' => x * y,
        '/' => {
            if y == 0.0 {
                return Err(zero_div("float division by zero"));
            }
            x / y
        }
        _ => {
            if y == 0.0 {
                return Err(zero_div("float modulo"));
            }
            let m = x % y;
            if m != 0.0 && ((m < 0.0) != (y < 0.0)) {
                m + y
            } else if m == 0.0 {
                0.0f64.copysign(y)
            } else {
                m
            }
        }
    }))
}

/// Numeric ordering (both numbers, bools excluded by the callers' types).
fn num_cmp(a: &V, b: &V) -> Option<std::cmp::Ordering> {
    match (a, b) {
        (V::Int(x), V::Int(y)) => Some(x.cmp(y)),
        (V::Float(x), V::Int(y)) => float_cmp_int(*x, *y),
        (V::Int(x), V::Float(y)) => float_cmp_int(*y, *x).map(std::cmp::Ordering::reverse),
        _ => f(a).partial_cmp(&f(b)),
    }
}

/// Python `int(value)`.
pub(crate) fn py_int(v: &V) -> R<V> {
    match v {
        V::None => Ok(V::Int(0)),
        V::Bool(b) => Ok(V::Int(i64::from(*b))),
        V::Int(i) => Ok(V::Int(*i)),
        V::Float(x) => float_to_int(*x),
        V::Str(s) => parse_int(s)
            .ok_or_else(|| value_error(format!("invalid literal for int() with base 10: {}", py_repr(v))))?,
        other => Err(type_error(format!(
            "int() argument must be a string, a bytes-like object or a real number, not '{}'",
            other.type_name()
        ))),
    }
}

fn float_to_int(x: f64) -> R<V> {
    if x.is_nan() {
        return Err(value_error("cannot convert float NaN to integer"));
    }
    if x.is_infinite() {
        return Err(YaqlError::new("OverflowError", "cannot convert float infinity to integer"));
    }
    let t = x.trunc();
    // 2^63: the first float beyond i64
    if !(-9_223_372_036_854_775_808.0..9_223_372_036_854_775_808.0).contains(&t) {
        return Err(overflow());
    }
    #[allow(clippy::cast_possible_truncation)]
    Ok(V::Int(t as i64))
}

/// Python's decimal `int()` literal syntax: sign, digits with single underscores between.
fn parse_int(s: &str) -> Option<R<V>> {
    let t = s.trim_matches(is_py_space);
    let (neg, body) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    if body.is_empty() || body.starts_with('_') || body.ends_with('_') || body.contains("__") {
        return None;
    }
    let mut acc: i64 = 0;
    let mut overflowed = false;
    for c in body.chars() {
        if c == '_' {
            continue;
        }
        let d = digit_value(c)?;
        match acc.checked_mul(10).and_then(|x| x.checked_add(i64::from(d))) {
            Some(x) => acc = x,
            None => overflowed = true,
        }
    }
    if overflowed {
        return Some(Err(overflow()));
    }
    Some(Ok(V::Int(if neg { -acc } else { acc })))
}

/// Python `float(value)`.
pub(crate) fn py_float(v: &V) -> R<V> {
    match v {
        V::None => Ok(V::Float(0.0)),
        V::Bool(_) | V::Int(_) | V::Float(_) => Ok(V::Float(f(v))),
        V::Str(s) => parse_float(s)
            .map(V::Float)
            .ok_or_else(|| value_error(format!("could not convert string to float: {}", py_repr(v)))),
        other => {
            Err(type_error(format!("float() argument must be a string or a real number, not '{}'", other.type_name())))
        }
    }
}

fn parse_float(s: &str) -> Option<f64> {
    let t = s.trim_matches(is_py_space);
    let (sign, body) = match t.strip_prefix('-') {
        Some(r) => (-1.0, r),
        None => (1.0, t.strip_prefix('+').unwrap_or(t)),
    };
    let lower = body.to_ascii_lowercase();
    match lower.as_str() {
        "nan" => return Some(f64::NAN),
        "inf" | "infinity" => return Some(sign * f64::INFINITY),
        _ => {}
    }
    // digits (any Unicode decimal), '.', exponent; underscores only between digits
    let mut ascii = String::new();
    let chars: Vec<char> = body.chars().collect();
    for (i, c) in chars.iter().enumerate() {
        if *c == '_' {
            let prev = i.checked_sub(1).and_then(|p| chars.get(p)).copied().and_then(digit_value);
            let next = chars.get(i + 1).copied().and_then(digit_value);
            if prev.is_none() || next.is_none() {
                return None;
            }
            continue;
        }
        match digit_value(*c) {
            Some(d) => ascii.push(char::from(b'0' + d)),
            None if matches!(c, '.' | 'e' | 'E' | '+' | '-') => ascii.push(*c),
            None => return None,
        }
    }
    if ascii.is_empty() || ascii.starts_with(['e', 'E']) || !ascii.chars().any(|c| c.is_ascii_digit()) {
        return None;
    }
    let x: f64 = ascii.parse().ok()?;
    Some(sign * x)
}

/// Python `round(number, ndigits)`.
fn py_round(v: &V, nd: i64) -> R<V> {
    match v {
        V::Int(i) => {
            if nd >= 0 {
                return Ok(V::Int(*i));
            }
            let Some(p) = u32::try_from(-nd).ok().and_then(|e| 10i64.checked_pow(e)) else {
                return Ok(V::Int(0));
            };
            let q = i.div_euclid(p);
            let r = i.rem_euclid(p);
            let twice = r.saturating_mul(2);
            let q = if twice > p || (twice == p && q % 2 != 0) { q + 1 } else { q };
            q.checked_mul(p).map(V::Int).ok_or_else(overflow)
        }
        V::Float(x) => {
            let x = *x;
            if !x.is_finite() {
                return Ok(V::Float(x));
            }
            if nd > 308 {
                return Ok(V::Float(x));
            }
            if nd < -308 {
                return Ok(V::Float(0.0f64.copysign(x)));
            }
            if nd >= 0 {
                // correctly rounded decimal (ties to even on the exact binary value)
                let s = format!("{:.*}", usize::try_from(nd).unwrap_or(0), x);
                let r: f64 = s.parse().unwrap_or(x);
                return Ok(V::Float(r));
            }
            let p = 10f64.powi(i32::try_from(-nd).unwrap_or(0));
            let y = (x / p).round_ties_even() * p;
            Ok(V::Float(y))
        }
        _ => Ok(v.clone()),
    }
}

fn py_pow(a: &V, b: &V, m: &V, quota: usize) -> R<V> {
    if !m.is_none() {
        let (V::Int(x), V::Int(y), V::Int(z)) = (a, b, m) else {
            return Err(type_error("pow() 3rd argument not allowed unless all arguments are integers"));
        };
        if *z == 0 {
            return Err(value_error("pow() 3rd argument cannot be 0"));
        }
        let modulus = i128::from(*z).abs();
        let mut base = i128::from(*x).rem_euclid(modulus);
        let mut e = i128::from(*y);
        if e < 0 {
            // modular inverse
            base = mod_inverse(base, modulus)
                .ok_or_else(|| value_error("base is not invertible for the given modulus"))?;
            e = -e;
        }
        let mut result: i128 = 1 % modulus;
        while e > 0 {
            if e & 1 == 1 {
                result = result * base % modulus;
            }
            base = base * base % modulus;
            e >>= 1;
        }
        // Python's result has the sign of the modulus
        if *z < 0 && result != 0 {
            result -= modulus;
        }
        return i64::try_from(result).map(V::Int).map_err(|_| overflow());
    }
    match (a, b) {
        (V::Int(x), V::Int(y)) if *y >= 0 => {
            #[allow(clippy::cast_precision_loss)]
            let bits = (*y as f64) * (x.unsigned_abs() as f64).log2();
            let e = u32::try_from(*y).map_err(|_| big_int_result(bits, quota))?;
            x.checked_pow(e).map(V::Int).ok_or_else(|| big_int_result(bits, quota))
        }
        _ => {
            let (x, y) = (f(a), f(b));
            if x == 0.0 && y < 0.0 {
                return Err(zero_div("0.0 cannot be raised to a negative power"));
            }
            if x < 0.0 && y.fract() != 0.0 && y.is_finite() {
                // Python returns a complex number here
                return Err(type_error(
                    "pow() of a negative number to a fractional power gives a complex number (unsupported)",
                ));
            }
            let r = x.powf(y);
            if r.is_infinite() && x.is_finite() && y.is_finite() {
                return Err(YaqlError::new("OverflowError", "(34, 'Numerical result out of range')"));
            }
            Ok(V::Float(r))
        }
    }
}

fn mod_inverse(a: i128, m: i128) -> Option<i128> {
    let (mut old_r, mut r) = (a, m);
    let (mut old_s, mut s) = (1i128, 0i128);
    while r != 0 {
        let q = old_r / r;
        (old_r, r) = (r, old_r - q * r);
        (old_s, s) = (s, old_s - q * s);
    }
    if old_r != 1 {
        return None;
    }
    Some(old_s.rem_euclid(m))
}

fn cmp_body(c: &Call<'_>, want: fn(std::cmp::Ordering) -> bool) -> R<V> {
    Ok(V::Bool(num_cmp(c.v(0), c.v(1)).is_some_and(want)))
}

pub(crate) fn register(defs: &mut Vec<FnDef>) {
    defs.push(FnDef::func("#operator_+").p("left", NUM).p("right", NUM).f(|c| arith('+', c.v(0), c.v(1))));
    defs.push(FnDef::func("#operator_-").p("left", NUM).p("right", NUM).f(|c| arith('-', c.v(0), c.v(1))));
    defs.push(FnDef::func("#operator_*").p("left", NUM).p("right", NUM).f(|c| arith('*', c.v(0), c.v(1))));
    defs.push(FnDef::func("#operator_/").p("left", NUM).p("right", NUM).f(|c| arith('/', c.v(0), c.v(1))));
    defs.push(FnDef::func("#operator_mod").p("left", NUM).p("right", NUM).f(|c| arith('%', c.v(0), c.v(1))));
    defs.push(FnDef::func("#unary_operator_+").p("op", NUM).f(|c| Ok(c.v(0).clone())));
    defs.push(FnDef::func("#unary_operator_-").p("op", NUM).f(|c| match c.v(0) {
        V::Int(i) => i.checked_neg().map(V::Int).ok_or_else(overflow),
        V::Float(x) => Ok(V::Float(-x)),
        other => Ok(other.clone()),
    }));
    defs.push(FnDef::func("abs").p("op", NUM).f(|c| match c.v(0) {
        V::Int(i) => i.checked_abs().map(V::Int).ok_or_else(overflow),
        V::Float(x) => Ok(V::Float(x.abs())),
        other => Ok(other.clone()),
    }));
    defs.push(FnDef::func("#operator_>").p("left", NUM).p("right", NUM).f(|c| cmp_body(c, std::cmp::Ordering::is_gt)));
    defs.push(FnDef::func("#operator_>=").p("left", NUM).p("right", NUM).f(|c| cmp_body(c, std::cmp::Ordering::is_ge)));
    defs.push(FnDef::func("#operator_<").p("left", NUM).p("right", NUM).f(|c| cmp_body(c, std::cmp::Ordering::is_lt)));
    defs.push(FnDef::func("#operator_<=").p("left", NUM).p("right", NUM).f(|c| cmp_body(c, std::cmp::Ordering::is_le)));
    defs.push(FnDef::func("int").p("value", ANY).f(|c| py_int(c.v(0))));
    defs.push(FnDef::func("float").p("value", ANY).f(|c| py_float(c.v(0))));
    defs.push(FnDef::func("random").f(|_| Ok(V::Float(random_unit()))));
    defs.push(FnDef::func("random").p("from_", ANY).p("to_", ANY).f(|c| {
        let (V::Int(a), V::Int(b)) = (c.v(0), c.v(1)) else {
            return Err(type_error("randint() arguments must be integers"));
        };
        if b < a {
            return Err(value_error(format!("empty range in randrange({a}, {})", b.saturating_add(1))));
        }
        let span = (i128::from(*b) - i128::from(*a) + 1) as f64;
        #[allow(clippy::cast_possible_truncation)]
        let off = (random_unit() * span) as i128;
        Ok(V::Int(i64::try_from(i128::from(*a) + off).unwrap_or(*a)))
    }));
    defs.push(FnDef::func("bitwiseAnd").p("left", INT).p("right", INT).f(|c| Ok(V::Int(c.int(0) & c.int(1)))));
    defs.push(FnDef::func("bitwiseOr").p("left", INT).p("right", INT).f(|c| Ok(V::Int(c.int(0) | c.int(1)))));
    defs.push(FnDef::func("bitwiseXor").p("left", INT).p("right", INT).f(|c| Ok(V::Int(c.int(0) ^ c.int(1)))));
    defs.push(FnDef::func("bitwiseNot").p("arg", INT).f(|c| Ok(V::Int(!c.int(0)))));
    defs.push(FnDef::func("shiftBitsRight").p("value", INT).p("bits_number", INT).f(|c| {
        let (v, n) = (c.int(0), c.int(1));
        if n < 0 {
            return Err(value_error("negative shift count"));
        }
        Ok(V::Int(if n >= 64 {
            if v < 0 {
                -1
            } else {
                0
            }
        } else {
            v >> n
        }))
    }));
    defs.push(FnDef::func("shiftBitsLeft").p("value", INT).p("bits_number", INT).f(|c| {
        let (v, n) = (c.int(0), c.int(1));
        if n < 0 {
            return Err(value_error("negative shift count"));
        }
        if v == 0 {
            return Ok(V::Int(0));
        }
        #[allow(clippy::cast_precision_loss)]
        let bits = (64 - v.unsigned_abs().leading_zeros()) as f64 + n as f64;
        let quota = c.eng.limits.memory;
        let n = u32::try_from(n).map_err(|_| big_int_result(bits, quota))?;
        if n >= 63 {
            return Err(big_int_result(bits, quota));
        }
        let r = v << n;
        if r >> n != v {
            return Err(big_int_result(bits, quota));
        }
        Ok(V::Int(r))
    }));
    defs.push(FnDef::func("max").p("a", ANY).p("b", ANY).f(|c| {
        let (a, b) = (c.v(0).clone(), c.v(1).clone());
        let gt = c.eng.call_values("#operator_>", &c.new_ctx(), vec![b.clone(), a.clone()])?;
        Ok(if gt.truthy() { b } else { a })
    }));
    defs.push(FnDef::func("min").p("a", ANY).p("b", ANY).f(|c| {
        let (a, b) = (c.v(0).clone(), c.v(1).clone());
        let gt = c.eng.call_values("#operator_>", &c.new_ctx(), vec![b.clone(), a.clone()])?;
        Ok(if gt.truthy() { a } else { b })
    }));
    defs.push(
        FnDef::func("pow")
            .p("a", NUM)
            .p("b", NUM)
            .pd("c", NUM_N, Dft::None)
            .f(|c| py_pow(c.v(0), c.v(1), c.v(2), c.eng.limits.memory)),
    );
    defs.push(FnDef::func("sign").p("num", NUM).f(|c| {
        let v = c.v(0);
        let z = V::Int(0);
        Ok(V::Int(match num_cmp(v, &z) {
            Some(std::cmp::Ordering::Greater) => 1,
            Some(std::cmp::Ordering::Less) => -1,
            _ => 0,
        }))
    }));
    defs.push(FnDef::func("round").p("number", NUM).pd("ndigits", INT, Dft::Int(0)).f(|c| py_round(c.v(0), c.int(1))));
    defs.push(FnDef::func("isInteger").p("value", ANY).f(|c| Ok(V::Bool(matches!(c.v(0), V::Int(_))))));
    defs.push(FnDef::func("isNumber").p("value", ANY).f(|c| Ok(V::Bool(matches!(c.v(0), V::Int(_) | V::Float(_))))));
}

/// A pseudo-random number in [0, 1): xorshift from a fixed seed, so evaluations are
/// reproducible (Python's `random()` is not, and the engine reads no clock).
const RANDOM_SEED: u64 = 0x9e37_79b9_7f4a_7c15;

thread_local! {
    static RANDOM_STATE: std::cell::Cell<u64> = const { std::cell::Cell::new(RANDOM_SEED) };
}

/// Restart the sequence: each evaluation sees the same numbers.
pub(crate) fn reset_random() {
    RANDOM_STATE.with(|s| s.set(RANDOM_SEED));
}

fn random_unit() -> f64 {
    RANDOM_STATE.with(|s| {
        let mut x = s.get();
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        s.set(x);
        (x >> 11) as f64 / (1u64 << 53) as f64
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floor_division_and_modulo() {
        assert!(matches!(arith('/', &V::Int(-7), &V::Int(2)), Ok(V::Int(-4))));
        assert!(matches!(arith('/', &V::Int(7), &V::Int(-2)), Ok(V::Int(-4))));
        assert!(matches!(arith('%', &V::Int(-7), &V::Int(3)), Ok(V::Int(2))));
        assert!(matches!(arith('%', &V::Int(7), &V::Int(-3)), Ok(V::Int(-2))));
        assert!(matches!(arith('%', &V::Float(10.5), &V::Int(3)), Ok(V::Float(x)) if x == 1.5));
        assert!(arith('*', &V::Int(99_999_999_999), &V::Int(99_999_999_999)).is_err());
    }

    #[test]
    fn int_float_parsing() {
        assert!(matches!(py_int(&V::str(" 12 ")), Ok(V::Int(12))));
        assert!(matches!(py_int(&V::str("1_000")), Ok(V::Int(1000))));
        assert!(py_int(&V::str("1.5")).is_err());
        assert!(matches!(py_int(&V::Float(-1.9)), Ok(V::Int(-1))));
        assert!(matches!(py_float(&V::str("1e3")), Ok(V::Float(x)) if x == 1000.0));
        assert!(matches!(py_float(&V::str("-inf")), Ok(V::Float(x)) if x == f64::NEG_INFINITY));
        assert!(py_float(&V::str("x")).is_err());
    }

    #[test]
    fn rounding_like_python() {
        assert!(matches!(py_round(&V::Float(2.5), 0), Ok(V::Float(x)) if x == 2.0));
        assert!(matches!(py_round(&V::Float(2.675), 2), Ok(V::Float(x)) if x == 2.67));
        assert!(matches!(py_round(&V::Int(1250), -2), Ok(V::Int(1200))));
        assert!(matches!(py_pow(&V::Int(2), &V::Int(-1), &V::Int(5), 0), Ok(V::Int(3))));
        assert!(matches!(py_pow(&V::Int(2), &V::Int(-1), &V::None, 0), Ok(V::Float(x)) if x == 0.5));
        assert_eq!(
            py_pow(&V::Int(2), &V::Int(101_000), &V::None, 10000).unwrap_err().class,
            "MemoryQuotaExceededException"
        );
    }
}
