// The algorithm beside the machine (issue 39): the code view lights the line the search
// machine reported for the step shown, with the machine's variables beside it, and "What
// would it do next?" scores guesses of the knight's next move.
import { test, expect } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { checkTour, readBoard } from './tour-check.mjs';
import { POCKET, RUBIK } from './cube-models.mjs';

const shots = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });

// Warnsdorff, clockwise ties, backtracking without pruning: 3,442 steps, many backtracks.
const RULE = 'board=5x5&start=c1&heuristic=warnsdorff&tie=first&backtrack=1&forward-check=0&fast-backtrack=0';
const OPTIONS = { heuristic: 'warnsdorff', tieBreak: 'first', backtrack: true, forwardCheck: false, fastBacktrack: false };

const player = (page) => page.locator('[data-search]');
const current = (page) => page.locator('[data-code] [data-code-line][aria-current="step"]');
const codeVar = (page, name) => page.locator(`[data-code-var="${name}"]`);

/** The machine's own frame at `step`, through the JS API. */
async function machineFrame(page, step) {
  return page.evaluate(([step, options]) => {
    const t = new window.wasmBindings.SearchTimeline('5x5', 'c1', options);
    t.run(1e9);
    return t.frame(step);
  }, [step, OPTIONS]);
}

/** The code view shows the machine's line and variables at `step`. */
async function expectMachine(page, step) {
  await expect(player(page)).toHaveAttribute('data-search-step', String(step));
  const f = await machineFrame(page, step);
  await expect(current(page)).toHaveAttribute('data-code-line', String(f.line));
  await expect(current(page)).toHaveCount(1);
  await expect(codeVar(page, 'depth')).toHaveText(String(f.path.length - 1));
  await expect(codeVar(page, 'here')).toHaveText(f.path[f.path.length - 1]);
  const cands = f.candidates.map((c) => `${c.square} (${c.onward})`).join(', ');
  await expect(codeVar(page, 'candidates')).toHaveText(cands || '—');
  await expect(codeVar(page, 'tried')).toHaveText(f.tried.join(', ') || '—');
  return f.line;
}

test('stepping, stepping back and scrubbing move the lit line to the machine\'s', async ({ page }) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`/index.html#/knight?${RULE}&search=0&view=code`);
  await expect(page.locator('[data-code="knight"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[data-code-line]')).toHaveCount(12);
  await expect(page.locator('[data-action="view-code"]')).toHaveAttribute('aria-pressed', 'true');
  await expectMachine(page, 0);
  // The hand trace: sixteen squares ranked (line 7), a5 a dead end taken back (11),
  // c4's next candidate (8).
  const lines = [];
  for (let k = 1; k <= 18; k++) {
    await page.locator('[data-action="step"]').click();
    lines.push(await expectMachine(page, k));
  }
  expect(lines).toEqual([...Array(16).fill(7), 11, 8]);
  await expect(codeVar(page, 'here')).toHaveText('e3');
  await page.screenshot({ path: `${shots}code-knight-1366.png` });
  // Back: the board and the line go back together.
  await page.locator('[data-action="step-back"]').click();
  expect(await expectMachine(page, 17)).toBe(11);
  await expect(codeVar(page, 'tried')).toHaveText('a5');
  const board = await readBoard(page);
  expect(Object.keys(board).length).toBe(16);
  // Scrubbing far into the search.
  await page.locator('[data-action="scrub"]').fill('500');
  await expectMachine(page, 500);
  // At the end the tour is complete (line 9) and checked.
  await page.locator('[data-action="end"]').click();
  await expect(player(page)).toHaveAttribute('data-event', 'solved');
  await expect(current(page)).toHaveAttribute('data-code-line', '9');
  expect(checkTour(5, 5, 'c1', await readBoard(page))).toBe(null);
  // The link keeps the view.
  expect(page.url()).toContain('view=code');
  expect(errors).toEqual([]);
});

test('the code view in both themes at 1366 and 375 px, knight with each option and queens', async ({ page }) => {
  // The knight's search with each option, at a step where the option's own line is lit
  // (the hand traces of code_lines.rs): backtracking's step back (11), greedy stuck (4),
  // forward checking's stranded square (5), fast backtracking's jump to a tie (12).
  const knight = 'board=5x5&start=c1&heuristic=warnsdorff&tie=first&backtrack=1';
  for (const [name, shot, hash, line] of [
    ['knight', 'knight', `#/knight?${RULE}&search=17&view=code`, 11],
    ['knight', 'knight-greedy', `#/knight?board=5x5&start=c1&heuristic=warnsdorff&tie=first&backtrack=0&search=17&view=code`, 4],
    ['knight', 'knight-forward-check', `#/knight?${knight}&forward-check=1&fast-backtrack=0&search=19&view=code`, 5],
    ['knight', 'knight-fast-backtrack', `#/knight?${knight}&forward-check=0&fast-backtrack=1&search=17&view=code`, 12],
    ['queens', 'queens', '#/queens?n=5&mode=search&step=7&view=code', null],
  ]) {
    for (const [w, h] of [[1366, 768], [375, 800]]) {
      await page.setViewportSize({ width: w, height: h });
      await page.goto(`/index.html${hash}`);
      await expect(page.locator(`[data-code="${name}"]`)).toBeVisible({ timeout: 30_000 });
      await expect(current(page)).toHaveCount(1);
      if (line) await expect(current(page)).toHaveAttribute('data-code-line', String(line));
      if (w > 400) await expectOneScreen(page, shot);
      for (const scheme of ['light', 'dark']) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: `${shots}code-${shot}-${w}-${scheme}.png`, fullPage: w < 400 });
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }
  }
});

