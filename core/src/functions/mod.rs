//! Intrinsic functions: the per-version table (data) and one file per function.
//!
//! Heat gives every template version class its own dict of functions, plus a
//! smaller dict for condition contexts. [`ROWS`] is the same information as data:
//! each row names a function, its implementation (an [`FnSpec`]: Heat's class
//! name, argument check, resolve, validate, symbolic rule, what it refers to,
//! documentation, exported by the function's own file), and the version range
//! where the row applies. When Heat changed a function's behaviour between
//! versions it swapped the class; here that is two specs and two rows with
//! disjoint ranges. Adding a function is its file and its rows.

pub mod cfn;
pub mod condition_bool;
pub mod contains;
pub mod digest;
pub mod equals;
pub mod filter;
pub mod get_attr;
pub mod get_file;
pub mod get_param;
pub mod get_resource;
pub mod if_;
pub mod list_concat;
pub mod list_join;
pub mod make_url;
pub mod map_merge;
pub mod map_replace;
pub mod removed;
pub mod repeat;
pub mod resource_facade;
pub mod str_replace;
pub mod str_split;
pub mod yaql;

use std::rc::Rc;

use crate::eval::{Call, EvalError, Expr};
use crate::stack::Stack;
use crate::symbolic::Rule;
use crate::syntax::Node;
use crate::value::Value;
use crate::version::HotVersion;
use HotVersion::*;

/// The longest string an intrinsic function builds, in bytes (16 MiB). Heat has
/// no such limit: Python builds the string until memory runs out, so a template
/// that multiplies a string at every level (six nested `str_replace` calls, each
/// × 1000) takes the Heat engine down with it. Nothing a template means to
/// build comes near this (Heat's request body limit is 1 MiB, nova's user_data
/// 64 KiB), and refusing early keeps the evaluation to milliseconds.
pub const MAX_STRING_BYTES: usize = 16 << 20;

/// Before `name` builds a string of `len` bytes: refused past
/// [`MAX_STRING_BYTES`], otherwise charged to the evaluation budget (one step
/// per 16 bytes, so all the strings one evaluation builds stay within a few
/// hundred MiB).
pub fn string_to_build(stack: &Stack, name: &str, len: usize) -> Result<(), EvalError> {
    if len > MAX_STRING_BYTES {
        return Err(string_too_long(name, len));
    }
    stack.spend(len as u64 / 16)
}

/// The error for a string over [`MAX_STRING_BYTES`].
pub fn string_too_long(name: &str, len: usize) -> EvalError {
    EvalError::other(
        "LimitExceeded",
        format!(
            "{name} would build a string of {len} bytes: over hotplate's limit of {MAX_STRING_BYTES} bytes \
             (Heat has none and would build it while memory lasts)"
        ),
    )
    .with_code("string-too-long")
}

/// The length of Python's `text.replace(pat, with)` (an empty pattern matches
/// before every character and at the end), saturating.
pub fn replaced_len(text: &str, pat: &str, with: &str) -> usize {
    let count = if pat.is_empty() { text.chars().count() + 1 } else { text.matches(pat).count() };
    (text.len() - count * pat.len()).saturating_add(count.saturating_mul(with.len()))
}

/// Which parse table: resource/output snippets, or condition definitions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Table {
    /// `Template.functions`.
    Functions,
    /// `Template._parser_condition_functions`.
    Conditions,
}

/// One implementation of a function: Heat's function class, as data. Each
/// `functions/<name>.rs` exports the spec of its function (one per class
/// when Heat changed the class between versions); [`ROWS`] points at them.
#[derive(Debug)]
pub struct FnSpec {
    /// The Python class implementing it in Heat (it appears in some messages).
    pub class: &'static str,
    /// The constructor's argument-shape check (parse time), given the name as written.
    pub check: fn(&str, &Expr) -> Result<(), EvalError>,
    /// How a call is resolved.
    pub resolve: Resolve,
    /// Its own validation, after its arguments' ([`validate`]).
    pub validate: fn(&Stack, &Call) -> Result<(), EvalError>,
    /// How its display value is built when a deploy-time input reaches it
    /// (see [`crate::symbolic`]).
    pub(crate) symbolic: Rule,
    /// What it refers to (dependencies, deploy-time inputs, graph edges).
    pub refers: Refers,
    /// What editors say about it (none for a name that is not a function).
    pub doc: Option<Doc>,
}

