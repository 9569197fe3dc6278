//! hotplate-wasm: the WebAssembly binding of `hotplate-core`.
//!
//! Each export decodes its arguments, makes one `api` call and answers with
//! the api's own types as JSON text (core's feature `serialize`; the package's
//! `src/types.ts` is generated from the same types, `tests/types.rs`): the
//! package `JSON.parse`s it, which is faster than building objects across the
//! boundary, and one serializer keeps the module small. An evaluation is an
//! object the JavaScript side holds ([`Evaluation`]): the result's texts,
//! any value by its path, its lint findings and quick fixes are asked of it,
//! never of a "last" evaluation. Template problems are data; an export throws (`JsError`) only
//! for malformed arguments.

use std::cell::RefCell;

use hotplate_core::api::{self, Evaluated, Format, PathItem, Request, Session};
use serde::Serialize;
use wasm_bindgen::prelude::*;

/// Install the panic hook (logs the panic message to `console.error`).
#[wasm_bindgen(start)]
pub fn start() {
    #[cfg(feature = "panic-hook")]
    console_error_panic_hook::set_once();
}

/// `v` as JSON text.
fn json<T: Serialize + ?Sized>(v: &T) -> Result<String, JsError> {
    serde_json::to_string(v).map_err(|e| JsError::new(&e.to_string()))
}

/// The request, as the CLI decodes it (straight from the text).
fn request(request_json: &str) -> Result<Request, JsError> {
    Request::from_json(request_json).map_err(|e| JsError::new(&e))
}

/// The request's JSON text from its UTF-8 bytes. The evaluation's exports take
/// bytes (the package's `TextEncoder`): wasm-bindgen passes a string by copying
/// it one character at a time in JavaScript while it is ASCII, ~22 ms for the
/// 6.4 MB of the public corpus's requests against ~3.5 ms encoded and copied.
fn utf8(request_json: &[u8]) -> Result<&str, JsError> {
    std::str::from_utf8(request_json).map_err(|e| JsError::new(&format!("the request is not UTF-8 text: {e}")))
}

/// The request of the evaluation's exports: its JSON text without the documents'
/// texts (UTF-8) and those texts beside it, one after another in `texts_utf8`
/// with their byte lengths ([`Request::from_json_with_texts`]): the package
/// sends the texts as they are instead of escaping them into the JSON text.
/// No texts: the JSON text is the whole request (its strings are no indexes).
fn request_with_texts(request_utf8: &[u8], texts_utf8: &[u8], text_lengths: &[u32]) -> Result<Request, JsError> {
    if text_lengths.is_empty() {
        return request(utf8(request_utf8)?);
    }
    let mut texts = Vec::with_capacity(text_lengths.len());
    let mut rest = texts_utf8;
    for &len in text_lengths {
        let (text, tail) = rest
            .split_at_checked(len as usize)
            .ok_or_else(|| JsError::new("the request's texts are shorter than their lengths"))?;
        texts.push(utf8(text)?.to_owned());
        rest = tail;
    }
    Request::from_json_with_texts(utf8(request_utf8)?, texts).map_err(|e| JsError::new(&e))
}

fn format(name: &str) -> Result<Format, JsError> {
    Format::parse(name).ok_or_else(|| JsError::new(&format!("unknown format {name:?} (yaml, json, json-line)")))
}

/// A path of keys (strings) and list indexes (integers), read by hand: serde's
/// untagged decoding would add ~10 KB to the module.
fn path(steps: &[JsValue]) -> Result<Vec<PathItem>, JsError> {
    let step = |v: &JsValue| match (v.as_string(), v.as_f64()) {
        (Some(k), _) => Some(PathItem::Key(k)),
        (None, Some(n)) if n.fract() == 0.0 && n.abs() < 9.0e15 => Some(PathItem::Index(n as i64)),
        _ => None,
    };
    steps
        .iter()
        .map(step)
        .collect::<Option<Vec<PathItem>>>()
        .ok_or_else(|| JsError::new("the path is not a list of keys (strings) and list indexes (integers)"))
}

thread_local! {
    /// Every evaluation goes through one session: a page evaluates after each
    /// keystroke, and the files whose text did not change are not loaded again.
    static SESSION: RefCell<Session> = RefCell::new(Session::new());
}

/// One evaluation of a request, held by JavaScript until `free()`:
/// `new Evaluation(requestUtf8, textsUtf8, textLengths)` evaluates the request the way Heat's stack
/// create would (throws only if the request is malformed).
#[wasm_bindgen]
pub struct Evaluation(Evaluated);