/** Where the race's view is not seen at once: the page scrolls (down or sideways), the dock
 * was scrolled, a lit line of either listing is outside the dock's visible box or the
 * window, a board or a player button outside the window. Empty when all is seen. */
async function raceUnseen(page) {
  return page.evaluate(() => {
    const out = [];
    const win = { left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight };
    const inside = (el, b, what) => {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.left < b.left - 1 || r.top < b.top - 1 || r.right > b.right + 1 || r.bottom > b.bottom + 1) {
        out.push(`${what} at ${Math.round(r.left)},${Math.round(r.top)}–${Math.round(r.right)},${Math.round(r.bottom)}`);
      }
    };
    const page = document.scrollingElement;
    if (page.scrollHeight > window.innerHeight) out.push(`the page scrolls down ${page.scrollHeight - window.innerHeight} px`);
    if (page.scrollWidth > window.innerWidth) out.push(`the page scrolls sideways ${page.scrollWidth - window.innerWidth} px`);
    const dock = document.querySelector('.wb-dock');
    if (dock.scrollTop > 0) out.push(`the dock was scrolled ${dock.scrollTop} px`);
    const d = dock.getBoundingClientRect();
    const seen = { left: d.left, top: d.top, right: Math.min(d.right, win.right), bottom: Math.min(d.bottom, win.bottom) };
    for (const name of ['count-brute', 'count-backtrack']) {
      const lit = document.querySelectorAll(`[data-code="${name}"] [aria-current="step"]`);
      if (lit.length !== 1) out.push(`${name}: ${lit.length} lit lines`);
      else inside(lit[0], seen, `${name}'s lit line`);
    }
    for (const board of document.querySelectorAll('.wb-stage [data-live] .board')) inside(board, win, `the ${board.closest('[data-live]').dataset.live} board`);
    for (const action of ['play', 'step', 'step-back', 'end']) {
      const button = document.querySelector(`.wb-player [data-action="${action}"]`);
      if (button) inside(button, win, `the ${action} button`);
      else out.push(`no ${action} button`);
    }
    return out;
  });
}

test('the counting race: both listings side by side, each line lit by its counter, on one screen', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/index.html#/count?board=3x3&start=a1&closed=0&watch=race&level=2&step=9');
  const brute = page.locator('[data-code="count-brute"]');
  const back = page.locator('[data-code="count-backtrack"]');
  await expect(brute).toBeVisible({ timeout: 30_000 });
  await expect(back).toBeVisible();
  await expect(current(page)).toHaveCount(2);
  // Side by side, in the order of the boards on the stage: brute force left.
  const [b, k] = [await brute.boundingBox(), await back.boundingBox()];
  expect(Math.abs(b.y - k.y), 'the listings start on one line').toBeLessThan(2);
  expect(b.x + b.width, 'brute force left of backtracking').toBeLessThanOrEqual(k.x);
  await expect(brute.locator('.code-title')).toHaveText('Brute force');
  await expect(back.locator('.code-title')).toHaveText('Backtracking');
  /** The machines after `k` steps, through the JS API. */
  const machines = (k) => page.evaluate((k) => ['brute-force', 'backtracking'].map((method) => {
    const c = new window.wasmBindings.NaiveCounter('3x3', { method, start: 'a1' });
    for (let i = 0; i < k; i++) c.step();
    return { ...c.progress(), line: c.line() };
  }), k);
  // Each step moves each listing's line and variables to its own machine's, and the
  // stage, the player and both lit lines stay on the one screen.
  for (let k = 9; k <= 14; k++) {
    if (k > 9) await player(page).locator('[data-action="step"]').click();
    await expect(player(page)).toHaveAttribute('data-search-step', String(k));
    const [bm, km] = await machines(k);
    await expect(brute.locator('[aria-current="step"]')).toHaveAttribute('data-code-line', String(bm.line));
    await expect(back.locator('[aria-current="step"]')).toHaveAttribute('data-code-line', String(km.line));
    await expect(brute.locator('[data-code-var="checked"]')).toHaveText(String(bm.nodes));
    await expect(back.locator('[data-code-var="tours"]')).toHaveText(String(km.tours));
    expect(await raceUnseen(page), `step ${k} at 1366x768`).toEqual([]);
  }
  // Backtracking's steps back (line 4) are seen beside brute force's failed checks (2).
  await expect(back.locator('[aria-current="step"]')).toHaveAttribute('data-code-line', '4');
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${shots}code-count-race-1366-${scheme}.png` });
  }
  // Back again: both lines follow.
  await player(page).locator('[data-action="step-back"]').click();
  await expect(player(page)).toHaveAttribute('data-search-step', '13');
  const [bm, km] = await machines(13);
  await expect(brute.locator('[aria-current="step"]')).toHaveAttribute('data-code-line', String(bm.line));
  await expect(back.locator('[aria-current="step"]')).toHaveAttribute('data-code-line', String(km.line));
  expect(await raceUnseen(page), 'stepped back at 1366x768').toEqual([]);

  // A phone: one listing under the other, nothing wider than the screen; the page
  // scrolls down to them (under the stage), never sideways.
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/index.html#/count?board=3x3&start=a1&closed=0&watch=race&level=2&step=9');
  await expect(back).toBeVisible({ timeout: 30_000 });
  const [pb, pk] = [await brute.boundingBox(), await back.boundingBox()];
  expect(pb.y + pb.height, 'brute force above backtracking').toBeLessThanOrEqual(pk.y);
  const wide = await page.evaluate(() => ({
    page: document.scrollingElement.scrollWidth - window.innerWidth,
    codes: [...document.querySelectorAll('[data-code]')].map((c) => c.getBoundingClientRect().right - window.innerWidth),
    over: [...document.querySelectorAll('[data-code] *')].filter((el) => el.scrollWidth > el.clientWidth + 1).length,
  }));
  expect(wide.page, 'no sideways scroll at 375 px').toBeLessThanOrEqual(0);
  expect(wide.codes.every((r) => r <= 0), `the listings inside the screen: ${wide.codes}`).toBe(true);
  expect(wide.over, 'no text of a listing runs past its box').toBe(0);
  await back.locator('[aria-current="step"]').scrollIntoViewIfNeeded();
  // Stepping from down there: the step button is in the sticky bar, the lines follow.
  await player(page).locator('[data-action="step"]').click();
  await expect(player(page)).toHaveAttribute('data-search-step', '10');
  const [pbm, pkm] = await machines(10);
  await expect(brute.locator('[aria-current="step"]')).toHaveAttribute('data-code-line', String(pbm.line));
  await expect(back.locator('[aria-current="step"]')).toHaveAttribute('data-code-line', String(pkm.line));
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${shots}code-count-race-375-${scheme}.png`, fullPage: true });
    await brute.evaluate((el) => el.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: `${shots}code-count-race-375-${scheme}-screen.png` });
  }
});

