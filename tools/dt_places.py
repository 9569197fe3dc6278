#!/usr/bin/env python3
"""Deploy-time error places: Heat's two answers against what a CLI reports.

usage: tools/dt_places.py CLI DIR [DIR...] [--known REQUEST:PLACE ...] [-v]

For every request NAME.json of each DIR with both NAME.expected.json (Heat's
answer before anything exists) and NAME.deployed.expected.json (its answer
with "x-deployed": true, ../shared/oracle/README.md, "Deploy-time values"),
each error place of the plain answer (the stack's error, a nested stack's by
path, an output's, as ../shared/conformance/deploy_time_check.py names them)
is an ARTIFACT when the deployed answer lacks it and REAL when it has it.
`CLI eval NAME.json` then says which places it checks at deploy time (its
`note[deploy-time]: <place>: checked at deploy time` lines on stderr):

    DIR: artifacts checked at deploy time A/B; real places kept C/D

An artifact the CLI still reports as an error, or a real place it checks at
deploy time, is a mismatch (listed, exit 1), unless `--known` names it
(`overcloud-wallaby.json:AllNodesDeploySteps error`); a known mismatch that
no longer happens is one too (the list only shrinks).
"""
import argparse
import json
import os
import re
import subprocess
import sys

PLAIN = ".expected.json"
DEPLOYED = ".deployed.expected.json"
NOTE = re.compile(r"note\[deploy-time\]: (.*?): checked at deploy time")


def error_places(result, path=()):
    """The error places of a result: ("stack", path) and ("output", path, name)."""
    places = set()
    if not isinstance(result, dict):
        return places
    if result.get("error"):
        places.add(("stack", path))
    for name, output in (result.get("outputs") or {}).items():
        if isinstance(output, dict) and output.get("error"):
            places.add(("output", path, name))
    for name, sub in (result.get("nested") or {}).items():
        places |= error_places(sub, path + (str(name),))
    return places


def place_name(place):
    """A place as deploy_time_check.py writes it (`web/0 error`, `output url`)."""
    where = "/".join(place[1])
    if place[0] == "output":
        return ("%s output %s" % (where, place[2])).strip()
    return "%s error" % (where or "top-level")


def reported(text):
    """The places a CLI's stderr notes as checked at deploy time."""
    places = set()
    for match in NOTE.finditer(text):
        said = match.group(1)
        if said == "the stack":
            places.add(("stack", ()))
            continue
        nested = re.match(r"nested stack (\S+?)(?:, output (\S+))?$", said)
        if nested:
            path = tuple(nested.group(1).split("/"))
            places.add(("output", path, nested.group(2)) if nested.group(2) else ("stack", path))
            continue
        output = re.match(r"output (\S+)$", said)
        if output:
            places.add(("output", (), output.group(1)))
    return places


def measure(cli, folder, known, verbose):
    """(artifacts checked, artifacts, real kept, real, mismatches) of a folder."""
    figures = [0, 0, 0, 0]
    mismatches = []
    for entry in sorted(os.listdir(folder)):
        if not entry.endswith(".json") or entry.endswith(PLAIN):
            continue
        stem = os.path.join(folder, entry[: -len(".json")])
        if not (os.path.exists(stem + PLAIN) and os.path.exists(stem + DEPLOYED)):
            continue
        with open(stem + PLAIN) as f:
            plain = error_places(json.load(f))
        with open(stem + DEPLOYED) as f:
            deployed = error_places(json.load(f))
        if not plain:
            continue
        run = subprocess.run([cli, "eval", stem + ".json"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        ours = reported(run.stderr.decode("utf-8", "replace"))
        for place in sorted(plain):
            real = place in deployed
            figures[1 if not real else 3] += 1
            right = (place in ours) != real
            figures[0 if not real else 2] += int(right)
            name = "%s:%s" % (entry, place_name(place))
            if name in known:
                known.discard(name)
                if right:
                    mismatches.append("%s is listed as known but is right now: take it off the list" % name)
                continue
            if not right:
                why = "real, checked at deploy time" if real else "deploy-time only, still an error"
                mismatches.append("%s: %s" % (name, why))
            elif verbose:
                print("ok %s (%s)" % (name, "real" if real else "artifact"))
    return figures, mismatches


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("cli")
    parser.add_argument("dirs", nargs="+")
    parser.add_argument("--known", action="append", default=[], help="REQUEST:PLACE a known mismatch")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    known = set(args.known)
    all_mismatches = []
    for folder in args.dirs:
        if not os.path.isdir(folder):
            sys.exit("dt_places.py: %s is not a folder (is ../shared checked out?)" % folder)
        (art_ok, art, real_ok, real), mismatches = measure(args.cli, folder, known, args.verbose)
        print("%s: artifacts checked at deploy time %d/%d; real places kept %d/%d" % (folder, art_ok, art, real_ok, real))
        all_mismatches += mismatches
    all_mismatches += ["%s is listed as known but is no error place of the folders" % k for k in sorted(known)]
    for m in all_mismatches:
        print("MISMATCH " + m)
    return 1 if all_mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
