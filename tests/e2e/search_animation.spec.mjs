// "Save animation" on the search players, as a person uses it: the knight's search with
// its backtracking and the queens' backtracking. Ask for a run of steps, read what the
// recording will be, record, and read the GIF back (gif-read.mjs, ported from the
// checkers'): as many frames as steps asked, the first and last frames the pictures of
// those steps ("Save picture"'s SVG of the board at each). The time, size and the page's
// frame rate while recording are printed; a Cancel leaves the page as it was.
import { test, expect } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { readGif } from './gif-read.mjs';

const shots = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });

// 5x5 from c1, Warnsdorff with first ties and backtracking, no forward checking: 3,000 and
// more steps, most of them backtracking.
const KNIGHT = '#/knight?board=5x5&start=c1&heuristic=warnsdorff&tie=first&backtrack=1&forward-check=0';

async function open(page, hash, { dark = false } = {}) {
  if (dark) await page.addInitScript(() => localStorage.setItem('puzzlelab-theme', 'dark'));
  await page.goto(`/index.html${hash}`);
}

/** Opens the knight's search at `step` (the player at rest there). */
async function knightAt(page, step) {
  await page.goto(`/index.html${KNIGHT}&search=${step}`);
  await expect(page.locator('[data-search]')).toHaveAttribute('data-search-step', String(step), { timeout: 30_000 });
}

/** "Save picture"'s SVG of the stage shown now, parsed. */
async function svgText(page) {
  await page.locator('[data-action="save-picture"]').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-format="svg"]').click()]);
  return readFileSync(await download.path(), 'utf8');
}

/** Each square's fill in the knight's picture. */
async function knightFills(page) {
  const text = await svgText(page);
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return Object.fromEntries([...doc.querySelectorAll('rect[data-square]')].map((r) => [r.dataset.square, r.getAttribute('fill')]));
  }, text);
}

const hex = ([r, g, b]) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;
const name = (x, y) => `${String.fromCharCode(97 + x)}${y + 1}`;

/** A frame's colour near each square's top-left corner (no knight's line passes there). */
function frameFills(gif, frame, side) {
  const cell = gif.width / side;
  const out = {};
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const px = x * cell + Math.round(cell / 10);
      const py = (side - 1 - y) * cell + Math.round(cell / 10);
      out[name(x, y)] = hex(gif.frames[frame][py * gif.width + px]);
    }
  }
  return out;
}

async function setField(page, key, value) {
  await page.locator(`[data-record="${key}"]`).fill(String(value));
}

async function openPanel(page) {
  const summary = page.locator('[data-action="save-animation"]');
  await summary.scrollIntoViewIfNeeded();
  await summary.click();
  await expect(page.locator('[data-action="record"]')).toBeVisible();
}

/** Counts the page's animation frames from now on. */
async function countFrames(page) {
  await page.evaluate(() => {
    window.rafCount = 0;
    const beat = () => { window.rafCount += 1; requestAnimationFrame(beat); };
    requestAnimationFrame(beat);
  });
}

/** Records and returns the file: its name, bytes, the GIF read back, seconds and the page's fps. */
async function record(page) {
  await countFrames(page);
  const began = Date.now();
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.locator('[data-action="record"]').click(),
  ]);
  const seconds = (Date.now() - began) / 1000;
  const fps = (await page.evaluate(() => window.rafCount)) / seconds;
  const bytes = readFileSync(await download.path());
  return { name: download.suggestedFilename(), bytes, gif: readGif(bytes), seconds, fps };
}

