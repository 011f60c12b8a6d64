// "Save picture" for the counting lab's panels, as a person uses it: the race's boards
// (the stage while the race is watched) and the count's bars (a figure row of the menu).
// Each SVG is read back with the browser's XML parser against what the page shows at that
// step (one rect per square with the page's move numbers, the bars' counts the page's),
// and the PNG 1×'s pixels at known squares and bars against the page's own pixels, light
// and dark; then screenshots of the menu on the race at 1366 and 375 px.
import { test, expect } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import { save, pixels } from './save-picture.mjs';

const shots = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });

const RACE = '#/count?board=3x4&start=a1&closed=0&watch=race&level=2&step=60';
const COUNT = '#/count?board=5x5&start=all&closed=0';

async function open(page, route, dark) {
  if (dark) await page.addInitScript(() => localStorage.setItem('puzzlelab-theme', 'dark'));
  await page.goto(`/index.html${route}`);
}

/** Saves the menu's figure row `key` as `format`: its file's name and bytes. */
async function saveFigure(page, key, format) {
  await page.locator('[data-action="save-picture"]').click();
  const row = page.locator(`[data-figure="${key}"]`);
  await expect(row).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.locator(`[data-figure-format="${format}"]`).click(),
  ]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

/** `#rrggbb` as [r, g, b]. */
const rgb = (hex) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
const near = (a, b, by = 3) => a.every((v, i) => Math.abs(v - b[i]) <= by);

/** An SVG's elements matching `selector`, each as its attributes. */
function readSvg(page, text, selector) {
  return page.evaluate(({ text, selector }) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const size = doc.documentElement.getAttribute('viewBox');
    const all = [...doc.querySelectorAll(selector)].map((e) => Object.fromEntries([...e.attributes].map((a) => [a.name, a.value])));
    return { size, all, error: doc.querySelector('parsererror')?.textContent ?? null };
  }, { text, selector });
}

