// "Save picture" in the counting lab, as a person uses it: count the 5x5 board's tours,
// save its counting board, and read the SVG back with the browser's XML parser (one square
// per square with the tours the page's squares show) and the PNG's pixels against the
// page's own pixels at the same squares, light and dark; then screenshots of the menu.
import { test, expect } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { save, pixels } from './save-picture.mjs';

const shots = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });

const COUNT = '#/count?board=5x5&start=all&closed=0';

async function counted(page, dark) {
  if (dark) await page.addInitScript(() => localStorage.setItem('puzzlelab-theme', 'dark'));
  await page.goto(`/index.html${COUNT}`);
  await page.locator('[data-action="count"]').click();
  await expect(page.locator('.count-result')).toHaveAttribute('data-directed', '1728', { timeout: 60_000 });
}


const near = (a, b) => a.every((v, i) => Math.abs(v - b[i]) <= 3);

for (const dark of [false, true]) {
  test(`the counting board saved after a count (${dark ? 'dark' : 'light'}): the page's tours and colours`, async ({ page }) => {
    const errors = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await counted(page, dark);
    const squares = page.locator('.heatmap [data-square]');
    const shown = await squares.evaluateAll((bs) => bs.map((b) => [b.dataset.square, b.dataset.count]));
    expect(shown.length).toBe(25);
    const { name, bytes } = await save(page, 'svg');
    expect(name).toBe('count-5x5-open-all-starts.svg');
    const read = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      return {
        squares: [...doc.querySelectorAll('[data-square]')].map((r) => [r.getAttribute('data-square'), r.getAttribute('data-count')]),
        link: doc.querySelector('metadata link')?.getAttribute('href'),
      };
    }, bytes.toString());
    // Each square's tours as the page shows them (the page lists the top rank first).
    const byName = (list) => [...list].sort((a, b) => a[0].localeCompare(b[0]));
    expect(byName(read.squares)).toEqual(byName(shown));
    expect(read.squares.reduce((n, [, c]) => n + Number(c), 0)).toBe(1728);
    expect(read.link).toContain('#/count?board=5x5');
    // The PNG at 2×: each square's colour is the page's, away from its number.
    const png = await save(page, 'png-2x');
    expect(png.name).toBe('count-5x5-open-all-starts.png');
    const probes = ['a1', 'c3', 'b4', 'e2'];
    const page_px = [];
    for (const sq of probes) {
      const shot = await page.locator(`.heatmap [data-square="${sq}"]`).screenshot();
      page_px.push((await pixels(page, shot, [[2, 2]])).at[0]);
    }
    const at = probes.map((sq) => {
      const [x, y] = [sq.charCodeAt(0) - 97, Number(sq.slice(1)) - 1];
      return [x * 80 + 4, (4 - y) * 80 + 4];
    });
    const saved = await pixels(page, png.bytes, at);
    expect(saved.size).toEqual([400, 400]);
    probes.forEach((sq, i) => expect(near(saved.at[i], page_px[i]), `${sq}: ${saved.at[i]} against ${page_px[i]}`).toBe(true));
    expect(errors).toEqual([]);
  });
}

for (const [w, h] of [[1366, 768], [375, 740]]) {
  for (const dark of [false, true]) {
    test(`the counting lab's picture menu at ${w}px (${dark ? 'dark' : 'light'}): screenshot`, async ({ page }) => {
      await page.setViewportSize({ width: w, height: h });
      await counted(page, dark);
      await page.locator('[data-action="save-picture"]').click();
      await expect(page.locator('[data-format="png-1x"]')).toBeVisible();
      await page.screenshot({ path: `${shots}count-picture-menu-${w}-${dark ? 'dark' : 'light'}.png` });
    });
  }
}