test("the knight's search saves as a GIF of every step, backtracks included", async ({ page }) => {
  await knightAt(page, 0);
  const first = await knightFills(page);
  await knightAt(page, 500);
  const last = await knightFills(page);
  const total = Number(await page.locator('[data-search]').getAttribute('data-search-steps'));
  expect(total).toBeGreaterThan(500);
  await openPanel(page);
  await expect(page.locator('[data-record="to"]')).toHaveValue(String(total)); // the whole search offered
  await setField(page, 'to', 500);
  await setField(page, 'budget', 600);
  const plan = page.locator('[data-plan]');
  await expect(plan).toHaveAttribute('data-frames', '501');
  await expect(plan).toContainText('501 frames, 15.0 s at 30 steps a second, about');
  const run = await record(page);
  console.log(`5x5 c1 search, steps 0-500: ${run.gif.frames.length} frames of ${run.gif.width}x${run.gif.height}, ${run.bytes.length} bytes (stated about ${await plan.getAttribute('data-bytes')}), ${run.seconds.toFixed(2)} s from the click to the file; page at ${run.fps.toFixed(1)} frames a second while recording`);
  expect(run.name).toBe('knight-5x5-c1-search-steps-0-500.gif');
  expect(run.gif.frames.length).toBe(501);
  expect(new Set(run.gif.delays)).toEqual(new Set([3]));
  expect(frameFills(run.gif, 0, 5)).toEqual(first);
  expect(frameFills(run.gif, 500, 5)).toEqual(last);
  // Backtracking shows: squares visited go down as well as up from frame to frame.
  const unvisited = first; // c1's wash aside, the start's colours are the unvisited ones
  const visited = run.gif.frames.map((_, i) => {
    const f = frameFills(run.gif, i, 5);
    return Object.keys(f).filter((sq) => sq !== 'c1' && f[sq] !== unvisited[sq]).length;
  });
  const backs = visited.filter((v, i) => i > 0 && v < visited[i - 1]).length;
  expect(backs).toBeGreaterThan(20);
  await expect(page.locator('[data-saved]')).toContainText('Saved knight-5x5-c1-search-steps-0-500.gif: 501 frames');
  await expect(page.locator('[data-search]')).toHaveAttribute('data-search-step', '500'); // where it was
});

test("a Cancel of the search's recording leaves the page as it was", async ({ page }) => {
  await knightAt(page, 321);
  await openPanel(page);
  await setField(page, 'budget', 2000);
  const before = {
    url: page.url(),
    step: await page.locator('[data-search]').getAttribute('data-search-step'),
    event: await page.locator('[data-search]').getAttribute('data-event'),
    visited: await page.locator('[data-square][data-step]').count(),
  };
  let downloaded = false;
  page.on('download', () => { downloaded = true; });
  await page.locator('[data-action="record"]').click();
  await expect(page.locator('[data-recording] progress')).toBeVisible();
  await expect.poll(async () => Number(await page.locator('[data-recording] progress').getAttribute('value'))).toBeGreaterThan(0);
  await page.locator('[data-action="cancel-recording"]').click();
  await expect(page.locator('[data-cancelled]')).toHaveText('Recording cancelled.');
  await expect(page.locator('[data-recording]')).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(downloaded).toBe(false);
  expect(page.url()).toBe(before.url);
  await expect(page.locator('[data-search]')).toHaveAttribute('data-search-step', before.step);
  await expect(page.locator('[data-search]')).toHaveAttribute('data-event', before.event);
  expect(await page.locator('[data-square][data-step]').count()).toBe(before.visited);
});

/** The queens' picture: each square's queen, attack and fill, and the hatch colour. */
async function queensBoard(page) {
  const text = await svgText(page);
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const squares = Object.fromEntries([...doc.querySelectorAll('g[data-square]')].map((g) => [g.dataset.square, {
      queen: g.dataset.queen === 'true', attacked: g.dataset.attacked === 'true', fill: g.getAttribute('fill').toLowerCase(),
    }]));
    return { squares, hatch: doc.querySelector('pattern#hatch rect').getAttribute('fill').toLowerCase() };
  }, text);
}

/** What a frame shows on each square: its colours, the queen's ink at its centre. */
function frameQueens(gif, frame, n, hatch) {
  const cell = gif.width / n;
  const out = {};
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const colours = new Set();
      for (let dy = 0; dy < cell; dy++) {
        for (let dx = 0; dx < cell / 5; dx++) colours.add(hex(gif.frames[frame][((n - 1 - y) * cell + dy) * gif.width + x * cell + dx]));
      }
      const centre = hex(gif.frames[frame][((n - 1 - y) * cell + cell / 2) * gif.width + x * cell + cell / 2]);
      out[name(x, y)] = { queen: centre === '#111111', attacked: colours.has(hatch), colours };
    }
  }
  return out;
}

function expectSameBoard(frame, board) {
  for (const [sq, want] of Object.entries(board.squares)) {
    expect({ sq, queen: frame[sq].queen, attacked: frame[sq].attacked }).toEqual({ sq, queen: want.queen, attacked: want.attacked });
    expect(frame[sq].colours.has(want.fill), `${sq} has ${want.fill}`).toBe(true);
  }
}

