// The knight's-tour workbench as a person uses it: click, watch, share, mistype a link.
import { test, expect } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { checkTour, readBoard } from './tour-check.mjs';

const shots = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });

async function openKnight(page, hash = '#/knight') {
  await page.goto(`/index.html${hash}`);
  await expect(page.locator('[data-square="a1"]')).toBeVisible();
}

async function fastest(page) {
  await page.locator('input[aria-label="Moves per second"]').fill('120');
}

// Skip to the end of a playback that may already be there: at 120 moves a second a short
// search can finish on a loaded machine before the click, and End is then disabled
// (a click by script on a disabled button does nothing, where a user's click would wait).
async function toEnd(page) {
  const end = page.locator('[data-action="end"]');
  await expect(end).toBeVisible();
  await end.evaluate((button) => button.click());
}

test('click a square, watch the tour animate, and get a valid tour', async ({ page }) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openKnight(page);
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'idle');
  await page.locator('[data-square="c3"]').click();
  // The animation is under way: some squares numbered, not all yet.
  await expect(page.locator('[data-step="5"]')).toHaveCount(1);
  expect(await page.locator('[data-step]').count()).toBeLessThan(64);
  await fastest(page);
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved', { timeout: 30_000 });
  const steps = await readBoard(page);
  expect(checkTour(8, 8, 'c3', steps)).toBe(null);
  await expect(page.locator('[data-square="c3"]')).toHaveAttribute('aria-label', 'c3, move 1');
  await page.screenshot({ path: `${shots}knight-8x8-solved.png`, fullPage: true });
  expect(errors).toEqual([]);
});

test('the URL follows the page and reopens the same board', async ({ page, context }) => {
  await openKnight(page);
  await page.locator('[data-square="d4"]').click();
  await fastest(page);
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved', { timeout: 30_000 });
  await page.locator('[data-action="step-back"]').click();
  await page.locator('[data-action="step-back"]').click();
  await expect(page).toHaveURL(/start=d4/);
  await expect(page).toHaveURL(/step=61/);
  const before = await readBoard(page);
  expect(Object.keys(before)).toHaveLength(62);

  const fresh = await context.newPage();
  await fresh.goto(page.url());
  await expect(fresh.locator('[data-step="62"]')).toHaveCount(1, { timeout: 30_000 });
  expect(await readBoard(fresh)).toEqual(before);
  await expect(fresh.locator('[data-status]')).toHaveAttribute('data-status', 'idle');
  await fresh.locator('[data-action="end"]').click();
  await expect(fresh.locator('[data-status]')).toHaveAttribute('data-status', 'solved');
  expect(checkTour(8, 8, 'd4', await readBoard(fresh))).toBe(null);
  // Drag the timeline back to move 10.
  await fresh.locator('[data-action="scrub"]').fill('10');
  await expect(fresh.locator('[data-step]')).toHaveCount(11);
  await expect(fresh).toHaveURL(/step=10/);
});

test('a link with bad values shows a message and falls back to defaults', async ({ page }) => {
  await openKnight(page, '#/knight?board=0x0&start=z99');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('0x0');
  await expect(alert).toContainText('z99');
  await expect(page.locator('[data-square]')).toHaveCount(64);
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'idle');
  await page.screenshot({ path: `${shots}knight-bad-link.png`, fullPage: true });
  // The page still works after the bad link.
  await page.locator('[data-square="a1"]').click();
  await fastest(page);
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved', { timeout: 30_000 });
});

test('a rectangular board from a link, and a typed size that is refused', async ({ page }) => {
  await openKnight(page, '#/knight?board=5x6&start=a1');
  await expect(page.locator('[data-square]')).toHaveCount(30);
  await fastest(page);
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', /solved|failed/, { timeout: 30_000 });
  if ((await page.locator('[data-status]').getAttribute('data-status')) === 'solved') {
    expect(checkTour(5, 6, 'a1', await readBoard(page))).toBe(null);
  }
  const size = page.locator('input[name="board"]');
  await size.fill('5000x5000');
  await size.press('Enter');
  await expect(page.getByRole('alert')).toContainText('out of range');
  await expect(page.locator('[data-square]')).toHaveCount(30);
});

