#!/usr/bin/env bash
# Installs what is missing, checks the versions of what is present, and fails loudly on a
# mismatch. `tools/setup.sh build` is enough to build and serve; `tools/setup.sh test` adds
# what the tests need (Debian's chromium and chromedriver, Playwright from npm).
set -euo pipefail
cd "$(dirname "$0")/.."

TRUNK_VERSION=0.21.14
WASM_OPT_VERSION=132
want=${1:-build}

say() { printf '\033[1msetup:\033[0m %s\n' "$*"; }
die() { printf '\033[31msetup: %s\033[0m\n' "$*" >&2; exit 1; }
export PATH="$PWD/node_modules/.bin:$HOME/.cargo/bin:$PATH"

command -v cargo >/dev/null || die "cargo not found: install Rust with rustup first"

# wasm-bindgen must be exactly the version in Cargo.lock, and Trunk.toml must name it too.
lock_bindgen=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/version = |"/, ""); print; exit }' Cargo.lock)
[ -n "$lock_bindgen" ] || die "wasm-bindgen is not in Cargo.lock"
grep -q "wasm_bindgen = \"$lock_bindgen\"" Trunk.toml ||
  die "Trunk.toml [tools] wasm_bindgen must be \"$lock_bindgen\", the Cargo.lock version"

if ! rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
  say "adding the wasm32-unknown-unknown target"
  rustup target add wasm32-unknown-unknown
fi

if [ "$(trunk --version 2>/dev/null)" != "trunk $TRUNK_VERSION" ]; then
  say "installing trunk $TRUNK_VERSION (about 12 minutes, once)"
  cargo install trunk --version "$TRUNK_VERSION" --locked
fi
[ "$(trunk --version)" = "trunk $TRUNK_VERSION" ] || die "trunk is $(trunk --version), need $TRUNK_VERSION"

if [ "$(wasm-bindgen --version 2>/dev/null)" != "wasm-bindgen $lock_bindgen" ]; then
  say "installing wasm-bindgen-cli $lock_bindgen"
  cargo install wasm-bindgen-cli --version "$lock_bindgen" --force
fi
[ "$(wasm-bindgen --version)" = "wasm-bindgen $lock_bindgen" ] ||
  die "wasm-bindgen is $(wasm-bindgen --version), Cargo.lock has $lock_bindgen"

# npm packages from the committed lock file: binaryen's wasm-opt (Debian's is too old for
# today's rustc output) and Playwright (it drives Debian's chromium; it never downloads one).
if [ ! -x node_modules/.bin/wasm-opt ] || [ ! -d node_modules/@playwright/test ] ||
   [ package-lock.json -nt node_modules/.package-lock.json ]; then
  command -v npm >/dev/null || die "npm not found: apt-get install nodejs npm"
  say "installing npm packages from package-lock.json"
  npm ci --no-fund --no-audit
fi
wasm-opt --version | grep -q "version $WASM_OPT_VERSION" ||
  die "wasm-opt on PATH is '$(wasm-opt --version)', need binaryen $WASM_OPT_VERSION from npm"

cargo fetch --quiet

if [ "$want" = test ]; then
  if [ ! -x /usr/bin/chromium ] || [ ! -x /usr/bin/chromedriver ]; then
    say "installing Debian's chromium and chromium-driver"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq chromium chromium-driver >/dev/null
  fi
  chromium_v=$(/usr/bin/chromium --version 2>/dev/null | grep -o '[0-9][0-9.]*' | head -1)
  driver_v=$(/usr/bin/chromedriver --version | grep -o '[0-9][0-9.]*' | head -1)
  [ "$chromium_v" = "$driver_v" ] || die "chromium $chromium_v and chromedriver $driver_v differ"
fi
say "ready ($want): trunk $TRUNK_VERSION, wasm-bindgen $lock_bindgen, wasm-opt $WASM_OPT_VERSION"
