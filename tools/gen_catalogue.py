#!/usr/bin/env python3
"""Generate core/src/catalogue/data.rs from Heat's resource-type catalogue.

The catalogue (../shared/spec/resource-types.json) is produced by running real
Heat; this script only re-encodes what the engine needs as Rust statics.
Property schemas in Heat's definition order (the catalogue's JSON has sorted
keys, and the order decides which error Heat reports first) and translation
rules come from tools/data/heat-plugin-data.json, also produced by running
real Heat (tools/gen_plugin_data.py).

    python3 tools/gen_catalogue.py ../shared/spec/resource-types.json > core/src/catalogue/data.rs
"""
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
PLUGIN_DATA = os.path.join(HERE, "data", "heat-plugin-data.json")


def rust_str(s):
    return json.dumps(s, ensure_ascii=False)


def strs(items):
    return "&[" + ", ".join(rust_str(i) for i in items) + "]"


# Heat validates an update policy in its schema's definition order (the first
# failing entry is reported), while the catalogue's JSON has sorted keys. The
# order of Heat's definitions; golden cases update_policy_* (results from the
# oracle) pin it.
POLICY_ORDER = [
    "rolling_update", "batch_create", "min_in_service", "max_batch_size", "pause_time",
    "AutoScalingRollingUpdate", "RollingUpdate", "MinInstancesInService", "MaxBatchSize", "PauseTime",
]
FIELD_KINDS = {"integer": "Integer", "number": "Number", "string": "String"}


def policy_order(names):
    missing = [n for n in names if n not in POLICY_ORDER]
    if missing:
        sys.exit("gen_catalogue: update-policy keys with unknown order: %s" % missing)
    return sorted(names, key=POLICY_ORDER.index)


def update_policy(t):
    """Rust source of a type's update-policy schema (maps of scalar fields)."""
    entries = []
    policy = t.get("update_policy") or {}
    for name in policy_order(policy):
        entry = policy[name]
        if entry.get("type") != "map":
            sys.exit("gen_catalogue: update policy %s is not a map" % name)
        fields = []
        schema = entry.get("schema") or {}
        for fname in policy_order(schema):
            f = schema[fname]
            minimum = "None"
            for c in f.get("constraints") or []:
                if set(c) != {"range"} or set(c["range"]) != {"min"}:
                    sys.exit("gen_catalogue: unsupported update-policy constraint %r" % c)
                minimum = "Some(%d)" % c["range"]["min"]
            fields.append("PolicyField { name: %s, kind: FieldKind::%s, min: %s }"
                          % (rust_str(fname), FIELD_KINDS[f["type"]], minimum))
        entries.append("UpdatePolicy { name: %s, fields: &[%s] }" % (rust_str(name), ", ".join(fields)))
    return "&[%s]" % ", ".join(entries)


PROP_KINDS = {"String": "String", "Integer": "Integer", "Number": "Number", "Boolean": "Boolean",
              "Map": "Map", "List": "List", "Any": "Any"}

# Translation rules that a plugin adds only when a property is set
# (`translation_rules` reads `props.get(...)` first), as a table: a rule of
# the dump is unconditional. {"$prop": name} in a value is that property's
# value.
CONDITIONAL_RULES = {
    "OS::Heat::RandomString": [
        {"when": "sequence", "rule": "Add", "path": ["character_classes"],
         "value": [{"class": {"$prop": "sequence"}, "min": 1}]},
        {"when": "sequence", "rule": "Delete", "path": ["sequence"]},
    ],
    "OS::Magnum::BayModel": [
        {"when": "ssh_authorized_key", "rule": "Delete", "path": ["ssh_authorized_key"]},
    ],
    "OS::Neutron::Router": [
        {"when": "l3_agent_id", "rule": "Add", "path": ["l3_agent_ids"], "value": [{"$prop": "l3_agent_id"}]},
        {"when": "l3_agent_id", "rule": "Delete", "path": ["l3_agent_id"]},
    ],
}


