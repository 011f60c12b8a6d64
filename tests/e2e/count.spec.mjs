// The counting lab as a person uses it: pick a board and a start, count, read the heatmap,
// race brute force against backtracking, cancel a long count and count again.
import { test, expect } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';

const shots = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });
const reference = JSON.parse(readFileSync(new URL('../reference/knight.json', import.meta.url)));
const published = (board, start) => reference.open_counts.find((r) => r.board === board && r.start === start);

async function openCount(page, hash = '#/count') {
  await page.goto(`/index.html${hash}`);
  await expect(page.locator('[data-square="a1"]')).toBeVisible();
}

const result = (page) => page.locator('.count-result');

test('5x5 from a1 counts the published 304 tours, and every start fills the heatmap', async ({ page }) => {
  await openCount(page, '#/count?board=5x5&start=a1&closed=0');
  await page.locator('[data-action="count"]').click();
  await expect(result(page)).toHaveAttribute('data-directed', String(published('5x5', 'a1').directed));
  await expect(page.locator('[data-square="a1"]')).toHaveAttribute('data-count', '304');
  // Clicking another square counts from there: c3 has the published 64.
  await page.locator('[data-square="c3"]').click();
  await expect(page).toHaveURL(/board=5x5&start=c3&closed=0/);
  await page.locator('[data-action="count"]').click();
  await expect(result(page)).toHaveAttribute('data-directed', String(published('5x5', 'c3').directed));
  // All starts: the whole board's count and a number on every square.
  await page.locator('input[name="all-starts"]').check();
  await expect(page).toHaveURL(/start=all/);
  await page.locator('[data-action="count"]').click();
  await expect(result(page)).toHaveAttribute('data-directed', String(published('5x5', undefined).directed));
  await expect(result(page)).toHaveAttribute('data-undirected', String(published('5x5', undefined).undirected));
  await expect(page.locator('[data-square][data-count]')).toHaveCount(25);
  await expect(page.locator('[data-square="e5"]')).toHaveAttribute('data-count', '304');
  await expect(page.locator('[data-square="b1"]')).toHaveAttribute('data-count', '0');
  const sum = await page.locator('[data-square][data-count]').evaluateAll((els) => els.reduce((s, el) => s + Number(el.dataset.count), 0));
  expect(sum).toBe(1728);
  await page.screenshot({ path: `${shots}count-heatmap-5x5.png`, fullPage: true });
});

test('closed 6x6 counts the 9,862 cycles; an impossible closed board says why', async ({ page }) => {
  await openCount(page, '#/count?board=6x6&start=all&closed=1');
  await page.locator('[data-action="count"]').click();
  const closed = reference.closed_counts.find((r) => r.board === '6x6');
  await expect(result(page)).toHaveAttribute('data-undirected', String(closed.undirected), { timeout: 20_000 });
  await page.locator('select[name="width"]').selectOption('4');
  await page.locator('select[name="height"]').selectOption('4');
  await page.locator('[data-action="count"]').click();
  await expect(result(page)).toHaveAttribute('data-directed', '0');
  await expect(result(page)).toContainText('No search needed');
});

test('the 6x6 all-starts count shows progress, cancels, and counts again', async ({ page }) => {
  // Depth-first asked for by name: without a method 36 squares are counted by path
  // structures, which give no per-start figures (as the command line chooses).
  await openCount(page, '#/count?board=6x6&start=all&closed=0&method=depth-first');
  await page.locator('[data-action="count"]').click();
  // Cancel from inside the page the moment progress has moved (the whole count takes
  // well under a second on two workers).
  const seen = await page.waitForFunction(() => {
    const p = document.querySelector('[data-progress]');
    if (!p || Number(p.dataset.progress) < 1) return false;
    document.querySelector('[data-action="cancel-count"]').click();
    return Number(p.dataset.progress);
  }, null, { polling: 'raf', timeout: 20_000 });
  expect(await seen.jsonValue()).toBeGreaterThan(0);
  await expect(page.locator('[data-count-state]')).toHaveAttribute('data-count-state', 'cancelled');
  await expect(page.locator('[data-count-state]')).toContainText('Cancelled after');
  await page.locator('[data-action="count"]').click();
  await expect(result(page)).toHaveAttribute('data-directed', String(published('6x6', undefined).directed), { timeout: 30_000 });
  await expect(page.locator('[data-square="a1"]')).toHaveAttribute('data-count', /^\d+$/);
  await page.screenshot({ path: `${shots}count-heatmap-6x6.png`, fullPage: true });
});

