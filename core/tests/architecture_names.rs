//! ARCHITECTURE.md stays true: every code name it quotes exists.
//!
//! A quoted span (between backticks, outside fenced blocks) is checked when it
//! looks like code:
//! - a path of the tree (`engine/mode.rs`, `web/src/panes/`): it exists under
//!   the repository or one of the source roots;
//! - `Type::item`, `Type.item` (a CamelCase type): `item` appears in a file
//!   that defines `Type` (`struct`, `enum`, `trait`, `type` or `impl`);
//! - `module::item` (lower case): a module file or folder of that name exists
//!   and `item` appears in it;
//! - a single name with an underscore or in CamelCase: it appears in a source
//!   file (Rust, TypeScript, JavaScript, Python, shell, make, TOML, YAML, HTML,
//!   CSS, `package.json`; test data in JSON is not read).
//!
//! Names that belong to other programs (a profile's glibc symbols, a corpus
//! case of `../shared`) are listed in [`FOREIGN`] with the reason.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Quoted names that are not this tree's code, and why.
const FOREIGN: &[(&str, &str)] = &[
    ("_int_free", "glibc's allocator, named in a profile"),
    ("_int_malloc", "glibc's allocator, named in a profile"),
    ("malloc_consolidate", "glibc's allocator, named in a profile"),
    ("full_130", "a corpus case of ../shared/conformance/corpus-full"),
];

/// Folders whose files are sources; paths in the document are relative to one of them.
const ROOTS: &[&str] = &[
    "",
    "core",
    "core/src",
    "core/src/engine",
    "cli",
    "cli/src",
    "wasm",
    "wasm/src",
    "web",
    "web/src",
    "packages/hotplate",
    "packages/hotplate/src",
    "playwright-tests",
    "tools",
    "docs",
];

const SOURCE_EXTENSIONS: &[&str] = &["rs", "ts", "mjs", "js", "py", "sh", "mk", "toml", "yaml", "yml", "html", "css"];

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("core/ has a parent").to_path_buf()
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
        if path.is_dir() {
            if !matches!(name, "target" | "node_modules" | "dist" | ".git" | "glue" | "lib" | "embed")
                && !name.starts_with('.')
            {
                walk(&path, out);
            }
        } else if name == "architecture_names.rs" {
            // This test's own names for what does not exist.
        } else if name == "Makefile"
            || name == "package.json"
            || path.extension().and_then(|e| e.to_str()).is_some_and(|e| SOURCE_EXTENSIONS.contains(&e))
        {
            out.push(path);
        }
    }
}

struct Tree {
    root: PathBuf,
    files: Vec<(PathBuf, String)>,
    /// Each file's words, in the order of `files`.
    file_words: Vec<HashSet<String>>,
    /// The types each file defines or implements (`struct T`, `impl … T`, `class T`, …).
    defined: Vec<HashSet<String>>,
    words: HashSet<String>,
}

fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split(|c: char| !(c.is_alphanumeric() || c == '_')).filter(|w| !w.is_empty())
}

/// The types a text defines or implements: the word after `struct`, `enum`,
/// `trait`, `type`, `class`, `interface`, and after `impl` or `for` in an
/// impl line (generics skipped).
fn definitions(text: &str) -> HashSet<String> {
    let mut out = HashSet::new();
    for line in text.lines() {
        let ws: Vec<&str> = words(line).collect();
        let is_impl = line.trim_start().starts_with("impl");
        for (i, w) in ws.iter().enumerate() {
            let takes = matches!(*w, "struct" | "enum" | "trait" | "type" | "class" | "interface")
                || (is_impl && matches!(*w, "impl" | "for"));
            if !takes {
                continue;
            }
            // `impl<'a> T`, `impl<T: X> Y for Z`: the first CamelCase word after.
            if let Some(t) = ws[i + 1..].iter().find(|t| t.starts_with(|c: char| c.is_ascii_uppercase())) {
                out.insert(t.to_string());
            }
        }
    }
    out
}

