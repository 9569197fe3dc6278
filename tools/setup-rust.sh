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
installed_targets=$(rustup target list --installed --toolchain "$channel")
for t in $(toml_list targets); do
    if ! grep -qx "$t" <<<"$installed_targets"; then
        echo "setup: rustup target add $t"
        rustup target add --toolchain "$channel" "$t"
    fi
done
installed_components=$(rustup component list --installed --toolchain "$channel")
for c in $(toml_list components); do
    if ! grep -q "^$c\(-\|$\)" <<<"$installed_components"; then
        echo "setup: rustup component add $c"
        rustup component add --toolchain "$channel" "$c"
    fi
done