#[wasm_bindgen]
impl Evaluation {
    /// Evaluate a request (the oracle's request format, as JSON text in UTF-8,
    /// its documents' texts beside it: `request_with_texts`).
    #[wasm_bindgen(constructor)]
    pub fn new(request_utf8: &[u8], texts_utf8: &[u8], text_lengths: &[u32]) -> Result<Evaluation, JsError> {
        let req = request_with_texts(request_utf8, texts_utf8, text_lengths)?;
        #[cfg(feature = "test-panic")]
        if utf8(request_utf8)?.contains(r#""x-test-panic":true"#) {
            panic!("x-test-panic: deliberate panic to test trap recovery");
        }
        Ok(Evaluation(SESSION.with(|s| s.borrow_mut().evaluated(req))))
    }

    /// `Evaluation.linted(requestUtf8, textsUtf8, textLengths, enable, disable)`: a new evaluation, then
    /// `lint(enable, disable)` over it, in one call: the lint rules reload the
    /// request's templates, and here they take the trees the evaluation loaded.
    pub fn linted(
        request_utf8: &[u8],
        texts_utf8: &[u8],
        text_lengths: &[u32],
        enable: Vec<String>,
        disable: Vec<String>,
    ) -> Result<Evaluation, JsError> {
        let req = request_with_texts(request_utf8, texts_utf8, text_lengths)?;
        #[cfg(feature = "test-panic")]
        if utf8(request_utf8)?.contains(r#""x-test-panic":true"#) {
            panic!("x-test-panic: deliberate panic to test trap recovery");
        }
        let options = api::LintOptions { enable, disable };
        Ok(Evaluation(SESSION.with(|s| s.borrow_mut().evaluated_linted(req, &options))))
    }

    /// `resultUtf8()`: the canonical result text (the source of truth), as
    /// UTF-8 bytes: the package copies them out at once and decodes them when
    /// first read (a caller that reads only the diagnostics does not pay for
    /// the text's decoding). Written through the session: what its last text
    /// wrote of a value this result shares (an unchanged nested stack's) is
    /// copied, not written again.
    #[wasm_bindgen(js_name = resultUtf8)]
    pub fn result_utf8(&self) -> Vec<u8> {
        SESSION.with(|s| s.borrow_mut().result_json(&self.0)).into_bytes()
    }

    /// `shownUtf8()`: the result the panes show when Heat refused the stack
    /// (the display evaluation, past the first error), as `resultUtf8()`
    /// writes a result; empty when that is the canonical result.
    #[wasm_bindgen(js_name = shownUtf8)]
    pub fn shown_utf8(&self) -> Vec<u8> {
        SESSION.with(|s| s.borrow_mut().shown_json(&self.0)).unwrap_or_default().into_bytes()
    }

    /// `summaryJson()`: an `EvaluateSummary` (diagnostics, deferred, parameters, edges, version).
    #[wasm_bindgen(js_name = summaryJson)]
    pub fn summary_json(&self) -> Result<String, JsError> {
        json(&self.0.summary())
    }

    /// `texts(format)`: every value the result panes show (`ShownValue[]`), as
    /// `format` text (through the session: a value the last call wrote from the
    /// same value is not written again).
    pub fn texts(&self, format_name: &str) -> Result<String, JsError> {
        let format = format(format_name)?;
        json(&SESSION.with(|s| s.borrow_mut().texts(&self.0, format)))
    }

    /// `textsSince(format, since)`: what `texts(format)` would answer, as a
    /// `ShownTexts`: only the values whose text changed since the call numbered
    /// `since` (an earlier answer's `call`), and the places no longer shown;
    /// every value (`full`) when `since` is absent or not the session's last
    /// such call. An overcloud edit sends a few of its ~9,000 texts.
    #[wasm_bindgen(js_name = textsSince)]
    pub fn texts_since(&self, format_name: &str, since: Option<u32>) -> Result<String, JsError> {
        let format = format(format_name)?;
        json(&SESSION.with(|s| s.borrow_mut().texts_since(&self.0, format, since)))
    }

    /// `resourceDigests(format)`: for each top-level resource of the shown
    /// result, a digest of all a result view shows of it in `format` (its
    /// result, nested stack, display values and skipped checks): a view keeps
    /// a resource's element while its digest stays.
    #[wasm_bindgen(js_name = resourceDigests)]
    pub fn resource_digests(&self, format_name: &str) -> Result<String, JsError> {
        json(&self.0.resource_digests(format(format_name)?))
    }

    /// `render(path, format)`: the value at `path` as a `RenderedValue`, or null.
    pub fn render(&self, steps: Vec<JsValue>, format_name: &str) -> Result<String, JsError> {
        json(&self.0.render(&path(&steps)?, format(format_name)?))
    }

    /// `lint(enable, disable)`: run the lint rules over this evaluation (rule
    /// ids or names, or `all`; none named: the rules on by default, less what
    /// the templates' `# hotplate: disable=…` comments silence): `summaryJson()`
    /// then lists their findings (`lint`) and `quickFixes(file)` offers their fixes.
    pub fn lint(&mut self, enable: Vec<String>, disable: Vec<String>) {
        self.0.lint(&api::LintOptions { enable, disable });
    }

