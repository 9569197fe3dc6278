//! Intrinsic functions: the per-version table (data) and one file per function.
//!
//! Heat gives every template version class its own dict of functions, plus a
//! smaller dict for condition contexts. [`ROWS`] is the same information as data:
//! each row names a function, the implementation, and the version range where
//! the row applies. When Heat changed a function's behaviour between versions it
//! swapped the class; here that is two rows with disjoint ranges.

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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Table {
    /// `Template.functions`.
    Functions,
    /// `Template._parser_condition_functions`.
    Conditions,
}

/// An implementation of a function (Heat's function classes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FnKind {
    /// `GetParam`.
    GetParam,
    /// `GetResource`.
    GetResource,
    /// `GetAttThenSelect` (2013-05-23): path applied after fetching the attribute.
    GetAttThenSelect,
    /// `GetAtt` (2014-10-16…2015-04-30): path passed to the resource.
    GetAtt,
    /// `GetAttAllAttributes` (2015-10-15 on): also `[resource]` alone.
    GetAttAll,
    /// `GetFile`.
    GetFile,
    /// `Join` (single list).
    ListJoin,
    /// `JoinMultiple`.
    ListJoinMulti,
    /// `Replace` (plain values).
    StrReplace,
    /// `ReplaceJson`.
    StrReplaceJson,
    /// `ReplaceJsonStrict`.
    StrReplaceStrict,
    /// `ReplaceJsonVeryStrict`.
    StrReplaceVstrict,
    /// `ResourceFacade`.
    ResourceFacade,
    /// `Repeat` (lists only).
    Repeat,
    /// `RepeatWithMap` (map values iterate keys).
    RepeatWithMap,
    /// `RepeatWithNestedLoop` (`permutations`).
    RepeatPermutations,
    /// `Digest`.
    Digest,
    /// `StrSplit`.
    StrSplit,
    /// `MapMerge`.
    MapMerge,
    /// `MapReplace`.
    MapReplace,
    /// `Yaql`.
    Yaql,
    /// `If` (three arguments).
    If,
    /// `IfNullable` (two or three arguments).
    IfNullable,
    /// `Filter`.
    Filter,
    /// `MakeURL`.
    MakeUrl,
    /// `ListConcat`.
    ListConcat,
    /// `ListConcatUnique`.
    ListConcatUnique,
    /// `Contains`.
    Contains,
    /// `Equals` (conditions only).
    Equals,
    /// `Not`.
    Not,
    /// `And`.
    And,
    /// `Or`.
    Or,
    /// A function removed in this version: fails validation.
    Removed,
    /// A non-condition function used in a condition: fails at parse.
    Invalid,
    /// CFN `Fn::Select`.
    FnSelect,
    /// CFN `Fn::Join`.
    FnJoin,
    /// CFN `Fn::Split`.
    FnSplit,
    /// CFN `Fn::Replace`.
    FnReplace,
    /// CFN `Fn::Base64`.
    FnBase64,
    /// CFN `Fn::MemberListToMap`.
    FnMemberListToMap,
    /// CFN `Fn::GetAZs`.
    FnGetAzs,
    /// CFN `Fn::ResourceFacade`.
    FnResourceFacade,
    /// CFN `Ref`.
    Ref,
    /// CFN `Fn::GetAtt` (`[resource, attribute]`, no path).
    FnGetAtt,
    /// CFN `Fn::FindInMap` (`[map, key, value]` in `Mappings`).
    FnFindInMap,
    /// CFN `Not` (`[condition]`).
    FnNot,
    /// CFN `ParamRef`: `Ref` in condition definitions (parameters only).
    ParamRef,
}

