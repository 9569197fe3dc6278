#!/usr/bin/env bash
# Install what the Rust build needs and is missing: the toolchain pinned in
# rust-toolchain.toml with its targets and components. Idempotent; quiet and
# offline when everything is there already.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="${CARGO_HOME:-$HOME/.cargo}/bin:$PATH"
command -v rustup >/dev/null || { echo "setup: rustup not found (install it: https://rustup.rs)" >&2; exit 1; }

# `key = ["a", "b"]` or `key = "a"` of rust-toolchain.toml, one item a line.
toml_list() { sed -n "s/^$1 *= *//p" rust-toolchain.toml | grep -o '"[^"]*"' | tr -d '"' || true; }

channel=$(toml_list channel)
[ -n "$channel" ] || { echo "setup: no channel in rust-toolchain.toml" >&2; exit 1; }
if ! rustup toolchain list | grep -q "^$channel"; then
    echo "setup: rustup toolchain install $channel"
    rustup toolchain install "$channel" --profile minimal
fi
# Add each of rust-toolchain.toml's `$1`s (target, component) that rustup lacks;
# an installed line is the name, then `$2` (a component's host suffix).
add_missing() {
    local kind=$1 suffix=$2 installed x
    installed=$(rustup "$kind" list --installed --toolchain "$channel")
    for x in $(toml_list "${kind}s"); do
        if ! grep -q "^$x$suffix" <<<"$installed"; then
            echo "setup: rustup $kind add $x"
            rustup "$kind" add --toolchain "$channel" "$x"
        fi
    done
}
add_missing target '$'
add_missing component '\(-\|$\)'
