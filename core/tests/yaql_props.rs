//! Robustness of the yaql implementation on arbitrary input: it never panics, never
//! overflows the stack and always ends, whatever the expression and data.

use hotplate_core::api::test_support::yaql;
use hotplate_core::api::{Map, Value};
use proptest::prelude::*;

/// Parse and evaluate; any outcome but a panic is fine.
fn run(expr: &str, data: &Value) -> Result<Value, yaql::YaqlError> {
    yaql::parse(expr).and_then(|e| yaql::evaluate(&e, data))
}

const TOKENS: &[&str] = &[
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    "=>",
    ".",
    "?.",
    "+",
    "-",
    "*",
    "/",
    "mod",
    "and",
    "or",
    "not",
    "in",
    "=",
    "!=",
    "<",
    ">",
    "<=",
    ">=",
    "->",
    "=~",
    "!~",
    "1",
    "0",
    "2.5",
    "007",
    "'s'",
    "\"d\"",
    "`v`",
    "'\\u00e9'",
    "true",
    "false",
    "null",
    "a",
    "$",
    "$1",
    "$x",
    "$.data",
    "len(",
    "select(",
    "where(",
    "f(",
    "let(",
    "regex(",
    "range(",
    "sequence(",
    "list(",
    "dict(",
    "set(",
    "switch(",
    "coalesce(",
    "#",
    ":",
    "__x",
    "1e3",
    " ",
    "\n",
    "é",
    "'",
];

const FUNCS: &[&str] = &[
    "len",
    "str",
    "int",
    "float",
    "bool",
    "list",
    "dict",
    "set",
    "range",
    "concat",
    "coalesce",
    "switch",
    "let",
    "max",
    "min",
    "abs",
    "pow",
    "round",
    "regex",
    "sequence",
    "distinct",
    "any",
    "all",
    "enumerate",
    "isEmpty",
    "generate",
    "zip",
    "with",
    "def",
    "format",
    "call",
    "selectCase",
    "examine",
    "datetime",
    "timespan",
    "now",
];

const METHODS: &[&str] = &[
    "select",
    "where",
    "first",
    "last",
    "len",
    "count",
    "sum",
    "max",
    "min",
    "distinct",
    "orderBy",
    "thenBy",
    "groupBy",
    "toList",
    "toSet",
    "toDict",
    "flatten",
    "join",
    "split",
    "rightSplit",
    "toUpper",
    "replace",
    "substring",
    "indexOf",
    "get",
    "keys",
    "values",
    "items",
    "contains",
    "set",
    "delete",
    "mergeWith",
    "skip",
    "take",
    "reverse",
    "reduce",
    "accumulate",
    "selectMany",
    "zip",
    "zipLongest",
    "repeat",
    "cycle",
    "slice",
    "splitWhere",
    "sliceWhere",
    "insert",
    "memorize",
    "single",
    "union",
    "matches",
    "search",
    "searchAll",
    "replaceBy",
    "unpack",
    "switchCase",
    "assert",
    "format",
    "year",
];

fn atom() -> impl Strategy<Value = String> {
    prop_oneof![
        (-3i64..300).prop_map(|i| i.to_string()),
        prop::sample::select(vec!["0.5", "1.5", "2000", "99999999999"]).prop_map(str::to_string),
        "[a-z ,.^*+?()\\[\\]\\\\]{0,6}".prop_map(|s| format!("'{}'", s.replace('\\', "\\\\").replace('\'', "\\'"))),
        prop::sample::select(vec!["true", "false", "null", "$", "$.data", "$1", "$2", "$x", "a", "$.data.a"])
            .prop_map(str::to_string),
    ]
}

fn expr() -> impl Strategy<Value = String> {
    atom().prop_recursive(5, 64, 4, |inner| {
        prop_oneof![
            (
                inner.clone(),
                prop::sample::select(vec!["+", "-", "*", "/", "mod", "=", "<", "and", "or", "in", "=~", "->"]),
                inner.clone()
            )
                .prop_map(|(a, op, b)| format!("{a} {op} {b}")),
            (prop::sample::select(FUNCS.to_vec()), prop::collection::vec(inner.clone(), 0..3))
                .prop_map(|(f, args)| format!("{f}({})", args.join(", "))),
            (inner.clone(), prop::sample::select(METHODS.to_vec()), prop::collection::vec(inner.clone(), 0..3))
                .prop_map(|(r, m, args)| format!("{r}.{m}({})", args.join(", "))),
            prop::collection::vec(inner.clone(), 0..4).prop_map(|v| format!("[{}]", v.join(", "))),
            (inner.clone(), inner.clone()).prop_map(|(k, v)| format!("{{{k} => {v}}}")),
            (inner.clone(), inner.clone()).prop_map(|(a, i)| format!("{a}[{i}]")),
            inner.clone().prop_map(|a| format!("-{a}")),
            inner.clone().prop_map(|a| format!("not ({a})")),
            (inner.clone(), inner).prop_map(|(a, b)| format!("let(x => {a}) -> {b}")),
        ]
    })
}

fn data() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        (-1000i64..1000).prop_map(Value::Int),
        (-1e6f64..1e6).prop_map(Value::Float),
        "[a-z]{0,5}".prop_map(|s| Value::str(s.as_str())),
    ];
    leaf.prop_recursive(4, 32, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Value::list),
            prop::collection::vec(("[a-c]", inner), 0..4).prop_map(|kv| {
                let mut m = Map::new();
                for (k, v) in kv {
                    m.insert_str(&k, v);
                }
                Value::map(m)
            }),
        ]
    })
}

