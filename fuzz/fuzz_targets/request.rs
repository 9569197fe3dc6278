//! Any bytes as a request in the oracle's JSON format.
#![no_main]

use libfuzzer_sys::fuzz_target;

#[path = "check.rs"]
mod check;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(req) = hotplate_core::api::Request::from_json(text) {
        check::check(&req);
    }
});
