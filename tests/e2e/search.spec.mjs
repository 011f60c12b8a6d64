// Watching a search think: the knight's tour player walks the machine's own steps.
import { test, expect } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { checkTour, readBoard } from './tour-check.mjs';

const shots = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });

const player = (page) => page.locator('[data-search]');
const at = async (page) => Number(await player(page).getAttribute('data-search-step'));

// Warnsdorff, clockwise ties, backtracking without pruning: a search with many backtracks.
const SEARCH = '#/knight?board=5x5&heuristic=warnsdorff&tie=first&backtrack=1&prune=0&fast=0';

async function openSearch(page) {
  await page.goto(`/index.html${SEARCH}`);
  await page.locator('[data-square="c1"]').click();
  await expect(player(page)).toBeVisible({ timeout: 30_000 });
}

test('the timeline is the search: as long as the machine, backtracks clear squares, back and forth agree', async ({ page }) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openSearch(page);
  await page.locator('[data-action="pause"]').click();
  // The machine run on its own through the JS API takes exactly as many steps.
  const machineSteps = await page.evaluate(() => {
    const t = new window.wasmBindings.KnightTour('5x5', 'c1',
      { heuristic: 'warnsdorff', tieBreak: 'first', backtrack: true, forwardCheck: false });
    t.run(1e9);
    return t.stats().steps;
  });
  await expect(player(page)).toHaveAttribute('data-search-steps', String(machineSteps));
  expect(machineSteps).toBeGreaterThan(100);

  // Step forward until a backtrack: the square taken back loses its number.
  await page.locator('[data-action="reset"]').click();
  await expect(player(page)).toHaveAttribute('data-search-step', '0');
  let before = await readBoard(page);
  for (let i = 0; i < 400; i++) {
    await page.locator('[data-action="step"]').click();
    await expect(player(page)).toHaveAttribute('data-search-step', String(i + 1));
    if ((await player(page).getAttribute('data-event')) === 'backtrack') break;
    before = await readBoard(page);
  }
  await expect(player(page)).toHaveAttribute('data-event', 'backtrack');
  const cleared = await page.locator('[data-cleared="true"]').getAttribute('data-square');
  expect(before[cleared]).toBeGreaterThan(0);
  const after = await readBoard(page);
  expect(after[cleared]).toBeUndefined();
  expect(Object.keys(after).length).toBe(Object.keys(before).length - 1);
  await page.screenshot({ path: `${shots}search-backtrack.png`, fullPage: true });
  // The shared player in the dark and at phone width.
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${shots}search-backtrack-dark.png`, fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: `${shots}search-backtrack-375.png`, fullPage: true });
  await page.setViewportSize(size);

  // Back then forward returns the same board.
  const here = await at(page);
  await page.locator('[data-action="step-back"]').click();
  await expect(player(page)).toHaveAttribute('data-search-step', String(here - 1));
  expect(await readBoard(page)).toEqual(before);
  await page.locator('[data-action="step"]').click();
  await expect(player(page)).toHaveAttribute('data-search-step', String(here));
  expect(await readBoard(page)).toEqual(after);

  // At the end: the tour, checked, and the status says so.
  await page.locator('[data-action="end"]').click();
  await expect(player(page)).toHaveAttribute('data-event', 'solved');
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved');
  expect(checkTour(5, 5, 'c1', await readBoard(page))).toBe(null);
  expect(errors).toEqual([]);
});

test('a copied link reopens the same step of the search, and the depth chart seeks', async ({ page, context }) => {
  await openSearch(page);
  await page.locator('[data-action="pause"]').click();
  await page.locator('[data-action="scrub"]').fill('500');
  await expect(player(page)).toHaveAttribute('data-search-step', '500');
  await expect(page).toHaveURL(/search=500/);
  const board = await readBoard(page);
  const event = await player(page).getAttribute('data-event');
  const fresh = await context.newPage();
  await fresh.goto(page.url());
  await expect(player(fresh)).toHaveAttribute('data-search-step', '500', { timeout: 30_000 });
  expect(await readBoard(fresh)).toEqual(board);
  await expect(player(fresh)).toHaveAttribute('data-event', event);

  // The chart: a click near its right end goes near the end of the search.
  const chart = fresh.locator('[data-chart="depth"] svg');
  const box = await chart.boundingBox();
  await chart.click({ position: { x: box.width * 0.9, y: box.height / 2 } });
  const steps = Number(await player(fresh).getAttribute('data-search-steps'));
  await expect.poll(() => at(fresh)).toBeGreaterThan(steps * 0.8);
  await expect(fresh).toHaveURL(new RegExp(`search=${await at(fresh)}`));
  await fresh.screenshot({ path: `${shots}search-depth-chart.png`, fullPage: true });
  // The keys work over the search too.
  const now = await at(fresh);
  await fresh.locator('h2').click();
  await fresh.keyboard.press('ArrowLeft');
  await expect(player(fresh)).toHaveAttribute('data-search-step', String(now - 1));
  await fresh.keyboard.press('Home');
  await expect(player(fresh)).toHaveAttribute('data-search-step', '0');
  await expect(fresh.locator('[data-step]')).toHaveCount(1);
});

test('tie points stay marked on the path and tried moves show on the knight\'s square', async ({ page }) => {
  await page.goto('/index.html#/knight?board=8x8&heuristic=warnsdorff&tie=first&backtrack=1&prune=0&fast=1');
  await page.locator('[data-square="e3"]').click();
  await expect(player(page)).toBeVisible({ timeout: 30_000 });
  await page.locator('[data-action="pause"]').click();
  await page.locator('[data-action="end"]').click();
  await expect(player(page)).toHaveAttribute('data-event', 'solved');
  // Walk back to the first jump (fast backtracking to the last tie point).
  const steps = Number(await player(page).getAttribute('data-search-steps'));
  let found = false;
  for (let s = 1; s <= steps && !found; s++) {
    await page.locator('[data-action="scrub"]').fill(String(s));
    await expect(player(page)).toHaveAttribute('data-search-step', String(s));
    const kind = await player(page).getAttribute('data-event');
    if (kind === 'jump' || kind === 'backtrack') found = true;
  }
  expect(found).toBe(true);
  await expect(page.locator('[data-tie-point="true"]').first()).toBeVisible();
  await expect(page.locator('[data-tried="true"]').first()).toBeVisible();
  await page.screenshot({ path: `${shots}search-tie-points.png`, fullPage: true });
});

test('the default page solves from every square of 8x8 with the tie-break control live', async ({ page }) => {
  await page.goto('/index.html#/knight');
  await expect(page.locator('select[name="heuristic"]')).toHaveValue('warnsdorff');
  await expect(page.locator('select[name="tie"]')).toHaveValue('roth');
  await expect(page.locator('select[name="tie"]')).toBeEnabled();
  await expect(page.locator('input[name="backtrack"]')).toBeChecked();
  await page.locator('[data-action="all-starts"]').click();
  await expect(page.locator('[data-status]')).toContainText('64 of 64 starts on 8x8 give a tour', { timeout: 60_000 });
  await expect(page.locator('[data-outcome="solved"]')).toHaveCount(64);
});

test('where the search would run long, the default finishes with divide and conquer and says so', async ({ page }) => {
  await page.goto('/index.html#/knight?board=3x40');
  await page.locator('[data-square="a1"]').click();
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', /solved|idle|running/);
  await page.locator('[data-action="end"]').click();
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved', { timeout: 30_000 });
  await expect(page.locator('[data-status]')).toContainText('divide and conquer');
  expect(checkTour(3, 40, 'a1', await readBoard(page))).toBe(null);
});

test('four rules side by side on 8x8 from a1 show which fail and where', async ({ page }) => {
  await page.goto('/index.html#/knight?board=8x8&start=a1&compare=bottom,center,warnsdorff/first,warnsdorff/roth');
  const boards = page.locator('[data-compare]');
  await expect(boards).toHaveCount(4);
  await page.locator('[data-action="end"]').click();
  for (const rule of ['bottom', 'center']) {
    const status = page.locator(`[data-compare="${rule}"] [data-status]`);
    await expect(status).toHaveAttribute('data-status', 'failed');
    const stuck = Number(await status.getAttribute('data-stuck-at'));
    const left = Number(await status.getAttribute('data-left'));
    expect(stuck).toBeLessThan(63);
    expect(left).toBe(63 - stuck);
    await expect(page.locator(`[data-compare="${rule}"] [data-unvisited="true"]`)).toHaveCount(left);
  }
  await expect(page.locator('[data-compare="warnsdorff/roth"] [data-status]')).toHaveAttribute('data-status', 'solved');
  await page.screenshot({ path: `${shots}compare-rules.png`, fullPage: true });
  // Lockstep: move 10 on every board.
  await page.locator('[data-action="scrub"]').fill('10');
  for (const rule of ['bottom', 'center', 'warnsdorff/first', 'warnsdorff/roth']) {
    await expect(page.locator(`[data-compare="${rule}"] [data-step]`)).toHaveCount(11);
  }
  // The comparison is in the link; back to one rule and it leaves.
  await expect(page).toHaveURL(/compare=bottom,center,warnsdorff%2Ffirst|compare=bottom,center,warnsdorff\/first/);
  await page.locator('[data-action="stop-compare"]').click();
  await expect(page).not.toHaveURL(/compare=/);
});

test('the all-starts map compares two rules: which starts one solves and the other does not', async ({ page }) => {
  // Clockwise ties fail from d4 on 6x6 (the JS article); Roth's ties solve everywhere.
  await page.goto('/index.html#/knight?board=6x6&heuristic=warnsdorff&tie=first&backtrack=0');
  await page.locator('select[name="versus"]').selectOption('warnsdorff/roth');
  await expect(page).toHaveURL(/versus=warnsdorff(%2F|\/)roth/);
  await page.locator('[data-action="all-starts"]').click();
  await expect(page.locator('[data-status]')).toContainText('Against warnsdorff/roth', { timeout: 60_000 });
  await expect(page.locator('[data-outcome="both"]')).toHaveCount(35);
  await expect(page.locator('[data-square="d4"]')).toHaveAttribute('data-outcome', 'second-only');
  await expect(page.locator('[data-status]')).toContainText('only warnsdorff/roth from 1');
  await page.screenshot({ path: `${shots}all-starts-versus.png`, fullPage: true });
});