test('queens: each step lights the machine\'s line and shows its queens', async ({ page }) => {
  await page.goto('/index.html#/queens?n=5&mode=search&step=0&view=code');
  await expect(page.locator('[data-code="queens"]')).toBeVisible({ timeout: 30_000 });
  for (let k = 1; k <= 10; k++) {
    await page.locator('[data-action="step"]').click();
    await expect(player(page)).toHaveAttribute('data-search-step', String(k));
    const machine = await page.evaluate((k) => {
      const s = new window.wasmBindings.QueensSearch(5);
      for (let i = 0; i < k; i++) s.step();
      return { line: s.line(), queens: s.placement(), next: s.nextRow() };
    }, k);
    await expect(current(page)).toHaveAttribute('data-code-line', String(machine.line));
    await expect(codeVar(page, 'queens')).toHaveText(machine.queens || '—');
    await expect(codeVar(page, 'row')).toHaveText(String(machine.next + 1));
  }
  // a1 b3 c5 d2 placed, e4 a solution, then back: the listing's lines 2 2 2 2 3 4 5 5 5 2.
  await expect(current(page)).toHaveAttribute('data-code-line', '2');
  await expect(codeVar(page, 'queens')).toHaveText('a1 b4');
  await page.locator('[data-action="step-back"]').click();
  await expect(current(page)).toHaveAttribute('data-code-line', '5');
});

test('predicting: the rule\'s choices score, another square is wrong with the reason, the link reopens it', async ({ page, context }) => {
  await page.goto(`/index.html#/knight?${RULE}&predict=1`);
  const predict = page.locator('[data-predict]');
  await expect(predict).toBeVisible({ timeout: 30_000 });
  await expect(predict).toHaveAttribute('data-asked', '0');
  await expect(player(page)).toHaveAttribute('data-search-step', '0');
  // The machine's choices, through the JS API: the first five moves.
  const choices = await page.evaluate((options) => {
    const t = new window.wasmBindings.KnightTour('5x5', 'c1', options);
    for (let i = 0; i < 5; i++) t.step();
    return t.path().slice(1);
  }, OPTIONS);
  for (let i = 0; i < 4; i++) {
    await page.locator(`[data-square="${choices[i]}"]`).click();
    await expect(predict).toHaveAttribute('data-asked', String(i + 1));
    await expect(page.locator('[data-verdict]')).toHaveAttribute('data-verdict', 'right');
  }
  await expect(predict).toHaveAttribute('data-score', '4');
  // A square the rule does not take: wrong, with its onward count and the rule's choice.
  const other = await page.evaluate(([options, chosen]) => {
    const t = new window.wasmBindings.KnightTour('5x5', 'c1', options);
    for (let i = 0; i < 4; i++) t.step();
    return t.code().candidates.find((c) => c.square !== chosen);
  }, [OPTIONS, choices[4]]);
  await page.locator(`[data-square="${other.square}"]`).click();
  await expect(predict).toHaveAttribute('data-asked', '5');
  await expect(predict).toHaveAttribute('data-score', '4');
  const verdict = page.locator('[data-verdict]');
  await expect(verdict).toHaveAttribute('data-verdict', 'wrong');
  await expect(verdict).toHaveAttribute('data-chosen', choices[4]);
  await expect(verdict).toContainText(`${other.square} has ${other.onward} onward moves; the rule takes ${choices[4]}`);
  await expect(player(page)).toHaveAttribute('data-search-step', '5');
  await page.screenshot({ path: `${shots}predict-knight-1366.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${shots}predict-knight-1366-dark.png` });
  await page.emulateMedia({ colorScheme: 'light' });
  // The link reopens the mode at the same step.
  await expect.poll(() => page.url()).toContain('search=5');
  const again = await context.newPage();
  await again.goto(page.url());
  await expect(again.locator('[data-predict]')).toBeVisible({ timeout: 30_000 });
  await expect(again.locator('[data-search]')).toHaveAttribute('data-search-step', '5');
  await expect(again.locator('[data-action="predict"]')).toHaveAttribute('aria-pressed', 'true');
  await again.setViewportSize({ width: 375, height: 800 });
  await again.screenshot({ path: `${shots}predict-knight-375.png`, fullPage: true });
});