test('a count that would take days shows its progress and stops when cancelled', async ({ page }) => {
  test.setTimeout(240_000);
  await openCount(page, '#/count?board=7x7&start=a1&closed=0&method=depth-first');
  await page.locator('[data-action="count"]').click();
  // A task is 20 M nodes: a fraction of a second on a quiet machine, seconds on a loaded
  // one (at load 11 on two cores one task was done after a minute), so wait for the first.
  await expect.poll(async () => Number(await page.locator('[data-progress]').getAttribute('data-progress')), { timeout: 120_000 })
    .toBeGreaterThan(0);
  await expect(page.locator('[data-progress]')).toContainText('to go');
  await page.locator('[data-action="cancel-count"]').click();
  await expect(page.locator('[data-count-state]')).toHaveAttribute('data-count-state', 'cancelled');
  // The workers are free again: a small count right after finishes.
  await page.locator('select[name="width"]').selectOption('3');
  await page.locator('select[name="height"]').selectOption('4');
  await page.locator('[data-action="count"]').click();
  // (after the slice each worker still holds: up to one task's 20 M nodes)
  await expect(result(page)).toHaveAttribute('data-directed', '2', { timeout: 90_000 });
});

test('brute force against backtracking on 3x3, and the estimate for bigger boards', async ({ page }) => {
  await openCount(page, '#/count?board=3x3&start=a1&closed=0');
  const brute = page.locator('[data-method="brute"]');
  const back = page.locator('[data-method="backtrack"]');
  await page.locator('[data-action="run-backtrack"]').click();
  await expect(back).toHaveAttribute('data-state', 'done');
  await page.locator('[data-action="run-brute"]').click();
  await expect(brute).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  // 8^8 sequences checked, no tour on 3x3; backtracking needed a handful of nodes.
  await expect(brute).toHaveAttribute('data-nodes', String(8 ** 8));
  await expect(brute).toHaveAttribute('data-tours', '0');
  await expect(back).toHaveAttribute('data-tours', '0');
  expect(Number(await back.getAttribute('data-nodes'))).toBeLessThan(100);
  await expect(brute).toContainText('8^8');
  await expect(brute).toContainText('On 8x8');
  await expect(brute.locator('[data-estimate]')).toBeVisible();
  // On 5x5 backtracking finds the 304 tours from a1 that brute force would need ages for.
  await page.locator('select[name="width"]').selectOption('5');
  await page.locator('select[name="height"]').selectOption('5');
  await page.locator('[data-action="run-backtrack"]').click();
  await expect(back).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
  await expect(back).toHaveAttribute('data-tours', '304');
  await page.locator('[data-action="run-brute"]').click();
  await expect.poll(async () => Number(await brute.getAttribute('data-nodes')), { timeout: 10_000 }).toBeGreaterThan(0);
  await expect(brute.locator('[data-estimate]')).toBeVisible({ timeout: 10_000 });
  await expect(brute).toContainText('years');
  await page.locator('[data-action="cancel-brute"]').click();
  await expect(brute).toHaveAttribute('data-state', 'idle');
  await page.screenshot({ path: `${shots}count-race.png`, fullPage: true });
});

test('a bad counting link opens with a message and sane defaults', async ({ page }) => {
  await openCount(page, '#/count?board=9x9&start=zz&closed=perhaps');
  await expect(page.locator('.alert')).toContainText('64 squares');
  await expect(page.locator('.alert')).toContainText('closed must be 0 or 1');
  // 16 wide on the 5x5 default would be 80 squares: refused, and the picker shows 5 again.
  await page.locator('select[name="width"]').selectOption('16');
  await expect(page.locator('.alert')).toContainText('80 squares');
  await expect(page.locator('select[name="width"]')).toHaveValue('5');
  await expect(page).toHaveURL(/board=5x5/);
  await page.locator('[data-action="count"]').click();
  await expect(result(page)).toHaveAttribute('data-directed', '304');
});