for (const dark of [false, true]) {
  const theme = dark ? 'dark' : 'light';

  test(`the race's boards saved at step 60 (${theme}): the page's squares, numbers and colours`, async ({ page }) => {
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await open(page, RACE, dark);
    const boards = page.locator('.watch-board');
    await expect(boards).toHaveCount(2, { timeout: 30_000 });
    // The page's squares on each board: name, the moves on it, whether visited twice.
    const shown = await boards.evaluateAll((bs) => bs.map((b) =>
      [...b.querySelectorAll('[data-at]')].map((s) => [s.dataset.at, s.dataset.visit ?? null, s.dataset.twice ?? null])));
    await expect(page.locator('.alert')).toHaveCount(0);
    expect(shown.map((b) => b.length)).toEqual([12, 12]);
    expect(shown.flat().some(([, visit]) => visit !== null)).toBe(true);
    const { name, bytes } = await save(page, 'svg');
    expect(name).toBe('count-3x4-race-from-a1-step-60.svg');
    const svg = await readSvg(page, bytes.toString(), 'rect[data-walk]');
    expect(svg.error).toBeNull();
    const saved = ['brute', 'backtrack'].map((key) => svg.all.filter((r) => r['data-walk'] === key)
      .map((r) => [r['data-square'], r['data-visit'] ?? null, r['data-twice'] ?? null]));
    const byName = (list) => [...list].sort((a, b) => a[0].localeCompare(b[0]));
    // One rect per square on each board, with the numbers the page's board shows.
    expect(byName(saved[0])).toEqual(byName(shown[0]));
    expect(byName(saved[1])).toEqual(byName(shown[1]));
    // The PNG 1×: a square's pixel is its rect's fill, and the page's at that square.
    const png = await save(page, 'png-1x');
    expect(png.name).toBe('count-3x4-race-from-a1-step-60.png');
    const [, , vw, vh] = svg.size.split(/[ ,]+/).map(Number);
    const probes = svg.all.filter((r) => ['a1', 'b1', 'c4', 'b3'].includes(r['data-square']) && !r['data-twice']);
    expect(probes.length).toBeGreaterThanOrEqual(6);
    const read = await pixels(page, png.bytes, probes.map((r) => [Number(r.x) + 3, Number(r.y) + 3]));
    expect(read.size).toEqual([Math.round(vw), Math.round(vh)]);
    for (const [i, r] of probes.entries()) {
      expect(near(read.at[i], rgb(r.fill)), `${r['data-walk']} ${r['data-square']}: ${read.at[i]} against ${r.fill}`).toBe(true);
      const board = boards.nth(r['data-walk'] === 'brute' ? 0 : 1);
      const shot = await board.locator(`[data-at="${r['data-square']}"]`).screenshot();
      const onPage = (await pixels(page, shot, [[2, 2]])).at[0];
      expect(near(read.at[i], onPage, 6), `${r['data-walk']} ${r['data-square']}: saved ${read.at[i]}, page ${onPage}`).toBe(true);
    }
    expect(errors).toEqual([]);
  });

  test(`the count's bars saved after a count (${theme}): the counts and colours the page shows`, async ({ page }) => {
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await open(page, COUNT, dark);
    await page.locator('[data-action="count"]').click();
    await expect(page.locator('.count-result')).toHaveAttribute('data-directed', '1728', { timeout: 60_000 });
    const bars = page.locator('.count-bars [data-bar]');
    const shown = await bars.evaluateAll((bs) => bs.map((b) => [b.dataset.label, b.dataset.count ?? null]));
    expect(shown.length).toBeGreaterThan(1);
    expect(shown.every(([, n]) => n !== null)).toBe(true);
    const { name, bytes } = await saveFigure(page, 'count-bars', 'svg');
    expect(name).toMatch(/\.svg$/);
    const svg = await readSvg(page, bytes.toString(), 'rect[data-bar]');
    expect(svg.error).toBeNull();
    const saved = svg.all.map((r) => [r['data-label'], r['data-count'] ?? null]);
    expect(saved).toEqual(shown);
    // The bars stand for start classes (a square and its mirror images): the whole
    // count the chart states is the page's.
    const total = await readSvg(page, bytes.toString(), 'g[data-chart="count-bars"]');
    const pageTotal = await page.locator('.count-bars').getAttribute('data-total');
    expect(total.all[0]['data-total']).toBe(pageTotal);
    expect(saved.reduce((n, [, c]) => n + Number(c), 0)).toBeGreaterThan(0);
    // The PNG 1×: each bar's middle is its rect's fill and the page's bar colour.
    const png = await saveFigure(page, 'count-bars', 'png-1x');
    expect(png.name).toMatch(/\.png$/);
    const tall = svg.all.filter((r) => Number(r.height) >= 8);
    expect(tall.length).toBeGreaterThan(0);
    const read = await pixels(page, png.bytes, tall.map((r) => [Number(r.x) + Number(r.width) / 2, Number(r.y) + Number(r.height) / 2]));
    const pageFill = await bars.first().evaluate((b) => getComputedStyle(b).backgroundColor);
    const pageRgb = pageFill.match(/\d+/g).slice(0, 3).map(Number);
    for (const [i, r] of tall.entries()) {
      expect(near(read.at[i], rgb(r.fill)), `bar ${r['data-label']}: ${read.at[i]} against ${r.fill}`).toBe(true);
      expect(near(read.at[i], pageRgb, 6), `bar ${r['data-label']}: saved ${read.at[i]}, page ${pageRgb}`).toBe(true);
    }
    expect(errors).toEqual([]);
  });
}

for (const [w, h] of [[1366, 768], [375, 740]]) {
  for (const dark of [false, true]) {
    const theme = dark ? 'dark' : 'light';
    test(`the race's picture menu at ${w}px (${theme}): screenshot`, async ({ page }) => {
      await page.setViewportSize({ width: w, height: h });
      await open(page, RACE, dark);
      await expect(page.locator('.watch-board')).toHaveCount(2, { timeout: 30_000 });
      await page.locator('[data-action="save-picture"]').click();
      await expect(page.locator('[data-format="png-1x"]')).toBeVisible();
      await page.screenshot({ path: `${shots}count-race-picture-menu-${w}-${theme}.png` });
    });
  }
}
