//! Files as heatclient reads them, as data: what a file of a folder is
//! ([`FileSummary`]) and the files a template or an environment names
//! (`api/files.rs` reads them).

/// How a template names another file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RefKind {
    /// `get_file: path` (its content as a string).
    GetFile,
    /// `type: path.yaml|.template` (a provider template: a nested stack).
    Provider,
    /// Any other `type:` string (a resource type, which an environment's
    /// `resource_registry` may map to a template). Not a file.
    Type,
}

/// One file an environment's `resource_registry` maps a type to.
#[derive(Debug, PartialEq, Eq)]
pub struct RegistryFile {
    /// The type (or `resources` entry's key) it maps.
    pub type_name: String,
    /// The file, as written.
    pub file: String,
    /// The `base_url`s it is relative to, outermost first (the registry's, then
    /// its `resources` entry's); none: relative to the environment file.
    pub base_urls: Vec<String>,
}

/// What a file of a folder is to heatclient.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "serialize", serde(rename_all = "lowercase"))]
pub enum FileKind {
    /// A map with a template version key.
    Template,
    /// A non-empty map of environment sections only.
    Env,
    /// Anything else (a script, a text, a file that does not load).
    #[default]
    Other,
}

/// A file as a folder loader sees it (the playground's "Open folder"; the CLI
/// collects files with the same rules): what it is, and the files it names as
/// written — a template's `get_file` and provider `type` values, an
/// environment's `resource_registry` files.
#[derive(Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FileSummary {
    pub kind: FileKind,
    pub refs: Vec<String>,
    /// A template's resource types (every `type:` string, in document order,
    /// once each); the types an environment's `resource_registry` maps (its
    /// top-level keys and those of its `resources` entries).
    pub types: Vec<String>,
    /// A template's declared parameters; the parameters an environment sets
    /// (`parameters` and `parameter_defaults`).
    pub parameters: Vec<String>,
}
