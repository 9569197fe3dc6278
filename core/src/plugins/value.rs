//! `OS::Heat::Value` (`heat.engine.resources.openstack.heat.value.Value.reparse`):
//! a known `type` replaces the `value` property's schema by one of that type,
//! so the value is converted (and fails) as that type.

use crate::catalogue::{Lit, PropConstraint, PropKind, PropSchema, Rule};
use crate::value::Map;

const fn value(kind: PropKind) -> PropSchema {
    PropSchema {
        name: "value",
        kind,
        required: true,
        implemented: true,
        update_allowed: true,
        default: None,
        constraints: &[],
        item: None,
        keys: None,
    }
}

/// The generated `type` property (checked against the catalogue below).
const TYPE: PropSchema = PropSchema {
    name: "type",
    kind: PropKind::String,
    required: false,
    implemented: true,
    update_allowed: true,
    default: None,
    constraints: &[PropConstraint {
        rule: Rule::AllowedValues(&[
            Lit::Str("string"),
            Lit::Str("number"),
            Lit::Str("comma_delimited_list"),
            Lit::Str("json"),
            Lit::Str("boolean"),
        ]),
        description: None,
    }],
    item: None,
    keys: None,
};

/// Parameter type → the `value` schema Heat builds for it.
static TYPED: [(&str, [PropSchema; 2]); 5] = [
    ("string", [value(PropKind::String), TYPE]),
    ("number", [value(PropKind::Number), TYPE]),
    ("comma_delimited_list", [value(PropKind::List), TYPE]),
    ("json", [value(PropKind::Map), TYPE]),
    ("boolean", [value(PropKind::Boolean), TYPE]),
];

pub(super) fn reparse(props: &Map) -> Option<&'static [PropSchema]> {
    let kind = props.get_str("type")?.as_str()?;
    TYPED.iter().find(|(k, _)| *k == kind).map(|(_, s)| s.as_slice())
}

#[cfg(test)]
mod tests {
    use crate::testing::{eval_result_error, template_error};

    #[test]
    fn schemas_match_the_catalogue() {
        let generated = crate::catalogue::entry("OS::Heat::Value").expect("Value").schema;
        for (_, schema) in super::TYPED.iter() {
            assert_eq!(schema.len(), generated.len());
            for (ours, theirs) in schema.iter().zip(generated) {
                assert_eq!(ours.name, theirs.name);
                if ours.name == "type" {
                    assert_eq!(ours, theirs);
                } else {
                    assert_eq!((ours.required, ours.update_allowed), (theirs.required, theirs.update_allowed));
                }
            }
        }
    }

    // Expected messages from the oracle (real Heat, full mode).
    fn value(props: &str) -> String {
        eval_result_error(&format!("resources:\n  v:\n    type: OS::Heat::Value\n    properties:\n{props}"), "x")
    }

    #[test]
    fn the_value_has_the_declared_type() {
        assert_eq!(
            value("      type: number\n      value: three\n"),
            "Property error: resources.v.properties.value: could not convert string to float: 'three'"
        );
        assert_eq!(
            value("      type: boolean\n      value: perhaps\n"),
            "Property error: resources.v.properties.value: \"perhaps\" is not a valid boolean"
        );
        assert_eq!(
            value("      type: json\n      value: [1]\n"),
            "Property error: resources.v.properties.value: \"[1]\" is not a map"
        );
        assert_eq!(
            value("      type: comma_delimited_list\n      value: a,b\n"),
            "Property error: resources.v.properties.value: \"'a,b'\" is not a list"
        );
        // An unknown type fails on its own constraint; no type: anything goes.
        let t = "heat_template_version: 2021-04-16\nresources:\n  v:\n    type: OS::Heat::Value\n    properties:\n      value: three\n";
        assert_eq!(template_error(t), None);
    }
}
