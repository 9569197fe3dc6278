#!/usr/bin/env bash
# Run a command with every core kept busy (`make test-under-load`, issue 36):
# the suite must pass on a machine loaded by other work, as CI's is.
#   tools/under-load.sh COMMAND...
# The load: Debian's stress-ng, one CPU worker per core (installed with apt-get
# if missing); where it cannot be installed, one busy shell loop per core. It
# runs at the command's own priority (a neighbour's build is not niced either)
# and is stopped when the command ends, whatever its status. LOAD_WORKERS sets
# the number of busy workers (default: the number of cores).
set -euo pipefail
[ $# -gt 0 ] || { echo "usage: tools/under-load.sh COMMAND..." >&2; exit 2; }
workers=${LOAD_WORKERS:-$(nproc)}

if ! command -v stress-ng >/dev/null && command -v apt-get >/dev/null; then
    SUDO=""
    [ "$(id -u)" = 0 ] || SUDO="sudo"
    echo "under-load: apt-get install stress-ng"
    { $SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends stress-ng >/dev/null; } \
        || echo "under-load: stress-ng could not be installed; busy shell loops instead"
fi

pids=()
stop() {
    for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
    wait "${pids[@]}" 2>/dev/null || true
}
trap stop EXIT
if command -v stress-ng >/dev/null; then
    echo "under-load: stress-ng --cpu $workers (every core busy) while: $*"
    stress-ng --cpu "$workers" --cpu-method all --quiet &
    pids+=($!)
else
    echo "under-load: $workers busy shell loops (every core busy) while: $*"
    for _ in $(seq "$workers"); do
        bash -c 'while :; do :; done' &
        pids+=($!)
    done
fi

start=$SECONDS
status=0
"$@" || status=$?
echo "under-load: '$*' $([ $status = 0 ] && echo passed || echo "FAILED (status $status)") in $((SECONDS - start))s with $workers cores kept busy"
exit $status
