//! `hotplate lsp`: a Language Server Protocol server over stdio for HOT
//! templates and environment files (diagnostics on open/change, completion,
//! hover, definition, references, document symbols, quick fixes), every answer
//! from `hotplate_core::api`.
//!
//! Which environment files and parameters apply to a template comes from the
//! nearest `.hotplate.yaml` above it, the file `hotplate check` reads (one
//! parser: `check::config`; an open, unsaved `.hotplate.yaml` counts):
//!
//! ```yaml
//! checks:
//!   - files: "templates/**/*.yaml"      # globs, relative to this file
//!     environments: [env/common.yaml]   # merged in order, relative to this file
//!     parameters: {key_name: default}   # explicit values (`-P`)
//! ```
//!
//! Its `lint` section says which lint rules run (`hotplate check`'s); their
//! findings are published with the engine's diagnostics, each with its rule's
//! id as code (`W3006`) and severity, and their fixes are code actions.
//!
//! The first check whose `files` matches the document applies; an environment
//! file listed by a check is analysed with the first template of that check (an
//! open one first). Without a workspace file a template is evaluated alone, and
//! an environment file (a YAML map of environment sections) with the last open
//! template. Open documents are read from the editor, other files from disk.
//! A template no check applies to has no values: its diagnostics are those of
//! `hotplate check` without values (every independent problem; a value it
//! does not have is unknown, each one an information at its declaration).
//!
//! Files are read through a [`Root`] (`crate::root`): the workspace folders
//! (those the client names at `initialize`) when one holds the document, else
//! the git work tree holding it, else its folder. A file a template names
//! outside it is not read (hotplate's note says why); `hotplate lsp
//! --allow-outside-root` or `allow_outside_root: true` in `.hotplate.yaml`
//! lifts that.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use hotplate_core::api::{self, Diagnostic, Evaluation, LintOptions, Location, QuickFix, Request};
#[cfg(not(target_os = "wasi"))]
use lsp_server::Connection;
use lsp_server::{Message, Notification, Request as LspRequest, Response};
use lsp_types as lsp;
use serde_json::json;

use crate::check::config::{self, Check, Config};
use crate::root::{read_file, work_tree, Hint, Root, Unread};
use crate::template_mode::{self, Built};

/// Run the server until the client shuts it down; `allow_outside_root`: read
/// files wherever templates name them; `heat_release`: the release that
/// answers (over `.hotplate.yaml`'s `heat_release`).
pub fn run(allow_outside_root: bool, heat_release: Option<String>) -> Result<(), String> {
    #[cfg(not(target_os = "wasi"))]
    {
        let (connection, io_threads) = Connection::stdio();
        serve(&mut Threads(&connection), allow_outside_root, heat_release)?;
        drop(connection);
        io_threads.join().map_err(|e| e.to_string())
    }
    #[cfg(target_os = "wasi")]
    {
        let mut stdio = InTurn { input: std::io::stdin().lock(), output: std::io::stdout() };
        serve(&mut stdio, allow_outside_root, heat_release)
    }
}

/// The messages in and out.
trait Transport {
    /// The next message; `None` when the client closed its end.
    fn recv(&mut self) -> Result<Option<Message>, String>;
    fn send(&mut self, msg: Message) -> Result<(), String>;
}

/// lsp-server's stdio connection (a reader and a writer thread).
#[cfg(not(target_os = "wasi"))]
struct Threads<'c>(&'c Connection);

#[cfg(not(target_os = "wasi"))]
impl Transport for Threads<'_> {
    fn recv(&mut self) -> Result<Option<Message>, String> {
        Ok(self.0.receiver.recv().ok())
    }
    fn send(&mut self, msg: Message) -> Result<(), String> {
        self.0.sender.send(msg).map_err(|e| e.to_string())
    }
}

/// Where there are no threads (WASI: `npx hotplate lsp`): stdin read and
/// stdout written in turn on this thread, with lsp-server's message framing.
#[cfg(target_os = "wasi")]
struct InTurn<R, W> {
    input: R,
    output: W,
}

#[cfg(target_os = "wasi")]
impl<R: std::io::BufRead, W: std::io::Write> Transport for InTurn<R, W> {
    fn recv(&mut self) -> Result<Option<Message>, String> {
        Message::read(&mut self.input).map_err(|e| e.to_string())
    }
    fn send(&mut self, msg: Message) -> Result<(), String> {
        msg.write(&mut self.output).and_then(|()| self.output.flush()).map_err(|e| e.to_string())
    }
}

