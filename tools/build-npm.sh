#!/usr/bin/env bash
# Builds the npm package `puzzlelab` into target/npm/puzzlelab (not published from here):
# the JS API's wasm without the page (bin "api"), wasm-bindgen's ES module and
# declarations, and the package's own modules from npm/.
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/npm/puzzlelab
cargo build --release --target wasm32-unknown-unknown -p puzzlelab-web --features js-api --bin api
rm -rf "$out"
mkdir -p "$out/wasm"
wasm-bindgen --target web --out-dir "$out/wasm" --out-name api \
  target/wasm32-unknown-unknown/release/api.wasm
wasm-opt -O3 --enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext \
  --enable-mutable-globals "$out/wasm/api_bg.wasm" -o "$out/wasm/api_bg.wasm"
cp npm/package.json npm/README.md "$out/"
cp npm/src/*.js npm/src/*.d.ts "$out/"
echo "build-npm: $out ($(du -sh "$out" | cut -f1))"