test('the page stays responsive and can pause, step and resume', async ({ page }) => {
  await openKnight(page);
  await page.locator('input[aria-label="Moves per second"]').fill('5');
  await page.locator('[data-square="h8"]').click();
  await expect(page.locator('[data-step="2"]')).toHaveCount(1);
  await page.locator('[data-action="pause"]').click();
  const shown = await page.locator('[data-step]').count();
  await page.waitForTimeout(600);
  expect(await page.locator('[data-step]').count()).toBe(shown);
  await page.locator('[data-action="step"]').click();
  expect(await page.locator('[data-step]').count()).toBe(shown + 1);
  await page.locator('[data-action="reset"]').click();
  await expect(page.locator('[data-step]')).toHaveCount(1);
  await page.locator('[data-action="end"]').click();
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved');
});

test('window.wasmBindings exposes KnightTour to page scripts', async ({ page }) => {
  await openKnight(page);
  const result = await page.evaluate(() => {
    const tour = new window.wasmBindings.KnightTour('8x8', 'a1');
    const first = tour.step();
    const status = tour.run(1000);
    return { first, status, path: tour.path() };
  });
  expect(result.first).toBe('move');
  expect(result.status).toBe('solved');
  const steps = Object.fromEntries(result.path.map((sq, i) => [sq, i + 1]));
  expect(checkTour(8, 8, 'a1', steps)).toBe(null);
  const error = await page.evaluate(() => {
    try { new window.wasmBindings.KnightTour('0x0', 'a1'); return null; } catch (e) { return String(e.message); }
  });
  expect(error).toContain('out of range');
});

test('switching the tie-break changes the path and the URL follows', async ({ page }) => {
  await openKnight(page, '#/knight?board=12x12&start=a1&heuristic=warnsdorff&tie=first&backtrack=0&step=143');
  await expect(page.locator('[data-step="144"]')).toHaveCount(1, { timeout: 30_000 });
  const first = await readBoard(page);
  await page.locator('select[name="tie"]').selectOption('roth');
  await expect(page).toHaveURL(/tie=roth/);
  await fastest(page);
  await toEnd(page);
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', /solved|failed/, { timeout: 30_000 });
  const roth = await readBoard(page);
  expect(roth).not.toEqual(first);
  await page.locator('select[name="tie"]').selectOption('random');
  await expect(page.locator('input[name="seed"]')).toBeVisible();
  await expect(page).toHaveURL(/tie=random&seed=1/);
});

test('a closed tour on 6x6 ends a knight\'s move from its start', async ({ page }) => {
  await openKnight(page, '#/knight?board=6x6&closed=1&backtrack=1&prune=1');
  await page.locator('[data-square="a1"]').click();
  await fastest(page);
  await toEnd(page);
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved', { timeout: 30_000 });
  const steps = await readBoard(page);
  expect(checkTour(6, 6, 'a1', steps)).toBe(null);
  const last = Object.entries(steps).find(([, s]) => s === 36)[0];
  expect(['b3', 'c2']).toContain(last);
});

test('a closed tour on 4x4 is refused, with the reason, and no search', async ({ page }) => {
  await openKnight(page, '#/knight?board=4x4&closed=1');
  await expect(page.locator('.existence')).toHaveAttribute('data-exists', 'false');
  await expect(page.locator('.existence')).toContainText('Schwenk');
  await page.locator('[data-square="a1"]').click();
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'impossible');
  await expect(page.locator('[data-status]')).toContainText('shorter side is 4');
  await expect(page.locator('[data-stat="steps"]')).toHaveText('0');
});

test('the naive heuristic gets stuck and shows the squares it left', async ({ page }) => {
  await openKnight(page, '#/knight?heuristic=bottom&backtrack=0');
  await page.locator('[data-square="a1"]').click();
  await fastest(page);
  await toEnd(page);
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });
  const left = await page.locator('[data-unvisited="true"]').count();
  expect(left).toBeGreaterThan(0);
  expect(left + Object.keys(await readBoard(page)).length).toBe(64);
  await expect(page.locator('[data-status]')).toContainText(`${left} squares never visited`);
  await page.screenshot({ path: `${shots}knight-bottom-fails.png`, fullPage: true });
});

