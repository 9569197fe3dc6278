#!/usr/bin/env python3
"""Write the golden request files (our own inputs) into core/tests/golden/.

Expected results are produced by running the real Heat oracle on them:
    python3 tools/golden_cases.py && $(../shared/oracle/setup.sh) ../shared/oracle/heat_oracle.py --write-expected core/tests/golden
except heat_config_yaql_*, each from a run of its own (see "[yaql] options" below).
"""
import json
import os
import sys

OUT = os.path.join(os.path.dirname(__file__), "..", "core", "tests", "golden")
CASES = {}


def case(name, template, **kw):
    req = {"stack_name": kw.pop("stack_name", "golden"), "template": template}
    if req["stack_name"] is None:  # a body without a stack name
        del req["stack_name"]
    req.update(kw)
    CASES[name] = req


def out(version, expr, head=""):
    return "heat_template_version: %s\n%soutputs:\n  o:\n    value: %s\n" % (version, head, expr)


W = "2021-04-16"
# --- YAML 1.1 scalars and loading -------------------------------------------------
case("yaml_scalars", out(W, "[yes, No, on, OFF, y, n, ~, Null, nUll, 012, 08, 0x1A, 0X1A, 0b101, 1_000, '1:30', 1:30, -1:30, 1.5, .5, 5., 1e3, 1.0e3, 1.0e+3, .inf, -.Inf, .NaN, 2013-05-23, 2001-12-14t21:59:43.10-05:00, 190:20:30.15, +12]"))
case("yaml_merge_keys", out(W, "{<<: [{x: 1}, {x: 2, z: 3}], y: 4}"))
case("yaml_dup_keys", "heat_template_version: 2021-04-16\noutputs:\n  o:\n    value: {a: 1, b: 2, a: 3}\n")
case("yaml_anchor_alias", "heat_template_version: 2021-04-16\nparameters:\n  p: &p {type: string, default: x}\n  q: *p\noutputs:\n  o: {value: [{get_param: p}, {get_param: q}]}\n")
case("json_template_floats", '{"heat_template_version": "2021-04-16", "outputs": {"o": {"value": [1e3, 1.0, 1, NaN, -Infinity]}}}')
case("json_dup_keys", '{"heat_template_version": "2021-04-16", "outputs": {"o": {"value": {"a": 1, "b": 2, "a": 3}}}}')
case("yaml_invalid_json_valid_yaml", '{"heat_template_version": "2021-04-16", "outputs": {},}')
# Texts only PyYAML's pure loader accepts (%YAML 1.3): Heat's fallback makes dates of timestamps.
case("yaml_pure_fallback_date_version", "%YAML 1.3\n---\nheat_template_version: 2018-08-31\noutputs:\n  a: {value: 1}\n")
case("yaml_pure_fallback_quoted_version", "%YAML 1.3\n---\nheat_template_version: '2018-08-31'\noutputs:\n  a: {value: [1, 2013-01-01, yes]}\n")
case("yaml_pure_fallback_alias_version", "%YAML 1.3\n---\nheat_template_version: wallaby\noutputs:\n  a: {value: [1, 2013-01-01, yes]}\n")
case("empty_template", "")
case("comments_only", "# nothing\n")
case("not_mapping", "- 1\n- 2\n")
case("json_null", "null")
case("no_version_key", "description: x\n")
case("int_version", "heat_template_version: 2013\n")
case("unknown_version", "heat_template_version: 2016-10-15\n")
case("alias_version", out("queens", "{get_param: 'OS::stack_name'}"))
case("ambiguous_version", "heat_template_version: '2016-10-14'\nHeatTemplateFormatVersion: '2012-12-12'\n")
case("bad_section", "heat_template_version: 2016-04-08\nconditions: {}\n")
case("bad_section_order", "heat_template_version: 2021-04-16\nzzz: 1\nResources: {}\n")
case("null_sections", "heat_template_version: 2021-04-16\ndescription:\nparameters:\nresources:\noutputs:\n")
case("null_conditions", "heat_template_version: 2021-04-16\nconditions:\n")
case("conditions_list", "heat_template_version: 2021-04-16\nconditions: [1]\n")
case("schema_error_before_section", "heat_template_version: 2021-04-16\nparameters:\n  p: {type: bogus}\nfoo: 1\n")
case("stack_name_invalid", out(W, "1"), stack_name="9lives")
case("stack_name_missing", out(W, "1"), stack_name=None)
case("stack_name_missing_bad_template", "- not a template\n", stack_name=None)
case("stack_name_empty", out(W, "{get_param: 'OS::stack_name'}"), stack_name="")
case("stack_name_dots", out(W, "{get_param: 'OS::stack_name'}"), stack_name="a.b-c_d")
# --- parameters ---------------------------------------------------------------------
P = "heat_template_version: 2021-04-16\nparameters:\n"
case("param_string_conversions", P + "  a: {type: string, default: 5}\n  b: {type: string, default: 1.0}\n  c: {type: string, default: yes}\n  d: {type: string, default: [a, 1]}\n  e: {type: string, default: {a: 1}}\n  f: {type: string, default: ''}\noutputs:\n  o: {value: [{get_param: a}, {get_param: b}, {get_param: c}, {get_param: d}, {get_param: e}, {get_param: f}]}\n")
case("param_number_conversions", P + "  a: {type: number, default: ' 7 '}\n  b: {type: number, default: '1_000'}\n  c: {type: number, default: '00012'}\n  d: {type: number, default: '1e3'}\n  e: {type: number, default: true}\n  f: {type: number, default: '-0'}\n  g: {type: number, default: 2.5}\noutputs:\n  o: {value: [{get_param: a}, {get_param: b}, {get_param: c}, {get_param: d}, {get_param: e}, {get_param: f}, {get_param: g}]}\n")
case("param_number_bad", P + "  a: {type: number, default: '0x10'}\n")
case("param_number_bad_user", P + "  a: {type: number}\n", parameters={"a": "abc"})
case("param_boolean_values", P + "  a: {type: boolean, default: 'Yes'}\n  b: {type: boolean, default: 0}\n  c: {type: boolean, default: ' t '}\n  d: {type: boolean, default: 'off'}\noutputs:\n  o: {value: [{get_param: a}, {get_param: b}, {get_param: c}, {get_param: d}]}\n")
case("param_boolean_bad", P + "  a: {type: boolean, default: 2}\n")
case("param_cdl", P + "  a: {type: comma_delimited_list, default: 'a, b,c'}\n  b: {type: comma_delimited_list, default: ''}\n  c: {type: comma_delimited_list, default: ','}\n  d: {type: comma_delimited_list, default: [x, 1, 2.0, true, null]}\noutputs:\n  o: {value: [{get_param: a}, {get_param: b}, {get_param: c}, {get_param: d}]}\n")
case("param_cdl_bad", P + "  a: {type: comma_delimited_list, default: 5}\noutputs:\n  o: {value: {get_param: a}}\n")
case("param_json", P + "  a: {type: json, default: '5'}\n  b: {type: json, default: ''}\n  c: {type: json, default: {k: [1, 2.5]}}\n  d: {type: json, default: 'null'}\n  e: {type: json, default: '[1, {\"x\": true}]'}\noutputs:\n  o: {value: [{get_param: a}, {get_param: b}, {get_param: c}, {get_param: d}, {get_param: e}]}\n")
case("param_json_bad", P + "  a: {type: json}\n", parameters={"a": "{bad"})
case("param_json_ws", P + "  a: {type: json}\n", parameters={"a": "   "})
case("param_missing", P + "  a: {type: string}\n")
case("param_empty_user_value", P + "  a: {type: string, default: x}\noutputs:\n  o: {value: {get_param: a}}\n", parameters={"a": ""})
case("param_unknown_user", P + "  a: {type: string, default: x}\n", parameters={"zz": "1"})
case("param_pseudo_user", P + "  a: {type: string, default: x}\n", parameters={"OS::stack_name": "x"})
case("param_region", out(W, "{get_param: 'OS::region'}"))
case("param_pseudo", out(W, "[{get_param: 'OS::stack_id'}, {get_param: 'OS::project_id'}, {get_param: 'OS::stack_name'}]"), **{"x-playground": {"stack_id": "abc", "project_id": "p1"}})
case("param_bad_key", P + "  a: {type: string, NoEcho: true}\n")
case("param_tags_old", "heat_template_version: 2017-09-01\nparameters:\n  a: {type: string, tags: [x]}\n")
case("param_tags_new", "heat_template_version: 2018-03-02\nparameters:\n  a: {type: string, default: v, tags: [x]}\noutputs:\n  o: {value: {get_param: a}}\n")
case("param_tags_not_list", "heat_template_version: 2018-03-02\nparameters:\n  a: {type: string, tags: x}\n")
case("param_not_map", P + "  a: string\n")
case("param_null_def", P + "  a:\n")
case("param_no_type", P + "  a: {default: 1}\n")
case("param_type_case", P + "  a: {type: String}\n")
case("param_hidden_truthy", P + "  a: {type: string, hidden: 'false', default: s}\noutputs:\n  o: {value: {get_param: a}}\n")
# constraints
case("con_length_ok_fail", P + "  a: {type: string, default: abcd, constraints: [{length: {min: 2, max: 3}}]}\n")
case("con_length_none_bound", P + "  a: {type: string, default: a, constraints: [{length: {min: 2}}]}\n")
case("con_length_list", P + "  a: {type: comma_delimited_list, constraints: [{length: {max: 2}}]}\n", parameters={"a": "x,y,z"})
case("con_length_json", P + "  a: {type: json, constraints: [{length: {max: 1}}]}\n", parameters={"a": {"x": 1, "y": 2}})
case("con_range", P + "  a: {type: number, constraints: [{range: {min: 1, max: 5}}]}\n", parameters={"a": "7"})
case("con_range_float", P + "  a: {type: number, default: 2.5, constraints: [{range: {min: 3}}]}\n")
case("con_range_desc", P + "  a: {type: number, constraints: [{range: {min: 1}, description: Too small!}]}\n", parameters={"a": 0})
case("con_modulo", "heat_template_version: 2017-02-24\nparameters:\n  a: {type: number, constraints: [{modulo: {step: 2, offset: 1}}]}\n", parameters={"a": 4})
case("con_modulo_neg", "heat_template_version: 2017-02-24\nparameters:\n  a: {type: number, default: -3, constraints: [{modulo: {step: 2, offset: 1}}]}\noutputs:\n  o: {value: {get_param: a}}\n")
case("con_modulo_old", "heat_template_version: 2016-10-14\nparameters:\n  a: {type: number, constraints: [{modulo: {step: 2, offset: 1}}]}\n")
case("con_modulo_bad", "heat_template_version: 2017-02-24\nparameters:\n  a: {type: number, constraints: [{modulo: {step: 2, offset: 3}}]}\n")
case("con_allowed_values", P + "  a: {type: string, constraints: [{allowed_values: [a, b]}]}\n", parameters={"a": "c"})
case("con_allowed_values_typed", P + "  a: {type: string, default: '1', constraints: [{allowed_values: [1, 2]}]}\n  b: {type: number, default: '2', constraints: [{allowed_values: [1, 2.0]}]}\n  c: {type: boolean, default: 'yes', constraints: [{allowed_values: [true]}]}\noutputs:\n  o: {value: [{get_param: a}, {get_param: b}, {get_param: c}]}\n")
case("con_allowed_values_list", P + "  a: {type: comma_delimited_list, constraints: [{allowed_values: [a, b]}]}\n", parameters={"a": "a,c"})
case("con_allowed_values_list_raw", P + "  a: {type: comma_delimited_list, constraints: [{allowed_values: [1, 2]}]}\n", parameters={"a": "1,2"})
case("con_pattern", P + "  a: {type: string, default: ab, constraints: [{allowed_pattern: 'a|ab'}]}\n")
case("con_pattern_ok", P + "  a: {type: string, default: AB9, constraints: [{allowed_pattern: '[A-Z]+[0-9]'}]}\noutputs:\n  o: {value: {get_param: a}}\n")
case("con_pattern_bad_regex", P + "  a: {type: string, constraints: [{allowed_pattern: '['}]}\n")
case("con_invalid_for_type", P + "  a: {type: boolean, default: true, constraints: [{range: {min: 1}}]}\n")
case("con_default_invalid", P + "  a: {type: string, default: abc, constraints: [{length: {max: 1}}]}\n", parameters={"a": "x"})
case("con_default_not_typechecked", P + "  a: {type: number, default: abc}\n", parameters={"a": "1"})
case("con_custom_unknown", P + "  a: {type: string, default: x, constraints: [{custom_constraint: nope.thing}]}\n")
case("con_custom_known", P + "  a: {type: string, default: x, constraints: [{custom_constraint: nova.flavor}, {custom_constraint: glance.image}]}\n  b: {type: string, default: y, constraints: [{custom_constraint: ip_addr}]}\noutputs:\n  o: {value: {get_param: a}}\n")
case("con_no_constraint", P + "  a: {type: string, constraints: [{}]}\n")
case("con_bad_key", P + "  a: {type: string, constraints: [{foo: 1}]}\n")
case("con_not_list", P + "  a: {type: string, constraints: {length: {min: 1}}}\n")
case("con_range_nonnum", P + "  a: {type: number, constraints: [{range: {min: a}}]}\n")
case("con_length_float", P + "  a: {type: string, constraints: [{length: {min: 1.5}}]}\n")
case("con_first_failing_param", P + "  a: {type: string, default: x, constraints: [{length: {min: 5}}]}\n  b: {type: string}\n")
case("param_groups_ok", P + "  a: {type: string, default: x}\nparameter_groups:\n- label: g\n  parameters: [a, OS::stack_id]\noutputs:\n  o: {value: {get_param: a}}\n")
case("param_groups_bad_name", P + "  a: {type: string, default: x}\nparameter_groups:\n- label: g\n  parameters: [a, nope]\n")
case("param_groups_dup", P + "  a: {type: string, default: x}\nparameter_groups:\n- label: g\n  parameters: [a]\n- label: h\n  parameters: [a]\n")
case("param_groups_no_params", P + "  a: {type: string, default: x}\nparameter_groups:\n- label: g\n")
case("param_groups_not_list", P + "  a: {type: string, default: x}\nparameter_groups: {a: 1}\n")
case("param_groups_stack_name", P + "  a: {type: string, default: x}\nparameter_groups:\n- parameters: [OS::stack_name]\n")
# --- environments -------------------------------------------------------------------
E = P + "  s: {type: string, default: t}\n  n: {type: number, default: 1}\n  l: {type: comma_delimited_list, default: ''}\n  j: {type: json, default: {}}\noutputs:\n  o: {value: [{get_param: s}, {get_param: n}, {get_param: l}, {get_param: j}]}\n"
case("env_inline_params_explicit_win", E, environment="parameters: {s: env}\nparameter_defaults: {n: 5}\n", parameters={"s": "explicit"})
case("env_files_override_explicit", E, parameters={"s": "cli"}, environment_files=["e1.yaml"], files={"e1.yaml": "parameters: {s: fromfile}\n"})
case("env_files_later_wins", E, environment_files=["e1.yaml", "e2.yaml"], files={"e1.yaml": "parameter_defaults: {s: one, n: 2}\n", "e2.yaml": "parameter_defaults: {s: two}\n"})
case("env_files_inline_ignored", E, environment="parameters: {s: inline}\n", environment_files=["e1.yaml"], files={"e1.yaml": "parameter_defaults: {n: 3}\n"})
case("env_merge_strategies", E, environment_files=["e1.yaml", "e2.yaml"], files={
    "e1.yaml": "parameter_merge_strategies: {default: deep_merge}\nparameters: {s: x, l: '1,2', j: {a: {b: 1}, c: [1]}}\n",
    "e2.yaml": "parameter_merge_strategies: {default: deep_merge}\nparameters: {s: y, l: '5,6', j: {a: {d: 2}, c: [2], e: s}}\n"})
case("env_merge_shallow", E, environment_files=["e1.yaml", "e2.yaml"], files={
    "e1.yaml": "parameter_merge_strategies: {j: merge, l: merge}\nparameters: {j: {a: {b: 1}}, l: [a]}\n",
    "e2.yaml": "parameter_merge_strategies: {j: merge, l: merge}\nparameters: {j: {a: {d: 2}}, l: [b]}\n"})
case("env_merge_conflict", E, environment_files=["e1.yaml", "e2.yaml"], files={
    "e1.yaml": "parameter_merge_strategies: {s: merge}\nparameters: {s: x}\n",
    "e2.yaml": "parameter_merge_strategies: {s: overwrite}\nparameters: {s: y}\n"})
case("env_merge_number", E, environment_files=["e1.yaml", "e2.yaml"], files={
    "e1.yaml": "parameter_merge_strategies: {default: merge}\nparameters: {n: 1}\n",
    "e2.yaml": "parameter_merge_strategies: {default: merge}\nparameters: {n: 2}\n"})
