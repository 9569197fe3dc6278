#!/usr/bin/env python3
"""Generate core/src/catalogue/data.rs from Heat's resource-type catalogue.

The catalogue (../shared/spec/resource-types.json) is produced by running real
Heat; this script only re-encodes what the engine needs: the type names as a
sorted array, and one text record per type (line-oriented, read on first use
by core/src/catalogue/decode.rs, which documents the format). Text compresses
far better in the wasm module than nested `&'static` structs (pointers and
padding): ARCHITECTURE.md, "The wasm package", Size.
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


PROP_KINDS = {"String": "S", "Integer": "I", "Number": "N", "Boolean": "B", "Map": "M", "List": "L", "Any": "A"}

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

# The record format (one line per item; read by catalogue/decode.rs, which
# documents it): a text is the line itself, a count a decimal line, an optional
# text `~` (none) or `=` and the text, an optional literal `~` or the literal.


def line(s):
    """A text as one line of a record (no line breaks in the data, checked)."""
    if not isinstance(s, str) or "\n" in s or "\r" in s:
        sys.exit("gen_catalogue: %r cannot be a record line" % (s,))
    return [s]


def opt_text(v):
    return ["~"] if v is None else line("=" + v)


def texts(items):
    items = list(items)
    return [str(len(items))] + [x for i in items for x in line(i)]


def opt_texts(v):
    return ["~"] if v is None else texts(v)


def lit(v):
    """A literal (catalogue::Lit): a tag letter and its payload on one line,
    lists and maps followed by their items."""
    if v is None:
        return ["n"]
    if isinstance(v, bool):
        return ["t" if v else "f"]
    if isinstance(v, int):
        if not -2**63 <= v < 2**63:
            sys.exit("gen_catalogue: integer literal %d does not fit i64" % v)
        return ["i%d" % v]
    if isinstance(v, float):
        if v != v or v in (float("inf"), float("-inf")):
            sys.exit("gen_catalogue: unsupported float literal %r" % v)
        return ["d%r" % v]
    if isinstance(v, str):
        return line("s" + v)
    if isinstance(v, list):
        return ["l%d" % len(v)] + [x for i in v for x in lit(i)]
    if isinstance(v, dict):
        if set(v) == {"$prop"}:
            return line("p" + v["$prop"])
        return ["m%d" % len(v)] + [x for k, i in v.items() for x in line(k) + lit(i)]
    sys.exit("gen_catalogue: unsupported literal %r" % (v,))


def opt_lit(v, present=True):
    return lit(v) if present else ["~"]


def constraint(c):
    if "range" in c or "length" in c:
        r = c.get("range") or c.get("length")
        rule = ["r" if "range" in c else "g"] + opt_lit(r.get("min"), "min" in r and r["min"] is not None) \
            + opt_lit(r.get("max"), "max" in r and r["max"] is not None)
    elif "modulo" in c:
        rule = ["o"] + lit(c["modulo"]["step"]) + lit(c["modulo"]["offset"])
    elif "allowed_values" in c:
        rule = ["v%d" % len(c["allowed_values"])] + [x for v in c["allowed_values"] for x in lit(v)]
    elif "allowed_pattern" in c:
        rule = line("p" + c["allowed_pattern"])
    elif "custom_constraint" in c:
        rule = line("c" + c["custom_constraint"])
    else:
        sys.exit("gen_catalogue: unknown constraint %r" % (c,))
    return rule + opt_text(c.get("description"))


def prop_schema(name, s):
    """A property schema: its name; its kind letter with flags (`r` required,
    `x` not implemented, `u` update allowed, `d` a default follows, `i` an item
    schema follows, `k` key schemas follow); the default; the constraints
    (a count, then each); the item schema; the key schemas (a count, then each)."""
    flags = PROP_KINDS[s["type"]]
    flags += "r" if s.get("required") else ""
    flags += "x" if s.get("implemented") is False else ""
    flags += "u" if s.get("update_allowed") else ""
    flags += "d" if "default" in s else ""
    flags += "i" if "item" in s else ""
    flags += "k" if "keys" in s else ""
    out = line(name) + [flags]
    if "default" in s:
        out += lit(s["default"])
    cs = s.get("constraints", [])
    out += [str(len(cs))] + [x for c in cs for x in constraint(c)]
    if "item" in s:
        out += prop_schema("*", s["item"])
    if "keys" in s:
        out += [str(len(s["keys"]))] + [x for n, sub in s["keys"] for x in prop_schema(n, sub)]
    return out


TRANS_KINDS = {"Add": "a", "Replace": "r", "Delete": "d"}


def trans_rule(r):
    return ([TRANS_KINDS[r["rule"]]] + texts(r["path"]) + (lit(r["value"]) if r.get("value") is not None else ["~"])
            + opt_text(r.get("value_name")) + opt_texts(r.get("value_path"))
            + opt_texts(r.get("custom_value_path")) + opt_text(r.get("when")))


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
    return [str(len(rules))] + [x for r in rules for x in trans_rule(r)]


FIELD_LETTERS = {"integer": "i", "number": "n", "string": "s"}


def update_policy(t):
    """A type's update-policy schema (maps of scalar fields): a count, then
    each entry's name and fields (a count, then name, kind letter, minimum)."""
    out = []
    policy = t.get("update_policy") or {}
    names = policy_order(policy)
    out.append(str(len(names)))
    for name in names:
        entry = policy[name]
        if entry.get("type") != "map":
            sys.exit("gen_catalogue: update policy %s is not a map" % name)
        schema = entry.get("schema") or {}
        fnames = policy_order(schema)
        out += line(name) + [str(len(fnames))]
        for fname in fnames:
            f = schema[fname]
            minimum = "~"
            for c in f.get("constraints") or []:
                if set(c) != {"range"} or set(c["range"]) != {"min"}:
                    sys.exit("gen_catalogue: unsupported update-policy constraint %r" % c)
                minimum = "=%d" % c["range"]["min"]
            out += line(fname) + [FIELD_LETTERS[f["type"]], minimum]
    return out


