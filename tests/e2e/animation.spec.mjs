// "Save animation" as a person uses it: open a tour, ask for a run of steps, read what
// the recording will be, record, and read the GIF back with a reader ported from the
// checkers' (gif-read.mjs): as many frames as steps asked (or the stated budget), the
// first and last frames the pictures of those steps ("Save picture"'s SVG at each step,
// square by square). A long recording keeps the page drawing (its frame rate is
// measured and printed) and a Cancel leaves the page as it was.
import { test, expect } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { readGif } from './gif-read.mjs';

const shots = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });

async function open(page, hash, { dark = false } = {}) {
  if (dark) await page.addInitScript(() => localStorage.setItem('puzzlelab-theme', 'dark'));
  await page.goto(`/index.html${hash}`);
  // Offered once the tour is found.
  await expect(page.locator('[data-action="save-animation"]')).toBeVisible({ timeout: 30_000 });
}

/** Each square's fill in "Save picture"'s SVG of the stage shown now. */
async function svgFills(page) {
  await page.locator('[data-action="save-picture"]').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-format="svg"]').click()]);
  const text = readFileSync(await download.path(), 'utf8');
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return Object.fromEntries([...doc.querySelectorAll('rect[data-square]')].map((r) => [r.dataset.square, r.getAttribute('fill')]));
  }, text);
}

const hex = ([r, g, b]) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** A frame's colour near each square's top-left corner (no knight's line passes there). */
function frameFills(gif, frame, side) {
  const cell = gif.width / side;
  const out = {};
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const name = `${String.fromCharCode(97 + x)}${y + 1}`;
      const px = x * cell + Math.round(cell / 10);
      const py = (side - 1 - y) * cell + Math.round(cell / 10);
      out[name] = hex(gif.frames[frame][py * gif.width + px]);
    }
  }
  return out;
}

async function setField(page, key, value) {
  await page.locator(`[data-record="${key}"]`).fill(String(value));
}

async function openPanel(page) {
  await page.locator('[data-action="save-animation"]').click();
  await expect(page.locator('[data-action="record"]')).toBeVisible();
}

/** Records and returns the file: its name, bytes and the GIF read back. */
async function record(page) {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.locator('[data-action="record"]').click(),
  ]);
  const bytes = readFileSync(await download.path());
  return { name: download.suggestedFilename(), bytes, gif: readGif(bytes) };
}

test('a run of a tour saves as a GIF whose first and last frames are the pictures of its steps', async ({ page }) => {
  await open(page, '#/knight?board=8x8&start=a1&step=10');
  const first = await svgFills(page);
  await page.goto('/index.html#/knight?board=8x8&start=a1&step=40');
  await expect(page.locator('[data-square="a1"]')).toHaveAttribute('data-step', '1');
  await expect(page.locator('[data-square][data-step="41"]')).toHaveCount(1);
  const last = await svgFills(page);
  await openPanel(page);
  await setField(page, 'from', 10);
  await setField(page, 'to', 40);
  const plan = page.locator('[data-plan]');
  await expect(plan).toHaveAttribute('data-frames', '31');
  await expect(plan).toContainText('31 frames, 0.9 s at 30 steps a second, about');
  const { name, gif } = await record(page);
  expect(name).toBe('knight-8x8-a1-steps-10-40.gif');
  expect(gif.frames.length).toBe(31);
  expect(new Set(gif.delays)).toEqual(new Set([3]));
  expect(frameFills(gif, 0, 8)).toEqual(first);
  expect(frameFills(gif, 30, 8)).toEqual(last);
  await expect(page.locator('[data-saved]')).toContainText('Saved knight-8x8-a1-steps-10-40.gif: 31 frames');
  await expect(page).toHaveURL(/step=40/); // the page is where it was

  // Over the budget: sampled to the frames stated, both ends kept.
  await setField(page, 'from', 0);
  await setField(page, 'to', 63);
  await setField(page, 'budget', 12);
  await expect(plan).toHaveAttribute('data-frames', '12');
  await expect(plan).toContainText('the 64 steps sampled to the budget');
  const sampled = await record(page);
  expect(sampled.gif.frames.length).toBe(12);
  expect(frameFills(sampled.gif, 11, 8)).not.toEqual(frameFills(sampled.gif, 0, 8));
  // Too many frames is refused before anything starts.
  await setField(page, 'budget', 5000);
  await expect(page.locator('[data-plan="refused"]')).toContainText('at most 2000');
  await expect(page.locator('[data-action="record"]')).toBeDisabled();
});