case("env_merge_explicit_append", E, parameters={"s": "cli"}, environment_files=["e1.yaml"], files={"e1.yaml": "parameter_merge_strategies: {s: merge}\nparameters: {s: -file}\n"})
case("env_unknown_dropped_after_merge", E, parameters={"s": "a"}, environment_files=["e1.yaml"], files={"e1.yaml": "parameters: {zz: 1}\n"})
case("env_unknown_first_file", E, environment_files=["e1.yaml"], files={"e1.yaml": "parameters: {zz: 1}\n"})
case("env_wrong_section", E, environment="foo: 1\n")
case("env_empty_section", E, environment="parameters:\n")
case("env_not_map", E, environment="- 1\n")
case("env_file_wrong_section", E, environment_files=["e1.yaml"], files={"e1.yaml": "foo: 1\n"})
case("env_file_missing", E, environment_files=["e1.yaml"])
case("env_file_bad_yaml", E, environment_files=["e1.yaml"], files={"e1.yaml": "a: [\n"})
# heat-api's answer when a template or environment does not load: a ValueError is its 400
# "<Template|Environment> not in valid format: <text>", any other Python exception passes through.
case("load_yaml_syntax_message", out(W, "[}"))
case("load_tab_message", "heat_template_version: 2018-08-31\noutputs:\n\ta: 1\n")
case("load_json_then_yaml_message", '{"heat_template_version": "2018-08-31", "outputs": {,}}')
case("load_int_value_error", out(W, '!!int "0b_"'))
case("load_chr_value_error", out(W, '"\\U00110000"'))
case("load_binary_bad", out(W, '!!binary "a"'))
case("load_int_empty_index_error", out(W, '!!int ""'))
case("load_bool_key_error", out(W, "!!bool x"))
case("env_syntax_message", E, environment="parameters: [\n")
case("env_key_error", E, environment="parameters: {a: !!bool x}\n")
case("env_value_error", E, environment="parameters: {a: !!int x}\n")
case("env_file_key_error", E, environment_files=["e1.yaml"], files={"e1.yaml": "parameters: {a: !!bool x}\n"})
case("env_file_value_error", E, environment_files=["e1.yaml"], files={"e1.yaml": "parameters: {a: !!int x}\n"})
case("env_defaults_unknown_ignored", E, environment="parameter_defaults: {zz: 1, s: d}\n")
case("env_null_user_value", E, environment="parameters: {s: null}\n")
case("env_registry_mapping", "heat_template_version: 2021-04-16\nresources:\n  r: {type: My::Thing}\noutputs:\n  o: {value: {get_attr: [r, anything]}}\n", environment="resource_registry:\n  My::Thing: OS::Heat::None\n")
case("env_registry_template", "heat_template_version: 2021-04-16\nresources:\n  r: {type: My::Nested}\noutputs:\n  o: {value: {get_attr: [r, whatever]}}\n", environment="resource_registry:\n  My::Nested: nested.yaml\n")
case("env_registry_glob", "heat_template_version: 2021-04-16\nresources:\n  r: {type: Mine::None}\n", environment="resource_registry:\n  'Mine::*': 'OS::Heat::*'\n")
case("unknown_type", "heat_template_version: 2021-04-16\nresources:\n  r: {type: OS::Nope::Nope}\n")
case("default_env_alias", "heat_template_version: 2021-04-16\nresources:\n  r: {type: OS::Ceilometer::Alarm}\n  q: {type: OS::Quantum::Net}\noutputs:\n  o: {value: {get_attr: [q, name]}}\n")
# --- conditions ---------------------------------------------------------------------
C = "heat_template_version: 2021-04-16\nparameters:\n  env: {type: string, default: prod}\n  flag: {type: boolean, default: true}\n  cname: {type: string, default: is_prod}\n"
case("cond_basic", C + "conditions:\n  is_prod: {equals: [{get_param: env}, prod]}\n  not_prod: {not: is_prod}\n  both: {and: [is_prod, {get_param: flag}]}\n  either: {or: [not_prod, false]}\n  lit: true\n  yn: {equals: [1, 1.0]}\n  indirect: {not: {get_param: cname}}\n")
case("cond_alias_invalid", C + "conditions:\n  a: true\n  b: a\n")
case("cond_int_invalid", C + "conditions:\n  a: 5\n")
case("cond_map_invalid", C + "conditions:\n  a: {foo: 1}\n")
case("cond_unused_undefined", C + "conditions:\n  a: {not: nope}\n")
case("cond_cycle", C + "conditions:\n  a: {not: b}\n  b: {not: a}\n")
case("cond_short_circuit", C + "conditions:\n  a: {and: [false, nope]}\n  b: {or: [true, nope]}\n")
case("cond_short_circuit_err", C + "conditions:\n  a: {and: [true, nope]}\n")
case("cond_invalid_fn", C + "conditions:\n  a: {get_resource: x}\n")
case("cond_removed_fn", C + "conditions:\n  a: {Ref: x}\n")
case("cond_equals_arity", C + "conditions:\n  a: {equals: [1]}\n")
case("cond_and_min", C + "conditions:\n  a: {and: [true]}\n")
case("cond_and_not_list", C + "conditions:\n  a: {and: x}\n")
case("cond_not_null", C + "conditions:\n  a: {not: null}\n")
case("cond_not_list", C + "conditions:\n  a: {not: [true]}\n")
case("cond_yaql_old", "heat_template_version: 2017-02-24\nconditions:\n  a: {yaql: {expression: 'true'}}\n")
case("cond_contains", C + "conditions:\n  a: {contains: [prod, [dev, prod]]}\n")
case("cond_resource_output", C + "conditions:\n  is_prod: {equals: [{get_param: env}, dev]}\nresources:\n  r: {type: OS::Heat::None, condition: is_prod}\n  s: {type: OS::Heat::None, condition: {not: is_prod}, depends_on: [r]}\noutputs:\n  a: {value: {get_resource: s}, condition: {not: is_prod}}\n  b: {value: {get_resource: r}, condition: is_prod}\n  c: {value: {if: [is_prod, {get_resource: r}, none]}}\n")
case("cond_resource_unknown", C + "resources:\n  r: {type: OS::Heat::None, condition: nope}\n")
case("cond_resource_bad_type", C + "resources:\n  r: {type: OS::Heat::None, condition: 5}\n")
case("cond_output_unknown", C + "outputs:\n  o: {value: 1, condition: nope}\n")
case("cond_bool_name", C + "conditions:\n  no: false\nresources:\n  r: {type: OS::Heat::None, condition: no}\n  s:\n    type: OS::Heat::None\n    properties: {x: {get_resource: r}}\n")
case("output_int_name", "heat_template_version: 2021-04-16\noutputs:\n  1: {value: 1}\n")
case("resource_bool_name", "heat_template_version: 2021-04-16\nresources:\n  yes: {type: OS::Heat::None}\n")
case("cond_ref_disabled", C + "conditions:\n  off_c: false\nresources:\n  r: {type: OS::Heat::None, condition: off_c}\n  s:\n    type: OS::Heat::None\n    properties: {x: {get_resource: r}}\n")
case("cond_output_old_version", "heat_template_version: 2016-04-08\noutputs:\n  o: {value: 1, condition: false, foo: 2}\n")
case("if_forms", C + "conditions:\n  yes_c: true\n  no_c: false\noutputs:\n  a: {value: {if: [yes_c, 1, 2]}}\n  b: {value: {if: [no_c, 1, {get_param: env}]}}\n  c: {value: [1, {if: [no_c, 2]}, 3]}\n  d: {value: {x: {if: [no_c, 2]}, y: 1}}\n  e: {value: {if: [no_c, 2]}}\n  f: {value: {if: [yes_c, null]}}\n  g: {value: {list_join: [',', [a, {if: [no_c, b]}]]}}\n  h: {value: {if: [{get_param: flag}, t, f]}}\n  i: {value: {if: [no_c, {get_param: nope}, ok]}}\n")
case("if_two_args_old", "heat_template_version: 2018-08-31\nconditions:\n  c: true\noutputs:\n  o: {value: {if: [c, 1]}}\n")
case("if_bad_cond", C + "outputs:\n  o: {value: {if: [nope, 1, 2]}}\n")
case("if_not_list", C + "outputs:\n  o: {value: {if: x}}\n")
case("if_in_property", C + "conditions:\n  no_c: false\nresources:\n  r:\n    type: OS::Heat::None\n    properties:\n      a: {if: [no_c, 1]}\n      b: [{if: [no_c, 1]}, 2]\n")
# --- functions ----------------------------------------------------------------------
case("fn_data_in_props", out(W, "{equals: [1, 1], not: x}"))
case("fn_equals_is_data", out(W, "{equals: [1, 1]}"))
case("fn_multi_key_map", out(W, "{list_concat: [[1], [2]], x: 1}"))
case("fn_unknown_version", out("2016-10-14", "{list_concat: [[1], [2]]}"))
case("fn_removed", out(W, "{'Fn::Select': [0, [a]]}"))
case("fn_removed_in_resource", "heat_template_version: 2021-04-16\nresources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      value: {Ref: x}\n")
case("get_param_paths", "heat_template_version: 2021-04-16\nparameters:\n  p: {type: json, default: {a: [x, {b: 2}], '1': one}}\n  s: {type: string, default: hello}\n  l: {type: comma_delimited_list, default: 'a,b'}\noutputs:\n  o: {value: [{get_param: [p, a, '1', b]}, {get_param: [p, a, -2]}, {get_param: [p, nope]}, {get_param: [s, 0]}, {get_param: [p, a, ' 1 ']}, {get_param: [p, 1]}, {get_param: [l, true]}, {get_param: [p, a, 9]}, {get_param: [s, x]}]}\n")
case("get_param_errors", "heat_template_version: 2021-04-16\noutputs:\n  a: {value: {get_param: []}}\n  b: {value: {get_param: [1]}}\n  c: {value: {get_param: {x: 1}}}\n  d: {value: {get_param: nope}}\n")
case("get_attr_forms", "heat_template_version: 2021-04-16\nresources:\n  s: {type: OS::Nova::Server}\n  g: {type: OS::Heat::ResourceGroup}\noutputs:\n  a: {value: {get_attr: [s, first_address]}}\n  b: {value: {get_attr: [s]}}\n  c: {value: {get_attr: [s, networks, private, 0]}}\n  d: {value: {get_attr: [g, resource.0.x]}}\n")
case("get_attr_bad_attr", "heat_template_version: 2021-04-16\nresources:\n  s: {type: OS::Nova::Server}\noutputs:\n  a: {value: {get_attr: [s, nope]}}\n")
case("get_attr_bad_args", "heat_template_version: 2021-04-16\noutputs:\n  a: {value: {get_attr: x}}\n")
case("get_attr_empty", "heat_template_version: 2021-04-16\noutputs:\n  a: {value: {get_attr: []}}\n")
case("get_attr_short_old", "heat_template_version: 2014-10-16\nresources:\n  s: {type: OS::Nova::Server}\noutputs:\n  a: {value: {get_attr: [s]}}\n")
case("get_attr_unknown_res", "heat_template_version: 2021-04-16\noutputs:\n  a: {value: {get_attr: [nope, x]}}\n")
case("get_attr_mocked", "heat_template_version: 2021-04-16\nresources:\n  s: {type: OS::Nova::Server}\n  d: {type: OS::Heat::SoftwareDeployment}\n  n: {type: OS::Heat::None}\noutputs:\n  a: {value: {get_attr: [s, first_address]}}\n  b: {value: {get_attr: [s, networks, private, 0]}}\n  c: {value: {get_resource: s}}\n  d: {value: {get_attr: [d, result]}}\n  e: {value: {get_attr: [n, foo]}}\n  f: {value: {get_attr: [s, networks, private, '0']}}\n  g: {value: {get_attr: [s, show]}}\n  h: {value: {get_attr: [s, addresses]}}\n", **{"x-playground": {"attributes": {"s": {"first_address": "10.0.0.7", "networks": {"private": ["10.0.0.7"]}, "show": {"id": "x"}}, "d": {"result": "ok"}, "n": {"foo": 1}}, "reference_ids": {"s": "uuid-1"}}})
case("get_resource_forms", "heat_template_version: 2021-04-16\nresources:\n  r: {type: OS::Heat::None}\noutputs:\n  a: {value: {get_resource: r}}\n  b: {value: {get_resource: nope}}\n")
case("get_file", "heat_template_version: 2021-04-16\noutputs:\n  a: {value: {get_file: a.txt}}\n  b: {value: {get_file: nope.txt}}\n  c: {value: {get_file: 5}}\n", files={"a.txt": "hello\n"})
case("list_join_all", out(W, "[{list_join: [', ', [a, {z: 1, a: [1.0, true, null, é]}, [1, 2], null, '']]}, {list_join: ['-', [a], [], null, [b, c]]}, {list_join: ['', []]}]"))
case("list_join_errors", "heat_template_version: 2021-04-16\noutputs:\n  a: {value: {list_join: [',', [1]]}}\n  b: {value: {list_join: [',', ab]}}\n  c: {value: {list_join: [1, [a]]}}\n  d: {value: {list_join: [',', [true]]}}\n")
case("list_join_parse_err", out(W, "{list_join: [',']}"))
case("list_join_single", "heat_template_version: 2015-04-30\noutputs:\n  a: {value: {list_join: [',', [a, null, b]]}}\n  b: {value: {list_join: [',', [a, 1]]}}\n  c: {value: {list_join: [',', null]}}\n")
case("list_join_single_parse", out("2015-04-30", "{list_join: [',', [a], [b]]}"))
case("str_replace_order", out(W, "[{str_replace: {template: abc, params: {a: b, b: c}}}, {str_replace: {template: '$a $ab $abc', params: {$a: 1, $ab: 2, $abc: 3}}}, {str_replace: {template: xyz, params: {xy: 1, yz: 2}}}, {str_replace: {template: xyz, params: {yz: 1, xy: 2}}}]"))
case("str_replace_values", out(W, "[{str_replace: {template: 'v=V', params: {V: {b: [1.0, true], a: null}}}}, {str_replace: {template: V, params: {V: true}}}, {str_replace: {template: V, params: {V: 1.5}}}, {str_replace: {template: V, params: {V: null}}}, {str_replace: {template: V, params: {V: [é]}}}]"))
case("str_replace_plain", "heat_template_version: 2015-04-30\noutputs:\n  a: {value: {str_replace: {template: V, params: {V: 1.0}}}}\n  b: {value: {str_replace: {template: V, params: {V: [1]}}}}\n")
case("str_replace_errors", "heat_template_version: 2021-04-16\nparameters:\n  p: {type: json, default: {1: a}}\noutputs:\n  a: {value: {str_replace: {template: 1, params: {a: b}}}}\n  b: {value: {str_replace: {template: a, params: []}}}\n  c: {value: {str_replace: {template: a, params: {'': b}}}}\n  d: {value: {str_replace: {template: a, params: {get_param: p}}}}\n")
case("str_replace_parse_missing", out(W, "{str_replace: {template: a}}"))
case("str_replace_parse_params", out(W, "{str_replace: {template: a, params: [1]}}"))
case("str_replace_strict", "heat_template_version: 2021-04-16\noutputs:\n  a: {value: {str_replace_strict: {template: '$ab', params: {$a: 1, $ab: 2}}}}\n  b: {value: {str_replace_strict: {template: 'x', params: {y: 1, zz: 2}}}}\n  c: {value: {str_replace_vstrict: {template: 'x', params: {x: ''}}}}\n  d: {value: {str_replace_vstrict: {template: 'x', params: {x: 0}}}}\n  e: {value: {str_replace_vstrict: {template: 'x', params: {x: []}}}}\n  f: {value: {str_replace_vstrict: {template: 'x', params: {x: false}}}}\n")
case("str_split_all", out(W, "[{str_split: [',', 'a,b,,c']}, {str_split: [null, ' a b  c ']}, {str_split: [',', 'a,b,c', '-1']}, {str_split: [',', null]}, {str_split: [',', 'a,b', 1.7]}]"))
case("str_split_errors", "heat_template_version: 2021-04-16\noutputs:\n  a: {value: {str_split: [',', 'a,b', 5]}}\n  b: {value: {str_split: ['', 'a']}}\n  c: {value: {str_split: [',', 5]}}\n  d: {value: {str_split: [',', 'a', x]}}\n  e: {value: {str_split: [',']}}\n")
case("str_split_parse", out(W, "{str_split: 'a,b'}"))
case("repeat_all", out(W, "[{repeat: {for_each: {'%a%': [x, y], '%b%': ['1', '2']}, template: '%a%-%b%'}}, {repeat: {for_each: {a: [b], b: [c]}, template: ab}}, {repeat: {for_each: {b: [c], a: [b]}, template: ab}}, {repeat: {for_each: {K: {x: 1, y: 2}}, template: {K: v}}}, {repeat: {for_each: {A: [a, b], B: [c, d]}, template: AB, permutations: false}}, {repeat: {for_each: {A: [], B: [c]}, template: AB}}, {repeat: {for_each: {A: null}, template: AB}}, {repeat: {for_each: {A: [a]}, template: 5}}, {repeat: {for_each: {A: [a]}, template: {repeat: {for_each: {B: [b1, b2]}, template: AB}}}}]"))
case("repeat_errors", "heat_template_version: 2021-04-16\nparameters:\n  p: {type: json, default: {}}\n  q: {type: json, default: [1]}\noutputs:\n  a: {value: {repeat: {for_each: {'%a%': [1]}, template: 'x%a%'}}}\n  b: {value: {repeat: {for_each: {A: [a], B: [c, d]}, template: AB, permutations: false}}}\n  c: {value: {repeat: {for_each: {A: ab}, template: A}}}\n  d: {value: {repeat: {for_each: {get_param: p}, template: A}}}\n  e: {value: {repeat: {for_each: {A: {x: 1}}, template: A, permutations: false}}}\n")
case("repeat_parse_errors", out(W, "{repeat: {for_each: {A: [a]}}}"))
case("repeat_validate_for_each", out(W, "{repeat: {for_each: [a], template: A}}"))
case("repeat_permutations_type", out(W, "{repeat: {for_each: {A: [a]}, template: A, permutations: 'no'}}"))
case("repeat_lists_only_old", out("2016-04-08", "{repeat: {for_each: {A: {x: 1}}, template: A}}"))
case("digest_all", out(W, "[{digest: [md5, hello]}, {digest: [SHA1, hello]}, {digest: [sha512, é]}, {digest: [sha3_256, x]}, {digest: [blake2b, x]}, {digest: [blake2s, x]}, {digest: [sha224, x]}, {digest: [sha384, x]}]"))
case("digest_openssl_only", "heat_template_version: 2021-04-16\noutputs:\n  a: {value: {digest: [sm3, 'héllo']}}\n  b: {value: {digest: [ripemd160, x]}}\n  c: {value: {digest: [md5-sha1, x]}}\n  d: {value: {digest: [SM3, x]}}\n  e: {value: {digest: [RIPEMD160, x]}}\n  f: {value: {digest: [MD5-SHA1, '']}}\n  g: {value: {digest: [sha512_224, x]}}\n  h: {value: {digest: [Sha512_256, x]}}\n  i: {value: {digest: [SHA512_224, x]}}\n  j: {value: {digest: [SHA3_256, x]}}\n  k: {value: {digest: [SHA224, x]}}\n")
case("digest_errors", "heat_template_version: 2021-04-16\noutputs:\n  a: {value: {digest: [md5, '€']}}\n  b: {value: {digest: [BLAKE2B, x]}}\n  c: {value: {digest: [md5]}}\n  d: {value: {digest: [md5, 1]}}\n  e: {value: {digest: [shake_128, x]}}\n")
case("map_merge_all", out(W, "[{map_merge: [{a: 1, b: {x: 1}}, null, {b: {y: 2}}]}, {map_merge: []}]"))
case("map_merge_errors", "heat_template_version: 2021-04-16\noutputs:\n  a: {value: {map_merge: ab}}\n  b: {value: {map_merge: [{a: 1}, [1]]}}\n  c: {value: {map_merge: null}}\n  d: {value: {map_merge: {a: 1}}}\n")
case("map_replace_all", out(W, "[{map_replace: [{k1: v1, k2: v2}, {keys: {k1: K1}, values: {v2: V2}}]}, {map_replace: [{a: [1]}, {values: {x: [1]}}]}, {map_replace: [null, null]}, {map_replace: [{a: 1}, {keys: {a: null}}]}]"))
case("map_replace_errors", "heat_template_version: 2021-04-16\noutputs:\n  a: {value: {map_replace: [{a: 1, b: 2}, {keys: {a: b, b: a}}]}}\n  b: {value: {map_replace: [{a: 1}, {foo: {}}]}}\n  c: {value: {map_replace: [{a: 1}]}}\n  d: {value: {map_replace: {a: 1}}}\n  e: {value: {map_replace: [[1], {}]}}\n  f: {value: {map_replace: [{a: 1, c: 2}, {keys: {a: b, c: b}}]}}\n")
case("filter_all", out(W, "[{filter: [[true], [1, 1.0, true, '1']]}, {filter: [[a], null]}, {filter: [null, [a]]}, {filter: [[null, ''], [a, null, '', b]]}]"))
case("filter_errors", "heat_template_version: 2021-04-16\noutputs:\n  a: {value: {filter: [[a], ab]}}\n  b: {value: {filter: [a, [a]]}}\n")
case("filter_parse", out(W, "{filter: [[a]]}"))
case("make_url_all", out(W, "[{make_url: {scheme: http, host: example.com, port: 8080, path: '/a b/c', query: {x: '1 2', y: 'a/b&c'}, fragment: 'f g'}}, {make_url: {scheme: https, host: '::1', port: 443}}, {make_url: {scheme: file, path: /etc}}, {make_url: {host: h}}, {make_url: {}}, {make_url: {username: 'u@x', password: 'p:w', host: h}}, {make_url: {password: p, host: h}}, {make_url: {host: 'ö.example', path: 'a?b#c%20'}}, {make_url: {scheme: http, path: x}}, {make_url: {host: h, port: '80'}}, {make_url: {query: {a: [1, 2], b: null}}}, {make_url: {host: '[::1]'}}]"))
case("make_url_errors", "heat_template_version: 2021-04-16\nparameters:\n  p: {type: string, default: x}\noutputs:\n  a: {value: {make_url: {scheme: 'h:'}}}\n  b: {value: {make_url: {port: {get_param: p}}}}\n")
case("make_url_validate_port", out(W, "{make_url: {port: 70000}}"))
case("make_url_validate_key", out(W, "{make_url: {foo: 1}}"))
case("make_url_validate_query", out(W, "{make_url: {query: x, fragment: 1}}"))
case("make_url_validate_str", out(W, "{make_url: {host: 1}}"))
case("list_concat_all", out(W, "[{list_concat: [[1], null, [2]]}, {list_concat_unique: [[1, 2], [2, 1.0, true, '1']]}, {list_concat: []}]"))
case("list_concat_errors", "heat_template_version: 2021-04-16\noutputs:\n  a: {value: {list_concat: [[1], ab]}}\n  b: {value: {list_concat: ab}}\n  c: {value: {list_concat: null}}\n")
case("contains_all", out(W, "[{contains: [a, cat]}, {contains: [true, [1]]}, {contains: [x, [a, b]]}]"))
case("contains_errors", "heat_template_version: 2021-04-16\noutputs:\n  a: {value: {contains: [a, {a: 1}]}}\n  b: {value: {contains: [a, null]}}\n")
case("contains_parse", out(W, "{contains: [a]}"))
case("yaql_basic", out(W, "{yaql: {expression: '$.data.l.select($ * 2)', data: {l: [1, 2, 3]}}}"))
case("yaql_parse_error", out(W, "{yaql: {expression: '$.data.'}}"))
case("yaql_args", out(W, "{yaql: {expression: '1', foo: 2}}"))
case("resource_facade", out(W, "{resource_facade: metadata}"))
case("resource_facade_bad", out(W, "{resource_facade: foo}"))
# CFN functions in 2013-05-23
V13 = "2013-05-23"
case("cfn_functions", "heat_template_version: 2013-05-23\nparameters:\n  p: {type: string, default: pv}\nresources:\n  r: {type: OS::Heat::None}\noutputs:\n  a: {value: {'Fn::Select': ['1', [a, b]]}}\n  b: {value: {'Fn::Select': [x, {x: 1}]}}\n  c: {value: {'Fn::Select': [5, [a]]}}\n  d: {value: {'Fn::Join': [',', [a, b]]}}\n  e: {value: {'Fn::Split': [',', 'a,b']}}\n  f: {value: {'Fn::Replace': [{x: 1}, 'axb']}}\n  g: {value: {Ref: p}}\n  h: {value: {Ref: r}}\n  i: {value: {'Fn::Base64': abc}}\n  k: {value: {'Fn::MemberListToMap': [Name, Value, ['.member.0.Name=k', '.member.0.Value=v', '.member.1.Name=k2', '.member.1.Value=v2']]}}\n  l: {value: {'Fn::Select': ['0', '[\"j\"]']}}\n  m: {value: {'Fn::Select': ['0', '']}}\n  n: {value: {get_attr: [r, foo, bar]}}\n  o: {value: {Ref: 'OS::stack_name'}}\n  p: {value: {Ref: nope}}\n")
case("cfn_select_2015", out("2015-04-30", "{'Fn::Select': [0, [a]]}"))
case("cfn_removed_2014", out("2014-10-16", "{'Fn::Join': [',', [a]]}"))
# --- resources ----------------------------------------------------------------------
R = "heat_template_version: 2021-04-16\nresources:\n"
case("res_full", R + "  a:\n    type: OS::Heat::RandomString\n    properties: {length: 8}\n    metadata: {m: {get_resource: b}}\n    depends_on: b\n    deletion_policy: retain\n    update_policy: {}\n    description: d\n  b:\n    type: OS::Heat::None\n    properties:\n      x: {get_attr: [c, value]}\n      y: [{get_resource: c}]\n  c: {type: OS::Heat::RandomString, deletion_policy: Snapshot}\n")
case("res_snapshot_supported", R + "  s: {type: OS::Nova::Server, deletion_policy: Snapshot}\n  v: {type: OS::Cinder::Volume, deletion_policy: snapshot}\n")
case("res_bad_deletion_policy", R + "  a: {type: OS::Heat::RandomString, deletion_policy: Destroy}\n")
case("res_lower_policy_old", "heat_template_version: 2016-04-08\nresources:\n  a: {type: OS::Heat::None, deletion_policy: delete}\n")
case("res_no_type", R + "  a: {properties: {}}\n")
case("res_empty", R + "  a: {}\n")
case("res_null", R + "  a:\n")
case("res_list", R + "  a: [1]\n")
case("res_bad_key", R + "  a: {type: OS::Heat::None, foo: 1}\n")
case("res_empty_type", R + "  a: {type: ''}\n")
case("res_type_function", R + "  a: {type: {get_param: x}}\n")
case("res_null_props", R + "  a:\n    type: OS::Heat::None\n    properties:\n")
case("res_props_list", R + "  a: {type: OS::Heat::None, properties: [1]}\n")
case("res_depends_bad_type", R + "  a: {type: OS::Heat::None, depends_on: 5}\n")
case("res_depends_bad_item", R + "  a: {type: OS::Heat::None, depends_on: [5]}\n")
case("res_depends_unknown", R + "  a: {type: OS::Heat::None, depends_on: [zz]}\n")
case("res_self_dep", R + "  a: {type: OS::Heat::None, depends_on: a}\n")
case("res_cycle_implicit", R + "  a:\n    type: OS::Heat::RandomString\n    properties: {x: {get_resource: b}}\n  b:\n    type: OS::Heat::RandomString\n    properties: {x: {get_attr: [a, value]}}\n")
case("res_external_id", R + "  a: {type: OS::Heat::RandomString, external_id: ext-1}\n  b: {type: OS::Heat::RandomString, external_id: ext-2, depends_on: [a]}\n")
case("res_external_id_ok", R + "  a: {type: OS::Heat::RandomString, external_id: ext-1, properties: {x: {get_resource: c}}}\n  c: {type: OS::Heat::None}\n")
case("res_description_bad", R + "  a: {type: OS::Heat::None, description: [1]}\n")
case("res_update_policy_bad", R + "  g:\n    type: OS::Heat::ResourceGroup\n    update_policy: {nope: 1}\n")
case("res_update_policy_ok", R + "  g:\n    type: OS::Heat::ResourceGroup\n    update_policy: {rolling_update: {max_batch_size: 2}}\n")
case("res_update_policy_none", R + "  g:\n    type: OS::Heat::None\n    update_policy: {nope: 1}\n")
case("res_prop_error_none_type", R + "  a:\n    type: OS::Heat::None\n    properties:\n      x: {get_param: nope}\n      y: 1\n")
case("res_prop_error", R + "  a:\n    type: OS::Heat::RandomString\n    properties:\n      x: {get_param: nope}\n")
case("res_prop_error_order", R + "  a:\n    type: OS::Heat::RandomString\n    properties:\n      x: {get_param: nope1}\n      y: {get_resource: b}\n  b:\n    type: OS::Heat::RandomString\n    properties:\n      x: {get_param: nope2}\n")
case("res_dup_name", "heat_template_version: 2021-04-16\nparameters:\n  x: {type: string, default: a}\nresources:\n  x: {type: OS::Heat::None}\n")
case("res_dup_pseudo", "heat_template_version: 2021-04-16\nresources:\n  OS::stack_id: {type: OS::Heat::None}\n")
case("res_getres_in_list", R + "  a:\n    type: OS::Heat::None\n    properties:\n      x: [{list_join: [',', [{get_resource: zz}]]}]\n")
case("res_getattr_in_metadata_unknown", R + "  a:\n    type: OS::Heat::None\n    metadata: {x: {get_attr: [zz, b]}}\n")
case("res_hidden_type", R + "  a: {type: OS::Designate::Domain}\n  b: {type: OS::Neutron::LBaaS::LoadBalancer}\n")
case("res_provider_file", R + "  a: {type: my.yaml}\noutputs:\n  o: {value: {get_attr: [a, x]}}\n", files={"my.yaml": "heat_template_version: 2021-04-16\n"})
case("res_output_attr_unknown_dynamic", R + "  d: {type: OS::Heat::SoftwareDeployment}\noutputs:\n  o: {value: {get_attr: [d, deploy_stdout]}}\n")
case("outputs_shapes", "heat_template_version: 2021-04-16\noutputs:\n  a: {value: null}\n  b: {value: 1, description: x}\n")
case("output_not_map", "heat_template_version: 2021-04-16\noutputs:\n  a: 1\n")
case("output_no_value", "heat_template_version: 2021-04-16\noutputs:\n  a: {description: x}\n")
case("output_null", "heat_template_version: 2021-04-16\noutputs:\n  a:\n")
case("output_parse_before_resource_error", R + "  a:\n    type: OS::Heat::RandomString\n    properties: {x: {get_param: nope}}\noutputs:\n  o: {value: {str_replace: 1}}\n")
case("output_resolve_errors", "heat_template_version: 2021-04-16\nresources:\n  r: {type: OS::Heat::None}\noutputs:\n  a: {value: {get_resource: zz}}\n  b: {value: {list_join: [',', [1]]}}\n  c: {value: {get_attr: [zz, x]}}\n")
case("many_resources", "heat_template_version: 2021-04-16\nresources:\n" + "".join("  r%d: {type: OS::Heat::None}\n" % i for i in range(1001)))

