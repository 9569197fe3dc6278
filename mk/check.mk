# `hotplate check`: its benchmark, and the pre-commit hook run by a real pre-commit.

.PHONY: bench-check test-pre-commit

PRE_COMMIT_VENV := target/pre-commit-venv

# `hotplate check` over the public corpus's templates vs one `hotplate eval` per
# template, one run, wall and CPU time side by side (tools/bench_check.py).
bench-check: build
	python3 tools/bench_check.py --shared "$(SHARED)" --hotplate $(HOTPLATE)

# The hook test with pre-commit installed from PyPI into a venv under target/.
# When that cannot be installed, the test runs the hook's entry as pre-commit
# would, and says so.
TEST_TARGETS += test-pre-commit
# The `language: python` hook installs the wheel `make wheel` wrote (found by pip
# in dist/ as PyPI would serve it).
test-pre-commit: setup wheel
	@if [ ! -x "$(PRE_COMMIT_VENV)/bin/pre-commit" ]; then \
		python3 -m venv "$(PRE_COMMIT_VENV)" && "$(PRE_COMMIT_VENV)/bin/pip" install --quiet pre-commit \
		|| echo "test-pre-commit: could not install pre-commit; the test runs the hook's entry instead"; \
	fi
	@if [ -x "$(PRE_COMMIT_VENV)/bin/pre-commit" ]; then export PRE_COMMIT="$(CURDIR)/$(PRE_COMMIT_VENV)/bin/pre-commit"; fi; \
	export HOTPLATE_WHEEL_DIR="$(CURDIR)/dist"; \
	$(CARGO) test --locked -p hotplate-cli --test check pre_commit -- --nocapture