test('a long recording keeps the page drawing, and a Cancel leaves the page as it was', async ({ page }) => {
  await open(page, '#/knight?board=30x30&start=a1&step=100', { dark: true });
  await openPanel(page);
  await setField(page, 'budget', 600);
  await expect(page.locator('[data-plan]')).toContainText('600 frames (the 900 steps sampled to the budget)');
  // Frames the page draws while the worker records: requestAnimationFrame counted.
  await page.evaluate(() => {
    window.rafCount = 0;
    const beat = () => { window.rafCount += 1; requestAnimationFrame(beat); };
    requestAnimationFrame(beat);
  });
  const began = Date.now();
  const startCount = await page.evaluate(() => window.rafCount);
  const { gif, bytes } = await record(page);
  const seconds = (Date.now() - began) / 1000;
  const frames = (await page.evaluate(() => window.rafCount)) - startCount;
  console.log(`30x30 tour, 600 frames of ${gif.width}x${gif.height}: ${bytes.length} bytes in ${seconds.toFixed(2)} s; page at ${(frames / seconds).toFixed(1)} frames a second while recording`);
  expect(gif.frames.length).toBe(600);

  // Again, cancelled mid-way: no file, and the board, step and link as they were.
  const squares = async () => page.locator('[data-square][data-step]').count();
  const before = { url: page.url(), visited: await squares(), status: await page.locator('[data-status]').first().getAttribute('data-status') };
  let downloaded = false;
  page.on('download', () => { downloaded = true; });
  await page.locator('[data-action="record"]').click();
  await expect(page.locator('[data-recording] progress')).toBeVisible();
  await expect.poll(async () => Number(await page.locator('[data-recording] progress').getAttribute('value'))).toBeGreaterThan(0);
  await page.screenshot({ path: `${shots}animation-recording-dark.png` });
  await page.locator('[data-action="cancel-recording"]').click();
  await expect(page.locator('[data-cancelled]')).toHaveText('Recording cancelled.');
  await expect(page.locator('[data-recording]')).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(downloaded).toBe(false);
  expect(page.url()).toBe(before.url);
  expect(await squares()).toBe(before.visited);
  await expect(page.locator('[data-status]').first()).toHaveAttribute('data-status', before.status);
});

