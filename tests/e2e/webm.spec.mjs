// "Save animation" as a WebM, as a person uses it: pick WebM, record, and read the file
// back. The bytes start with the EBML header and say DocType "webm"; a <video> of it
// lasts the frames times their delay; its first and last frames, drawn onto a canvas,
// have at known squares (stickers) the fills "Save picture"'s SVG has at those steps
// (within a video codec's error). Cancel while the page films leaves the page as it
// was, and where the browser has no MediaRecorder the WebM choice is not offered.
import { test, expect } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { save } from './save-picture.mjs';

const shots = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });

/** Per channel, how far a colour filmed may be from the picture's (VP8 is lossy). */
const TOLERANCE = 24;

const knight = (step) => `#/knight?board=8x8&start=a1&step=${step}`;
const cube = (step) => `#/cube?state=WWWWGGRRBBOOGGRRBBOOYYYY&solution=${encodeURIComponent("R U F'")}&step=${step}`;

async function open(page, hash, { dark = false } = {}) {
  if (dark) await page.addInitScript(() => localStorage.setItem('puzzlelab-theme', 'dark'));
  await page.goto(`/index.html${hash}`);
  await expect(page.locator('[data-action="save-animation"]')).toBeVisible({ timeout: 30_000 });
}

/** "Save picture"'s SVG of the stage shown now, its rects with `attr` as [name, x, y, side, fill]. */
async function svgRects(page, attr) {
  const { bytes } = await save(page, 'svg');
  return page.evaluate(([text, attr]) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const svg = doc.documentElement;
    return {
      width: Number(svg.getAttribute('width')),
      rects: [...doc.querySelectorAll(`rect[${attr}]`)].map((r) => [
        r.getAttribute(attr), Number(r.getAttribute('x')), Number(r.getAttribute('y')),
        Number(r.getAttribute('width')), r.getAttribute('fill').toLowerCase(),
      ]),
    };
  }, [bytes.toString('utf8'), attr]);
}

async function openPanel(page) {
  await page.locator('[data-action="save-animation"]').click();
  await expect(page.locator('[data-action="record"]')).toBeVisible();
}

async function chooseWebm(page) {
  await page.locator('[data-record="format"]').selectOption('webm');
  await expect(page.locator('[data-action="record"]')).toHaveText('Record WebM');
}

/** Records and returns the file's name and bytes. */
async function record(page) {
  const [download] = await Promise.all([
    page.waitForEvent('download', { timeout: 60_000 }),
    page.locator('[data-action="record"]').click(),
  ]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

/** The EBML header's magic, and the DocType element's (0x4282) string. */
function ebml(bytes) {
  const magic = bytes.readUInt32BE(0);
  const at = bytes.indexOf(Buffer.from([0x42, 0x82]));
  // The size is one byte of EBML varint here (0x80 | length).
  const length = bytes[at + 2] & 0x7f;
  return { magic, docType: bytes.subarray(at + 3, at + 3 + length).toString('latin1') };
}

/**
 * Loads the WebM in a <video> and returns its duration (a recorder's WebM says none, so
 * the video is seeked past its end until the browser knows) and the pixels at `points`
 * of the frames at the times `times` (seconds). Played on a blank page of its own: the
 * workbench's content policy lets no blob: media in.
 */
async function film(page, bytes, times, points) {
  const viewer = await page.context().newPage();
  const seen = await viewer.evaluate(async ([b64, times, points]) => {
    const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const video = document.createElement('video');
    video.muted = true;
    video.src = URL.createObjectURL(new Blob([data], { type: 'video/webm' }));
    await new Promise((ok, no) => { video.onloadeddata = ok; video.onerror = () => no(new Error(`no video: ${video.error?.code} ${video.error?.message} ${video.canPlayType('video/webm;codecs=vp8')}`)); });
    const seek = (t) => new Promise((ok) => { video.onseeked = ok; video.currentTime = t; });
    if (!Number.isFinite(video.duration)) {
      await new Promise((ok) => { video.ondurationchange = () => Number.isFinite(video.duration) && ok(); video.currentTime = 1e9; });
    }
    const duration = video.duration;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    const context = canvas.getContext('2d', { willReadFrequently: true });
    const frames = [];
    for (const t of times) {
      await seek(Math.min(t, duration));
      context.drawImage(video, 0, 0);
      frames.push(points.map(([x, y]) => [...context.getImageData(Math.round(x), Math.round(y), 1, 1).data.slice(0, 3)]));
    }
    return { duration, width: video.videoWidth, height: video.videoHeight, frames };
  }, [bytes.toString('base64'), times, points]);
  await viewer.close();
  return seen;
}

const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));

