// The 3x3x3 solver's speed targets, natively (`puzzlelab cube3 speed`) and in wasm in
// Debian's Chromium (`RubiksCube.speed`, the same Rust code with the page's clock), in one
// run, with the ratio. Part of benches/browser.mjs; alone:
//   PORT=8774 node benches/cube3_browser.mjs   (after `make build` and a release build)
import { chromium } from 'playwright-core';
import { spawn, execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const STATES = 100;
const AFTER_STATES = 10;
const AFTER_MS = 1000;

/// Runs both sides; `page` has the app loaded (window.wasmBindings ready).
export async function cube3Bench(page) {
  const native = JSON.parse(execFileSync('target/release/puzzlelab',
    ['cube3', 'speed', '--states', String(STATES), '--after-states', String(AFTER_STATES),
      '--after-ms', String(AFTER_MS)]).toString());
  await page.waitForFunction(() => window.wasmBindings && window.wasmBindings.RubiksCube);
  const wasm = await page.evaluate(([s, a, ms]) => window.wasmBindings.RubiksCube.speed(s, a, ms),
    [STATES, AFTER_STATES, AFTER_MS]);
  return { native, wasm };
}

export function printCube3({ native, wasm }) {
  console.log(`cube3 (two-phase; random states 0..${native.states - 1}, wall clock)   native       wasm  wasm/native`);
  const rows = [
    ['tables ms', 'tables_ms'],
    ['first <= 20: mean ms', 'first_mean_ms'],
    ['first <= 20: median ms', 'first_median_ms'],
    ['first <= 20: worst ms', 'first_worst_ms'],
    ['first <= 20: mean length', 'first_mean_length'],
    [`length after ${native.after_ms} ms (${native.after_states} states)`, 'after_mean_length'],
  ];
  for (const [label, key] of rows) {
    const n = native[key], w = wasm[key];
    console.log(`  ${label.padEnd(40)} ${n.toFixed(2).padStart(10)} ${w.toFixed(2).padStart(10)} ${(w / n).toFixed(2).padStart(10)}`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT || 8799);
  const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', 'dist'],
    { stdio: 'ignore' });
  try {
    await new Promise((r) => setTimeout(r, 800));
    const browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    });
    const page = await browser.newPage();
    await page.goto(`http://127.0.0.1:${port}/index.html#/knight`);
    printCube3(await cube3Bench(page));
    await browser.close();
  } finally {
    server.kill();
  }
}