# --- batch 2: validation order, paths, mocks, objects --------------------------------
case("order_param_before_resource", "heat_template_version: 2021-04-16\nparameters:\n  a: {type: number, default: x}\nresources:\n  r: {type: OS::Nope}\n")
case("order_section_before_param_value", "heat_template_version: 2021-04-16\nparameters:\n  a: {type: string}\nfoo: 1\n")
case("order_groups_after_params", "heat_template_version: 2021-04-16\nparameters:\n  a: {type: string, default: x, constraints: [{length: {max: 0}}]}\nparameter_groups: 5\n")
case("order_conditions_after_groups", "heat_template_version: 2021-04-16\nparameter_groups: 5\nconditions: [1]\n")
case("order_type_lookup", "heat_template_version: 2021-04-16\nresources:\n  a: {type: OS::Nope, properties: {x: {get_param: nope}}}\n  b: {type: OS::Heat::None, properties: {x: {list_join: 1}}}\n")
case("order_parse_vs_type", "heat_template_version: 2021-04-16\nresources:\n  a: {type: OS::Nope}\n  b: {type: OS::Heat::None, properties: {x: {list_join: 1}}}\n")
case("order_dup_vs_deps", "heat_template_version: 2021-04-16\nparameters:\n  x: {type: string, default: a}\nresources:\n  x: {type: OS::Heat::None, depends_on: zz}\n")
case("order_deps_vs_outputs", "heat_template_version: 2021-04-16\nresources:\n  a: {type: OS::Heat::None, depends_on: zz}\noutputs:\n  o: {value: {str_replace: 1}}\n")
case("order_output_validate", "heat_template_version: 2021-04-16\nresources:\n  r: {type: OS::Heat::None}\noutputs:\n  o1: {value: 1}\n  o2: {value: {get_attr: [zz, x]}}\n  o3: {value: {Ref: x}}\n")
case("order_output_validate_attr", "heat_template_version: 2021-04-16\nresources:\n  s: {type: OS::Nova::Server}\noutputs:\n  o: {value: {list_join: [',', [{get_attr: [s, nope]}]]}}\n")
case("validate_paths_nested", "heat_template_version: 2021-04-16\nresources:\n  s: {type: OS::Nova::Server}\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      a:\n        b: [x, {c: {get_attr: [s, nope]}}]\n")
case("validate_metadata_removed", "heat_template_version: 2021-04-16\nresources:\n  r:\n    type: OS::Heat::RandomString\n    metadata: {k: [{Ref: x}]}\n")
case("validate_update_policy_fn", "heat_template_version: 2021-04-16\nresources:\n  r:\n    type: OS::Heat::ResourceGroup\n    update_policy: {rolling_update: {'Fn::Join': [',', [a]]}}\n")
case("validate_external_id_fn", "heat_template_version: 2021-04-16\nresources:\n  r:\n    type: OS::Heat::RandomString\n    external_id: {Ref: x}\n")
case("validate_deletion_policy_fn", "heat_template_version: 2021-04-16\nparameters:\n  p: {type: string, default: Retain}\nresources:\n  r:\n    type: OS::Heat::RandomString\n    deletion_policy: {get_param: p}\n")
case("validate_deletion_policy_fn_bad", "heat_template_version: 2021-04-16\nparameters:\n  p: {type: string, default: Gone}\nresources:\n  r:\n    type: OS::Heat::RandomString\n    deletion_policy: {get_param: p}\n")
case("validate_cond_removed", "heat_template_version: 2021-04-16\nconditions:\n  c: {not: {Ref: x}}\n")
case("validate_cond_yaql", "heat_template_version: 2021-04-16\nconditions:\n  c: {yaql: {expression: '$.'}}\n")
case("props_function", "heat_template_version: 2021-04-16\nparameters:\n  p: {type: json, default: {a: 1, b: [x]}}\nresources:\n  r:\n    type: OS::Heat::None\n    properties: {get_param: p}\n")
case("props_function_not_map", "heat_template_version: 2021-04-16\nparameters:\n  p: {type: json, default: [1]}\nresources:\n  r:\n    type: OS::Heat::RandomString\n    properties: {get_param: p}\n")
case("metadata_resolve_error", "heat_template_version: 2021-04-16\nresources:\n  r:\n    type: OS::Heat::RandomString\n    metadata: {k: {list_join: [',', [1]]}}\n")
case("mocks_break_property", "heat_template_version: 2021-04-16\nresources:\n  s: {type: OS::Nova::Server}\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      x: {list_join: [',', [{get_attr: [s, first_address]}]]}\n", **{"x-playground": {"attributes": {"s": {"first_address": 5}}}})
case("mocks_in_properties", "heat_template_version: 2021-04-16\nresources:\n  s: {type: OS::Nova::Server}\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      ip: {get_attr: [s, first_address]}\n      id: {get_resource: s}\n      all: {get_attr: [s]}\n", **{"x-playground": {"attributes": {"s": {"first_address": "10.1.1.1", "name": "srv"}}, "reference_ids": {"s": "abc-123"}}})
case("mocks_refid_only", "heat_template_version: 2021-04-16\nresources:\n  s: {type: OS::Nova::Server}\noutputs:\n  a: {value: {get_resource: s}}\n  b: {value: {get_attr: [s, first_address]}}\n", **{"x-playground": {"reference_ids": {"s": "id-9"}}})
case("mocks_unknown_resource", "heat_template_version: 2021-04-16\noutputs:\n  a: {value: 1}\n", **{"x-playground": {"attributes": {"nope": {"x": 1}}}})
case("depends_on_disabled", "heat_template_version: 2021-04-16\nconditions:\n  off_c: false\nresources:\n  a: {type: OS::Heat::None, condition: off_c}\n  b: {type: OS::Heat::None, depends_on: [a]}\n")
case("requires_sorted", "heat_template_version: 2021-04-16\nresources:\n  z: {type: OS::Heat::None}\n  m: {type: OS::Heat::None}\n  a:\n    type: OS::Heat::None\n    depends_on: [z]\n    properties: {x: {get_resource: m}, y: {get_attr: [z, foo]}}\n")
case("cond_param_bool", "heat_template_version: 2021-04-16\nparameters:\n  flag: {type: boolean, default: false}\n  which: {type: string, default: c2}\nconditions:\n  c1: {get_param: flag}\n  c2: true\n  c3: {not: {get_param: which}}\nresources:\n  a: {type: OS::Heat::None, condition: {get_param: flag}}\n  b: {type: OS::Heat::None, condition: {get_param: which}}\n")
case("cond_get_param_str_bad", "heat_template_version: 2021-04-16\nparameters:\n  which: {type: string, default: nope}\nresources:\n  b: {type: OS::Heat::None, condition: {get_param: which}}\n")
case("cond_eval_error_stage", "heat_template_version: 2021-04-16\nconditions:\n  c: {equals: [{get_param: nope}, 1]}\n  d: {not: c}\n")
case("cond_non_bool_result", "heat_template_version: 2021-04-16\nparameters:\n  p: {type: string, default: x}\nconditions:\n  c: {get_param: p}\n")
case("template_as_object", {"heat_template_version": "2018-08-31", "parameters": {"p": {"type": "number", "default": "1e3"}}, "outputs": {"o": {"value": [{"get_param": "p"}, "1e3", True]}}})
case("environment_as_object", E, environment={"parameters": {"s": "objenv", "n": "4"}})
case("explicit_param_types", E, parameters={"s": 5, "n": "2.5", "l": ["a", 1], "j": {"k": [1, 2]}})
case("explicit_cdl_string", E, parameters={"l": "x, y", "j": "[1, 2]"})
case("param_default_timestamp", "heat_template_version: 2021-04-16\nparameters:\n  d: {type: string, default: 2020-01-02}\n  t: {type: json, default: {when: 2020-01-02}}\noutputs:\n  o: {value: [{get_param: d}, {get_param: t}]}\n")
case("param_hidden_value", "heat_template_version: 2021-04-16\nparameters:\n  pw: {type: string, hidden: true, default: secret}\noutputs:\n  o: {value: {get_param: pw}}\n")
case("get_attr_2013_select", "heat_template_version: 2013-05-23\nresources:\n  s: {type: OS::Nova::Server}\noutputs:\n  a: {value: {get_attr: [s, networks, private, 0]}}\n  b: {value: {get_attr: [s, networks, private, '0']}}\n", **{"x-playground": {"attributes": {"s": {"networks": {"private": ["10.0.0.5"]}}}}})
case("absent_nested", out(W, "[[1, {if: [false, 2]}], {a: [{if: [false, x]}], b: {c: {if: [false, 1]}}}, {list_join: [',', [a, {if: [false, b]}], [{if: [false, c]}]]}]"))
case("unicode_values", "heat_template_version: 2021-04-16\nparameters:\n  u: {type: string, default: 'héllo wörld ☃'}\noutputs:\n  a: {value: {get_param: u}}\n  b: {value: {str_replace: {template: 'X', params: {X: {k: 'é☃'}}}}}\n  c: {value: {list_join: ['·', [a, b]]}}\n  d: {value: {digest: [sha256, 'héllo']}}\n  e: {value: {str_split: ['ö', 'aöböc']}}\n  f: {value: {make_url: {host: 'hé.com', path: '/☃', query: {q: 'ü'}}}}\n")
case("float_text", out(W, "[{str_replace: {template: 'A B C D E', params: {A: 1e16, B: 0.00001, C: 1.5e300, D: 100.0, E: -0.0}}}, {list_join: [',', [[1.0e+16, 0.1]]]}, {str_replace: {template: A, params: {A: [0.1, 2.0]}}}]"))
case("float_param", "heat_template_version: 2021-04-16\nparameters:\n  f: {type: number, default: 0.1}\n  s: {type: string, default: 1.0e+20}\noutputs:\n  o: {value: [{get_param: f}, {get_param: s}]}\n")
case("big_ints", out(W, "[9007199254740993, -9223372036854775807, {str_replace: {template: X, params: {X: 123456789012345678}}}]"))
case("str_replace_int_key", out(W, "{str_replace: {template: a1, params: {1: x}}}"))
case("str_replace_mixed_keys", out(W, "{str_replace: {template: a1, params: {1: x, a: y}}}"))
case("repeat_three", out(W, "{repeat: {for_each: {A: [a, b], B: [c], C: [d, e]}, template: {A: [B, C]}}}"))
case("repeat_nested_fn", "heat_template_version: 2021-04-16\nparameters:\n  nets: {type: comma_delimited_list, default: 'n1,n2'}\noutputs:\n  o: {value: {repeat: {for_each: {<%net%>: {get_param: nets}}, template: {network: <%net%>, name: {list_join: ['-', [p, <%net%>]]}}}}}\n")
case("yaql_condition", "heat_template_version: 2021-04-16\nparameters:\n  n: {type: number, default: 3}\nconditions:\n  big: {yaql: {expression: '$.data.n > 2', data: {n: {get_param: n}}}}\n")
case("yaql_resolve_error", out(W, "{yaql: {expression: '$.data.x.y', data: {x: 1}}}"))
case("yaql_key_error", out(W, "{yaql: {expression: '$.data[nope]', data: {a: 1}}}"))
case("yaql_non_bool_condition", "heat_template_version: 2021-04-16\nconditions:\n  c: {yaql: {expression: '5'}}\n")
case("yaql_in_property", "heat_template_version: 2021-04-16\nresources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      x: {yaql: {expression: '$.data.a.sum()', data: {a: [1, 2]}}}\n      y: {yaql: {expression: '$.data.missing.foo', data: {}}}\n")
case("output_description_any", "heat_template_version: 2021-04-16\noutputs:\n  a: {value: 1, description: [1, 2], extra: x}\n")
case("resource_description_ok", "heat_template_version: 2021-04-16\nresources:\n  r: {type: OS::Heat::None, description: hello}\n")
case("deletion_policy_external", "heat_template_version: 2021-04-16\nresources:\n  a: {type: OS::Heat::RandomString, external_id: x, deletion_policy: Delete}\n")
case("external_id_function", "heat_template_version: 2021-04-16\nparameters:\n  e: {type: string, default: ''}\nresources:\n  a: {type: OS::Heat::RandomString, external_id: {get_param: e}, depends_on: [b]}\n  b: {type: OS::Heat::None}\n")


