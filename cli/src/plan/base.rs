//! `hotplate plan --base GIT_REF`: the current stack's files as they are in a
//! git revision. Which files may be read is the [`Root`]'s decision (on the
//! path's name: the files are not on disk); their text is `git show REV:path`.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::root::{Root, Unread, MAX_FILE_BYTES};

/// Reads files of one revision.
pub struct Reader<'r> {
    root: &'r Root,
    rev: String,
}

/// A reader of `rev`, once git knows it.
pub fn reader<'r>(root: &'r Root, rev: &str) -> Result<Reader<'r>, String> {
    if rev.starts_with('-') || rev.contains(':') {
        return Err(format!("--base {rev}: not a revision"));
    }
    Ok(Reader { root, rev: rev.to_string() })
}

impl Reader<'_> {
    /// The text of `path` (relative to the working directory) in the revision.
    pub fn read(&self, path: &Path) -> Result<String, Unread> {
        let (tree, rel) = self.root.locate(path)?;
        show(&tree, &self.rev, &rel)
    }
}

/// `git -C TREE show REV:PATH`, within hotplate's bound on a file's size.
fn show(tree: &PathBuf, rev: &str, rel: &Path) -> Result<String, Unread> {
    let spec = format!("{rev}:{}", rel.to_string_lossy().replace('\\', "/"));
    let out = Command::new("git")
        .arg("-C")
        .arg(tree)
        .args(["show", "--no-textconv", &spec])
        .output()
        .map_err(|e| Unread::Io(format!("cannot run git: {e}")))?;
    if !out.status.success() {
        let err = String::from_utf8_lossy(&out.stderr);
        let first = err.lines().next().unwrap_or("git show failed").trim_start_matches("fatal: ");
        return Err(Unread::Io(format!("not in {rev} ({first})")));
    }
    if out.stdout.len() as u64 > MAX_FILE_BYTES {
        return Err(Unread::Io(format!("larger than hotplate's limit of {} MiB per file", MAX_FILE_BYTES >> 20)));
    }
    String::from_utf8(out.stdout).map_err(|_| Unread::Io("not UTF-8 text".into()))
}