impl FnKind {
    /// The Python class implementing it in Heat (it appears in some messages).
    pub fn class_name(self) -> &'static str {
        use FnKind::*;
        match self {
            GetParam => "GetParam",
            GetResource => "GetResource",
            GetAttThenSelect => "GetAttThenSelect",
            GetAtt => "GetAtt",
            GetAttAll => "GetAttAllAttributes",
            GetFile => "GetFile",
            ListJoin => "Join",
            ListJoinMulti => "JoinMultiple",
            StrReplace => "Replace",
            StrReplaceJson => "ReplaceJson",
            StrReplaceStrict => "ReplaceJsonStrict",
            StrReplaceVstrict => "ReplaceJsonVeryStrict",
            ResourceFacade | FnResourceFacade => "ResourceFacade",
            Repeat => "Repeat",
            RepeatWithMap => "RepeatWithMap",
            RepeatPermutations => "RepeatWithNestedLoop",
            Digest => "Digest",
            StrSplit => "StrSplit",
            MapMerge => "MapMerge",
            MapReplace => "MapReplace",
            Yaql => "Yaql",
            If => "If",
            IfNullable => "IfNullable",
            Filter => "Filter",
            MakeUrl => "MakeURL",
            ListConcat => "ListConcat",
            ListConcatUnique => "ListConcatUnique",
            Contains => "Contains",
            Equals => "Equals",
            Not => "Not",
            And => "And",
            Or => "Or",
            Removed => "Removed",
            Invalid => "Invalid",
            FnSelect => "Select",
            FnJoin => "Join",
            FnSplit => "Split",
            FnReplace => "Replace",
            FnBase64 => "Base64",
            FnMemberListToMap => "MemberListToMap",
            FnGetAzs => "GetAZs",
            Ref => "GetResource",
            FnGetAtt => "GetAtt",
            FnFindInMap => "FindInMap",
            FnNot => "Not",
            ParamRef => "ParamRef",
        }
    }

    /// How its display value is built when a deploy-time input reaches it
    /// (see [`crate::symbolic`]).
    pub(crate) fn symbolic_rule(self) -> crate::symbolic::Rule {
        use crate::symbolic::Rule;
        use FnKind::*;
        match self {
            GetResource | GetAttThenSelect | GetAtt | GetAttAll | FnGetAtt | Ref | GetParam => Rule::Input,
            If | IfNullable => Rule::Branch,
            ListJoin | FnJoin => Rule::Join { multi: false },
            ListJoinMulti => Rule::Join { multi: true },
            StrReplace => Rule::Replace { mode: str_replace::Mode::Plain, cfn: false },
            StrReplaceJson => Rule::Replace { mode: str_replace::Mode::Json, cfn: false },
            StrReplaceStrict => Rule::Replace { mode: str_replace::Mode::Strict, cfn: false },
            StrReplaceVstrict => Rule::Replace { mode: str_replace::Mode::VeryStrict, cfn: false },
            FnReplace => Rule::Replace { mode: str_replace::Mode::Plain, cfn: true },
            ListConcat => Rule::Concat { unique: false },
            ListConcatUnique => Rule::Concat { unique: true },
            MapMerge => Rule::Merge,
            GetFile | ResourceFacade | FnResourceFacade | Repeat | RepeatWithMap | RepeatPermutations | Digest
            | StrSplit | MapReplace | Yaql | Filter | MakeUrl | Contains | Equals | Not | And | Or | Removed
            | Invalid | FnSelect | FnSplit | FnBase64 | FnMemberListToMap | FnGetAzs | FnFindInMap | FnNot
            | ParamRef => Rule::Opaque,
        }
    }

    /// Macros control how their arguments are parsed (Heat's `function.Macro`).
    pub fn is_macro(self) -> bool {
        matches!(self, FnKind::If | FnKind::IfNullable)
    }
}