test('the pocket cube breadth-first search lights the line its machine reported', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/index.html#/cube');
  await expect(page.locator('.distance-chart')).toBeVisible({ timeout: 30_000 });
  await page.locator('[data-action="watch-bfs"]').click();
  const bfs = page.locator('[data-search]');
  await expect(bfs).toHaveAttribute('data-search-step', '0');
  await expect(page.locator('[data-code="cube-bfs"]')).toBeVisible();
  await expect(current(page)).toHaveAttribute('data-code-line', '1');
  expect((await expectBfsMachine(page, 0)).line).toBe(1);
  // Layers 0, 1, 2 fit one batch each: every step ends a layer (line 3).
  for (const [d, frontier, reached] of [[1, 9, 10], [2, 54, 64], [3, 321, 385]]) {
    await bfs.locator('[data-action="step"]').click();
    await expect(bfs).toHaveAttribute('data-search-step', String(d));
    await expect(current(page)).toHaveAttribute('data-code-line', '3');
    await expect(codeVar(page, 'depth')).toHaveText(String(d));
    await expect(codeVar(page, 'frontier')).toHaveText(String(frontier));
    await expect(codeVar(page, 'reached')).toHaveText(String(reached));
    const m = await expectBfsMachine(page, d);
    expect(m.events).toEqual(Array(d).fill('layer'));
  }
  // Back, step by step, to the start: line 1 again.
  for (const d of [2, 1, 0]) {
    await bfs.locator('[data-action="step-back"]').click();
    await expect(bfs).toHaveAttribute('data-search-step', String(d));
    await expectBfsMachine(page, d);
  }
  await expect(current(page)).toHaveAttribute('data-code-line', '1');
  await expect(codeVar(page, 'frontier')).toHaveText('1');
  // Step 7 expands the first batch of layer 6 (50,136 positions): line 2, 16,384 done.
  for (let i = 0; i < 7; i++) await bfs.locator('[data-action="step"]').click();
  await expect(bfs).toHaveAttribute('data-search-step', '7');
  await expect(current(page)).toHaveAttribute('data-code-line', '2');
  expect((await expectBfsMachine(page, 7)).events.at(-1)).toBe('expand');
  await bfs.locator('[data-action="step-back"]').click();
  await expect(bfs).toHaveAttribute('data-search-step', '6');
  await expectBfsMachine(page, 6);
  await bfs.locator('[data-action="step"]').click();
  await expect(bfs).toHaveAttribute('data-search-step', '7');
  // Thousands written with separators, as the stats above write them.
  await expect(codeVar(page, 'not yet processed')).toHaveText('33,752');
  await expect(codeVar(page, 'frontier')).toHaveText('50,136');
  await expect(page.locator('[data-bfs="frontier"]')).toHaveText('50,136');
  await expectOneScreen(page, 'expanding layer 6');
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${shots}code-cube-bfs-1366-${scheme}.png` });
  }
  // At the end (line 4) the antipodes' button joins the dock: still one screen.
  await bfs.locator('[data-action="end"]').click();
  await expect(bfs).toHaveAttribute('data-event', 'solved', { timeout: 60_000 });
  await expect(current(page)).toHaveAttribute('data-code-line', '4');
  await expect(codeVar(page, 'reached')).toHaveText('3,674,160');
  // The JS API's search run to the end stops where the page's did, on line 4.
  const end = Number(await bfs.getAttribute('data-search-step'));
  const done = await page.evaluate(() => {
    const s = new window.wasmBindings.CubeSearch('htm');
    const status = s.run(1e9);
    return { status, ...s.code(), after: s.step() ?? null };
  });
  expect(done).toMatchObject({ status: 'solved', step: end, line: 4, reached: 3674160, after: null });
  // A metric it does not know: a clear error, no panic.
  const bad = await page.evaluate(() => {
    try { new window.wasmBindings.CubeSearch('stm'); return null; } catch (e) { return e.message; }
  });
  expect(bad).toMatch(/htm|qtm/);
  await expectOneScreen(page, 'the search done');
  await page.screenshot({ path: `${shots}code-cube-bfs-1366-done-dark.png` });
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: `${shots}code-cube-bfs-375-${scheme}.png`, fullPage: true });
  }
});

/** The pocket cube's net as 24 letters, in the models' order. */
async function readNet(page) {
  const order = ['U0', 'U1', 'U2', 'U3', 'L0', 'L1', 'F0', 'F1', 'R0', 'R1', 'B0', 'B1',
    'L2', 'L3', 'F2', 'F3', 'R2', 'R3', 'B2', 'B3', 'D0', 'D1', 'D2', 'D3'];
  const colours = await page.locator('[data-sticker]:not([data-view])').evaluateAll((els) =>
    Object.fromEntries(els.map((el) => [el.dataset.sticker, el.dataset.color])));
  return order.map((s) => colours[s]).join('');
}

/** The page's breadth-first search code view shows what the JS API's `CubeSearch` reports
 *  after `k` steps: the same line and variables; returns the API's code and step events. */
async function expectBfsMachine(page, k) {
  const m = await page.evaluate((k) => {
    const s = new window.wasmBindings.CubeSearch('htm');
    const events = [];
    for (let i = 0; i < k; i++) events.push(s.step());
    return { ...s.code(), apiLine: s.line(), events };
  }, k);
  expect(m.step).toBe(k);
  expect(m.apiLine).toBe(m.line);
  await expect(current(page)).toHaveAttribute('data-code-line', String(m.line));
  const vars = { depth: 'depth', frontier: 'frontier', 'not yet processed': 'notYetProcessed', next: 'next', reached: 'reached' };
  for (const [name, key] of Object.entries(vars)) {
    await expect(codeVar(page, name)).toHaveText(m[key].toLocaleString('en-US'));
  }
  return m;
}

/** One screen (1366×768): the page does not scroll, the dock is not scrolled (the rest of
 *  the workbench's dock may follow under the search), and the whole code view, listing and
 *  variables, is in the dock's view with the stage and the player. */
async function expectOneScreen(page, when) {
  const fit = await page.evaluate(() => {
    const dock = document.querySelector('.wb-dock');
    const view = dock.getBoundingClientRect();
    const code = document.querySelector('[data-code]').getBoundingClientRect();
    return {
      page: document.scrollingElement.scrollHeight - window.innerHeight,
      scrolled: dock.scrollTop,
      top: code.top - view.top,
      below: code.bottom - Math.min(view.bottom, window.innerHeight),
    };
  });
  expect(fit.page, `${when}: the page scrolls`).toBeLessThanOrEqual(0);
  expect(fit.scrolled, `${when}: the dock was scrolled`).toBe(0);
  expect(fit.top, `${when}: the code view's top in the dock`).toBeGreaterThanOrEqual(0);
  expect(fit.below, `${when}: the code view's bottom under the dock's`).toBeLessThanOrEqual(0);
  for (const sel of ['.wb-stage', '.wb-player [data-action="play"]', '.wb-player [data-action="step"]']) {
    const box = await page.locator(sel).first().boundingBox();
    expect(box.y + box.height, `${when}: ${sel} in view`).toBeLessThanOrEqual(769);
  }
}

