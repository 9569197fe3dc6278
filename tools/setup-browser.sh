#!/usr/bin/env bash
# Debian's chromium and chromedriver for the headless browser tests (wasm-bindgen
# tests, Playwright). Idempotent; installs only what is missing. Playwright drives
# /usr/bin/chromium: `npx playwright install` is never used.
set -euo pipefail
if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
    exit 0
fi
if ! command -v apt-get >/dev/null; then
    echo "setup-browser: chromium/chromedriver are missing and apt-get is not available; install them" >&2
    exit 1
fi
SUDO=""
[ "$(id -u)" = 0 ] || SUDO="sudo"
echo "setup-browser: apt-get install chromium chromium-driver"
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends chromium chromium-driver >/dev/null