test('paused, the page names the next move and the onward counts; back then forward is the same board', async ({ page }) => {
  await openKnight(page, '#/knight?start=a1&heuristic=warnsdorff&step=5');
  await expect(page.locator('[data-step="6"]')).toHaveCount(1, { timeout: 30_000 });
  const before = await readBoard(page);
  await expect(page.locator('.next-move')).toContainText('fewest onward moves');
  const next = await page.locator('.next-move').getAttribute('data-next');
  await expect(page.locator(`[data-square="${next}"]`)).toHaveAttribute('data-onward', /\d/);
  await page.locator('[data-action="step-back"]').click();
  await page.locator('[data-action="step"]').click();
  expect(await readBoard(page)).toEqual(before);
  await page.locator('[data-action="step"]').click();
  await expect(page.locator(`[data-square="${next}"]`)).toHaveAttribute('data-step', '7');
  await page.screenshot({ path: `${shots}knight-paused.png`, fullPage: true });
});

test('the all-starts map colours every square and tallies 35 of 36 on 6x6', async ({ page }) => {
  // The page's default rule (Warnsdorff, Roth's ties, backtracking) answers from every square.
  await openKnight(page, '#/knight?board=6x6');
  await expect(page.locator('select[name="heuristic"]')).toHaveValue('warnsdorff');
  await expect(page.locator('select[name="tie"]')).toBeEnabled();
  await page.locator('[data-action="all-starts"]').click();
  await expect(page.locator('[data-status]')).toContainText('36 of 36 starts on 6x6 give a tour', { timeout: 30_000 });
  // Plain Warnsdorff with ties in clockwise order fails from d4, as the JS article found.
  await openKnight(page, '#/knight?board=6x6&heuristic=warnsdorff&tie=first&backtrack=0');
  await page.locator('[data-action="all-starts"]').click();
  await expect(page.locator('[data-status]')).toContainText('35 of 36 starts on 6x6 give a tour', { timeout: 30_000 });
  await expect(page.locator('[data-outcome="solved"]')).toHaveCount(35);
  await expect(page.locator('[data-square="d4"]')).toHaveAttribute('data-outcome', 'failed');
  await page.screenshot({ path: `${shots}knight-all-starts.png`, fullPage: true });
  await page.locator('[data-square="a1"]').click();
  await fastest(page);
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved', { timeout: 30_000 });
  await expect(page.locator('[data-outcome]')).toHaveCount(0);
});

test('keys drive the playback, and the tour comes out as text that checks out', async ({ page }) => {
  await openKnight(page, '#/knight?start=b1&step=0');
  await expect(page.locator('[data-status]')).toContainText('Paused at move 0', { timeout: 30_000 });
  await page.locator('h2').click(); // focus off the controls
  await page.keyboard.press('End');
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved');
  await page.keyboard.press('Home');
  await expect(page.locator('[data-step]')).toHaveCount(1);
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('[data-step]')).toHaveCount(3);
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('[data-step]')).toHaveCount(2);
  await page.keyboard.press('End');
  await page.locator('.export summary').click();
  const text = await page.locator('[data-tour-text]').inputValue();
  const steps = Object.fromEntries(text.split(' ').map((sq, i) => [sq, i + 1]));
  expect(checkTour(8, 8, 'b1', steps)).toBe(null);
  const href = await page.locator('[data-action="download-svg"]').getAttribute('href');
  expect(decodeURIComponent(href.split(',')[1])).toContain('<polyline');
});

test('a 300x300 board is drawn on a canvas and its tour as text checks out', async ({ page }) => {
  await page.goto('/index.html#/knight?board=300x300&start=0,0&tie=roth');
  await expect(page.locator('canvas[data-board="300x300"]')).toBeVisible();
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved', { timeout: 60_000 });
  await page.locator('.export summary').click();
  const text = await page.locator('[data-tour-text]').inputValue();
  const steps = Object.fromEntries(text.split(' ').map((sq, i) => [sq, i + 1]));
  expect(checkTour(300, 300, '0,0', steps)).toBe(null);
  await page.locator('[data-zoom="2"]').click();
  await page.screenshot({ path: `${shots}knight-300x300.png` });
  // A click on the canvas starts a tour from the square under the pointer.
  await page.locator('canvas').click({ position: { x: 1, y: 1 } });
  await expect(page).toHaveURL(/start=0%2C299|start=0,299/);
});

