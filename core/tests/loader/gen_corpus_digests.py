"""Digest of what Heat's own template_format.parse returns for every corpus template.

    ~/.cache/hotplate-oracle/venv/bin/python core/tests/loader/gen_corpus_digests.py \
        ../shared/conformance/corpus > core/tests/loader/corpus_digests.json

Only digests are stored (sha256 of the compact ASCII JSON of heatload.enc(value)), not
the templates. With --dump DIR, the encodings are also written to DIR for debugging.
"""
import glob
import hashlib
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from heatload import enc  # noqa: E402
from heat.common import config  # noqa: E402,F401  (registers max_template_size)
from heat.common import template_format  # noqa: E402


def canonical(v):
    return json.dumps(v, ensure_ascii=True, separators=(",", ":"))


def main():
    corpus = sys.argv[1]
    dump = sys.argv[3] if len(sys.argv) > 3 and sys.argv[2] == "--dump" else None
    out = {}
    for path in sorted(glob.glob(os.path.join(corpus, "*.json"))):
        if path.endswith(".expected.json"):
            continue
        name = os.path.basename(path)
        with open(path) as f:
            req = json.load(f)
        text = req.get("template")
        if not isinstance(text, str):
            continue
        try:
            value = enc(template_format.parse(text))
        except Exception as e:  # noqa: BLE001
            value = ["error", type(e).__name__]
        c = canonical(value)
        out[name] = hashlib.sha256(c.encode("ascii")).hexdigest()
        if dump:
            with open(os.path.join(dump, name), "w") as f:
                f.write(c)
    json.dump(out, sys.stdout, indent=0, sort_keys=True)
    sys.stdout.write("\n")


main()