/** Each point's colour within TOLERANCE of the fill it should have, as [name, off-by] pairs that are not. */
function misses(names, got, fills) {
  return names
    .map((name, i) => [name, Math.max(...rgb(fills[i]).map((v, c) => Math.abs(v - got[i][c])))])
    .filter(([, off]) => off > TOLERANCE);
}

test('a tour saves as a WebM: EBML header, its length, and first and last frames the pictures of those steps', async ({ page }) => {
  await open(page, knight(10));
  const first = await svgRects(page, 'data-square');
  await page.goto(`/index.html${knight(40)}`);
  await expect(page.locator('[data-square][data-step="41"]')).toHaveCount(1);
  const last = await svgRects(page, 'data-square');
  await openPanel(page);
  await page.locator('[data-record="from"]').fill('10');
  await page.locator('[data-record="to"]').fill('40');
  await chooseWebm(page);
  await expect(page.locator('[data-plan]')).toHaveAttribute('data-frames', '31');
  const began = Date.now();
  const { name, bytes } = await record(page);
  expect(name).toBe('knight-8x8-a1-steps-10-40.webm');
  const head = ebml(bytes);
  expect(head.magic).toBe(0x1a45dfa3);
  expect(head.docType).toBe('webm');
  // 31 frames at 3 cs: the GIF's delays, played in real time.
  const seconds = 31 * 0.03;
  // Each square's top-left corner (no number or line there), in the video's pixels: the
  // frames are the board alone, a1 at the bottom left (as the GIF's).
  const side = 8;
  const names = first.rects.map(([n]) => n);
  const { width: videoWidth } = await film(page, bytes, [], []);
  const cell = videoWidth / side;
  const probe = names.map((n) => [(n.charCodeAt(0) - 97) * cell + cell / 5, (side - Number(n.slice(1))) * cell + cell / 5]);
  const video = await film(page, bytes, [0, seconds - 0.015], probe);
  console.log(`8x8 tour, 31 frames as WebM: ${bytes.length} bytes, ${video.width}x${video.height}, ${video.duration.toFixed(3)} s (asked ${seconds.toFixed(2)} s), ${Date.now() - began} ms from the click to the file`);
  expect(video.duration).toBeGreaterThan(seconds - 0.15);
  expect(video.duration).toBeLessThan(seconds + 0.15);
  expect(names.length).toBe(side * side);
  expect(misses(names, video.frames[0], first.rects.map((r) => r[4]))).toEqual([]);
  expect(misses(names, video.frames[1], last.rects.map((r) => r[4]))).toEqual([]);
  // The two steps differ, so the frames compared are not the same one twice.
  expect(first.rects.map((r) => r[4])).not.toEqual(last.rects.map((r) => r[4]));
  await expect(page.locator('[data-saved]')).toContainText('Saved knight-8x8-a1-steps-10-40.webm: 31 frames');
  await expect(page).toHaveURL(/step=40/);
});