# --- update_policy values against the type's schema ------------------------------
_UP_HEAD = "heat_template_version: 2021-04-16\nparameters:\n  p: {type: number, default: 0}\n  s: {type: string, default: '3'}\nresources:\n"
_UP_RG = "  g:\n    type: OS::Heat::ResourceGroup\n    properties: {resource_def: {type: OS::Heat::None}}\n    update_policy: %s\n"
_UP_AWS = "  g:\n    type: AWS::AutoScaling::AutoScalingGroup\n    properties: {MinSize: 1, MaxSize: 2}\n    update_policy: %s\n"
for _name, _shape, _policy in [
    ("list", _UP_RG, "{rolling_update: [1]}"), ("str", _UP_RG, "{rolling_update: abc}"),
    ("null", _UP_RG, "{rolling_update: null}"), ("unknown_inner", _UP_RG, "{rolling_update: {foo: 1}}"),
    ("num_abc", _UP_RG, "{rolling_update: {pause_time: abc}}"), ("num_neg", _UP_RG, "{rolling_update: {pause_time: -1}}"),
    ("num_str", _UP_RG, "{rolling_update: {pause_time: '2.5'}}"), ("num_bool", _UP_RG, "{rolling_update: {pause_time: true}}"),
    ("int_bool", _UP_RG, "{rolling_update: {max_batch_size: true}}"), ("int_float", _UP_RG, "{rolling_update: {max_batch_size: 1.5}}"),
    ("int_str", _UP_RG, "{rolling_update: {max_batch_size: '3'}}"), ("int_null", _UP_RG, "{rolling_update: {max_batch_size: null}}"),
    ("order_fields", _UP_RG, "{rolling_update: {pause_time: -1, max_batch_size: 0}}"),
    ("order_entries", _UP_RG, "{batch_create: {max_batch_size: 0}, rolling_update: {max_batch_size: 0}}"),
    ("top_int", _UP_RG, "5"), ("param", _UP_RG, "{rolling_update: {max_batch_size: {get_param: p}}}"),
    ("param_str", _UP_RG, "{rolling_update: {max_batch_size: {get_param: s}}}"),
    ("int_list", _UP_RG, "{rolling_update: {max_batch_size: [1]}}"), ("num_map", _UP_RG, "{rolling_update: {pause_time: {a: 1}}}"),
    ("int_str_float", _UP_RG, "{rolling_update: {max_batch_size: '1.5'}}"), ("int_str_spaces", _UP_RG, "{rolling_update: {max_batch_size: ' 3 '}}"),
    ("unknown_first", _UP_RG, "{rolling_update: {zzz: 1, max_batch_size: 0}}"),
    ("aws_pause_int", _UP_AWS, "{AutoScalingRollingUpdate: {PauseTime: 5}}"), ("aws_pause_list", _UP_AWS, "{AutoScalingRollingUpdate: {PauseTime: [1]}}"),
    ("aws_pause_float", _UP_AWS, "{AutoScalingRollingUpdate: {PauseTime: 1.5}}"), ("aws_batch_x", _UP_AWS, "{AutoScalingRollingUpdate: {MaxBatchSize: x}}"),
    ("aws_batch_neg", _UP_AWS, "{AutoScalingRollingUpdate: {MaxBatchSize: -5}}"), ("aws_pause_map", _UP_AWS, "{AutoScalingRollingUpdate: {PauseTime: {a: b}}}"),
]:
    case("update_policy_" + _name, _UP_HEAD + _shape % _policy)

# --- all_param_schemata(files): templates among the files ------------------------
_AP_T = "heat_template_version: 2021-04-16\nparameters:\n  top: {type: string, default: a}\nresources:\n  n: {type: nested.yaml}\noutputs:\n  o: {value: {get_param: top}}\n"
_AP_BOOL = "heat_template_version: 2021-04-16\nparameters:\n  nb: {type: boolean}\n"
_AP_E1 = "parameter_defaults: {nb: true}\n"
_AP_E2 = "parameter_merge_strategies: {nb: merge}\nparameter_defaults: {nb: false}\n"
_AP_TOP = "parameter_defaults: {top: b}\n"
for _name, _files, _envs in [
    ("bool_merge", {"nested.yaml": _AP_BOOL, "e1.yaml": _AP_E1, "e2.yaml": _AP_E2}, ["e1.yaml", "e2.yaml"]),
    ("cfn_merge", {"nested.yaml": "HeatTemplateFormatVersion: '2012-12-12'\nParameters:\n  nb: {Type: String}\n", "e1.yaml": _AP_E1, "e2.yaml": _AP_E2}, ["e1.yaml", "e2.yaml"]),
    ("list_merge", {"nested.yaml": "heat_template_version: 2021-04-16\nparameters:\n  nl: {type: comma_delimited_list}\n", "e1.yaml": "parameters: {nl: 'a,b'}\n", "e2.yaml": "parameter_merge_strategies: {nl: merge}\nparameters: {nl: 'c'}\n"}, ["e1.yaml", "e2.yaml"]),
    ("bad_schema", {"nested.yaml": "heat_template_version: 2021-04-16\nparameters:\n  q: {type: foo}\n", "e1.yaml": _AP_TOP}, ["e1.yaml"]),
    ("bad_schema_no_envs", {"nested.yaml": "heat_template_version: 2021-04-16\nparameters:\n  q: {type: foo}\n"}, []),
    ("bad_version", {"nested.yaml": "heat_template_version: 2099-01-01\nparameters:\n  q: {type: string}\n", "e1.yaml": _AP_TOP}, ["e1.yaml"]),
    ("int_version", {"nested.yaml": "heat_template_version: 2013\nparameters:\n  a: {type: foo}\n"}, []),
    ("ambiguous_version", {"nested.yaml": "heat_template_version: 2021-04-16\nHeatTemplateFormatVersion: '2012-12-12'\n"}, []),
    ("params_list", {"nested.yaml": "heat_template_version: 2021-04-16\nparameters: [1]\n", "e1.yaml": _AP_TOP}, ["e1.yaml"]),
    ("params_null", {"nested.yaml": "heat_template_version: 2021-04-16\nparameters: null\nresources: 5\n"}, []),
    ("bad_default_is_fine", {"nested.yaml": "heat_template_version: 2021-04-16\nparameters:\n  q: {type: string, constraints: [{length: {min: 5}}], default: ab}\n"}, []),
    ("skipped_files", {"a.yaml": "- 1\n", "b.yaml": "{bad yaml", "c.json": "[1, 2]", "d.sh": "#!/bin/sh\necho hi\n", "e.yaml": "parameters: {x: 1}\n"}, []),
    ("null_file", {"a.yaml": None}, []),
    ("two_bad_first_wins", {"a.yaml": "heat_template_version: 2021-04-16\nparameters:\n  q: {type: foo}\n", "b.yaml": "heat_template_version: 2013-05-23\nparameters:\n  q: {type: string, foo: 1}\n"}, []),
    ("cfn_bad_version", {"f.yaml": "HeatTemplateFormatVersion: '2013-01-01'\nParameters:\n  a: {Type: String}\n"}, []),
    ("aws_bad_type", {"f.yaml": "AWSTemplateFormatVersion: '2010-09-09'\nParameters:\n  a: {Type: Strin}\n"}, []),
    ("aws_bad_version", {"f.yaml": "AWSTemplateFormatVersion: '2011-01-01'\n"}, []),
    ("cfn_missing_type", {"f.yaml": "HeatTemplateFormatVersion: '2012-12-12'\nParameters:\n  a: {Default: x}\n"}, []),
    ("cfn_bad_key", {"f.yaml": "HeatTemplateFormatVersion: '2012-12-12'\nParameters:\n  a: {Type: String, type: x}\n"}, []),
    ("cfn_minvalue_bad", {"f.yaml": "HeatTemplateFormatVersion: '2012-12-12'\nParameters:\n  a: {Type: Number, MinValue: abc}\n"}, []),
    ("cfn_minvalue_null", {"f.yaml": "HeatTemplateFormatVersion: '2012-12-12'\nParameters:\n  a: {Type: Number, MinValue: null}\n"}, []),
    ("cfn_length_float", {"f.yaml": "HeatTemplateFormatVersion: '2012-12-12'\nParameters:\n  a: {Type: String, MinLength: 2.5}\n"}, []),
    ("cfn_allowed_not_list", {"f.yaml": "HeatTemplateFormatVersion: '2012-12-12'\nParameters:\n  a: {Type: String, AllowedValues: abc}\n"}, []),
    ("cfn_pattern_bad", {"f.yaml": "HeatTemplateFormatVersion: '2012-12-12'\nParameters:\n  a: {Type: String, AllowedPattern: '('}\n"}, []),
    ("cfn_not_map", {"f.yaml": "HeatTemplateFormatVersion: '2012-12-12'\nParameters:\n  a: 5\n"}, []),
    ("cfn_params_list", {"f.yaml": "HeatTemplateFormatVersion: '2012-12-12'\nParameters: [1]\n"}, []),
    ("cfn_length_on_number", {"f.yaml": "HeatTemplateFormatVersion: '2012-12-12'\nParameters:\n  a: {Type: Number, MinLength: 2}\n"}, []),
    ("nested_before_parent", {"n.yaml": "heat_template_version: 2021-04-16\nparameters:\n  q: {type: foo}\n"}, []),
]:
    _req = {"files": _files}
    if _envs:
        _req["environment_files"] = _envs
    _t = _AP_T if _name != "nested_before_parent" else "heat_template_version: 2021-04-16\nparameters:\n  a: {type: bar}\n"
    case("file_schemata_" + _name, _t, **_req)
case("params_section_list", "heat_template_version: 2021-04-16\nparameters: [1]\n")
case("params_section_str", "heat_template_version: 2021-04-16\nparameters: abc\n")
case("params_section_false", "heat_template_version: 2021-04-16\nparameters: false\n")

# --- property messages (full mode): one case per format Heat's Properties raise --
# Modulo has no case here: no resource property of Heat 27 has a modulo
# constraint (parameters do: con_modulo*).
PR = "heat_template_version: 2021-04-16\nresources:\n"
case("propmsg_unknown", PR + "  r:\n    type: OS::Heat::RandomString\n    properties:\n      lenght: 8\n")
case("propmsg_unknown_nested", PR + "  r:\n    type: OS::Heat::RandomString\n    properties:\n      character_classes: [{class: digits}, {class: letters, mn: 2}]\n")
case("propmsg_missing_required", PR + "  v:\n    type: OS::Heat::Value\n    properties:\n      type: string\n")
case("propmsg_missing_required_no_properties", PR + "  k:\n    type: OS::Nova::KeyPair\n")
case("propmsg_missing_required_nested", PR + "  r:\n    type: OS::Heat::RandomString\n    properties:\n      character_sequences: [{sequence: ab}, {min: 2}]\n")
case("propmsg_integer", PR + "  r:\n    type: OS::Heat::RandomString\n    properties:\n      length: abc\n")
case("propmsg_integer_float_string", PR + "  r:\n    type: OS::Heat::RandomString\n    properties:\n      length: '8.5'\n")
case("propmsg_number", PR + "  p:\n    type: OS::Heat::ScalingPolicy\n    properties:\n      auto_scaling_group_id: g\n      adjustment_type: change_in_capacity\n      scaling_adjustment: one\n")
case("propmsg_boolean", PR + "  n:\n    type: OS::Neutron::Net\n    properties:\n      admin_state_up: maybe\n")
case("propmsg_list", PR + "  r:\n    type: OS::Heat::RandomString\n    properties:\n      character_classes: digits\n")
case("propmsg_map", PR + "  c:\n    type: OS::Heat::SoftwareConfig\n    properties:\n      options: [a, b]\n")
case("propmsg_string", PR + "  r:\n    type: OS::Heat::RandomString\n    properties:\n      salt: {a: 1}\n")
case("propmsg_range", PR + "  r:\n    type: OS::Heat::RandomString\n    properties:\n      length: 1000\n")
case("propmsg_range_nested", PR + "  r:\n    type: OS::Heat::RandomString\n    properties:\n      character_classes: [{class: digits, min: 0}]\n")
case("propmsg_length", PR + "  k:\n    type: OS::Nova::KeyPair\n    properties:\n      name: ''\n")
case("propmsg_length_list", PR + "  p:\n    type: OS::Neutron::SubnetPool\n    properties:\n      prefixes: []\n")
case("propmsg_allowed_values", PR + "  v:\n    type: OS::Heat::Value\n    properties:\n      value: 1\n      type: words\n")
# `sequence` is a hidden property of RandomString: Heat accepts any value there.
case("propmsg_allowed_values_hidden", PR + "  r:\n    type: OS::Heat::RandomString\n    properties:\n      sequence: words\n")
case("propmsg_allowed_values_integer", PR + "  s:\n    type: OS::Neutron::Subnet\n    properties:\n      network: net\n      ip_version: 5\n")
case("propmsg_allowed_pattern", PR + "  i:\n    type: OS::Glance::WebImage\n    properties:\n      disk_format: qcow2\n      container_format: bare\n      location: http://example.com/i.qcow2\n      kernel_id: not-a-uuid\n")
case("propmsg_custom_ip_addr", PR + "  p:\n    type: OS::Neutron::Port\n    properties:\n      network: net\n      fixed_ips: [{ip_address: 10.0.0.300}]\n")
case("propmsg_custom_net_cidr", PR + "  s:\n    type: OS::Neutron::Subnet\n    properties:\n      network: net\n      cidr: 10.0.0.0/33\n")
case("propmsg_custom_skipped", PR + "  p:\n    type: OS::Neutron::Port\n    properties:\n      network: net\n      fixed_ips: [{subnet: sub, ip_address: 10.0.0.5}]\n")
case("propmsg_translation_conflict", PR + "  p:\n    type: OS::Neutron::Port\n    properties:\n      network: net\n      network_id: net-id\n")
case("propmsg_nested_list_path", PR + "  s:\n    type: OS::Nova::Server\n    properties:\n      flavor: m1.small\n      networks:\n        - network: private\n        - port: [p1]\n")
case("propmsg_plugin_conflict", PR + "  s:\n    type: OS::Nova::Server\n    properties:\n      flavor: m1.small\n      image: cirros\n      block_device_mapping: [{device_name: vdb, volume_id: v1}]\n      block_device_mapping_v2: [{volume_id: v2}]\n")
case("propmsg_plugin_conflict_networks", PR + "  s:\n    type: OS::Nova::Server\n    properties:\n      flavor: m1.small\n      block_device_mapping: [{device_name: vda, volume_id: v1}]\n      networks: [{port: p1, fixed_ip: 10.0.0.5}]\n")
case("propmsg_plugin_invalid", PR + "  s:\n    type: OS::Nova::Server\n    properties:\n      flavor: m1.small\n")
case("propmsg_plugin_unspecified", PR + "  pool:\n    type: OS::Octavia::Pool\n    properties:\n      lb_algorithm: ROUND_ROBIN\n      protocol: HTTP\n")
case("propmsg_two_resources", PR + "  a:\n    type: OS::Heat::RandomString\n    properties:\n      length: abc\n  b:\n    type: OS::Heat::RandomString\n    properties:\n      lenght: 8\n")
case("propmsg_server_image_skipped", "heat_template_version: 2021-04-16\nparameters:\n  flavor: {type: string, default: m1.small, constraints: [{custom_constraint: nova.flavor}]}\nresources:\n  s:\n    type: OS::Nova::Server\n    properties:\n      flavor: {get_param: flavor}\n      image: cirros\n      networks: [{network: private}]\n")


