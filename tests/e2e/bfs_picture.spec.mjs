// "Save picture" for the pocket cube's breadth-first search, as a person uses it: open
// the search at a step, the bars' row in the menu, the SVG read back with the browser's
// XML parser: one bar per distance with the counts the page's bars show, the frontier
// and the layer it fills marked in the page's colours; and screenshots of the menu.
import { test, expect } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';

const shots = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });

async function open(page, hash, { dark = false } = {}) {
  if (dark) await page.addInitScript(() => localStorage.setItem('puzzlelab-theme', 'dark'));
  await page.goto(`/index.html${hash}`);
  await expect(page.locator('[data-search]')).toHaveAttribute('data-search-step', /\d+/, { timeout: 60_000 });
  await expect(page.locator('.distance-chart').first()).toBeVisible({ timeout: 30_000 });
}

async function saveBars(page, format) {
  await page.locator('[data-action="save-picture"]').click();
  await expect(page.locator('[data-figure="layers"]')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator(`[data-figure="layers"] [data-figure-format="${format}"]`).click(),
  ]);
  return { name: download.suggestedFilename(), bytes: readFileSync(await download.path()) };
}

for (const dark of [false, true]) {
  test(`the search's bars at step 5 (${dark ? 'dark' : 'light'}): as the page shows them`, async ({ page }) => {
    await open(page, '#/cube?bfs=5', { dark });
    const player = page.locator('[data-search]');
    await expect(player).toHaveAttribute('data-search-step', '5', { timeout: 30_000 });
    const shown = await player.locator('[data-bfs-chart] .bar').evaluateAll((gs) => gs.map((g) => ({
      distance: g.dataset.distance, count: g.dataset.count,
      frontier: g.classList.contains('frontier'), growing: g.classList.contains('growing'),
      fill: getComputedStyle(g.querySelector('rect')).fill,
    })));
    const { name, bytes } = await saveBars(page, 'svg');
    expect(name).toBe('cube-bfs-htm-step-5.svg');
    const read = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      const probe = document.createElement('span');
      document.body.append(probe);
      const rgb = (c) => { probe.style.color = c; return getComputedStyle(probe).color; };
      const bars = [...doc.querySelectorAll('[data-bar]')].map((b) => ({
        distance: b.getAttribute('data-distance'), count: b.getAttribute('data-count'),
        frontier: b.hasAttribute('data-frontier'), growing: b.hasAttribute('data-growing'),
        fill: rgb(b.getAttribute('fill')),
      }));
      probe.remove();
      return { bars, link: doc.querySelector('metadata link')?.getAttribute('href') };
    }, bytes.toString());
    expect(read.bars).toEqual(shown);
    expect(read.bars[5].count).toBe('9992');
    expect(read.bars.filter((b) => b.frontier).length).toBe(1);
    expect(read.link).toContain('bfs=5');
    const png = await saveBars(page, 'png-2x');
    expect([png.bytes.readUInt32BE(16), png.bytes.readUInt32BE(20)]).toEqual([1280, 600]);
  });
}

for (const [w, h] of [[1366, 768], [375, 740]]) {
  for (const dark of [false, true]) {
    test(`the bars' row in the menu at ${w}px (${dark ? 'dark' : 'light'}): screenshot`, async ({ page }) => {
      await page.setViewportSize({ width: w, height: h });
      await open(page, '#/cube?bfs=5', { dark });
      await page.locator('[data-action="save-picture"]').click();
      await expect(page.locator('[data-figure="layers"]')).toBeVisible();
      await page.screenshot({ path: `${shots}bfs-picture-menu-${w}-${dark ? 'dark' : 'light'}.png` });
    });
  }
}