impl Tree {
    fn load() -> Tree {
        let root = repo();
        let mut paths = Vec::new();
        for dir in ["core", "cli", "wasm", "web", "packages", "playwright-tests", "tools", "mk", "fuzz", ".ci"] {
            walk(&root.join(dir), &mut paths);
        }
        paths.push(root.join("Makefile"));
        let files: Vec<(PathBuf, String)> =
            paths.into_iter().filter_map(|p| std::fs::read_to_string(&p).ok().map(|t| (p, t))).collect();
        let file_words: Vec<HashSet<String>> =
            files.iter().map(|(_, t)| words(t).map(str::to_string).collect()).collect();
        let words = file_words.iter().flatten().cloned().collect();
        let defined = files.iter().map(|(_, t)| definitions(t)).collect();
        Tree { root, files, file_words, defined, words }
    }

    fn path_exists(&self, quoted: &str) -> bool {
        let rel = quoted.trim_end_matches('/');
        ROOTS.iter().any(|r| self.root.join(r).join(rel).exists())
    }

    fn has_word_in(&self, word: &str, file: &(PathBuf, String)) -> bool {
        self.files.iter().position(|f| std::ptr::eq(f, file)).is_some_and(|i| self.file_words[i].contains(word))
    }

    /// Files that define the CamelCase type `name`.
    fn type_files(&self, name: &str) -> Vec<&(PathBuf, String)> {
        self.files.iter().zip(&self.defined).filter(|(_, defs)| defs.contains(name)).map(|(f, _)| f).collect()
    }

    /// Files of the module `name`: `name.rs`, `name/…`, or a file with an inline `mod name`.
    fn module_files(&self, name: &str) -> Vec<&(PathBuf, String)> {
        self.files
            .iter()
            .filter(|(path, text)| {
                path.file_stem().is_some_and(|s| s == name)
                    || path.components().any(|c| c.as_os_str() == name)
                    || text.contains(&format!("mod {name} "))
            })
            .collect()
    }

    /// A span written as is in a source file: a Heat type, a Python name of
    /// Heat's a comment quotes, a package export, a flag.
    fn written(&self, span: &str) -> bool {
        self.files.iter().any(|(_, text)| text.contains(span))
    }

    /// Why the quoted code name does not exist, or None when it does.
    fn check(&self, quoted: &str) -> Option<String> {
        if quoted.contains([':', '.']) && quoted.starts_with(|c: char| c.is_ascii_uppercase()) && self.written(quoted) {
            return None;
        }
        let name = quoted.trim_end_matches("()");
        let (owner, item) = match name.rsplit_once("::").or_else(|| name.rsplit_once('.')) {
            Some((o, i)) => (Some(o.rsplit("::").next().unwrap_or(o)), i),
            None => (None, name),
        };
        match owner {
            None => (!self.words.contains(item)).then(|| "not in any source file".to_string()),
            Some(owner) if owner.starts_with(|c: char| c.is_ascii_uppercase()) => {
                let files = self.type_files(owner);
                if files.is_empty() {
                    Some(format!("no file defines `{owner}`"))
                } else if !files.iter().any(|f| self.has_word_in(item, f)) {
                    Some(format!("`{item}` is not in the files defining `{owner}`"))
                } else {
                    None
                }
            }
            Some(owner) => {
                let files = self.module_files(owner);
                if files.is_empty() {
                    (!self.words.contains(owner)).then(|| format!("no module `{owner}`"))
                } else if !files.iter().any(|f| self.has_word_in(item, f)) {
                    Some(format!("`{item}` is not in module `{owner}`"))
                } else {
                    None
                }
            }
        }
    }
}

/// Quoted spans outside fenced blocks, with their line numbers.
fn quoted(doc: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut fenced = false;
    for (n, line) in doc.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let mut parts = line.split('`');
        parts.next();
        while let (Some(inside), Some(_)) = (parts.next(), parts.next()) {
            out.push((n + 1, inside));
        }
    }
    out
}

fn is_ident(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') && s.chars().all(|c| c.is_alphanumeric() || c == '_')
}

