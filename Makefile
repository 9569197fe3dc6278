# hotplate: `make help` lists the targets.
#
# Other parts of the project add their own targets in mk/*.mk. A fragment
# hooks a check into `make test` with `TEST_TARGETS += test-wasm` (its
# targets then run as prerequisites of `make test`).

SHELL := bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

CARGO ?= cargo
# The shared conformance corpus and oracle, beside the clone.
SHARED ?= ../shared
HOTPLATE := target/release/hotplate
# Property-test cases per property for `make fuzz`.
FUZZ_CASES ?= 20000
# Seconds per libFuzzer target for `make fuzz-libfuzzer`.
FUZZ_SECONDS ?= 300

TEST_TARGETS :=
-include $(wildcard mk/*.mk)

.PHONY: help setup test test-under-load test-rust lint clippy fmt-check import-cycles check-catalogue build bench bench-compare conformance demo fuzz fuzz-libfuzzer

help:
	@echo "make test           install what is missing, then every test (the conformance ratchet included)"
	@echo "make test-under-load make test with every core kept busy (stress-ng, installed if missing): no test may need an idle machine"
	@echo "make serve          build everything and serve the playground at http://localhost:8080"
	@echo "make web            the playground's production build (web/dist, what Netlify publishes)"
	@echo "make wasm           the npm package's wasm glue and compiled TypeScript (packages/hotplate)"
	@echo "make types          packages/hotplate/src/types.ts from the api types (ts-rs; make test checks it is current)"
	@echo "make package        dist/hotplate-<version>.tgz (npm pack)"
	@echo "make wheel          dist/hotplate-<version>-py3-none-<platform>.whl (maturin, this machine's platform)"
	@echo "make test-wheel     the wheel in a fresh venv without Rust: install + first check, byte-identical to native"
	@echo "make test-action    the GitHub Action's script run as a runner runs it (with the wheel)"
	@echo "make wasi-cli       the command line built for WASI (npx hotplate), into packages/hotplate/cli/"
	@echo "make test-wasm      wasm-bindgen tests (Node + Chromium) and the package's tests"
	@echo "make test-web       the playground's unit tests (Node) and the Playwright suite against the production build"
	@echo "make bench-wasm     corpus-full through the package vs native, one run (BENCH_WASM_ARGS=\"--corpus DIR\": another)"
	@echo "make bench-web      keystroke -> result latency and longest main-thread task in the browser (74 KB and 3000-line templates; a 3000-line paste against its 50 ms task threshold, reported)"
	@echo "make build          build the release CLI ($(HOTPLATE))"
	@echo "make demo           run the CLI on the example templates in examples/"
	@echo "make conformance    the full-mode shared corpus through the release CLI, compared by the oracle's compare.py"
	@echo "make bench          criterion benchmarks over the shared corpus-full (cases, corpus, loader MB/s, largest nested case)"
	@echo "make bench-compare  Heat's own timings and ours side by side (needs the oracle venv)"
	@echo "make bench-check    hotplate check over the public corpus's templates vs one eval per template, one run"
	@echo "make test-pre-commit the pre-commit hook run by a real pre-commit (installed in a venv under target/)"
	@echo "make fuzz           the no-panic properties with $(FUZZ_CASES) cases each"
	@echo "make fuzz-libfuzzer coverage-guided fuzzing, $(FUZZ_SECONDS)s per target (cargo-fuzz, nightly)"
	@echo "make lint           fmt-check + clippy (part of make test)"
	@echo "make fmt-check      rustfmt --check"
	@echo "make clippy         clippy with warnings as errors"
	@echo "make check-catalogue core/src/catalogue/data.rs is what tools/gen_catalogue.py makes of ../shared's catalogue"

setup:
	@bash tools/setup-rust.sh

test: lint test-rust $(TEST_TARGETS)

# The whole suite on a loaded machine (issue 36): every core kept busy by
# stress-ng (or a busy loop per core) while `make test` runs. Tests wait on
# state, never on time, so this passes as `make test` does; .ci/run stays `make test`.
test-under-load:
	bash tools/under-load.sh $(MAKE) test

# Formatting and clippy (with -D warnings) gate `make test`: core's lint
# settings deny panicking constructs (unwrap, indexing) outside tests.
lint: fmt-check clippy import-cycles

test-rust: setup
	$(CARGO) test --workspace --locked

clippy: setup
	$(CARGO) clippy --workspace --all-targets --locked -- -D warnings

# Import cycles between core/src's folders stay few (tools/import_cycles.py).
import-cycles:
	python3 tools/import_cycles.py --max 3

fmt-check: setup
	$(CARGO) fmt --all -- --check

# The generated catalogue is current: regenerated and formatted as CONTRIBUTING's
# recipe does, it equals the committed file (skips without ../shared).
check-catalogue:
	@if [ ! -f "$(SHARED)/spec/resource-types.json" ]; then echo "check-catalogue: $(SHARED) is absent, nothing to check"; exit 0; fi; \
	python3 tools/gen_catalogue.py "$(SHARED)/spec/resource-types.json" \
		| rustfmt --edition 2021 --config-path rustfmt.toml | cmp -s - core/src/catalogue/data.rs \
		&& echo "check-catalogue: core/src/catalogue/data.rs is current" \
		|| { echo "check-catalogue: core/src/catalogue/data.rs differs from tools/gen_catalogue.py's output (CONTRIBUTING.md, resource-type rule)"; exit 1; }; \
	python3 tools/gen_lint_facts.py "$(SHARED)/spec/resource-types.json" tools/data/heat-releases.json \
		| rustfmt --edition 2021 --config-path rustfmt.toml | cmp -s - core/src/lint/facts.rs \
		&& echo "check-catalogue: core/src/lint/facts.rs is current" \
		|| { echo "check-catalogue: core/src/lint/facts.rs differs from tools/gen_lint_facts.py's output"; exit 1; }

build: setup
	$(CARGO) build --release --locked -p hotplate-cli

bench: setup
	$(CARGO) bench --locked -p hotplate-core --bench engine

bench-compare: setup
	bash tools/bench_compare.sh

conformance: build
	@if [ ! -x "$(SHARED)/conformance/run.sh" ]; then echo "conformance: $(SHARED) is absent, nothing to run"; exit 0; fi; \
	log=$$(mktemp); \
	"$(SHARED)/conformance/run.sh" --loose-messages --corpus "$(SHARED)/conformance/corpus-full" -- $(HOTPLATE) eval >"$$log" || true; \
	grep '^FAIL' "$$log" || true; \
	echo "conformance (--loose-messages): $$(tail -n 1 "$$log")"; \
	rm -f "$$log"

demo: build
	@echo '$$ hotplate eval -t examples/web-tier/template.yaml -e examples/web-tier/env-base.yaml -e examples/web-tier/env-prod.yaml -P replicas=3'
	@$(HOTPLATE) eval -t examples/web-tier/template.yaml -e examples/web-tier/env-base.yaml \
		-e examples/web-tier/env-prod.yaml -P replicas=3
	@echo
	@echo '$$ hotplate eval -t examples/broken/template.yaml    # a template with mistakes: exit status 1'
	@status=0; $(HOTPLATE) eval -t examples/broken/template.yaml || status=$$?; \
		echo "(exit status $$status)"; [ $$status -eq 1 ]

fuzz: setup
	PROPTEST_CASES=$(FUZZ_CASES) $(CARGO) test --release --locked -p hotplate-core --test props -- --nocapture --test-threads 2

# The libFuzzer targets of fuzz/ (their own workspace); seeds: our examples and fixtures.
fuzz-libfuzzer:
	@command -v cargo-fuzz >/dev/null || $(CARGO) +stable install cargo-fuzz --locked
	cd fuzz && mkdir -p corpus/template corpus/request && \
	$(CARGO) +nightly fuzz run template corpus/template ../examples ../cli/tests/fixtures/stack -- \
		-max_total_time=$(FUZZ_SECONDS) -max_len=30000 -timeout=10 -rss_limit_mb=1536 && \
	$(CARGO) +nightly fuzz run request corpus/request ../cli/tests/fixtures -- \
		-max_total_time=$(FUZZ_SECONDS) -max_len=30000 -timeout=10 -rss_limit_mb=1536
