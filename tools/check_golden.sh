#!/usr/bin/env bash
# Compare the CLI against the oracle's expected results for the golden cases
# (exact messages). Usage: tools/check_golden.sh [--loose-messages]
set -uo pipefail
cd "$(dirname "$0")/.."
exec ../shared/conformance/run.sh --corpus core/tests/golden "$@" -- target/release/hotplate eval
