//! `yaql.standard_library.math`, with Python number semantics: ints of any size
//! (64-bit arithmetic first, big integers past it), bounded by yaql's memory quota.

use super::super::eval::{Call, Dft, FnDef, R};
use super::super::lexer::{digit_value, is_py_space};
use super::super::types::{ANY, INT, NUM, NUM_N};
use super::super::value::{float_cmp_int, py_repr, V};
use super::super::YaqlError;
use super::table::{func, p, pd, Overload};
use super::{type_error, value_error};
use crate::value::{big_cmp_f64, BigInt};
use num_bigint::Sign;
use num_traits::{FromPrimitive, One, Signed, ToPrimitive, Zero};

/// The most bits an int may have when yaql runs without a memory quota.
const MAX_BITS_WITHOUT_QUOTA: f64 = 1_048_576.0;

/// Before computing an int result of about `bits` bits: Python computes it and
/// then fails yaql's memory quota when `sys.getsizeof` of it (24 + 4 bytes per
/// 30 bits) is over the quota, so a result that would fail is not computed.
fn int_result_fits(bits: f64, quota: usize) -> R<()> {
    let size = 24.0 + 4.0 * (bits / 30.0).ceil();
    #[allow(clippy::cast_precision_loss)]
    let over = if quota > 0 { size > quota as f64 } else { bits > MAX_BITS_WITHOUT_QUOTA };
    if over {
        return Err(super::super::eval::memory_error());
    }
    Ok(())
}

fn int_too_large_for_float() -> YaqlError {
    YaqlError::new("OverflowError", "int too large to convert to float")
}

/// An int operand at any size (not bools: the callers' types exclude them).
fn int_of(v: &V) -> Option<BigInt> {
    match v {
        V::Bool(_) => None,
        other => other.to_bigint(),
    }
}

/// Python's floor division and modulo (the remainder has the divisor's sign).
fn floor_div_mod(x: &BigInt, y: &BigInt) -> (BigInt, BigInt) {
    let (mut q, mut r) = (x / y, x % y);
    if !r.is_zero() && (r.sign() == Sign::Minus) != (y.sign() == Sign::Minus) {
        q -= 1;
        r += y;
    }
    (q, r)
}

fn zero_div(msg: &str) -> YaqlError {
    YaqlError::new("ZeroDivisionError", msg)
}

#[allow(clippy::cast_precision_loss)]
fn f(v: &V) -> f64 {
    match v {
        V::Int(i) => *i as f64,
        V::BigInt(b) => b.to_f64().unwrap_or(f64::NAN),
        V::Bool(b) => f64::from(u8::from(*b)),
        V::Float(x) => *x,
        _ => f64::NAN,
    }
}

/// `float(x)` of a number as Python converts an int operand (OverflowError past
/// the largest float).
fn to_float(v: &V) -> R<f64> {
    let x = f(v);
    if x.is_infinite() && matches!(v, V::BigInt(_)) {
        return Err(int_too_large_for_float());
    }
    Ok(x)
}

/// Python int + int / float arithmetic.
pub(crate) fn arith(op: char, a: &V, b: &V) -> R<V> {
    // An int divided by int zero (a `BigInt` is never zero).
    if matches!(op, '/' | '%') && matches!(b, V::Int(0)) && matches!(a, V::Int(_) | V::BigInt(_)) {
        return Err(zero_div(if op == '/' { "integer division or modulo by zero" } else { "integer modulo by zero" }));
    }
    if let (V::Int(x), V::Int(y)) = (a, b) {
        let (x, y) = (*x, *y);
        let fast = match op {
            '+' => x.checked_add(y),
            '-' => x.checked_sub(y),
            '*' => x.checked_mul(y),
            '/' => x.checked_div(y).map(|q| if (x % y != 0) && ((x < 0) != (y < 0)) { q - 1 } else { q }),
            _ => {
                let r = x.checked_rem(y).unwrap_or(0);
                Some(if r != 0 && ((r < 0) != (y < 0)) { r + y } else { r })
            }
        };
        if let Some(r) = fast {
            return Ok(V::Int(r));
        }
    }
    if let (Some(x), Some(y)) = (int_of(a), int_of(b)) {
        return Ok(V::big(match op {
            '+' => x + y,
            '-' => x - y,
            '*' => x * y,
            '/' => floor_div_mod(&x, &y).0,
            _ => floor_div_mod(&x, &y).1,
        }));
    }
    let (x, y) = (to_float(a)?, to_float(b)?);
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
        (V::BigInt(x), V::Float(y)) => big_cmp_f64(x, *y),
        (V::Float(x), V::BigInt(y)) => big_cmp_f64(y, *x).map(std::cmp::Ordering::reverse),
        (V::BigInt(_), _) | (_, V::BigInt(_)) => Some(int_of(a)?.cmp(&int_of(b)?)),
        _ => f(a).partial_cmp(&f(b)),
    }
}