test('divide and conquer builds a closed tour on a big rectangle, checked from its text', async ({ page }) => {
  await page.goto('/index.html#/knight?board=420x250&start=17,33&heuristic=construct&closed=1');
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved', { timeout: 60_000 });
  await expect(page.locator('[data-status]')).toContainText('Closed tour');
  await expect(page.locator('[data-status]')).toContainText('divide and conquer');
  await page.locator('.export summary').click();
  const squares = (await page.locator('[data-tour-text]').inputValue()).split(' ');
  const steps = Object.fromEntries(squares.map((sq, i) => [sq, i + 1]));
  expect(checkTour(420, 250, '17,33', steps)).toBe(null);
  // Closed: the last square is a knight's move from the first.
  const [x0, y0] = squares[0].split(',').map(Number);
  const [x1, y1] = squares[squares.length - 1].split(',').map(Number);
  expect([Math.abs(x0 - x1), Math.abs(y0 - y1)].sort().join()).toBe('1,2');
});

test('where the construction stops, the page says why and what it did instead', async ({ page }) => {
  // A closed tour of a 3-wide board shorter than the strip's 14: an exact search answers.
  await page.goto('/index.html#/knight?board=3x10&heuristic=construct&closed=1');
  await page.locator('[data-square="a2"]').click();
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved', { timeout: 30_000 });
  await expect(page.locator('[data-status]')).toContainText('exact search');
  // An inner square of a 4-wide board: no tour, by theorem, before any search.
  await page.goto('/index.html#/knight?board=4x10&heuristic=construct');
  await page.locator('[data-square="b1"]').click();
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'impossible');
  await expect(page.locator('[data-status]')).toContainText('4-wide');
  // Long 3- and 4-wide boards from the middle, closed where possible: built as strips.
  for (const hash of ['board=4x200&start=a100', 'board=300x3&start=150,1&closed=1']) {
    await page.goto(`/index.html#/knight?${hash}&heuristic=construct`);
    await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved', { timeout: 30_000 });
    await expect(page.locator('[data-status]')).toContainText('Built by divide and conquer');
  }
});

test('the all-starts map also colours a canvas board', async ({ page }) => {
  await page.goto('/index.html#/knight?board=70x70&heuristic=warnsdorff&tie=roth&backtrack=0');
  await expect(page.locator('canvas[data-board="70x70"]')).toBeVisible();
  await page.locator('[data-action="all-starts"]').click();
  await expect(page.locator('canvas')).toHaveAttribute('data-outcomes', '4900', { timeout: 60_000 });
  await expect(page.locator('[data-status]')).toContainText('of 4900');
  await page.screenshot({ path: `${shots}knight-all-starts-70x70.png` });
});

test('paused on a canvas board, the candidates show with their onward moves', async ({ page }) => {
  await page.goto('/index.html#/knight?board=70x70&start=a1&heuristic=warnsdorff&backtrack=0&step=10');
  const canvas = page.locator('canvas[data-board="70x70"]');
  await expect(canvas).toHaveAttribute('data-candidates', /:/, { timeout: 30_000 });
  const read = async () => (await canvas.getAttribute('data-candidates')).split(' ').map((c) => {
    const [, name, onward, mark] = c.match(/^(.+):(\d+)([*=]?)$/);
    return { name, onward: Number(onward), mark };
  });
  const before = await read();
  const chosen = before.filter((c) => c.mark === '*');
  expect(chosen).toHaveLength(1);
  // Warnsdorff: the chosen square has the fewest onward moves of them all.
  expect(chosen[0].onward).toBe(Math.min(...before.map((c) => c.onward)));
  await expect(page.locator('.next-move')).toHaveAttribute('data-next', chosen[0].name);
  await page.locator('[data-zoom="8"]').click();
  // Zoomed in, the view moves to where the knight is (near a1: the window's top is lower).
  await expect.poll(async () => Number((await canvas.getAttribute('data-view')).split(',')[1])).toBeGreaterThan(0);
  await page.locator('.canvas-scroll').screenshot({ path: `${shots}knight-canvas-candidates.png` });
  await page.locator('[data-action="step"]').click();
  await expect(canvas).not.toHaveAttribute('data-candidates', before.map((c) => `${c.name}:${c.onward}${c.mark}`).join(' '));
});

test('what make serve serves: a 6x6 tour from a1 and a 2000x2000 closed tour both succeed', async ({ page }) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/index.html#/knight?board=6x6&start=a1');
  await page.locator('[data-action="end"]').click();
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved', { timeout: 30_000 });
  expect(checkTour(6, 6, 'a1', await readBoard(page))).toBe(null);
  await page.goto('/index.html#/knight?board=2000x2000&start=0,0&heuristic=construct&closed=1');
  await expect(page.locator('[data-status]')).toHaveAttribute('data-status', 'solved', { timeout: 90_000 });
  expect(errors).toEqual([]);
});
