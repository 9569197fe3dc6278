//! `common` (`=`, `!=`, comparisons with null), `boolean` and `branching`.

use super::super::eval::{Call, FnDef, CV, R};
use super::super::iter::genf;
use super::super::types::{ANY, ANY_NN, INT, LAMBDA, NONE_T, T};
use super::super::value::{py_eq, V};

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

pub(crate) fn register(defs: &mut Vec<FnDef>) {
    defs.push(FnDef::func("*equal").p("left", ANY).p("right", ANY).f(|c| Ok(V::Bool(py_eq(c.v(0), c.v(1))))));
    defs.push(FnDef::func("*not_equal").p("left", ANY).p("right", ANY).f(|c| Ok(V::Bool(!py_eq(c.v(0), c.v(1))))));
    // comparisons with null: null is smaller than everything
    for (name, l_null, r_null, result) in [
        ("#operator_<", false, true, false),
        ("#operator_<=", false, true, false),
        ("#operator_>", false, true, true),
        ("#operator_>=", false, true, true),
        ("#operator_<", true, false, true),
        ("#operator_<=", true, false, true),
        ("#operator_>", true, false, false),
        ("#operator_>=", true, false, false),
        ("#operator_<", true, true, false),
        ("#operator_<=", true, true, true),
        ("#operator_>", true, true, false),
        ("#operator_>=", true, true, true),
    ] {
        let lt = if l_null { NONE_T } else { ANY_NN };
        let rt = if r_null { NONE_T } else { ANY_NN };
        let body: super::super::eval::Body = if result { |_| Ok(V::Bool(true)) } else { |_| Ok(V::Bool(false)) };
        defs.push(FnDef::func(name).p("left", lt).p("right", rt).f(body));
    }
    // boolean
    defs.push(FnDef::func("#operator_and").p("left", LAMBDA).p("right", LAMBDA).f(|c| {
        let (Some(l), r) = (c.args.first().cloned(), c.args.get(1).cloned()) else { return Ok(V::None) };
        let (CV::L(l), Some(CV::L(r))) = (l, r) else { return Ok(V::None) };
        let a = run(c, &l)?;
        if !a.truthy() {
            return Ok(a);
        }
        run(c, &r)
    }));
    defs.push(FnDef::func("#operator_or").p("left", LAMBDA).p("right", LAMBDA).f(|c| {
        let (Some(l), r) = (c.args.first().cloned(), c.args.get(1).cloned()) else { return Ok(V::None) };
        let (CV::L(l), Some(CV::L(r))) = (l, r) else { return Ok(V::None) };
        let a = run(c, &l)?;
        if a.truthy() {
            return Ok(a);
        }
        run(c, &r)
    }));
    defs.push(FnDef::func("#unary_operator_not").p("arg", ANY).f(|c| Ok(V::Bool(!c.v(0).truthy()))));
    defs.push(FnDef::func("bool").p("value", ANY).f(|c| Ok(V::Bool(c.v(0).truthy()))));
    defs.push(FnDef::func("isBoolean").p("value", ANY).f(|c| Ok(V::Bool(matches!(c.v(0), V::Bool(_))))));

    // branching
    defs.push(FnDef::func("switch").var(T::Rule).nokw().f(|c| {
        for x in c.var.clone() {
            if let CV::Rule(src, dst) = x {
                if src.call(c.eng, &[])?.truthy() {
                    return dst.call(c.eng, &[]);
                }
            }
        }
        Ok(V::None)
    }));
    defs.push(FnDef::func("selectCase").var(LAMBDA).f(|c| {
        let ls = lambdas(c);
        for (i, l) in ls.iter().enumerate() {
            if run(c, l)?.truthy() {
                return Ok(V::Int(i64::try_from(i).unwrap_or(0)));
            }
        }
        Ok(V::Int(i64::try_from(ls.len()).unwrap_or(0)))
    }));
    defs.push(FnDef::func("selectAllCases").var(LAMBDA).f(|c| {
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
    }));
    defs.push(FnDef::func("examine").var(LAMBDA).f(|c| {
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
    }));
    defs.push(FnDef::method("switchCase").p("case", INT).var(LAMBDA).f(|c| {
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
    }));
    defs.push(FnDef::func("coalesce").var(LAMBDA).f(|c| {
        for l in lambdas(c) {
            let v = run(c, &l)?;
            if !v.is_none() {
                return Ok(v);
            }
        }
        Ok(V::None)
    }));
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
