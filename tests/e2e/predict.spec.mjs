// "What would it do next?" (issue 39) beyond the knight: the queens search stops before
// each placement, the square clicked is judged against the machine (the JS API's
// QueensSearch), Play runs on to the next decision and stops, a far-in search refuses
// guessing in words; the pocket cube's solve stops before each turn of the walk down the
// table and judges the turn clicked with the table's distances (the JS API's solveTrace);
// lessons open the code view at their line; and at phone width what is scrolled into view clears the sticky
// player bar.
import { test, expect } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { POCKET } from './cube-models.mjs';

const shots = new URL('./screenshots/', import.meta.url).pathname;
mkdirSync(shots, { recursive: true });

const player = (page) => page.locator('[data-search]');

/** The squares of the first `count` placements the machine makes, the board (queens as
 *  squares) after each, and the board the player waits on before each (any take-backs
 *  since the last placement done), through the JS API. */
async function machinePlacements(page, n, count) {
  return page.evaluate(([n, count]) => {
    const s = new window.wasmBindings.QueensSearch(n);
    const out = [];
    let before = s.placement();
    while (out.length < count) {
      const e = s.step();
      if (e === 'place' || e === 'solution') {
        const names = s.placement().split(' ');
        out.push({ square: names[names.length - 1], placement: s.placement(), before });
      }
      before = s.placement();
    }
    return out;
  }, [n, count]);
}

async function queensShown(page) {
  const names = await page.locator('[data-queen="true"]').evaluateAll((els) => els.map((e) => e.dataset.square));
  return names.sort((a, b) => a.localeCompare(b)).join(' ');
}

test('queens: the placements score, another square is wrong with the reason, Play waits, the link reopens it', async ({ page, context }) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.goto('/index.html#/queens?n=5&mode=search&predict=1');
  const predict = page.locator('[data-predict]');
  await expect(predict).toBeVisible({ timeout: 30_000 });
  await expect(predict).toHaveAttribute('data-asked', '0');
  await expect(page.locator('[data-action="predict"]')).toHaveAttribute('aria-pressed', 'true');
  const choices = await machinePlacements(page, 5, 7);
  // Play at a decision does not run past it: it says it waits for the guess.
  await page.locator('[data-action="play"]').click();
  await expect(page.locator('[data-predict-note]')).toContainText('Play stops at each decision');
  await expect(player(page)).toHaveAttribute('data-playing', 'false');
  for (let i = 0; i < 4; i++) {
    await page.locator(`[data-square="${choices[i].square}"]`).click();
    await expect(predict).toHaveAttribute('data-asked', String(i + 1));
    await expect(page.locator('[data-verdict]')).toHaveAttribute('data-verdict', 'right');
    expect(await queensShown(page)).toBe(choices[i + 1].before);
  }
  await expect(predict).toHaveAttribute('data-score', '4');
  await expect(page.locator('[data-predict-note]')).toHaveCount(0);
  // The fifth column's bottom square shares the first queen's row (the first queen is on
  // row 1): wrong, attacked by it, and the search's own placement named.
  const first = choices[0].square;
  expect(first).toBe('a1');
  const file = choices[4].square[0];
  const wrong = `${file}1`;
  expect(wrong).not.toBe(choices[4].square);
  await page.locator(`[data-square="${wrong}"]`).click();
  await expect(predict).toHaveAttribute('data-asked', '5');
  await expect(predict).toHaveAttribute('data-score', '4');
  const verdict = page.locator('[data-verdict]');
  await expect(verdict).toHaveAttribute('data-verdict', 'wrong');
  await expect(verdict).toHaveAttribute('data-chosen', choices[4].square);
  await expect(verdict).toContainText(`${wrong} is attacked by the queen on ${first}; backtracking places ${choices[4].square}`);
  // It completed a solution; the player waits at the next placement, the queens the
  // search took back to get there gone.
  expect(choices[4].placement.split(' ').length).toBe(5);
  expect(await queensShown(page)).toBe(choices[5].before);
  await page.screenshot({ path: `${shots}predict-queens-1366-light.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${shots}predict-queens-1366-dark.png` });
  // Step back into the take-backs, then Play: it runs on and stops at the sixth
  // placement, unguessed.
  const at = Number(await player(page).getAttribute('data-search-step'));
  await page.locator('[data-action="step-back"]').click();
  await expect(player(page)).toHaveAttribute('data-search-step', String(at - 1));
  await page.locator('[data-action="play"]').click();
  await expect(player(page)).toHaveAttribute('data-search-step', String(at));
  await expect(player(page)).toHaveAttribute('data-playing', 'false');
  await page.locator(`[data-square="${choices[5].square}"]`).click();
  await expect(predict).toHaveAttribute('data-score', '5');
  expect(await queensShown(page)).toBe(choices[6].before);
  // The link reopens the mode at the step shown, with a fresh score.
  await expect.poll(() => page.url()).toContain('predict=1');
  const again = await context.newPage();
  await again.setViewportSize({ width: 375, height: 800 });
  await again.goto(page.url());
  await expect(again.locator('[data-predict]')).toHaveAttribute('data-asked', '0', { timeout: 30_000 });
  await expect(again.locator('[data-action="predict"]')).toHaveAttribute('aria-pressed', 'true');
  expect(await queensShown(again)).toBe(await queensShown(page));
  for (const scheme of ['light', 'dark']) {
    await again.emulateMedia({ colorScheme: scheme });
    await again.locator('[data-predict]').evaluate((e) => e.scrollIntoView({ block: 'end' }));
    await again.screenshot({ path: `${shots}predict-queens-375-${scheme}.png` });
  }
  expect(errors).toEqual([]);
});