/// The protocol over a transport: the `initialize` handshake (a request
/// before it is answered `ServerNotInitialized`, as lsp-server does), the
/// requests and notifications, then `shutdown` and `exit`.
fn serve(io: &mut dyn Transport, allow_outside_root: bool, heat_release: Option<String>) -> Result<(), String> {
    let caps = lsp::ServerCapabilities {
        text_document_sync: Some(lsp::TextDocumentSyncCapability::Kind(lsp::TextDocumentSyncKind::FULL)),
        completion_provider: Some(lsp::CompletionOptions {
            trigger_characters: Some(vec![":".into(), "[".into(), "{".into(), " ".into(), ",".into()]),
            ..Default::default()
        }),
        hover_provider: Some(lsp::HoverProviderCapability::Simple(true)),
        definition_provider: Some(lsp::OneOf::Left(true)),
        references_provider: Some(lsp::OneOf::Left(true)),
        document_symbol_provider: Some(lsp::OneOf::Left(true)),
        code_action_provider: Some(lsp::CodeActionProviderCapability::Simple(true)),
        ..Default::default()
    };
    let caps = serde_json::to_value(caps).map_err(|e| e.to_string())?;
    let init = loop {
        match io.recv()? {
            Some(Message::Request(req)) if req.method == "initialize" => {
                io.send(Message::Response(Response::new_ok(req.id, json!({ "capabilities": caps }))))?;
                break req.params;
            }
            Some(Message::Request(req)) => {
                let code = lsp_server::ErrorCode::ServerNotInitialized as i32;
                let message = format!("expected initialize request, got {}", req.method);
                io.send(Message::Response(Response::new_err(req.id, code, message)))?;
            }
            Some(Message::Notification(n)) if n.method == "exit" => return Ok(()),
            Some(_) => {}
            None => return Err("the client closed the connection before initialize".into()),
        }
    };
    match io.recv()? {
        Some(Message::Notification(n)) if n.method == "initialized" => {}
        other => return Err(format!("expected initialized notification, got: {other:?}")),
    }
    let folders = workspace_folders(&init);
    let mut server = Server { docs: HashMap::new(), last_template: None, folders, allow_outside_root, heat_release };
    while let Some(msg) = io.recv()? {
        match msg {
            Message::Request(req) if req.method == "shutdown" => {
                io.send(Message::Response(Response::new_ok(req.id, ())))?;
                return match io.recv()? {
                    Some(Message::Notification(n)) if n.method == "exit" => Ok(()),
                    other => Err(format!("unexpected message during shutdown: {other:?}")),
                };
            }
            Message::Request(req) => {
                let resp = server.request(req);
                io.send(Message::Response(resp))?;
            }
            Message::Notification(n) => {
                for out in server.notification(n) {
                    io.send(Message::Notification(out))?;
                }
            }
            Message::Response(_) => {}
        }
    }
    Ok(())
}

struct Server {
    /// Open documents by path.
    docs: HashMap<PathBuf, String>,
    /// The last template opened (for environment files without a workspace file).
    last_template: Option<PathBuf>,
    /// The workspace folders (canonical).
    folders: Vec<PathBuf>,
    /// `--allow-outside-root`.
    allow_outside_root: bool,
    /// `--heat-release`.
    heat_release: Option<String>,
}

/// The request a document is analysed in, and its name there.
struct Analysis {
    built: Built,
    name: String,
    /// The template's directory (relative names of `files` are under it).
    base: PathBuf,
    /// Where its files are read from.
    root: Root,
    /// The lint rules that run (the workspace file's `lint` section).
    lint: LintOptions,
    /// Rules `lint.ignore` turns off for this document.
    ignored: Vec<&'static str>,
}

impl Analysis {
    fn req(&self) -> &Request {
        &self.built.request
    }

    /// The evaluation with the lint rules' diagnostics added (those of this
    /// document's ignored rules left out).
    fn evaluate(&self) -> Evaluation {
        let mut ev = template_mode::evaluate(&self.built);
        let found = api::lint(self.req(), &ev, &self.lint);
        let here = |d: &Diagnostic| d.span.and_then(|s| ev.sources.get(s.source)).is_some_and(|s| s.name == self.name);
        let found: Vec<Diagnostic> =
            found.into_iter().filter(|d| !(here(d) && self.ignored.contains(&d.code))).collect();
        ev.diagnostics.extend(found);
        ev
    }
}

