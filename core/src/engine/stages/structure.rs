//! The structure stage: the template's sections (document order), then its
//! resources' shape. A CloudFormation-format template is checked as written,
//! then read with the HOT names, so every later stage is shared.

use std::borrow::Cow;

use super::Staged;
use crate::engine::{cfn, resources, template_sections, StackInput};
use crate::eval::EvalError;
use crate::pyfmt::py_str;
use crate::syntax::Node;

/// The template as the later stages read it.
pub(crate) struct Structure<'a> {
    /// The template (a CloudFormation one with the HOT names).
    pub(crate) root: Cow<'a, Node>,
}

impl Structure<'_> {
    /// A top-level section, unless it is absent or null.
    pub(crate) fn section(&self, name: &str) -> Option<&Node> {
        self.root.get(name).filter(|n| !n.is_null())
    }

    /// The `resources` entries (none when the section is absent or not a map).
    pub(crate) fn resources(&self) -> &[(Node, Node)] {
        self.section("resources").and_then(Node::as_map).unwrap_or(&[])
    }
}

/// The template read as the later stages read it, without the structure
/// checks (a nested stack that is built but not validated:
/// `get_nested_parameters_stack`).
pub(crate) fn unchecked<'a>(input: &StackInput<'a>) -> Structure<'a> {
    if input.version.is_cfn() {
        return Structure { root: Cow::Owned(cfn::normalize(input.root, input.version)) };
    }
    Structure { root: Cow::Borrowed(input.root) }
}

/// The structure stage.
pub(crate) fn structure<'a>(input: &StackInput<'a>) -> Staged<Structure<'a>> {
    let version = input.version;
    if version.is_cfn() {
        let mut out = Staged::new(Structure { root: Cow::Owned(cfn::normalize(input.root, version)) });
        if let Err(e) = cfn::validate(input.root, version, input.config.max_resources_per_stack) {
            out.stop(e);
        }
        return out;
    }
    let root = input.root;
    let mut out = Staged::new(Structure { root: Cow::Borrowed(root) });
    let top = root.as_map().unwrap_or(&[]);
    for (k, _) in top {
        let key = py_str(&k.to_value());
        if !template_sections(version).contains(&key.as_str()) {
            // A display evaluation reads the valid sections all the same.
            out.stop(
                EvalError::svf(format!("The template section is invalid: {key}")).with_code("bad-section").at(k.span),
            );
        }
    }
    if let Some(rn) = out.part.section("resources") {
        if let Err(e) = resources::validate_structure(rn, version, input.config.max_resources_per_stack) {
            out.stop(e);
        }
    }
    out
}
