#!/usr/bin/env bash
# Heat's own evaluation time and hotplate's on the shared corpus, side by side, in one run.
#
#   tools/bench_compare.sh            (or: make bench-compare)
#
# Corpus and mode are explicit: ../shared/conformance/corpus-full in Heat's full mode
# (real plugin classes, nested stacks: what hotplate reproduces), printed in the report.
# Heat: ../shared/oracle/bench_heat.py --mode full (median of REPEAT runs per case,
# after Heat's imports and a warm-up run). hotplate: the criterion bench target in
# summary mode on the same folder (median of HOTPLATE_BENCH_REPEAT runs per case,
# after a warm-up run; request decoding, evaluation and result JSON, as the CLI
# does), plus the YAML/JSON loader's throughput over the corpus templates.
# Env: SHARED (default ../shared), CORPUS (folder name under conformance/, default
# corpus-full), REPEAT (Heat, default 5), HOTPLATE_BENCH_REPEAT (ours, default 21),
# KEEP=DIR to keep both raw reports.
# CORPUS=scale (the TripleO overclouds) uses the `scale` bench target instead, runs
# ours before and after Heat (the machine is shared: both figures of ours are
# printed, the ratio uses the first), and checks that our results are identical to
# Heat's (`compare.py`, strict, against each NAME.expected.json).
set -euo pipefail
cd "$(dirname "$0")/.."
SHARED="$(cd "${SHARED:-../shared}" && pwd)" || { echo "bench_compare: ${SHARED:-../shared} is absent" >&2; exit 2; }
CORPUS_NAME="${CORPUS:-corpus-full}"
CORPUS="$SHARED/conformance/$CORPUS_NAME"
MODE=full
REPEAT="${REPEAT:-5}"
[ -d "$CORPUS" ] || { echo "bench_compare: $CORPUS is absent" >&2; exit 2; }

out="${KEEP:-$(mktemp -d)}"
mkdir -p "$out"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$out"' EXIT

BENCH=engine
[ "$CORPUS_NAME" = scale ] && BENCH=scale
echo "::: building the benchmark ($BENCH)"
cargo bench --locked -p hotplate-core --bench "$BENCH" --no-run 2>&1 | tail -n 1
ours() {
    HOTPLATE_SHARED="$SHARED" HOTPLATE_BENCH_CORPUS="$CORPUS_NAME" HOTPLATE_BENCH_SUMMARY=1 \
        HOTPLATE_BENCH_RESULTS="${RESULTS:-}" cargo bench --locked -p hotplate-core --bench "$BENCH" 2>/dev/null >"$1"
    tail -n 3 "$1"
}
if [ "$BENCH" = scale ]; then
    echo "::: hotplate (before Heat): cargo bench --bench scale (summary mode)"
    RESULTS="$out/results" ours "$out/ours.txt"
    for actual in "$out"/results/*.json; do
        name="$(basename "$actual")"
        if python3 "$SHARED/oracle/compare.py" "$CORPUS/${name%.json}.expected.json" "$actual" >/dev/null; then
            echo "identical to Heat's result: $name"
        else
            echo "DIFFERENT from Heat's result: $name"
        fi
    done
fi
PY="$("$SHARED/oracle/setup.sh")"

echo "::: corpus: $CORPUS, mode: $MODE"
echo "::: Heat 27.0.1: bench_heat.py --mode $MODE --repeat $REPEAT $CORPUS_NAME"
"$PY" "$SHARED/oracle/bench_heat.py" --mode "$MODE" --repeat "$REPEAT" "$CORPUS" >"$out/heat.txt"
tail -n 1 "$out/heat.txt"

if [ "$BENCH" = scale ]; then
    echo "::: hotplate (after Heat)"
    ours "$out/ours-after.txt"
else
    echo "::: hotplate: cargo bench (summary mode, $CORPUS_NAME, mode $MODE)"
    ours "$out/ours.txt"
fi

python3 - "$out/heat.txt" "$out/ours.txt" "$CORPUS_NAME" "$MODE" <<'PY'
import re, statistics, sys

def read(path):
    times = {}
    for line in open(path, encoding="utf-8"):
        m = re.match(r"\s*([0-9.]+) ms  (\S+)$", line)
        if m:
            times[m.group(2)] = float(m.group(1))
    return times

heat, ours = read(sys.argv[1]), read(sys.argv[2])
common = sorted(set(heat) & set(ours))
if not common:
    sys.exit("bench_compare: no case in both reports")
missing = sorted(set(heat) ^ set(ours))
h = [heat[n] for n in common]
o = [ours[n] for n in common]
ratios = [heat[n] / ours[n] for n in common if ours[n] > 0]
h_med, o_med = statistics.median(h), statistics.median(o)
h_tot, o_tot = sum(h), sum(o)
loader = [l.strip("# \n") for l in open(sys.argv[2], encoding="utf-8") if l.startswith("# loader:")]
print()
print("corpus: %s, mode: %s" % (sys.argv[3], sys.argv[4]))
print("%d corpus cases (per case: median of repeated runs; total: sum of those medians)" % len(common))
print("%-10s %16s %14s %16s" % ("", "median per case", "total", "mean per case"))
print("%-10s %13.3f ms %11.1f ms %13.3f ms" % ("Heat", h_med, h_tot, h_tot / len(h)))
print("%-10s %13.4f ms %11.1f ms %13.4f ms" % ("hotplate", o_med, o_tot, o_tot / len(o)))
print("%-10s %14.0fx %13.0fx" % ("ratio", h_med / o_med, h_tot / o_tot))
print("per-case speed-up: min %.0fx, median %.0fx, max %.0fx" % (
    min(ratios), statistics.median(ratios), max(ratios)))
slow = sorted(common, key=lambda n: heat[n] / ours[n])[:3]
print("smallest speed-ups: " + ", ".join("%s %.0fx" % (n, heat[n] / ours[n]) for n in slow))
if loader:
    print(loader[0])
if missing:
    print("(in one report only: %s)" % ", ".join(missing))
PY
