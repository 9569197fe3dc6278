# The playground (web/): a static site built with Vite on top of the npm package.
#
#   make web        the production site in web/dist (what Netlify publishes)
#   make serve      build everything, then serve web/dist at http://localhost:8080
#   make test-web   the unit tests of web/test/ (Node), then Playwright (Debian's
#                   Chromium) against the production build
#   make bench-web  keystroke -> result latency (p50/p95) and the longest main-thread
#                   task over 50 edits of two generated templates, and the tasks of
#                   a 3000-line paste against its 50 ms threshold (reported, not a test)

WEB := web
WEB_STAMP := $(WEB)/node_modules/.package-lock.json
PW := playwright-tests
PW_STAMP := $(PW)/node_modules/.package-lock.json
WEB_SOURCES := $(shell find $(WEB)/src $(WEB)/examples $(WEB)/public -type f) $(wildcard $(WEB)/*.html) $(WEB)/vite.config.ts $(WEB)/tsconfig.json
WEB_DIST := $(WEB)/dist/index.html
SERVE_PORT ?= 8080

TEST_TARGETS += test-web

.PHONY: web serve test-web test-web-unit bench-web

# The <hot-playground> element for the npm package (hotplate/element).
PKG_EMBED := $(PKG)/embed/element.js
$(PKG_EMBED): $(PKG_LIB) $(WEB_STAMP) $(WEB_SOURCES) $(WEB)/vite.embed.config.ts
	cd $(WEB) && npx vite build --config vite.embed.config.ts --logLevel warn
	@touch $@
package: $(PKG_EMBED)
# The tarball test checks the element is in it and ships no second engine.
test-package: $(PKG_EMBED)

$(WEB_STAMP): $(WEB)/package-lock.json $(WEB)/package.json
	cd $(WEB) && npm ci --no-audit --no-fund
	@touch $@

$(PW_STAMP): $(PW)/package-lock.json $(PW)/package.json
	cd $(PW) && npm ci --no-audit --no-fund
	@touch $@

$(WEB_DIST): $(PKG_LIB) $(WEB_STAMP) $(WEB_SOURCES)
	cd $(WEB) && npx tsc --noEmit -p tsconfig.json && npx vite build --logLevel warn
	@touch $@

web: $(WEB_DIST)

serve: web
	node $(WEB)/scripts/serve.mjs --port $(SERVE_PORT)

# The playground's pure modules (tsconfig.unit.json) compiled for Node, and their tests.
test-web-unit: $(WEB_STAMP) $(PKG_LIB)
	cd $(WEB) && npx tsc -p tsconfig.unit.json && node --test test/

test-web: web test-web-unit $(PW_STAMP)
	@bash tools/setup-browser.sh
	cd $(PW) && npx playwright test

bench-web: web $(PW_STAMP)
	node $(WEB)/scripts/bench-latency.mjs
