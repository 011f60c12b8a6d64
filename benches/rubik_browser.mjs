// The 3x3x3 solver's speed targets, natively (`puzzlelab rubik speed`) and in wasm in
// Debian's Chromium (`RubiksCube.speed`, the same Rust code with the page's clock), in one
// run, with the ratio. With MIN2PHASE=/path/to/min2phase.js (cstimer's solver, MIT, kept
// outside the repository), min2phase.js is timed in the same page on the same states
// (its tables, then `solution(state, 20)` for each), and our wasm mean is printed as a
// fraction of its mean; then both again state by state, back to back (the ratio to trust
// when other work loads the machine: two separate passes can see different loads). Part
// of benches/browser.mjs; alone:
//   PORT=8774 MIN2PHASE=… node benches/rubik_browser.mjs   (after `make build` and a release build)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { serveDist, openChromium } from './chromium.mjs';

const STATES = 100;
const AFTER_STATES = 10;
const AFTER_MS = 1000;

/// Runs both sides; `page` has the app loaded (window.wasmBindings ready).
export async function rubikBench(page) {
  const native = JSON.parse(execFileSync('target/release/puzzlelab',
    ['rubik', 'speed', '--states', String(STATES), '--after-states', String(AFTER_STATES),
      '--after-ms', String(AFTER_MS)]).toString());
  await page.waitForFunction(() => window.wasmBindings && window.wasmBindings.RubiksCube);
  const wasm = await page.evaluate(([s, a, ms]) => window.wasmBindings.RubiksCube.speed(s, a, ms),
    [STATES, AFTER_STATES, AFTER_MS]);
  const peer = process.env.MIN2PHASE ? await min2phaseInPage(page) : null;
  const paired = process.env.MIN2PHASE ? await pairedInPage(page, false) : null;
  // Again with phase 1's exact distance table (35 MB; natively read back from the cache
  // or built, in the page built once): the same solutions, fewer phase-1 nodes.
  const nativeExact = JSON.parse(execFileSync('target/release/puzzlelab',
    ['rubik', 'speed', '--states', String(STATES), '--after-states', String(AFTER_STATES),
      '--after-ms', String(AFTER_MS), '--phase1-table']).toString());
  const wasmExact = await page.evaluate(([s, a, ms]) => window.wasmBindings.RubiksCube.speed(s, a, ms, true),
    [STATES, AFTER_STATES, AFTER_MS]);
  const pairedExact = process.env.MIN2PHASE ? await pairedInPage(page, true) : null;
  const readBackMs = await keptAndReadBack(page);
  return { native, wasm, peer, paired, nativeExact, wasmExact, pairedExact, readBackMs };
}

/// The page's built table kept in IndexedDB (`RubiksCube.phase1TableBytes`), the page
/// reloaded, and the table read back and given to the solver (`usePhase1Table`): the
/// milliseconds from the read to a solver that has it.
async function keptAndReadBack(page) {
  const open = () => new Promise((ok, no) => {
    const r = indexedDB.open('puzzlelab-bench', 1);
    r.onupgradeneeded = () => r.result.createObjectStore('t');
    r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error);
  });
  await page.evaluate(async (open) => {
    const db = await eval(open)();
    const { RubiksCube } = window.wasmBindings;
    await new Promise((ok, no) => {
      const tx = db.transaction('t', 'readwrite');
      tx.objectStore('t').put(RubiksCube.phase1TableBytes(), 'bytes');
      tx.objectStore('t').put(RubiksCube.phase1TableChecksum(), 'sum');
      tx.oncomplete = ok; tx.onerror = () => no(tx.error);
    });
    db.close();
  }, open.toString());
  await page.reload();
  await page.waitForFunction(() => window.wasmBindings && window.wasmBindings.RubiksCube);
  return page.evaluate(async (open) => {
    const t = performance.now();
    const db = await eval(open)();
    const read = (key) => new Promise((ok, no) => {
      const r = db.transaction('t').objectStore('t').get(key);
      r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error);
    });
    const bytes = await read('bytes'), sum = await read('sum');
    db.close();
    window.wasmBindings.RubiksCube.usePhase1Table(bytes, sum);
    return performance.now() - t;
  }, open.toString());
}

/// The states of `RubiksCube.speed` (seeds 0..STATES-1 of `puzzlelab rubik scramble`).
function seededStates() {
  const states = [];
  for (let seed = 0; seed < STATES; seed++) {
    states.push(JSON.parse(execFileSync('target/release/puzzlelab',
      ['rubik', 'scramble', '--seed', String(seed)]).toString()).state);
  }
  return states;
}

