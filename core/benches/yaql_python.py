#!/usr/bin/env python3
"""Time Python yaql (Heat's settings) on the same vectors as benches/yaql.rs.

Run with the oracle venv: ~/.cache/hotplate-oracle/venv/bin/python core/benches/yaql_python.py
Prints the best time of several rounds for parse+evaluate and for evaluate of
pre-parsed expressions, over all vectors (errors included, as in the Rust bench).
"""
import collections.abc  # noqa: F401
import json
import os
import time

import yaql

HERE = os.path.dirname(os.path.abspath(__file__))
VECTORS = os.path.join(HERE, '..', 'tests', 'data', 'yaql-vectors.json')

ENGINE = yaql.YaqlFactory().create({'yaql.limitIterators': 200, 'yaql.memoryQuota': 10000})
CONTEXT = yaql.create_context()


def run_all(cases, parsed=None):
    ok = 0
    for i, (expr, data) in enumerate(cases):
        try:
            stmt = parsed[i] if parsed is not None else ENGINE(expr)
            if stmt is None:
                continue
            stmt.evaluate({'data': data}, CONTEXT.create_child_context())
            ok += 1
        except Exception:  # noqa: BLE001
            pass
    return ok


def best(fn, rounds):
    times = []
    for _ in range(rounds):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main():
    with open(VECTORS) as f:
        cases = [(v['expression'], v['data']) for v in json.load(f)['vectors']]
    parsed = []
    for expr, _ in cases:
        try:
            parsed.append(ENGINE(expr))
        except Exception:  # noqa: BLE001
            parsed.append(None)
    run_all(cases)  # warm up
    t1 = best(lambda: run_all(cases), 10)
    t2 = best(lambda: run_all(cases, parsed), 10)
    print('python yaql: parse+evaluate all %d vectors: %.2f ms' % (len(cases), t1 * 1000))
    print('python yaql: evaluate all %d vectors (pre-parsed): %.2f ms' % (len(cases), t2 * 1000))


if __name__ == '__main__':
    main()
