// The elements page (www/elements.html, served at /elements.html): every element live
// beside the code that makes it, the code the same as the element on the page, the
// knight's events shown by the listener the page prints, the Embed panel's way there,
// axe, and screenshots light and dark at 1366 and 375 px.
import { test, expect } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { checkTour } from './tour-check.mjs';
import { seriousViolations } from './axe.mjs';

const shots = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });
const KINDS = ['knight', 'queens', 'cube', 'rubik', 'count'];

/** What each demo shows: its code, and the live element's tag and attributes. */
function demos(page) {
  return page.evaluate((kinds) => kinds.map((kind) => {
    const element = document.querySelector(`[data-live="${kind}"] > *`);
    return {
      kind,
      code: document.querySelector(`pre[data-code="${kind}"]`).textContent,
      // The element's own layout mark (data-layout) is not part of what one writes.
      live: element.outerHTML.replace(/ data-layout="\w+"/, ''),
      drawn: element.shadowRoot?.querySelector('.pl-root:not([data-loading]) *') !== null,
    };
  }), KINDS);
}

test('every element is live beside its own code', async ({ page }) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('elements.html');
  // The script tag shown points at this site's elements.js.
  await expect(page.locator('[data-snippet="script"]'))
    .toHaveText(`<script type="module" src="${new URL('elements.js', page.url()).href}"></script>`);
  await expect.poll(async () => (await demos(page)).every((d) => d.drawn), { timeout: 60_000 }).toBe(true);
  for (const d of await demos(page)) {
    expect(d.live, d.kind).toBe(d.code);
    expect(d.code, d.kind).toMatch(new RegExp(`^<puzzlelab-${d.kind} `));
  }
  // The knight's tour arrives through the listener the page prints, and is a tour.
  await expect(page.locator('[data-events="knight"]')).toHaveText(/^puzzlelab-done: 64 squares, a1 /, { timeout: 60_000 });
  await expect(page.locator('[data-snippet="listen"]')).toContainText("knight.addEventListener('puzzlelab-done'");
  const tour = await page.locator('puzzlelab-knight').evaluate((e) => e.report.result.tour);
  expect(checkTour(8, 8, 'a1', Object.fromEntries(tour.map((s, i) => [s, i + 1])))).toBeNull();
  // Pasting a demo's code into a blank page shows the same state (its link).
  const knightLink = await page.locator('puzzlelab-knight').evaluate((e) => e.link);
  const code = await page.locator('pre[data-code="knight"]').textContent();
  await page.setContent(`<!doctype html><script type="module" src="${new URL('/elements.js', page.url()).href}"></script>${code}`);
  await expect.poll(() => page.locator('puzzlelab-knight').evaluate((e) => e.link), { timeout: 60_000 }).toBe(knightLink);
  expect(errors).toEqual([]);
});

test('the Embed panel leads to the elements page', async ({ page }) => {
  await page.goto('index.html#/knight?board=6x6&start=c3');
  await page.locator('[data-action="embed"]').click();
  await page.locator('[data-link="elements-page"]').click();
  await expect(page).toHaveURL(/\/elements\.html$/);
  await expect(page.locator('pre[data-code="knight"]')).toBeVisible();
});

test('the elements page has no serious accessibility problem', async ({ browser }) => {
  const context = await browser.newContext({ bypassCSP: true });
  const page = await context.newPage();
  await page.goto('elements.html');
  await expect(page.locator('[data-events="knight"]')).toHaveText(/^puzzlelab-done/, { timeout: 60_000 });
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});

for (const scheme of ['light', 'dark']) {
  for (const width of [1366, 375]) {
    test(`screenshot of the elements page, ${scheme}, ${width} px`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 768 });
      await page.goto('elements.html');
      await expect(page.locator('[data-events="knight"]')).toHaveText(/^puzzlelab-done/, { timeout: 60_000 });
      await page.screenshot({ path: `${shots}elements-page-${scheme}-${width}.png`, fullPage: true });
    });
  }
}
