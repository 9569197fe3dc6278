# `hotplate check`: its benchmark and the pre-commit hook with a real pre-commit.

.PHONY: bench-check test-pre-commit

PRE_COMMIT_VENV := target/pre-commit-venv

# `hotplate check` over the public corpus's templates vs one `hotplate eval` per
# template, one run, wall time side by side (tools/bench_check.py).
bench-check: build
	python3 tools/bench_check.py --shared "$(SHARED)" --hotplate $(HOTPLATE)

# The hook test with a real pre-commit, installed from PyPI into a venv under
# target/ (without one, `cargo test` runs the hook's entry as pre-commit would).
test-pre-commit: setup
	@if [ ! -x "$(PRE_COMMIT_VENV)/bin/pre-commit" ]; then \
		python3 -m venv "$(PRE_COMMIT_VENV)" && "$(PRE_COMMIT_VENV)/bin/pip" install --quiet pre-commit; \
	fi
	PRE_COMMIT="$(CURDIR)/$(PRE_COMMIT_VENV)/bin/pre-commit" $(CARGO) test --locked -p hotplate-cli --test check pre_commit
