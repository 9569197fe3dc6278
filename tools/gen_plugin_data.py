#!/usr/bin/env python3
"""Dump what the property validation needs of Heat's resource plugins.

Runs real Heat (the oracle's venv) and records, per registered type:

  * ``properties``: the property schema in Heat's definition order (the order
    ``Properties.validate`` walks, which decides the first error), recursively,
    with every constraint in order (``description`` included: Heat reports a
    constraint's description instead of its own message when it has one);
  * ``translation``: the translation rules of a resource of that type built
    with no properties (``Resource.translation_rules``), without RESOLVE rules
    (those need a service and are never applied during validation:
    ``reparse(client_resolve=False)``).

The resource-type catalogue (``../shared/spec/resource-types.json``) has the
same schemas with sorted keys; ``tools/gen_catalogue.py`` reads both.

    PY="$(../shared/oracle/setup.sh)"
    "$PY" tools/gen_plugin_data.py > tools/heat-plugin-data.json
"""
import json
import math
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ORACLE = os.path.join(HERE, "..", "..", "shared", "oracle")


def _json(value):
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        return int(value)
    if isinstance(value, float):
        if math.isnan(value) or math.isinf(value):
            return str(value)
        return value
    if isinstance(value, dict):
        return dict((str(k), _json(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return [_json(v) for v in value]
    return str(value)


def constraint(c):
    from heat.engine import constraints as constr
    out = {}
    if isinstance(c, constr.Length):
        out["length"] = {"min": _json(c.min), "max": _json(c.max)}
    elif isinstance(c, constr.Range):
        out["range"] = {"min": _json(c.min), "max": _json(c.max)}
    elif isinstance(c, constr.Modulo):
        out["modulo"] = {"step": _json(c.step), "offset": _json(c.offset)}
    elif isinstance(c, constr.AllowedValues):
        out["allowed_values"] = _json(list(c.allowed))
    elif isinstance(c, constr.AllowedPattern):
        out["allowed_pattern"] = c.pattern
    elif isinstance(c, constr.CustomConstraint):
        out["custom_constraint"] = c.name
    else:
        raise SystemExit("unknown constraint %r" % (c,))
    if c.description is not None:
        out["description"] = c.description
    return out


def schema(s):
    from heat.engine import constraints as constr
    from heat.engine import support
    out = {"type": s.type}
    if s.required:
        out["required"] = True
    if s.default is not None:
        out["default"] = _json(s.default)
    if not s.implemented:
        out["implemented"] = False
    if s.constraints:
        out["constraints"] = [constraint(c) for c in s.constraints]
    status = getattr(s, "support_status", None)
    if status is not None and status.status == support.HIDDEN:
        out["hidden"] = True
    if s.update_allowed:
        out["update_allowed"] = True
    if s.schema is not None:
        if isinstance(s.schema, constr.AnyIndexDict):
            out["item"] = schema(s.schema.value)
        else:
            out["keys"] = [[n, schema(sub)] for n, sub in s.schema.items()]
    return out


def rules_of(res):
    from heat.engine import translation
    out = []
    try:
        rules = res.translation_rules(res.properties) or []
    except Exception as exc:  # noqa: BLE001 - recorded, not hidden
        return {"error": "%s: %s" % (type(exc).__name__, exc)}
    for r in rules:
        if r.rule == translation.TranslationRule.RESOLVE:
            continue
        entry = {"rule": r.rule, "path": list(r.translation_path)}
        if r.value is not None:
            entry["value"] = _json(r.value)
        if r.value_name is not None:
            entry["value_name"] = r.value_name
        if r.value_path is not None:
            entry["value_path"] = list(r.value_path)
        if r.custom_value_path is not None:
            entry["custom_value_path"] = list(r.custom_value_path)
        out.append(entry)
    return out


def main():
    sys.path.insert(0, ORACLE)
    import heat_oracle
    heat_oracle.init_heat()
    heat_oracle.set_mode("full")
    from heat.engine import environment
    from heat.engine import properties
    from heat.engine import resources
    from heat.engine import rsrc_defn
    from heat.engine import stack as parser
    from heat.engine import template as templatem

    env = resources.global_env()
    registry = env.registry
    tmpl = templatem.Template({"heat_template_version": "2018-08-31"})
    ctx = heat_oracle._make_context(heat_oracle.DEFAULT_PROJECT_ID)
    stack = parser.Stack(ctx, "gen", tmpl)
    types = {}
    for name in sorted(registry._registry):
        info = registry._registry[name]
        if isinstance(info, dict) or not isinstance(info, environment.ClassResourceInfo):
            continue
        cls = info.get_class()
        entry = {
            "properties": [[n, schema(properties.Schema.from_legacy(s))]
                           for n, s in cls.properties_schema.items()],
            # The service an external_id is looked up in (the oracle's
            # _external_lookup_needs_service), or null.
            "external_service": (cls.default_client_name
                                 if heat_oracle._external_lookup_needs_service(cls)
                                 else None),
        }
        try:
            defn = rsrc_defn.ResourceDefinition("r", name, {})
            full = heat_oracle._full_class_for(cls)
            res = full("r", defn, stack)
            entry["translation"] = rules_of(res)
        except BaseException as exc:  # noqa: BLE001
            entry["translation"] = {"error": "%s: %s" % (type(exc).__name__, exc)}
        types[name] = entry
    json.dump({"generator": "tools/gen_plugin_data.py", "types": types},
              sys.stdout, indent=1, sort_keys=False)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