/// One row of the function table.
#[derive(Clone, Copy, Debug)]
pub struct FnRow {
    /// The name in templates.
    pub name: &'static str,
    /// The implementation.
    pub kind: FnKind,
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

const fn row(name: &'static str, kind: FnKind, since: HotVersion, until: Option<HotVersion>) -> FnRow {
    FnRow { name, kind, since, until, tables: Tables::Functions }
}

const fn both(name: &'static str, kind: FnKind, since: HotVersion, until: Option<HotVersion>) -> FnRow {
    FnRow { name, kind, since, until, tables: Tables::Both }
}

const fn cond(name: &'static str, kind: FnKind, since: HotVersion) -> FnRow {
    FnRow { name, kind, since, until: None, tables: Tables::Conditions }
}

/// The function table of every HOT version (Heat's `HOTemplate*.functions` and
/// `condition_functions`).
pub const ROWS: &[FnRow] = &[
    row("get_param", FnKind::GetParam, V2013_05_23, Some(V2016_10_14)),
    both("get_param", FnKind::GetParam, V2016_10_14, None),
    row("get_resource", FnKind::GetResource, V2013_05_23, None),
    row("get_attr", FnKind::GetAttThenSelect, V2013_05_23, Some(V2014_10_16)),
    row("get_attr", FnKind::GetAtt, V2014_10_16, Some(V2015_10_15)),
    row("get_attr", FnKind::GetAttAll, V2015_10_15, None),
    row("get_file", FnKind::GetFile, V2013_05_23, None),
    row("list_join", FnKind::ListJoin, V2013_05_23, Some(V2015_10_15)),
    row("list_join", FnKind::ListJoinMulti, V2015_10_15, None),
    row("str_replace", FnKind::StrReplace, V2013_05_23, Some(V2015_10_15)),
    row("str_replace", FnKind::StrReplaceJson, V2015_10_15, None),
    row("resource_facade", FnKind::ResourceFacade, V2013_05_23, None),
    row("repeat", FnKind::Repeat, V2015_04_30, Some(V2016_10_14)),
    row("repeat", FnKind::RepeatWithMap, V2016_10_14, Some(V2017_09_01)),
    row("repeat", FnKind::RepeatPermutations, V2017_09_01, None),
    row("digest", FnKind::Digest, V2015_04_30, None),
    row("str_split", FnKind::StrSplit, V2015_10_15, None),
    row("map_merge", FnKind::MapMerge, V2016_04_08, None),
    row("yaql", FnKind::Yaql, V2016_10_14, Some(V2017_09_01)),
    both("yaql", FnKind::Yaql, V2017_09_01, None),
    row("map_replace", FnKind::MapReplace, V2016_10_14, None),
    row("if", FnKind::If, V2016_10_14, Some(V2021_04_16)),
    row("if", FnKind::IfNullable, V2021_04_16, None),
    row("filter", FnKind::Filter, V2017_02_24, None),
    row("str_replace_strict", FnKind::StrReplaceStrict, V2017_02_24, None),
    row("make_url", FnKind::MakeUrl, V2017_09_01, None),
    row("list_concat", FnKind::ListConcat, V2017_09_01, None),
    row("list_concat_unique", FnKind::ListConcatUnique, V2017_09_01, None),
    row("str_replace_vstrict", FnKind::StrReplaceVstrict, V2017_09_01, None),
    both("contains", FnKind::Contains, V2017_09_01, None),
    cond("equals", FnKind::Equals, V2016_10_14),
    cond("not", FnKind::Not, V2016_10_14),
    cond("and", FnKind::And, V2016_10_14),
    cond("or", FnKind::Or, V2016_10_14),
    // CloudFormation functions, kept in HOT 2013-05-23 and removed afterwards.
    row("Fn::Select", FnKind::FnSelect, Cfn2012_12_12, Some(V2015_10_15)),
    row("Fn::Select", FnKind::Removed, V2015_10_15, None),
    row("Fn::GetAZs", FnKind::FnGetAzs, Cfn2012_12_12, Some(V2014_10_16)),
    row("Fn::GetAZs", FnKind::Removed, V2014_10_16, None),
    row("Fn::Join", FnKind::FnJoin, Cfn2012_12_12, Some(V2014_10_16)),
    row("Fn::Join", FnKind::Removed, V2014_10_16, None),
    row("Fn::Split", FnKind::FnSplit, Cfn2012_12_12, Some(V2014_10_16)),
    row("Fn::Split", FnKind::Removed, V2014_10_16, None),
    row("Fn::Replace", FnKind::FnReplace, Cfn2012_12_12, Some(V2014_10_16)),
    row("Fn::Replace", FnKind::Removed, V2014_10_16, None),
    row("Fn::Base64", FnKind::FnBase64, Cfn2012_12_12, Some(V2014_10_16)),
    row("Fn::Base64", FnKind::Removed, V2014_10_16, None),
    row("Fn::MemberListToMap", FnKind::FnMemberListToMap, Cfn2012_12_12, Some(V2014_10_16)),
    row("Fn::MemberListToMap", FnKind::Removed, V2014_10_16, None),
    row("Fn::ResourceFacade", FnKind::FnResourceFacade, Cfn2012_12_12, Some(V2014_10_16)),
    row("Fn::ResourceFacade", FnKind::Removed, V2014_10_16, None),
    row("Ref", FnKind::Ref, Cfn2012_12_12, Some(V2014_10_16)),
    row("Ref", FnKind::Removed, V2014_10_16, None),
    // CloudFormation-format templates only (`HeatTemplate`, `CfnTemplate`).
    row("Fn::GetAtt", FnKind::FnGetAtt, Cfn2012_12_12, Some(V2013_05_23)),
    row("Fn::FindInMap", FnKind::FnFindInMap, Cfn2012_12_12, Some(Cfn2010_09_09)),
    FnRow { tables: Tables::Both, ..row("Fn::FindInMap", FnKind::FnFindInMap, Cfn2010_09_09, Some(V2013_05_23)) },
    row("Fn::If", FnKind::If, Cfn2010_09_09, Some(V2013_05_23)),
    FnRow { tables: Tables::Conditions, ..row("Fn::Equals", FnKind::Equals, Cfn2010_09_09, Some(V2013_05_23)) },
    FnRow { tables: Tables::Conditions, ..row("Ref", FnKind::ParamRef, Cfn2010_09_09, Some(V2013_05_23)) },
    FnRow { tables: Tables::Conditions, ..row("Fn::Not", FnKind::FnNot, Cfn2010_09_09, Some(V2013_05_23)) },
    FnRow { tables: Tables::Conditions, ..row("Fn::And", FnKind::And, Cfn2010_09_09, Some(V2013_05_23)) },
    FnRow { tables: Tables::Conditions, ..row("Fn::Or", FnKind::Or, Cfn2010_09_09, Some(V2013_05_23)) },
];

/// What a name means in a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lookup {
    /// A function (possibly `Removed` or `Invalid`).
    Found(FnKind),
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
            | (Table::Conditions, Tables::Conditions | Tables::Both) => return Lookup::Found(r.kind),
            // Heat's condition parser maps every other function to Invalid,
            // except Removed ones, which keep failing as Removed.
            (Table::Conditions, Tables::Functions) => {
                found = Some(if r.kind == FnKind::Removed { FnKind::Removed } else { FnKind::Invalid });
            }
            (Table::Functions, Tables::Conditions) => {}
        }
    }
    found.map_or(Lookup::Unknown, Lookup::Found)
}

