# PuzzleLab. `make serve` builds and serves the app; `make test` runs every test.
# Both install what is missing first (tools/setup.sh), so they work on a fresh machine.

SHELL := /bin/bash
export PATH := $(CURDIR)/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)
# trunk must never reach for the network: tools come from PATH, versions are checked.
export TRUNK_SKIP_VERSION_CHECK := true
export TRUNK_OFFLINE := true
export CHROMEDRIVER := /usr/bin/chromedriver

# The crates built for the browser (the CLI and the test checkers are native only).
WASM_CRATES := -p puzzlelab-web -p puzzlelab-worker -p puzzlelab-links -p puzzlelab-solver

.PHONY: serve build npm test lint test-native test-wasm test-e2e test-npm test-batch bench setup-build setup-test

# The release build, with the same security policy the tests check (tools/csp.py).
serve: setup-build
	trunk serve --release

build: setup-build
	trunk build --release

test: setup-test lint test-native test-wasm build test-e2e test-npm

lint:
	cargo fmt --all --check
	cargo clippy --workspace --all-targets --all-features -- -D warnings
	cargo clippy --target wasm32-unknown-unknown $(WASM_CRATES) --all-features --lib --bins -- -D warnings
	# The worker is built without the JS API (feature js-api is the app's alone).
	cargo clippy --target wasm32-unknown-unknown -p puzzlelab-web --bin worker -- -D warnings
	tools/check-layers.sh

# Release speed with overflow checks on (profile "checked" in Cargo.toml).
test-native:
	cargo test --workspace --all-features --profile checked

# Debug build (overflow checks on); a generous timeout for a loaded machine.
test-wasm:
	WASM_BINDGEN_TEST_TIMEOUT=180 cargo test --target wasm32-unknown-unknown -p puzzlelab-web --features js-api --test wasm_bindings

test-e2e:
	npx playwright test --config tests/e2e/playwright.config.mjs

# The npm package `puzzlelab` (target/npm/puzzlelab; not published from here).
npm: build
	tools/build-npm.sh

# The package packed and installed into fresh projects outside the repo: a Node 20
# program, and a Vite page in Chromium (Vite from the npm registry).
test-npm:
	tests/npm/run.sh

# The batch examples (examples/batch/): the Kubernetes Jobs validated against the schema,
# then the Slurm scripts run through sbatch on a one-node Slurm started here (installs
# Debian's slurm-wlm and munge, and kubernetes-validate from PyPI, when missing).
test-batch:
	cargo build --release --bin puzzlelab
	tests/batch/k8s.sh
	tests/batch/slurm.sh

# Every bench target (criterion, benches/*.rs), then the wasm/native comparison.
bench: build
	cargo bench --workspace --benches
	cargo build --release --bin puzzlelab
	node benches/browser.mjs

setup-build:
	tools/setup.sh build

setup-test:
	tools/setup.sh test
