#!/usr/bin/env bash
# The npm package as its users get it: built (tools/build-npm.sh), packed with `npm pack`,
# installed into fresh projects in a temporary folder (not this repo's node_modules):
# a Node 20 program, then a Vite page in Debian's Chromium.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD
tools/build-npm.sh
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd target/npm/puzzlelab && npm pack --silent --pack-destination "$tmp" >/dev/null)
tarball=$(ls "$tmp"/puzzlelab-*.tgz)
echo "npm: packed $(basename "$tarball") ($(du -k "$tarball" | cut -f1) KiB)"

mkdir "$tmp/node-app"
(cd "$tmp/node-app" && npm init -y >/dev/null && npm pkg set type=module >/dev/null &&
  npm install --silent --no-fund --no-audit "$tarball")
cp tests/npm/node-app.mjs "$tmp/node-app/"
(cd "$tmp/node-app" && REPO="$repo" node node-app.mjs)

tests/npm/vite.sh "$tarball" "$tmp/vite-app"