impl Server {
    fn notification(&mut self, n: Notification) -> Vec<Notification> {
        let uri = match n.method.as_str() {
            "textDocument/didOpen" => {
                let Ok(p) = serde_json::from_value::<lsp::DidOpenTextDocumentParams>(n.params) else { return vec![] };
                self.open(&p.text_document.uri, p.text_document.text)
            }
            "textDocument/didChange" => {
                let Ok(p) = serde_json::from_value::<lsp::DidChangeTextDocumentParams>(n.params) else { return vec![] };
                let Some(change) = p.content_changes.into_iter().last() else { return vec![] };
                self.open(&p.text_document.uri, change.text)
            }
            "textDocument/didClose" => {
                if let Ok(p) = serde_json::from_value::<lsp::DidCloseTextDocumentParams>(n.params) {
                    if let Some(path) = path_of(&p.text_document.uri) {
                        self.docs.remove(&path);
                    }
                }
                return vec![];
            }
            _ => return vec![],
        };
        uri.map(|u| self.publish(&u)).into_iter().flatten().collect()
    }

    fn open(&mut self, uri: &lsp::Uri, text: String) -> Option<lsp::Uri> {
        let path = path_of(uri)?;
        if text.contains("heat_template_version") {
            self.last_template = Some(path.clone());
        }
        self.docs.insert(path, text);
        Some(uri.clone())
    }

    /// Diagnostics of the document (and nothing else).
    fn publish(&self, uri: &lsp::Uri) -> Option<Notification> {
        let path = path_of(uri)?;
        let text = self.docs.get(&path)?;
        let mut diagnostics = Vec::new();
        match self.analysis(&path) {
            Ok(a) => {
                let ev = a.evaluate();
                let is_template = a.name == a.req().template_name;
                for mut d in api::located_diagnostics(&ev) {
                    let here = d.file.as_deref() == Some(a.name.as_str());
                    let unplaced = d.file.is_none() && is_template;
                    // hotplate's notes about the request's other files (a
                    // registry entry's file not read) show on the template too.
                    let note_elsewhere = d.severity == api::Severity::Note && is_template;
                    if !(here || unplaced || note_elsewhere) {
                        continue;
                    }
                    if !(here || unplaced) {
                        d.message = format!("{}: {}", d.file.as_deref().unwrap_or_default(), d.message);
                        (d.from, d.to) = (0, 0);
                    }
                    let severity = match d.severity {
                        api::Severity::Error => lsp::DiagnosticSeverity::ERROR,
                        api::Severity::Warning => lsp::DiagnosticSeverity::WARNING,
                        api::Severity::Note | api::Severity::Info => lsp::DiagnosticSeverity::INFORMATION,
                    };
                    diagnostics.push(lsp::Diagnostic {
                        range: range(text, d.from, d.to),
                        severity: Some(severity),
                        code: Some(lsp::NumberOrString::String(d.code.to_string())),
                        source: Some("hotplate".into()),
                        message: d.message,
                        ..Default::default()
                    });
                }
            }
            Err(msg) => diagnostics.push(lsp::Diagnostic {
                range: lsp::Range::default(),
                severity: Some(lsp::DiagnosticSeverity::WARNING),
                source: Some("hotplate".into()),
                message: msg,
                ..Default::default()
            }),
        }
        let params = lsp::PublishDiagnosticsParams { uri: uri.clone(), diagnostics, version: None };
        Some(Notification::new("textDocument/publishDiagnostics".into(), params))
    }

    /// A file through `root`: the open document's text, else the disk's (a
    /// document not saved yet counts when the root holds its path).
    fn read(&self, root: &Root, p: &Path) -> Result<String, Unread> {
        match root.resolve(p) {
            Ok(file) => match self.docs.get(&file).or_else(|| self.docs.get(p)) {
                Some(text) => Ok(text.clone()),
                None => read_file(&file),
            },
            Err(Unread::Io(e)) => match self.docs.get(p).filter(|_| root.holds(p)) {
                Some(text) => Ok(text.clone()),
                None => Err(Unread::Io(e)),
            },
            Err(outside) => Err(outside),
        }
    }

    /// A `.hotplate.yaml` (found by its name, above the document: the one
    /// file not read through the root): open, else on disk.
    fn config_text(&self, p: &Path) -> Option<String> {
        self.docs.get(p).cloned().or_else(|| std::fs::read_to_string(p).ok())
    }