/// Cases per property (override with PROPTEST_CASES).
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES").ok().and_then(|c| c.parse().ok()).unwrap_or(1500)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn token_soup_never_panics(toks in prop::collection::vec(prop::sample::select(TOKENS.to_vec()), 0..24), d in data()) {
        let _ = run(&toks.concat(), &d);
    }

    #[test]
    fn grammar_expressions_never_panic(e in expr(), d in data()) {
        let _ = run(&e, &d);
    }

    #[test]
    fn arbitrary_text_never_panics(s in "\\PC{0,40}") {
        let _ = run(&s, &Value::Null);
    }

    #[test]
    fn regex_patterns_never_panic(p in "[a-c()\\[\\]{}^$.*+?|\\\\:<>=!PgdwsbBAZ0-9,-]{0,14}", s in "[a-c\\n .é-]{0,12}") {
        let data = Value::list(vec![Value::str(p.as_str()), Value::str(s.as_str())]);
        for e in [
            "regex($.data[0]).search($.data[1])",
            "regex($.data[0], ignoreCase => true).split($.data[1])",
            "regex($.data[0]).replace($.data[1], '<\\\\g<0>>')",
            "regex($.data[0]).searchAll($.data[1], $1.value)",
            "$.data[1] =~ $.data[0]",
            "regex($.data[0]).replaceBy($.data[1], str($1.start))",
        ] {
            let _ = run(e, &data);
        }
    }
}

fn nest(open: &str, close: &str, n: usize, inner: &str) -> String {
    format!("{}{inner}{}", open.repeat(n), close.repeat(n))
}

#[test]
fn deep_nesting_is_a_clear_error_not_a_crash() {
    for n in [10, 100, 150, 500, 1000, 100_000] {
        for (o, c) in
            [("(", ")"), ("[", "]"), ("{a => ", "}"), ("f(", ")"), ("-", ""), ("not ", ""), ("$.data.select(", ")")]
        {
            let e = nest(o, c, n, "1");
            match run(&e, &Value::Null) {
                Ok(_) => assert!(n <= 500, "nesting {n} of {o} evaluated"),
                Err(err) => assert!(!err.class.is_empty()),
            }
        }
    }
}

#[test]
fn long_operator_chains_end() {
    for n in [100, 1000, 200_000] {
        for op in [" + ", " and ", " -> ", ".", " = "] {
            let e = vec!["1"; n].join(op);
            let _ = run(&e, &Value::Null);
        }
    }
}

/// Huge work ends on one of hotplate's bounds, never by time: the step budget
/// (`TimeoutError`), yaql's memory quota and collection limit, the regex
/// backtracking budget. Each expression names the bound that stops it (or, for
/// work that is small after all, its result), so none can run long on any machine.
/// How fast they are refused is `make bench`'s business.
#[test]
fn huge_work_ends_on_a_bound() {
    const STEPS: &str = "TimeoutError";
    const MEMORY: &str = "MemoryQuotaExceededException";
    const COLLECTION: &str = "CollectionTooLargeException";
    const BACKTRACK: &str = "RegexBacktrackLimitExceeded";
    for (e, bound) in [
        ("'x' * 1000000000", Some(MEMORY)),
        ("'x' * 1e9", Some("YaqlLexicalException")), // yaql has no exponent notation
        ("[1] * 1000000000", Some(MEMORY)),
        ("[1, 2, 3] * 1000000000", Some(MEMORY)),
        ("range(1000000000).len()", Some(STEPS)),
        ("range(1000000000).where($ > 5)", Some(COLLECTION)),
        ("sequence().len()", Some(STEPS)),
        ("sequence().count()", Some(COLLECTION)),
        ("1.repeat().len()", Some(STEPS)),
        ("[1].cycle().len()", Some(STEPS)),
        ("sequence().select($ * 2).len()", Some(COLLECTION)),
        ("regex('(a+)+$').matches('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!')", Some(BACKTRACK)),
        ("regex('(a|aa)+\\\\1$').matches('aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!')", Some(BACKTRACK)),
        ("pow(2, 100000)", Some(MEMORY)),
        ("[] * 99999999999", None), // the empty list
        ("shiftBitsLeft(1, 1000000000)", Some(MEMORY)),
        ("generate(0, true, $ + 1).len()", Some(STEPS)),
        ("generateMany(1, [$, $]).len()", Some(MEMORY)),
        ("range(200).select(range(200).select(range(200).len()).sum()).sum()", Some(STEPS)),
        ("range(200).reduce($1 + [$2], []).len()", None), // 200 steps
    ] {
        let r = run(e, &Value::Null);
        match bound {
            Some(class) => assert_eq!(r.as_ref().err().map(|x| x.class.as_str()), Some(class), "{e}: {r:?}"),
            None => assert!(r.is_ok(), "{e}: {r:?}"),
        }
    }
}

#[test]
fn deep_data_is_handled() {
    let mut v = Value::Int(1);
    for _ in 0..5000 {
        v = Value::list(vec![v]);
    }
    for e in ["$.data", "$.data.flatten()", "str($.data)", "$.data = $.data", "set($.data)", "$.data.len()"] {
        let _ = run(e, &v);
    }
}
