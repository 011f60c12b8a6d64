// The wasm side of the benchmarks: the same work as `puzzlelab bench`, timed in Debian's
// Chromium through window.wasmBindings, printed beside the native figures with the ratio.
// Run by `make bench` after a release build of dist/.
import { chromium } from 'playwright-core';
import { spawn, execFileSync } from 'node:child_process';
import { cube3Bench, printCube3 } from './cube3_browser.mjs';

const port = Number(process.env.PORT || 8799);
const server = spawn('python3', ['-m', 'http.server', String(port), '--bind', '127.0.0.1', '--directory', 'dist'],
  { stdio: 'ignore' });
const native = JSON.parse(execFileSync('target/release/puzzlelab', ['bench']).toString());

try {
  await new Promise((r) => setTimeout(r, 800));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
  });
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${port}/index.html#/knight`);
  await page.waitForFunction(() => window.wasmBindings && window.wasmBindings.CubeTable);
  const wasm = await page.evaluate(() => {
    const b = window.wasmBindings;
    const median = (runs, work) => {
      const times = [];
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        work();
        times.push(performance.now() - t);
      }
      times.sort((x, y) => x - y);
      return times[Math.floor(runs / 2)];
    };
    const tour = (n) => () => {
      const t = new b.KnightTour(`${n}x${n}`, '0,0', { tieBreak: 'roth', backtrack: false });
      if (t.run(1e12) !== 'solved') throw new Error(`no tour on ${n}x${n}`);
      t.free();
    };
    const constructed = (size) => () => {
      const t = new b.KnightTour(size, '0,0', { heuristic: 'construct', closed: true });
      if (t.run(1e12) !== 'solved') throw new Error(`no constructed tour on ${size}`);
      t.free();
    };
    // A recorded search of 1,085,316 steps (7x7 from c3, clockwise ties, plain
    // backtracking): the cost of one jump on the page's timeline is one seek.
    const search = new b.SearchTimeline('7x7', 'c3',
      { tieBreak: 'first', backtrack: true, forwardCheck: false });
    const recordMs = median(1, () => search.run(1e12));
    const last = search.steps();
    return {
      knight_search_record_1m_ms: recordMs,
      knight_search_seek_last_ms: median(9, () => search.frame(last)),
      knight_search_seek_middle_ms: median(9, () => search.frame(Math.floor(last / 2))),
      cube_table_htm_ms: median(5, () => new b.CubeTable('htm').run(1e9)),
      cube_table_qtm_ms: median(5, () => new b.CubeTable('qtm').run(1e9)),
      knight_100x100_ms: median(9, tour(100)),
      knight_1000x1000_ms: median(3, tour(1000)),
      knight_construct_2000x2000_ms: median(3, constructed('2000x2000')),
      knight_strip_2000x3_ms: median(9, constructed('2000x3')),
      queens_16_one_thread_ms: median(3, () => b.countQueens(16)),
      knight_count_6x6_closed_ms: median(5, () => b.countKnightTours('6x6', undefined, true)),
      knight_count_6x6_open_ms: median(3, () => b.countKnightTours('6x6')),
    };
  });
  // N = 16 through the page, shared out to navigator.hardwareConcurrency workers.
  await page.goto(`http://127.0.0.1:${port}/index.html#/queens?n=16`);
  await page.locator('[data-action="count"]').click();
  const result = page.locator('.count-result');
  await result.waitFor({ timeout: 120_000 });
  const workers = await page.evaluate(() => navigator.hardwareConcurrency);
  const allWorkersMs = Number(await result.getAttribute('data-seconds')) * 1000;
  // Every open 6x6 tour through the counting lab on all workers.
  await page.goto(`http://127.0.0.1:${port}/index.html#/count?board=6x6&start=all&closed=0`);
  await page.locator('[data-action="count"]').click();
  const tours = page.locator('.count-result');
  await tours.waitFor({ timeout: 120_000 });
  const toursMs = Number(await tours.getAttribute('data-seconds')) * 1000;
  const cube3 = await cube3Bench(page);
  await browser.close();
  console.log('work                       native ms    wasm ms  wasm/native');
  for (const key of Object.keys(native)) {
    const n = native[key], w = wasm[key];
    console.log(`${key.padEnd(26)} ${n.toFixed(2).padStart(10)} ${w.toFixed(2).padStart(10)} ${(w / n).toFixed(2).padStart(10)}`);
  }
  const one = native.queens_16_one_thread_ms;
  console.log(`queens N=16 in the page on ${workers} workers: ${allWorkersMs.toFixed(0)} ms (${(allWorkersMs / one).toFixed(2)}x native one thread)`);
  const open = native.knight_count_6x6_open_ms;
  console.log(`knight 6x6 open tours in the page on ${workers} workers: ${toursMs.toFixed(0)} ms (${(toursMs / open).toFixed(2)}x native one thread)`);
  printCube3(cube3);
} finally {
  server.kill();
}
