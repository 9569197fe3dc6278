//! `common` (`=`, `!=`, comparisons with null), `boolean` and `branching`.

use super::super::eval::{Call, FnDef, CV, R};
use super::super::iter::genf;
use super::super::types::{ANY, ANY_NN, INT, LAMBDA, NONE_T, T};
use super::super::value::{py_eq, V};
use super::table::{func, method, p, Overload};

fn lambdas(c: &Call<'_>) -> Vec<super::super::eval::Lambda> {
    c.var
        .iter()
        .filter_map(|x| match x {
            CV::L(l) => Some(l.clone()),
            _ => None,
        })
        .collect()
}

fn run(c: &Call<'_>, l: &super::super::eval::Lambda) -> R<V> {
    if l.is_null() {
        return Err(super::type_error("'NoneType' object is not callable"));
    }
    l.call(c.eng, &[])
}

/// The family's overloads, in yaql's registration order (resolution keeps it).
pub(crate) static OVERLOADS: &[Overload] = &[
    func("*equal", &[p("left", ANY), p("right", ANY)], equal),
    func("*not_equal", &[p("left", ANY), p("right", ANY)], not_equal),
    // comparisons with null: null is smaller than everything
    func("#operator_<", &[p("left", ANY_NN), p("right", NONE_T)], always_false),
    func("#operator_<=", &[p("left", ANY_NN), p("right", NONE_T)], always_false),
    func("#operator_>", &[p("left", ANY_NN), p("right", NONE_T)], always_true),
    func("#operator_>=", &[p("left", ANY_NN), p("right", NONE_T)], always_true),
    func("#operator_<", &[p("left", NONE_T), p("right", ANY_NN)], always_true),
    func("#operator_<=", &[p("left", NONE_T), p("right", ANY_NN)], always_true),
    func("#operator_>", &[p("left", NONE_T), p("right", ANY_NN)], always_false),
    func("#operator_>=", &[p("left", NONE_T), p("right", ANY_NN)], always_false),
    func("#operator_<", &[p("left", NONE_T), p("right", NONE_T)], always_false),
    func("#operator_<=", &[p("left", NONE_T), p("right", NONE_T)], always_true),
    func("#operator_>", &[p("left", NONE_T), p("right", NONE_T)], always_false),
    func("#operator_>=", &[p("left", NONE_T), p("right", NONE_T)], always_true),
    // boolean
    func("#operator_and", &[p("left", LAMBDA), p("right", LAMBDA)], op_and),
    func("#operator_or", &[p("left", LAMBDA), p("right", LAMBDA)], op_or),
    func("#unary_operator_not", &[p("arg", ANY)], unary_not),
    func("bool", &[p("value", ANY)], bool),
    func("isBoolean", &[p("value", ANY)], is_boolean),
    // branching
    func("switch", &[], switch).var(T::Rule).nokw(),
    func("selectCase", &[], select_case).var(LAMBDA),
    func("selectAllCases", &[], select_all_cases).var(LAMBDA),
    func("examine", &[], examine).var(LAMBDA),
    method("switchCase", &[p("case", INT)], switch_case).var(LAMBDA),
    func("coalesce", &[], coalesce).var(LAMBDA),
];

pub(crate) fn register(defs: &mut Vec<FnDef>) {
    super::table::register(defs, OVERLOADS);
}

/// A comparison whose answer the types decide: true.
fn always_true(_: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(true))
}

/// A comparison whose answer the types decide: false.
fn always_false(_: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(false))
}

/// `left = right`: Python equality.
fn equal(c: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(py_eq(c.v(0), c.v(1))))
}

/// `left != right`: Python inequality.
fn not_equal(c: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(!py_eq(c.v(0), c.v(1))))
}

/// `left and right`: the left value when falsy, else the right one (lazy).
fn op_and(c: &mut Call<'_>) -> R<V> {
    let (Some(l), r) = (c.args.first().cloned(), c.args.get(1).cloned()) else { return Ok(V::None) };
    let (CV::L(l), Some(CV::L(r))) = (l, r) else { return Ok(V::None) };
    let a = run(c, &l)?;
    if !a.truthy() {
        return Ok(a);
    }
    run(c, &r)
}