test("the queens' backtracking saves as a GIF of its steps, as the board shows them", async ({ page }) => {
  await open(page, '#/queens?n=6&mode=search&step=10');
  await expect(page.locator('[data-search]')).toHaveAttribute('data-search-step', '10');
  const first = await queensBoard(page);
  await page.goto('/index.html#/queens?n=6&mode=search&step=120');
  await expect(page.locator('[data-search]')).toHaveAttribute('data-search-step', '120');
  const last = await queensBoard(page);
  await openPanel(page);
  // The whole search is offered, not only the steps the player has reached.
  const to = page.locator('[data-record="to"]');
  await expect(to).not.toHaveValue('120');
  const end = Number(await to.inputValue());
  expect(end).toBeGreaterThan(120);
  await expect(page.locator('[data-run-cap]')).toHaveCount(0); // N = 6 ends well within the cap
  await setField(page, 'from', 10);
  await setField(page, 'to', 120);
  const plan = page.locator('[data-plan]');
  await expect(plan).toHaveAttribute('data-frames', '111');
  await expect(plan).toContainText('111 frames, 5.5 s at 20 steps a second');
  const run = await record(page);
  console.log(`6 queens, steps 10-120: ${run.gif.frames.length} frames of ${run.gif.width}x${run.gif.height}, ${run.bytes.length} bytes, ${run.seconds.toFixed(2)} s; page at ${run.fps.toFixed(1)} fps`);
  expect(run.name).toBe('queens-6-search-steps-10-120.gif');
  expect(run.gif.frames.length).toBe(111);
  expect(new Set(run.gif.delays)).toEqual(new Set([5]));
  expectSameBoard(frameQueens(run.gif, 0, 6, first.hatch), first);
  expectSameBoard(frameQueens(run.gif, 110, 6, last.hatch), last);
  await expect(page.locator('[data-search]')).toHaveAttribute('data-search-step', '120');
  // Past the search's end is refused before anything starts.
  await setField(page, 'to', end + 1);
  await expect(page.locator('[data-plan="refused"]')).toContainText(`0 to ${end}`);
  await expect(page.locator('[data-action="record"]')).toBeDisabled();
  // The end offered is the player's: skipped to the end, the search stops there.
  await page.locator('[data-action="end"]').click();
  await expect(page.locator('[data-search]')).toHaveAttribute('data-search-step', String(end), { timeout: 30_000 });
});

test("the queens' whole search saves to its end, and a search past the cap says what is offered", async ({ page }) => {
  await open(page, '#/queens?n=5&mode=search');
  await openPanel(page);
  const end = Number(await page.locator('[data-record="to"]').inputValue());
  await page.locator('[data-action="save-animation"]').click(); // closed again
  await page.locator('[data-action="end"]').click();
  await expect(page.locator('[data-search]')).toHaveAttribute('data-search-step', String(end), { timeout: 30_000 });
  const last = await queensBoard(page);
  await openPanel(page);
  await setField(page, 'budget', end + 1);
  await expect(page.locator('[data-plan]')).toHaveAttribute('data-frames', String(end + 1));
  const run = await record(page);
  expect(run.name).toBe(`queens-5-search-steps-0-${end}.gif`);
  expect(run.gif.frames.length).toBe(end + 1);
  expectSameBoard(frameQueens(run.gif, end, 5, last.hatch), last);
  // N = 14's search is far longer than the cap: its first steps are offered, and it says so.
  await open(page, '#/queens?n=14&mode=search');
  await openPanel(page);
  await expect(page.locator('[data-run-cap]')).toContainText('first 100000');
  await expect(page.locator('[data-record="to"]')).toHaveValue('100000');
});

for (const [theme, width] of [['light', 1366], ['dark', 1366], ['light', 375], ['dark', 375]]) {
  test(`Save animation on the search players (${theme}, ${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 768 });
    const dark = theme === 'dark';
    await open(page, `${KNIGHT}&search=200`, { dark });
    await expect(page.locator('[data-search]')).toHaveAttribute('data-search-step', '200', { timeout: 30_000 });
    await openPanel(page);
    await expect(page.locator('[data-plan]')).toContainText('frames');
    for (const where of ['knight', 'queens']) {
      if (where === 'queens') {
        await open(page, '#/queens?n=8&mode=search&step=90', { dark });
        await openPanel(page);
        await expect(page.locator('[data-plan]')).toContainText('200 frames'); // the whole search, to the budget
      }
      const panel = page.locator('details.save-animation');
      await panel.scrollIntoViewIfNeeded();
      const box = await panel.boundingBox();
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width + 1);
      await page.screenshot({ path: `${shots}search-animation-${where}-${theme}-${width}.png` });
    }
  });
}