# --- nested stacks (full mode): provider templates, groups, chains -----------------
# `nested_*`: every rule of Heat's StackResource/TemplateResource and the group
# resources that the oracle's full mode reproduces (its `nested` results).
NT = "heat_template_version: 2021-04-16\n"
_DB = NT + ("parameters:\n  name: {type: string, default: db}\n  size: {type: number, default: 1}\n"
            "resources:\n  vol:\n    type: OS::Cinder::Volume\n    properties: {size: {get_param: size}, name: {get_param: name}}\n"
            "outputs:\n  name: {value: {get_param: name}}\n  vol: {value: {get_resource: vol}}\n")
_NONE = NT + "resources:\n  n: {type: OS::Heat::None}\n"
# Provider templates: by file name, by resource_registry (global, per resource, in an environment file).
case("nested_provider_file", NT + "resources:\n  db:\n    type: db.yaml\n    properties: {name: main, size: 2}\noutputs:\n  n: {value: {get_attr: [db, name]}}\n  r: {value: {get_resource: db}}\n  id: {value: {get_attr: [db, OS::stack_id]}}\n", files={"db.yaml": _DB})
case("nested_registry_global", NT + "resources:\n  db:\n    type: My::DB\n    properties: {name: reg}\n", environment="resource_registry:\n  My::DB: db.yaml\n", files={"db.yaml": _DB})
case("nested_registry_per_resource", NT + "resources:\n  a: {type: My::DB}\n  b: {type: My::DB}\n", environment="resource_registry:\n  My::DB: db.yaml\n  resources:\n    b:\n      My::DB: other.yaml\n", files={"db.yaml": _DB, "other.yaml": _NONE})
case("nested_registry_env_file", NT + "resources:\n  a: {type: My::DB, properties: {size: 3}}\n", environment_files=["env.yaml"], files={"env.yaml": "resource_registry:\n  My::DB: db.yaml\n", "db.yaml": _DB})
case("nested_registry_glob", NT + "resources:\n  a: {type: My::Things::A}\n  b: {type: My::Things::B}\n", environment="resource_registry:\n  My::Things::*: none.yaml\n", files={"none.yaml": _NONE})
# Parameters from the parent's properties, converted to the child's parameter types.
_CONV = NT + ("parameters:\n  l: {type: comma_delimited_list}\n  ls: {type: comma_delimited_list}\n  le: {type: comma_delimited_list}\n"
              "  m: {type: json}\n  jl: {type: json}\n  n: {type: number}\n  f: {type: number}\n  ns: {type: number}\n"
              "  b: {type: boolean}\n  bs: {type: boolean}\n  s: {type: string}\n"
              "outputs:\n  all: {value: [{get_param: l}, {get_param: ls}, {get_param: le}, {get_param: m}, {get_param: jl}, {get_param: n}, {get_param: f}, {get_param: ns}, {get_param: b}, {get_param: bs}, {get_param: s}]}\n")
case("nested_param_conversions", NT + "resources:\n  p:\n    type: conv.yaml\n    properties:\n      l: [a, b, c]\n      ls: 'x, y'\n      le: []\n      m: {k: [1, 2], j: {x: null}}\n      jl: [1, two]\n      n: 5\n      f: '2.5'\n      ns: '7'\n      b: 'TRUE'\n      bs: false\n      s: 42\n", files={"conv.yaml": _CONV})
case("nested_param_list_of_maps", NT + "resources:\n  p:\n    type: l.yaml\n    properties:\n      l: [{a: 1, b: x}, {c: y}]\n", files={"l.yaml": NT + "parameters:\n  l: {type: comma_delimited_list}\noutputs:\n  l: {value: {get_param: l}}\n"})
case("nested_param_list_null_item", NT + "resources:\n  s: {type: OS::Heat::RandomString}\n  p:\n    type: l.yaml\n    properties:\n      l: [a, {get_attr: [s, value]}, b]\n", files={"l.yaml": NT + "parameters:\n  l: {type: comma_delimited_list}\noutputs:\n  l: {value: {get_param: l}}\n"})
case("nested_param_boolean_yes", NT + "resources:\n  p:\n    type: b.yaml\n    properties: {b: 'yes'}\n", files={"b.yaml": NT + "parameters:\n  b: {type: boolean}\n"})
case("nested_param_number_bad", NT + "resources:\n  p:\n    type: db.yaml\n    properties: {size: big}\n", files={"db.yaml": _DB})
case("nested_param_json_bad", NT + "resources:\n  p:\n    type: j.yaml\n    properties: {j: '{bad'}\n", files={"j.yaml": NT + "parameters:\n  j: {type: json}\n"})
case("nested_unknown_property", NT + "resources:\n  db:\n    type: db.yaml\n    properties: {name: x, sise: 2}\n", files={"db.yaml": _DB})
case("nested_required_param_missing", NT + "resources:\n  p: {type: req.yaml}\n", files={"req.yaml": NT + "parameters:\n  key: {type: string}\n  other: {type: number, default: 1}\n"})
case("nested_param_constraint", NT + "resources:\n  p:\n    type: c.yaml\n    properties: {size: 10}\n", files={"c.yaml": NT + "parameters:\n  size:\n    type: number\n    constraints: [{range: {min: 1, max: 5}, description: between one and five}]\n"})
case("nested_param_constraint_pattern", NT + "resources:\n  p:\n    type: c.yaml\n    properties: {name: 'Bad Name'}\n", files={"c.yaml": NT + "parameters:\n  name:\n    type: string\n    constraints: [{allowed_pattern: '[a-z]+'}]\n"})
case("nested_param_constraint_from_param", NT + "parameters:\n  size: {type: number, default: 9}\nresources:\n  p:\n    type: c.yaml\n    properties: {size: {get_param: size}}\n", files={"c.yaml": NT + "parameters:\n  size:\n    type: number\n    constraints: [{range: {max: 5}}]\n"})
case("nested_param_custom_constraint", NT + "resources:\n  p:\n    type: c.yaml\n    properties: {ip: 10.0.0.300, flavor: m1.small}\n", files={"c.yaml": NT + "parameters:\n  ip: {type: string, constraints: [{custom_constraint: ip_addr}]}\n  flavor: {type: string, constraints: [{custom_constraint: nova.flavor}]}\n"})
case("nested_param_custom_constraint_skipped", NT + "resources:\n  p:\n    type: c.yaml\n    properties: {flavor: m1.small}\n", files={"c.yaml": NT + "parameters:\n  flavor: {type: string, constraints: [{custom_constraint: nova.flavor}]}\n"})
# parameter_defaults reach nested stacks and replace their template defaults; a property wins.
case("nested_parameter_defaults", NT + "resources:\n  db:\n    type: db.yaml\n    properties: {name: explicit}\n", environment="parameter_defaults:\n  size: 7\n  name: from-defaults\n", files={"db.yaml": _DB})
case("nested_parameter_defaults_group", NT + "resources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: 2\n      resource_def: {type: db.yaml}\n", environment="parameter_defaults:\n  size: 4\n", files={"db.yaml": _DB})
case("nested_parameter_defaults_bad_value", NT + "resources:\n  p: {type: c.yaml}\n", environment="parameter_defaults:\n  size: 10\n", files={"c.yaml": NT + "parameters:\n  size:\n    type: number\n    default: 1\n    constraints: [{range: {max: 5}}]\n"})
case("nested_parameters_not_inherited", NT + "parameters:\n  size: {type: number, default: 3}\nresources:\n  db: {type: db.yaml}\n", parameters={"size": 5}, files={"db.yaml": _DB})
# The child's registry is the parent's minus the mapping that led there.
case("nested_registry_override_builtin", NT + "resources:\n  s:\n    type: OS::Heat::RandomString\n    properties: {length: 8}\n", environment="resource_registry:\n  OS::Heat::RandomString: rs.yaml\n", files={"rs.yaml": NT + "parameters:\n  length: {type: number, default: 4}\nresources:\n  real:\n    type: OS::Heat::RandomString\n    properties: {length: {get_param: length}}\noutputs:\n  value: {value: {get_attr: [real, value]}}\n"})
case("nested_registry_self_mapping", NT + "resources:\n  a: {type: My::A}\n", environment="resource_registry:\n  My::A: a.yaml\n", files={"a.yaml": NT + "resources:\n  again: {type: My::A}\n"})
case("nested_registry_other_mapping_kept", NT + "resources:\n  a: {type: My::A}\n", environment="resource_registry:\n  My::A: a.yaml\n  My::B: b.yaml\n", files={"a.yaml": NT + "resources:\n  b: {type: My::B}\n", "b.yaml": _NONE})
case("nested_registry_per_resource_child", NT + "resources:\n  a: {type: a.yaml}\n", environment="resource_registry:\n  resources:\n    inner:\n      OS::Heat::None: none2.yaml\n", files={"a.yaml": NT + "resources:\n  inner: {type: OS::Heat::None}\n  other: {type: OS::Heat::None}\n", "none2.yaml": NT + "resources:\n  x: {type: OS::Heat::RandomString}\n"})
# Errors inside nested templates: Heat's wrapped paths.
case("nested_error_path", NT + "resources:\n  p: {type: nested.yaml}\n", files={"nested.yaml": NT + "resources:\n  x:\n    type: OS::Heat::RandomString\n    properties: {lenght: 8}\n"})
case("nested_error_path_two_levels", NT + "resources:\n  p: {type: a.yaml}\n", files={"a.yaml": NT + "resources:\n  q: {type: b.yaml}\n", "b.yaml": NT + "resources:\n  x:\n    type: OS::Heat::RandomString\n    properties: {lenght: 8}\n"})
case("nested_error_path_group", NT + "resources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: 2\n      resource_def:\n        type: OS::Heat::RandomString\n        properties: {lenght: 8}\n")
case("nested_error_path_group_of_providers", NT + "resources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: 2\n      resource_def: {type: nested.yaml}\n", files={"nested.yaml": NT + "resources:\n  x:\n    type: OS::Heat::RandomString\n    properties: {lenght: 8}\n"})
case("nested_error_get_param", NT + "resources:\n  p: {type: nested.yaml}\n", files={"nested.yaml": NT + "resources:\n  x:\n    type: OS::Heat::None\n    properties: {a: {get_param: nope}}\n"})
case("nested_error_get_param_value", NT + "resources:\n  p: {type: nested.yaml}\n", files={"nested.yaml": NT + "resources:\n  x:\n    type: OS::Heat::Value\n    properties: {value: {get_param: nope}}\n"})
case("nested_error_template_version", NT + "resources:\n  p: {type: nested.yaml}\n", files={"nested.yaml": "heat_template_version: 2099-01-01\n"})
case("nested_error_unknown_type", NT + "resources:\n  p: {type: nested.yaml}\n", files={"nested.yaml": NT + "resources:\n  x: {type: OS::No::Such}\n"})
case("nested_error_output", NT + "resources:\n  p: {type: nested.yaml}\n", files={"nested.yaml": NT + "outputs:\n  o: {value: {get_attr: [nope, x]}}\n"})
# Values that only a strict (create-time) validation checks: the nested result's error.
case("nested_strict_value_error", NT + "resources:\n  p:\n    type: nested.yaml\n    properties: {len: 1000}\n", files={"nested.yaml": NT + "parameters:\n  len: {type: number}\nresources:\n  x:\n    type: OS::Heat::RandomString\n    properties: {length: {get_param: len}}\n"})
case("nested_strict_value_error_deeper", NT + "resources:\n  p: {type: a.yaml}\n", files={"a.yaml": NT + "resources:\n  q:\n    type: b.yaml\n    properties: {len: 1000}\n", "b.yaml": NT + "parameters:\n  len: {type: number}\nresources:\n  x:\n    type: OS::Heat::RandomString\n    properties: {length: {get_param: len}}\n"})
# Depth: five levels of nesting are allowed, six are not; a template that names itself.
_CHAIN = {"l%d.yaml" % i: NT + "resources:\n  r: {type: l%d.yaml}\n" % (i + 1) for i in range(1, 7)}
_CHAIN["l7.yaml"] = _NONE
case("nested_depth_limit", NT + "resources:\n  top: {type: l1.yaml}\n", files=_CHAIN)
case("nested_depth_five_ok", NT + "resources:\n  top: {type: l3.yaml}\n", files=_CHAIN)
case("nested_depth_self", NT + "resources:\n  top: {type: loop.yaml}\n", files={"loop.yaml": NT + "resources:\n  again: {type: loop.yaml}\n"})
# Files Heat would have to fetch.
case("nested_missing_file", NT + "resources:\n  p: {type: missing.yaml}\n")
case("nested_missing_file_in_child", NT + "resources:\n  p: {type: a.yaml}\n", files={"a.yaml": NT + "resources:\n  q: {type: missing.yaml}\n"})
case("nested_http_url", NT + "resources:\n  p: {type: 'http://example.com/t.yaml'}\n")
case("nested_http_url_in_files", NT + "resources:\n  p: {type: 'https://example.com/t.yaml'}\n", files={"https://example.com/t.yaml": _DB})
case("nested_registry_file_url", NT + "resources:\n  p: {type: My::T}\n", environment="resource_registry:\n  My::T: file:///tmp/t.yaml\n")
# ResourceGroup.
_RG = NT + "resources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n"
case("nested_rg_count_zero", _RG + "      count: 0\n      resource_def:\n        type: OS::Heat::RandomString\n        properties: {lenght: 8}\n")
case("nested_rg_count_default", _RG + "      resource_def: {type: OS::Heat::None}\n")
case("nested_rg_count_param", NT + "parameters:\n  n: {type: number, default: 3}\nresources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: {get_param: n}\n      resource_def: {type: OS::Heat::None, properties: {i: '%index%'}}\n")
case("nested_rg_index", _RG + "      count: 3\n      resource_def:\n        type: OS::Heat::None\n        properties:\n          name: 'node-%index%'\n          list: ['%index%', {k: 'v%index%%index%'}, 5]\n          map: {'%index%': '%index%'}\n")
case("nested_rg_index_var", _RG + "      count: 2\n      index_var: __i__\n      resource_def:\n        type: OS::Heat::None\n        properties: {name: 'n-__i__', keep: '%index%'}\n")
case("nested_rg_removal_policies", _RG + "      count: 3\n      removal_policies: [{resource_list: ['1', 3]}]\n      resource_def: {type: OS::Heat::None, properties: {i: '%index%'}}\noutputs:\n  refs: {value: {get_attr: [g, refs]}}\n  removed: {value: {get_attr: [g, removed_rsrc_list]}}\n")
case("nested_rg_resource_def_nulls", NT + "parameters:\n  e: {type: string, default: ''}\nresources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: 2\n      resource_def:\n        type: OS::Heat::None\n        properties: {a: null, b: {get_param: e}, c: [1, null], d: {x: null, y: 1}, e: x}\n")
case("nested_rg_resource_def_null_functions", NT + "parameters:\n  n: {type: json, default: {x: null}}\nresources:\n  s: {type: OS::Heat::RandomString}\n  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: 1\n      resource_def:\n        type: OS::Heat::None\n        properties: {c: [1, {get_attr: [s, value]}], d: {y: {get_attr: [s, value]}}, f: {get_attr: [s, value]}, j: {get_param: n}, k: [{get_param: n}]}\n")
case("nested_rg_metadata", _RG + "      count: 1\n      resource_def:\n        type: OS::Heat::None\n        metadata: {m: '%index%'}\n")
case("nested_rg_of_providers", _RG + "      count: 2\n      resource_def:\n        type: db.yaml\n        properties: {name: 'db-%index%', size: 3}\noutputs:\n  names: {value: {get_attr: [g, name]}}\n", files={"db.yaml": _DB})
case("nested_rg_attributes", _RG + "      count: 2\n      resource_def: {type: db.yaml}\noutputs:\n  refs: {value: {get_attr: [g, refs]}}\n  refs_map: {value: {get_attr: [g, refs_map]}}\n  names: {value: {get_attr: [g, name]}}\n  one: {value: {get_attr: [g, resource.0]}}\n  one_name: {value: {get_attr: [g, resource.1.name]}}\n  attrs: {value: {get_attr: [g, attributes, name]}}\n  first: {value: {get_attr: [g, refs, 0]}}\n", files={"db.yaml": _DB})
case("nested_rg_attributes_bare", _RG + "      count: 2\n      resource_def: {type: db.yaml}\noutputs:\n  attrs: {value: {get_attr: [g, attributes]}}\n", files={"db.yaml": _DB})
case("nested_rg_member_unknown_type", _RG + "      count: 1\n      resource_def: {type: OS::No::Such}\n")
case("nested_rg_bad_count", _RG + "      count: -1\n      resource_def: {type: OS::Heat::None}\n")
case("nested_rg_of_groups", _RG + "      count: 2\n      resource_def:\n        type: OS::Heat::ResourceGroup\n        properties:\n          count: 2\n          resource_def: {type: OS::Heat::None, properties: {i: '%index%'}}\n")
# AutoScalingGroup: the members' names are the oracle's reproducible short ids.
_ASG = NT + "resources:\n  asg:\n    type: OS::Heat::AutoScalingGroup\n    properties:\n"
case("nested_asg", _ASG + "      min_size: 2\n      max_size: 4\n      resource: {type: OS::Heat::RandomString, properties: {length: 6}}\noutputs:\n  size: {value: {get_attr: [asg, current_size]}}\n  refs: {value: {get_attr: [asg, refs]}}\n")
case("nested_asg_of_providers", _ASG + "      min_size: 1\n      desired_capacity: 2\n      max_size: 3\n      resource: {type: db.yaml, properties: {size: 2}}\noutputs:\n  list: {value: {get_attr: [asg, outputs_list, name]}}\n  map: {value: {get_attr: [asg, outputs, name]}}\n", files={"db.yaml": _DB})
case("nested_asg_member_error", _ASG + "      min_size: 1\n      max_size: 1\n      resource: {type: OS::Heat::RandomString, properties: {lenght: 6}}\n")
case("nested_asg_zero", _ASG + "      min_size: 0\n      max_size: 1\n      resource: {type: OS::Heat::None}\n")
# ResourceChain.
_RC = NT + "resources:\n  chain:\n    type: OS::Heat::ResourceChain\n    properties:\n"
case("nested_chain", _RC + "      resources: [db.yaml, OS::Heat::None, db.yaml]\n      resource_properties: {name: chained}\noutputs:\n  refs: {value: {get_attr: [chain, refs]}}\n  names: {value: {get_attr: [chain, name]}}\n", files={"db.yaml": _DB})
case("nested_chain_concurrent", _RC + "      concurrent: true\n      resources: [OS::Heat::None, OS::Heat::None]\n")
case("nested_chain_member_error", _RC + "      resources: [OS::Heat::RandomString]\n      resource_properties: {lenght: 3}\n")
# Software/structured deployment groups: one member per server.
case("nested_sdg", NT + "resources:\n  cfg:\n    type: OS::Heat::SoftwareConfig\n    properties: {group: script, config: 'echo hi'}\n  dg:\n    type: OS::Heat::SoftwareDeploymentGroup\n    properties:\n      config: {get_resource: cfg}\n      servers: {a: server-a, b: server-b}\n      input_values: {x: 1}\noutputs:\n  stdouts: {value: {get_attr: [dg, deploy_stdouts]}}\n")
case("nested_structured_dg", NT + "resources:\n  cfg:\n    type: OS::Heat::StructuredConfig\n    properties: {group: script, config: {k: {get_input: x}}}\n  dg:\n    type: OS::Heat::StructuredDeploymentGroup\n    properties:\n      config: {get_resource: cfg}\n      servers: {s1: id-1}\n      input_values: {x: 1}\n")
# The other nested-stack types Heat registers.
case("nested_instance_group", NT + "resources:\n  lc:\n    type: AWS::AutoScaling::LaunchConfiguration\n    properties: {ImageId: cirros, InstanceType: m1.small}\n  ig:\n    type: OS::Heat::InstanceGroup\n    properties:\n      AvailabilityZones: [nova]\n      LaunchConfigurationName: {get_resource: lc}\n      Size: 2\n")
case("nested_aws_asg", NT + "resources:\n  lc:\n    type: AWS::AutoScaling::LaunchConfiguration\n    properties: {ImageId: cirros, InstanceType: m1.small}\n  asg:\n    type: AWS::AutoScaling::AutoScalingGroup\n    properties:\n      AvailabilityZones: [nova]\n      LaunchConfigurationName: {get_resource: lc}\n      MinSize: '1'\n      MaxSize: '2'\n")
case("nested_cfn_stack", NT + "resources:\n  s:\n    type: AWS::CloudFormation::Stack\n    properties: {TemplateURL: 'http://example.com/s.yaml'}\n")
case("nested_output_resolve_error", NT + "resources:\n  p: {type: o.yaml}\n", files={"o.yaml": NT + "outputs:\n  bad: {value: {yaql: {expression: '$.data.x.y', data: {x: 1}}}}\n  good: {value: 1}\n"})
# Outputs and attributes of provider templates referenced by the parent.
case("nested_provider_attr_unknown", NT + "resources:\n  db: {type: db.yaml}\noutputs:\n  o: {value: {get_attr: [db, nope]}}\n", files={"db.yaml": _DB})
case("nested_provider_attr_outputs", NT + "resources:\n  db: {type: db.yaml}\noutputs:\n  o: {value: {get_attr: [db, outputs, name]}}\n", files={"db.yaml": _DB})
case("nested_provider_attr_in_props", NT + "resources:\n  db: {type: db.yaml}\n  user:\n    type: db.yaml\n    properties: {name: {get_attr: [db, name]}, size: 2}\n", files={"db.yaml": _DB})
case("nested_provider_mocked", NT + "resources:\n  db: {type: db.yaml}\noutputs:\n  o: {value: {get_attr: [db, name]}}\n  r: {value: {get_resource: db}}\n", files={"db.yaml": _DB}, **{"x-playground": {"attributes": {"db": {"name": "mocked"}}, "reference_ids": {"db": "db-id"}}})
# A nested stack with conditions and pseudo parameters.
case("nested_condition", NT + "resources:\n  live:\n    type: c.yaml\n    properties: {env: prod}\n  test:\n    type: c.yaml\n    properties: {env: dev}\n", files={"c.yaml": NT + "parameters:\n  env: {type: string}\nconditions:\n  prod: {equals: [{get_param: env}, prod]}\nresources:\n  big: {type: OS::Heat::None, condition: prod}\n  small: {type: OS::Heat::None, condition: {not: prod}}\noutputs:\n  which: {value: {if: [prod, big, small]}}\n  name: {value: {get_param: OS::stack_name}, condition: prod}\n"})
case("nested_condition_error", NT + "resources:\n  p: {type: c.yaml}\n", files={"c.yaml": NT + "conditions:\n  bad: {equals: [1]}\n"})
case("nested_pseudo_params", NT + "resources:\n  p: {type: pseudo.yaml}\n", stack_name="parent", files={"pseudo.yaml": NT + "outputs:\n  o: {value: [{get_param: OS::stack_name}, {get_param: OS::stack_id}, {get_param: OS::project_id}]}\n"}, **{"x-playground": {"stack_id": "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee"}})
case("nested_resource_facade", NT + "resources:\n  p:\n    type: f.yaml\n    metadata: {role: web}\n    deletion_policy: Retain\n", files={"f.yaml": NT + "outputs:\n  m: {value: {resource_facade: metadata}}\n  d: {value: {resource_facade: deletion_policy}}\n  u: {value: {resource_facade: update_policy}}\n"})
case("nested_skipped_checks", NT + "resources:\n  app:\n    type: app.yaml\n    properties: {flavor: m1.small}\n", files={"app.yaml": NT + "parameters:\n  flavor: {type: string, constraints: [{custom_constraint: nova.flavor}]}\nresources:\n  server:\n    type: OS::Nova::Server\n    properties: {flavor: {get_param: flavor}, image: cirros}\n"})
case("nested_get_file_in_child", NT + "resources:\n  p: {type: a.yaml}\n", files={"a.yaml": NT + "outputs:\n  o: {value: {get_file: data.txt}}\n", "data.txt": "hello\n"})
case("nested_json_template", NT + "resources:\n  p:\n    type: j.json\n    properties: {x: 1}\n", files={"j.json": '{"heat_template_version": "2021-04-16", "parameters": {"x": {"type": "number"}}, "outputs": {"o": {"value": {"get_param": "x"}}}}'})
case("nested_json_template_ext", NT + "resources:\n  p:\n    type: j.template\n    properties: {x: 1}\n", files={"j.template": '{"heat_template_version": "2021-04-16", "parameters": {"x": {"type": "number"}}, "outputs": {"o": {"value": {"get_param": "x"}}}}'})
case("nested_old_version_child", NT + "resources:\n  p: {type: old.yaml}\n", files={"old.yaml": "heat_template_version: 2013-05-23\nparameters:\n  a: {type: string, default: x}\nresources:\n  r: {type: OS::Heat::None}\noutputs:\n  o: {value: {get_attr: [r, show]}}\n"})

