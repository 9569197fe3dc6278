//! What editor intelligence answers, as data: completions, hovers,
//! locations, the outline's symbols and quick fixes (`ide/` makes them).
//! Offsets are UTF-16 code units (JavaScript string offsets).

/// A place in a document (UTF-16 offsets).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "SourceLocation"))]
pub struct Location {
    /// The document's name (template name or key of `files`).
    pub file: String,
    /// Start, UTF-16 code units.
    pub from: u32,
    /// End, UTF-16 code units.
    pub to: u32,
}

/// What a completion is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "serialize", serde(rename_all = "lowercase"))]
pub enum CompletionKind {
    /// A section or key of the document's structure.
    Key,
    /// An intrinsic function.
    Function,
    /// A resource type.
    Type,
    /// A property of a resource type.
    Property,
    /// An attribute of a resource.
    Attribute,
    /// A template parameter.
    Parameter,
    /// A resource of the template.
    Resource,
    /// A condition.
    Condition,
    /// A value (allowed values, versions, policies).
    Value,
    /// A file of the request.
    File,
}

/// One completion.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Completion {
    /// What the list shows (and filters on).
    pub label: String,
    /// What it is.
    pub kind: CompletionKind,
    /// One line beside the label (type, required, default, status).
    pub detail: String,
    /// Longer text (a description, an example), possibly empty.
    pub documentation: String,
    /// The text that replaces `from..to`.
    pub insert: String,
}

/// The completions at a position and the range they replace (UTF-16).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Completions {
    /// Start of the word being typed.
    pub from: u32,
    /// End of that word.
    pub to: u32,
    /// The candidates (the editor filters them by the word).
    pub items: Vec<Completion>,
}

/// One text change (UTF-16 offsets in `file`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TextEdit {
    /// The document.
    pub file: String,
    /// Start of the replaced range.
    pub from: u32,
    /// Its end.
    pub to: u32,
    /// The new text.
    pub text: String,
}

/// A fix for one diagnostic.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "serialize", serde(rename_all = "camelCase"))]
pub struct QuickFix {
    /// What it does (`Replace with flavor`).
    pub title: String,
    /// The diagnostic's code.
    pub code: &'static str,
    /// The diagnostic's range (UTF-16), to match it with its marker.
    pub diagnostic_from: u32,
    /// Its end.
    pub diagnostic_to: u32,
    /// The changes.
    pub edits: Vec<TextEdit>,
}

/// Hover text (Markdown) for a range (UTF-16).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "HoverInfo"))]
pub struct Hover {
    /// Start of the word described.
    pub from: u32,
    /// Its end.
    pub to: u32,
    /// Markdown.
    pub text: String,
}

/// What an outline entry is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "serialize", serde(rename_all = "lowercase"))]
pub enum SymbolKind {
    /// A top-level section.
    Section,
    /// A parameter.
    Parameter,
    /// A resource.
    Resource,
    /// An output.
    Output,
    /// A condition.
    Condition,
    /// Another entry (an environment's parameter value, a registry mapping).
    Entry,
}

/// One entry of the outline (UTF-16 offsets).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serialize", derive(serde::Serialize))]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "serialize", serde(rename_all = "camelCase"))]
#[cfg_attr(feature = "ts", ts(rename = "DocumentSymbol"))]
pub struct Symbol {
    /// Its name.
    pub name: String,
    /// What it is.
    pub kind: SymbolKind,
    /// A resource's or parameter's type, if any.
    pub detail: String,
    /// Start of the whole entry.
    pub from: u32,
    /// End of the whole entry.
    pub to: u32,
    /// Start of its name.
    pub name_from: u32,
    /// End of its name.
    pub name_to: u32,
    /// Its entries (a section's parameters, resources, ...).
    pub children: Vec<Symbol>,
}
