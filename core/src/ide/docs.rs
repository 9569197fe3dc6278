//! What editors say about intrinsic functions and sections: data, one row each.

/// One function's documentation.
pub(crate) struct FnDoc {
    /// Its name.
    pub name: &'static str,
    /// The argument's shape.
    pub args: &'static str,
    /// What it does.
    pub summary: &'static str,
    /// A one-line example.
    pub example: &'static str,
}

const fn d(name: &'static str, args: &'static str, summary: &'static str, example: &'static str) -> FnDoc {
    FnDoc { name, args, summary, example }
}

/// Every function of every version (availability comes from the function table).
pub(crate) const FUNCTIONS: &[FnDoc] = &[
    d(
        "get_param",
        "name or [name, key/index, ...]",
        "The value of a template parameter (and a path into it).",
        "{get_param: flavor}",
    ),
    d("get_resource", "resource name", "The reference id of a resource of this template.", "{get_resource: my_port}"),
    d(
        "get_attr",
        "[resource, attribute, key/index, ...]",
        "An attribute of a resource (and a path into it); known once the resource exists.",
        "{get_attr: [server, first_address]}",
    ),
    d("get_file", "file name or URL", "The content of a file of the request's `files`.", "{get_file: scripts/boot.sh}"),
    d(
        "list_join",
        "[delimiter, list, list, ...]",
        "Joins lists of strings with a delimiter.",
        "{list_join: [', ', [a, b]]}",
    ),
    d(
        "str_replace",
        "{template: text, params: {key: value}}",
        "Replaces each key of params in template with its value.",
        "{str_replace: {template: 'Hi $who', params: {$who: you}}}",
    ),
    d(
        "str_replace_strict",
        "{template: text, params: {key: value}}",
        "str_replace that fails when a key is not found in the template.",
        "{str_replace_strict: {template: 'a=$a', params: {$a: 1}}}",
    ),
    d(
        "str_replace_vstrict",
        "{template: text, params: {key: value}}",
        "str_replace_strict that also fails on empty values.",
        "{str_replace_vstrict: {template: 'a=$a', params: {$a: 1}}}",
    ),
    d(
        "str_split",
        "[delimiter, text, index?]",
        "Splits a string (and picks one part).",
        "{str_split: [',', 'a,b,c', 0]}",
    ),
    d(
        "resource_facade",
        "metadata | deletion_policy | update_policy",
        "The facade resource's data, in a provider template.",
        "{resource_facade: metadata}",
    ),
    d(
        "repeat",
        "{template: ..., for_each: {var: list}, permutations?: bool}",
        "Repeats a template for each value (of each combination) of the lists.",
        "{repeat: {template: port_%p%, for_each: {'%p%': [80, 443]}}}",
    ),
    d(
        "digest",
        "[algorithm, value]",
        "A hash of a string (md5, sha1, sha256, sha512, ...).",
        "{digest: [sha256, hello]}",
    ),
    d("map_merge", "[map, map, ...]", "Merges maps; later keys win.", "{map_merge: [{a: 1}, {b: 2}]}"),
    d(
        "map_replace",
        "[map, {keys: {old: new}, values: {old: new}}]",
        "Renames keys and replaces values of a map.",
        "{map_replace: [{a: 1}, {keys: {a: b}}]}",
    ),
    d(
        "yaql",
        "{expression: text, data: value}",
        "Evaluates a YAQL expression on data.",
        "{yaql: {expression: $.data.sum(), data: [1, 2]}}",
    ),
    d(
        "if",
        "[condition, value if true, value if false]",
        "Chooses a value by a condition (the third item may be left out since 2021-04-16).",
        "{if: [is_prod, m1.large, m1.small]}",
    ),
    d("filter", "[values to drop, list]", "The list without the given values.", "{filter: [[null], [a, null, b]]}"),
    d(
        "make_url",
        "{scheme, host, port, path, query, fragment}",
        "Builds a URL, quoting each part.",
        "{make_url: {scheme: https, host: example.com, path: /v1}}",
    ),
    d("list_concat", "[list, list, ...]", "Concatenates lists.", "{list_concat: [[a], [b]]}"),
    d(
        "list_concat_unique",
        "[list, list, ...]",
        "Concatenates lists, dropping repeated items.",
        "{list_concat_unique: [[a], [a, b]]}",
    ),
    d("contains", "[value, sequence]", "Whether the sequence contains the value.", "{contains: [a, [a, b]]}"),
    d("equals", "[value, value]", "Whether two values are equal (conditions).", "{equals: [{get_param: env}, prod]}"),
    d("not", "condition", "The negation of a condition.", "{not: is_prod}"),
    d("and", "[condition, condition, ...]", "True when every condition is.", "{and: [is_prod, has_db]}"),
    d("or", "[condition, condition, ...]", "True when any condition is.", "{or: [is_prod, is_staging]}"),
    d(
        "Fn::Select",
        "[index, list or map]",
        "An item of a list or map (CloudFormation form).",
        "{'Fn::Select': [0, [a, b]]}",
    ),
    d("Fn::GetAZs", "region", "The availability zones (hotplate: [nova]).", "{'Fn::GetAZs': ''}"),
    d("Fn::Join", "[delimiter, list]", "Joins strings (CloudFormation form).", "{'Fn::Join': [',', [a, b]]}"),
    d("Fn::Split", "[delimiter, text]", "Splits a string (CloudFormation form).", "{'Fn::Split': [',', 'a,b']}"),
    d(
        "Fn::Replace",
        "[{key: value}, text]",
        "Replaces keys in a string (CloudFormation form).",
        "{'Fn::Replace': [{$x: 1}, 'x=$x']}",
    ),
    d("Fn::Base64", "text", "The text unchanged (Heat does not encode).", "{'Fn::Base64': hello}"),
    d(
        "Fn::MemberListToMap",
        "[key name, value name, list]",
        "A map from a CloudFormation member list.",
        "{'Fn::MemberListToMap': [Name, Value, ['.member.0.Name=a', '.member.0.Value=1']]}",
    ),
    d(
        "Fn::ResourceFacade",
        "Metadata | DeletionPolicy | UpdatePolicy",
        "The facade resource's data (CloudFormation form).",
        "{'Fn::ResourceFacade': Metadata}",
    ),
    d("Ref", "parameter or resource name", "A parameter's value or a resource's reference id.", "{Ref: my_param}"),
    d(
        "Fn::GetAtt",
        "[resource, attribute]",
        "An attribute of a resource (CloudFormation form).",
        "{'Fn::GetAtt': [server, PublicIp]}",
    ),
    d("Fn::FindInMap", "[map, key, key]", "A value of the Mappings section.", "{'Fn::FindInMap': [Regions, us, ami]}"),
    d(
        "Fn::If",
        "[condition, value if true, value if false]",
        "Chooses a value by a condition (CloudFormation form).",
        "{'Fn::If': [IsProd, a, b]}",
    ),
    d(
        "Fn::Equals",
        "[value, value]",
        "Whether two values are equal (CloudFormation conditions).",
        "{'Fn::Equals': [a, a]}",
    ),
    d("Fn::Not", "[condition]", "The negation of a condition (CloudFormation form).", "{'Fn::Not': [IsProd]}"),
    d(
        "Fn::And",
        "[condition, condition, ...]",
        "True when every condition is (CloudFormation form).",
        "{'Fn::And': [A, B]}",
    ),
    d(
        "Fn::Or",
        "[condition, condition, ...]",
        "True when any condition is (CloudFormation form).",
        "{'Fn::Or': [A, B]}",
    ),
];