# CloudFormation-format templates (HeatTemplateFormatVersion / AWSTemplateFormatVersion), InstanceGroup,
# AWS::AutoScaling::AutoScalingGroup and AWS::CloudFormation::Stack.
case('aws_asg', "heat_template_version: 2018-08-31\nresources:\n  lc:\n    type: AWS::AutoScaling::LaunchConfiguration\n    properties: {ImageId: img, InstanceType: m1.small}\n  asg:\n    type: AWS::AutoScaling::AutoScalingGroup\n    properties: {LaunchConfigurationName: {get_resource: lc}, AvailabilityZones: [nova], MinSize: '1', MaxSize: '3', DesiredCapacity: '2'}\n", stack_name='cfn')
case('aws_asg_bad_sizes', "heat_template_version: 2018-08-31\nresources:\n  lc:\n    type: AWS::AutoScaling::LaunchConfiguration\n    properties: {ImageId: img, InstanceType: m1.small}\n  asg:\n    type: AWS::AutoScaling::AutoScalingGroup\n    properties: {LaunchConfigurationName: {get_resource: lc}, AvailabilityZones: [nova], MinSize: '1', MaxSize: '3', DesiredCapacity: '5'}\n", stack_name='cfn')
case('aws_asg_minsize', "heat_template_version: 2018-08-31\nresources:\n  lc:\n    type: AWS::AutoScaling::LaunchConfiguration\n    properties: {ImageId: img, InstanceType: m1.small}\n  asg:\n    type: AWS::AutoScaling::AutoScalingGroup\n    properties: {LaunchConfigurationName: {get_resource: lc}, AvailabilityZones: [nova], MinSize: '2', MaxSize: '3'}\noutputs:\n  l: {value: {get_attr: [asg, InstanceList]}}\n", stack_name='cfn')
case('aws_asg_no_lc', "heat_template_version: 2018-08-31\nresources:\n  lc:\n    type: AWS::AutoScaling::LaunchConfiguration\n    properties: {ImageId: img, InstanceType: m1.small}\n  asg:\n    type: AWS::AutoScaling::AutoScalingGroup\n    properties: {AvailabilityZones: [nova], MinSize: '1', MaxSize: '3'}\n", stack_name='cfn')
case('cfn_2012_no_conditions', "HeatTemplateFormatVersion: '2012-12-12'\nConditions: {}\nResources: {}\n", stack_name='cfn')
case('cfn_aws_2010_full', 'AWSTemplateFormatVersion: \'2010-09-09\'\nDescription: A CFN template\nParameters:\n  Env:\n    Type: String\n    Default: prod\n    AllowedValues: [prod, dev]\n    ConstraintDescription: must be prod or dev\n  Size:\n    Type: Number\n    Default: \'3\'\n    MinValue: 1\n    MaxValue: 10\n  Names:\n    Type: CommaDelimitedList\n    Default: a,b,c\n  Blob:\n    Type: Json\n    Default: {"k": "v"}\n  Secret:\n    Type: String\n    NoEcho: \'true\'\n    Default: s3cret\n    MinLength: 2\n    MaxLength: 20\n    AllowedPattern: \'[a-z0-9]*\'\n    Description: a secret\nMappings:\n  RegionMap:\n    ap-southeast-1: {ami: ami-1, size: small}\n    us-east-1: {ami: ami-2, size: big}\nConditions:\n  IsProd: {"Fn::Equals": [{Ref: Env}, prod]}\n  IsDev: {"Fn::Not": [IsProd]}\n  Both: {"Fn::And": [IsProd, {"Fn::Equals": [a, a]}]}\n  Either: {"Fn::Or": [IsDev, {"Fn::Equals": [{Ref: \'AWS::Region\'}, us-east-1]}]}\nResources:\n  Handle:\n    Type: AWS::CloudFormation::WaitConditionHandle\n  Rand:\n    Type: OS::Heat::RandomString\n    DependsOn: Handle\n    DeletionPolicy: Retain\n    Metadata: {ami: {"Fn::FindInMap": [RegionMap, {Ref: \'AWS::Region\'}, ami]}}\n    Properties:\n      length: {Ref: Size}\n      salt: {"Fn::Join": ["-", [{Ref: \'AWS::StackName\'}, {"Fn::Select": ["1", {Ref: Names}]}, {"Fn::If": [IsProd, p, d]}]]}\n  DevOnly:\n    Type: OS::Heat::RandomString\n    Condition: IsDev\n  Val:\n    Type: OS::Heat::Value\n    DependsOn: [Rand, Handle]\n    Properties:\n      value: {"Fn::Replace": [{"%n%": {Ref: Env}}, "env %n%"]}\nOutputs:\n  RandVal:\n    Description: the value\n    Value: {"Fn::GetAtt": [Rand, value]}\n  Split:\n    Value: {"Fn::Split": [",", "x,y"]}\n  B64:\n    Value: {"Fn::Base64": "hello"}\n  Ref:\n    Value: {Ref: Handle}\n  StackId:\n    Value: {Ref: \'AWS::StackId\'}\n  DevOut:\n    Condition: IsDev\n    Value: dev\n  Map:\n    Value: {"Fn::MemberListToMap": [Name, Value, [\'.member.0.Name=a\', \'.member.0.Value=b\']]}\n', stack_name='cfn')
case('cfn_bad_section', "AWSTemplateFormatVersion: '2010-09-09'\nresources: {}\n", stack_name='cfn')
case('cfn_condition_unknown', "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  R: {Type: OS::Heat::RandomString, Condition: Nope}\n", stack_name='cfn')
case('cfn_deletion_policy_lowercase', "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  R: {Type: OS::Heat::RandomString, DeletionPolicy: retain}\n", stack_name='cfn')
case('cfn_depends_on_unknown', "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  R: {Type: OS::Heat::RandomString, DependsOn: Nope}\n", stack_name='cfn')
case('cfn_findinmap_bad_args', 'AWSTemplateFormatVersion: \'2010-09-09\'\nMappings: {M: {a: {b: c}}}\nResources:\n  R: {Type: OS::Heat::Value, Properties: {value: {"Fn::FindInMap": [M, a]}}}\n', stack_name='cfn')
case('cfn_findinmap_missing', 'AWSTemplateFormatVersion: \'2010-09-09\'\nMappings: {M: {a: {b: c}}}\nOutputs:\n  O: {Value: {"Fn::FindInMap": [M, a, zz]}}\n', stack_name='cfn')
case('cfn_getatt_bad_args', 'AWSTemplateFormatVersion: \'2010-09-09\'\nResources:\n  R: {Type: OS::Heat::RandomString}\nOutputs:\n  O: {Value: {"Fn::GetAtt": [R]}}\n', stack_name='cfn')
case('cfn_getatt_unknown_attr', 'AWSTemplateFormatVersion: \'2010-09-09\'\nResources:\n  R: {Type: OS::Heat::RandomString}\nOutputs:\n  O: {Value: {"Fn::GetAtt": [R, nope]}}\n', stack_name='cfn')
case('cfn_heat_2012', 'HeatTemplateFormatVersion: \'2012-12-12\'\nParameters:\n  KeyName: {Type: String, Default: k}\nResources:\n  R: {Type: OS::Heat::RandomString, Properties: {length: 8}}\n  W: {Type: AWS::CloudFormation::WaitConditionHandle}\nOutputs:\n  O: {Value: {"Fn::Join": ["", [{Ref: KeyName}, {Ref: W}]]}}\n', stack_name='cfn')
case('cfn_hot_function_in_cfn', "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  R: {Type: OS::Heat::Value, Properties: {value: {get_param: x}}}\n", stack_name='cfn')
case('cfn_hot_nested_in_cfn', "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  P:\n    Type: child.yaml\n    Properties: {n: 2}\n", stack_name='cfn', files={'child.yaml': 'heat_template_version: 2018-08-31\nparameters:\n  n: {type: number}\noutputs:\n  o: {value: {get_param: n}}\n'})
case('cfn_if_in_2012', 'HeatTemplateFormatVersion: \'2012-12-12\'\nResources:\n  R: {Type: OS::Heat::Value, Properties: {value: {"Fn::If": [c, a, b]}}}\n', stack_name='cfn')
case('cfn_instance_group', 'heat_template_version: 2018-08-31\nresources:\n  lc:\n    type: AWS::AutoScaling::LaunchConfiguration\n    properties: {ImageId: img, InstanceType: m1.small}\n  grp:\n    type: OS::Heat::InstanceGroup\n    properties:\n      LaunchConfigurationName: {get_resource: lc}\n      AvailabilityZones: []\n      Size: 2\noutputs:\n  list: {value: {get_attr: [grp, InstanceList]}}\n', stack_name='cfn')
case('cfn_lowercase_keys_ignored', "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  A: {Type: OS::Heat::RandomString, properties: {length: 3}, Foo: bar}\n", stack_name='cfn')
case('cfn_missing_type', "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  A: {Properties: {}}\n", stack_name='cfn')
case('cfn_nested_cfn_provider', 'heat_template_version: 2018-08-31\nresources:\n  P:\n    type: child.yaml\n    properties: {N: 2}\n', stack_name='cfn', files={'child.yaml': "AWSTemplateFormatVersion: '2010-09-09'\nParameters:\n  N: {Type: Number, MaxValue: 5}\nResources:\n  R: {Type: OS::Heat::RandomString, Properties: {length: {Ref: N}}}\nOutputs:\n  O: {Value: {Ref: N}}\n"})
case('cfn_nested_cfn_provider_error', 'heat_template_version: 2018-08-31\nresources:\n  P:\n    type: child.yaml\n    properties: {N: 2}\n', stack_name='cfn', files={'child.yaml': "AWSTemplateFormatVersion: '2010-09-09'\nParameters:\n  N: {Type: Number, MaxValue: 5}\nResources:\n  R: {Type: OS::Heat::RandomString, Properties: {lenght: {Ref: N}}}\n"})
case('cfn_output_no_value', "AWSTemplateFormatVersion: '2010-09-09'\nOutputs:\n  O: {Description: x}\n", stack_name='cfn')
case('cfn_param_allowed_values', "AWSTemplateFormatVersion: '2010-09-09'\nParameters:\n  Env: {Type: String, AllowedValues: [a, b], ConstraintDescription: pick a or b}\nResources: {}\n", stack_name='cfn', parameters={'Env': 'c'})
case('cfn_param_bad_key', "AWSTemplateFormatVersion: '2010-09-09'\nParameters:\n  Env: {Type: String, Foo: 1}\n", stack_name='cfn')
case('cfn_param_hot_type', "AWSTemplateFormatVersion: '2010-09-09'\nParameters:\n  Env: {Type: string, Default: x}\n", stack_name='cfn')
case('cfn_param_json_default', 'AWSTemplateFormatVersion: \'2010-09-09\'\nParameters:\n  J: {Type: Json, Default: \'{"a": [1, 2]}\'}\n  L: {Type: CommaDelimitedList}\n  B: {Type: Boolean, Default: \'yes\'}\nOutputs:\n  J: {Value: {Ref: J}}\n  L: {Value: {Ref: L}}\n  B: {Value: {Ref: B}}\n', stack_name='cfn', parameters={'L': 'x, y'})
case('cfn_param_missing', "AWSTemplateFormatVersion: '2010-09-09'\nParameters:\n  N: {Type: Number}\n", stack_name='cfn')
case('cfn_param_no_type', "AWSTemplateFormatVersion: '2010-09-09'\nParameters:\n  Env: {Default: x}\n", stack_name='cfn')
case('cfn_param_number_range', "AWSTemplateFormatVersion: '2010-09-09'\nParameters:\n  N: {Type: Number, MinValue: 1, MaxValue: 5}\n", stack_name='cfn', parameters={'N': '9'})
case('cfn_properties_not_map', "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  R: {Type: OS::Heat::RandomString, Properties: [1]}\n", stack_name='cfn')
case('cfn_property_error', "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  R: {Type: OS::Heat::RandomString, Properties: {length: abc}}\n", stack_name='cfn')
case('cfn_ref_unknown', "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  R: {Type: OS::Heat::Value, Properties: {value: {Ref: nope}}}\n", stack_name='cfn')
case('cfn_region_param', "AWSTemplateFormatVersion: '2010-09-09'\nOutputs:\n  R: {Value: {Ref: 'AWS::Region'}}\n", stack_name='cfn', parameters={'AWS::Region': 'us-east-1'})
case('cfn_resource_not_map', "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  A: [1]\n", stack_name='cfn')
case('cfn_stack_http', "heat_template_version: 2018-08-31\nresources:\n  s:\n    type: AWS::CloudFormation::Stack\n    properties: {TemplateURL: 'https://example.com/t.yaml'}\n", stack_name='cfn')
case('cfn_stack_resource', "heat_template_version: 2018-08-31\nresources:\n  s:\n    type: AWS::CloudFormation::Stack\n    properties: {TemplateURL: child.yaml, Parameters: {N: '2'}}\n", stack_name='cfn', files={'child.yaml': 'heat_template_version: 2018-08-31\nparameters:\n  N: {type: number}\n'})
case('cfn_template_asg', 'AWSTemplateFormatVersion: \'2010-09-09\'\nParameters:\n  Img: {Type: String, Default: cirros}\nResources:\n  LC:\n    Type: AWS::AutoScaling::LaunchConfiguration\n    Properties: {ImageId: {Ref: Img}, InstanceType: m1.tiny}\n  G:\n    Type: AWS::AutoScaling::AutoScalingGroup\n    Properties: {LaunchConfigurationName: {Ref: LC}, AvailabilityZones: [nova], MinSize: \'1\', MaxSize: \'2\'}\nOutputs:\n  L: {Value: {"Fn::GetAtt": [G, InstanceList]}}\n', stack_name='cfn')
case('cfn_unknown_property', "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  R: {Type: OS::Heat::RandomString, Properties: {lenght: 3}}\n", stack_name='cfn')
case('ig_lc_by_name', 'heat_template_version: 2018-08-31\nresources:\n  lc:\n    type: AWS::AutoScaling::LaunchConfiguration\n    metadata: {role: web}\n    properties: {ImageId: img, InstanceType: m1.small, UserData: hello}\n  grp:\n    type: OS::Heat::InstanceGroup\n    properties: {LaunchConfigurationName: lc, AvailabilityZones: [], Size: 1}\n', stack_name='cfn')
case('ig_lc_missing', 'heat_template_version: 2018-08-31\nresources:\n  lc:\n    type: AWS::AutoScaling::LaunchConfiguration\n    metadata: {role: web}\n    properties: {ImageId: img, InstanceType: m1.small, UserData: hello}\n  grp:\n    type: OS::Heat::InstanceGroup\n    properties: {LaunchConfigurationName: nope, AvailabilityZones: [], Size: 1}\n', stack_name='cfn')
case('ig_member_error', "heat_template_version: 2018-08-31\nresources:\n  lc:\n    type: AWS::AutoScaling::LaunchConfiguration\n    properties: {ImageId: img, InstanceType: m1.small, BlockDeviceMappings: [{DeviceName: vdb, Ebs: {SnapshotId: s, VolumeSize: '1'}}]}\n  grp:\n    type: OS::Heat::InstanceGroup\n    properties: {LaunchConfigurationName: {get_resource: lc}, AvailabilityZones: [], Size: 2}\n", stack_name='cfn')
case('ig_tags_metadata_size0', 'heat_template_version: 2018-08-31\nresources:\n  lc:\n    type: AWS::AutoScaling::LaunchConfiguration\n    metadata: {role: web}\n    properties: {ImageId: img, InstanceType: m1.small, UserData: hello}\n  grp:\n    type: OS::Heat::InstanceGroup\n    properties:\n      LaunchConfigurationName: {get_resource: lc}\n      AvailabilityZones: [nova]\n      Size: 0\n      Tags: [{Key: metering.x, Value: y}]\n  grp2:\n    type: OS::Heat::InstanceGroup\n    properties:\n      LaunchConfigurationName: {get_resource: lc}\n      AvailabilityZones: [nova]\n      Size: 3\n      Tags: [{Key: team, Value: a}]\noutputs:\n  ids: {value: {get_attr: [grp2, InstanceList]}}\n', stack_name='cfn')