    /// The root an analysis of `doc` reads through (see the module's header).
    fn root_for(&self, doc: &Path, config: Option<&Config>) -> Root {
        let anywhere = self.allow_outside_root || config.is_some_and(|c| c.allow_outside_root);
        let dir = doc.parent().map(Path::to_path_buf).unwrap_or_default();
        let dirs = if self.folders.iter().any(|f| doc.starts_with(f)) {
            self.folders.clone()
        } else {
            vec![work_tree(doc).unwrap_or_else(|| dir.clone())]
        };
        Root::of_dirs(dirs, &dir, anywhere, Hint::FlagOrConfig)
    }

    /// Which request the document is analysed in (see the module's header).
    fn analysis(&self, path: &Path) -> Result<Analysis, String> {
        let config = workspace_config(path, &|p| self.config_text(p))?;
        let root = self.root_for(path, config.as_ref());
        let read = |p: &Path| self.read(&root, p);
        // A template no check applies to gets the file's own Heat settings (as in `check`).
        let settings = config.as_ref().map(Config::heat_config);
        let file_release = config.as_ref().and_then(|c| c.heat_release.clone());
        let (lint, ignored): (LintOptions, Vec<&'static str>) = match &config {
            Some(c) => {
                let ignored = api::lint_rules()
                    .into_iter()
                    .filter(|r| c.lint_ignored(path, &c.root, r.id))
                    .map(|r| r.id)
                    .collect();
                (c.lint.options(&[], &[]), ignored)
            }
            None => (LintOptions::default(), Vec::new()),
        };
        let build = |template: &Path, envs: &[PathBuf], check: Option<&Check>| -> Result<Analysis, String> {
            let mut built = template_mode::build_with(template, None, envs, &read)?;
            match check {
                Some(check) => {
                    built.request.inputs.parameters = check.parameters();
                    built.request.stack_name = Some(check.stack_name.clone());
                    built.request.inputs.heat_config = check.heat_config();
                    built.request.inputs.heat_release =
                        self.heat_release.clone().or_else(|| check.heat_release.clone());
                }
                // Without values, as `hotplate check` does: every problem, unknown values symbolic.
                None => {
                    built.request.display = api::Display::WithoutValues;
                    if let Some(settings) = &settings {
                        built.request.inputs.heat_config = settings.clone();
                    }
                    built.request.inputs.heat_release = self.heat_release.clone().or_else(|| file_release.clone());
                }
            }
            let base = template.parent().map(Path::to_path_buf).unwrap_or_default();
            let (lint, ignored) = (lint.clone(), ignored.clone());
            Ok(Analysis { built, name: path.display().to_string(), base, root: root.clone(), lint, ignored })
        };
        if let Some(config) = config {
            let root = &config.root;
            for check in &config.checks {
                let envs: Vec<PathBuf> =
                    crate::check::environments(check, &config, root)?.into_iter().map(|e| root.join(e)).collect();
                let in_check = |p: &Path| config.relative(p, root).is_some_and(|rel| check.files.is_match(rel));
                if envs.iter().any(|e| e == path) {
                    let template = self
                        .docs
                        .keys()
                        .find(|d| in_check(d) && !envs.contains(d))
                        .cloned()
                        .or_else(|| first_on_disk(root, &|p| in_check(p) && !envs.iter().any(|e| e == p)));
                    return match template {
                        Some(t) => build(&t, &envs, Some(check)),
                        None => Err(format!("no template of {} for this environment file", check.name)),
                    };
                }
                if in_check(path) {
                    return build(path, &envs, Some(check));
                }
            }
        }
        let text = read(path).unwrap_or_default();
        if !text.contains("heat_template_version") && api::load_yaml(&text).is_ok_and(|v| api::is_environment(&v)) {
            if let Some(t) = &self.last_template {
                return build(t, &[path.to_path_buf()], None);
            }
            return Err("an environment file: open a template or list both in .hotplate.yaml".into());
        }
        build(path, &[], None)
    }

    fn request(&self, req: LspRequest) -> Response {
        let id = req.id.clone();
        match self.answer(req) {
            Ok(v) => Response::new_ok(id, v),
            Err(e) => Response::new_err(id, lsp_server::ErrorCode::InvalidParams as i32, e),
        }
    }

