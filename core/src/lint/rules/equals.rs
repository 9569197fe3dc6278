//! What W8002 and W8003 share: the `equals` calls that compare a typed
//! parameter (`get_param: name`) with a literal.

use crate::engine::parameters::ParamSchema;
use crate::functions;
use crate::lint::model::Call;
use crate::lint::Ctx;
use crate::syntax::Node;
use crate::value::Value;

/// An `equals` of a parameter and a literal: the call, the parameter's
/// schema and name, the literal and its node.
pub(super) struct ParamEquals<'c, 'a> {
    pub call: &'c Call<'a>,
    pub param: &'a str,
    pub schema: &'c ParamSchema,
    pub literal: Value,
    pub node: &'a Node,
}

pub(super) fn param_equals<'c, 'a>(cx: &'c Ctx<'a>) -> Vec<ParamEquals<'c, 'a>> {
    let mut out = Vec::new();
    for call in cx.calls_of([&functions::equals::EQUALS]) {
        let Some([a, b]) = call.args.as_list() else { continue };
        for (p, other) in [(a, b), (b, a)] {
            let Some([(k, name)]) = p.as_map() else { continue };
            if k.as_str() != Some("get_param") {
                continue;
            }
            let Some(param) = name.as_str().and_then(|n| cx.param(n)) else { continue };
            let (Some(schema), Some(literal)) = (param.schema.as_ref(), cx.literal(other)) else { continue };
            out.push(ParamEquals { call, param: param.name, schema, literal, node: other });
        }
    }
    out
}