/// How a call is resolved.
#[derive(Clone, Copy, Debug)]
pub enum Resolve {
    /// A function: its arguments are parsed with the table, and this resolves the call.
    Function(fn(&Stack, &Call) -> Result<Value, EvalError>),
    /// A macro (Heat's `function.Macro`): it parses its raw arguments itself
    /// (`if` chooses its branch while parsing); resolving it resolves what it parsed.
    Macro(ParseMacro),
}

/// A macro's parser: the stack, the name as written, the raw arguments, the
/// path so far, the table and the nesting depth.
pub type ParseMacro = fn(&Stack, &str, &Node, &mut String, Table, usize) -> Result<Expr, EvalError>;

/// What a function refers to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refers {
    /// Nothing by name.
    Nothing,
    /// A parameter (`get_param`; CloudFormation's `Ref` in conditions).
    Parameter,
    /// A resource: its reference id (`get_resource`).
    Resource,
    /// An attribute of a resource named by the first argument (`get_attr`, `Fn::GetAtt`).
    Attribute,
    /// A resource, or else a parameter (CloudFormation's `Ref`).
    ResourceOrParameter,
}

/// A function's documentation for editors.
#[derive(Clone, Copy, Debug)]
pub struct Doc {
    /// The argument's shape.
    pub args: &'static str,
    /// What it does.
    pub summary: &'static str,
    /// A one-line example.
    pub example: &'static str,
}

impl FnSpec {
    /// A function's spec (Heat's plain `function.Function`): no validation of
    /// its own, an opaque display rule, nothing referred to by name. A spec that
    /// differs says so: `FnSpec { refers: Refers::Parameter, ..FnSpec::function(…) }`.
    pub const fn function(
        class: &'static str,
        check: fn(&str, &Expr) -> Result<(), EvalError>,
        resolve: fn(&Stack, &Call) -> Result<Value, EvalError>,
        doc: Doc,
    ) -> FnSpec {
        FnSpec {
            class,
            check,
            resolve: Resolve::Function(resolve),
            validate: no_validate,
            symbolic: Rule::Opaque,
            refers: Refers::Nothing,
            doc: Some(doc),
        }
    }

    /// Macros control how their arguments are parsed (Heat's `function.Macro`).
    pub fn is_macro(&self) -> bool {
        matches!(self.resolve, Resolve::Macro(_))
    }

    /// A function removed in this version (it parses, and fails validation).
    pub fn is_removed(&self) -> bool {
        std::ptr::eq(self, &removed::REMOVED)
    }

    /// A function not allowed in condition definitions.
    pub fn is_invalid(&self) -> bool {
        std::ptr::eq(self, &removed::INVALID)
    }
}

/// Specs are compared by identity (one static per Heat class and name family).
impl PartialEq for FnSpec {
    fn eq(&self, other: &FnSpec) -> bool {
        std::ptr::eq(self, other)
    }
}

impl Eq for FnSpec {}

/// An argument's value: a missing one is Python's `None` (Heat reads short
/// argument lists with defaults).
pub(crate) fn resolve_or_null(stack: &Stack, expr: Option<&Expr>) -> Result<Value, EvalError> {
    expr.map_or(Ok(Value::Null), |e| crate::eval::resolve(stack, e))
}

/// A constructor without argument checks.
pub fn no_check(_name: &str, _args: &Expr) -> Result<(), EvalError> {
    Ok(())
}

/// No validation beyond the arguments'.
pub fn no_validate(_stack: &Stack, _call: &Call) -> Result<(), EvalError> {
    Ok(())
}