    fn answer(&self, req: LspRequest) -> Result<serde_json::Value, String> {
        let params = req.params;
        let position = |p: &lsp::TextDocumentPositionParams| -> Result<(Analysis, String, u32), String> {
            let path = path_of(&p.text_document.uri).ok_or("not a file URI")?;
            let a = self.analysis(&path)?;
            let text = self.read(&a.root, &path).unwrap_or_default();
            let offset = offset(&text, p.position);
            Ok((a, text, offset))
        };
        let v = match req.method.as_str() {
            "textDocument/completion" => {
                let p: lsp::CompletionParams = serde_json::from_value(params).map_err(|e| e.to_string())?;
                let (a, text, off) = position(&p.text_document_position)?;
                let c = api::complete(a.req(), &a.name, off);
                let r = range(&text, c.from, c.to);
                let items: Vec<lsp::CompletionItem> = c
                    .items
                    .into_iter()
                    .map(|i| lsp::CompletionItem {
                        kind: Some(completion_kind(i.kind)),
                        detail: (!i.detail.is_empty()).then_some(i.detail),
                        documentation: (!i.documentation.is_empty()).then_some({
                            lsp::Documentation::MarkupContent(lsp::MarkupContent {
                                kind: lsp::MarkupKind::Markdown,
                                value: i.documentation,
                            })
                        }),
                        text_edit: Some(lsp::CompletionTextEdit::Edit(lsp::TextEdit { range: r, new_text: i.insert })),
                        label: i.label,
                        ..Default::default()
                    })
                    .collect();
                json!(lsp::CompletionResponse::Array(items))
            }
            "textDocument/hover" => {
                let p: lsp::HoverParams = serde_json::from_value(params).map_err(|e| e.to_string())?;
                let (a, text, off) = position(&p.text_document_position_params)?;
                match api::hover(a.req(), None, &a.name, off) {
                    Some(h) => json!(lsp::Hover {
                        contents: lsp::HoverContents::Markup(lsp::MarkupContent {
                            kind: lsp::MarkupKind::Markdown,
                            value: h.text
                        }),
                        range: Some(range(&text, h.from, h.to)),
                    }),
                    None => serde_json::Value::Null,
                }
            }
            "textDocument/definition" => {
                let p: lsp::GotoDefinitionParams = serde_json::from_value(params).map_err(|e| e.to_string())?;
                let (a, _, off) = position(&p.text_document_position_params)?;
                json!(self.locations(&a, api::definition(a.req(), &a.name, off)))
            }
            "textDocument/references" => {
                let p: lsp::ReferenceParams = serde_json::from_value(params).map_err(|e| e.to_string())?;
                let (a, _, off) = position(&p.text_document_position)?;
                let mut locs = api::references(a.req(), &a.name, off);
                if !p.context.include_declaration && !locs.is_empty() {
                    locs.remove(0);
                }
                json!(self.locations(&a, locs))
            }
            "textDocument/documentSymbol" => {
                let p: lsp::DocumentSymbolParams = serde_json::from_value(params).map_err(|e| e.to_string())?;
                let path = path_of(&p.text_document.uri).ok_or("not a file URI")?;
                let a = self.analysis(&path)?;
                let text = self.read(&a.root, &path).unwrap_or_default();
                let symbols: Vec<lsp::DocumentSymbol> =
                    api::document_symbols(a.req(), &a.name).iter().map(|s| symbol(&text, s)).collect();
                json!(lsp::DocumentSymbolResponse::Nested(symbols))
            }
            "textDocument/codeAction" => {
                let p: lsp::CodeActionParams = serde_json::from_value(params).map_err(|e| e.to_string())?;
                let path = path_of(&p.text_document.uri).ok_or("not a file URI")?;
                let a = self.analysis(&path)?;
                let text = self.read(&a.root, &path).unwrap_or_default();
                let (from, to) = (offset(&text, p.range.start), offset(&text, p.range.end));
                let ev = a.evaluate();
                let actions: Vec<lsp::CodeActionOrCommand> = api::quick_fixes(a.req(), &ev, &a.name)
                    .into_iter()
                    .filter(|f| f.diagnostic_from <= to && from <= f.diagnostic_to)
                    .map(|f| lsp::CodeActionOrCommand::CodeAction(self.action(&a, &text, f)))
                    .collect();
                json!(actions)
            }
            other => return Err(format!("unsupported request {other}")),
        };
        Ok(v)
    }

