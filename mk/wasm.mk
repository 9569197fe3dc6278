# The wasm binding (wasm/) and the npm package `hotplate` (packages/hotplate/).
#
#   make wasm          the package's glue (.wasm + JS) and its compiled TypeScript
#   make package       dist/hotplate-<version>.tgz (npm pack)
#   make test-wasm     wasm-bindgen tests (Node and headless Chromium), the package's
#                      tests (types, trap recovery, size budget, npm pack -> install ->
#                      import in Node and in a Vite-built page, conformance = native)
#   make bench-wasm    corpus-full through the package vs the native engine, one run
#                      (BENCH_WASM_ARGS="--corpus DIR" for another folder)
#   make wasi-cli      the command line for `npx hotplate`: cli/ built for WASI
#                      (wasm32-wasip1), brotli-compressed into the package
#
# Tools are pinned: wasm-bindgen-cli to the wasm-bindgen version in Cargo.lock,
# TypeScript/Vite/playwright-core/binaryen from packages/hotplate/package-lock.json.
# wasm-opt is binaryen's npm build (`npm ci` installs it, nothing to compile):
# `-O3` with binaryen's inlining of functions that have one caller kept to small
# ones (`-ocimfs 25`): the allocator's wrappers (`__rust_alloc` -> `__rdl_alloc`
# -> dlmalloc) and the like, calls V8 does not inline. Binaryen's default there
# (every such function) grows the module by ~35 KB brotli, over the 700 KB cap
# (issue 40; BENCHMARKS.md, "The package against native").

