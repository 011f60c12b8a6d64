// "Save picture" on a big board (the canvas), as a person uses it: the 2000x2000 tour as a
// PNG of one pixel a square, decoded here with Node's zlib (not the browser's decoder),
// its pixels at squares the page's pointer readout names checked against viridis worked
// out here from its ten published stops; and the SVG around that PNG with the link.
import { test, expect } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { save } from './save-picture.mjs';
import { inflateSync } from 'node:zlib';

const shots = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });

const HUGE = '#/knight?board=2000x2000&start=a1&heuristic=construct&closed=1';

/** Viridis at t = 0, 1/9, …, 1 (the table R and matplotlib publish). */
const STOPS = ['440154', '482878', '3e4a89', '31688e', '26828e', '1f9e89', '35b779', '6dcd59', 'b4de2c', 'fde725']
  .map((h) => [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)));

/** Move `step` (0-based) of `total` on the page's 256-entry scale. */
function moveColour(step, total) {
  const last = Math.max(total - 1, 1);
  const i = Math.floor((Math.min(step, last) * 255 + Math.floor(last / 2)) / last);
  const t = (i / 255) * 9;
  const lo = Math.min(Math.floor(t), 8);
  const f = t - lo;
  return [0, 1, 2].map((c) => Math.round(STOPS[lo][c] + (STOPS[lo + 1][c] - STOPS[lo][c]) * f));
}

/** A PNG (8-bit, indexed or RGB, filter 0 rows) read: size, pixel(x, y), text chunks. */
function readPng(bytes) {
  expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let at = 8;
  let width, height, type, palette;
  const idat = [];
  const texts = {};
  for (;;) {
    const len = bytes.readUInt32BE(at);
    const kind = bytes.toString('latin1', at + 4, at + 8);
    const body = bytes.subarray(at + 8, at + 8 + len);
    at += 12 + len;
    if (kind === 'IHDR') [width, height, type] = [body.readUInt32BE(0), body.readUInt32BE(4), body[9]];
    if (kind === 'PLTE') palette = body;
    if (kind === 'IDAT') idat.push(body);
    if (kind === 'tEXt') {
      const nul = body.indexOf(0);
      texts[body.toString('latin1', 0, nul)] = body.toString('latin1', nul + 1);
    }
    if (kind === 'IEND') break;
  }
  const per = type === 3 ? 1 : 3;
  const raw = inflateSync(Buffer.concat(idat));
  expect(raw.length).toBe(height * (width * per + 1));
  const pixel = (x, y) => {
    const row = y * (width * per + 1);
    expect(raw[row]).toBe(0);
    const p = row + 1 + x * per;
    return type === 3 ? [...palette.subarray(raw[p] * 3, raw[p] * 3 + 3)] : [...raw.subarray(p, p + 3)];
  };
  return { width, height, pixel, texts };
}

/** Hovers canvas pixel (x, y) and reads the pointer readout: square (x, y) and move. */
async function hover(page, x, y) {
  const canvas = page.locator('canvas[data-board]');
  const box = await canvas.boundingBox();
  const k = box.width / (await canvas.evaluate((c) => c.width));
  await canvas.hover({ position: { x: x * k, y: y * k } });
  const pointer = page.locator('[data-pointer][data-square]');
  await expect(pointer).toBeVisible();
  const square = (await pointer.getAttribute('data-square')).split(',').map(Number);
  return { square, step: Number(await pointer.getAttribute('data-step')) };
}

test('a 2000x2000 tour saves as a PNG of one pixel a square in move order, and as SVG', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`/index.html${HUGE}`);
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved', { timeout: 120_000 });
  const started = Date.now();
  const { name, bytes } = await save(page, 'png-1x');
  const took = Date.now() - started;
  expect(name).toBe('knight-2000x2000-0-0-step-3999999.png');
  const png = readPng(bytes);
  console.log(`2000x2000 PNG: ${bytes.length} bytes, menu click to file ${took} ms`);
  expect([png.width, png.height]).toEqual([2000, 2000]);
  expect(png.texts.Comment).toContain('#/knight?board=2000x2000');
  // The start is viridis's first colour; squares the readout names, their move's colour.
  expect(png.pixel(0, 1999)).toEqual(STOPS[0]);
  for (const [x, y] of [[5, 5], [320, 320], [630, 17], [100, 600]]) {
    const { square: [sx, sy], step } = await hover(page, x, y);
    expect(png.pixel(sx, 1999 - sy), `${sx},${sy}`).toEqual(moveColour(step - 1, 4_000_000));
  }
  // The SVG: that picture inside, the link in its metadata.
  const svg = await save(page, 'svg');
  expect(svg.name).toBe('knight-2000x2000-0-0-step-3999999.svg');
  const read = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const image = doc.querySelector('image');
    return {
      squares: image?.getAttribute('data-squares'),
      png: image?.getAttribute('href').startsWith('data:image/png;base64,'),
      link: doc.querySelector('metadata link')?.getAttribute('href'),
    };
  }, svg.bytes.toString());
  expect(read).toMatchObject({ squares: '4000000', png: true });
  expect(read.link).toContain('#/knight?board=2000x2000');
  expect(errors).toEqual([]);
});

for (const [w, h] of [[1366, 768], [375, 740]]) {
  for (const dark of [false, true]) {
    test(`the big board's picture menu at ${w}px (${dark ? 'dark' : 'light'}): screenshot`, async ({ page }) => {
      if (dark) await page.addInitScript(() => localStorage.setItem('puzzlelab-theme', 'dark'));
      await page.setViewportSize({ width: w, height: h });
      await page.goto('/index.html#/knight?board=300x300&start=0,0&heuristic=construct&closed=1');
      await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved', { timeout: 60_000 });
      await page.locator('[data-action="save-picture"]').click();
      await expect(page.locator('[data-format="png-1x"]')).toBeVisible();
      await page.screenshot({ path: `${shots}huge-picture-menu-${w}-${dark ? 'dark' : 'light'}.png` });
    });
  }
}