test("a pocket cube's solution saves as a WebM of nets, first and last frames the pictures of those steps", async ({ page }) => {
  await open(page, cube(0));
  const first = await svgRects(page, 'data-sticker');
  await page.goto(`/index.html${cube(3)}`);
  await expect(page.locator('[data-action="save-animation"]')).toBeVisible();
  const last = await svgRects(page, 'data-sticker');
  expect(first.rects.length).toBe(24);
  await openPanel(page);
  await chooseWebm(page);
  const plan = page.locator('[data-plan]');
  await expect(plan).toHaveAttribute('data-frames', '4');
  const { name, bytes } = await record(page);
  expect(name).toBe('cube-steps-0-3-of-3.webm');
  const head = ebml(bytes);
  expect(head.magic).toBe(0x1a45dfa3);
  expect(head.docType).toBe('webm');
  // 4 frames at 33 cs.
  const seconds = 4 * 0.33;
  const points = first.rects.map(([, x, y, s]) => [x + s / 2, y + s / 2]);
  const video = await film(page, bytes, [0, seconds - 0.1], points);
  console.log(`pocket cube, 4 frames as WebM: ${bytes.length} bytes, ${video.width}x${video.height}, ${video.duration.toFixed(3)} s (asked ${seconds.toFixed(2)} s)`);
  expect(video.duration).toBeGreaterThan(seconds - 0.15);
  expect(video.duration).toBeLessThan(seconds + 0.15);
  const names = first.rects.map(([n]) => n);
  expect(last.rects.map(([n]) => n)).toEqual(names);
  expect(misses(names, video.frames[0], first.rects.map((r) => r[4]))).toEqual([]);
  expect(misses(names, video.frames[1], last.rects.map((r) => r[4]))).toEqual([]);
  expect(first.rects.map((r) => r[4])).not.toEqual(last.rects.map((r) => r[4]));
});

for (const [theme, width] of [['light', 1366], ['dark', 1366], ['light', 375], ['dark', 375]]) {
  test(`Cancel while filming a WebM leaves the page as it was (${theme}, ${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 768 });
    await open(page, knight(17), { dark: theme === 'dark' });
    const board = async () => page.locator('[data-square]').evaluateAll((squares) => squares.map((s) => `${s.dataset.square}:${s.dataset.step ?? ''}`).join(' '));
    const before = { url: page.url(), board: await board(), overlays: await page.locator('dialog[open], .overlay, [role="dialog"]').count() };
    await openPanel(page);
    await chooseWebm(page);
    let downloaded = false;
    page.on('download', () => { downloaded = true; });
    await page.locator('[data-action="record"]').click();
    const filming = page.locator('[data-recording="filming"]');
    await expect(filming).toBeVisible({ timeout: 30_000 });
    await expect(filming).toContainText('frames filmed');
    const panel = page.locator('details.save-animation');
    await panel.scrollIntoViewIfNeeded();
    const box = await panel.boundingBox();
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width + 1);
    await page.screenshot({ path: `${shots}webm-filming-${theme}-${width}.png` });
    await page.locator('[data-action="cancel-recording"]').click();
    await expect(page.locator('[data-cancelled]')).toHaveText('Recording cancelled.');
    await expect(page.locator('[data-recording]')).toHaveCount(0);
    // Longer than the filming had left: a cancelled film hands nothing over.
    await page.waitForTimeout(2500);
    expect(downloaded).toBe(false);
    expect(page.url()).toBe(before.url);
    expect(await board()).toBe(before.board);
    expect(await page.locator('dialog[open], .overlay, [role="dialog"]').count()).toBe(before.overlays);
    // The menu works again: the same choice records a file.
    await expect(page.locator('[data-record="format"]')).toBeEnabled();
    await expect(page.locator('[data-record="format"]')).toHaveValue('webm');
    await page.locator('[data-record="from"]').fill('60');
    const { name, bytes } = await record(page);
    expect(name).toBe('knight-8x8-a1-steps-60-63.webm');
    expect(bytes.readUInt32BE(0)).toBe(0x1a45dfa3);
  });
}

test('where the browser has no MediaRecorder, WebM is not offered and a GIF still records', async ({ page }) => {
  await open(page, knight(17));
  await openPanel(page);
  // This browser records WebM, so the choice is there...
  await expect(page.locator('[data-record="format"] option[value="webm"]')).toHaveCount(1);
  // ...and without MediaRecorder it is not.
  await page.addInitScript(() => { delete window.MediaRecorder; });
  await page.goto('about:blank');
  await open(page, knight(17));
  expect(await page.evaluate(() => 'MediaRecorder' in window)).toBe(false);
  await openPanel(page);
  await expect(page.locator('[data-record="format"]')).toHaveCount(0);
  await expect(page.locator('[data-action="record"]')).toHaveText('Record GIF');
  await page.locator('[data-record="from"]').fill('60');
  const { name } = await record(page);
  expect(name).toBe('knight-8x8-a1-steps-60-63.gif');
});
