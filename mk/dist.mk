# hotplate where its users are: the Python wheel (maturin), the GitHub Action,
# the pre-commit hook that installs the wheel. (`npx hotplate` is the npm
# package's: mk/wasm.mk.)
#
#   make wheel         dist/hotplate-<version>-py3-none-<platform>.whl for this machine
#   make test-wheel    the wheel in a fresh venv without Rust: metadata, size, install +
#                      first check, output byte-identical to the native CLI on the corpora
#   make test-action   action/run.py run as a GitHub runner runs it (action/test_run.py)
#
# maturin comes from PyPI at the version tools/requirements-wheel.txt pins, into
# a venv under target/. Other platforms' wheels: .github/workflows/release.yml.

.PHONY: wheel test-wheel test-action

WHEEL_VENV := target/wheel-venv
CRATE_VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)

$(WHEEL_VENV)/bin/maturin: tools/requirements-wheel.txt
	rm -rf $(WHEEL_VENV)
	python3 -m venv $(WHEEL_VENV)
	$(WHEEL_VENV)/bin/pip install --quiet --disable-pip-version-check -r tools/requirements-wheel.txt
	@touch $@

# maturin builds the release CLI (cargo's release profile: the same build as
# `make build`) and packs it with cli/pyproject.toml's metadata.
wheel: setup $(WHEEL_VENV)/bin/maturin
	rm -f dist/hotplate-$(CRATE_VERSION)-*.whl
	cd cli && ../$(WHEEL_VENV)/bin/maturin build --release --locked --out ../dist --quiet
	@ls dist/hotplate-$(CRATE_VERSION)-py3-none-*.whl >/dev/null
	@echo "wheel: $$(ls dist/hotplate-$(CRATE_VERSION)-py3-none-*.whl) ($$(du -k dist/hotplate-$(CRATE_VERSION)-py3-none-*.whl | cut -f1) KB)"

TEST_TARGETS += test-wheel test-action
test-wheel: wheel build
	python3 tools/test_wheel.py --native $(HOTPLATE) --shared "$(SHARED)" \
		--wheel "$$(ls dist/hotplate-$(CRATE_VERSION)-py3-none-*.whl)"

test-action: wheel build
	HOTPLATE_WHEEL_DIR=dist HOTPLATE_NATIVE=$(HOTPLATE) python3 -m unittest -v action/test_run.py
