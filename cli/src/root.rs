//! Where hotplate may read files from: the one place that decides.
//!
//! `hotplate check` and `hotplate eval -t` run in CI on pull requests, on
//! templates anyone wrote; a template names files (`get_file`, provider
//! templates, `resource_registry` targets) and whatever is read can come back
//! quoted in a message. So every file a command reads for a request — the
//! template, its environment and parameter files, what they name, the files
//! `.hotplate.yaml` names — is read through a [`Root`]: the git work tree that
//! holds the checked paths (else the working directory; for the language
//! server, the workspace folders). A path that leads outside it (absolute,
//! `..` past it, a symlink pointing out) is not read, and nothing outside it
//! is even looked at: the path is resolved one component at a time from the
//! root, symlinks followed by hand, and resolution stops at the first step
//! that leaves the tree. The caller treats such a file as missing (Heat's own
//! error) and says why with a note ([`NOTE_CODE`]). `--allow-outside-root`
//! (or `allow_outside_root: true` in `.hotplate.yaml`) lifts the rule.
//!
//! Not covered: `.hotplate.yaml` itself (found by its name, upwards from the
//! working directory or the document) and `hotplate eval REQUEST` (the
//! request carries its files).

use std::fmt;
use std::path::{Component, Path, PathBuf};

/// The diagnostic code of hotplate's note for a file it did not read.
pub const NOTE_CODE: &str = "outside-root";

/// Symlinks followed in one path before giving up (Linux's `ELOOP` limit).
const MAX_LINKS: usize = 40;

/// The largest file hotplate reads (32 times Heat's `max_template_size`): a
/// bound on memory, far above any template or script a template names.
pub const MAX_FILE_BYTES: u64 = 16 << 20;

/// Which options lift the rule for the command at hand (named in the note).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hint {
    /// `--allow-outside-root` only (`eval` reads no config file).
    Flag,
    /// The flag, or the config key.
    FlagOrConfig,
}

impl Hint {
    fn text(self) -> &'static str {
        match self {
            Hint::Flag => "--allow-outside-root",
            Hint::FlagOrConfig => "--allow-outside-root or `allow_outside_root: true` in .hotplate.yaml",
        }
    }
}

/// The folders files may be read from.
#[derive(Clone, Debug)]
pub struct Root {
    /// The folders, canonical.
    dirs: Vec<PathBuf>,
    /// The same folders as they were named (made absolute, normalised), when that
    /// differs (`/tmp/x` naming `/private/tmp/x`).
    named: Vec<(PathBuf, PathBuf)>,
    /// Relative paths are relative to this (canonical).
    cwd: PathBuf,
    /// Read anything (`--allow-outside-root`).
    anywhere: bool,
    hint: Hint,
}

/// Why a file was not read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unread {
    /// It leads outside the root.
    Outside(Outside),
    /// It is not there or cannot be read (the system's message).
    Io(String),
}

/// A path refused because it leads outside the root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outside {
    /// The root's folders, for the message.
    root: String,
    hint: Hint,
}

impl fmt::Display for Outside {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "it leads outside {}, the folder hotplate reads files from ({} allows it)",
            self.root,
            self.hint.text()
        )
    }
}

impl fmt::Display for Unread {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unread::Outside(o) => o.fmt(f),
            Unread::Io(e) => f.write_str(e),
        }
    }
}

impl Outside {
    /// hotplate's note for a file named `name` that it did not read.
    pub fn note(&self, name: &str) -> String {
        format!("hotplate did not read {name}: {self}")
    }
}

/// One step of resolving a path.
enum Step {
    /// Start again at `/` (or a Windows prefix and root).
    Start(PathBuf),
    /// `..`.
    Up,
    /// Into a name.
    Down(std::ffi::OsString),
}