/// A function's documentation.
pub(crate) fn function(name: &str) -> Option<&'static FnDoc> {
    FUNCTIONS.iter().find(|f| f.name == name)
}

/// What each template section and key is for.
pub(crate) const KEYS: &[(&str, &str)] = &[
    ("heat_template_version", "The HOT version: decides the functions and keys available."),
    ("description", "Free text describing the template."),
    ("parameter_groups", "Groups of parameters for user interfaces."),
    ("parameters", "Inputs of the template, each with a type, a default and constraints."),
    ("resources", "The resources to create, each with a type and its properties."),
    ("outputs", "Values the stack shows once created."),
    ("conditions", "Named conditions resources and outputs can depend on."),
    ("parameter_defaults", "Environment: defaults for parameters of the template and of nested templates."),
    ("resource_registry", "Environment: maps resource types to other types or to provider templates."),
    ("event_sinks", "Environment: where events are sent."),
    ("encrypted_param_names", "Environment: parameters stored encrypted."),
    (
        "parameter_merge_strategies",
        "Environment: how values of several environment files combine (overwrite, merge, deep_merge).",
    ),
    ("type", "The resource type (or parameter type)."),
    ("properties", "The resource's properties, checked against its type's schema."),
    ("metadata", "Free data attached to the resource."),
    ("depends_on", "Resources that must be created before this one."),
    ("deletion_policy", "Delete, Retain or Snapshot when the stack is deleted."),
    ("update_policy", "How the resource is updated (type-specific)."),
    ("external_id", "Adopt an existing resource by its id."),
    ("condition", "Create this only when the condition holds."),
    ("value", "The output's value."),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::functions::ROWS;

    #[test]
    fn every_function_of_the_table_is_documented() {
        for r in ROWS {
            let doc = function(r.name).unwrap_or_else(|| panic!("no doc for {}", r.name));
            assert!(doc.example.contains(r.name.trim_start_matches("Fn::")), "{}", r.name);
        }
    }
}
