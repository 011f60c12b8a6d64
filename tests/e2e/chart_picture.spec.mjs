// "Save picture" for the pocket cube's distance chart, as a person uses it: the chart's
// own row in the menu, the SVG read back with the browser's XML parser (one bar per
// distance with the counts the page's chart shows, the shown cube's marked), the PNG's
// size; and the menu's screenshots.
import { test, expect } from '@playwright/test';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';

const shots = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });

const CUBE = '#/cube';

async function open(page, { dark = false } = {}) {
  if (dark) await page.addInitScript(() => localStorage.setItem('puzzlelab-theme', 'dark'));
  await page.goto(`/index.html${CUBE}`);
  await expect(page.locator('figure.distance-chart [data-distance]').first()).toBeVisible({ timeout: 60_000 });
  // Scrambled and solved: the chart marks this cube's distance.
  await page.locator('[data-action="scramble-moves"]').click();
  await page.locator('[data-action="solve"]').click();
  await expect(page.locator('.distance-chart .here')).toBeVisible({ timeout: 30_000 });
  await page.locator('[data-action="save-picture"]').click();
  await expect(page.locator('[data-figure="distance"]')).toBeVisible();
}

async function saveFigure(page, format) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator(`[data-figure="distance"] [data-figure-format="${format}"]`).click(),
  ]);
  await expect(page.locator('details.save-picture')).not.toHaveAttribute('open', '');
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

for (const dark of [false, true]) {
  test(`the distance chart (${dark ? 'dark' : 'light'}): one bar per distance as the page shows`, async ({ page }) => {
    await open(page, { dark });
    const shown = await page.locator('figure.distance-chart [data-distance]').evaluateAll((gs) => gs.map((g) => ({
      distance: g.dataset.distance, count: g.dataset.count, here: g.classList.contains('here'),
    })));
    const accent = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--accent').trim());
    const { name, bytes } = await saveFigure(page, 'svg');
    expect(name).toMatch(/^cube-distances-(htm|qtm)\.svg$/);
    const read = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      return {
        bars: [...doc.querySelectorAll('[data-bar]')].map((b) => ({
          distance: b.getAttribute('data-distance'),
          count: b.getAttribute('data-count'),
          here: b.hasAttribute('data-current'),
          fill: b.getAttribute('fill'),
        })),
        link: doc.querySelector('metadata link')?.getAttribute('href'),
      };
    }, bytes.toString());
    expect(read.bars.map(({ distance, count, here }) => ({ distance, count, here }))).toEqual(shown);
    expect(read.bars.reduce((s, b) => s + Number(b.count), 0)).toBe(3674160);
    const marked = read.bars.filter((b) => b.here);
    expect(marked.length).toBe(1);
    expect(marked[0].fill).toBe(accent);
    expect(read.link).toContain('#/cube?');
    // The PNG: drawn from that SVG on a canvas, twice its size at 2x.
    await page.locator('[data-action="save-picture"]').click();
    const png = await saveFigure(page, 'png-2x');
    expect(png.name).toMatch(/^cube-distances-(htm|qtm)\.png$/);
    expect([png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)]).toEqual([1280, 600]);
    writeFileSync(`${shots}chart-picture-saved-${dark ? 'dark' : 'light'}.png`, png.bytes); // to look at
  });
}

for (const [w, h] of [[1366, 768], [375, 740]]) {
  for (const dark of [false, true]) {
    test(`the chart's row in the menu at ${w}px (${dark ? 'dark' : 'light'}): screenshot`, async ({ page }) => {
      await page.setViewportSize({ width: w, height: h });
      await open(page, { dark });
      await page.screenshot({ path: `${shots}chart-picture-menu-${w}-${dark ? 'dark' : 'light'}.png` });
    });
  }
}