test('queens: far into a long search guessing is refused in words', async ({ page }) => {
  await page.goto('/index.html#/queens?n=20&mode=search&step=200001&predict=1');
  const refused = page.locator('[data-predict][data-refused]');
  await expect(refused).toContainText('it takes 200,001 steps', { timeout: 30_000 });
  await expect(refused).toContainText('up to 200,000 steps');
  // A click on the board is no guess and changes nothing.
  await page.locator('[data-square="a1"]').click();
  await expect(refused).toHaveAttribute('data-asked', '0');
});

test('knight: a search longer than 200,000 steps is not guessed along, in words', async ({ page }) => {
  // The bottom-row rule without forward checking from b1 on 6×6: 266,581 steps.
  await page.goto('/index.html#/knight?board=6x6&start=b1&heuristic=bottom&forward-check=0&predict=1');
  const refused = page.locator('[data-predict][data-refused]');
  await expect(refused).toContainText('it takes 266,581 steps', { timeout: 60_000 });
  await expect(refused).toContainText('up to 200,000 steps');
  await expect(refused).toHaveAttribute('data-score', '0');
  // A click on the board is no guess and changes nothing.
  await page.locator('[data-square="c3"]').click();
  await expect(refused).toHaveAttribute('data-asked', '0');
});

test('at 375 px the lit line of the cube\'s code view scrolls into view above the player bar', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/index.html#/cube');
  await expect(page.locator('.distance-chart')).toBeVisible({ timeout: 30_000 });
  await page.locator('[data-action="watch-bfs"]').click();
  const code = page.locator('[data-code="cube-bfs"]');
  await expect(code).toBeVisible();
  for (const target of ['[aria-current="step"]', '[data-code-var]']) {
    const box = await code.locator(target).first().evaluate((e) => {
      e.scrollIntoView({ block: 'end' });
      const r = e.getBoundingClientRect();
      return { top: r.top, bottom: r.bottom };
    });
    const bar = await page.locator('.wb-player').evaluate((e) => e.getBoundingClientRect().top);
    expect(box.bottom, `${target} ends above the player bar`).toBeLessThanOrEqual(bar);
  }
  for (const scheme of ['light', 'dark']) {
    await page.emulateMedia({ colorScheme: scheme });
    await code.evaluate((e) => e.scrollIntoView({ block: 'end' }));
    await page.screenshot({ path: `${shots}code-cube-bfs-375-scrolled-${scheme}.png` });
  }
});

