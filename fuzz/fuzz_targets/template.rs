//! Any bytes as a template text.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "check.rs"]
mod check;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data).into_owned();
    let mut req = hotplate_core::api::Request::new(text);
    req.files.insert("f.txt".into(), Some("file content\n".into()));
    check::check(&req);
});