test('the pocket cube optimal solve reports its lines through the JS API, as the CLI does', async ({ page }) => {
  await page.goto('/index.html#/cube');
  await page.waitForFunction(() => window.wasmBindings && window.wasmBindings.CubeTable);
  const traces = await page.evaluate(() => {
    const b = window.wasmBindings;
    const table = new b.CubeTable('htm');
    table.run(1e9);
    return ['', 'R', 'R U'].map((moves) => {
      const cube = new b.PocketCube();
      if (moves) cube.apply(moves);
      return { trace: cube.solveTrace(table), solution: cube.solve(table) };
    });
  });
  // The hand traces of cli_trace.rs: solved at once (4); R: five turns tried (2), R'
  // solves (4); R U: U and U2 tried, U' taken (3), then as from R.
  const lines = traces.map((t) => t.trace.map((s) => s.line));
  expect(lines).toEqual([[4], [2, 2, 2, 2, 2, 4], [2, 2, 3, 2, 2, 2, 2, 2, 4]]);
  expect(traces[2].trace.map((s) => s.turn)).toEqual(['U', 'U2', "U'", 'U', 'U2', "U'", 'R', 'R2', "R'"]);
  expect(traces[2].trace.map((s) => s.distance)).toEqual([2, 2, 1, 1, 1, 1, 1, 1, 0]);
  // The turns taken are the solution, which solves the cube (the independent model).
  const taken = traces[2].trace.filter((s) => s.event === 'take').map((s) => s.turn).join(' ');
  expect(taken).toBe(traces[2].solution);
  expect(POCKET.apply(POCKET.apply(POCKET.solved, 'R U'), taken)).toBe(POCKET.solved);
  // Unbuilt table: a clear error, no panic.
  const error = await page.evaluate(() => {
    const b = window.wasmBindings;
    try { new b.PocketCube().solveTrace(new b.CubeTable('htm')); return null; } catch (e) { return e.message; }
  });
  expect(error).toMatch(/table/);
});