def raw_str(s):
    """A Rust raw string literal of `s`."""
    hashes = "#"
    while '"' + hashes in s:
        hashes += "#"
    return "r%s\"%s\"%s" % (hashes, s, hashes)


def clip(text, n):
    """`text` in at most `n` characters: a longer one is cut at a word boundary and ends with an ellipsis."""
    if len(text) <= n:
        return text
    cut = text[: n - 1]
    if " " in cut:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,;:") + "\u2026"


def record(name, t, plugin):
    """One type's record (catalogue/decode.rs reads it in this order)."""
    status = (t.get("support_status") or {}).get("status", "SUPPORTED")
    flags = ("d" if t.get("dynamic_attributes") else "") + ("n" if t.get("none_resource") else "") \
        + ("s" if t.get("snapshot") else "")
    out = line(status) + [flags] + line(t["plugin"].rsplit(".", 1)[-1]) + opt_text(plugin.get("external_service"))
    out += line(clip(t.get("description", ""), 200))
    attrs = sorted(t.get("attributes", {}))
    out.append(str(len(attrs)))
    for a in attrs:
        out += line(a) + line(clip(((t["attributes"][a] or {}).get("description") or "").split("\n")[0], 160))
    out += update_policy(t)
    names = sorted(n for n, _ in plugin["properties"])
    if names != sorted(t.get("properties", {})):
        sys.exit("gen_catalogue: %s: the plugin data and the catalogue disagree on property names" % name)
    for n, p in plugin["properties"]:
        if PROP_KINDS[p["type"]] != {"string": "S", "integer": "I", "number": "N", "boolean": "B", "map": "M",
                                     "list": "L", "any": "A"}[t["properties"][n].get("type", "any")]:
            sys.exit("gen_catalogue: %s.%s: the plugin data and the catalogue disagree on its type" % (name, n))
    out.append(str(len(plugin["properties"])))
    for n, p in plugin["properties"]:
        out += prop_schema(n, p)
        out += line(clip((t["properties"][n].get("description") or "").split("\n")[0], 160))
    out += translation(name, plugin)
    return "\n".join(out)


def main(path):
    data = json.load(open(path, encoding="utf-8"))
    plugins = json.load(open(PLUGIN_DATA, encoding="utf-8"))["types"]
    out = []
    out.append("// @generated by tools/gen_catalogue.py from Heat %s's resource-type catalogue. Do not edit."
               % data["heat_version"])
    out.append("use super::{Alias, AliasKind};")
    out.append("")
    out.append("/// The shipped default environment's aliases (`etc/heat/environment.d`).")
    out.append("pub const ALIASES: &[Alias] = &[")
    for name, a in sorted(data["global_environment_aliases"].items()):
        kind = {"Mapping": "Mapping", "Wildcard Mapping": "Wildcard", "Template": "Template"}[a["kind"]]
        out.append("    Alias { name: %s, kind: AliasKind::%s, target: %s }," % (rust_str(name), kind, rust_str(a["value"])))
    out.append("];")
    out.append("")
    names = sorted(data["types"])
    for name in names:
        if name not in plugins:
            sys.exit("gen_catalogue: %s is not in %s" % (name, PLUGIN_DATA))
    out.append("/// Every resource type Heat registers, sorted by name.")
    out.append("pub(super) static NAMES: [&str; %d] = [" % len(names))
    for name in names:
        out.append("    %s," % rust_str(name))
    out.append("];")
    out.append("")
    out.append("/// Each type's record, parallel to `NAMES` (the format is in `decode.rs`).")
    out.append("#[rustfmt::skip]")
    out.append("pub(super) static RECORDS: [&str; %d] = [" % len(names))
    for name in names:
        out.append("// %s" % name)
        out.append(raw_str(record(name, data["types"][name], plugins[name])) + ",")
    out.append("];")
    print("\n".join(out))


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "../shared/spec/resource-types.json")
