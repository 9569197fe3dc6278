"""Load text exactly as Heat does, and encode the result for the Rust loader tests.

Run with the oracle venv's python (it has Heat and PyYAML with libyaml):
    ~/.cache/hotplate-oracle/venv/bin/python core/tests/loader/gen_cases.py

Encoding (`enc`): ["null"], ["bool", b], ["int", "123"], ["float", repr(f)],
["str", s], ["list", [...]], ["map", [[k, v], ...]]; tuples (from !!omap/!!pairs)
encode as lists; anything else (bytes, set, datetime) as ["unsupported", type name].
"""
import json
import math

import yaml
from heat.common import template_format

def enc(v, _stack=()):
    if v is None:
        return ["null"]
    if isinstance(v, bool):
        return ["bool", v]
    if isinstance(v, int):
        return ["int", str(v)]
    if isinstance(v, float):
        return ["float", repr(v)]
    if isinstance(v, str):
        # Lone surrogates (Python keeps them, Rust strings cannot): U+FFFD each.
        return ["str", "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in v)]
    if isinstance(v, (list, tuple, dict)):
        if id(v) in _stack:
            return ["unsupported", "recursive"]
        inner = _stack + (id(v),)
        if isinstance(v, dict):
            return ["map", [[enc(k, inner), enc(x, inner)] for k, x in v.items()]]
        return ["list", [enc(x, inner) for x in v]]
    return ["unsupported", type(v).__name__]


class _PureTimestampsAsText(yaml.SafeLoader):
    """The pure SafeLoader with timestamps kept as text (what hotplate does on Heat's
    fallback path, where Heat itself would get dates)."""

    saw_timestamp = False

    def construct_ts(self, node):
        _PureTimestampsAsText.saw_timestamp = True
        return self.construct_scalar(node)


_PureTimestampsAsText.add_constructor("tag:yaml.org,2002:timestamp", _PureTimestampsAsText.construct_ts)


def _yaml(text, fallback_none_to_empty):
    """yaml.load with Heat's loader; on YAMLError Heat re-parses with the pure SafeLoader."""
    try:
        doc = yaml.load(text, Loader=template_format.yaml_loader)
    except yaml.YAMLError as first:
        try:
            doc = yaml.load(text, Loader=yaml.SafeLoader)
        except yaml.YAMLError as e:
            mark = getattr(e, "problem_mark", None)
            return {"error": "YAMLError", "class": type(e).__name__,
                    "problem": getattr(e, "problem", None) or str(e).split("\n")[0],
                    "line": mark.line if mark else None, "column": mark.column if mark else None,
                    "message": str(e), "c_message": str(first)}
        except Exception as e:  # noqa: BLE001 - Heat crashes the same way
            return {"error": "internal", "class": type(e).__name__, "message": str(e)}
        _PureTimestampsAsText.saw_timestamp = False
        doc = yaml.load(text, Loader=_PureTimestampsAsText)
        return {"value": enc(doc), "via": "pure-fallback", "dates": _PureTimestampsAsText.saw_timestamp}
    except RecursionError as e:
        return {"error": "internal", "class": "RecursionError", "message": str(e)}
    except Exception as e:  # noqa: BLE001
        return {"error": "internal", "class": type(e).__name__, "message": str(e)}
    if doc is None and fallback_none_to_empty:
        doc = {}
    return {"value": enc(doc)}


def load_template(text):
    """template_format.simple_parse without the is-a-dict check."""
    try:
        doc = json.loads(text)
    except ValueError:
        return _yaml(text, True)
    except RecursionError as e:
        return {"error": "internal", "class": "RecursionError", "message": str(e)}
    return {"value": enc(doc), "via": "json"}


def load_environment(text):
    """environment_format.parse without the is-a-dict and section checks."""
    return _yaml(text, True)
