//! The editor exports: completion, hover, definition, references, outline and
//! quick fixes at a position of one document of a request (`api::complete`, …).
//! Each takes the request as JSON text (the one `evaluate` takes), the
//! document's name (the template's name or a key of `files`) and a UTF-16
//! offset, and returns plain DTOs.

use hotplate_core::api::{self, CompletionKind, Location, Request, Symbol, SymbolKind};
use serde::Serialize;
use wasm_bindgen::prelude::*;

use crate::to_js;

/// A completion.
#[derive(Serialize, Debug)]
pub struct CompletionDto {
    pub label: String,
    /// `key`, `function`, `type`, `property`, `attribute`, `parameter`, `resource`, `condition`, `value`, `file`.
    pub kind: &'static str,
    pub detail: String,
    pub documentation: String,
    pub insert: String,
}

/// The completions and the range (UTF-16) they replace.
#[derive(Serialize, Debug)]
pub struct CompletionsDto {
    pub from: u32,
    pub to: u32,
    pub items: Vec<CompletionDto>,
}

/// Hover text (Markdown) for a range.
#[derive(Serialize, Debug)]
pub struct HoverDto {
    pub from: u32,
    pub to: u32,
    pub text: String,
}

/// A place in a document.
#[derive(Serialize, Debug)]
pub struct LocationDto {
    pub file: String,
    pub from: u32,
    pub to: u32,
}

/// An outline entry.
#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
pub struct SymbolDto {
    pub name: String,
    /// `section`, `parameter`, `resource`, `output`, `condition`, `entry`.
    pub kind: &'static str,
    pub detail: String,
    pub from: u32,
    pub to: u32,
    pub name_from: u32,
    pub name_to: u32,
    pub children: Vec<SymbolDto>,
}

/// A quick fix for the diagnostic at `diagnosticFrom..diagnosticTo` with `code`.
#[derive(Serialize, Debug)]
#[serde(rename_all = "camelCase")]
pub struct QuickFixDto {
    pub title: String,
    pub code: &'static str,
    pub diagnostic_from: u32,
    pub diagnostic_to: u32,
    pub edits: Vec<EditDto>,
}

/// One change of a quick fix.
#[derive(Serialize, Debug)]
pub struct EditDto {
    pub file: String,
    pub from: u32,
    pub to: u32,
    pub text: String,
}

fn kind_name(k: CompletionKind) -> &'static str {
    match k {
        CompletionKind::Key => "key",
        CompletionKind::Function => "function",
        CompletionKind::Type => "type",
        CompletionKind::Property => "property",
        CompletionKind::Attribute => "attribute",
        CompletionKind::Parameter => "parameter",
        CompletionKind::Resource => "resource",
        CompletionKind::Condition => "condition",
        CompletionKind::Value => "value",
        CompletionKind::File => "file",
    }
}

fn symbol_dto(s: Symbol) -> SymbolDto {
    let kind = match s.kind {
        SymbolKind::Section => "section",
        SymbolKind::Parameter => "parameter",
        SymbolKind::Resource => "resource",
        SymbolKind::Output => "output",
        SymbolKind::Condition => "condition",
        SymbolKind::Entry => "entry",
    };
    SymbolDto {
        name: s.name,
        kind,
        detail: s.detail,
        from: s.from,
        to: s.to,
        name_from: s.name_from,
        name_to: s.name_to,
        children: s.children.into_iter().map(symbol_dto).collect(),
    }
}

fn locations(l: Vec<Location>) -> Vec<LocationDto> {
    l.into_iter().map(|Location { file, from, to }| LocationDto { file, from, to }).collect()
}

/// The request, decoded as `evaluate` decodes it (one decoder in the module).
fn request(json: &str) -> Result<Request, JsError> {
    let raw: serde_json::Value =
        serde_json::from_str(json).map_err(|e| JsError::new(&format!("the request is not JSON: {e}")))?;
    Request::from_json_value(&raw).map_err(|e| JsError::new(&e))
}

/// Completions at `offset` of `file`.
pub fn complete_dto(req: &Request, file: &str, offset: u32) -> CompletionsDto {
    let c = api::complete(req, file, offset);
    let items = c
        .items
        .into_iter()
        .map(|i| CompletionDto {
            label: i.label,
            kind: kind_name(i.kind),
            detail: i.detail,
            documentation: i.documentation,
            insert: i.insert,
        })
        .collect();
    CompletionsDto { from: c.from, to: c.to, items }
}

/// `complete(requestJson, file, offset)`.
#[wasm_bindgen]
pub fn complete(request_json: &str, file: &str, offset: u32) -> Result<JsValue, JsError> {
    to_js(&complete_dto(&request(request_json)?, file, offset))
}

/// `hover(requestJson, file, offset)`: the hover, or null.
#[wasm_bindgen]
pub fn hover(request_json: &str, file: &str, offset: u32) -> Result<JsValue, JsError> {
    let h = api::hover(&request(request_json)?, None, file, offset);
    to_js(&h.map(|h| HoverDto { from: h.from, to: h.to, text: h.text }))
}

/// `definition(requestJson, file, offset)`: where the name is defined.
#[wasm_bindgen]
pub fn definition(request_json: &str, file: &str, offset: u32) -> Result<JsValue, JsError> {
    to_js(&locations(api::definition(&request(request_json)?, file, offset)))
}

/// `references(requestJson, file, offset)`: the definition, then every use.
#[wasm_bindgen]
pub fn references(request_json: &str, file: &str, offset: u32) -> Result<JsValue, JsError> {
    to_js(&locations(api::references(&request(request_json)?, file, offset)))
}

/// `documentSymbols(requestJson, file)`: the outline.
#[wasm_bindgen(js_name = documentSymbols)]
pub fn document_symbols(request_json: &str, file: &str) -> Result<JsValue, JsError> {
    let s = api::document_symbols(&request(request_json)?, file);
    to_js(&s.into_iter().map(symbol_dto).collect::<Vec<_>>())
}

/// `quickFixes(requestJson, file)`: fixes for the diagnostics in `file` (the request is evaluated).
#[wasm_bindgen(js_name = quickFixes)]
pub fn quick_fixes(request_json: &str, file: &str) -> Result<JsValue, JsError> {
    let req = request(request_json)?;
    let ev = api::evaluate(&req);
    let fixes: Vec<QuickFixDto> = api::quick_fixes(&req, &ev, file)
        .into_iter()
        .map(|f| QuickFixDto {
            title: f.title,
            code: f.code,
            diagnostic_from: f.diagnostic_from,
            diagnostic_to: f.diagnostic_to,
            edits: f
                .edits
                .into_iter()
                .map(|e| EditDto { file: e.file, from: e.from, to: e.to, text: e.text })
                .collect(),
        })
        .collect();
    to_js(&fixes)
}
