//! The syntax tree: loaded values with spans.

use std::rc::Rc;

use crate::source::Span;
use crate::value::{Map, Value};

/// A loaded value with the span it came from.
#[derive(Clone, Debug)]
pub struct Node {
    /// Where it is in its source (for a merged or aliased node: where it was written).
    pub span: Span,
    /// What it is.
    pub kind: NodeKind,
}

/// The shape of a node.
#[derive(Clone, Debug)]
pub enum NodeKind {
    /// A resolved scalar (never `Value::List`/`Value::Map`).
    Scalar(Value),
    /// A sequence (shared: a copy of a node is a reference to the same items).
    List(Rc<Vec<Node>>),
    /// A mapping, in Python dict order: duplicate keys already collapsed (the first
    /// key's position, the last value), merge keys (`<<`) already applied.
    /// Keys are scalars. Shared as a list's items are.
    Map(Rc<Vec<(Node, Node)>>),
}

impl Node {
    /// A node from a value, every part at `span` (for values that came without text).
    pub fn from_value(value: &Value, span: Span) -> Node {
        let kind = match value {
            Value::List(items) => NodeKind::List(Rc::new(items.iter().map(|v| Node::from_value(v, span)).collect())),
            Value::Map(m) => NodeKind::Map(Rc::new(
                m.iter().map(|(k, v)| (Node::from_value(k, span), Node::from_value(v, span))).collect(),
            )),
            scalar => NodeKind::Scalar(scalar.clone()),
        };
        Node { span, kind }
    }

    /// [`Node::from_value`] where a list or map met twice (the same
    /// allocation: a group's members share their properties) becomes one
    /// node, its items shared too.
    pub fn from_value_shared(value: &Value, span: Span) -> Node {
        fn walk(value: &Value, span: Span, seen: &mut std::collections::HashMap<usize, Node>) -> Node {
            // Only a value held more than once can be met twice.
            let ptr = match value {
                Value::List(items) => (Rc::strong_count(items) > 1).then_some(Rc::as_ptr(items) as usize),
                Value::Map(m) => (Rc::strong_count(m) > 1).then_some(Rc::as_ptr(m) as usize),
                scalar => return Node { span, kind: NodeKind::Scalar(scalar.clone()) },
            };
            if let Some(node) = ptr.and_then(|p| seen.get(&p)) {
                return node.clone();
            }
            let kind = match value {
                Value::List(items) => NodeKind::List(Rc::new(items.iter().map(|v| walk(v, span, seen)).collect())),
                Value::Map(m) => {
                    NodeKind::Map(Rc::new(m.iter().map(|(k, v)| (walk(k, span, seen), walk(v, span, seen))).collect()))
                }
                scalar => NodeKind::Scalar(scalar.clone()),
            };
            let node = Node { span, kind };
            // `value` is borrowed for the whole walk: its address is its own.
            if let Some(p) = ptr {
                seen.insert(p, node.clone());
            }
            node
        }
        walk(value, span, &mut std::collections::HashMap::new())
    }

    /// The plain value (spans dropped).
    pub fn to_value(&self) -> Value {
        match &self.kind {
            NodeKind::Scalar(v) => v.clone(),
            NodeKind::List(items) => Value::list(items.iter().map(Node::to_value).collect()),
            NodeKind::Map(entries) => {
                let mut m = Map::with_capacity(entries.len());
                for (k, v) in entries.iter() {
                    // Keys are scalars by construction, so this cannot fail.
                    let _ = m.insert(k.to_value(), v.to_value());
                }
                Value::map(m)
            }
        }
    }

    /// Python truthiness of its value (`to_value().truthy()` without the copy).
    pub fn truthy(&self) -> bool {
        match &self.kind {
            NodeKind::Scalar(v) => v.truthy(),
            NodeKind::List(items) => !items.is_empty(),
            NodeKind::Map(entries) => !entries.is_empty(),
        }
    }

    /// The scalar value, if this is a scalar.
    pub fn scalar(&self) -> Option<&Value> {
        match &self.kind {
            NodeKind::Scalar(v) => Some(v),
            _ => None,
        }
    }

    /// The string, if this is a string scalar.
    pub fn as_str(&self) -> Option<&str> {
        self.scalar().and_then(Value::as_str)
    }

    /// The entries, if this is a map.
    pub fn as_map(&self) -> Option<&[(Node, Node)]> {
        match &self.kind {
            NodeKind::Map(e) => Some(e),
            _ => None,
        }
    }

    /// The items, if this is a list.
    pub fn as_list(&self) -> Option<&[Node]> {
        match &self.kind {
            NodeKind::List(items) => Some(items),
            _ => None,
        }
    }

    /// Map lookup by string key.
    pub fn get(&self, key: &str) -> Option<&Node> {
        self.as_map()?.iter().find(|(k, _)| k.as_str() == Some(key)).map(|(_, v)| v)
    }

    /// True for a null scalar.
    pub fn is_null(&self) -> bool {
        matches!(self.kind, NodeKind::Scalar(Value::Null))
    }

    /// Python's type name of the value.
    pub fn type_name(&self) -> &'static str {
        match &self.kind {
            NodeKind::Scalar(v) => v.type_name(),
            NodeKind::List(_) => "list",
            NodeKind::Map(_) => "dict",
        }
    }
}