    /// `quickFixes(file)`: fixes for this evaluation's diagnostics in `file` (`QuickFix[]`).
    #[wasm_bindgen(js_name = quickFixes)]
    pub fn quick_fixes(&self, file: &str) -> Result<String, JsError> {
        json(&self.0.quick_fixes(file))
    }
}

/// `validate(requestJson)`: Heat's template validate of an oracle validate
/// request (`ValidateResult`: the response body or Heat's error); throws only
/// for a malformed request.
#[wasm_bindgen]
pub fn validate(request_json: &str) -> Result<String, JsError> {
    let req = api::ValidateRequest::from_json(request_json).map_err(|e| JsError::new(&e))?;
    Ok(api::validate(&req).to_json())
}

/// `plan(requestJson, format)`: an `UpdatePlan` for a `PreviewRequest` (Heat's
/// update preview, reasons, changed values as `format` text); throws only for
/// a malformed request.
#[wasm_bindgen]
pub fn plan(request_json: &str, format_name: &str) -> Result<String, JsError> {
    let req = api::PlanRequest::from_json(request_json).map_err(|e| JsError::new(&e))?;
    let format = format(format_name)?;
    // Through the session: the page plans right after evaluating the new stack.
    json(&SESSION.with(|s| s.borrow_mut().plan(&req, format)).into_detail())
}

/// `versions()`: every HOT version, oldest first (`VersionInfo[]`).
#[wasm_bindgen]
pub fn versions() -> Result<String, JsError> {
    json(&api::versions())
}

/// `functions(version)`: the functions of a version (date or alias), null for an unknown version.
#[wasm_bindgen]
pub fn functions(version: &str) -> Result<String, JsError> {
    json(&api::functions(version))
}

/// `resourceTypes(release?)`: every resource type the release registers
/// (hidden ones included; 27.0.1's without one), an unknown release thrown.
#[wasm_bindgen(js_name = resourceTypes)]
pub fn resource_types(release: Option<String>) -> Result<String, JsError> {
    let release = match release.as_deref() {
        Some(r) => api::Release::parse(r).map_err(|e| JsError::new(&e))?,
        None => api::Release::LATEST,
    };
    json(&api::resource_types_in(release))
}

/// `releases()`: every openstack-heat release the engine answers as, oldest first (`HeatRelease[]`).
#[wasm_bindgen]
pub fn releases() -> Result<String, JsError> {
    json(&api::releases())
}

/// `summarizeFile(text)`: a `FileSummary` — what a file of a folder is to
/// heatclient (template, environment or other) and the files it names.
#[wasm_bindgen(js_name = summarizeFile)]
pub fn summarize_file(text: &str) -> Result<String, JsError> {
    json(&api::summarize_file(text))
}

/// `yaql(expression, dataJson)`: a `YaqlResult`; errors of the expression are returned, not thrown.
#[wasm_bindgen]
pub fn yaql(expression: &str, data_json: &str) -> Result<String, JsError> {
    let data: serde_json::Value =
        serde_json::from_str(data_json).map_err(|e| JsError::new(&format!("yaql data is not JSON data: {e}")))?;
    json(&api::yaql_answer(expression, &api::json_to_value(&data)))
}

// The editor exports: each takes the request's JSON text (decoded as
// `Evaluation` decodes it), a document's name (the template's name or a key of
// `files`) and a UTF-16 offset, and answers one `api` call.

/// `complete(requestJson, file, offset)`: `Completions`.
#[wasm_bindgen]
pub fn complete(request_json: &str, file: &str, offset: u32) -> Result<String, JsError> {
    json(&api::complete(&request(request_json)?, file, offset))
}

/// `hover(requestJson, file, offset)`: a `HoverInfo`, or null.
#[wasm_bindgen]
pub fn hover(request_json: &str, file: &str, offset: u32) -> Result<String, JsError> {
    json(&api::hover(&request(request_json)?, None, file, offset))
}

/// `definition(requestJson, file, offset)`: where the name is defined (`SourceLocation[]`).
#[wasm_bindgen]
pub fn definition(request_json: &str, file: &str, offset: u32) -> Result<String, JsError> {
    json(&api::definition(&request(request_json)?, file, offset))
}

/// `references(requestJson, file, offset)`: the definition, then every use.
#[wasm_bindgen]
pub fn references(request_json: &str, file: &str, offset: u32) -> Result<String, JsError> {
    json(&api::references(&request(request_json)?, file, offset))
}

/// `documentSymbols(requestJson, file)`: the outline (`DocumentSymbol[]`).
#[wasm_bindgen(js_name = documentSymbols)]
pub fn document_symbols(request_json: &str, file: &str) -> Result<String, JsError> {
    json(&api::document_symbols(&request(request_json)?, file))
}
