//! `digest: [algorithm, value]` — a hex digest of a Latin-1 encoded string.
//!
//! ```yaml
//! checksum: {digest: [sha256, {get_param: payload}]}
//! ```

use blake2::{Blake2b512, Blake2s256};
use md5::Md5;
use ripemd::Ripemd160;
use sha1::Sha1;
use sha2::{Sha224, Sha256, Sha384, Sha512, Sha512_224, Sha512_256};
use sha3::{Sha3_224, Sha3_256, Sha3_384, Sha3_512};
use sm3::Sm3;

use super::{no_check, Doc, FnSpec};
use crate::eval::{resolve as resolve_expr, Call, EvalError};
use crate::stack::Stack;
use crate::value::Value;

/// `Digest`.
pub static DIGEST: FnSpec = FnSpec::function(
    "Digest",
    no_check,
    resolve,
    Doc {
        args: "[algorithm, value]",
        summary: "A hash of a string (md5, sha1, sha256, sha512, ...).",
        example: "{digest: [sha256, hello]}",
    },
);

/// `hashlib.algorithms_available` of the oracle's Python, in the order it printed
/// the set with `PYTHONHASHSEED=0` (as the oracle runs).
const AVAILABLE: &[&str] = &[
    "sha3_256",
    "sha3_384",
    "shake_256",
    "sha512_224",
    "sha512_256",
    "md5-sha1",
    "sm3",
    "sha512",
    "ripemd160",
    "sha384",
    "shake_128",
    "sha256",
    "blake2s",
    "sha3_224",
    "sha224",
    "md5",
    "sha1",
    "blake2b",
    "sha3_512",
];

/// Resolve the function.
fn resolve(stack: &Stack, call: &Call) -> Result<Value, EvalError> {
    let name = &*call.name;
    let args = resolve_expr(stack, &call.args)?;
    let strings: Option<Vec<&str>> = args.as_list().and_then(|l| l.iter().map(Value::as_str).collect());
    let Some(strings) = strings else {
        return Err(EvalError::type_error(format!("Argument to function \"{name}\" must be a list of strings")));
    };
    let [algorithm, value] = strings.as_slice() else {
        return Err(EvalError::value(format!("Function \"{name}\" usage: [\"<algorithm>\", \"<value>\"]")));
    };
    if !AVAILABLE.contains(&algorithm.to_lowercase().as_str()) {
        let set = AVAILABLE.iter().map(|a| format!("'{a}'")).collect::<Vec<_>>().join(", ");
        return Err(EvalError::value(format!("Algorithm must be one of {{{set}}}")));
    }
    let mut bytes = Vec::with_capacity(value.len());
    for (pos, c) in value.chars().enumerate() {
        match u8::try_from(u32::from(c)) {
            Ok(b) => bytes.push(b),
            Err(_) => {
                return Err(EvalError::other(
                    "UnicodeEncodeError",
                    format!(
                        "'latin-1' codec can't encode character '{}' in position {pos}: ordinal not in range(256)",
                        escape_char(c)
                    ),
                ))
            }
        }
    }
    stack.spend(bytes.len() as u64 / 64)?;
    hex_digest(algorithm, &bytes).map(Value::from)
}

fn escape_char(c: char) -> String {
    let cp = u32::from(c);
    if cp <= 0xffff {
        format!("\\u{cp:04x}")
    } else {
        format!("\\U{cp:08x}")
    }
}

fn hex<D: sha2::Digest>(bytes: &[u8]) -> String {
    let out = D::digest(bytes);
    out.iter().map(|b| format!("{b:02x}")).collect()
}

/// `hashlib.new(algorithm)` with the original spelling: OpenSSL's names (md5,
/// sha1, sha2, sm3, ripemd160, md5-sha1) accept any case; names with an
/// underscore exist only in CPython's table, exactly as spelled there.
fn hex_digest(algorithm: &str, bytes: &[u8]) -> Result<String, EvalError> {
    let lower = algorithm.to_lowercase();
    let builtin_only = matches!(
        lower.as_str(),
        "blake2b"
            | "blake2s"
            | "sha3_224"
            | "sha3_256"
            | "sha3_384"
            | "sha3_512"
            | "shake_128"
            | "shake_256"
            | "sha512_224"
            | "sha512_256"
    );
    // CPython's OpenSSL table also knows the upper-case aliases of these two.
    let python_alias = matches!(algorithm, "SHA512_224" | "SHA512_256");
    if builtin_only && algorithm != lower && !python_alias {
        return Err(EvalError::value(format!("unsupported hash type {algorithm}")));
    }
    Ok(match lower.as_str() {
        "md5" => hex::<Md5>(bytes),
        "sha1" => hex::<Sha1>(bytes),
        "sha224" => hex::<Sha224>(bytes),
        "sha256" => hex::<Sha256>(bytes),
        "sha384" => hex::<Sha384>(bytes),
        "sha512" => hex::<Sha512>(bytes),
        "sha512_224" => hex::<Sha512_224>(bytes),
        "sha512_256" => hex::<Sha512_256>(bytes),
        "sha3_224" => hex::<Sha3_224>(bytes),
        "sha3_256" => hex::<Sha3_256>(bytes),
        "sha3_384" => hex::<Sha3_384>(bytes),
        "sha3_512" => hex::<Sha3_512>(bytes),
        "blake2b" => hex::<Blake2b512>(bytes),
        "blake2s" => hex::<Blake2s256>(bytes),
        "ripemd160" => hex::<Ripemd160>(bytes),
        "sm3" => hex::<Sm3>(bytes),
        // OpenSSL's MD5-SHA1 (TLS 1.0's PRF hash): the two digests side by side.
        "md5-sha1" => hex::<Md5>(bytes) + &hex::<Sha1>(bytes),
        "shake_128" | "shake_256" => {
            return Err(EvalError::type_error("hexdigest() missing required argument 'length' (pos 1)"))
        }
        _ => {
            return Err(EvalError::value(format!(
                "hotplate does not implement the {algorithm} digest (Heat would compute it)"
            ))
            .with_code("unsupported-digest"))
        }
    })
}

#[cfg(test)]
mod tests {
    use crate::testing::{eval_output, eval_output_err};

    #[test]
    fn digests_latin1_bytes() {
        assert_eq!(eval_output("", "{digest: [md5, hello]}"), "\"5d41402abc4b2a76b9719d911017c592\"");
        assert_eq!(eval_output("", "{digest: [SHA1, hello]}"), "\"aaf4c61ddcc5e8a2dabede0f3b482cd9aea9434d\"");
        // é is one byte (0xE9) in Latin-1.
        assert_eq!(eval_output("", "{digest: [md5, é]}"), "\"3406877694691ddd1dfb0aca54681407\"");
    }

    #[test]
    fn errors() {
        assert_eq!(
            eval_output_err("", "{digest: [md5, '€']}"),
            "'latin-1' codec can't encode character '\\u20ac' in position 0: ordinal not in range(256)"
        );
        assert_eq!(eval_output_err("", "{digest: [BLAKE2B, x]}"), "unsupported hash type BLAKE2B");
        assert_eq!(eval_output_err("", "{digest: [md5]}"), "Function \"digest\" usage: [\"<algorithm>\", \"<value>\"]");
    }
}
