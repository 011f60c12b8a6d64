// The wasm side of the benchmarks: the same work as `puzzlelab bench`, timed in Debian's
// Chromium through window.wasmBindings, printed beside the native figures with the ratio.
// Run by `make bench` after a release build of dist/.
import { execFileSync } from 'node:child_process';
import { serveDist, openChromium } from './chromium.mjs';
import { rubikBench, printRubik } from './rubik_browser.mjs';
import { cube3dBench, printCube3d } from './cube3d_browser.mjs';

// PORT lets several checkouts run the bench side by side.
const port = Number(process.env.PORT || 8799);
const server = serveDist(port, process.env.DIST || 'dist');
// `node benches/browser.mjs count` runs only the page counts on one and two workers.
const onlyCounts = process.argv[2] === 'count';
// `node benches/browser.mjs cube3d` runs only the 3D cube's frame times.
const onlyCube3d = process.argv[2] === 'cube3d';
const native = onlyCounts || onlyCube3d ? {} : JSON.parse(execFileSync('target/release/puzzlelab', ['bench']).toString());

try {
  const { browser, page } = await openChromium();
  if (onlyCube3d) {
    printCube3d(await cube3dBench(page, `http://127.0.0.1:${port}/index.html`));
    await browser.close();
    server.kill();
    process.exit(0);
  }
  await page.goto(`http://127.0.0.1:${port}/index.html#/knight`);
  await page.waitForFunction(() => window.wasmBindings && window.wasmBindings.CubeTable);
  const wasm = onlyCounts ? {} : await page.evaluate(() => {
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
  // The page's counts on one and on two workers, opened from their links (`count=1`
  // starts at once); each panel reports its own time in data-elapsed-ms. Runs alternate
  // one/two so a change in the machine's load hits both alike; the median of each is kept.
  const pageCount = async (hash) => {
    await page.goto(`http://127.0.0.1:${port}/index.html${hash}`);
    const panel = page.locator('[data-count][data-state="done"]');
    await panel.waitFor({ timeout: 300_000 });
    const ms = Number(await panel.getAttribute('data-elapsed-ms'));
    // Per worker "held/first" ms: held well below `ms` means it waited on the page.
    if (process.env.VERBOSE) {
      console.log(`${hash}: ${ms} ms, ${await panel.getAttribute('data-batches')} batches, held/first ${await panel.getAttribute('data-timing')}`);
    }
    return ms;
  };
  const scaling = async (link, runs) => {
    const one = [], two = [];
    for (let i = 0; i < runs; i++) {
      one.push(await pageCount(link(1)));
      two.push(await pageCount(link(2)));
    }
    const mid = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
    return { one: mid(one), two: mid(two), runs: { one, two } };
  };
  const queens = await scaling((w) => `#/queens?n=16&workers=${w}&count=1`, 3);
  const tours = await scaling((w) => `#/count?board=6x6&start=all&closed=0&workers=${w}&count=1`, 5);
  // Drawing a 2000x2000 tour's picture in the page (fill in wasm, putImageData, lines and
  // overlay): the canvas's data-paint-ms over repaints forced by the blocks toggle, the
  // median of 5 with the overlay off and of 5 with it on, at 1x and 8x.
  await page.goto(`http://127.0.0.1:${port}/index.html#/knight?board=2000x2000&start=a1&heuristic=construct&closed=1`);
  await page.locator('[data-status="solved"]').waitFor({ timeout: 120_000 });
  const canvas = page.locator('canvas[data-board]');
  const drawMs = {};
  for (const zoom of [1, 8]) {
    await page.locator(`[data-zoom="${zoom}"]`).click();
    const times = { off: [], on: [] };
    for (let i = 0; i < 10; i++) {
      await canvas.evaluate((c) => c.removeAttribute('data-paint-ms'));
      await page.locator('[data-action="blocks"]').click();
      await page.waitForFunction(() => document.querySelector('canvas[data-board]').hasAttribute('data-paint-ms'));
      const on = (await canvas.getAttribute('data-blocks')) === 'on';
      times[on ? 'on' : 'off'].push(Number(await canvas.getAttribute('data-paint-ms')));
    }
    const med = (t) => t.sort((a, b) => a - b)[Math.floor(t.length / 2)];
    drawMs[zoom] = { off: med(times.off), on: med(times.on) };
  }
  const rubik = onlyCounts ? null : await rubikBench(page);
  const cube3d = onlyCounts ? null : await cube3dBench(page, `http://127.0.0.1:${port}/index.html`);
  await browser.close();
  console.log('work                       native ms    wasm ms  wasm/native');
  for (const key of Object.keys(native)) {
    const n = native[key], w = wasm[key];
    console.log(`${key.padEnd(26)} ${n.toFixed(2).padStart(10)} ${w.toFixed(2).padStart(10)} ${(w / n).toFixed(2).padStart(10)}`);
  }
  const load = (await import('node:os')).loadavg().map((l) => l.toFixed(2)).join(' ');
  for (const [name, r] of [['queens N=16', queens], ['knight 6x6 open tours', tours]]) {
    console.log(`${name} in the page: 1 worker ${r.one.toFixed(0)} ms, 2 workers ${r.two.toFixed(0)} ms: ` +
      `${(r.one / r.two).toFixed(2)}x faster on two (runs ${JSON.stringify(r.runs)})`);
  }
  console.log(`load average after the page counts: ${load}`);
  for (const zoom of [1, 8]) {
    const d = drawMs[zoom];
    console.log(`huge board 2000x2000 drawn in the page at ${zoom}x: ${d.off.toFixed(2)} ms, ${d.on.toFixed(2)} ms with blocks and seams`);
  }
  if (rubik) printRubik(rubik);
  if (cube3d) printCube3d(cube3d);
} finally {
  server.kill();
}
