//! `show_nested`: `Stack.get_nested_parameters`. Each nested-stack resource's
//! stack is built as `get_nested_parameters_stack()` builds it (a provider's
//! template with the parameters its properties give, a group of one member;
//! [`crate::engine::nested::parameters_stack`]), not validated: its
//! parameters with their values, then its own resources (conditions
//! evaluated, types looked up) for the next level. Errors raised on the way
//! are not `{'Error'}`: they reach the client as their own classes.

use super::answer;
use crate::engine::stages::graph::Graph;
use crate::engine::stages::outputs::Outputs;
use crate::engine::stages::{self, Failed};
use crate::engine::{resources, Driver, Parts, StackInput};
use crate::model::validate::NestedParameters;
use indexmap::IndexMap;

/// `NestedParameters` of a stack: an entry per nested-stack resource, in
/// template order.
/// `top_cfn`: the validated template's format (its pseudo parameters are
/// the ones left out at every level).
pub(super) fn parameters(
    run: &mut Driver,
    input: &StackInput<'_>,
    parts: &Parts,
    top_cfn: bool,
) -> Result<IndexMap<String, NestedParameters>, Failed> {
    let mut out = IndexMap::new();
    for d in &parts.definitions.defns {
        let entry = run.parameters_stack(input, parts, d, |run, child| {
            let description = answer::description(child.root, child.version);
            let params = answer::parameters(child, top_cfn);
            let parameter_groups = answer::parameter_groups(child.root, child.version);
            let child_parts = built(run, child)?;
            let nested = parameters(run, child, &child_parts, top_cfn)?;
            Ok(NestedParameters {
                kind: d.type_name.to_string(),
                description,
                parameters: params,
                parameter_groups,
                nested_parameters: (!nested.is_empty()).then_some(nested),
            })
        })?;
        if let Some(entry) = entry {
            out.insert(d.name.to_string(), entry);
        }
    }
    Ok(out)
}

/// A nested stack as Heat builds it (`Stack(...)`, then `stack.resources`):
/// its parameters' values, its conditions and resource definitions with
/// their types; nothing validated, no dependency graph, no outputs.
fn built(run: &mut Driver, input: &StackInput<'_>) -> Result<Parts, Failed> {
    let structure = stages::structure::unchecked(input);
    let mut stack = run.apply(stages::parameters::values(input, &structure, run.treatment()))?;
    stack.mode = run.mode;
    let conditions = run.apply(stages::conditions::conditions(input, &structure, &mut stack))?;
    let definitions = run.apply(stages::definitions::definitions(input, &structure, &mut stack))?;
    let graph = Graph { graph: resources::Graph::default(), requires: Vec::new() };
    Ok(Parts { stack, conditions, definitions, graph, outputs: Outputs::default() })
}
