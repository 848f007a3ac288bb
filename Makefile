# keyshop — the two commands: `make run` and `make test`.
# Rust builds go to a persistent target directory outside the clone.

CARGO_TARGET_DIR ?= $(HOME)/.cache/keyshop/target
export CARGO_TARGET_DIR
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD := 1

PROFILE ?= debug
CARGO_PROFILE_FLAG := $(if $(filter release,$(PROFILE)),--release,)
KEYSHOP := $(CARGO_TARGET_DIR)/$(PROFILE)/keyshop
NPM := npm --prefix frontend
NEXTEST := $(shell cargo nextest --version >/dev/null 2>&1 && echo yes)

.PHONY: run build spa deps setup-run setup-test setup-bench test test-rust test-frontend e2e test-api test-deploy lint lint-rust lint-frontend fmt openapi bench clean

## run: install front-end deps, build the SPA and the binary, serve the embedded store with demo data at http://127.0.0.1:8080
run: spa build
	$(KEYSHOP) serve --demo

## build: the keyshop binary
build: setup-run
	cargo build -p keyshop $(CARGO_PROFILE_FLAG)

## setup-run, setup-test, setup-bench: install the Debian packages each needs
## and this machine lacks (.ci/setup-system says which and why)
setup-run:
	@.ci/setup-system run
setup-test:
	@.ci/setup-system test
setup-bench:
	@.ci/setup-system bench

deps: frontend/node_modules/.package-lock.json

# `npm install` against the committed lock, not `npm ci`: the registry reachable
# here serves only this platform's optional binaries (swc, resolver), so no lock
# written here lists the others and `npm ci` refuses it as out of sync. With
# the lock present, `npm install` installs exactly its versions (npm's cache
# makes repeat runs fast).
frontend/node_modules/.package-lock.json: frontend/package.json frontend/package-lock.json
	$(NPM) install --no-audit --no-fund

## spa: the production build of the SPA into frontend/dist
spa: deps
	$(NPM) run build

## test: every test, lint and format check
test: setup-test lint test-rust test-frontend e2e test-api test-deploy

## test-deploy: render the Kubernetes overlays and validate them (and the compose file)
test-deploy: build
	KEYSHOP=$(KEYSHOP) .ci/k8s-validate

## test-rust: the Rust tests; .ci/test-services finds or starts PostgreSQL,
## Redis and a Kafka-compatible broker, and the tests of whatever is absent
## are filtered out (the runner reports them as skipped)
test-rust: setup-run
ifeq ($(NEXTEST),yes)
	@eval "$$(.ci/test-services)" && set -x && \
	  cargo nextest run --workspace --no-fail-fast -E "$$TEST_NEXTEST_FILTER"
else
	@eval "$$(.ci/test-services)" && set -x && \
	  cargo test --workspace --no-fail-fast -- $$TEST_CARGO_SKIP
endif

test-frontend: deps
	$(NPM) test -- --ci

# Browser tests and load tests buy as guests from one address, far more often
# than a shopper: they raise the guest limits (10 orders, 5 per e-mail, 50 keys
# per payment window by default).
MANY_GUEST_ORDERS := KEYSHOP_GUEST_ORDERS_PER_ADDRESS=100000 KEYSHOP_GUEST_ORDERS_PER_EMAIL=100000 KEYSHOP_GUEST_KEYS_PER_ADDRESS=1000000

## e2e: Playwright in Debian's Chromium against a fresh `keyshop serve --demo`
## (the captcha accepts a fixed code there, so the browser can sign up)
e2e: setup-test spa build
	$(MANY_GUEST_ORDERS) KEYSHOP_CAPTCHA_TEST_CODE=e2e-pass KEYSHOP_ALLOW_TEST_CAPTCHA=true .ci/with-keyshop $(KEYSHOP) --demo -- $(NPM) run e2e

## test-api: schemathesis (from PyPI) over /prod-api/openapi.json of a fresh
## `keyshop serve --demo`, as a signed-in member: no 5xx, every status, answer
## and parameter as the document says (.ci/schemathesis.toml, .ci/schemathesis)
test-api: build
	$(MANY_GUEST_ORDERS) KEYSHOP_CAPTCHA_TEST_CODE=api-test-pass KEYSHOP_ALLOW_TEST_CAPTCHA=true .ci/with-keyshop $(KEYSHOP) --demo -- .ci/schemathesis