/// Push the steps of `path` so that its first one is popped first.
fn push_steps(path: &Path, todo: &mut Vec<Step>) {
    let mut steps: Vec<Step> = Vec::new();
    let mut start = PathBuf::new();
    for c in path.components() {
        match c {
            Component::Prefix(_) | Component::RootDir => start.push(c.as_os_str()),
            Component::CurDir => {}
            Component::ParentDir => steps.push(Step::Up),
            Component::Normal(n) => steps.push(Step::Down(n.to_os_string())),
        }
    }
    if !start.as_os_str().is_empty() {
        steps.insert(0, Step::Start(start));
    }
    todo.extend(steps.into_iter().rev());
}

/// `path` with `.` components dropped and `dir/..` pairs folded (no file
/// system access: a template names its providers by such paths).
pub fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if matches!(out.components().next_back(), Some(Component::Normal(_))) {
                    out.pop();
                } else if !matches!(out.components().next_back(), Some(Component::RootDir | Component::Prefix(_))) {
                    out.push("..");
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// Why [`walk`] stopped.
enum Walked {
    /// The next step is one `may_look` refuses.
    Fenced,
    /// The system's message (a missing component, a symlink loop).
    Io(String),
}

/// `abs` with every symlink resolved, one component at a time from `/`,
/// looking only at paths `may_look` allows.
fn walk(abs: &Path, may_look: impl Fn(&Path) -> bool) -> Result<PathBuf, Walked> {
    let io = |e: std::io::Error| Walked::Io(io_text(&e));
    let mut todo: Vec<Step> = Vec::new();
    push_steps(abs, &mut todo);
    let mut links = 0;
    let mut cur = PathBuf::new();
    while let Some(step) = todo.pop() {
        match step {
            Step::Start(s) => cur = s,
            Step::Up => {
                cur.pop();
            }
            Step::Down(name) => {
                let next = cur.join(name);
                if !may_look(&next) {
                    return Err(Walked::Fenced);
                }
                if !std::fs::symlink_metadata(&next).map_err(io)?.file_type().is_symlink() {
                    cur = next;
                    continue;
                }
                links += 1;
                if links > MAX_LINKS {
                    return Err(Walked::Io(format!("too many levels of symbolic links at {}", next.display())));
                }
                // The link's target goes first (an absolute one restarts at `/`).
                push_steps(&std::fs::read_link(&next).map_err(io)?, &mut todo);
            }
        }
    }
    Ok(cur)
}

/// `std::fs::canonicalize`, which WASI lacks (the npm package's command line
/// is this program built for `wasm32-wasip1`): there, [`walk`] with nothing
/// fenced, from the working directory.
pub fn canonicalize(path: impl AsRef<Path>) -> std::io::Result<PathBuf> {
    let path = path.as_ref();
    #[cfg(not(target_os = "wasi"))]
    {
        std::fs::canonicalize(path)
    }
    #[cfg(target_os = "wasi")]
    {
        let abs = normalize(&std::env::current_dir()?.join(path));
        walk(&abs, |_| true).map_err(|e| match e {
            Walked::Io(e) => std::io::Error::other(e),
            Walked::Fenced => std::io::Error::other("fenced"),
        })
    }
}

/// An IO error's text as the native program on Linux writes it. WASI numbers
/// errors its own way (ENOENT is 44) and words some as musl does, so the npm
/// package's command line would say the same thing differently: there the
/// common errors get Linux's number and glibc's words.
pub fn io_text(e: &std::io::Error) -> String {
    #[cfg(target_os = "wasi")]
    {
        // (WASI's errno, Linux's, glibc's strerror)
        const LINUX: &[(i32, i32, &str)] = &[
            (2, 13, "Permission denied"),
            (8, 9, "Bad file descriptor"),
            (20, 17, "File exists"),
            (28, 22, "Invalid argument"),
            (29, 5, "Input/output error"),
            (31, 21, "Is a directory"),
            (32, 40, "Too many levels of symbolic links"),
            (37, 36, "File name too long"),
            (44, 2, "No such file or directory"),
            (48, 12, "Cannot allocate memory"),
            (52, 38, "Function not implemented"),
            (54, 20, "Not a directory"),
            (58, 95, "Operation not supported"),
            (63, 1, "Operation not permitted"),
        ];
        if let Some((_, linux, text)) = e.raw_os_error().and_then(|c| LINUX.iter().find(|(w, _, _)| *w == c)) {
            return format!("{text} (os error {linux})");
        }
    }
    e.to_string()
}

/// The git work tree that holds `path` (absolute): the nearest folder at or
/// above it with a `.git` entry (a directory, or a file in a worktree or a
/// submodule).
pub fn work_tree(path: &Path) -> Option<PathBuf> {
    path.ancestors().find(|d| d.join(".git").exists()).map(Path::to_path_buf)
}

impl Root {
    /// The root for the paths named on the command line (relative to `cwd`
    /// or absolute; a glob's folder part counts): the git work tree holding
    /// each; else `cwd` for a path inside it, and the path's own folder for
    /// one outside (`hotplate check ~/Downloads/stack.yaml` from another
    /// repository: a named path is the user's choice, and confinement is for
    /// the files templates reference).
    pub fn of_paths(paths: &[PathBuf], cwd: &Path, anywhere: bool, hint: Hint) -> Root {
        let dirs = paths
            .iter()
            .map(|p| {
                let literal: PathBuf = p
                    .components()
                    .take_while(|c| !c.as_os_str().to_string_lossy().contains(['*', '?', '[', '{']))
                    .collect();
                let named = normalize(&cwd.join(literal));
                work_tree(&named).unwrap_or_else(|| {
                    if named.starts_with(normalize(cwd)) {
                        cwd.to_path_buf()
                    } else if named.is_file() {
                        named.parent().map_or_else(|| named.clone(), Path::to_path_buf)
                    } else {
                        named
                    }
                })
            })
            .collect();
        Root::of_dirs(dirs, cwd, anywhere, hint)
    }

    /// A root of these folders (absolute).
    pub fn of_dirs(dirs: Vec<PathBuf>, cwd: &Path, anywhere: bool, hint: Hint) -> Root {
        let canonical = |p: &Path| canonicalize(p).unwrap_or_else(|_| normalize(p));
        let mut root = Root { dirs: Vec::new(), named: Vec::new(), cwd: canonical(cwd), anywhere, hint };
        for d in dirs {
            let named = normalize(&root.cwd.join(&d));
            let c = canonical(&named);
            if !root.dirs.contains(&c) {
                root.dirs.push(c.clone());
            }
            if named != c {
                root.named.push((named, c));
            }
        }
        root
    }

    /// Whether `path` (absolute) is one of the folders or inside one.
    pub fn holds(&self, path: &Path) -> bool {
        self.dirs.iter().any(|d| path.starts_with(d))
    }

    fn outside(&self) -> Unread {
        let names: Vec<String> = self.dirs.iter().map(|d| d.display().to_string()).collect();
        Unread::Outside(Outside { root: names.join(" and "), hint: self.hint })
    }

    /// The file `path` (relative to the working directory, or absolute) is,
    /// symlinks resolved, when hotplate may read it: the decision.
    pub fn resolve(&self, path: &Path) -> Result<PathBuf, Unread> {
        let io = |e: std::io::Error| Unread::Io(io_text(&e));
        let abs = normalize(&self.cwd.join(path));
        if self.anywhere {
            return canonicalize(&abs).map_err(io);
        }
        // Spelled through a root's other name: start from its canonical form.
        let abs = self
            .named
            .iter()
            .find_map(|(named, c)| abs.strip_prefix(named).ok().map(|rest| c.join(rest)))
            .unwrap_or(abs);
        // Walk from `/`, never looking at anything that is neither inside a
        // root folder nor above one.
        let may_look = |p: &Path| self.dirs.iter().any(|d| p.starts_with(d) || d.starts_with(p));
        match walk(&abs, may_look) {
            Ok(cur) if self.holds(&cur) => Ok(cur),
            Ok(_) | Err(Walked::Fenced) => Err(self.outside()),
            Err(Walked::Io(e)) => Err(Unread::Io(e)),
        }
    }

    /// Where `path` (relative to the working directory, or absolute) is in a
    /// root folder, decided on its name alone: for files read from a git
    /// revision (`hotplate plan --base`), which are not on disk. The folder
    /// and the path relative to it.
    pub fn locate(&self, path: &Path) -> Result<(PathBuf, PathBuf), Unread> {
        let abs = normalize(&self.cwd.join(path));
        let abs = self
            .named
            .iter()
            .find_map(|(named, c)| abs.strip_prefix(named).ok().map(|rest| c.join(rest)))
            .unwrap_or(abs);
        self.dirs
            .iter()
            .find_map(|d| abs.strip_prefix(d).ok().map(|rest| (d.clone(), rest.to_path_buf())))
            .ok_or_else(|| self.outside())
    }

    /// The text of `path`, when hotplate may read it: a regular file (a FIFO
    /// or a device would never end) of at most [`MAX_FILE_BYTES`].
    pub fn read(&self, path: &Path) -> Result<String, Unread> {
        read_file(&self.resolve(path)?)
    }
}

/// A resolved file's text, within hotplate's bounds.
pub fn read_file(file: &Path) -> Result<String, Unread> {
    use std::io::Read as _;
    let io = |e: std::io::Error| Unread::Io(io_text(&e));
    let meta = std::fs::metadata(file).map_err(io)?;
    if !meta.is_file() {
        return Err(Unread::Io("not a regular file".into()));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(Unread::Io(format!("larger than hotplate's limit of {} MiB per file", MAX_FILE_BYTES >> 20)));
    }
    let mut text = String::new();
    std::fs::File::open(file).map_err(io)?.take(MAX_FILE_BYTES).read_to_string(&mut text).map_err(io)?;
    Ok(text)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::test_common::Tree;
    use std::os::unix::fs::symlink;

    /// A tree with `repo/` (the root) beside `outside/`, and links of each kind.
    fn tree(name: &str) -> (Tree, Root) {
        let tree = Tree::new(
            name,
            &[("repo/a/t.yaml", "t"), ("repo/b/x.txt", "x"), ("outside/secret.txt", "s"), ("repo/.git", "gitdir: x")],
        );
        let repo = tree.0.join("repo");
        symlink("../outside/secret.txt", repo.join("out.txt")).unwrap();
        symlink("b/x.txt", repo.join("in.txt")).unwrap();
        symlink("../outside", repo.join("outdir")).unwrap();
        symlink("out.txt", repo.join("chain.txt")).unwrap();
        symlink("loop2", repo.join("loop1")).unwrap();
        symlink("loop1", repo.join("loop2")).unwrap();
        symlink(tree.0.join("outside/secret.txt"), repo.join("abs.txt")).unwrap();
        let root = Root::of_paths(&[PathBuf::from("a/t.yaml")], &repo, false, Hint::Flag);
        (tree, root)
    }

    #[test]
    fn paths_inside_resolve_and_every_way_out_is_refused() {
        let (tree, root) = tree("root-resolve");
        let repo = std::fs::canonicalize(tree.0.join("repo")).unwrap();
        assert_eq!(root.dirs, std::slice::from_ref(&repo), "the work tree holding the path");
        let inside = |p: &str| root.resolve(Path::new(p));
        assert_eq!(inside("a/t.yaml"), Ok(repo.join("a/t.yaml")));
        assert_eq!(inside("a/../b/./x.txt"), Ok(repo.join("b/x.txt")));
        assert_eq!(inside("in.txt"), Ok(repo.join("b/x.txt")), "a link that stays inside");
        assert_eq!(inside(&repo.join("b/x.txt").display().to_string()), Ok(repo.join("b/x.txt")));
        assert!(matches!(inside("a/missing.txt"), Err(Unread::Io(_))));
        for out in [
            "../outside/secret.txt",
            "a/../../outside/secret.txt",
            "out.txt",
            "chain.txt",
            "abs.txt",
            "outdir/secret.txt",
            "outdir/missing.txt",
            "/etc/hostname",
            "/nonexistent/file",
            "..",
        ] {
            assert!(matches!(inside(out), Err(Unread::Outside(_))), "{out}: {:?}", inside(out));
        }
        assert!(matches!(inside("loop1"), Err(Unread::Io(e)) if e.contains("symbolic links")));
        // Reading goes through the same decision.
        assert_eq!(root.read(Path::new("in.txt")), Ok("x".to_string()));
        let Err(Unread::Outside(o)) = root.read(Path::new("out.txt")) else { panic!("read outside") };
        assert_eq!(
            o.note("out.txt"),
            format!(
                "hotplate did not read out.txt: it leads outside {}, the folder hotplate reads files from (--allow-outside-root allows it)",
                repo.display()
            )
        );
        // Allowed: anything readable.
        let anywhere = Root::of_paths(&[PathBuf::from(".")], &tree.0.join("repo"), true, Hint::Flag);
        assert_eq!(anywhere.read(Path::new("out.txt")), Ok("s".to_string()));
    }

    #[test]
    fn the_root_is_the_work_tree_else_the_working_directory_else_the_named_folder() {
        let (tree, _) = tree("root-where");
        let top = std::fs::canonicalize(&tree.0).unwrap();
        // No work tree above `outside/`: the working directory.
        let root = Root::of_paths(&[PathBuf::from("outside/secret.txt")], &top, false, Hint::Flag);
        assert_eq!(root.dirs, std::slice::from_ref(&top));
        // A glob's folder part finds the work tree; two paths, two folders.
        let root = Root::of_paths(
            &[PathBuf::from("repo/**/*.yaml"), PathBuf::from("outside")],
            &top,
            false,
            Hint::FlagOrConfig,
        );
        assert_eq!(root.dirs, [top.join("repo"), top.clone()]);
        // A path outside the working directory and in no work tree: its own
        // folder (a file's), whatever tree the working directory is in.
        let repo = top.join("repo");
        let root = Root::of_paths(&[PathBuf::from("../outside/secret.txt")], &repo, false, Hint::Flag);
        assert_eq!(root.dirs, [top.join("outside")]);
        assert_eq!(root.resolve(Path::new("../outside/secret.txt")), Ok(top.join("outside/secret.txt")));
        assert!(matches!(root.resolve(Path::new("a/t.yaml")), Err(Unread::Outside(_))), "not the working directory's");
        let root = Root::of_paths(&[top.join("outside"), PathBuf::from("a")], &repo, false, Hint::Flag);
        assert_eq!(root.dirs, [top.join("outside"), repo.clone()]);
        // A folder named through a link: its real path counts as the same place.
        symlink(top.join("repo"), top.join("alias")).unwrap();
        let root = Root::of_dirs(vec![top.join("alias")], &top, false, Hint::Flag);
        assert_eq!(root.resolve(&top.join("alias/b/x.txt")), Ok(top.join("repo/b/x.txt")));
        assert!(matches!(root.resolve(&top.join("alias/out.txt")), Err(Unread::Outside(_))));
    }

    #[test]
    fn only_regular_files_within_the_size_bound_are_read() {
        assert_eq!(read_file(Path::new("/dev/zero")), Err(Unread::Io("not a regular file".into())));
        let tree = Tree::new("root-size", &[("small.txt", "ok")]);
        let big = tree.0.join("big.txt");
        std::fs::File::create(&big).unwrap().set_len(MAX_FILE_BYTES + 1).unwrap();
        let Err(Unread::Io(e)) = read_file(&big) else { panic!("read a file over the bound") };
        assert!(e.contains("hotplate's limit of 16 MiB"), "{e}");
        assert_eq!(read_file(&tree.0.join("small.txt")), Ok("ok".into()));
    }
}