test('a link counts 6x6 on two workers in batches: both work, few messages, the published total', async ({ page }) => {
  await page.goto('/index.html#/count?board=6x6&start=all&closed=0&method=depth-first&workers=2&count=1');
  const panel = page.locator('[data-count="knight"]');
  await expect(panel).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(panel).toHaveAttribute('data-workers', '2');
  await expect(result(page)).toHaveAttribute('data-directed', String(published('6x6', undefined).directed));
  // 708 tasks went out in batches: a message per batch, not per task.
  const tasks = Number((await result(page).textContent()).match(/([\d,]+) tasks in/)[1].replace(/,/g, ''));
  const batches = Number(await panel.getAttribute('data-batches'));
  expect(tasks).toBeGreaterThan(400);
  // At least four tasks a batch while the queue is long, however loaded the machine.
  expect(batches).toBeLessThan(tasks / 2);
  // Both workers held work ("held/first" ms per worker).
  const held = (await panel.getAttribute('data-timing')).split(',').map((t) => Number(t.split('/')[0]));
  expect(held).toHaveLength(2);
  held.forEach((ms) => expect(ms).toBeGreaterThan(0));
});

test('path structures: 6x6 from every start in parts on two workers, the method in the link', async ({ page }) => {
  test.setTimeout(240_000);
  // Two parts: each part sweeps the layers before the cut, so on a board this small
  // fewer parts cost less.
  await openCount(page, '#/count?board=6x6&start=all&closed=0&workers=2&parts=2');
  // No method in the link: the page picks as the command line does (depth-first up to 36
  // squares) and says so.
  await expect(page.locator('[data-method-chosen]')).toHaveAttribute('data-method-chosen', 'depth-first');
  await expect(page.locator('[data-method-chosen]')).toHaveAttribute('data-method-auto', 'true');
  await page.locator('select[name="method"]').selectOption('frontier');
  await expect(page).toHaveURL(/method=frontier/);
  await expect(page.locator('[data-method-chosen]')).toHaveAttribute('data-method-auto', 'false');
  const panel = page.locator('[data-count="knight"][data-method="frontier"]');
  await panel.locator('[data-action="count"]').click();
  await expect(panel).toHaveAttribute('data-state', 'done', { timeout: 150_000 });
  await expect(result(page)).toHaveAttribute('data-directed', String(published('6x6', undefined).directed));
  await expect(result(page)).toHaveAttribute('data-undirected', String(published('6x6', undefined).undirected));
  // The command line's split: parts of the needs vectors at the cut.
  await expect(result(page)).toHaveAttribute('data-parts', '2');
  // Totals only: per-start counts need depth-first, as on the command line.
  await expect(page.locator('[data-square][data-count]')).toHaveCount(0);
  // The same count from the link, and a 5x5 from c3 with the published 64.
  await page.goto('/index.html#/count?board=5x5&start=c3&closed=0&method=frontier&parts=3&count=1');
  await expect(result(page)).toHaveAttribute('data-directed', String(published('5x5', 'c3').directed));
  await expect(result(page)).toHaveAttribute('data-parts', '3');
  await expect(page.locator('[data-square="c3"]')).toHaveAttribute('data-count', '64');
  await page.screenshot({ path: `${shots}count-frontier-5x5.png`, fullPage: true });
});

test('path structures on 7x7: progress with an estimate, and cancel ends the workers', async ({ page }) => {
  await openCount(page, '#/count?board=7x7&start=all&closed=0&method=frontier&workers=2');
  const panel = page.locator('[data-count="knight"][data-method="frontier"]');
  await panel.locator('[data-action="count"]').click();
  // First each part builds its relaxed count (layers counted in data-preparing), then
  // sweeps (data-work); either moving is progress.
  const moved = async () => {
    const p = page.locator('[data-progress]');
    return Number(await p.getAttribute('data-work')) + Number(await p.getAttribute('data-preparing'));
  };
  await expect.poll(moved, { timeout: 120_000 }).toBeGreaterThan(0);
  // The time left is counted in parts: none until the first part is done, never days of
  // guesswork from a part's first layers.
  await expect(page.locator('[data-progress]')).toContainText(/about .* to go|the time left is known once a part is done/);
  await page.screenshot({ path: `${shots}count-frontier-7x7-progress.png`, fullPage: true });
  await panel.locator('[data-action="cancel-count"]').click();
  await expect(panel).toHaveAttribute('data-state', 'cancelled');
  await expect(panel).toContainText('Cancelled after');
  // The page keeps working: a small count right after.
  await page.locator('select[name="width"]').selectOption('5');
  await page.locator('select[name="height"]').selectOption('5');
  await panel.locator('[data-action="count"]').click();
  await expect(result(page)).toHaveAttribute('data-directed', String(published('5x5', undefined).directed));
});
