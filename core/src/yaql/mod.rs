//! TEMPORARY placeholder until the yaql branch lands (never committed to main).
use crate::value::Value;
/// Error.
pub struct YaqlError {
    /// class
    pub class: String,
    /// message
    pub message: String,
}
/// Parsed.
pub struct Expression(String);
/// Parse.
pub fn parse(e: &str) -> Result<Expression, YaqlError> {
    Ok(Expression(e.to_string()))
}
/// Evaluate.
pub fn evaluate(_e: &Expression, _d: &Value) -> Result<Value, YaqlError> {
    Err(YaqlError { class: "NotImplemented".into(), message: "yaql pending".into() })
}
