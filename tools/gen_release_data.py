#!/usr/bin/env python3
"""What an older openstack-heat release registers differently from 27.0.1,
produced by running that release's Heat.

    python3 tools/gen_release_data.py dump RELEASE [--base BASE]
        runs ../shared/spec/gen_resource_types.py and tools/gen_plugin_data.py
        with RELEASE's Heat, asks it which custom constraints it registers and,
        where its `timezone` constraint is pytz's, which zones pytz knows; then
        records in tools/data/heat-releases.json: every type whose catalogue
        record (tools/gen_catalogue.py's `record`) differs from 27.0.1's,
        with the release's record (each distinct record stored once), the
        types 27.0.1 has and the release has not, the custom constraints it
        adds or lacks, the zones its pytz knows.

        The release's Heat: the oracle's venv for it
        (`HEAT_RELEASE=RELEASE ../shared/oracle/setup.sh`: its Python and its
        series' upper-constraints) when the oracle has constraints for it
        (16.1.0, 20.0.1, 22.0.1); otherwise (`--base BASE`) openstack-heat
        RELEASE alone (`pip install --no-deps --target`) over the packages of
        BASE's venv (the nearest release of the same or the next series the
        oracle builds; BASE's own Heat hidden), so the data is still produced
        by running RELEASE's Heat.

    python3 tools/gen_release_data.py support RELEASE [--base BASE]
        runs ../shared/spec/gen_resource_types.py with RELEASE's Heat (as
        `dump` does) and records in tools/data/heat-releases.json the support
        status (SupportStatus.to_dict(): status, version, message, previous
        status) of every type and property that is not SUPPORTED in RELEASE:
        what the lint rules about deprecated and hidden types and properties
        say under that release (tools/gen_lint_facts.py reads it).

    python3 tools/gen_release_data.py base-constraints
        27.0.1's custom constraints (what a release's are compared with).

    python3 tools/gen_release_data.py rust > core/src/catalogue/release_data.rs
        the module's data: each distinct record once, and per release the
        types whose record differs (`catalogue::releases` reads it).

The release table itself (series, Python, yaql) is core/src/release.rs.
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
SHARED = os.path.join(REPO, "..", "shared")
sys.path.insert(0, HERE)
import gen_catalogue  # noqa: E402

PROBE = r"""
import json, logging, sys
logging.disable(logging.CRITICAL)
import warnings; warnings.simplefilter("ignore")
sys.path.insert(0, ORACLE)
import heat_oracle
heat_oracle.init_heat()
from heat.engine import resources
import importlib.metadata as md
out = {"heat_version": md.version("openstack-heat"),
       "python": sys.version.split()[0],
       "yaql": md.version("yaql"),
       "constraints": sorted(resources.global_env().constraints)}
import heat.engine.constraint.common_constraints as cc
if hasattr(cc, "pytz"):
    out["pytz"] = {"version": cc.pytz.__version__, "zones": list(cc.pytz.all_timezones)}
json.dump(out, sys.stdout)
"""

# A runner for RELEASE's Heat over another venv's packages: RELEASE's
# directory first, then the base venv's site-packages (its .pth files read)
# without its own Heat.
RUNNER = r"""
import os, runpy, site, sys
target, filtered, script = sys.argv[1:4]
sys.argv = [script] + sys.argv[4:]
sys.path.insert(0, target)
site.addsitedir(filtered)
if script == "-c":
    exec(compile(sys.argv[1], "<probe>", "exec"), {"__name__": "__main__", "ORACLE": os.environ["ORACLE"]})
else:
    runpy.run_path(script, run_name="__main__")