    /// A file name of the request as a path.
    fn file_path(&self, a: &Analysis, file: &str) -> PathBuf {
        let p = Path::new(file);
        if p.is_absolute() {
            p.to_path_buf()
        } else {
            a.base.join(p)
        }
    }

    fn locations(&self, a: &Analysis, locs: Vec<Location>) -> Vec<lsp::Location> {
        locs.into_iter()
            .filter_map(|l| {
                let path = self.file_path(a, &l.file);
                let text = self.read(&a.root, &path).unwrap_or_default();
                Some(lsp::Location { uri: uri_of(&path)?, range: range(&text, l.from, l.to) })
            })
            .collect()
    }

    // `WorkspaceEdit::changes` is keyed by `Uri` (its cached parts count as interior mutability).
    #[allow(clippy::mutable_key_type)]
    fn action(&self, a: &Analysis, text: &str, f: QuickFix) -> lsp::CodeAction {
        let mut changes: HashMap<lsp::Uri, Vec<lsp::TextEdit>> = HashMap::new();
        for e in &f.edits {
            let path = self.file_path(a, &e.file);
            let body = if e.file == a.name { text.to_string() } else { self.read(&a.root, &path).unwrap_or_default() };
            if let Some(uri) = uri_of(&path) {
                changes
                    .entry(uri)
                    .or_default()
                    .push(lsp::TextEdit { range: range(&body, e.from, e.to), new_text: e.text.clone() });
            }
        }
        lsp::CodeAction {
            title: f.title,
            kind: Some(lsp::CodeActionKind::QUICKFIX),
            edit: Some(lsp::WorkspaceEdit { changes: Some(changes), ..Default::default() }),
            ..Default::default()
        }
    }
}

fn completion_kind(k: api::CompletionKind) -> lsp::CompletionItemKind {
    use api::CompletionKind as K;
    match k {
        K::Key => lsp::CompletionItemKind::KEYWORD,
        K::Function => lsp::CompletionItemKind::FUNCTION,
        K::Type => lsp::CompletionItemKind::CLASS,
        K::Property => lsp::CompletionItemKind::PROPERTY,
        K::Attribute => lsp::CompletionItemKind::FIELD,
        K::Parameter => lsp::CompletionItemKind::VARIABLE,
        K::Resource => lsp::CompletionItemKind::MODULE,
        K::Condition => lsp::CompletionItemKind::CONSTANT,
        K::Value => lsp::CompletionItemKind::VALUE,
        K::File => lsp::CompletionItemKind::FILE,
    }
}

#[allow(deprecated)] // `DocumentSymbol::deprecated` has no replacement in the struct literal.
fn symbol(text: &str, s: &api::Symbol) -> lsp::DocumentSymbol {
    use api::SymbolKind as K;
    let kind = match s.kind {
        K::Section => lsp::SymbolKind::NAMESPACE,
        K::Parameter => lsp::SymbolKind::VARIABLE,
        K::Resource => lsp::SymbolKind::OBJECT,
        K::Output => lsp::SymbolKind::PROPERTY,
        K::Condition => lsp::SymbolKind::BOOLEAN,
        K::Entry => lsp::SymbolKind::KEY,
    };
    lsp::DocumentSymbol {
        name: s.name.clone(),
        detail: (!s.detail.is_empty()).then(|| s.detail.clone()),
        kind,
        tags: None,
        deprecated: None,
        range: range(text, s.from, s.to),
        selection_range: range(text, s.name_from, s.name_to),
        children: Some(s.children.iter().map(|c| symbol(text, c)).collect()),
    }
}

/// A UTF-16 offset as an LSP position (line, UTF-16 column).
fn position(text: &str, utf16: u32) -> lsp::Position {
    let (mut line, mut col, mut units) = (0u32, 0u32, 0u32);
    for c in text.chars() {
        if units >= utf16 {
            break;
        }
        let n = u32::try_from(c.len_utf16()).unwrap_or(1);
        units += n;
        if c == '\n' {
            line += 1;
            col = 0;
        } else {
            col += n;
        }
    }
    lsp::Position { line, character: col }
}

fn range(text: &str, from: u32, to: u32) -> lsp::Range {
    lsp::Range { start: position(text, from), end: position(text, to) }
}