# --- Big integers (Python ints are unbounded; int() stops at 4300 digits) ------------
case('bigint_values', 'heat_template_version: 2021-04-16\nparameters:\n  n: {type: number, default: 123456789012345678901234}\n  s: {type: string, default: 98765432109876543210}\n  j: {type: json, default: {a: 18446744073709551616}}\n  c: {type: comma_delimited_list, default: [1, 99999999999999999999]}\nconditions:\n  big: {equals: [{get_param: n}, 123456789012345678901234]}\nresources:\n  r:\n    type: OS::Heat::Value\n    properties:\n      value: {get_param: n}\n  rs:\n    type: OS::Heat::RandomString\n    properties:\n      length: 12\noutputs:\n  o: {value: 12345678901234567890}\n  neg: {value: -12345678901234567890}\n  p: {value: {get_param: n}}\n  s: {value: {get_param: s}}\n  j: {value: {get_param: j}}\n  sr: {value: {str_replace: {template: x=V, params: {V: {get_param: n}}}}}\n  y: {value: {yaql: {expression: \'9223372036854775807 + 1\'}}}\n  y2: {value: {yaql: {expression: \'$.data.a * 3\', data: {get_param: j}}}}\n  y3: {value: {yaql: {expression: \'2 * 9223372036854775807 / 3\'}}}\n  y4: {value: {yaql: {expression: \'int("99999999999999999999") - 1\'}}}\n  big: {value: {if: [big, yes, no]}}\n  lj: {value: {list_join: [\',\', {get_param: c}]}}\n  f: {value: 1e400}\n  mm: {value: {map_merge: [{get_param: j}, {b: 99999999999999999999}]}}\n')
case('bigint_yaql_and_functions', 'heat_template_version: 2021-04-16\nparameters:\n  n: {type: number, default: "123456789012345678901234"}\n  m: {type: number, default: 5, constraints: [{range: {min: 1, max: 99999999999999999999}}]}\n  js: {type: json, default: \'{"a": 18446744073709551617, "b": [-99999999999999999999]}\'}\n  s: {type: string, default: x, constraints: [{length: {max: 99999999999999999999}}]}\n  av: {type: number, default: 99999999999999999999, constraints: [{allowed_values: [1, 99999999999999999999]}]}\nresources:\n  r:\n    type: OS::Heat::RandomString\n    properties:\n      length: "30"\n  v:\n    type: OS::Heat::Value\n    properties:\n      type: number\n      value: "99999999999999999999"\noutputs:\n  hex: {value: 0x1_0000_0000_0000_0000}\n  oct: {value: 0777777777777777777777777}\n  bin: {value: 0b11111111111111111111111111111111111111111111111111111111111111111}\n  sexa: {value: 1:0:0:0:0:0:0:0:0:0:0:0}\n  eq: {value: {equals: [{get_param: av}, 99999999999999999999]}}\n  ne: {value: {equals: [99999999999999999999, 99999999999999999999.0]}}\n  eqf: {value: {equals: [100000000000000000000, 1e20]}}\n  cont: {value: {contains: [99999999999999999999, [1, 99999999999999999999]]}}\n  mk: {value: {map_merge: [{99999999999999999999: a}, {99999999999999999999: b}]}}\n  js: {value: {get_param: js}}\n  y1: {value: {yaql: {expression: \'pow(2, 100) - pow(2, 100) + 1\'}}}\n  y2: {value: {yaql: {expression: \'-pow(2, 70) / 7\'}}}\n  y3: {value: {yaql: {expression: \'pow(2, 70) mod -7\'}}}\n  y4: {value: {yaql: {expression: \'abs(-pow(3, 50))\'}}}\n  y5: {value: {yaql: {expression: \'bitwiseAnd(pow(2, 70) - 1, -pow(2, 65))\'}}}\n  y6: {value: {yaql: {expression: \'shiftBitsLeft(1, 100)\'}}}\n  y7: {value: {yaql: {expression: \'shiftBitsRight(-pow(2, 100) - 1, 98)\'}}}\n  y8: {value: {yaql: {expression: \'float(pow(2, 80))\'}}}\n  y9: {value: {yaql: {expression: \'pow(2, 80) + 0.5\'}}}\n  y10: {value: {yaql: {expression: \'pow(2, 64) > 18000000000000000000.0\'}}}\n  y11: {value: {yaql: {expression: \'int("123456789012345678901234567890") + 1\'}}}\n  y12: {value: {yaql: {expression: \'str(pow(7, 30))\'}}}\n  y13: {value: {yaql: {expression: \'round(pow(10, 25) + 5 * pow(10, 20), -21)\'}}}\n  y14: {value: {yaql: {expression: \'set(pow(2, 64), pow(2, 64), 18446744073709551616.0).len()\'}}}\n  y15: {value: {yaql: {expression: \'pow(3, 40, pow(2, 70))\'}}}\n  y16: {value: {yaql: {expression: \'float(pow(10, 400))\'}}}\n  y17: {value: {yaql: {expression: \'int(1000000000000000000000000000000.0)\'}}}\n  y18: {value: {yaql: {expression: \'pow(2, 100) * 1.0\'}}}\n  y19: {value: {yaql: {expression: \'99999999999999999999999 = 99999999999999999999999.0\'}}}\n  y20: {value: {yaql: {expression: \'max(pow(2, 65), 3)\'}}}\n  y21: {value: {yaql: {expression: \'bitwiseNot(pow(2, 64))\'}}}\n  y22: {value: {yaql: {expression: \'pow(-1, pow(2, 70))\'}}}\n  y23: {value: {yaql: {expression: \'{pow(2, 64) => a}.get(18446744073709551616)\'}}}\n  y24: {value: {yaql: {expression: \'pow(2, 64) / 0\'}}}\n  y26: {value: {yaql: {expression: \'hex(pow(2, 64))\'}}}\n  y27: {value: {yaql: {expression: \'pow(2, 64).toString()\'}}}\n  y28: {value: {yaql: {expression: \'pow(2, 100000)\'}}}\n  y29: {value: {yaql: {expression: \'pow(2, 60000) > 0\'}}}\n  y30: {value: {yaql: {expression: \'$.data.n * 2\', data: {n: {get_param: n}}}}}\n  str: {value: {str_replace: {template: N, params: {N: {get_param: n}}}}}\n  lj: {value: {list_join: [\',\', [{get_param: js}]]}}\n  vv: {value: {get_attr: [v, value]}}\n\n')
case('bigint_parameters_range', 'heat_template_version: 2021-04-16\nparameters:\n  n: {type: number}\n  m: {type: number}\n  l: {type: comma_delimited_list}\n  j: {type: json}\n  k: {type: number, constraints: [{range: {max: 10}}]}\noutputs:\n  n: {value: {get_param: n}}\n  m: {value: {get_param: m}}\n  l: {value: {get_param: l}}\n  j: {value: {get_param: j}}\n', environment='parameter_defaults:\n  m: 99999999999999999999999\n  j: {a: 99999999999999999999999}\n', parameters={'n': '-99999999999999999999', 'l': '1,99999999999999999999', 'k': '99999999999999999999'})
case('bigint_parameters', 'heat_template_version: 2021-04-16\nparameters:\n  n: {type: number}\n  m: {type: number}\n  l: {type: comma_delimited_list}\n  j: {type: json}\n  k: {type: number, constraints: [{range: {max: 10}}]}\noutputs:\n  n: {value: {get_param: n}}\n  m: {value: {get_param: m}}\n  l: {value: {get_param: l}}\n  j: {value: {get_param: j}}\n', environment='parameter_defaults:\n  m: 99999999999999999999999\n  j: {a: 99999999999999999999999}\n', parameters={'n': '-99999999999999999999', 'l': '1,99999999999999999999', 'k': '5'})
case('bigint_300_digits', out(W, '[1%s, -0x1%s]' % ('0' * 299, '0' * 40)))
# Python's int()/float() of a string map non-ASCII decimal digits and whitespace to ASCII first.
case('unicode_digit_numbers', 'heat_template_version: 2021-04-16\nparameters:\n  n: {type: number}\n  f: {type: number}\n  w: {type: number}\n  r: {type: number, constraints: [{range: {min: 10, max: 20}}]}\n  l: {type: comma_delimited_list, default: [a, b, c]}\noutputs:\n  n: {value: {get_param: n}}\n  f: {value: {get_param: f}}\n  w: {value: {get_param: w}}\n  r: {value: {get_param: r}}\n  i: {value: {get_param: [l, "\u0661"]}}\n  s: {value: {str_split: [",", "x,y,z", "\u0662"]}}\n', parameters={'n': '\u0661\u0662', 'f': '\u0661.\u0665', 'w': '\u00a0\uff17\u3000', 'r': '\u0661_\u0665'})
case('unicode_digit_number_ascii_control', 'heat_template_version: 2021-04-16\nparameters:\n  n: {type: number}\noutputs:\n  n: {value: {get_param: n}}\n', parameters={'n': '\x1c5'})
case('bigint_4301_digits_refused', out(W, '1%s' % ('0' * 4300)))
case('bigint_json_template', json.dumps({'heat_template_version': W, 'outputs': {'o': {'value': [18446744073709551616, -99999999999999999999]}}}))
case('bigint_property_out_of_range', R + '  r:\n    type: OS::Heat::RandomString\n    properties: {length: 12345678901234567890}\n')


# A dependency cycle names each resource by its plugin class, as Heat prints its
# graph (each resource here requires one other: a set of more prints in memory order).
case("res_cycle_classes", "heat_template_version: 2018-08-31\nresources:\n  a:\n    type: child.yaml\n    depends_on: [b]\n  b:\n    type: My::Thing\n    depends_on: [c]\n  c:\n    type: OS::Nova::Server\n    depends_on: [a]\n    properties: {image: x, flavor: y}\n", files={"child.yaml": "heat_template_version: 2018-08-31\n", "thing.yaml": "heat_template_version: 2018-08-31\n"}, environment="resource_registry:\n  My::Thing: thing.yaml\n")
case("res_cycle_graph_order", "heat_template_version: 2018-08-31\nresources:\n  a:\n    type: OS::Heat::RandomString\n    depends_on: [b]\n  b:\n    type: AWS::EC2::Instance\n    depends_on: [a]\n    properties: {ImageId: x, InstanceType: y}\n  c:\n    type: OS::Heat::Value\n    depends_on: [a]\n    properties: {value: 1}\n  g:\n    type: OS::Heat::ResourceGroup\n    depends_on: [a]\n")

# PEP 479: yaql's StopIteration (`first()` of nothing) inside a map or a list Heat
# resolves in a generator expression is `generator raised StopIteration`; at the
# top of a value it stays StopIteration, with no message. In a nested stack too.
FIRST = "{yaql: {expression: '[].first()'}}"
case("yaql_stop_iteration_in_collections", "heat_template_version: 2018-08-31\noutputs:\n  top: {value: %s}\n  inmap: {value: {a: %s}}\n  inlist: {value: [%s]}\n  injoin: {value: {list_join: [',', [%s]]}}\n" % (FIRST, FIRST, FIRST, FIRST))
case("yaql_stop_iteration_nested_output", "heat_template_version: 2018-08-31\nresources:\n  p: {type: child.yaml}\n", files={"child.yaml": "heat_template_version: 2018-08-31\noutputs:\n  o: {value: {a: %s}}\n" % FIRST})

# Floating IPs' implicit dependencies (add_dependencies): the routers and router
# interfaces of their network or port's subnet are validated first; a port whose
# network Heat would look up in Neutron is a skipped check.
case('deps_fip_router_first', 'heat_template_version: 2018-08-31\nresources:\n  f:\n    type: OS::Neutron::FloatingIP\n    properties: {floating_network: public, fixed_ip_address: 10.0.0.5}\n  r:\n    type: OS::Neutron::Router\n    properties: {external_gateway_info: {network: public}, bogus: 1}\n')
case('deps_fip_router_other_net', 'heat_template_version: 2018-08-31\nresources:\n  f:\n    type: OS::Neutron::FloatingIP\n    properties: {floating_network: public, fixed_ip_address: 10.0.0.5}\n  r:\n    type: OS::Neutron::Router\n    properties: {external_gateway_info: {network: other}, bogus: 1}\n')
case('deps_fip_interface_fixed_ips', 'heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties: {network: n, fixed_ips: [{subnet: s1}]}\n  f:\n    type: OS::Neutron::FloatingIP\n    properties: {floating_network: public, port_id: {get_resource: p}, bogus: 2}\n  i:\n    type: OS::Neutron::RouterInterface\n    properties: {router: r1, subnet: s1, bogus: 1}\n')
case('deps_fipa_interface', 'heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties: {network: n, fixed_ips: [{subnet: s1}]}\n  f:\n    type: OS::Neutron::FloatingIPAssociation\n    properties: {floatingip_id: x, port_id: {get_resource: p}, bogus: 2}\n  i:\n    type: OS::Neutron::RouterInterface\n    properties: {router: r1, subnet: s1, bogus: 1}\n')
case('deps_fip_port_no_fixed_ips_lookup', 'heat_template_version: 2018-08-31\nresources:\n  p:\n    type: OS::Neutron::Port\n    properties: {network: n}\n  f:\n    type: OS::Neutron::FloatingIP\n    properties: {floating_network: public, port_id: {get_resource: p}}\n  i:\n    type: OS::Neutron::RouterInterface\n    properties: {router: r1, subnet: s1}\n')

# --- plugin checks (full mode): the branches of each plugin's validate() the public
# plugin-checks corpus does not reach --------------------------------------------------
def plugin(name, rtype, props, head="", version="2018-08-31", **kw):
    """One resource `r` of `rtype` with `props` (YAML lines indented by 6)."""
    body = "".join("      %s\n" % line for line in props.split("\n") if line)
    case("plugin_" + name, "heat_template_version: %s\n%sresources:\n  r:\n    type: %s\n    properties:\n%s" % (version, head, rtype, body or "      {}\n"), **kw)