/// Python `int(value)`.
pub(crate) fn py_int(v: &V) -> R<V> {
    match v {
        V::None => Ok(V::Int(0)),
        V::Bool(b) => Ok(V::Int(i64::from(*b))),
        V::Int(_) | V::BigInt(_) => Ok(v.clone()),
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
        return BigInt::from_f64(t).map(V::big).ok_or_else(|| value_error("cannot convert float to integer"));
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
    let mut digits: Vec<u8> = Vec::new();
    for c in body.chars() {
        if c == '_' {
            continue;
        }
        digits.push(digit_value(c)?);
    }
    if digits.len() > crate::pyconv::INT_MAX_STR_DIGITS {
        return Some(Err(value_error(crate::pyconv::int_digits_error(digits.len()))));
    }
    let n = BigInt::from_radix_be(if neg { Sign::Minus } else { Sign::Plus }, &digits, 10)?;
    Some(Ok(V::big(n)))
}

/// Python `float(value)`.
pub(crate) fn py_float(v: &V) -> R<V> {
    match v {
        V::None => Ok(V::Float(0.0)),
        V::Bool(_) | V::Int(_) | V::BigInt(_) | V::Float(_) => to_float(v).map(V::Float),
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
            round_int(&BigInt::from(*i), nd)
        }
        V::BigInt(b) => {
            if nd >= 0 {
                return Ok(v.clone());
            }
            round_int(b, nd)
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

/// `round(int, ndigits)` with `ndigits < 0`: to a multiple of 10^-ndigits, ties to even.
fn round_int(i: &BigInt, nd: i64) -> R<V> {
    #[allow(clippy::cast_precision_loss)]
    let digits = (i.bits() as f64 / std::f64::consts::LOG2_10).ceil() + 1.0;
    #[allow(clippy::cast_precision_loss)]
    if (-nd) as f64 > digits {
        return Ok(V::Int(0));
    }
    let p = BigInt::from(10).pow(u32::try_from(-nd).unwrap_or(0));
    let (q, r) = floor_div_mod(i, &p);
    let twice = &r * 2;
    let q = if twice > p || (twice == p && q.bit(0)) { q + 1 } else { q };
    Ok(V::big(q * p))
}

fn py_pow(a: &V, b: &V, m: &V, quota: usize) -> R<V> {
    if !m.is_none() && [a, b, m].iter().any(|v| matches!(v, V::BigInt(_))) {
        let (Some(x), Some(y), Some(z)) = (int_of(a), int_of(b), int_of(m)) else {
            return Err(type_error("pow() 3rd argument not allowed unless all arguments are integers"));
        };
        return big_pow_mod(x, y, &z);
    }
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
        return Ok(V::big(BigInt::from(result)));
    }
    match (int_of(a), int_of(b)) {
        (Some(x), Some(y)) if y.sign() != Sign::Minus => {
            if let (V::Int(x), Some(e)) = (a, y.to_u32()) {
                if let Some(r) = x.checked_pow(e) {
                    return Ok(V::Int(r));
                }
            }
            // 0, 1 and -1 stay small at any (positive) power.
            if x.is_zero() || x.magnitude().is_one() {
                return Ok(V::big(if x.sign() == Sign::Minus && !y.bit(0) { -x } else { x }));
            }
            #[allow(clippy::cast_precision_loss)]
            let log2 = x.to_f64().filter(|f| f.is_finite()).map_or(x.bits() as f64, |f| f.abs().log2());
            int_result_fits(y.to_f64().unwrap_or(f64::INFINITY) * log2, quota)?;
            Ok(V::big(x.pow(y.to_u32().unwrap_or(u32::MAX))))
        }
        _ => {
            let (x, y) = (to_float(a)?, to_float(b)?);
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

/// Three-argument `pow` at any size: the result has the modulus's sign.
fn big_pow_mod(x: BigInt, y: BigInt, z: &BigInt) -> R<V> {
    if z.is_zero() {
        return Err(value_error("pow() 3rd argument cannot be 0"));
    }
    let modulus = z.abs();
    let mut base = floor_div_mod(&x, &modulus).1;
    let mut e = y;
    if e.sign() == Sign::Minus {
        base = big_mod_inverse(&base, &modulus)
            .ok_or_else(|| value_error("base is not invertible for the given modulus"))?;
        e = -e;
    }
    let mut result = base.modpow(&e, &modulus);
    if z.sign() == Sign::Minus && !result.is_zero() {
        result -= &modulus;
    }
    Ok(V::big(result))
}

fn big_mod_inverse(a: &BigInt, m: &BigInt) -> Option<BigInt> {
    let (mut old_r, mut r) = (a.clone(), m.clone());
    let (mut old_s, mut s) = (BigInt::one(), BigInt::zero());
    while !r.is_zero() {
        let q = &old_r / &r;
        let next_r = &old_r - &q * &r;
        old_r = std::mem::replace(&mut r, next_r);
        let next_s = &old_s - &q * &s;
        old_s = std::mem::replace(&mut s, next_s);
    }
    if !old_r.is_one() {
        return None;
    }
    Some(floor_div_mod(&old_s, m).1)
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

/// A bitwise operation: 64-bit when both fit, else at any size (two's complement, as Python).
fn bitwise(c: &Call<'_>, small: fn(i64, i64) -> i64, big: fn(BigInt, BigInt) -> BigInt) -> R<V> {
    match (c.v(0), c.v(1)) {
        (V::BigInt(_), _) | (_, V::BigInt(_)) => {
            let (Some(a), Some(b)) = (c.v(0).to_bigint(), c.v(1).to_bigint()) else { return Ok(V::Int(0)) };
            Ok(V::big(big(a, b)))
        }
        _ => Ok(V::Int(small(c.int(0), c.int(1)))),
    }
}

fn cmp_body(c: &Call<'_>, want: fn(std::cmp::Ordering) -> bool) -> R<V> {
    Ok(V::Bool(num_cmp(c.v(0), c.v(1)).is_some_and(want)))
}

/// The family's overloads, in yaql's registration order (resolution keeps it).
pub(crate) static OVERLOADS: &[Overload] = &[
    func("#operator_+", &[p("left", NUM), p("right", NUM)], add),
    func("#operator_-", &[p("left", NUM), p("right", NUM)], sub),
    func("#operator_*", &[p("left", NUM), p("right", NUM)], mul),
    func("#operator_/", &[p("left", NUM), p("right", NUM)], div),
    func("#operator_mod", &[p("left", NUM), p("right", NUM)], rem),
    func("#unary_operator_+", &[p("op", NUM)], unary_plus),
    func("#unary_operator_-", &[p("op", NUM)], unary_minus),
    func("abs", &[p("op", NUM)], abs),
    func("#operator_>", &[p("left", NUM), p("right", NUM)], num_gt),
    func("#operator_>=", &[p("left", NUM), p("right", NUM)], num_ge),
    func("#operator_<", &[p("left", NUM), p("right", NUM)], num_lt),
    func("#operator_<=", &[p("left", NUM), p("right", NUM)], num_le),
    func("int", &[p("value", ANY)], int),
    func("float", &[p("value", ANY)], float),
    func("random", &[], random),
    func("random", &[p("from_", ANY), p("to_", ANY)], random_between),
    func("bitwiseAnd", &[p("left", INT), p("right", INT)], bitwise_and),
    func("bitwiseOr", &[p("left", INT), p("right", INT)], bitwise_or),
    func("bitwiseXor", &[p("left", INT), p("right", INT)], bitwise_xor),
    func("bitwiseNot", &[p("arg", INT)], bitwise_not),
    func("shiftBitsRight", &[p("value", INT), p("bits_number", INT)], shift_bits_right),
    func("shiftBitsLeft", &[p("value", INT), p("bits_number", INT)], shift_bits_left),
    func("max", &[p("a", ANY), p("b", ANY)], max),
    func("min", &[p("a", ANY), p("b", ANY)], min),
    func("pow", &[p("a", NUM), p("b", NUM), pd("c", NUM_N, Dft::None)], pow),
    func("sign", &[p("num", NUM)], sign),
    func("round", &[p("number", NUM), pd("ndigits", INT, Dft::Int(0))], round),
    func("isInteger", &[p("value", ANY)], is_integer),
    func("isNumber", &[p("value", ANY)], is_number),
];

pub(crate) fn register(defs: &mut Vec<FnDef>) {
    super::table::register(defs, OVERLOADS);
}

/// `left + right` on numbers.
fn add(c: &mut Call<'_>) -> R<V> {
    arith('+', c.v(0), c.v(1))
}

/// `left - right` on numbers.
fn sub(c: &mut Call<'_>) -> R<V> {
    arith('-', c.v(0), c.v(1))
}

/// `left * right` on numbers.
fn mul(c: &mut Call<'_>) -> R<V> {
    arith('*', c.v(0), c.v(1))
}

/// `left / right` on numbers: true division of floats, floor division of ints.
fn div(c: &mut Call<'_>) -> R<V> {
    arith('/', c.v(0), c.v(1))
}

/// `left mod right`: Python's `%`.
fn rem(c: &mut Call<'_>) -> R<V> {
    arith('%', c.v(0), c.v(1))
}

/// `+op`: the number.
fn unary_plus(c: &mut Call<'_>) -> R<V> {
    Ok(c.v(0).clone())
}

/// `-op`: the negated number.
fn unary_minus(c: &mut Call<'_>) -> R<V> {
    match c.v(0) {
        V::Int(i) => Ok(i.checked_neg().map_or_else(|| V::big(-BigInt::from(*i)), V::Int)),
        V::BigInt(b) => Ok(V::big(-BigInt::clone(b))),
        V::Float(x) => Ok(V::Float(-x)),
        other => Ok(other.clone()),
    }
}

/// `abs(op)`: the absolute value.
fn abs(c: &mut Call<'_>) -> R<V> {
    match c.v(0) {
        V::Int(i) => Ok(i.checked_abs().map_or_else(|| V::big(BigInt::from(*i).abs()), V::Int)),
        V::BigInt(b) => Ok(V::big(b.abs())),
        V::Float(x) => Ok(V::Float(x.abs())),
        other => Ok(other.clone()),
    }
}

/// `left > right` on numbers.
fn num_gt(c: &mut Call<'_>) -> R<V> {
    cmp_body(c, std::cmp::Ordering::is_gt)
}

/// `left >= right` on numbers.
fn num_ge(c: &mut Call<'_>) -> R<V> {
    cmp_body(c, std::cmp::Ordering::is_ge)
}

/// `left < right` on numbers.
fn num_lt(c: &mut Call<'_>) -> R<V> {
    cmp_body(c, std::cmp::Ordering::is_lt)
}

/// `left <= right` on numbers.
fn num_le(c: &mut Call<'_>) -> R<V> {
    cmp_body(c, std::cmp::Ordering::is_le)
}

/// `int(value)`: Python's `int`.
fn int(c: &mut Call<'_>) -> R<V> {
    py_int(c.v(0))
}

/// `float(value)`: Python's `float`.
fn float(c: &mut Call<'_>) -> R<V> {
    py_float(c.v(0))
}

/// `random()`: a reproducible pseudo-random float in [0, 1).
fn random(_: &mut Call<'_>) -> R<V> {
    Ok(V::Float(random_unit()))
}

/// `random(from, to)`: a reproducible pseudo-random int in [from, to].
fn random_between(c: &mut Call<'_>) -> R<V> {
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
}

/// `bitwiseAnd(left, right)`.
fn bitwise_and(c: &mut Call<'_>) -> R<V> {
    bitwise(c, |a, b| a & b, |a, b| a & b)
}

/// `bitwiseOr(left, right)`.
fn bitwise_or(c: &mut Call<'_>) -> R<V> {
    bitwise(c, |a, b| a | b, |a, b| a | b)
}

/// `bitwiseXor(left, right)`.
fn bitwise_xor(c: &mut Call<'_>) -> R<V> {
    bitwise(c, |a, b| a ^ b, |a, b| a ^ b)
}

/// `bitwiseNot(arg)`.
fn bitwise_not(c: &mut Call<'_>) -> R<V> {
    match c.v(0) {
        V::BigInt(b) => Ok(V::big(!BigInt::clone(b))),
        _ => Ok(V::Int(!c.int(0))),
    }
}

/// `shiftBitsRight(value, bitsNumber)`: Python's `>>`.
fn shift_bits_right(c: &mut Call<'_>) -> R<V> {
    let n = c.int(1);
    if n < 0 {
        return Err(value_error("negative shift count"));
    }
    if let V::BigInt(b) = c.v(0) {
        // Floor division by 2^n, as Python shifts.
        return Ok(V::big(BigInt::clone(b) >> usize::try_from(n).unwrap_or(usize::MAX)));
    }
    let v = c.int(0);
    Ok(V::Int(if n >= 64 {
        if v < 0 {
            -1
        } else {
            0
        }
    } else {
        v >> n
    }))
}

/// `shiftBitsLeft(value, bitsNumber)`: Python's `<<`, bounded by the memory quota.
fn shift_bits_left(c: &mut Call<'_>) -> R<V> {
    let n = c.int(1);
    if n < 0 {
        return Err(value_error("negative shift count"));
    }
    let Some(v) = c.v(0).to_bigint() else { return Ok(V::Int(0)) };
    if v.is_zero() {
        return Ok(V::Int(0));
    }
    #[allow(clippy::cast_precision_loss)]
    int_result_fits(v.bits() as f64 + n as f64, c.eng.limits.memory)?;
    Ok(V::big(v << usize::try_from(n).unwrap_or(usize::MAX)))
}

/// `max(a, b)`: the greater by yaql's `>`.
fn max(c: &mut Call<'_>) -> R<V> {
    let (a, b) = (c.v(0).clone(), c.v(1).clone());
    let gt = c.eng.call_values("#operator_>", &c.new_ctx(), vec![b.clone(), a.clone()])?;
    Ok(if gt.truthy() { b } else { a })
}

/// `min(a, b)`: the smaller by yaql's `>`.
fn min(c: &mut Call<'_>) -> R<V> {
    let (a, b) = (c.v(0).clone(), c.v(1).clone());
    let gt = c.eng.call_values("#operator_>", &c.new_ctx(), vec![b.clone(), a.clone()])?;
    Ok(if gt.truthy() { a } else { b })
}

/// `pow(a, b, c)`: Python's `pow`, bounded by the memory quota.
fn pow(c: &mut Call<'_>) -> R<V> {
    py_pow(c.v(0), c.v(1), c.v(2), c.eng.limits.memory)
}

/// `sign(num)`: -1, 0 or 1.
fn sign(c: &mut Call<'_>) -> R<V> {
    let v = c.v(0);
    let z = V::Int(0);
    Ok(V::Int(match num_cmp(v, &z) {
        Some(std::cmp::Ordering::Greater) => 1,
        Some(std::cmp::Ordering::Less) => -1,
        _ => 0,
    }))
}

/// `round(number, ndigits)`: Python's `round`.
fn round(c: &mut Call<'_>) -> R<V> {
    py_round(c.v(0), c.int(1))
}

/// `isInteger(value)`: whether the value is an int.
fn is_integer(c: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(matches!(c.v(0), V::Int(_))))
}

/// `isNumber(value)`: whether the value is an int or a float.
fn is_number(c: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(matches!(c.v(0), V::Int(_) | V::Float(_))))
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
        // Past 64 bits the arithmetic goes on at any size, as Python's ints.
        let big = |v: R<V>| v.map(|v| py_repr(&v)).unwrap_or_default();
        assert_eq!(big(arith('*', &V::Int(99_999_999_999), &V::Int(99_999_999_999))), "9999999999800000000001");
        assert_eq!(big(arith('+', &V::Int(i64::MAX), &V::Int(1))), "9223372036854775808");
        assert_eq!(big(arith('/', &V::Int(i64::MIN), &V::Int(-1))), "9223372036854775808");
        let two_70 = V::big(BigInt::from(1) << 70usize);
        assert_eq!(big(arith('/', &two_70, &V::Int(-7))), "-168655945816773043347");
        assert_eq!(big(arith('%', &two_70, &V::Int(-7))), "-5");
        assert!(matches!(arith('-', &two_70, &two_70), Ok(V::Int(0))));
        assert!(matches!(arith('/', &two_70, &V::Int(0)), Err(e) if e.message == "integer division or modulo by zero"));
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