test('a lesson step opens the code view lit at the line it talks about', async ({ page }) => {
  await page.goto('/index.html#/learn/eight-queens?step=3');
  const open = page.locator('[data-action="open-code"]');
  await expect(open).toBeVisible({ timeout: 30_000 });
  const line = await open.getAttribute('data-code-link-line');
  await page.screenshot({ path: `${shots}lesson-code-link-1366-light.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 375, height: 800 });
  await open.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}lesson-code-link-375-dark.png` });
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.emulateMedia({ colorScheme: 'light' });
  await open.click();
  await expect(page.locator('[data-code="queens"]')).toBeVisible({ timeout: 30_000 });
  const lit = page.locator('[data-code] [data-code-line][aria-current="step"]');
  await expect(lit).toHaveAttribute('data-code-line', line);
  // The same line the machine reports at that step, through the JS API.
  const step = Number(new URL(page.url()).hash.match(/step=(\d+)/)[1]);
  const machine = await page.evaluate((step) => {
    const s = new window.wasmBindings.QueensSearch(8);
    for (let i = 0; i < step; i++) s.step();
    return s.line();
  }, step);
  expect(String(machine)).toBe(line);
  // The knight's lesson: the take-back line, lit on the knight's search player.
  await page.goto('/index.html#/learn/backtracking?step=3');
  await expect(page.locator('[data-action="open-code"]')).toHaveAttribute('data-code-link-line', '11', { timeout: 30_000 });
  await page.locator('[data-action="open-code"]').click();
  await expect(page.locator('[data-code="knight"] [aria-current="step"]')).toHaveAttribute('data-code-line', '11', { timeout: 30_000 });
  await page.screenshot({ path: `${shots}lesson-code-knight-1366.png` });
  // The pocket cube's lesson: a layer of the breadth-first search done (line 3), and the
  // solve's walk taking a turn (line 3), each lit on its own listing.
  for (const [step, code] of [[4, 'cube-bfs'], [7, 'cube-solve']]) {
    await page.goto(`/index.html#/learn/pocket-cube?step=${step}`);
    const link = page.locator('[data-action="open-code"]');
    await expect(link).toHaveAttribute('data-code-link-line', '3', { timeout: 30_000 });
    await link.click();
    await expect(page.locator(`[data-code="${code}"] [aria-current="step"]`)).toHaveAttribute('data-code-line', '3', { timeout: 30_000 });
  }
  await page.screenshot({ path: `${shots}lesson-code-cube-solve-1366.png` });
});

/** The walk's decisions through the JS API: for each turn it takes, the turns it tried
 *  before (with the table's distance after each) and the distance it stood at. */
async function walkDecisions(page, state) {
  const trace = await page.evaluate((state) => {
    const b = window.wasmBindings;
    const table = new b.CubeTable('htm');
    table.run(1e9);
    return new b.PocketCube(state).solveTrace(table);
  }, state);
  const decisions = [];
  let tries = [];
  for (const s of trace) {
    if (s.event === 'try') tries.push({ turn: s.turn, read: s.read });
    if (s.event === 'take') {
      decisions.push({ turn: s.turn, d: s.distance + 1, tries });
      tries = [];
    }
  }
  return decisions;
}