"""


def venv_python(release):
    env = dict(os.environ, HEAT_RELEASE=release)
    return subprocess.run([os.path.join(SHARED, "oracle", "setup.sh")], env=env, check=True,
                          capture_output=True, text=True).stdout.strip().splitlines()[-1]


def overlay(release, base):
    """A command prefix running RELEASE's Heat over BASE's venv."""
    base_py = venv_python(base)
    venv = os.path.dirname(os.path.dirname(base_py))
    site_dir = glob.glob(os.path.join(venv, "lib", "python3*", "site-packages"))[0]
    work = os.path.join(tempfile.gettempdir(), "hotplate-heat-releases", release)
    # Two levels deep: the package's file list names its data files
    # (etc/heat/environment.d, the default environment) as ../../etc from
    # the directory it is installed in, where `--target` does not put them.
    target = os.path.join(work, "lib", "site")
    if not os.path.isdir(os.path.join(target, "heat")):
        subprocess.run([base_py, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-deps",
                        "--target", target, "openstack-heat==" + release], check=True)
    if not os.path.exists(os.path.join(work, "etc")):
        os.symlink(os.path.join(target, "etc"), os.path.join(work, "etc"))
    filtered = os.path.join(work, "site-packages")
    if not os.path.isdir(filtered):
        os.makedirs(filtered)
        for entry in os.listdir(site_dir):
            if entry == "heat" or entry.startswith("openstack_heat-"):
                continue
            os.symlink(os.path.join(site_dir, entry), os.path.join(filtered, entry))
    runner = os.path.join(work, "runner.py")
    with open(runner, "w") as f:
        f.write(RUNNER)
    # The base interpreter itself (not the venv's): no site-packages but ours.
    real = os.path.realpath(base_py)
    return [real, "-s", runner, target, filtered]


def run(prefix, args, **kw):
    env = dict(os.environ, ORACLE=os.path.join(SHARED, "oracle"), PYTHONHASHSEED="0")
    return subprocess.run(prefix + args, env=env, check=True, capture_output=True, text=True, **kw).stdout


def dump(release, base):
    if base:
        prefix = overlay(release, base)
    else:
        prefix = [venv_python(release)]
    with tempfile.TemporaryDirectory() as tmp:
        rt_path = os.path.join(tmp, "resource-types.json")
        run(prefix, [os.path.join(SHARED, "spec", "gen_resource_types.py"), rt_path])
        rt = json.load(open(rt_path, encoding="utf-8"))
    plugins = json.loads(run(prefix, [os.path.join(HERE, "gen_plugin_data.py")]))["types"]
    probe = json.loads(run(prefix, ["-c", PROBE]) if base else
                       run(prefix, ["-c", "ORACLE = %r\n" % os.path.join(SHARED, "oracle") + PROBE]))
    if probe["heat_version"] != release or rt["heat_version"] != release:
        sys.exit("gen_release_data: asked for %s, ran %s" % (release, probe["heat_version"]))
    base_rt = json.load(open(os.path.join(SHARED, "spec", "resource-types.json"), encoding="utf-8"))
    base_pd = json.load(open(os.path.join(HERE, "data", "heat-plugin-data.json"), encoding="utf-8"))["types"]
    data = load()
    base_constraints = data["constraints_27.0.1"]
    types = {}
    for name in sorted(rt["types"]):
        mine = gen_catalogue.record(name, rt["types"][name], plugins[name])
        theirs = (gen_catalogue.record(name, base_rt["types"][name], base_pd[name])
                  if name in base_rt["types"] else None)
        if mine != theirs:
            types[name] = mine
    if rt["global_environment_aliases"] != base_rt["global_environment_aliases"]:
        sys.exit("gen_release_data: %s: the default environment's aliases differ (not supported yet)" % release)
    entry = {
        "ran_with": {"python": probe["python"], "yaql": probe["yaql"],
                     "packages": "its own venv" if not base else "openstack-heat %s over %s's venv" % (release, base)},
        "types": types,
        "removed": sorted(set(base_rt["types"]) - set(rt["types"])),
        "constraints_added": sorted(set(probe["constraints"]) - set(base_constraints)),
        "constraints_removed": sorted(set(base_constraints) - set(probe["constraints"])),
        "pytz": None,
    }
    if probe.get("pytz"):
        zones = "\n".join(probe["pytz"]["zones"])
        data["pytz"][probe["pytz"]["version"]] = zones
        entry["pytz"] = probe["pytz"]["version"]
    if "support" in data["releases"].get(release, {}):
        entry["support"] = data["releases"][release]["support"]  # `support` made it
    data["releases"][release] = entry
    save(data)
    print("%s: %d types differ, %d removed, constraints +%s -%s, pytz %s (%s)" % (
        release, len(types), len(entry["removed"]), entry["constraints_added"], entry["constraints_removed"],
        entry["pytz"], entry["ran_with"]["packages"]), file=sys.stderr)


DATA = os.path.join(HERE, "data", "heat-releases.json")


def load():
    if not os.path.exists(DATA):
        return {"generator": "tools/gen_release_data.py", "constraints_27.0.1": [], "releases": {}, "pytz": {},
                "records": []}
    data = json.load(open(DATA, encoding="utf-8"))
    # Records are stored once: a release's types name them by index.
    for r in data["releases"].values():
        r["types"] = {n: data["records"][i] for n, i in r["types"].items()}
    return data


def save(data):
    records, index = [], {}
    for r in sorted(data["releases"], key=version_key):
        for n, rec in sorted(data["releases"][r]["types"].items()):
            if rec not in index:
                index[rec] = len(records)
                records.append(rec)
            data["releases"][r]["types"][n] = index[rec]
    data["releases"] = {r: data["releases"][r] for r in sorted(data["releases"], key=version_key)}
    data["records"] = records
    with open(DATA, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=1, ensure_ascii=False)
        f.write("\n")


def support_statuses(rt):
    """Every type's and property's support status that is not SUPPORTED."""
    def walk(props, path, out):
        for name in sorted(props):
            p, here = props[name], path + [name]
            ss = p.get("support_status") or {}
            if ss.get("status", "SUPPORTED") != "SUPPORTED":
                out[".".join(here)] = ss
            if isinstance(p.get("schema"), dict):
                walk(p["schema"], here, out)
    types, props = {}, {}
    for name in sorted(rt["types"]):
        t = rt["types"][name]
        ss = t.get("support_status") or {}
        if ss.get("status", "SUPPORTED") != "SUPPORTED":
            types[name] = ss
        found = {}
        walk(t.get("properties") or {}, [], found)
        if found:
            props[name] = found
    return {"types": types, "properties": props}


def support(release, base):
    prefix = overlay(release, base) if base else [venv_python(release)]
    with tempfile.TemporaryDirectory() as tmp:
        rt_path = os.path.join(tmp, "resource-types.json")
        run(prefix, [os.path.join(SHARED, "spec", "gen_resource_types.py"), rt_path])
        rt = json.load(open(rt_path, encoding="utf-8"))
    if rt["heat_version"] != release:
        sys.exit("gen_release_data: asked for %s, ran %s" % (release, rt["heat_version"]))
    data = load()
    data["releases"][release]["support"] = support_statuses(rt)
    save(data)
    print("%s: %d types, %d types' properties not SUPPORTED" % (
        release, len(data["releases"][release]["support"]["types"]),
        len(data["releases"][release]["support"]["properties"])), file=sys.stderr)


def dump_base_constraints():
    """27.0.1's custom constraints (what a release's are compared with)."""
    prefix = [venv_python("27.0.1")]
    probe = json.loads(run(prefix, ["-c", "ORACLE = %r\n" % os.path.join(SHARED, "oracle") + PROBE]))
    data = load()
    data["constraints_27.0.1"] = probe["constraints"]
    save(data)


def version_key(v):
    return tuple(int(x) for x in v.split("."))


def rust():
    data = json.load(open(DATA, encoding="utf-8"))
    zones = sorted(data["pytz"])
    out = ["// @generated by tools/gen_release_data.py from tools/data/heat-releases.json (produced by",
           "// running each openstack-heat release). Do not edit.",
           "use super::releases::ReleaseData;",
           "",
           "/// Each release: what its Heat registers differently from 27.0.1.",
           "pub(super) static RELEASES: &[ReleaseData] = &["]
    for r, d in data["releases"].items():
        out.append("    ReleaseData {")
        out.append("        version: %s," % gen_catalogue.rust_str(r))
        out.append("        types: &[%s]," % ", ".join("(%s, %d)" % (gen_catalogue.rust_str(n), i)
                                                    for n, i in sorted(d["types"].items())))
        out.append("        removed: &[%s]," % ", ".join(gen_catalogue.rust_str(n) for n in d["removed"]))
        out.append("        constraints_added: &[%s]," % ", ".join(gen_catalogue.rust_str(n)
                                                                for n in d["constraints_added"]))
        out.append("        constraints_removed: &[%s]," % ", ".join(gen_catalogue.rust_str(n)
                                                                  for n in d["constraints_removed"]))
        out.append("        pytz: %s," % ("None" if d["pytz"] is None else "Some(%d)" % zones.index(d["pytz"])))
        out.append("    },")
    out.append("];")
    out.append("")
    out.append("/// The records of the releases' differing types (the format is in `decode.rs`).")
    out.append("#[rustfmt::skip]")
    out.append("pub(super) static RECORDS: [&str; %d] = [" % len(data["records"]))
    for rec in data["records"]:
        out.append(gen_catalogue.raw_str(rec) + ",")
    out.append("];")
    out.append("")
    out.append("/// The zones pytz knows, by pytz version (the `timezone` constraint before zoneinfo), one a line.")
    out.append("#[rustfmt::skip]")
    out.append("pub(super) static PYTZ_ZONES: [(&str, &str); %d] = [" % len(zones))
    for version in zones:
        out.append("(%s, %s)," % (gen_catalogue.rust_str(version), gen_catalogue.raw_str(data["pytz"][version])))
    out.append("];")
    print("\n".join(out))


def main(argv):
    if len(argv) >= 2 and argv[0] == "dump":
        base = None
        if "--base" in argv:
            base = argv[argv.index("--base") + 1]
        dump(argv[1], base)
    elif len(argv) >= 2 and argv[0] == "support":
        support(argv[1], argv[argv.index("--base") + 1] if "--base" in argv else None)
    elif argv == ["base-constraints"]:
        dump_base_constraints()
    elif argv == ["rust"]:
        rust()
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv[1:])
