// "Save picture" for the 3D cube at its angle, as a person uses it: turn the view, then
// the 3D view's row in the menu; the SVG read back with the browser's XML parser: the
// stickers the page shows facing us, each with the page's colour letter and paint, and
// where the page draws it (centres compared after scaling both to one size: the page's
// perspective is mild). The pocket cube and the Rubik's cube; light and dark.
import { test, expect } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';

const shots = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });

const POCKET = '#/cube?state=WWWWGGRRBBOOGGRRBBOOYYYY&solution=R%20U%20F&step=2&view3d=60,-20';
const RUBIK = '#/rubik?state=UUUUUUUUURRRRRRRRRFFFFFFFFFDDDDDDDDDLLLLLLLLLBBBBBBBBB&solution=R%20U&step=2&view3d=-120,25';

async function open(page, hash, { dark = false } = {}) {
  if (dark) await page.addInitScript(() => localStorage.setItem('puzzlelab-theme', 'dark'));
  await page.goto(`/index.html${hash}`);
  await expect(page.locator('[data-cube3d]')).toBeVisible({ timeout: 60_000 });
  await expect(page.locator('[data-cube3d]')).toHaveAttribute('data-animating', 'false');
}

async function saveView(page) {
  await page.locator('[data-action="save-picture"]').click();
  await expect(page.locator('[data-figure="view3d"]')).toBeVisible();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.locator('[data-figure="view3d"] [data-figure-format="svg"]').click(),
  ]);
  return { name: download.suggestedFilename(), text: readFileSync(await download.path()).toString() };
}

// Points centred on their mean and scaled to a unit mean radius.
function normalised(points) {
  const n = points.length;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const r = points.reduce((s, p) => s + Math.hypot(p.x - mx, p.y - my), 0) / n;
  return points.map((p) => ({ ...p, x: (p.x - mx) / r, y: (p.y - my) / r }));
}

for (const [label, hash, count, file] of [
  ['pocket cube', POCKET, 12, 'cube-3d-yaw-60-pitch-m20.svg'],
  ['Rubik\'s cube', RUBIK, 27, 'rubik-3d-yaw-m120-pitch-25.svg'],
]) {
  for (const dark of [false, true]) {
    test(`${label} (${dark ? 'dark' : 'light'}): the 3D view as the page shows it`, async ({ page }) => {
      await open(page, hash, { dark });
      const { name, text } = await saveView(page);
      expect(name).toBe(file);
      const read = await page.evaluate((text) => {
        const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
        const probe = document.createElement('span');
        document.body.append(probe);
        const rgb = (c) => { probe.style.color = c; return getComputedStyle(probe).color; };
        const out = [...doc.querySelectorAll('polygon[data-sticker]')].map((p) => {
          const pts = p.getAttribute('points').split(' ').map((xy) => xy.split(',').map(Number));
          return {
            sticker: p.getAttribute('data-sticker'), color: p.getAttribute('data-color'),
            fill: rgb(p.getAttribute('fill')),
            x: pts.reduce((s, q) => s + q[0], 0) / pts.length, y: pts.reduce((s, q) => s + q[1], 0) / pts.length,
          };
        });
        probe.remove();
        return out;
      }, text);
      expect(read.length).toBe(count);
      const shown = await page.locator('[data-cube3d] [data-view="3d"]').evaluateAll((els, names) => els
        .filter((el) => names.includes(el.dataset.sticker))
        .map((el) => {
          const b = el.getBoundingClientRect();
          return { sticker: el.dataset.sticker, color: el.dataset.color, fill: getComputedStyle(el).backgroundColor,
            x: b.x + b.width / 2, y: b.y + b.height / 2 };
        }), read.map((r) => r.sticker));
      const bySticker = (a, b) => a.sticker.localeCompare(b.sticker);
      const ours = normalised(read).sort(bySticker);
      const page3d = normalised(shown).sort(bySticker);
      expect(ours.map(({ sticker, color, fill }) => ({ sticker, color, fill })))
        .toEqual(page3d.map(({ sticker, color, fill }) => ({ sticker, color, fill })));
      const off = Math.max(...ours.map((p, i) => Math.hypot(p.x - page3d[i].x, p.y - page3d[i].y)));
      expect(off).toBeLessThan(0.2);
    });
  }
}

for (const [w, h] of [[1366, 768], [375, 740]]) {
  for (const dark of [false, true]) {
    test(`the 3D view's row in the menu at ${w}px (${dark ? 'dark' : 'light'}): screenshot`, async ({ page }) => {
      await page.setViewportSize({ width: w, height: h });
      await open(page, POCKET, { dark });
      await page.locator('[data-action="save-picture"]').click();
      await expect(page.locator('[data-figure="view3d"]')).toBeVisible();
      await page.screenshot({ path: `${shots}view3d-picture-menu-${w}-${dark ? 'dark' : 'light'}.png` });
    });
  }
}