test('the pocket cube optimal solve: stepping the solution lights the walk\'s lines', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  const state = POCKET.apply(POCKET.solved, "R U F' R2 U'");
  await page.goto(`/index.html#/cube?state=${state}`);
  await expect(page.locator('.distance-chart [data-distance]').first()).toBeVisible({ timeout: 30_000 });
  await page.locator('[data-action="solve"]').click();
  await expect(page.locator('[data-solution]')).toContainText('Optimal solution', { timeout: 30_000 });
  const moves = (await page.locator('[data-solution]').getAttribute('data-solution')).split(' ');
  // The machine's walk through the JS API: the turns it takes are the page's solution.
  const trace = await page.evaluate((state) => {
    const b = window.wasmBindings;
    const table = new b.CubeTable('htm');
    table.run(1e9);
    return new b.PocketCube(state).solveTrace(table);
  }, state);
  const takes = trace.flatMap((s, i) => (s.event === 'take' ? [i] : []));
  expect(takes.map((i) => trace[i].turn)).toEqual(moves);
  expect(POCKET.apply(state, moves.join(' '))).toBe(POCKET.solved);
  const view = page.locator('[data-code="cube-solve"]');
  const stepper = page.locator('.wb-player');
  /** After k turns: the line of the step that took the k-th turn, its d and turn, and the
   *  distances the walk read for the turns it compared there. */
  async function expectTurn(k) {
    if (k === 0) {
      await expect(current(page)).toHaveAttribute('data-code-line', '1');
      await expect(codeVar(page, 'd')).toHaveText(String(moves.length));
      await expect(codeVar(page, 'g')).toHaveText('—');
      return;
    }
    const at = takes[k - 1];
    const from = k === 1 ? 0 : takes[k - 2] + 1;
    await expect(current(page)).toHaveAttribute('data-code-line', String(trace[at].line));
    await expect(current(page)).toHaveCount(1);
    await expect(codeVar(page, 'depth')).toHaveText(String(k));
    await expect(codeVar(page, 'd')).toHaveText(String(trace[at].distance));
    await expect(codeVar(page, 'g')).toHaveText(trace[at].turn);
    const reads = trace.slice(from, at + 1).map((s) => `${s.turn} ${s.read}`).join(', ');
    await expect(codeVar(page, 'neighbours')).toHaveText(reads);
  }
  await expect(view).toBeVisible();
  await expectTurn(0);
  for (let k = 1; k <= moves.length; k++) {
    await stepper.locator('[data-action="step"]').click();
    await expectTurn(k);
    if (k === 2) await expectOneScreen(page, 'the solve at turn 2');
    if (k === 2) {
      for (const scheme of ['light', 'dark']) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: `${shots}code-cube-solve-1366-${scheme}.png` });
      }
    }
  }
  await expect(current(page)).toHaveAttribute('data-code-line', '4');
  // Back, one turn: the highlight goes back with the cube.
  await stepper.locator('[data-action="step-back"]').click();
  await expectTurn(moves.length - 1);
  await stepper.locator('[data-action="reset"]').click();
  await expectTurn(0);
  // The listing's own stepper: every step the walk reported, the turns tried and left
  // (line 2) too; the cube shows the turns taken by then.
  const walk = page.locator('[data-walk-step]');
  await expect(walk).toHaveAttribute('data-walk-steps', String(trace.length));
  const expectWalk = async (i) => {
    await expect(walk).toHaveAttribute('data-walk-step', String(i + 1));
    await expect(current(page)).toHaveAttribute('data-code-line', String(trace[i].line));
    await expect(codeVar(page, 'g')).toHaveText(trace[i].turn);
    await expect(codeVar(page, 'd')).toHaveText(String(trace[i].distance));
    const turns = trace.slice(0, i + 1).filter((s) => s.event === 'take').length;
    await expect(codeVar(page, 'depth')).toHaveText(String(turns));
    await expect(stepper.locator('[data-action="scrub"]')).toHaveValue(String(turns));
    expect(await readNet(page)).toBe(POCKET.apply(state, moves.slice(0, turns).join(' ')));
  };
  const seen = new Set();
  for (let i = 0; i < trace.length; i++) {
    await page.locator('[data-action="walk-next"]').click();
    await expectWalk(i);
    seen.add(trace[i].line);
    if (i === 1) {
      for (const scheme of ['light', 'dark']) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.screenshot({ path: `${shots}code-cube-walk-1366-${scheme}.png` });
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }
  }
  expect([...seen].sort()).toEqual([2, 3, 4]);
  await expect(page.locator('[data-action="walk-next"]')).toBeDisabled();
  // Back across a turn taken: the cube turns back with the listing.
  const lastTake = takes.at(-2);
  for (let i = trace.length - 2; i >= lastTake; i--) {
    await page.locator('[data-action="walk-back"]').click();
    await expectWalk(i);
  }
  // The player's turn puts the listing on the step that took it.
  await stepper.locator('[data-action="step-back"]').click();
  await expectTurn(moves.length - 2);
  await stepper.locator('[data-action="reset"]').click();
  await expectTurn(0);
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: `${shots}code-cube-solve-375-${scheme}.png`, fullPage: true });
  }
});