/// One row of the function table.
#[derive(Clone, Copy, Debug)]
pub struct FnRow {
    /// The name in templates.
    pub name: &'static str,
    /// The implementation.
    pub spec: &'static FnSpec,
    /// First version with this row.
    pub since: HotVersion,
    /// First version without it (exclusive end), if any.
    pub until: Option<HotVersion>,
    /// In which tables the row appears.
    pub tables: Tables,
}

/// Which tables a row belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tables {
    /// Resource/output snippets only (condition contexts see it as Invalid).
    Functions,
    /// Both tables.
    Both,
    /// Condition definitions only.
    Conditions,
}

const fn row(name: &'static str, spec: &'static FnSpec, since: HotVersion, until: Option<HotVersion>) -> FnRow {
    FnRow { name, spec, since, until, tables: Tables::Functions }
}

const fn both(name: &'static str, spec: &'static FnSpec, since: HotVersion, until: Option<HotVersion>) -> FnRow {
    FnRow { name, spec, since, until, tables: Tables::Both }
}

const fn cond(name: &'static str, spec: &'static FnSpec, since: HotVersion, until: Option<HotVersion>) -> FnRow {
    FnRow { name, spec, since, until, tables: Tables::Conditions }
}

/// The function table of every version (Heat's `HOTemplate*.functions` and
/// `condition_functions`, and the CloudFormation-format templates').
pub static ROWS: &[FnRow] = &[
    row("get_param", &get_param::GET_PARAM, V2013_05_23, Some(V2016_10_14)),
    both("get_param", &get_param::GET_PARAM, V2016_10_14, None),
    row("get_resource", &get_resource::GET_RESOURCE, V2013_05_23, None),
    row("get_attr", &get_attr::GET_ATT_THEN_SELECT, V2013_05_23, Some(V2014_10_16)),
    row("get_attr", &get_attr::GET_ATT, V2014_10_16, Some(V2015_10_15)),
    row("get_attr", &get_attr::GET_ATT_ALL, V2015_10_15, None),
    row("get_file", &get_file::GET_FILE, V2013_05_23, None),
    row("list_join", &list_join::JOIN, V2013_05_23, Some(V2015_10_15)),
    row("list_join", &list_join::JOIN_MULTIPLE, V2015_10_15, None),
    row("str_replace", &str_replace::REPLACE, V2013_05_23, Some(V2015_10_15)),
    row("str_replace", &str_replace::REPLACE_JSON, V2015_10_15, None),
    row("resource_facade", &resource_facade::RESOURCE_FACADE, V2013_05_23, None),
    row("repeat", &repeat::REPEAT, V2015_04_30, Some(V2016_10_14)),
    row("repeat", &repeat::REPEAT_WITH_MAP, V2016_10_14, Some(V2017_09_01)),
    row("repeat", &repeat::REPEAT_WITH_NESTED_LOOP, V2017_09_01, None),
    row("digest", &digest::DIGEST, V2015_04_30, None),
    row("str_split", &str_split::STR_SPLIT, V2015_10_15, None),
    row("map_merge", &map_merge::MAP_MERGE, V2016_04_08, None),
    row("yaql", &yaql::YAQL, V2016_10_14, Some(V2017_09_01)),
    both("yaql", &yaql::YAQL, V2017_09_01, None),
    row("map_replace", &map_replace::MAP_REPLACE, V2016_10_14, None),
    row("if", &if_::IF, V2016_10_14, Some(V2021_04_16)),
    row("if", &if_::IF_NULLABLE, V2021_04_16, None),
    row("filter", &filter::FILTER, V2017_02_24, None),
    row("str_replace_strict", &str_replace::REPLACE_JSON_STRICT, V2017_02_24, None),
    row("make_url", &make_url::MAKE_URL, V2017_09_01, None),
    row("list_concat", &list_concat::LIST_CONCAT, V2017_09_01, None),
    row("list_concat_unique", &list_concat::LIST_CONCAT_UNIQUE, V2017_09_01, None),
    row("str_replace_vstrict", &str_replace::REPLACE_JSON_VERY_STRICT, V2017_09_01, None),
    both("contains", &contains::CONTAINS, V2017_09_01, None),
    cond("equals", &equals::EQUALS, V2016_10_14, None),
    cond("not", &condition_bool::NOT, V2016_10_14, None),
    cond("and", &condition_bool::AND, V2016_10_14, None),
    cond("or", &condition_bool::OR, V2016_10_14, None),
    // CloudFormation functions, kept in HOT 2013-05-23 and removed afterwards.
    row("Fn::Select", &cfn::SELECT, Cfn2012_12_12, Some(V2015_10_15)),
    row("Fn::Select", &removed::REMOVED, V2015_10_15, None),
    row("Fn::GetAZs", &cfn::GET_AZS, Cfn2012_12_12, Some(V2014_10_16)),
    row("Fn::GetAZs", &removed::REMOVED, V2014_10_16, None),
    row("Fn::Join", &cfn::JOIN, Cfn2012_12_12, Some(V2014_10_16)),
    row("Fn::Join", &removed::REMOVED, V2014_10_16, None),
    row("Fn::Split", &cfn::SPLIT, Cfn2012_12_12, Some(V2014_10_16)),
    row("Fn::Split", &removed::REMOVED, V2014_10_16, None),
    row("Fn::Replace", &cfn::REPLACE, Cfn2012_12_12, Some(V2014_10_16)),
    row("Fn::Replace", &removed::REMOVED, V2014_10_16, None),
    row("Fn::Base64", &cfn::BASE64, Cfn2012_12_12, Some(V2014_10_16)),
    row("Fn::Base64", &removed::REMOVED, V2014_10_16, None),
    row("Fn::MemberListToMap", &cfn::MEMBER_LIST_TO_MAP, Cfn2012_12_12, Some(V2014_10_16)),
    row("Fn::MemberListToMap", &removed::REMOVED, V2014_10_16, None),
    row("Fn::ResourceFacade", &cfn::RESOURCE_FACADE, Cfn2012_12_12, Some(V2014_10_16)),
    row("Fn::ResourceFacade", &removed::REMOVED, V2014_10_16, None),
    row("Ref", &cfn::REF, Cfn2012_12_12, Some(V2014_10_16)),
    row("Ref", &removed::REMOVED, V2014_10_16, None),
    // CloudFormation-format templates only (`HeatTemplate`, `CfnTemplate`).
    row("Fn::GetAtt", &cfn::GET_ATT, Cfn2012_12_12, Some(V2013_05_23)),
    row("Fn::FindInMap", &cfn::FIND_IN_MAP, Cfn2012_12_12, Some(Cfn2010_09_09)),
    both("Fn::FindInMap", &cfn::FIND_IN_MAP, Cfn2010_09_09, Some(V2013_05_23)),
    row("Fn::If", &cfn::IF, Cfn2010_09_09, Some(V2013_05_23)),
    cond("Fn::Equals", &cfn::EQUALS, Cfn2010_09_09, Some(V2013_05_23)),
    cond("Ref", &cfn::PARAM_REF, Cfn2010_09_09, Some(V2013_05_23)),
    cond("Fn::Not", &cfn::NOT, Cfn2010_09_09, Some(V2013_05_23)),
    cond("Fn::And", &cfn::AND, Cfn2010_09_09, Some(V2013_05_23)),
    cond("Fn::Or", &cfn::OR, Cfn2010_09_09, Some(V2013_05_23)),
];