def lit(v):
    """A generated-data literal (crate::catalogue::Lit)."""
    if v is None:
        return "Lit::Null"
    if isinstance(v, bool):
        return "Lit::Bool(%s)" % ("true" if v else "false")
    if isinstance(v, int):
        return "Lit::Int(%d)" % v
    if isinstance(v, float):
        return "Lit::Float(%r)" % v if "e" in repr(v) or "." in repr(v) else "Lit::Float(%r.0)" % v
    if isinstance(v, str):
        return "Lit::Str(%s)" % rust_str(v)
    if isinstance(v, list):
        return "Lit::List(&[%s])" % ", ".join(lit(i) for i in v)
    if isinstance(v, dict):
        if set(v) == {"$prop"}:
            return "Lit::Prop(%s)" % rust_str(v["$prop"])
        return "Lit::Map(&[%s])" % ", ".join("(%s, %s)" % (rust_str(k), lit(i)) for k, i in v.items())
    sys.exit("gen_catalogue: unsupported literal %r" % (v,))


def opt(v, f):
    return "None" if v is None else "Some(%s)" % f(v)


def constraint(c):
    desc = opt(c.get("description"), rust_str)
    if "range" in c or "length" in c:
        kind = "Range" if "range" in c else "Length"
        r = c.get("range") or c.get("length")
        rule = "Rule::%s { min: %s, max: %s }" % (kind, opt(r.get("min"), lit), opt(r.get("max"), lit))
    elif "modulo" in c:
        rule = "Rule::Modulo { step: %s, offset: %s }" % (lit(c["modulo"]["step"]), lit(c["modulo"]["offset"]))
    elif "allowed_values" in c:
        rule = "Rule::AllowedValues(&[%s])" % ", ".join(lit(v) for v in c["allowed_values"])
    elif "allowed_pattern" in c:
        rule = "Rule::AllowedPattern(%s)" % rust_str(c["allowed_pattern"])
    elif "custom_constraint" in c:
        rule = "Rule::Custom(%s)" % rust_str(c["custom_constraint"])
    else:
        sys.exit("gen_catalogue: unknown constraint %r" % (c,))
    return "PropConstraint { rule: %s, description: %s }" % (rule, desc)


def prop_schema(name, s):
    fields = [
        "name: %s" % rust_str(name),
        "kind: PropKind::%s" % PROP_KINDS[s["type"]],
        "required: %s" % ("true" if s.get("required") else "false"),
        "implemented: %s" % ("false" if s.get("implemented") is False else "true"),
        "update_allowed: %s" % ("true" if s.get("update_allowed") else "false"),
        "default: %s" % ("None" if "default" not in s else "Some(%s)" % lit(s["default"])),
        "constraints: &[%s]" % ", ".join(constraint(c) for c in s.get("constraints", [])),
        "item: %s" % ("None" if "item" not in s else "Some(&%s)" % prop_schema("*", s["item"])),
        "keys: %s" % ("None" if "keys" not in s else
                      "Some(&[%s])" % ", ".join(prop_schema(n, sub) for n, sub in s["keys"])),
    ]
    return "PropSchema { %s }" % ", ".join(fields)


def strs_opt(v):
    return "None" if v is None else "Some(%s)" % strs(v)


def trans_rule(r):
    return ("TransRule { kind: TransKind::%s, path: %s, value: %s, value_name: %s, value_path: %s, "
            "custom_value_path: %s, when: %s }" % (
                r["rule"], strs(r["path"]), opt(r.get("value"), lit), opt(r.get("value_name"), rust_str),
                strs_opt(r.get("value_path")), strs_opt(r.get("custom_value_path")),
                opt(r.get("when"), rust_str)))


def translation(name, plugin):
    rules = plugin.get("translation", [])
    if isinstance(rules, dict):
        # The dump could not build a resource with no properties (a rule
        # needs one): such a plugin must be in the table.
        if name not in CONDITIONAL_RULES:
            rules = []
    if rules and name in CONDITIONAL_RULES:
        sys.exit("gen_catalogue: %s has unconditional rules and a table entry" % name)
    rules = list(rules) + CONDITIONAL_RULES.get(name, [])
    return "&[%s]" % ", ".join(trans_rule(r) for r in rules)