test('the counting lab: brute force\'s odometer and backtracking beside their listings', async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  // Backtracking on 3×3 from a1 (hand trace in code_lines.rs): the outer ring one way,
  // seven moves (2), stuck, seven steps back (4), the other way round, back, done (5).
  await page.goto('/index.html#/count?board=3x3&start=a1&closed=0&watch=backtrack&level=2');
  await expect(player(page)).toHaveAttribute('data-search', 'backtrack');
  const back = page.locator('[data-code="count-backtrack"]');
  await expect(back.locator('[aria-current="step"]')).toHaveAttribute('data-code-line', '1');
  const round = [2, 2, 2, 2, 2, 2, 2, 4, 4, 4, 4, 4, 4, 4];
  const hand = [...round, ...round, 5];
  /** The machine after `k` steps, through the JS API. */
  const machine = (method, k) => page.evaluate(([method, k]) => {
    const c = new window.wasmBindings.NaiveCounter('3x3', { method, start: 'a1' });
    for (let i = 0; i < k; i++) c.step();
    return { ...c.progress(), line: c.line() };
  }, [method, k]);
  const step = player(page).locator('[data-action="step"]');
  for (let k = 1; k <= 9; k++) {
    await step.click();
    await expect(player(page)).toHaveAttribute('data-search-step', String(k));
    await expect(back.locator('[aria-current="step"]')).toHaveAttribute('data-code-line', String(hand[k - 1]));
    // Depth: moves on the path; after seven moves and two steps back, five.
    const depth = k <= 7 ? k : 7 - (k - 7);
    await expect(back.locator('[data-code-var="depth"]')).toHaveText(String(depth));
    const m = await machine('backtracking', k);
    await expect(back.locator('[data-code-var="tours"]')).toHaveText(String(m.tours));
    // NaiveCounter.line() is the line the page lights.
    expect(m.line).toBe(hand[k - 1]);
  }
  await expectOneScreen(page, 'backtracking at step 9');
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${shots}code-count-backtrack-1366-${scheme}.png` });
  }
  // Back two steps: the highlight goes back to the last move (2).
  await player(page).locator('[data-action="step-back"]').click();
  await player(page).locator('[data-action="step-back"]').click();
  await expect(player(page)).toHaveAttribute('data-search-step', '7');
  await expect(back.locator('[aria-current="step"]')).toHaveAttribute('data-code-line', '2');
  await expect(back.locator('[data-code-var="depth"]')).toHaveText('7');
  await player(page).locator('[data-action="end"]').click();
  await expect(back.locator('[aria-current="step"]')).toHaveAttribute('data-code-line', '5', { timeout: 30_000 });

  // Brute force on 3×3: no sequence is a tour, each check fails (2); the digits are the
  // odometer the page draws, the counts the machine's.
  await page.goto('/index.html#/count?board=3x3&start=a1&closed=0&watch=brute&level=2');
  await expect(player(page)).toHaveAttribute('data-search', 'brute');
  const brute = page.locator('[data-code="count-brute"]');
  await expect(brute.locator('[aria-current="step"]')).toHaveAttribute('data-code-line', '1');
  for (let k = 1; k <= 3; k++) {
    await player(page).locator('[data-action="step"]').click();
    await expect(player(page)).toHaveAttribute('data-search-step', String(k));
    await expect(brute.locator('[aria-current="step"]')).toHaveAttribute('data-code-line', '2');
    const odometer = (await page.locator('[data-sequence]').getAttribute('data-sequence')).split('').join(' ');
    await expect(brute.locator('[data-code-var="digits"]')).toHaveText(odometer);
    const m = await machine('brute-force', k);
    expect(m.line).toBe(2);
    await expect(brute.locator('[data-code-var="checked"]')).toHaveText(String(m.nodes));
    await expect(brute.locator('[data-code-var="tours"]')).toHaveText(String(m.tours));
  }
  await expect(brute.locator('[data-code-var="digits"]')).toHaveText('0 0 0 0 0 0 0 2');
  await expectOneScreen(page, 'brute force at step 3');
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${shots}code-count-brute-1366-${scheme}.png` });
  }
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: `${shots}code-count-brute-375-${scheme}.png`, fullPage: true });
  }
});