PKG := packages/hotplate
PKG_VERSION := $(shell sed -n 's/^  "version": "\(.*\)",/\1/p' $(PKG)/package.json)
WASM_TARGET := wasm32-unknown-unknown
WASM_RAW := target/$(WASM_TARGET)/wasm-release/hotplate_wasm.wasm
GLUE := $(PKG)/glue
GLUE_WASM := $(GLUE)/hotplate_wasm_bg.wasm
PKG_LIB := $(PKG)/lib/node.js
PKG_STAMP := $(PKG)/node_modules/.package-lock.json
WASM_BINDGEN_VERSION := $(shell sed -n '/^name = "wasm-bindgen"$$/{n;s/^version = "\(.*\)"/\1/p;}' Cargo.lock)
RUST_SOURCES := $(shell find core/src wasm/src -name '*.rs') Cargo.lock Cargo.toml core/Cargo.toml wasm/Cargo.toml
TS_SOURCES := $(wildcard $(PKG)/src/*.ts) $(PKG)/tsconfig.json
export CHROMEDRIVER ?= /usr/bin/chromedriver
# wasm-bindgen-test-runner gives the browser run 20 s by default, which a loaded
# machine can exceed (issue 36): the limit is a hang guard here, not a measure.
export WASM_BINDGEN_TEST_TIMEOUT ?= 600

TEST_TARGETS += test-wasm

.PHONY: wasm package test-wasm test-wasm-bindgen test-package bench-wasm wasm-tools types wasi-cli

# packages/hotplate/src/types.ts from the api types (ts-rs); `cargo test` (make
# test) fails when the committed file differs (wasm/tests/types.rs).
types:
	HOTPLATE_WRITE_TYPES=1 $(CARGO) test --locked -p hotplate-wasm --test types

# Installs what is missing (idempotent): wasm-bindgen-cli at the locked version,
# the package's npm dependencies, Debian's chromium + chromedriver.
wasm-tools: setup $(PKG_STAMP)
	@bash tools/setup-browser.sh
	@if [ "$$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $(WASM_BINDGEN_VERSION)" ]; then \
		echo "wasm-tools: cargo install wasm-bindgen-cli $(WASM_BINDGEN_VERSION)"; \
		$(CARGO) install wasm-bindgen-cli --version "$(WASM_BINDGEN_VERSION)" --locked \
			|| $(CARGO) install wasm-bindgen-cli --version "$(WASM_BINDGEN_VERSION)"; \
	fi

$(PKG_STAMP): $(PKG)/package-lock.json $(PKG)/package.json
	cd $(PKG) && npm ci --no-audit --no-fund
	@touch $@

$(WASM_RAW): $(RUST_SOURCES) | wasm-tools
	$(CARGO) build --locked --profile wasm-release --target $(WASM_TARGET) -p hotplate-wasm

# The features are the module's own (its target_features section: rustc's defaults).
WASM_OPT := node $(PKG)/node_modules/binaryen/bin/wasm-opt
WASM_OPT_FLAGS := -O3 --one-caller-inline-max-function-size 25

$(GLUE_WASM): $(WASM_RAW) | wasm-tools
	rm -rf $(GLUE)
	wasm-bindgen $(WASM_RAW) --out-dir $(GLUE) --target web --remove-name-section --remove-producers-section \
		--experimental-reset-state-function
	$(WASM_OPT) $(WASM_OPT_FLAGS) $(GLUE_WASM) -o $(GLUE_WASM)
	rm -f $(GLUE)/*.wasm.d.ts

# `npx hotplate`: the native CLI itself built for WASI, run by node:wasi
# (packages/hotplate/src/wasi.ts); shipped brotli-compressed (quality 11).
WASI_TARGET := wasm32-wasip1
CLI_WASI_RAW := target/$(WASI_TARGET)/wasi-release/hotplate.wasm
CLI_WASI := $(PKG)/cli/hotplate.wasm.br
CLI_SOURCES := $(shell find cli/src -name '*.rs') cli/Cargo.toml

$(CLI_WASI_RAW): $(RUST_SOURCES) $(CLI_SOURCES) | setup
	$(CARGO) build --locked --profile wasi-release --target $(WASI_TARGET) -p hotplate-cli

$(CLI_WASI): $(CLI_WASI_RAW)
	mkdir -p $(dir $@)
	node -e 'const z = require("node:zlib"), fs = require("node:fs"), [src, dst] = process.argv.slice(1); fs.writeFileSync(dst, z.brotliCompressSync(fs.readFileSync(src), { params: { [z.constants.BROTLI_PARAM_QUALITY]: 11, [z.constants.BROTLI_PARAM_SIZE_HINT]: fs.statSync(src).size } }))' $(CLI_WASI_RAW) $@

wasi-cli: $(CLI_WASI)

$(PKG_LIB): $(GLUE_WASM) $(CLI_WASI) $(TS_SOURCES) $(PKG_STAMP)
	cd $(PKG) && npx tsc -p tsconfig.json
	@touch $@

wasm: $(PKG_LIB)

package: wasm
	mkdir -p dist
	cd $(PKG) && npm pack --silent --pack-destination ../../dist >/dev/null
	@echo "package: dist/hotplate-$(PKG_VERSION).tgz ($$(du -k dist/hotplate-$(PKG_VERSION).tgz | cut -f1) KB)"

# wasm-bindgen tests of wasm/tests/: in Node, then in headless Chromium (chromedriver).
test-wasm-bindgen: wasm-tools
	CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
		$(CARGO) test --locked --target $(WASM_TARGET) -p hotplate-wasm
	CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUNNER=wasm-bindgen-test-runner \
		$(CARGO) test --locked --target $(WASM_TARGET) -p hotplate-wasm --features browser

# A glue whose evaluate panics on request (feature test-panic): trap recovery.
TEST_GLUE := target/test-glue
TEST_GLUE_RAW := target/$(WASM_TARGET)/debug/hotplate_wasm.wasm
$(TEST_GLUE)/hotplate_wasm_bg.wasm: $(RUST_SOURCES) | wasm-tools
	$(CARGO) build --locked --target $(WASM_TARGET) -p hotplate-wasm --features test-panic
	wasm-bindgen $(TEST_GLUE_RAW) --out-dir $(TEST_GLUE) --target web --experimental-reset-state-function

# The package as users get it; the conformance run also needs the native CLI.
test-package: package build $(TEST_GLUE)/hotplate_wasm_bg.wasm
	cd $(PKG) && npx tsc --noEmit --strict --target es2022 --module es2022 --moduleResolution bundler \
		--lib es2022,dom --types node test/types-check.ts
	cd $(PKG) && HOTPLATE_TEST_GLUE=$(CURDIR)/$(TEST_GLUE) node --test test/*.test.mjs
	node $(PKG)/test/conformance.mjs --native $(HOTPLATE)
	node --expose-gc $(PKG)/test/cli-conformance.mjs --native $(HOTPLATE) --tarball dist/hotplate-$(PKG_VERSION).tgz

test-wasm: test-wasm-bindgen test-package

# The native side does per run what the binding's evaluate does (the result,
# summary and shown JSON written: HOTPLATE_BENCH_BINDING, feature serialize).
NATIVE_BENCH = $(CARGO) bench --locked -p hotplate-core --features serialize --bench engine --no-run
BENCH_WASM_ARGS ?=
bench-wasm: wasm
	$(NATIVE_BENCH)
	node $(PKG)/test/bench.mjs --cases 10 $(BENCH_WASM_ARGS) --native-bench "$$($(NATIVE_BENCH) 2>&1 | sed -n 's/.*Executable .*(\(.*\))$$/\1/p')"