/// Code-like spans: `a::b`, `T.f`, `f()`, `snake_name`, `CamelName`.
fn code_name(span: &str) -> bool {
    let name = span.trim_end_matches("()");
    let segments: Vec<&str> = name.split("::").flat_map(|s| s.split('.')).collect();
    if segments.len() > 4 || !segments.iter().all(|s| is_ident(s)) {
        return false;
    }
    if segments.len() > 1 {
        // `T.f`: only a CamelCase owner (a file name such as `mode.rs` is a path).
        return name.contains("::") || segments[0].starts_with(|c: char| c.is_ascii_uppercase());
    }
    let camel = name.starts_with(|c: char| c.is_ascii_uppercase()) && name.chars().any(|c| c.is_ascii_lowercase());
    name.contains('_') || camel || span.ends_with("()")
}

fn path_like(span: &str) -> bool {
    span.contains('/')
        && !span.contains(|c: char| c.is_whitespace() || "*<>{}$|…,:=?".contains(c))
        && !span.starts_with("http")
        && !span.starts_with("../")
        && !span.starts_with('/')
        && !span.starts_with(['-', '@'])
        && span.rsplit('/').next().is_some_and(|last| last.is_empty() || last.contains('.') || !last.contains('_'))
}

#[test]
fn every_code_name_architecture_quotes_exists() {
    let root = repo();
    let doc = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("read ARCHITECTURE.md");
    let tree = Tree::load();
    assert!(tree.files.len() > 100, "sources not found under {}", root.display());
    let foreign: HashSet<&str> = FOREIGN.iter().map(|(n, _)| *n).collect();
    let mut wrong = Vec::new();
    let mut checked = 0;
    for (line, span) in quoted(&doc) {
        if foreign.contains(span) {
            continue;
        }
        if path_like(span) {
            checked += 1;
            if !tree.path_exists(span) && !tree.written(span) {
                wrong.push(format!("ARCHITECTURE.md:{line}: `{span}`: no such file or folder"));
            }
        } else if code_name(span) {
            checked += 1;
            if let Some(why) = tree.check(span) {
                wrong.push(format!("ARCHITECTURE.md:{line}: `{span}`: {why}"));
            }
        }
    }
    assert!(checked > 200, "only {checked} code names found in ARCHITECTURE.md: is the parser right?");
    assert!(wrong.is_empty(), "{} quoted names do not exist:\n{}", wrong.len(), wrong.join("\n"));
}

/// `ARCHITECTURE.md, "Section"` in a source file or another document names a
/// heading of ARCHITECTURE.md.
#[test]
fn every_section_the_sources_name_exists() {
    let root = repo();
    let doc = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("read ARCHITECTURE.md");
    let headings: HashSet<&str> =
        doc.lines().filter_map(|l| l.strip_prefix('#')).map(|l| l.trim_start_matches('#').trim()).collect();
    let tree = Tree::load();
    let mut texts: Vec<(PathBuf, String)> = tree.files;
    for name in ["CONTRIBUTING.md", "README.md", "BENCHMARKS.md"] {
        if let Ok(t) = std::fs::read_to_string(root.join(name)) {
            texts.push((root.join(name), t));
        }
    }
    let mut wrong = Vec::new();
    let mut named = 0;
    for (path, text) in &texts {
        for (i, _) in text.match_indices("ARCHITECTURE.md, \"") {
            let rest = &text[i + "ARCHITECTURE.md, \"".len()..];
            let Some(end) = rest.find('"') else { continue };
            let section = &rest[..end];
            if section.contains('\n') || section.contains("{") {
                continue;
            }
            named += 1;
            if !headings.iter().any(|h| h.starts_with(section)) {
                wrong.push(format!("{}: ARCHITECTURE.md has no section \"{section}\"", path.display()));
            }
        }
    }
    assert!(named > 3, "only {named} section references found");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_check_finds_what_is_missing() {
    let tree = Tree::load();
    assert_eq!(tree.check("Mode::strict"), None);
    assert_eq!(tree.check("api::has_errors"), None);
    assert!(tree.check("Mode::no_such_method_here").is_some());
    assert!(tree.check("NoSuchTypeAnywhere::x").is_some());
    assert!(tree.check("no_such_function_anywhere_xyz").is_some());
    assert!(tree.path_exists("engine/mode.rs"));
    assert!(!tree.path_exists("engine/no_such_stage.rs"));
    assert!(code_name("Run::fail") && code_name("stack_stages") && code_name("Evaluation.shown"));
    assert!(!code_name("mode.rs") && !code_name("get") && !code_name("a b"));
}
