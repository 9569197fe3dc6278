#!/usr/bin/env python3
"""Generate core/src/plan/data.rs: what Heat's update preview asks of each
resource plugin class.

Runs real Heat (the oracle's venv) and records the registered types whose
update differs from ``Resource``'s (every other type gets the base rules):

  * which of Heat's update hooks the class overrides (``_needs_update``,
    ``needs_replace``, ``needs_replace_with_prop_diff``,
    ``needs_replace_with_tmpl_diff``), as the name of the rule in
    ``core/src/plan/rules.rs`` that mirrors that override;
  * its ``immutable`` properties (changing one is ``NotSupported``);
  * its update policies: a property ``X_update_policy`` beside a property
    ``X`` says how ``handle_update`` applies a change of ``X`` in place (the
    server's ``image_update_policy: REBUILD`` rebuilds it, ``RESIZE`` resizes
    it): ``(X, policy, its default)``, read by ``rules::in_place``.

It checks two facts the engine relies on instead of storing them: each plugin
class is registered under one type name only (so the type the registry
resolved to identifies the class: ``type(current) is not type(new)`` makes a
resource ``replaced``), and no class has class-level
``update_allowed_properties`` (the catalogue's property flags say what updates
in place).  The table stays small: what it adds to the wasm module counts.

The types Heat re-based on ``OS::Heat::None`` run as the oracle's stand-in
(a plain ``Resource`` with no property schema), so they get the base rules,
as the oracle answers for them.  A hook override this script does not know
stops it: mirror it in ``rules.rs`` first, then name it in ``HOOKS``.

    PY="$(../shared/oracle/setup.sh)"
    "$PY" tools/gen_plan_data.py > core/src/plan/data.rs && cargo fmt
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ORACLE = os.path.join(os.environ.get("HOTPLATE_SHARED") or
                      os.path.join(HERE, "..", "..", "shared"), "oracle")

# (hook, the class that defines it) -> the Rust rule mirroring it.
HOOKS = {
    ("_needs_update", "StackResource"): ("NeedsUpdate", "NestedStack"),
    ("_needs_update", "RemoteStack"): ("NeedsUpdate", "NestedStack"),
    ("_needs_update", "UpdateWaitConditionHandle"): ("NeedsUpdate", "AlwaysReplace"),
    ("_needs_update", "MistralExternalResource"): ("NeedsUpdate", "MistralExternal"),
    ("needs_replace", "Port"): ("Replace", "PortReplaceAlways"),
    ("needs_replace_with_prop_diff", "Server"): ("PropDiff", "ServerPolicies"),
    ("needs_replace_with_prop_diff", "ElasticIpAssociation"): ("PropDiff", "EipAssociation"),
    ("needs_replace_with_prop_diff", "TestResource"): ("PropDiff", "TestResource"),
    ("needs_replace_with_prop_diff", "RemoteStack"): ("PropDiff", "RemoteStackRegion"),
    ("needs_replace_with_tmpl_diff", "LaunchConfiguration"): ("TmplDiff", "MetadataChanged"),
}

# Methods whose override changes what the preview answers.
METHODS = ("_needs_update", "needs_replace", "needs_replace_with_prop_diff",
           "needs_replace_with_tmpl_diff", "preview_update",
           "update_template_diff", "update_template_diff_properties",
           "calc_update_allowed", "frozen_definition")

FIELDS = ("NeedsUpdate", "Replace", "PropDiff", "TmplDiff")


def rules_of(cls, none_like):
    from heat.engine import resource
    rules = dict((f, "Base") for f in FIELDS)
    if none_like:
        return rules
    for method in METHODS:
        owner = next(k for k in cls.__mro__ if method in vars(k))
        if owner is resource.Resource:
            continue
        key = (method, owner.__name__)
        if key not in HOOKS:
            raise SystemExit("unknown update hook %s.%s of %s: mirror it in "
                             "core/src/plan/rules.rs" % (owner.__name__,
                                                         method,
                                                         cls.__name__))
        field, rule = HOOKS[key]
        rules[field] = rule
    return rules


def main():
    sys.path.insert(0, ORACLE)
    import heat_oracle
    heat_oracle.init_heat()
    heat_oracle.set_mode("full")
    from heat.engine import environment
    from heat.engine import resources

    registry = resources.global_env().registry
    owner = {}
    rows = []
    for name in sorted(registry._registry):
        info = registry._registry[name]
        if (isinstance(info, dict) or
                not isinstance(info, environment.ClassResourceInfo)):
            continue
        cls = info.get_class()
        if cls in owner:
            raise SystemExit("%s is registered as %s and %s: the plan can no "
                             "longer tell classes by type name" % (
                                 cls.__name__, owner[cls], name))
        owner[cls] = name
        none_like = heat_oracle._is_none_like(cls)
        if not none_like and cls.update_allowed_properties:
            raise SystemExit("%s has update_allowed_properties: mirror them "
                             "in core/src/plan" % cls.__name__)
        immutable = [] if none_like else sorted(
            k for k, s in cls.properties_schema.items()
            if getattr(s, "immutable", False))
        rules = rules_of(cls, none_like)
        policies = [] if none_like else sorted(
            (k[:-len("_update_policy")], k, s.default)
            for k, s in cls.properties_schema.items()
            if k.endswith("_update_policy") and
            k[:-len("_update_policy")] in cls.properties_schema)
        if immutable or policies or any(r != "Base" for r in rules.values()):
            rows.append((name, rules, immutable, policies))

    out = sys.stdout
    out.write("//! Generated by `tools/gen_plan_data.py` from Heat's plugin "
              "classes: do not edit.\n\n")
    out.write("use super::rules::{NeedsUpdate, PropDiff, Replace, TmplDiff, "
              "TypeRules};\n\n")
    out.write("/// The registered types whose update is not `Resource`'s, "
              "sorted by name.\n")
    out.write("pub(super) static TYPES: &[TypeRules] = &[\n")
    for name, rules, immutable, policies in rows:
        out.write(
            "    TypeRules { name: %s, needs_update: NeedsUpdate::%s, "
            "replace: Replace::%s, prop_diff: PropDiff::%s, "
            "tmpl_diff: TmplDiff::%s, immutable: &[%s], policies: &[%s] },\n" % (
                quote(name), rules["NeedsUpdate"], rules["Replace"],
                rules["PropDiff"], rules["TmplDiff"],
                ", ".join(quote(i) for i in immutable),
                ", ".join("(%s, %s, %s)" % (quote(p), quote(k), quote(d))
                          for p, k, d in policies)))
    out.write("];\n")


def quote(text):
    return '"%s"' % text.replace("\\", "\\\\").replace('"', '\\"')


if __name__ == "__main__":
    main()