test('the Rubik\'s search: stepping its phases lights the lines the worker\'s search ran', async ({ page }) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/index.html#/rubik');
  await page.waitForFunction(() => window.wasmBindings?.RubiksCube);
  // R U at the default limit: the JS API runs the page's search and records its steps.
  const { state, trace } = await page.evaluate(() => {
    const c = new window.wasmBindings.RubiksCube();
    c.apply('R U');
    return { state: c.state(), trace: c.solveTrace() };
  });
  expect(trace[0].line).toBe(1);
  expect(trace.at(-1)).toMatchObject({ line: 9, stop: 'optimal', best: 2 });
  await page.goto(`/index.html#/rubik?state=${state}`);
  await page.locator('[data-action="solve"]').click();
  await expect(page.locator('[data-search-end="optimal"]')).toBeVisible({ timeout: 60_000 });
  const solution = await page.locator('[data-solution]').getAttribute('data-solution');
  // The solution checked on the independent sticker model.
  expect(RUBIK.apply(state, solution)).toBe(RUBIK.solved);
  await page.locator('[data-action="view-code"]').click();
  const view = page.locator('[data-code="rubik-phases"]');
  await expect(view).toBeVisible();
  await expect(view.locator('[data-code-line]')).toHaveCount(9);
  const steps = page.locator('[data-code-step]');
  await expect(steps).toHaveAttribute('data-code-steps', String(trace.length));
  /** The view shows the API's step k: its line lit, its variables. */
  const expectStep = async (k) => {
    const t = trace[k];
    await expect(steps).toHaveAttribute('data-code-step', String(k));
    await expect(current(page)).toHaveAttribute('data-code-line', String(t.line));
    await expect(current(page)).toHaveCount(1);
    for (const name of ['view', 'd1', 'depth1', 'depth2', 'proven']) {
      await expect(codeVar(page, name)).toHaveText(String(t[name]));
    }
    await expect(codeVar(page, 'bound')).toHaveText(t.bound == null ? '—' : String(t.bound));
    await expect(codeVar(page, 'best')).toHaveText(t.best == null ? '—' : String(t.best));
    await expect(codeVar(page, 'nodes')).toHaveText(t.nodes.toLocaleString('en-US'));
    return t.line;
  };
  await expectStep(0);
  const lines = [];
  for (let k = 1; k <= 4; k++) {
    await page.locator('[data-action="code-next"]').click();
    lines.push(await expectStep(k));
  }
  // Handed to phase 2 at once (one view is in the subgroup), then phase 2's nodes.
  expect(lines).toEqual(trace.slice(1, 5).map((t) => t.line));
  expect(lines[0]).toBe(4);
  await page.locator('[data-action="code-back"]').click();
  await expectStep(3);
  // A phase at a time: on to the first solution (7), passing the nodes (5).
  await page.locator('[data-action="code-phase"]').click();
  const solved = trace.findIndex((t, i) => i > 3 && t.line !== 2 && t.line !== 5);
  expect(await expectStep(solved)).toBe(7);
  await expectOneScreen(page, 'the first solution');
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${shots}code-rubik-1366-${scheme}.png` });
  }
  // To the end: the stop (9), optimal at 2.
  await page.locator('[data-action="code-end"]').click();
  expect(await expectStep(trace.length - 1)).toBe(9);
  await expect(page.locator('[data-action="code-next"]')).toBeDisabled();
  await page.locator('[data-action="code-start"]').click();
  await expectStep(0);
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: `${shots}code-rubik-375-${scheme}.png`, fullPage: true });
  }
  expect(errors).toEqual([]);
});

test('the Rubik\'s code view rides in the link: view=code reopens it, Solve fills it in', async ({ page }) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width: 1366, height: 768 });
  const state = RUBIK.apply(RUBIK.solved, 'R U');
  await page.goto(`/index.html#/rubik?state=${state}&view=code`);
  // Before any search: the listing, nothing lit, a word on how to fill it in.
  const view = page.locator('[data-code="rubik-phases"]');
  await expect(view).toBeVisible({ timeout: 30_000 });
  await expect(view.locator('[data-code-line]')).toHaveCount(9);
  await expect(current(page)).toHaveCount(0);
  await expect(page.locator('[data-code-step="none"]')).toContainText('Press Solve');
  await expect(page.locator('[data-action="view-code"]')).toHaveAttribute('aria-pressed', 'true');
  await page.screenshot({ path: `${shots}code-rubik-link-1366-light.png` });
  await page.locator('[data-action="solve"]').click();
  await expect(page.locator('[data-search-end="optimal"]')).toBeVisible({ timeout: 60_000 });
  expect(RUBIK.apply(state, await page.locator('[data-solution]').getAttribute('data-solution'))).toBe(RUBIK.solved);
  // The search's steps, from the first: line 1, then the JS API's second step.
  await expect(page.locator('[data-code-step]')).toHaveAttribute('data-code-step', '0');
  await expect(current(page)).toHaveAttribute('data-code-line', '1');
  const trace = await page.evaluate((state) => new window.wasmBindings.RubiksCube(state).solveTrace(), state);
  await expect(page.locator('[data-code-step]')).toHaveAttribute('data-code-steps', String(trace.length));
  await page.locator('[data-action="code-next"]').click();
  await expect(current(page)).toHaveAttribute('data-code-line', String(trace[1].line));
  await expectOneScreen(page, 'the Rubik\'s code view from the link');
  // On a phone, the link opened there: the listing in the dock.
  await page.setViewportSize({ width: 375, height: 800 });
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: `${shots}code-rubik-link-375-${scheme}.png`, fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect.poll(() => page.url()).toContain('view=code');
  // Hidden: the net is back and the link leaves the key out; shown again: back in.
  await page.locator('[data-action="view-code"]').click();
  await expect(view).toHaveCount(0);
  await expect.poll(() => page.url()).not.toContain('view=code');
  await page.locator('[data-action="view-code"]').click();
  await expect(view).toBeVisible();
  await expect.poll(() => page.url()).toContain('view=code');
  // A bad view: the net, with a message.
  await page.goto(`/index.html#/rubik?state=${state}&view=tree`);
  await expect(page.locator('.alert')).toContainText('view must be net or code', { timeout: 30_000 });
  await expect(view).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the Rubik\'s code view says when it holds only a long search\'s first 2,000 steps', async ({ page }) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width: 1366, height: 768 });
  // A random state (rubik scramble, seed 1): its search runs far past the steps recorded.
  const state = 'BURLUFUFDFUDLRULFUBRRDFFBRDLDFDDDURLUBRLLBFLDBBLRBUFBR';
  await page.goto(`/index.html#/rubik?state=${state}&view=code`);
  await page.locator('[data-action="solve"]').click();
  await expect(page.locator('[data-solution]')).toBeVisible({ timeout: 60_000 });
  await page.locator('[data-action="stop"]').click();
  await expect(page.locator('[data-search-end]')).toHaveAttribute('data-search-end', 'stopped');
  const steps = page.locator('[data-code-step]');
  // The start and the first 2,000 steps, and the whole search's count beside them.
  await expect(steps).toHaveAttribute('data-code-steps', '2001');
  const total = Number(await page.locator('[data-code-search-steps]').getAttribute('data-code-search-steps'));
  expect(total).toBeGreaterThan(2000);
  const of = `of the first 2,000 of ${total.toLocaleString('en-US')} steps`;
  await expect(steps).toContainText(`step 0 ${of}`);
  // The last step recorded is a step of the search, not its stop (line 9).
  await page.locator('[data-action="code-end"]').click();
  await expect(steps).toContainText(`step 2,000 ${of}`);
  await expect(current(page)).toHaveCount(1);
  await expect(current(page)).not.toHaveAttribute('data-code-line', '9');
  await page.screenshot({ path: `${shots}code-rubik-cut-1366-light.png` });
  expect(errors).toEqual([]);
});