/// What a name means in a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lookup {
    /// A function (possibly removed or invalid here).
    Found(&'static FnSpec),
    /// Not a function here: the map is plain data.
    Unknown,
}

impl FnRow {
    fn applies(&self, version: HotVersion) -> bool {
        version >= self.since && self.until.is_none_or(|u| version < u)
    }
}

/// Look a name up in a version's table.
pub fn lookup(version: HotVersion, table: Table, name: &str) -> Lookup {
    let mut found = None;
    for r in ROWS.iter().filter(|r| r.name == name && r.applies(version)) {
        match (table, r.tables) {
            (Table::Functions, Tables::Functions | Tables::Both)
            | (Table::Conditions, Tables::Conditions | Tables::Both) => return Lookup::Found(r.spec),
            // Heat's condition parser maps every other function to Invalid,
            // except Removed ones, which keep failing as Removed.
            (Table::Conditions, Tables::Functions) => {
                found = Some(if r.spec.is_removed() { &removed::REMOVED } else { &removed::INVALID });
            }
            (Table::Functions, Tables::Conditions) => {}
        }
    }
    found.map_or(Lookup::Unknown, Lookup::Found)
}

/// The names available in a version's table, sorted, with their specs (for
/// editors and the version panel).
pub fn names(version: HotVersion, table: Table) -> Vec<(&'static str, &'static FnSpec)> {
    let mut out: Vec<(&'static str, &'static FnSpec)> = Vec::new();
    for r in ROWS {
        if out.iter().any(|(n, _)| *n == r.name) {
            continue;
        }
        if let Lookup::Found(spec) = lookup(version, table, r.name) {
            out.push((r.name, spec));
        }
    }
    crate::sort::sort_by(&mut out, |a, b| a.0.cmp(b.0));
    out
}

