//! What editors say about intrinsic functions (their specs' documentation) and
//! about template sections and keys (data, one row each).

/// One function's documentation, as editors show it.
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

/// A function's documentation: its spec's ([`crate::functions::doc`]), in
/// whichever version has the function.
pub(crate) fn function(name: &str) -> Option<FnDoc> {
    let name = crate::functions::ROWS.iter().find(|r| r.name == name)?.name;
    let doc = crate::functions::doc(name)?;
    Some(FnDoc { name, args: doc.args, summary: doc.summary, example: doc.example })
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
