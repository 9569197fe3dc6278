//! Test support shared by the CLI's tests (integration tests include it as a
//! module; `check::discover`'s unit tests by path). Each includer uses part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};

/// Write `files` (path, contents) under `root`, creating directories.
pub fn write_files(root: &Path, files: &[(&str, &str)]) {
    for (path, text) in files {
        let p = root.join(path);
        std::fs::create_dir_all(p.parent().expect("a file has a parent")).expect("create the directory");
        std::fs::write(p, text).expect("write the file");
    }
}

/// A fresh folder of files for one test (`name` and the process id make it
/// unique), removed at the end.
pub struct Tree(pub PathBuf);

impl Tree {
    pub fn new(name: &str, files: &[(&str, &str)]) -> Tree {
        let dir = std::env::temp_dir().join(format!("hotplate-test-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).expect("create the folder");
        write_files(&dir, files);
        Tree(dir)
    }

    /// Write (or replace) one file.
    pub fn write(&self, path: &str, text: &str) {
        write_files(&self.0, &[(path, text)]);
    }
}

impl Drop for Tree {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