test('pocket cube: the solve\'s turns score, a wrong turn gets the table\'s distances, Play waits, the link reopens it', async ({ page, context }) => {
  const errors = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.setViewportSize({ width: 1366, height: 768 });
  const state = POCKET.apply(POCKET.solved, "R U F' R2 U'");
  await page.goto(`/index.html#/cube?state=${state}&predict=1`);
  await expect(page.locator('.distance-chart [data-distance]').first()).toBeVisible({ timeout: 30_000 });
  const predict = page.locator('[data-predict]');
  await expect(predict).toContainText('Solve the cube');
  await expect(page.locator('[data-action="predict"]')).toHaveAttribute('aria-pressed', 'true');
  await page.locator('[data-action="solve"]').click();
  await expect(page.locator('[data-solution]')).toContainText('Optimal solution', { timeout: 30_000 });
  const moves = (await page.locator('[data-solution]').getAttribute('data-solution')).split(' ');
  const decisions = await walkDecisions(page, state);
  expect(decisions.map((d) => d.turn)).toEqual(moves);
  await expect(page.locator('[data-predict-turn]')).toHaveCount(9);
  // Nothing gives the answer away: the turns show no distances while guessing.
  await expect(page.locator('.turns [data-distance-after]')).toHaveCount(0);
  // Play at a decision waits for the guess.
  await page.locator('.wb-player [data-action="play"]').click();
  await expect(page.locator('[data-predict-note]')).toContainText('Play stops at each decision');
  await expect(page).toHaveURL(/step=0/);
  // Right up to the first turn that had tries before it; then that tried turn: wrong.
  const k = decisions.findIndex((d) => d.tries.length > 0);
  expect(k).toBeGreaterThanOrEqual(0);
  for (let i = 0; i < k; i++) {
    await page.locator(`[data-predict-turn="${moves[i]}"]`).click();
    await expect(predict).toHaveAttribute('data-asked', String(i + 1));
    await expect(page.locator('[data-verdict]')).toHaveAttribute('data-verdict', 'right');
  }
  const { d, tries } = decisions[k];
  const wrong = tries[0];
  await page.locator(`[data-predict-turn="${wrong.turn}"]`).click();
  const verdict = page.locator('[data-verdict]');
  await expect(verdict).toHaveAttribute('data-verdict', 'wrong');
  await expect(verdict).toHaveAttribute('data-chosen', moves[k]);
  await expect(verdict).toContainText(`${wrong.turn} leads to a position ${wrong.read} from solved, not ${d - 1}; the solve takes ${moves[k]}`);
  await expect(verdict).toContainText(`(the turns before it lead to ${tries.map((t) => `${t.turn} ${t.read}`).join(', ')})`);
  await expect(predict).toHaveAttribute('data-score', String(k));
  await expect(predict).toHaveAttribute('data-asked', String(k + 1));
  // The reason is plain text; only "Wrong:" is bold.
  const weights = await verdict.evaluate((e) => [getComputedStyle(e).fontWeight, getComputedStyle(e.querySelector('strong')).fontWeight]);
  expect(Number(weights[0])).toBeLessThan(500);
  expect(Number(weights[1])).toBeGreaterThanOrEqual(600);
  await expect(page).toHaveURL(new RegExp(`step=${k + 1}&.*predict=1`));
  const link = page.url();
  await page.screenshot({ path: `${shots}predict-cube-1366-light.png` });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: `${shots}predict-cube-1366-dark.png` });
  await page.emulateMedia({ colorScheme: 'light' });
  // The solve's own turns to the end: the cube solved (the independent model).
  for (let i = k + 1; i < moves.length; i++) {
    await page.locator(`[data-predict-turn="${moves[i]}"]`).click();
    await expect(predict).toHaveAttribute('data-asked', String(i + 1));
  }
  await expect(predict).toHaveAttribute('data-score', String(moves.length - 1));
  await expect(page.locator('[data-predict-turn]')).toHaveCount(0);
  await expect(predict).toContainText('The solve is over');
  expect(POCKET.apply(state, moves.join(' '))).toBe(POCKET.solved);
  // The link reopens the mode where it was, with a fresh score.
  const again = await context.newPage();
  await again.setViewportSize({ width: 375, height: 800 });
  await again.goto(link);
  await expect(again.locator('[data-predict-turn]')).toHaveCount(9, { timeout: 30_000 });
  await expect(again.locator('[data-predict]')).toHaveAttribute('data-asked', '0');
  await expect(again.locator('[data-action="predict"]')).toHaveAttribute('aria-pressed', 'true');
  await again.locator(`[data-predict-turn="${moves[k + 1]}"]`).click();
  await expect(again.locator('[data-verdict]')).toHaveAttribute('data-verdict', 'right');
  for (const scheme of ['light', 'dark']) {
    await again.emulateMedia({ colorScheme: scheme });
    await again.locator('[data-predict]').evaluate((e) => e.scrollIntoView({ block: 'center' }));
    await again.screenshot({ path: `${shots}predict-cube-375-${scheme}.png` });
  }
  expect(errors).toEqual([]);
});

test('at 375 px the header\'s workbenches fit without scrolling sideways', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const route of ['cube', 'knight', 'learn']) {
    await page.goto(`/index.html#/${route}`);
    const nav = page.locator('header.top nav');
    await expect(nav).toBeVisible({ timeout: 30_000 });
    const { scroll, client, right } = await nav.evaluate((e) => ({ scroll: e.scrollWidth, client: e.clientWidth, right: e.getBoundingClientRect().right }));
    expect(scroll, `${route}: the nav scrolls sideways`).toBeLessThanOrEqual(client);
    expect(right).toBeLessThanOrEqual(375);
    for (const a of await nav.locator('a').all()) {
      const box = await a.boundingBox();
      expect(box.x + box.width, `${route}: ${await a.textContent()} fits`).toBeLessThanOrEqual(375);
    }
  }
  await page.goto('/index.html#/cube');
  await page.screenshot({ path: `${shots}header-375.png`, clip: { x: 0, y: 0, width: 375, height: 200 } });
});