def main(path):
    data = json.load(open(path, encoding="utf-8"))
    plugins = json.load(open(PLUGIN_DATA, encoding="utf-8"))["types"]
    out = []
    out.append("// @generated by tools/gen_catalogue.py from Heat %s's resource-type catalogue. Do not edit."
               % data["heat_version"])
    out.append("#![allow(clippy::unreadable_literal, clippy::approx_constant)]")
    out.append("use super::{Alias, AliasKind, FieldKind, Lit, PolicyField, PropConstraint, PropKind, "
               "PropSchema, Rule, TransKind, TransRule, TypeEntry, UpdatePolicy};")
    out.append("")
    out.append("/// Heat's version the catalogue was generated from.")
    out.append("pub const HEAT_VERSION: &str = %s;" % rust_str(data["heat_version"]))
    out.append("")
    out.append("/// The shipped default environment's aliases (`etc/heat/environment.d`).")
    out.append("pub const ALIASES: &[Alias] = &[")
    for name, a in sorted(data["global_environment_aliases"].items()):
        kind = {"Mapping": "Mapping", "Wildcard Mapping": "Wildcard", "Template": "Template"}[a["kind"]]
        out.append("    Alias { name: %s, kind: AliasKind::%s, target: %s }," % (rust_str(name), kind, rust_str(a["value"])))
    out.append("];")
    out.append("")
    out.append("/// Every resource type Heat registers, sorted by name.")
    out.append("pub const TYPES: &[TypeEntry] = &[")
    for name in sorted(data["types"]):
        t = data["types"][name]
        status = (t.get("support_status") or {}).get("status", "SUPPORTED")
        out.append("    TypeEntry {")
        out.append("        name: %s," % rust_str(name))
        out.append("        status: %s," % rust_str(status))
        out.append("        description: %s," % rust_str(t.get("description", "")[:200]))
        out.append("        attributes: %s," % strs(sorted(t.get("attributes", {}))))
        out.append("        attribute_descriptions: %s," % strs(
            ((t["attributes"][a] or {}).get("description") or "").split("\n")[0][:160]
            for a in sorted(t.get("attributes", {}))))
        out.append("        dynamic_attributes: %s," % ("true" if t.get("dynamic_attributes") else "false"))
        out.append("        none_like: %s," % ("true" if t.get("none_resource") else "false"))
        out.append("        snapshot: %s," % ("true" if t.get("snapshot") else "false"))
        out.append("        update_policy: %s," % update_policy(t))
        plugin = plugins.get(name)
        if plugin is None:
            sys.exit("gen_catalogue: %s is not in %s" % (name, PLUGIN_DATA))
        names = sorted(n for n, _ in plugin["properties"])
        if names != sorted(t.get("properties", {})):
            sys.exit("gen_catalogue: %s: the plugin data and the catalogue disagree on property names" % name)
        out.append("        class: %s," % rust_str(t["plugin"].rsplit(".", 1)[-1]))
        out.append("        schema: &[%s]," % ", ".join(prop_schema(n, s) for n, s in plugin["properties"]))
        for n, p in plugin["properties"]:
            if PROP_KINDS[p["type"]].lower() != t["properties"][n].get("type", "any"):
                sys.exit("gen_catalogue: %s.%s: the plugin data and the catalogue disagree on its type" % (name, n))
        out.append("        descriptions: %s," % strs(
            (t["properties"][n].get("description") or "").split("\n")[0][:160] for n, _ in plugin["properties"]))
        out.append("        translation: %s," % translation(name, plugin))
        out.append("        external_service: %s," % opt(plugin.get("external_service"), rust_str))
        out.append("    },")
    out.append("];")
    print("\n".join(out))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "../shared/spec/resource-types.json")