lint: lint-rust lint-frontend

lint-rust:
	cargo fmt --all --check
	cargo clippy --workspace --all-targets -- -D warnings

lint-frontend: deps
	$(NPM) run lint
	$(NPM) run format:check
	$(NPM) run typecheck
	$(NPM) run check:api

## fmt: format Rust and front-end code
fmt: deps
	cargo fmt --all
	$(NPM) run format

## openapi: regenerate the SPA's API types from the gateway's OpenAPI document
openapi: build deps
	$(KEYSHOP) openapi > frontend/openapi.json
	$(NPM) run gen:api

## bench: load tests through the gateway in embedded mode (release build, wrk),
## then the same calls again with the gateway's one-second micro-cache off, then
## the live chat's sockets (1,000 shoppers, 20 agents: .ci/bench-chat; each
## socket is an open file to the store, so its limit is raised to 8,192)
BENCH_RESULTS_DIR := $(CARGO_TARGET_DIR)/bench
bench: setup-bench spa
	cargo build -p keyshop --release
	@mkdir -p $(BENCH_RESULTS_DIR) && rm -f $(BENCH_RESULTS_DIR)/cache-on.txt $(BENCH_RESULTS_DIR)/cache-off.txt
	@echo "== embedded, micro-cache on"
	BENCH_RESULTS=$(BENCH_RESULTS_DIR)/cache-on.txt $(MANY_GUEST_ORDERS) KEYSHOP_CAPTCHA_TEST_CODE=bench-pass KEYSHOP_ALLOW_TEST_CAPTCHA=true .ci/with-keyshop $(CARGO_TARGET_DIR)/release/keyshop --demo -- .ci/bench
	@echo "== embedded, micro-cache off (KEYSHOP_HTTP_CACHE_TTL_MS=0)"
	BENCH_RESULTS=$(BENCH_RESULTS_DIR)/cache-off.txt BENCH_SKIP_PURCHASE=1 $(MANY_GUEST_ORDERS) KEYSHOP_CAPTCHA_TEST_CODE=bench-pass KEYSHOP_ALLOW_TEST_CAPTCHA=true KEYSHOP_HTTP_CACHE_TTL_MS=0 .ci/with-keyshop $(CARGO_TARGET_DIR)/release/keyshop --demo -- .ci/bench
	@echo "== side by side: the catalog with the micro-cache on and off"
	.ci/bench-compare $(BENCH_RESULTS_DIR)/cache-on.txt $(BENCH_RESULTS_DIR)/cache-off.txt list10 detail queryVaried addToNewCart
	@echo "== first load: the home page in Chromium, CPU 4x slower, empty cache (scripts/measure-first-load.mjs)"
	.ci/with-keyshop $(CARGO_TARGET_DIR)/release/keyshop --demo -- $(NPM) run --silent measure:first-load -- --runs 7
	@echo "== memory: idle RSS of keyshop serve --demo"
	.ci/with-keyshop $(CARGO_TARGET_DIR)/release/keyshop --demo -- .ci/bench-idle-rss
	@echo "== chat: 1,000 guest sockets and 20 agents on the live chat, embedded (.ci/bench-chat)"
	[ "$$(ulimit -n)" -ge 8192 ] 2>/dev/null || ulimit -S -n 8192 2>/dev/null || true; .ci/with-keyshop $(CARGO_TARGET_DIR)/release/keyshop --demo -- .ci/bench-chat
	@echo "== distributed: every service its own process on PostgreSQL, Redis and Kafka (.ci/with-distributed)"
	eval "$$(.ci/test-services)" && BENCH_PG_SSLMODE=disable $(MANY_GUEST_ORDERS) KEYSHOP_CAPTCHA_TEST_CODE=bench-pass KEYSHOP_ALLOW_TEST_CAPTCHA=true .ci/with-distributed $(CARGO_TARGET_DIR)/release/keyshop -- .ci/bench

clean:
	rm -rf frontend/dist data