/// An LSP position as a UTF-16 offset.
fn offset(text: &str, p: lsp::Position) -> u32 {
    let (mut line, mut col, mut units) = (0u32, 0u32, 0u32);
    for c in text.chars() {
        if line == p.line && col >= p.character {
            break;
        }
        if c == '\n' {
            if line == p.line {
                break;
            }
            line += 1;
            col = 0;
        } else if line == p.line {
            col += u32::try_from(c.len_utf16()).unwrap_or(1);
        }
        units += u32::try_from(c.len_utf16()).unwrap_or(1);
    }
    units
}

/// The path of a `file:` URI (percent-decoded).
fn path_of(uri: &lsp::Uri) -> Option<PathBuf> {
    let s = uri.as_str().strip_prefix("file://")?;
    let mut bytes = Vec::with_capacity(s.len());
    let mut it = s.bytes();
    while let Some(b) = it.next() {
        if b == b'%' {
            let hex: String = [it.next()?, it.next()?].iter().map(|&c| c as char).collect();
            bytes.push(u8::from_str_radix(&hex, 16).ok()?);
        } else {
            bytes.push(b);
        }
    }
    let path = PathBuf::from(String::from_utf8(bytes).ok()?);
    Some(crate::root::canonicalize(&path).unwrap_or(path))
}

/// A path as a `file:` URI (percent-encoded where URIs need it).
fn uri_of(path: &Path) -> Option<lsp::Uri> {
    let mut s = String::from("file://");
    for b in path.to_str()?.bytes() {
        if b.is_ascii_alphanumeric() || b"/-._~".contains(&b) {
            s.push(b as char);
        } else {
            s.push_str(&format!("%{b:02X}"));
        }
    }
    s.parse().ok()
}

/// The workspace folders the client named at `initialize` (`workspaceFolders`,
/// else `rootUri`, else `rootPath`), as paths.
fn workspace_folders(init: &serde_json::Value) -> Vec<PathBuf> {
    let uri = |v: &serde_json::Value| v.as_str().and_then(|s| s.parse::<lsp::Uri>().ok()).and_then(|u| path_of(&u));
    let folders: Vec<PathBuf> =
        init["workspaceFolders"].as_array().into_iter().flatten().filter_map(|f| uri(&f["uri"])).collect();
    if !folders.is_empty() {
        return folders;
    }
    let root_path =
        init["rootPath"].as_str().map(|p| crate::root::canonicalize(p).unwrap_or_else(|_| PathBuf::from(p)));
    uri(&init["rootUri"]).or(root_path).into_iter().collect()
}

/// The nearest `.hotplate.yaml` above `path`, parsed as `hotplate check` reads
/// it (an error in it is the analysis's error: the user is editing it).
fn workspace_config(path: &Path, read: &dyn Fn(&Path) -> Option<String>) -> Result<Option<Config>, String> {
    for dir in path.ancestors().skip(1) {
        let file = dir.join(config::FILE_NAME);
        if let Some(text) = read(&file) {
            return Config::parse(&text, dir.to_path_buf()).map(Some).map_err(|e| format!("{}: {e}", file.display()));
        }
    }
    Ok(None)
}

/// The first file under `dir` (sorted, at most 2,000 looked at, linked folders
/// not entered) that `wanted`.
fn first_on_disk(dir: &Path, wanted: &dyn Fn(&Path) -> bool) -> Option<PathBuf> {
    let mut stack = vec![dir.to_path_buf()];
    let mut seen = 0;
    while let Some(d) = stack.pop() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(&d).ok()?.filter_map(|e| e.ok().map(|e| e.path())).collect();
        entries.sort();
        for p in entries {
            seen += 1;
            if seen > 2000 {
                return None;
            }
            // A linked folder is not entered: it may lead out of the root.
            let linked = std::fs::symlink_metadata(&p).is_ok_and(|m| m.file_type().is_symlink());
            if p.is_dir() && !linked {
                stack.push(p);
            } else if wanted(&p) {
                return Some(p);
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_and_offsets_are_inverse() {
        let text = "a: é😀\nbb: x\n";
        for off in [0u32, 3, 4, 6, 7, 9, 12] {
            assert_eq!(offset(text, position(text, off)), off, "{off}");
        }
        assert_eq!(position(text, 7), lsp::Position { line: 1, character: 0 });
    }

    #[test]
    fn uris_round_trip() {
        let p = PathBuf::from("/tmp/a b/ü.yaml");
        let u = uri_of(&p).unwrap();
        assert_eq!(u.as_str(), "file:///tmp/a%20b/%C3%BC.yaml");
        assert_eq!(path_of(&u).unwrap(), p);
    }
}
