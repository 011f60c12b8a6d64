#!/usr/bin/env bash
# The layers, held by Cargo: the solver builds on no browser, worker or command-line crate,
# the links and the worker's jobs on no browser or command-line crate, and the command line
# on no browser crate. `cargo tree` of each crate's normal dependencies, on every target,
# must name none of the crates its layer may not use.
set -euo pipefail
cd "$(dirname "$0")/.."

browser='yew|web-sys|js-sys|gloo-[a-z]+|wasm-bindgen|serde-wasm-bindgen|tsify|rexie'
cli='clap|indicatif|ctrlc'
failed=0

# check CRATE FORBIDDEN [ALLOWED] [TARGET]: fails if CRATE's tree (on TARGET, every one by
# default) names a forbidden crate other than ALLOWED (what the layer may use on one target).
check() {
  local crate=$1 forbidden=$2 allowed=${3:-'^$'} target=${4:-all}
  local found
  found=$(cargo tree --quiet -p "$crate" -e normal --target "$target" --prefix none --no-dedupe |
    sed 1d | awk '{print $1}' | sort -u | grep -Ex "$forbidden" | grep -Evx "$allowed" || true)
  if [ -n "$found" ]; then
    echo "check-layers: $crate depends on $(echo "$found" | tr '\n' ' ')" >&2
    failed=1
  fi
}

check puzzlelab-solver "$browser|$cli|postcard|puzzlelab-(links|worker|web|cli)"
# The pictures: plain Rust over the solver, drawn alike by the page and the command line.
check puzzlelab-pictures "$browser|$cli|postcard|puzzlelab-(links|worker|web|cli)"
check puzzlelab-links "$browser|$cli|puzzlelab-(worker|web|cli)"
# The worker's jobs read the clock from js-sys in a browser (std's clock panics there).
check puzzlelab-worker "$browser|$cli|puzzlelab-(links|web|cli)" 'js-sys|wasm-bindgen'
# The command line is native only (indicatif would bring js-sys on wasm32).
check puzzlelab-cli "$browser|puzzlelab-(worker|web)" '^$' "$(rustc -vV | sed -n 's/^host: //p')"
check puzzlelab-checkers "puzzlelab-.*"

[ "$failed" = 0 ] && echo "check-layers: every crate keeps to its layer"
exit "$failed"