ASG = "resource: {type: OS::Heat::RandomString}"
plugin("asg_min_missing", "OS::Heat::AutoScalingGroup", ASG + "\nmax_size: 2")
plugin("asg_min_not_int", "OS::Heat::AutoScalingGroup", ASG + "\nmin_size: abc\nmax_size: 2")
plugin("asg_desired_above_max", "OS::Heat::AutoScalingGroup", ASG + "\nmin_size: 1\nmax_size: 2\ndesired_capacity: 3")
plugin("asg_desired_not_int", "OS::Heat::AutoScalingGroup", ASG + "\nmin_size: 1\nmax_size: 2\ndesired_capacity: x")
plugin("asg_unknown_property_after_sizes", "OS::Heat::AutoScalingGroup", ASG + "\nmin_size: 3\nmax_size: 2\nbogus: 1")
plugin("asg_sizes_before_functions", "OS::Heat::AutoScalingGroup", ASG + "\nmin_size: 3\nmax_size: 2\ncooldown: {get_param: nope}")
AWS_ASG = "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  LC:\n    Type: AWS::AutoScaling::LaunchConfiguration\n    Properties: {ImageId: cirros, InstanceType: m1.small}\n  G:\n    Type: AWS::AutoScaling::AutoScalingGroup\n    Properties:\n      AvailabilityZones: [nova]\n      LaunchConfigurationName: {Ref: LC}\n      MinSize: '1'\n      MaxSize: '2'\n"
case("plugin_aws_asg_two_zones", AWS_ASG + "      VPCZoneIdentifier: [a, b]\n")
case("plugin_aws_asg_pause_format", AWS_ASG + "    UpdatePolicy:\n      AutoScalingRollingUpdate: {PauseTime: 1 hour}\n")
case("plugin_aws_asg_pause_hour_ok", AWS_ASG + "    UpdatePolicy:\n      AutoScalingRollingUpdate: {PauseTime: PT60M}\n")
IG = "heat_template_version: 2018-08-31\nresources:\n  lc:\n    type: AWS::AutoScaling::LaunchConfiguration\n    properties: {ImageId: cirros, InstanceType: m1.small}\n  group:\n    type: OS::Heat::InstanceGroup\n    properties: {AvailabilityZones: [nova], Size: 1, LaunchConfigurationName: {get_resource: lc}}\n    update_policy:\n      RollingUpdate: %s\n"
case("plugin_ig_pause_number", IG % "{PauseTime: 5}")
case("plugin_ig_pause_default", IG % "{MaxBatchSize: 2}")
case("plugin_ig_pause_newline", IG % "{PauseTime: \"PT1H\\n\"}")
plugin("scaling_policy_no_type", "OS::Heat::ScalingPolicy", "auto_scaling_group_id: g\nscaling_adjustment: 1\nmin_adjustment_step: 1")
case("plugin_aws_scaling_policy_exact", "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  P:\n    Type: AWS::AutoScaling::ScalingPolicy\n    Properties: {AutoScalingGroupName: g, AdjustmentType: ExactCapacity, ScalingAdjustment: '1', MinAdjustmentStep: '1'}\n")
case("plugin_aws_scaling_policy_percent_ok", "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  P:\n    Type: AWS::AutoScaling::ScalingPolicy\n    Properties: {AutoScalingGroupName: g, AdjustmentType: PercentChangeInCapacity, ScalingAdjustment: '10', MinAdjustmentStep: '1'}\n")
EC2 = "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  I:\n    Type: AWS::EC2::Instance\n    Properties:\n      ImageId: cirros\n      InstanceType: m1.small\n%s"
case("plugin_ec2_snapshot_missing", EC2 % "      BlockDeviceMappings: [{DeviceName: vdb, Ebs: {VolumeSize: '1'}}]\n")
case("plugin_ec2_snapshot_ok", EC2 % "      BlockDeviceMappings: [{DeviceName: vdb, Ebs: {SnapshotId: s}}]\n      SubnetId: sub\n")
case("plugin_ec2_groups_empty_with_interfaces_ok", EC2 % "      SecurityGroups: []\n      NetworkInterfaces: [eni]\n")
ELB = "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  LB:\n    Type: AWS::ElasticLoadBalancing::LoadBalancer\n    Properties:\n      AvailabilityZones: [nova]\n      Listeners: [{LoadBalancerPort: '80', InstancePort: '80', Protocol: HTTP}]\n      HealthCheck: {HealthyThreshold: '3', Interval: '%s', Target: 'HTTP:80/', Timeout: '%s', UnhealthyThreshold: '5'}\n"
case("plugin_elb_interval_below_timeout", ELB % ("5", "10"))
case("plugin_elb_interval_not_a_number", ELB % ("five", "10"))
plugin("barbican_rsa_duplicate", "OS::Barbican::RSAContainer", "private_key_ref: s1\npublic_key_ref: s1")
plugin("barbican_certificate_ok", "OS::Barbican::CertificateContainer", "name: c\ncertificate_ref: s1\nprivate_key_ref: s2")
plugin("barbican_generic_ok", "OS::Barbican::GenericContainer", "secrets: [{name: a, ref: s1}, {name: b, ref: s2}]")
plugin("barbican_order_asymmetric_without_algorithm", "OS::Barbican::Order", "type: asymmetric\nbit_length: 2048")
plugin("barbican_order_profile_without_ca", "OS::Barbican::Order", "type: certificate\nprofile: p")
plugin("barbican_order_asymmetric_ok", "OS::Barbican::Order", "type: asymmetric\nalgorithm: rsa\nbit_length: 2048\npass_phrase: x")
plugin("barbican_secret_type_without_payload", "OS::Barbican::Secret", "payload_content_type: text/plain")
plugin("barbican_secret_text_with_encoding", "OS::Barbican::Secret", "payload: x\npayload_content_type: text/plain\npayload_content_encoding: base64")
plugin("barbican_secret_base64_padding", "OS::Barbican::Secret", "payload: 'aGVsbG8=trailing'\npayload_content_type: application/octet-stream\npayload_content_encoding: base64")
plugin("barbican_secret_base64_one_extra", "OS::Barbican::Secret", "payload: 'aGVsbA b'\npayload_content_type: application/octet-stream\npayload_content_encoding: base64")
plugin("barbican_secret_base64_non_ascii", "OS::Barbican::Secret", "payload: 'aGVsbG8é'\npayload_content_type: application/octet-stream\npayload_content_encoding: base64")
plugin("quota_neutron_project_only", "OS::Neutron::Quota", "project: p")
plugin("quota_octavia_project_only", "OS::Octavia::Quota", "project: p")
plugin("quota_cinder_one_ok", "OS::Cinder::Quota", "project: p\nvolumes: 5")
plugin("glance_ami_disk_differs", "OS::Glance::WebImage", "location: http://example.com/i.img\ncontainer_format: ami\ndisk_format: qcow2")
plugin("keystone_user_no_scope", "OS::Keystone::User", "roles: [{role: admin}]")
plugin("keystone_group_project_and_domain", "OS::Keystone::Group", "roles: [{role: admin, project: p, domain: d}]")
plugin("keystone_user_assignment_domain_ok", "OS::Keystone::UserRoleAssignment", "user: u\nroles: [{role: admin, domain: d}]")
plugin("magnum_mesos_cinder", "OS::Magnum::ClusterTemplate", "image: fedora\nexternal_network: public\ncoe: mesos\nvolume_driver: cinder")
plugin("magnum_kubernetes_cinder_ok", "OS::Magnum::ClusterTemplate", "image: fedora\nexternal_network: public\ncoe: kubernetes\nvolume_driver: cinder")
plugin("manila_nova_network", "OS::Manila::ShareNetwork", "nova_network: n")
plugin("manila_network_and_subnet_skipped", "OS::Manila::ShareNetwork", "neutron_network: n\nneutron_subnet: s")
plugin("mistral_cron_neither", "OS::Mistral::CronTrigger", "workflow: {name: w}")
plugin("mistral_direct_requires", "OS::Mistral::Workflow", "type: direct\ntasks: [{name: t1, action: std.noop, requires: [t0]}]")
plugin("mistral_direct_requires_digit_name", "OS::Mistral::Workflow", "type: direct\ntasks: [{name: '12', action: std.noop, requires: [t0]}]")
plugin("mistral_reverse_task_name_ok", "OS::Mistral::Workflow", "type: reverse\nparams: {task_name: t1}\ntasks: [{name: t1, action: std.noop}]")
case("plugin_mistral_reverse_cfn", "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  W:\n    Type: OS::Mistral::Workflow\n    Properties: {type: reverse, tasks: [{name: t1, action: std.noop}]}\n")
plugin("gateway_vlan_without_id", "OS::Neutron::NetworkGateway", "devices: [{id: d, interface_name: eth0}]\nconnections: [{network: n, segmentation_type: vlan}]")
plugin("gateway_flat_with_id", "OS::Neutron::NetworkGateway", "devices: [{id: d, interface_name: eth0}]\nconnections: [{network: n, segmentation_type: flat, segmentation_id: 5}]")
plugin("provider_flat_with_segmentation_id", "OS::Neutron::ProviderNet", "network_type: flat\nphysical_network: p\nsegmentation_id: 5")
plugin("provider_local_with_physnet", "OS::Neutron::ProviderNet", "network_type: local\nphysical_network: p")
plugin("provider_flat_with_physnet_ok", "OS::Neutron::ProviderNet", "network_type: flat\nphysical_network: p")
plugin("rbac_qos_external", "OS::Neutron::RBACPolicy", "object_type: qos_policy\nobject_id: o\naction: access_as_external\ntarget_tenant: t")
case("plugin_rbac_qos_external_cfn", "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  P:\n    Type: OS::Neutron::RBACPolicy\n    Properties: {object_type: subnetpool, object_id: o, action: access_as_external, target_tenant: t}\n")
plugin("segment_vlan_without_id", "OS::Neutron::Segment", "network: n\nnetwork_type: vlan\nphysical_network: p")
plugin("segment_vlan_above_4094", "OS::Neutron::Segment", "network: n\nnetwork_type: vlan\nphysical_network: p\nsegmentation_id: 4095")
plugin("segment_flat_with_id", "OS::Neutron::Segment", "network: n\nnetwork_type: flat\nphysical_network: p\nsegmentation_id: 5")
plugin("segment_gre_with_physnet", "OS::Neutron::Segment", "network: n\nnetwork_type: gre\nphysical_network: p")
plugin("subnetpool_default_above_max", "OS::Neutron::SubnetPool", "prefixes: [10.0.0.0/8]\ndefault_prefixlen: 28\nmax_prefixlen: 24")
plugin("subnetpool_min_above_default", "OS::Neutron::SubnetPool", "prefixes: [10.0.0.0/8]\nmin_prefixlen: 24\ndefault_prefixlen: 20")
plugin("zaqar_no_scheme", "OS::Zaqar::Subscription", "queue_name: q\nsubscriber: example")
plugin("zaqar_mistral_trigger_ok", "OS::Zaqar::MistralTrigger", "queue_name: q\nworkflow_id: w")
plugin("zun_restart_unknown", "OS::Zun::Container", "image: cirros\nrestart_policy: sometimes")
plugin("zun_restart_count_on_no", "OS::Zun::Container", "image: cirros\nrestart_policy: 'no:3'")
plugin("zun_mount_neither", "OS::Zun::Container", "image: cirros\nmounts: [{mount_path: /m}]")
plugin("zun_network_fixed_ip_and_port", "OS::Zun::Container", "image: cirros\nnetworks: [{port: p, fixed_ip: 10.0.0.5}]")
plugin("delay_in_group_not_strict_ok", "OS::Heat::ResourceGroup", "count: 1\nresource_def: {type: OS::Heat::Delay, properties: {min_wait: 9000}}")
plugin("delay_float_jitter", "OS::Heat::Delay", "min_wait: 3000\nmax_jitter: 1000\njitter_multiplier: 0.7")
plugin("chain_unknown_second_type", "OS::Heat::ResourceChain", "resources: [OS::Heat::None, OS::Heat::Nope, OS::Heat::Neither]")
case("plugin_provider_bad_yaml_mapping", "heat_template_version: 2018-08-31\nresources:\n  r:\n    type: broken.yaml\n", files={"broken.yaml": "heat_template_version: 2018-08-31\nresources:\n  a: b\n c: d\n"})


# A provider's property values are resolved only when its stack is validated
# strictly: a nested stack its parent validates does not resolve them.
case("nested_provider_values_not_resolved_non_strict", "heat_template_version: 2018-08-31\nresources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties:\n      count: 1\n      resource_def: {type: child.yaml}\n", files={"child.yaml": "heat_template_version: 2018-08-31\nresources:\n  p:\n    type: leaf.yaml\n    properties:\n      v: {yaql: {expression: '$.data.a.len()', data: {a: null}}}\n", "leaf.yaml": "heat_template_version: 2018-08-31\nparameters:\n  v: {type: string, default: ''}\n"})

# --- Heat settings (x-heat-config): each option's offline effect ----------------------
def hc(name, template, config, **kw):
    case("heat_config_" + name, template, **dict(kw, **{"x-heat-config": config}))


def chain(depth):
    """A provider template nesting `depth` stacks below the top one."""
    files = {}
    for i in range(1, depth + 1):
        inner = "  n:\n    type: level%d.yaml\n" % (i + 1) if i < depth else "  n:\n    type: OS::Heat::None\n"
        files["level%d.yaml" % i] = "heat_template_version: 2018-08-31\nresources:\n" + inner
    return "heat_template_version: 2018-08-31\nresources:\n  top:\n    type: level1.yaml\n", files


T6, F6 = chain(6)
hc("depth_10_accepts_6", T6, {"max_nested_stack_depth": 10}, files=F6)
hc("depth_default_refuses_6", T6, {}, files=F6)
hc("depth_2", T6, {"max_nested_stack_depth": "2"}, files=F6)
hc("depth_0", T6, {"max_nested_stack_depth": 0}, files=F6)
TWO = "heat_template_version: 2018-08-31\nresources:\n  a: {type: OS::Heat::None}\n  b: {type: OS::Heat::None}\n"
hc("resources_1", TWO, {"max_resources_per_stack": 1})
hc("resources_unlimited", TWO, {"max_resources_per_stack": -1})
hc("resources_group_over", "heat_template_version: 2018-08-31\nresources:\n  g:\n    type: OS::Heat::ResourceGroup\n    properties: {count: 4, resource_def: {type: OS::Heat::None}}\n", {"max_resources_per_stack": 3})
hc("resources_provider_over", "heat_template_version: 2018-08-31\nresources:\n  p: {type: two.yaml}\n", {"max_resources_per_stack": 1}, files={"two.yaml": TWO})
hc("template_size_10", TWO, {"max_template_size": 10})
hc("template_size_provider", "heat_template_version: 2018-08-31\nresources:\n  p: {type: two.yaml}\n", {"max_template_size": 80}, files={"two.yaml": TWO})
hc("json_body_10", TWO, {"max_json_body_size": 10})
hc("json_body_exact", "heat_template_version: 2018-08-31\n", {"max_json_body_size": 70}, stack_name="s")
hc("json_body_one_short", "heat_template_version: 2018-08-31\n", {"max_json_body_size": 69}, stack_name="s")
hc("json_body_unicode_and_members", "heat_template_version: 2018-08-31\ndescription: 'caf\u00e9 \u2603'\n", {"max_json_body_size": 200}, stack_name="s", parameters={"x": 1.5}, timeout_mins=5, environment_files=[], files={"f": "caf\u00e9"})
hc("stacks_per_tenant_0", TWO, {"max_stacks_per_tenant": 0})
hc("stacks_per_tenant_1", TWO, {"max_stacks_per_tenant": 1})
DELAY = "heat_template_version: 2018-08-31\nresources:\n  d:\n    type: OS::Heat::Delay\n    properties: {min_wait: %s}\n"
hc("timeout_100", DELAY % "200", {"stack_action_timeout": 100})
hc("timeout_7200", DELAY % "3601", {"stack_action_timeout": 7200})
hc("server_name_length", "heat_template_version: 2018-08-31\nresources:\n  s:\n    type: OS::Nova::Server\n    properties: {image: cirros, flavor: m1.small, name: a-rather-long-server-name}\n", {"max_server_name_length": 10})
hc("server_name_length_54", TWO, {"max_server_name_length": 54})
VOL = "heat_template_version: 2018-08-31\nresources:\n  v:\n    type: OS::Cinder::Volume\n    deletion_policy: Snapshot\n    properties: {size: 1}\n"
hc("backups_disabled", VOL, {"volumes": {"backups_enabled": False}})
hc("backups_disabled_string", VOL, {"volumes": {"backups_enabled": "off"}})
hc("backups_enabled", VOL, {"volumes": {"backups_enabled": "yes"}})
hc("backups_disabled_aws", "AWSTemplateFormatVersion: '2010-09-09'\nResources:\n  V:\n    Type: AWS::EC2::Volume\n    DeletionPolicy: Snapshot\n    Properties: {Size: '1', AvailabilityZone: nova}\n", {"volumes": {"backups_enabled": "0"}})
hc("unknown_option", TWO, {"debug": True})
hc("unknown_section_option", TWO, {"volumes": {"backups_enabled": True, "nope": 1}})
hc("section_not_object", TWO, {"yaql": 5})
hc("not_object", TWO, [1])
hc("bad_integer", TWO, {"max_nested_stack_depth": "ten"})
hc("bad_boolean", TWO, {"volumes": {"backups_enabled": "maybe"}})
hc("integer_from_float", T6, {"max_nested_stack_depth": 2.9}, files=F6)
# [yaql] options. Their expectations come from running the oracle on each request
# alone (heat_oracle.py REQUEST.json > NAME.expected.json): Heat caches its yaql
# engine (Yaql._parser) on first use, so a --write-expected folder run gives
# every request the settings of the folder's first yaql request.
YAQL_VALUE = "heat_template_version: 2018-08-31\nresources:\n  v:\n    type: OS::Heat::Value\n    properties:\n      value: {yaql: {expression: '%s'}}\n"
hc("yaql_limit_iterators_100", YAQL_VALUE % "range(0, 150).select($).len()", {"yaql": {"limit_iterators": 100}})
hc("yaql_limit_iterators_unlimited", YAQL_VALUE % "range(0, 300).select($).len()", {"yaql": {"limit_iterators": -1}})
hc("yaql_memory_quota_100", YAQL_VALUE % "range(0, 50).toList()", {"yaql": {"memory_quota": 100}})
hc("yaql_memory_quota_100000", YAQL_VALUE % "(''x'' * 20000).len()", {"yaql": {"memory_quota": 100000}})


def main():
    os.makedirs(OUT, exist_ok=True)
    for name, req in CASES.items():
        with open(os.path.join(OUT, name + ".json"), "w", encoding="utf-8") as f:
            json.dump(req, f, indent=1, ensure_ascii=False, sort_keys=True)
            f.write("\n")
    print("%d cases written to %s" % (len(CASES), OUT), file=sys.stderr)


if __name__ == "__main__":
    main()