/// The names available in a version's table, sorted, with `removed` marks
/// (for editors and the version panel).
pub fn names(version: HotVersion, table: Table) -> Vec<(&'static str, FnKind)> {
    let mut out: Vec<(&'static str, FnKind)> = Vec::new();
    for r in ROWS {
        if out.iter().any(|(n, _)| *n == r.name) {
            continue;
        }
        if let Lookup::Found(kind) = lookup(version, table, r.name) {
            out.push((r.name, kind));
        }
    }
    crate::sort::sort_by(&mut out, |a, b| a.0.cmp(b.0));
    out
}

/// The constructor's argument-shape check (parse time).
pub fn check_args(kind: FnKind, name: &str, args: &Expr) -> Result<(), EvalError> {
    use FnKind::*;
    match kind {
        GetParam | GetResource | GetFile | Digest | MapMerge | MapReplace | ListConcat | ListConcatUnique | Removed
        | MakeUrl | FnGetAzs | Ref | ParamRef => Ok(()),
        GetAttThenSelect | GetAtt => get_attr::check(name, args, false),
        FnGetAtt => cfn::check_get_att(name, args),
        FnFindInMap => cfn::check_find_in_map(args),
        FnNot => cfn::check_not(name, args),
        GetAttAll => get_attr::check(name, args, true),
        ListJoin | FnJoin => list_join::check_single(name, args),
        ListJoinMulti => list_join::check_multi(name, args),
        StrReplace | StrReplaceJson | StrReplaceStrict | StrReplaceVstrict => str_replace::check(name, args),
        ResourceFacade => resource_facade::check(name, args),
        Repeat | RepeatWithMap => repeat::check(args, false),
        RepeatPermutations => repeat::check(args, true),
        StrSplit => str_split::check(name, args),
        Yaql => yaql::check(name, args),
        Filter => filter::check(name, args),
        Contains => contains::check(name, args),
        Equals => equals::check(name, args),
        Not => condition_bool::check_not(name, args),
        And | Or => condition_bool::check_list(name, args),
        Invalid => Err(EvalError::value(format!("The function \"{name}\" is invalid in this context"))
            .with_code("function-not-allowed-here")),
        FnSelect => cfn::check_select(args),
        FnSplit => cfn::check_split(args),
        FnReplace => cfn::check_replace(args),
        FnBase64 => Ok(()),
        FnMemberListToMap => cfn::check_member_list_to_map(args),
        FnResourceFacade => cfn::check_resource_facade(args),
        If | IfNullable => Ok(()),
    }
}

/// Resolve a call; `None` is Heat's absent marker (only `if` yields it).
pub fn resolve(stack: &Stack, call: &Call) -> Result<Option<Value>, EvalError> {
    use FnKind::*;
    let name = &*call.name;
    let args = &call.args;
    let value = match call.kind {
        If | IfNullable => return crate::eval::resolve_nullable(stack, args),
        GetParam => get_param::resolve(stack, name, args)?,
        GetResource => get_resource::resolve(stack, args)?,
        GetAttThenSelect | FnGetAtt => get_attr::resolve_then_select(stack, args)?,
        GetAtt => get_attr::resolve(stack, args, false)?,
        GetAttAll => get_attr::resolve(stack, args, true)?,
        GetFile => get_file::resolve(stack, name, args)?,
        ListJoin => list_join::resolve_single(stack, name, args)?,
        FnJoin => list_join::resolve_single(stack, name, args)?,
        ListJoinMulti => list_join::resolve_multi(stack, name, args)?,
        StrReplace => str_replace::resolve(stack, name, args, str_replace::Mode::Plain)?,
        StrReplaceJson => str_replace::resolve(stack, name, args, str_replace::Mode::Json)?,
        StrReplaceStrict => str_replace::resolve(stack, name, args, str_replace::Mode::Strict)?,
        StrReplaceVstrict => str_replace::resolve(stack, name, args, str_replace::Mode::VeryStrict)?,
        ResourceFacade | FnResourceFacade => resource_facade::resolve(stack, args)?,
        Repeat => repeat::resolve(stack, name, args, repeat::Variant::Lists)?,
        RepeatWithMap => repeat::resolve(stack, name, args, repeat::Variant::Maps)?,
        RepeatPermutations => repeat::resolve(stack, name, args, repeat::Variant::Permutations)?,
        Digest => digest::resolve(stack, name, args)?,
        StrSplit => str_split::resolve(stack, name, args)?,
        MapMerge => map_merge::resolve(stack, name, args)?,
        MapReplace => map_replace::resolve(stack, name, args)?,
        Yaql => yaql::resolve(stack, name, args)?,
        Filter => filter::resolve(stack, name, args)?,
        MakeUrl => make_url::resolve(stack, name, args)?,
        ListConcat => list_concat::resolve(stack, name, args, false)?,
        ListConcatUnique => list_concat::resolve(stack, name, args, true)?,
        Contains => contains::resolve(stack, name, args)?,
        Equals => equals::resolve(stack, args)?,
        Not => condition_bool::resolve_not(stack, args)?,
        And => condition_bool::resolve_and_or(stack, args, true)?,
        Or => condition_bool::resolve_and_or(stack, args, false)?,
        Removed | Invalid => call_as_data(stack, call)?,
        FnSelect => cfn::resolve_select(stack, args)?,
        FnSplit => cfn::resolve_split(stack, args)?,
        FnReplace => cfn::resolve_replace(stack, args)?,
        FnBase64 => cfn::resolve_base64(stack, args)?,
        FnMemberListToMap => cfn::resolve_member_list_to_map(stack, args)?,
        FnGetAzs => cfn::resolve_get_azs(stack, args)?,
        Ref => cfn::resolve_ref(stack, args)?,
        FnFindInMap => cfn::resolve_find_in_map(stack, args)?,
        FnNot => cfn::resolve_not(stack, args)?,
        ParamRef => cfn::resolve_param_ref(stack, args)?,
    };
    Ok(Some(value))
}

/// `Function.result()` of the base class: `{fn_name: args}` (args unresolved).
fn call_as_data(_stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    let mut m = crate::value::Map::new();
    m.insert_str(&call.name, call.args.to_value());
    Ok(Value::map(m))
}

/// Validate a call: its arguments first (the base class), then its own checks.
pub fn validate(stack: &Stack, call: &Call) -> Result<(), EvalError> {
    use FnKind::*;
    crate::eval::validate(stack, &call.args, &[])?;
    match call.kind {
        Removed => removed::validate(&call.name),
        GetAttThenSelect | GetAtt | FnGetAtt => get_attr::validate(stack, &call.args, false),
        GetAttAll => get_attr::validate(stack, &call.args, true),
        Repeat | RepeatWithMap | RepeatPermutations => repeat::validate(&call.name, &call.args),
        Yaql => yaql::validate(&call.name, &call.args),
        MakeUrl => make_url::validate(&call.name, &call.args),
        _ => Ok(()),
    }
}

/// The resource a `get_resource`/`get_attr`/`Ref` call refers to, checked to exist
/// (enabled) in the stack; errors are `InvalidTemplateReference` with `path`.
pub fn referenced_resource(stack: &Stack, call: &Call, path: &str) -> Result<Option<Rc<str>>, EvalError> {
    use FnKind::*;
    let name_expr = match call.kind {
        GetResource => &call.args,
        GetAttThenSelect | GetAtt | GetAttAll | FnGetAtt => match get_attr::resource_expr(&call.args) {
            Some(e) => e,
            None => return Ok(None),
        },
        Ref => return cfn::ref_dependency(stack, &call.args),
        _ => return Ok(None),
    };
    let name = crate::eval::resolve(stack, name_expr)?;
    stack.resource_ref(&name, path).map(|r| Some(r.name.clone()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn condition_tables_follow_heat() {
        assert_eq!(lookup(V2016_10_14, Table::Conditions, "get_attr"), Lookup::Found(FnKind::Invalid));
        assert_eq!(lookup(V2016_10_14, Table::Conditions, "Ref"), Lookup::Found(FnKind::Removed));
        assert_eq!(lookup(V2016_10_14, Table::Conditions, "yaql"), Lookup::Found(FnKind::Invalid));
        assert_eq!(lookup(V2017_09_01, Table::Conditions, "yaql"), Lookup::Found(FnKind::Yaql));
        assert_eq!(lookup(V2017_09_01, Table::Functions, "equals"), Lookup::Unknown);
        assert_eq!(lookup(V2016_04_08, Table::Functions, "yaql"), Lookup::Unknown);
        assert_eq!(lookup(V2013_05_23, Table::Functions, "Ref"), Lookup::Found(FnKind::Ref));
        assert_eq!(lookup(V2015_04_30, Table::Functions, "Fn::Select"), Lookup::Found(FnKind::FnSelect));
        assert_eq!(lookup(V2015_10_15, Table::Functions, "Fn::Select"), Lookup::Found(FnKind::Removed));
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
    fn availability_snapshot() {
        // One line per version: the function table, so a change shows up as a diff.
        let lines: Vec<String> = HotVersion::all()
            .map(|v| {
                let names: Vec<&str> = names(v, Table::Functions)
                    .into_iter()
                    .filter(|(_, k)| *k != FnKind::Removed)
                    .map(|(n, _)| n)
                    .collect();
                format!("{}: {}", v.date(), names.join(" "))
            })
            .collect();
        assert_eq!(lines.first().map(String::as_str), Some("2013-05-23: Fn::Base64 Fn::GetAZs Fn::Join Fn::MemberListToMap Fn::Replace Fn::ResourceFacade Fn::Select Fn::Split Ref get_attr get_file get_param get_resource list_join resource_facade str_replace"));
        assert_eq!(lines.last().map(String::as_str), Some("2021-04-16: contains digest filter get_attr get_file get_param get_resource if list_concat list_concat_unique list_join make_url map_merge map_replace repeat resource_facade str_replace str_replace_strict str_replace_vstrict str_split yaql"));
    }
}