/// `left or right`: the left value when truthy, else the right one (lazy).
fn op_or(c: &mut Call<'_>) -> R<V> {
    let (Some(l), r) = (c.args.first().cloned(), c.args.get(1).cloned()) else { return Ok(V::None) };
    let (CV::L(l), Some(CV::L(r))) = (l, r) else { return Ok(V::None) };
    let a = run(c, &l)?;
    if a.truthy() {
        return Ok(a);
    }
    run(c, &r)
}

/// `not arg`: the negated truthiness.
fn unary_not(c: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(!c.v(0).truthy()))
}

/// `bool(value)`: Python truthiness.
fn bool(c: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(c.v(0).truthy()))
}

/// `isBoolean(value)`: whether the value is a bool.
fn is_boolean(c: &mut Call<'_>) -> R<V> {
    Ok(V::Bool(matches!(c.v(0), V::Bool(_))))
}

/// `switch(cond => value, …)`: the value of the first rule whose condition holds, else null.
fn switch(c: &mut Call<'_>) -> R<V> {
    for x in c.var.clone() {
        if let CV::Rule(src, dst) = x {
            if src.call(c.eng, &[])?.truthy() {
                return dst.call(c.eng, &[]);
            }
        }
    }
    Ok(V::None)
}

/// `selectCase(cond, …)`: the index of the first condition that holds, else their count.
fn select_case(c: &mut Call<'_>) -> R<V> {
    let ls = lambdas(c);
    for (i, l) in ls.iter().enumerate() {
        if run(c, l)?.truthy() {
            return Ok(V::Int(i64::try_from(i).unwrap_or(0)));
        }
    }
    Ok(V::Int(i64::try_from(ls.len()).unwrap_or(0)))
}

/// `selectAllCases(cond, …)`: the indexes of all conditions that hold (lazy).
fn select_all_cases(c: &mut Call<'_>) -> R<V> {
    let ls = lambdas(c);
    let mut i = 0usize;
    Ok(genf("select_all_cases", move |eng| {
        while let Some(l) = ls.get(i) {
            i += 1;
            if l.is_null() {
                return Err(super::type_error("'NoneType' object is not callable"));
            }
            if l.call(eng, &[])?.truthy() {
                return Ok(Some(V::Int(i64::try_from(i - 1).unwrap_or(0))));
            }
        }
        Ok(None)
    }))
}

/// `examine(cond, …)`: each condition's truthiness (lazy).
fn examine(c: &mut Call<'_>) -> R<V> {
    let ls = lambdas(c);
    let mut i = 0usize;
    Ok(genf("examine", move |eng| {
        let Some(l) = ls.get(i) else { return Ok(None) };
        i += 1;
        if l.is_null() {
            return Err(super::type_error("'NoneType' object is not callable"));
        }
        Ok(Some(V::Bool(l.call(eng, &[])?.truthy())))
    }))
}

/// `case.switchCase(value, …)`: the value at the case's index, else the last one.
fn switch_case(c: &mut Call<'_>) -> R<V> {
    let case = c.int(0);
    let ls = lambdas(c);
    let n = i64::try_from(ls.len()).unwrap_or(0);
    if (0..n).contains(&case) {
        if let Some(l) = usize::try_from(case).ok().and_then(|i| ls.get(i)) {
            return run(c, l);
        }
    }
    match ls.last() {
        None => Ok(V::None),
        Some(l) => run(c, l),
    }
}

/// `coalesce(value, …)`: the first value that is not null.
fn coalesce(c: &mut Call<'_>) -> R<V> {
    for l in lambdas(c) {
        let v = run(c, &l)?;
        if !v.is_none() {
            return Ok(v);
        }
    }
    Ok(V::None)
}

#[cfg(test)]
mod tests {
    use crate::yaql::check_cases;

    #[test]
    fn operators_and_branching() {
        check_cases(&[
            ("null < 1", "null", "true"),
            (
                "true > false",
                "null",
                "NoMatchingFunctionException: No function \"#operator_>\" matches supplied arguments",
            ),
            ("[] and 1", "null", "[]"),
            ("false and $.data.missing", "{}", "false"),
            ("switch(0 => 'a', [1] => 'c')", "null", "\"c\""),
            ("switch(1, 2)", "null", "NoMatchingFunctionException: No function \"switch\" matches supplied arguments"),
            ("coalesce(null, false, 1)", "null", "false"),
            ("9.switchCase('a', 'b')", "null", "\"b\""),
        ]);
    }
}