/// A function's documentation by name, in whichever version has it.
pub fn doc(name: &str) -> Option<&'static Doc> {
    ROWS.iter().filter(|r| r.name == name).find_map(|r| r.spec.doc.as_ref())
}

/// Resolve a call; `None` is Heat's absent marker (only `if` yields it).
pub fn resolve(stack: &Stack, call: &Call) -> Result<Option<Value>, EvalError> {
    match call.spec.resolve {
        Resolve::Function(f) => f(stack, call).map(Some),
        Resolve::Macro(_) => crate::eval::resolve_nullable(stack, &call.args),
    }
}

/// Validate a call: its arguments first (the base class), then its own checks.
pub fn validate(stack: &Stack, call: &Call) -> Result<(), EvalError> {
    crate::eval::validate(stack, &call.args, &[])?;
    (call.spec.validate)(stack, call)
}

/// The resource a `get_resource`/`get_attr`/`Ref` call refers to, checked to exist
/// (enabled) in the stack; errors are `InvalidTemplateReference` with `path`.
pub fn referenced_resource(stack: &Stack, call: &Call, path: &str) -> Result<Option<Rc<str>>, EvalError> {
    let name_expr = match call.spec.refers {
        Refers::Resource => &call.args,
        Refers::Attribute => match get_attr::resource_expr(&call.args) {
            Some(e) => e,
            None => return Ok(None),
        },
        Refers::ResourceOrParameter => return cfn::ref_dependency(stack, &call.args),
        Refers::Parameter | Refers::Nothing => return Ok(None),
    };
    let name = crate::eval::resolve(stack, name_expr)?;
    stack.resource_ref(&name, path).map(|r| Some(r.name.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn condition_tables_follow_heat() {
        assert_eq!(lookup(V2016_10_14, Table::Conditions, "get_attr"), Lookup::Found(&removed::INVALID));
        assert_eq!(lookup(V2016_10_14, Table::Conditions, "Ref"), Lookup::Found(&removed::REMOVED));
        assert_eq!(lookup(V2016_10_14, Table::Conditions, "yaql"), Lookup::Found(&removed::INVALID));
        assert_eq!(lookup(V2017_09_01, Table::Conditions, "yaql"), Lookup::Found(&yaql::YAQL));
        assert_eq!(lookup(V2017_09_01, Table::Functions, "equals"), Lookup::Unknown);
        assert_eq!(lookup(V2016_04_08, Table::Functions, "yaql"), Lookup::Unknown);
        assert_eq!(lookup(V2013_05_23, Table::Functions, "Ref"), Lookup::Found(&cfn::REF));
        assert_eq!(lookup(V2015_04_30, Table::Functions, "Fn::Select"), Lookup::Found(&cfn::SELECT));
        assert_eq!(lookup(V2015_10_15, Table::Functions, "Fn::Select"), Lookup::Found(&removed::REMOVED));
    }

    /// A string that grows ×1000 at each of six nested calls (10^18 bytes)
    /// stops at the limit with a clear error, and so do the other builders.
    #[test]
    fn built_strings_are_bounded() {
        use crate::testing::eval_output_err;
        let x = "X".repeat(1000);
        let mut e = "ab".to_string();
        for _ in 0..6 {
            e = format!("{{str_replace: {{template: {x}, params: {{X: {e}}}}}}}");
        }
        assert_eq!(
            eval_output_err("", &e),
            "str_replace would build a string of 2000000000 bytes: over hotplate's limit of 16777216 bytes (Heat has none and would build it while memory lasts)"
        );
        // A megabyte, then twenty copies of it joined.
        let mega = format!("{{str_replace: {{template: {x}, params: {{X: {x}}}}}}}");
        let copies =
            format!("{{repeat: {{for_each: {{'%i': {{str_split: [',', '{}']}}}}, template: {mega}}}}}", ",".repeat(19));
        let seventeen = vec![mega.as_str(); 17].join(", ");
        assert_eq!(
            crate::testing::eval_output_v("2015-04-30", "", &format!("{{list_join: ['', [{seventeen}]]}}")),
            Err("list_join would build a string of 17000000 bytes: over hotplate's limit of 16777216 bytes (Heat has none and would build it while memory lasts)".to_string())
        );
        // Checked as it grows: it stops after the 17th megabyte.
        assert_eq!(
            eval_output_err("", &format!("{{list_join: ['', {copies}]}}")),
            "list_join would build a string of 17000000 bytes: over hotplate's limit of 16777216 bytes (Heat has none and would build it while memory lasts)"
        );
        assert_eq!(
            eval_output_err("", &format!("{{repeat: {{for_each: {{X: [{mega}]}}, template: {mega}}}}}")),
            "repeat would build a string of 1000000000000 bytes: over hotplate's limit of 16777216 bytes (Heat has none and would build it while memory lasts)"
        );
        // Under the limit nothing changes.
        assert_eq!(crate::testing::eval_output("", &format!("{{list_join: ['', [{mega}]]}}")).len(), 1_000_002);
    }

    #[test]
    fn every_function_of_the_table_is_documented() {
        for r in ROWS.iter().filter(|r| !r.spec.is_removed() && !r.spec.is_invalid()) {
            let doc = r.spec.doc.unwrap_or_else(|| panic!("no doc for {}", r.name));
            assert!(doc.example.contains(r.name.trim_start_matches("Fn::")), "{}", r.name);
        }
    }

    #[test]
    fn availability_snapshot() {
        // One line per version: the function table, so a change shows up as a diff.
        let lines: Vec<String> = HotVersion::all()
            .map(|v| {
                let names: Vec<&str> = names(v, Table::Functions)
                    .into_iter()
                    .filter(|(_, spec)| !spec.is_removed())
                    .map(|(n, _)| n)
                    .collect();
                format!("{}: {}", v.date(), names.join(" "))
            })
            .collect();
        assert_eq!(lines.first().map(String::as_str), Some("2013-05-23: Fn::Base64 Fn::GetAZs Fn::Join Fn::MemberListToMap Fn::Replace Fn::ResourceFacade Fn::Select Fn::Split Ref get_attr get_file get_param get_resource list_join resource_facade str_replace"));
        assert_eq!(lines.last().map(String::as_str), Some("2021-04-16: contains digest filter get_attr get_file get_param get_resource if list_concat list_concat_unique list_join make_url map_merge map_replace repeat resource_facade str_replace str_replace_strict str_replace_vstrict str_split yaql"));
    }
}