for (const [theme, width] of [['light', 1366], ['dark', 1366], ['light', 375], ['dark', 375]]) {
  test(`the Save animation panel (${theme}, ${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 768 });
    await open(page, '#/knight?board=8x8&start=a1&step=17', { dark: theme === 'dark' });
    await openPanel(page);
    const panel = page.locator('details.save-animation');
    await panel.scrollIntoViewIfNeeded();
    await expect(page.locator('[data-plan]')).toContainText('64 frames');
    const box = await panel.boundingBox();
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width + 1);
    // The "Format" word keeps a gap from its select (it touched it at 375 px).
    const select = page.locator('select[data-record="format"]');
    if (await select.count()) {
      const gap = await select.evaluate((s) => {
        const range = document.createRange();
        range.selectNodeContents(s.parentElement.firstChild);
        const word = range.getBoundingClientRect();
        const box = s.getBoundingClientRect();
        // On the same line the select starts past the word; on a line of its own, below it.
        return box.top >= word.bottom - 1 ? Infinity : box.left - word.right;
      });
      expect(gap).toBeGreaterThanOrEqual(4);
    }
    await page.screenshot({ path: `${shots}animation-panel-${theme}-${width}.png` });
  });
}

/** Each sticker's place and fill in "Save picture"'s SVG of the net shown now. */
async function svgStickers(page) {
  await page.locator('[data-action="save-picture"]').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-format="svg"]').click()]);
  const text = readFileSync(await download.path(), 'utf8');
  return page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    return [...doc.querySelectorAll('rect[data-sticker]')].map((r) => ({
      sticker: r.dataset.sticker,
      x: Number(r.getAttribute('x')),
      y: Number(r.getAttribute('y')),
      side: Number(r.getAttribute('width')),
      fill: r.getAttribute('fill').toLowerCase(),
    }));
  }, text);
}

/** A frame's colour inside each sticker the SVG places (its top-left quarter). */
function frameStickers(gif, frame, stickers) {
  return stickers.map(({ sticker, x, y, side }) => {
    const px = Math.round(x + side / 4);
    const py = Math.round(y + side / 4);
    return { sticker, fill: hex(gif.frames[frame][py * gif.width + px]) };
  });
}

test("a Rubik's solution saves as a GIF of nets, the first and last the pictures of those steps", async ({ page }) => {
  const state = 'BURLUFUFDFUDLRULFUBRRDFFBRDLDFDDDURLUBRLLBFLDBBLRBUFBR';
  const solution = "U2 L2 D2 U2 L' B2 F2 R' B2 L' F2 D' L U' B D' R' D U";
  const at = (step) => `#/rubik?state=${state}&solution=${encodeURIComponent(solution)}&step=${step}`;
  await page.goto(`/index.html${at(0)}`);
  await expect(page.locator('[data-action="save-animation"]')).toBeVisible();
  const first = await svgStickers(page);
  await page.goto(`/index.html${at(19)}`);
  await expect(page.locator('[data-action="save-animation"]')).toBeVisible();
  const last = await svgStickers(page);
  expect(new Set(last.map((s) => s.sticker)).size).toBe(54);
  await openPanel(page);
  await expect(page.locator('[data-plan]')).toHaveAttribute('data-frames', '20');
  await expect(page.locator('[data-plan]')).toContainText('20 frames, 6.6 s at 3 steps a second');
  const began = Date.now();
  const { name, gif, bytes } = await record(page);
  console.log(`19-move Rubik's solution: ${gif.frames.length} frames of ${gif.width}x${gif.height}, ${bytes.length} bytes, ${Date.now() - began} ms from the click to the file`);
  expect(name).toBe('rubik-steps-0-19-of-19.gif');
  expect(gif.frames.length).toBe(20);
  expect(new Set(gif.delays)).toEqual(new Set([33]));
  const fills = (stickers) => stickers.map(({ sticker, fill }) => ({ sticker, fill }));
  expect(frameStickers(gif, 0, first)).toEqual(fills(first));
  expect(frameStickers(gif, 19, last)).toEqual(fills(last));
  await expect(page).toHaveURL(/step=19/);
});

test("a pocket cube's solution saves as a GIF of nets from the step asked to the last", async ({ page }) => {
  const at = (step) => `#/cube?state=WWWWGGRRBBOOGGRRBBOOYYYY&solution=${encodeURIComponent("R U F'")}&step=${step}`;
  await page.goto(`/index.html${at(1)}`);
  await expect(page.locator('[data-action="save-animation"]')).toBeVisible();
  const first = await svgStickers(page);
  await page.goto(`/index.html${at(3)}`);
  await expect(page.locator('[data-action="save-animation"]')).toBeVisible();
  const last = await svgStickers(page);
  expect(first.length).toBe(24);
  await openPanel(page);
  await setField(page, 'from', 1);
  await expect(page.locator('[data-plan]')).toHaveAttribute('data-frames', '3');
  const { name, gif } = await record(page);
  expect(name).toBe('cube-steps-1-3-of-3.gif');
  expect(gif.frames.length).toBe(3);
  const fills = (stickers) => stickers.map(({ sticker, fill }) => ({ sticker, fill }));
  expect(frameStickers(gif, 0, first)).toEqual(fills(first));
  expect(frameStickers(gif, 2, last)).toEqual(fills(last));
  await expect(page).toHaveURL(/step=3/);
});
