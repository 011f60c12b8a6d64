#!/usr/bin/env bash
# A fresh Vite project (Vite from the npm registry) that installs the packed package
# TARBALL in DIR, builds tests/npm/vite-app, and checks the page in Chromium.
set -euo pipefail
tarball=$1 dir=$2
repo=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$dir"
cp "$repo"/tests/npm/vite-app/* "$dir/"
cd "$dir"
npm init -y >/dev/null
npm pkg set type=module >/dev/null
npm install --silent --no-fund --no-audit vite@8 "$tarball"
npx vite build --logLevel warn
# playwright-core comes from this repo's own node_modules (never a downloaded browser).
NODE_PATH="$repo/node_modules" node "$repo/tests/npm/vite-check.mjs" "$dir/dist" "$repo"