/// Ours (`RubiksCube.random(seed).solve(20)`: the same search as `RubiksCube.speed`'s first
/// solution, on tables already built) and min2phase.js state by state, back to back, the
/// one that goes first alternating: on a machine whose load changes during the run (other
/// builds), both see the same load, so the ratio holds where two separate passes' do not.
/// min2phase.js must already be loaded (`min2phaseInPage`). With `exact`, ours reads phase
/// 1's exact table (`RubiksCube.buildPhase1Table`, from then on for the page's life).
async function pairedInPage(page, exact) {
  const states = seededStates();
  const r = await page.evaluate(([states, exact]) => {
    const { RubiksCube } = window.wasmBindings;
    let t = performance.now();
    new RubiksCube().solve(20); // builds our tables (solved cube: no search)
    const tablesMs = performance.now() - t;
    const phase1Ms = exact ? RubiksCube.buildPhase1Table() : null;
    const ours = [], theirs = [], lengths = [];
    const timeOurs = (i) => {
      const t0 = performance.now();
      const cube = RubiksCube.random(i);
      const sol = cube.solve(20);
      ours.push(performance.now() - t0);
      cube.apply(sol);
      if (!cube.isSolved()) throw new Error(`ours did not solve seed ${i}: ${sol}`);
      lengths.push(sol.split(' ').filter(Boolean).length);
    };
    const timeTheirs = (i) => {
      const t0 = performance.now();
      new window.min2phase.Search().solution(states[i], 20);
      theirs.push(performance.now() - t0);
    };
    for (let i = 0; i < states.length; i++) {
      if (i % 2 === 0) { timeOurs(i); timeTheirs(i); } else { timeTheirs(i); timeOurs(i); }
    }
    return { tablesMs, phase1Ms, ours, theirs, lengths };
  }, [states, exact]);
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  return {
    tables_ms: r.tablesMs,
    phase1_table_ms: r.phase1Ms,
    ours_mean_ms: mean(r.ours),
    theirs_mean_ms: mean(r.theirs),
    ours_median_ms: median(r.ours),
    theirs_median_ms: median(r.theirs),
    ours_mean_length: mean(r.lengths),
    median_ratio: median(r.ours.map((o, i) => o / Math.max(r.theirs[i], 0.01))),
  };
}

/// min2phase.js in the same page, on the same states as `RubiksCube.speed` (seeds
/// 0..STATES-1 of `puzzlelab rubik scramble`); every answer is checked to solve its state.
async function min2phaseInPage(page) {
  const states = seededStates();
  // Evaluated as a plain script (no module): it defines the global `min2phase`.
  await page.evaluate(readFileSync(process.env.MIN2PHASE, 'utf8') + '\n;window.min2phase = min2phase;');
  const r = await page.evaluate((states) => {
    let t = performance.now();
    window.min2phase.initFull();
    const tablesMs = performance.now() - t;
    const times = [], solutions = [];
    for (const s of states) {
      t = performance.now();
      solutions.push(new window.min2phase.Search().solution(s, 20));
      times.push(performance.now() - t);
    }
    return { tablesMs, times, solutions };
  }, states);
  const lengths = r.solutions.map((sol, i) => {
    const after = JSON.parse(execFileSync('target/release/puzzlelab',
      ['rubik', 'apply', '--state', states[i], '--moves', sol]).toString()).state;
    if (after !== 'UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB') {
      throw new Error(`min2phase.js did not solve seed ${i}: ${sol}`);
    }
    return sol.split(' ').filter(Boolean).length;
  });
  const sorted = [...r.times].sort((a, b) => a - b);
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  return {
    tables_ms: r.tablesMs,
    first_mean_ms: mean(r.times),
    first_median_ms: sorted[Math.floor(sorted.length / 2)],
    first_worst_ms: sorted[sorted.length - 1],
    first_mean_length: mean(lengths),
  };
}

export function printRubik({ native, wasm, peer, paired, nativeExact, wasmExact, pairedExact, readBackMs }) {
  printPasses('', native, wasm, peer, paired);
  if (nativeExact) {
    console.log(`with phase 1's exact table (35 MB): natively read back or built in ${(nativeExact.phase1_table_ms / 1000).toFixed(1)} s, `
      + `in the page built once in ${(wasmExact.phase1_table_ms / 1000).toFixed(1)} s, `
      + `kept in IndexedDB and read back after a reload in ${(readBackMs / 1000).toFixed(1)} s`);
    printPasses(' + phase-1 table', nativeExact, wasmExact, peer, pairedExact);
  }
}

function printPasses(what, native, wasm, peer, paired) {
  console.log(`rubik (two-phase${what}; random states 0..${native.states - 1}, wall clock)   native       wasm  wasm/native`);
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
  if (peer) {
    console.log(`rubik${what} against min2phase.js in the same page (same states)   ours (wasm)  min2phase.js  ours/min2phase`);
    for (const [label, key] of rows.slice(0, 5)) {
      const w = wasm[key], p = peer[key];
      console.log(`  ${label.padEnd(40)} ${w.toFixed(2).padStart(10)} ${p.toFixed(2).padStart(12)} ${(w / p).toFixed(2).padStart(12)}`);
    }
    console.log(`  native ours / min2phase.js (page), mean: ${(native.first_mean_ms / peer.first_mean_ms).toFixed(2)}`);
  }
  if (paired) {
    const p = paired;
    console.log(`rubik${what} against min2phase.js state by state, back to back (the ratio that holds under load)`);
    console.log(`  first <= 20: mean ms    ours ${p.ours_mean_ms.toFixed(2)}  min2phase.js ${p.theirs_mean_ms.toFixed(2)}  ours/min2phase ${(p.ours_mean_ms / p.theirs_mean_ms).toFixed(2)}`);
    console.log(`  first <= 20: median ms  ours ${p.ours_median_ms.toFixed(2)}  min2phase.js ${p.theirs_median_ms.toFixed(2)}  ours/min2phase ${(p.ours_median_ms / p.theirs_median_ms).toFixed(2)}`);
    console.log(`  median of the per-state ratios: ${p.median_ratio.toFixed(2)}; our mean length ${p.ours_mean_length.toFixed(2)}; our tables (again, in this page) ${p.tables_ms.toFixed(0)} ms`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PORT || 8799);
  const server = serveDist(port, 'dist');
  try {
    const { browser, page } = await openChromium();
    await page.goto(`http://127.0.0.1:${port}/index.html#/knight`);
    printRubik(await rubikBench(page));
    await browser.close();
  } finally {
    server.kill();
  }
}
